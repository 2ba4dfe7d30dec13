"""Whether numba has the planners' kernels in its on-disk cache, and filling that cache in the background.

numba compiles a kernel on its first call in a process that finds no cached copy: 6-9 s for the
kernels of planners/kernels.py and planners/successors.py, a pause on a trivial task after every
install (gripper p01 ``solve --optimal`` took 12 s on a loaded 2-core machine, 0.5 s of it
search). The NumPy code those kernels replace computes the same values (tests/test_kernels.py,
tests/test_search_successors.py), so the search, its counts and its plan are the same either way. A
process that finds the cache empty therefore runs the NumPy code and starts one detached,
low-priority process that compiles the kernels into the cache; later processes load them from
it (about 0.5 s). ``make run`` fills the cache when it installs. Where the package folder is
read-only (a system or shared site-packages) numba keeps the cache in the user's cache directory
(``~/.cache/numba``) or in ``NUMBA_CACHE_DIR``; tests/test_kernel_cache.py checks that.

    python -c "from agentgen_sym.planners import kernels; kernels.compile_now()"  # what make runs
"""

from __future__ import annotations

import fcntl
import os
import pickle
import subprocess
import sys
import tempfile
from typing import Callable

_ready: set[object] = set()  # kernels found cached stay so: a True answer is kept, a False one re-read
_compiling = False  # this process has started the background compile
COMPILE_NOW = "from agentgen_sym.planners import kernels; kernels.compile_now(wait=False)"


def ready(kernel: object) -> bool:
    """True when numba has ``kernel`` (a dispatcher) cached for this machine's CPU and this source, so that
    its first call loads it instead of compiling it."""
    if kernel not in _ready:
        try:
            cached = _cached(kernel)
        except (AttributeError, TypeError, IndexError):  # numba's cache internals changed: compile on first use
            cached = True
        if cached:
            _ready.add(kernel)
    return kernel in _ready


def _cached(kernel: object) -> bool:
    """Whether numba's cache index for ``kernel`` (fresh for its source) holds an entry for this CPU."""
    magic = kernel.targetctx.codegen().magic_tuple()  # type: ignore[attr-defined]
    try:
        index = kernel._cache._cache_file._load_index()  # type: ignore[attr-defined]
    except (OSError, EOFError, pickle.UnpicklingError):
        return False
    return any(key[1] == magic for key in index)


def available(kernel: object) -> bool:
    """Whether to call ``kernel``: True when it is cached; otherwise start compiling every kernel in the
    background (once per process) and answer False, so the caller runs the NumPy code meanwhile."""
    global _compiling
    if ready(kernel):
        return True
    if not _compiling:
        _compiling = True
        # the child imports the package this process imported, also one found through a path added at run
        # time (a benchmark's frozen copy): else it would fill the cache of another copy, never read here
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(path for path in sys.path if path)}
        subprocess.Popen([sys.executable, "-c", COMPILE_NOW], stdin=subprocess.DEVNULL, env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    return False


def exclusively(compile_all: Callable[[], None], wait: bool) -> None:
    """Run ``compile_all`` at low priority, one process at a time per user; where another process is
    compiling, wait for it (``wait``) or leave the work to it."""
    os.nice(10)
    lock_path = os.path.join(tempfile.gettempdir(), f"agentgen-sym-kernels-{os.getuid()}.lock")
    with open(lock_path, "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return  # another process compiles them
        compile_all()
