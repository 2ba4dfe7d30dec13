"""Heuristics over batches of states, split as in PDDL.jl: ``precompute(task)`` once, then
``compute(states)`` per batch of unpacked states ``bool[n, n_bits]`` -> ``float64[n]``.

``inf`` means a proven dead end (the goal is unreachable even in the delete relaxation, which
ignores deletes and negative conditions), so searches may prune it. Big batches are cut into
chunks so that no temporary grows beyond about ``CHUNK_CELLS`` cells.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from agentgen_sym.planners import kernel_cache, kernels
from agentgen_sym.planners.relaxed import RelaxedTask, fixpoint, initial_costs, relax
from agentgen_sym.compiler.task import GroundTask

CHUNK_CELLS = 1 << 20


class Heuristic:
    """Base class: ``admissible`` heuristics never overestimate the optimal cost; those with
    ``preferred = True`` also offer ``compute_preferred``; ``path_dependent`` ones take per-state
    ``info`` (``uint64[n, info_words]``) the search keeps for them (``initial_info``,
    ``progress_info``; see landmarks.py)."""

    admissible = False
    preferred = False
    path_dependent = False

    def precompute(self, task: GroundTask) -> None:
        self.task = task

    def compute(self, states: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def _chunks(self, states: np.ndarray, width: int) -> Iterator[slice]:
        step = max(1, CHUNK_CELLS // max(1, width))
        return (slice(i, i + step) for i in range(0, states.shape[0], step))


class Blind(Heuristic):
    """0 at goals, the cheapest operator cost elsewhere: any plan from a non-goal has an operator."""

    admissible = True

    def precompute(self, task: GroundTask) -> None:
        super().precompute(task)
        self._min_cost = float(task.cost.min()) if task.n_ops else 0.0

    def compute(self, states: np.ndarray) -> np.ndarray:
        return np.where(self.task.is_goal(states), 0.0, self._min_cost)


class GoalCount(Heuristic):
    """Number of goal facts not yet true."""

    def compute(self, states: np.ndarray) -> np.ndarray:
        return (~states[:, self.task.goal_idx]).sum(axis=1).astype(np.float64)


class _Relaxed(Heuristic):
    def precompute(self, task: GroundTask) -> None:
        super().precompute(task)
        self.relaxed: RelaxedTask = relax(task)

    def _goal_costs(self, states: np.ndarray, combine: str) -> np.ndarray:
        """Fact-major fixpoint costs of the goal facts, ``float64[g, n]``."""
        costs = initial_costs(self.relaxed.extend(states))
        fixpoint(self.relaxed, costs, self.relaxed.cost.astype(np.float64), combine)
        return costs[self.task.goal_idx]


class HMax(_Relaxed):
    """h_max: the costliest goal fact, each fact costing its cheapest achiever's costliest precondition."""

    admissible = True

    def compute(self, states: np.ndarray) -> np.ndarray:
        out = np.zeros(states.shape[0])
        for part in self._chunks(states, self.relaxed.n_rel + self.relaxed.n_bits):
            goal = self._goal_costs(states[part], "max")
            out[part] = goal.max(axis=0) if goal.size else 0.0
        return out


class HAdd(_Relaxed):
    """h_add: the sum of the goal facts' costs, preconditions summed (inadmissible, informative)."""

    def compute(self, states: np.ndarray) -> np.ndarray:
        out = np.zeros(states.shape[0])
        for part in self._chunks(states, self.relaxed.n_rel + self.relaxed.n_bits):
            out[part] = self._goal_costs(states[part], "sum").sum(axis=0)
        return out


class HFF(_Relaxed):
    """h_FF: the cost of a relaxed plan read off h_add's best supporters; its operators applicable
    in the state are the preferred operators.

    A supporter of fact ``p`` is an achiever reaching h_add(p) whose preconditions all got their
    final cost in an earlier fixpoint iteration than ``p``; that order is well-founded, so the
    relaxed plan never chases a zero-cost cycle.
    """

    preferred = True

    def __init__(self, compiled: bool | None = None) -> None:
        # the numba kernel (planners/kernels.py) or the NumPy batch code below; None: the kernel where numba
        # has it cached, else the NumPy code (the same values) while it compiles in the background
        self.compiled = compiled

    def precompute(self, task: GroundTask) -> None:
        super().precompute(task)
        if self.compiled is None:
            self.compiled = kernel_cache.available(kernels._relaxed_plans)
        if self.compiled:  # load (or compile) the kernel now: the first call costs about 0.5 s
            kernels.relaxed_plans(self.relaxed, self.relaxed.extend(task.unpack(task.init_bits[None, :])))

    def compute(self, states: np.ndarray) -> np.ndarray:
        return self._evaluate(states, want_preferred=False)[0]

    def compute_preferred(self, states: np.ndarray, applicable: np.ndarray | None = None
                          ) -> tuple[np.ndarray, np.ndarray]:
        """h values and preferred operators ``bool[n, n_ops]`` (dead ends have none);
        ``applicable`` is the states' applicable matrix when the caller has it (the search)."""
        return self._evaluate(states, want_preferred=True, applicable=applicable)

    def relaxed_plans(self, states: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Relaxed plans as ``bool[n, n_rel]`` over ``self.relaxed`` operators and which states
        are alive ``bool[n]`` (relaxed-reachable goal; dead ends get an empty plan).

        Every fact's supporter is read off one table built with whole-array operations; the walk
        back from the goal then only gathers from it, so the walk costs a few array operations
        per plan layer, not per achiever."""
        rt = self.relaxed
        n = states.shape[0]
        states = rt.extend(states)
        costs = initial_costs(states)
        # fixpoint levels matter only to zero-cost achievers' preconditions (see _supporters)
        level = np.zeros(costs.shape, dtype=np.int32) if rt.free_ach_pairs.size else None
        op_val = fixpoint(rt, costs, rt.cost.astype(np.float64), "sum", level)
        alive = np.isfinite(costs[rt.goal_idx]).all(axis=0)
        supporter = self._supporters(op_val, costs, level)
        plan = np.zeros((rt.n_rel, n), dtype=bool)
        needed = np.zeros(costs.shape, dtype=bool)
        in_state = states.T
        k, col = np.nonzero(~in_state[rt.goal_idx] & alive)
        f = rt.goal_idx[k]
        while f.size:
            needed[f, col] = True
            ops = supporter[rt.ach_row[f], col]
            fresh = ~plan[ops, col]
            ops, col = ops[fresh], col[fresh]
            plan[ops, col] = True
            pre = rt.pre_idx[ops].reshape(-1)
            col = np.repeat(col, rt.pre_idx.shape[1])
            todo = ~in_state[pre, col] & ~needed[pre, col]
            f, col = pre[todo], col[todo]
        return plan.T, alive

    def _supporters(self, op_val: np.ndarray, costs: np.ndarray, level: np.ndarray | None) -> np.ndarray:
        """``[n_ach, n]``: for each fact with achievers (rows as ``ach_fact``) and state, its first
        achiever that reaches the fact's h_add value with every precondition settled in an earlier
        iteration (one exists wherever the fact is reached and false in the state; elsewhere the
        entry is arbitrary and never read). An achiever of positive cost has cheaper
        preconditions, which are settled earlier anyway, so only zero-cost achievers need their
        preconditions' levels checked."""
        rt = self.relaxed
        ok = op_val[rt.ach_op] == costs[rt.ach_pair_fact]
        free = rt.free_ach_pairs
        if free.size:
            op, fact = rt.ach_op[free], rt.ach_pair_fact[free]
            ok[free] &= level[rt.pre_idx[op]].max(axis=1) < level[fact]
        first = np.empty((rt.ach_fact.size, ok.shape[1]), dtype=np.int64)
        for segs, pairs, length in rt.ach_pairs.groups:
            pairs = pairs.reshape(segs.size, length)
            pick = ok[pairs].argmax(axis=1)  # first True; padding repeats the last pair
            first[segs] = pairs[np.arange(segs.size)[:, None], pick]
        return rt.ach_op[first]

    def _evaluate(self, states: np.ndarray, want_preferred: bool, applicable: np.ndarray | None = None
                  ) -> tuple[np.ndarray, np.ndarray]:
        rt = self.relaxed
        n = states.shape[0]
        h = np.zeros(n)
        preferred = np.zeros((n, self.task.n_ops if want_preferred else 0), dtype=bool)
        width = max(rt.n_rel, rt.ach_op.size, rt.n_bits, self.task.n_ops)
        for part in self._chunks(states, width):
            sub, relaxed_sub = states[part], rt.extend(states[part])
            if self.compiled:  # plans as lists: no pass over every operator per state
                h[part], start, o = kernels.plan_lists(rt, relaxed_sub)
                r = np.repeat(np.arange(start.size - 1), np.diff(start))
            else:
                plan, alive = self.relaxed_plans(sub)
                h[part] = np.where(alive, plan.astype(np.float64) @ rt.cost.astype(np.float64), np.inf)
                r, o = np.nonzero(plan)
            if want_preferred:
                real = rt.op_idx[o] >= 0  # axioms are no operators
                r, o = r[real], o[real]
                ready = relaxed_sub[r[:, None], rt.pre_idx[o]].all(axis=1)  # relaxed-applicable in the state
                r, op = r[ready], rt.op_idx[o[ready]]
                # and applicable: negative preconditions hold too
                ready = self.task.applies(sub, r, op) if applicable is None else applicable[part][r, op]
                preferred[part][r[ready], op[ready]] = True
        return h, preferred


class LMCut(_Relaxed):
    """LM-cut (Helmert & Domshlak 2009), following Fast Downward's ``lm_cut_landmarks.cc``.

    Per state, repeatedly: h_max under the current costs with a precondition choice function (a
    precondition of highest h_max), the goal zone (backward from the goal's costliest fact through
    zero-cost achievers' chosen preconditions), the forward zone reached from the state without
    entering the goal zone; the operators crossing into the goal zone form a landmark whose cost
    (their minimum) is added and subtracted from them, until h_max(goal) is 0. Vectorised over
    the operators and over the batch (fact-major arrays, one column per state; a state leaves the
    loop when its h_max reaches 0). Conditional effects are not supported (the registry refuses
    them, as Fast Downward does).
    """

    admissible = True

    def __init__(self, compiled: bool | None = None) -> None:
        # the numba kernel (planners/kernels.py) or the NumPy batch code below; None: the kernel where numba
        # has it cached, else the NumPy code (the same values) while it compiles in the background
        self.compiled = compiled

    def precompute(self, task: GroundTask) -> None:
        super().precompute(task)
        if self.compiled is None:
            self.compiled = kernel_cache.available(kernels._lmcut)
        if self.compiled:  # load (or compile) the kernel now, not during the search
            kernels.lmcut(self.relaxed, self.relaxed.extend(task.unpack(task.init_bits[None, :])))

    def compute(self, states: np.ndarray) -> np.ndarray:
        if self.compiled:
            return kernels.lmcut(self.relaxed, self.relaxed.extend(states))
        out = np.zeros(states.shape[0])
        width = max(self.relaxed.ach_op.size, self.relaxed.n_bits) * 2
        for part in self._chunks(states, width):
            out[part] = self._lmcut(states[part])
        return out

    def _lmcut(self, states: np.ndarray) -> np.ndarray:
        rt, goal = self.relaxed, self.task.goal_idx
        n = states.shape[0]
        h = np.zeros(n)
        if goal.size == 0:
            return h
        states = rt.extend(states)
        costs = initial_costs(states)
        op_cost = np.repeat(rt.cost.astype(np.float64)[:, None], n, axis=1)
        op_val = fixpoint(rt, costs, op_cost, "max")
        goal_cost = costs[goal].max(axis=0)
        h[np.isinf(goal_cost)] = np.inf
        active = np.flatnonzero(np.isfinite(goal_cost) & (goal_cost > 0))
        while active.size:
            c, oc, val = costs[:, active], op_cost[:, active], op_val[:, active]
            m = active.size
            cols = np.arange(m)
            reached = np.isfinite(val)
            # precondition choice function: a precondition of highest h_max
            best = c[rt.pre_idx[:, 0]]
            choice = np.repeat(rt.pre_idx[:, :1], m, axis=1)
            for j in range(1, rt.pre_idx.shape[1]):
                cj = c[rt.pre_idx[:, j]]
                higher = cj > best
                best = np.where(higher, cj, best)
                choice = np.where(higher, rt.pre_idx[:, j:j + 1], choice)
            # goal zone: backward through zero-cost achievers from the goal's costliest fact
            zone = np.zeros(c.shape, dtype=bool)
            zone[goal[np.argmax(c[goal], axis=0)], cols] = True
            zero = (oc == 0) & reached
            while True:
                into_zone = rt.adds.reduce(np.logical_or, zone)
                grow = zero & into_zone & ~zone[choice, cols]
                if not grow.any():
                    break
                o, r = np.nonzero(grow)
                zone[choice[o, r], r] = True
            # forward from the state through operators whose chosen precondition is reached
            before = states[active].T.copy()
            while True:
                triggered = before[choice, cols] & reached
                adds = rt.achievers.reduce(np.logical_or, triggered & ~into_zone)
                if not (adds & ~before[rt.ach_fact]).any():
                    break
                before[rt.ach_fact] |= adds
            cut = triggered & into_zone
            landmark = np.where(cut, oc, np.inf).min(axis=0)
            h[active] += landmark
            oc -= np.where(cut, landmark, 0.0)
            op_val[:, active] = fixpoint(rt, c, oc, "max")
            costs[:, active], op_cost[:, active] = c, oc
            active = active[c[goal].max(axis=0) > 0]
        return h
