"""CPU-bound hog processes beside a run: the loaded machine a time limit must also hold on."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def cpu_hogs(count: int = 2) -> Iterator[list[subprocess.Popen]]:
    """``count`` processes each spinning one core at normal priority until the block ends."""
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"], stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(count)]
    try:
        yield hogs
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
