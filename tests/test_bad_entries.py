"""Trees with entries no reader can use: a FIFO (opening it waits for a writer forever), a symbolic link loop,
a folder whose name is not valid UTF-8. `check DIR`, `parse --summary DIR` and `run` report each with the reason
and a readable name, skip it, and finish the rest with their documented exit code."""

from __future__ import annotations

import errno
import json
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from agentgen_sym import cli

from .conftest import CORPUS

BAD_NAME = "bad\udcff"  # the bytes b"bad\xff" on disk
PATIENCE_S = 60.0  # only a reader stuck on a FIFO waits this long; the fixed code never opens one


class FifoWatch:
    """Makes FIFOs, and lets a reader stuck on one go after PATIENCE_S (by opening the other end), noting it:
    a test that would hang forever fails instead."""

    def __init__(self) -> None:
        self.fifos: list[Path] = []
        self.opened: list[Path] = []
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)

    def make(self, path: Path) -> Path:
        os.mkfifo(path)
        self.fifos.append(path)
        return path

    def _watch(self) -> None:
        if self.done.wait(PATIENCE_S):
            return
        while not self.done.wait(0.1):
            for fifo in self.fifos:
                try:
                    os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # a reader waits on it: release it
                    self.opened.append(fifo)
                except OSError as exc:
                    if exc.errno != errno.ENXIO:  # ENXIO: nobody is reading it
                        raise


@pytest.fixture
def fifos() -> Iterator[FifoWatch]:
    watch = FifoWatch()
    watch.thread.start()
    yield watch
    watch.done.set()
    watch.thread.join()
    assert watch.opened == [], "a reader opened a FIFO and waited for a writer"


def _domain(folder: Path, name: str) -> Path:
    folder.mkdir(parents=True)
    for file in ("domain.pddl", "p01.pddl"):
        shutil.copy(CORPUS / name / file, folder / file)
    return folder


@pytest.fixture
def tree(tmp_path: Path, fifos: FifoWatch) -> Path:
    """kitchen-line with a FIFO, a file link loop and a folder link loop beside its files; office-mailroom in a
    folder whose name is not UTF-8."""
    root = tmp_path / "tree"
    good = _domain(root / "kitchen", "kitchen-line")
    fifos.make(good / "p05.pddl")
    (good / "loop.pddl").symlink_to("loop.pddl")
    (good / "up").symlink_to("..")
    _domain(root / BAD_NAME, "office-mailroom")
    return root


def _reported(err: str, root: Path) -> None:
    assert f"{root}/bad\\xff: a folder whose name is not valid UTF-8; skipped" in err, err
    assert f"{root}/kitchen/p05.pddl: a named pipe (FIFO), not a regular file; skipped" in err, err
    assert f"{root}/kitchen/loop.pddl: a symbolic link loop; skipped" in err, err
    assert "\udcff" not in err


def test_check_a_tree_reports_and_skips_what_it_cannot_read(tree: Path, capsys):
    assert cli.main(["check", str(tree), "-j", "1"]) == 0
    captured = capsys.readouterr()
    _reported(captured.err, tree)
    assert "checked 2 files: 0 errors" in captured.out


def test_check_a_domain_folder_with_a_link_loop_and_a_fifo(tree: Path, capsys):
    assert cli.main(["check", str(tree / "kitchen")]) == 0
    captured = capsys.readouterr()
    assert f"{tree}/kitchen/loop.pddl: a symbolic link loop; skipped" in captured.err
    assert f"{tree}/kitchen/p05.pddl: a named pipe (FIFO)" in captured.err
    assert "checked 2 files: 0 errors" in captured.out


def test_parse_summary_reports_and_skips_what_it_cannot_read(tree: Path, capsys):
    assert cli.main(["parse", "--summary", str(tree)]) == 0
    captured = capsys.readouterr()
    _reported(captured.err, tree)
    assert "2 of 2 files parsed" in captured.out


def test_run_reports_a_bad_domain_folder_and_skips_bad_files(tmp_path: Path, fifos: FifoWatch, capsys):
    """A domain whose domain.pddl is a FIFO, and one whose folder name is not UTF-8, are skipped domains in the
    summary (exit 1, a domain failed); a FIFO or link loop beside a good domain's files is left out of it."""
    corpus, out = tmp_path / "corpus", tmp_path / "out"
    good = _domain(corpus / "kitchen-line", "kitchen-line")
    fifos.make(good / "p09.pddl")
    (good / "loop.pddl").symlink_to("loop.pddl")
    piped = corpus / "piped"
    piped.mkdir()
    fifos.make(piped / "domain.pddl")
    shutil.copy(CORPUS / "office-mailroom" / "p01.pddl", piped / "p01.pddl")
    _domain(corpus / BAD_NAME, "office-mailroom")
    argv = ["run", "--corpus", str(corpus), "--out", str(out), "--n", "2", "--range", "1", "3", "--jobs", "1"]
    assert cli.main(argv) == 1
    captured = capsys.readouterr()
    assert f"{corpus}/bad\\xff: a domain folder whose name is not valid UTF-8; skipped" in captured.err
    assert f"{good}/p09.pddl: a named pipe (FIFO), not a regular file; skipped" in captured.err
    assert f"{good}/loop.pddl: a symbolic link loop; skipped" in captured.err
    assert "skipped: domain.pddl: a named pipe (FIFO), not a regular file" in captured.out
    assert "bad\\xff" in (out / "report.md").read_text() and "\udcff" not in captured.out + captured.err
    assert len((out / "dataset.openai.jsonl").read_text().splitlines()) == 2
    done = json.loads((out / "kitchen-line" / "done.json").read_text())
    assert sorted(done["inputs"]) == ["domain.pddl", "p01.pddl"]  # the FIFO and the loop are no input


def test_export_skips_a_fifo_problem_and_refuses_a_fifo_task_list(tmp_path: Path, fifos: FifoWatch, capsys):
    """A TASKS_DIR read by export (as by serve and eval) never opens a FIFO: a problem file that is one skips its
    task (exit 1), a tasks.jsonl that is one makes the folder unusable (exit 2), each saying what it is."""
    seed, tasks = CORPUS / "office-mailroom", tmp_path / "tasks"
    assert cli.main(["generate", str(seed / "domain.pddl"), str(seed / "p01.pddl"), "--n", "2", "--out", str(tasks),
                     "--jobs", "1"]) == 0
    problem = sorted((tasks / "tasks").glob("*.pddl"))[0]
    problem.unlink()
    fifos.make(problem)
    capsys.readouterr()
    assert cli.main(["export", str(tasks), "--format", "openai", "--out", str(tmp_path / "a.jsonl")]) == 1
    assert f"cannot read {problem}: a named pipe (FIFO), not a regular file" in capsys.readouterr().err
    (tasks / "tasks.jsonl").unlink()
    fifos.make(tasks / "tasks.jsonl")
    assert cli.main(["export", str(tasks), "--format", "openai", "--out", str(tmp_path / "b.jsonl")]) == 2
    assert f"cannot read {tasks / 'tasks.jsonl'}: a named pipe (FIFO), not a regular file" in capsys.readouterr().err
