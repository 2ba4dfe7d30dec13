"""Per-state loops compiled with numba, for the kernels whose NumPy form is dominated by per-call
overhead (see docs/performance.md): h_FF's relaxed plans.

Each kernel computes exactly what the NumPy code in relaxed.py / heuristics.py computes — the same
Jacobi iteration (every operator value from the previous iteration's fact costs), the same
iteration levels, the same supporter choice (the first achiever in ``ach_op`` order) — so the
values, relaxed plans and therefore the searches are identical; tests/test_kernels.py checks
that on random states. Sums are of integer costs in float64, exact below 2**53.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from agentgen_sym.planners.relaxed import RelaxedTask


@njit(cache=True, nogil=True)
def _relaxed_plans(states: np.ndarray, pre_idx: np.ndarray, cost: np.ndarray, ach_fact: np.ndarray,
                   ach_start: np.ndarray, ach_op: np.ndarray, goal_idx: np.ndarray, plan: np.ndarray,
                   alive: np.ndarray) -> None:
    n, n_bits = states.shape
    n_rel, width = pre_idx.shape
    n_ach = ach_fact.size
    inf = np.inf
    costs = np.empty(n_bits)
    level = np.zeros(n_bits, dtype=np.int64)
    op_val = np.empty(n_rel)
    supporter = np.full(n_bits, -1, dtype=np.int64)
    needed = np.zeros(n_bits, dtype=np.bool_)
    stack = np.empty(n_bits, dtype=np.int64)
    for s in range(n):
        for f in range(n_bits):
            costs[f] = 0.0 if states[s, f] else inf
            level[f] = 0
            needed[f] = False
        iteration = 0
        changed = True
        while changed:  # Jacobi: operator values from the last iteration's costs, then lower the facts
            iteration += 1
            changed = False
            for o in range(n_rel):
                v = cost[o]
                for j in range(width):
                    v += costs[pre_idx[o, j]]
                op_val[o] = v
            for a in range(n_ach):
                best = inf
                for i in range(ach_start[a], ach_start[a + 1] if a + 1 < n_ach else ach_op.size):
                    v = op_val[ach_op[i]]
                    if v < best:
                        best = v
                f = ach_fact[a]
                if best < costs[f]:
                    costs[f] = best
                    level[f] = iteration
                    changed = True
        ok = True
        for g in goal_idx:
            if costs[g] == inf:
                ok = False
        alive[s] = ok
        if not ok:
            continue
        # supporters: the first achiever reaching the fact's cost whose preconditions settled earlier
        # (checked for zero-cost achievers only, as in HFF._supporters)
        for a in range(n_ach):
            f = ach_fact[a]
            supporter[f] = -1
            for i in range(ach_start[a], ach_start[a + 1] if a + 1 < n_ach else ach_op.size):
                o = ach_op[i]
                if op_val[o] != costs[f]:
                    continue
                if cost[o] == 0:
                    top = 0
                    for j in range(width):
                        lv = level[pre_idx[o, j]]
                        if lv > top:
                            top = lv
                    if top >= level[f]:
                        continue
                supporter[f] = o
                break
        top_of_stack = 0
        for g in goal_idx:
            if not states[s, g] and not needed[g]:
                needed[g] = True
                stack[top_of_stack] = g
                top_of_stack += 1
        while top_of_stack:
            top_of_stack -= 1
            o = supporter[stack[top_of_stack]]
            if plan[s, o]:
                continue
            plan[s, o] = True
            for j in range(width):
                p = pre_idx[o, j]
                if not states[s, p] and not needed[p]:
                    needed[p] = True
                    stack[top_of_stack] = p
                    top_of_stack += 1


def relaxed_plans(rt: RelaxedTask, states: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``HFF.relaxed_plans`` compiled: relaxed plans ``bool[n, n_rel]`` and ``alive: bool[n]``."""
    n = states.shape[0]
    plan = np.zeros((n, rt.n_rel), dtype=bool)
    alive = np.zeros(n, dtype=bool)
    if rt.n_rel:
        _relaxed_plans(np.ascontiguousarray(states), rt.pre_idx, rt.cost.astype(np.float64), rt.ach_fact,
                       rt.ach_start, rt.ach_op, rt.goal_idx.astype(np.int64), plan, alive)
    else:
        alive[:] = ~np.any(~states[:, rt.goal_idx], axis=1) if rt.goal_idx.size else True
    return plan, alive
