"""What `check` and `fix` make of real LLM-drafted PDDL: the corpus under data/llm_corpus/.

Run from the repository root:

    .venv/bin/python bench/llm_corpus.py                  # every file of the manifest, per-file table + summary
    .venv/bin/python bench/llm_corpus.py --summary-only   # the summary tables alone
    .venv/bin/python bench/llm_corpus.py --limit 50 --json /tmp/llm_corpus.json

The corpus and its provenance are described in data/llm_corpus/PROVENANCE.md (manifest.tsv
names the source repository, commit, path and drafting model of every file). Per domain:

    parses      the file parses as a domain as drafted
    errors      error codes `check` reports as drafted (code x count)
    fixes       fixes `fix` applied (`repair`: errors only)
    clean       the domain (on its own) checks without errors after `fix`
    left        error codes that remain in it after `fix`: what blocks the rest
    lints       warnings that matter for training data: W620 self-moves, W607 self-loops, no-op actions
                (actions that change nothing for any arguments), E503/E504/E520 goals that can never hold
    tasks ok    problems that check clean with the domain after `fix` (domain and problem repaired together)
    solved      problems solved (validated plan) after `fix`, of those the domain has, under --time-limit s
    bogus       problems whose gold plan uses a W620 self-move step; `fix --also W620` re-solves them

The summary gives the share of domains that `fix` turns into checked environments, the share of
tasks (domain + problem) it turns into checked, solvable ones, and the remaining error codes by
the number of files they block.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import conjuncts, effect_parts
from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.compiler.ground import GroundingError
from agentgen_sym.compiler.invariants import key
from agentgen_sym.compiler.limits import LimitReached
from agentgen_sym.compiler.parser import parse_text
from agentgen_sym.compiler.repair import repair
from agentgen_sym.compiler.selfmove import self_move_pairs
from agentgen_sym.progress import Progress
from agentgen_sym.solver import solve
from agentgen_sym.tables import print_table

CORPUS = Path(__file__).resolve().parents[1] / "data" / "llm_corpus"
GOAL_CODES = ("E503", "E504", "E520")


@dataclass
class FileReport:
    file: str
    origin: str
    parses: bool
    errors: dict[str, int]
    fixes: int
    clean: bool
    left: dict[str, int]
    lints: dict[str, int]
    problems: int = 0
    problems_clean: int = 0
    solved: int = 0
    bogus: int = 0
    solved_guarded: int = 0
    bogus_guarded: int = 0
    goal_never: int = 0
    task_left: dict[str, int] = field(default_factory=dict)  # error code -> tasks it blocks after `fix`
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)


def noop_actions(domain: ast.Domain) -> list[str]:
    """Actions that change no state for any arguments: every add is required already, every delete re-added."""
    out = []
    for action in domain.actions:
        parts = list(effect_parts(action.effect))
        if any(isinstance(e, (ast.When, ast.ForallEffect)) for e in parts):
            continue
        adds = {key(e) for e in parts if isinstance(e, ast.Atom)}
        dels = {key(e.arg) for e in parts if isinstance(e, ast.Not) and isinstance(e.arg, ast.Atom)}
        pos = {key(p) for p in conjuncts(action.precondition) if isinstance(p, ast.Atom)}
        if adds <= pos and dels <= adds:
            out.append(action.name)
    return out


def _codes(diagnostics, errors: bool = True) -> Counter:
    return Counter(d.code for d in diagnostics if d.is_error == errors)


def _solve(domain: ast.Domain, problem: ast.Problem, time_limit: float) -> tuple[bool, bool]:
    """(solved, the plan uses a self-move step)."""
    try:
        task = compile_task(domain, problem, time_limit=time_limit)
    except (PddlError, GroundingError, LimitReached):
        return False, False
    solution = solve(task, "default", time_limit=time_limit)
    if not solution.solved:
        return False, False
    moves = self_move_pairs(domain, problem)
    bogus = any(m.action == step.action and m.matches(step.args) for step in solution.steps for m in moves)
    return True, bogus


def measure(domain_path: Path, problem_paths: list[Path], origin: str, time_limit: float) -> FileReport:
    started = time.perf_counter()
    text = domain_path.read_text(encoding="utf-8")
    parsed = parse_text(text, str(domain_path))
    parses = parsed.ok and isinstance(parsed.node, ast.Domain)
    drafted = list(parsed.diagnostics) + (check(parsed.node) if parses else [])
    fixed = repair(domain_path)
    lints: Counter = Counter()
    if fixed.domain is not None:
        lints.update(d.code for d in check(fixed.domain) if d.code in ("W620", "W607"))
        lints["no-op"] = len(noop_actions(fixed.domain))
    report = FileReport(str(domain_path.relative_to(CORPUS)), origin, parses, dict(_codes(drafted)),
                        len(fixed.applied), fixed.ok, dict(_codes(fixed.diagnostics)), {})
    for problem_path in problem_paths:
        report.problems += 1
        task_fix = repair(domain_path, problem_path)
        goal_errors = Counter(d.code for d in task_fix.diagnostics if d.code in GOAL_CODES)
        lints.update(goal_errors)
        report.goal_never += bool(goal_errors)
        if not task_fix.ok or task_fix.problem is None:
            for code in _codes(task_fix.diagnostics):
                report.task_left[code] = report.task_left.get(code, 0) + 1
            continue
        report.problems_clean += 1
        solved, bogus = _solve(task_fix.domain, task_fix.problem, time_limit)
        report.solved += solved
        report.bogus += bogus
        if bogus:
            guarded = repair(domain_path, problem_path, also=("W620",))
            if guarded.ok and guarded.problem is not None:
                solved_g, bogus_g = _solve(guarded.domain, guarded.problem, time_limit)
                report.solved_guarded += solved_g
                report.bogus_guarded += bogus_g
    report.lints = {k: v for k, v in sorted(lints.items()) if v}
    report.seconds = time.perf_counter() - started
    return report


def corpus_units(corpus: Path) -> list[tuple[Path, list[Path], str]]:
    """(domain file, its problem files, origin) for each domain of the manifest."""
    with open(corpus / "manifest.tsv", encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    problems: dict[str, list[Path]] = {}
    for row in rows:
        if row["kind"] == "problem":
            problems.setdefault(str(Path(row["file"]).parent), []).append(corpus / row["file"])
    return [(corpus / row["file"], sorted(problems.get(str(Path(row["file"]).parent), []))
             if Path(row["file"]).name == "domain.pddl" else [], row["origin"])
            for row in rows if row["kind"] == "domain"]


def _show(counts: dict[str, int]) -> str:
    return " ".join(f"{k}x{v}" if v > 1 else k for k, v in sorted(counts.items())) or "-"


def _pct(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.1f}%)" if whole else "0/0"


def summary(reports: list[FileReport]) -> None:
    for origin in sorted({r.origin for r in reports}):
        mine = [r for r in reports if r.origin == origin]
        n = len(mine)
        print(f"\n{origin}: {n} domain files")
        tasks = sum(r.problems for r in mine)
        rows = [
            ["parse as drafted", _pct(sum(r.parses for r in mine), n)],
            ["domain checks clean as drafted", _pct(sum(r.parses and not r.errors for r in mine), n)],
            ["domain checks clean after fix", _pct(sum(r.clean for r in mine), n)],
            ["  made clean by fix (had errors)", _pct(sum(r.clean and bool(r.errors) for r in mine), n)],
            ["with a W620 self-move", _pct(sum("W620" in r.lints for r in mine), n)],
            ["with a W607 self-loop", _pct(sum("W607" in r.lints for r in mine), n)],
            ["with a no-op action", _pct(sum("no-op" in r.lints for r in mine), n)],
        ]
        if tasks:
            rows += [
                ["tasks (domain + problem)", str(tasks)],
                ["tasks checked clean after fix", _pct(sum(r.problems_clean for r in mine), tasks)],
                ["tasks checked + solvable after fix", _pct(sum(r.solved for r in mine), tasks)],
                ["tasks with a goal that can never hold", _pct(sum(r.goal_never for r in mine), tasks)],
                ["gold plans using a self-move step", _pct(sum(r.bogus for r in mine), tasks)],
                ["  of them re-solved with fix --also W620", _pct(sum(r.solved_guarded - r.bogus_guarded
                                                                      for r in mine), sum(r.bogus for r in mine))],
            ]
        print_table(["measure", "value"], rows)
        blockers: Counter = Counter()
        task_blockers: Counter = Counter()
        for r in mine:
            blockers.update(set(r.left))
            task_blockers.update(r.task_left)
        if blockers:
            print("\nwhat blocks the rest of the domains (domain files per remaining error code):")
            print_table(["code", "files"], [[c, n] for c, n in blockers.most_common()])
        if task_blockers:
            print("\nwhat blocks the rest of the tasks (tasks per remaining error code):")
            print_table(["code", "tasks"], [[c, n] for c, n in task_blockers.most_common()])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--limit", type=int, help="only the first N domain files")
    parser.add_argument("--time-limit", type=float, default=5.0, help="seconds per solve (default 5)")
    parser.add_argument("--summary-only", action="store_true")
    parser.add_argument("--json", type=Path, help="also write the per-file reports as JSON")
    args = parser.parse_args(argv)
    units = corpus_units(args.corpus)[:args.limit]
    reports = []
    with Progress(len(units), "llm corpus", unit="file") as progress:
        for domain_path, problem_paths, origin in units:
            reports.append(measure(domain_path, problem_paths, origin, args.time_limit))
            progress.update()
    if not args.summary_only:
        print_table(["file", "parses", "errors", "fixes", "clean", "left", "lints", "tasks ok", "solved", "bogus"],
                    [[r.file, "yes" if r.parses else "no", _show(r.errors), r.fixes, "yes" if r.clean else "no",
                      _show(r.left), _show(r.lints)]
                     + ([f"{r.problems_clean}/{r.problems}", f"{r.solved}/{r.problems}", r.bogus] if r.problems
                        else ["-", "-", "-"]) for r in reports])
    summary(reports)
    total = sum(r.seconds for r in reports)
    print(f"\n{len(reports)} domain files in {total:.1f} s ({1000 * total / max(1, len(reports)):.0f} ms per file)")
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in reports], indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
