"""The fuzzing suite's long run: N mutated inputs from the bundled corpus and the shared benchmarks, one
outcome each (ok / diagnostic / limit / traceback / hang / wrong), a table, and every finding listed.

    .venv/bin/python bench/fuzz.py --inputs 2000 --seed 0

The same harness (tests/fuzz_pddl.py) runs a bounded number of cases in CI (tests/test_fuzz.py).
Every finding it prints belongs in a regression test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentgen_sym.tables import print_table  # noqa: E402
from bench.common import add_benchmarks_option, read_manifest, select  # noqa: E402
from tests.fuzz_pddl import OUTCOMES, mutate, run_one  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def seeds(benchmarks: Path) -> list[tuple[str, str, str]]:
    """(name, domain text, problem text): each corpus domain's p01, each benchmark domain's first problem."""
    found = [(f"corpus/{d.name}", (d / "domain.pddl").read_text(), (d / "p01.pddl").read_text())
             for d in sorted((ROOT / "corpus" / "domains").iterdir()) if (d / "domain.pddl").exists()]
    if (benchmarks / "MANIFEST.tsv").exists():
        found += [(f"benchmarks/{t.domain}", (benchmarks / t.domain_file).read_text(),
                   (benchmarks / t.problem_file).read_text())
                  for t in sorted(select(read_manifest(benchmarks), per_domain=1), key=lambda t: t.domain)]
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=500, help="mutated inputs to run (default 500)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--max-mutations", type=int, default=3, help="mutations per input, 1..N (default 3)")
    parser.add_argument("--time-limit", type=float, default=2.0, help="seconds per stage (default 2)")
    add_benchmarks_option(parser)
    args = parser.parse_args()
    pool = seeds(args.benchmarks)
    rng = random.Random(args.seed)
    counts: Counter[str] = Counter()
    by_mutation: dict[str, Counter[str]] = {}
    findings: list[str] = []
    started = time.perf_counter()
    for number in range(1, args.inputs + 1):
        name, domain, problem = pool[rng.randrange(len(pool))]
        domain, problem, applied = mutate(domain, problem, rng, rng.randint(1, args.max_mutations))
        outcome = run_one(domain, problem, args.time_limit)
        counts[outcome.kind] += 1
        for mutation in applied:
            by_mutation.setdefault(mutation.split(":")[1], Counter())[outcome.kind] += 1
        if outcome.kind in ("traceback", "hang", "wrong"):
            findings.append(f"#{number} {name} {applied}: {outcome.kind}: {outcome.detail}")
        if number % 100 == 0:
            print(f"[{number}/{args.inputs}] {dict(counts)}", file=sys.stderr, flush=True)
    print(f"{args.inputs} inputs from {len(pool)} seeds, seed {args.seed}, {time.perf_counter() - started:.0f} s\n")
    print_table(["outcome", "inputs", "share"],
                [[k, counts[k], f"{100 * counts[k] / max(args.inputs, 1):.1f}%"] for k in OUTCOMES])
    print()
    print_table(["mutation", *OUTCOMES], [[m, *(c[k] for k in OUTCOMES)] for m, c in sorted(by_mutation.items())])
    print("\nfindings:" if findings else "\nfindings: none")
    for line in findings:
        print("  " + line)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
