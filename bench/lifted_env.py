"""The lifted text environment (agentgen_sym/env/lifted.py) on tasks too large to ground: reset and random valid
steps per task, its resident memory and the time of a step.

Run from the repository root, on the hard-to-ground sample (bench/htg_sample.py) or any MANIFEST.tsv folder:

    .venv/bin/python bench/lifted_env.py --benchmarks /tmp/htg --steps 100 --json /tmp/lifted-env.json

Each task runs in a process of its own, killed at ``--time-limit``: parse and check (nothing grounded), reset, then
``--steps`` steps, each a valid action drawn (seeded) from the valid-action list. A step's time is the step alone;
listing the valid actions is timed apart (an agent asks for the list when it wants it). Memory is the process's peak
resident set (``ru_maxrss``), the interpreter included. ``--through serve`` plays the same steps through the server's
pool instead (``serve``'s catalog on a one-task folder, which routes a task past ``serve --max-operators`` to the
lifted model; no HTTP). Targets (issue 58): at most 2 GB, step p99 at most 50 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.common import add_benchmarks_option, print_rows, read_manifest, select, write_json  # noqa: E402

MEMORY_TARGET_MB = 2048
STEP_P99_TARGET_MS = 50.0


def _text_env(domain: Path, problem: Path) -> tuple[Callable[[], list[str]], Callable[[str], bool]]:
    """The lifted text environment's listing and step (the step says whether it ended the episode)."""
    from agentgen_sym.env.lifted import LiftedTextEnv

    env = LiftedTextEnv.from_files(domain, problem)
    env.reset()

    def step(action: str) -> bool:
        result = env.step(action)
        if not result.info["action_is_valid"]:
            raise AssertionError(f"a listed action was refused: {action}")
        return result.done

    return env.valid_actions, step


def _served(domain: Path, problem: Path) -> tuple[Callable[[], list[str]], Callable[[str], bool]]:
    """The server pool's listing and step, over a one-task folder made beside a temporary copy of the files."""
    from agentgen_sym.serve.catalog import Catalog
    from agentgen_sym.serve.pool import EnvPool

    holder = tempfile.TemporaryDirectory(prefix="lifted-env-")  # removed when the process ends
    folder = Path(holder.name)
    (folder / "tasks").mkdir()
    shutil.copyfile(domain, folder / "domain.pddl")
    shutil.copyfile(problem, folder / "tasks" / "task.pddl")
    (folder / "tasks.jsonl").write_text(json.dumps({"id": "task", "problem_file": "tasks/task.pddl", "plan": []}))
    pool = EnvPool(Catalog([folder]))
    env_id = pool.create(0)["id"]
    return (lambda held=holder: pool.available_actions(env_id)), lambda action: pool.step(env_id, action)["done"]


def play(domain: Path, problem: Path, steps: int, seed: int, through: str) -> dict:
    """One task in this process: the figures of a reset and ``steps`` random valid steps."""
    started = time.perf_counter()
    listing, step = (_served if through == "serve" else _text_env)(domain, problem)
    setup = time.perf_counter() - started
    rng, step_ms, list_ms, played = random.Random(seed), [], [], 0
    for _ in range(steps):
        began = time.perf_counter()
        valid = listing()
        list_ms.append((time.perf_counter() - began) * 1000)
        if not valid:
            break
        action = rng.choice(valid)
        began = time.perf_counter()
        done = step(action)
        step_ms.append((time.perf_counter() - began) * 1000)
        played += 1
        if done:
            break
    return {"setup_s": setup, "steps": played, "step_ms": step_ms, "list_ms": list_ms,
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def _percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run_task(domain: Path, problem: Path, steps: int, seed: int, limit_s: float, through: str) -> dict:
    """``play`` in a fresh process (its own peak memory), killed at ``limit_s``."""
    command = [sys.executable, __file__, "--one", str(domain), str(problem), "--steps", str(steps), "--seed", str(seed),
               "--through", through]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=limit_s, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return {"status": "limit", "message": f"killed at {limit_s:g} s"}
    if done.returncode != 0:
        return {"status": "error", "message": (done.stderr.strip().splitlines() or ["no output"])[-1][:300]}
    return {"status": "played", **json.loads(done.stdout)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    add_benchmarks_option(parser)
    parser.add_argument("--domains", help="comma-separated domain names (default: all)")
    parser.add_argument("--per-domain", type=int, metavar="K", help="the first K tasks of each domain")
    parser.add_argument("--steps", type=int, default=100, help="random valid steps per task (default 100)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time-limit", type=float, default=600.0, metavar="S", help="per task (default 600)")
    parser.add_argument("--through", choices=["env", "serve"], default="env",
                        help="the lifted text environment (default), or the server's pool")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write every figure here (atomically)")
    parser.add_argument("--one", nargs=2, metavar=("DOMAIN", "PROBLEM"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(play(Path(args.one[0]), Path(args.one[1]), args.steps, args.seed, args.through)))
        return 0
    tasks = select(read_manifest(args.benchmarks), args.domains.split(",") if args.domains else None, args.per_domain)
    rows, found = [], []
    for i, task in enumerate(tasks, 1):
        result = run_task(args.benchmarks / task.domain_file, args.benchmarks / task.problem_file, args.steps,
                          args.seed, args.time_limit, args.through)
        found.append({"task": task.name, **result})
        if result["status"] == "played":
            p50, p99 = _percentile(result["step_ms"], 0.5), _percentile(result["step_ms"], 0.99)
            lists = _percentile(result["list_ms"], 0.5)
            rows.append([task.name, str(result["steps"]), f"{result['setup_s']:.1f}", f"{p50:.1f}" if p50 else "-",
                         f"{p99:.1f}" if p99 else "-", f"{lists:.1f}" if lists else "-",
                         f"{result['peak_rss_mb']:.0f}"])
        else:
            rows.append([task.name, result["status"], "-", "-", "-", "-", result["message"][:60]])
        print(f"[{i}/{len(tasks)}] {' '.join(rows[-1])}", file=sys.stderr, flush=True)
    print_rows(["task", "steps", "setup s", "step p50 ms", "step p99 ms", "list p50 ms", "peak MB"], rows)
    played = [r for r in found if r["status"] == "played"]
    all_steps = [ms for r in played for ms in r["step_ms"]]
    worst = max((r["peak_rss_mb"] for r in played), default=None)
    p99 = _percentile(all_steps, 0.99)

    def ms(value: float | None) -> str:  # no step timed: said so, not 0
        return "no step timed" if value is None else f"{value:.1f} ms"

    print(f"\n{len(played)} of {len(found)} tasks played; every step: p50 {ms(_percentile(all_steps, 0.5))}, p99 "
          f"{ms(p99)} (target <= {STEP_P99_TARGET_MS:g} ms); worst peak memory {worst:.0f} MB (target <= "
          f"{MEMORY_TARGET_MB})" if played else f"\n0 of {len(found)} tasks played")
    if args.json:
        write_json(args.json, {"steps": args.steps, "seed": args.seed, "through": args.through, "tasks": found,
                               "step_p50_ms": _percentile(all_steps, 0.5), "step_p99_ms": p99,
                               "worst_peak_rss_mb": worst, "median_step_ms": statistics.median(all_steps)
                               if all_steps else None})
    return 0


if __name__ == "__main__":
    sys.exit(main())
