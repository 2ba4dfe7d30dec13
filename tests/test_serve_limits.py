"""The server's bounds against hostile clients: huge headers, slow connections, JSON bombs.

Each runs a real ``serve`` process on a loopback port (``test_serve.Server``) and speaks raw sockets where
``requests`` would hide the attack. Time bounds are the configured timeout plus generous slack; every loop is
bounded in count and time.
"""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from .test_serve import ROOT, Server, bench, requests

SLACK_S = 30.0
"""Added to every configured timeout: a loaded machine may be slow to schedule the server."""


@pytest.fixture(scope="module")
def tasks_dir(tmp_path_factory) -> Path:
    return bench.corpus_tasks_dirs(tmp_path_factory.mktemp("limits-tasks"), ("p01", "p02"), domains=1)[0]


@pytest.fixture(scope="module")
def agentgym(tasks_dir):
    """AgentGym's error convention: HTTP 200 with {"error": ...}."""
    srv = Server([tasks_dir])
    yield srv
    assert srv.stop() == 0
    assert not any("Traceback" in line for line in srv.lines), "".join(srv.lines)


@pytest.fixture(scope="module")
def strict(tasks_dir):
    srv = Server([tasks_dir], "--http-errors")
    yield srv
    assert srv.stop() == 0
    assert not any("Traceback" in line for line in srv.lines), "".join(srv.lines)


def _address(srv: Server) -> tuple[str, int]:
    host, port = srv.base.removeprefix("http://").rsplit(":", 1)
    return host, int(port)


# --------------------------------------------------------------------------- JSON bodies

DIGITS = b"7" * 5000
BOMBS = [
    ("5,000-digit data_idx", "/create", b'{"data_idx": ' + DIGITS + b"}", "an integer of 5000 digits"),
    ("5,000-digit negative id", "/step", b'{"id": -' + DIGITS + b', "action": "x"}', "an integer of 5000 digits"),
    ("5,000-digit id in a list", "/close", b'{"id": [1, ' + DIGITS + b"]}", "an integer of 5000 digits"),
    ("1,100-deep list", "/step", b'{"id": ' + b"[" * 1100 + b"]" * 1100 + b', "action": "x"}', "nests deeper than 32"),
    ("1,100-deep objects", "/reset", b'{"a": ' * 1100 + b"0" + b"}" * 1100, "nests deeper than 32"),
    ("1,100-deep top-level list", "/create", b"[" * 1100 + b"]" * 1100, "nests deeper than 32"),
    ("1,100-deep and unclosed", "/close", b"[" * 1100, "nests deeper than 32"),
    ("1,100-deep in UTF-16", "/step", ("[" * 1100 + "]" * 1100).encode("utf-16"), "nests deeper than 32"),
]


@pytest.mark.parametrize("case", BOMBS, ids=[c[0] for c in BOMBS])
def test_json_bombs_get_agentgyms_error_answer(agentgym, case):
    _, path, raw, message = case
    response = agentgym.post(path, raw=raw)
    assert response.status_code == 200, response.text[:200]
    assert response.json() == {"error": response.json()["error"]} and message in response.json()["error"]
    # the server carries on, and brackets, escapes and digits inside strings are text, not structure
    live = agentgym.post("/create", {}).json()["id"]
    for action in ("[" * 1100, '\\"[{' * 400, "x\\" + "{" * 1100, "7" * 1900):
        answer = agentgym.post("/step", {"id": live, "action": action}).json()
        assert "observation" in answer and "error" not in answer
    agentgym.post("/close", {"id": live})


@pytest.mark.parametrize("case", BOMBS, ids=[c[0] for c in BOMBS])
def test_json_bombs_get_400_with_http_errors(strict, case):
    _, path, raw, message = case
    response = strict.post(path, raw=raw)
    assert response.status_code == 400, response.text[:200]
    assert message in response.json()["error"]


def _asgi_call(app, method: str, path: str, body: bytes) -> tuple[int, bytes, dict]:
    """One request through the ASGI app, without a server: (status, body, headers)."""
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "path": path,
             "raw_path": path.encode(), "query_string": b"", "root_path": "", "scheme": "http",
             "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
             "server": ("127.0.0.1", 80), "client": ("127.0.0.1", 1)}
    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    return (start["status"], b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body"),
            dict(start["headers"]))


def broken_pool(tasks_dir: Path):  # noqa: ANN201 (an EnvPool: the serve extra is imported here, not above)
    """A pool over ``tasks_dir`` whose ``create`` raises what nobody foresaw."""
    from agentgen_sym.serve.catalog import Catalog
    from agentgen_sym.serve.pool import EnvPool

    pool = EnvPool(Catalog([tasks_dir]))

    def broken(data_idx: object = 0, owner: object = None) -> dict:
        raise RuntimeError("a bug nobody foresaw")

    pool.create = broken  # type: ignore[method-assign]
    return pool


@pytest.mark.parametrize("http_errors", [False, True])
def test_an_unexpected_exception_is_an_error_object_not_plain_text(tasks_dir, capsys, http_errors):
    from agentgen_sym.serve.app import create_app

    status, body, headers = _asgi_call(create_app(broken_pool(tasks_dir), http_errors), "POST", "/create", b"{}")
    assert status == (500 if http_errors else 200)
    assert headers[b"content-type"] == b"application/json"
    assert json.loads(body) == {"error": "internal error (RuntimeError); the server log has the details"}
    assert "RuntimeError: a bug nobody foresaw" in capsys.readouterr().err


# --------------------------------------------------------------------------- headers


def test_oversized_headers_are_refused_and_memory_stays_bounded(agentgym):
    """Eight clients each try to send a 32 MiB header: each is answered 431 or cut off long before the end,
    and the server's resident memory never grows by more than a fraction of what they sent."""
    host, port = _address(agentgym)
    pid = agentgym.proc.pid
    before = bench.rss_kib(pid)
    chunk, chunks = b"a" * 65536, 512  # 32 MiB per client
    sent: dict[int, int] = {}
    answers: dict[int, bytes] = {}
    peak = [before]
    done = threading.Event()

    def client(i: int) -> None:
        count = 0
        with socket.create_connection((host, port), timeout=60) as conn:
            try:
                conn.sendall(b"GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: ")
                for _ in range(chunks):
                    conn.sendall(chunk)
                    count += len(chunk)
            except OSError:
                pass  # refused: the server closed the connection
            sent[i] = count
            try:
                answers[i] = conn.recv(200)
            except OSError:
                answers[i] = b""  # reset before the answer could be read

    def sample() -> None:
        while not done.wait(0.05):
            peak[0] = max(peak[0], bench.rss_kib(pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    clients = [threading.Thread(target=client, args=(i,)) for i in range(8)]
    for thread in clients:
        thread.start()
    for thread in clients:
        thread.join(300)
    done.set()
    sampler.join(10)
    assert len(sent) == 8
    for i in range(8):
        assert sent[i] < chunks * len(chunk) or answers[i].startswith(b"HTTP/1.1 431"), (sent[i], answers[i])
        assert answers[i] == b"" or answers[i].startswith(b"HTTP/1.1 431")
    grown_mib = (max(peak[0], bench.rss_kib(pid)) - before) / 1024
    assert grown_mib < 64, f"the server grew by {grown_mib:.0f} MiB under 256 MiB of headers"
    assert agentgym.get("/health").json()["status"] == "ok"


def test_the_header_bound_is_an_option_and_says_its_limit(tasks_dir):
    srv = Server([tasks_dir], "--max-header-bytes", "2048")
    try:
        response = requests.get(srv.base + "/health", headers={"X-Big": "b" * 4096}, timeout=60)
        assert response.status_code == 431 and "longer than 2048 bytes" in response.json()["error"]
        assert requests.get(srv.base + "/health", headers={"X-Small": "b" * 1024}, timeout=60).status_code == 200
    finally:
        assert srv.stop() == 0


# --------------------------------------------------------------------------- slow clients


def _closed_within(conn: socket.socket, seconds: float) -> bytes:
    """Everything the server sends until it closes ``conn`` (fails if it has not closed after ``seconds``)."""
    conn.settimeout(seconds)
    received = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            data = conn.recv(4096)
        except ConnectionResetError:
            return received
        except socket.timeout:
            break
        if not data:
            return received
        received += data
    pytest.fail(f"the server kept the connection open past {seconds:g} s")


def _trickle(conn: socket.socket, stop: threading.Event) -> None:
    """One byte of header every 0.1 s (at most 60 s), as a slow-loris client sends."""
    for _ in range(600):
        if stop.wait(0.1):
            return
        try:
            conn.sendall(b"X")
        except OSError:
            return


def _served_within(srv: Server, seconds: float) -> int:
    """Asks /health until it is answered 200 (a closed connection may take a moment to be noticed)."""
    deadline = time.monotonic() + seconds
    status = 0
    while time.monotonic() < deadline:
        status = requests.get(srv.base + "/health", timeout=seconds).status_code
        if status == 200:
            return status
        time.sleep(0.2)
    return status


def test_slow_clients_are_timed_out_and_cannot_lock_others_out(tasks_dir):
    """With one connection slot and a 1 s read timeout: a client that sends nothing, one that trickles its
    headers and one that trickles its body are each disconnected, and a normal client is then served."""
    srv = Server([tasks_dir], "--max-connections", "1", "--read-timeout", "1")
    host, port = _address(srv)
    try:
        assert _served_within(srv, SLACK_S) == 200  # one slot serves one client
        silent = socket.create_connection((host, port), timeout=60)
        assert _closed_within(silent, 1 + SLACK_S) == b""
        silent.close()
        assert _served_within(srv, SLACK_S) == 200

        head = socket.create_connection((host, port), timeout=60)
        head.sendall(b"GET /health HTTP/1.1\r\nHost: localhost\r\n")
        stop = threading.Event()
        trickler = threading.Thread(target=_trickle, args=(head, stop), daemon=True)
        trickler.start()
        answer = _closed_within(head, 1 + SLACK_S)
        stop.set()
        trickler.join(10)
        head.close()
        assert answer.startswith(b"HTTP/1.1 408") and b"within 1 s" in answer, answer
        assert _served_within(srv, SLACK_S) == 200

        body = socket.create_connection((host, port), timeout=60)
        body.sendall(b"POST /create HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 1000\r\n\r\n{")
        stop = threading.Event()
        trickler = threading.Thread(target=_trickle, args=(body, stop), daemon=True)
        trickler.start()
        _closed_within(body, 1 + SLACK_S)
        stop.set()
        trickler.join(10)
        body.close()
        assert _served_within(srv, SLACK_S) == 200
    finally:
        assert srv.stop() == 0
    assert not any("Traceback" in line for line in srv.lines), "".join(srv.lines)


def test_the_read_timeout_is_per_request_not_per_connection(tasks_dir):
    """A kept-alive client whose requests span several read timeouts is served every time."""
    srv = Server([tasks_dir], "--max-connections", "1", "--read-timeout", "1")
    try:
        with requests.Session() as session:
            for _ in range(4):
                assert session.get(srv.base + "/health", timeout=60).status_code == 200
                time.sleep(0.6)
    finally:
        assert srv.stop() == 0


def test_bad_bounds_are_usage_errors(tasks_dir):
    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "agentgen_sym", "serve", str(tasks_dir), *args],
                              capture_output=True, text=True, timeout=120, cwd=ROOT)

    for flag, value in (("--read-timeout", "0"), ("--read-timeout", "nan")):
        refused = run(flag, value)
        assert refused.returncode == 2 and "--read-timeout must be" in refused.stderr, refused.stderr
    refused = run("--max-header-bytes", "0")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr


# --------------------------------------------------------------------------- clients that stop reading


def _rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def _until_reset(sock: socket.socket, limit_s: float, feed: bytes) -> float:
    """Keep sending ``feed`` (never reading) until the server drops the connection; the seconds it took."""
    sock.setblocking(False)
    started = time.monotonic()
    while time.monotonic() - started < limit_s:
        try:
            sock.send(feed)
        except BlockingIOError:
            pass
        except OSError:  # reset or broken pipe: the server aborted the connection
            return time.monotonic() - started
        time.sleep(0.01)
    raise AssertionError(f"still connected after {limit_s} s")


@pytest.mark.timeout(180)
def test_a_client_that_stops_reading_is_disconnected_and_its_queue_freed(tasks_dir):
    """Pipelined requests whose answers are never read (before: kept for 40-75 s under --read-timeout 10, their
    answers queued in the server) and WebSocket pings whose pongs are never read (the server grew 277 MB in 42 s):
    each connection is aborted once its client has not read for --write-timeout, and SIGTERM then stops the
    server without a traceback."""
    srv = Server([tasks_dir], "--write-timeout", "2", "--read-timeout", "60")
    try:
        host, port = _address(srv)
        baseline = _rss_kb(srv.proc.pid)
        http = socket.create_connection((host, port))
        http.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        took = _until_reset(http, 2 + SLACK_S, b"GET /tasks HTTP/1.1\r\nHost: x\r\n\r\n" * 64)
        assert took < 2 + SLACK_S
        ws = _websocket(host, port)
        ws.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        took = _until_reset(ws, 2 + SLACK_S, _frame(0x9, b"x" * 125) * 256)
        assert took < 2 + SLACK_S
        assert _rss_kb(srv.proc.pid) - baseline < 64 * 1024  # their queues are gone (at most 16 MiB each)
        stalled = socket.create_connection((host, port))  # one more that stops reading, still open at SIGTERM
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stalled.setblocking(False)
        for _ in range(200):
            try:
                stalled.send(b"GET /tasks HTTP/1.1\r\nHost: x\r\n\r\n" * 64)
            except BlockingIOError:
                time.sleep(0.01)
    finally:
        code = srv.stop()
    assert code == 0
    assert not any("Traceback" in line or "CancelledError" in line for line in srv.lines), "".join(srv.lines)


def _websocket(host: str, port: int) -> socket.socket:
    """A raw WebSocket on /ws, its handshake answered."""
    sock = socket.create_connection((host, port))
    sock.sendall(b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def _frame(opcode: int, payload: bytes) -> bytes:
    """A client's frame (masked with a zero key), payload under 126 bytes."""
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + b"\0\0\0\0" + payload


@pytest.mark.timeout(60)
def test_an_invalid_utf8_frame_is_closed_without_a_traceback(tasks_dir):
    srv = Server([tasks_dir])
    try:
        ws = _websocket(*_address(srv))
        ws.sendall(_frame(0x1, b"\xff\xfe not utf-8"))
        ws.settimeout(10)
        closing = ws.recv(64)
        assert closing[0] == 0x88 and int.from_bytes(closing[2:4], "big") == 1007  # invalid frame payload data
        ws.close()
        assert requests.get(srv.base + "/health", timeout=10).json()["status"] == "ok"
    finally:
        assert srv.stop() == 0
    assert not any("Traceback" in line for line in srv.lines), "".join(srv.lines)
