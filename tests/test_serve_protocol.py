"""The connection answers the per-step routes itself (serve/protocol.py, ``BoundedHttpProtocol.guard``): the same
bytes as the app's answer through uvicorn's ASGI cycle, in order when pipelined, closing when asked, and an
exception answered as the app answers it.

Each test drives the real protocol class over an in-memory transport, on an event loop of its own: a request with
a query string is not answered by the connection, so it shows what uvicorn and the app write for the same request.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")

import uvicorn  # noqa: E402
from uvicorn.server import ServerState  # noqa: E402

from agentgen_sym.serve.app import create_app  # noqa: E402
from agentgen_sym.serve.catalog import Catalog  # noqa: E402
from agentgen_sym.serve.pool import EnvPool  # noqa: E402
from agentgen_sym.serve.protocol import bounded_protocol  # noqa: E402

from .test_serve import bench  # noqa: E402
from .test_serve_limits import broken_pool  # noqa: E402

SLACK_WAITS = 300
"""Tenths of a second a timeout may take past its time on a loaded machine."""
HEADERS = [(b"server", b"uvicorn"), (b"date", b"Mon, 07 Dec 2026 20:00:00 GMT")]
"""What uvicorn's server loop keeps in ``ServerState.default_headers``."""


@pytest.fixture(scope="module")
def tasks_dir(tmp_path_factory) -> Path:
    return bench.corpus_tasks_dirs(tmp_path_factory.mktemp("protocol-tasks"), ("p01",), domains=1)[0]


class Wire(asyncio.Transport):
    """A connection's far end: what the server wrote, and whether it closed."""

    def __init__(self) -> None:
        super().__init__()
        self.out = bytearray()
        self.closed = False

    def write(self, data: bytes) -> None:
        assert not self.closed, "written after close"
        self.out += data

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    abort = close

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 50000), "sockname": ("127.0.0.1", 8000)}.get(name, default)

    def get_write_buffer_size(self) -> int:
        return 0

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


class Connection:
    """One server connection over a ``Wire``, with the app over a fresh pool of ``tasks_dir``."""

    def __init__(self, tasks_dir: Path, http_errors: bool = False, pool: EnvPool | None = None,
                 read_timeout_s: float = 30.0) -> None:
        self.loop = asyncio.new_event_loop()
        self.pool = pool or EnvPool(Catalog([tasks_dir]))
        app = create_app(self.pool, http_errors)
        config = uvicorn.Config(app, access_log=False, log_level="warning", limit_concurrency=100)
        config.load()
        state = ServerState()
        state.default_headers = list(HEADERS)
        protocol = bounded_protocol(read_timeout_s=read_timeout_s, guard=app)
        self.protocol = protocol(config=config, server_state=state, app_state={}, _loop=self.loop)
        self.wire = Wire()
        self.protocol.connection_made(self.wire)

    def send(self, data: bytes) -> int:
        """Feed ``data``; the tasks it started (uvicorn's ASGI cycles), before the loop runs them."""
        self.protocol.data_received(data)
        started = len(asyncio.all_tasks(self.loop))
        for _ in range(50):  # run what was started, and the transport's end-of-turn flush
            self.loop.run_until_complete(asyncio.sleep(0))
        return started

    def wait(self, seconds: float) -> None:
        self.loop.run_until_complete(asyncio.sleep(seconds))

    def close(self) -> None:
        self.protocol.connection_lost(None)
        self.loop.close()


def request(method: str, path: str, body: dict | None = None, *extra: str, version: str = "1.1") -> bytes:
    raw = b"" if body is None else json.dumps(body).encode()
    head = [f"{method} {path} HTTP/{version}", "host: 127.0.0.1:8000", "content-type: application/json",
            f"content-length: {len(raw)}", *extra]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + raw


def answers(raw: bytes) -> list[tuple[bytes, dict]]:
    """The responses in ``raw``: (head, JSON body) each, split by their content-length."""
    out = []
    while raw:
        head, _, rest = raw.partition(b"\r\n\r\n")
        length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                          if line.lower().startswith(b"content-length")))
        out.append((head, json.loads(rest[:length])))
        raw = rest[length:]
    return out


def episode(tasks_dir: Path, query: str, *extra: str, http_errors: bool = False) -> tuple[bytes, list[int]]:
    """An episode's requests (create, reset, a check of the actions, a valid step, a wrong one, an unknown id, two
    wrong methods, one of them HEAD) sent one by one; every byte written back, and the tasks each request started."""
    plan = bench.gold_actions([tasks_dir])[0]
    conn = Connection(tasks_dir, http_errors)
    try:
        steps = [request("POST", "/create" + query, {}, *extra), request("POST", "/reset" + query, {"id": 0}, *extra),
                 request("POST", "/step" + query, {"id": 0, "action": "check valid actions"}, *extra),
                 request("POST", "/step" + query, {"id": 0, "action": plan[0]}, *extra),
                 request("POST", "/step" + query, {"id": 0, "action": "fly to the moon"}, *extra),
                 request("POST", "/step" + query, {"id": 99, "action": plan[0]}, *extra),
                 request("GET", "/step" + query, None, *extra), request("HEAD", "/step" + query, None, *extra)]
        started = [conn.send(step) for step in steps]
        return bytes(conn.wire.out), started
    finally:
        conn.close()


@pytest.mark.parametrize("http_errors", [False, True])
def test_the_connections_answers_are_the_apps_byte_for_byte(tasks_dir, http_errors):
    here, here_tasks = episode(tasks_dir, "", "authorization: Bearer alice", http_errors=http_errors)
    app, app_tasks = episode(tasks_dir, "?via=app", "authorization: Bearer alice", http_errors=http_errors)
    assert here == app
    assert here_tasks == [0] * 7 + [1] and all(app_tasks), (here_tasks, app_tasks)  # here; by uvicorn's task
    replies = answers(here.rsplit(b"HTTP/1.1 405", 1)[0])  # HEAD's answer: a head without its body
    assert len(replies) == 7 and all(head.startswith(b"HTTP/1.1 ") for head, _ in replies)
    assert here.endswith(b"\r\n\r\n")  # and no body after HEAD's
    assert b"server: uvicorn" in replies[0][0] and b"date: " in replies[0][0]
    assert "observation" in replies[3][1] and "error" in replies[5][1]
    assert replies[6][0].startswith(b"HTTP/1.1 405")  # a wrong method keeps its status in either convention


def test_pipelined_requests_are_answered_in_order(tasks_dir):
    plan = bench.gold_actions([tasks_dir])[0]
    conn = Connection(tasks_dir)
    try:
        conn.send(b"".join([request("POST", "/create", {}), request("POST", "/create", {}),
                            *(request("POST", "/step", {"id": 1, "action": action}) for action in plan)]))
        replies = [body for _, body in answers(bytes(conn.wire.out))]
    finally:
        conn.close()
    assert [r["id"] for r in replies[:2]] == [0, 1]
    assert len(replies) == 2 + len(plan) and replies[-1]["done"] and replies[-1]["reward"] == 1
    assert not any(r["done"] for r in replies[2:-1])


@pytest.mark.parametrize("extra,version", [(("connection: close",), "1.1"), ((), "1.0")])
def test_a_client_that_asks_to_close_is_answered_then_closed(tasks_dir, extra, version):
    conn = Connection(tasks_dir)
    try:
        started = conn.send(request("POST", "/create", {}, *extra, version=version))
        (head, body), = answers(bytes(conn.wire.out))
    finally:
        conn.close()
    assert started == 0 and body["id"] == 0
    assert b"connection: close" in head and conn.wire.closed


def test_shutdown_while_a_body_arrives_answers_it_then_closes(tasks_dir):
    conn = Connection(tasks_dir)
    try:
        whole = request("POST", "/create", {"data_idx": 0})
        conn.send(whole[:-5])
        conn.protocol.shutdown()
        assert not conn.wire.closed
        conn.send(whole[-5:])
        (head, body), = answers(bytes(conn.wire.out))
    finally:
        conn.close()
    assert body["id"] == 0 and b"connection: close" in head and conn.wire.closed


@pytest.mark.parametrize("http_errors", [False, True])
def test_an_unexpected_exception_is_answered_as_the_app_answers_it(tasks_dir, capsys, http_errors):
    conn = Connection(tasks_dir, http_errors, broken_pool(tasks_dir))
    try:
        assert conn.send(request("POST", "/create", {})) == 0
        (head, body), = answers(bytes(conn.wire.out))
        conn.send(request("POST", "/reset", {"id": 0}))  # the connection carries on
    finally:
        conn.close()
    assert head.startswith(b"HTTP/1.1 500" if http_errors else b"HTTP/1.1 200")
    assert body == {"error": "internal error (RuntimeError); the server log has the details"}
    assert "RuntimeError: a bug nobody foresaw" in capsys.readouterr().err
    assert len(answers(bytes(conn.wire.out))) == 2


def test_a_body_over_the_bound_is_refused_by_the_guard(tasks_dir):
    conn = Connection(tasks_dir, http_errors=True)
    try:
        conn.send(request("POST", "/step", {"id": 0, "action": "x" * 2_000_000}))
        (head, body), = answers(bytes(conn.wire.out))
    finally:
        conn.close()
    assert head.startswith(b"HTTP/1.1 413") and "larger than" in body["error"]


def test_each_request_has_the_whole_read_timeout_from_its_own_first_byte(tasks_dir):
    """The deadline timer is shared by a connection's requests: one set for an earlier request must not cut a later
    one short, and must still close it when its own time is up (408)."""
    conn = Connection(tasks_dir, read_timeout_s=1.0)
    try:
        conn.send(request("POST", "/create", {}))  # whole at once: the connection's timer stays set
        conn.wait(0.6)
        conn.send(b"POST /step HTTP/1.1\r\nhost: x\r\n")  # a second request begins and stalls
        conn.wait(0.6)  # the first timer has fired: 0.6 s into the 1 s this request has
        assert not conn.wire.closed
        for _ in range(SLACK_WAITS):
            if conn.wire.closed:
                break
            conn.wait(0.1)
        replies = bytes(conn.wire.out)
    finally:
        conn.close()
    assert conn.wire.closed and b"HTTP/1.1 408" in replies
