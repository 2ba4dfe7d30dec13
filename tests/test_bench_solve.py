"""bench/solve.py's bookkeeping for long runs: task order, resuming, redoing, partial tables."""

from __future__ import annotations

import importlib.util
import json
import sys
from argparse import Namespace
from dataclasses import asdict
from pathlib import Path

import pytest

from .conftest import ROOT


def _load_bench():
    spec = importlib.util.spec_from_file_location("bench_solve", ROOT / "bench" / "solve.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_solve"] = module
    spec.loader.exec_module(module)
    return module


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
