"""Corrupted planner plans are rejected at the same step by our lifted validator, by an independent
replay on the GroundTask and (slow) by unified-planning's sequential plan validator.

Plans come from our default planner on small benchmark tasks; each is corrupted by removing a step,
swapping two steps, or giving one step a wrong (type-correct) argument, with a seeded generator. A
corruption that still gives a valid plan (two independent steps swapped) must be accepted by all.
See tests/plan_corruption.py for how UP's failing step is found.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass
from functools import cache

import numpy as np
import pytest

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.ground import ground
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.planners import make_planner
from agentgen_sym.compiler.task import GroundTask

from .conftest import BenchmarkTask, benchmark_tasks, requires_benchmarks, requires_extra
from .plan_corruption import KINDS, Corruption, Steps, corruptions, our_failing_step, read_up, up_failing_step

# (domain, problem file): STRIPS typed and untyped, action costs, ADL (conditional effects, quantifiers).
# With this seed, a swap of two independent steps stays valid in logistics00 (which UP cannot read) and
# driverlog p02, so both validators must also agree on accepting a corrupted plan.
CHOSEN = {("blocks", "p01.pddl"), ("gripper", "p01.pddl"), ("logistics00", "p01.pddl"), ("depot", "p01.pddl"),
          ("driverlog", "p02.pddl"), ("miconic", "p01.pddl"), ("rovers", "p01.pddl"), ("satellite", "p01.pddl"),
          ("ferry", "p01.pddl"), ("elevators-08", "p01.pddl"), ("briefcaseworld", "p03.pddl"),
          ("miconic-fulladl", "p01.pddl")}
TASKS = [t for t in benchmark_tasks() if (t.domain, t.problem_file.name) in CHOSEN]
PER_KIND = 3
SEED = 20240611


@dataclass(frozen=True)
class Solved:
    domain: ast.Domain
    problem: ast.Problem
    ground_task: GroundTask
    plan: Steps
    cases: tuple[Corruption, ...]


@cache
def solved(task: BenchmarkTask) -> Solved:
    """Parse, ground and solve a task once for all tests, and draw its corruptions."""
    domain, problem = parse_domain(task.domain_file), parse_problem(task.problem_file)
    ground_task, _ = ground(domain, problem)
    result = make_planner("default").solve(ground_task, time_limit=20)
    assert result.solved, f"{task.id}: {result.status}"
    plan = tuple(ast.PlanStep(action, args) for action, args in ground_task.plan_steps(result.plan))
    cases = corruptions(domain, problem, plan, random.Random(f"{SEED}:{task.id}"), PER_KIND)
    return Solved(domain, problem, ground_task, plan, tuple(cases))


def ground_failing_step(task: GroundTask, steps: Steps) -> int | None:
    """Replay on the ground operators: a step applies when one operator with its action and arguments is
    applicable (a disjunctive precondition gives several; none when the grounder proved it never is)."""
    row = task.init_bits[None, :]
    for number, step in enumerate(steps, 1):
        state = task.unpack(row)
        applicable = task.applicable(state)[0]
        usable = [op for op in task.action_ops.get((step.action, step.args), ()) if applicable[op]]
        if not usable:
            return number
        row = task.successors(row, state, np.array([0]), np.array([usable[0]]))
    state = task.unpack(row)
    return None if task.goal_reached(state)[0] else len(steps) + 1


def _cases(s: Solved) -> list[tuple[str, Steps]]:
    return [("the plan itself", s.plan)] + [(c.what, c.steps) for c in s.cases]


@requires_benchmarks
@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.id)
def test_lifted_validator_fails_where_the_ground_replay_does(task):
    s = solved(task)
    found = {what: (our_failing_step(s.domain, s.problem, steps), ground_failing_step(s.ground_task, steps))
             for what, steps in _cases(s)}
    assert found["the plan itself"] == (None, None)
    assert {what: pair for what, pair in found.items() if pair[0] != pair[1]} == {}


@requires_benchmarks
def test_corruptions_cover_rejections_of_every_kind_and_some_valid_plans():
    verdicts = [(c.kind, our_failing_step(s.domain, s.problem, c.steps)) for s in map(solved, TASKS) for c in s.cases]
    assert {kind for kind, step in verdicts if step is not None} == set(KINDS)
    assert any(step is None for _, step in verdicts)


@requires_benchmarks
@pytest.mark.slow
@pytest.mark.filterwarnings("ignore:We cannot establish:UserWarning")  # UP's kind check on ADL tasks
@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.id)
def test_unified_planning_fails_at_the_same_step(task):
    requires_extra("unified_planning")
    try:
        theirs = read_up(task.domain_file, task.problem_file)
    except Exception as exc:  # UP cannot read some benchmark files; that is data, not a failure
        pytest.skip(f"unified-planning cannot read it: {type(exc).__name__}")
    s = solved(task)
    found = {what: (our_failing_step(s.domain, s.problem, steps), up_failing_step(theirs, steps))
             for what, steps in _cases(s)}
    assert found["the plan itself"] == (None, None)
    assert {what: pair for what, pair in found.items() if pair[0] != pair[1]} == {}
