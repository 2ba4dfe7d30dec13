"""The processes below a job's driver, read from /proc: found at every depth (with or without the kernel's
children lists), measured, and ended by the reaper when the driver closes it or dies."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from agentgen_sym import proctree

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")

GONE_S = 20.0
"""How long a reaped process may take to end (it is killed at once; the slack is for a loaded machine)."""


def _tree(tmp_path: Path) -> tuple[subprocess.Popen, list[int]]:
    """A shell with two sleeping children; the pids of all three once both children run."""
    ready = tmp_path / "ready"
    # the ready file is made by a redirection, not by `touch`: a third child would still be exiting when listed
    shell = subprocess.Popen(["sh", "-c", f"sleep 60 & sleep 60 & : > {ready}; wait"], start_new_session=True)
    deadline = time.monotonic() + GONE_S
    while not ready.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    return shell, [shell.pid, *proctree.descendants(shell.pid)]


def _kill(pids: list[int]) -> None:
    """Clean up whatever a failed test left (these pids were noted a moment ago: not yet given to others)."""
    for pid in pids:
        if proctree.start_time(pid) is not None:
            os.kill(pid, signal.SIGKILL)


def _gone(pids: list[int]) -> bool:
    deadline = time.monotonic() + GONE_S
    while any(proctree.start_time(pid) is not None for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return all(proctree.start_time(pid) is None for pid in pids)


@pytest.mark.parametrize("listing", ["children files", "parents in stat"])
def test_descendants_are_found_at_every_depth_and_measured(listing: str, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch):
    shell, pids = _tree(tmp_path)
    try:
        if listing == "parents in stat":  # a kernel without CONFIG_PROC_CHILDREN
            monkeypatch.setattr(proctree, "_children_listed", lambda pid: None)
        assert len(pids) == 3
        assert set(pids) <= set(proctree.descendants())  # this process > shell > two sleeps
        assert sorted(proctree.descendants(shell.pid)) == sorted(pids[1:])
        assert all(proctree.process_resident_mb(pid) > 0 for pid in pids)
    finally:
        _kill(pids)
        shell.wait()
    assert proctree.process_resident_mb(shell.pid) == 0.0


def test_the_reaper_ends_its_tree_when_its_driver_closes_it_and_nothing_else(tmp_path: Path):
    shell, pids = _tree(tmp_path)
    bystander = subprocess.Popen(["sleep", "60"])
    try:
        reaper = proctree.start_reaper([shell.pid])
        assert reaper is not None
        reaper.communicate(timeout=GONE_S)  # the driver closes it
        assert _gone(pids)
        assert bystander.poll() is None
    finally:
        _kill(pids)
        shell.wait()
        bystander.kill()
        bystander.wait()


def test_the_reaper_ends_its_tree_when_its_driver_is_killed(tmp_path: Path):
    """The driver dies without a word (SIGKILL): the kernel closes the reaper's input, and the reaper ends the
    processes the driver left, at any depth."""
    ready = tmp_path / "ready"
    script = ("import subprocess, sys, time\n"
              "from agentgen_sym.proctree import start_reaper\n"
              f"shell = subprocess.Popen(['sh', '-c', 'sleep 60 & : > {ready}; wait'])\n"
              f"while not __import__('os').path.exists({str(ready)!r}): time.sleep(0.05)\n"
              "start_reaper([shell.pid])\n"
              "print('ready', flush=True)\n"
              "time.sleep(120)\n")
    driver = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, start_new_session=True)
    pids: list[int] = []
    try:
        assert driver.stdout is not None and driver.stdout.readline() == b"ready\n"
        pids = proctree.descendants(driver.pid)  # the shell, its sleep, the reaper
        assert len(pids) == 3
        os.kill(driver.pid, signal.SIGKILL)
        driver.wait()
        assert _gone(pids)
    finally:
        if driver.poll() is None:
            driver.kill()
            driver.wait()
        _kill(pids)
