"""reasoning-gym datasets (agentgen_sym.reasoning): random access from a cached pool, first-time generation, and a
scorer that mutated answers never fool.

Run from the repository root:

    .venv/bin/python bench/reasoning.py                                   # every pddl/* dataset, 10,000 answers each
    .venv/bin/python bench/reasoning.py --datasets pddl/office-mailroom --answers 2000 --json /tmp/reasoning.json

Per dataset, in a fresh cache (``--cache``: a temporary folder unless given; give one to time a warm cache):

- generation: the pool made on first access (the generator, the task folder, the rendered items), in seconds per
  pool item; ``0`` when the cache already held it;
- load: the first ``dataset[i]`` of a new process's worth of memory (the items file read back from disk);
- p50 / p99 of ``dataset[i]`` over ``--lookups`` random indices once the pool is loaded (targets: 5 ms and 50 ms);
- the cross-check: ``--answers`` answers (tests/reasoning_answers.py: the gold plan or a mutation of it: a step
  removed, two steps swapped, an argument changed, a step repeated, a prefix, a detour of two steps there and back;
  in a random layout, with prose around it or numbering or a code fence, in PDDL or in words; or with a line of prose
  inside the plan, invalid by the rules), each scored by ``grade`` and the plan it means judged by unified-planning's
  sequential validator: ``invalid>floor`` counts invalid plans scored above the floor, ``valid<C*/C`` valid plans
  scored below C*/C and ``valid>C*/C`` above it (a valid plan scores C*/C exactly, or scoring.VALID_MINIMUM when
  that is less), ``raised`` answers whose grading raised (``score_answer`` would have hidden it as 0.0),
  ``garbage>0`` answers with no plan (tests/reasoning_answers.GARBAGE) scored above 0. All five must be 0.
  ``UP plans`` counts the distinct plans unified-planning judged (answers that differ only in layout or form share
  one verdict), ``invalid`` the answers found invalid. On a task unified-planning's reader rejects, pyperplan's
  grounding judges instead (tests/reasoning_answers.PyperplanOracle: another parser, unit-cost STRIPS only), and
  ``pp plans`` counts the plans it judged. ``answers`` counts the answers cross-checked; those of a task neither
  can read are scored but not checked, and counted apart ("not read"). ``score us`` is the mean time to grade one
  answer, checked or not.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import reasoning_gym  # noqa: E402
from pyparsing import ParseBaseException  # noqa: E402 (unified-planning's reader)

from agentgen_sym.tables import print_table  # noqa: E402
from bench.common import write_json  # noqa: E402
from tests.reasoning_answers import GARBAGE, PyperplanOracle, UpOracle, disagreement, mutants  # noqa: E402

HEADER = ["dataset", "pool", "costs", "gen s/item", "load ms", "p50 us", "p99 us", "answers", "UP plans", "pp plans", "invalid",
          "invalid>floor", "valid<C*/C", "valid>C*/C", "raised", "garbage>0", "score us"]


def measure(name: str, args: argparse.Namespace) -> dict:
    """One dataset's figures (the module's docstring says which)."""
    from agentgen_sym.reasoning import pool as pools
    from agentgen_sym.reasoning.scoring import FLOOR, VALID_MINIMUM, grade, score_answer

    started = time.perf_counter()
    dataset = reasoning_gym.create_dataset(name, size=args.lookups, seed=args.seed)
    fresh = not any((pools.cache_root() / dataset.source.folder_name()).glob("items-*.json"))
    dataset[0]
    made = time.perf_counter() - started
    pool = dataset.pool
    pools._LOADED.clear()
    started = time.perf_counter()
    reasoning_gym.create_dataset(name, size=args.lookups, seed=args.seed)[0]
    load = time.perf_counter() - started
    rng = random.Random(args.seed)
    lookups = []
    for _ in range(args.lookups):
        index = rng.randrange(1 << 30)
        started = time.perf_counter()
        dataset[index]
        lookups.append(time.perf_counter() - started)
    lookups.sort()

    oracle, second, counts = UpOracle(), PyperplanOracle(), dict.fromkeys(("invalid", "above_floor", "below_ratio", "above_ratio", "raised",
                                                "garbage", "unchecked"), 0)
    examples: list[str] = []
    scoring, graded = 0.0, 0
    entries = list({(e := dataset[i])["metadata"]["task_id"]: e for i in range(len(pool.items) * 8)}.values())
    per_entry = -(-args.answers // len(entries))
    done = 0
    for entry in entries:
        for mutant in mutants(entry, rng, min(per_entry, args.answers - done)):
            started = time.perf_counter()
            try:
                score = grade(mutant.answer, entry).score
            except Exception as exc:  # noqa: BLE001 (counted: score_answer would have hidden it)
                counts["raised"] += 1
                examples.append(f"raised {type(exc).__name__}: {exc}")
                continue
            finally:
                scoring += time.perf_counter() - started
                graded += 1
            try:
                valid, cost = judged(entry, mutant.steps, oracle, second)
            except Exception as exc:  # noqa: BLE001 (neither oracle reads the task: scored, not cross-checked)
                counts["unchecked"] += 1
                examples.append(f"no oracle reads the task: {str(exc).splitlines()[0]}")
                continue
            valid = valid and not mutant.must_fail
            counts["invalid"] += not valid
            wrong = disagreement(score, valid, cost, entry["metadata"]["optimal_cost"], FLOOR, VALID_MINIMUM)
            if wrong:
                counts["above_floor" if not valid else "below_ratio" if "<" in wrong else "above_ratio"] += 1
                examples.append(f"{mutant.meaning}/{mutant.layout}/{mutant.form}: {wrong}")
            done += 1
        for answer in GARBAGE:
            counts["garbage"] += score_answer(answer, entry) != 0.0
    return {"dataset": name, "pool": len(pool.items), "costs": f"{pool.costs[0]}..{pool.costs[-1]}",
            "generation_s_per_item": made / len(pool.items) if fresh else 0.0, "load_ms": load * 1e3,
            "p50_us": lookups[len(lookups) // 2] * 1e6, "p99_us": lookups[int(len(lookups) * 0.99)] * 1e6,
            "answers": done, "up_plans": oracle.judged, "pyperplan_plans": second.judged, **counts,
            "score_us": scoring / graded * 1e6 if graded else None,  # per answer scored, cross-checked or not
            "examples": examples[:10]}


def judged(entry: dict, steps: tuple, oracle: UpOracle, second: PyperplanOracle) -> tuple[bool, float | None]:
    """unified-planning's verdict on ``steps``, or pyperplan's where unified-planning's reader rejects the task (it
    raises SyntaxError, or pyparsing's own error on a domain it cannot parse)."""
    try:
        return oracle.verdict(entry, steps)
    except (SyntaxError, ParseBaseException):
        return second.verdict(entry, steps)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("--datasets", help="comma-separated dataset names (default: every pddl/* dataset, and every "
                        "bench/* one with --benchmarks)")
    parser.add_argument("--benchmarks", type=Path, metavar="DIR",
                        help="also register a benchmark folder's families as bench/<family> (its MANIFEST.tsv)")
    parser.add_argument("--pool-size", type=int, metavar="N",
                        help="tasks in each bench/* pool (default: the pool's own, 64); a smaller pool makes a slow "
                        "family's generation affordable, at the price of fewer distinct tasks behind the answers")
    parser.add_argument("--answers", type=int, default=10_000, metavar="N", help="mutated answers per dataset")
    parser.add_argument("--lookups", type=int, default=10_000, metavar="N", help="timed dataset[i] per dataset")
    parser.add_argument("--seed", type=int, default=0, help="seed of the lookups and the mutations (default 0)")
    parser.add_argument("--cache", type=Path, metavar="DIR", help="the pool cache (default: a new temporary folder)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write every figure here (atomically)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="reasoning-bench-") as scratch:
        os.environ["AGENTGEN_SYM_CACHE"] = str(args.cache or scratch)
        import agentgen_sym.reasoning as reasoning

        families = (reasoning.register_benchmarks(args.benchmarks, prefix="bench/", **pool_options(args))
                    if args.benchmarks else [])
        names = args.datasets.split(",") if args.datasets else [*reasoning.CORPUS_DATASETS, *families]
        reports = []
        for name in names:
            reports.append(measure(name, args))
            r = reports[-1]
            print(f"{name}: {r['answers']} answers cross-checked, {wrong(r)} wrong ({r['pyperplan_plans']} plans "
                  f"judged by pyperplan), {r['unchecked']} scored but read by no oracle",
                  file=sys.stderr, flush=True)
    rows = [[r["dataset"], r["pool"], r["costs"], f"{r['generation_s_per_item']:.3f}", f"{r['load_ms']:.0f}",
             f"{r['p50_us']:.0f}", f"{r['p99_us']:.0f}", r["answers"], r["up_plans"], r["pyperplan_plans"], r["invalid"], r["above_floor"],
             r["below_ratio"], r["above_ratio"], r["raised"], r["garbage"],
             "-" if r["score_us"] is None else f"{r['score_us']:.0f}"] for r in reports]
    print_table(HEADER, rows)
    p50s, p99s = [r["p50_us"] for r in reports], [r["p99_us"] for r in reports]
    print(f"\ndataset[i]: p50 {statistics.median(p50s):.0f} us (median over datasets), worst p99 {max(p99s):.0f} us; "
          f"{sum(r['answers'] for r in reports)} answers, "
          f"{sum(wrong(r) for r in reports)} wrong")
    for r in reports:
        for example in r["examples"]:
            print(f"  {r['dataset']}: {example}")
    if args.json:
        write_json(args.json, {"datasets": reports, "argv": sys.argv[1:]})
    return 1 if any(wrong(r) for r in reports) else 0


def pool_options(args: argparse.Namespace) -> dict[str, int]:
    """The pool options of the bench/* registrations the command line sets."""
    return {} if args.pool_size is None else {"size": args.pool_size}


def wrong(report: dict) -> int:
    """The answers a dataset's scorer got wrong, of every kind."""
    return sum(report[k] for k in ("above_floor", "below_ratio", "above_ratio", "raised", "garbage"))


if __name__ == "__main__":
    sys.exit(main())
