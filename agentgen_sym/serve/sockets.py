"""WebSocket sessions: OpenEnv's messages, plus AgentGym's sessions stepped in batches, within bounds.

A connection speaks OpenEnv's protocol (``reset``, ``step``, ``state``, ``close``; answers ``observation``,
``state`` or ``error`` with OpenEnv's ``WSErrorCode`` codes, as ``openenv/core/env_server/http_server.py``
does) over the one episode it holds, and may also ``create`` AgentGym environments and drive any
number of them per message (``step_many``, ``reset_many``: ``serve/batch.py``). What a connection creates
is its own: no other connection and no HTTP request can step, reset, read or close it (the pool refuses
them), and a connection never reaches another's. Bounds: a message's
size (uvicorn closes with 1009 past ``ws_max_size``; this handler refuses larger ones too), the
environments one connection may create, the time a connection may stay silent (then it is closed
with 1001), and the connections open at once (more are refused with 1013). Everything a connection
created is closed with it.
"""

from __future__ import annotations

import asyncio
import json
import sys
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from agentgen_sym.serve import batch
from agentgen_sym.serve.openenv import OpenEnv
from agentgen_sym.serve.pool import EnvPool, ServeError
from agentgen_sym.serve.wire import bearer, internal_error, json_body

PATHS = frozenset({"/ws", "/openenv/ws"})
"""Where the WebSocket is served (OpenEnv's client connects to ``BASE_URL/ws``)."""


@dataclass(frozen=True)
class SocketLimits:
    """The bounds of the WebSocket endpoint (``serve --ws-*``)."""

    max_message_bytes: int = 1024 * 1024
    max_envs_per_connection: int = 4096
    idle_timeout_s: float = 300.0
    max_connections: int = 1024


class Connection:
    """One WebSocket's episode (OpenEnv's: its own, or the session it attached to, ``session`` and ``owner`` then
    the session's) and the environments it created."""

    __slots__ = ("episode", "episode_id", "created", "session", "owner")

    def __init__(self) -> None:
        self.episode: int | None = None
        self.episode_id = ""
        self.created: set[int] = set()
        self.session: tuple[str | None, str] | None = None  # (token, session_id)
        self.owner: object = self


class Sockets:
    """The ASGI handler of WebSocket scopes on ``PATHS``."""

    def __init__(self, pool: EnvPool, openenv: OpenEnv, limits: SocketLimits) -> None:
        self.pool = pool
        self.openenv = openenv
        self.limits = limits
        self.open = 0

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if (await receive())["type"] != "websocket.connect":
            return
        if self.open >= self.limits.max_connections:
            await send({"type": "websocket.close", "code": 1013,
                        "reason": f"the server holds {self.limits.max_connections} WebSockets, its limit"})
            return
        await send({"type": "websocket.accept"})
        connection = Connection()
        session_id = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("session_id", [None])[0]
        if session_id is not None:
            try:
                self.openenv.attach(connection, session_id, bearer(scope))
            except ServeError as exc:
                await send({"type": "websocket.send", "text": _error(str(exc), "SESSION_ERROR")})
                await send({"type": "websocket.close", "code": 1008, "reason": "no such session of this client"})
                return
        self.open += 1
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        last = [loop.time()]
        idle = [False]

        def watch() -> None:  # one timer per connection, not one per message
            quiet = loop.time() - last[0]
            if quiet >= self.limits.idle_timeout_s:
                idle[0] = True
                task.cancel()
            else:
                timer[0] = loop.call_later(self.limits.idle_timeout_s - quiet, watch)

        timer = [loop.call_later(self.limits.idle_timeout_s, watch)]
        try:
            await self._serve(connection, receive, send, last)
        except asyncio.CancelledError:
            if not idle[0]:  # the server is shutting down
                raise
            await send({"type": "websocket.close", "code": 1001, "reason": f"idle for {self.limits.idle_timeout_s:g} s"})
        finally:
            timer[0].cancel()
            self.open -= 1
            for env_id in connection.created:
                try:
                    self.pool.close(env_id, connection)
                except ServeError:  # already evicted
                    pass

    async def _serve(self, connection: Connection, receive: Any, send: Any, last: list[float]) -> None:
        """Answer messages until the client leaves or closes; ``last`` records when each arrived."""
        loop = asyncio.get_running_loop()
        while True:
            message = await receive()
            last[0] = loop.time()
            if message["type"] == "websocket.disconnect":
                return
            raw = message.get("bytes") or (message.get("text") or "").encode("utf-8", "surrogatepass")
            if len(raw) > self.limits.max_message_bytes:
                await send({"type": "websocket.close", "code": 1009,
                            "reason": f"a message over {self.limits.max_message_bytes} bytes"})
                return
            reply = self.answer(connection, raw)
            if reply is None:  # OpenEnv's "close"
                await send({"type": "websocket.close", "code": 1000})
                return
            await send({"type": "websocket.send", "text": reply})

    def answer(self, connection: Connection, raw: bytes) -> str | None:
        """The reply to one message (None: close the connection)."""
        try:
            message = json_body(raw)
        except ServeError as exc:
            return _error(str(exc), "INVALID_JSON")
        kind = message.get("type")
        data = message.get("data", {})
        try:
            if kind == "close":
                return None
            if kind == "reset":
                return _reply("observation", self.openenv.reset_socket(data, connection))
            if kind in ("step", "state") and connection.episode is None:
                raise ServeError("no episode yet: send {\"type\": \"reset\"} first", 422)
            if kind == "step":
                return _reply("observation", self.openenv.step(connection.episode, connection.episode_id, data,
                                                               connection.owner))
            if kind == "state":
                return _reply("state", self.openenv.state(connection.episode, connection.episode_id,
                                                          connection.owner))
            if kind == "create":
                if len(connection.created) >= self.limits.max_envs_per_connection:
                    return _error(f"this connection holds {len(connection.created)} environments, its limit; "
                                  "open another connection", "CAPACITY_REACHED")
                answer = self.pool.create(data.get("data_idx", 0) if isinstance(data, dict) else data, connection)
                connection.created.add(answer["id"])
                return _reply("created", answer)
            if kind in ("step_many", "reset_many"):
                return _reply("results", batch.run(self.pool, kind, data, connection))
            return _error(f"unknown message type {str(kind)[:40]!r}: expected reset, step, state, close, create, "
                          "step_many or reset_many", "UNKNOWN_TYPE")
        except ServeError as exc:
            return _error(str(exc), "VALIDATION_ERROR" if exc.status in (400, 413, 422) else "EXECUTION_ERROR")
        except Exception as exc:  # one line to the client, the details to the log
            print(f"agentgen-sym serve: internal error on a WebSocket {kind!r} message: {type(exc).__name__}: {exc}",
                  file=sys.stderr)
            return _error(internal_error(exc), "EXECUTION_ERROR")


def _reply(kind: str, data: Any) -> str:
    return json.dumps({"type": kind, "data": data}, ensure_ascii=False, separators=(",", ":"))


def _error(message: str, code: str) -> str:
    return _reply("error", {"message": message, "code": code})
