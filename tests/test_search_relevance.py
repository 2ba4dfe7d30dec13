"""Relevance pruning before search ignores an effect that re-adds one of its own conditions: such an add
changes no state, so it cannot make an operator relevant (rovers' communicate actions delete and re-add
``channel_free``; counting those adds kept every communication and every image behind it: 3,976 operators
on p09 where 1,765 can matter)."""

from __future__ import annotations

import pytest

from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.parser import parse_text
from agentgen_sym.compiler.validate import validate
from agentgen_sym.planners import make_planner
from agentgen_sym.planners.relevance import relevant_operators
from agentgen_sym.solver import solve

RELAY = """(define (domain relay) (:requirements :strips :typing)
 (:types item)
 (:predicates (free) (have ?i - item) (sent ?i - item))
 (:action take :parameters (?i - item) :precondition (free) :effect (have ?i))
 (:action send :parameters (?i - item) :precondition (and (free) (have ?i))
  :effect (and (not (free)) (free) (sent ?i))))"""
RELAY_PROBLEM = """(define (problem one) (:domain relay) (:objects a b c - item)
 (:init (free)) (:goal (sent a)))"""


def _compiled():
    domain = parse_text(RELAY, "domain.pddl").node
    problem = parse_text(RELAY_PROBLEM, "problem.pddl").node
    return domain, problem, compile_task(domain, problem)


def test_an_effect_that_re_adds_its_own_condition_makes_no_operator_relevant():
    _domain, _problem, compiled = _compiled()
    ground = compiled.ground
    keep = relevant_operators(ground)
    kept = sorted(str(action) for action, k in zip(ground.actions, keep) if k)
    # send b and send c re-add (free), which send a needs; they change nothing a goal needs, nor do the takes
    # behind them
    assert kept == ["(send a)", "(take a)"]


@pytest.mark.parametrize("planner", ["gbfs-hff", "astar-lmcut", "lama"])
def test_plans_on_the_pruned_task_are_the_tasks_own_and_valid(planner: str):
    domain, problem, compiled = _compiled()
    ground = compiled.ground
    result = make_planner(planner).solve(ground)
    assert [str(ground.actions[i]) for i in result.plan] == ["(take a)", "(send a)"]
    solution = solve(compiled, planner)
    assert validate(domain, problem, solution.plan).valid
