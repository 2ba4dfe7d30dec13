"""The ``agentgen-sym`` command line.

Exit codes for every subcommand: 0 ok, 1 the input has errors (diagnostics printed),
2 usage or I/O error. Bad input is reported as diagnostics, never as a traceback.
"""

from __future__ import annotations

import argparse
import difflib
import io
import json
import math
import os
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from importlib import resources
from pathlib import Path
from typing import Callable, Sequence

from agentgen_sym import __version__
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.ast_json import to_data
from agentgen_sym.compiler.check import READ_ANYWAY, check
from agentgen_sym.compiler.codes import CATALOGUE, explain, markdown_table
from agentgen_sym.compiler.diagnostics import (Diagnostic, PddlError, Severity, SourceCache, has_errors, render_github, render_json,
                                               render_sarif, render_text)
from agentgen_sym.compiler.compile import CompiledTask, compile_task
from agentgen_sym.compiler.ground import GroundingError
from agentgen_sym.compiler.limits import Budget, LimitReached
from agentgen_sym.compiler.parser import MAX_BYTES, ParseResult, parse_source
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.compiler.repair import repair
from agentgen_sym.compiler.validate import ValidationResult, validate
from agentgen_sym.executor import KINDS as EXECUTORS, BatchFailed, ExecutorError, ExecutorOptions, available_cores
from agentgen_sym.export import FORMATS, MAX_STATES, ExportError, export
from agentgen_sym import lint
from agentgen_sym.discover import Unit, discover
from agentgen_sym.files import FolderBusy, exclusive, output_problem, read_text_bounded, write_atomic
from agentgen_sym.generation import GenerationReport, evolve, generate
from agentgen_sym.joblimits import JobLimitReached, job_limits
from agentgen_sym.generation.generate import EvolveOptions
from agentgen_sym.generation.measure import Budgets
from agentgen_sym.pipeline import RUN_RANGE, TABLE, RunOptions, table_row
from agentgen_sym.pipeline import run as run_pipeline
from agentgen_sym.progress import Progress
from agentgen_sym.planners.result import Status
from agentgen_sym.solve import SOLVER_NAMES, solve
from agentgen_sym.tables import print_table

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2
LLM_ERROR = "llm-error"  # the drafting rejection code for an endpoint that gave no usable response


def _eprint(text: str) -> None:
    print(text, file=sys.stderr)


def _bundled_corpus() -> Path:
    return Path(str(resources.files("agentgen_sym.corpus").joinpath("domains")))


class UsageError(Exception):
    """A problem with the command line or the files it names (exit code 2)."""


def positive_int(text: str) -> int:
    """argparse type: a whole number >= 1."""
    value = _int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text}")
    return value


def non_negative_int(text: str) -> int:
    """argparse type: a whole number >= 0."""
    value = _int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, got {text}")
    return value


def positive_float(text: str) -> float:
    """argparse type: a finite number > 0 (seconds, megabytes)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a finite number > 0, got {text}")
    return value


def _job_limit_options(p: argparse.ArgumentParser, job: str) -> None:
    """--time-limit and --memory-limit for a whole job (agentgen_sym.joblimits)."""
    p.add_argument("--time-limit", type=positive_float, metavar="S",
                   help=f"stop the whole {job} job after S seconds (exit 4; what was written stays whole)")
    p.add_argument("--memory-limit", type=positive_float, metavar="MB",
                   help=f"stop the whole {job} job when the process's resident memory passes MB (exit 4)")
    p.set_defaults(job_limits=job)


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def _warning_code(text: str) -> str:
    """argparse type: a catalogued warning code whose diagnostics carry a fix (for `fix --also`)."""
    info = CATALOGUE.get(text.upper())
    if info is None or info.severity != "warning" or not info.fixable:
        choices = ", ".join(c for c, i in CATALOGUE.items() if i.severity == "warning" and i.fixable)
        raise argparse.ArgumentTypeError(f"{text!r} is not a warning with an automatic fix; choose from {choices}")
    return info.code


def output_file(text: str) -> str:
    """argparse type: a path a file can be written to (checked before any work)."""
    problem = output_problem(Path(text), "file")
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def output_folder(text: str) -> str:
    """argparse type: a path a folder of results can be written to (checked before any work)."""
    problem = output_problem(Path(text), "folder")
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def expand_inputs(paths: Sequence[str], pattern: str = "*.pddl") -> list[Path]:
    """Files as given, directories expanded to their PDDL files (sorted, recursively)."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = sorted(path.rglob(pattern))
            if not found:
                raise UsageError(f"cannot read {path}: a directory with no {pattern} files")
            out.extend(found)
        else:
            out.append(path)
    return out


def _looks_like_plan(path: Path) -> bool:
    return path.suffix in (".plan", ".soln", ".sol") or path.name.startswith("sas_plan")


# --------------------------------------------------------------------------- parse


def _summary_row(path: Path, node: ast.Domain | ast.Problem | ast.Plan, seconds: float) -> list[str]:
    if isinstance(node, ast.Domain):
        what = (f"{len(node.types)} types, {len(node.predicates)} predicates, {len(node.actions)} actions"
                + (f", {len(node.derived)} axioms" if node.derived else ""))
        return [str(path), "domain", node.name, what, f"{seconds * 1000:.1f}"]
    if isinstance(node, ast.Problem):
        what = f"{len(node.objects)} objects, {len(node.init)} init facts (domain {node.domain_name})"
        return [str(path), "problem", node.name, what, f"{seconds * 1000:.1f}"]
    return [str(path), "plan", "-", f"{len(node.steps)} steps", f"{seconds * 1000:.1f}"]


def cmd_parse(args: argparse.Namespace) -> int:
    files = expand_inputs(args.files)
    sources = SourceCache()
    worst = EXIT_OK
    outputs: list[object] = []
    rows: list[list[str]] = []
    for path in files:
        start = time.perf_counter()
        try:
            result: ParseResult = parse_source(path, "plan_file" if _looks_like_plan(path) else "pddl_file",
                                               max_bytes=args.max_bytes)
        except OSError as exc:
            _eprint(f"error: cannot read {path}: {exc.strerror or exc}")
            worst = EXIT_USAGE
            continue
        seconds = time.perf_counter() - start
        sources.add(str(path), result.text)
        for diagnostic in result.diagnostics:
            _eprint(render_text(diagnostic, sources))
        if not result.ok:
            worst = max(worst, EXIT_FINDINGS)
            rows.append([str(path), "-", "-", f"{sum(d.is_error for d in result.diagnostics)} error(s)",
                         f"{seconds * 1000:.1f}"])
            continue
        if args.summary:
            rows.append(_summary_row(path, result.node, seconds))
        elif args.format == "json":
            outputs.append(to_data(result.node))
        else:
            sys.stdout.write(print_pddl(result.node))
    if args.summary:
        print_table(["file", "kind", "name", "contents", "ms"], rows)
        ok = sum(1 for r in rows if r[1] != "-")
        print(f"\n{ok} of {len(rows)} files parsed")
    elif args.format == "json" and outputs:
        print(json.dumps(outputs[0] if len(outputs) == 1 else outputs, indent=2))
    return worst


# --------------------------------------------------------------------------- check


def _task_files(domain_arg: str, problem_args: Sequence[str]) -> tuple[Path, list[Path]]:
    """The domain file and problem files named on the command line; a folder as the domain means
    its ``domain.pddl`` with every other PDDL file in it as problems."""
    domain = Path(domain_arg)
    problems = expand_inputs(problem_args)
    if domain.is_dir():
        folder = domain
        domain = folder / "domain.pddl"
        if not domain.exists():
            raise UsageError(f"cannot read {folder}: no domain.pddl in this folder")
        if not problem_args:
            problems = [p for p in expand_inputs([str(folder)]) if p != domain]
    return domain, [p for p in problems if p.resolve() != domain.resolve()]


def _parse_for_check(path: Path, sources: SourceCache, max_bytes: int) -> ParseResult:
    result = parse_source(path, max_bytes=max_bytes)
    sources.add(str(path), result.text)
    return result


def check_unit(domain_path: Path, problem_paths: Sequence[Path], max_bytes: int, tree: bool = False,
               progress: Progress | None = None) -> tuple[list[Diagnostic], dict[str, str]]:
    """Parse and check one domain and its problems: the findings and the source texts read.
    A module-level function so that `check DIR` can run units in worker processes."""
    sources = SourceCache()
    try:
        domain = _parse_for_check(domain_path, sources, max_bytes)
        found: list[Diagnostic] = list(domain.diagnostics)
        domain_ok = isinstance(domain.node, ast.Domain)  # recovered after syntax errors counts: check what parsed
        if isinstance(domain.node, ast.Problem):
            if not tree:
                raise UsageError(f"{domain_path} is a problem, not a domain: give the domain file first")
            found.append(Diagnostic("E111", Severity.ERROR, f"expected a domain, found the problem "
                                    f"`{domain.node.name}`", domain.node.span, "name domain files domain.pddl"))
        checked_with_problem = False
        for path in problem_paths:
            problem = _parse_for_check(path, sources, max_bytes)
            found += problem.diagnostics
            if isinstance(problem.node, ast.Domain):
                found.append(_not_a_problem(problem.node, path))
            elif domain_ok and isinstance(problem.node, ast.Problem):
                found += check(domain.node, problem.node, incomplete=domain.lost + problem.lost)
                checked_with_problem = True
            if progress is not None:
                progress.update()
        if domain_ok and not checked_with_problem:
            found += check(domain.node, incomplete=domain.lost)
    except OSError as exc:
        raise UsageError(f"cannot read {exc.filename}: {exc.strerror or exc}") from exc
    return list(dict.fromkeys(found)), sources.texts


def _check_units(args: argparse.Namespace) -> tuple[list[Unit], bool]:
    """What to check: the DOMAIN and PROBLEMs given, or (a folder without domain.pddl, or --tree) every
    domain found under it with its problems."""
    folder = Path(args.domain)
    if folder.is_dir() and not args.problems and not (folder / "domain.pddl").exists():
        found = discover(folder)
        if not found.units:
            raise UsageError(f"cannot check {folder}: no domain found (domain.pddl, *-domain.pddl, domain_*.pddl)")
        for orphan in found.orphans[:5]:
            _eprint(f"warning: {orphan}: no domain found for this file; not checked")
        if len(found.orphans) > 5:
            _eprint(f"warning: {len(found.orphans) - 5} more files with no domain; not checked")
        return found.units, True
    domain_path, problem_paths = _task_files(args.domain, args.problems)
    return [Unit(domain_path, tuple(problem_paths))], False


def _run_units(units: list[Unit], max_bytes: int, tree: bool, jobs: int) -> tuple[list[Diagnostic], dict[str, str]]:
    found: list[Diagnostic] = []
    texts: dict[str, str] = {}
    n_files = sum(1 + len(u.problems) for u in units)
    if len(units) == 1 or jobs <= 1:
        progress = Progress(n_files - len(units), "check", unit="file")
        for unit in units:
            more, read = check_unit(unit.domain, unit.problems, max_bytes, tree, progress)
            found += more
            texts.update(read)
        progress.close()
        return found, texts
    progress = Progress(len(units), "check", unit="domain")
    with ProcessPoolExecutor(max_workers=min(jobs, len(units))) as pool:
        futures = [pool.submit(check_unit, u.domain, u.problems, max_bytes, tree) for u in units]
        for future in futures:  # in order: the output does not depend on which worker finished first
            more, read = future.result()
            found += more
            texts.update(read)
            progress.update()
    progress.close()
    return found, texts


def _check_settings(args: argparse.Namespace) -> lint.Settings:
    settings = lint.Settings() if args.no_config else lint.find_settings(Path(args.domain))
    return lint.with_settings(
        settings,
        select=lint.codes(args.select, "--select") if args.select is not None else None,
        ignore=lint.codes(args.ignore, "--ignore") if args.ignore is not None else None,
        strict=True if args.strict else None, exit_zero=True if args.exit_zero else None,
        baseline=Path(args.baseline) if args.baseline else None)


def cmd_check(args: argparse.Namespace) -> int:
    units, tree = _check_units(args)
    try:
        settings = _check_settings(args)
    except lint.ConfigError as exc:
        raise UsageError(str(exc)) from exc
    found, texts = _run_units(units, args.max_bytes, tree, args.jobs)
    sources = SourceCache(texts)
    try:
        found = lint.apply(found, settings, texts)
    except lint.ConfigError as exc:
        raise UsageError(str(exc)) from exc
    accepted = fixed = 0
    if args.update_baseline:
        if settings.baseline is None:
            raise UsageError("--update-baseline needs --baseline FILE (or `baseline` in [tool.agentgen-sym])")
        written = lint.write_baseline(settings.baseline, found)
        _eprint(f"wrote {settings.baseline}: {written} finding{'s' * (written != 1)} accepted")
        found, accepted = [], written
    elif settings.baseline is not None:
        try:
            new, fixed = lint.new_findings(settings.baseline, found)
        except lint.ConfigError as exc:
            raise UsageError(str(exc)) from exc
        accepted, found = len(found) - len(new), new
    n_files = sum(1 + len(u.problems) for u in units)
    _print_diagnostics(found, args.format, sources, n_files)
    if args.format == "text" and (accepted or fixed) and not args.update_baseline:
        print(f"baseline {settings.baseline}: {accepted} known finding{'s' * (accepted != 1)} not shown"
              + (f", {fixed} no longer found (run --update-baseline to drop them)" if fixed else ""))
    if args.statistics:
        target = sys.stdout if args.format == "text" else sys.stderr  # keep machine formats parseable
        for code, severity, count in lint.statistics(found):
            info = CATALOGUE.get(code)
            print(f"{count:6d}  {code}  {severity:<7}  {info.title if info else ''}", file=target)
    errors = sum(d.is_error for d in found)
    failed = errors > 0 or (settings.strict and len(found) > 0)
    return EXIT_FINDINGS if failed and not settings.exit_zero else EXIT_OK


def _not_a_problem(node: ast.Domain, path: Path) -> Diagnostic:
    return Diagnostic("E111", Severity.ERROR, f"expected a problem, found the domain `{node.name}`", node.span,
                      f"{path} is a domain file: give it first, or give problem files after the domain")


def _print_diagnostics(found: list[Diagnostic], fmt: str, sources: SourceCache, n_files: int) -> None:
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
        print(f"checked {n_files} file{'s' * (n_files != 1)}: {errors} error{'s' * (errors != 1)}, "
              f"{len(found) - errors} warning{'s' * (len(found) - errors != 1)}")


# --------------------------------------------------------------------------- fix


def cmd_fix(args: argparse.Namespace) -> int:
    domain_path, problem_paths = _task_files(args.domain, [args.problem] if args.problem else [])
    problem_path = problem_paths[0] if problem_paths else None
    try:
        result = repair(domain_path, problem_path, also=args.also)
    except OSError as exc:
        raise UsageError(f"cannot read {exc.filename}: {exc.strerror or exc}") from exc
    out_dir = Path(args.output_dir)
    targets = [(path, node, out_dir / path.name) for path, node in ((domain_path, result.domain),
                                                                    (problem_path, result.problem))
               if path is not None and node is not None]
    for path, _node, target in targets:
        if target.resolve() == path.resolve():
            raise UsageError(f"--output-dir would overwrite the input {path}; choose another folder")
    if len(targets) == 2 and targets[0][2] == targets[1][2]:  # d/x.pddl and p/x.pddl: one would overwrite
        targets[1] = (targets[1][0], targets[1][1], out_dir / f"problem-{problem_path.name}")
    written: list[Path] = []
    for _path, node, target in targets:
        write_atomic(target, print_pddl(node))
        written.append(target)
    sources = SourceCache()
    for name, text in result.texts.items():
        sources.add(name, text)
    if args.format == "json":
        print(json.dumps({"ok": result.ok, "written": [str(p) for p in written],
                          "applied": [{"description": f.description,
                                       "edits": [{"file": e.span.file, "line": e.span.line, "column": e.span.column,
                                                  "end_line": e.span.end_line, "end_column": e.span.end_column,
                                                  "replacement": e.replacement} for e in f.edits]}
                                      for f in result.applied],
                          "diagnostics": json.loads(render_json(result.diagnostics))["diagnostics"]}, indent=2))
        return EXIT_OK if result.ok else EXIT_FINDINGS
    if args.diff:
        for path in (domain_path, problem_path):
            if path is not None and str(path) in result.texts:
                original = path.read_text(encoding="utf-8", errors="replace")
                sys.stdout.writelines(difflib.unified_diff(original.splitlines(keepends=True),
                                                           result.texts[str(path)].splitlines(keepends=True),
                                                           f"a/{path.name}", f"b/{path.name}"))
    for fix in result.applied:
        print(f"fixed: {fix.description}")
    for d in result.diagnostics:
        print(render_text(d, sources) + "\n")
    remaining = sum(d.is_error for d in result.diagnostics)
    print(f"{len(result.applied)} fix{'es' * (len(result.applied) != 1)} applied, {remaining} error"
          f"{'s' * (remaining != 1)} remain; wrote {', '.join(str(p) for p in written) or 'nothing'}")
    return EXIT_OK if result.ok else EXIT_FINDINGS


# --------------------------------------------------------------------------- validate


def _load_task(sources: SourceCache, max_bytes: int, domain_path: str, problem_path: str,
               plan_path: str | None = None) -> tuple[list[ParseResult], list[Diagnostic]]:
    """Parse DOMAIN, PROBLEM (and PLAN); the diagnostics are their syntax errors, then `check`'s errors."""
    results: list[ParseResult] = []
    files = [(domain_path, "pddl_file"), (problem_path, "pddl_file")]
    if plan_path is not None:
        files.append((plan_path, "plan_file"))
    for path, start in files:
        try:
            result = parse_source(Path(path), start, max_bytes=max_bytes)
        except OSError as exc:
            raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from exc
        sources.add(str(path), result.text)
        results.append(result)
    found = [d for r in results for d in r.diagnostics]
    domain, problem = results[0].node, results[1].node
    order = "DOMAIN, PROBLEM and PLAN" if plan_path is not None else "DOMAIN and PROBLEM"
    for path, node, kind, noun in ((domain_path, domain, ast.Domain, "domain"),
                                   (problem_path, problem, ast.Problem, "problem")):
        if node is not None and not isinstance(node, kind):
            raise UsageError(f"{path} is not a {noun}: give {order} in this order")
    if all(r.ok for r in results):
        checked = check(domain, problem, strict=False)
        found += [d for d in checked if d.is_error]
        for d in checked:
            if d.code in READ_ANYWAY:  # one line each: published files draw several
                _eprint(f"{d.span}: warning[{d.code}]: {d.message}; read anyway, as Fast Downward reads it "
                        f"(`agentgen-sym check` reports an error, `agentgen-sym fix` declares it)")
    return results, found


def cmd_validate(args: argparse.Namespace) -> int:
    sources = SourceCache()
    results, found = _load_task(sources, args.max_bytes, args.domain, args.problem, args.plan)
    outcome: ValidationResult | None = None
    if not has_errors(found):
        try:
            outcome = validate(*(r.node for r in results), Budget(args.time_limit, args.memory_limit))
        except LimitReached as exc:
            _eprint(f"stopped: {exc}")
            return EXIT_LIMIT
        found = list(outcome.diagnostics)
    if args.format == "json":
        plan = results[2].node
        print(json.dumps({"valid": outcome is not None and outcome.valid,
                          "cost": None if outcome is None else outcome.cost,
                          "steps": len(plan.steps) if isinstance(plan, ast.Plan) else None,
                          "failed_step": None if outcome is None else outcome.failed_step,
                          "diagnostics": json.loads(render_json(found))["diagnostics"]}, indent=2))
    else:
        for d in found:
            print(render_text(d, sources) + "\n")
        print(_verdict(outcome))
    return EXIT_OK if outcome is not None and outcome.valid else EXIT_FINDINGS


def _verdict(outcome: ValidationResult | None) -> str:
    if outcome is None:
        return "not validated: the task has errors"
    if outcome.valid:
        return f"valid plan: {outcome.steps_done} step{'s' * (outcome.steps_done != 1)}, cost {outcome.cost}"
    if outcome.failed_step is not None:
        return f"invalid plan: step {outcome.failed_step} cannot be applied"
    return f"invalid plan: the goal is not reached after {outcome.steps_done} steps"


# --------------------------------------------------------------------------- ground and solve

EXIT_UNSOLVABLE, EXIT_LIMIT = 3, 4


def _compiled(args: argparse.Namespace, quiet: bool = True, time_limit: float | None = None,
              memory_limit_mb: float | None = None) -> CompiledTask | int:
    """Parse, check and ground DOMAIN and PROBLEM; print what is wrong and return the exit code when
    anything is (1 for errors, 4 for a limit reached while grounding)."""
    sources = SourceCache()
    results, found = _load_task(sources, args.max_bytes, args.domain, args.problem)
    if has_errors(found):
        for d in found:
            _eprint(render_text(d, sources) + "\n")
        return EXIT_FINDINGS
    try:
        task = compile_task(results[0].node, results[1].node, time_limit, memory_limit_mb)
    except LimitReached as exc:
        _eprint(f"stopped: {exc}")
        return EXIT_LIMIT
    except GroundingError as exc:
        _eprint(f"error[{exc.code}]: {exc}")
        return EXIT_FINDINGS
    if not quiet:
        stats = task.stats
        _eprint(f"grounded: {stats.n_facts} facts, {stats.n_operators} operators, "
                f"{stats.n_conditional_effects} conditional effects, {stats.n_axioms} axioms in {stats.seconds:.2f} s")
    return task


def cmd_ground(args: argparse.Namespace) -> int:
    task = _compiled(args, True, args.time_limit, args.memory_limit)
    if isinstance(task, int):
        return task
    stats = task.stats
    print(json.dumps({"facts": stats.n_facts, "operators": stats.n_operators,
                      "conditional_effects": stats.n_conditional_effects, "axioms": stats.n_axioms,
                      "goal_facts": len(task.goal_ids), "seconds": round(stats.seconds, 4),
                      "passes": {name: round(seconds, 4) for name, seconds in stats.passes.items()}}, indent=2))
    if args.output:
        saved = io.BytesIO()
        task.ground.save(saved)
        write_atomic(Path(args.output), saved.getvalue())
    return EXIT_OK


def cmd_solve(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    name = args.planner or ("optimal" if args.optimal else "default")
    if name not in SOLVER_NAMES:
        raise UsageError(f"unknown planner {name!r}; choose one of {', '.join(SOLVER_NAMES)}")
    left = None if args.time_limit is None else max(0.0, args.time_limit - (time.perf_counter() - started))
    task = _compiled(args, args.quiet, left, args.memory_limit)
    if isinstance(task, int):
        return task
    left = None if args.time_limit is None else max(0.0, args.time_limit - (time.perf_counter() - started))
    solution = solve(task, name, time_limit=left, memory_limit_mb=args.memory_limit)
    stats = solution.stats
    if not args.quiet:
        _eprint(f"{name}: {solution.status.value}; expanded {stats.expanded}, generated {stats.generated}, "
                f"evaluated {stats.evaluated} in {stats.seconds:.2f} s ({stats.expansions_per_second:.0f}/s), "
                f"peak {stats.peak_memory_mb:.1f} MB")
        _eprint("seconds per pass: " + ", ".join(f"{name} {seconds:.3f}" for name, seconds in solution.timings.items()))
    if solution.status is Status.UNSUPPORTED:
        _eprint(f"error: {solution.message}")
        return EXIT_USAGE
    if solution.status is Status.UNSOLVABLE:
        _eprint("the task is unsolvable: the search exhausted every reachable state")
        return EXIT_UNSOLVABLE
    if solution.status is Status.LIMIT_REACHED:
        _eprint(f"no plan: {solution.message or 'a limit was reached'}")
        return EXIT_LIMIT
    if not solution.solved:
        _eprint(f"error: {solution.message}")
        return EXIT_FINDINGS
    text = solution.plan_text()
    if args.output:
        write_atomic(Path(args.output), text)
    sys.stdout.write(text)
    return EXIT_OK


# --------------------------------------------------------------------------- generate and evolve


def _generation_summary(report: GenerationReport, out: Path) -> None:
    levels = range(report.lo, report.hi + 1)
    print_table(["difficulty", "tasks", "easier made", "harder made"],
                [[str(level), str(report.histogram.get(level, 0)), str(report.levels.get(level, {}).get("easier", 0)),
                  str(report.levels.get(level, {}).get("harder", 0))] for level in levels])
    for label, reason in report.skipped:
        _eprint(f"skipped {label}: {reason}")
    for level, reason in report.unreached.items():
        _eprint(f"level {level} asked for but not reached: {reason}")
    bievol = "; ".join(f"{d}: {c.get('candidates', 0)} candidates, {c.get('verified', 0)} verified, "
                       f"{c.get('kept', 0)} kept" for d, c in report.evolution.items())
    print(f"\nBi-Evol, {report.rounds} round(s) both ways from every seed task: {bievol}")
    print(f"{len(report.tasks)} tasks ({report.kept} verified of {report.candidates} candidates), "
          f"{report.filled}/{report.hi - report.lo + 1} levels filled, written to {out}; "
          f"report: {out / 'report.md'}" + (f"; {len(report.skipped)} input task(s) skipped" if report.skipped else ""))


def _raise_if_writing(exc: OSError, out: Path) -> None:
    """Re-raise an I/O error on a file under ``out``: writing the results failed, and main says so."""
    if exc.filename and Path(exc.filename).resolve().is_relative_to(out.resolve()):
        raise exc


class _LazyProgress:
    """Adapts a job's ``progress(done, total, note)`` calls to one Progress bar, made at the first call, when
    the total is known; ``scale`` counts each unit of ``done`` as that many of the bar's units."""

    def __init__(self, desc: str, unit: str = "step", scale: int = 1) -> None:
        self.desc, self.unit, self.scale = desc, unit, scale
        self.bar: Progress | None = None

    def __call__(self, done: float, total: float, note: str = "") -> None:
        if self.bar is None:
            self.bar = Progress(int(total * self.scale), self.desc, unit=self.unit)
        if note:
            self.bar.note(note)
        self.bar.update(int(done * self.scale) - self.bar.done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _evolve_options(args: argparse.Namespace) -> EvolveOptions:
    return EvolveOptions(args.rounds, budgets=Budgets(args.satisficing_expansions, args.optimal_expansions,
                                                      satisficing_work=args.satisficing_work,
                                                      optimal_work=args.optimal_work))


def cmd_generate(args: argparse.Namespace) -> int:
    lo, hi = args.range if args.range else (1, None)
    progress = _LazyProgress("generate")
    try:
        report = generate(Path(args.domain), Path(args.problem), args.n, args.seed, Path(args.out), lo, hi,
                          progress, _evolve_options(args), _executor(args))
    except ExecutorError as exc:
        raise UsageError(str(exc)) from exc
    except BatchFailed as exc:
        _eprint(f"error: generation stopped: {exc.reason}")
        return EXIT_FINDINGS
    except OSError as exc:
        _raise_if_writing(exc, Path(args.out))
        raise UsageError(f"cannot read {exc.filename}: {exc.strerror or exc}") from exc
    except PddlError as exc:
        for d in exc.diagnostics:
            _eprint(render_text(d))
        return EXIT_FINDINGS
    finally:
        progress.close()
    _generation_summary(report, Path(args.out))
    return EXIT_OK if report.tasks else EXIT_FINDINGS


def cmd_evolve(args: argparse.Namespace) -> int:
    lo, hi = args.range if args.range else (1, None)
    progress = _LazyProgress("evolve")
    try:
        report = evolve(Path(args.tasks_dir), args.n, args.seed, Path(args.out), lo, hi, progress,
                        _evolve_options(args), _executor(args))
    except ExecutorError as exc:
        raise UsageError(str(exc)) from exc
    except BatchFailed as exc:
        _eprint(f"error: Bi-Evol stopped: {exc.reason}")
        return EXIT_FINDINGS
    except OSError as exc:
        _raise_if_writing(exc, Path(args.out))
        raise UsageError(f"cannot evolve {args.tasks_dir}: {exc}") from exc
    except (ValueError, PddlError) as exc:
        raise UsageError(f"cannot evolve {args.tasks_dir}: {exc}") from exc
    finally:
        progress.close()
    _generation_summary(report, Path(args.out))
    return EXIT_OK if report.tasks else EXIT_FINDINGS


# --------------------------------------------------------------------------- export


def cmd_export(args: argparse.Namespace) -> int:
    progress = _LazyProgress("export", unit="task")

    command = shlex.join(["agentgen-sym", "export", args.tasks_dir, "--format", args.format, "--out", args.out,
                          *(["--negatives"] if args.negatives else []), *(["--distances"] if args.distances else []),
                          *(["--thoughts", "llm"] if args.thoughts == "llm" else [])])
    executor = _executor(args)
    llm = _llm_client(args, Path(args.out).parent) if args.thoughts == "llm" else None
    try:
        stats = export(Path(args.tasks_dir), args.format, Path(args.out), negatives=args.negatives,
                       distances=args.distances, progress=progress, command=command, thoughts=args.thoughts,
                       llm=llm, executor=executor)
    except (ExportError, ExecutorError) as exc:
        raise UsageError(str(exc)) from exc
    finally:
        progress.close()
        if llm is not None:
            llm.close()
    for skipped in stats.skipped:
        _eprint(f"skipped {skipped.task_id}: {skipped.reason}")
    omitted = f"; distances omitted for {stats.distances_omitted} (too many states)" if stats.distances_omitted else ""
    print(f"wrote {stats.written} of {stats.total} tasks to {stats.out_file} ({stats.fmt}){omitted}")
    if stats.paraphrases is not None:
        refused = ", ".join(f"{n} {why}" for why, n in sorted(stats.paraphrases.refused.items()))
        print(f"thoughts: {stats.paraphrases.kept} of {stats.paraphrases.asked} paraphrased by the LLM"
              + (f"; templated kept where the paraphrase {refused}" if refused else ""))
    return EXIT_OK if stats.ok else EXIT_FINDINGS


# --------------------------------------------------------------------------- serve


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from agentgen_sym.serve.catalog import Catalog, CatalogError
        from agentgen_sym.serve.pool import EnvPool
        from agentgen_sym.serve.server import LOOPBACK, run as run_server
        import fastapi  # noqa: F401  (the serve extra)
        import uvicorn  # noqa: F401
    except ImportError as exc:
        raise UsageError(f"`serve` needs the serve extra: pip install 'agentgen-sym[serve]' ({exc})") from exc
    for name in ("max_envs", "max_action_chars", "max_body_bytes", "max_connections"):
        if getattr(args, name) < 1:
            raise UsageError(f"--{name.replace('_', '-')} must be at least 1")
    if args.idle_timeout <= 0:
        raise UsageError("--idle-timeout must be positive (seconds)")
    try:
        catalog = Catalog([Path(p) for p in args.tasks_dirs])
    except CatalogError as exc:
        raise UsageError(str(exc)) from exc
    for warning in catalog.warnings:
        _eprint(f"warning: {warning}")
    if args.host not in LOOPBACK:
        _eprint(f"warning: serving on {args.host}, not only on this machine (there is no authentication)")
    pool = EnvPool(catalog, args.profile, max_envs=args.max_envs, idle_timeout=args.idle_timeout,
                   max_action_chars=args.max_action_chars)
    try:
        run_server(pool, args.host, args.port, http_errors=args.http_errors, max_body_bytes=args.max_body_bytes,
                   max_connections=args.max_connections, access_log=args.access_log)
    except OSError as exc:
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from exc
    return EXIT_OK


# --------------------------------------------------------------------------- the main job


def cmd_run(args: argparse.Namespace) -> int:
    corpus, out = Path(args.corpus), Path(args.out)
    if not corpus.is_dir():
        raise UsageError(f"cannot read {corpus}: not a folder of domains")
    started = time.perf_counter()

    progress = _LazyProgress("run", unit="task", scale=args.n)  # domains done, shown as tasks: n per domain

    lo, hi = args.range
    options = RunOptions(args.n, args.seed, lo, hi, _evolve_options(args))
    try:
        summaries = run_pipeline(corpus, out, args.n, args.seed, progress, options=options, log=_eprint,
                                 executor=_executor(args))
    except (ValueError, ExecutorError) as exc:
        raise UsageError(str(exc)) from exc
    finally:
        progress.close()
    print_table(list(TABLE), [table_row(s) for s in summaries])
    total = sum(s.tasks for s in summaries)
    evolved = sum(s.easier + s.harder for s in summaries)
    print(f"\n{total} tasks ({evolved} Bi-Evol variants), {sum(s.valid_plans for s in summaries)} valid gold plans, "
          f"{time.perf_counter() - started:.0f} s; dataset and report in {out}/")
    return EXIT_FINDINGS if any(s.error for s in summaries) else EXIT_OK


def _executor_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--executor", choices=list(EXECUTORS), default="local",
                   help="local: a process pool on this machine (default); ray: Ray tasks, on --ray-address / "
                        "RAY_ADDRESS when given, else on a local Ray instance (the ray extra)")
    p.add_argument("--jobs", type=positive_int, default=None, metavar="N",
                   help=f"workers (default: the cores available, {available_cores()} here); 1 runs everything "
                        "in this process. Results do not depend on it")
    p.add_argument("--ray-address", metavar="ADDR", help="an existing Ray cluster (overrides RAY_ADDRESS)")
    p.add_argument("--worker-memory", type=positive_int, default=None, metavar="MIB",
                   help="address-space limit of each worker in MiB; a unit over it fails with MemoryError "
                        "and is reported (default: none)")
    p.add_argument("--retries", type=non_negative_int, default=2, metavar="N",
                   help="extra attempts for a unit whose worker died (killed, out of memory) before it is "
                        "reported as failed (default 2)")


def _executor(args: argparse.Namespace) -> ExecutorOptions:
    if args.ray_address and args.executor != "ray":
        raise UsageError("--ray-address needs --executor ray")
    try:
        return ExecutorOptions(args.executor, args.jobs, args.ray_address, args.retries, args.worker_memory)
    except ExecutorError as exc:
        raise UsageError(str(exc)) from exc


# --------------------------------------------------------------------------- LLM drafting


def _llm_client(args: argparse.Namespace, out: Path):
    """The LLM client of --base-url/--api-key/--model over agentgen.toml and the environment; exit 2 without one."""
    from agentgen_sym.llm import LLMClient, LLMConfig, LLMConfigError, LLMNotConfigured, ResponseCache

    try:
        config = LLMConfig.from_env(base_url=args.base_url, api_key=args.api_key, model=args.model)
    except LLMNotConfigured as exc:
        raise UsageError(f"{exc}. Without an endpoint, `agentgen-sym run` (`make run`) still builds the "
                         "bundled domains.") from exc
    except LLMConfigError as exc:
        raise UsageError(str(exc)) from exc
    cache = None if args.no_cache else ResponseCache(out / "llm-cache.sqlite")
    return LLMClient(config, cache=cache, use_cache=not args.no_cache)


def cmd_draft(args: argparse.Namespace) -> int:
    from agentgen_sym.drafting import DraftOptions, draft_environment
    from agentgen_sym.drafting.console import StagePrinter, print_verdict

    if (args.text is None) == (args.file is None):
        raise UsageError("give the inspiration TEXT or --file F (one of them)")
    try:
        text = args.text if args.file is None else read_text_bounded(Path(args.file))
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror or exc}") from exc
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    out = Path(args.output_dir)
    client = _llm_client(args, out)
    show = StagePrinter()
    with client:
        result = draft_environment(text, out, client, DraftOptions(max_repair_rounds=args.max_repair_rounds),
                                   on_stage=show.stage, on_round=show.round)
    print_verdict(result)
    if result.accepted:
        return EXIT_OK
    if result.verdict.reason_code == LLM_ERROR:
        _eprint(f"error: the LLM endpoint gave no usable response ({result.verdict.reason}); the environment was "
                "not judged: check --base-url, --model and the key, then rerun")
        return EXIT_USAGE
    return EXIT_FINDINGS


def cmd_build(args: argparse.Namespace) -> int:
    from agentgen_sym.drafting import BuildOptions, DraftOptions, build
    from agentgen_sym.drafting.console import print_build_summary

    inspiration, out = Path(args.inspiration), Path(args.out)
    if not inspiration.is_dir() or not any(inspiration.glob("*.txt")):
        raise UsageError(f"cannot read {inspiration}: not a folder of .txt inspiration texts")
    executor = _executor(args)
    client = _llm_client(args, out)
    options = BuildOptions(args.n_envs, args.tasks, args.seed, args.llm_evolve,
                           DraftOptions(max_repair_rounds=args.max_repair_rounds), args.seed_problem,
                           args.max_endpoint_failures)
    bar = _LazyProgress("build", unit="text")

    def progress(done: int, total: int, accepted: int, env_id: str) -> None:
        bar(done, total, f"{accepted} accepted" + (f", {env_id[:32]}" if env_id else ""))

    with client:
        try:
            report = build(inspiration, out, client, options, progress, executor)
        except ExecutorError as exc:
            raise UsageError(str(exc)) from exc
        finally:
            bar.close()
    print_build_summary(report, out)
    if report.stopped:
        _eprint(f"error: the build {report.stopped}")
    if len(report.accepted) >= args.n_envs:
        return EXIT_OK
    unreached = report.rejections().get(LLM_ERROR, 0)
    if unreached:
        _eprint(f"error: the LLM endpoint gave no usable response for {unreached} of {len(report.envs)} text(s); "
                "check --base-url, --model and the key, then rerun (finished items are kept)")
        return EXIT_USAGE
    return EXIT_FINDINGS


def cmd_eval(args: argparse.Namespace) -> int:
    from agentgen_sym.evaluation import EvalError, EvalOptions, evaluate

    out = Path(args.out)
    client = _llm_client(args, out)
    progress = _LazyProgress("eval", unit="episode")
    options = EvalOptions(profile=args.profile, max_steps=args.max_steps, concurrency=args.concurrency)
    with client:
        try:
            report = evaluate([Path(d) for d in args.tasks], client, out, options, progress)
        except EvalError as exc:
            raise UsageError(str(exc)) from exc
        finally:
            progress.close()
    print_table(["group", "episodes", "success", "progress", "grounding"], report.rows())
    for skipped in report.skipped:
        _eprint(f"warning: skipped {skipped}")
    for error in report.errors:
        _eprint(f"error: task {error['task_id']} ({error['domain']}): {error['error']}")
    unfinished = f"; {len(report.errors)} episode(s) failed, rerun to resume them" if report.errors else ""
    print(f"\nlogs, report.json and eval.png in {out}/{unfinished}")
    return EXIT_OK if report.complete else EXIT_FINDINGS


def _llm_options(p: argparse.ArgumentParser, repair: bool = True) -> None:
    p.add_argument("--base-url", metavar="URL", help="OpenAI-compatible endpoint (overrides OPENAI_BASE_URL)")
    p.add_argument("--api-key", metavar="KEY",
                   help="API key (overrides OPENAI_API_KEY; local servers need none). Other users can read it in "
                        "the process list: prefer OPENAI_API_KEY or api_key in agentgen.toml")
    p.add_argument("--model", metavar="NAME", help="model name (overrides AGENTGEN_MODEL)")
    p.add_argument("--no-cache", action="store_true", help="neither read nor write the response cache")
    if not repair:
        return
    p.add_argument("--max-repair-rounds", type=non_negative_int, default=3, metavar="N",
                   help="LLM repair rounds per domain and per problem (default 3)")


# --------------------------------------------------------------------------- explain


def cmd_explain(args: argparse.Namespace) -> int:
    if args.markdown:
        print(markdown_table(), end="")
        return EXIT_OK
    if args.code is None:
        print_table(["code", "severity", "title"], [[c.code, c.severity, c.title] for c in CATALOGUE.values()])
        return EXIT_OK
    text = explain(args.code)
    if text is None:
        _eprint(f"error: unknown diagnostic code `{args.code}` (`agentgen-sym explain` lists them)")
        return EXIT_USAGE
    print(text, end="")
    return EXIT_OK


# --------------------------------------------------------------------------- entry point



def _bievol_options(p: argparse.ArgumentParser) -> None:
    """Bi-Evol's budget, the same for generate, evolve and run; counted in rounds and expansions, never seconds,
    so the same seed gives the same tasks on any machine."""
    defaults = EvolveOptions()
    p.add_argument("--rounds", type=positive_int, default=defaults.rounds,
                   help=f"Bi-Evol rounds both ways from every seed task, at most (default {defaults.rounds})")
    p.add_argument("--satisficing-expansions", type=positive_int, default=defaults.budgets.satisficing, metavar="N",
                   help=f"expanded states for a candidate's first plan (default {defaults.budgets.satisficing})")
    p.add_argument("--optimal-expansions", type=positive_int, default=defaults.budgets.optimal, metavar="N",
                   help="expanded states to prove a plan length optimal; beyond it the task is flagged with its "
                        f"lower bound (default {defaults.budgets.optimal})")
    p.add_argument("--optimal-work", type=positive_int, default=defaults.budgets.optimal_work, metavar="N",
                   help="the optimal search's expansions times the task's ground operators, at most: a task of "
                        f"many operators gets fewer expansions (default {defaults.budgets.optimal_work})")
    p.add_argument("--satisficing-work", type=positive_int, default=defaults.budgets.satisficing_work, metavar="N",
                   help="the same for the satisficing search (default "
                        f"{defaults.budgets.satisficing_work})")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="agentgen-sym",
        description="Compile PDDL into checked, solvable planning environments and training data.",
        epilog="Exit codes: 0 ok, 1 the input has errors (diagnostics printed), 2 usage or I/O error.")
    parser.add_argument("--version", action="version", version=f"agentgen-sym {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("parse", help="parse PDDL files and print them canonically or as JSON",
                       description="Parse domains, problems and plans (`.plan`/`.soln` files); print canonical "
                                   "PDDL, the JSON AST (one object for one file, a list for several), or a summary "
                                   "table. Directories are searched for *.pddl files.")
    p.add_argument("files", nargs="+", metavar="FILE", help="PDDL files or directories")
    p.add_argument("--format", choices=["pddl", "json"], default="pddl", help="output format (default: pddl)")
    p.add_argument("--summary", action="store_true", help="print one summary row per file instead of the AST")
    p.add_argument("--max-bytes", type=positive_int, default=MAX_BYTES, help=f"refuse larger files (default {MAX_BYTES})")
    p.set_defaults(handler=cmd_parse)

    c = sub.add_parser("check", help="type-check and lint a domain and its problems (for CI)",
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
                              "I/O error. `agentgen-sym explain CODE` explains a diagnostic.")
    c.add_argument("domain", metavar="DOMAIN", help="the domain file, a folder with domain.pddl, or a tree of them")
    c.add_argument("problems", nargs="*", metavar="PROBLEM", help="problem files or folders")
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
    c.set_defaults(handler=cmd_check)

    f = sub.add_parser("fix", help="apply every safe automatic fix and write the repaired files",
                       description="Apply the machine-applicable fixes of errors (misspelled names and keywords, "
                                   "missing requirements and (total-cost), unbalanced trailing parentheses), "
                                   "re-check, and write the repaired files, canonically printed, to --output-dir "
                                   "under their own names. Correct files come out unchanged in meaning.",
                       epilog="Exit codes: 0 the result is clean, 1 errors remain (listed), 2 usage or I/O error.")
    f.add_argument("domain", metavar="DOMAIN", help="the domain file")
    f.add_argument("problem", nargs="?", metavar="PROBLEM", help="a problem file")
    f.add_argument("--output-dir", "-o", required=True, metavar="DIR", type=output_folder, help="where the repaired files go")
    f.add_argument("--diff", action="store_true", help="show the fixes as a unified diff of the source text")
    f.add_argument("--format", choices=["text", "json"], default="text",
                   help="json: the applied fixes and remaining diagnostics as data (for LLM repair loops)")
    f.add_argument("--also", action="append", default=[], metavar="CODE", type=_warning_code,
                   help="apply this warning's fixes too (repeatable; e.g. W620 adds the inequality a self-move "
                        "lacks)")
    f.set_defaults(handler=cmd_fix)

    v = sub.add_parser("validate", help="replay a plan on a domain and problem and report whether it is valid",
                       description="Replay PLAN (an IPC plan file: one `(action arg ...)` per line) step by step on "
                                   "the lifted domain, independent of any grounder: every step must be applicable "
                                   "and the goal must hold at the end. Prints the plan's cost, or the first step "
                                   "that fails and why. The task itself must pass `agentgen-sym check`.",
                       epilog="Exit codes: 0 the plan is valid, 1 it is not (or a file has errors), 2 usage or I/O "
                              "error, 4 a limit was reached. `agentgen-sym explain V805` explains a diagnostic.")
    v.add_argument("domain", metavar="DOMAIN", help="the domain file")
    v.add_argument("problem", metavar="PROBLEM", help="the problem file")
    v.add_argument("plan", metavar="PLAN", help="the plan file")
    v.add_argument("--format", choices=["text", "json"], default="text", help="output format (default: text)")
    v.add_argument("--max-bytes", type=positive_int, default=MAX_BYTES, help=f"refuse larger files (default {MAX_BYTES})")
    v.add_argument("--time-limit", type=positive_float, metavar="S", help="give up after S seconds of replay (exit 4)")
    v.add_argument("--memory-limit", type=positive_float, metavar="MB",
                   help="give up when the process's resident memory passes MB (exit 4)")
    v.set_defaults(handler=cmd_validate)

    g = sub.add_parser("ground", help="ground a task to NumPy arrays and report its size",
                       description="Ground DOMAIN and PROBLEM (relaxed reachability, static facts removed, ADL "
                                   "compiled to conditional STRIPS); print the sizes as JSON; -o saves the task.")
    g.add_argument("domain", metavar="DOMAIN")
    g.add_argument("problem", metavar="PROBLEM")
    g.add_argument("-o", "--output", metavar="TASK.npz", type=output_file, help="save the GroundTask (.npz)")
    g.add_argument("--time-limit", type=positive_float, metavar="S", help="give up after S seconds of grounding (exit 4)")
    g.add_argument("--memory-limit", type=positive_float, metavar="MB",
                   help="give up when the process's resident memory passes MB (exit 4)")
    g.add_argument("--max-bytes", type=positive_int, default=MAX_BYTES, help=argparse.SUPPRESS)
    g.set_defaults(handler=cmd_ground)

    v = sub.add_parser("solve", help="find a plan (satisficing by default, --optimal for cost-optimal)",
                       description="Check, ground and solve a task; print the plan in IPC format and validate it "
                                   "on the lifted semantics before anything is written. Planners: "
                                   + ", ".join(SOLVER_NAMES) + ".",
                       epilog="Exit codes: 0 plan found, 1 input errors, 2 usage error (or a planner that "
                              "refuses the task), 3 proved unsolvable, 4 a limit was reached.")
    v.add_argument("domain", metavar="DOMAIN")
    v.add_argument("problem", metavar="PROBLEM")
    v.add_argument("--planner", metavar="NAME", help="a planner by name (default: 'default', or 'optimal' "
                                                     "with --optimal)")
    v.add_argument("--optimal", action="store_true", help="find a cost-optimal plan (A* with LM-cut)")
    v.add_argument("--time-limit", type=positive_float, metavar="S",
                   help="give up after S seconds, parsing and grounding included (exit 4)")
    v.add_argument("--memory-limit", type=positive_float, metavar="MB",
                   help="give up beyond MB: the process's resident memory while grounding, the search's own "
                        "structures while searching (exit 4)")
    v.add_argument("-o", "--output", metavar="PLAN", type=output_file, help="also write the plan to this file")
    v.add_argument("-q", "--quiet", action="store_true", help="no statistics on stderr")
    v.add_argument("--max-bytes", type=positive_int, default=MAX_BYTES, help=argparse.SUPPRESS)
    v.set_defaults(handler=cmd_solve)

    gen = sub.add_parser("generate", help="generate a graded set of solvable tasks from a seed problem",
                         description="Generate tasks without an LLM: goals from random walks, every task checked, "
                                     "solved (optimal where the budget allows, else flagged) and validated, "
                                     "duplicates up to object renaming dropped, Bi-Evol for easier and harder "
                                     "variants, then an even difficulty histogram. Same seed, same bytes.",
                         epilog="Writes OUT/domain.pddl, OUT/tasks/*.pddl, OUT/tasks.jsonl, OUT/report.md and "
                                "OUT/difficulty.png. Exit codes: 0 ok, 1 input errors, no task, or a unit of work "
                                "that failed (the reason is printed), 2 usage or I/O.")
    gen.add_argument("domain", metavar="DOMAIN")
    gen.add_argument("problem", metavar="SEED_PROBLEM")
    gen.add_argument("--n", type=positive_int, default=20, help="number of tasks (default 20)")
    gen.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    gen.add_argument("--out", required=True, metavar="DIR", type=output_folder, help="output folder")
    gen.add_argument("--range", type=positive_int, nargs=2, metavar=("LO", "HI"),
                     help="difficulty range (optimal plan length) to cover evenly (default: 1..the hardest found)")
    _job_limit_options(gen, "generate")
    _bievol_options(gen)
    _executor_options(gen)
    gen.set_defaults(handler=cmd_generate, output_folder="out")

    evo = sub.add_parser("evolve", help="Bi-Evol a task folder into easier and harder variants",
                         description="Read a folder written by `generate`, evolve every task easier (fewer goal "
                                     "atoms, subgoals along its plan, fewer objects) and harder (more goal atoms, "
                                     "longer walks), verify each, and select an even histogram over --range.",
                         epilog="Exit codes: 0 ok, 1 no task selected or a unit of work failed, 2 usage or I/O error.")
    evo.add_argument("tasks_dir", metavar="TASKS_DIR")
    evo.add_argument("--n", type=positive_int, default=20, help="number of tasks (default 20)")
    evo.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    evo.add_argument("--out", required=True, metavar="DIR", type=output_folder, help="output folder")
    evo.add_argument("--range", type=positive_int, nargs=2, metavar=("LO", "HI"), help="difficulty range to cover evenly")
    _job_limit_options(evo, "evolve")
    _bievol_options(evo)
    _executor_options(evo)
    evo.set_defaults(handler=cmd_evolve, output_folder="out")

    x = sub.add_parser("export", help="export a task folder as training data (sharegpt, openai, agentgym, agentflan)",
                       description="Validate every task's plan on the lifted semantics, play it through the text "
                                   "environment and write one record per task, sorted by id: the domain rules, "
                                   "the goal, then Thought/Action/Observation turns, ending with the last action. Beside it: "
                                   "FILE's metadata (NAME.meta.jsonl), the folder's dataset card (README.md) and, "
                                   "for LLaMA-Factory, dataset_info.json. Same input, same bytes.",
                       epilog="Exit codes: 0 ok, 1 some task failed and was skipped (listed on stderr), 2 usage or "
                              "I/O error.")
    x.add_argument("tasks_dir", metavar="TASKS_DIR", help="a folder written by `generate` or `evolve`")
    x.add_argument("--format", choices=list(FORMATS), required=True,
                   help="record layout: " + "; ".join(f"{name} for {f.consumer}" for name, f in FORMATS.items()))
    x.add_argument("--out", required=True, metavar="FILE", type=output_file,
                   help="output file (replaced atomically; agentgym is a JSON array, the others JSON Lines)")
    x.add_argument("--negatives", action="store_true",
                   help="add one invalid action per task, its feedback and the recovery, the invalid turn masked "
                        "from the loss (only formats that can mask a turn: "
                        + ", ".join(name for name, f in FORMATS.items() if f.can_mask) + ")")
    x.add_argument("--distances", action="store_true",
                   help=f"add the exact distance to the goal per step (tasks with at most {MAX_STATES} states)")
    x.add_argument("--thoughts", choices=["template", "llm"], default="template",
                   help="template: thoughts read off the plan's causal links (default); llm: each one paraphrased by "
                        "the configured LLM, kept only when the action and the facts it names are unchanged "
                        "(responses cached in FILE's folder)")
    _llm_options(x, repair=False)
    _job_limit_options(x, "export")
    _executor_options(x)
    x.set_defaults(handler=cmd_export)

    sv = sub.add_parser("serve", help="serve task folders as AgentGym-compatible environment servers (HTTP)",
                        description="Serve the tasks of one or more TASKS_DIRs over HTTP with AgentGym's routes "
                                    "(/create, /step, /reset, /observation, /available_actions, /detail, /close) "
                                    "plus /tasks, /health and /conversation_start. data_idx numbers tasks by id "
                                    "within each folder, folders in the order given (as the agentgym export's "
                                    "item_id). Rewards are progress rates. Stop with SIGTERM or Ctrl-C.",
                        epilog="Exit codes: 0 stopped cleanly, 2 usage error (unreadable folder, port in use, "
                               "missing serve extra).")
    sv.add_argument("tasks_dirs", nargs="+", metavar="TASKS_DIR", help="folders written by `generate`/`evolve`/`run`")
    sv.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1, this machine only)")
    sv.add_argument("--port", type=non_negative_int, default=8000, help="port (default 8000; 0 picks a free one and prints it)")
    sv.add_argument("--profile", choices=["agentgen", "agentboard"], default="agentgen",
                    help="agentgen: our environment, worded as the exported training data (default); agentboard: "
                         "AgentBoard's PDDL games' reading, messages and scores (docs/agentboard.md)")
    sv.add_argument("--http-errors", action="store_true",
                    help="answer errors with HTTP status codes (400/404/410/413/422) instead of AgentGym's "
                         "200 with {\"error\": ...}")
    sv.add_argument("--max-envs", type=positive_int, default=10000, metavar="N",
                    help="live environments at most; one more evicts the least recently used (default 10000)")
    sv.add_argument("--idle-timeout", type=float, default=3600.0, metavar="S",
                    help="evict environments idle this many seconds (default 3600)")
    sv.add_argument("--max-action-chars", type=positive_int, default=2000, metavar="N", help="longest action (default 2000)")
    sv.add_argument("--max-body-bytes", type=positive_int, default=65536, metavar="N",
                    help="largest request body (default 65536)")
    sv.add_argument("--max-connections", type=positive_int, default=2048, metavar="N",
                    help="concurrent connections at most; more are answered 503 (default 2048)")
    sv.add_argument("--access-log", action="store_true", help="log every request (off by default: it costs time)")
    sv.set_defaults(handler=cmd_serve)

    r = sub.add_parser("run", help="the main job: the bundled corpus through the whole pipeline",
                       description="For every domain of the corpus: check, generate tasks, Bi-Evol them, solve and "
                                   "validate, export trajectories (sharegpt, openai, agentgym, agentflan). Writes "
                                   "OUT/dataset.*, the dataset card OUT/README.md and OUT/report.md; a rerun "
                                   "resumes finished domains.",
                       epilog="Exit codes: 0 ok, 1 a domain failed, 2 usage or I/O error.")
    r.add_argument("--corpus", default=str(_bundled_corpus()), metavar="DIR",
                   help="folder of domain folders (default: the bundled corpus)")
    r.add_argument("--out", default="out", metavar="DIR", type=output_folder, help="output folder (default: out)")
    r.add_argument("--n", type=positive_int, default=12, help="tasks per domain (default 12)")
    r.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    r.add_argument("--range", type=positive_int, nargs=2, metavar=("LO", "HI"), default=RUN_RANGE,
                   help=f"difficulty range to cover evenly per domain (default: {RUN_RANGE[0]} {RUN_RANGE[1]})")
    _bievol_options(r)
    _job_limit_options(r, "run")
    _executor_options(r)
    r.set_defaults(handler=cmd_run, output_folder="out")

    d = sub.add_parser("draft", help="draft one environment from a text with an LLM, stage by stage",
                       description="Inspiration text -> description -> PDDL domain and templates -> check, "
                                   "automatic fixes, LLM repair rounds -> problems -> the same -> solve and "
                                   "validate -> lint. Prints each stage's outcome; writes DIR/record.json (every "
                                   "prompt, response, diagnostic and fix) and, when accepted, the environment.",
                       epilog="Exit codes: 0 accepted, 1 the environment was rejected (the reason is printed), 2 "
                              "usage error, no LLM endpoint configured, or an endpoint that is unreachable or "
                              "misconfigured (no usable response after the retries: wrong URL, key or model).")
    d.add_argument("text", nargs="?", metavar="TEXT", help="the inspiration text")
    d.add_argument("--file", metavar="F", help="read the inspiration text from a file")
    d.add_argument("-o", "--output-dir", required=True, metavar="DIR", type=output_folder, help="where the environment goes")
    _llm_options(d)
    d.set_defaults(handler=cmd_draft, output_folder="output_dir")

    b = sub.add_parser("build", help="the LLM build: inspiration texts to environments, tasks and trajectories",
                       description="For each inspiration text (in name order, until N environments are accepted): "
                                   "draft an environment (see `draft`), reject near-duplicates, then generate "
                                   "tasks, Bi-Evol them (symbolic and LLM rewrites, all verified) and export "
                                   "trajectories. Resumable: finished items have OUT/envs/ID/done.json. Writes "
                                   "OUT/dataset.*.jsonl, OUT/report.md and OUT/report.json.",
                       epilog="Exit codes: 0 N environments accepted, 1 fewer because environments were "
                              "rejected, 2 usage error, no LLM endpoint configured, or fewer while the endpoint "
                              "gave no usable response for some text (unreachable or misconfigured).")
    b.add_argument("--inspiration", default=str(_bundled_corpus().parent / "inspiration"), metavar="DIR",
                   help="folder of .txt inspiration texts (default: the bundled corpus/inspiration)")
    b.add_argument("--n-envs", type=positive_int, default=5, metavar="N", help="environments to accept (default 5)")
    b.add_argument("--out", default="out-llm", metavar="DIR", type=output_folder, help="output folder (default: out-llm)")
    b.add_argument("--tasks", type=positive_int, default=8, metavar="N", help="tasks per environment (default 8)")
    b.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    b.add_argument("--llm-evolve", type=non_negative_int, default=1, metavar="K",
                   help="LLM rewrites asked per direction (easier, harder) per environment (default 1)")
    b.add_argument("--seed-problem", choices=["smallest", "largest"], default="smallest",
                   help="which accepted problem seeds task generation (default: smallest; generation's cost "
                        "grows with the seed's objects)")
    b.add_argument("--max-endpoint-failures", type=non_negative_int, default=3, metavar="K",
                   help="stop after K texts in a row fail on the endpoint (default 3; 0: never stop)")
    _executor_options(b)
    _llm_options(b)
    b.set_defaults(handler=cmd_build, output_folder="out")

    ev = sub.add_parser("eval", help="measure a model on task folders, scored as AgentBoard scores its PDDL games",
                        description="Play every task of the TASKS_DIRs with a ReAct agent in AgentBoard's VanillaAgent "
                                    "prompt shape over an OpenAI-compatible endpoint, at most --max-steps steps, and "
                                    "report success rate, progress rate and grounding accuracy overall, per domain "
                                    "and per difficulty level. Writes OUT/logs/pddl.jsonl (AgentBoard's log format), "
                                    "OUT/pddl.txt, OUT/all_results.txt, OUT/report.json and OUT/eval.png; a rerun "
                                    "resumes, LLM answers are cached in OUT/llm-cache.sqlite.",
                        epilog="Exit codes: 0 every episode scored, 1 some episode failed (endpoint errors after "
                               "the retries) or some task was skipped, 2 usage error or no LLM endpoint.")
    ev.add_argument("--tasks", nargs="+", required=True, metavar="DIR", help="folders written by generate/evolve/run")
    ev.add_argument("--out", default="out-eval", metavar="DIR", type=output_folder,
                    help="output folder (default: out-eval)")
    ev.add_argument("--profile", choices=["agentgen", "agentboard"], default="agentgen",
                    help="text environment: agentgen, ours (default); agentboard, AgentBoard's reading and scoring "
                         "(docs/agentboard.md)")
    ev.add_argument("--max-steps", type=positive_int, default=30, metavar="N", help="steps per episode (default 30)")
    ev.add_argument("--concurrency", type=positive_int, metavar="N",
                    help="episodes played at once (default: the LLM client's max_concurrency)")
    _llm_options(ev, repair=False)
    ev.set_defaults(handler=cmd_eval, output_folder="out")

    e = sub.add_parser("explain", help="explain a diagnostic code (e.g. E105), or list all codes",
                       description="Print the long explanation of a diagnostic code; without a code, list them.")
    e.add_argument("code", nargs="?", help="a code such as E105")
    e.add_argument("--markdown", action="store_true", help="print the whole catalogue as a Markdown table")
    e.set_defaults(handler=cmd_explain)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    if sys.stdout is None:  # started with standard output closed (`>&-`)
        _eprint("error: standard output is closed; redirect it to a file or /dev/null")
        return EXIT_USAGE
    owned = getattr(args, "output_folder", None)  # commands that fill a folder hold it for themselves
    job = getattr(args, "job_limits", None)
    try:
        with exclusive(Path(getattr(args, owned))) if owned else nullcontext():
            with job_limits(job, args.time_limit, args.memory_limit) if job else nullcontext():
                code = handler(args)
        sys.stdout.flush()  # a full disk shows here, not in an unreported flush at exit
        return code
    except JobLimitReached as exc:
        _eprint(f"stopped: {exc}")
        return EXIT_LIMIT
    except FolderBusy as exc:
        _eprint(f"error: {exc}")
        return EXIT_USAGE
    except UsageError as exc:
        _eprint(f"error: {exc}")
        return EXIT_USAGE
    except KeyboardInterrupt:
        _eprint("interrupted")
        return 130
    except BrokenPipeError:  # `| head`: the reader has all it wanted
        _silence_stdout()
        return EXIT_OK
    except OSError as exc:  # writing failed (a full disk, a vanished folder) or a file could not be used
        where = f"{exc.filename}" if exc.filename else "the output"
        _eprint(f"error: cannot write {where}: {exc.strerror or exc}")
        _silence_stdout()
        return EXIT_USAGE


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush at exit cannot fail a second time."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):  # stdout is not a file (captured, replaced)
        pass


def entry() -> None:
    """The console script: ``main``, then a prompt exit after a limit was reached (the structures a stopped
    grounder or search built can hold a gigabyte, and freeing them object by object takes seconds)."""
    code = main()
    if code == EXIT_LIMIT:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)
