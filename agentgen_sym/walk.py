"""The one walk over a tree of input files: only regular files come back, and each entry that cannot be read
as one is reported with the reason, so one bad entry never stops (or hangs) the whole job.

A FIFO blocks whoever opens it until a writer comes, a socket or a device is no text, a symbolic link
loop or a dangling link cannot be opened, and a name that is not valid UTF-8 cannot be printed or written
into a record: each is a ``Skipped`` entry (a folder with such a name is skipped whole), and the walk goes on
with the rest. Links to files are followed wherever they lead; links to folders are not descended (as
``Path.rglob`` never did), so a loop of folders ends.
"""

from __future__ import annotations

import errno
import fnmatch
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from agentgen_sym.compiler.errors import AgentgenError


@dataclass(frozen=True)
class Skipped:
    """An entry of a tree left out, and why."""

    path: Path
    reason: str

    def __str__(self) -> str:
        return f"{shown(self.path)}: {self.reason}; skipped"


@dataclass
class Walk:
    """What a walk found: the files to read, and the entries left out with their reasons (to report)."""

    files: list[Path] = field(default_factory=list)  # regular files (or links to them), sorted
    skipped: list[Skipped] = field(default_factory=list)  # in the order met


def shown(path: Path | str) -> str:
    """The path as a person can read it: bytes that are not UTF-8 written as ``\\xff`` escapes."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def name_problem(name: str) -> str | None:
    """Why a file or folder name cannot be used (it is not valid UTF-8), or None."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return "the name is not valid UTF-8"
    return None


_KINDS = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISDIR, "a folder"))


def file_problem(path: Path) -> str | None:
    """Why ``path`` cannot be read as a regular file, or None: asked of its status (links followed), never by
    opening it, since opening a FIFO waits for a writer."""
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a symbolic link loop"
        if exc.errno == errno.ENOENT and path.is_symlink():
            return "a symbolic link to nothing"
        return f"cannot read it: {exc.strerror or exc}"
    if stat.S_ISREG(mode):
        return None
    kind = next((what for test, what in _KINDS if test(mode)), "a special file")
    return f"{kind}, not a regular file"


class NotARegularFile(AgentgenError, OSError):
    """A path read as a file that is none (a FIFO, a device, a link loop); ``strerror`` says what it is."""

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def require_file(path: Path) -> None:
    """Raise NotARegularFile when ``path`` is there but no regular file, before anyone opens it (a FIFO would
    wait for a writer); a missing file is left to the reader's own error."""
    problem = file_problem(path)
    if problem and (path.exists() or path.is_symlink()):
        raise NotARegularFile(errno.EINVAL, problem, str(path))


def _links_to_folder(path: Path) -> bool:
    try:
        return stat.S_ISDIR(path.stat().st_mode)
    except OSError:
        return False


def matching(pattern: str) -> Callable[[str], bool]:
    """A ``wanted`` test for ``walk``: names matching a glob pattern (case-sensitive, as ``Path.glob``)."""
    return lambda name: fnmatch.fnmatchcase(name, pattern)


def walk(root: Path, wanted: Callable[[str], bool] = matching("*.pddl"), *, recursive: bool = True,
         prune: Callable[[str], bool] = lambda name: False) -> Walk:
    """The regular files under ``root`` whose names are ``wanted`` (sorted), and what was skipped: wanted
    entries that are not regular files or have undecodable names, folders with undecodable names or that
    cannot be listed. Folders whose name ``prune`` says are not entered, silently."""
    found = Walk()
    folders = [root]
    while folders:
        folder = folders.pop()
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as exc:
            found.skipped.append(Skipped(folder, f"cannot list this folder: {exc.strerror or exc}"))
            continue
        deeper: list[Path] = []
        for entry in entries:
            path = folder / entry.name
            if entry.is_dir(follow_symlinks=False):
                if recursive and not prune(entry.name):
                    if name_problem(entry.name):
                        found.skipped.append(Skipped(path, "a folder whose name is not valid UTF-8"))
                    else:
                        deeper.append(path)
            elif wanted(entry.name):
                problem = name_problem(entry.name) or file_problem(path)
                if problem is None:
                    found.files.append(path)
                elif not _links_to_folder(path):  # a link to a folder is not descended, as before
                    found.skipped.append(Skipped(path, problem))
        folders += reversed(deeper)
    found.files.sort()
    return found
