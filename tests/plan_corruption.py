"""Corrupted plans and where each validator says they fail, shared by tests/test_validate_corrupt.py
and bench/validate_corrupt.py.

A corruption removes one step, swaps two different steps, or replaces one argument of one step by
another object of the parameter's type (so the step still names an action instance UP can build).
A *failing step* is 1-based: the first step that cannot be applied; an unmet goal after the last step
counts as step ``len(plan) + 1``; a valid plan has none (``None``).

How unified-planning (1.3, ``sequential_plan_validator``) reports it: an invalid result has
``reason`` INAPPLICABLE_ACTION with ``inapplicable_action`` set to the very ActionInstance object of
``plan.actions`` that failed (the validator passes the plan through untouched), or UNSATISFIED_GOALS
after the whole plan. Its log message also says "i-th action instance", and ``trace`` holds the
initial state plus one state per applied step (so ``len(trace)`` is the failing step too). We locate
the failing instance by identity (``is``) in ``plan.actions``: equal instances may occur twice in a
plan, and identity picks the one the validator stopped at.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.compiler.types import ROOT, TypeHierarchy
from agentgen_sym.compiler.validate import validate

KINDS = ("remove", "swap", "args")
Steps = tuple[ast.PlanStep, ...]


@dataclass(frozen=True)
class Corruption:
    kind: str          # one of KINDS
    what: str          # e.g. "swap steps 2 and 5", to list a disagreement
    steps: Steps


def _show(step: ast.PlanStep) -> str:
    return "(" + " ".join((step.action, *step.args)) + ")"


def _removals(steps: Steps) -> list[Corruption]:
    return [Corruption("remove", f"remove step {i + 1} {_show(s)}", steps[:i] + steps[i + 1:])
            for i, s in enumerate(steps)]


def _swaps(steps: Steps) -> list[Corruption]:
    """Swaps of two different steps only: swapping equal steps leaves the plan as it was."""
    out = []
    for i in range(len(steps)):
        for j in range(i + 1, len(steps)):
            if steps[i] != steps[j]:
                swapped = steps[:i] + (steps[j],) + steps[i + 1:j] + (steps[i],) + steps[j + 1:]
                out.append(Corruption("swap", f"swap steps {i + 1} and {j + 1}", swapped))
    return out


def _objects_for(domain: ast.Domain, problem: ast.Problem) -> Callable[[tuple[str, ...]], tuple[str, ...]]:
    """Objects (and constants) of any of the given parameter types, the way the lifted validator types them."""
    hierarchy = TypeHierarchy.of(domain)
    objects = {c.name: c.types for c in domain.constants} | {o.name: o.types for o in problem.objects}
    return lambda types: tuple(dict.fromkeys(o for t in types or (ROOT,) for o in hierarchy.objects_of(t, objects)))


def _wrong_args(domain: ast.Domain, problem: ast.Problem, steps: Steps) -> list[Corruption]:
    """Every type-correct replacement of one argument of one step by another object."""
    params = {a.name: a.parameters for a in domain.actions}
    objects_of = _objects_for(domain, problem)
    out = []
    for i, step in enumerate(steps):
        for k, (arg, param) in enumerate(zip(step.args, params[step.action])):
            for other in objects_of(param.types):
                if other != arg:
                    args = step.args[:k] + (other,) + step.args[k + 1:]
                    out.append(Corruption("args", f"step {i + 1} {_show(step)} argument {k + 1}: {arg} -> {other}",
                                          steps[:i] + (ast.PlanStep(step.action, args),) + steps[i + 1:]))
    return out


def corruptions(domain: ast.Domain, problem: ast.Problem, steps: Steps, rng: random.Random,
                per_kind: int) -> list[Corruption]:
    """Up to ``per_kind`` distinct corruptions of each kind, drawn with ``rng`` (same seed, same list)."""
    pools = (_removals(steps), _swaps(steps), _wrong_args(domain, problem, steps))
    return [c for pool in pools for c in rng.sample(pool, min(per_kind, len(pool)))]


def our_failing_step(domain: ast.Domain, problem: ast.Problem, steps: Steps) -> int | None:
    """The step our lifted validator rejects (``len + 1`` for an unmet goal), None when it accepts."""
    verdict = validate(domain, problem, ast.Plan(steps))
    if verdict.valid:
        return None
    return verdict.failed_step if verdict.failed_step is not None else len(steps) + 1


@dataclass(frozen=True)
class UpTask:
    """A task as unified-planning read it; the reader also parses the plans."""

    reader: object
    problem: object


def read_up(domain_file: Path, problem_file: Path) -> UpTask:
    """Read a task with unified-planning (which raises on files it cannot read)."""
    from unified_planning.io import PDDLReader
    from unified_planning.shortcuts import get_environment

    get_environment().credits_stream = None
    reader = PDDLReader()
    return UpTask(reader, reader.parse_problem(str(domain_file), str(problem_file)))


def up_failing_step(task: UpTask, steps: Steps) -> int | None:
    """The step unified-planning's sequential validator rejects (``len + 1`` for unmet goals), None when valid."""
    from unified_planning.engines import FailedValidationReason, ValidationResultStatus
    from unified_planning.shortcuts import PlanValidator

    plan = task.reader.parse_plan_string(task.problem, print_pddl(ast.Plan(steps)))
    with PlanValidator(name="sequential_plan_validator") as validator:
        result = validator.validate(task.problem, plan)
    if result.status == ValidationResultStatus.VALID:
        return None
    if result.reason == FailedValidationReason.UNSATISFIED_GOALS:
        return len(steps) + 1
    if result.reason != FailedValidationReason.INAPPLICABLE_ACTION:
        raise ValueError(f"unexpected validation result: {result.status.name}, {result.reason}")
    return next(i for i, action in enumerate(plan.actions, 1) if action is result.inapplicable_action)
