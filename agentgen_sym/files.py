"""Writing results safely: a file is either the old one or the complete new one, never half-written."""

from __future__ import annotations

import fcntl
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from agentgen_sym.compiler.errors import AgentgenError

LOCK_FILE = ".agentgen-sym.lock"


class FolderBusy(AgentgenError):
    """Another process is writing to the same output folder."""


@contextmanager
def exclusive(folder: Path) -> Iterator[None]:
    """Hold ``folder`` for one writer at a time (an advisory lock on a file inside it, released and
    removed on exit, and by the kernel if the process dies); a second writer gets FolderBusy at once.
    Folders made only to hold the lock are removed again when the work left nothing in them."""
    created = [p for p in (folder, *folder.parents) if not p.exists()]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOCK_FILE
    handle = path.open("a+")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        holder = handle.read().strip() or "another process"
        handle.close()
        raise FolderBusy(f"{folder} is being written by {holder}; wait for it to finish or choose another "
                         "output folder") from None
    try:
        handle.truncate(0)
        handle.write(f"agentgen-sym (pid {os.getpid()})")
        handle.flush()
        yield
    finally:
        path.unlink(missing_ok=True)
        handle.close()
        for made in created:  # innermost first
            if made.is_dir() and not any(made.iterdir()):
                made.rmdir()


def output_problem(path: Path, kind: str) -> str | None:
    """Why ``path`` cannot take a ``kind`` ("file" or "folder") of output, or None when it can.

    Asked before any work, so a bad output path costs nothing: the target must not be the other
    kind, its nearest existing ancestor must be a writable folder (missing folders are created).
    """
    if kind == "file" and path.is_dir():
        return f"{path} is a folder; give a file name"
    if kind == "folder" and path.exists() and not path.is_dir():
        return f"{path} is a file; give a folder"
    ancestor = path.parent if kind == "file" else path
    while not ancestor.exists():
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        return f"cannot create {path}: {ancestor} is a file, not a folder"
    if not os.access(ancestor, os.W_OK | os.X_OK):
        return f"cannot write in {ancestor}: permission denied"
    return None


def inside(folder: Path, relative: str) -> Path | None:
    """``folder / relative`` when it stays inside ``folder`` (no absolute path, no ``..`` out of it,
    no symlink leading out), else None: paths read from a data file are data, not directions."""
    target = Path(os.path.realpath(folder / relative))  # Path.resolve raises on a link loop; the reader says why
    return target if target.is_relative_to(os.path.realpath(folder)) else None


MAX_TEXT_BYTES = 1 << 20
"""An inspiration text is kilobytes; a larger "text" is a device, a pipe that never ends, or a mistake."""


def read_text_bounded(path: Path, max_bytes: int = MAX_TEXT_BYTES) -> str:
    """The file's text (UTF-8, undecodable bytes replaced), reading at most ``max_bytes`` + 1 bytes: a
    pipe or a device has no honest size. Raises ValueError past the limit, OSError when unreadable."""
    with path.open("rb") as handle:
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise ValueError(f"{path} is over the limit of {max_bytes // 1024} KiB for a text")
    return data.decode("utf-8", errors="replace")


TEMPORARY_SUFFIX = ".tmp"


def write_atomic(path: Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` through a temporary file in the same folder and an atomic
    rename: a full disk or a stopped job leaves the old file or none, never half of the new one. The
    temporary's name carries the writer's pid, so ``remove_dead_temporaries`` can tell a killed writer's."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=TEMPORARY_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data.encode("utf-8") if isinstance(data, str) else data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        if exc.filename is None:  # a full disk says which file it could not write
            raise OSError(exc.errno, exc.strerror, str(path)) from exc
        raise
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _writer_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive, and not ours to judge
        pass
    return True


def remove_dead_temporaries(folder: Path) -> None:
    """Remove, anywhere under ``folder``, the temporaries of ``write_atomic`` calls whose process died
    mid-write (a SIGKILL runs no cleanup): a retried unit of work rewrites its files, not the litter.
    A live writer's temporary is left alone."""
    for tmp in folder.rglob(f".*{TEMPORARY_SUFFIX}"):
        parts = tmp.name.split(".")  # "", name..., pid, random, "tmp"
        if len(parts) >= 5 and parts[-3].isdigit() and not _writer_alive(int(parts[-3])) and tmp.is_file():
            tmp.unlink(missing_ok=True)
