"""Per-state loops compiled with numba, for the kernels whose NumPy form is dominated by per-call
overhead (see docs/performance.md): h_FF's relaxed plans and LM-cut.

Each kernel computes exactly what the NumPy code in relaxed.py / heuristics.py computes — for h_FF
the fixpoint and the levels of its Jacobi iteration (by a Dijkstra pass, see ``relaxed_plans``),
the same supporter choice (the first achiever in ``ach_op`` order); for
LM-cut the same h_max values (a unique least fixpoint), the same precondition choice (the first of
highest cost), the same goal zone and cut (closures, so their order of discovery does not matter)
— so the values and therefore the searches are identical; tests/test_kernels.py checks that on
random states. Sums are of integer costs in float64, exact below 2**53.

h_FF's pass values each operator once and refuses negative costs; LM-cut's fixpoints are
bounded by the rounds they provably need (a round per step of the longest cheapest derivation,
at most one per fact; each cut of positive cost): past them the kernel raises FixpointError at
once, where a bug or a corrupt task (a negative cost on a cycle, an achiever table that
disagrees with the adds) would otherwise loop until a test's timeout.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numba import njit

from agentgen_sym.compiler.task import Axiom, GroundAtom, Operator, build_task
from agentgen_sym.planners.relaxed import FixpointError, RelaxedTask, relax
from agentgen_sym.planners import kernel_cache
from agentgen_sym.planners.successors import SuccessorGenerator, _applicable, _derive


@njit(cache=True, nogil=True)
def _relaxed_plans(states: np.ndarray, pre_idx: np.ndarray, cost: np.ndarray, ach_start: np.ndarray,
                   ach_stop: np.ndarray, ach_row: np.ndarray, ach_op: np.ndarray, add_start: np.ndarray,
                   add_stop: np.ndarray, add_fact: np.ndarray, con_start: np.ndarray, con_op: np.ndarray,
                   pre_count: np.ndarray, pre_free: np.ndarray, goal_idx: np.ndarray, is_goal: np.ndarray,
                   track_level: bool, h: np.ndarray, plan_start: np.ndarray, plan_op: np.ndarray) -> None:
    n, n_bits = states.shape
    n_goals = 0
    for f in range(n_bits):
        n_goals += is_goal[f]
    mark = np.zeros(pre_idx.shape[0], dtype=np.int64)  # s + 1 for the operators in state s's plan
    n_plan = 0
    costs = np.empty(n_bits)
    level = np.zeros(n_bits, dtype=np.int64)  # all 0 unless track_level
    op_val = np.empty(pre_idx.shape[0])  # cost plus the preconditions settled so far: the value once waiting is 0
    op_level = np.zeros(pre_idx.shape[0], dtype=np.int64)  # the highest settled precondition's level
    waiting = np.empty_like(pre_count)
    needed = np.zeros(n_bits, dtype=np.bool_)
    stack = np.empty(n_bits, dtype=np.int64)
    size_cap = n_bits + add_fact.size  # one heap entry per fact and per (cost, level) a fact falls to
    heap_cost = np.empty(size_cap)
    heap_level = np.empty(size_cap, dtype=np.int64)
    heap_fact = np.empty(size_cap, dtype=np.int64)
    first_level = 1 if track_level else 0
    for s in range(n):
        waiting[:] = pre_count  # a copy of every counter is cheaper than listing those a state touched
        op_val[:] = cost
        if track_level:
            op_level[:] = 0
        size = 0
        for f in range(n_bits):
            level[f] = 0
            needed[f] = False
            if states[s, f]:
                costs[f] = 0.0
                size = _heap_push(heap_cost, heap_level, heap_fact, size, 0.0, 0, f)
            else:
                costs[f] = np.inf
        for o in pre_free:
            size = _lower_adds_to(o, cost[o], first_level, add_start, add_stop, add_fact, costs, level,
                                  heap_cost, heap_level, heap_fact, size)
        unsettled = n_goals
        while size:
            c, lv, f, size = _heap_pop(heap_cost, heap_level, heap_fact, size)
            if c > costs[f] or (c == costs[f] and lv > level[f]):  # fell again after this entry was pushed
                continue
            if is_goal[f]:
                unsettled -= 1
                if unsettled == 0:  # every fact a plan can need is settled (see plan_lists)
                    break
            for i in range(con_start[f], con_start[f + 1]):
                o = con_op[i]
                op_val[o] += c  # the TRUE padding is no consumer: it costs 0, at level 0
                if track_level and lv > op_level[o]:
                    op_level[o] = lv
                waiting[o] -= 1
                if waiting[o] == 0:
                    size = _lower_adds_to(o, op_val[o], op_level[o] + first_level, add_start, add_stop, add_fact,
                                          costs, level, heap_cost, heap_level, heap_fact, size)
        plan_start[s] = n_plan
        h[s] = 0.0
        for g in goal_idx:
            if costs[g] == np.inf:
                h[s] = np.inf
        if h[s] == 0.0:
            n_plan = _walk_back(s, states, pre_idx, cost, ach_start, ach_stop, ach_row, ach_op, goal_idx, costs,
                                level, op_val, waiting, needed, stack, mark, plan_op, n_plan, h)
    plan_start[n] = n_plan


@njit(cache=True, nogil=True)
def _walk_back(s: int, states: np.ndarray, pre_idx: np.ndarray, cost: np.ndarray, ach_start: np.ndarray,
               ach_stop: np.ndarray, ach_row: np.ndarray, ach_op: np.ndarray, goal_idx: np.ndarray,
               costs: np.ndarray, level: np.ndarray, op_val: np.ndarray, waiting: np.ndarray, needed: np.ndarray,
               stack: np.ndarray, mark: np.ndarray, plan_op: np.ndarray, n_plan: int, h: np.ndarray) -> int:
    """Append state ``s``'s relaxed plan to ``plan_op`` (returns its new length) and its cost to
    ``h[s]``: from the goal facts false in the state back through each needed fact's supporter,
    the first achiever in ``ach_op`` order reaching the fact's cost whose preconditions settled at
    a lower level (checked for zero-cost achievers only, as in HFF._supporters); supporters are
    looked up for the needed facts only."""
    width = pre_idx.shape[1]
    top_of_stack = 0
    for g in goal_idx:
        if not states[s, g] and not needed[g]:
            needed[g] = True
            stack[top_of_stack] = g
            top_of_stack += 1
    while top_of_stack:
        top_of_stack -= 1
        f = stack[top_of_stack]
        a = ach_row[f]
        o = -1
        for i in range(ach_start[a], ach_stop[a]):
            o = ach_op[i]
            if waiting[o] or op_val[o] != costs[f]:  # not valued, or not reaching the fact's cost
                continue
            if cost[o] == 0:
                top = 0
                for j in range(width):
                    lv = level[pre_idx[o, j]]
                    if lv > top:
                        top = lv
                if top >= level[f]:
                    continue
            break
        if mark[o] == s + 1:
            continue
        mark[o] = s + 1
        plan_op[n_plan] = o
        n_plan += 1
        h[s] += cost[o]
        for j in range(width):
            p = pre_idx[o, j]
            if not states[s, p] and not needed[p]:
                needed[p] = True
                stack[top_of_stack] = p
                top_of_stack += 1
    return n_plan


def relaxed_plans(rt: RelaxedTask, states: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``HFF.relaxed_plans`` compiled, for ``rt.extend``ed states: relaxed plans ``bool[n, n_rel]`` and
    ``alive: bool[n]`` (the dense form of ``plan_lists``, for comparisons)."""
    h, start, ops = plan_lists(rt, states)
    plan = np.zeros((states.shape[0], rt.n_rel), dtype=bool)
    plan[np.repeat(np.arange(h.size), np.diff(start)), ops] = True
    return plan, np.isfinite(h)


def plan_lists(rt: RelaxedTask, states: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """h_FF of ``rt.extend``ed states ``float64[n]`` (inf for a dead end) and their relaxed plans
    as lists: state ``s``'s relaxed operators are ``ops[start[s]:start[s + 1]]``.

    Per state one Dijkstra pass over unary-operator counters (Fast Downward's additive heuristic
    exploration): each settled fact adds its cost to the operators reading it, and an operator is
    valued when its last precondition is settled, so a state costs the operators its reachable
    facts read, not a sweep over every operator per fixpoint round, and no operator's
    preconditions are read again to value it. The heap orders facts by (h_add cost, level), where
    a fact's level is the least height of a cheapest derivation: that is the fixpoint the NumPy
    code's Jacobi iteration reaches and the iteration in which it last lowers each fact, so the
    supporters, and the plans, are the same (an operator's (value, level) is above each
    precondition's, as costs are non-negative, so Dijkstra's order settles every fact once). A plan
    has at most one supporter per fact. Levels matter only to zero-cost achievers (see
    ``_walk_back``): on a task without them every level stays 0 (they were an eighth of the pass
    on satellite), and the costs alone order the heap.

    As in Fast Downward, the pass stops once the last goal fact is settled: every fact a relaxed
    plan needs has a lower (cost, level) than the goal fact it serves (a lower cost where no
    achiever is free), so it is settled by then, and so is every achiever the supporter choice
    could pick (a positive-cost one has cheaper preconditions; a zero-cost one qualifies only with
    lower-level ones); those not valued yet could not be picked anyway."""
    n = states.shape[0]
    h = np.zeros(n)
    start = np.zeros(n + 1, dtype=np.int64)
    if rt.n_rel == 0:
        h[:] = np.where(states[:, rt.goal_idx].all(axis=1), 0.0, np.inf)
        return h, start, np.zeros(0, dtype=np.int64)
    if rt.cost.min() < 0:
        raise FixpointError("h_FF kernel: a negative operator cost (the relaxed exploration needs non-negative "
                            "costs; on a cycle there is no least fixpoint)")
    ops = np.empty(n * rt.n_bits, dtype=np.int64)
    is_goal = np.zeros(rt.n_bits, dtype=np.bool_)
    is_goal[rt.goal_idx] = True
    _relaxed_plans(np.ascontiguousarray(states), rt.pre_idx, rt.float_cost, rt.ach_start, rt.ach_stop, rt.ach_row,
                   rt.ach_op, rt.add_start, rt.add_stop, rt.add_fact, rt.con_start, rt.con_op, rt.pre_count32,
                   rt.pre_free_ops.astype(np.int64), rt.goal_idx.astype(np.int64), is_goal, rt.free_ach_pairs.size > 0,
                   h, start, ops)
    return h, start, ops[:start[n]]


@njit(cache=True, nogil=True, inline="always")
def _lower_adds_to(o: int, v: float, lv: int, add_start: np.ndarray, add_stop: np.ndarray, add_fact: np.ndarray,
                   costs: np.ndarray, level: np.ndarray, heap_cost: np.ndarray, heap_level: np.ndarray,
                   heap_fact: np.ndarray, size: int) -> int:
    """Lower what operator ``o`` adds to its value ``v`` at level ``lv``, pushing each fact that fell."""
    for k in range(add_start[o], add_stop[o]):
        g = add_fact[k]
        if v < costs[g] or (v == costs[g] and lv < level[g]):
            costs[g] = v
            level[g] = lv
            size = _heap_push(heap_cost, heap_level, heap_fact, size, v, lv, g)
    return size


@njit(cache=True, nogil=True, inline="always")
def _before(c1: float, l1: int, c2: float, l2: int) -> bool:
    return c1 < c2 or (c1 == c2 and l1 < l2)


@njit(cache=True, nogil=True, inline="always")
def _heap_push(heap_cost: np.ndarray, heap_level: np.ndarray, heap_fact: np.ndarray, size: int, c: float, lv: int,
               f: int) -> int:
    i = size
    while i > 0:
        parent = (i - 1) >> 1
        if not _before(c, lv, heap_cost[parent], heap_level[parent]):
            break
        heap_cost[i], heap_level[i], heap_fact[i] = heap_cost[parent], heap_level[parent], heap_fact[parent]
        i = parent
    heap_cost[i], heap_level[i], heap_fact[i] = c, lv, f
    return size + 1


@njit(cache=True, nogil=True, inline="always")
def _heap_pop(heap_cost: np.ndarray, heap_level: np.ndarray, heap_fact: np.ndarray, size: int
              ) -> tuple[float, int, int, int]:
    c, lv, f = heap_cost[0], heap_level[0], heap_fact[0]
    size -= 1
    last_c, last_l, last_f = heap_cost[size], heap_level[size], heap_fact[size]
    i = 0
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and _before(heap_cost[child + 1], heap_level[child + 1], heap_cost[child],
                                        heap_level[child]):
            child += 1
        if not _before(heap_cost[child], heap_level[child], last_c, last_l):
            break
        heap_cost[i], heap_level[i], heap_fact[i] = heap_cost[child], heap_level[child], heap_fact[child]
        i = child
    heap_cost[i], heap_level[i], heap_fact[i] = last_c, last_l, last_f
    return c, lv, f, size


@njit(cache=True, nogil=True, inline="always")
def _lower_adds(o: int, v: float, c: np.ndarray, add_start: np.ndarray, add_fact: np.ndarray, queue: np.ndarray,
                queued: np.ndarray, tail: int) -> int:
    """Lower the facts operator ``o`` adds to ``v``; queue those that fell; returns the new tail."""
    stop = add_start[o + 1] if o + 1 < add_start.size else add_fact.size
    for k in range(add_start[o], stop):
        g = add_fact[k]
        if v < c[g]:
            c[g] = v
            if not queued[g]:
                queued[g] = True
                queue[tail] = g
                tail = (tail + 1) % queue.size
    return tail


@njit(cache=True, nogil=True, inline="always")
def _max_and_choice(o: int, c: np.ndarray, oc: np.ndarray, pre_idx: np.ndarray, choice: np.ndarray) -> float:
    """h_max value of operator ``o`` (cost + costliest precondition); sets ``choice[o]`` to its
    first precondition of highest cost (LM-cut's precondition choice function)."""
    pick = pre_idx[o, 0]
    v = c[pick]
    for j in range(1, pre_idx.shape[1]):
        p = pre_idx[o, j]
        if c[p] > v:
            v, pick = c[p], p
    choice[o] = pick
    return v + oc[o]


@njit(cache=True, nogil=True)
def _propagate_max(c: np.ndarray, oc: np.ndarray, op_val: np.ndarray, choice: np.ndarray, pre_idx: np.ndarray,
                   add_start: np.ndarray, add_fact: np.ndarray, con_start: np.ndarray, con_op: np.ndarray,
                   queue: np.ndarray, queued: np.ndarray, tail: int) -> None:
    """Label-correcting h_max: re-evaluate the readers of every queued fact that fell until nothing
    falls (costs only fall from an upper bound every derivation respects, so this ends at the least
    fixpoint), redoing the precondition choice of every operator whose preconditions' costs
    changed (only those can change it), so the choice never needs a pass over all operators.
    (First in, first out: a Dijkstra order through a binary heap settles each fact once but was
    slower on depot, elevators and blocks, where few facts fall twice.) A round reads the facts that fell
    in the one before; a cost settles by the round of its derivation's height, so at most one per fact
    and one more see anything fall."""
    head = 0
    left, rounds = 0, 0  # facts left to read in this round; rounds begun
    while head != tail:
        if left == 0:
            rounds += 1
            if rounds > c.size + 1:
                raise FixpointError("LM-cut kernel: h_max still lowered costs after one round per fact")
            left = (tail - head) % queue.size
        left -= 1
        f = queue[head]
        head = (head + 1) % queue.size
        queued[f] = False
        for i in range(con_start[f], con_start[f + 1]):
            o = con_op[i]
            v = _max_and_choice(o, c, oc, pre_idx, choice)
            op_val[o] = v
            tail = _lower_adds(o, v, c, add_start, add_fact, queue, queued, tail)


@njit(cache=True, nogil=True)
def _lmcut(states: np.ndarray, pre_idx: np.ndarray, cost: np.ndarray, ach_fact: np.ndarray, ach_start: np.ndarray,
           ach_op: np.ndarray, add_start: np.ndarray, add_fact: np.ndarray, con_start: np.ndarray,
           con_op: np.ndarray, pre_free: np.ndarray, goal_idx: np.ndarray, h: np.ndarray) -> None:
    """Per state: h_max once over every operator, then per cut only what the cut touches — the
    goal zone and its achievers by worklists from the costliest goal, the forward closure through
    each reached fact's consumers whose chosen precondition it is (Fast Downward's second
    exploration), the cut collected on the way, and h_max lowered from the cut operators' adds."""
    n, n_bits = states.shape
    n_rel = pre_idx.shape[0]
    n_ach = ach_fact.size
    ach_row = np.full(n_bits, -1, dtype=np.int64)
    for a in range(n_ach):
        ach_row[ach_fact[a]] = a
    c = np.empty(n_bits)
    oc = np.empty(n_rel)
    op_val = np.empty(n_rel)
    choice = np.empty(n_rel, dtype=np.int64)
    into_zone = np.zeros(n_rel, dtype=np.bool_)
    into_list = np.empty(n_rel, dtype=np.int64)
    cut = np.empty(n_rel, dtype=np.int64)
    zone = np.zeros(n_bits, dtype=np.bool_)
    zone_list = np.empty(n_bits, dtype=np.int64)
    before = np.zeros(n_bits, dtype=np.bool_)
    stack = np.empty(n_bits, dtype=np.int64)
    queue = np.empty(n_bits + 1, dtype=np.int64)  # a ring: each fact at most once in it
    queued = np.zeros(n_bits, dtype=np.bool_)
    for s in range(n):
        h[s] = 0.0
        for f in range(n_bits):
            c[f] = 0.0 if states[s, f] else np.inf
        tail = 0
        for o in range(n_rel):
            oc[o] = cost[o]
            op_val[o] = _max_and_choice(o, c, oc, pre_idx, choice)
        for o in range(n_rel):
            if op_val[o] < np.inf:
                tail = _lower_adds(o, op_val[o], c, add_start, add_fact, queue, queued, tail)
        _propagate_max(c, oc, op_val, choice, pre_idx, add_start, add_fact, con_start, con_op, queue, queued, tail)
        while True:
            top_goal, top = goal_idx[0], c[goal_idx[0]]
            for g in goal_idx:
                if c[g] > top:
                    top_goal, top = g, c[g]
            if top == np.inf:
                h[s] = np.inf
                break
            if top <= 0:
                break
            # goal zone: backward from the costliest goal through reached zero-cost achievers'
            # choices; every achiever of a zone fact leads into the zone
            zone[top_goal] = True
            zone_list[0] = top_goal
            n_zone, n_into, depth = 1, 0, 1
            stack[0] = top_goal
            while depth:
                depth -= 1
                a = ach_row[stack[depth]]
                if a < 0:
                    continue
                for i in range(ach_start[a], ach_start[a + 1] if a + 1 < n_ach else ach_op.size):
                    o = ach_op[i]
                    if not into_zone[o]:
                        into_zone[o] = True
                        into_list[n_into] = o
                        n_into += 1
                    if oc[o] == 0 and op_val[o] < np.inf and not zone[choice[o]]:
                        zone[choice[o]] = True
                        zone_list[n_zone] = choice[o]
                        n_zone += 1
                        stack[depth] = choice[o]
                        depth += 1
            # forward from the state through reached operators whose chosen precondition is reached,
            # never through an operator into the zone: those form the cut
            depth = 0
            for f in range(n_bits):
                before[f] = states[s, f]
                if before[f]:
                    stack[depth] = f
                    depth += 1
            n_cut = 0
            k = 0
            while depth or k < pre_free.size:
                if k < pre_free.size:  # operators without preconditions: triggered by the state itself
                    first, last, f = k, k + 1, -1
                    k += 1
                else:
                    depth -= 1
                    f = stack[depth]
                    first, last = con_start[f], con_start[f + 1]
                for i in range(first, last):
                    o = pre_free[i] if f < 0 else con_op[i]
                    if (f >= 0 and choice[o] != f) or op_val[o] == np.inf:
                        continue
                    if into_zone[o]:
                        cut[n_cut] = o
                        n_cut += 1
                        continue
                    for j in range(add_start[o], add_start[o + 1] if o + 1 < n_rel else add_fact.size):
                        g = add_fact[j]
                        if not before[g]:
                            before[g] = True
                            stack[depth] = g
                            depth += 1
            for i in range(n_zone):
                zone[zone_list[i]] = False
            for i in range(n_into):
                into_zone[into_list[i]] = False
            landmark = np.inf
            for i in range(n_cut):
                if oc[cut[i]] < landmark:
                    landmark = oc[cut[i]]
            if not 0 < landmark < np.inf:  # every cut of a sound kernel costs something, so h_max falls
                raise FixpointError("LM-cut kernel: an empty cut or one of cost 0 (no progress)")
            h[s] += landmark
            tail = 0
            for i in range(n_cut):
                o = cut[i]
                oc[o] -= landmark
                op_val[o] -= landmark  # its preconditions' costs are unchanged, and so is its choice
                tail = _lower_adds(o, op_val[o], c, add_start, add_fact, queue, queued, tail)
            _propagate_max(c, oc, op_val, choice, pre_idx, add_start, add_fact, con_start, con_op, queue, queued, tail)


def lmcut(rt: RelaxedTask, states: np.ndarray) -> np.ndarray:
    """``LMCut._lmcut`` compiled: LM-cut values ``float64[n]`` of ``rt.extend``ed states."""
    h = np.zeros(states.shape[0])
    if rt.goal_idx.size == 0:
        return h
    if rt.n_rel == 0:
        return np.where(states[:, rt.goal_idx].all(axis=1), 0.0, np.inf)
    _lmcut(np.ascontiguousarray(states), rt.pre_idx, rt.cost.astype(np.float64), rt.ach_fact, rt.ach_start,
           rt.ach_op, rt.add_start, rt.add_fact, rt.con_start, rt.con_op, rt.pre_free_ops.astype(np.int64),
           rt.goal_idx.astype(np.int64), h)
    return h


@cache
def load() -> None:
    """Load (or compile) every kernel in this process now, for the argument types the heuristics
    pass, by running each on a two-fact task: processes forked afterwards (a portfolio's members)
    inherit them instead of each loading them again (about 0.5 s per process)."""
    task = build_task([GroundAtom("p"), GroundAtom("q")], [0], [1], [Operator("a", (), pre=(0,), add=(1,))])
    rt = relax(task)
    states = rt.extend(task.unpack(task.init_bits[None, :]))
    relaxed_plans(rt, states)
    lmcut(rt, states)
    SuccessorGenerator(task, compiled=True).applicable(task.unpack(task.init_bits[None, :]))
    derived = build_task([GroundAtom("p"), GroundAtom("q")], [0], [1], [Operator("a", (), pre=(0,), add=(0,))],
                         [Axiom(1, (0,), ())])
    SuccessorGenerator(derived, compiled=True).derive(derived.unpack(derived.init_bits[None, :]))


def available() -> bool:
    """Whether every kernel is in numba's cache (``kernel_cache.available``: if not, they compile in the
    background and the callers run the NumPy code)."""
    return all([kernel_cache.available(kernel) for kernel in (_relaxed_plans, _lmcut, _applicable, _derive)])


def compile_now(wait: bool = True) -> None:
    """Compile every kernel into numba's cache (``make`` runs it at install; see planners/kernel_cache.py)."""
    kernel_cache.exclusively(load, wait)
