"""The lifted successor generator (compiler/lifted.py) against the grounded task: the same applicable steps in
every state a random walk reaches, on every shared benchmark task."""

from __future__ import annotations

import random
from collections import defaultdict

import numpy as np
import pytest

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.limits import LimitReached
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.compiler.validate import Stepper

from .conftest import BenchmarkTask, benchmark_tasks, requires_benchmarks

WALK = 25
GROUND_LIMIT_S = 30


def _smallest_per_domain() -> list[BenchmarkTask]:
    by_domain: dict[str, list[BenchmarkTask]] = defaultdict(list)
    for task in benchmark_tasks():
        by_domain[task.domain].append(task)
    return [min(tasks, key=lambda t: t.problem_file.stat().st_size) for tasks in by_domain.values()]


SMALLEST = _smallest_per_domain()
OTHERS = [t for t in benchmark_tasks() if t not in SMALLEST]


def _walk_both(task: BenchmarkTask, seed: int) -> int:
    """Walk the lifted and the grounded model side by side, comparing the applicable steps at every state; the
    number of states compared."""
    domain, problem = parse_domain(task.domain_file), parse_problem(task.problem_file)
    try:
        compiled = compile_task(domain, problem, time_limit=GROUND_LIMIT_S)
    except LimitReached:
        pytest.skip(f"{task.id} does not ground in {GROUND_LIMIT_S} s")
    ground = compiled.ground
    stepper = Stepper(domain, problem)
    state = frozenset((a.predicate, tuple(t.name for t in a.args)) for a in problem.init if isinstance(a, ast.Atom))
    row, rng = ground.init_bits, random.Random(seed)
    real = np.flatnonzero(ground.action_mask)
    for compared in range(WALK):
        lifted = {GroundAction(s.action, s.args) for s in stepper.applicable(state)}
        applicable = ground.applicable(ground.unpack(row[None, :]))[0]
        grounded = {ground.actions[o] for o in real if applicable[o]}
        assert lifted == grounded, (f"{task.id}, step {compared}: only lifted {sorted(lifted - grounded)[:3]}, "
                                    f"only grounded {sorted(grounded - lifted)[:3]}")
        if not lifted:
            break
        step = rng.choice(sorted(lifted))
        state, failure = stepper.apply(ast.PlanStep(step.action, step.args), state)
        assert failure is None
        op = next(o for o in ground.action_ops[step] if applicable[o])
        row = ground.successors(row[None, :], ground.unpack(row[None, :]), np.array([0]), np.array([op]))[0]
    return compared + 1


@requires_benchmarks
@pytest.mark.parametrize("task", SMALLEST, ids=lambda t: t.id)
def test_lifted_steps_equal_grounded_ones_along_random_walks(task: BenchmarkTask):
    assert _walk_both(task, seed=0) >= 1


@requires_benchmarks
@pytest.mark.slow
@pytest.mark.parametrize("task", OTHERS, ids=lambda t: t.id)
def test_lifted_steps_equal_grounded_ones_on_every_benchmark_task(task: BenchmarkTask):
    assert _walk_both(task, seed=1) >= 1

