"""Benchmark task generation: tasks generated and solved per minute, and where the time goes.

Run: .venv/bin/python bench/generate.py [--n 12] [--lo 1 --hi 8] [--benchmarks-domains 10]

For every bundled domain (corpus/domains, seed = its largest problem) and for the first
benchmark domains of ../shared/benchmarks (seed = p01), one `generate` run; then every
task is checked again from the files written: its plan validates on the lifted semantics,
no two tasks are the same up to object renaming, and the histogram is compared with the
requested range. Columns:
  tasks        tasks written (of --n asked)
  per min      tasks written per minute of wall time
  walks/check/ground/solve/validate   seconds in each stage (generation = walks and Bi-Evol
               variants; the other stages run once per candidate)
  valid        plans that validate when re-read from disk (must equal tasks)
  dups         duplicate pairs found when re-read (must be 0)
  range        difficulties covered / levels asked; `missing` lists empty levels
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agentgen_sym.compiler.parser import parse_domain, parse_plan, parse_problem  # noqa: E402
from agentgen_sym.compiler.printer import expr  # noqa: E402
from agentgen_sym.compiler.validate import validate  # noqa: E402
from agentgen_sym.generation import generate  # noqa: E402
from agentgen_sym.generation.dedup import Deduplicator  # noqa: E402
from agentgen_sym.generation.tasks import TaskSpec  # noqa: E402

STAGES = ("walks", "check", "ground", "solve", "validate")
BENCHMARK_DOMAINS = ("blocks", "gripper", "logistics00", "depot", "driverlog", "satellite", "zenotravel", "miconic",
                     "rovers", "briefcaseworld", "storage", "tpp", "ferry", "childsnack")


def seeds(benchmarks: Path, n_benchmark_domains: int, with_corpus: bool, only: list[str] | None = None
          ) -> list[tuple[str, Path, Path]]:
    corpus = ROOT / "corpus" / "domains"
    out = [(f"corpus/{d.name}", d / "domain.pddl", sorted(d.glob("p*.pddl"))[-1])
           for d in sorted(corpus.iterdir()) if with_corpus and (d / "domain.pddl").exists()]
    for name in (BENCHMARK_DOMAINS[:n_benchmark_domains] if only is None else only):
        if (benchmarks / name / "domain.pddl").exists():
            out.append((name, benchmarks / name / "domain.pddl", benchmarks / name / "p01.pddl"))
    return out


def recheck(folder: Path, records: list[dict]) -> tuple[int, int]:
    """Plans that validate when read back from disk, and duplicate pairs up to renaming."""
    domain = parse_domain(folder / "domain.pddl")
    valid, dups = 0, 0
    dedup = Deduplicator()
    for record in records:
        problem = parse_problem(folder / record["problem_file"])
        plan = parse_plan("".join(step + "\n" for step in record["plan"]))
        valid += validate(domain, problem, plan).valid
        init = tuple(expr(a) for a in problem.init if hasattr(a, "predicate"))
        goal = tuple(expr(a) for a in problem.goal.parts)
        dups += not dedup.add(TaskSpec(problem.objects, init, goal, "recheck"))
    return valid, dups


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=12, help="tasks per domain")
    parser.add_argument("--lo", type=int, default=1)
    parser.add_argument("--hi", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--benchmarks-domains", type=int, default=10, help="how many benchmark domains")
    parser.add_argument("--benchmarks", type=Path, default=ROOT.parent / "shared" / "benchmarks")
    parser.add_argument("--no-corpus", action="store_true", help="only the benchmark domains")
    parser.add_argument("--domains", help="comma-separated benchmark domains instead of the first N")
    args = parser.parse_args()
    header = ["domain", "tasks", "per min", *STAGES, "valid", "dups", "range", "missing"]
    rows = []
    totals = {"tasks": 0, "seconds": 0.0, "valid": 0, "dups": 0}
    with tempfile.TemporaryDirectory() as tmp:
        print("  ".join(header), flush=True)
        for name, domain_file, problem_file in seeds(args.benchmarks, args.benchmarks_domains, not args.no_corpus,
                                                        args.domains.split(",") if args.domains else None):
            print(f"generating {name} ...", file=sys.stderr, flush=True)
            out = Path(tmp) / name.replace("/", "-")
            started = time.perf_counter()
            report = generate(domain_file, problem_file, args.n, args.seed, out, args.lo, args.hi)
            seconds = time.perf_counter() - started
            valid, dups = recheck(out, report.tasks)
            present = {r["difficulty"] for r in report.tasks}
            missing = [d for d in range(args.lo, args.hi + 1) if d not in present]
            rows.append([name, str(len(report.tasks)), f"{60 * len(report.tasks) / seconds:.1f}",
                         *(f"{report.seconds.get(s, 0.0):.1f}" for s in STAGES), str(valid), str(dups),
                         f"{len(present)}/{args.hi - args.lo + 1}", ",".join(map(str, missing)) or "-"])
            print("  ".join(rows[-1]), flush=True)  # a row as soon as it is known: long runs lose nothing
            totals["tasks"] += len(report.tasks)
            totals["seconds"] += seconds
            totals["valid"] += valid
            totals["dups"] += dups
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, ["-" * w for w in widths], *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)))
    print(f"\n{totals['tasks']} tasks in {totals['seconds']:.0f} s: {60 * totals['tasks'] / totals['seconds']:.1f} "
          f"tasks/min; {totals['valid']} plans valid when re-read; {totals['dups']} duplicates")
    return 0 if totals["valid"] == totals["tasks"] and totals["dups"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
