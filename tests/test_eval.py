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
from pathlib import Path

import pytest

from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.evaluation import EvalOptions, evaluate, read_action
from agentgen_sym.evaluation.run import load_tasks, read_records
from agentgen_sym.llm import LLMClient, LLMConfig, ResponseCache
from agentgen_sym.solver import solve

from .agentboard_games import GAMES, write_game
from .conftest import run_cli
from .llm_scripts import RoutedLLMServer
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
        return Reply(f"Thought: next in the plan.\nAction: {task.make().wording.action(name, tuple(args)).strip()}")
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
        return Reply(random_choice((goal, first), len(actions), env.action_space()))
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
            _, reward, done, infos = env.step(random_choice(key, step, env.action_space()))
            valid += infos["action_is_valid"]
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

    with RoutedLLMServer(gold) as server:
        again = client_for(server, out)
        resumed = evaluate(folders, again, out, EvalOptions(profile="agentboard"))
        asked = {prompt_parts(b)[:2] for b in server.requests}
    assert asked == {target}  # only the unfinished episode is played again, one request per step
    assert again.usage.requests == len(broken_goal[target].entry.plan)
    assert resumed.complete and resumed.overall["success_rate"] == 1.0 and resumed.overall["episodes"] == 8
    assert [r["id"] for r in read_records(out / "logs" / "pddl.jsonl")] == list(range(8))


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
    assert report.skipped == [f"{folder}: t3: its problem_file leads out of the folder"]
