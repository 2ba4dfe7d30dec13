"""Difficulty is measured, not assumed: check, ground, solve, validate, and record the figures.

The optimal planner gets the budget first; when it does not finish, the satisficing one
does and the task is flagged ``optimal = False``. A task is kept only when its problem
compiles without errors and ``solve`` returns a plan (which it has validated). A plan that
uses a self-move step (W620: ``move ?x ?x`` moving nothing while still marking ``?x`` visited)
is no gold trajectory: the task is re-solved with the domain's inequalities added, and dropped
when that finds no plan; ``Stopwatch.events`` counts both outcomes for the report.
"""

from __future__ import annotations

import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.compiler.ground import GroundingError
from agentgen_sym.compiler.selfmove import guarded, self_move_pairs
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.solve import Solution, solve

OPTIMAL_BUDGET_S = 3.0
SATISFICING_BUDGET_S = 10.0


@dataclass(frozen=True)
class Measurement:
    plan: tuple[GroundAction, ...]
    cost: int
    optimal: bool
    expanded: int

    @property
    def difficulty(self) -> int:
        """Plan length: the optimal one where known (flagged otherwise)."""
        return len(self.plan)


class Stopwatch:
    """Seconds spent per stage, summed over calls (for benchmarks; never written to task files), and
    counts of events worth reporting (``self-move re-solved``, ``self-move dropped``)."""

    def __init__(self) -> None:
        self.seconds: Counter[str] = Counter()
        self.events: Counter[str] = Counter()

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
    """Solve and validate a generated problem; None when it has errors or no validated plan free of
    self-move steps."""
    watch = watch or Stopwatch()
    found = _solve(domain, problem, optimal_budget, satisficing_budget, watch)
    if found is None:
        return None
    solution, optimal = found
    moves = self_move_pairs(domain, problem)
    if any(m.action == s.action and m.matches(s.args) for s in solution.steps for m in moves):
        found = _solve(guarded(domain, problem), problem, optimal_budget, satisficing_budget, watch)
        watch.events["self-move dropped" if found is None else "self-move re-solved"] += 1
        if found is None:
            return None
        solution, optimal = found
    return Measurement(tuple(GroundAction(s.action, s.args) for s in solution.steps), int(solution.cost),
                       optimal, solution.stats.expanded)


def _solve(domain: ast.Domain, problem: ast.Problem, optimal_budget: float, satisficing_budget: float,
           watch: Stopwatch) -> tuple[Solution, bool] | None:
    """The optimal planner's solution, else the satisficing one's (flagged), else None."""
    with watch.stage("compile"):
        try:
            task = compile_task(domain, problem)
        except (PddlError, GroundingError):
            return None
    with watch.stage("solve"):
        solution, optimal = solve(task, "optimal", optimal_budget), True
        if not solution.solved:
            solution, optimal = solve(task, "default", satisficing_budget), False
    return (solution, optimal) if solution.solved else None
