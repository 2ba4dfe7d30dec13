"""Open lists of state ids: integer-keyed buckets, and Fast Downward's alternation with boosting."""

from __future__ import annotations

import heapq
from collections import deque

import numpy as np


class BucketOpenList:
    """State ids grouped by an integer priority tuple (lowest first), FIFO inside a bucket.

    Buckets hold arrays of ids as they were pushed, so a batch push or pop touches one array per
    bucket, not one Python object per state. Stale entries are left in place; the search skips them.
    """

    def __init__(self) -> None:
        self._buckets: dict[tuple[int, ...], deque[np.ndarray]] = {}
        self._heap: list[tuple[int, ...]] = []
        self.size = 0

    def push(self, keys: np.ndarray, ids: np.ndarray) -> None:
        """Push ``ids: int64[m]`` with priorities ``keys: int64[m, d]``; input order is kept per bucket."""
        if ids.size == 0:
            return
        if (keys == keys[0]).all():  # one bucket (lazy search: every pair of one state)
            self._append(tuple(keys[0].tolist()), ids)
            self.size += ids.size
            return
        # a stable lexicographic sort groups equal keys in push order (np.unique(axis=0) cost 4x more)
        order = np.argsort(keys[:, 0], kind="stable") if keys.shape[1] == 1 else np.lexsort(keys.T[::-1])
        ordered = keys[order]
        bounds = np.flatnonzero((ordered[1:] != ordered[:-1]).any(axis=1)) + 1
        heads = ordered[np.concatenate(([0], bounds))].tolist()
        for key_row, chunk in zip(heads, np.split(ids[order], bounds)):
            self._append(tuple(key_row), chunk)
        self.size += ids.size

    def _append(self, key: tuple[int, ...], chunk: np.ndarray) -> None:
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = deque()
            heapq.heappush(self._heap, key)
        bucket.append(chunk)

    def pop_batch(self, limit: int) -> tuple[tuple[int, ...], np.ndarray]:
        """Up to ``limit`` ids from the lowest bucket, with that bucket's key."""
        key = self._heap[0]
        bucket = self._buckets[key]
        taken: list[np.ndarray] = []
        count = 0
        while bucket and count < limit:
            chunk = bucket.popleft()
            if count + chunk.size > limit:
                bucket.appendleft(chunk[limit - count:])
                chunk = chunk[:limit - count]
            taken.append(chunk)
            count += chunk.size
        if not bucket:
            del self._buckets[key]
            heapq.heappop(self._heap)
        self.size -= count
        return key, np.concatenate(taken)

    @property
    def lowest(self) -> tuple[int, ...]:
        """The key of the bucket ``pop_batch`` would take from (the list must not be empty)."""
        return self._heap[0]

    @property
    def nbytes(self) -> int:
        return 8 * self.size + 200 * len(self._buckets)


class AlternationOpenList:
    """One main list per heuristic, each optionally with a preferred-operator list, used in turn
    (Fast Downward's ``alt``): the non-empty list with the lowest counter is popped and its counter
    grows by the number of ids popped; ``boost`` lowers the preferred lists' counters when the
    search progresses. List ``2 * k`` orders by heuristic ``k``, list ``2 * k + 1`` is its
    preferred list."""

    def __init__(self, preferred: bool, boost: int = 1000, n_heuristics: int = 1) -> None:
        self.preferred = preferred
        self.lists = [BucketOpenList() if preferred or i % 2 == 0 else None for i in range(2 * n_heuristics)]
        self._priority = [0] * len(self.lists)
        self._boost = boost

    def __len__(self) -> int:
        return sum(lst.size for lst in self.lists if lst is not None)

    def push(self, keys: list[np.ndarray], ids: np.ndarray, preferred_mask: np.ndarray | None = None) -> None:
        """``keys[k]`` orders ``ids`` for heuristic ``k``; every id enters each main list, those in
        ``preferred_mask`` also the preferred lists."""
        for i, lst in enumerate(self.lists):
            if lst is None:
                continue
            key = keys[i // 2]
            if i % 2 == 0:
                lst.push(key, ids)
            elif preferred_mask is not None and preferred_mask.any():
                lst.push(key[preferred_mask], ids[preferred_mask])

    def pop_batch(self, limit: int) -> tuple[int, tuple[int, ...], np.ndarray]:
        """Up to ``limit`` ids from the lowest bucket of the next list: (heuristic index, key, ids)."""
        which = min((i for i, lst in enumerate(self.lists) if lst is not None and lst.size),
                    key=lambda i: self._priority[i])
        key, ids = self.lists[which].pop_batch(limit)
        self._priority[which] += ids.size
        return which // 2, key, ids

    def lowest(self, k: int) -> int | None:
        """The first component of the lowest key in heuristic ``k``'s main list (None when it is empty)."""
        main = self.lists[2 * k]
        return main.lowest[0] if main.size else None

    def boost(self) -> None:
        if self.preferred:
            for i in range(1, len(self.lists), 2):
                self._priority[i] -= self._boost

    @property
    def nbytes(self) -> int:
        return sum(lst.nbytes for lst in self.lists if lst is not None)
