"""A persistent response cache keyed by the full request, so re-runs are reproducible and cost nothing.

SQLite in WAL mode with a busy timeout: many threads and processes (a thread pool, a
multiprocessing executor, two runs at once) share one file without corrupting it or
failing on a lock. Within a process one connection is shared under a lock; cache
operations take microseconds beside the seconds of an LLM call.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

SETUP_ATTEMPTS = 20
BUSY_TIMEOUT_S = 60.0
_SCHEMA = "CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, value TEXT NOT NULL, created REAL NOT NULL)"


def request_key(request: Mapping[str, Any]) -> str:
    """sha256 of the canonical JSON of the whole request: any change of model, messages or params is a new key."""
    canonical = json.dumps(request, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _set_up(conn: sqlite3.Connection) -> None:
    """WAL mode and the schema. Switching to WAL can report "database is locked" at once, without
    waiting for the busy timeout, while another process opens the same new file: retry then."""
    for attempt in range(SETUP_ATTEMPTS):
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute(_SCHEMA)
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == SETUP_ATTEMPTS - 1:
                raise
            time.sleep(0.05 * (attempt + 1))


class ResponseCache:
    """``get(key) -> dict | None`` and ``put(key, response)`` on one SQLite file shared by threads and processes."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self._pid = 0

    def _connection(self) -> sqlite3.Connection:
        # A connection must not cross a fork: a child process opens its own.
        if self._conn is None or self._pid != os.getpid():
            conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, check_same_thread=False, isolation_level=None)
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
            _set_up(conn)
            self._conn, self._pid = conn, os.getpid()
        return self._conn

    def get(self, key: str) -> dict | None:
        """The stored response for ``key``, or None (also for an entry that no longer decodes)."""
        with self._lock:
            row = self._connection().execute("SELECT value FROM responses WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        try:
            value = json.loads(row[0])
        except ValueError:
            return None
        return value if isinstance(value, dict) else None

    def put(self, key: str, response: Mapping[str, Any]) -> None:
        """Store ``response`` (JSON-serialisable) under ``key``; a later put for the same key replaces it."""
        value = json.dumps(response, sort_keys=True, ensure_ascii=False)
        with self._lock:
            self._connection().execute("INSERT OR REPLACE INTO responses (key, value, created) VALUES (?, ?, ?)",
                                       (key, value, time.time()))

    def __len__(self) -> int:
        with self._lock:
            return self._connection().execute("SELECT COUNT(*) FROM responses").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            if self._conn is not None and self._pid == os.getpid():
                self._conn.close()
            self._conn = None

    def __enter__(self) -> ResponseCache:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
