"""Whole jobs (`generate`, `evolve`, `export`, `run`) honour --time-limit and --memory-limit: exit 4 with a
message naming the job and the limit, nothing half-written, and no stage's own error handling can swallow it."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

import agentgen_sym.export.export
from agentgen_sym.cli import main
from agentgen_sym.joblimits import JobLimitReached, job_limits

from .conftest import CORPUS, SLACK_S, run_cli
from .test_grounding_limits import WIDE, _wide_problem

SEED = CORPUS / "office-mailroom"
export_module = agentgen_sym.export.export


def _files_under(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


def test_a_generate_job_stops_at_its_time_limit_and_writes_nothing_half(tmp_path: Path, capsys):
    out = tmp_path / "gen"
    started = time.perf_counter()
    code = main(["generate", str(SEED / "domain.pddl"), str(SEED / "p03.pddl"), "--n", "400", "--range", "1", "40",
                 "--out", str(out), "--time-limit", "1"])
    elapsed = time.perf_counter() - started
    err = capsys.readouterr().err
    assert code == 4, err
    assert "stopped: time limit reached while running generate" in err and "of a 1 s limit" in err
    assert elapsed < 1 + SLACK_S  # the job stops near its limit, not after the 400 tasks (minutes)
    assert not any(p.name.endswith(".tmp") for p in _files_under(out))


def test_a_generate_job_stops_at_its_memory_limit(tmp_path: Path):
    domain, problem = tmp_path / "d.pddl", tmp_path / "p.pddl"
    domain.write_text(WIDE)
    problem.write_text(_wide_problem(6))  # 6^8 bindings: under the grounding bound, yet gigabytes to ground
    proc = run_cli("generate", str(domain), str(problem), "--out", str(tmp_path / "gen"), "--memory-limit", "400",
                   timeout=120)
    assert proc.returncode == 4, proc.stderr
    assert b"memory limit reached while running generate" in proc.stderr and b"limit 400 MB" in proc.stderr


def test_a_generate_job_on_a_task_too_large_to_ground_is_refused_without_a_traceback(tmp_path: Path):
    """Review find: the grounding bound's G702 raised from the task pool was a traceback in `generate`."""
    domain, problem = tmp_path / "d.pddl", tmp_path / "p.pddl"
    domain.write_text(WIDE)
    problem.write_text(_wide_problem(30))
    proc = run_cli("generate", str(domain), str(problem), "--out", str(tmp_path / "gen"), "--jobs", "1", timeout=120)
    assert proc.returncode == 4, proc.stderr  # the --max-operators bound is a limit reached
    assert b"error[G702]: the task is too large to ground" in proc.stderr and b"Traceback" not in proc.stderr


def test_a_job_on_two_workers_stops_when_its_processes_together_pass_the_memory_limit(tmp_path: Path):
    """Regression: only the driver was measured, so `run --jobs 2 --memory-limit 150` ran to the end while its
    processes held some 570 MB. Here the driver stays near 200 MB (400 is far above it) while the fork server
    and the two workers add some 450 MB more."""
    proc = run_cli("generate", str(SEED / "domain.pddl"), str(SEED / "p03.pddl"), "--n", "400", "--range", "1", "40",
                   "--out", str(tmp_path / "gen"), "--jobs", "2", "--memory-limit", "400", timeout=300)
    assert proc.returncode == 4, proc.stderr[-800:]
    assert b"memory limit reached while running generate" in proc.stderr and b"limit 400 MB" in proc.stderr
    assert b" processes, " in proc.stderr  # the figure is the whole tree's


def test_an_export_job_stops_at_its_time_limit(tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch):
    tasks = tmp_path / "tasks"
    assert main(["generate", str(SEED / "domain.pddl"), str(SEED / "p01.pddl"), "--n", "6", "--out", str(tasks)]) == 0
    capsys.readouterr()
    out = tmp_path / "x.jsonl"
    real = export_module.compile_task

    def slow_compile(*args, **kwargs):  # an export long enough for the limit to matter
        time.sleep(0.5)
        return real(*args, **kwargs)

    monkeypatch.setattr(export_module, "compile_task", slow_compile)
    code = main(["export", str(tasks), "--format", "sharegpt", "--out", str(out), "--time-limit", "0.3"])
    assert code == 4
    assert "time limit reached while running export" in capsys.readouterr().err
    assert not out.exists()  # the dataset is written whole or not at all


def test_the_stages_own_handlers_cannot_swallow_the_job_limit():
    swallowed = 0
    with pytest.raises(JobLimitReached, match="time limit reached while running demo"):
        with job_limits("demo", 0.2, None):
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                try:
                    time.sleep(0.01)
                except Exception:  # a stage that records one unit's failure and goes on
                    swallowed += 1
    assert swallowed == 0


def test_the_limit_is_disarmed_after_the_job(tmp_path: Path):
    with job_limits("demo", 0.2, 10_000):
        pass
    time.sleep(0.5)  # a timer left armed would raise here


def test_outside_the_main_thread_the_limit_is_not_armed():
    outcome: list[str] = []

    def worker() -> None:
        with job_limits("demo", 0.05, None):
            time.sleep(0.3)
        outcome.append("done")

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert outcome == ["done"]


@pytest.mark.parametrize("value", ["0", "-5", "nan", "inf", "ten"])
@pytest.mark.parametrize("argv", [["solve", "d.pddl", "p.pddl"], ["generate", "d.pddl", "p.pddl", "--out", "o"],
                                  ["export", "tasks", "--format", "sharegpt", "--out", "x.jsonl"]])
def test_limit_options_refuse_non_positive_and_non_finite_values(argv, value, capsys):
    with pytest.raises(SystemExit) as stop:
        main([*argv, "--time-limit", value])
    assert stop.value.code == 2
    assert "--time-limit" in capsys.readouterr().err


def test_a_limit_due_while_results_are_written_waits_for_the_whole_group():
    from agentgen_sym.joblimits import shielded

    written: list[int] = []
    with pytest.raises(JobLimitReached):
        with job_limits("demo", 0.1, None):
            with shielded():
                for part in range(4):
                    time.sleep(0.1)  # the limit falls due after the first part
                    written.append(part)
            time.sleep(5)
    assert written == [0, 1, 2, 3]


def test_a_stopped_export_leaves_the_whole_dataset_or_none(tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch):
    tasks = tmp_path / "tasks"
    assert main(["generate", str(SEED / "domain.pddl"), str(SEED / "p01.pddl"), "--n", "4", "--out", str(tasks)]) == 0
    out = tmp_path / "x.jsonl"
    real = export_module.write_card

    def slow_card(*args, **kwargs):  # the limit falls due between the data file and its card
        time.sleep(3)
        return real(*args, **kwargs)

    monkeypatch.setattr(export_module, "write_card", slow_card)
    capsys.readouterr()
    code = main(["export", str(tasks), "--format", "sharegpt", "--out", str(out), "--time-limit", "2.5"])
    assert code == 4 and "time limit reached while running export" in capsys.readouterr().err
    assert out.exists() and (tmp_path / "x.meta.jsonl").exists() and (tmp_path / "README.md").exists()


def test_a_run_on_two_workers_stops_at_its_limit_without_waiting_for_them(tmp_path: Path):
    started = time.perf_counter()
    proc = run_cli("run", "--corpus", str(CORPUS), "--out", str(tmp_path / "out"), "--jobs", "2", "--time-limit", "3",
                   timeout=300)
    elapsed = time.perf_counter() - started
    assert proc.returncode == 4, proc.stderr[-800:]
    assert b"time limit reached while running run" in proc.stderr
    assert elapsed < 30  # the whole job takes minutes; a driver that waited for its workers would too
