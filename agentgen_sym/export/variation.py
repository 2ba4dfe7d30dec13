"""Deterministic variation: choices that differ between tasks and steps, but never between runs.

Python's ``hash`` of a string changes with every interpreter (hash randomization), and a seeded
RNG would tie one step's choice to how many draws came before it. A digest of the key does
neither, so re-exporting one task gives the same text wherever it sits in the file.
"""

from __future__ import annotations

import hashlib


def stable_index(n: int, *key: object) -> int:
    """An index in ``range(n)`` determined by ``key`` alone (``n`` must be positive)."""
    digest = hashlib.sha256("\x1f".join(str(part) for part in key).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % n
