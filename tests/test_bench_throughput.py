"""bench/search_throughput.py's paired mode as a user runs it: every pair saved to --json as it is
done, --resume going on after them without measuring them again, --jobs and its refusals."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from agentgen_sym.backends import fast_downward_driver

from .conftest import ROOT, requires_benchmarks

SCRIPT = ROOT / "bench" / "search_throughput.py"
PAIRS = "gripper/p01.pddl,blocks/p01.pddl"


def _bench(*options: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), "--fd", *options], capture_output=True, text=True,
                          timeout=900, cwd=ROOT)


@pytest.mark.parametrize("options", [["--jobs", "0"], ["--jobs", "2", "--pick", "3"], ["--resume"]])
def test_bad_options_are_refused_before_anything_runs(options):
    run = _bench(*options)
    assert run.returncode == 2 and "error:" in run.stderr


@pytest.mark.slow
@requires_benchmarks
@pytest.mark.skipif(fast_downward_driver() is None, reason="Fast Downward (up-fast-downward) not installed")
def test_pairs_are_saved_as_done_and_a_resumed_run_does_not_measure_them_again(tmp_path):
    saved = tmp_path / "throughput.json"
    common = ["--problems", PAIRS, "--searches", "gbfs-hff", "--min-seconds", "0", "--time-limit", "20",
              "--json", str(saved)]
    first = _bench(*common, "--jobs", "2")
    assert first.returncode == 0, first.stderr
    units = json.loads(saved.read_text())["units"]
    assert sorted(unit["task"] for unit in units) == sorted(PAIRS.split(","))
    for unit in units:  # tiny tasks: Fast Downward solves them, and ours, on the frozen copy, too
        assert unit["fd"]["solved"] and unit["runs"]["after"]["solved"]
        assert unit["code"] in first.stdout
    assert "gbfs-hff     all tasks        after median" in first.stdout
    again = _bench(*common, "--resume")
    assert again.returncode == 0, again.stderr
    assert "2 units from" in again.stdout
    assert json.loads(saved.read_text())["units"] == units  # nothing measured again
    assert "(2 tasks)" in again.stdout  # both rows count in the summary
    other = _bench(*common[:-2], "--json", str(saved), "--resume", "--fd-cap", "30")
    assert other.returncode != 0 and "use another --json file" in other.stderr
