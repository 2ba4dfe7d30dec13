"""A writer SIGKILLed mid-write runs no cleanup and leaves write_atomic's temporary; the next writer of the folder
removes it (its pid is dead), never a live writer's, and the main job's retried units leave none behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from agentgen_sym import files
from agentgen_sym.cli import main

from .conftest import CORPUS

HANGING_WRITER = """
import os, sys, time
from pathlib import Path
from agentgen_sym import files
files.os.fsync = lambda fd: (print("writing", flush=True), time.sleep(600))
files.write_atomic(Path(sys.argv[1]) / "report.md", "half of it")
"""


def _temporaries(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.tmp") if p.is_file())


def _killed_mid_write(folder: Path) -> Path:
    writer = subprocess.Popen([sys.executable, "-c", HANGING_WRITER, str(folder)], stdout=subprocess.PIPE, text=True)
    assert writer.stdout.readline() == "writing\n"
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait(timeout=30)
    (left,) = _temporaries(folder)
    return left


def test_a_killed_writers_temporary_is_removed_and_a_live_ones_kept(tmp_path: Path):
    dead = _killed_mid_write(tmp_path / "sub")
    live = tmp_path / f".plan.txt.{os.getpid()}.abcd1234.tmp"  # this process is writing it
    live.write_text("in progress")
    files.remove_dead_temporaries(tmp_path)
    assert not dead.exists() and live.exists()


def test_generate_into_a_folder_a_killed_run_wrote_leaves_no_temporary(tmp_path: Path):
    seed = CORPUS / "office-mailroom"
    out = tmp_path / "gen"
    _killed_mid_write(out)
    assert main(["generate", str(seed / "domain.pddl"), str(seed / "p01.pddl"), "--n", "2", "--out", str(out)]) == 0
    assert _temporaries(out) == []
