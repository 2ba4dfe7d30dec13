"""One request, many sessions: the batched step and reset shared by HTTP (``/step_many``) and the WebSocket.

Each item is answered on its own, in order: a refused item gets ``{"error": message}`` in its place and
the others still run, so one evicted session does not cost a trainer the whole batch. A batch's steps go
through ``EnvPool.step_many``: one vectorized pass per task over the core's arrays, not one step at a time.
"""

from __future__ import annotations

from typing import Any

from agentgen_sym.serve.pool import EnvPool, ServeError

MAX_BATCH = 4096
"""The most items one batch may carry (a request body is bounded in bytes as well)."""
STEP_EXAMPLE = '{"steps": [{"id": 0, "action": "check valid actions"}]}'
RESET_EXAMPLE = '{"resets": [{"id": 0, "data_idx": 3}]}'


def items(data: dict, key: str, example: str) -> list:
    """The list under ``key`` of a batch body, checked for shape and length."""
    found = data.get(key)
    if not isinstance(found, list):
        raise ServeError(f"the body needs a list '{key}' (e.g. {example})")
    if len(found) > MAX_BATCH:
        raise ServeError(f"a batch of {len(found)} items; at most {MAX_BATCH} are taken at once", 413)
    return found


def step_many(pool: EnvPool, steps: list, owner: object = None) -> list[dict]:
    """``pool.step`` for each ``{"id", "action"}``: its answer, or ``{"error"}``; the well-formed items are
    stepped together (``EnvPool.step_many``: one vectorized pass per task)."""
    out: list[dict] = [{"error": "each step is an object {\"id\": N, \"action\": TEXT}"} for _ in steps]
    good = [j for j, item in enumerate(steps) if isinstance(item, dict) and "id" in item and "action" in item]
    for j, answer in zip(good, pool.step_many([(steps[j]["id"], steps[j]["action"]) for j in good], owner)):
        out[j] = answer
    return out


def reset_many(pool: EnvPool, resets: list, owner: object = None) -> list[dict]:
    """``pool.reset`` for each ``{"id", "data_idx"}``: its answer, or ``{"error"}``."""
    out = []
    for item in resets:
        try:
            if not isinstance(item, dict) or "id" not in item:
                raise ServeError("each reset is an object {\"id\": N, \"data_idx\": K}")
            out.append(pool.reset(item["id"], item.get("data_idx", 0), owner))
        except ServeError as exc:
            out.append({"error": str(exc)})
    return out


def run(pool: EnvPool, kind: str, data: Any, owner: object = None) -> dict:
    """The answer to a batch body of ``kind`` (``step_many`` or ``reset_many``), sent by ``owner`` (None: over
    HTTP, which reaches only the environments made over HTTP)."""
    if not isinstance(data, dict):
        raise ServeError("a batch is a JSON object (e.g. " + (STEP_EXAMPLE if kind == "step_many" else RESET_EXAMPLE)
                         + ")")
    if kind == "step_many":
        return {"results": step_many(pool, items(data, "steps", STEP_EXAMPLE), owner)}
    return {"results": reset_many(pool, items(data, "resets", RESET_EXAMPLE), owner)}
