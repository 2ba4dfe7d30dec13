"""Backward relevance pruning against a reference on small random tasks."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import HealthCheck, given, settings

from agentgen_sym.planners import make_planner
from agentgen_sym.planners.relevance import relevant_operators
from agentgen_sym.compiler.task import GroundAction, Operator

from .strategies_tasks import spec_from, task_specs
from .test_search import ref_optimal_cost

PROPERTY = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(task_specs(conditional=True, costs=True, zero_costs=True))
def test_pruning_keeps_the_optimal_cost(spec):
    keep = relevant_operators(spec.task)
    assert keep is not None  # no negative conditions in these tasks
    pruned = spec_from(spec.n_facts, spec.init, spec.goal, [op for op, k in zip(spec.operators, keep) if k])
    assert ref_optimal_cost(pruned, pruned.init) == ref_optimal_cost(spec, spec.init)


@PROPERTY
@given(task_specs(negative=True))
def test_no_pruning_where_deletes_can_matter(spec):
    keep = relevant_operators(spec.task)
    assert keep is None if spec.task.has_negative_preconditions else keep is not None


def test_operators_adding_only_irrelevant_facts_are_dropped_and_plans_keep_task_ids():
    operators = [Operator("noise", (), pre=(0,), add=(2,), delete=(0,)),
                 Operator("step", (), pre=(0,), add=(1,))]
    spec = spec_from(3, {0}, {1}, operators)
    assert relevant_operators(spec.task).tolist() == [False, True]
    result = make_planner("astar-hmax").solve(spec.task)
    assert result.plan == [1] and result.cost == 1
    assert not math.isinf(ref_optimal_cost(spec, spec.init))
    restricted = spec.task.restricted(np.array([False, True]))
    assert restricted.actions == (GroundAction("step"),) and restricted.n_ops == 1
