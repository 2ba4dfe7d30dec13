"""The HTTP layer: AgentGym's environment-server routes and OpenEnv's protocol over an EnvPool.

Routes and payloads follow AgentGym's servers (``agentenv-textcraft/agentenv_textcraft/server.py``
and ``env_wrapper.py``): ``/create``, ``/step``, ``/reset``, ``/observation``, ``/detail``,
``/close``, plus ``/available_actions``, ``/conversation_start``, ``/tasks`` and ``/health``.
Errors follow AgentGym's convention by default, HTTP 200 with ``{"error": message}``; with
``http_errors`` they carry a proper status (400 bad request, 404 unknown, 410 gone, 413 too
large, 422 unplayable task). Bodies are read through a guard that bounds their size and turns
any unexpected exception into a one-line error, never a traceback to the client; a JSON body's
nesting depth and integer lengths are bounded before ``json`` converts them (``wire``).

The routes a trainer calls per step (AgentGym's POST routes, the batched ``/step_many`` and
``/reset_many``, OpenEnv's ``/openenv/...``) and the WebSocket (``sockets``) are answered by ``Routes``
straight from the ASGI scope: FastAPI's routing, request objects and response classes cost more than
the step itself. The GET routes and unknown paths go on to FastAPI.
"""

from __future__ import annotations

import sys
from typing import Any, Callable
from urllib.parse import parse_qs

from fastapi import FastAPI, Request
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import JSONResponse

from agentgen_sym.serve import batch
from agentgen_sym.serve.openenv import ENV_NAME, PREFIX, SPLIT, OpenEnv
from agentgen_sym.serve.pool import EnvPool, ServeError
from agentgen_sym.serve.sockets import PATHS, SocketLimits, Sockets
from agentgen_sym.serve.wire import INT, bearer, dumps, error_body, internal_error, json_body

MAX_BODY_BYTES = 64 * 1024
"""The default limit on a request body; an action is a line of text, so this is generous."""


def rss_kb() -> int:
    """This process's resident memory in KiB (Linux ``/proc``; elsewhere the peak, from ``resource``)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    import resource
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


Direct = Callable[[dict, bytes], "tuple[int, bytes] | None"]
"""A route answered from the scope and the whole body: its status and JSON bytes (None: not such a route)."""


class Guard:
    """ASGI middleware: bodies over ``max_body_bytes`` are refused before the app sees them, and an
    exception escaping the app becomes one logged line and an ``{"error"}`` answer. ``direct`` answers
    the per-step routes without the app (``Routes.answer``)."""

    def __init__(self, app: Any, max_body_bytes: int, http_errors: bool, direct: Direct | None = None,
                 direct_paths: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.http_errors = http_errors
        self.direct = direct
        self.direct_paths = direct_paths
        """The paths ``direct`` answers, whatever the method: the connection answers their requests itself
        (``protocol.BoundedHttpProtocol``), through ``respond``."""

    def respond(self, scope: dict, body: bytes) -> tuple[int, bytes] | None:
        """``direct``'s status and JSON for a whole request (None: the app's route); an exception is logged
        and answered as an internal error."""
        try:
            return self.direct(scope, body) if self.direct is not None else None
        except Exception as exc:  # the client gets one line; the log gets the kind and message
            self._log(scope, exc)
            return 500 if self.http_errors else 200, error_body(internal_error(exc))

    async def reply(self, send: Any, status: int, message: str) -> None:
        body = error_body(message)
        await send({"type": "http.response.start", "status": status if self.http_errors else 200,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = f"the request body is larger than {self.max_body_bytes} bytes"
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body_bytes):
            if declared.isdigit():
                await self.reply(send, 413, too_large)
            else:
                await self.reply(send, 400, "a malformed Content-Length header")
            return
        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.max_body_bytes:
                await self.reply(send, 413, too_large)
                return
        answer = self.respond(scope, bytes(body))
        if answer is not None:
            status, raw = answer
            await send({"type": "http.response.start", "status": status, "headers": [
                (b"content-type", b"application/json"), (b"content-length", str(len(raw)).encode())]})
            await send({"type": "http.response.body", "body": raw})
            return
        replayed = False
        started = False

        async def replay() -> dict:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        async def watch(message: dict) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, replay, watch)
        except Exception as exc:  # the client gets one line; the log gets the kind and message
            self._log(scope, exc)
            if not started:
                await self.reply(send, 500, internal_error(exc))

    @staticmethod
    def _log(scope: dict, exc: Exception) -> None:
        print(f"agentgen-sym serve: internal error on {scope.get('method')} {scope.get('path')}: "
              f"{type(exc).__name__}: {exc}", file=sys.stderr)


def _required(data: dict, name: str, example: str) -> Any:
    if name not in data:
        raise ServeError(f"missing '{name}' in the request body (e.g. {example})")
    return data[name]


def _query_id(request: Request) -> int:
    raw = request.query_params.get("id")
    if raw is None:
        raise ServeError("missing query parameter 'id' (e.g. ?id=0)")
    if not INT.fullmatch(raw.strip()):
        raise ServeError(f"query parameter 'id' must be an integer, found {raw[:40]!r}")
    return int(raw)


Answer = tuple[int, Any]
"""A direct route's HTTP status and JSON content."""


def owner(scope: dict) -> object:
    """Who an AgentGym request speaks for: its bearer token, or None (anyone who names the id)."""
    token = bearer(scope)
    return None if token is None else ("bearer", token)


class Routes:
    """The per-step routes, answered from the scope and the whole body (``answer``, the Guard's ``direct``), and the
    WebSocket; as ASGI, the rest goes on to ``app`` (FastAPI)."""

    def __init__(self, app: Any, pool: EnvPool, http_errors: bool, socket_limits: SocketLimits) -> None:
        self.app = app
        self.pool = pool
        self.http_errors = http_errors
        self.openenv = OpenEnv(pool)
        self.sockets = Sockets(pool, self.openenv, socket_limits)
        self.routes: dict[tuple[str, str], Callable[[bytes, dict], Answer]] = {
            ("POST", "/create"): self.create, ("POST", "/step"): self.step, ("POST", "/reset"): self.reset,
            ("POST", "/close"): self.close, ("POST", "/step_many"): self.many("step_many"),
            ("POST", "/reset_many"): self.many("reset_many"),
            ("POST", f"{PREFIX}/reset"): self.openenv_reset, ("POST", f"{PREFIX}/step"): self.openenv_step,
            ("GET", f"{PREFIX}/state"): self.openenv_state, ("POST", f"{PREFIX}/mcp"): self.openenv_mcp,
            ("GET", f"{PREFIX}/health"): lambda body, scope: (200, {"status": "healthy"}),
            ("GET", f"{PREFIX}/metadata"): lambda body, scope: (200, self.openenv.metadata()),
            ("GET", f"{PREFIX}/schema"): lambda body, scope: (200, self.openenv.schema()),
            ("GET", f"{PREFIX}/openapi.json"): lambda body, scope: (200, self.openenv.openapi()),
            ("GET", f"{PREFIX}/list_environments"): lambda body, scope: (200, [ENV_NAME]),
            ("GET", f"{PREFIX}/{ENV_NAME}/splits"): lambda body, scope: (200, [{"name": SPLIT, "type": SPLIT}]),
            **{("POST", f"{PREFIX}/{ENV_NAME}/{route}"): self.openenv_tasks(route)
               for route in ("tasks", "num_tasks", "task", "task_range")}}
        self.paths = {path for _, path in self.routes}

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket" and scope["path"] in PATHS:
            await self.sockets(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def answer(self, scope: dict, body: bytes) -> tuple[int, bytes] | None:
        """The status and JSON of a direct route (the Guard's ``direct``); None for the app's routes."""
        path = scope["path"]
        handler = self.routes.get((scope["method"], path))
        if handler is None and path not in self.paths:
            return None
        openenv = path.startswith(PREFIX)
        try:
            if handler is None:
                raise ServeError(f"{scope['method']} is not allowed on {path}", 405)
            status, content = handler(body, scope)
        except ServeError as exc:  # OpenEnv's routes answer FastAPI's {"detail"} with the status, always
            status = exc.status if self.http_errors or openenv or exc.status == 405 else 200
            content = {"detail": str(exc)} if openenv else {"error": str(exc)}
        return status, dumps(content)

    # ------------------------------------------------------------------ AgentGym
    def create(self, body: bytes, scope: dict) -> Answer:
        data = json_body(body) if body.strip() else {}
        return 200, self.pool.create(data.get("data_idx", 0), owner(scope))

    def step(self, body: bytes, scope: dict) -> Answer:
        data = json_body(body)
        env_id = _required(data, "id", '{"id": 0, "action": "check valid actions"}')
        return 200, self.pool.step(env_id, _required(data, "action", '{"id": 0, "action": "check valid actions"}'),
                                   owner(scope))

    def reset(self, body: bytes, scope: dict) -> Answer:
        data = json_body(body)
        return 200, self.pool.reset(_required(data, "id", '{"id": 0, "data_idx": 3}'), data.get("data_idx", 0),
                                    owner(scope))

    def close(self, body: bytes, scope: dict) -> Answer:
        return 200, self.pool.close(_required(json_body(body), "id", '{"id": 0}'), owner(scope))

    def many(self, kind: str) -> Callable[[bytes, dict], Answer]:
        """The batched route ``kind`` (``serve/batch.py``)."""
        return lambda body, scope: (200, batch.run(self.pool, kind, json_body(body), owner(scope)))

    # ------------------------------------------------------------------ OpenEnv
    def openenv_reset(self, body: bytes, scope: dict) -> Answer:
        return 200, self.openenv.reset_http(json_body(body) if body.strip() else {}, bearer(scope))

    def openenv_step(self, body: bytes, scope: dict) -> Answer:
        data = json_body(body)
        episode_id = data.get("episode_id")
        env_id, episode_owner = self.openenv.find(episode_id, bearer(scope))
        action = _required(data, "action", '{"action": {"message": "..."}, "episode_id": "ID FROM /openenv/reset"}')
        return 200, self.openenv.step(env_id, episode_id, action, episode_owner)

    def openenv_state(self, body: bytes, scope: dict) -> Answer:
        episode_id = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("episode_id", [None])[0]
        env_id, episode_owner = self.openenv.find(episode_id, bearer(scope))
        return 200, self.openenv.state(env_id, episode_id, episode_owner)

    def openenv_tasks(self, route: str) -> Callable[[bytes, dict], Answer]:
        """The task API's route ``route`` (OpenEnv 0.10)."""
        return lambda body, scope: (200, self.openenv.tasks(route, json_body(body) if body.strip() else {}))

    def openenv_mcp(self, body: bytes, scope: dict) -> Answer:
        try:
            request = json_body(body)
        except ServeError:
            return 200, {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "parse error"}}
        return 200, self.openenv.mcp(request, bearer(scope))


def create_app(pool: EnvPool, http_errors: bool = False, max_body_bytes: int = MAX_BODY_BYTES,
               socket_limits: SocketLimits | None = None) -> Any:
    """The ASGI application serving ``pool``: ``Routes`` and FastAPI inside the size and error guard."""
    app = FastAPI(title="agentgen-sym environment server", docs_url=None, redoc_url=None, openapi_url=None)
    catalog = pool.catalog
    domains = sorted({t.domain for t in catalog.tasks})
    name = f"This is environment agentgen-sym: {len(catalog)} tasks in {', '.join(domains)}."

    @app.exception_handler(ServeError)
    async def refused(request: Request, exc: ServeError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=exc.status if http_errors else 200)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        """Starlette answers before the exception reaches the Guard: in the error convention, not plain text."""
        return JSONResponse({"error": internal_error(exc)}, status_code=500 if http_errors else 200)

    @app.exception_handler(StarletteHTTPException)
    async def routing(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        """Unknown routes and methods keep their HTTP status (as in AgentGym's FastAPI servers)."""
        method, path = request.method, request.url.path
        message = {404: f"no route {method} {path}", 405: f"{method} is not allowed on {path}"}.get(
            exc.status_code, str(exc.detail))
        return JSONResponse({"error": message}, status_code=exc.status_code)

    @app.get("/")
    async def hello() -> JSONResponse:
        return JSONResponse(name)

    @app.get("/health")
    async def health() -> JSONResponse:
        return JSONResponse({"status": "ok", "live": pool.live, "max_envs": pool.max_envs, "evicted": pool.evicted,
                       "tasks": len(catalog), "profile": pool.profile.name, "rss_kb": rss_kb()})

    @app.get("/tasks")
    async def tasks() -> JSONResponse:
        return JSONResponse([t.public() for t in catalog.tasks])

    @app.get("/observation")
    async def observation(request: Request) -> JSONResponse:
        return JSONResponse(pool.observation(_query_id(request), owner(request.scope)))

    @app.get("/available_actions")
    async def available_actions(request: Request) -> JSONResponse:
        return JSONResponse(pool.available_actions(_query_id(request), owner(request.scope)))

    @app.get("/detail")
    async def detail(request: Request) -> JSONResponse:
        return JSONResponse(pool.detail(_query_id(request), owner(request.scope)))

    @app.get("/conversation_start")
    async def conversation_start(request: Request) -> JSONResponse:
        return JSONResponse(pool.conversation_start(_query_id(request), owner(request.scope)))

    routes = Routes(app, pool, http_errors, socket_limits or SocketLimits())
    return Guard(routes, max_body_bytes, http_errors, routes.answer, frozenset(routes.paths))
