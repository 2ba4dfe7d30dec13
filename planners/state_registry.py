"""Every state a search has seen, as packed rows indexed by integer id (Fast Downward's StateRegistry).

Open lists and parent pointers hold ids, never state objects. Duplicates are found exactly: a
dict from a row (its one word as an int, or its bytes) to its id (no bare hashes that could merge two
states).
"""

from __future__ import annotations

from itertools import repeat

import numpy as np

# Bytes one index entry costs beyond the row itself (bytes-object header, id int, dict slot),
# measured with tracemalloc on 10^5 rows; used for the memory estimate, not for correctness.
INDEX_ENTRY_OVERHEAD = 120
UNREACHED = np.iinfo(np.int64).max


class StateRegistry:
    """Packed rows ``uint64[capacity, n_words]`` and per-state arrays, capacity doubling.

    ``g`` int64 (UNREACHED until a path is recorded), ``parent`` int64 (-1 for the root),
    ``op`` int32 (operator from the parent), ``depth`` int64, ``h`` float64 ``[capacity,
    n_heuristics]`` (nan until evaluated), ``closed`` bool (expanded and not reopened, or pruned
    as a dead end), ``info`` uint64 ``[capacity, info_words]`` (what a path-dependent heuristic
    keeps per state).
    """

    def __init__(self, n_words: int, capacity: int = 1024, n_heuristics: int = 1, info_words: int = 0) -> None:
        self.n_words = n_words
        self.size = 0
        self._index: dict[int | bytes, int] = {}
        self._row_bytes = np.dtype((np.void, 8 * n_words))
        self.rows = np.zeros((capacity, n_words), dtype=np.uint64)
        self.g = np.full(capacity, UNREACHED, dtype=np.int64)
        self.parent = np.full(capacity, -1, dtype=np.int64)
        self.op = np.full(capacity, -1, dtype=np.int32)
        self.depth = np.full(capacity, UNREACHED, dtype=np.int64)
        self.h = np.full((capacity, n_heuristics), np.nan)
        self.closed = np.zeros(capacity, dtype=bool)
        self.info = np.zeros((capacity, info_words), dtype=np.uint64)

    def insert(self, rows: np.ndarray) -> np.ndarray:
        """Ids of ``rows: uint64[m, n_words]``, registering the unseen ones (duplicates inside
        ``rows`` get one id). Ids ``>= size`` before the call are the new states."""
        keys = self._keys(rows)
        ids = self._known(keys)
        unseen = np.flatnonzero(ids < 0)
        if len(unseen):  # a Python loop over the new rows only: most successors are states seen before
            index = self._index
            ids[unseen] = [index.setdefault(keys[i], len(index)) for i in unseen.tolist()]
            n_new = len(index) - self.size
            _, first = np.unique(ids[unseen], return_index=True)  # new ids are consecutive, first seen first
            self._reserve(self.size + n_new)
            self.rows[self.size:self.size + n_new] = rows[unseen[first]]
            self.size += n_new
        return ids

    def find(self, rows: np.ndarray) -> np.ndarray:
        """Ids of ``rows: uint64[m, n_words]``, -1 for those never registered (registers nothing)."""
        return self._known(self._keys(rows))

    def _known(self, keys: list) -> np.ndarray:
        return np.array(list(map(self._index.get, keys, repeat(-1, len(keys)))), dtype=np.int64)

    def _keys(self, rows: np.ndarray) -> list:
        """Hashable keys of the rows, made in C: a one-word row's int (cheaper to hash than bytes), else its
        bytes."""
        if self.n_words == 1:
            return rows[:, 0].tolist()
        return np.ascontiguousarray(rows).view(self._row_bytes).ravel().tolist()

    def _reserve(self, needed: int) -> None:
        capacity = self.rows.shape[0]
        if needed <= capacity:
            return
        while capacity < needed:
            capacity *= 2
        for name, fill in (("rows", 0), ("g", UNREACHED), ("parent", -1), ("op", -1), ("depth", UNREACHED),
                           ("h", np.nan), ("closed", False), ("info", 0)):
            old = getattr(self, name)
            new = np.full((capacity,) + old.shape[1:], fill, dtype=old.dtype)
            new[:old.shape[0]] = old
            setattr(self, name, new)

    def path(self, state_id: int) -> list[int]:
        """Operator ids from the root to ``state_id``, following parent pointers."""
        ops = []
        while self.parent[state_id] >= 0:
            ops.append(int(self.op[state_id]))
            state_id = int(self.parent[state_id])
        return ops[::-1]

    @property
    def nbytes(self) -> int:
        arrays = (self.rows, self.g, self.parent, self.op, self.depth, self.h, self.closed, self.info)
        return sum(a.nbytes for a in arrays) + self.size * (INDEX_ENTRY_OVERHEAD + 8 * self.n_words)
