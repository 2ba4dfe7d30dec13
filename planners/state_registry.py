"""Every state a search has seen, as packed rows indexed by integer id (Fast Downward's StateRegistry).

Open lists and parent pointers hold ids, never state objects. Duplicates are found exactly: a
dict from a row's bytes to its id (no bare hashes that could merge two states).
"""

from __future__ import annotations

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
        self._index: dict[bytes, int] = {}
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
        index = self._index
        ids = np.array([index.setdefault(key, len(index)) for key in self._keys(rows)], dtype=np.int64)
        n_new = len(index) - self.size
        if n_new:
            fresh = ids >= self.size
            _, first = np.unique(ids[fresh], return_index=True)  # new ids are consecutive, first seen first
            self._reserve(self.size + n_new)
            self.rows[self.size:self.size + n_new] = rows[np.flatnonzero(fresh)[first]]
            self.size += n_new
        return ids

    def find(self, rows: np.ndarray) -> np.ndarray:
        """Ids of ``rows: uint64[m, n_words]``, -1 for those never registered (registers nothing)."""
        get = self._index.get
        return np.array([get(key, -1) for key in self._keys(rows)], dtype=np.int64)

    def _keys(self, rows: np.ndarray) -> list[bytes]:
        buf = np.ascontiguousarray(rows).tobytes()
        step = 8 * self.n_words
        return [buf[i:i + step] for i in range(0, len(buf), step)]

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
