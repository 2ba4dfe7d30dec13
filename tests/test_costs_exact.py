"""Costs are exact or refused: no float rounding, no 64-bit overflow, no silent maximize, no division by zero."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import agentgen_sym as ag
from agentgen_sym import cli

DOMAIN = """(define (domain pay)
  (:requirements :strips :action-costs)
  (:predicates (done ?x))
  (:functions (total-cost) - number (price ?x) - number)
  (:action buy :parameters (?x) :precondition (not (done ?x))
    :effect (and (done ?x) (increase (total-cost) AMOUNT))))
"""
PROBLEM = """(define (problem p) (:domain pay) (:objects a b)
  (:init (= (total-cost) 0) (= (price a) PRICE_A) (= (price b) PRICE_B))
  (:goal (and (done a) (done b))) (:metric minimize (total-cost)))
"""


def _files(tmp_path: Path, amount: str = "(price ?x)", price_a: str = "1", price_b: str = "1",
           metric: str = "minimize") -> tuple[Path, Path, Path]:
    domain, problem, plan = tmp_path / "d.pddl", tmp_path / "p.pddl", tmp_path / "plan.txt"
    domain.write_text(DOMAIN.replace("AMOUNT", amount).replace(":strips", ":strips :negative-preconditions"))
    problem.write_text(PROBLEM.replace("PRICE_A", price_a).replace("PRICE_B", price_b)
                       .replace(":metric minimize", f":metric {metric}"))
    plan.write_text("(buy a)\n(buy b)\n")
    return domain, problem, plan


@pytest.mark.parametrize("price", [str(5 * 10 ** 18), str(2 ** 63), str(2 ** 53 + 1)])
def test_costs_out_of_range_are_a_diagnostic_not_an_overflow(tmp_path: Path, price: str, capsys):
    domain, problem, _plan = _files(tmp_path, price_a=price, price_b=price)
    assert cli.main(["solve", str(domain), str(problem), "-q", "--optimal"]) == 1
    err = capsys.readouterr().err
    assert "G707" in err and "out of range" in err and price in err


def test_the_validator_prices_big_costs_exactly(tmp_path: Path, capsys):
    big = 2 ** 53 + 1
    domain, problem, plan = _files(tmp_path, price_a=str(big), price_b="1")
    assert cli.main(["validate", str(domain), str(problem), str(plan), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["cost"] == big + 1  # floats would say 9007199254740992 + 1


def test_whole_costs_through_division_stay_whole(tmp_path: Path, capsys):
    domain, problem, plan = _files(tmp_path, amount="(/ (price ?x) 2)", price_a="6", price_b="4")
    task = ag.compile_task(domain, problem)
    solution = ag.solve(task, "optimal")
    assert solution.cost == 5 and ag.validate(task.domain, task.problem, solution.plan).cost == 5
    assert isinstance(ag.validate(task.domain, task.problem, solution.plan).cost, int)


def test_division_by_zero_is_reported_by_check(tmp_path: Path, capsys):
    domain, problem, _plan = _files(tmp_path, amount="(/ (price ?x) 0)")
    assert cli.main(["check", str(domain), str(problem)]) == 1
    assert "E306" in capsys.readouterr().out


def test_a_runtime_division_by_zero_is_a_grounding_error(tmp_path: Path):
    domain, problem, _plan = _files(tmp_path, amount="(/ 4 (price ?x))", price_a="0")
    with pytest.raises(ag.GroundingError, match="divides by zero"):
        ag.compile_task(domain, problem)


def test_maximize_is_refused_not_silently_minimised(tmp_path: Path, capsys):
    domain, problem, _plan = _files(tmp_path, metric="maximize")
    assert cli.main(["solve", str(domain), str(problem), "-q"]) == 1
    err = capsys.readouterr().err
    assert "E402" in err and "maximize" in err


@pytest.mark.parametrize("start", ["7", str(5 * 10 ** 18), "1.5"])
def test_the_initial_total_cost_is_not_part_of_the_plan_cost(tmp_path: Path, start: str):
    """Found by the fuzzer (bench/fuzz.py seed 0, sokoban and scanalyzer): `(= (total-cost) 5e18)` in :init made the
    validator price a 13-cost plan at 5000000000000000013, so solve refused its own plan."""
    domain, problem, _plan = _files(tmp_path, price_a="2", price_b="3")
    problem.write_text(problem.read_text().replace("(= (total-cost) 0)", f"(= (total-cost) {start})"))
    task = ag.compile_task(domain, problem)
    solution = ag.solve(task, "optimal")
    assert solution.solved and solution.cost == 5 == ag.validate(task.domain, task.problem, solution.plan).cost
