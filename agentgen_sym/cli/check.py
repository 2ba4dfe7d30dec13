"""``check``: every error and warning of a domain and its problems, or of a whole tree of domains (one unit of
work per domain on the executor), shown as ``[tool.agentgen-sym]``, the flags and a baseline select."""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from agentgen_sym import __version__, findings
from agentgen_sym.cli.common import (EXIT_FINDINGS, EXIT_LIMIT, EXIT_OK, UsageError, eprint, positive_float,
                                     positive_int, task_files)
from agentgen_sym.compiler.codes import CATALOGUE
from agentgen_sym.compiler.diagnostics import (Diagnostic, SourceCache, render_github, render_json, render_sarif,
                                               render_text)
from agentgen_sym.compiler.limits import MAX_BYTES, Budget, Deadline, LimitReached
from agentgen_sym.discover import Unit, discover
from agentgen_sym.executor import ExecutorOptions, UnitFailed, make_executor, map_ordered
from agentgen_sym.inputs import Findings, InputError, check_unit
from agentgen_sym.progress import Progress


@dataclass(frozen=True)
class Stopped:
    """A unit that a time or memory limit stopped: its domain and what the limit interrupted (a value, where
    LimitReached would not survive the trip back from a worker)."""

    domain: Path
    reason: str

    def __str__(self) -> str:
        return f"{self.domain}: {self.reason}"


def add_check(sub: argparse._SubParsersAction) -> None:
    c = sub.add_parser("check",
                       description="Report every error and warning in a domain and, against it, each problem: "
                                   "names, arity, types, requirements and static analysis (unsolvable goals, "
                                   "dead actions, self-loops). PROBLEM may be a folder of generated tasks. "
                                   "DOMAIN may be a folder holding domain.pddl and its problems, or a tree: every "
                                   "domain under it (domain.pddl beside problems or instances/, *-domain.pddl or "
                                   "domain_*.pddl per problem) is checked with its problems, in parallel. "
                                   "Comments `; agentgen: ignore[W607]` (this or the next line) and "
                                   "`; agentgen: ignore-file[W6]` suppress findings; [tool.agentgen-sym] in the "
                                   "nearest pyproject.toml sets select, ignore, strict, exit-zero and baseline.",
                       epilog="Exit codes: 0 no errors (warnings allowed unless --strict), 1 errors, 2 usage or "
                              "I/O error, 4 a limit was reached (the domains it stopped are named; the findings of "
                              "the others are shown). `agentgen-sym explain CODE` explains a diagnostic. What a "
                              "folder holds that is no readable file (a FIFO, socket or device, a symbolic link loop, "
                              "a name that is not UTF-8) is a warning and skipped.")
    c.add_argument("domain", metavar="DOMAIN", help="the domain file, a folder with domain.pddl, or a tree of them")
    c.add_argument("problems", nargs="*", metavar="PROBLEM",
                   help="problem files or folders; after a DOMAIN folder, a folder that holds a domain of its own is "
                        "a tree checked on its own")
    c.add_argument("--format", choices=["text", "json", "sarif", "github"], default="text",
                   help="text for people, json for tools, sarif for code scanning, github for workflow annotations")
    c.add_argument("--strict", action="store_true", help="fail (exit 1) on warnings too")
    c.add_argument("--select", metavar="CODES", help="report only these codes or prefixes, comma-separated (E2,W607)")
    c.add_argument("--ignore", metavar="CODES", help="never report these codes or prefixes, comma-separated")
    c.add_argument("--baseline", metavar="FILE", help="report only findings not recorded in FILE (a JSON baseline)")
    c.add_argument("--update-baseline", action="store_true", help="record every current finding in --baseline FILE")
    c.add_argument("--exit-zero", action="store_true", help="exit 0 even with findings (report only)")
    c.add_argument("--statistics", action="store_true", help="print the number of findings per code")
    c.add_argument("--no-config", action="store_true", help="ignore [tool.agentgen-sym] in pyproject.toml")
    c.add_argument("--jobs", "-j", type=positive_int, default=min(8, os.cpu_count() or 1), metavar="N",
                   help="check the domains of a folder tree in N processes (default: the CPUs, at most 8)")
    c.add_argument("--max-bytes", type=positive_int, default=MAX_BYTES, help=f"refuse larger files (default {MAX_BYTES})")
    c.add_argument("--time-limit", type=positive_float, metavar="S",
                   help="give up after S seconds, parsing and every pass of the check included, for the whole "
                        "command (exit 4)")
    c.add_argument("--memory-limit", type=positive_float, metavar="MB",
                   help="give up on a domain when the resident memory of the process checking it passes MB (exit 4)")
    c.set_defaults(handler=cmd_check)


def cmd_check(args: argparse.Namespace) -> int:
    deadline = Deadline.after(args.time_limit)  # the one deadline of every unit: parsing and checking
    units, tree = _check_trees(args)
    try:
        settings = _check_settings(args)
    except findings.ConfigError as exc:
        raise UsageError(str(exc)) from exc
    (found, texts), stopped = _run_units(units, args.max_bytes, tree, args.jobs, deadline, args.memory_limit)
    if stopped and args.update_baseline:
        _print_stopped(stopped)
        eprint("baseline not written: it would forget the findings of the domains not checked")
        return EXIT_LIMIT
    sources = SourceCache(texts)
    try:
        found = findings.apply(found, settings, texts)
    except findings.ConfigError as exc:
        raise UsageError(str(exc)) from exc
    accepted = fixed = 0
    if args.update_baseline:
        if settings.baseline is None:
            raise UsageError("--update-baseline needs --baseline FILE (or `baseline` in [tool.agentgen-sym])")
        written = findings.write_baseline(settings.baseline, found)
        eprint(f"wrote {settings.baseline}: {written} finding{'s' * (written != 1)} accepted")
        found, accepted = [], written
    elif settings.baseline is not None:
        try:
            new, fixed = findings.new_findings(settings.baseline, found)
        except findings.ConfigError as exc:
            raise UsageError(str(exc)) from exc
        accepted, found = len(found) - len(new), new
    halted = {unit.domain for unit in stopped}
    n_files = sum(1 + len(u.problems) for u in units if u.domain not in halted)
    _print_diagnostics(found, args.format, sources, n_files, len(stopped))
    if args.format == "text" and (accepted or fixed) and not args.update_baseline:
        print(f"baseline {settings.baseline}: {accepted} known finding{'s' * (accepted != 1)} not shown"
              + (f", {fixed} no longer found (run --update-baseline to drop them)" if fixed else ""))
    if args.statistics:
        target = sys.stdout if args.format == "text" else sys.stderr  # keep machine formats parseable
        for code, severity, count in findings.statistics(found):
            info = CATALOGUE.get(code)
            print(f"{count:6d}  {code}  {severity:<7}  {info.title if info else ''}", file=target)
    if stopped:
        _print_stopped(stopped)
        return EXIT_LIMIT
    errors = sum(d.is_error for d in found)
    failed = errors > 0 or (settings.strict and len(found) > 0)
    return EXIT_FINDINGS if failed and not settings.exit_zero else EXIT_OK


def _print_stopped(stopped: list[Stopped]) -> None:
    for unit in stopped:
        eprint(f"stopped: {unit}")


def _check_trees(args: argparse.Namespace) -> tuple[list[Unit], bool]:
    """What to check when DOMAIN is a folder: each further folder that holds a domain of its own is a tree checked
    on its own (two benchmark folders are two domains, not one domain and the other's files as its problems); the
    other arguments are problems of DOMAIN, as ``_check_units`` takes them."""
    if not Path(args.domain).is_dir():
        return _check_units(args)
    trees = [raw for raw in args.problems if Path(raw).is_dir() and discover(Path(raw)).units]
    units, tree = _check_units(argparse.Namespace(domain=args.domain,
                                                  problems=[raw for raw in args.problems if raw not in trees]))
    for raw in trees:
        more, more_tree = _check_units(argparse.Namespace(domain=raw, problems=[]))
        units, tree = units + more, tree or more_tree
    return units, tree


def _check_units(args: argparse.Namespace) -> tuple[list[Unit], bool]:
    """What to check: the DOMAIN and PROBLEMs given, or (a folder without domain.pddl, or --tree) every
    domain found under it with its problems."""
    folder = Path(args.domain)
    if folder.is_dir() and not args.problems and not (folder / "domain.pddl").exists():
        found = discover(folder)
        if not found.units:
            raise UsageError(f"cannot check {folder}: no domain found (domain.pddl, *-domain.pddl, domain_*.pddl)")
        for skipped in found.skipped:
            eprint(f"warning: {skipped}")
        for orphan in found.orphans[:5]:
            eprint(f"warning: {orphan}: no domain found for this file; not checked")
        if len(found.orphans) > 5:
            eprint(f"warning: {len(found.orphans) - 5} more files with no domain; not checked")
        return found.units, True
    domain_path, problem_paths = task_files(args.domain, args.problems)
    return [Unit(domain_path, tuple(problem_paths))], False


def _check_settings(args: argparse.Namespace) -> findings.Settings:
    settings = findings.Settings() if args.no_config else findings.find_settings(Path(args.domain))
    return findings.with_settings(
        settings,
        select=findings.codes(args.select, "--select") if args.select is not None else None,
        ignore=findings.codes(args.ignore, "--ignore") if args.ignore is not None else None,
        strict=True if args.strict else None, exit_zero=True if args.exit_zero else None,
        baseline=Path(args.baseline) if args.baseline else None)


# --------------------------------------------------------------------------- units of work


def _run_units(units: list[Unit], max_bytes: int, tree: bool, jobs: int, deadline: Deadline,
               memory_limit_mb: float | None) -> tuple[Findings, list[Stopped]]:
    """Every unit's findings, in unit order: the output does not depend on which worker finished first; and the
    units a limit stopped. One unit, or one job, runs here with a bar per file; more run on the executor with a
    bar per domain. Every unit has the command's one deadline and its own memory limit."""
    found: list[Diagnostic] = []
    texts: dict[str, str] = {}
    stopped: list[Stopped] = []
    if len(units) == 1 or jobs <= 1:
        progress = Progress(sum(len(u.problems) for u in units), "check", unit="file")
        for unit in units:
            try:
                more, read = check_unit(unit.domain, unit.problems, max_bytes, tree, progress,
                                        Budget(deadline, memory_limit_mb))
            except LimitReached as exc:
                stopped.append(Stopped(unit.domain, str(exc)))
                continue
            except InputError as exc:
                raise UsageError(str(exc)) from exc
            found += more
            texts.update(read)
        progress.close()
        return (found, texts), stopped
    progress = Progress(len(units), "check", unit="domain")
    work = ((str(i), (u.domain, u.problems, max_bytes, tree, deadline, memory_limit_mb))
            for i, u in enumerate(units))
    with make_executor(ExecutorOptions(jobs=min(jobs, len(units))), preload=(__name__,)) as pool:
        for key, outcome in map_ordered(pool, _check_in_worker, work):
            if isinstance(outcome, UnitFailed):
                raise UsageError(f"cannot check {units[int(key)].domain}: {outcome.reason}")
            if isinstance(outcome, UsageError):
                raise outcome
            if isinstance(outcome, Stopped):
                stopped.append(outcome)
            else:
                more, read = outcome
                found += more
                texts.update(read)
            progress.update()
    progress.close()
    return (found, texts), stopped


def _check_in_worker(domain_path: Path, problem_paths: Sequence[Path], max_bytes: int, tree: bool,
                     deadline: Deadline, memory_limit_mb: float | None) -> Findings | UsageError | Stopped:
    """``inputs.check_unit`` as a unit of work: a file it cannot use, or a limit that stopped it, is its outcome,
    which the driver reports in unit order with its own message (an exception raised in a worker would come back
    as a bare failure). The memory limit is this worker's: the process that holds the unit's data."""
    try:
        return check_unit(domain_path, problem_paths, max_bytes, tree, budget=Budget(deadline, memory_limit_mb))
    except InputError as exc:
        return UsageError(str(exc))
    except LimitReached as exc:
        return Stopped(domain_path, str(exc))


def _print_diagnostics(found: list[Diagnostic], fmt: str, sources: SourceCache, n_files: int,
                       n_stopped: int = 0) -> None:
    if fmt == "json":
        print(render_json(found))
    elif fmt == "sarif":
        print(render_sarif(found, __version__))
    elif fmt == "github":
        for d in found:
            print(render_github(d))
    else:
        for d in found:
            print(render_text(d, sources) + "\n")
        errors = sum(d.is_error for d in found)
        halted = f" ({n_stopped} domain{'s' * (n_stopped != 1)} stopped by a limit)" if n_stopped else ""
        print(f"checked {n_files} file{'s' * (n_files != 1)}{halted}: {errors} error{'s' * (errors != 1)}, "
              f"{len(found) - errors} warning{'s' * (len(found) - errors != 1)}")
