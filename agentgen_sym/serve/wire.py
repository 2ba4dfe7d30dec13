"""The server's JSON on the wire: bodies read within bounds, answers written as Starlette's JSONResponse writes them.

A JSON body's nesting depth and integer lengths are bounded before ``json`` converts them; an answer
is compact UTF-8 (``ensure_ascii=False``, no spaces), byte for byte what ``JSONResponse`` sends.
"""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np

from agentgen_sym.serve.pool import ServeError

MAX_INT_DIGITS = 40
"""The longest integer read from a body or query (a random 128-bit id has at most 39 digits). ``int()`` is quadratic
in the digits and refuses more than 4,300 with a ValueError, so longer ones are refused before conversion."""
MAX_JSON_DEPTH = 32
"""The deepest nesting of a JSON body (AgentGym's bodies are flat objects). ``json``'s decoder recurses once
per level and raises RecursionError about 1,000 deep, so depth is counted before parsing."""
INT = re.compile(rf"-?\d{{1,{MAX_INT_DIGITS}}}")
_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*(?:"|\\?\Z)')
"""A JSON string, or an unterminated one up to the end: always matches at a quote, so one linear pass."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def bearer(scope: dict) -> str | None:
    """The request's ``Authorization: Bearer`` token, if it sends one: the client the environments it creates
    belong to."""
    for name, value in scope["headers"]:
        if name.lower() == b"authorization" and value[:7].lower() == b"bearer ":
            return value[7:].strip().decode("latin-1") or None
    return None


def error_body(message: str) -> bytes:
    return json.dumps({"error": message}).encode()


def internal_error(exc: BaseException) -> str:
    """What the client is told of an unexpected exception (the log has the message)."""
    return f"internal error ({type(exc).__name__}); the server log has the details"


_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))
"""Starlette's JSONResponse settings, built once (``json.dumps`` with options builds an encoder per call)."""


def dumps(content: Any) -> bytes:
    """``content`` as Starlette's JSONResponse renders it."""
    return _ENCODER.encode(content).encode("utf-8")


def json_depth(text: str) -> int:
    """How deep the brackets outside strings nest: as deep as ``json`` would recurse on ``text``."""
    brackets = np.frombuffer(_NOT_BRACKET.sub("", _STRING.sub("", text)).encode("ascii"), dtype=np.uint8)
    # '[' and '{' have bit 1 set, ']' and '}' do not: +1 per opening, -1 per closing
    return int(np.cumsum((brackets & 2).astype(np.int64) - 1).max(initial=0))


def _bounded_int(digits: str) -> int:
    """``json``'s integer hook: the digits are counted before ``int()`` sees them."""
    if len(digits) - digits.startswith("-") > MAX_INT_DIGITS:
        raise ServeError(f"an integer of {len(digits) - digits.startswith('-')} digits in the JSON body; "
                         f"at most {MAX_INT_DIGITS} digits are read")
    return int(digits)


_DECODER = json.JSONDecoder(parse_int=_bounded_int)
"""``json.loads``'s decoder with the bounded integer hook, built once (``loads`` with a hook builds one per call)."""


def json_body(raw: bytes) -> dict:
    if not raw.strip():
        raise ServeError("the request needs a JSON object body, e.g. {\"id\": 0}")
    try:  # decoded as json.loads decodes bytes, so the depth is counted on the text it would parse
        text = raw.decode(json.detect_encoding(raw), "surrogatepass")
    except UnicodeDecodeError:
        raise ServeError("the request body is not UTF-8 text") from None
    # the brackets of the raw bytes bound the depth from above (each '[' or '{' holds a byte 0x5b or 0x7b in
    # UTF-8, -16 and -32): only a body with many of them is counted exactly
    if raw.count(b"[") + raw.count(b"{") > MAX_JSON_DEPTH and json_depth(text) > MAX_JSON_DEPTH:
        raise ServeError(f"the JSON body nests deeper than {MAX_JSON_DEPTH} levels")
    try:
        data = _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise ServeError(f"malformed JSON body: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(data, dict):
        raise ServeError(f"the request body must be a JSON object, found {type(data).__name__}")
    return data
