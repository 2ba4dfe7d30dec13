"""``parse``, ``fix`` and ``explain``: PDDL files read and printed canonically, repaired, and the diagnostics
catalogue they are reported in."""

from __future__ import annotations

import argparse
import difflib
import json
import sys
import time
from pathlib import Path

from agentgen_sym.cli.common import (EXIT_FINDINGS, EXIT_LIMIT, EXIT_OK, EXIT_USAGE, UsageError, eprint,
                                     expand_inputs, job_limit_options, output_folder, positive_int, task_files)
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.ast_json import to_data
from agentgen_sym.compiler.codes import CATALOGUE, explain, markdown_table
from agentgen_sym.compiler.diagnostics import SourceCache, render_text
from agentgen_sym.compiler.limits import MAX_BYTES, Budget, Deadline, LimitReached
from agentgen_sym.compiler.parser import ParseResult, parse_source
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.compiler.repair import repair
from agentgen_sym.files import write_atomic
from agentgen_sym.tables import print_table

# --------------------------------------------------------------------------- parse


def add_parse(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("parse",
                       description="Parse domains, problems and plans (`.plan`/`.soln` files); print canonical "
                                   "PDDL, the JSON AST (one object for one file, a list for several), or a summary "
                                   "table. Directories are searched for *.pddl files; what they hold that is no readable "
                                   "file (a FIFO, socket or device, a symbolic link loop, a name that is not UTF-8) "
                                   "is a warning and skipped.")
    p.add_argument("files", nargs="+", metavar="FILE", help="PDDL files or directories")
    p.add_argument("--format", choices=["pddl", "json"], default="pddl", help="output format (default: pddl)")
    p.add_argument("--summary", action="store_true", help="print one summary row per file instead of the AST")
    p.add_argument("--max-bytes", type=positive_int, default=MAX_BYTES, help=f"refuse larger files (default {MAX_BYTES})")
    p.set_defaults(handler=cmd_parse)


def _looks_like_plan(path: Path) -> bool:
    return path.suffix in (".plan", ".soln", ".sol") or path.name.startswith("sas_plan")


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
            eprint(f"error: cannot read {path}: {exc.strerror or exc}")
            worst = EXIT_USAGE
            continue
        seconds = time.perf_counter() - start
        sources.add(str(path), result.text)
        for diagnostic in result.diagnostics:
            eprint(render_text(diagnostic, sources))
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


# --------------------------------------------------------------------------- fix


def add_fix(sub: argparse._SubParsersAction) -> None:
    f = sub.add_parser("fix",
                       description="Apply the machine-applicable fixes of errors (misspelled names and keywords, "
                                   "missing requirements and (total-cost), unbalanced trailing parentheses), "
                                   "re-check, and write the repaired files, canonically printed, to --output-dir "
                                   "under their own names. Correct files come out unchanged in meaning.",
                       epilog="Exit codes: 0 the result is clean, 1 errors remain (listed), 2 usage or I/O error, "
                              "4 stopped by --time-limit or --memory-limit.")
    f.add_argument("domain", metavar="DOMAIN", help="the domain file")
    f.add_argument("problem", nargs="?", metavar="PROBLEM", help="a problem file")
    f.add_argument("--output-dir", "-o", required=True, metavar="DIR", type=output_folder, help="where the repaired files go")
    f.add_argument("--diff", action="store_true", help="show the fixes as a unified diff of the source text")
    f.add_argument("--format", choices=["text", "json"], default="text",
                   help="json: the applied fixes and remaining diagnostics as data (for LLM repair loops)")
    f.add_argument("--also", action="append", default=[], metavar="CODE", type=_warning_code,
                   help="apply this warning's fixes too (repeatable; e.g. W620 adds the inequality a self-move "
                        "lacks)")
    job_limit_options(f, "fix")
    f.set_defaults(handler=cmd_fix)


def _warning_code(text: str) -> str:
    """argparse type: a catalogued warning code whose diagnostics carry a fix (for `fix --also`)."""
    info = CATALOGUE.get(text.upper())
    if info is None or info.severity != "warning" or not info.fixable:
        choices = ", ".join(c for c, i in CATALOGUE.items() if i.severity == "warning" and i.fixable)
        raise argparse.ArgumentTypeError(f"{text!r} is not a warning with an automatic fix; choose from {choices}")
    return info.code


def cmd_fix(args: argparse.Namespace) -> int:
    domain_path, problem_paths = task_files(args.domain, [args.problem] if args.problem else [])
    problem_path = problem_paths[0] if problem_paths else None
    try:
        result = repair(domain_path, problem_path, also=args.also,
                        budget=Budget(Deadline.for_command(args.time_limit), args.memory_limit))
    except OSError as exc:
        raise UsageError(f"cannot read {exc.filename}: {exc.strerror or exc}") from exc
    except LimitReached as exc:
        eprint(f"stopped: {exc}")
        return EXIT_LIMIT
    out_dir = Path(args.output_dir)
    targets = [(name, text, out_dir / name) for name, text in result.files().items()]
    for _name, _text, target in targets:
        for path in (domain_path, problem_path):
            if path is not None and target.resolve() == path.resolve():
                raise UsageError(f"--output-dir would overwrite the input {path}; choose another folder")
    for _name, text, target in targets:
        write_atomic(target, text)
    written = [target for _name, _text, target in targets]
    sources = SourceCache()
    for name, text in result.texts.items():
        sources.add(name, text)
    if args.format == "json":
        print(json.dumps(result.to_json([str(p) for p in written]), indent=2))
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


# --------------------------------------------------------------------------- explain


def add_explain(sub: argparse._SubParsersAction) -> None:
    e = sub.add_parser("explain",
                       description="Print the long explanation of a diagnostic code; without a code, list them.")
    e.add_argument("code", nargs="?", help="a code such as E105")
    e.add_argument("--markdown", action="store_true", help="print the whole catalogue as a Markdown table")
    e.set_defaults(handler=cmd_explain)


def cmd_explain(args: argparse.Namespace) -> int:
    if args.markdown:
        print(markdown_table(), end="")
        return EXIT_OK
    if args.code is None:
        print_table(["code", "severity", "title"], [[c.code, c.severity, c.title] for c in CATALOGUE.values()])
        return EXIT_OK
    text = explain(args.code)
    if text is None:
        eprint(f"error: unknown diagnostic code `{args.code}` (`agentgen-sym explain` lists them)")
        return EXIT_USAGE
    print(text, end="")
    return EXIT_OK
