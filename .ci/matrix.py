"""The consumers' version matrix: each adapter's tests against the oldest supported and the latest release of the
package it serves, each in a virtual environment of its own (the dev extra holds one version of each, and some
cannot share one: openenv 0.10 replaced openenv-core 0.3's modules, mcp 2 and verifiers 0.3 exclude each other).
`make test` runs it when CI is set; the dev environment itself covers the versions the dev extra resolves to
(gymnasium, openenv, verifiers 0.3 and mcp 1.30, both the oldest mcp supported and the last 1.x). TRL's row takes
torch 2.13.0, the CPU build this kind of machine keeps on disk (a torch from the index is a CUDA build of several GB).

    python .ci/matrix.py [--only NAME[,NAME...]] [--jobs N]

Rows run two at a time (``--jobs``), the longest first: installs one after another (an editable install writes
into the checkout), tests side by side, in scratch directories and on ports of their own.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEST_TOOLS = ["pytest>=7", "pytest-timeout>=2.1", "hypothesis>=6.80"]

MATRIX = [
    # name, the extra, the consumer's pin and what else its tests read, the tests; the longest first
    # some 15 minutes of vf-eval runs; their chat program runs with uv, which vf-eval would otherwise fetch
    ("verifiers 0.4.0 (latest)", "verifiers-v1", ["verifiers==0.4.0", "uv"], ["tests/test_verifiers_v1.py"]),
    # the reward audit of make run's tasks reads no gymnasium (and makes the main job): the dev run has it
    ("gymnasium 1.1.0 (oldest)", "gym", ["gymnasium==1.1.0"],
     ["tests/test_rl_env.py", "--deselect",
      "tests/test_rl_env.py::test_the_reward_contract_holds_on_every_task_of_make_run"]),
    ("openenv-core 0.3.0 (oldest)", "serve", ["openenv-core==0.3.0", "fastmcp>=3,<4", "requests>=2.28"],
     ["tests/test_serve_rl.py", "tests/test_serve_ownership.py"]),
    ("mcp 2.3.0 (latest)", "mcp", ["mcp==2.3.0"], ["tests/test_mcp.py", "tests/test_mcp_limits.py"]),
    # TRL's environment_factory needs no extra of ours
    ("trl 1.16.0 (latest)", "", ["trl==1.16.0", "torch==2.13.0"], ["tests/test_trl_trainer.py"]),
]


INSTALLING = threading.Lock()
"""One install at a time: an editable install writes its metadata into the checkout."""


def run(name: str, extra: str, pins: list[str], tests: list[str], scratch: Path) -> tuple[str, float, str]:
    """One row: install the checkout with ``extra`` and ``pins`` into a new venv, run ``tests``; the outcome."""
    started = time.monotonic()
    venv = scratch / name.split()[0].replace(".", "-") / name.split()[1]
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    with INSTALLING:
        install = subprocess.run([python, "-m", "pip", "install", "--quiet", "-e", f".[{extra}]" if extra else ".",
                                  *pins, *TEST_TOOLS], cwd=ROOT, capture_output=True, text=True)
    if install.returncode != 0:
        return "install failed", time.monotonic() - started, install.stderr[-2000:]
    tested = subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests],
                            cwd=ROOT, capture_output=True, text=True)
    summary = (tested.stdout.strip().splitlines() or ["no output"])[-1]
    outcome = "passed" if tested.returncode == 0 else "FAILED"
    return outcome, time.monotonic() - started, summary if tested.returncode == 0 else tested.stdout[-4000:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("--only", help="run the rows whose name starts with one of these (comma-separated)")
    parser.add_argument("--jobs", type=int, default=2, help="rows run at a time (default 2)")
    args = parser.parse_args()
    if args.jobs < 1:
        parser.error(f"--jobs must be at least 1, not {args.jobs}")
    rows = [row for row in MATRIX if args.only is None or row[0].startswith(tuple(args.only.split(",")))]
    if not rows:
        parser.error(f"no row's name starts with {args.only!r}: {', '.join(row[0] for row in MATRIX)}")
    failed = 0
    with tempfile.TemporaryDirectory(prefix="consumer-matrix-") as scratch, ThreadPoolExecutor(args.jobs) as pool:
        running = {pool.submit(run, name, extra, pins, tests, Path(scratch)): name for name, extra, pins, tests in rows}
        for future, name in running.items():  # reported in the matrix's order
            outcome, seconds, detail = future.result()
            failed += outcome != "passed"
            print(f"{name:30} {outcome:15} {seconds:6.0f} s  {detail if outcome == 'passed' else ''}", flush=True)
            if outcome != "passed":
                print(detail, flush=True)
    print(f"consumer matrix: {len(rows) - failed} of {len(rows)} passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
