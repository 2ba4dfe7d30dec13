"""Pull PDDL and JSON out of LLM text, treating it as untrusted data: scanned and parsed, never evaluated.

LLMs wrap answers in markdown fences, prose, several ``(define ...)`` blocks, or stop mid-block
at max_tokens. The scans here are linear and bounded in input size, block count and time, and
every outcome is a status with a one-line reason that can be fed back to the LLM.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from enum import Enum
from typing import Any

MAX_INPUT_CHARS = 1_000_000
MAX_BLOCKS = 16
TIME_LIMIT_S = 2.0

_FENCE_LINE = re.compile(r"^[ \t]*(`{3,}|~{3,})([^\n`]*)$", re.M)
_DEFINE = re.compile(r"\(\s*define(?=[\s(])", re.I)
_HEAD = re.compile(r"\(\s*define\s*\(\s*(domain|problem)\s+([^\s()]+)", re.I)
_PDDL_TOKENS = re.compile(r'[();"]')
_JSON_TOKENS = re.compile(r'[{}"]')
_JSON_STRING_TOKENS = re.compile(r'["\\]')


class ExtractStatus(str, Enum):
    """What became of an extraction; anything but OK comes with a reason fit to send back to the LLM."""

    OK = "ok"
    NOT_FOUND = "not_found"
    TRUNCATED = "truncated"   # a block opens and never closes: the answer was cut off
    MALFORMED = "malformed"   # JSON that json.loads rejects
    TOO_LARGE = "too_large"   # input or block count over the bounds
    TIMEOUT = "timeout"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class PddlBlock:
    """One balanced ``(define ...)`` block; ``kind`` is "domain", "problem" or "unknown"; ``line`` is 1-based."""

    text: str
    kind: str
    name: str | None
    line: int


@dataclass(frozen=True)
class PddlExtraction:
    """Complete blocks in order of appearance; on TRUNCATED, those before the cut-off one."""

    status: ExtractStatus
    blocks: tuple[PddlBlock, ...] = ()
    reason: str | None = None

    @property
    def domain(self) -> PddlBlock | None:
        return next((b for b in self.blocks if b.kind == "domain"), None)

    @property
    def problems(self) -> tuple[PddlBlock, ...]:
        return tuple(b for b in self.blocks if b.kind == "problem")


@dataclass(frozen=True)
class JsonExtraction:
    status: ExtractStatus
    value: dict[str, Any] | None = None
    reason: str | None = None


def strip_fences(text: str) -> str:
    """The text with markdown fence lines (```pddl, ```lisp, ```, ~~~) removed and their contents kept."""
    return _FENCE_LINE.sub("", text)


def _fenced(text: str, languages: tuple[str, ...]) -> list[tuple[int, str]]:
    """(offset, body) of the fenced blocks whose language is in ``languages`` ("" for an unlabelled fence).

    Fence lines are paired in one pass (a closer has the opener's character, at least its length and
    no info string), so text full of unclosed fences costs linear time, not a regex backtrack each.
    """
    blocks: list[tuple[int, str]] = []
    opener: re.Match[str] | None = None
    for line in _FENCE_LINE.finditer(text):
        if opener is None:
            opener = line
            continue
        marker, start = opener.group(1), opener.end() + 1
        if line.group(1)[0] == marker[0] and len(line.group(1)) >= len(marker) and not line.group(2).strip():
            info = opener.group(2).split()
            if (info[0].lower() if info else "") in languages:
                blocks.append((start, text[start:line.start()]))
            opener = None
    return blocks


def extract_pddl(text: str, max_chars: int = MAX_INPUT_CHARS, time_limit_s: float = TIME_LIMIT_S) -> PddlExtraction:
    """Every ``(define ...)`` block, found by a paren-balanced scan that skips ``;`` comments and strings.

    Fenced code (pddl, lisp, scheme, unlabelled) is preferred when it holds a define block, so a
    ``(define ...)`` mentioned in the prose around it is not taken for code.
    """
    if len(text) > max_chars:
        return PddlExtraction(ExtractStatus.TOO_LARGE, reason=f"input too large ({len(text)} > {max_chars} chars)")
    deadline = time.monotonic() + time_limit_s
    sources = [(o, body) for o, body in _fenced(text, ("pddl", "lisp", "scheme", "")) if _DEFINE.search(body)]
    blocks: list[PddlBlock] = []
    for offset, source in sources or [(0, text)]:
        pos = 0
        while (start := _DEFINE.search(source, pos)) is not None:
            line = text.count("\n", 0, offset + start.start()) + 1
            if len(blocks) == MAX_BLOCKS:
                return PddlExtraction(ExtractStatus.TOO_LARGE, tuple(blocks), f"more than {MAX_BLOCKS} define blocks")
            end, unclosed = _pddl_block_end(source, start.start(), deadline)
            if unclosed < 0:
                return PddlExtraction(ExtractStatus.TIMEOUT, tuple(blocks), f"scan exceeded {time_limit_s:g} s")
            if end is None:
                return PddlExtraction(ExtractStatus.TRUNCATED, tuple(blocks),
                                      f"truncated PDDL: the define block at line {line} ends with {unclosed} "
                                      f"unclosed parenthes{'is' if unclosed == 1 else 'es'}")
            block = strip_fences(source[start.start():end])
            head = _HEAD.match(block)
            blocks.append(PddlBlock(block, head.group(1).lower() if head else "unknown",
                                    head.group(2) if head else None, line))
            pos = end
    if not blocks:
        return PddlExtraction(ExtractStatus.NOT_FOUND, reason="no PDDL found: no (define ...) block in the text")
    return PddlExtraction(ExtractStatus.OK, tuple(blocks))


def _pddl_block_end(text: str, start: int, deadline: float) -> tuple[int | None, int]:
    """(index after the matching ")", 0); (None, unclosed count) when the text ends first; (None, -1) on timeout."""
    depth, pos, steps = 0, start, 0
    while (match := _PDDL_TOKENS.search(text, pos)) is not None:
        steps += 1
        if steps % 4096 == 0 and time.monotonic() > deadline:
            return None, -1
        char, pos = match.group(), match.end()
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return pos, 0
        else:  # a ";" comment runs to the end of the line; a string to its closing quote
            close = text.find("\n" if char == ";" else '"', pos)
            if close < 0:
                break
            pos = close + 1
    return None, depth


def extract_json(text: str, max_chars: int = MAX_INPUT_CHARS, time_limit_s: float = TIME_LIMIT_S) -> JsonExtraction:
    """The first balanced ``{...}`` block that ``json.loads`` accepts (fenced json preferred); nothing is evaluated.

    Balanced blocks that are not JSON (``{a, b}`` in prose) are skipped; if none parses, the
    first failure is reported: "malformed JSON: ..." or "truncated JSON: ...".
    """
    if len(text) > max_chars:
        return JsonExtraction(ExtractStatus.TOO_LARGE, reason=f"input too large ({len(text)} > {max_chars} chars)")
    deadline = time.monotonic() + time_limit_s
    sources = [body for _, body in _fenced(text, ("json", "")) if "{" in body] or [text]
    failure: JsonExtraction | None = None
    candidates = 0
    for source in sources:
        pos = source.find("{")
        while pos >= 0 and candidates < MAX_BLOCKS:
            candidates += 1
            end = _json_object_end(source, pos, deadline)
            if end is None:
                return failure or JsonExtraction(ExtractStatus.TRUNCATED,
                                                 reason="truncated JSON: an object opens and never closes")
            if end < 0:
                return JsonExtraction(ExtractStatus.TIMEOUT, reason=f"scan exceeded {time_limit_s:g} s")
            try:
                return JsonExtraction(ExtractStatus.OK, json.loads(source[pos:end]))
            except (ValueError, RecursionError) as exc:  # RecursionError: absurd nesting
                failure = failure or JsonExtraction(ExtractStatus.MALFORMED, reason=f"malformed JSON: {exc}")
            pos = source.find("{", end)
    return failure or JsonExtraction(ExtractStatus.NOT_FOUND, reason="no JSON object found in the text")


def _json_object_end(text: str, start: int, deadline: float) -> int | None:
    """Index after the "}" closing the object at ``start``; None when the text ends first; -1 on timeout."""
    depth, pos, steps, in_string = 0, start, 0, False
    while (match := (_JSON_STRING_TOKENS if in_string else _JSON_TOKENS).search(text, pos)) is not None:
        steps += 1
        if steps % 4096 == 0 and time.monotonic() > deadline:
            return -1
        char, pos = match.group(), match.end()
        if in_string:
            if char == "\\":
                pos += 1  # skip the escaped character
            else:
                in_string = False
        elif char == '"':
            in_string = True
        elif char == "{":
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                return pos
    return None
