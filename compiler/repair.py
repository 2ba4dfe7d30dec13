"""Automatic repair: apply the machine-applicable fixes of error diagnostics, re-check, repeat.

Fixes are text edits on the source (a misspelled name, a missing requirement, a missing
``(:functions (total-cost))``, unbalanced trailing parentheses, a misspelled keyword), so
one mechanism repairs files that do not even parse yet. Only errors are fixed (and the
warnings named in ``also``): a file without them comes back unchanged, which is what makes a
fix safe on correct input and ``repair`` idempotent.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath
from typing import Iterable, Sequence

from . import ast
from .check import check
from .diagnostics import Diagnostic, Fix, TextEdit
from .limits import Budget
from .parser import ParseResult, Source, parse_text, read_source
from .printer import print_pddl

MAX_ROUNDS = 8


@dataclass(frozen=True)
class RepairResult:
    """The repaired ASTs (None where a file still does not parse), the fixes applied, what remains."""

    domain: ast.Domain | None
    problem: ast.Problem | None
    texts: dict[str, str]
    applied: tuple[Fix, ...]
    diagnostics: tuple[Diagnostic, ...]

    @property
    def ok(self) -> bool:
        return self.domain is not None and not any(d.is_error for d in self.diagnostics)

    def files(self) -> dict[str, str]:
        """The repaired files, canonically printed, by the base name of their source (``domain.pddl``): what
        ``fix`` writes to its output folder. A file that still does not parse has none; a problem named like its
        domain (``d/x.pddl`` and ``p/x.pddl``) becomes ``problem-x.pddl``."""
        names = list(self.texts)  # the domain's source first, then the problem's
        out: dict[str, str] = {}
        for source, node in ((names[0] if names else None, self.domain), (names[-1] if names else None, self.problem)):
            if source is None or node is None:
                continue
            name = PurePath(source).name
            out[f"problem-{name}" if name in out else name] = print_pddl(node)
        return out

    def to_json(self, written: Sequence[str]) -> dict:
        """``fix --format json``: whether the result is clean, the files ``written`` (their paths, or names), the
        fixes applied and the diagnostics that remain."""
        return {"ok": self.ok, "written": list(written), "applied": [f.to_dict() for f in self.applied],
                "diagnostics": [d.to_dict() for d in self.diagnostics]}


def apply_edits(text: str, edits: list[TextEdit]) -> tuple[str, list[TextEdit]]:
    """Apply non-overlapping edits (later ones first, so offsets stay valid); return the text and
    the edits actually applied (an edit overlapping an earlier one waits for the next round)."""
    starts = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)

    def offset(line: int, column: int) -> int:
        return min(len(text), starts[min(line, len(starts)) - 1] + column - 1)

    located = sorted(((offset(e.span.line, e.span.column), offset(e.span.end_line, e.span.end_column), e)
                      for e in edits), key=lambda x: (x[0], x[1]))
    chosen: list[tuple[int, int, TextEdit]] = []
    same: list[TextEdit] = []  # an edit identical to a chosen one (two fixes adding one requirement): done once
    for start, stop, edit in located:
        if chosen and (start, stop, edit.replacement) == (chosen[-1][0], chosen[-1][1], chosen[-1][2].replacement):
            same.append(edit)
        elif not chosen or start >= chosen[-1][1]:
            chosen.append((start, stop, edit))
    for start, stop, edit in reversed(chosen):
        text = text[:start] + edit.replacement + text[stop:]
    return text, [edit for _, _, edit in chosen] + same


def _diagnose(texts: dict[str, str], domain_file: str, problem_file: str | None, budget: Budget | None
              ) -> tuple[ParseResult, ParseResult | None, list[Diagnostic]]:
    domain = parse_text(texts[domain_file], domain_file)
    problem = parse_text(texts[problem_file], problem_file) if problem_file else None
    found = list(domain.diagnostics) + (list(problem.diagnostics) if problem else [])
    # what parsed is checked too (sections lost to syntax errors silence what they could cause), so
    # one round reports, and fixes, syntax and semantic errors together
    if isinstance(domain.node, ast.Domain) and (problem is None or isinstance(problem.node, ast.Problem)):
        found += check(domain.node, problem.node if problem else None,
                       incomplete=domain.lost + (problem.lost if problem else ()), budget=budget)
    return domain, problem, list(dict.fromkeys(found))


def repair(domain_source: Source, problem_source: Source | None = None, *, max_rounds: int = MAX_ROUNDS,
           also: Iterable[str] = (), budget: Budget | None = None) -> RepairResult:
    """Repair a domain (and optionally a problem) given as paths or PDDL text; ``also`` names warning
    codes whose fixes are applied too (``W620`` adds the inequality a self-move lacks).

    Raises OSError when a file cannot be read, and ``limits.LimitReached`` when ``budget`` (a deadline and a
    memory limit, checked by every round's ``check``) runs out.
    """
    texts: dict[str, str] = {}
    unreadable: list[Diagnostic] = []
    names = []
    for source, default in ((domain_source, "<domain>"), (problem_source, "<problem>")):
        if source is None:
            names.append(None)
            continue
        text, file, problems = read_source(source)
        name = file or default
        texts[name] = text
        unreadable += problems
        names.append(name)
    domain_file, problem_file = names
    if unreadable:
        return RepairResult(None, None, texts, (), tuple(unreadable))

    applied: list[Fix] = []
    warnings = {code.upper() for code in also}
    for _round in range(max_rounds):
        _domain, _problem, found = _diagnose(texts, domain_file, problem_file, budget)
        fixes = [d.fix for d in found if (d.is_error or d.code in warnings) and d.fix is not None and d.fix.edits]
        if not fixes:
            break
        done: set[int] = set()
        for file in texts:
            texts[file], applied_here = apply_edits(texts[file], [e for f in fixes for e in f.edits
                                                                   if e.span.file == file])
            done |= {id(e) for e in applied_here}
        if not done:
            break
        applied.extend(f for f in fixes if all(id(e) in done for e in f.edits))
    domain, problem, found = _diagnose(texts, domain_file, problem_file, budget)
    domain_node = domain.node if domain.ok and isinstance(domain.node, ast.Domain) else None
    problem_node = None
    if problem is not None and problem.ok and isinstance(problem.node, ast.Problem):
        problem_node = problem.node
    return RepairResult(domain_node, problem_node, texts, tuple(dict.fromkeys(applied)), tuple(found))
