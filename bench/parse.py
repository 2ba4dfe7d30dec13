"""Parse the shared benchmark corpus with agentgen-sym and three anchor parsers, and compare speed.

Run from the repository root:

    .venv/bin/python bench/parse.py                      # all tools, all 285 tasks
    .venv/bin/python bench/parse.py --limit 20           # quick run on the first 20 tasks
    .venv/bin/python bench/parse.py --tools ours,pddl --per-domain --json /tmp/parse.json

A TASK is one MANIFEST.tsv row: parse its domain file, then its problem file. Every tool parses the
domain again for every task, so all tools do the same work. Tools run one after another, never in
parallel. Ours (agentgen-sym) runs in-process; each anchor (pddl, up = unified-planning, tarski)
runs in one long-lived worker process so that a task stuck past --task-timeout can be killed: it
counts as a failure timed at the limit, and a fresh worker takes the remaining tasks.

Table columns:
    tool       which parser
    tasks      tasks attempted
    failures   tasks where the domain or problem did not parse (exception, error result, timeout)
    total s    seconds summed over all tasks, failures included
    median s   median seconds per task over all tasks
    common s   seconds summed over the "common" tasks: those every selected tool parsed

Ratios are anchor / ours, so a ratio above 1 means ours is faster. One-off setup (imports and
parser construction) is measured separately and kept out of the table.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnContext, SpawnProcess
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import (Task, add_benchmarks_option, add_tools_option, chosen_tools, error_text,  # noqa: E402
                          print_rows, read_manifest, write_json)

ALL_TOOLS = ("ours", "pddl", "up", "tarski")
PROGRESS_EVERY = 25
WORKER_START_TIMEOUT_S = 300.0
WARMUP_DOMAIN = "(define (domain warmup) (:predicates (p)) (:action a :parameters () :precondition (p) :effect (not (p))))"

Parse = Callable[[], "str | None"]
"""A timed parse of one task: returns None on success or a failure message; may also raise."""

Prepare = Callable[[Path, Path], Parse]
"""Untimed per-task preparation (reading texts) for a domain and problem path; returns the timed part."""


@dataclass(frozen=True)
class TaskResult:
    """How one tool did on one task; the error is kept because anchor failures are data."""

    seconds: float
    ok: bool
    error: str | None


@dataclass(frozen=True)
class ToolRun:
    """All per-task results of one tool, plus its one-off setup time (kept out of the table)."""

    tool: str
    setup_seconds: float
    results: list[TaskResult]


def load_tasks(benchmarks: Path, limit: int | None) -> list[Task]:
    """The MANIFEST's tasks (the unit every tool parses and is timed on), so every tool sees the same
    tasks in the same order."""
    tasks = read_manifest(benchmarks)
    return tasks if limit is None else tasks[:limit]


def _read(path: Path) -> str:
    """Read a PDDL file before the clock starts, so tools given texts are timed on parsing only."""
    return path.read_text(encoding="utf-8")


def ours_tool() -> Prepare:
    """agentgen-sym on in-memory texts; the first parse_text call builds the parser, so do it here."""
    from agentgen_sym.compiler.parser import parse_text

    parse_text(WARMUP_DOMAIN, "warmup.pddl")

    def prepare(domain_path: Path, problem_path: Path) -> Parse:
        domain_text, problem_text = _read(domain_path), _read(problem_path)

        def parse() -> str | None:
            for text, path in ((domain_text, domain_path), (problem_text, problem_path)):
                result = parse_text(text, str(path))
                if not result.ok:
                    return result.diagnostics[0].message if result.diagnostics else "not ok"
            return None

        return parse

    return prepare


def pddl_tool() -> Prepare:
    """pddl 0.5.1 on in-memory texts, reusing one parser of each kind as a careful user would."""
    from pddl.parser.domain import DomainParser
    from pddl.parser.problem import ProblemParser

    domain_parser, problem_parser = DomainParser(), ProblemParser()

    def prepare(domain_path: Path, problem_path: Path) -> Parse:
        domain_text, problem_text = _read(domain_path), _read(problem_path)

        def parse() -> None:
            domain_parser(domain_text)
            problem_parser(problem_text)

        return parse

    return prepare


def up_tool() -> Prepare:
    """unified-planning: a new PDDLReader per task, as users do; its API takes file paths."""
    import unified_planning.shortcuts
    from unified_planning.io import PDDLReader

    unified_planning.shortcuts.get_environment().credits_stream = None

    def prepare(domain_path: Path, problem_path: Path) -> Parse:
        def parse() -> None:
            PDDLReader().parse_problem(str(domain_path), str(problem_path))

        return parse

    return prepare


def tarski_tool() -> Prepare:
    """tarski: a new reader per task (it accumulates the problem); its API takes file paths.

    raise_on_error=True because by default tarski prints ANTLR syntax errors and carries on,
    which would count unparsable files as successes.
    """
    from tarski.io import PDDLReader

    def prepare(domain_path: Path, problem_path: Path) -> Parse:
        def parse() -> None:
            reader = PDDLReader(raise_on_error=True)
            reader.parse_domain(str(domain_path))
            reader.parse_instance(str(problem_path))

        return parse

    return prepare


TOOLS: dict[str, Callable[[], Prepare]] = {"ours": ours_tool, "pddl": pddl_tool, "up": up_tool, "tarski": tarski_tool}


def time_task(prepare: Prepare, domain_path: Path, problem_path: Path) -> TaskResult:
    """Time only the parse; any exception or error result is a failure, never a crash of the bench."""
    try:
        parse = prepare(domain_path, problem_path)
    except Exception as exc:  # unreadable file: a failure for this tool, timed as zero
        return TaskResult(0.0, False, error_text(exc))
    start = time.perf_counter()
    try:
        error = parse()
    except Exception as exc:  # RecursionError included: anchors recurse on deep formulas
        error = error_text(exc)
    seconds = time.perf_counter() - start
    return TaskResult(seconds, error is None, error)


def _worker_main(tool: str, conn: Connection) -> None:
    """Anchor worker: set up once, report setup time, then time tasks until told to stop.

    Output is sent to /dev/null so anchor chatter (credits, ANTLR error lines) stays off the table.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    start = time.perf_counter()
    try:
        prepare = TOOLS[tool]()
    except Exception as exc:
        conn.send(("setup-failed", error_text(exc)))
        return
    conn.send(("ready", time.perf_counter() - start))
    while (job := conn.recv()) is not None:
        domain_path, problem_path = job
        conn.send(("done", asdict(time_task(prepare, Path(domain_path), Path(problem_path)))))


class Worker:
    """One anchor worker process; killed and replaced when a task overruns the time limit."""

    def __init__(self, ctx: SpawnContext, tool: str) -> None:
        """Start the process and wait for its setup, so setup never counts against a task."""
        self.conn, child_conn = ctx.Pipe()
        self.process: SpawnProcess = ctx.Process(target=_worker_main, args=(tool, child_conn), daemon=True)
        self.process.start()
        child_conn.close()
        if not self.conn.poll(WORKER_START_TIMEOUT_S):
            self.kill()
            raise RuntimeError(f"{tool}: worker did not start within {WORKER_START_TIMEOUT_S:.0f} s")
        kind, payload = self.conn.recv()
        if kind != "ready":
            self.kill()
            raise RuntimeError(f"{tool}: setup failed: {payload}")
        self.setup_seconds: float = payload

    def run(self, domain_path: Path, problem_path: Path, limit_s: float) -> TaskResult | None:
        """Time one task in the worker; None means the worker overran the limit or died."""
        self.conn.send((str(domain_path), str(problem_path)))
        if not self.conn.poll(limit_s):
            return None
        try:
            _, payload = self.conn.recv()
        except EOFError:
            return None
        return TaskResult(**payload)

    def kill(self) -> None:
        """Stop a stuck or dead worker so the next task gets a fresh one."""
        self.process.kill()
        self.process.join()
        self.conn.close()

    def close(self) -> None:
        """Let a healthy worker exit cleanly after the last task."""
        self.conn.send(None)
        self.process.join(timeout=10)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()


def _progress(tool: str, done: int, total: int, note: str = "") -> None:
    """Progress goes to stderr so stdout holds only the tables."""
    print(f"[{tool}] {done}/{total}{note}", file=sys.stderr, flush=True)


def run_ours(tasks: list[Task], benchmarks: Path) -> ToolRun:
    """Ours runs in-process: it is the tool under test, and a hang there is a bug to see, not skip."""
    start = time.perf_counter()
    prepare = ours_tool()
    setup = time.perf_counter() - start
    results = []
    for done, task in enumerate(tasks, 1):
        results.append(time_task(prepare, benchmarks / task.domain_file, benchmarks / task.problem_file))
        if done % PROGRESS_EVERY == 0 or done == len(tasks):
            _progress("ours", done, len(tasks))
    return ToolRun("ours", setup, results)


def run_anchor(tool: str, tasks: list[Task], benchmarks: Path, limit_s: float) -> ToolRun:
    """Run an anchor task by task in a worker, replacing the worker after each overrun or crash."""
    ctx = multiprocessing.get_context("spawn")
    worker: Worker | None = Worker(ctx, tool)
    setup = worker.setup_seconds
    results = []
    for done, task in enumerate(tasks, 1):
        if worker is None:
            worker = Worker(ctx, tool)
        started = time.perf_counter()
        result = worker.run(benchmarks / task.domain_file, benchmarks / task.problem_file, limit_s)
        if result is None:
            worker.kill()
            worker = None
            elapsed = min(time.perf_counter() - started, limit_s)
            timed_out = elapsed >= limit_s
            reason = f"timeout after {limit_s:g} s" if timed_out else "worker died"
            result = TaskResult(limit_s if timed_out else elapsed, False, reason)
            _progress(tool, done, len(tasks), f" {task.problem_file}: {reason}")
        results.append(result)
        if done % PROGRESS_EVERY == 0 or done == len(tasks):
            _progress(tool, done, len(tasks))
    if worker is not None:
        worker.close()
    return ToolRun(tool, setup, results)


def common_indices(runs: list[ToolRun]) -> list[int]:
    """Tasks every selected tool parsed: the only fair set for comparing totals."""
    count = len(runs[0].results)
    return [i for i in range(count) if all(run.results[i].ok for run in runs)]


def _total(run: ToolRun, indices: list[int] | None = None) -> float:
    """Seconds summed over the given tasks (all tasks when None)."""
    results = run.results if indices is None else [run.results[i] for i in indices]
    return sum(result.seconds for result in results)


def _median(run: ToolRun) -> float:
    """Median seconds per task, robust to the few huge psr-small files."""
    return statistics.median(result.seconds for result in run.results) if run.results else 0.0


def _failures(results: list[TaskResult]) -> int:
    """Number of failed tasks in a list of results."""
    return sum(not result.ok for result in results)


def _ratio(anchor: float, ours: float) -> str:
    """Anchor / ours as text; n/a when ours took no measurable time."""
    return f"{anchor / ours:.2f}x" if ours > 0 else "n/a"


def print_summary(runs: list[ToolRun], common: list[int], limit_s: float) -> None:
    """Print the main table, the setup line, the ratios, the verdict and the footnotes."""
    header = ["tool", "tasks", "failures", "total s", "median s", "common s"]
    rows = [[run.tool, str(len(run.results)), str(_failures(run.results)), f"{_total(run):.3f}",
             f"{_median(run):.5f}", f"{_total(run, common):.3f}"] for run in runs]
    print_rows(header, rows)
    print(f"common set: {len(common)} of {len(runs[0].results)} tasks parsed by every tool")
    print("one-off setup (imports + parser construction, not in the table): "
          + ", ".join(f"{run.tool} {run.setup_seconds:.3f} s" for run in runs))
    by_tool = {run.tool: run for run in runs}
    anchors = [run for run in runs if run.tool != "ours"]
    if "ours" in by_tool and anchors:
        _print_ratios(by_tool["ours"], anchors, common)
    print()
    print("notes: ours and pddl parse texts already in memory; up and tarski take file paths, so their times")
    print("include reading the two files and constructing a new reader per task. Anchors run in a worker")
    print(f"process; a task over {limit_s:g} s is killed and counted as a failure timed at {limit_s:g} s.")


def _print_ratios(ours: ToolRun, anchors: list[ToolRun], common: list[int]) -> None:
    """Print anchor / ours ratios and say whether ours beats the fastest anchor by 2x on the common set."""
    ours_common, ours_all, ours_median = _total(ours, common), _total(ours), _median(ours)
    print()
    print("ratios, anchor / ours (above 1 = ours faster):")
    for anchor in anchors:
        print(f"  {anchor.tool:<7} common total {_ratio(_total(anchor, common), ours_common):>8}"
              f"   all-task total {_ratio(_total(anchor), ours_all):>8}"
              f"   median {_ratio(_median(anchor), ours_median):>8}")
    if not common:
        print("no task was parsed by every tool: no fastest anchor on the common set")
        return
    fastest = min(anchors, key=lambda run: _total(run, common))
    speedup = _total(fastest, common) / ours_common if ours_common > 0 else float("inf")
    verdict = "YES, ours is >= 2x faster" if speedup >= 2 else "NO, ours is < 2x faster"
    print(f"fastest anchor (common-set total): {fastest.tool} {_total(fastest, common):.3f} s vs ours "
          f"{ours_common:.3f} s -> {speedup:.2f}x; {verdict} than the fastest anchor")


def print_per_domain(tasks: list[Task], runs: list[ToolRun]) -> None:
    """Per-domain seconds and failures, to show where each tool spends its time or gives up."""
    domains = list(dict.fromkeys(task.domain for task in tasks))
    header = ["domain", "tasks"] + [f"{run.tool} s" for run in runs] + [f"{run.tool} fail" for run in runs]
    rows = []
    for domain in domains:
        indices = [i for i, task in enumerate(tasks) if task.domain == domain]
        seconds = [f"{_total(run, indices):.3f}" for run in runs]
        failures = [str(_failures([run.results[i] for i in indices])) for run in runs]
        rows.append([domain, str(len(indices)), *seconds, *failures])
    print()
    print_rows(header, rows)


def json_payload(benchmarks: Path, tasks: list[Task], runs: list[ToolRun], limit_s: float) -> dict:
    """The raw per-task results of every tool."""
    return {
        "benchmarks": str(benchmarks),
        "task_timeout_s": limit_s,
        "tasks": [asdict(task) for task in tasks],
        "tools": {run.tool: {"setup_seconds": run.setup_seconds, "results": [asdict(r) for r in run.results]}
                  for run in runs},
    }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Command-line options; --tools keeps the given order of ALL_TOOLS for a stable table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_benchmarks_option(parser)
    add_tools_option(parser, ALL_TOOLS)
    parser.add_argument("--limit", type=int, metavar="N", help="only the first N tasks")
    parser.add_argument("--task-timeout", type=float, default=60.0, metavar="S",
                        help="per-task limit for anchors, in seconds (default 60)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write raw per-task results here")
    parser.add_argument("--per-domain", action="store_true", help="also print a per-domain table")
    args = parser.parse_args(argv)
    args.tools = chosen_tools(parser, args.tools, ALL_TOOLS)
    if args.limit is not None and args.limit < 1:
        parser.error("--limit must be at least 1")
    if args.task_timeout <= 0:
        parser.error("--task-timeout must be positive")
    return args


def main(argv: list[str] | None = None) -> int:
    """Run the selected tools one after another on the same tasks, then report."""
    args = parse_args(argv)
    benchmarks = args.benchmarks.resolve()
    tasks = load_tasks(benchmarks, args.limit)
    runs = []
    for tool in args.tools:
        if tool == "ours":
            runs.append(run_ours(tasks, benchmarks))
        else:
            runs.append(run_anchor(tool, tasks, benchmarks, args.task_timeout))
    common = common_indices(runs)
    print_summary(runs, common, args.task_timeout)
    if args.per_domain:
        print_per_domain(tasks, runs)
    if args.json is not None:
        write_json(args.json, json_payload(benchmarks, tasks, runs, args.task_timeout))
    return 0


if __name__ == "__main__":
    sys.exit(main())
