"""Generation's time on domains whose tasks lie beyond what breadth-first search reaches (childsnack), or whose
every candidate re-derived the same relaxed task (parking): bounds carried instead of searches repeated, rounds
that skip a search the pool shows hopeless, and the relaxed task shared by tasks on one grounding."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import numpy as np

from agentgen_sym import parse_domain, parse_problem
from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.task import GroundAtom
from agentgen_sym.generation.measure import Budgets, Measurement, Stopwatch, lower_bound, measure_task
from agentgen_sym.generation.pool import UNSETTLED, EvolveOptions, Generated, TaskPool, carried_bound, spec_of
from agentgen_sym.planners.registry import HEURISTICS
from agentgen_sym.planners.relaxed import relax

from .conftest import CORPUS

DOMAIN = CORPUS / "library-returns" / "domain.pddl"
SEED = CORPUS / "library-returns" / "p02.pddl"  # its optimal plan is longer than LM-cut's bound


def _task():
    return compile_task(parse_domain(DOMAIN), parse_problem(SEED))


def _item(spec, optimal: bool, bound: int) -> Generated:
    return Generated(spec, Measurement((), 9, optimal, 20_000, bound), 0)


def test_a_variant_asking_more_from_its_parents_start_carries_the_parents_bound():
    """Only a parent whose optimal search stopped unsettled passes its bound on, and only to a variant over the
    same objects from the same start whose goal contains the parent's: every plan of it reaches the parent's
    goal. A variant asking less, starting elsewhere or with a negative goal inherits nothing."""
    spec = spec_of(parse_problem(SEED), parse_domain(DOMAIN), ())
    extra = GroundAtom("zz-extra", ())
    more = replace(spec, goal=spec.goal + (extra,))
    assert carried_bound(more, _item(spec, False, 7)) == 7
    assert carried_bound(spec, _item(spec, False, 7)) == 7  # the same goal asks no less
    assert carried_bound(more, _item(spec, True, 9)) == 0  # settled: its variants get their own search
    assert carried_bound(replace(spec, goal=spec.goal[1:]), _item(spec, False, 7)) == 0
    assert carried_bound(replace(more, init=spec.init[1:]), _item(spec, False, 7)) == 0
    assert carried_bound(replace(more, objects=spec.objects[1:]), _item(spec, False, 7)) == 0
    assert carried_bound(replace(more, negative=(extra,)), _item(spec, False, 7)) == 0


def test_a_carried_bound_spares_the_breadth_first_search_and_labels_the_plan_with_it():
    """A candidate with a carried bound keeps the probe's plan, flagged with that bound (optimal only where
    they meet), instead of the breadth-first search its parent showed hopeless."""
    task = _task()
    full = measure_task(task)
    assert full.optimal and lower_bound(task) < full.cost
    carried = full.cost - 1
    watch = Stopwatch()
    kept = measure_task(task, Budgets(), watch, None, (), carried)
    assert "optimal" not in watch.seconds
    assert kept.bound == max(carried, lower_bound(task)) and kept.cost >= full.cost
    assert kept.optimal == (kept.cost <= kept.bound)
    watch = Stopwatch()
    assert measure_task(task, Budgets(), watch) == full and "optimal" in watch.seconds  # no bound: the search


def test_rounds_skip_the_optimal_search_once_the_pool_shows_it_hopeless():
    """Bi-Evol's rounds measure without the optimal search once at least UNSETTLED tasks, and half the pool, were
    kept unsettled by it; such a measurement flags its plan with the bound proven without it."""
    spec = spec_of(parse_problem(SEED), parse_domain(DOMAIN), ())
    options = EvolveOptions()

    def budgets(unsettled: int, settled: int) -> Budgets:
        pool = SimpleNamespace(items=[_item(spec, False, 5)] * unsettled + [_item(spec, True, 9)] * settled,
                               options=options)
        return TaskPool.round_budgets(pool)

    assert budgets(UNSETTLED - 1, 0) == options.budgets
    assert budgets(UNSETTLED, UNSETTLED + 1) == options.budgets
    assert budgets(UNSETTLED, UNSETTLED) == replace(options.budgets, optimal=0)
    task = _task()
    watch = Stopwatch()
    kept = measure_task(task, replace(options.budgets, optimal=0), watch)
    assert "optimal" not in watch.seconds
    assert kept.bound == lower_bound(task) < kept.cost and not kept.optimal


def test_tasks_on_one_grounding_share_their_relaxed_task_with_their_own_goal():
    """A candidate's GroundTask is its grounding's with another start and goal: its relaxed task is the
    grounding's (built once: 0.8 s on parking p01) with its own goal, and its heuristic values are those of one
    built afresh; a task with other costs gets its own."""
    ground = _task().ground
    other = replace(ground, goal_idx=ground.goal_idx[:1])
    mine, theirs = relax(ground), relax(other)
    assert theirs.pre_idx is mine.pre_idx and np.array_equal(theirs.goal_idx, other.goal_idx)
    fresh = replace(other, pre_idx=other.pre_idx.copy())  # other arrays: built anew
    assert relax(fresh).pre_idx is not mine.pre_idx
    states = ground.unpack(ground.init_bits[None, :])
    for name in ("lmcut", "hmax"):
        values = []
        for task in (other, fresh):
            heuristic = HEURISTICS[name].factory()
            heuristic.precompute(task)
            values.append(heuristic.compute(states))
        assert np.array_equal(*values)
    dear = replace(ground, cost=ground.cost * 2)
    assert np.array_equal(relax(dear).cost, relax(ground).cost * 2)


def test_a_shared_relaxed_task_goes_with_its_grounding():
    """The shared entries hold the operator arrays weakly: once no task uses a grounding, its relaxed task is
    freed (a server or a bench solving large tasks one after another must not keep the last eight alive)."""
    import gc
    import weakref

    from agentgen_sym.planners import relaxed

    ground = _task().ground
    held = weakref.ref(relax(ground))
    assert any(entry[2] is held() for entry in relaxed._SHARED.values())
    del ground
    gc.collect()
    assert held() is None
