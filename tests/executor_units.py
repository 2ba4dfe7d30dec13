"""Units of work for the executor tests: module-level functions, so a fork server or Ray can import them."""

from __future__ import annotations

import os
import signal
from pathlib import Path


def square(x: int) -> int:
    return x * x


def fail_on(x: int, bad: int) -> int:
    if x == bad:
        raise ValueError(f"{x} is bad")
    return x


def die_first_time(x: int, marks: Path) -> int:
    """Kill its own worker the first time it runs (a marker file remembers), then answer."""
    mark = marks / f"{x}.died"
    if not mark.exists():
        mark.write_text("")
        os.kill(os.getpid(), signal.SIGKILL)
    return x


def die_always(x: int, marks: Path) -> int:
    (marks / f"{x}.{os.getpid()}.tried").write_text("")
    os.kill(os.getpid(), signal.SIGKILL)
    return x


def allocate_mib(mib: int) -> int:
    return len(bytearray(mib * 2 ** 20))
