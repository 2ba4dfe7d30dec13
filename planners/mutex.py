"""Pairs of facts that are never true together in a reachable state (mutexes), for landmark orderings.

LAMA orders landmarks "reasonably" (Hoffmann, Porteous & Sebastia 2004) where one interferes with
achieving another, and interference is read off mutexes; Fast Downward takes them from its
translator's invariants. Here they are the greatest fixpoint of a pair invariant: start from every
pair of facts not both true initially and drop a pair (p, q) while some operator can add p and
leave q true: it does not delete q, does not need q false, and none of its preconditions is still
mutex with q (then q could hold before). What survives holds in every reachable state: true
initially, and kept by every operator. Like h^2 reachability, but only pairs, at the cost of a few
dense passes over operators x facts; tasks too large for that get no mutexes (``None``), which
only means fewer orderings.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from agentgen_sym.compiler.limits import checkpoint
from agentgen_sym.compiler.task import GroundTask, pack, unpack

MAX_FACTS = 6000       # the matrix is n_facts^2 booleans
MAX_PASS_WORDS = 5e7   # effect rows x 64-fact words x preconditions per pass
MAX_ROW_CELLS = 3e7    # effect rows x facts: the dense effect matrices (four of them, a byte a cell)


@dataclass(frozen=True)
class EffectRows:
    """Per effect (each operator's unconditional effect, then each conditional one): its preconditions
    ``int32[r, k]`` (padded with TRUE), and as ``bool[r, n_facts]`` what it needs false, adds and
    deletes, and everything its operator may add (another effect's add can make a pair true at once)."""

    pre: np.ndarray
    neg: np.ndarray
    add: np.ndarray
    delete: np.ndarray
    may_add: np.ndarray


def effect_rows(task: GroundTask) -> EffectRows | None:
    """The task's effects as dense rows, or ``None`` when they (or a pass over them) would be too large."""
    n = task.n_facts
    width = task.pre_idx.shape[1] + (task.ce_pre_idx.shape[1] if task.ce_pre_idx.shape[0] else 0)
    n_rows = task.n_ops + task.ce_pre_idx.shape[0]
    if (n == 0 or n > MAX_FACTS or n_rows * n > MAX_ROW_CELLS
            or n_rows * -(-n // 64) * max(1, width) > MAX_PASS_WORDS):
        return None
    return _dense_effects(task)


def mutex_pairs(task: GroundTask, rows: EffectRows | None = None) -> np.ndarray | None:
    """``bool[n_facts, n_facts]``, symmetric: ``[p, q]`` when no reachable state holds both; derived
    facts are never in a pair. ``None`` when the task is too large to compute them. ``rows``: the
    task's ``effect_rows`` when the caller has them."""
    if rows is None:
        rows = effect_rows(task)
    if rows is None:
        return None
    n = task.n_facts
    pre, neg, add, delete, op_adds = rows.pre, rows.neg, rows.add, rows.delete, rows.may_add
    init = unpack(task.init_bits[None, :], task.n_bits)[0, :n]
    mutex = ~(init[:, None] & init[None, :])
    mutex[np.diag_indices(n)] = False
    mutex[task.derived_idx, :] = False
    mutex[:, task.derived_idx] = False
    words = -(-n // 64)
    row, fact = np.nonzero(add)
    order = np.argsort(fact, kind="stable")
    row, fact = row[order], fact[order]
    added, starts = np.unique(fact, return_index=True)
    # q is false after an effect when it is deleted, needed false before or (each pass) false before by a
    # precondition mutex with it, unless an effect of the operator may add it
    kept_false = pack(delete | neg, words)
    may_add = pack(op_adds, words)
    packed = np.zeros((n + 2, words), dtype=np.uint64)  # rows n, n + 1: the TRUE/FALSE sentinels
    while True:
        checkpoint("finding mutexes", heavy=True)
        packed[:n] = pack(mutex, words)
        held_off = kept_false.copy()
        for j in range(pre.shape[1]):
            held_off |= packed[pre[:, j]]
        held_off &= ~may_add
        new = packed[:n].copy()
        if added.size:
            new[added] &= np.bitwise_and.reduceat(held_off[row], starts, axis=0)
        new_mutex = unpack(new, n)
        new_mutex &= new_mutex.T
        if (new_mutex == mutex).all():
            return mutex
        mutex = new_mutex


def _dense_effects(task: GroundTask) -> EffectRows:
    n = task.n_facts
    add = unpack(task.add_bits, task.n_bits)[:, :n]
    delete = unpack(task.del_bits, task.n_bits)[:, :n]
    neg = _dense(task.neg_idx, n)
    if not task.ce_pre_idx.shape[0]:
        return EffectRows(task.pre_idx, neg, add, delete, add)
    ce_op = np.repeat(np.arange(task.n_ops), np.diff(task.ce_start))
    ce_add = unpack(task.ce_add_bits, task.n_bits)[:, :n]
    op_adds = add.copy()
    np.logical_or.at(op_adds, ce_op, ce_add)
    width = task.pre_idx.shape[1] + task.ce_pre_idx.shape[1]
    pre = np.vstack([_pad(task.pre_idx, width, task.true_fact), np.hstack([task.pre_idx[ce_op], task.ce_pre_idx])])
    checkpoint("finding mutexes")
    return EffectRows(pre, np.vstack([neg, neg[ce_op] | _dense(task.ce_neg_idx, n)]), np.vstack([add, ce_add]),
                      np.vstack([delete, delete[ce_op] | unpack(task.ce_del_bits, task.n_bits)[:, :n]]),
                      np.vstack([op_adds, op_adds[ce_op]]))


def _dense(index: np.ndarray, n: int) -> np.ndarray:
    """``bool[rows, n]`` from index rows (entries >= n, the sentinels, left out)."""
    out = np.zeros((index.shape[0], n), dtype=bool)
    rows, cols = np.nonzero(index < n)
    out[rows, index[rows, cols]] = True
    return out


def _pad(index: np.ndarray, width: int, fill: int) -> np.ndarray:
    out = np.full((index.shape[0], width), fill, dtype=index.dtype)
    out[:, :index.shape[1]] = index
    return out
