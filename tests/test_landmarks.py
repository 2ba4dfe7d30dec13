"""Landmarks and the landmark-count heuristic against naive references on small random tasks."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings

from agentgen_sym.planners import make_planner
from agentgen_sym.planners.landmarks import LandmarkCount, find_landmarks
from agentgen_sym.planners.relaxed import relax

from .strategies_tasks import TaskSpec, task_specs
from .test_search import ref_relaxed_ops, replay

PROPERTY = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def goal_reachable(spec: TaskSpec, never_true: int | None = None) -> bool:
    """Relaxed reachability of the goal from init when fact ``never_true`` is never made true
    (operators adding it still apply; those needing it do not)."""
    reached = set(spec.init) - {never_true}
    changed = True
    while changed:
        changed = False
        for pre, adds, _cost in ref_relaxed_ops(spec):
            if pre <= reached and not adds - {never_true} <= reached:
                reached |= adds - {never_true}
                changed = True
    return spec.goal <= reached


def causal_landmarks(spec: TaskSpec) -> set[int]:
    """Facts every relaxed plan needs (as a precondition or goal): the goal is unreachable
    without them; true initially and needed count too."""
    if not goal_reachable(spec):
        return set(spec.goal)
    return {p for p in range(spec.n_facts) if not goal_reachable(spec, never_true=p)}


@PROPERTY
@given(task_specs(conditional=True, costs=True))
def test_landmarks_are_exactly_the_causal_landmarks_of_the_relaxation(spec):
    init = spec.task.unpack(spec.task.init_bits[None, :])[0]
    found = set(find_landmarks(relax(spec.task), init).tolist())
    assert found == causal_landmarks(spec)


@PROPERTY
@given(task_specs(negative=True))
def test_landmark_count_counts_unaccepted_and_lost_goal_landmarks(spec):
    h = LandmarkCount()
    h.precompute(spec.task)
    landmarks = set(h.landmarks.tolist())
    task = spec.task
    rows = task.init_bits[None, :]
    info = h.initial_info(rows)
    accepted = landmarks & set(spec.init)
    # walk a few applicable steps and compare h with the reference count at each state
    for _ in range(4):
        states = task.unpack(rows)
        state = set(np.flatnonzero(states[0, :task.n_facts]).tolist())
        lost = {p for p in accepted & set(spec.goal) if p not in state}
        assert h.compute(states, info)[0] == len(landmarks - accepted) + len(lost)
        applicable = np.flatnonzero(task.applicable(states)[0])
        if applicable.size == 0:
            break
        rows = task.successors(rows, states, np.array([0]), applicable[:1])
        info = h.progress_info(info, rows)
        accepted |= landmarks & set(np.flatnonzero(task.unpack(rows)[0, :task.n_facts]).tolist())


@PROPERTY
@given(task_specs(negative=True, costs=True))
def test_landmark_preferred_operators_are_applicable_and_achieve_an_open_landmark(spec):
    h = LandmarkCount()
    h.precompute(spec.task)
    task = spec.task
    states = task.unpack(task.init_bits[None, :])
    _, preferred = h.compute_preferred(states, h.initial_info(task.init_bits[None, :]))
    open_landmarks = set(h.landmarks.tolist()) - set(spec.init)
    for op in np.flatnonzero(preferred[0]):
        assert task.applicable(states)[0, op]
        achieves = set(spec.operators[op].add) | {p for e in spec.operators[op].effects for p in e.add}
        assert achieves & open_landmarks


@PROPERTY
@given(task_specs(negative=True, conditional=True, costs=True))
def test_lama_plans_are_valid(spec):
    result = make_planner("lama").solve(spec.task)
    if result.solved:
        assert spec.goal <= replay(spec, result.plan)


@PROPERTY
@given(task_specs(costs=True, zero_costs=True))
def test_lama_heuristics_see_unit_costs_while_plans_keep_real_costs(spec):
    unit = spec.task.with_unit_costs()
    real = np.array([a != "" for a in spec.task.op_action], dtype=bool)
    assert (unit.cost[real] == 1).all() and (unit.cost[~real] == 0).all() and unit.unit_cost
    result = make_planner("lama").solve(spec.task)
    if result.solved:
        assert result.cost == sum(spec.operators[a].cost for a in result.plan)
    assert not make_planner("lama").optimal
