"""parse(print(ast)) == ast for hypothesis-generated domains, problems and plans."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from agentgen_sym import parse_domain, parse_plan, parse_problem
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
