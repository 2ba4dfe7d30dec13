"""E520: goals that can never hold, through quantifiers, disjunction, negation and derived predicates;
silent where some reachable state may satisfy the goal, and on every benchmark and bundled task.
A negated quantified goal that a plan reaches passes check and solves with a validated plan."""

from __future__ import annotations

import pytest

from agentgen_sym import Severity, check, compile_task, solve, validate
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.goals import impossible_goals
from agentgen_sym.compiler.parser import parse_text
from agentgen_sym.compiler.printer import expr

DOMAIN = """(define (domain tour) (:requirements :adl :derived-predicates)
 (:types place)
 (:predicates (at ?p - place) (visited ?p - place) (closed ?p - place) (road ?a ?b - place) (toured))
 (:derived (toured) (forall (?p - place) (visited ?p)))
 (:action go :parameters (?a ?b - place) :precondition (and (at ?a) (road ?a ?b))
  :effect (and (not (at ?a)) (at ?b))))"""

VISITING = DOMAIN.replace("(and (not (at ?a)) (at ?b))", "(and (not (at ?a)) (at ?b) (visited ?b))")


def e520(goal: str, domain: str = DOMAIN, init: str = "(at a) (road a b)") -> list[str]:
    d = parse_text(domain, "domain.pddl").node
    p = parse_text(f"(define (problem p) (:domain tour) (:objects a b - place) (:init {init}) (:goal {goal}))",
                   "p.pddl").node
    return [x.message for x in check(d, p) if x.code == "E520"]


def test_quantified_goal_no_action_can_reach():
    found = e520("(forall (?p - place) (visited ?p))")
    assert len(found) == 1 and "(visited a) is not true initially and no action adds `visited`" in found[0]
    assert e520("(forall (?p - place) (visited ?p))", VISITING, "(at a) (road a b) (visited a)") == []


def test_existential_goal_is_impossible_only_when_every_instance_is():
    assert e520("(exists (?p - place) (visited ?p))")
    assert e520("(exists (?p - place) (visited ?p))", init="(at a) (road a b) (visited b)") == []


def test_goal_through_a_derived_predicate():
    found = e520("(toured)")
    assert len(found) == 1 and "(toured)" in found[0]
    assert e520("(toured)", VISITING) == []


def test_negated_goal_on_a_fact_no_action_deletes():
    assert e520("(not (road a b))")
    assert e520("(not (at a))") == []  # go deletes at


def test_disjunction_needs_every_branch_impossible():
    assert e520("(or (visited a) (closed b))")
    assert e520("(or (visited a) (at b))") == []


def test_plain_atoms_stay_with_e503_and_e504():
    d = parse_text(DOMAIN, "domain.pddl").node
    p = parse_text("(define (problem p) (:domain tour) (:objects a b - place) (:init (at a)) (:goal (visited a)))",
                   "p.pddl").node
    codes = [x.code for x in check(d, p)]
    assert "E503" in codes and "E520" not in codes  # visited is static here: no action touches it


def test_undeclared_predicate_is_not_reported_twice():
    d = parse_text(DOMAIN, "domain.pddl").node
    p = parse_text("(define (problem p) (:domain tour) (:objects a b - place) (:init (at a))"
                   " (:goal (forall (?p - place) (visitd ?p))))", "p.pddl").node
    assert impossible_goals(d, p) == []


@pytest.mark.parametrize("goal", ["(forall (?p - place) (imply (closed ?p) (visited ?p)))",
                                  "(not (toured))", "(and (at a) (not (closed b)))"])
def test_possible_goals_are_silent(goal: str):
    assert e520(goal) == []


# Negated quantified goals: the polarity a `not` hands down must reach every quantifier and `imply`
# below it, both in this pass and in the grounder. `road` is static (a -> b, b -> c only), so a quantifier
# that lost its polarity turns `exists` into `forall` over facts no plan can change.
ROADS = """(define (domain roads) (:requirements :adl)
 (:types place)
 (:predicates (at ?p - place) (visited ?p - place) (road ?a ?b - place))
 (:action go :parameters (?a ?b - place) :precondition (and (at ?a) (road ?a ?b))
  :effect (and (not (at ?a)) (at ?b) (visited ?b))))"""
ROADS_INIT = "(at a) (road a b) (road b c)"


def roads_task(goal: str) -> tuple[ast.Domain, ast.Problem]:
    d = parse_text(ROADS, "domain.pddl").node
    p = parse_text(f"(define (problem p) (:domain roads) (:objects a b c - place) (:init {ROADS_INIT})"
                   f" (:goal {goal}))", "p.pddl").node
    return d, p


@pytest.mark.parametrize("goal, length", [
    ("(not (forall (?p - place) (not (visited ?p))))", 1),  # some place visited
    ("(not (forall (?p - place) (imply (road a ?p) (not (visited ?p)))))", 1),  # a neighbour of a visited
    ("(not (exists (?p - place) (and (at ?p) (not (visited ?p)))))", 1),  # wherever we are, visited
    ("(not (exists (?p - place) (and (road ?p c) (not (visited ?p)))))", 1),  # b, the way into c, visited
    ("(and (at c) (not (forall (?p - place) (road ?p c))))", 2),  # c is no road's end from a
    ("(not (imply (visited b) (at b)))", 2),  # b visited and left behind
])
def test_negated_quantified_goal_that_a_plan_reaches(goal: str, length: int):
    d, p = roads_task(goal)
    assert [x.code for x in check(d, p) if x.severity is Severity.ERROR] == []
    solution = solve(compile_task(d, p), "optimal")
    assert solution.solved and len(solution.steps) == length
    assert validate(d, p, solution.plan).valid


@pytest.mark.parametrize("goal", [
    "(not (exists (?p - place) (road a ?p)))",  # (road a b) holds and nothing deletes it
    "(not (forall (?p - place) (not (road ?p a))))",  # no road leads into a
    "(not (imply (at a) (road a b)))",  # would need (road a b) false
    "(not (exists (?p - place) (not (road ?p ?p))))",  # every (road p p) is false for good
])
def test_negated_quantified_goal_that_can_never_hold(goal: str):
    d, p = roads_task(goal)
    found = [x.message for x in check(d, p) if x.code == "E520"]
    assert len(found) == 1 and expr(p.goal) in found[0]
