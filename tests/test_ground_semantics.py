"""The grounder never validates its own output: random walks over the GroundTask must replay,
state by state, on the lifted semantics of the validator (conditional effects, quantifiers,
equality, negative preconditions), and every applicable lifted step must be a ground operator."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from agentgen_sym import parse_domain, parse_problem
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import static_predicates
from agentgen_sym.compiler.ground import ground
from agentgen_sym.compiler.validate import apply_plan

from .conftest import CORPUS, benchmark_tasks, requires_benchmarks

WALK_LENGTH = 12


def _fact_text(fact) -> str:
    predicate, args = fact
    return f"({predicate}{''.join(' ' + a for a in args)})"


def _walk_and_compare(domain_path, problem_path, seed: int) -> int:
    domain, problem = parse_domain(domain_path), parse_problem(problem_path)
    task, _ = ground(domain, problem)
    static = static_predicates(domain)
    rng = random.Random(seed)
    rows = task.init_bits[None, :].copy()
    chosen: list[int] = []
    for _ in range(WALK_LENGTH):
        states = task.unpack(rows)
        ops = [a for a in np.flatnonzero(task.applicable(states)[0]) if task.action_mask[a]]
        if not ops:
            break
        op = int(rng.choice(ops))
        rows = task.successors(rows, states, np.array([0]), np.array([op]))
        chosen.append(op)
        steps = tuple(ast.PlanStep(action, args) for action, args in task.plan_steps(chosen))
        lifted = apply_plan(domain, problem, ast.Plan(steps))[-1]  # raises if a step is not applicable
        ground_facts = {str(task.facts[i]) for i in np.flatnonzero(task.unpack(rows)[0][:task.n_facts])}
        ground_facts.discard("(goal-reached)")
        assert ground_facts == {_fact_text(f) for f in lifted if f[0] not in static}, steps[-1]
    return len(chosen)


def _lifted_applicable(domain: ast.Domain, problem: ast.Problem, state) -> set[tuple[str, tuple[str, ...]]]:
    """Every (action, args) the lifted semantics allows in ``state``, by brute force over typed objects."""
    from agentgen_sym.compiler.types import TypeHierarchy
    from agentgen_sym.compiler.validate import validate

    hierarchy = TypeHierarchy.of(domain)
    objects = {c.name: c.types for c in domain.constants} | {o.name: o.types for o in problem.objects}
    here = ast.Problem(problem.name, problem.domain_name, problem.requirements, problem.objects,
                       tuple(ast.Atom(p, tuple(ast.Constant(a) for a in args)) for p, args in state)
                       + tuple(v for v in problem.init if isinstance(v, ast.FunctionValue)), problem.goal)
    found = set()
    for action in domain.actions:
        choices = [sorted(o for t in (p.types or ("object",)) for o in hierarchy.objects_of(t, objects))
                   for p in action.parameters]
        for args in itertools.product(*choices):
            if validate(domain, here, ast.Plan((ast.PlanStep(action.name, args),))).failed_step is None:
                found.add((action.name, args))
    return found


@pytest.mark.parametrize("folder", ["centrifuge-lab", "recycling-sorter", "ward-pharmacy", "kitchen-line"])
def test_ground_operators_are_exactly_the_applicable_lifted_steps(folder):
    domain = parse_domain(CORPUS / folder / "domain.pddl")
    problem = parse_problem(CORPUS / folder / "p01.pddl")
    task, _ = ground(domain, problem)
    states = apply_plan(domain, problem, ast.Plan(()))
    applicable = task.applicable(task.unpack(task.init_bits[None, :]))[0]
    ground_steps = {tuple(task.actions[a]) for a in np.flatnonzero(applicable & task.action_mask)}
    assert ground_steps == _lifted_applicable(domain, problem, states[0])


@pytest.mark.parametrize("folder", sorted(p.name for p in CORPUS.iterdir()))
def test_walks_on_bundled_domains(folder):
    for problem in sorted((CORPUS / folder).glob("p*.pddl")):
        _walk_and_compare(CORPUS / folder / "domain.pddl", problem, seed=len(folder))


def _adl_and_strips_tasks():
    picked: dict[str, object] = {}
    for task in benchmark_tasks():
        if task.domain != "psr-middle" and task.problem_file.name in ("p01.pddl", "p03.pddl"):
            picked.setdefault(f"{task.domain}/{task.problem_file.name}", task)
    return list(picked.values())


@requires_benchmarks
@pytest.mark.parametrize("task", _adl_and_strips_tasks(), ids=lambda t: t.id)
def test_walks_on_benchmarks(task):
    assert _walk_and_compare(task.domain_file, task.problem_file, seed=7) > 0
