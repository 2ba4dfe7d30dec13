"""Running the server: one uvicorn process on a socket bound here, stopped gracefully by SIGTERM or Ctrl-C."""

from __future__ import annotations

import gc
import signal
import socket
import sys
from typing import Callable

from agentgen_sym.serve.app import MAX_BODY_BYTES, create_app
from agentgen_sym.serve.pool import EnvPool
from agentgen_sym.serve.protocol import (MAX_HEAD_BYTES, READ_TIMEOUT_S, WRITE_TIMEOUT_S, bounded_protocol,
                                         bounded_websocket)
from agentgen_sym.serve.sockets import SocketLimits

LOOPBACK = ("127.0.0.1", "::1", "localhost")
LOOP = "asyncio"
"""uvicorn's event loop. Not uvloop: under a 512-client soak, uvloop left new connections unaccepted in
the listen queue for some 30 s each while it served the established ones (measured with bench/serve.py
--soak); asyncio's loop accepted them in time."""


GC_GEN0_THRESHOLD = 20000
"""The serving process's first-generation GC threshold (CPython's default: 700). A step allocates a few dozen
objects that reference counting frees; at 700, gen0/gen1 collections ran some 50 times a second under 256 HTTP
sessions and a full collection, walking every compiled task, paused the event loop 50-85 ms (gc.callbacks, bench
serve --quick). Young cyclic garbage stays bounded by this count."""


def settle() -> None:
    """Collect once and freeze what startup built (the compiled tasks, the app) into the GC's permanent
    generation, so later collections walk only the objects made while serving; then raise gen0's threshold."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_GEN0_THRESHOLD, *gc.get_threshold()[1:])


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket (``port`` 0: a free one, as ``getsockname`` then tells)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # proto IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY on accepted sockets only then, and without it
    # every kept-alive answer (headers, then body) waits out the client's 40 ms delayed ACK
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def run(pool: EnvPool, host: str = "127.0.0.1", port: int = 8000, *, http_errors: bool = False,
        max_body_bytes: int = MAX_BODY_BYTES, max_connections: int = 2048, keep_alive_s: float = 120.0,
        max_head_bytes: int = MAX_HEAD_BYTES, read_timeout_s: float = READ_TIMEOUT_S,
        write_timeout_s: float = WRITE_TIMEOUT_S, access_log: bool = False, loop: str = LOOP, socket_limits: SocketLimits = SocketLimits(), warm: bool = True,
        say: Callable[[str], None] = lambda text: print(text, file=sys.stderr, flush=True)
        ) -> None:
    """Serve ``pool`` until SIGTERM or SIGINT; in-flight requests finish first (uvicorn's graceful shutdown).

    At most ``max_connections`` connections are served at once (uvicorn refuses a request when its count,
    which includes the connection asking, reaches ``limit_concurrency``: hence the + 1); each request's
    head is bounded by ``max_head_bytes`` and must arrive within ``read_timeout_s``, and a client that stops
    reading is disconnected after ``write_timeout_s`` (``protocol``, on WebSockets too). WebSockets
    (``/ws``, ``/openenv/ws``) are bounded by ``socket_limits``: uvicorn closes a connection whose message
    exceeds the size bound (1009) and ``sockets`` enforces the rest. With ``warm`` every task is compiled before
    the socket listens (``Catalog.warm``); either way the process's startup objects are frozen (``settle``)."""
    import uvicorn

    if warm:
        pool.catalog.warm()
    sock = bind(host, port)
    bound_host, bound_port = sock.getsockname()[:2]
    app = create_app(pool, http_errors, max_body_bytes, socket_limits)
    config = uvicorn.Config(app, log_level="warning", loop=loop,
                            http=bounded_protocol(max_head_bytes, read_timeout_s, write_timeout_s, app),
                            ws=bounded_websocket(write_timeout_s), ws_max_size=socket_limits.max_message_bytes,
                            ws_per_message_deflate=False,
                            access_log=access_log, limit_concurrency=max_connections + 1,
                            timeout_keep_alive=int(keep_alive_s), timeout_graceful_shutdown=10)
    server = uvicorn.Server(config)
    settle()  # last: what the app and the warmed tasks built is frozen too
    where = f"[{bound_host}]" if ":" in bound_host else bound_host
    say(f"agentgen-sym serve: {len(pool.catalog)} tasks, profile {pool.profile.name}, "
        f"listening on http://{where}:{bound_port}")
    # uvicorn shuts down gracefully on SIGTERM/SIGINT, then re-raises the signal to the handler it
    # found; a no-op one there lets the process finish its own shutdown and exit 0.
    previous = {sig: signal.signal(sig, _ignore) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    say(f"agentgen-sym serve: stopped ({pool.live} environments were live)")


def _ignore(signum: int, frame: object) -> None:
    """A signal uvicorn already handled."""
