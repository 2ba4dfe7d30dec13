"""A full disk while writing results: a clear `cannot write FILE: No space left on device`, exit 2, and no half
file or temporary file left behind (every write goes through files.write_atomic)."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from agentgen_sym import files
from agentgen_sym.cli import main

from .conftest import CORPUS

SEED = CORPUS / "office-mailroom"


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch):
    """Every fsync of a written file fails as it does when the disk fills up (the data cannot be stored)."""
    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files.os, "fsync", no_space)


def _leftovers(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and p.name.endswith(".tmp"))


@pytest.mark.parametrize("argv, written", [
    (["solve", str(SEED / "domain.pddl"), str(SEED / "p01.pddl"), "-q", "-o", "{tmp}/plan.txt"], "plan.txt"),
    (["ground", str(SEED / "domain.pddl"), str(SEED / "p01.pddl"), "-o", "{tmp}/task.npz"], "task.npz"),
    (["fix", str(SEED / "domain.pddl"), "-o", "{tmp}/fixed"], "fixed/domain.pddl"),
    (["generate", str(SEED / "domain.pddl"), str(SEED / "p01.pddl"), "--n", "3", "--out", "{tmp}/gen"], "gen/"),
])
def test_a_full_disk_is_a_clear_error_and_leaves_nothing_half_written(tmp_path: Path, capsys, full_disk, argv,
                                                                       written):
    code = main([a.replace("{tmp}", str(tmp_path)) for a in argv])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "No space left on device" in err and f"cannot write {tmp_path / written.rstrip('/')}" in err, err
    assert "Traceback" not in err
    assert _leftovers(tmp_path) == []
    if not written.endswith("/"):
        assert not (tmp_path / written).exists()


def test_a_full_disk_keeps_the_previous_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    target = tmp_path / "report.md"
    files.write_atomic(target, "the previous report\n")
    monkeypatch.setattr(files.os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.ENOSPC, "no space")))
    with pytest.raises(OSError) as error:
        files.write_atomic(target, "x" * 10_000)
    assert error.value.filename == str(target) and error.value.errno == errno.ENOSPC
    assert target.read_text() == "the previous report\n" and _leftovers(tmp_path) == []


@pytest.fixture(scope="module")
def task_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("full-disk") / "tasks"
    assert main(["generate", str(SEED / "domain.pddl"), str(SEED / "p01.pddl"), "--n", "3", "--out", str(folder)]) == 0
    return folder


@pytest.mark.parametrize("argv, written", [
    (["export", "{tasks}", "--format", "openai", "--out", "{tmp}/data.jsonl"], "data.jsonl"),
    (["evolve", "{tasks}", "--n", "3", "--out", "{tmp}/evolved"], "evolved/"),
])
def test_a_full_disk_while_exporting_or_evolving(tmp_path: Path, capsys, task_folder: Path, full_disk, argv, written):
    code = main([a.replace("{tmp}", str(tmp_path)).replace("{tasks}", str(task_folder)) for a in argv])
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"cannot write {tmp_path / written.rstrip('/')}" in err and "No space left on device" in err, err
    assert _leftovers(tmp_path) == [] and _leftovers(task_folder) == []


def _fills_up(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """The disk fills up for the files written straight into ``folder`` (run's combined datasets, card and
    report), after each domain's own files were written."""
    fsync = os.fsync

    def no_space_in_folder(fd: int) -> None:
        if Path(os.readlink(f"/proc/self/fd/{fd}")).parent == folder:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        fsync(fd)

    monkeypatch.setattr(files.os, "fsync", no_space_in_folder)


def _contents(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_full_disk_during_runs_final_combine_is_a_clear_error_and_resumes_identically(tmp_path: Path, capsys,
                                                                                        monkeypatch):
    """`run` whose disk fills up while it combines the domains' datasets: exit 2 with `cannot write FILE: No space
    left on device` (not an ExportError traceback), no temporary left; once there is room, a rerun reuses the
    finished domain and writes the very bytes a run that never ran out of space writes."""
    corpus, out = tmp_path / "corpus", tmp_path / "out"
    shutil.copytree(CORPUS / "kitchen-line", corpus / "kitchen-line")
    argv = ["run", "--corpus", str(corpus), "--out", str(out), "--n", "2", "--range", "1", "3", "--jobs", "1"]
    assert main(argv) == 0
    expected = _contents(out)
    shutil.rmtree(out)
    capsys.readouterr()
    with monkeypatch.context() as patch:
        _fills_up(patch, out)
        code = main(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"cannot write {out / 'dataset.'}" in err and "No space left on device" in err, err
    assert _leftovers(out) == [] and (out / "kitchen-line" / "done.json").is_file()
    assert main(argv) == 0
    assert "kitchen-line: reused" in capsys.readouterr().err
    assert _contents(out) == expected
