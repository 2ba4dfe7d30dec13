"""MCP's stdio transport with the bounds the SDK's ``stdio_server`` lacks: a message is bounded in bytes before it
is decoded, and a line that is not a JSON-RPC message is answered with a JSON-RPC error instead of silence.

The SDK's transport (``mcp/server/stdio.py``) reads whole lines, however long (a 200 MB argument was held, decoded
and validated: the server peaked at 1.2 GB before ``--max-bytes`` could refuse it), and hands a line that does not
parse to the session, which logs it and answers nothing, so the client waits for ever. Here standard input is
read in chunks: a line longer than the bound is dropped as it arrives (its first bytes kept to find its id) and
answered "too large"; a line that is not JSON is answered with JSON-RPC's parse error (-32700, id null); valid
JSON that is not a JSON-RPC message with "invalid request" (-32600) and its id when it has one.
"""

from __future__ import annotations

import json
import os
import re
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

import anyio
import mcp.types as types
from mcp.shared.message import SessionMessage
from pydantic import TypeAdapter

CHUNK_BYTES = 1 << 16
HEAD_BYTES = 4096
"""How much of an oversized line is kept to find its JSON-RPC id (clients put it before the params)."""
_ID = re.compile(rb'"id"\s*:\s*(-?\d{1,18}|"(?:[^"\\]|\\.){0,200}")')


@asynccontextmanager
async def bounded_stdio(stdin_fd: int, stdout: anyio.AsyncFile[str], max_message_bytes: int
                        ) -> AsyncIterator[tuple[Any, Any]]:
    """The read and write streams a low-level MCP server runs on, over ``stdin_fd`` and ``stdout``; the read
    stream ends when standard input does."""
    read_writer, read_stream = anyio.create_memory_object_stream[SessionMessage](0)
    write_stream, write_reader = anyio.create_memory_object_stream[Any](0)
    answers = write_stream.clone()  # the reader's own error answers, beside the session's

    async def reader() -> None:
        async with read_writer, answers:
            async for line, whole in _lines(stdin_fd, max_message_bytes):
                if not whole:
                    await answers.send(_error(_id_in(line), -32600, f"the message is over the limit of "
                                              f"{max_message_bytes:,} bytes and was not read"))
                    continue
                message = _message(line)
                if isinstance(message, str):
                    await answers.send(message)
                else:
                    await read_writer.send(SessionMessage(message))

    async def writer() -> None:
        async with write_reader:
            async for item in write_reader:
                text = item if isinstance(item, str) else item.message.model_dump_json(by_alias=True,
                                                                                        exclude_none=True)
                await stdout.write(text + "\n")
                await stdout.flush()

    async with anyio.create_task_group() as group:
        group.start_soon(reader)
        group.start_soon(writer)
        try:
            yield read_stream, write_stream
        finally:
            group.cancel_scope.cancel()  # the session has ended: nothing more to read or write


async def _lines(fd: int, max_bytes: int) -> AsyncIterator[tuple[bytes, bool]]:
    """Each line of ``fd`` without its newline, and whether it is whole (False: over ``max_bytes``, and only its
    first HEAD_BYTES are given); never holds more than ``max_bytes`` + one chunk."""
    pending = bytearray()
    dropping = False  # inside a line over the bound: its head is in ``pending``
    while True:
        chunk = await anyio.to_thread.run_sync(os.read, fd, CHUNK_BYTES, abandon_on_cancel=True)
        if not chunk:
            break
        start = 0
        while (end := chunk.find(b"\n", start)) >= 0:
            if dropping:
                yield bytes(pending), False
            else:
                pending += chunk[start:end]
                if len(pending) > max_bytes:
                    yield bytes(pending[:HEAD_BYTES]), False
                elif pending.strip():
                    yield bytes(pending), True
            pending.clear()
            dropping = False
            start = end + 1
        if not dropping:
            pending += chunk[start:]
            if len(pending) > max_bytes:
                del pending[HEAD_BYTES:]
                dropping = True
    if pending.strip() and not dropping:
        yield bytes(pending), True


_JSONRPC = TypeAdapter(types.JSONRPCMessage)
"""Reads a JSON-RPC message: ``JSONRPCMessage`` is a root model in mcp 1.x and a union of models in 2.x."""


def _message(line: bytes) -> types.JSONRPCMessage | str:
    """The line as a JSON-RPC message, or the JSON-RPC error that answers it."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError) as exc:  # not JSON (or not UTF-8), or nested past the decoder's depth
        return _error(None, -32700, f"parse error: {getattr(exc, 'msg', type(exc).__name__)}")
    try:
        return _JSONRPC.validate_python(data)
    except ValueError:
        request_id = data.get("id") if isinstance(data, dict) else None
        return _error(request_id if isinstance(request_id, (int, str)) and not isinstance(request_id, bool) else None,
                      -32600, "invalid request: not a JSON-RPC 2.0 request, notification or response")


def _id_in(head: bytes) -> int | str | None:
    found = _ID.search(head)
    return None if found is None else json.loads(found.group(1))


def _error(request_id: int | str | None, code: int, message: str) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}})
