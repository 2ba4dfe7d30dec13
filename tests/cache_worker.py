"""A cache writer for the concurrency test, run both in threads and as separate processes (``python -m``)."""

from __future__ import annotations

import sys

from agentgen_sym.llm.cache import ResponseCache


def value_for(tag: str, i: int) -> dict:
    return {"writer": tag, "i": i, "text": f"{tag}:{i};" * 50}


def write_and_read(cache: ResponseCache, tag: str, n: int) -> None:
    """Write ``n`` own keys and one contended key, reading each back; raise on any value that differs."""
    for i in range(n):
        cache.put(f"{tag}-{i}", value_for(tag, i))
        if cache.get(f"{tag}-{i}") != value_for(tag, i):
            raise AssertionError(f"{tag}-{i} read back differently")
        cache.put("shared", value_for(tag, i))
        shared = cache.get("shared")
        if shared is None or shared != value_for(shared["writer"], shared["i"]):
            raise AssertionError(f"torn shared value {shared!r}")


if __name__ == "__main__":
    cache = ResponseCache(sys.argv[1])
    print("ready", flush=True)
    sys.stdin.readline()  # start together with the parent's threads: imports take longer than the writes
    write_and_read(cache, sys.argv[2], int(sys.argv[3]))
