"""`equiv` under renamings that also reorder arguments (issue 52): `bench.equiv.rename` shuffles action
parameters but keeps every predicate's argument order, so an `equiv` that ignored argument positions would pass
it. `rename_permuted` reorders the arguments of every predicate and function (each atom rewritten to match) and
the parameters of every action, and knows where each went, so the renamed side has a problem and a plan of its
own. Properties: the renamed domain is judged equivalent; a plan of the original, carried through the verdict's
mapping, is valid in the renamed domain (and back through the inverse); and one swap of two same-typed
arguments in one place, where no renaming undoes it, is judged not equivalent with a counterexample the
validator confirms on both sides."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.compiler.validate import validate
from agentgen_sym.equiv import Kind, equiv_domains
from agentgen_sym.solver import solve
from bench.equiv import rename_permuted

from .conftest import BENCHMARKS, CORPUS, benchmark_tasks, requires_benchmarks

CORPUS_DOMAINS = sorted(d.name for d in CORPUS.iterdir() if (d / "domain.pddl").exists())
BENCHMARK_DOMAINS = ("transport", "elevators-08", "psr-small", "miconic-fulladl", "depot", "rovers", "scanalyzer",
                     "schedule")
"""Cheap to solve and to compare, and between them: functions with arguments (transport's road lengths, elevators'
travel costs), derived predicates (psr), quantified and conditional effects (miconic-fulladl, schedule), symmetric
structure (scanalyzer)."""

PROPERTY = settings(max_examples=6, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


@cache
def _corpus(name: str) -> tuple[ast.Domain, tuple[tuple[ast.Problem, ast.Plan], ...]]:
    """A bundled domain and each of its problems with a plan found in it."""
    folder = CORPUS / name
    domain = parse_domain(folder / "domain.pddl")
    return domain, tuple(_solved(domain, p) for p in sorted(folder.glob("p*.pddl")))


@cache
def _benchmark(name: str) -> tuple[ast.Domain, tuple[tuple[ast.Problem, ast.Plan], ...]]:
    task = next(t for t in benchmark_tasks() if t.domain == name)
    domain = parse_domain(task.domain_file)
    return domain, (_solved(domain, task.problem_file),)


def _solved(domain: ast.Domain, path: Path) -> tuple[ast.Problem, ast.Plan]:
    problem = parse_problem(path)
    plan = solve(compile_task(domain, problem), time_limit=60).plan
    assert plan is not None and plan.steps, path
    return problem, plan


def _invalid(domain: ast.Domain, problem: ast.Problem, plan: ast.Plan) -> str:
    """Empty when ``plan`` solves ``problem``, else the validator's first reason why not (a short failure message)."""
    result = validate(domain, problem, plan)
    return "" if result.valid else "; ".join(f"{d.code} {d.message}" for d in result.diagnostics[:1])


def _carried(domain: ast.Domain, solved, seed: int) -> None:
    """The properties of one permuted renaming of ``domain``: see the module's docstring."""
    renamed, truth = rename_permuted(domain, random.Random(seed))
    renamed = parse_domain(print_pddl(renamed))  # what a user would write: it parses as it prints
    verdict = equiv_domains(domain, renamed)
    assert verdict.kind is Kind.EQUIVALENT, verdict.reason
    m, back = verdict.mapping, verdict.mapping.inverse()
    for problem, plan in solved:
        # the renamer's own record is right (its problem and plan are the ground truth) ...
        there, there_plan = truth.problem(problem), truth.plan(plan, problem)
        assert not (why := _invalid(renamed, there, there_plan)), f"the renamer itself: {problem.name}: {why}"
        # ... and the verdict's mapping carries the plan across, arguments and parameters in their new places
        moved_plan = ast.Plan(tuple(m.step(s) for s in plan.steps))
        why = _invalid(renamed, m.problem(problem, renamed.name), moved_plan)
        assert not why, f"{problem.name} carried by the mapping: {why}; mapping {m.to_json()}"
        # ... and back: the renamed side's own problem and plan, through the inverse, are valid in the original
        back_plan = ast.Plan(tuple(back.step(s) for s in there_plan.steps))
        why = _invalid(domain, back.problem(there, domain.name), back_plan)
        assert not why, f"{problem.name} carried back by the inverse: {why}; mapping {m.to_json()}"


def test_the_permuted_renamer_reorders_every_argument_list_it_can():
    domain, solved = _corpus("drone-warehouse")
    renamed, truth = rename_permuted(domain, random.Random(0))
    for p in domain.predicates:
        order = truth.slots[p.name]
        assert len(p.parameters) < 2 or order != tuple(range(len(p.parameters)))
        new = next(q for q in renamed.predicates if q.name == truth.predicates[p.name])
        assert [new.parameters[order[i]].types for i in range(len(order))] == \
            [tuple(truth.types.get(t, t) for t in q.types) for q in p.parameters]
    for a in domain.actions:
        assert len(a.parameters) < 2 or truth.params[a.name] != tuple(range(len(a.parameters)))
    problem, plan = solved[0]
    i = max(range(len(plan.steps)), key=lambda k: len(plan.steps[k].args))  # fly: five parameters
    step = truth.plan(plan, problem).steps[i]
    assert len(step.args) == 5 and step.args != tuple(truth.objects(problem)[o] for o in plan.steps[i].args)


@pytest.mark.parametrize("name", CORPUS_DOMAINS)
@PROPERTY
@given(seed=st.integers(0, 2**32 - 1))
def test_a_permuted_renaming_is_equivalent_and_the_mapping_carries_plans_across(name, seed):
    domain, solved = _corpus(name)
    _carried(domain, solved, seed)


@requires_benchmarks
@pytest.mark.parametrize("name", BENCHMARK_DOMAINS)
@pytest.mark.parametrize("seed", range(2))
def test_benchmark_domains_under_permuted_renamings(name, seed):
    domain, solved = _benchmark(name)
    _carried(domain, solved, seed)


def _swap_in_one_place(domain: ast.Domain, action: str, part: str, atom: ast.Atom) -> ast.Domain:
    """``domain`` with the first two arguments of ``atom`` swapped in ``action``'s ``part`` (precondition or effect),
    and nowhere else."""
    swapped = ast.Atom(atom.predicate, (atom.args[1], atom.args[0]) + atom.args[2:])
    actions = []
    for a in domain.actions:
        if a.name == action:
            formula = getattr(a, part)
            parts = tuple(swapped if x == atom else x for x in formula.parts)
            assert parts != formula.parts
            a = replace(a, **{part: replace(formula, parts=parts)})
        actions.append(a)
    return replace(domain, actions=tuple(actions))


def _not_equivalent(domain: ast.Domain, mutant: ast.Domain) -> None:
    verdict = equiv_domains(domain, mutant)
    assert verdict.kind is Kind.NOT_EQUIVALENT, verdict.reason
    c = verdict.counterexample
    assert (validate(domain, c.problem_a, c.plan_a).valid, validate(mutant, c.problem_b, c.plan_b).valid) == \
        (c.valid_in == "a", c.valid_in == "b")


DRONE_PROBLEM = """(define (problem low) (:domain drone-warehouse)
  (:objects d - drone p q - pad c0 c1 - charge)
  (:init (drone-at d p) (lane p q) (battery d c0) (one-less c0 c1) (hold-empty d) (= (total-cost) 0))
  (:goal (drone-at d q)))"""


def test_one_swapped_precondition_is_not_equivalent():
    """drone-warehouse's `fly` spends a level, `(one-less ?low ?high)` with `(battery ?d ?high)`; `recharge` gains
    one with the same atom. Swapped in `fly` only, both climb: no reordering of one-less's arguments makes the two
    uses agree again, and a drone on its lowest level now flies."""
    domain, _ = _corpus("drone-warehouse")
    mutant = _swap_in_one_place(domain, "fly", "precondition",
                                ast.Atom("one-less", (ast.Variable("low"), ast.Variable("high"))))
    problem = parse_problem(DRONE_PROBLEM)
    plan = ast.Plan((ast.PlanStep("fly", ("d", "p", "q", "c0", "c1")),))
    assert (validate(domain, problem, plan).valid, validate(mutant, problem, plan).valid) == (False, True)
    _not_equivalent(domain, mutant)
    renamed, _ = rename_permuted(mutant, random.Random(1))
    assert equiv_domains(domain, renamed).kind is Kind.NOT_EQUIVALENT  # the reordering hides nothing


@requires_benchmarks
def test_one_swapped_effect_is_not_equivalent():
    """blocks' `stack ?x ?y` adds `(on ?x ?y)`, which `unstack ?x ?y` needs and deletes: with the add swapped to
    `(on ?y ?x)` (both untyped blocks) stacking a on b puts b on a, and unstacking a from b fails."""
    domain = parse_domain(BENCHMARKS / "blocks" / "domain.pddl")
    x, y = ast.Variable("x"), ast.Variable("y")
    mutant = _swap_in_one_place(domain, "stack", "effect", ast.Atom("on", (x, y)))
    problem = parse_problem("""(define (problem two) (:domain blocks) (:objects a b)
      (:init (clear a) (clear b) (ontable a) (ontable b) (handempty)) (:goal (holding a)))""")
    plan = ast.Plan(tuple(ast.PlanStep(n, args) for n, args in
                          (("pick-up", ("a",)), ("stack", ("a", "b")), ("unstack", ("a", "b")))))
    assert (validate(domain, problem, plan).valid, validate(mutant, problem, plan).valid) == (True, False)
    _not_equivalent(domain, mutant)
    renamed, _ = rename_permuted(mutant, random.Random(2))
    assert equiv_domains(domain, renamed).kind is Kind.NOT_EQUIVALENT


def test_a_swap_in_a_predicates_only_use_is_a_renaming():
    """museum-install reads `(doorway ?from ?to)` in `wheel-trolley` alone: swapping it there is the same domain
    with doorway's arguments reordered, and the mapping says so."""
    domain, solved = _corpus("museum-install")
    mutant = _swap_in_one_place(domain, "wheel-trolley", "precondition",
                                ast.Atom("doorway", (ast.Variable("from"), ast.Variable("to"))))
    verdict = equiv_domains(domain, mutant)
    assert verdict.kind is Kind.EQUIVALENT and verdict.mapping.slots["doorway"] == (1, 0)
    m = verdict.mapping
    for problem, plan in solved:
        assert not _invalid(mutant, m.problem(problem, mutant.name), ast.Plan(tuple(m.step(s) for s in plan.steps)))


@pytest.mark.slow
@requires_benchmarks
@pytest.mark.parametrize("name", sorted({t.domain for t in benchmark_tasks()}))
def test_every_benchmark_domain_under_permuted_renamings(name):
    domain, solved = _benchmark(name)
    for seed in range(3):
        _carried(domain, solved, 100 + seed)
