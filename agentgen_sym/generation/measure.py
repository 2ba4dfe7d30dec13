"""Difficulty is measured, not assumed: check, ground, solve, validate, and record the figures.

The optimal planner gets the budget first; when it does not finish, the satisficing one
does and the task is flagged ``optimal = False``. A task is kept only when its problem
checks without errors and its plan is accepted by the lifted validator.
"""

from __future__ import annotations

import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.ground import GOAL_ACTION, GroundingError, ground
from agentgen_sym.compiler.validate import validate
from agentgen_sym.planners.registry import make_planner

OPTIMAL_BUDGET_S = 3.0
SATISFICING_BUDGET_S = 10.0


@dataclass(frozen=True)
class Measurement:
    plan: tuple[str, ...]
    cost: int
    optimal: bool
    expanded: int

    @property
    def difficulty(self) -> int:
        """Plan length: the optimal one where known (flagged otherwise)."""
        return len(self.plan)


class Stopwatch:
    """Seconds spent per stage, summed over calls (for benchmarks; never written to task files)."""

    def __init__(self) -> None:
        self.seconds: Counter[str] = Counter()

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[name] += time.perf_counter() - started


def measure(domain: ast.Domain, problem: ast.Problem, optimal_budget: float = OPTIMAL_BUDGET_S,
            satisficing_budget: float = SATISFICING_BUDGET_S, watch: Stopwatch | None = None
            ) -> Measurement | None:
    """Solve and validate a generated problem; None when it has errors, no plan, or a plan that fails."""
    watch = watch or Stopwatch()
    with watch.stage("check"):
        if any(d.is_error for d in check(domain, problem)):
            return None
    with watch.stage("ground"):
        try:
            task, _ = ground(domain, problem)
        except GroundingError:
            return None
    with watch.stage("solve"):
        result, optimal = make_planner("optimal").solve(task, optimal_budget), True
        if not result.solved:
            result, optimal = make_planner("default").solve(task, satisficing_budget), False
    if not result.solved:
        return None
    steps = [(action, args) for action, args in task.plan_steps(result.plan) if action != GOAL_ACTION]
    plan = ast.Plan(tuple(ast.PlanStep(action, args) for action, args in steps))
    with watch.stage("validate"):
        if not validate(domain, problem, plan).valid:
            return None
    texts = tuple(f"({action}{''.join(' ' + a for a in args)})" for action, args in steps)
    return Measurement(texts, int(result.cost), optimal, result.stats.expanded)
