"""The main job: every bundled domain through check, generate, Bi-Evol, solve, validate, export.

Every domain is a job of the driver (``domain_job``, a coroutine running the per-domain flow of
``agentgen_sym.domainflow``): its task generation and Bi-Evol hand their candidates' keys, new
groundings and measurements, the writing of its task folders, and its export, to an executor
(``agentgen_sym.executor``: every local core by default, or Ray) as units of work, all domains' at
once, so one large domain keeps every worker busy. Each domain's work lands in ``out/<domain>/``
(every file written atomically) and the driver marks it done by a last, atomic write of ``out/<domain>/done.json``,
which records everything that determines the result: the hashes of the domain folder's files, the
options, the seed and the code version (a hash of the package's source). A rerun, under any
executor, reuses a domain only when all of them match, so an interrupted run resumes where it
stopped, and a domain whose inputs, options or code changed is redone, saying what changed; its
earlier folders are removed first, so no stale file survives. A domain folder's input that is no
regular file (a FIFO would hang the job) is left out with a warning (``agentgen_sym.walk``); a domain
that cannot be read (its folder name is not UTF-8, its domain.pddl no regular file) or
generated, or one of whose units of work failed (its worker died more often than the executor
retries), is reported in the summary
and skipped; the rest completes. The dataset files and the summary are rewritten at the end from
the per-domain results in name order, each atomically; nothing written depends on timing or on
the number of workers (seconds go to the console only).
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import shlex
import shutil
import time
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Generator

from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.compiler.ground import GroundingError
from agentgen_sym.compiler.parser import parse_domain
from agentgen_sym.domainflow import choose_seed, export_units, tasks_job
from agentgen_sym.executor import Batch, BatchFailed, ExecutorOptions, drive, make_executor
from agentgen_sym.export.formats import FORMAT_NAMES, dataset_file
from agentgen_sym.files import remove_dead_temporaries, write_atomic
from agentgen_sym.generation.generate import PRELOAD
from agentgen_sym.generation.pool import EvolveOptions
from agentgen_sym.taskset import Origin
from agentgen_sym.taskset.report import recorded_path
from agentgen_sym.walk import Skipped, Walk, file_problem, name_problem, shown, walk
from agentgen_sym.wording.templates import TEMPLATES_FILE, TemplateError, Templates

if TYPE_CHECKING:
    from agentgen_sym.llm import LLMClient


@dataclass(frozen=True)
class DomainSummary:
    domain: str
    tasks: int
    lo: int
    hi: int
    valid_plans: int
    seconds: float
    error: str = ""
    easier: int = 0  # selected tasks that are easier variants (Bi-Evol)
    harder: int = 0
    levels_filled: int = 0
    levels_asked: int = 0
    walks: int = 0  # selected tasks straight from random walks


def domains_in(corpus: Path) -> tuple[list[Path], list[Skipped]]:
    """Folders holding a domain.pddl and at least one problem, sorted by name, and those left out because their
    name is not valid UTF-8 (it could be neither printed nor written into a record)."""
    folders: list[Path] = []
    skipped: list[Skipped] = []
    for path in sorted(p for p in corpus.iterdir() if (p / "domain.pddl").exists() and any(p.glob("p*.pddl"))):
        if name_problem(path.name):
            skipped.append(Skipped(path, "a domain folder whose name is not valid UTF-8"))
        else:
            folders.append(path)
    return folders, skipped


def _drafted_wording(folder: Path, out: Path, llm: LLMClient, say: Callable[[str], None]) -> Path | None:
    """OUT/<domain>/wording/templates.json, the wording the LLM drafts for a domain folder without a templates.json
    (checked entry by entry, the rest derived; read back on the seed problem's objects), or None: the folder has
    its own, cannot be read (its job says so), or the endpoint gives no usable entry (a warning: the derived
    wording is used, the run goes on). The responses are cached in the run's OUT, so a rerun writes the same."""
    from agentgen_sym.drafting.calls import Rejected
    from agentgen_sym.drafting.wording import draft_templates

    if (folder / TEMPLATES_FILE).exists() or file_problem(folder / "domain.pddl"):
        return None
    problems = [p for p in domain_inputs(folder).files if fnmatch.fnmatchcase(p.name, "p*.pddl")]
    try:
        domain = parse_domain(folder / "domain.pddl")
        problem = choose_seed(problems, "largest")[1] if problems else None
    except (OSError, PddlError, ValueError):
        return None
    try:
        drafted = draft_templates(domain, problem, llm, f"{folder.name}/domain.pddl")
    except Rejected as exc:
        say(f"warning: {folder.name}: the LLM endpoint gave no usable wording ({exc.reason}); its wording is derived "
            "from the PDDL names")
        return None
    counts = drafted.counts()
    if not counts["llm"] + counts["llm-repaired"]:
        say(f"warning: {folder.name}: no wording entry of the LLM passed its checks; its wording is derived from the "
            "PDDL names")
        return None
    target = out / folder.name / "wording" / TEMPLATES_FILE
    write_atomic(target, json.dumps(drafted.file_data(), indent=2, ensure_ascii=False) + "\n")
    say(f"{folder.name}: wording drafted by the LLM ({counts['llm']} entries, {counts['llm-repaired']} repaired, "
        f"{counts['derived']} derived): {target}")
    return target


def _wording_warning(folder: Path) -> str | None:
    """The warning ``generate`` prints for a domain whose wording is derived from its names (no reviewed
    templates.json, or one that leaves entries out); None when it is reviewed or cannot be read (the domain's job
    reports that)."""
    domain_file = folder / "domain.pddl"
    if file_problem(domain_file):  # a FIFO would hang the read; the domain's job reports it
        return None
    try:
        templates = Templates.beside(parse_domain(domain_file), domain_file)
    except (OSError, PddlError, TemplateError):
        return None
    return templates.derived_warning(shlex.quote(str(domain_file)))


def domain_inputs(folder: Path) -> Walk:
    """The domain folder's input files (its PDDL files and templates.json) that are regular files, and those
    skipped: a FIFO would hang the domain's job, a link loop fail it, an undecodable name its records."""
    return walk(folder, lambda name: Path(name).suffix == ".pddl" or name == "templates.json", recursive=False)


@dataclass(frozen=True)
class RunOptions:
    """Everything besides the inputs that determines a domain's result."""

    n: int
    seed: int
    lo: int = 1
    hi: int | None = None  # None: each domain's own range, from its seed problem (generation/measure.seed_range)
    evolve: EvolveOptions = EvolveOptions()

    def key(self) -> dict:
        return {"n": self.n, "seed": self.seed, "lo": self.lo, "hi": self.hi, **self.evolve.key()}


@cache
def code_version() -> str:
    """A hash of the package's source (modules and grammar): results made by other code are redone. Read once a
    process: the code it hashes is the code that runs."""
    import agentgen_sym
    from agentgen_sym import compiler, grammar, planners

    digest = hashlib.sha256(agentgen_sym.__version__.encode())
    for package in (agentgen_sym, compiler, planners, grammar):
        for root in map(Path, package.__path__):
            for path in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".lark")):
                digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def fingerprint(folder: Path, options: RunOptions, wording: Path | None = None) -> dict:
    """What ``done.json`` must match for a domain to be reused: its files' hashes (and the wording the LLM
    drafted for it, when it did), the options, the code."""
    files = [*domain_inputs(folder).files, *([wording] if wording is not None else [])]
    return {"inputs": {p.name if p.parent == folder else "drafted " + p.name: _digest(p) for p in files},
            "options": options.key(), "code": code_version()}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def domain_job(folder: Path, out: Path, options: RunOptions, workers: int = 1, command: str | None = None,
               wording: Path | None = None) -> Generator[Batch, list, DomainSummary]:
    """One domain of the main job, as a coroutine for ``drive``: its files, not yet marked done. A broken
    domain's trouble is its summary (one never ends the run), and so is a unit of its work that failed.
    ``command`` (the run's) is recorded in the domain's task folders; ``wording`` is a templates file drafted
    for it (else the folder's own templates.json, if any)."""
    started = time.perf_counter()
    try:
        return (yield from _domain(folder, out, options, workers, started, command, wording))
    except BatchFailed as exc:
        return DomainSummary(folder.name, 0, 0, 0, 0, time.perf_counter() - started, f"failed: {exc.reason}")
    except (PddlError, GroundingError, ValueError, OSError) as exc:
        return DomainSummary(folder.name, 0, 0, 0, 0, 0.0, f"skipped: {exc}")
    except Exception as exc:  # a bug shows in this domain's summary, as a unit's would; the rest completes
        return DomainSummary(folder.name, 0, 0, 0, 0, 0.0, f"failed: {type(exc).__name__}: {exc}")


def _domain(folder: Path, out: Path, options: RunOptions, workers: int, started: float, command: str | None,
            wording: Path | None) -> Generator[Batch, list, DomainSummary]:
    inputs = domain_inputs(folder).files
    unreadable = file_problem(folder / "domain.pddl")
    if unreadable:
        raise ValueError(f"domain.pddl: {unreadable}")
    problems = [p for p in inputs if fnmatch.fnmatchcase(p.name, "p*.pddl")]
    if not problems:
        raise ValueError("no readable problem file (p*.pddl)")
    domain = parse_domain(folder / "domain.pddl")
    _, problem = choose_seed(problems, "largest")
    errors = [d for d in check(domain, problem, strict=False) if d.is_error]
    if errors:
        return DomainSummary(folder.name, 0, 0, 0, 0, time.perf_counter() - started,
                             f"{errors[0].code}: {errors[0].message}")
    work = out / folder.name
    for stale in (work / "generated", work / "tasks"):  # an earlier run's files, made with other options
        shutil.rmtree(stale, ignore_errors=True)
    (work / "done.json").unlink(missing_ok=True)
    templates = wording or (folder / TEMPLATES_FILE if folder / TEMPLATES_FILE in inputs else None)
    made = yield from tasks_job(domain, problem, templates, work, options.n,
                                options.seed, options.lo, options.hi, options.evolve, workers, command)
    report = made.evolved.report
    (stats,) = yield Batch(export_units, (), [work])
    origins = [task.origin for task in report.tasks]
    return DomainSummary(folder.name, len(report.tasks), report.lo, report.hi, stats[FORMAT_NAMES[-1]].written,
                         time.perf_counter() - started, "", sum(o.direction == "easier" for o in origins),
                         sum(o.direction == "harder" for o in origins), report.filled, report.hi - report.lo + 1,
                         sum(o == Origin("walk") for o in origins))


def _mark_done(folder: Path, out: Path, options: RunOptions, summary: DomainSummary, wording: Path | None) -> None:
    """The domain's last write (by the driver): what made it and its summary, without the seconds it took."""
    kept = {k: v for k, v in asdict(summary).items() if k != "seconds"}
    write_atomic(out / folder.name / "done.json",
                 json.dumps({**fingerprint(folder, options, wording), "summary": kept}, indent=2, sort_keys=True)
                 + "\n")


def _finished(done: Path, expected: dict) -> tuple[DomainSummary | None, str]:
    """The summary of a domain finished with these inputs, options and code, else None and what changed."""
    try:
        data = json.loads(done.read_text())
    except OSError:
        return None, "not done yet"
    except ValueError:
        return None, "done.json unreadable"
    if not isinstance(data, dict):
        return None, "done.json unreadable"
    changed = [part for part in ("inputs", "options", "code") if data.get(part) != expected[part]]
    if changed:
        details = []
        if "options" in changed and isinstance(data.get("options"), dict):
            details = [f"{k} {data['options'].get(k)} -> {v}" for k, v in expected["options"].items()
                       if data["options"].get(k) != v]
        return None, "changed: " + ", ".join(changed) + (f" ({', '.join(details)})" if details else "")
    try:
        return DomainSummary(**{"seconds": 0.0, **data["summary"]}), "unchanged"
    except (TypeError, KeyError):
        return None, "done.json unreadable"


def run(corpus: Path, out: Path, n: int, seed: int, progress: Callable[[float, float, str], None] | None = None,
        command: str | None = None, options: RunOptions | None = None, log: Callable[[str], None] | None = None,
        executor: ExecutorOptions = ExecutorOptions(), llm: LLMClient | None = None) -> list[DomainSummary]:
    """Run every domain of ``corpus`` on ``executor`` (reusing those finished with the same inputs, options and
    code) and write out/dataset.*, out/README.md (the dataset card, quoting ``command``) and out/report.md.
    ``progress`` gets (domains done, domains, note); ``log`` one line per domain reused or redone. With ``llm``,
    a domain folder without a templates.json gets its wording drafted (``draft_wording``) first."""
    from agentgen_sym.export import combine

    options = options or RunOptions(n, seed)
    if command is None:
        command = f"agentgen-sym run --corpus {recorded_path(corpus)} --n {n} --seed {seed}" + (
            f" --range {options.lo} {options.hi}" if options.hi is not None else "")
    folders, unusable = domains_in(corpus)
    if not folders:
        raise ValueError(f"{corpus} holds no domain folder (a domain.pddl beside p*.pddl problems)"
                         + "".join(f"; {skipped}" for skipped in unusable))
    say = log or (lambda line: None)
    for skipped in [*unusable, *(s for f in folders for s in domain_inputs(f).skipped)]:
        say(f"warning: {skipped}")
    wording = {f.name: _drafted_wording(f, out, llm, say) for f in folders} if llm is not None else {}
    for warning in filter(None, (_wording_warning(f) for f in folders if wording.get(f.name) is None)):
        say(warning)
    finished: dict[str, DomainSummary | None] = {}
    for folder in folders:
        finished[folder.name], why = _finished(out / folder.name / "done.json",
                                               fingerprint(folder, options, wording.get(folder.name)))
        if finished[folder.name] is not None:
            say(f"{folder.name}: reused (inputs, options and code unchanged)")
        elif why != "not done yet":
            say(f"{folder.name}: redone ({why})")
    todo = [f for f in folders if finished[f.name] is None]
    done = len(folders) - len(todo)
    if progress:
        progress(done, len(folders), todo[0].name if todo else "")

    by_name = {f.name: f for f in todo}

    def on_done(name: str, summary: DomainSummary) -> None:  # marked at once: a stopped run resumes after it
        nonlocal done
        finished[name] = summary
        if not summary.error:
            _mark_done(by_name[name], out, options, summary, wording.get(name))
        done += 1
        if progress:
            progress(done, len(folders), name)

    if todo:
        with make_executor(executor, preload=("agentgen_sym.domainflow", *PRELOAD)) as pool:
            drive(pool, {f.name: domain_job(f, out, options, executor.workers, command, wording.get(f.name))
                         for f in todo},
                  executor.workers, on_done)
    remove_dead_temporaries(out)  # a worker killed mid-write leaves its temporary; its unit was redone
    summaries = [s for s in (finished[f.name] for f in folders) if s is not None]
    summaries += [DomainSummary(shown(s.path.name), 0, 0, 0, 0, 0.0, f"skipped: {s.reason}") for s in unusable]
    served = sorted(p for p in out.glob("*/tasks") if p.is_dir())  # what `serve out/*/tasks` numbers
    for fmt in FORMAT_NAMES:
        combine(fmt, [(out / s.domain / "tasks", out / s.domain / dataset_file(fmt)) for s in summaries if not s.error],
                out / dataset_file(fmt), command, served)
    write_atomic(out / "report.md", _report(summaries))
    return summaries


TABLE = ("domain", "tasks", "difficulty", "levels filled", "easier", "harder", "walks", "valid plans", "seconds")


def table_row(s: DomainSummary) -> list[str]:
    """The summary's row under TABLE, for the report and the terminal."""
    if s.error:
        return [s.domain, str(s.tasks), s.error, "-", "-", "-", "-", str(s.valid_plans), f"{s.seconds:.1f}"]
    return [s.domain, str(s.tasks), f"{s.lo}..{s.hi}", f"{s.levels_filled}/{s.levels_asked}", str(s.easier),
            str(s.harder), str(s.walks), str(s.valid_plans), f"{s.seconds:.1f}"]


def _report(summaries: list[DomainSummary]) -> str:
    columns = TABLE[:-1]  # no seconds: the report is the same bytes under any load and number of workers
    lines = ["# agentgen-sym run", "", "| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(table_row(s)[:-1]) + " |" for s in summaries]
    total = sum(s.tasks for s in summaries)
    evolved = sum(s.easier + s.harder for s in summaries)
    lines += ["", f"{evolved} of {total} tasks are Bi-Evol variants ({sum(s.easier for s in summaries)} easier, "
                  f"{sum(s.harder for s in summaries)} harder)."]
    lines += ["", f"{total} tasks in {len(summaries)} domains; datasets: "
                  + ", ".join(dataset_file(fmt) for fmt in FORMAT_NAMES) + " (card: README.md)"]
    return "\n".join(lines) + "\n"
