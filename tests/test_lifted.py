"""Planning and playing without grounding: the lifted successor generator (compiler/lifted.py) against the grounded
task (the same applicable steps in every state a random walk reaches, on every shared benchmark task), the planners
that ground nothing (our lifted search, Mimir) on tasks of every size, and the lifted text environment against the
grounded one."""

from __future__ import annotations

import json
import random
import resource
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.compile import CheckedTask, check_task, compile_task
from agentgen_sym.compiler.limits import LimitReached
from agentgen_sym.compiler.parser import parse_domain, parse_plan, parse_problem
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.compiler.validate import Stepper, validate
from agentgen_sym.env.core import EnvCore
from agentgen_sym.env.framing import TURNS
from agentgen_sym.env.lifted import LIFTED_REWARDS, TOO_MANY_ACTIONS, LiftedCore, LiftedTextEnv
from agentgen_sym.env.textenv import TextEnv
from agentgen_sym.env.texttask import CHECK_VALID_ACTIONS, TextTask
from agentgen_sym.planners.result import Status
from agentgen_sym.solver import GROUNDING_FREE, solve
from agentgen_sym.wording.templates import Templates

from .conftest import (BENCHMARKS, CORPUS, SLACK_S, BenchmarkTask, benchmark_tasks, requires_benchmarks,
                       requires_extra, run_cli)

WALK = 25
GROUND_LIMIT_S = 30


def _smallest_per_domain() -> list[BenchmarkTask]:
    by_domain: dict[str, list[BenchmarkTask]] = defaultdict(list)
    for task in benchmark_tasks():
        by_domain[task.domain].append(task)
    return [min(tasks, key=lambda t: t.problem_file.stat().st_size) for tasks in by_domain.values()]


SMALLEST = _smallest_per_domain()
OTHERS = [t for t in benchmark_tasks() if t not in SMALLEST]


def _walk_both(task: BenchmarkTask, seed: int) -> int:
    """Walk the lifted and the grounded model side by side, comparing the applicable steps at every state; the
    number of states compared."""
    domain, problem = parse_domain(task.domain_file), parse_problem(task.problem_file)
    try:
        compiled = compile_task(domain, problem, time_limit=GROUND_LIMIT_S)
    except LimitReached:
        pytest.skip(f"{task.id} does not ground in {GROUND_LIMIT_S} s")
    ground = compiled.ground
    stepper = Stepper(domain, problem)
    state = frozenset((a.predicate, tuple(t.name for t in a.args)) for a in problem.init if isinstance(a, ast.Atom))
    row, rng = ground.init_bits, random.Random(seed)
    real = np.flatnonzero(ground.action_mask)
    for compared in range(WALK):
        lifted = {GroundAction(s.action, s.args) for s in stepper.applicable(state)}
        applicable = ground.applicable(ground.unpack(row[None, :]))[0]
        grounded = {ground.actions[o] for o in real if applicable[o]}
        assert lifted == grounded, (f"{task.id}, step {compared}: only lifted {sorted(lifted - grounded)[:3]}, "
                                    f"only grounded {sorted(grounded - lifted)[:3]}")
        if not lifted:
            break
        step = rng.choice(sorted(lifted))
        state, failure = stepper.apply(ast.PlanStep(step.action, step.args), state)
        assert failure is None
        op = next(o for o in ground.action_ops[step] if applicable[o])
        row = ground.successors(row[None, :], ground.unpack(row[None, :]), np.array([0]), np.array([op]))[0]
    return compared + 1


@requires_benchmarks
@pytest.mark.parametrize("task", SMALLEST, ids=lambda t: t.id)
def test_lifted_steps_equal_grounded_ones_along_random_walks(task: BenchmarkTask):
    assert _walk_both(task, seed=0) >= 1


@requires_benchmarks
@pytest.mark.slow
@pytest.mark.parametrize("task", OTHERS, ids=lambda t: t.id)
def test_lifted_steps_equal_grounded_ones_on_every_benchmark_task(task: BenchmarkTask):
    assert _walk_both(task, seed=1) >= 1


LIFTED_TASKS = [("blocks", "p05.pddl"), ("gripper", "p01.pddl"), ("logistics00", "p05.pddl"), ("visitall", "p01.pddl"),
                ("miconic-fulladl", "p01.pddl")]


@requires_benchmarks
@pytest.mark.parametrize("planner", GROUNDING_FREE)
@pytest.mark.parametrize("family,problem", LIFTED_TASKS)
def test_planners_that_ground_nothing_give_validated_plans(planner: str, family: str, problem: str):
    if planner.startswith("mimir"):
        requires_extra("pymimir")
    task = check_task(BENCHMARKS / family / "domain.pddl", BENCHMARKS / family / problem)
    solution = solve(task, planner, time_limit=120)
    if planner.startswith("mimir") and solution.status is Status.ERROR and "cannot read" in solution.message:
        pytest.skip(f"Mimir does not read {family}: {solution.message}")  # a feature its parser lacks
    assert solution.solved, solution.message
    assert validate(task.domain, task.problem, solution.plan).valid  # solve validated it too; checked here anyway


def _large_blocksworld(folder: Path) -> tuple[str, str]:
    """A blocksworld of 1,500 blocks in towers of 5 (2.25 million stack instances reachable: past the grounder's
    bound) whose goal stacks one tower's top on another's; its two files."""
    blocks = [f"b{i}" for i in range(1500)]
    towers = [blocks[i:i + 5] for i in range(0, len(blocks), 5)]
    init = ["(arm-empty)"] + [f"(on-table {t[0]})" for t in towers] + [f"(clear {t[-1]})" for t in towers]
    init += [f"(on {upper} {lower})" for t in towers for lower, upper in zip(t, t[1:])]
    (folder / "domain.pddl").write_text(BLOCKS_DOMAIN)
    (folder / "problem.pddl").write_text(
        f"(define (problem big) (:domain blocks) (:objects {' '.join(blocks)})\n(:init {' '.join(init)})\n"
        f"(:goal (and (on b4 b9))))")
    return str(folder / "domain.pddl"), str(folder / "problem.pddl")


def test_a_task_too_large_to_ground_is_solved_lifted_within_its_limits(tmp_path):
    """The grounded route stops at its limit (exit 4); the lifted search plans the task under a memory limit, and
    the plan validates, in process and by `validate` under a memory limit. (A goal deep in the towers is past the
    goal count's guidance at this size: Mimir's h_FF is the backend for those.)"""
    files = _large_blocksworld(tmp_path)
    grounded = run_cli("solve", *files, "--time-limit", "20", timeout=20 + SLACK_S)
    assert grounded.returncode == 4 and (b"stopped:" in grounded.stderr or b"error[G702]" in grounded.stderr)
    lifted = run_cli("solve", *files, "--planner", "lifted-bfws", "--memory-limit", "1500", "--time-limit", "120",
                     "-o", str(tmp_path / "plan.txt"), timeout=120 + SLACK_S)
    assert lifted.returncode == 0, lifted.stderr
    plan = parse_plan((tmp_path / "plan.txt").read_text())
    assert validate(parse_domain(BLOCKS_DOMAIN), parse_problem(Path(files[1]).read_text()), plan).valid
    checked = run_cli("validate", *files, str(tmp_path / "plan.txt"), "--memory-limit", "1000", timeout=60 + SLACK_S)
    assert checked.returncode == 0 and b"valid plan: 2 steps" in checked.stdout


def test_a_task_too_large_to_ground_is_played_in_the_lifted_text_environment(tmp_path):
    """Reset and 100 random valid steps on the same task: each step moves the state as the text says, and the
    environment stays small (its states are sets of facts; nothing is grounded)."""
    env = LiftedTextEnv.from_files(*_large_blocksworld(tmp_path), reward="progress")
    assert "B4 is on b3." in env.reset()
    rng = random.Random(0)
    for _ in range(100):
        before, action = env.state, rng.choice(env.valid_actions())
        step = env.step(action)
        assert step.info["action_is_valid"] and env.state != before  # every blocksworld step moves a block
        assert step.observation.startswith(" ".join(f"{f[0].upper()}{f[1:]}." for f in env.state_facts()))
    assert env.steps == 100 and env.grounding_accuracy == 1.0
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss < 2 * 1024 * 1024  # kB: under 2 GB


def test_a_grounding_planner_refuses_a_task_left_lifted():
    task = check_task(BLOCKS_DOMAIN, "(define (problem p) (:domain blocks) (:objects a) (:init (arm-empty) "
                                     "(on-table a) (clear a)) (:goal (holding a)))")
    with pytest.raises(TypeError, match="lifted-bfws"):
        solve(task, "gbfs-hff")
    assert solve(task, "lifted-bfws").steps == (ast.PlanStep("pickup", ("a",)),)


BLOCKS_DOMAIN = """(define (domain blocks) (:requirements :strips)
  (:predicates (clear ?x) (on-table ?x) (arm-empty) (holding ?x) (on ?x ?y))
  (:action pickup :parameters (?ob) :precondition (and (clear ?ob) (on-table ?ob) (arm-empty))
    :effect (and (holding ?ob) (not (clear ?ob)) (not (on-table ?ob)) (not (arm-empty))))
  (:action putdown :parameters (?ob) :precondition (holding ?ob)
    :effect (and (clear ?ob) (arm-empty) (on-table ?ob) (not (holding ?ob))))
  (:action stack :parameters (?ob ?underob) :precondition (and (clear ?underob) (holding ?ob))
    :effect (and (arm-empty) (clear ?ob) (on ?ob ?underob) (not (clear ?underob)) (not (holding ?ob))))
  (:action unstack :parameters (?ob ?underob) :precondition (and (on ?ob ?underob) (clear ?ob) (arm-empty))
    :effect (and (holding ?ob) (clear ?underob) (not (on ?ob ?underob)) (not (clear ?ob)) (not (arm-empty)))))"""


def _domain_problem_pairs() -> list[tuple[str, Path, Path]]:
    corpus = [(d.name, d / "domain.pddl", sorted(d.glob("p*.pddl"))[0]) for d in sorted(CORPUS.iterdir())
              if (d / "domain.pddl").exists()]
    return corpus + [(t.id, t.domain_file, t.problem_file) for t in SMALLEST]


@pytest.mark.parametrize("reward", LIFTED_REWARDS)
@pytest.mark.parametrize("name,domain_file,problem_file", _domain_problem_pairs(), ids=lambda v: str(v))
def test_the_lifted_text_environment_says_and_pays_what_the_grounded_one_does(name, domain_file, problem_file,
                                                                              reward: str):
    """Random walks mixing valid actions, text no action reads, and `check valid actions`: every observation,
    reward, done flag, progress rate and valid-action list equal the grounded environment's; so does every framed
    observation and status of the episodes the server plays (its training-turn framing)."""
    try:
        compiled = compile_task(domain_file, problem_file, time_limit=GROUND_LIMIT_S)
    except LimitReached:
        pytest.skip(f"{name} does not ground in {GROUND_LIMIT_S} s")
    templates = Templates.beside(compiled.domain, domain_file)
    text = TextTask(compiled, templates)
    grounded = TextEnv(compiled, templates, text, core=EnvCore(text, reward=reward))
    checked = CheckedTask(compiled.domain, compiled.problem)
    lifted = LiftedTextEnv(checked, templates, reward=reward)
    served = EnvCore(text, reward=reward, max_steps=WALK // 2).sessions(0, TURNS), \
        LiftedCore(checked, templates, reward=reward, max_steps=WALK // 2).sessions(0, TURNS)
    rows = [episodes.open() for episodes in served]
    assert lifted.reset() == grounded.reset() and lifted.goal_text() == grounded.goal_text()
    assert served[1].observation(rows[1]) == served[0].observation(rows[0])
    rng = random.Random(3)
    for _ in range(WALK):
        valid = grounded.valid_actions()
        assert lifted.valid_actions() == valid
        action = rng.choice([*valid, *valid, "dance with the moon", CHECK_VALID_ACTIONS])
        a, b = grounded.step(action), lifted.step(action)
        assert (b.observation, b.reward, b.done) == (a.observation, a.reward, a.done), action
        assert b.info == a.info
        assert served[1].step(rows[1], action) == served[0].step(rows[0], action)
        assert served[1].observation(rows[1]) == served[0].observation(rows[0])
        assert served[1].status(rows[1]) == served[0].status(rows[0])
        if a.done:
            break


def test_a_task_too_large_to_ground_is_served_lifted_beside_a_grounded_one(tmp_path):
    """A served folder holding a 1,500-block task and a 3-block one: the first is played on the lifted model (its
    gold plan reaches the goal through the pool, rewards as ours), the second stays grounded; AgentBoard's
    profile refuses the lifted one with a reason, not an error."""
    requires_extra("fastapi")
    from agentgen_sym.env.core import Sessions
    from agentgen_sym.env.lifted import LiftedSessions
    from agentgen_sym.serve.catalog import Catalog
    from agentgen_sym.serve.pool import EnvPool, ServeError

    _large_blocksworld(tmp_path)
    (tmp_path / "tasks").mkdir()
    (tmp_path / "problem.pddl").rename(tmp_path / "tasks" / "big.pddl")
    (tmp_path / "tasks" / "small.pddl").write_text(
        "(define (problem small) (:domain blocks) (:objects a b c) (:init (arm-empty) (on-table a) (on-table b) "
        "(on-table c) (clear a) (clear b) (clear c)) (:goal (on a b)))")
    records = [{"id": "big", "problem_file": "tasks/big.pddl", "plan": ["(unstack b4 b3)", "(stack b4 b9)"]},
               {"id": "small", "problem_file": "tasks/small.pddl", "plan": ["(pickup a)", "(stack a b)"]}]
    (tmp_path / "tasks.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    catalog = Catalog([tmp_path])
    assert catalog.warm() == 2
    pool = EnvPool(catalog)
    for data_idx, kind in ((0, LiftedSessions), (1, Sessions)):
        env_id = pool.create(data_idx)["id"]
        assert isinstance(pool._get(env_id).table.episodes, kind)
        texts = [catalog.folders[0].read.templates.action(*GroundAction.parse(step))
                 for step in records[data_idx]["plan"]]
        answers = [pool.step(env_id, text) for text in texts]
        assert [a["reward"] for a in answers] == [0.0, 1.0] and answers[-1]["done"]
    with pytest.raises(ServeError, match="agentboard profile plays grounded tasks only"):
        EnvPool(catalog, profile="agentboard").create(0)


def test_actions_too_many_to_list_are_said_so_and_can_still_be_taken(tmp_path):
    """One action of five free parameters over 60 objects (13 million bindings): "check valid actions" answers
    that they are too many, the server's list route refuses with 422 and the reason, and a named step still
    plays."""
    requires_extra("fastapi")
    from agentgen_sym.serve.catalog import Catalog
    from agentgen_sym.serve.pool import EnvPool, ServeError

    (tmp_path / "domain.pddl").write_text("""(define (domain wide) (:requirements :strips)
      (:predicates (p ?a) (q ?a ?b ?c ?d ?e))
      (:action a :parameters (?a ?b ?c ?d ?e) :precondition (p ?a) :effect (q ?a ?b ?c ?d ?e)))""")
    (tmp_path / "tasks").mkdir()
    (tmp_path / "tasks" / "w.pddl").write_text(f"(define (problem w) (:domain wide) (:objects "
                                               f"{' '.join(f'o{i}' for i in range(60))}) (:init (p o1)) "
                                               f"(:goal (q o1 o2 o3 o4 o5)))")
    (tmp_path / "tasks.jsonl").write_text(json.dumps({"id": "w", "problem_file": "tasks/w.pddl",
                                                      "plan": ["(a o1 o2 o3 o4 o5)"]}) + "\n")
    pool = EnvPool(Catalog([tmp_path]))
    env_id = pool.create(0)["id"]
    assert pool.step(env_id, CHECK_VALID_ACTIONS)["observation"] == f"Observation: {TOO_MANY_ACTIONS}"
    with pytest.raises(ServeError, match="12,960,000 instances") as refused:
        pool.available_actions(env_id)
    assert refused.value.status == 422
    assert pool.step(env_id, "a o1 o2 o3 o4 o5")["done"]
