"""'Did you mean ...?': pick the one candidate clearly closest to a misspelled name."""

from __future__ import annotations

from typing import Iterable

MAX_SUGGESTED_LENGTH = 64
"""Longer names get no suggestion: no PDDL name is that long by mistake, and the distance is quadratic."""


def edit_distance(a: str, b: str) -> int:
    """Optimal-string-alignment distance: insertions, deletions, substitutions, adjacent swaps."""
    if a == b:
        return 0
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


def closest(name: str, candidates: Iterable[str]) -> str | None:
    """The unique candidate within a small edit distance of ``name`` (case-insensitive), else None.

    The budget grows with the length (1 edit up to 4 letters, then one per 3 letters),
    and a tie for the best distance returns None: a fix must never guess between two names.
    """
    lowered = name.lower()
    if len(lowered) > MAX_SUGGESTED_LENGTH:
        return None
    budget = max(1, len(lowered) // 3)
    near = {c for c in candidates if abs(len(c) - len(lowered)) <= budget}  # no other can be within budget
    scored = sorted((edit_distance(lowered, c.lower()), c) for c in near)
    if not scored or scored[0][0] > budget or scored[0][0] == 0:
        return None
    if len(scored) > 1 and scored[1][0] == scored[0][0]:
        return None
    return scored[0][1]
