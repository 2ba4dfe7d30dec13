"""The main job: every bundled domain through check, generate, Bi-Evol, solve, validate, export.

Domains are independent units of work, run on an executor (``agentgen_sym.executor``: every local
core by default, or Ray). Each domain's work lands in ``out/<domain>/`` (every file written
atomically) and the driver marks it done by a last, atomic write of ``out/<domain>/done.json``,
which records the options it was made with; a rerun, under any executor, skips domains done with
the same options, so an interrupted run resumes where it stopped, and redoes those made with
other options. A domain that cannot be read or generated, or whose worker died more often than
the executor retries, is reported in the summary and skipped; the rest completes. The dataset
files and the summary are rewritten at the end from the per-domain results in name order, each
atomically; nothing written depends on timing or on the number of workers (seconds go to the
console only).
"""

from __future__ import annotations

import json
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.compiler.ground import GroundingError
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.executor import ExecutorOptions, UnitFailed, make_executor, map_ordered
from agentgen_sym.files import write_atomic
from agentgen_sym.generation import evolve, generate

from agentgen_sym.export.formats import FORMATS as _REGISTRY

FORMATS = tuple(_REGISTRY)
"""Every export format, each written as ``dataset.<format>.<json|jsonl>``."""


def dataset_file(fmt: str) -> str:
    return _REGISTRY[fmt].data_file("dataset")


@dataclass(frozen=True)
class DomainSummary:
    domain: str
    tasks: int
    lo: int
    hi: int
    valid_plans: int
    seconds: float
    error: str = ""


def domains_in(corpus: Path) -> list[Path]:
    """Folders holding a domain.pddl and at least one problem, sorted by name."""
    return sorted(p for p in corpus.iterdir() if (p / "domain.pddl").exists() and any(p.glob("p*.pddl")))


def run_domain(folder: Path, out: Path, n: int, seed: int) -> DomainSummary:
    """One unit of the main job (run in a worker): the domain's files, not yet marked done."""
    from agentgen_sym.export import export

    started = time.perf_counter()
    domain_file = folder / "domain.pddl"
    seed_problem = sorted(folder.glob("p*.pddl"))[-1]  # the largest seed leaves room for hard variants
    errors = [d for d in check(parse_domain(domain_file), parse_problem(seed_problem), strict=False) if d.is_error]
    if errors:
        return DomainSummary(folder.name, 0, 0, 0, 0, time.perf_counter() - started,
                             f"{errors[0].code}: {errors[0].message}")
    work = out / folder.name
    for stale in (work / "generated", work / "tasks"):  # an earlier run's files, made with other options
        shutil.rmtree(stale, ignore_errors=True)
    generate(domain_file, seed_problem, n, seed, work / "generated")
    report = evolve(work / "generated", n, seed, work / "tasks")
    valid = 0
    for fmt in FORMATS:
        stats = export(work / "tasks", fmt, work / dataset_file(fmt))
        valid = stats.written
    return DomainSummary(folder.name, len(report.tasks), report.lo, report.hi, valid, time.perf_counter() - started)


def domain_unit(folder: Path, out: Path, n: int, seed: int) -> DomainSummary:
    """``run_domain``, with a broken domain's trouble as its summary: one never ends the run."""
    try:
        return run_domain(folder, out, n, seed)
    except (PddlError, GroundingError, ValueError, OSError) as exc:
        return DomainSummary(folder.name, 0, 0, 0, 0, 0.0, f"skipped: {exc}")


def _mark_done(work: Path, n: int, seed: int, summary: DomainSummary) -> None:
    """The domain's last write (by the driver): its options and summary, without the seconds it took."""
    kept = {k: v for k, v in summary.__dict__.items() if k != "seconds"}
    write_atomic(work / "done.json", json.dumps({"options": {"n": n, "seed": seed}, "summary": kept}, indent=2) + "\n")


def _finished(done: Path, n: int, seed: int) -> DomainSummary | None:
    """The summary of a domain finished with these options, else None (never run, other options, unreadable)."""
    try:
        data = json.loads(done.read_text())
        if data.get("options") == {"n": n, "seed": seed}:
            return DomainSummary(**{"seconds": 0.0, **data["summary"]})
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        pass
    return None


def run(corpus: Path, out: Path, n: int, seed: int, progress: Callable[[int, int, str], None] | None = None,
        command: str | None = None, executor: ExecutorOptions = ExecutorOptions()) -> list[DomainSummary]:
    """Run every domain of ``corpus`` (resuming finished ones) on ``executor`` and write out/dataset.*,
    out/README.md (the dataset card, quoting ``command``) and out/report.md."""
    from agentgen_sym.export import combine

    if command is None:
        command = f"agentgen-sym run --corpus {corpus} --out {out} --n {n} --seed {seed}"
    folders = domains_in(corpus)
    if not folders:
        raise ValueError(f"{corpus} holds no domain folder (a domain.pddl beside p*.pddl problems)")
    finished = {f.name: _finished(out / f.name / "done.json", n, seed) for f in folders}
    todo = [f for f in folders if finished[f.name] is None]
    done = len(folders) - len(todo)
    if progress:
        progress(done, len(folders), todo[0].name if todo else "")

    def on_done(name: str, outcome: object) -> None:
        nonlocal done
        done += 1
        if progress:
            progress(done, len(folders), name)

    if todo:
        with make_executor(executor, preload=("agentgen_sym.pipeline",)) as pool:
            units = ((f.name, (f, out, n, seed)) for f in todo)
            for name, outcome in map_ordered(pool, domain_unit, units, on_done):
                if isinstance(outcome, UnitFailed):
                    finished[name] = DomainSummary(name, 0, 0, 0, 0, 0.0, f"failed: {outcome.reason}")
                    continue
                finished[name] = outcome
                if not outcome.error:
                    _mark_done(out / name, n, seed, outcome)
    summaries = [finished[f.name] for f in folders]
    for fmt in FORMATS:
        combine(fmt, [out / s.domain / dataset_file(fmt) for s in summaries if not s.error], out / dataset_file(fmt),
                command)
    write_atomic(out / "report.md", _report(summaries))
    return summaries


def _report(summaries: list[DomainSummary]) -> str:
    lines = ["# agentgen-sym run", "", "| domain | tasks | difficulty | valid plans |", "|---|---|---|---|"]
    for s in summaries:
        shown = s.error or f"{s.lo}..{s.hi}"
        lines.append(f"| {s.domain} | {s.tasks} | {shown} | {s.valid_plans} |")
    total = sum(s.tasks for s in summaries)
    lines += ["", f"{total} tasks in {len(summaries)} domains; datasets: "
                  + ", ".join(dataset_file(fmt) for fmt in FORMATS) + " (card: README.md)"]
    return "\n".join(lines) + "\n"
