"""One pricing rule (compiler/costs.py): `check`, the grounder and the validator price a step alike, and a cost
effect under `when`/`forall` is refused by all three (E405), so `check` passes a domain iff `solve` can price it."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentgen_sym import cli
from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.costs import UnpriceableCost, action_cost, cost_effects, function_values
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.compiler.ground import GroundingError, ground
from agentgen_sym.compiler.parser import parse_domain, parse_plan, parse_problem
from agentgen_sym.compiler.validate import validate
from agentgen_sym.planners.result import Status
from agentgen_sym.solver import solve

HEAVY = """(define (domain heavy)
  (:requirements :strips :typing :conditional-effects :action-costs)
  (:types box)
  (:predicates (heavy ?b - box) (at-a ?b - box) (at-b ?b - box))
  (:functions (total-cost) - number)
  (:action move
    :parameters (?b - box)
    :precondition (at-a ?b)
    :effect (and (not (at-a ?b)) (at-b ?b) (when (heavy ?b) (increase (total-cost) 5)))))
"""
HEAVY_PROBLEM = """(define (problem p1) (:domain heavy)
  (:objects b1 - box)
  (:init (at-a b1) (heavy b1) (= (total-cost) 0))
  (:goal (at-b b1))
  (:metric minimize (total-cost)))
"""


def _write(tmp_path: Path, domain: str, problem: str) -> tuple[str, str]:
    d, p = tmp_path / "domain.pddl", tmp_path / "problem.pddl"
    d.write_text(domain)
    p.write_text(problem)
    return str(d), str(p)


def test_a_conditional_cost_is_refused_by_check_and_solve_alike(tmp_path: Path, capsys):
    """The live bug: `check` said 0 errors, then every planner's solve ended in "internal error: default
    priced its plan at 0, the validator at 5"."""
    domain, problem = _write(tmp_path, HEAVY, HEAVY_PROBLEM)
    assert cli.main(["check", domain, problem]) == 1
    out = capsys.readouterr().out
    assert "E405" in out and "`when` or `forall`" in out
    for planner in ("default", "astar-blind"):
        assert cli.main(["solve", domain, problem, "-q", "--planner", planner]) == 1
        err = capsys.readouterr().err
        assert "E405" in err and "internal error" not in err


def test_explain_e405(capsys):
    assert cli.main(["explain", "E405"]) == 0
    assert "Fast Downward" in capsys.readouterr().out


def test_the_grounder_and_the_validator_refuse_it_without_check():
    domain, problem = parse_domain(HEAVY), parse_problem(HEAVY_PROBLEM)
    with pytest.raises(GroundingError) as caught:
        ground(domain, problem)
    assert caught.value.code == "E405"
    verdict = validate(domain, problem, parse_plan("(move b1)\n"))
    assert not verdict.valid and [d.code for d in verdict.diagnostics] == ["E405"]


def test_a_cost_under_forall_is_refused():
    domain = parse_domain(HEAVY.replace("(when (heavy ?b) (increase (total-cost) 5))",
                                        "(forall (?o - box) (increase (total-cost) 1))"))
    assert [d.code for d in check(domain, parse_problem(HEAVY_PROBLEM)) if d.is_error] == ["E405"]
    with pytest.raises(UnpriceableCost):
        action_cost(domain.actions[0], {"b": "b1"}, {})


def test_top_level_costs_are_summed_exactly():
    domain = parse_domain(HEAVY.replace("(when (heavy ?b) (increase (total-cost) 5))",
                                        "(increase (total-cost) 2) (increase (total-cost) (/ 1 3)) "
                                        "(increase (total-cost) 3000000000000000000001)"))
    (action,) = domain.actions
    assert len(cost_effects(action)[0]) == 3 and cost_effects(action)[1] == []
    values = function_values(parse_problem(HEAVY_PROBLEM))
    assert action_cost(action, {"b": "b1"}, values) == Fraction(2) + Fraction(1, 3) + 3 * 10 ** 21 + 1


def test_a_cost_beyond_the_planners_range_is_a_check_warning(tmp_path: Path, capsys):
    """`solve` refuses it (G707); `check` says so first, as a warning: `validate` still prices it exactly."""
    big = str(2 ** 31)
    domain = HEAVY.replace("(when (heavy ?b) (increase (total-cost) 5))", "(increase (total-cost) (weight ?b))")
    domain = domain.replace("(total-cost) - number", "(total-cost) - number (weight ?b - box) - number")
    problem = HEAVY_PROBLEM.replace("(= (total-cost) 0)", f"(= (total-cost) 0) (= (weight b1) {big})")
    found = [d for d in check(parse_domain(domain), parse_problem(problem)) if d.code != "W605"]  # (heavy) unused
    assert [(d.code, d.is_error) for d in found] == [("W621", False)] and big in found[0].message
    literal = HEAVY.replace("(when (heavy ?b) (increase (total-cost) 5))", f"(increase (total-cost) {big})")
    assert [d.code for d in check(parse_domain(literal), parse_problem(HEAVY_PROBLEM))] == ["W605", "W621"]
    assert [d.code for d in check(parse_domain(literal.replace(big, str(2 ** 31 - 1))),
                                  parse_problem(HEAVY_PROBLEM))] == ["W605"]
    paths = _write(tmp_path, domain, problem)
    assert cli.main(["solve", *paths, "-q"]) == 1
    assert "G707" in capsys.readouterr().err


# --------------------------------------------------------------------------- check and solve agree

PLACES = ("top", "when", "forall", "none")


@st.composite
def cost_tasks(draw) -> tuple[str, str, set[str]]:
    """A small domain whose actions price their steps at the top level, under `when`, under `forall` or not
    at all (a number or a function of the parameter), a problem for it, and where the costs were put."""
    n_objects = draw(st.integers(1, 3))
    objects = [f"o{i}" for i in range(n_objects)]
    actions, places = [], set()
    for i in range(draw(st.integers(1, 3))):
        place = draw(st.sampled_from(PLACES))
        places.add(place)
        amount = draw(st.sampled_from(["0", "1", "3", "(price ?x)", "(+ (price ?x) 2)"]))
        cost = f"(increase (total-cost) {amount})"
        priced = {"top": cost, "when": f"(when (flag) {cost})", "forall": f"(forall (?y) (when (todo ?y) {cost}))",
                  "none": ""}[place]
        flag = draw(st.sampled_from(["", "(flag)", "(not (flag))"]))
        actions.append(f"(:action a{i} :parameters (?x) :precondition (todo ?x)\n"
                       f"  :effect (and (done ?x) (not (todo ?x)) {flag} {priced}))")
    domain = ("(define (domain priced) (:requirements :adl :action-costs)\n"
              "  (:predicates (todo ?x) (done ?x) (flag))\n"
              "  (:functions (total-cost) - number (price ?x) - number)\n  " + "\n  ".join(actions) + ")\n")
    todo = draw(st.lists(st.sampled_from(objects), min_size=1, unique=True))
    goal = draw(st.lists(st.sampled_from(todo), min_size=1, unique=True))
    prices = " ".join(f"(= (price {o}) {draw(st.integers(0, 4))})" for o in objects)
    flag = draw(st.sampled_from(["", "(flag)"]))
    problem = (f"(define (problem p) (:domain priced) (:objects {' '.join(objects)})\n"
               f"  (:init {' '.join(f'(todo {o})' for o in todo)} {flag} (= (total-cost) 0) {prices})\n"
               f"  (:goal (and {' '.join(f'(done {o})' for o in goal)})) (:metric minimize (total-cost)))\n")
    return domain, problem, places


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cost_tasks())
def test_check_and_solve_agree(case):
    """Either `check` reports an error (and `compile_task` refuses the task with it), or `solve` returns a
    plan whose cost the validator confirms: never an "internal error" in between."""
    domain_text, problem_text, places = case
    domain, problem = parse_domain(domain_text), parse_problem(problem_text)
    errors = {d.code for d in check(domain, problem) if d.is_error}
    assert ("E405" in errors) == bool(places & {"when", "forall"})
    if errors:
        with pytest.raises(PddlError) as refused:
            compile_task(domain, problem)
        assert {d.code for d in refused.value.diagnostics} == errors
        return
    solution = solve(compile_task(domain, problem), "astar-blind")
    assert solution.status is Status.SOLVED, solution.message
    assert validate(domain, problem, solution.plan).cost == solution.cost
