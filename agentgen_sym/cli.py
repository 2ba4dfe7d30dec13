"""The ``agentgen-sym`` command line.

Exit codes for every subcommand: 0 ok, 1 the input has errors (diagnostics printed),
2 usage or I/O error. Bad input is reported as diagnostics, never as a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Callable, Sequence

from agentgen_sym import __version__
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.ast_json import to_data
from agentgen_sym.compiler.codes import CATALOGUE, explain
from agentgen_sym.compiler.diagnostics import SourceCache, render_text
from agentgen_sym.compiler.parser import MAX_BYTES, ParseResult, parse_source
from agentgen_sym.compiler.printer import print_pddl

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


def _eprint(text: str) -> None:
    print(text, file=sys.stderr)


class UsageError(Exception):
    """A problem with the command line or the files it names (exit code 2)."""


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


def print_table(header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, ["-" * w for w in widths], *rows]:
        print("  ".join(str(cell).ljust(w) for cell, w in zip(row, widths)).rstrip())


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


# --------------------------------------------------------------------------- explain


def cmd_explain(args: argparse.Namespace) -> int:
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
    p.add_argument("--max-bytes", type=int, default=MAX_BYTES, help=f"refuse larger files (default {MAX_BYTES})")
    p.set_defaults(handler=cmd_parse)

    e = sub.add_parser("explain", help="explain a diagnostic code (e.g. E105), or list all codes",
                       description="Print the long explanation of a diagnostic code; without a code, list them.")
    e.add_argument("code", nargs="?", help="a code such as E105")
    e.set_defaults(handler=cmd_explain)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        return handler(args)
    except UsageError as exc:
        _eprint(f"error: {exc}")
        return EXIT_USAGE
    except KeyboardInterrupt:
        _eprint("interrupted")
        return 130
    except BrokenPipeError:
        return EXIT_OK
