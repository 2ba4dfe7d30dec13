"""The server's HTTP connections: uvicorn's httptools protocol with two bounds uvicorn does not set.

uvicorn reads a request's line and headers without a size limit (httptools buffers them whole) and
times out only idle kept-alive connections, so a huge header could take the server's memory and a
client that connects and trickles bytes holds a connection slot forever (with ``--max-connections``
such clients lock everyone else out with 503). Here each request's head is bounded in bytes (431,
nothing past the bound is parsed) and each request must arrive whole within a deadline that starts
with its first byte, or with the connection (408, or a plain close mid-body). The deadline does not
count while the server itself has paused reading (flow control, a pipelined request waiting).
"""

from __future__ import annotations

import asyncio
from http import HTTPStatus
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from agentgen_sym.serve.wire import error_body

MAX_HEAD_BYTES = 32 * 1024
"""The default bound on a request line and its headers (h11's default is 16 KiB, nginx's 32 KiB)."""
READ_TIMEOUT_S = 30.0
"""The default time a client has to send a whole request (line, headers and body)."""


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


class BoundedHttpProtocol(HttpToolsProtocol):
    """One connection: a request head at most ``max_head_bytes``, each request received within ``read_timeout_s``."""

    max_head_bytes = MAX_HEAD_BYTES
    read_timeout_s = READ_TIMEOUT_S

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._in_head = True  # the next bytes belong to a request line or headers
        self._head_bytes = 0  # fed to the parser since the current head began
        self._heads = 0  # heads completed on this connection
        self._deadline: asyncio.TimerHandle | None = None

    # ------------------------------------------------------------------ the transport's calls
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(CoalescedTransport(transport, self.loop))  # type: ignore[arg-type]
        self._arm()  # a client that connects and sends nothing is closed too

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
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
        """The WebSocket protocol takes the connection over, with its own bounds (``sockets``): no request deadline."""
        self._disarm()
        super().handle_websocket_upgrade()

    # ------------------------------------------------------------------ the parser's calls
    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._in_head, self._head_bytes = False, 0
        self._heads += 1
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._in_head = True
        self._disarm()

    # ------------------------------------------------------------------ internals
    def _feed(self, data: bytes) -> None:
        if data and not self.transport.is_closing():
            self._head_bytes += len(data) if self._in_head else 0
            super().data_received(data)

    def _arm(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.read_timeout_s, self._timed_out)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _timed_out(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self.flow.read_paused:  # the server is not reading: the client is not the slow one
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


def bounded_protocol(max_head_bytes: int = MAX_HEAD_BYTES, read_timeout_s: float = READ_TIMEOUT_S
                     ) -> type[BoundedHttpProtocol]:
    """The protocol class uvicorn instantiates per connection (``Config(http=...)``), with these bounds."""
    return type("BoundedHttpProtocol", (BoundedHttpProtocol,),
                {"max_head_bytes": max_head_bytes, "read_timeout_s": read_timeout_s})
