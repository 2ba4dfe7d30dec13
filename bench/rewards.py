"""The reward contract (tests/reward_policies.py) on `make run`'s tasks and on tasks the generator makes from the
shared benchmark families: how many tasks' dense rewards are exact, and every breach.

Run from the repository root:

    .venv/bin/python bench/rewards.py                                        # make run's 120 tasks
    .venv/bin/python bench/rewards.py --benchmarks ../shared/benchmarks --json /tmp/rewards.json
    .venv/bin/python bench/rewards.py --benchmarks ../shared/benchmarks --no-run --families grid,tpp --tasks 8

Per source: ``tasks``; ``exact``, the tasks whose gold plan's every step has an exact distance (enumerated, or
searched per state on a task of more than 20,000 states: ``searched`` counts those) and their share; ``episodes``,
the policy episodes played (four families: stall, invalid text, a loop, random valid actions; 30 steps, under each
of success, progress and dense); ``gold>opt``, the tasks whose gold plan costs more than the exact optimum (each
flagged ``optimal: false``, or it is a breach too); ``breaches``, gold plans that do not return what the contract says or policies that
earn as much without reaching the goal. A benchmark family's tasks come from the generator's reasoning-gym pool (the
family's smallest problem as the seed, ``--tasks`` tasks); a family the generator cannot handle is listed with why.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agentgen_sym.tables import print_table  # noqa: E402
from bench.common import write_json  # noqa: E402
from tests.reward_policies import Audit, audit  # noqa: E402

HEADER = ["source", "tasks", "exact", "exact %", "searched", "gold>opt", "episodes", "breaches", "seconds"]


def measure(name: str, folders: list[Path], seed: int) -> dict:
    """The contract on every task of ``folders``."""
    started, found = time.perf_counter(), Audit()
    for folder in folders:
        found.add(audit(folder, random.Random(seed)))
    return {"source": name, "tasks": found.tasks, "exact": found.exact, "searched": found.searched,
            "suboptimal": found.suboptimal,
            "episodes": found.episodes, "breaches": found.breaches, "seconds": time.perf_counter() - started}


def make_run_folders(out: Path) -> list[Path]:
    """The task folders of `make run` (the bundled corpus, the default options), written under ``out``."""
    command = [sys.executable, "-m", "agentgen_sym", "run", "--corpus", str(ROOT / "corpus" / "domains"), "--out",
               str(out)]
    if subprocess.run(command, cwd=ROOT).returncode != 0:
        raise SystemExit("make run's job failed")
    return sorted(out.glob("*/tasks"))


def benchmark_folders(benchmarks: Path, size: int, wanted: set[str] | None) -> list[tuple[str, Path | str]]:
    """Per benchmark family (those ``wanted``, None: all), the generator's pool of ``size`` tasks as a task folder,
    or why there is none."""
    import reasoning_gym

    import agentgen_sym.reasoning as reasoning
    from agentgen_sym.reasoning.pool import ReasoningError

    found: list[tuple[str, Path | str]] = []
    for name in reasoning.register_benchmarks(benchmarks, prefix="bench/", size=size):
        if wanted is not None and name.removeprefix("bench/") not in wanted:
            continue
        try:
            found.append((name, reasoning_gym.create_dataset(name, size=1, seed=0).pool.folder))
        except ReasoningError as exc:
            found.append((name, str(exc)))
        print(f"{name}: {found[-1][1]}", file=sys.stderr, flush=True)
    return found


def manifest_families(benchmarks: Path) -> set[str]:
    """The families a benchmark folder's ``MANIFEST.tsv`` lists (its ``domain`` column)."""
    with (benchmarks / "MANIFEST.tsv").open(encoding="utf-8", newline="") as manifest:
        return {row["domain"] for row in csv.DictReader(manifest, delimiter="\t")}


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("--benchmarks", type=Path, metavar="DIR",
                        help="also every family of a benchmark folder (its MANIFEST.tsv)")
    parser.add_argument("--families", help="comma-separated benchmark families (default: all)")
    parser.add_argument("--no-run", action="store_true",
                        help="leave make run's tasks out: only the benchmark families (with --benchmarks)")
    parser.add_argument("--tasks", type=int, default=12, metavar="N", help="tasks per benchmark family (default 12)")
    parser.add_argument("--seed", type=int, default=5, help="seed of the random policies (default 5)")
    parser.add_argument("--cache", type=Path, metavar="DIR",
                        help="the generator's pool cache (default: a new temporary folder)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write every figure here (atomically)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    wanted = set(args.families.split(",")) if args.families else None
    if args.benchmarks and wanted:  # a misspelt family would be measured as nothing, silently, after make run
        unknown = sorted(wanted - manifest_families(args.benchmarks))
        if unknown:
            print(f"bench/rewards.py: no family {', '.join(unknown)} in {args.benchmarks / 'MANIFEST.tsv'}",
                  file=sys.stderr)
            return 2
    if args.no_run and not args.benchmarks:
        print("bench/rewards.py: --no-run leaves nothing to measure without --benchmarks", file=sys.stderr)
        return 2
    reports, skipped = [], []
    with tempfile.TemporaryDirectory(prefix="rewards-bench-") as scratch:
        os.environ["AGENTGEN_SYM_CACHE"] = str(args.cache or scratch)
        if not args.no_run:
            reports.append(measure("make run", make_run_folders(Path(scratch) / "run"), args.seed))
        if args.benchmarks:
            for name, folder in benchmark_folders(args.benchmarks, args.tasks, wanted):
                if isinstance(folder, str):
                    skipped.append((name, folder))
                    continue
                reports.append(measure(name, [folder], args.seed))
                r = reports[-1]
                print(f"{name}: {r['exact']}/{r['tasks']} exact, {len(r['breaches'])} breaches", file=sys.stderr,
                      flush=True)
    rows = [[r["source"], r["tasks"], r["exact"], f"{100 * r['exact'] / r['tasks']:.0f}" if r["tasks"] else "-",
             r["searched"], len(r["suboptimal"]), r["episodes"], len(r["breaches"]), f"{r['seconds']:.0f}"] for r in reports]
    print_table(HEADER, rows)
    tasks, exact = sum(r["tasks"] for r in reports), sum(r["exact"] for r in reports)
    print(f"\n{tasks} tasks, {exact} with exact dense rewards ({100 * exact / tasks:.1f} %), "
          f"{sum(r['episodes'] for r in reports)} policy episodes, {sum(len(r['breaches']) for r in reports)} breaches")
    for r in reports:
        for breach in r["breaches"][:10]:
            print(f"  {r['source']}: {breach}")
    for name, why in skipped:
        print(f"  {name}: no tasks ({why})")
    if args.json:
        write_json(args.json, {"sources": reports, "skipped": [dict(zip(("source", "why"), s)) for s in skipped],
                               "argv": sys.argv[1:]})
    return 1 if any(r["breaches"] for r in reports) else 0


if __name__ == "__main__":
    sys.exit(main())
