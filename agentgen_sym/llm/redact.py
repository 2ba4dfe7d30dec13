"""The one redaction of the configured API key, run on every text before it is cut, cached, printed or written.

A key leaks in more shapes than a verbatim copy: an error text cut at a length bound keeps most of
it, and a model may repeat it split over lines. So the key's secret part (the key without a
well-known prefix such as "sk-", which says nothing) is hidden wherever ``MIN_PIECE`` or more of its
consecutive characters appear, with any whitespace (or an escaped ``\\n``, ``\\r``, ``\\t``, as in a
quoted repr) between them. Redacting before the cut matters: a cut through the key leaves pieces
that a later look for the whole key no longer finds.
"""

from __future__ import annotations

import bisect
import re
from typing import Any

REDACTED = "[redacted]"
MIN_PIECE = 6
"""A run of this many consecutive secret characters is hidden: short enough to catch what a cut leaves."""
MIN_SECRET_LENGTH = 8
"""Shorter "keys" (placeholders such as "unused") are not worth hiding and would mangle ordinary text."""
PLACEHOLDER_KEYS = frozenset({"sk-no-key-required", "no-key-required", "lm-studio", "not-needed"})
"""Longer keys that local servers' documentation tells users to type; hiding their pieces would mangle
PDDL (``requir`` of "sk-no-key-required" is in every ``:requirements``)."""
_PREFIX = re.compile(r"^(?:sk|pk|rk)-(?:proj-|ant-(?:api\d+-)?|svcacct-|admin-)?")
_GAP = re.compile(r"(?:\s|\\[nrt])+")


def secret_part(key: str) -> str:
    """``key`` without a well-known, non-secret prefix ("sk-", "sk-proj-", ...)."""
    prefix = _PREFIX.match(key)
    return key[prefix.end():] if prefix else key


class Redactor:
    """``text(s)`` and ``data(value)`` with every piece of one key replaced by ``[redacted]``.

    Made once per client from its configured key; ``Redactor(None)`` (no key, or a placeholder)
    returns everything unchanged. Example::

        Redactor("sk-0123456789abcdef").text("key: sk-01234567\\n89abcdef")  # 'key: sk-[redacted]'
    """

    def __init__(self, key: str | None) -> None:
        secret = secret_part(key) if key and len(key) >= MIN_SECRET_LENGTH and key not in PLACEHOLDER_KEYS else ""
        secret = _GAP.sub("", secret)
        size = min(MIN_PIECE, len(secret))
        self._pieces = frozenset(secret[i:i + size] for i in range(len(secret) - size + 1)) if secret else frozenset()

    def text(self, text: str) -> str:
        """``text`` with each run of secret pieces (whitespace between them allowed) replaced by REDACTED."""
        if not self._pieces:
            return text
        packed = _GAP.sub("", text)
        if not any(piece in packed for piece in self._pieces):
            return text
        starts, origins = _packed_map(text)
        spans = _merge(self._covered(packed))
        out, end = [], 0
        for first, last in spans:  # [first, last) in packed positions, mapped back to the original text
            begin = _origin(starts, origins, first)
            stop = _origin(starts, origins, last - 1) + 1
            out.append(text[end:begin])
            out.append(REDACTED)
            end = stop
        out.append(text[end:])
        return "".join(out)

    def data(self, value: Any) -> Any:
        """A JSON-like value (dicts, lists, tuples, strings, numbers) with every string redacted: run it before
        serialising, where a split key is still split by real whitespace and not by an escape."""
        if isinstance(value, str):
            return self.text(value)
        if not self._pieces:
            return value
        if isinstance(value, dict):
            return {self.data(k): self.data(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return type(value)(self.data(v) for v in value)
        return value

    def _covered(self, packed: str) -> list[tuple[int, int]]:
        spans = []
        for piece in self._pieces:
            at = packed.find(piece)
            while at >= 0:
                spans.append((at, at + len(piece)))
                at = packed.find(piece, at + 1)
        return spans


def _packed_map(text: str) -> tuple[list[int], list[int]]:
    """For each run of non-gap characters: its start in the packed text and in ``text``."""
    starts, origins, packed, pos = [], [], 0, 0
    for gap in _GAP.finditer(text):
        if gap.start() > pos:
            starts.append(packed)
            origins.append(pos)
            packed += gap.start() - pos
        pos = gap.end()
    if pos < len(text):
        starts.append(packed)
        origins.append(pos)
    return starts, origins


def _origin(starts: list[int], origins: list[int], index: int) -> int:
    run = bisect.bisect_right(starts, index) - 1
    return origins[run] + index - starts[run]


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for first, last in sorted(spans):
        if merged and first <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], last))
        else:
            merged.append((first, last))
    return merged
