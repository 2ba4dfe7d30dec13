"""The server's HTTP connections: uvicorn's httptools protocol with two bounds uvicorn does not set.

uvicorn reads a request's line and headers without a size limit (httptools buffers them whole) and
times out only idle kept-alive connections, so a huge header could take the server's memory and a
client that connects and trickles bytes holds a connection slot forever (with ``--max-connections``
such clients lock everyone else out with 503). Here each request's head is bounded in bytes (431,
nothing past the bound is parsed) and each request must arrive whole within a deadline that starts
with its first byte, or with the connection (408, or a plain close mid-body). The deadline does not
count while the server itself has paused reading (flow control, a pipelined request waiting).

Writes are bounded too, on HTTP and WebSocket connections alike (``WriteBound``). A client that stops reading
(its answers, or the pongs to its own pings) leaves data queued in the server, in the kernel's send queue and then
in the transport's: every ``write_timeout_s`` a connection with data waiting is looked at, and one whose client
took nothing since the last look (the kernel's count of bytes acknowledged did not move) is aborted, its queue
freed; a queue past ``max_queued_bytes`` is aborted at once. At shutdown a connection whose writing is paused is
aborted at once, so no answer stuck in its queue is cancelled (and logged) later.

The per-step routes (``Guard.direct``: AgentGym's, the batched ones, OpenEnv's plain HTTP) are answered by the
connection itself, in the turn their last byte arrives: the same bytes the app would send, without uvicorn's task,
ASGI messages and middleware per request, which cost a 256-session HTTP run a third of its server time (bench/serve.py:
410 against 259 us of server CPU a step, one machine, back to back).
"""

from __future__ import annotations

import asyncio
import fcntl
import socket
import struct
import termios
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from agentgen_sym.serve.wire import error_body

if TYPE_CHECKING:
    from agentgen_sym.serve.app import Guard

MAX_HEAD_BYTES = 32 * 1024
"""The default bound on a request line and its headers (h11's default is 16 KiB, nginx's 32 KiB)."""
READ_TIMEOUT_S = 30.0
"""The default time a client has to send a whole request (line, headers and body)."""
WRITE_TIMEOUT_S = 30.0
"""The default time a client with data waiting for it may take none of it."""
MAX_QUEUED_BYTES = 16 * 1024 * 1024
"""The most a connection may have queued in the server for its client (beyond the kernel's send queue)."""
_TCP_INFO_BYTES_ACKED = 120
"""Where ``struct tcp_info`` (linux/tcp.h, since Linux 4.1) keeps ``tcpi_bytes_acked``, a u64."""


def _delivery(sock: socket.socket | None) -> tuple[int, int] | None:
    """The bytes the kernel still holds to send on ``sock`` and the bytes the client has acknowledged; None where
    the system does not say (not Linux, not TCP)."""
    if sock is None:
        return None
    try:
        waiting = struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0" * 4))[0]
        info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 256)
    except (OSError, AttributeError):
        return None
    if len(info) < _TCP_INFO_BYTES_ACKED + 8:
        return None
    return waiting, struct.unpack_from("Q", info, _TCP_INFO_BYTES_ACKED)[0]


class WriteBound:
    """A mixin for a connection's protocol: a client with data waiting that takes none of it for
    ``write_timeout_s``, or whose queue in the server passes ``max_queued_bytes``, is disconnected and its queue
    freed. Where the kernel does not tell what the client took, a queue over the transport's high-water mark for
    ``write_timeout_s`` is the sign. Shutting down aborts a connection whose writing is paused."""

    write_timeout_s = WRITE_TIMEOUT_S
    max_queued_bytes = MAX_QUEUED_BYTES
    transport: Any
    loop: asyncio.AbstractEventLoop
    _watch: asyncio.TimerHandle | None = None
    _sock: Any = None
    _acked: int | None = None  # bytes acknowledged at the last look, when data was waiting then
    _paused = False

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        self._sock = transport.get_extra_info("socket")
        self._watch = self.loop.call_later(self.write_timeout_s, self._look)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None
        super().connection_lost(exc)  # type: ignore[misc]

    def pause_writing(self) -> None:
        self._paused = True
        super().pause_writing()  # type: ignore[misc]

    def resume_writing(self) -> None:
        self._paused = False
        super().resume_writing()  # type: ignore[misc]

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # type: ignore[misc]
        # pings or pipelined requests; a queue that long paused writing first (the high-water mark is far lower)
        if self._paused and self.transport.get_write_buffer_size() > self.max_queued_bytes:
            self._abort()

    def shutdown(self) -> None:
        if self._paused:  # the client is not reading: nothing queued would reach it
            self._abort()
        else:
            super().shutdown()  # type: ignore[misc]

    def _look(self) -> None:
        """Every ``write_timeout_s``: abort the connection when data waited all along and the client took none."""
        self._watch = None
        if self.transport.is_closing():
            return
        delivery = _delivery(self._sock)
        if delivery is None:  # the kernel does not say what the client took: writing paused at two looks is the sign
            stalled = self._paused and self._acked is not None
            self._acked = 0 if self._paused else None
        else:
            waiting, acked = delivery
            stalled = self._acked is not None and acked == self._acked
            self._acked = acked if waiting + self.transport.get_write_buffer_size() else None
        if stalled:
            self._abort()
        else:
            self._watch = self.loop.call_later(self.write_timeout_s, self._look)

    def _abort(self) -> None:
        """Close at once, with a reset: a plain close would leave what the kernel queued to send (hundreds of kB)
        waiting for the client that is not reading."""
        if self._sock is not None:
            try:
                self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            except OSError:
                pass
        self.transport.abort()


class CoalescedTransport:
    """A connection's transport whose writes within one turn of the event loop go out as one ``send``.

    uvicorn writes a response's head and its body separately, and each write to an idle socket is a system
    call that, on loopback, also runs the receiver's side of TCP: profiled under 256 clients, these sends
    were the server's largest cost. The writes are joined and sent at the end of the turn, in order; a
    ``close`` sends what is pending first. Everything else is the transport's own.
    """

    __slots__ = ("_transport", "_loop", "_pending")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._pending: list[bytes] = []

    def write(self, data: bytes) -> None:
        if not self._pending:
            self._loop.call_soon(self.flush)
        self._pending.append(data)

    def writelines(self, lines: Any) -> None:
        for data in lines:
            self.write(data)

    def flush(self) -> None:
        if self._pending:
            data = b"".join(self._pending)
            self._pending.clear()
            if not self._transport.is_closing():
                self._transport.write(data)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def abort(self) -> None:
        self._pending.clear()
        self._transport.abort()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class BoundedHttpProtocol(WriteBound, HttpToolsProtocol):
    """One connection: a request head at most ``max_head_bytes``, each request received within ``read_timeout_s``,
    its answers taken within the write bounds (``WriteBound``)."""

    max_head_bytes = MAX_HEAD_BYTES
    read_timeout_s = READ_TIMEOUT_S
    guard: Guard | None = None
    """The app's guard, whose direct routes (the per-step ones) this connection answers itself: parsed, answered
    and written in the turn their last byte arrives, without uvicorn's task, ASGI messages and middleware per
    request (``_answers_here`` says when). The answer is the guard's own, byte for byte, and so are the head's
    headers uvicorn would write."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._in_head = True  # the next bytes belong to a request line or headers
        self._head_bytes = 0  # fed to the parser since the current head began
        self._heads = 0  # heads completed on this connection
        self._deadline: asyncio.TimerHandle | None = None
        self._began: float | None = None  # when the request being read began (None: none is)
        self._direct_body: bytearray | None = None  # the body of a request answered here, while it arrives
        self._direct_keep_alive = True
        self._closing = False  # shutdown came while a request answered here was arriving

    # ------------------------------------------------------------------ the transport's calls
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(CoalescedTransport(transport, self.loop))  # type: ignore[arg-type]
        self._arm()  # a client that connects and sends nothing is closed too

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:  # its feeds go through WriteBound's, which checks the queue
        if self._in_head and self._head_bytes + len(data) > self.max_head_bytes:
            room = self.max_head_bytes - self._head_bytes
            heads = self._heads
            self._feed(data[:room])
            if self._heads == heads:
                if not self.transport.is_closing():
                    self._refuse(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                                 f"the request line and headers are longer than {self.max_head_bytes} bytes")
                return
            data = data[room:]
        self._feed(data)

    def handle_websocket_upgrade(self) -> None:
        """The WebSocket protocol takes the connection over, with its own bounds (``sockets``, its own write
        watch): no request deadline, and this protocol's watch stops."""
        self._stop_timer()
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None
        super().handle_websocket_upgrade()

    # ------------------------------------------------------------------ the parser's calls
    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._in_head, self._head_bytes = False, 0
        self._heads += 1
        if not self._answers_here():
            super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        if self._direct_body is None:
            super().on_body(body)
        else:
            self._direct_body += body

    def on_message_complete(self) -> None:
        if self._direct_body is None:
            super().on_message_complete()
        else:
            body, self._direct_body = bytes(self._direct_body), None
            self._answer(body)
        self._in_head = True
        self._disarm()

    def shutdown(self) -> None:
        if self._direct_body is not None and not self._paused:  # the request being read is answered, then closed,
            self._closing = True                                  # as uvicorn finishes one in flight
        else:
            super().shutdown()

    # ------------------------------------------------------------------ requests answered here
    def _answers_here(self) -> bool:
        """Whether the request whose head just ended is one to answer here: a direct route's plain path, a body of
        a declared length within the guard's bound, and nothing uvicorn would do differently (an access log, an
        answer still being written, a connection or task limit reached, a client waiting for 100-continue, an
        upgrade, paused writing). Everything else goes through uvicorn and the app, as before."""
        guard, url = self.guard, self.url
        if (guard is None or self.access_log or self.root_path or self.expect_100_continue or self.flow.write_paused
                or not url.startswith(b"/") or b"?" in url or b"%" in url or b"#" in url
                or (self.cycle is not None and not self.cycle.response_complete) or self.parser.should_upgrade()):
            return False
        limit = self.limit_concurrency
        if limit is not None and (len(self.connections) >= limit or len(self.tasks) >= limit):
            return False
        path = url.decode("ascii", "replace")
        if path not in guard.direct_paths:
            return False
        length: bytes | None = None
        for name, value in self.headers:
            if name == b"content-length":
                if length is not None:
                    return False
                length = value
            elif name == b"transfer-encoding":
                return False
        if length is not None and (not length.isdigit() or int(length) > guard.max_body_bytes):
            return False  # the guard refuses it
        method = self.parser.get_method()
        if method not in (b"GET", b"POST"):  # HEAD's answer has no body; uvicorn writes it so
            return False
        version = self.parser.get_http_version()
        self.scope.update(method=method.decode("ascii"), path=path, raw_path=url, query_string=b"")
        if version != "1.1":
            self.scope["http_version"] = version
        self._direct_body = bytearray()
        self._direct_keep_alive = version != "1.0" and self.parser.should_keep_alive()
        return True

    def _answer(self, body: bytes) -> None:
        """Write the guard's answer to the request read here, as uvicorn writes a response, then what uvicorn does
        when a response is complete: count it, close or wait for the next request under the keep-alive timeout."""
        status, raw = self.guard.respond(self.scope, body)  # type: ignore[union-attr, misc]  # a direct path
        head = [STATUS_LINE[status]]
        for name, value in self.server_state.default_headers:
            head += [name, b": ", value, b"\r\n"]
        keep_alive = self._direct_keep_alive and not self._closing
        head.append(b"content-type: application/json\r\ncontent-length: %d\r\n%s\r\n"
                    % (len(raw), b"" if keep_alive else b"connection: close\r\n"))
        head.append(raw)
        self.transport.write(b"".join(head))
        self.server_state.total_requests += 1
        if not keep_alive:
            self.transport.close()
        elif not self.transport.is_closing():
            self._unset_keepalive_if_required()
            self.flow.resume_reading()
            self.timeout_keep_alive_task = self.loop.call_later(self.timeout_keep_alive,
                                                                self.timeout_keep_alive_handler)

    # ------------------------------------------------------------------ internals
    def _feed(self, data: bytes) -> None:
        if data and not self.transport.is_closing():
            self._head_bytes += len(data) if self._in_head else 0
            super().data_received(data)

    def _arm(self) -> None:
        """A request (or the connection) begins now. The timer is lazy: one set for an earlier request that
        ended is kept and looks at the current one's start when it fires, so a request costs no timer of its own."""
        self._began = self.loop.time()
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.read_timeout_s, self._timed_out)

    def _disarm(self) -> None:
        """The request arrived whole: nothing is being read against the clock (the timer lapses when it fires)."""
        self._began = None

    def _stop_timer(self) -> None:
        self._began = None
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _timed_out(self) -> None:
        self._deadline = None
        if self.transport.is_closing() or self._began is None:
            return
        left = self._began + self.read_timeout_s - self.loop.time()
        if left > 0:  # the request being read began after the timer was set
            self._deadline = self.loop.call_later(left, self._timed_out)
        elif self.flow.read_paused:  # the server is not reading: the client is not the slow one
            self._arm()
        elif self._in_head and self._head_bytes:
            self._refuse(HTTPStatus.REQUEST_TIMEOUT, f"the request did not arrive within {self.read_timeout_s:g} s")
        else:  # nothing sent yet, or a body trickling in: the app (if any) sees a disconnect
            self.transport.close()

    def _refuse(self, status: HTTPStatus, message: str) -> None:
        """Answer ``{"error": message}`` with ``status`` and close: nothing more is read on this connection."""
        body = error_body(message)
        head = (f"HTTP/1.1 {status.value} {status.phrase}\r\ncontent-type: application/json\r\n"
                f"content-length: {len(body)}\r\nconnection: close\r\n\r\n")
        self.transport.write(head.encode("ascii") + body)
        self.transport.close()


class BoundedWebSocketProtocol(WriteBound, WebSocketsSansIOProtocol):
    """A WebSocket connection (uvicorn's websockets-sansio protocol) within the write bounds; a text message
    that is not UTF-8 closes it with 1007 as uvicorn does, logged in one line where uvicorn logs a traceback."""

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                self.frames = []
                self.logger.warning("a WebSocket text message that is not UTF-8: closed with 1007")
                self.conn.send_close(1007)
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()


def bounded_protocol(max_head_bytes: int = MAX_HEAD_BYTES, read_timeout_s: float = READ_TIMEOUT_S,
                     write_timeout_s: float = WRITE_TIMEOUT_S, guard: Guard | None = None) -> type[BoundedHttpProtocol]:
    """The protocol class uvicorn instantiates per connection (``Config(http=...)``), with these bounds, answering
    ``guard``'s direct routes itself."""
    return type("BoundedHttpProtocol", (BoundedHttpProtocol,),
                {"max_head_bytes": max_head_bytes, "read_timeout_s": read_timeout_s,
                 "write_timeout_s": write_timeout_s, "guard": guard})


def bounded_websocket(write_timeout_s: float = WRITE_TIMEOUT_S) -> type[BoundedWebSocketProtocol]:
    """The WebSocket protocol class for ``Config(ws=...)``, with this write bound."""
    return type("BoundedWebSocketProtocol", (BoundedWebSocketProtocol,), {"write_timeout_s": write_timeout_s})
