"""The delete relaxation of a GroundTask as flat arrays, and its cost fixpoint (h_max / h_add).

Compiled once per task: one relaxed operator per operator with unconditional adds, and one per
conditional effect (its preconditions are the operator's plus the effect's condition, its adds
the effect's adds). Deletes and negative conditions are dropped — a relaxation, so every value
derived here stays a safe lower bound on reachability.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from agentgen_sym.planners.task import GroundTask, unpack


@dataclass(frozen=True, eq=False)
class Segments:
    """A CSR grouping (segment ``i`` holds ``items[start[i]:start[i+1]]``, none empty) regrouped by
    segment length, so that a segmented reduction is one gather and one reduce per distinct length.
    ``np.ufunc.reduceat`` was about 10x slower on batches of a thousand states."""

    n_segments: int
    groups: tuple[tuple[np.ndarray, np.ndarray, int], ...]  # (segment ids, their items flattened, length)

    @classmethod
    def from_csr(cls, start: np.ndarray, items: np.ndarray) -> Segments:
        lengths = np.diff(np.append(start, items.size))
        groups = []
        for length in np.unique(lengths).tolist():
            segs = np.flatnonzero(lengths == length)
            groups.append((segs, items[(start[segs][:, None] + np.arange(length)).reshape(-1)], length))
        return cls(int(start.size), tuple(groups))

    def reduce(self, ufunc: np.ufunc, values: np.ndarray) -> np.ndarray:
        """``ufunc`` over each segment's items, which index the rows of ``values: [n_items, n]``;
        returns ``[n_segments, n]``."""
        out = np.empty((self.n_segments, values.shape[1]), dtype=values.dtype)
        for segs, items, length in self.groups:
            out[segs] = ufunc.reduce(values[items].reshape(segs.size, length, -1), axis=1)
        return out


@dataclass(frozen=True, eq=False)
class RelaxedTask:
    """``n_rel`` relaxed operators over ``n_bits`` facts (the TRUE sentinel pads preconditions).

    pre_idx    int32[n_rel, k]  positive preconditions, padded with TRUE, ``k >= 1``
    cost       int64[n_rel]     the source operator's cost
    op_idx     int32[n_rel]     the source operator
    Achievers, CSR by fact (only facts with at least one achiever are listed):
    ach_fact   int32[n_ach]     ach_start int64[n_ach]  into  ach_op int32[n_pairs]
    Adds, CSR by relaxed operator (every relaxed operator adds something):
    add_start  int64[n_rel]     into  add_fact int32[n_pairs]
    ``achievers`` and ``adds`` are the same two groupings ready for segmented reductions.
    """

    n_bits: int
    goal_idx: np.ndarray
    pre_idx: np.ndarray
    cost: np.ndarray
    op_idx: np.ndarray
    ach_fact: np.ndarray
    ach_start: np.ndarray
    ach_op: np.ndarray
    add_start: np.ndarray
    add_fact: np.ndarray
    achievers: Segments
    adds: Segments

    @property
    def n_rel(self) -> int:
        return int(self.cost.shape[0])


def relax(task: GroundTask) -> RelaxedTask:
    """Build the relaxed operators, their achiever and add indexes."""
    true_fact = task.true_fact
    add_mask = _unpack(task.add_bits, task.n_bits)
    ce_add_mask = _unpack(task.ce_add_bits, task.n_bits)
    pres: list[list[int]] = []
    adds: list[np.ndarray] = []
    src: list[int] = []
    for a in range(task.n_ops):
        base = sorted(set(task.pre_idx[a].tolist()) - {true_fact})
        if add_mask[a].any():
            pres.append(base)
            adds.append(np.flatnonzero(add_mask[a]))
            src.append(a)
        for e in range(task.ce_start[a], task.ce_start[a + 1]):
            if ce_add_mask[e].any():
                pres.append(sorted(set(base) | (set(task.ce_pre_idx[e].tolist()) - {true_fact})))
                adds.append(np.flatnonzero(ce_add_mask[e]))
                src.append(a)
    width = max([1] + [len(p) for p in pres])
    pre_idx = np.full((len(pres), width), true_fact, dtype=np.int32)
    for r, p in enumerate(pres):
        pre_idx[r, :len(p)] = p
    op_idx = np.array(src, dtype=np.int32)
    counts = np.array([len(x) for x in adds], dtype=np.int64)
    add_op = np.repeat(np.arange(len(adds), dtype=np.int32), counts)
    add_fact = np.concatenate(adds).astype(np.int32) if adds else np.zeros(0, dtype=np.int32)
    by_fact = np.argsort(add_fact, kind="stable")
    ach_fact, ach_start = np.unique(add_fact[by_fact], return_index=True)
    ach_op, add_start = add_op[by_fact], np.cumsum(counts) - counts
    return RelaxedTask(
        n_bits=task.n_bits, goal_idx=task.goal_idx, pre_idx=pre_idx, cost=task.cost[op_idx].astype(np.int64),
        op_idx=op_idx, ach_fact=ach_fact.astype(np.int32), ach_start=ach_start.astype(np.int64), ach_op=ach_op,
        add_start=add_start, add_fact=add_fact, achievers=Segments.from_csr(ach_start, ach_op),
        adds=Segments.from_csr(add_start, add_fact))


def _unpack(rows: np.ndarray, n_bits: int) -> np.ndarray:
    """``unpack`` that also takes zero rows (task.unpack cannot reshape an empty array)."""
    return unpack(rows, n_bits) if rows.shape[0] else np.zeros((0, n_bits), dtype=bool)


def initial_costs(states: np.ndarray) -> np.ndarray:
    """``bool[n, n_bits]`` states -> fact-major costs ``float64[n_bits, n]``: 0 where true, inf elsewhere."""
    return np.where(states.T, 0.0, np.inf)


def fixpoint(rt: RelaxedTask, costs: np.ndarray, op_cost: np.ndarray, combine: str,
             level: np.ndarray | None = None) -> np.ndarray:
    """Lower the fact-major costs ``float64[n_bits, n]`` (one column per state) in place to the
    h_max (``combine='max'``) or h_add (``'sum'``) fixpoint; returns the operator values
    ``float64[n_rel, n]`` (cost + combined precondition costs).

    Jacobi iteration from any upper bound: after iteration ``k`` a fact costs at most its cheapest
    derivation of height ``k``, so it ends at the least fixpoint even through zero-cost cycles.
    ``op_cost`` is ``[n_rel]`` or per state ``[n_rel, n]``. When ``level: int32[n_bits, n]`` is
    given, each fact records the iteration of its last decrease (to pick well-founded supporters).
    Fact-major, so every gather copies whole rows of ``n`` states: about twice as fast as state-major.
    """
    if rt.n_rel == 0:
        return np.empty((0, costs.shape[1]))
    reduce = np.maximum if combine == "max" else np.add
    op_cost = op_cost[:, None] if op_cost.ndim == 1 else op_cost
    iteration = 0
    while True:
        iteration += 1
        op_val = costs[rt.pre_idx[:, 0]]
        for j in range(1, rt.pre_idx.shape[1]):
            reduce(op_val, costs[rt.pre_idx[:, j]], out=op_val)
        op_val += op_cost
        best = rt.achievers.reduce(np.minimum, op_val)
        old = costs[rt.ach_fact]
        better = best < old
        if not better.any():
            return op_val
        costs[rt.ach_fact] = np.where(better, best, old)
        if level is not None:
            lv = level[rt.ach_fact]
            lv[better] = iteration
            level[rt.ach_fact] = lv
