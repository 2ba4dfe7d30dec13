"""Bad options and output paths are usage errors (exit 2) before any work; fix never overwrites its own output."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agentgen_sym import cli

from .conftest import CORPUS

DOMAIN, PROBLEM = CORPUS / "kitchen-line" / "domain.pddl", CORPUS / "kitchen-line" / "p01.pddl"


def _usage_error(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("argv", [["run", "--n", "0"], ["run", "--n", "-1"], ["run", "--n", "two"],
                                  ["build", "--n-envs", "-1"], ["build", "--tasks", "0"],
                                  ["draft", "x", "-o", "d", "--max-repair-rounds", "-5"],
                                  ["generate", str(DOMAIN), str(PROBLEM), "--out", "g", "--range", "0", "3"]])
def test_counts_out_of_range_are_usage_errors(argv, capsys, tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert "expected a whole number" in _usage_error(argv, capsys)
    assert not any(tmp_path.iterdir())  # nothing was written


def test_output_paths_are_checked_before_any_work(tmp_path: Path, capsys):
    a_file = tmp_path / "afile"
    a_file.write_text("")
    assert "is a file, not a folder" in _usage_error(
        ["solve", str(DOMAIN), str(PROBLEM), "-o", str(a_file / "x.plan")], capsys)
    assert "is a folder" in _usage_error(["solve", str(DOMAIN), str(PROBLEM), "-o", str(tmp_path)], capsys)
    assert "is a file; give a folder" in _usage_error(["run", "--out", str(a_file)], capsys)
    assert "is a folder" in _usage_error(["export", str(tmp_path), "--format", "openai", "--out", str(tmp_path)],
                                         capsys)
    assert cli.main(["solve", str(DOMAIN), str(PROBLEM), "-q", "-o", str(tmp_path / "new" / "deeper" / "p.plan")]) == 0


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_folder_is_refused(tmp_path: Path, capsys):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    assert "permission denied" in _usage_error(["run", "--out", str(locked / "out")], capsys)


def test_fix_of_same_named_files_writes_both(tmp_path: Path, capsys):
    """`fix d/x.pddl p/x.pddl -o fixed` wrote both to fixed/x.pddl, the problem over the repaired domain."""
    (tmp_path / "d").mkdir()
    (tmp_path / "p").mkdir()
    domain, problem = tmp_path / "d" / "x.pddl", tmp_path / "p" / "x.pddl"
    domain.write_text(DOMAIN.read_text().replace(":precondition", ":precondtion", 1))
    problem.write_text(PROBLEM.read_text())
    assert cli.main(["fix", str(domain), str(problem), "-o", str(tmp_path / "fixed")]) == 0
    written = sorted(p.name for p in (tmp_path / "fixed").iterdir())
    assert len(written) == 2 and "(define (domain" in (tmp_path / "fixed" / "x.pddl").read_text()
    assert cli.main(["check", str(tmp_path / "fixed" / "x.pddl"),
                     str(tmp_path / "fixed" / next(n for n in written if n != "x.pddl"))]) == 0


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_full_or_closed_stdout_is_a_clear_error():
    import subprocess
    import sys

    command = [sys.executable, "-m", "agentgen_sym", "parse", str(DOMAIN)]
    with open("/dev/full", "w") as full:
        proc = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, timeout=60)
    assert proc.returncode == 2 and b"No space left" in proc.stderr and b"Traceback" not in proc.stderr
    proc = subprocess.run(" ".join(command) + " >&-", shell=True, stderr=subprocess.PIPE, timeout=60)
    assert proc.returncode == 2 and b"standard output is closed" in proc.stderr and b"Traceback" not in proc.stderr


def test_a_second_writer_to_one_output_folder_is_refused(tmp_path: Path, capsys):
    """Two runs on one --out interleaved their files; the second now stops at once with exit 2."""
    from agentgen_sym.files import LOCK_FILE, exclusive

    out = tmp_path / "out"
    with exclusive(out):
        assert cli.main(["generate", str(DOMAIN), str(PROBLEM), "--n", "2", "--out", str(out)]) == 2
        assert "is being written by agentgen-sym (pid" in capsys.readouterr().err
    assert cli.main(["generate", str(DOMAIN), str(PROBLEM), "--n", "2", "--out", str(out)]) == 0
    assert not (out / LOCK_FILE).exists()
