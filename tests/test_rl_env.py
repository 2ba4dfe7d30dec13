"""The environment core and its RL adapters: step_many, the dense reward, gymnasium, TRL, verifiers, the hyphen pitfall.

Each adapter is driven by the real package where it installs without torch: gymnasium's own ``check_env`` and
``make``; verifiers' own rollout loop against a scripted OpenAI-compatible server on loopback. TRL drags in torch,
so its ``environment_factory`` handling is followed from its source (``trl/trainer/grpo_trainer.py``, trl 1.16.0:
tools are ``inspect.getmembers(type(env), predicate=inspect.isfunction)`` less ``reset``, ``get_reward`` and
``_``-names; ``reset(**row)``; ``get_reward()``), with the schemas built by ``transformers.utils.get_json_schema``,
the function TRL's chat templates call.
"""

from __future__ import annotations

import dataclasses

import asyncio
import inspect
import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.env import Outcome, TextEnv
from agentgen_sym.env.core import EnvCore
from agentgen_sym.rl.library import TaskLibrary, TaskLibraryError
from agentgen_sym.env.rewards import ESTIMATE, EXACT, SearchedPotential, TablePotential
from agentgen_sym.solver import solve

from .conftest import CORPUS, MAKE_RUN, ROOT, requires_extra
from .reward_policies import Audit, audit, gold_texts
from .llm_server import Reply, ScriptedLLMServer

DOMAINS = ("bike-workshop", "drone-warehouse")
TEXTCRAFT = re.compile(r"[^A-Za-z0-9, ]+")  # agentenv/envs/textcraft.py (AgentGym): the client's action filter


@pytest.fixture(scope="module")
def tasks_dirs(tmp_path_factory) -> list[Path]:
    """One TASKS_DIR per domain of DOMAINS: p01 and p02 as tasks, each with an optimal validated plan."""
    out = tmp_path_factory.mktemp("rl-tasks")
    folders = []
    for name in DOMAINS:
        source, folder = CORPUS / name, out / name
        (folder / "tasks").mkdir(parents=True)
        shutil.copy(source / "domain.pddl", folder / "domain.pddl")
        if (source / "templates.json").is_file():
            shutil.copy(source / "templates.json", folder / "templates.json")
        lines = []
        for problem in ("p01", "p02"):
            task = compile_task(source / "domain.pddl", source / f"{problem}.pddl")
            solution = solve(task, planner="optimal", time_limit=60)
            assert solution.steps, solution.status
            shutil.copy(source / f"{problem}.pddl", folder / "tasks" / f"{problem}.pddl")
            lines.append(json.dumps({"id": f"{name}-{problem}", "domain": task.domain.name,
                                     "problem_file": f"tasks/{problem}.pddl", "cost": solution.cost,
                                     "plan": [str(GroundAction(s.action, s.args)) for s in solution.steps]}))
        (folder / "tasks.jsonl").write_text("\n".join(lines) + "\n")
        folders.append(folder)
    return folders


def _play(core: EnvCore, texts: list[str]) -> tuple[float, float, list]:
    """The summed reward and summed operator cost of sending ``texts`` to a fresh episode, and its steps."""
    sessions = core.sessions(1)
    total, cost, steps = 0.0, 0.0, []
    for text in texts:
        step = sessions.step(0, text)
        total += step.reward
        if step.info["action"] is not None:
            op = next(o for o in core.text.ops[GroundAction.parse(step.info["action"])])
            cost += float(core.task.cost[op])
        steps.append(step)
    return total, cost, steps


def _detour(core: EnvCore, rng: random.Random, wander: int) -> list[str]:
    """Texts of a plan that first takes ``wander`` random applicable actions, then walks down the exact distances
    to the goal (a different plan, usually dearer than the gold one)."""
    pot = core.potential
    sessions = core.sessions(1)
    texts: list[str] = []
    for k in range(200):
        if sessions.done[0]:
            return texts
        state = core.task.unpack(sessions.rows[0:1])
        here = pot.of(sessions.rows[0])
        after = {}
        for text in core.text.valid_actions(state):
            trial = core.sessions(1)
            trial.rows[:] = sessions.rows[0]
            trial.step(0, text)
            after[text] = pot.of(trial.rows[0])
        choices = [t for t, phi in after.items() if (phi > here if k >= wander else phi > pot.dead_end)]
        text = rng.choice(choices)
        texts.append(text)
        sessions.step(0, text)
    raise AssertionError("the walk did not reach the goal")


# --------------------------------------------------------------------------- the core


def test_step_many_matches_n_single_steps(tasks_dirs):
    """N sessions stepped in one call end in the same rows with the same results as each stepped alone."""
    library = TaskLibrary(tasks_dirs[0], reward="dense")
    core = library.core(0)
    rng = random.Random(7)
    n, rounds = 24, 12
    batch, singles = core.sessions(n), [core.sessions(1) for _ in range(n)]
    gold = gold_texts(library, library.entries[0].id)
    for _ in range(rounds):
        texts = []
        for i in range(n):
            valid = core.text.valid_actions(core.task.unpack(singles[i].rows[0:1]))
            texts.append(rng.choice([*valid, *gold, "check valid actions", "jump over the moon",
                                     TEXTCRAFT.sub("", rng.choice(gold))]))
        together = batch.step_many(list(range(n)), texts)
        alone = [singles[i].step(0, texts[i]) for i in range(n)]
        assert together == alone
        assert np.array_equal(batch.rows, np.concatenate([s.rows for s in singles]))
    assert any(batch.done) or sum(batch.valid) > 0


def test_the_core_words_observations_as_textenv_does(tasks_dirs):
    """The pre-rendered observation is the one TextTask.message words from scratch, state after state."""
    library = TaskLibrary(tasks_dirs[1])
    for entry in library.entries:
        core = library.core(entry.id)
        sessions = core.sessions(1)
        assert sessions.reset()[0] == core.text.message(Outcome.STATE, core.task.unpack(sessions.rows[0:1]), False)
        for text in gold_texts(library, entry.id):
            step = sessions.step(0, text)
            state = core.task.unpack(sessions.rows[0:1])
            assert step.observation == core.text.message(Outcome.STATE, state, step.terminated)
            listing = sessions.step(0, "check valid actions").observation
            assert listing == core.text.message(Outcome.QUERY, state, step.terminated)
        assert step.terminated and step.reward == 1.0


def test_the_read_caches_of_every_task_share_one_bound(tasks_dirs, monkeypatch):
    """A server's clients fill each task's cache of action readings: the characters held over every task stay
    within the process's budget (``env.core.READS``; before: 4,096 texts per task of up to --max-action-chars each, some 6 MB a task), a
    text longer than READ_CACHE_TEXT is never kept, and the readings are the same cached or not."""
    from agentgen_sym.env import core as core_module

    monkeypatch.setattr(core_module.READS, "chars", core_module.READS.held + 50_000)
    library = TaskLibrary(tasks_dirs[0])
    cores = [EnvCore(library.core(n).text) for n in range(len(library)) for _ in range(3)]
    for k in range(4000):
        for core in cores:
            text = f"take wrench number {k} " + "x" * (k % 50)
            assert core.read(text) == core.read(text)
    assert core_module.READS.held <= core_module.READS.chars
    long = "pump " * 200
    assert cores[0].read(long)[0] == Outcome.INVALID and cores[0]._reads.get(long) is None


def test_step_rate_steps_every_session_every_round_and_restarts_finished_ones(tasks_dirs):
    from agentgen_sym.env.throughput import step_rate

    library = TaskLibrary(tasks_dirs[0])
    plays = [(library.core(e.id), gold_texts(library, e.id)) for e in library.entries]
    rounds = 2 * max(len(texts) for _, texts in plays) + 1  # every episode ends and starts over at least once
    rate = step_rate(plays, 5, rounds)
    assert rate.steps == 5 * rounds and rate.sessions == 5
    assert rate.steps_per_second > 0 and 0 <= rate.p50_ms <= rate.p99_ms


# --------------------------------------------------------------------------- the dense reward


@pytest.mark.parametrize("max_states", [None, 1], ids=["enumerated", "searched"])
def test_shaped_returns_differ_by_exactly_the_cost_difference(tasks_dirs, max_states):
    """Enumerated, or (``max_states=1``: as on a task too large to enumerate) one optimal search per state: the
    same exact distances, so the same returns."""
    library = TaskLibrary(tasks_dirs[1], reward="dense", max_states=max_states)
    rng = random.Random(3)
    for entry in library.entries:
        core = library.core(entry.id)
        assert isinstance(core.potential, TablePotential if max_states is None else SearchedPotential)
        exact = TaskLibrary(tasks_dirs[1], reward="dense").core(entry.id)
        plans = [gold_texts(library, entry.id)] + [_detour(exact, rng, wander) for wander in (2, 5)]
        played = [_play(core, texts) for texts in plans]
        for total, cost, steps in played:
            assert steps[-1].terminated
            assert all(s.info["distance"] == EXACT for s in steps)
        (gold_return, gold_cost, _), *others = played
        for total, cost, _ in others:
            assert total - gold_return == pytest.approx(gold_cost - cost, abs=1e-9)
        if max_states is None:
            optimum = solve(compile_task(library.folder.domain, parse_problem(
                library.folder.path / entry.problem_file)), planner="optimal", time_limit=60).cost
            assert gold_cost == optimum
            assert gold_return == 0.0  # the optimum: no plan returns more than -(its cost - the optimal cost)
            assert all(total == pytest.approx(optimum - cost) for total, cost, _ in played)


def test_a_dead_end_is_penalised_and_invalid_text_costs_nothing(tasks_dirs):
    core = TaskLibrary(tasks_dirs[0], reward="dense").core(0)
    sessions = core.sessions(1)
    step = sessions.step(0, "jump over the moon")
    assert step.reward == 0.0 and not step.info["action_is_valid"]
    assert core.potential.dead_end < -max(core.potential.distances)


def test_a_searched_distance_is_the_enumerated_one_on_every_state_an_episode_visits(tasks_dirs):
    """A task too large to enumerate gets one optimal search per visited state: on tasks small enough to enumerate
    too, the two give the same potential on every state random walks reach, dead ends apart (each sets its own
    penalty below every distance)."""
    rng, compared = random.Random(11), 0
    for folder in tasks_dirs:
        enumerated, searched = TaskLibrary(folder, reward="dense"), TaskLibrary(folder, reward="dense", max_states=1)
        for entry in enumerated.entries:
            table, search = enumerated.core(entry.id).potential, searched.core(entry.id).potential
            sessions = enumerated.core(entry.id).sessions(1)
            for _ in range(40):
                row = sessions.rows[0]
                phi, exact = search.of_rows(row[None, :])
                expected = table.of(row)
                assert exact[0]
                if expected == table.dead_end:
                    assert phi[0] == search.dead_end < 0
                else:
                    assert phi[0] == expected
                compared += 1
                step = sessions.step(0, rng.choice(sessions.valid_actions(0) or ["check valid actions"]))
                if step.terminated:
                    sessions.reset()
    assert compared == 40 * sum(len(TaskLibrary(f).entries) for f in tasks_dirs)


def test_a_state_whose_search_stops_short_says_its_distance_is_an_estimate(tasks_dirs):
    """A search that runs out of expansions gives the bound it proved, and each step touching that state says
    "estimate"; the gold plan's return is then that bound minus its cost, never more than 0."""
    library = TaskLibrary(tasks_dirs[1], reward="dense", max_states=1)
    entry = max(library.entries, key=lambda e: len(e.plan))
    core = library.core(entry.id)
    core.__dict__["potential"] = short = SearchedPotential(core.task, expansions=1)  # the cached property, set
    phi, exact = short.of_rows(core.task.init_bits[None, :])
    assert not exact[0] and -phi[0] < entry.fields["cost"]  # a proven lower bound, short of the distance
    total, cost, steps = _play(core, gold_texts(library, entry.id))
    assert steps[-1].terminated and steps[0].info["distance"] == ESTIMATE
    assert total == pytest.approx(-phi[0] - cost) and total < 0


def test_a_gold_plan_proved_optimal_gives_the_distances_along_it(tasks_dirs, tmp_path):
    """The rest of an optimal plan is optimal from where it stands: along a gold plan flagged optimal, every state's
    distance is what the plan has left to pay, with no search (one of 1 expansion proves nothing here), and it is
    the enumerated distance; the library's cores get the plan."""
    folder = shutil.copytree(tasks_dirs[1], tmp_path / "flagged")  # its gold plans are optimal (solved above)
    lines = (folder / "tasks.jsonl").read_text().splitlines()
    (folder / "tasks.jsonl").write_text("".join(json.dumps({**json.loads(line), "optimal": True}) + "\n"
                                                for line in lines if line.strip()))
    library = TaskLibrary(folder, reward="dense", max_states=1)
    enumerated = TaskLibrary(folder, reward="dense")
    entry = max(library.entries, key=lambda e: len(e.plan))
    assert entry.optimal_plan == tuple(GroundAction.parse(step) for step in entry.plan)
    assert library.core(entry.id).optimal_plan == entry.optimal_plan
    core = library.core(entry.id)
    core.__dict__["potential"] = seeded = SearchedPotential(core.task, expansions=1, optimal_plan=entry.optimal_plan)
    table = enumerated.core(entry.id).potential
    total, cost, steps = _play(core, gold_texts(library, entry.id))
    assert steps[-1].terminated and all(s.info["distance"] == EXACT for s in steps)
    assert total == 0.0 and -seeded.of(core.task.init_bits) == cost
    sessions = core.sessions(1)
    for text in gold_texts(library, entry.id):
        assert seeded.of(sessions.rows[0]) == table.of(sessions.rows[0])
        sessions.step(0, text)
    # a plan not proved optimal is no distance: unflagged, the entry gives none
    unflagged = dataclasses.replace(entry, fields={**entry.fields, "optimal": False})
    assert unflagged.optimal_plan is None


# --------------------------------------------------------------------------- the hyphen pitfall


def test_textcraft_filtered_actions_still_reach_the_goal(tasks_dirs):
    """AgentGym's TextCraft client deletes every character but letters, digits, commas and spaces."""
    mangled = 0
    for folder in tasks_dirs:
        library = TaskLibrary(folder)
        for entry in library.entries:
            env = TextEnv.from_files(folder / "domain.pddl", folder / entry.problem_file)
            for text in gold_texts(library, entry.id):
                mangled += TEXTCRAFT.sub("", text) != text
                result = env.step(TEXTCRAFT.sub("", text))
                assert result.info["action_is_valid"], text
            assert env.done
            env.reset()
            for step in entry.plan:  # the PDDL form too: (mount-bike city-bike) arrives as mountbike citybike
                assert env.step(TEXTCRAFT.sub("", step)).info["action_is_valid"], step
            assert env.done
    assert mangled > 0  # the domains do name things with hyphens


def test_a_filtered_name_two_objects_share_is_never_guessed(tmp_path):
    (tmp_path / "domain.pddl").write_text(
        "(define (domain carts) (:requirements :strips :typing) (:types cart)"
        " (:predicates (moved ?c - cart)) (:action push :parameters (?c - cart) :precondition ()"
        " :effect (moved ?c)))")
    (tmp_path / "p.pddl").write_text(
        "(define (problem p) (:domain carts) (:objects cart-2 cart_2 red-cart - cart) (:init) (:goal (moved red-cart)))")
    env = TextEnv.from_files(tmp_path / "domain.pddl", tmp_path / "p.pddl")
    assert not env.step("push cart2").info["action_is_valid"]  # cart-2 or cart_2: refused, not guessed
    assert env.step("push redcart").info["action"] == "(push red-cart)"


# --------------------------------------------------------------------------- gymnasium


def test_gymnasium_check_env_passes_and_make_builds_it(tasks_dirs):
    gymnasium = requires_extra("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from agentgen_sym.rl import gym_env

    env = gymnasium.make(gym_env.ENV_ID, tasks_dir=tasks_dirs[0], profile="agentgen", reward="success")
    check_env(env.unwrapped, skip_render_check=True)
    library = TaskLibrary(tasks_dirs[0])
    for entry in library.entries:
        observation, info = env.reset(seed=0, options={"task": entry.id})
        assert info["task"] == entry.id and observation.startswith(info["goal"] + "\n")
        for text in gold_texts(library, entry.id):
            observation, reward, terminated, truncated, info = env.step(text)
        assert terminated and not truncated and reward == 1.0 and info["success"] == 1.0
    by_path = gymnasium.make("agentgen_sym.rl.gym_env:AgentgenText-v0", tasks_dir=str(tasks_dirs[0]))
    assert by_path.reset(seed=3)[0] == by_path.reset(seed=3)[0]
    with pytest.raises(TaskLibraryError, match="agentboard"):
        gymnasium.make(gym_env.ENV_ID, tasks_dir=tasks_dirs[0], profile="agentboard")


def test_gymnasium_vector_env_steps_n_sessions_like_single_envs(tasks_dirs):
    gymnasium = requires_extra("gymnasium")
    from agentgen_sym.rl import gym_env

    library = TaskLibrary(tasks_dirs[1])
    ids = [e.id for e in library.entries] * 3
    vector = gymnasium.make_vec(gym_env.VECTOR_ID, num_envs=len(ids), vectorization_mode="vector_entry_point",
                                tasks_dir=tasks_dirs[1], reward="progress")
    singles = [gym_env.AgentgenTextEnv(tasks_dirs[1], reward="progress") for _ in ids]
    observations, _ = vector.reset(seed=1, options={"task": ids})
    assert list(observations) == [s.reset(options={"task": t})[0] for s, t in zip(singles, ids)]
    plans = [gold_texts(library, t) for t in ids]
    for k in range(max(map(len, plans))):
        texts = [p[k] if k < len(p) else "check valid actions" for p in plans]
        observations, rewards, terminated, truncated, _ = vector.step(texts)
        for i, single in enumerate(singles):
            if k < len(plans[i]):
                o, r, t, u, _ = single.step(texts[i])
                assert (observations[i], rewards[i], terminated[i], truncated[i]) == (o, r, t, u)
    assert all(single._sessions[single._task].done[0] for single in singles)


# --------------------------------------------------------------------------- TRL's environment_factory


def _play_in_a_spawned_process(pickled: bytes, task: str, plan: list[str]) -> tuple[str, list[str], float]:
    """What TRL's async GRPO does with the factory in its rollout worker: unpickle it in a new interpreter, call it,
    play an episode through the tools; the class name, the tools and the reward."""
    import pickle

    environment = pickle.loads(pickled)()
    environment.reset(task=task)
    for step in plan:
        action = GroundAction.parse(step)
        getattr(environment, action.action.replace("-", "_"))(*action.args)
    tools = sorted(name for name, _ in inspect.getmembers(type(environment), inspect.isfunction)
                   if not name.startswith("_") and name not in ("reset", "get_reward"))
    return type(environment).__name__, tools, environment.get_reward()


def test_the_trl_factory_pickles_into_a_spawned_process_as_the_async_trainer_sends_it(tasks_dirs):
    """trl/experimental/async_grpo/async_rollout_worker.py (1.16.0) spawns its worker and pickles
    ``environment_factory`` into it: a class generated at run time does not pickle, the factory does, and the
    worker plays a gold plan through its tools to reward 1."""
    import multiprocessing
    import pickle

    from agentgen_sym.rl.trl_tools import environment_class, environment_factory

    folder = tasks_dirs[0]
    with pytest.raises((pickle.PicklingError, AttributeError)):
        pickle.dumps(environment_class(folder))
    library = TaskLibrary(folder)
    entry = library.entries[-1]
    pickled = pickle.dumps(environment_factory(folder, reward="success"))
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        name, tools, reward = pool.apply(_play_in_a_spawned_process, (pickled, entry.id, list(entry.plan)))
    here = environment_factory(folder)()
    assert name == type(here).__name__
    assert tools == sorted(action.name.replace("-", "_") for action in library.folder.domain.actions)
    assert reward == 1.0


def test_trl_environment_factory_has_one_typed_tool_per_operator_and_plays_gold_plans(tasks_dirs):
    get_json_schema = requires_extra("transformers.utils").get_json_schema
    from agentgen_sym.rl.trl_tools import dataset_rows, environment_class, success_reward

    for folder in tasks_dirs:
        factory = environment_class(folder, reward="success")
        environment = factory()
        # trl/trainer/grpo_trainer.py (1.16.0), __init__ and _generate_and_score_completions: the tools
        tools = [getattr(environment, name) for name, _ in inspect.getmembers(type(environment), inspect.isfunction)
                 if name not in ("reset", "get_reward") and not name.startswith("_")]
        domain = parse_domain(folder / "domain.pddl")
        assert len(tools) == len(domain.actions)
        schemas = {tool.__name__: get_json_schema(tool)["function"] for tool in tools}
        for action in domain.actions:
            schema = next(s for name, s in schemas.items() if name == action.name.replace("-", "_"))
            properties = schema["parameters"]["properties"]
            assert len(properties) == len(action.parameters)
            assert all(p["type"] == "string" and p["description"] for p in properties.values())
            assert schema["description"]
        for row in dataset_rows(folder):
            observation = environment.reset(**row)  # TRL: observation = environment.reset(**reset_kwargs)
            assert observation.startswith("The goal is")
            library = TaskLibrary(folder)
            for step in library.entries[library.index(row["task"])].plan:
                action = GroundAction.parse(step)
                tool = getattr(environment, action.action.replace("-", "_"))
                names = list(inspect.signature(tool).parameters)
                result = tool(**dict(zip(names, action.args)))
            assert result.endswith("The goal is satisfied.")
            assert environment.get_reward() == 1.0 and success_reward([environment]) == [1.0]


# --------------------------------------------------------------------------- verifiers


def _rollout(env, row, replies: list[str], monkeypatch) -> dict:
    import verifiers as vf

    monkeypatch.setenv("SCRIPTED_LLM_KEY", "unused")
    with ScriptedLLMServer() as server:
        server.script([Reply(text) for text in replies])
        client = vf.ClientConfig(api_base_url=server.url, api_key_var="SCRIPTED_LLM_KEY", max_retries=0)
        state = asyncio.run(env.rollout(row, client, "scripted"))
        asyncio.run(env.rubric.score_rollout(state))
    assert state.get("error") is None, state.get("error")
    return state


def test_verifiers_environment_loads_and_scores_scripted_rollouts(tasks_dirs, monkeypatch):
    requires_extra("verifiers")
    from agentgen_sym.rl.verifiers_env import load_environment

    folder = tasks_dirs[0]
    env = load_environment(folder, max_steps=10, weights={"success": 1.0, "dense": 0.5})
    library = TaskLibrary(folder)
    rows = {row["info"]["task_id"]: row for row in env.get_dataset()}
    assert sorted(rows) == sorted(e.id for e in library.entries)
    entry = library.entries[0]
    gold = [f"Thought: the next step.\nAction: {text}" for text in gold_texts(library, entry.id)]
    state = _rollout(env, rows[entry.id], gold, monkeypatch)
    assert state["metrics"]["success"] == 1.0 and state["metrics"]["dense"] == 0.0 and state["reward"] == 1.0
    assert len(state["trajectory"]) == len(gold)
    wrong = ["Action: jump over the moon"] * 10
    state = _rollout(env, rows[entry.id], wrong, monkeypatch)
    assert state["metrics"]["success"] == 0.0 and state["reward"] == 0.0
    assert len(state["trajectory"]) == 10  # the step limit ends it


def test_the_verifiers_adapter_of_the_other_release_says_which_to_use():
    """verifiers 0.3 and 0.4 cannot share an environment: importing the adapter of the release not installed
    names the one that is (0.4 keeps a ``verifiers`` package, so a bare AttributeError would be the alternative)."""
    verifiers = requires_extra("verifiers")
    import importlib

    if verifiers.__version__.startswith("0.3."):
        with pytest.raises(ImportError, match=r"needs verifiers 0\.4: pip install -e '\.\[verifiers-v1\]'"):
            importlib.import_module("agentgen_sym.rl.verifiers_v1")
    else:
        with pytest.raises(ImportError, match="with verifiers 0.4 use the taskset agentgen-sym-tasks"):
            importlib.import_module("agentgen_sym.rl.verifiers_env")


# --------------------------------------------------------------------------- the README


def _readme_blocks() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Training with RL"):]
    section = section[:section.index("\n## ", 1)]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def _kitchen_tools() -> list[str]:
    from agentgen_sym.env.tools import identifier

    return sorted(identifier(a.name) for a in parse_domain(CORPUS / "kitchen-line" / "domain.pddl").actions)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(3))
def test_readme_rl_snippets_run_as_written_and_print_what_they_say(index):
    """Each snippet runs verbatim and prints what its comments promise: the goal line first; a query that costs
    nothing (reward 0.0) under an exact potential; one TRL tool per action and no reward before a step; the
    verifiers rubric's three rewards (before: it printed [])."""
    blocks = _readme_blocks()
    assert len(blocks) == 3
    needed = ("gymnasium", None, "verifiers")[index]  # the extra the snippet imports (TRL's needs none)
    if needed is not None:
        requires_extra(needed)
    proc = subprocess.run([sys.executable, "-c", blocks[index]], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    if index == 0:
        assert lines[0].startswith("The goal is to satisfy the following conditions: ")
        assert any(line.startswith("Valid actions are: ") and line.endswith(" 0.0 exact") for line in lines)
        assert re.fullmatch(r"\[(0\. ){7}0\.\] \[([0-9.]+ ){7}[0-9.]+\]", lines[-1]), lines[-1]
    elif index == 1:
        assert lines[0].startswith("The goal is to satisfy the following conditions: ")
        assert lines[-2] == repr(_kitchen_tools())
        assert lines[-1] == "[0.0] [0.0]"
    else:
        assert lines[-1] == "['success', 'progress', 'dense', 'num_turns']"


def test_no_documented_trl_example_pays_the_environments_reward_twice():
    """TRL 1.16 adds the factory class's ``get_reward`` as a reward source of weight 1 beside ``reward_funcs``
    (trl/trainer/grpo_trainer.py: "the environment owns the reward"); the README passed
    ``reward_funcs=[success_reward, dense_reward]`` to a class whose reward is success, so a gold rollout scored 2."""
    from agentgen_sym.rl import trl_tools

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for block in re.findall(r"```python\n(.*?)```", text, re.S):
        own = re.search(r"environment_class\([^)]*reward=\"(\w+)\"", block)
        for listed in re.findall(r"reward_funcs=\[([^\]]*)\]", block):
            names = {n.strip() for n in listed.split(",") if n.strip()}
            paid = f"{own.group(1) if own else 'success'}_reward"
            assert paid not in names, (paid, listed)
            assert names <= {name for name in dir(trl_tools) if name.endswith("_reward")}, names


def test_no_stalling_looping_invalid_or_random_policy_out_earns_the_gold_plan(tasks_dirs):
    """Every step's reward is a share of the return: the gold plan's return is exactly 1 under success and progress
    and exactly 0 under the exact dense reward; no policy of the four families earns as much without reaching the goal
    (before: progress paid the level each step, and 30 stalled steps out-earned the gold plan). The slow test below
    checks the same on `make run`'s 120 tasks."""
    rng, found = random.Random(5), Audit()
    for folder in tasks_dirs:
        found.add(audit(folder, rng))
    assert found.breaches == []
    assert found.exact == found.tasks == 2 * len(tasks_dirs)


@pytest.mark.slow
@MAKE_RUN
def test_the_reward_contract_holds_on_every_task_of_make_run(make_run_out):
    """`make run`'s 120 tasks (the bundled corpus, the default options: each domain's own range, plans up to 26
    steps): every gold plan returns exactly 1 under success and progress and, under the dense reward with every
    step's distance exact (39 of them too large to enumerate: one search per visited state, the gold plan's states
    known from its proof), exactly optimum - cost: 0, or for a task whose gold plan is flagged not proved optimal
    (none at present), optimum - cost where the dense reward tells the truth; no stalling, invalid, looping or
    random policy earns as much without reaching the goal. This audit caught a gold plan claimed optimal at 13 steps
    for a 9-step task (a grounding shared without its static facts)."""
    rng, found = random.Random(5), Audit()
    for folder in sorted(make_run_out.glob("*/tasks")):
        found.add(audit(folder, rng))
    assert found.breaches == []
    assert found.tasks == found.exact == 120
    flagged = [json.loads(line)["id"] for folder in make_run_out.glob("*/tasks")
               for line in (folder / "tasks.jsonl").read_text().splitlines() if json.loads(line)["optimal"] is False]
    assert sorted(found.suboptimal) == sorted(flagged) and len(flagged) <= 1
    for folder in make_run_out.glob("*/tasks"):  # the report and the card count them, with the worst gap proved
        lines = [json.loads(line) for line in (folder / "tasks.jsonl").read_text().splitlines()]
        gaps = [t["cost"] - t["cost_lower_bound"] for t in lines if t["optimal"] is False]
        recorded = json.loads((folder / "provenance.json").read_text())["not_proved_optimal"]
        assert recorded == {"tasks": len(gaps), "worst_gap": max(gaps) if gaps else None}, folder
