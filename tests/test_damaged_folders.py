"""Task folders are data: damaged entries are reported and skipped, and no path in them leads out."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from agentgen_sym import cli

from .conftest import CORPUS


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("gen") / "tasks"
    folder = CORPUS / "kitchen-line"
    assert cli.main(["generate", str(folder / "domain.pddl"), str(folder / "p01.pddl"), "--n", "3",
                     "--out", str(out)]) == 0
    return out


def _damaged(generated: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "damaged"
    shutil.copytree(generated, folder)
    lines = (folder / "tasks.jsonl").read_text().splitlines()
    first, second = json.loads(lines[0]), json.loads(lines[1])
    (folder / first["problem_file"]).write_text("(define (problem broken")  # unparsable
    secret = tmp_path / "outside.pddl"
    secret.write_text((folder / second["problem_file"]).read_text())
    second["problem_file"] = "../outside.pddl"
    lines[1] = json.dumps(second)
    (folder / "tasks.jsonl").write_text("\n".join(lines + ["not json at all"]) + "\n")
    return folder


def test_evolve_skips_damaged_tasks_and_says_so(generated: Path, tmp_path: Path, capsys):
    folder = _damaged(generated, tmp_path)
    lines = (folder / "tasks.jsonl").read_text().splitlines()
    (folder / "tasks.jsonl").write_text("\n".join(lines[:-1]) + "\n")  # evolve refuses a non-JSON line outright
    code = cli.main(["evolve", str(folder), "--n", "3", "--out", str(tmp_path / "evolved")])
    captured = capsys.readouterr()
    assert code in (0, 1) and "Traceback" not in captured.err
    assert "skipped" in captured.err and "leads out of the folder" in captured.err
    assert "2 input task(s) skipped" in captured.out


def test_export_never_reads_outside_the_folder(generated: Path, tmp_path: Path, capsys):
    folder = _damaged(generated, tmp_path)
    lines = (folder / "tasks.jsonl").read_text().splitlines()
    (folder / "tasks.jsonl").write_text("\n".join(lines[:-1]) + "\n")
    cli.main(["export", str(folder), "--format", "openai", "--out", str(tmp_path / "d.jsonl")])
    err = capsys.readouterr().err
    assert "leads out of" in err and "Traceback" not in err
    assert len((tmp_path / "d.jsonl").read_text().splitlines()) == 1  # the one intact task


def test_a_folder_without_usable_tasks_is_a_usage_error(tmp_path: Path, capsys):
    folder = tmp_path / "empty"
    folder.mkdir()
    shutil.copy(CORPUS / "kitchen-line" / "domain.pddl", folder / "domain.pddl")
    (folder / "tasks.jsonl").write_text("")
    assert cli.main(["evolve", str(folder), "--n", "2", "--out", str(tmp_path / "e")]) == 2
    assert "no task" in capsys.readouterr().err
