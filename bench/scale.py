"""Benchmark scale-out: the same jobs on 1 worker, on a local pool of 2 and on Ray with 2 local workers.

Run: .venv/bin/python bench/scale.py [--n 12] [--gen-n 6] [--jobs 2]
(on a quiet machine: other work on the cores depresses the speedups; Ray comes with the ray extra, in dev)

Jobs:
  run        `make run`'s job: every bundled domain (corpus/domains) through generate, Bi-Evol and export,
             as `run` maps it (its units; the final combine of the datasets, under a second, is left out)
  generate   a 40-domain generate: every benchmark domain of ../shared/benchmarks (seed p01) and every
             bundled domain (seed: its largest problem), one unit per domain
  no-op      200 units that do nothing: what the executor itself costs per unit

Columns: wall seconds per executor, speedup over 1 worker, the ideal speedup (from the CPU time of each
unit, measured in the workers: total over max(total / workers, longest unit)) and, for Ray, its extra
seconds per unit over the local pool. Every configuration's output files are hashed and must agree.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agentgen_sym.executor import SERIAL, ExecutorOptions, UnitFailed, available_cores, make_executor  # noqa: E402
from agentgen_sym.executor import map_ordered  # noqa: E402
from agentgen_sym.pipeline import domains_in  # noqa: E402

import scale_units  # noqa: E402  (the units, in a module the workers can import: bench/ is on their path)
from scale_units import noop, timed_domain, timed_generate  # noqa: E402

BENCHMARKS = ROOT.parent / "shared" / "benchmarks"
CORPUS = ROOT / "corpus" / "domains"


def generate_units(n: int, out: Path) -> list[tuple[str, tuple]]:
    units = []
    if BENCHMARKS.exists():
        for folder in sorted(p for p in BENCHMARKS.iterdir() if (p / "domain.pddl").exists() and (p / "p01.pddl").exists()):
            units.append((f"ipc-{folder.name}", (folder / "domain.pddl", folder / "p01.pddl", n, 0,
                                                 out / f"ipc-{folder.name}")))
    for folder in domains_in(CORPUS):
        seed_problem = sorted(folder.glob("p*.pddl"))[-1]
        units.append((folder.name, (folder / "domain.pddl", seed_problem, n, 0, out / folder.name)))
    return units


def digest(root: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def measure_job(options: ExecutorOptions, fn: Callable, units_for: Callable[[Path], list], scratch: Path,
                ) -> tuple[float, list[float], str, int]:
    """Wall seconds, CPU seconds per unit, the outputs' digest, units failed."""
    out = scratch / f"{options.kind}-{options.workers}"
    units = units_for(out)
    started = time.perf_counter()
    with make_executor(options, preload=("agentgen_sym.pipeline", "agentgen_sym.generation")) as pool:
        outcomes = [o for _, o in map_ordered(pool, fn, units)]
    wall = time.perf_counter() - started
    failed = sum(isinstance(o, UnitFailed) for o in outcomes)
    cpu = [o[1] for o in outcomes if not isinstance(o, UnitFailed)]
    return wall, cpu, digest(out), failed


def ideal(cpu: list[float], workers: int) -> float:
    total = sum(cpu)
    return total / max(total / workers, max(cpu, default=0.0)) if total else 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=12, help="tasks per domain for the run job (default 12, make run's)")
    parser.add_argument("--gen-n", type=int, default=6, help="tasks per domain for the 40-domain generate (default 6)")
    parser.add_argument("--jobs", type=int, default=2, help="workers of the pool and of Ray (default 2)")
    parser.add_argument("--no-ray", action="store_true", help="leave Ray out")
    args = parser.parse_args()
    configs = [("1 worker", SERIAL), (f"pool {args.jobs}", ExecutorOptions(jobs=args.jobs))]
    if not args.no_ray:
        configs.append((f"ray {args.jobs}", ExecutorOptions(kind="ray", jobs=args.jobs)))
    print(f"cores available: {available_cores()}; run: {len(domains_in(CORPUS))} domains x {args.n} tasks; "
          f"generate: {args.gen_n} tasks per domain", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        results: dict[str, dict[str, tuple]] = {"run": {}, "generate": {}, "no-op": {}}
        for label, options in configs:
            if options.kind == "ray":  # start Ray once, outside the timings; its start-up is shown apart
                import ray

                ray.cloudpickle.register_pickle_by_value(scale_units)  # Ray's workers lack bench/ on their path
                started = time.perf_counter()
                ray.init(num_cpus=args.jobs, include_dashboard=False, log_to_driver=False)
                print(f"ray.init: {time.perf_counter() - started:.1f} s", flush=True)
            units = lambda out: [(f.name, (f, out, args.n, 0)) for f in domains_in(CORPUS)]  # noqa: E731
            results["run"][label] = measure_job(options, timed_domain, units, scratch / "run")
            print(f"run       {label:10} {results['run'][label][0]:8.1f} s", flush=True)
            results["generate"][label] = measure_job(options, timed_generate,
                                                     lambda out: generate_units(args.gen_n, out), scratch / "gen")
            print(f"generate  {label:10} {results['generate'][label][0]:8.1f} s "
                  f"({len(generate_units(args.gen_n, scratch))} domains)", flush=True)
            started = time.perf_counter()
            with make_executor(options) as pool:
                list(map_ordered(pool, noop, ((str(i), (i,)) for i in range(200))))
            results["no-op"][label] = (time.perf_counter() - started, [], "", 0)
            if options.kind == "ray":
                import ray

                ray.shutdown()
        base = configs[0][0]
        print()
        print(f"| job | executor | wall s | speedup | ideal speedup | CPU s in units | units failed | outputs |")
        print("|---|---|---|---|---|---|---|---|")
        for job, by_label in results.items():
            serial_cpu = by_label[base][1]
            for label, (wall, cpu, dig, failed) in by_label.items():
                speedup = by_label[base][0] / wall if wall else 0.0
                workers = 1 if label == base else args.jobs
                ideal_cell = f"{ideal(serial_cpu, workers):.2f}" if serial_cpu else "-"
                same = "-" if not dig else ("same" if dig == by_label[base][2] else f"DIFFERENT {dig}")
                print(f"| {job} | {label} | {wall:.1f} | {speedup:.2f}x | {ideal_cell} | "
                      f"{sum(cpu):.1f} | {failed} | {same} |")
        pool_label, ray_label = configs[1][0], configs[-1][0]
        if ray_label != pool_label:
            print()
            for job in ("run", "generate", "no-op"):
                n_units = 200 if job == "no-op" else len(domains_in(CORPUS)) if job == "run" else \
                    len(generate_units(args.gen_n, scratch))
                extra = (results[job][ray_label][0] - results[job][pool_label][0]) / n_units
                print(f"Ray over the local pool, {job}: {extra * 1000:+.1f} ms per unit ({n_units} units)")


if __name__ == "__main__":
    main()
