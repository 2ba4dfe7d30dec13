"""parse(print(ast)) == ast for hypothesis-generated domains, problems and plans; pickling keeps every node
and every span (ASTs travel to worker processes in units of work)."""

from __future__ import annotations

import pickle
from dataclasses import fields, is_dataclass

from hypothesis import HealthCheck, given, settings

from agentgen_sym import parse_domain, parse_plan, parse_problem
from agentgen_sym.compiler.ast import Span
from agentgen_sym.compiler.printer import print_pddl

from .strategies import domains, plans, problems

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(domains)
def test_domain_round_trip(domain):
    assert parse_domain(print_pddl(domain)) == domain


@SETTINGS
@given(problems)
def test_problem_round_trip(problem):
    assert parse_problem(print_pddl(problem)) == problem


@SETTINGS
@given(plans)
def test_plan_round_trip(plan):
    assert parse_plan(print_pddl(plan)) == plan


def _spans(node) -> list:
    """Every span under ``node``, in order (spans take no part in equality)."""
    if isinstance(node, Span):
        return [node]
    if isinstance(node, tuple):
        return [s for item in node for s in _spans(item)]
    if is_dataclass(node):
        return [s for f in fields(node) for s in _spans(getattr(node, f.name))]
    return []


def _assert_pickles(node) -> None:
    copy = pickle.loads(pickle.dumps(node, pickle.HIGHEST_PROTOCOL))
    assert copy == node
    assert _spans(copy) == _spans(node)


@SETTINGS
@given(domains, problems, plans)
def test_parsed_nodes_and_their_spans_survive_pickling(domain, problem, plan):
    parsed = parse_domain(print_pddl(domain)), parse_problem(print_pddl(problem)), parse_plan(print_pddl(plan))
    assert _spans(parsed[0]) and _spans(parsed[1])  # parsed text: there are spans to keep
    for node in parsed:
        _assert_pickles(node)
