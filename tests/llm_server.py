"""A scripted OpenAI-compatible chat server on 127.0.0.1, so LLM tests run the real client over real HTTP.

Tests drive it three ways: a *script* (one step per request, in order: a reply, an HTTP status,
a delay, or raw bytes), *rules* (a reply chosen by a substring of the last user message) or a
*policy* (a function of the request's messages: a scripted agent playing a conversation).
Every request body is recorded for assertions on prompts. The request count is bounded and
the server stops, waking any delayed handler, when the fixture ends.
"""

from __future__ import annotations

import json
import sys
import threading
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Union

import pytest

CHAT_PATHS = ("/v1/chat/completions", "/chat/completions")
MAX_BODY_BYTES = 1 << 20


@dataclass(frozen=True)
class Reply:
    """A well-formed chat completion; token counts default to whitespace word counts."""

    text: str | None
    finish_reason: str = "stop"
    refusal: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None


@dataclass(frozen=True)
class Status:
    """An HTTP error status with an OpenAI-style error body (429, 500, ...), optionally with Retry-After."""

    code: int
    message: str = "scripted error"
    retry_after: float | None = None


@dataclass(frozen=True)
class Delay:
    """Wait, then answer with ``then``: longer than the client's timeout, it makes the client time out."""

    seconds: float
    then: "Step" = Reply("late")


@dataclass(frozen=True)
class Garbage:
    """Raw bytes with status 200, as a broken proxy or server might send."""

    body: bytes
    content_type: str = "application/json"


@dataclass(frozen=True)
class Drip:
    """A 200 answer that never ends on time: ``chunk`` every ``every_s`` seconds, at most ``count`` times,
    behind a Content-Length that promises more (``gzip``: the whole body is gzip of ``count`` chunks, sent at once
    with Content-Encoding: gzip, so it is small on the wire and huge decoded)."""

    chunk: bytes = b" "
    every_s: float = 0.0
    count: int = 1000
    gzip: bool = False


@dataclass(frozen=True)
class Rule:
    """In rules mode: answer ``step`` when ``contains`` occurs in the last user message."""

    contains: str
    step: "Step"


Step = Union[Reply, Status, Delay, Garbage, Drip]


class ScriptedLLMServer:
    """A ThreadingHTTPServer on an ephemeral port that answers chat completions from a script or rules."""

    def __init__(self, max_requests: int = 500) -> None:
        self.max_requests = max_requests
        self.requests: list[dict] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._script: list[Step] = []
        self._rules: list[Rule] = []
        self._default: Step | None = None
        self._policy: Callable[[list[dict]], Step] | None = None
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd = _QuietServer(("127.0.0.1", 0), _handler_for(self))
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True)

    @property
    def url(self) -> str:
        """The base URL to give the client (``.../v1``, as OpenAI-compatible servers expose it)."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    @property
    def request_count(self) -> int:
        with self._lock:
            return len(self.requests)

    def script(self, steps: Sequence[Step]) -> None:
        """Answer the next requests with ``steps`` in order; once they run out, answer 500."""
        with self._lock:
            self._script = list(steps)
            self._rules, self._default, self._policy = [], None, None

    def rules(self, rules: Sequence[Rule], default: Step | None = None) -> None:
        """Answer each request by the first rule matching its last user message, else ``default`` (else 500)."""
        with self._lock:
            self._script = []
            self._rules = list(rules)
            self._default, self._policy = default, None

    def policy(self, choose: Callable[[list[dict]], Step]) -> None:
        """Answer each request with ``choose(messages)``, the request's chat messages as sent."""
        with self._lock:
            self._script, self._rules, self._default = [], [], None
            self._policy = choose

    def start(self) -> "ScriptedLLMServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> "ScriptedLLMServer":
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def next_step(self, body: dict) -> Step:
        """Record the request and pick its answer; past ``max_requests`` every answer is a 500."""
        with self._lock:
            self.requests.append(body)
            if len(self.requests) > self.max_requests:
                return Status(500, f"test server: more than {self.max_requests} requests")
            if self._policy is not None:
                return self._policy(list(body.get("messages") or []))
            if self._rules or self._default is not None:
                last_user = _last_user_message(body)
                for rule in self._rules:
                    if rule.contains in last_user:
                        return rule.step
                return self._default or Status(500, "test server: no rule matched")
            if self._script:
                return self._script.pop(0)
            return Status(500, "test server: script exhausted")

    def enter(self) -> None:
        with self._lock:
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)

    def leave(self) -> None:
        with self._lock:
            self.in_flight -= 1

    def wait(self, seconds: float) -> bool:
        """Sleep that ends early, returning False, when the server stops: teardown never waits on a handler."""
        return not self._stopping.wait(seconds)


class _QuietServer(ThreadingHTTPServer):
    """A client that hangs up mid-request (the timeout and limit tests' clients do, on purpose) is no error."""

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def _last_user_message(body: dict) -> str:
    for message in reversed(body.get("messages") or []):
        if isinstance(message, dict) and message.get("role") == "user":
            content = message.get("content")
            return content if isinstance(content, str) else json.dumps(content)
    return ""


def _completion_body(body: dict, reply: Reply) -> dict:
    prompt = " ".join(str(m.get("content", "")) for m in body.get("messages") or [] if isinstance(m, dict))
    prompt_tokens = len(prompt.split()) if reply.prompt_tokens is None else reply.prompt_tokens
    completion_tokens = len((reply.text or "").split()) if reply.completion_tokens is None else reply.completion_tokens
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 0,
        "model": body.get("model", "test-model"),
        "choices": [{
            "index": 0,
            "message": {"role": "assistant", "content": reply.text, "refusal": reply.refusal},
            "finish_reason": reply.finish_reason,
        }],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens},
    }


def _stream_body(body: dict, reply: Reply) -> bytes:
    """The completion as OpenAI streams it (``stream: true``): server-sent chunks, the content in one delta, the
    finish reason in the last, the usage in a chunk of its own, then ``[DONE]``."""
    whole = _completion_body(body, reply)
    head = {key: whole[key] for key in ("id", "created", "model")} | {"object": "chat.completion.chunk"}
    message = whole["choices"][0]["message"]
    chunks = [
        head | {"choices": [{"index": 0, "delta": {"role": "assistant", "content": message["content"] or ""},
                             "finish_reason": None}]},
        head | {"choices": [{"index": 0, "delta": {}, "finish_reason": reply.finish_reason}]},
        head | {"choices": [], "usage": whole["usage"]},
    ]
    return b"".join(b"data: " + json.dumps(chunk).encode() + b"\n\n" for chunk in chunks) + b"data: [DONE]\n\n"


def _handler_for(server: ScriptedLLMServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:  # keep test output quiet
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            if self.path not in CHAT_PATHS or length > MAX_BODY_BYTES:
                self._send(404, b'{"error": {"message": "not found"}}')
                return
            raw = self.rfile.read(length)
            try:
                body = json.loads(raw)
            except ValueError:
                body = {"_unparsed": raw.decode("utf-8", "replace")}
            server.enter()
            try:  # leave before answering, so a client that got its answer never sees its request still counted
                step = server.next_step(body)
                while isinstance(step, Delay):
                    if not server.wait(step.seconds):
                        return
                    step = step.then
            finally:
                server.leave()
            self._answer(body, step)

        def _answer(self, body: dict, step: Reply | Status | Garbage) -> None:
            if isinstance(step, Status):
                error = {"error": {"message": step.message, "type": "test", "code": step.code}}
                headers = {} if step.retry_after is None else {"Retry-After": f"{step.retry_after:g}"}
                self._send(step.code, json.dumps(error).encode(), headers=headers)
            elif isinstance(step, Garbage):
                self._send(200, step.body, step.content_type)
            elif isinstance(step, Drip):
                self._drip(step)
            elif body.get("stream"):
                self._send(200, _stream_body(body, step), "text/event-stream")
            else:
                self._send(200, json.dumps(_completion_body(body, step)).encode())

        def _drip(self, step: Drip) -> None:
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                if step.gzip:
                    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
                    body = b"".join(compressor.compress(step.chunk) for _ in range(step.count)) + compressor.flush()
                    self.send_header("Content-Encoding", "gzip")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                self.send_header("Content-Length", str(len(step.chunk) * step.count + 1))  # one byte never comes
                self.end_headers()
                for _ in range(step.count):
                    if server.wait(step.every_s) is False:
                        return
                    self.wfile.write(step.chunk)
                    self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):  # the client gave up, as it should
                pass

        def _send(self, code: int, payload: bytes, content_type: str = "application/json",
                  headers: dict[str, str] | None = None) -> None:
            try:
                self.send_response(code)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(payload)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):  # the client gave up (a timeout test)
                pass

    return Handler


@pytest.fixture
def llm_server() -> Iterator[ScriptedLLMServer]:
    """A started scripted server; give it ``.script([...])`` or ``.rules([...])``. Stopped at teardown."""
    server = ScriptedLLMServer().start()
    try:
        yield server
    finally:
        server.stop()
