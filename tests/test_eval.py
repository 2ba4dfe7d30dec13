"""`agentgen-sym eval` against the scripted OpenAI-compatible server: real `openai` client over loopback HTTP.

Scripted agents answer from the prompt alone (its goal line and history, as a model would see them):
one plays each task's gold plan, one plays random valid actions (its score is recomputed here by
playing the same choices directly in the environment), and a failing endpoint is retried, reported
and resumed. Expected scores follow AgentBoard's task loop (``agentboard/tasks/pddl.py``).
"""

from __future__ import annotations

import hashlib
import json
import re
import socket
import time
from pathlib import Path

import pytest

from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.env.profiles import PROFILES
from agentgen_sym.evaluation import EvalOptions, evaluate, read_action
from agentgen_sym.evaluation.run import Episode, load_tasks, read_records
from agentgen_sym.llm import LLMClient, LLMConfig, ResponseCache
from agentgen_sym.solver import solve

from .agentboard_games import GAMES, write_game
from .conftest import run_cli
from .llm_scripts import CORPUS, RoutedLLMServer
from .llm_server import Reply, Status

FAST = {"timeout_s": 5.0, "max_retries": 2, "backoff_s": 0.01, "backoff_max_s": 0.05}
HELP = "You should use the following commands for help when your action cannot be understood: check valid actions\n"
VARIANT_GOALS = {"blockworld": "(:goal (and (on b1 b2))))",
                 "gripper": "(:goal (and (at ball1 roomb) (at-robby rooma))))",
                 "barman": "(:goal (and (contains shot1 ingredient1) (ontable shot1))))",
                 "tyreworld": "(:goal (and (have wrench) (closed boot))))"}


def make_folder(root: Path, game: str) -> Path:
    """A TASKS_DIR for ``game``: two tasks (the stand-in problem and a variant goal), gold plans by our solver."""
    folder = root / game
    domain_path, problem_path = write_game(folder, game)
    first = problem_path.read_text()
    variant = re.sub(r"\(:goal.*\Z", VARIANT_GOALS[game], first.strip(), flags=re.S)
    (folder / "tasks").mkdir()
    lines = []
    for task_id, text in (("t1", first), ("t2", variant)):
        (folder / "tasks" / f"{task_id}.pddl").write_text(text)
        compiled = compile_task(parse_domain(domain_path), parse_problem(text))
        plan = [f"({s.action} {' '.join(s.args)})".replace(" )", ")") for s in solve(compiled).plan.steps]
        lines.append(json.dumps({"id": task_id, "problem_file": f"tasks/{task_id}.pddl", "plan": plan,
                                 "difficulty": len(plan)}))
    problem_path.unlink()
    (folder / "tasks.jsonl").write_text("\n".join(lines) + "\n")
    return folder


@pytest.fixture
def folders(tmp_path: Path) -> list[Path]:
    return [make_folder(tmp_path / "tasks", game) for game in sorted(GAMES)]


@pytest.fixture(scope="module")
def corpus_folders(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """A TASKS_DIR per bundled domain: its problems as tasks, gold plans by our solver (cheaper than generating)."""
    folders = []
    for source in sorted(CORPUS.iterdir()):
        folder = tmp_path_factory.mktemp("corpus") / source.name
        (folder / "tasks").mkdir(parents=True)
        for name in ("domain.pddl", "templates.json"):
            (folder / name).write_text((source / name).read_text())
        domain, lines = parse_domain(source / "domain.pddl"), []
        for problem in sorted(source.glob("p*.pddl")):
            (folder / "tasks" / problem.name).write_text(problem.read_text())
            steps = solve(compile_task(domain, parse_problem(problem))).plan.steps
            plan = [f"({' '.join((s.action, *s.args))})" for s in steps]
            lines.append(json.dumps({"id": problem.stem, "problem_file": f"tasks/{problem.name}", "plan": plan,
                                     "difficulty": len(plan)}))
        (folder / "tasks.jsonl").write_text("\n".join(lines) + "\n")
        folders.append(folder)
    return folders


def listed_text(env: Episode, action: GroundAction) -> str:
    """An action as the environment lists it: what a perfect agent copies."""
    return env.action_text(action.action, action.args)


def action_space(env: Episode) -> list[str]:
    """AgentBoard's listing after "Valid actions are: ", requests included, of the game under the episode."""
    return env.episodes._game(env.row).action_space()


def client_for(server: RoutedLLMServer, out: Path, **overrides: object) -> LLMClient:
    config = LLMConfig(base_url=server.url, model="scripted", **{**FAST, **overrides})
    return LLMClient(config, cache=ResponseCache(out / "llm-cache.sqlite"))


def prompt_parts(body: dict) -> tuple[str, str, list[str]]:
    """(goal, first observation, actions so far) read off the VanillaAgent prompt."""
    user = body["messages"][-1]["content"]
    goal = user.split("You should perform actions to accomplish the goal: ", 1)[1].split("\n", 1)[0]
    history = user.split(HELP, 1)[1]
    lines = history.split("\n")
    assert lines[-1] == "Action: "  # vanilla_agent.py:110
    first = lines[0].removeprefix("Observation: ")
    return goal, first, [line.removeprefix("Action: ") for line in lines[:-1] if line.startswith("Action: ")]


def by_task(folders: list[Path], profile: str = "agentboard") -> dict[tuple[str, str], object]:
    tasks, _ = load_tasks(folders, EvalOptions(profile=profile))
    out = {}
    for task in tasks:
        env = task.make()
        out[(env.goal, env.observation)] = task
    return out


def gold_route(folders: list[Path]):
    tasks = by_task(folders)

    def route(body: dict) -> Reply:
        goal, first, actions = prompt_parts(body)
        task = tasks[(goal, first)]
        name, *args = task.entry.plan[len(actions)].strip("()").split()
        return Reply(f"Thought: next in the plan.\nAction: {task.make().action_text(name, tuple(args))}")
    return route


def random_choice(key: tuple[str, str], step: int, options: list[str]) -> str:
    """One of the listed valid actions (requests included) or, as a slip, a text that is no action."""
    options = [*options, "dance a little"]
    digest = hashlib.sha256(f"{key}|{step}".encode()).digest()
    return options[int.from_bytes(digest[:4], "big") % len(options)]


def random_route(folders: list[Path]):
    tasks = by_task(folders)

    def route(body: dict) -> Reply:
        goal, first, actions = prompt_parts(body)
        env = tasks[(goal, first)].make()
        for action in actions:
            env.step(action)
        return Reply(random_choice((goal, first), len(actions), action_space(env)))
    return route


def test_gold_plans_score_one(folders: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "out"
    with RoutedLLMServer(gold_route(folders)) as server:
        report = evaluate(folders, client_for(server, out), out, EvalOptions(profile="agentboard"))
    assert report.overall == {"episodes": 8, "success_rate": 1.0, "progress_rate": 1.0, "grounding_accuracy": 1.0}
    assert sorted(report.domains) == sorted(GAMES)  # agentboard.json's game names, as AgentBoard's task_name
    assert all(v["success_rate"] == 1.0 for v in report.domains.values())
    assert set(report.levels) <= {"easy", "hard"} and sum(v["episodes"] for v in report.levels.values()) == 8
    # the prompt has VanillaAgent's shape (vanilla_agent.py:87-114): system message, instruction, example, goal.
    body = server.requests[0]
    assert body["messages"][0] == {"role": "system", "content": "You are a master in planning."}
    assert "\nHere are examples:\nGoal: " in body["messages"][1]["content"]
    # AgentBoard's log format (logger.py: save_sample_data_to_file_detailed / _overview, log_run_result).
    records = read_records(out / "logs" / "pddl.jsonl")
    assert [r["id"] for r in records] == list(range(8))
    first = records[0]
    assert {"id", "task_name", "goal", "difficulty", "is_done", "progress_rate", "grounding_acc",
            "score_change_record", "trajectory"} <= set(first)
    assert first["trajectory"]["Interaction Turn 0"]["Goal"] == first["goal"]
    assert list(first["trajectory"]["Interaction Turn 0"]) == ["Goal", "Observation", "Action", "Progress Rate"]
    overview = (out / "pddl.txt").read_text().splitlines()
    assert overview[0].startswith("[EXP] 0: [success_rate]: True, [progress_rate]: 1.0, [grounding_acc]: 1.0, ")
    summary = json.loads((out / "all_results.txt").read_text())
    assert summary["task_name"] == "pddl" and summary["success_rate"] == 1.0
    assert (out / "eval.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("profile", list(PROFILES))
def test_every_gold_plan_of_every_bundled_domain_wins(corpus_folders: list[Path], profile: str) -> None:
    """library-returns (check-in) and ward-pharmacy (check-prescription) included: under AgentBoard's rule alone a
    text containing "check" only lists the valid actions, so those actions could never be played."""
    tasks, skipped = load_tasks(corpus_folders, EvalOptions(profile=profile))
    assert not skipped and len({t.folder for t in tasks}) == len(corpus_folders) == 10
    for task in tasks:
        for form in ("listed", "pddl"):
            env = task.make()
            for line in task.entry.plan:
                action = GroundAction(*GroundAction.parse(line))
                result = env.step(listed_text(env, action) if form == "listed" else line)
                assert result.info["action_is_valid"], (task.folder.name, task.entry.id, form, line)
            assert env.won, (task.folder.name, task.entry.id, form)


def test_a_perfect_agent_scores_one_on_domains_with_check_actions(corpus_folders: list[Path], tmp_path: Path) -> None:
    chosen = [f for f in corpus_folders if f.name in ("library-returns", "ward-pharmacy")]
    tasks = by_task(chosen)

    def route(body: dict) -> Reply:
        goal, first, actions = prompt_parts(body)
        task = tasks[(goal, first)]
        step = GroundAction(*GroundAction.parse(task.entry.plan[len(actions)]))
        return Reply(f"Action: {listed_text(task.make(), step)}")

    out = tmp_path / "out"
    with RoutedLLMServer(route) as server:
        report = evaluate(chosen, client_for(server, out), out, EvalOptions(profile="agentboard"))
    assert report.complete and report.overall == {"episodes": 6, "success_rate": 1.0, "progress_rate": 1.0,
                                                  "grounding_accuracy": 1.0}


def test_random_valid_actions_score_what_the_reference_says(folders: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "out"
    with RoutedLLMServer(random_route(folders)) as server:
        report = evaluate(folders, client_for(server, out), out, EvalOptions(profile="agentboard", max_steps=12))
    # the reference: the same choices played directly, scored as tasks/pddl.py:131-166 and 193-195 do.
    won, progress, grounding = [], [], []
    tasks, _ = load_tasks(folders, EvalOptions(profile="agentboard", max_steps=12))
    for task in tasks:
        env = task.make()
        key, valid, reward, steps = (env.goal, env.observation), 0, 0.0, 0
        for step in range(12):
            result = env.step(random_choice(key, step, action_space(env)))
            reward, done = result.reward, result.terminated
            valid += result.info["action_is_valid"]
            steps = step + 1
            if done:
                break
        won.append(env.won)
        progress.append(reward)
        grounding.append(valid / steps)
    assert report.overall["success_rate"] == pytest.approx(sum(won) / 8)
    assert report.overall["progress_rate"] == pytest.approx(sum(progress) / 8)
    assert report.overall["grounding_accuracy"] == pytest.approx(sum(grounding) / 8)
    assert 0 < sum(progress) / 8 < 1 and 0 < sum(grounding) / 8 < 1  # neither trivial nor empty


def test_a_failing_endpoint_is_retried_reported_and_resumed(folders: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "out"
    gold = gold_route(folders)
    broken_goal = by_task(folders)
    target = next(key for key, task in broken_goal.items() if task.index == 5)

    def failing(body: dict):
        goal, first, _ = prompt_parts(body)
        return Status(500, "model overloaded") if (goal, first) == target else gold(body)

    with RoutedLLMServer(failing) as server:
        report = evaluate(folders, client_for(server, out), out, EvalOptions(profile="agentboard", concurrency=3))
        hits = [b for b in server.requests if prompt_parts(b)[:2] == target]
    assert len(hits) == 1 + FAST["max_retries"]  # retried, then given up
    assert [e["id"] for e in report.errors] == [5] and "model overloaded" in report.errors[0]["error"]
    assert report.overall["episodes"] == 7 and not report.complete
    assert [r["id"] for r in read_records(out / "logs" / "pddl.jsonl")] == [0, 1, 2, 3, 4, 6, 7]
    assert not (out / "all_results.txt").exists()  # a summary of the run would claim episode 5

    with RoutedLLMServer(gold) as server:
        again = client_for(server, out)
        resumed = evaluate(folders, again, out, EvalOptions(profile="agentboard"))
        asked = {prompt_parts(b)[:2] for b in server.requests}
    assert asked == {target}  # only the unfinished episode is played again, one request per step
    assert again.usage.requests == len(broken_goal[target].entry.plan)
    assert resumed.complete and resumed.overall["success_rate"] == 1.0 and resumed.overall["episodes"] == 8
    assert [r["id"] for r in read_records(out / "logs" / "pddl.jsonl")] == list(range(8))
    assert json.loads((out / "all_results.txt").read_text())["success_rate"] == 1.0


def test_a_cut_off_log_record_is_dropped_and_replayed(folders: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "out"
    with RoutedLLMServer(gold_route(folders)) as server:
        evaluate(folders[:1], client_for(server, out), out, EvalOptions(profile="agentboard"))
        log = out / "logs" / "pddl.jsonl"
        text = log.read_text()
        log.write_text(text[: len(text) - 40])  # an interruption in the middle of the last record
        before = server.request_count
        again = client_for(server, out)
        report = evaluate(folders[:1], again, out, EvalOptions(profile="agentboard"))
    # the cut-off episode is played again, its answers from the cache beside the logs (no new calls)
    assert again.usage.requests > 0 and again.usage.cached == again.usage.requests
    assert server.request_count == before
    assert report.complete and [r["id"] for r in read_records(log)] == [0, 1]


def test_another_runs_folder_is_refused(folders: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "out"
    with RoutedLLMServer(gold_route(folders)) as server:
        evaluate(folders[:1], client_for(server, out), out, EvalOptions(profile="agentboard"))
        from agentgen_sym.evaluation import EvalError
        with pytest.raises(EvalError, match="other settings \\(max_steps differ\\)"):
            evaluate(folders[:1], client_for(server, out), out, EvalOptions(profile="agentboard", max_steps=5))


def test_our_profile_and_the_cli(folders: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "cli-out"
    ours = by_task(folders[:1], profile="agentgen")

    def route(body: dict) -> Reply:
        goal, first, actions = prompt_parts(body)
        return Reply(ours[(goal, first)].entry.plan[len(actions)])  # the PDDL form our profile reads
    with RoutedLLMServer(route) as server:
        result = run_cli("eval", "--tasks", str(folders[0]), "--base-url", server.url, "--model", "m",
                         "--out", str(out), timeout=120)
    assert result.returncode == 0, result.stderr.decode()
    stdout = result.stdout.decode()
    assert re.search(r"all\s+2\s+1\.000\s+1\.000\s+1\.000", stdout)
    report = json.loads((out / "report.json").read_text())
    assert report["profile"] == "agentgen" and report["overall"]["success_rate"] == 1.0


def test_cli_usage_errors(tmp_path: Path) -> None:
    result = run_cli("eval", "--tasks", str(tmp_path / "missing"), "--base-url", "http://127.0.0.1:9/v1",
                     "--out", str(tmp_path / "o"))
    assert result.returncode == 2 and "error:" in result.stderr.decode()
    result = run_cli("eval", "--tasks", str(tmp_path), "--out", str(tmp_path / "o"), "--max-steps", "0")
    assert result.returncode == 2


def test_read_action_follows_vanilla_agent() -> None:
    """vanilla_agent.py:130-167."""
    assert read_action("Thought: I need b2.\nAction: pickup b2") == "pickup b2"
    assert read_action("pickup b2\nmore") == "pickup b2"
    assert read_action("Here is the next action to take:\n\nstack b1 b2") == "stack b1 b2"
    assert read_action("My action is to 'unstack b1 b2'") == "unstack b1 b2"


def test_agentboard_prompt_pieces_reach_the_request(folders: list[Path], tmp_path: Path) -> None:
    """An agentboard.json with AgentBoard's instruction, example and system message (pddl_vanilla_prompt.json)
    makes the request exactly VanillaAgent's (vanilla_agent.py:87-114, need_goal on, check_actions set)."""
    folder = folders[0]
    data = json.loads((folder / "agentboard.json").read_text())
    data.update({"description": "INSTRUCTION", "example": "EXAMPLE", "system": "SYSTEM"})
    (folder / "agentboard.json").write_text(json.dumps(data))
    out = tmp_path / "out"
    with RoutedLLMServer(gold_route([folder])) as server:
        evaluate([folder], client_for(server, out), out, EvalOptions(profile="agentboard"))
        requests = list(server.requests)
    goal, first = next(iter(by_task([folder])))
    body = next(b for b in requests if prompt_parts(b) == (goal, first, []))
    assert body["messages"] == [{"role": "system", "content": "SYSTEM"},
                                {"role": "user", "content": f"INSTRUCTION\nHere are examples:\nEXAMPLE\n"
                                 f"You should perform actions to accomplish the goal: {goal}\n{HELP}"
                                 f"Observation: {first}\nAction: "}]


def test_same_answers_same_bytes(folders: list[Path], tmp_path: Path) -> None:
    """Episodes finish in any order with concurrency; the files written are the same bytes every time."""
    outputs = []
    for name, concurrency in (("a", 4), ("b", 1)):
        out = tmp_path / name
        with RoutedLLMServer(random_route(folders)) as server:
            evaluate(folders, client_for(server, out), out, EvalOptions(profile="agentboard", max_steps=6,
                                                                       concurrency=concurrency))
        outputs.append({p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*"))
                        if p.is_file() and not p.name.startswith("llm-cache")})
    assert outputs[0] == outputs[1] and len(outputs[0]) == 6


def test_a_cut_or_refused_answer_is_the_models_move(folders: list[Path], tmp_path: Path) -> None:
    """Only endpoint errors stop an episode; a reply cut at max_tokens or refused is played as it is."""
    out = tmp_path / "out"
    with RoutedLLMServer(lambda body: Reply("the action is to grasp", finish_reason="length")) as server:
        report = evaluate(folders[:1], client_for(server, out), out, EvalOptions(profile="agentboard", max_steps=2))
    assert report.complete and report.overall == {"episodes": 2, "success_rate": 0.0, "progress_rate": 0.0,
                                                   "grounding_accuracy": 0.0}
    record = read_records(out / "logs" / "pddl.jsonl")[0]
    assert record["trajectory"]["Interaction Turn 1"]["Action"] == "grasp"  # vanilla_agent.py:156-160


def test_a_task_that_cannot_be_loaded_is_skipped_and_said(folders: list[Path], tmp_path: Path) -> None:
    folder = folders[0]
    with (folder / "tasks.jsonl").open("a") as handle:
        handle.write(json.dumps({"id": "t3", "problem_file": "../../outside.pddl", "plan": []}) + "\n")
    out = tmp_path / "out"
    with RoutedLLMServer(gold_route([folder])) as server:
        report = evaluate([folder], client_for(server, out), out, EvalOptions(profile="agentboard"))
    assert report.overall["episodes"] == 2 and not report.complete
    assert report.skipped == [f"{folder}: t3: its problem_file '../../outside.pddl' leads out of the folder"]


def closed_port() -> int:
    """A loopback port with nothing listening (bound once by the OS, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_stopped_endpoint_is_exit_2_soon_and_scores_nothing(corpus_folders: list[Path], tmp_path: Path) -> None:
    """The client's default retries (about 15 s per call) against nothing listening: the run stops after
    MAX_ENDPOINT_FAILURES episodes in a row failed, instead of retrying each of the 30 tasks (two minutes)."""
    out = tmp_path / "out"
    (out / "logs").mkdir(parents=True)
    (out / "all_results.txt").write_text('{"task_name": "pddl", "success_rate": 1.0}\n')  # an earlier run's
    started = time.monotonic()
    result = run_cli("eval", "--tasks", *map(str, corpus_folders), "--base-url", f"http://127.0.0.1:{closed_port()}/v1",
                     "--model", "m", "--out", str(out), timeout=90)
    elapsed = time.monotonic() - started
    stderr = result.stderr.decode()
    assert result.returncode == 2, stderr
    assert elapsed < 30 + 30, elapsed  # one round of retries (about 16 s), with wide slack for a loaded machine
    assert "stopped after 3 episodes in a row failed on the endpoint" in stderr
    assert re.search(r"error: episode \d+ \(task p0\d of .+\) failed: .*connection error", stderr)
    assert "not played" in stderr and "no episode of 30 ran" in result.stdout.decode()
    assert not (out / "all_results.txt").exists() and not (out / "eval.png").exists()
    report = json.loads((out / "report.json").read_text())
    assert report["overall"] == {"episodes": 0, "success_rate": None, "progress_rate": None,
                                 "grounding_accuracy": None}
    assert not report["complete"] and report["domains"] == {} and report["stopped"]
    assert len(report["errors"]) + len(report["not_run"]) == 30 and len(report["errors"]) >= 3
    assert (out / "pddl.txt").read_text() == ""


def test_a_partly_failing_endpoint_scores_only_the_episodes_that_ran(folders: list[Path], tmp_path: Path) -> None:
    """Two episodes fail on the endpoint (a 400: no retry), the others run: the scores cover only those that ran,
    the failed ones are named on stderr and in report.json, and no all_results.txt claims a result for the run."""
    gold, tasks = gold_route(folders), by_task(folders)
    broken = {key for key, task in tasks.items() if task.index in (2, 5)}

    def failing(body: dict):
        return Status(400, "context too long") if prompt_parts(body)[:2] in broken else gold(body)

    out = tmp_path / "out"
    with RoutedLLMServer(failing) as server:
        result = run_cli("eval", "--tasks", *map(str, folders), "--base-url", server.url, "--model", "m",
                         "--profile", "agentboard", "--out", str(out), timeout=120)
    stderr = result.stderr.decode()
    assert result.returncode == 1, stderr
    for index in (2, 5):
        assert re.search(rf"error: episode {index} \(task t\d of .+\) failed: .*HTTP 400.*context too long", stderr)
    assert "6 of 8 episode(s) ran" in result.stdout.decode() and "stopped" not in stderr
    assert re.search(r"all\s+6\s+1\.000\s+1\.000\s+1\.000", result.stdout.decode())
    report = json.loads((out / "report.json").read_text())
    assert report["overall"]["episodes"] == 6 and report["overall"]["success_rate"] == 1.0
    assert [e["id"] for e in report["errors"]] == [2, 5] and report["not_run"] == [] and not report["complete"]
    assert [r["id"] for r in read_records(out / "logs" / "pddl.jsonl")] == [0, 1, 3, 4, 6, 7]
    assert [line.split(":")[0] for line in (out / "pddl.txt").read_text().splitlines()] == \
        [f"[EXP] {i}" for i in (0, 1, 3, 4, 6, 7)]
    assert not (out / "all_results.txt").exists() and (out / "eval.png").exists()


def test_episodes_after_the_stop_are_not_played_nor_scored(folders: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "out"
    with RoutedLLMServer(lambda body: Status(500, "down")) as server:
        report = evaluate(folders, client_for(server, out), out, EvalOptions(profile="agentboard", concurrency=1))
        asked = server.request_count
    assert report.stopped.startswith("stopped after 3 episodes in a row failed on the endpoint")
    assert [e["id"] for e in report.errors] == [0, 1, 2] and [e["id"] for e in report.not_run] == [3, 4, 5, 6, 7]
    assert asked == 3 * (1 + FAST["max_retries"])  # nothing sent for the episodes after the stop
    assert report.overall["success_rate"] is None and not (out / "all_results.txt").exists()
    with RoutedLLMServer(lambda body: Status(500, "down")) as server:  # 0: never stop
        never = evaluate(folders, client_for(server, tmp_path / "never"), tmp_path / "never",
                         EvalOptions(profile="agentboard", concurrency=1, max_endpoint_failures=0))
    assert len(never.errors) == 8 and never.not_run == [] and not never.stopped


def test_eval_and_build_stop_by_the_same_rule() -> None:
    from agentgen_sym import cli
    from agentgen_sym.drafting import BuildOptions
    from agentgen_sym.llm.config import MAX_ENDPOINT_FAILURES

    parser = cli.build_parser()
    assert parser.parse_args(["eval", "--tasks", "d"]).max_endpoint_failures == MAX_ENDPOINT_FAILURES
    assert parser.parse_args(["build"]).max_endpoint_failures == MAX_ENDPOINT_FAILURES
    assert EvalOptions().max_endpoint_failures == BuildOptions(1).max_endpoint_failures == MAX_ENDPOINT_FAILURES
    with pytest.raises(ValueError, match="max_endpoint_failures"):
        EvalOptions(max_endpoint_failures=-1)
