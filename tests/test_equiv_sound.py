"""`equiv` never asserts a wrong verdict: domains that mean the same on every well-typed problem are never "not
equivalent", a counterexample's problems pass `check` on both sides, and a budget that runs out gives "unknown".

Each domain pair here behaves alike on every problem `check` accepts, though no renaming makes one into the other
in form: the verdict may be "unknown", never "not equivalent"."""

from __future__ import annotations

import json
import random
import re
import time

import pytest

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.limits import Budget, Deadline
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.compiler.validate import validate
from agentgen_sym.equiv import EquivBudget, Kind, equiv_domains, equiv_problems
from bench.equiv import rename

from .conftest import BENCHMARKS, SLACK_S, requires_benchmarks, run_cli

TRUCKS = """(define (domain trucks) (:requirements :strips :typing)
  (:types truck place)
  (:predicates (at ?t - truck ?p - place) (road ?a ?b - place))
  (:action drive :parameters ({params}) :precondition (and (at ?t ?from) (road ?from ?to))
    :effect (and (not (at ?t ?from)) (at ?t ?to))))"""

LINKED = """(define (domain trucks) (:requirements :strips :typing :derived-predicates :disjunctive-preconditions)
  (:types truck place)
  (:predicates (at ?t - truck ?p - place) (road ?a ?b - place) (linked ?a ?b - place))
  (:derived (linked ?a ?b - place) (or (road ?a ?b) (road ?b ?a)))
  (:action drive :parameters (?t - truck ?from ?to - place) :precondition (and (at ?t ?from) (linked ?from ?to))
    :effect (and (not (at ?t ?from)) (at ?t ?to))))"""

INLINED = """(define (domain trucks) (:requirements :strips :typing :disjunctive-preconditions)
  (:types truck place)
  (:predicates (at ?t - truck ?p - place) (road ?a ?b - place))
  (:action drive :parameters (?t - truck ?from ?to - place)
    :precondition (and (at ?t ?from) (or (road ?from ?to) (road ?to ?from)))
    :effect (and (not (at ?t ?from)) (at ?t ?to))))"""

ALIKE = {
    "a parameter widened to object, its precondition still typed": "?t - object ?from ?to - place",
    "a place parameter widened to object": "?t - truck ?from - object ?to - place",
    "parameters reordered, one widened to object": "?to - place ?from - object ?t - truck",
    "parameters reordered, two widened to object": "?from - object ?to - place ?t - object",
}


def _plain() -> ast.Domain:
    return parse_domain(TRUCKS.format(params="?t - truck ?from ?to - place"))


def _never_wrong(a: ast.Domain, b: ast.Domain, budget: EquivBudget = EquivBudget()) -> None:
    verdict = equiv_domains(a, b, budget=budget)
    assert verdict.kind is not Kind.NOT_EQUIVALENT, verdict.reason
    if verdict.kind is Kind.EQUIVALENT:  # then the renaming is exact
        assert verdict.mapping is not None


@pytest.mark.parametrize("params", ALIKE.values(), ids=list(ALIKE))
def test_a_widened_or_reordered_parameter_the_precondition_still_types_is_never_not_equivalent(params):
    _never_wrong(_plain(), parse_domain(TRUCKS.format(params=params)))
    _never_wrong(parse_domain(TRUCKS.format(params=params)), _plain())


def test_a_derived_predicate_inlined_into_the_precondition_is_never_not_equivalent():
    _never_wrong(parse_domain(LINKED), parse_domain(INLINED))
    _never_wrong(parse_domain(INLINED), parse_domain(LINKED))


def test_a_real_difference_beside_a_widened_parameter_is_still_found_with_well_typed_problems():
    """Widening a parameter whose precondition no longer types it does change the domain: a plan may drive a
    place. The counterexample's problems pass `check` on both sides."""
    untyped = parse_domain(TRUCKS.format(params="?t - object ?from ?to - place").replace(
        "(at ?t - truck ?p - place)", "(at ?t - object ?p - place)"))
    plain = parse_domain(TRUCKS.format(params="?t - truck ?from ?to - place").replace(
        "(at ?t - truck ?p - place)", "(at ?t - object ?p - place)"))
    verdict = equiv_domains(plain, untyped)
    assert verdict.kind is Kind.NOT_EQUIVALENT
    c = verdict.counterexample
    assert not [d for d in check(plain, c.problem_a) if d.is_error]
    assert not [d for d in check(untyped, c.problem_b) if d.is_error]


@requires_benchmarks
def test_a_structural_search_cut_off_by_its_budget_answers_unknown():
    """A renaming that the structural search has not finished looking for is no proof either way: a difference
    under the partial renaming it had may vanish under the right one. scanalyzer's alike segments need a search."""
    domain = parse_domain(BENCHMARKS / "scanalyzer" / "domain.pddl")
    renamed = rename(domain, random.Random(4))
    full = equiv_domains(domain, renamed)
    assert full.kind is Kind.EQUIVALENT and full.checked["structural_pairs"] > 2
    verdict = equiv_domains(domain, renamed, budget=EquivBudget(nodes=full.checked["structural_pairs"] - 1))
    assert verdict.kind is Kind.UNKNOWN and verdict.checked["structural_decided"] is False
    assert "stopped" in verdict.reason


# ---------------------------------------------------------------------------- problems, Planetarium's way
BLOCKS_INIT = "(ontable a) (on b a) (clear b) (ontable c) (clear c) (ontable d) (clear d) (handempty)"
"""Three towers: every problem below starts here (renamed where a case says so)."""

BLOCK_GOALS = {  # goal -> the cases of one task: every one holds in the same reachable states
    "stack": ["(on a b) (on b c) (on c d)",
              "(on a b) (on b c) (on c d) (ontable d) (clear a) (handempty)",  # fully specified
              "(on c d) (on b c) (on a b) (clear a)",  # reordered, one clear added
              "(on a b) (on b c) (on c d) (not (holding a)) (not (clear d))"],  # negatives implied
    "two towers": ["(on a b) (on c d) (ontable b) (ontable d)",
                   "(on c d) (ontable b) (on a b) (ontable d) (clear c) (clear a) (handempty)",
                   "(on a b) (on c d) (ontable b) (ontable d) (not (on a d)) (not (holding c))"],
}
OTHER_BLOCK_GOALS = ["(on a b)", "(on a b) (on c d)", "(on b a) (on b c)", "(on a b) (on c d) (holding b)",
                     "(on a b) (on b c) (on c d) (clear b)"]
"""Goals of other tasks (the last three unreachable): not equivalent to any above."""


def _blocks(goal: str, names: dict[str, str] | None = None) -> ast.Problem:
    """A four-block problem from ``BLOCKS_INIT`` to ``goal``, its objects renamed by ``names``."""
    text = f"(define (problem p) (:domain blocks) (:objects a b c d) (:init {BLOCKS_INIT}) (:goal (and {goal})))"
    if names:
        text = re.sub(r"(?<=[ (])([abcd])(?=[ )])", lambda m: names[m.group(1)], text)
    return parse_problem(text)


def _verdict_is_right(domain: ast.Domain, p: ast.Problem, q: ast.Problem, equivalent: bool) -> None:
    verdict = equiv_problems(domain, p, q)
    assert verdict.kind is (Kind.EQUIVALENT if equivalent else Kind.NOT_EQUIVALENT), verdict.reason
    if not equivalent:  # with a plan that reaches one goal and not the other, from the same start
        c = verdict.counterexample
        assert c is not None and c.plan_a.steps
        assert (validate(domain, c.problem_a, c.plan_a).valid, validate(domain, c.problem_b, c.plan_b).valid) == \
            (c.valid_in == "a", c.valid_in == "b")


@requires_benchmarks
@pytest.mark.parametrize("task", BLOCK_GOALS)
def test_blocks_goals_padded_renamed_or_reordered_are_equivalent_and_changed_ones_are_not(task):
    domain = parse_domain(BENCHMARKS / "blocks" / "domain.pddl")
    first, *others = BLOCK_GOALS[task]
    for goal in others:
        _verdict_is_right(domain, _blocks(first), _blocks(goal), True)
        _verdict_is_right(domain, _blocks(goal), _blocks(first, {"a": "x", "b": "y", "c": "z", "d": "w"}), True)
    for goal in OTHER_BLOCK_GOALS:
        if goal not in BLOCK_GOALS[task]:
            _verdict_is_right(domain, _blocks(first), _blocks(goal), False)


GRIPPER_INIT = ("(room ra) (room rb) (gripper left) (gripper right) (free left) (free right) (at-robby ra) "
                "{balls}")


def _gripper(balls: int, goal: str) -> ast.Problem:
    names = " ".join(f"b{i}" for i in range(balls))
    facts = " ".join(f"(ball b{i}) (at b{i} ra)" for i in range(balls))
    return parse_problem(f"(define (problem p) (:domain gripper-strips) (:objects ra rb left right {names}) "
                         f"(:init {GRIPPER_INIT.format(balls=facts)}) (:goal (and {goal})))")


@requires_benchmarks
@pytest.mark.parametrize("balls, goal, padded, equivalent", [
    (2, "(at b0 rb) (at b1 rb)", "(free left) (free right)", True),  # every ball placed: both hands free
    (2, "(at b0 rb) (at b1 rb)", "(not (carry b0 left)) (not (at b1 ra))", True),
    (3, "(at b0 rb) (at b1 rb)", "(free left) (free right)", False),  # b2 may still be carried
    (2, "(at b0 rb) (at b1 rb)", "(at-robby rb)", False),  # the robot may walk back
    (2, "(at b0 rb)", "(at b1 rb)", False),
])
def test_gripper_goals_are_equivalent_exactly_when_they_hold_in_the_same_states(balls, goal, padded, equivalent):
    domain = parse_domain(BENCHMARKS / "gripper" / "domain.pddl")
    _verdict_is_right(domain, _gripper(balls, goal), _gripper(balls, f"{goal} {padded}"), equivalent)
    _verdict_is_right(domain, _gripper(balls, f"{padded} {goal}"), _gripper(balls, goal), equivalent)


@requires_benchmarks
def test_a_problem_comparison_past_its_state_budget_answers_unknown():
    domain = parse_domain(BENCHMARKS / "blocks" / "domain.pddl")
    p, q = _blocks("(on a b) (on b c)"), _blocks("(on a b) (on b c) (clear a)")
    verdict = equiv_problems(domain, p, q, EquivBudget(states=20))
    assert verdict.kind is Kind.UNKNOWN and "20" in verdict.reason


def test_a_type_declared_without_a_parent_is_a_subtype_of_object():
    plain = _plain()
    explicit = parse_domain(TRUCKS.format(params="?t - truck ?from ?to - place").replace(
        "(:types truck place)", "(:types truck place - object)"))
    assert equiv_domains(plain, explicit).kind is Kind.EQUIVALENT


WIDE = """(define (domain wide) (:requirements :strips :typing)
  (:types t1 t2 t3 t4 t5)
  (:predicates (link ?a ?b ?c ?d ?e ?f ?g ?h) (on ?x - t1))
  (:action go :parameters (?a - t1 ?b - t2) :precondition (and (on ?a) (link ?a ?b ?a ?b ?a ?b ?a ?b))
    :effect (not (on ?a))))"""


def test_a_predicate_of_arity_8_stops_the_comparison_as_unknown_not_the_machine():
    """Two objects of each of five types make 10^8 ground `link` atoms: the comparison stops and says why."""
    a = parse_domain(WIDE)
    b = parse_domain(WIDE.replace("(not (on ?a))", "(and)"))
    verdict = equiv_domains(a, b)
    assert verdict.kind is Kind.UNKNOWN and "ground atoms" in verdict.reason


def forty_blocks() -> tuple[str, str]:
    """Two 40-block problems from the table, one to a tower of all, one to a tower that leaves b38 free: another
    task, but only search shows it (the texts)."""
    names = [f"b{i}" for i in range(40)]
    init = " ".join(f"(ontable {n}) (clear {n})" for n in names) + " (handempty)"
    tower = " ".join(f"(on {x} {y})" for x, y in zip(names, names[1:]))
    problem = lambda goal: (f"(define (problem p) (:domain blocks) (:objects {' '.join(names)}) (:init {init}) "
                            f"(:goal (and {goal})))")
    return problem(tower), problem(tower.rsplit(" (on", 1)[0])


@requires_benchmarks
def test_two_forty_block_problems_past_the_state_budget_answer_unknown():
    domain = parse_domain(BENCHMARKS / "blocks" / "domain.pddl")
    p, q = map(parse_problem, forty_blocks())
    verdict = equiv_problems(domain, p, q, EquivBudget(states=500))
    assert verdict.kind is Kind.UNKNOWN and "500" in verdict.reason


@requires_benchmarks
@pytest.mark.parametrize("limit", ["time", "memory"])
def test_a_deadline_or_memory_limit_stops_the_comparison_as_unknown(limit):
    """With work budgets too large to matter, the time or memory limit stops the search and says which."""
    domain = parse_domain(BENCHMARKS / "blocks" / "domain.pddl")
    p, q = map(parse_problem, forty_blocks())
    limits = Budget(Deadline.after(0.5)) if limit == "time" else Budget(memory_limit_mb=1)
    started = time.monotonic()
    verdict = equiv_problems(domain, p, q, EquivBudget(nodes=10 ** 9, states=10 ** 9), limits)
    assert verdict.kind is Kind.UNKNOWN and f"{limit} limit reached" in verdict.reason
    assert time.monotonic() - started < 0.5 + SLACK_S


# ---------------------------------------------------------------------------- what a difference reports
PRICED = """(define (domain move) (:requirements :strips :typing :action-costs)
  (:types place)
  (:predicates (at ?p - place) (road ?a ?b - place) (lit ?p - place))
  (:functions (total-cost) - number)
  (:action go :parameters (?from ?to - place) :precondition (and (at ?from) (road ?from ?to))
    :effect (and (not (at ?from)) (at ?to) (increase (total-cost) 1)))
  (:action light :parameters (?p - place) :precondition (at ?p) :effect (and (lit ?p) (increase (total-cost) 2))))"""


def _replayed(domain: ast.Domain, problem: ast.Problem, plan: ast.Plan) -> tuple[bool, float]:
    result = validate(domain, problem, plan)
    return result.valid, result.cost


def test_a_difference_in_costs_alone_is_reported_with_a_plan_valid_on_both_sides_at_two_prices():
    a, b = parse_domain(PRICED), parse_domain(PRICED.replace("(increase (total-cost) 1)", "(increase (total-cost) 3)"))
    verdict = equiv_domains(a, b)
    assert verdict.kind is Kind.NOT_EQUIVALENT and "cost differently" in verdict.reason
    c = verdict.counterexample
    assert c.valid_in == "both" and c.costs["a"] != c.costs["b"]
    assert _replayed(a, c.problem_a, c.plan_a) == (True, c.costs["a"])
    assert _replayed(b, c.problem_b, c.plan_b) == (True, c.costs["b"])
    assert not any(d.is_error for d in check(a, c.problem_a) + check(b, c.problem_b))


def test_max_differences_collects_one_counterexample_per_action_that_differs():
    a = parse_domain(PRICED)
    b = parse_domain(PRICED.replace("(not (at ?from)) (at ?to)", "(at ?to)")
                     .replace(":precondition (at ?p)", ":precondition (and (at ?p) (road ?p ?p))"))
    first = equiv_domains(a, b)
    assert first.kind is Kind.NOT_EQUIVALENT and len(first.counterexamples) == 1
    every = equiv_domains(a, b, budget=EquivBudget(differences=5))
    assert sorted(c.plan_a.steps[-1].action for c in every.counterexamples) == ["go", "light"]
    for c in every.counterexamples:
        checks = validate(a, c.problem_a, c.plan_a).valid, validate(b, c.problem_b, c.plan_b).valid
        assert checks == (c.valid_in == "a", c.valid_in == "b")
    assert len(every.diagnostics("b.pddl")) == 2  # one finding per difference for the linters' formats


def test_the_command_lists_each_difference_and_stops_at_its_time_limit_with_a_verdict(tmp_path):
    a, b = tmp_path / "a.pddl", tmp_path / "b.pddl"
    a.write_text(PRICED)
    b.write_text(PRICED.replace("(not (at ?from)) (at ?to)", "(at ?to)")
                 .replace(":precondition (at ?p)", ":precondition (and (at ?p) (road ?p ?p))"))
    listed = run_cli("equiv", str(a), str(b), "--max-differences", "3")
    assert listed.returncode == 1
    assert "difference 2:" in listed.stdout.decode() and listed.stdout.decode().count("counterexample plan") == 2
    if not (BENCHMARKS / "blocks" / "domain.pddl").exists():
        return
    p, q = tmp_path / "p.pddl", tmp_path / "q.pddl"
    for path, text in zip((p, q), forty_blocks()):
        path.write_text(text)
    started = time.monotonic()
    stopped = run_cli("equiv", "--format", "json", str(BENCHMARKS / "blocks" / "domain.pddl"), str(p), str(q),
                      "--states", "1000000000", "--nodes", "1000000000", "--time-limit", "3", timeout=3 + SLACK_S)
    assert stopped.returncode == 4 and time.monotonic() - started < 3 + SLACK_S
    verdict = json.loads(stopped.stdout)
    assert verdict["verdict"] == "unknown" and "time limit reached" in verdict["reason"]
