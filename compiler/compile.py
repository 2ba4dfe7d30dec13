"""One value for every stage after the compiler: ``compile_task(domain, problem) -> CompiledTask``
(``check_task -> CheckedTask`` for the planners that ground nothing).

The compiler's last pass. A CompiledTask holds both ASTs (the validator and the text
environment read the lifted model), the GroundTask (the planners read only that), the static
facts the grounder compiled away. Costs have one rule (``costs.action_cost``, which the grounder priced
the operators with and the validator prices plans with), so a cost reported anywhere downstream is the
same number; ``unit_cost`` is the one name for "every step costs 1".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from . import ast
from .analysis import static_predicates
from .check import check
from .costs import uses_action_costs
from .diagnostics import PddlError
from .ground import GroundingStats, ground
from .limits import Budget, Deadline
from .parser import parse_domain, parse_problem
from .task import GroundAtom, GroundTask


@dataclass(frozen=True, eq=False)
class CompiledTask:
    """A checked, grounded task; ``static`` are the problem's facts no action changes."""

    domain: ast.Domain
    problem: ast.Problem
    ground: GroundTask
    static: frozenset[GroundAtom]
    stats: GroundingStats

    @property
    def unit_cost(self) -> bool:
        """Every step costs 1 (no declared costs, or declared costs that are all 1): plans say "(unit cost)"."""
        return self.ground.unit_cost

    @property
    def goal_ids(self) -> np.ndarray:
        """``int32[g]``: the facts of ``ground`` that make up the goal."""
        return self.ground.goal_idx

    @property
    def objects(self) -> tuple[str, ...]:
        """Every object name: the domain's constants, then the problem's objects."""
        return tuple(o.name for o in (*self.domain.constants, *self.problem.objects))

    def __repr__(self) -> str:
        costs = "unit costs" if self.unit_cost else "action costs"
        return f"CompiledTask({self.domain.name}/{self.problem.name}: {self.ground!r}, {costs})"


@dataclass(frozen=True, eq=False)
class CheckedTask:
    """A checked task left lifted: what a planner that grounds nothing reads (lifted search, Mimir), for a task
    whose grounding may not fit."""

    domain: ast.Domain
    problem: ast.Problem

    @property
    def unit_cost(self) -> bool:
        """No action costs declared (a task that declares them is a general-cost task here, even if all are 1)."""
        return not uses_action_costs(self.domain, self.problem)


def check_task(domain: ast.Domain | str | Path, problem: ast.Problem | str | Path, time_limit: float | None = None,
               memory_limit_mb: float | None = None, *, deadline: Deadline | None = None) -> CheckedTask:
    """Parse and check a task given as ASTs, PDDL text or paths, grounding nothing; raises PddlError with every
    error ``check`` finds, ``limits.LimitReached`` when checking passes the limits."""
    domain = domain if isinstance(domain, ast.Domain) else parse_domain(domain)
    problem = problem if isinstance(problem, ast.Problem) else parse_problem(problem)
    errors = [d for d in check(domain, problem, strict=False, budget=Budget(Deadline.of(time_limit, deadline),
                                                                            memory_limit_mb)) if d.is_error]
    if errors:
        raise PddlError(errors)
    return CheckedTask(domain, problem)


def compile_task(domain: ast.Domain | str | Path, problem: ast.Problem | str | Path,
                 time_limit: float | None = None, memory_limit_mb: float | None = None, *,
                 deadline: Deadline | None = None, max_operators: int | None = None) -> CompiledTask:
    """Check and ground a task given as ASTs, PDDL text or paths.

    Raises PddlError with every error ``check`` finds (nothing is grounded then),
    GroundingError (a G7xx code) for a task the grounder cannot take (G702: larger than ``max_operators``,
    by default ``ground.MAX_OPERATORS``), and
    ``limits.LimitReached`` when checking or grounding passes ``time_limit`` seconds (or the ``deadline`` of a
    run that goes on to solve) or the process's resident memory passes ``memory_limit_mb``.
    """
    deadline = Deadline.of(time_limit, deadline)
    checked = check_task(domain, problem, memory_limit_mb=memory_limit_mb, deadline=deadline)
    domain, problem = checked.domain, checked.problem
    task, stats = ground(domain, problem, Budget(deadline, memory_limit_mb), max_operators)
    fixed = static_predicates(domain)
    static = frozenset(GroundAtom(a.predicate, tuple(t.name for t in a.args)) for a in problem.init
                       if isinstance(a, ast.Atom) and a.predicate in fixed)
    return CompiledTask(domain, problem, task, static, stats)
