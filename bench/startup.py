"""Benchmark start-up: `import agentgen_sym` and `agentgen-sym --help`, the working tree against an earlier commit.

Run: .venv/bin/python bench/startup.py [--before REF] [--runs 5]

Each copy of the code (the working tree's and REF's, default HEAD~1) is a wheel unpacked into a folder of its own,
so both are read as an install reads them, from the same interpreter and venv. The runs alternate between the copies, one fresh
interpreter each, so a change in the machine's load hits both alike. Prints the median wall seconds of each, the
ratio after / before, and the modules of the list below that each loads (what the package face must not load).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.common import print_rows  # noqa: E402

PROBES = {
    "import agentgen_sym": "import agentgen_sym",
    "agentgen-sym --help": "import sys\nsys.argv = ['agentgen-sym', '--help']\nfrom agentgen_sym.cli import entry\n"
                           "try:\n    entry()\nexcept SystemExit:\n    pass",
}
HEAVY = ("numba", "fastapi", "uvicorn", "lark", "openai", "agentgen_sym.generation", "agentgen_sym.export")


def unpacked(source: Path, into: Path) -> Path:
    """A wheel of the tree at ``source``, unpacked into ``into``/site (what an install puts on sys.path)."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(into / "wheel"), str(source)], check=True, capture_output=True)
    with zipfile.ZipFile(next((into / "wheel").glob("*.whl"))) as wheel:
        wheel.extractall(into / "site")
    return into / "site"


def tree_at(ref: str, into: Path) -> Path:
    """The repository's files at ``ref``, written under ``into``."""
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def timed(site: Path, code: str) -> tuple[float, list[str]]:
    """Wall seconds of a fresh interpreter running ``code`` against ``site``, and the heavy modules it loaded."""
    probe = f"{code}\nimport sys\nprint('\\n'.join(sorted(sys.modules)), file=sys.stderr)"
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=site,
                          env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"})
    seconds = time.perf_counter() - started
    if done.returncode:
        raise SystemExit(f"the probe failed in {site}:\n{done.stderr[-2000:]}")
    loaded = done.stderr.split()
    return seconds, sorted({h for h in HEAVY for m in loaded if m == h or m.startswith(h + ".")})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="HEAD~1", help="the commit to compare with (default HEAD~1)")
    parser.add_argument("--runs", type=int, default=5, help="interpreters per probe and copy (default 5)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    with tempfile.TemporaryDirectory(prefix="startup-") as scratch:
        work = Path(scratch)
        sites = {"before": unpacked(tree_at(args.before, work / "before-tree"), work / "before"),
                 "after": unpacked(ROOT, work / "after")}
        rows = []
        for label, code in PROBES.items():
            times: dict[str, list[float]] = {"before": [], "after": []}
            heavy: dict[str, list[str]] = {}
            for _ in range(args.runs):
                for copy, site in sites.items():
                    seconds, heavy[copy] = timed(site, code)
                    times[copy].append(seconds)
            before, after = statistics.median(times["before"]), statistics.median(times["after"])
            rows.append([label, f"{before:.3f}", f"{after:.3f}", f"{after / before:.2f}",
                         ", ".join(heavy["before"]) or "-", ", ".join(heavy["after"]) or "-"])
    print(f"median wall seconds of {args.runs} fresh interpreters each; before = {args.before}, after = the tree")
    print_rows(["probe", "before s", "after s", "after/before", "loaded before", "loaded after"], rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
