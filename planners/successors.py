"""Which operators apply in a batch of states, without testing every operator in every state.

``GroundTask.applicable`` reads every operator's preconditions in every state: on a task with tens
of thousands of operators that pass costs more than the rest of an expansion bar the heuristic.
Here each operator is filed under one of its preconditions, its key (the one fewest operators
read, so that the lists stay short), as in a watched-literal index: a state looks only at the
operators filed under its true facts and tests their remaining conditions; an operator without
preconditions is filed under TRUE, which every state holds. The answer is the same matrix
``GroundTask.applicable`` returns, so a search that uses it does exactly what it did before.

The successors' derived facts are computed per state with counters (``_derive``) rather than by
``GroundTask.derive``'s rounds over batches, each a few NumPy calls: on psr-middle p08 (481
axioms, derivations dozens of rounds deep) those rounds were half of gbfs-hff's search time.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

import numpy as np
from numba import njit

from agentgen_sym.compiler.task import GroundTask
from agentgen_sym.planners import kernel_cache


@njit(cache=True, nogil=True)
def _applicable(states: np.ndarray, key_start: np.ndarray, key_op: np.ndarray, pre_idx: np.ndarray,
                neg_idx: np.ndarray, out: np.ndarray) -> None:
    n, n_bits = states.shape
    for s in range(n):
        for f in range(n_bits):
            if not states[s, f]:
                continue
            for i in range(key_start[f], key_start[f + 1]):
                o = key_op[i]
                ok = True
                for j in range(pre_idx.shape[1]):
                    if not states[s, pre_idx[o, j]]:
                        ok = False
                        break
                if ok:
                    for j in range(neg_idx.shape[1]):
                        if states[s, neg_idx[o, j]]:
                            ok = False
                            break
                out[s, o] = ok


@njit(cache=True, nogil=True)
def _derive(states: np.ndarray, derived_idx: np.ndarray, layer_start: np.ndarray, ax_head: np.ndarray,
            ax_pre_idx: np.ndarray, ax_neg_idx: np.ndarray, reader_start: np.ndarray, reader_axiom: np.ndarray) -> None:
    """``GroundTask.derive`` per state, with counters: each axiom of a layer counts its false positive
    conditions once, and a fact the layer derives lowers the counts of its readers in the layer, so a
    derivation costs the layer's conditions and the readers of what it derives, not a sweep over the
    layer's axioms per round. Negative conditions are read once, at the layer's start: stratification
    puts every derived fact they name in a lower layer."""
    width = ax_pre_idx.shape[1]
    missing = np.empty(ax_head.shape[0], dtype=np.int64)
    queue = np.empty(states.shape[1], dtype=np.int64)  # a fact is queued when it turns true: once
    for s in range(states.shape[0]):
        for f in derived_idx:
            states[s, f] = False
        for layer in range(layer_start.size - 1):
            lo, hi = layer_start[layer], layer_start[layer + 1]
            tail = 0
            for a in range(lo, hi):
                count = 0
                for j in range(width):
                    if not states[s, ax_pre_idx[a, j]]:
                        count += 1
                for j in range(ax_neg_idx.shape[1]):
                    if states[s, ax_neg_idx[a, j]]:
                        count = width + 1  # never fires: the countdown stops above 0
                        break
                missing[a] = count
            for a in range(lo, hi):  # after every count: a fact derived now lowers only counts that include it
                if missing[a] == 0 and not states[s, ax_head[a]]:
                    states[s, ax_head[a]] = True
                    queue[tail] = ax_head[a]
                    tail += 1
            head = 0
            while head < tail:
                f = queue[head]
                head += 1
                for i in range(reader_start[f], reader_start[f + 1]):
                    a = reader_axiom[i]
                    if a < lo or a >= hi:
                        continue
                    missing[a] -= 1
                    if missing[a] == 0 and not states[s, ax_head[a]]:
                        states[s, ax_head[a]] = True
                        queue[tail] = ax_head[a]
                        tail += 1


class SuccessorGenerator:
    """The key index of one task's operators (see the module docstring)."""

    def __init__(self, task: GroundTask, compiled: bool | None = None) -> None:
        self.task = task
        # the kernel, or (None: while numba compiles it in the background) GroundTask.applicable: the same matrix
        self.compiled = kernel_cache.available(_applicable) if compiled is None else compiled
        self.derive_compiled = task.has_axioms and (kernel_cache.available(_derive) if compiled is None else compiled)
        pre = task.pre_idx.astype(np.int64)
        readers = np.bincount(pre.ravel(), minlength=task.n_bits)
        readers[task.true_fact] = np.iinfo(np.int64).max  # padding: a key only where nothing else is
        if pre.shape[1]:
            key = pre[np.arange(task.n_ops), np.argmin(readers[pre], axis=1)]
        else:
            key = np.full(task.n_ops, task.true_fact, dtype=np.int64)
        self.key_op = np.argsort(key, kind="stable").astype(np.int64)
        self.key_start = np.zeros(task.n_bits + 1, dtype=np.int64)
        np.cumsum(np.bincount(key, minlength=task.n_bits), out=self.key_start[1:])
        self.pre_idx = np.ascontiguousarray(task.pre_idx)
        self.neg_idx = np.ascontiguousarray(task.neg_idx)
        layer_ends = np.flatnonzero(np.diff(task.ax_layer)) + 1
        self.layer_start = np.concatenate([[0], layer_ends, [task.n_axioms]]).astype(np.int64)
        self.reader_start, self.reader_axiom = (a.astype(np.int64) for a in task.reader_csr)
        self.derived_idx = task.derived_idx.astype(np.int64)

    def applicable(self, states: np.ndarray) -> np.ndarray:
        """``bool[n, n_bits]`` states -> ``bool[n, n_ops]``, equal to ``GroundTask.applicable``."""
        out = np.zeros((states.shape[0], self.task.n_ops), dtype=bool)
        if not self.compiled:
            return self.task.applicable(states)
        if self.task.n_ops:
            _applicable(np.ascontiguousarray(states), self.key_start, self.key_op, self.pre_idx, self.neg_idx, out)
        return out

    def derive(self, states: np.ndarray) -> np.ndarray:
        """``GroundTask.derive``: the derived facts of ``bool[n, n_bits]`` states, recomputed in place."""
        if not self.derive_compiled:
            return self.task.derive(states)
        task = self.task
        _derive(states, self.derived_idx, self.layer_start, task.ax_head, task.ax_pre_idx, task.ax_neg_idx,
                self.reader_start, self.reader_axiom)
        return states

    def successors(self, rows: np.ndarray, states: np.ndarray | None, state_ids: np.ndarray, op_ids: np.ndarray
                   ) -> np.ndarray:
        """``GroundTask.successors``, with the derivation above."""
        return self.task.successors(rows, states, state_ids, op_ids, derive=self.derive)


_GENERATORS: WeakKeyDictionary[GroundTask, SuccessorGenerator] = WeakKeyDictionary()


def successor_generator(task: GroundTask) -> SuccessorGenerator:
    """The task's generator, built once (a planner's searches and a portfolio's members share it)."""
    if task not in _GENERATORS:
        _GENERATORS[task] = SuccessorGenerator(task)
    return _GENERATORS[task]
