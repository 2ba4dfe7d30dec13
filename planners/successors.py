"""Which operators apply in a batch of states, without testing every operator in every state.

``GroundTask.applicable`` reads every operator's preconditions in every state: on a task with tens
of thousands of operators that pass costs more than the rest of an expansion bar the heuristic.
Here each operator is filed under one of its preconditions, its key (the one fewest operators
read, so that the lists stay short), as in a watched-literal index: a state looks only at the
operators filed under its true facts and tests their remaining conditions; an operator without
preconditions is filed under TRUE, which every state holds. The answer is the same matrix
``GroundTask.applicable`` returns, so a search that uses it does exactly what it did before.
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


class SuccessorGenerator:
    """The key index of one task's operators (see the module docstring)."""

    def __init__(self, task: GroundTask, compiled: bool | None = None) -> None:
        self.task = task
        # the kernel, or (None: while numba compiles it in the background) GroundTask.applicable: the same matrix
        self.compiled = kernel_cache.available(_applicable) if compiled is None else compiled
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

    def applicable(self, states: np.ndarray) -> np.ndarray:
        """``bool[n, n_bits]`` states -> ``bool[n, n_ops]``, equal to ``GroundTask.applicable``."""
        out = np.zeros((states.shape[0], self.task.n_ops), dtype=bool)
        if not self.compiled:
            return self.task.applicable(states)
        if self.task.n_ops:
            _applicable(np.ascontiguousarray(states), self.key_start, self.key_op, self.pre_idx, self.neg_idx, out)
        return out


_GENERATORS: WeakKeyDictionary[GroundTask, SuccessorGenerator] = WeakKeyDictionary()


def successor_generator(task: GroundTask) -> SuccessorGenerator:
    """The task's generator, built once (a planner's searches and a portfolio's members share it)."""
    if task not in _GENERATORS:
        _GENERATORS[task] = SuccessorGenerator(task)
    return _GENERATORS[task]
