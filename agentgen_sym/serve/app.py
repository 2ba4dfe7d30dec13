"""The HTTP layer: AgentGym's environment-server routes over an EnvPool, on FastAPI.

Routes and payloads follow AgentGym's servers (``agentenv-textcraft/agentenv_textcraft/server.py``
and ``env_wrapper.py``): ``/create``, ``/step``, ``/reset``, ``/observation``, ``/detail``,
``/close``, plus ``/available_actions``, ``/conversation_start``, ``/tasks`` and ``/health``.
Errors follow AgentGym's convention by default, HTTP 200 with ``{"error": message}``; with
``http_errors`` they carry a proper status (400 bad request, 404 unknown, 410 gone, 413 too
large, 422 unplayable task). Bodies are read through a guard that bounds their size and turns
any unexpected exception into a one-line error, never a traceback to the client; a JSON body's
nesting depth and integer lengths are bounded before ``json`` converts them.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import numpy as np
from fastapi import FastAPI, Request
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import JSONResponse

from agentgen_sym.serve.pool import EnvPool, ServeError

MAX_BODY_BYTES = 64 * 1024
"""The default limit on a request body; an action is a line of text, so this is generous."""
MAX_INT_DIGITS = 18
"""The longest integer read from a body or query (ids and data_idx fit in far fewer). ``int()`` is quadratic
in the digits and refuses more than 4,300 with a ValueError, so longer ones are refused before conversion."""
MAX_JSON_DEPTH = 32
"""The deepest nesting of a JSON body (AgentGym's bodies are flat objects). ``json``'s decoder recurses once
per level and raises RecursionError about 1,000 deep, so depth is counted before parsing."""
_INT = re.compile(rf"-?\d{{1,{MAX_INT_DIGITS}}}")
_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*(?:"|\\?\Z)')
"""A JSON string, or an unterminated one up to the end: always matches at a quote, so one linear pass."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


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


def error_body(message: str) -> bytes:
    return json.dumps({"error": message}).encode()


def internal_error(exc: BaseException) -> str:
    """What the client is told of an unexpected exception (the log has the message)."""
    return f"internal error ({type(exc).__name__}); the server log has the details"


class Guard:
    """ASGI middleware: bodies over ``max_body_bytes`` are refused before the app sees them, and an
    exception escaping the app becomes one logged line and an ``{"error"}`` answer."""

    def __init__(self, app: Any, max_body_bytes: int, http_errors: bool) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.http_errors = http_errors

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
            print(f"agentgen-sym serve: internal error on {scope.get('method')} {scope.get('path')}: "
                  f"{type(exc).__name__}: {exc}", file=sys.stderr)
            if not started:
                await self.reply(send, 500, internal_error(exc))


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


def _json_body(raw: bytes) -> dict:
    if not raw.strip():
        raise ServeError("the request needs a JSON object body, e.g. {\"id\": 0}")
    try:  # decoded as json.loads decodes bytes, so the depth is counted on the text it would parse
        text = raw.decode(json.detect_encoding(raw), "surrogatepass")
    except UnicodeDecodeError:
        raise ServeError("the request body is not UTF-8 text") from None
    if json_depth(text) > MAX_JSON_DEPTH:
        raise ServeError(f"the JSON body nests deeper than {MAX_JSON_DEPTH} levels")
    try:
        data = json.loads(text, parse_int=_bounded_int)
    except json.JSONDecodeError as exc:
        raise ServeError(f"malformed JSON body: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(data, dict):
        raise ServeError(f"the request body must be a JSON object, found {type(data).__name__}")
    return data


def _required(data: dict, name: str, example: str) -> Any:
    if name not in data:
        raise ServeError(f"missing '{name}' in the request body (e.g. {example})")
    return data[name]


def _query_id(request: Request) -> int:
    raw = request.query_params.get("id")
    if raw is None:
        raise ServeError("missing query parameter 'id' (e.g. ?id=0)")
    if not _INT.fullmatch(raw.strip()):
        raise ServeError(f"query parameter 'id' must be an integer, found {raw[:40]!r}")
    return int(raw)


def create_app(pool: EnvPool, http_errors: bool = False, max_body_bytes: int = MAX_BODY_BYTES) -> Any:
    """The ASGI application serving ``pool`` (FastAPI inside the size and error guard)."""
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

    @app.post("/create")
    async def create(request: Request) -> JSONResponse:
        raw = await request.body()
        data = _json_body(raw) if raw.strip() else {}
        return JSONResponse(pool.create(data.get("data_idx", 0)))

    @app.post("/step")
    async def step(request: Request) -> JSONResponse:
        data = _json_body(await request.body())
        env_id = _required(data, "id", '{"id": 0, "action": "check valid actions"}')
        return JSONResponse(pool.step(env_id, _required(data, "action", '{"id": 0, "action": "check valid actions"}')))

    @app.post("/reset")
    async def reset(request: Request) -> JSONResponse:
        data = _json_body(await request.body())
        return JSONResponse(pool.reset(_required(data, "id", '{"id": 0, "data_idx": 3}'), data.get("data_idx", 0)))

    @app.post("/close")
    async def close(request: Request) -> JSONResponse:
        data = _json_body(await request.body())
        return JSONResponse(pool.close(_required(data, "id", '{"id": 0}')))

    @app.get("/observation")
    async def observation(request: Request) -> JSONResponse:
        return JSONResponse(pool.observation(_query_id(request)))

    @app.get("/available_actions")
    async def available_actions(request: Request) -> JSONResponse:
        return JSONResponse(pool.available_actions(_query_id(request)))

    @app.get("/detail")
    async def detail(request: Request) -> JSONResponse:
        return JSONResponse(pool.detail(_query_id(request)))

    @app.get("/conversation_start")
    async def conversation_start(request: Request) -> JSONResponse:
        return JSONResponse(pool.conversation_start(_query_id(request)))

    return Guard(app, max_body_bytes, http_errors)
