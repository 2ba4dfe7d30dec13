"""bench/solve.py's bookkeeping for long runs: task order, resuming, redoing, partial tables."""

from __future__ import annotations

import importlib
import json
import multiprocessing
import subprocess
import sys
from argparse import Namespace
from dataclasses import asdict
from pathlib import Path

import pytest

from .conftest import BENCHMARKS, ROOT, requires_benchmarks
from .test_validate import BLOCKS_PLAN


def _load_bench():
    """bench/solve.py as the module ``bench.solve``, a name its spawned workers can import too."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module("bench.solve")


solve = _load_bench()


def _tasks() -> list:
    return [solve.Task(domain, f"{domain}/domain.pddl", f"{domain}/p0{i}.pddl", ":strips", "strips")
            for domain in ("a", "b") for i in (1, 2, 3)]


def _write_run(path: Path, tasks: list, results: dict, *, limit: float = 60.0, tools=("ours", "fd-lama"),
               finished: bool = False) -> None:
    args = Namespace(time_limit=limit, memory_limit=4096, tools=list(tools), throughput=False, up_validate=False)
    payload = solve.json_payload(args, Path("/bench"), tasks, results, 1.0, finished)
    path.write_text(json.dumps(payload))


def test_round_robin_takes_the_first_problem_of_every_domain_first():
    order = solve.round_robin(_tasks())
    assert [(_tasks()[i].domain, _tasks()[i].problem_file[-8:]) for i in order[:3]] == [
        ("a", "p01.pddl"), ("b", "p01.pddl"), ("a", "p02.pddl")]
    assert sorted(order) == list(range(6))


@requires_benchmarks
def test_last_per_domain_keeps_the_largest_problems_of_each_domain():
    first = solve.load_tasks(BENCHMARKS, ["blocks", "grid"], None)
    last = solve.load_tasks(BENCHMARKS, ["blocks", "grid"], None, last_per_domain=2)
    for domain in ("blocks", "grid"):
        rows = [t.problem_file for t in first if t.domain == domain]
        assert [t.problem_file for t in last if t.domain == domain] == rows[-2:]
    assert len(last) == 4


def test_resume_keeps_finished_runs_drops_skipped_and_redone_ones(tmp_path):
    tasks = _tasks()
    solved = solve.RunResult("solved", 1.0, plan="(a)\n")
    results = {"ours": [solved] + [None] * 5, "fd-lama": [solved, solve.RunResult("skipped")] + [None] * 4}
    path = tmp_path / "run.json"
    _write_run(path, tasks, results)
    args = Namespace(time_limit=60.0, memory_limit=4096, tools=["ours"], throughput=False, redo=set())
    previous = solve.load_previous(path, args, Path("/bench"))
    assert set(previous) == {("ours", "a/p01.pddl"), ("fd-lama", "a/p01.pddl")}
    assert args.tools == ["ours", "fd-lama"]  # the tables cover the tools of both runs
    args.redo = {"ours"}
    assert set(solve.load_previous(path, args, Path("/bench"))) == {("fd-lama", "a/p01.pddl")}


def test_resume_refuses_runs_under_other_limits(tmp_path):
    path = tmp_path / "run.json"
    _write_run(path, _tasks(), {"ours": [None] * 6}, limit=30.0)
    args = Namespace(time_limit=60.0, memory_limit=4096, tools=["ours"], throughput=False, redo=set())
    with pytest.raises(SystemExit, match="time limit"):
        solve.load_previous(path, args, Path("/bench"))
    assert solve.load_previous(tmp_path / "missing.json", args, Path("/bench")) == {}


def test_tables_of_an_unfinished_run_cover_the_tasks_every_tool_finished(tmp_path, capsys):
    tasks = _tasks()
    solved = solve.RunResult("solved", 1.0, plan="(a)\n", extra={"code": "abc1234"})
    results = {"ours": [solved, solved, None, None, None, None], "fd-lama": [solved, None, None, None, None, None]}
    path = tmp_path / "run.json"
    _write_run(path, tasks, results)
    assert solve.report_from_json(path) == 0
    out = capsys.readouterr().out
    assert "unfinished run: 1 of 6 tasks done by every tool" in out
    assert "abc1234 (1 runs)" in out
    assert json.loads(path.read_text())["results"]["ours"][0] == asdict(solved)


@requires_benchmarks
def test_validation_runs_in_parallel_keeps_verdicts_and_saves_after_each_task():
    tasks = [solve.Task("blocks", "blocks/domain.pddl", "blocks/p01.pddl", ":strips", "strips"),
             solve.Task("gripper", "gripper/domain.pddl", "gripper/p01.pddl", ":strips", "strips")]
    good = solve.RunResult("solved", 1.0, plan="\n".join(BLOCKS_PLAN) + "\n")
    bad = solve.RunResult("solved", 1.0, plan="\n".join(BLOCKS_PLAN[1:]) + "\n")
    kept = solve.RunResult("solved", 1.0, plan="(move rooma roomb)\n", validation={"ours_valid": False})
    results = {"ours": [good, kept], "fd-lama": [bad, solve.RunResult("limit")]}
    saves = []
    solve.validate_all(tasks, results, BENCHMARKS, with_up=False, timeout_s=60, jobs=2,
                       save=lambda: saves.append(1))
    assert good.validation["ours_valid"] is True and good.validation["ours_cost"] == 6
    assert bad.validation["ours_valid"] is False and "step 1 (stack b a)" in bad.validation["ours_message"]
    assert kept.validation == {"ours_valid": False}  # already validated: not run again
    assert len(saves) == 1  # one task had plans to validate


def test_a_unified_planning_overrun_keeps_our_verdict():
    """The worker sends our verdict before it starts unified-planning: a timeout then loses only UP's."""
    ours = {"ours_valid": True, "ours_cost": 6}
    full = {**ours, "up_valid": True, "up_cost": 6.0}
    cases = [([("ours", ours), ("done", full)], full),  # both in time
             ([("ours", ours)], ours),  # UP still running at the timeout
             ([], None)]  # ours overran too
    for messages, expected in cases:
        receiving, sending = multiprocessing.Pipe(duplex=False)
        for message in messages:
            sending.send(message)
        assert solve.receive_verdict(receiving, timeout_s=0.2) == expected
        sending.close()
        assert solve.receive_verdict(receiving, timeout_s=5) is None  # a dead worker: no wait, no verdict


def test_where_solved_runs_the_other_tools_only_where_the_reference_solved(monkeypatch, capsys):
    """The cost check needs Fast Downward only where ours solved: elsewhere its runs are skipped, not failures."""
    tasks = _tasks()[:3]
    calls = []

    def fake_run(ctx, config, task, benchmarks, limit_s, memory_mb):
        calls.append((config.name, task.problem_file))
        return solve.RunResult("solved" if task.problem_file.endswith("p01.pddl") else "limit", 1.0, plan="(a)\n")

    monkeypatch.setattr(solve, "run_config", fake_run)
    args = solve.parse_args(["--tools", "fd-lmcut,ours-opt", "--where-solved", "ours-opt", "--no-throughput"])
    results = {name: [None] * len(tasks) for name in args.tools}
    for i in range(len(tasks)):
        solve.solve_task(None, args, Path("/bench"), tasks, i, results)
    assert calls == [("ours-opt", "a/p01.pddl"), ("fd-lmcut", "a/p01.pddl"), ("ours-opt", "a/p02.pddl"),
                     ("ours-opt", "a/p03.pddl")]
    assert [r.status for r in results["fd-lmcut"]] == ["solved", "skipped", "skipped"]
    solve.print_coverage(tasks, results, args.tools, 60.0)
    rows = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines() if line.strip()}
    assert rows["fd-lmcut"][1:6] == ["1", "1", "0", "2", "100.0%"]  # solved, run, n/a, skipped, coverage
    assert rows["ours-opt"][1:6] == ["1", "3", "0", "0", "33.3%"]
    with pytest.raises(SystemExit):
        solve.parse_args(["--where-solved", "nobody"])


@pytest.mark.slow
def test_the_frozen_code_has_its_kernels_compiled(tmp_path, monkeypatch):
    """Every run imports the frozen copy; without its own compiled kernels each would search with the NumPy
    fallback (a background compile from such a worker used to fill the working tree's cache instead)."""
    common = importlib.import_module("bench.common")
    monkeypatch.delenv(common.CODE_DIR_VARIABLE, raising=False)
    monkeypatch.delenv(common.CODE_LABEL_VARIABLE, raising=False)
    common.freeze_code(tmp_path)
    site = tmp_path / "site"
    check = (f"import sys; sys.path.insert(0, {str(site)!r}); from agentgen_sym.planners import kernels; "
             f"assert kernels.__file__.startswith({str(site)!r}); print(kernels.available())")
    ready = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert ready.returncode == 0, ready.stderr
    assert ready.stdout.strip().endswith("True")
