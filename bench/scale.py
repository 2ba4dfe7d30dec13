"""Benchmark scale-out: the same jobs on 1 worker, on a local pool of 2 and on Ray with 2 local workers.

Run: .venv/bin/python bench/scale.py [--n 12] [--gen-n 1] [--gen-rounds 4] [--jobs 2] [--no-ray]
     [--no-slow | --slow-only] [--repeat R]
(on a quiet machine: other work on the cores depresses the speedups; Ray comes with the ray extra, in dev)

Jobs, each through the code path the command uses (``agentgen_sym.executor.drive`` feeding one executor
with the candidates' measurements and the exports of every domain at once):
  run        `make run`'s job: `pipeline.run` on every bundled domain (corpus/domains), the combine included
  generate   the many-domain generate: every benchmark domain of ../shared/benchmarks (seed p01, with the
             folder's domain.pddl or, where each problem has its own, p01-domain.pddl: 29 domains) and every
             bundled domain (seed: its largest problem; 10), all domains' generations driven together, with
             --gen-rounds Bi-Evol rounds (the same for every executor)
  no-op      200 units that do nothing: what the executor itself costs per unit
  cpu-bound  40 units of a pure-Python loop (~0.25 s each, no I/O, no shared data): the speedup the cores
             themselves allow, the ceiling for every other job's (a virtual machine's cores may share a
             physical core or a host with others)
  slowest    the slowest benchmark domains' `generate` alone (seed p01, --n 12, levels 1..8), per domain

Columns: wall seconds per executor (with --repeat R, the median of R runs; each turn runs a job on every
executor one right after the other, so a slow spell of the machine falls on each alike; each run is a
Python process of its own, as the CLI's is, timed from the job's start), speedup over 1
worker, and the ideal speedup by Amdahl's law from the 1-worker run: the seconds inside units of work
(measured there) divide among the workers, the driver's own seconds (making candidates, dedup, grounding
choices, writing files) do not. Units: how many units the executor ran; Ray's extra seconds per unit over
the local pool follow the table. Every configuration's output files are hashed and must agree ("same").
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agentgen_sym import domainflow, pipeline  # noqa: E402
from agentgen_sym.compiler.parser import parse_domain, parse_problem  # noqa: E402
from agentgen_sym.executor import SERIAL, BatchFailed, Executor, ExecutorOptions, available_cores, drive  # noqa: E402
from agentgen_sym.executor import make_executor, map_ordered  # noqa: E402
from agentgen_sym.generation import generate as generation, pool as generation_pool  # noqa: E402
from agentgen_sym.generation.pool import EvolveOptions  # noqa: E402
from agentgen_sym.domainflow import choose_seed  # noqa: E402
from agentgen_sym.pipeline import domains_in  # noqa: E402
from agentgen_sym.taskset import write_tasks  # noqa: E402
from bench.common import BENCHMARKS  # noqa: E402

CORPUS = ROOT / "corpus" / "domains"
SLOWEST = ("barman", "elevators-08", "grid", "parking")


class _Counting(Executor):
    """An executor that counts the units it is given (the jobs make their own executors)."""

    def __init__(self, inner: Executor, counter: list[int]) -> None:
        self.inner, self.counter = inner, counter

    def submit(self, key: str, fn: Callable[..., Any], *args: Any) -> None:
        self.counter[0] += 1
        self.inner.submit(key, fn, *args)

    def next_done(self) -> tuple[str, Any]:
        return self.inner.next_done()

    def in_flight(self) -> int:
        return self.inner.in_flight()

    def abandon(self) -> None:
        self.inner.abandon()

    def close(self) -> None:
        self.inner.close()


class Meter:
    """Counts units (every configuration) and, on 1 worker (``in_process``), times them where they run: here."""

    def __init__(self, in_process: bool) -> None:
        self.units = [0]
        self.unit_seconds = 0.0
        self.by_unit: dict[str, list] = {}  # unit function: [seconds, items] (1 worker only)
        self.in_process = in_process

    UNITS = ((generation_pool, "measure_candidates"), (generation_pool, "make_variants"),
             (generation_pool, "made_groundings"), (generation, "made_groundings"),
             (domainflow, "write_units"), (pipeline, "export_units"))
    """Every function the jobs run as a unit of work."""

    def __enter__(self) -> Meter:
        self.saved = (pipeline.make_executor, generation.make_executor)
        self.saved_units = [getattr(module, name) for module, name in self.UNITS]
        counting = lambda options, preload=(): _Counting(make_executor(options, preload), self.units)  # noqa: E731
        pipeline.make_executor = generation.make_executor = counting
        if self.in_process:  # a pool's workers import the real units; these wrappers exist only here
            for (module, name), unit in zip(self.UNITS, self.saved_units):
                setattr(module, name, self._timed(name, unit))
        return self

    def __exit__(self, *exc: object) -> None:
        pipeline.make_executor, generation.make_executor = self.saved
        for (module, name), unit in zip(self.UNITS, self.saved_units):
            setattr(module, name, unit)

    def _timed(self, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any) -> Any:
            started = time.perf_counter()
            try:
                return fn(*args)
            finally:
                seconds = time.perf_counter() - started
                self.unit_seconds += seconds
                self.by_unit.setdefault(name, [0.0, 0])
                self.by_unit[name][0] += seconds
                self.by_unit[name][1] += len(args[-1])  # a unit's items: candidates, task sets, domains
        return timed


def generation_seeds(include_corpus: bool = True, only: tuple[str, ...] = ()) -> list[tuple[str, Path, Path]]:
    """(name, domain file, seed problem): the benchmark domains (p01), then the bundled ones (largest)."""
    seeds = []
    if BENCHMARKS.exists():
        for folder in sorted(p for p in BENCHMARKS.iterdir() if (p / "p01.pddl").exists()
                             and (not only or p.name in only)):
            domain = next((f for f in (folder / "domain.pddl", folder / "p01-domain.pddl") if f.exists()), None)
            if domain is not None:
                seeds.append((f"ipc-{folder.name}", domain, folder / "p01.pddl"))
    if include_corpus:
        seeds += [(f.name, f / "domain.pddl", choose_seed(sorted(f.glob("p*.pddl")), "largest")[0])
                  for f in domains_in(CORPUS)]
    return seeds


def _one_generation(domain: Path, problem: Path, n: int, lo: int, hi: int | None, out: Path, workers: int,
                    options: EvolveOptions):
    """A domain's generate as a job; a benchmark domain outside what generation supports makes 0 tasks."""
    try:
        tasks = yield from generation.generate_job(parse_domain(domain), parse_problem(problem), n, 0, lo, hi,
                                                   options=options, width=workers)
    except BatchFailed:  # a unit of work failed: the benchmark is void
        raise
    except Exception:  # noqa: BLE001 (unsupported requirements, ungroundable seeds: counted as 0 tasks)
        return 0
    write_tasks(tasks, out)
    return len(tasks.tasks)


def run_generations(options: ExecutorOptions, seeds: list[tuple[str, Path, Path]], n: int, lo: int,
                    hi: int | None, out: Path, evolve: EvolveOptions = EvolveOptions()) -> dict[str, int]:
    with generation.make_executor(options, preload=generation.PRELOAD) as pool:
        jobs = {name: _one_generation(d, p, n, lo, hi, out / name, options.workers, evolve) for name, d, p in seeds}
        return drive(pool, jobs, options.workers)


def digest(root: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def timed(job: Callable[[Path], object], out: Path, in_process: bool
          ) -> tuple[float, float, int, str, dict[str, list]]:
    """Wall seconds, seconds inside units (1 worker only), units, the outputs' digest, seconds and items per
    unit function (1 worker only)."""
    with Meter(in_process) as meter:
        started = time.perf_counter()
        job(out)
        wall = time.perf_counter() - started
    return wall, meter.unit_seconds, meter.units[0], digest(out) if out.exists() else "", meter.by_unit


def amdahl(wall: float, in_units: float, workers: int) -> float:
    driver = max(0.0, wall - in_units)
    return wall / (driver + in_units / workers) if wall else 1.0


def _configs(args: argparse.Namespace) -> list[tuple[str, ExecutorOptions]]:
    """(label, executor) to compare, the 1-worker baseline first."""
    configs = [("1 worker", SERIAL), (f"pool {args.jobs}", ExecutorOptions(jobs=args.jobs))]
    if not args.no_ray and not args.slow_only:  # the slowest domains' generate is timed locally only
        configs.append((f"ray {args.jobs}", ExecutorOptions(kind="ray", jobs=args.jobs)))
    return configs


def _jobs(args: argparse.Namespace) -> dict[str, Callable[[ExecutorOptions], Callable[[Path], object]]]:
    """Each job by name: given an executor, what runs it into an output folder."""
    seeds = generation_seeds()
    jobs: dict[str, Callable[[ExecutorOptions], Callable[[Path], object]]] = {
        "run": lambda o: lambda out: pipeline.run(CORPUS, out, args.n, 0, command="agentgen-sym run", executor=o),
        "generate": lambda o: lambda out: run_generations(o, seeds, args.gen_n, 1, None, out,
                                                          EvolveOptions(rounds=args.gen_rounds)),
        "no-op": lambda o: lambda out: _noop(o),
        "cpu-bound": lambda o: lambda out: _cpu_bound(o)}
    if args.gen_n == 0:
        del jobs["generate"]
    if args.slow_only:
        jobs = {}
    if not args.no_slow:
        for name, domain, problem in generation_seeds(False, SLOWEST):
            jobs[f"slowest {name}"] = (lambda d, p: lambda o: lambda out: run_generations(
                o, [(d.parent.name, d, p)], 12, 1, 8, out))(domain, problem)
    return jobs


def _time_apart(job: str, label: str, out: Path) -> tuple:
    """``timed`` for one job on one executor, in a Python process of its own as the CLI runs it: nothing an
    earlier run loaded or cached (groundings, invariants, numba kernels, matplotlib, a fork server) helps one
    executor and not another. In one process the 1-worker runs after the first kept the groundings of the
    first in the driver, where each pool's new workers started without them."""
    command = [sys.executable, __file__, *sys.argv[1:], "--one", job, label, str(out)]
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True, check=True)
    return tuple(json.loads(done.stdout.splitlines()[-1]))


def _time_here(job: Callable[[ExecutorOptions], Callable[[Path], object]], options: ExecutorOptions, out: Path,
               workers: int) -> tuple:
    """``timed`` in this process; a Ray instance is started before the clock and stopped after (an idle Ray
    still takes CPU from the others)."""
    if options.kind != "ray":
        return timed(job(options), out, options == SERIAL)
    import ray

    started = time.perf_counter()
    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    print(f"ray.init: {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)
    try:
        return timed(job(options), out, False)
    finally:
        ray.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=12, help="tasks per domain for the run job (default 12, make run's)")
    parser.add_argument("--gen-n", type=int, default=1,
                        help="tasks per domain for the many-domain generate (default 1; 0 leaves it out)")
    parser.add_argument("--gen-rounds", type=int, default=EvolveOptions().rounds,
                        help="Bi-Evol rounds of the many-domain generate (default: generate's own)")
    parser.add_argument("--jobs", type=int, default=2, help="workers of the pool and of Ray (default 2)")
    parser.add_argument("--no-ray", action="store_true", help="leave Ray out")
    parser.add_argument("--no-slow", action="store_true", help="leave out the slowest benchmark domains' generate")
    parser.add_argument("--slow-only", action="store_true", help="only the slowest benchmark domains' generate")
    parser.add_argument("--repeat", type=int, default=1, help="runs per job and executor, the median shown (default 1)")
    parser.add_argument("--one", nargs=3, metavar=("JOB", "EXECUTOR", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be 1 or more")
    configs = _configs(args)
    jobs = _jobs(args)
    if args.one:
        job, label, out = args.one
        print(json.dumps(_time_here(jobs[job], dict(configs)[label], Path(out), args.jobs)))
        return
    print(f"cores available: {available_cores()}; run: {len(domains_in(CORPUS))} domains x {args.n} tasks; "
          f"generate: {len(generation_seeds())} domains x {args.gen_n} tasks, {args.gen_rounds} Bi-Evol rounds; "
          f"slowest: {', '.join(SLOWEST)} x 12 tasks, levels 1..8", flush=True)
    runs: dict[str, dict[str, list[tuple]]] = {job: {} for job in jobs}
    with tempfile.TemporaryDirectory() as tmp:
        for turn in range(args.repeat):
            for job in jobs:  # a job's executors one right after the other: the machine's slow
                for label, options in configs:  # and fast spells (minutes long here) fall on them alike
                    if job.startswith("slowest") and options.kind == "ray":
                        continue
                    out = Path(tmp) / f"{job}-{options.kind}-{options.workers}-{turn}"
                    runs[job].setdefault(label, []).append(_time_apart(job, label, out))
                    print(f"{job:22} {label:10} {runs[job][label][-1][0]:8.1f} s", flush=True)
    results = {job: {label: _median_run(timings) for label, timings in by_label.items()}
               for job, by_label in runs.items()}
    base = configs[0][0]
    print()
    print("| job | executor | wall s | speedup | ideal speedup | s in units (1 worker) | units | outputs |")
    print("|---|---|---|---|---|---|---|---|")
    for job, by_label in results.items():
        serial_wall, in_units = by_label[base][0], by_label[base][1]
        for label, (wall, _, units, dig, _) in by_label.items():
            workers = 1 if label == base else args.jobs
            ideal = f"{amdahl(serial_wall, in_units, workers):.2f}" if job not in UNTIMED else "-"
            same = "-" if not dig else ("same" if dig == by_label[base][3] else f"DIFFERENT {dig}")
            seconds = f"{in_units:.1f}" if label == base and job not in UNTIMED else "-"
            speedup = f"{serial_wall / wall:.2f}x" if wall and serial_wall >= 0.05 else "-"  # no-op: too short
            print(f"| {job} | {label} | {wall:.1f} | {speedup} | {ideal} | "
                  f"{seconds} | {units} | {same} |")
    print()
    for job, by_label in runs.items():  # each turn's executors ran back to back: their ratio, turn by turn
        if job in UNTIMED or len(by_label) < 2:
            continue
        serial = by_label[base]
        for label, timings in list(by_label.items())[1:]:
            turns = ", ".join(f"{s[0] / t[0]:.2f}x" for s, t in zip(serial, timings) if t[0])
            print(f"Speedup per turn, {job}, {label}: {turns}")
    print()
    for job, by_label in results.items():  # the work per unit, as it ran on 1 worker
        parts = [f"{name} {seconds:.1f} s for {items} items ({1000 * seconds / max(1, items):.1f} ms each)"
                 for name, (seconds, items) in sorted(by_label[base][4].items())]
        if parts:
            print(f"Inside units, {job} on 1 worker: " + "; ".join(parts))
    pool_label, ray_label = configs[1][0], configs[-1][0]
    if ray_label != pool_label:
        print()
        for job in [j for j in ("run", "generate", "no-op") if j in results]:
            units = results[job][ray_label][2]
            extra = (results[job][ray_label][0] - results[job][pool_label][0]) / max(1, units)
            print(f"Ray over the local pool, {job}: {extra * 1000:+.1f} ms per unit ({units} units)")


def _median_run(timings: list[tuple]) -> tuple:
    """The run of median wall time; its outputs' digest stands for all only when every run's agrees."""
    middle = sorted(timings, key=lambda t: t[0])[(len(timings) - 1) // 2]
    digests = {t[3] for t in timings}
    return middle if len(digests) == 1 else (*middle[:3], "runs differ: " + " ".join(sorted(digests)), middle[4])


UNTIMED = ("no-op", "cpu-bound")
"""Jobs whose units the 1-worker run does not time (no ideal speedup by Amdahl's law)."""


def _spin(n: int) -> int:
    """Pure-Python work for ``n`` steps: no I/O, nothing shared, so only the cores limit its speedup."""
    total = 0
    for i in range(n):
        total += i * i % 7
    return total


def _cpu_bound(options: ExecutorOptions) -> None:
    with pipeline.make_executor(options) as pool:
        list(map_ordered(pool, _spin, ((str(i), (2_500_000,)) for i in range(40))))


def _noop(options: ExecutorOptions) -> None:
    with pipeline.make_executor(options) as pool:
        list(map_ordered(pool, abs, ((str(i), (i,)) for i in range(200))))


if __name__ == "__main__":
    main()
