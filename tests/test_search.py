"""The search core against slow, obviously correct frozenset references on small random tasks,
plus hand-made tasks with known optima, limits and registry guards."""

from __future__ import annotations

import heapq
import itertools
import math
import os
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentgen_sym.planners import PLANNERS, PlannerConfig, Status, UnsupportedTask, make_planner
from agentgen_sym.planners.heuristics import HFF, Blind, GoalCount, HAdd, HMax, LMCut
from agentgen_sym.planners import portfolio as portfolio_module
from agentgen_sym.planners.open_list import BucketOpenList
from agentgen_sym.planners.portfolio import Portfolio
from agentgen_sym.planners.registry import SEARCHES, Planner
from agentgen_sym.planners.result import SearchResult
from agentgen_sym.planners.relaxed import _segment_min
from agentgen_sym.planners.search import SearchConfig, search
from agentgen_sym.planners.state_registry import StateRegistry
from agentgen_sym.compiler.limits import Deadline
from agentgen_sym.compiler.task import ConditionalEffect, Operator

from .conftest import SLACK_S
from .strategies_tasks import TaskSpec, fact_sets, spec_from, task_specs
from .tasks_handmade import blocksworld, gripper, sliding_puzzle

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------- frozenset references
def ref_applicable(op: Operator, s: frozenset[int]) -> bool:
    return set(op.pre) <= s and not set(op.neg) & s


def ref_successor(op: Operator, s: frozenset[int]) -> frozenset[int]:
    """PDDL semantics: conditions read in ``s``, deletes before adds."""
    dels, adds = set(op.delete), set(op.add)
    for e in op.effects:
        if set(e.pre) <= s and not set(e.neg) & s:
            dels |= set(e.delete)
            adds |= set(e.add)
    return frozenset((s - dels) | adds)


def ref_complements(spec: TaskSpec) -> dict[int, int]:
    """The relaxation's complement fact of each fact a condition needs false: numbered after the
    task's bits, in fact order."""
    negated = sorted({p for op in spec.operators for p in op.neg} | {p for op in spec.operators for e in op.effects
                                                                     for p in e.neg})
    return {p: spec.task.n_bits + i for i, p in enumerate(negated)}


def ref_relaxed_state(spec: TaskSpec, s: frozenset[int]) -> frozenset[int]:
    """A state over the relaxed facts: the complements of the negated facts false in it added."""
    return frozenset(s) | {c for p, c in ref_complements(spec).items() if p not in s}


def ref_relaxed_ops(spec: TaskSpec) -> list[tuple[frozenset[int], frozenset[int], int]]:
    """(preconditions, adds, cost) of the delete relaxation over the relaxed facts: a condition
    that needs p false needs p's complement, a delete of p (not re-added) adds it."""
    comp = ref_complements(spec)
    out = []
    for op in spec.operators:
        pre = frozenset(op.pre) | {comp[p] for p in op.neg}
        made = set(op.add) | {comp[p] for p in op.delete if p in comp and p not in op.add}
        if made:
            out.append((pre, frozenset(made), op.cost))
        for e in op.effects:
            made = set(e.add) | {comp[p] for p in e.delete if p in comp and p not in e.add and p not in op.add}
            if made:
                out.append((pre | set(e.pre) | {comp[p] for p in e.neg}, frozenset(made), op.cost))
    return out


def ref_relaxed_cost(spec: TaskSpec, s: frozenset[int], combine) -> float:
    """h_max (combine=max) or h_add (combine=sum) by a naive fixpoint over dicts."""
    cost = {p: 0.0 for p in ref_relaxed_state(spec, s)}
    changed = True
    while changed:
        changed = False
        for pre, adds, c in ref_relaxed_ops(spec):
            if all(p in cost for p in pre):
                value = c + combine([cost[p] for p in pre] or [0.0])
                for p in adds:
                    if value < cost.get(p, math.inf):
                        cost[p] = value
                        changed = True
    return combine([cost.get(p, math.inf) for p in spec.goal] or [0.0])


def ref_optimal_cost(spec: TaskSpec, s: frozenset[int], unit: bool = False) -> float:
    """Dijkstra over fact sets: the optimal plan cost (or length with ``unit``), inf if none."""
    best = {s: 0}
    queue = [(0, 0, s)]
    tie = 0
    while queue:
        g, _, state = heapq.heappop(queue)
        if g > best[state]:
            continue
        if spec.goal <= state:
            return g
        for op in spec.operators:
            if ref_applicable(op, state):
                nxt, ng = ref_successor(op, state), g + (1 if unit else op.cost)
                if ng < best.get(nxt, math.inf):
                    best[nxt] = ng
                    tie += 1
                    heapq.heappush(queue, (ng, tie, nxt))
    return math.inf


def unpacked(spec: TaskSpec, states: list[frozenset[int]]) -> np.ndarray:
    return spec.task.unpack(spec.pack_states(states))


def heuristic(cls, spec: TaskSpec):
    h = cls()
    h.precompute(spec.task)
    return h


def replay(spec: TaskSpec, plan: list[int]) -> frozenset[int]:
    """Apply ``plan`` from init with the batched kernels, checking applicability at each step."""
    task = spec.task
    rows = task.init_bits[None, :]
    for op in plan:
        states = task.unpack(rows)
        assert task.applicable(states)[0, op], f"operator {op} not applicable"
        rows = task.successors(rows, states, np.array([0]), np.array([op]))
    return frozenset(np.flatnonzero(task.unpack(rows)[0, :task.n_facts]).tolist())


# ---------------------------------------------------------------------- kernels
@PROPERTY
@given(st.data())
def test_applicable_and_successors_match_reference(data):
    spec = data.draw(task_specs(negative=True, conditional=True, costs=True))
    states = data.draw(fact_sets(spec))
    task = spec.task
    rows = spec.pack_states(states)
    app = task.applicable(task.unpack(rows))
    expected = np.array([[ref_applicable(op, s) for op in spec.operators] for s in states], dtype=bool)
    assert np.array_equal(app.reshape(expected.shape), expected)
    si, oi = np.nonzero(app)
    succ = task.unpack(task.successors(rows, task.unpack(rows), si, oi)) if si.size else np.zeros((0, task.n_bits))
    for k, (i, a) in enumerate(zip(si, oi)):
        assert frozenset(np.flatnonzero(succ[k, :task.n_facts]).tolist()) == ref_successor(spec.operators[a], states[i])
    if si.size:  # lazy search passes no unpacked states: conditions are read from the parents' rows
        assert np.array_equal(task.successors(rows, None, si, oi), task.successors(rows, task.unpack(rows), si, oi))


# ---------------------------------------------------------------------- heuristics
@PROPERTY
@given(st.data())
def test_hmax_and_hadd_match_naive_fixpoints(data):
    spec = data.draw(task_specs(negative=True, conditional=True, costs=True, zero_costs=True))
    states = data.draw(fact_sets(spec))
    bits = unpacked(spec, states)
    assert heuristic(HMax, spec).compute(bits).tolist() == [ref_relaxed_cost(spec, s, max) for s in states]
    assert heuristic(HAdd, spec).compute(bits).tolist() == [ref_relaxed_cost(spec, s, sum) for s in states]


@PROPERTY
@given(st.data())
def test_blind_and_goal_count(data):
    spec = data.draw(task_specs(costs=True))
    states = data.draw(fact_sets(spec))
    bits = unpacked(spec, states)
    min_cost = min((op.cost for op in spec.operators), default=0)
    assert heuristic(Blind, spec).compute(bits).tolist() == [0 if spec.goal <= s else min_cost for s in states]
    assert heuristic(GoalCount, spec).compute(bits).tolist() == [len(spec.goal - s) for s in states]


@PROPERTY
@given(st.data())
def test_hff_relaxed_plan_is_valid_and_between_hmax_and_hadd(data):
    spec = data.draw(task_specs(negative=True, conditional=True, costs=True, zero_costs=True))
    states = data.draw(fact_sets(spec))
    bits = unpacked(spec, states)
    hff = heuristic(HFF, spec)
    rt = hff.relaxed
    plans, alive = hff.relaxed_plans(bits)
    h, preferred = hff.compute_preferred(bits)
    h_max, h_add = heuristic(HMax, spec).compute(bits), heuristic(HAdd, spec).compute(bits)
    for i, s in enumerate(states):
        assert alive[i] == np.isfinite(h_max[i]) == np.isfinite(h[i])
        if not alive[i]:
            assert not preferred[i].any()
            continue
        ops = np.flatnonzero(plans[i])
        reached, grown = set(ref_relaxed_state(spec, s)), True
        while grown:  # the plan's operators alone reach the goal in the relaxation
            grown = False
            for r in ops:
                pre = set(rt.pre_idx[r].tolist()) - {spec.task.true_fact}
                adds = set(rt.add_fact[rt.add_start[r]:rt.add_start[r] + _n_adds(rt, r)].tolist())
                if pre <= reached and not adds <= reached:
                    reached |= adds
                    grown = True
        assert spec.goal <= reached
        assert h[i] == rt.cost[ops].sum()
        assert h_max[i] <= h[i] <= h_add[i]
        for a in np.flatnonzero(preferred[i]):
            assert ref_applicable(spec.operators[a], s) and a in rt.op_idx[ops]


@pytest.mark.parametrize("n_rows, n_states, longest", [(40, 4, 3), (3000, 16, 4), (3000, 16, 40), (500, 64, 1)])
def test_segment_min_matches_a_loop(n_rows, n_states, longest):
    """Both of _segment_min's ways (folding by position for big blocks of short runs, reduceat
    otherwise) against a plain loop over the runs."""
    rng = np.random.default_rng(n_rows + longest)
    values = rng.integers(0, 50, size=(n_rows, n_states)).astype(np.float64)
    lengths = rng.integers(1, longest + 1, size=n_rows)
    lengths = lengths[np.cumsum(lengths) <= n_rows]
    rows = rng.permutation(n_rows)[:int(lengths.sum())]
    starts = np.zeros(rows.size, dtype=bool)
    starts[np.cumsum(lengths) - lengths] = True
    bounds = np.append(np.flatnonzero(starts), rows.size)
    expected = np.stack([values[rows[a:b]].min(axis=0) for a, b in zip(bounds[:-1], bounds[1:])])
    assert np.array_equal(_segment_min(values, rows, starts), expected)


def test_hff_supporters_never_cycle_through_zero_cost_ties():
    """p costs 1 (via c) and so does the zero-cost detour p -> q -> p: choosing supporters by value
    alone could pick the detour and return the invalid plan {a, b} with cost 0."""
    ops = [Operator("a", (), pre=(2,), add=(1,), cost=0), Operator("b", (), pre=(1,), add=(2,), cost=0),
           Operator("c", (), pre=(0,), add=(1,), cost=1)]
    spec = spec_from(3, [0], [1], ops)
    hff = heuristic(HFF, spec)
    plans, _ = hff.relaxed_plans(unpacked(spec, [frozenset({0})]))
    assert hff.relaxed.op_idx[np.flatnonzero(plans[0])].tolist() == [2]
    assert hff.compute(unpacked(spec, [frozenset({0})])).tolist() == [1.0]


def _n_adds(rt, r: int) -> int:
    end = rt.add_start[r + 1] if r + 1 < rt.n_rel else rt.add_fact.size
    return int(end - rt.add_start[r])


@PROPERTY
@given(st.data())
def test_lmcut_between_hmax_and_optimal_cost(data):
    spec = data.draw(task_specs(negative=True, costs=True, zero_costs=True))
    states = data.draw(fact_sets(spec))
    bits = unpacked(spec, states)
    lmcut, h_max = heuristic(LMCut, spec).compute(bits), heuristic(HMax, spec).compute(bits)
    for i, s in enumerate(states):
        optimum = ref_optimal_cost(spec, s)
        assert h_max[i] <= lmcut[i] <= optimum
        assert np.isinf(lmcut[i]) == np.isinf(h_max[i])


def test_lmcut_exceeds_hmax_where_landmarks_add_up():
    """Three independent goals of cost 1: h_max = 1, LM-cut = h* = 3."""
    ops = [Operator("get", (str(i),), add=(i,)) for i in range(3)]
    spec = spec_from(3, [], [0, 1, 2], ops)
    bits = unpacked(spec, [frozenset()])
    assert heuristic(HMax, spec).compute(bits)[0] == 1
    assert heuristic(LMCut, spec).compute(bits)[0] == 3


# ---------------------------------------------------------------------- searches
OPTIMAL_UNIT = ["bfs", "ucs", "astar-blind", "astar-hmax", "astar-lmcut", "optimal"]
OPTIMAL_COST = ["ucs", "astar-blind", "astar-hmax", "astar-lmcut", "optimal"]


@PROPERTY
@given(task_specs(negative=True))
def test_bfs_length_equals_astar_optimum_unit_cost(spec):
    optimum = ref_optimal_cost(spec, spec.init)
    for name in OPTIMAL_UNIT:
        result = make_planner(name).solve(spec.task)
        if math.isinf(optimum):
            assert result.status is Status.UNSOLVABLE, name
        else:
            assert result.status is Status.SOLVED and result.cost == len(result.plan) == optimum, name


@PROPERTY
@given(task_specs(negative=True, costs=True, zero_costs=True))
def test_optimal_planners_agree_on_cost(spec):
    optimum = ref_optimal_cost(spec, spec.init)
    for name in OPTIMAL_COST:
        result = make_planner(name).solve(spec.task)
        if math.isinf(optimum):
            assert result.status is Status.UNSOLVABLE, name
        else:
            assert result.solved and result.cost == optimum, name
            assert spec.goal <= replay(spec, result.plan)
    bfs = make_planner("bfs").solve(spec.task)
    if bfs.solved:
        assert len(bfs.plan) == ref_optimal_cost(spec, spec.init, unit=True)


@PROPERTY
@given(task_specs(negative=True, conditional=True, costs=True, zero_costs=True))
def test_every_planner_returns_a_valid_plan_or_proves_unsolvable(spec):
    optimum = ref_optimal_cost(spec, spec.init)
    for name in PLANNERS:
        planner = make_planner(name)
        result = planner.solve(spec.task)
        if planner.unsupported(spec.task):
            assert result.status is Status.UNSUPPORTED and result.plan is None
            continue
        if math.isinf(optimum):
            assert result.status is Status.UNSOLVABLE, name
            continue
        assert result.solved, name
        assert spec.goal <= replay(spec, result.plan), name
        assert result.cost == sum(spec.operators[a].cost for a in result.plan)
        if planner.optimal:
            assert result.cost == optimum, name
        assert result.stats.seconds >= 0 and result.stats.peak_memory_mb > 0


@pytest.mark.parametrize("batch_size", [1, 3])
@PROPERTY
@given(spec=task_specs(costs=True, zero_costs=True))
def test_small_batches_keep_astar_optimal(spec, batch_size):
    optimum = ref_optimal_cost(spec, spec.init)
    result = make_planner(PlannerConfig("astar", "lmcut", batch_size=batch_size)).solve(spec.task)
    assert (result.status is Status.UNSOLVABLE) if math.isinf(optimum) else result.cost == optimum


def ref_lazy_greedy_expansions(spec: TaskSpec) -> int | None:
    """Fast Downward's lazy greedy search with the goal count, one state at a time (its
    src/search/search_algorithms/lazy_search.cc, ``step`` and ``fetch_next_state``): an expanded
    state queues every (state, applicable operator) pair with its own h, FIFO among ties; a
    popped pair's successor is built then, skipped when already expanded, goal-tested and
    expanded. Expansions until a goal is popped, None when the queue runs dry."""
    if spec.goal <= spec.init:
        return 0
    tie = itertools.count()
    queue: list[tuple[int, int, frozenset[int], int]] = []
    closed: set[frozenset[int]] = set()

    def expand(s: frozenset[int]) -> None:
        closed.add(s)
        for i, op in enumerate(spec.operators):
            if ref_applicable(op, s):
                heapq.heappush(queue, (len(spec.goal - s), next(tie), s, i))

    expand(spec.init)
    while queue:
        _, _, parent, i = heapq.heappop(queue)
        s = ref_successor(spec.operators[i], parent)
        if s in closed:
            continue
        if spec.goal <= s:
            return len(closed)
        expand(s)
    return None


@PROPERTY
@given(task_specs(negative=True, conditional=True))
def test_lazy_greedy_search_expands_like_fast_downward(spec):
    goal_count = GoalCount()
    goal_count.precompute(spec.task)
    result = search(spec.task, replace(SEARCHES["lazy-gbfs"].config, batch_size=1), goal_count)
    expected = ref_lazy_greedy_expansions(spec)
    if expected is None:
        assert result.status is Status.UNSOLVABLE
    else:
        assert result.solved and result.stats.expanded == expected
        assert spec.goal <= replay(spec, result.plan)


def test_lazy_greedy_search_builds_a_state_from_the_first_pair_popped():
    """t is queued from p (h = 2) before it is queued from q (h = 1); the pair from q is popped
    first, so t is built from q and the plan goes through q, not p."""
    i, p, q, g1, g2, t, r, w = range(8)
    ops = [Operator("a", (), pre=(i,), add=(p,), delete=(i,)),
           Operator("b", (), pre=(i,), add=(q, g1), delete=(i,)),
           Operator("c", (), pre=(p,), add=(t,), delete=(p,)),
           Operator("d", (), pre=(q,), add=(t,), delete=(q, g1)),
           Operator("e", (), pre=(q,), add=(r,), delete=(q,)),
           Operator("f", (), pre=(t,), add=(g1, g2)),
           Operator("g", (), pre=(r,), add=(w,), delete=(r,))]
    spec = spec_from(8, {i}, {g1, g2}, ops)
    goal_count = GoalCount()
    goal_count.precompute(spec.task)
    result = search(spec.task, replace(SEARCHES["lazy-gbfs"].config, batch_size=1), goal_count)
    assert result.stats.expanded == ref_lazy_greedy_expansions(spec) == 6
    assert [spec.operators[k].action for k in result.plan] == ["b", "d", "f"]


HANDMADE = {
    "blocksworld-3": (lambda: blocksworld([["a", "b", "c"]], [["c", "b", "a"]]), 6),
    "blocksworld-4": (lambda: blocksworld([["a", "b"], ["c", "d"]], [["d", "c", "b", "a"]]), 8),
    "gripper-2": (lambda: gripper(2), 5),
    "gripper-4": (lambda: gripper(4), 11),
    "8-puzzle": (lambda: sliding_puzzle(3, 30, seed=1), 16),
}


@pytest.mark.parametrize("task_name", list(HANDMADE))
@pytest.mark.parametrize("planner_name", list(PLANNERS))
def test_handmade_tasks(task_name, planner_name):
    build, optimum = HANDMADE[task_name]
    task = build()
    planner = make_planner(planner_name)
    result = planner.solve(task, time_limit=60)
    assert result.solved
    if planner.optimal or planner_name == "bfs":
        assert result.cost == optimum
    assert result.cost >= optimum
    assert result.stats.expanded > 0 and result.stats.generated >= result.stats.expanded


def test_goal_at_init_and_dead_init():
    spec = spec_from(2, [0], [0], [Operator("o", (), pre=(1,), add=(0,))])
    for name in PLANNERS:
        result = make_planner(name).solve(spec.task)
        assert result.solved and result.plan == [] and result.cost == 0
    dead = spec_from(2, [], [0], [Operator("o", (), pre=(1,), add=(0,))])
    for name in PLANNERS:
        assert make_planner(name).solve(dead.task).status is Status.UNSOLVABLE


def test_unsolvable_needing_full_exploration():
    """Relaxed-reachable goal, but deletes make it unreachable: complete searches exhaust the space."""
    ops = [Operator("a", (), pre=(0,), add=(1,), delete=(0,)),
           Operator("b", (), pre=(0,), add=(2,), delete=(0,))]
    spec = spec_from(3, [0], [1, 2], ops)
    for name in PLANNERS:
        result = make_planner(name).solve(spec.task)
        assert result.status is Status.UNSOLVABLE, name
        assert result.plan is None and result.stats.expanded >= 1


# ---------------------------------------------------------------------- limits
def test_time_limit_reached_with_stats():
    task = sliding_puzzle(4, 200, seed=3)
    result = make_planner("ucs").solve(task, time_limit=0.2)
    assert result.status is Status.LIMIT_REACHED and "time limit" in result.message
    assert result.plan is None
    # the limit covers the set-up too (relevance, heuristic tables); the stats time the search alone
    assert result.stats.expanded > 0 and result.stats.generated > 0 and 0 < result.stats.seconds <= 0.2 + SLACK_S


class _SlowGoalCount(GoalCount):
    """The goal count at 40 ms a state: a stand-in for LM-cut on a large task."""

    def compute(self, states):
        time.sleep(0.04 * states.shape[0])
        return super().compute(states)


def test_time_limit_holds_while_one_batch_of_successors_is_evaluated():
    n = 2000  # the root's successors: evaluating them all at once would take 80 s
    spec = spec_from(n + 1, {0}, {n}, [Operator("o", (), pre=(0,), add=(i + 1,), delete=(0,))
                                         for i in range(n)])
    heuristic = _SlowGoalCount()
    heuristic.precompute(spec.task)
    started = time.perf_counter()
    result = search(spec.task, SEARCHES["gbfs"].config, heuristic, Deadline.after(0.5))
    assert result.status is Status.LIMIT_REACHED and time.perf_counter() - started < 0.5 + SLACK_S


def test_a_portfolio_out_of_time_reports_the_limit():
    result = make_planner("default").solve(sliding_puzzle(3, 30, seed=1), time_limit=0)
    assert result.status is Status.LIMIT_REACHED and "time limit" in result.message


def test_memory_limit_reached_with_stats():
    task = sliding_puzzle(4, 200, seed=3)
    result = make_planner("bfs").solve(task, memory_limit_mb=2)
    assert result.status is Status.LIMIT_REACHED and "memory limit" in result.message
    assert result.stats.peak_memory_mb > 2 and result.stats.expanded > 0


# ---------------------------------------------------------------------- registry guards
def _conditional_task() -> TaskSpec:
    op = Operator("o", (), add=(0,), effects=(ConditionalEffect(pre=(0,), add=(1,)),))
    return spec_from(2, [], [1], [op])


def test_registry_refuses_lmcut_on_conditional_effects():
    spec = _conditional_task()
    with pytest.raises(UnsupportedTask, match="heuristic 'lmcut' does not support conditional effects"):
        make_planner("astar-lmcut", spec.task)
    result = make_planner("astar-lmcut").solve(spec.task)
    assert result.status is Status.UNSUPPORTED and "conditional effects" in result.message
    assert result.stats.expanded == 0
    assert isinstance(UnsupportedTask("x"), ValueError)
    assert make_planner("astar-hmax", spec.task).solve(spec.task).cost == 2


def test_optimal_portfolio_falls_back_to_hmax_where_lmcut_refuses():
    spec = _conditional_task()
    result = make_planner("optimal", spec.task).solve(spec.task)
    assert result.solved and result.cost == 2 and make_planner("optimal").optimal


def _portfolio(members: tuple[tuple[str, float], ...], concurrent: tuple[str, ...] = ()) -> Portfolio:
    """A test portfolio of the registry's planners, by name."""
    return Portfolio("test", tuple((make_planner(name), share) for name, share in members),
                     concurrent=tuple(make_planner(name) for name in concurrent))


def test_default_portfolio_moves_on_when_a_member_stalls():
    spec = _conditional_task()
    stalling = _portfolio((("astar-lmcut", 0.5), ("gbfs-goalcount", 1.0)))
    result = stalling.solve(spec.task, time_limit=10)
    assert result.solved  # lmcut refuses this task, so goal-count gets the time


def _child_pids(parent: int | None = None) -> set[int]:
    """Processes (zombies included) whose parent is ``parent`` (this one by default), from /proc."""
    parent = os.getpid() if parent is None else parent
    children = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:
            children.add(int(stat.parent.name))
    return children


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see child processes")
def test_side_by_side_portfolio_is_settled_by_whichever_member_can():
    """Uniform-cost search cannot finish the 15-puzzle; in turn it would keep the whole limit
    (its share is 1.0), side by side goal-count GBFS solves it and the loser is killed."""
    before = _child_pids()

    task = sliding_puzzle(4, 60, seed=7)
    portfolio = _portfolio((("ucs", 1.0), ("gbfs-goalcount", 1.0)), concurrent=("ucs", "gbfs-goalcount"))
    result = portfolio.solve(task, time_limit=60)
    assert result.solved and "gbfs-goalcount" in result.message
    assert task.plan_steps(result.plan) and result.cost == len(result.plan)
    assert _child_pids() <= before  # the members' processes are gone, none left a zombie
    in_turn = portfolio.solve(task, time_limit=1.5, expansion_limit=10 ** 9)  # an expansion limit: in turn
    assert in_turn.status is Status.LIMIT_REACHED


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see child processes")
def test_the_in_turn_phase_leaves_the_race_most_of_the_time(monkeypatch: pytest.MonkeyPatch):
    """Uniform-cost search, in turn first with a share of 1.0 and expansions enough for the whole limit,
    stops at a tenth of it; goal-count GBFS then has the rest side by side and solves the 15-puzzle."""
    monkeypatch.setattr(Portfolio, "FIRST_EXPANSIONS", 10 ** 9)
    portfolio = _portfolio((("ucs", 1.0),), concurrent=("ucs", "gbfs-goalcount"))
    result = portfolio.solve(sliding_puzzle(4, 60, seed=7), time_limit=20)
    assert result.solved and "gbfs-goalcount" in result.message


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see child processes")
def test_side_by_side_portfolio_stops_at_the_time_limit():
    before = _child_pids()
    portfolio = _portfolio((("ucs", 1.0),), concurrent=("ucs", "bfs"))
    result = portfolio.solve(sliding_puzzle(4, 200, seed=3), time_limit=1.0)
    assert result.status is Status.LIMIT_REACHED and "time limit" in result.message
    assert result.stats.expanded > 0 and _child_pids() <= before


@pytest.mark.skipif(not hasattr(os, "fork"), reason="side by side needs os.fork")
def test_side_by_side_helpers_run_at_a_lower_priority_than_the_lead(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path):
    """Three members on two cores would each get two thirds of one; the lead must keep its priority."""
    def report_niceness(member, task, deadline, memory_limit_mb, send):
        (tmp_path / member.name).write_text(str(os.nice(0)))
        send.send(SearchResult(Status.LIMIT_REACHED, message="time limit reached"))
        send.close()

    monkeypatch.setattr(portfolio_module, "_run_member", report_niceness)
    members = ("gbfs-goalcount", "ucs", "bfs")
    _portfolio((), concurrent=members).solve(sliding_puzzle(3, 10, seed=1), time_limit=30)
    own = os.nice(0)
    helper = min(19, own + Portfolio.HELPER_NICENESS)
    assert {m: int((tmp_path / m).read_text()) for m in members} == {"gbfs-goalcount": own, "ucs": helper,
                                                                     "bfs": helper}


_ORPHANING_SOLVE = """
import os, sys
sys.path.insert(0, sys.argv[1])
from agentgen_sym.planners import make_planner
from agentgen_sym.planners.portfolio import Portfolio
from tasks_handmade import sliding_puzzle
ucs, bfs = make_planner("ucs"), make_planner("bfs")
Portfolio("test", ((ucs, 1.0),), concurrent=(ucs, bfs)).solve(sliding_puzzle(4, 200, seed=3), time_limit=120)
"""


def _alive(pid: int) -> bool:
    """Running or sleeping: a zombie (killed, not yet reaped by whoever adopted it) is not alive."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux") or not Path("/proc/self/stat").exists(),
                    reason="PR_SET_PDEATHSIG is Linux's; needs /proc to see the members")
def test_side_by_side_members_die_with_a_parent_killed_outright():
    """SIGKILL skips the portfolio's ``finally``: without the kernel's help its members would search on
    for the whole 120 s limit."""
    solver = subprocess.Popen([sys.executable, "-c", _ORPHANING_SOLVE, str(Path(__file__).parent)])
    try:
        deadline = time.monotonic() + 60
        members: set[int] = set()
        while len(members) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            members = _child_pids(solver.pid)
        assert len(members) == 2, "the portfolio never went side by side"
        solver.kill()
        solver.wait()
        deadline = time.monotonic() + 10
        while any(_alive(pid) for pid in members) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(pid) for pid in members)
    finally:
        solver.kill()


def test_default_portfolio_under_an_expansion_limit_is_machine_independent():
    task = sliding_puzzle(4, 60, seed=7)
    runs = [make_planner("default").solve(task, time_limit=60, expansion_limit=5000) for _ in range(2)]
    assert runs[0].solved and runs[0].plan == runs[1].plan
    assert runs[0].stats.expanded == runs[1].stats.expanded


@pytest.mark.parametrize("config, message", [
    ("no-such-planner", "unknown planner"),
    (PlannerConfig("dfs"), "unknown search"),
    (PlannerConfig("astar", "hfoo"), "unknown heuristic"),
    (PlannerConfig("astar"), "needs a heuristic"),
    (PlannerConfig("bfs", "hff"), "takes no heuristic"),
    (PlannerConfig("astar", "hff", preferred=True), "preferred operators"),
    (PlannerConfig("gbfs", "hadd", preferred=True), "preferred operators"),
    (PlannerConfig("gbfs", "hff", weight=3), "weight"),
    (PlannerConfig("astar", "hmax", weight=0), "weight"),
])
def test_registry_rejects_inconsistent_configurations(config, message):
    with pytest.raises(ValueError, match=message):
        make_planner(config)


@pytest.mark.parametrize("kwargs", [dict(order="dfs"), dict(order="f", weight=0), dict(order="h", batch_size=0)])
def test_search_config_rejects_bad_values(kwargs):
    with pytest.raises(ValueError):
        SearchConfig(goal_test_at_generation=True, reopen=False, **kwargs)


def test_planner_optimality_flags():
    assert make_planner("optimal").optimal and make_planner("ucs").optimal and make_planner("astar-hmax").optimal
    assert not make_planner("astar-hadd").optimal and not make_planner("default").optimal
    assert not make_planner("wastar-hff").optimal and not make_planner("bfs").optimal
    assert isinstance(make_planner(PlannerConfig("astar", "hmax", weight=2)), Planner)
    assert not make_planner(PlannerConfig("astar", "hmax", weight=2)).optimal


# ---------------------------------------------------------------------- building blocks
def test_state_registry_deduplicates_exactly_and_grows():
    reg = StateRegistry(n_words=2, capacity=2)
    rows = np.array([[1, 2], [3, 4], [1, 2], [5, 6], [3, 4]], dtype=np.uint64)
    ids = reg.insert(rows)
    assert ids.tolist() == [0, 1, 0, 2, 1] and reg.size == 3
    assert reg.rows[:3].tolist() == [[1, 2], [3, 4], [5, 6]] and reg.rows.shape[0] >= 3
    assert reg.insert(rows[::-1]).tolist() == [1, 2, 0, 1, 0] and reg.size == 3
    unseen = np.array([[3, 4], [7, 8], [7, 8]], dtype=np.uint64)
    assert reg.find(unseen).tolist() == [1, -1, -1] and reg.size == 3  # looking up registers nothing


@pytest.mark.parametrize("n_words", [1, 3])
def test_state_registry_gives_first_seen_ids_like_a_dict_of_rows(n_words: int):
    """One-word states are keyed by their int, wider ones by their bytes: both number rows in the order
    first seen, across batches and inside one, and find registers nothing."""
    rng = np.random.default_rng(n_words)
    reg, reference = StateRegistry(n_words=n_words, capacity=1), {}
    for _ in range(30):
        shape = (int(rng.integers(0, 40)), n_words)  # the lowest and the highest bits both tell rows apart
        rows = rng.integers(0, 3, size=shape, dtype=np.uint64) << np.uint64(62) | rng.integers(0, 2, size=shape,
                                                                                             dtype=np.uint64)
        rows = rows[::-1] if rng.random() < 0.5 else rows  # a view that is not contiguous
        expected = [reference.setdefault(tuple(row), len(reference)) for row in rows.tolist()]
        assert reg.insert(rows).tolist() == expected and reg.size == len(reference)
    assert [tuple(row) for row in reg.rows[:reg.size].tolist()] == list(reference)
    probe = rng.integers(0, 4, size=(50, n_words), dtype=np.uint64) << np.uint64(62) | rng.integers(
        0, 3, size=(50, n_words), dtype=np.uint64)
    assert reg.find(probe).tolist() == [reference.get(tuple(row), -1) for row in probe.tolist()]
    assert reg.size == len(reference)


def test_bucket_open_list_keeps_push_order_when_every_key_is_equal():
    ol = BucketOpenList()
    ol.push(np.array([[1, 3], [1, 3]]), np.array([20, 21]))
    ol.push(np.array([[1, 3], [0, 0], [1, 3]]), np.array([22, 23, 24]))
    assert [ol.pop_batch(9)[1].tolist() for _ in range(2)] == [[23], [20, 21, 22, 24]] and ol.size == 0


def test_bucket_open_list_pops_lowest_key_fifo_in_batches():
    ol = BucketOpenList()
    ol.push(np.array([[2, 0], [1, 5], [1, 3], [1, 3]]), np.array([10, 11, 12, 13]))
    ol.push(np.array([[1, 3]]), np.array([14]))
    key, ids = ol.pop_batch(2)
    assert key == (1, 3) and ids.tolist() == [12, 13]
    key, ids = ol.pop_batch(5)
    assert key == (1, 3) and ids.tolist() == [14]
    assert [ol.pop_batch(5)[1].tolist() for _ in range(2)] == [[11], [10]] and ol.size == 0


def test_solve_keeps_the_default_portfolio_in_turn_when_asked(monkeypatch: pytest.MonkeyPatch):
    """Drafting solves with side_by_side=False: its plan files must not depend on which member wins a race."""
    from agentgen_sym.compiler.compile import compile_task
    from agentgen_sym.compiler.parser import parse_domain, parse_problem
    from agentgen_sym.solver import solve

    from .conftest import CORPUS

    folder = CORPUS / "kitchen-line"
    task = compile_task(parse_domain(folder / "domain.pddl"), parse_problem(sorted(folder.glob("p*.pddl"))[-1]))
    monkeypatch.setattr(Portfolio, "FIRST_EXPANSIONS", 1)  # past the first phase at once: the race starts

    def no_fork() -> int:
        raise AssertionError("a member was forked")

    monkeypatch.setattr(os, "fork", no_fork)
    runs = [solve(task, "default", time_limit=60, side_by_side=False) for _ in range(2)]
    assert runs[0].solved and runs[0].steps == runs[1].steps
    with pytest.raises(AssertionError, match="forked"):
        solve(task, "default", time_limit=60)


def test_a_stopped_optimal_search_leaves_a_lower_bound():
    """Stopped by its expansions, breadth-first search leaves the shallowest open depth d (no plan has d
    operators or fewer) and A* the lowest open f (no plan costs less): both stay at or below the optimum and
    grow with the budget."""
    task = sliding_puzzle(3, 30, seed=1)
    optimum = make_planner("bfs").solve(task)
    assert optimum.solved and optimum.stats.frontier is None
    depths = []
    for limit in (5, 50, 300):
        stopped = make_planner("bfs").solve(task, expansion_limit=limit)
        assert stopped.status is Status.LIMIT_REACHED
        depths.append(stopped.stats.frontier)
        assert stopped.stats.frontier + 1 <= len(optimum.plan)
    assert depths == sorted(depths) and depths[-1] > depths[0]
    stopped = make_planner("astar-hmax").solve(task, expansion_limit=20)
    assert stopped.status is Status.LIMIT_REACHED and 0 < stopped.stats.frontier <= optimum.cost
