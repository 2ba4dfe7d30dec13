"""The delete relaxation of a GroundTask as flat arrays, and its cost fixpoint (h_max / h_add).

Compiled once per task: one relaxed operator per operator with unconditional adds, and one per
conditional effect (its preconditions are the operator's plus the effect's condition, its adds
the effect's adds), and one per axiom (its body's positive facts, its head; cost 0, source -1:
no real operator, so relaxed plans count it as free and it is never a preferred operator).
Deletes are dropped — a relaxation, so every value derived here stays a safe lower bound on
reachability.

A fact some condition needs false gets a complement fact, as a binary variable's other value in
Fast Downward's SAS+ tasks: true where the fact is false (``RelaxedTask.extend`` appends the
complements to the states), needed by the relaxed operators whose conditions need the fact
false, added by those that delete it. Without it a relaxed plan ignores what must be undone
first (schedule: a machine must be freed by a time step before it takes the next part).
Negative conditions on derived facts are still dropped (no operator deletes a derived fact).
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.limits import checkpoint
from agentgen_sym.compiler.task import WORD, GroundTask


class FixpointError(AgentgenError, RuntimeError):
    """A cost fixpoint ran past the rounds it provably needs: a bug in a kernel or a corrupt task (a
    negative cost), reported at once instead of as a search that never ends."""


@dataclass(frozen=True, eq=False)
class Segments:
    """A CSR grouping (segment ``i`` holds ``items[start[i]:start[i+1]]``, none empty) regrouped by
    segment length, so that a segmented reduction is one gather and one reduce per group.
    ``np.ufunc.reduceat`` was about 10x slower on batches of a thousand states. Segments are padded
    to the next power of two by repeating their last item, which keeps the groups few (at most
    log2 of the longest segment) and is harmless for the idempotent reductions used here
    (minimum, maximum, logical and/or)."""

    n_segments: int
    groups: tuple[tuple[np.ndarray, np.ndarray, int], ...]  # (segment ids, their items flattened, length)

    @classmethod
    def from_csr(cls, start: np.ndarray, items: np.ndarray) -> Segments:
        lengths = np.diff(np.append(start, items.size))
        padded = 1 << np.ceil(np.log2(np.maximum(lengths, 1))).astype(np.int64)
        groups = []
        for length in np.unique(padded).tolist():
            segs = np.flatnonzero(padded == length)
            offsets = np.minimum(np.arange(length), lengths[segs][:, None] - 1)
            groups.append((segs, items[(start[segs][:, None] + offsets).reshape(-1)], length))
        return cls(int(start.size), tuple(groups))

    def reduce(self, ufunc: np.ufunc, values: np.ndarray) -> np.ndarray:
        """An idempotent ``ufunc`` over each segment's items, which index the rows of ``values:
        [n_items, n]``; returns ``[n_segments, n]``."""
        out = np.empty((self.n_segments, values.shape[1]), dtype=values.dtype)
        for segs, items, length in self.groups:
            out[segs] = ufunc.reduce(values[items].reshape(segs.size, length, -1), axis=1)
        return out


@dataclass(frozen=True, eq=False)
class RelaxedTask:
    """``n_rel`` relaxed operators over ``n_bits`` facts: the task's, then the complements of
``negated`` (the TRUE sentinel ``true_fact`` pads preconditions).

    negated    int32[n_neg]     the task facts whose complement is fact ``n_bits - n_neg + i``

    pre_idx    int32[n_rel, k]  positive preconditions, padded with TRUE, ``k >= 1``
    cost       int64[n_rel]     the source operator's cost (0 for an axiom)
    op_idx     int32[n_rel]     the source operator, -1 for an axiom
    Achievers, CSR by fact (only facts with at least one achiever are listed):
    ach_fact   int32[n_ach]     ach_start int64[n_ach]  into  ach_op int32[n_pairs]
    Adds, CSR by relaxed operator (every relaxed operator adds something):
    add_start  int64[n_rel]     into  add_fact int32[n_pairs]
    (``ach_stop`` and ``add_stop`` close those ranges.)
    Consumers, CSR by fact (relaxed operators with the fact among their preconditions):
    con_start  int64[n_bits + 1]  into  con_op int32[...]
    ``achievers`` and ``adds`` are the same two groupings ready for segmented reductions.
    """

    n_bits: int
    true_fact: int
    negated: np.ndarray
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
    con_start: np.ndarray
    con_op: np.ndarray

    def extend(self, states: np.ndarray) -> np.ndarray:
        """The task's states ``bool[n, task n_bits]`` over the relaxed facts: complements appended
        (the states themselves where no condition is negative)."""
        if not self.negated.size:
            return states
        return np.concatenate([states, ~states[:, self.negated]], axis=1)

    @property
    def sentinels(self) -> list[int]:
        """The TRUE and FALSE facts (no landmarks, no predicates)."""
        return [self.true_fact, self.true_fact + 1]

    @cached_property
    def ach_stop(self) -> np.ndarray:
        return np.append(self.ach_start[1:], self.ach_op.size)

    @cached_property
    def ach_row(self) -> np.ndarray:
        """``int64[n_bits]``: each fact's row in the achiever CSR, -1 for a fact no operator adds."""
        row = np.full(self.n_bits, -1, dtype=np.int64)
        row[self.ach_fact] = np.arange(self.ach_fact.size)
        return row

    @cached_property
    def ach_pair_fact(self) -> np.ndarray:
        """``int32[n_pairs]``: the fact each achiever entry ``ach_op[i]`` achieves."""
        return np.repeat(self.ach_fact, self.ach_stop - self.ach_start)

    @cached_property
    def ach_pairs(self) -> Segments:
        """The achiever entries (positions into ``ach_op``) grouped by fact, for per-fact picks."""
        return Segments.from_csr(self.ach_start, np.arange(self.ach_op.size))

    @cached_property
    def free_ach_pairs(self) -> np.ndarray:
        """Positions into ``ach_op`` of the zero-cost achievers (axioms, free operators)."""
        return np.flatnonzero(self.cost[self.ach_op] == 0)

    @cached_property
    def pre_count(self) -> np.ndarray:
        """``int64[n_rel]``: each relaxed operator's preconditions (its TRUE padding not counted)."""
        return np.bincount(self.con_op, minlength=self.n_rel).astype(np.int64)

    @cached_property
    def pre_count32(self) -> np.ndarray:
        """``pre_count`` as ``int32``, the compiled kernels' counters (half the memory to stream)."""
        return self.pre_count.astype(np.int32)

    @cached_property
    def float_cost(self) -> np.ndarray:
        """``cost`` as ``float64``, the compiled kernels' sums."""
        return self.cost.astype(np.float64)

    @cached_property
    def pre_free_ops(self) -> np.ndarray:
        """The relaxed operators without preconditions (applicable in every state)."""
        return np.flatnonzero(self.pre_count == 0)

    @cached_property
    def add_stop(self) -> np.ndarray:
        return np.append(self.add_start[1:], self.add_fact.size)

    @property
    def n_rel(self) -> int:
        return int(self.cost.shape[0])


_RELAXED: weakref.WeakKeyDictionary[GroundTask, RelaxedTask] = weakref.WeakKeyDictionary()

SHARED_RELAXED = 8
"""Relaxed tasks a process keeps by operator arrays: tasks that differ only in initial state and goal (task
generation's candidates on one grounding, a unit-cost copy of equal costs) share them, and building one took
0.8 s on parking p01's 25,432 operators, twice per candidate."""

_SHARED: OrderedDict[tuple[int, ...], tuple[tuple[weakref.ref, ...], np.ndarray, RelaxedTask]] = OrderedDict()
"""By the ids of the operator arrays, held weakly: an entry goes with its grounding, so a process that solved a
large task does not keep its relaxed task after the task is gone."""


def relax(task: GroundTask) -> RelaxedTask:
    """The relaxed operators of ``task`` (operators and conditional effects, then axioms) with their
    achiever and add indexes; built once per task, since relevance analysis and every heuristic of
    a planner ask for them, and once per operator arrays and costs (another task's with its goal)."""
    if task not in _RELAXED:
        _RELAXED[task] = _shared(task)
    return _RELAXED[task]


def _shared(task: GroundTask) -> RelaxedTask:
    """The relaxed task of one with the same operator arrays (the same objects, still alive) and equal costs,
    with ``task``'s goal; else one built now."""
    arrays = (task.pre_idx, task.neg_idx, task.add_bits, task.del_bits, task.ce_start, task.ce_pre_idx,
              task.ce_neg_idx, task.ce_add_bits, task.ce_del_bits, task.ax_pre_idx, task.ax_neg_idx, task.ax_head,
              task.derived_idx)
    key = (task.n_bits, task.n_facts, task.true_fact, *map(id, arrays))
    found = _SHARED.get(key)
    if found is not None and all(ref() is a for ref, a in zip(found[0], arrays)) and np.array_equal(found[1],
                                                                                                   task.cost):
        _SHARED.move_to_end(key)
        return replace(found[2], goal_idx=task.goal_idx)
    relaxed = _build(task)
    _SHARED[key] = (tuple(weakref.ref(a) for a in arrays), task.cost.copy(), relaxed)
    weakref.finalize(task.pre_idx, _SHARED.pop, key, None)  # the grounding is gone: so is its entry
    while len(_SHARED) > SHARED_RELAXED:
        _SHARED.popitem(last=False)
    return relaxed


def _build(task: GroundTask) -> RelaxedTask:
    true_fact = task.true_fact
    negated = _negated_facts(task)
    complement = np.full(task.n_bits, -1, dtype=np.int64)
    complement[negated] = task.n_bits + np.arange(negated.size)
    adds_of, dels_of = _fact_lists(task.add_bits, task.n_bits), _fact_lists(task.del_bits, task.n_bits)
    ce_adds_of, ce_dels_of = _fact_lists(task.ce_add_bits, task.n_bits), _fact_lists(task.ce_del_bits, task.n_bits)

    def negations(deleted: np.ndarray, added: np.ndarray) -> np.ndarray:
        """The complements of the deleted negated facts an effect does not also add."""
        deleted = deleted[complement[deleted] >= 0]
        if not deleted.size:  # most effects, and all of a task without negative conditions: no ``isin`` call
            return complement[deleted]
        return complement[deleted[~np.isin(deleted, added)]]

    def conditions(pre: np.ndarray, neg: np.ndarray) -> set[int]:
        return (set(pre.tolist()) - {true_fact}) | set(complement[neg][complement[neg] >= 0].tolist())

    pres: list[list[int]] = []
    adds: list[np.ndarray] = []
    src: list[int] = []
    for a in range(task.n_ops):
        checkpoint("building the relaxed task")
        base = conditions(task.pre_idx[a], task.neg_idx[a])
        made = np.concatenate([adds_of[a], negations(dels_of[a], adds_of[a])])
        if made.size:
            pres.append(sorted(base))
            adds.append(made)
            src.append(a)
        for e in range(task.ce_start[a], task.ce_start[a + 1]):
            made = np.concatenate([ce_adds_of[e], negations(ce_dels_of[e], np.union1d(ce_adds_of[e], adds_of[a]))])
            if made.size:
                pres.append(sorted(base | conditions(task.ce_pre_idx[e], task.ce_neg_idx[e])))
                adds.append(made)
                src.append(a)
    for x in range(task.n_axioms):
        pres.append(sorted(conditions(task.ax_pre_idx[x], task.ax_neg_idx[x])))
        adds.append(task.ax_head[x:x + 1])
        src.append(-1)
    n_bits = task.n_bits + negated.size
    width = max([1] + [len(p) for p in pres])
    pre_idx = np.full((len(pres), width), true_fact, dtype=np.int32)
    for r, p in enumerate(pres):
        pre_idx[r, :len(p)] = p
    op_idx = np.array(src, dtype=np.int32)
    cost = np.zeros(op_idx.size, dtype=np.int64)
    cost[op_idx >= 0] = task.cost[op_idx[op_idx >= 0]]
    counts = np.array([len(x) for x in adds], dtype=np.int64)
    add_fact = np.concatenate(adds).astype(np.int32) if adds else np.zeros(0, dtype=np.int32)
    return _assembled(n_bits, true_fact, negated, task.goal_idx, pre_idx, cost, op_idx, counts, add_fact)


def relax_from_parent(task: GroundTask, kept: GroundTask, ops: np.ndarray | None, axioms: np.ndarray) -> None:
    """Give ``kept``, ``task`` restricted to the operators ``ops`` (ids, ascending; None for all) and the axioms
    ``axioms: bool[n_axioms]``, the relaxed task made of ``task``'s rows, so ``relax(kept)`` builds nothing:
    relevance prunes each generated candidate's grounding to another subtask, and rebuilding its relaxed task was
    69 % of parking's generation. Left to ``relax`` where the pruning changes which facts some condition needs
    false."""
    if kept in _RELAXED:
        return
    rt = relax(task)
    if np.array_equal(_negated_facts(kept), rt.negated):
        _RELAXED[kept] = _restricted(rt, task.n_ops, np.arange(task.n_ops) if ops is None else ops, axioms, kept)


def _restricted(rt: RelaxedTask, n_ops: int, ops: np.ndarray, axioms: np.ndarray, kept: GroundTask) -> RelaxedTask:
    """``rt``'s rows of the operators ``ops`` (of ``n_ops``) and of the axioms ``axioms``, renumbered, in order."""
    checkpoint("building the relaxed task")
    renumber = np.full(n_ops, -1, dtype=np.int32)
    renumber[ops] = np.arange(ops.size, dtype=np.int32)
    is_axiom = rt.op_idx < 0
    source = np.where(is_axiom, -1, renumber[np.maximum(rt.op_idx, 0)])
    kept_axiom = np.zeros(rt.op_idx.size, dtype=bool)
    kept_axiom[is_axiom] = axioms  # the axioms' rows come last, in their order
    rows = np.flatnonzero(kept_axiom | (source >= 0))
    pre_idx = rt.pre_idx[rows]
    width = max(1, int((pre_idx != rt.true_fact).sum(axis=1).max(initial=0)))  # as built: the longest row's
    _, items = csr_items(rt.add_start, rt.add_stop, rows)
    return _assembled(rt.n_bits, rt.true_fact, rt.negated, kept.goal_idx, np.ascontiguousarray(pre_idx[:, :width]),
                      rt.cost[rows], source[rows].astype(np.int32), (rt.add_stop - rt.add_start)[rows],
                      rt.add_fact[items])


def _assembled(n_bits: int, true_fact: int, negated: np.ndarray, goal_idx: np.ndarray, pre_idx: np.ndarray,
               cost: np.ndarray, op_idx: np.ndarray, counts: np.ndarray, add_fact: np.ndarray) -> RelaxedTask:
    """A RelaxedTask from its rows (conditions, cost, source, adds in CSR by row): the indexes built here."""
    add_op = np.repeat(np.arange(counts.size, dtype=np.int32), counts)
    by_fact = np.argsort(add_fact, kind="stable")
    ach_fact, ach_start = np.unique(add_fact[by_fact], return_index=True)
    ach_op, add_start = add_op[by_fact], np.cumsum(counts) - counts
    con_start, con_op = _consumers(pre_idx, n_bits, true_fact)
    return RelaxedTask(
        n_bits=n_bits, true_fact=true_fact, negated=negated, goal_idx=goal_idx, pre_idx=pre_idx, cost=cost,
        op_idx=op_idx, ach_fact=ach_fact.astype(np.int32), ach_start=ach_start.astype(np.int64), ach_op=ach_op,
        add_start=add_start, add_fact=add_fact, achievers=Segments.from_csr(ach_start, ach_op),
        adds=Segments.from_csr(add_start, add_fact), con_start=con_start, con_op=con_op)


def _negated_facts(task: GroundTask) -> np.ndarray:
    """``int32[n_neg]``: the non-derived facts some precondition, effect condition or axiom body
    needs false (sorted)."""
    needed = np.concatenate([task.neg_idx.ravel(), task.ce_neg_idx.ravel(), task.ax_neg_idx.ravel()])
    facts = np.unique(needed[needed < task.n_facts]).astype(np.int32)
    return np.setdiff1d(facts, task.derived_idx).astype(np.int32)


def _consumers(pre_idx: np.ndarray, n_bits: int, true_fact: int) -> tuple[np.ndarray, np.ndarray]:
    """CSR from each fact to the relaxed operators reading it (the TRUE padding reads nothing)."""
    op = np.repeat(np.arange(pre_idx.shape[0], dtype=np.int32), pre_idx.shape[1])
    fact = pre_idx.reshape(-1)
    keep = fact != true_fact
    op, fact = op[keep], fact[keep]
    order = np.argsort(fact, kind="stable")
    start = np.zeros(n_bits + 1, dtype=np.int64)
    np.cumsum(np.bincount(fact, minlength=n_bits), out=start[1:])
    return start, op[order]


def csr_items(start: np.ndarray, stop: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For CSR ranges ``start[r]:stop[r]`` of ``rows``: each item's position in ``rows`` and in the items."""
    counts = stop[rows] - start[rows]
    owner = np.repeat(np.arange(rows.size), counts)
    offsets = np.cumsum(counts) - counts
    return owner, np.arange(int(counts.sum())) - offsets[owner] + start[rows][owner]


def _fact_lists(rows: np.ndarray, n_bits: int) -> list[np.ndarray]:
    """Each packed row's facts, ascending (``np.flatnonzero`` of its unpacked row), read from its nonzero
    words only: unpacking every row took 2.5 GB per matrix for 50,000 operators over 50,000 facts, and
    seconds no time limit could interrupt."""
    row, word = np.nonzero(rows)
    as_bytes = np.ascontiguousarray(rows[row, word]).view(np.uint8).reshape(-1, 8)  # pack's byte order
    hit, bit = np.nonzero(np.unpackbits(as_bytes, axis=1, bitorder="little"))
    facts, owner = word[hit].astype(np.int64) * WORD + bit, row[hit]
    starts = np.searchsorted(owner, np.arange(rows.shape[0] + 1))
    return np.split(facts, starts[1:-1])


def initial_costs(states: np.ndarray) -> np.ndarray:
    """``bool[n, n_bits]`` states -> fact-major costs ``float64[n_bits, n]``: 0 where true, inf elsewhere."""
    return np.where(states.T, 0.0, np.inf)


FULL_SWEEP_SHARE = 0.6  # recompute every operator when this share of them is touched


def fixpoint(rt: RelaxedTask, costs: np.ndarray, op_cost: np.ndarray, combine: str,
             level: np.ndarray | None = None) -> np.ndarray:
    """Lower the fact-major costs ``float64[n_bits, n]`` (one column per state) in place to the
    h_max (``combine='max'``) or h_add (``'sum'``) fixpoint; returns the operator values
    ``float64[n_rel, n]`` (cost + combined precondition costs).

    Jacobi iteration from any upper bound: after iteration ``k`` a fact costs at most its cheapest
    derivation of height ``k``, so it ends at the least fixpoint even through zero-cost cycles, within
    ``n_bits + 2`` iterations; one more raises FixpointError (a negative cost on a cycle, or a bug).
    Costs only fall, so an iteration need only recompute the operators reading a fact that fell
    in the previous one and lower their added facts (a label-correcting frontier; the first
    iteration reads the facts finite in some state, and the operators without preconditions);
    a large frontier falls back to a sweep over all operators. ``op_cost`` is ``[n_rel]`` or per state
    ``[n_rel, n]``. When ``level: int32[n_bits, n]`` is given, each fact records the iteration of
    its last decrease (to pick well-founded supporters). Fact-major, so every gather copies whole
    rows of ``n`` states: about twice as fast as state-major.
    """
    if rt.n_rel == 0:
        return np.empty((0, costs.shape[1]))
    reduce = np.maximum if combine == "max" else np.add
    op_cost = op_cost[:, None] if op_cost.ndim == 1 else op_cost
    op_val = np.full((rt.n_rel, costs.shape[1]), np.inf)
    # an operator none of whose preconditions is reached in any state stays at inf
    fell = np.flatnonzero(np.isfinite(costs).any(axis=1))
    iteration = 0
    while True:
        iteration += 1
        if iteration > rt.n_bits + 2:  # costs settle by a derivation's height (< n_bits), seen empty 2 later
            raise FixpointError(f"the {combine} fixpoint was still lowering costs after {rt.n_bits + 2} "
                                f"iterations over {rt.n_bits} facts (a negative cost on a cycle?)")
        _, pos = csr_items(rt.con_start, rt.con_start[1:], fell)
        touched = np.zeros(rt.n_rel, dtype=bool)
        touched[rt.con_op[pos]] = True
        if iteration == 1:
            touched[rt.pre_free_ops] = True
        ops = np.flatnonzero(touched)
        if ops.size == 0:
            break
        if ops.size > FULL_SWEEP_SHARE * rt.n_rel:
            op_val = _operator_values(rt, costs, op_cost, reduce, None)
            fell = _lower(costs, rt.ach_fact, rt.achievers.reduce(np.minimum, op_val), level, iteration)
            continue
        values = _operator_values(rt, costs, op_cost, reduce, ops)
        op_val[ops] = values
        owner, pos = csr_items(rt.add_start, rt.add_stop, ops)
        facts = rt.add_fact[pos]
        order = np.argsort(facts, kind="stable")
        facts, owner = facts[order], owner[order]
        starts = np.concatenate(([True], facts[1:] != facts[:-1]))
        best = _segment_min(values, owner, starts)
        fell = _lower(costs, facts[starts], best, level, iteration)
    return op_val


RANK_MIN_CELLS = 16384  # below this many cells one reduceat call is cheaper
RANK_MAX = 8  # runs longer than this go to reduceat (grid's keys have hundreds of achievers)


def _segment_min(values: np.ndarray, rows: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """Row-wise minimum of ``values[rows]`` over each run that ``starts`` opens: ``[n_runs, n]``.

    ``np.minimum.reduceat`` costs about 5 ns a cell on row blocks however short the runs; when
    runs are short (a fact's achievers touched in one iteration, as on grid maps) and the block
    is big, folding in the i-th rows of all runs at once (one gather and one minimum per
    position) was 1.2-1.4x faster for h_FF on visitall batches of 48 states."""
    first = np.flatnonzero(starts)
    if first.size == rows.size:
        return values[rows]
    run = np.cumsum(starts) - 1
    rank = np.arange(rows.size) - first[run]
    if rows.size * values.shape[1] < RANK_MIN_CELLS or rank.max() > RANK_MAX:
        return np.minimum.reduceat(values[rows], first, axis=0)
    best = values[rows[first]]
    by_rank = np.argsort(rank, kind="stable")
    bounds = np.cumsum(np.bincount(rank))
    for r in range(1, bounds.size):
        at = by_rank[bounds[r - 1]:bounds[r]]
        runs = run[at]
        best[runs] = np.minimum(best[runs], values[rows[at]])
    return best


def _operator_values(rt: RelaxedTask, costs: np.ndarray, op_cost: np.ndarray, reduce: np.ufunc,
                     ops: np.ndarray | None) -> np.ndarray:
    """cost + combined precondition costs of ``ops`` (all operators when None): ``[m, n]``.

    A column of ``pre_idx`` that most rows fill only with padding (a few conditional effects with
    many conditions widen it for all: miconic-fulladl's from 4 to 12) is read for the rows that
    need it; elsewhere the padding's TRUE, costing 0, is read with the rest."""
    pre = rt.pre_idx if ops is None else rt.pre_idx[ops]
    width = rt.pre_count if ops is None else rt.pre_count[ops]
    values = costs[pre[:, 0]]
    for j in range(1, pre.shape[1]):
        rows = np.flatnonzero(width > j)
        if 2 * rows.size > width.size:
            reduce(values, costs[pre[:, j]], out=values)
        elif rows.size:
            values[rows] = reduce(values[rows], costs[pre[rows, j]])
        else:
            break
    values += op_cost if ops is None else op_cost[ops]
    return values


def _lower(costs: np.ndarray, facts: np.ndarray, best: np.ndarray, level: np.ndarray | None,
           iteration: int) -> np.ndarray:
    """Lower ``costs[facts]`` to ``best`` where that is lower; returns the facts that fell."""
    old = costs[facts]
    better = best < old
    costs[facts] = np.where(better, best, old)
    if level is not None:
        lv = level[facts]
        lv[better] = iteration
        level[facts] = lv
    return facts[better.any(axis=1)]
