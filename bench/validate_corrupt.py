"""Corrupted plans: do our lifted validator and unified-planning's reject them, at the same step?

Run from the repository root:

    .venv/bin/python bench/validate_corrupt.py                    # first 3 problems of every domain, 2 per kind
    .venv/bin/python bench/validate_corrupt.py --domains blocks,gripper --per-kind 5 --json /tmp/corrupt.json

For each task our default planner finds a plan (bench/solve.py's worker: its own process, killed at the
time limit); unsolved tasks and tasks unified-planning cannot read are counted and skipped. Each plan is
corrupted N times per kind with a seeded generator (tests/plan_corruption.py: one step removed, two
different steps swapped, one argument replaced by another object of its type), and our validator
(compiler/validate.py) and UP's sequential_plan_validator judge the plan and every corruption. They agree
when both accept, or both reject at the same step (an unmet goal counts as step len(plan) + 1); anything
else is a disagreement, listed after the table. A corruption both accept (e.g. two independent steps
swapped) is agreement, not a rejection.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
import warnings
from dataclasses import asdict, dataclass, field
from multiprocessing.context import SpawnContext
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agentgen_sym.tables import print_table  # noqa: E402
from agentgen_sym.compiler import ast  # noqa: E402
from agentgen_sym.compiler.parser import parse_domain, parse_plan, parse_problem  # noqa: E402
from bench.common import Task, add_benchmarks_option, error_text, write_json  # noqa: E402
from bench.solve import COVERAGE, load_tasks, run_ours  # noqa: E402
from tests.plan_corruption import KINDS, UpTask, corruptions, our_failing_step, read_up, up_failing_step  # noqa: E402

PLAN = "plan"  # the kind of the uncorrupted plan


@dataclass
class Case:
    """One plan (the found one or a corruption) and the step each validator rejects (None: accepted)."""

    kind: str
    what: str
    ours: int | None
    theirs: int | None
    up_error: str = ""

    @property
    def agree(self) -> bool:
        return not self.up_error and self.ours == self.theirs


@dataclass
class TaskReport:
    domain: str
    problem_file: str
    status: str                  # "judged", "unsolved: ..." or "UP n/a: ..."
    plan_length: int = 0
    cases: list[Case] = field(default_factory=list)


def _up_step(up: UpTask, steps: tuple[ast.PlanStep, ...]) -> tuple[int | None, str]:
    """UP's failing step, or the error it raised on this plan (kept as data: a disagreement)."""
    try:
        return up_failing_step(up, steps), ""
    except Exception as exc:  # UP failing on one plan must not stop the bench
        return None, error_text(exc)


def judge(task: Task, benchmarks: Path, args: argparse.Namespace, ctx: SpawnContext) -> TaskReport:
    """Solve one task, corrupt its plan and compare both validators on the plan and each corruption."""
    report = TaskReport(task.domain, task.problem_file, "judged")
    domain_file, problem_file = benchmarks / task.domain_file, benchmarks / task.problem_file
    try:  # first, as it is quicker than solving
        up = read_up(domain_file, problem_file)
    except Exception as exc:  # UP cannot read some benchmark files
        report.status = f"UP n/a: {error_text(exc)}"
        return report
    run = run_ours(ctx, COVERAGE["ours"], domain_file, problem_file, args.time_limit, args.memory_limit)
    if not run.solved:
        report.status = f"unsolved: {run.status} {run.message}".strip()
        return report
    domain, problem = parse_domain(domain_file), parse_problem(problem_file)
    plan = parse_plan(run.plan).steps
    report.plan_length = len(plan)
    rng = random.Random(f"{args.seed}:{task.problem_file}")
    for kind, what, steps in [(PLAN, "the plan found", plan)] + [
            (c.kind, c.what, c.steps) for c in corruptions(domain, problem, plan, rng, args.per_kind)]:
        report.cases.append(Case(kind, what, our_failing_step(domain, problem, steps), *_up_step(up, steps)))
    return report


# --------------------------------------------------------------------------- report

HEADER = ["domain", "tasks", "unsolved", "UP n/a", "plans", "corruptions", "rejected ours", "rejected UP",
          "same step", "disagree"]


def _counts(reports: list[TaskReport]) -> list[int]:
    """One table row's numbers (HEADER after the domain); disagreements count the plans themselves too."""
    cases = [c for r in reports for c in r.cases]
    bad = [c for c in cases if c.kind != PLAN]
    return [len(reports), sum(r.status.startswith("unsolved") for r in reports),
            sum(r.status.startswith("UP n/a") for r in reports), sum(r.status == "judged" for r in reports),
            len(bad), sum(c.ours is not None for c in bad), sum(c.theirs is not None and not c.up_error for c in bad),
            sum(c.ours is not None and c.agree for c in bad), sum(not c.agree for c in cases)]


def _step(step: int | None, length: int) -> str:
    return "accepts" if step is None else "goal unmet" if step == length + 1 else f"step {step}"


def disagreements(reports: list[TaskReport]) -> list[str]:
    lines = []
    for r in reports:
        for c in r.cases:
            if not c.agree:
                length = r.plan_length - (c.kind == "remove")
                theirs = f"UP error {c.up_error}" if c.up_error else f"UP {_step(c.theirs, length)}"
                lines.append(f"{r.problem_file}: {c.what}: ours {_step(c.ours, length)}, {theirs}")
    return lines


def print_report(reports: list[TaskReport], args: argparse.Namespace) -> None:
    """The per-domain table, the skipped tasks and every disagreement, on stdout."""
    domains = list(dict.fromkeys(r.domain for r in reports))
    rows = [[d, *map(str, _counts([r for r in reports if r.domain == d]))] for d in domains]
    rows.append(["all", *map(str, _counts(reports))])
    print(f"{len(reports)} tasks, {args.time_limit:g} s per solve, {args.per_kind} corruptions of each kind "
          f"({', '.join(KINDS)}) per plan, seed {args.seed}")
    print()
    print_table(HEADER, rows)
    skipped = [f"{r.problem_file}: {r.status}" for r in reports if r.status != "judged"]
    for title, lines in (("skipped", skipped), ("disagreements", disagreements(reports))):
        print()
        print(f"{title} ({len(lines)}):" if lines else f"{title}: none")
        for line in lines:
            print(f"  {line}")


# --------------------------------------------------------------------------- main


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_benchmarks_option(parser)
    parser.add_argument("--domains", help="comma-separated domain names (default: all)")
    parser.add_argument("--problems-per-domain", type=int, default=3, metavar="K", help="first K problems (default 3)")
    parser.add_argument("--per-kind", type=int, default=2, metavar="N", help="corruptions of each kind (default 2)")
    parser.add_argument("--time-limit", type=float, default=20.0, metavar="S", help="seconds per solve (default 20)")
    parser.add_argument("--memory-limit", type=int, default=4096, metavar="MB", help="per solve (default 4096)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the corruptions (default 0)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write every case here (atomically)")
    args = parser.parse_args(argv)
    args.domains = [d.strip() for d in args.domains.split(",") if d.strip()] if args.domains else None
    if args.problems_per_domain < 1 or args.per_kind < 1:
        parser.error("--problems-per-domain and --per-kind must be at least 1")
    if args.time_limit <= 0 or args.memory_limit <= 0:
        parser.error("--time-limit and --memory-limit must be positive")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    warnings.filterwarnings("ignore")  # UP's "cannot establish whether it can validate" on ADL tasks
    benchmarks = args.benchmarks.resolve()
    tasks = load_tasks(benchmarks, args.domains, args.problems_per_domain)
    ctx = multiprocessing.get_context("spawn")
    started = time.perf_counter()
    reports = []
    for i, task in enumerate(tasks, 1):
        report = judge(task, benchmarks, args, ctx)
        reports.append(report)
        agreed = sum(c.agree for c in report.cases)
        print(f"[{i}/{len(tasks)}] {task.problem_file}: {report.status}"
              + (f", {report.plan_length} steps, {agreed}/{len(report.cases)} agree" if report.cases else ""),
              file=sys.stderr, flush=True)
    print_report(reports, args)
    print()
    print(f"wall time: {time.perf_counter() - started:.0f} s")
    if args.json is not None:
        payload = {"benchmarks": str(benchmarks), "time_limit_s": args.time_limit, "per_kind": args.per_kind,
                   "seed": args.seed, "tasks": [asdict(r) for r in reports]}
        write_json(args.json, payload)
    return 0


if __name__ == "__main__":
    sys.exit(main())
