"""`solve` and `ground` as users meet them: IPC plans, validated before output, and the exit codes
0 plan / 1 input errors / 2 usage / 3 unsolvable / 4 limit; backends behind the same interface."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentgen_sym import cli, compile_task, parse_domain, parse_plan, parse_problem, solve
from agentgen_sym.backends import fast_downward_driver
from agentgen_sym.compiler.task import GroundTask
from agentgen_sym.compiler.validate import validate

from .conftest import BENCHMARKS, requires_benchmarks, requires_extra, run_cli

DOMAIN = """(define (domain lamps)
  (:requirements :strips :negative-preconditions :conditional-effects)
  (:predicates (on ?l) (wired ?a ?b))
  (:action toggle :parameters (?l)
    :precondition (not (on ?l))
    :effect (and (on ?l) (forall (?m) (when (and (wired ?l ?m) (not (on ?m))) (on ?m))))))
"""
PROBLEM = "(define (problem p) (:domain lamps) (:objects a b c) (:init (wired a b)) (:goal (and (on b) (on c))))"
UNSOLVABLE = "(define (problem q) (:domain lamps) (:objects a b) (:init (on a)) (:goal (and (wired a b))))"


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    paths = {"domain": tmp_path / "domain.pddl", "problem": tmp_path / "p.pddl", "unsolvable": tmp_path / "q.pddl"}
    paths["domain"].write_text(DOMAIN)
    paths["problem"].write_text(PROBLEM)
    paths["unsolvable"].write_text(UNSOLVABLE)
    return paths


def test_plan_is_printed_written_and_valid(files, tmp_path: Path, capsys):
    out = tmp_path / "plan.txt"
    assert cli.main(["solve", str(files["domain"]), str(files["problem"]), "-o", str(out), "-q"]) == 0
    text = capsys.readouterr().out
    assert text == out.read_text() and text.endswith("; cost = 2 (unit cost)\n")
    verdict = validate(parse_domain(files["domain"]), parse_problem(files["problem"]), parse_plan(text))
    assert verdict.valid and verdict.cost == 2


def test_optimal_falls_back_to_hmax_on_conditional_effects(files, capsys):
    assert cli.main(["solve", "--optimal", str(files["domain"]), str(files["problem"]), "-q"]) == 0
    assert "; cost = 2" in capsys.readouterr().out


def test_exit_codes(files, tmp_path: Path, capsys):
    assert cli.main(["solve", str(files["domain"]), str(files["unsolvable"]), "-q"]) == 1  # E503: static goal
    broken = tmp_path / "broken.pddl"
    broken.write_text(PROBLEM.replace("(on b)", "(on d)"))
    assert cli.main(["solve", str(files["domain"]), str(broken), "-q"]) == 1
    assert cli.main(["solve", "--planner", "no-such", str(files["domain"]), str(files["problem"])]) == 2
    assert cli.main(["solve", "--planner", "astar-lmcut", str(files["domain"]), str(files["problem"]), "-q"]) == 2
    assert "does not support conditional effects" in capsys.readouterr().err


def test_proved_unsolvable_exits_3(tmp_path: Path, capsys):
    domain = tmp_path / "d.pddl"
    domain.write_text("(define (domain d) (:requirements :strips) (:predicates (p) (q) (r))"
                      " (:action a :parameters () :precondition (p) :effect (and (q) (not (p))))"
                      " (:action b :parameters () :precondition (and (p) (q)) :effect (r)))")
    problem = tmp_path / "p.pddl"
    problem.write_text("(define (problem x) (:domain d) (:init (p)) (:goal (r)))")
    assert cli.main(["solve", str(domain), str(problem), "-q"]) == 3
    assert "unsolvable" in capsys.readouterr().err


@requires_benchmarks
def test_time_limit_exits_4_and_is_honoured():
    import time

    started = time.perf_counter()
    proc = run_cli("solve", "--optimal", "--time-limit", "2", str(BENCHMARKS / "childsnack" / "domain.pddl"),
                   str(BENCHMARKS / "childsnack" / "p01.pddl"), timeout=120)
    assert proc.returncode == 4 and b"limit" in proc.stderr
    assert time.perf_counter() - started < 30


def test_ground_saves_the_task(files, tmp_path: Path, capsys):
    target = tmp_path / "task.npz"
    assert cli.main(["ground", str(files["domain"]), str(files["problem"]), "-o", str(target)]) == 0
    assert '"operators": 3' in capsys.readouterr().out
    assert GroundTask.load(target).n_ops == 3


@requires_benchmarks
@pytest.mark.parametrize("backend", ["pyperplan-gbfs-hff", "fd-lama-first", "fd-astar-lmcut"])
def test_backends_solve_behind_the_same_function(backend):
    if backend.startswith("fd") and fast_downward_driver() is None:
        pytest.skip("up-fast-downward is not installed (the bench extra)")
    requires_extra("pyperplan")
    task = compile_task(BENCHMARKS / "blocks" / "domain.pddl", BENCHMARKS / "blocks" / "p01.pddl")
    solution = solve(task, backend, time_limit=60)
    assert solution.solved and solution.verdict.valid, solution.message
    assert [step.action for step in solution.steps][:1] and solution.cost == len(solution.steps)
    if backend == "fd-astar-lmcut":
        assert solution.cost == 6
