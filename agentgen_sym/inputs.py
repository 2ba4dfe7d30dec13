"""The PDDL a command is given, read and checked as the commands read it: one domain and its problems for
``check``, a task (and a plan) for ``validate``, ``ground`` and ``solve``, two domains or a domain and two problems
for ``equiv``.

A source is a path or a ``SourceText`` (text in memory under the file name it is shown with). The command line
reads files through here and the MCP server (``agentgen_sym/mcp/tools.py``) reads the texts of a tool call, so
the same PDDL gives the same diagnostics either way, file names aside, and nothing is written for it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.check import READ_ANYWAY, check
from agentgen_sym.compiler.broken_invariants import invariant_diagnostics
from agentgen_sym.compiler.diagnostics import Diagnostic, Severity, SourceCache
from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.limits import Budget
from agentgen_sym.compiler.parser import ParseResult, Source, SourceText, parse_source
from agentgen_sym.equiv import EquivBudget, Verdict, equiv_domains, equiv_problems
from agentgen_sym.progress import Progress

Findings = tuple[list[Diagnostic], dict[str, str]]
"""A check's outcome: its diagnostics and the source texts it read (by file name)."""


class InputError(AgentgenError, ValueError):
    """Input a command cannot use: a file that cannot be read, a problem given where the domain belongs, files in
    the wrong order, or (``equiv``) a model with errors, whose ``diagnostics`` come first. The command line shows
    it as a usage error (exit 2), the MCP server as a tool error."""

    def __init__(self, message: str, diagnostics: Sequence[Diagnostic] = ()) -> None:
        super().__init__(message)
        self.diagnostics = tuple(diagnostics)


def source_name(source: Source) -> str:
    """The file name a source is shown with."""
    return source.name if isinstance(source, SourceText) else str(source)


# --------------------------------------------------------------------------- check


def check_unit(domain_source: Source, problem_sources: Sequence[Source], max_bytes: int, tree: bool = False,
               progress: Progress | None = None, budget: Budget | None = None) -> Findings:
    """Parse and check one domain and its problems: every finding (syntax, ``check``, W623 over all the
    problems) and the source texts read. ``tree`` (a domain found in a folder tree) reports a problem in the
    domain's place as E111 instead of refusing it. ``budget`` covers the parsing and every pass of the check:
    ``LimitReached`` when it runs out. Raises InputError for a file that cannot be read."""
    budget = budget or Budget()
    sources = SourceCache()
    try:
        budget.check("starting its check")  # a unit that starts after the deadline reads nothing
        domain = _parse_for_check(domain_source, sources, max_bytes, budget)
        found: list[Diagnostic] = list(domain.diagnostics)
        domain_ok = isinstance(domain.node, ast.Domain)  # recovered after syntax errors counts: check what parsed
        if isinstance(domain.node, ast.Problem):
            if not tree:
                raise InputError(f"{source_name(domain_source)} is a problem, not a domain: give the domain file "
                                 "first")
            found.append(Diagnostic("E111", Severity.ERROR, f"expected a domain, found the problem "
                                    f"`{domain.node.name}`", domain.node.span, "name domain files domain.pddl"))
        checked_with_problem = False
        problems: list[ast.Problem] = []
        for source in problem_sources:
            problem = _parse_for_check(source, sources, max_bytes, budget)
            found += problem.diagnostics
            if isinstance(problem.node, ast.Domain):
                found.append(_not_a_problem(problem.node, source))
            elif domain_ok and isinstance(problem.node, ast.Problem):
                found += check(domain.node, problem.node, incomplete=domain.lost + problem.lost, budget=budget)
                checked_with_problem = True
                problems.append(problem.node)
            if progress is not None:
                progress.update()
        if domain_ok and not checked_with_problem:
            found += check(domain.node, incomplete=domain.lost, budget=budget)
        if domain_ok and not domain.lost:  # W623 reads every problem's initial state at once
            found += invariant_diagnostics(domain.node, problems, budget)
    except OSError as exc:
        raise InputError(f"cannot read {exc.filename}: {exc.strerror or exc}") from exc
    return list(dict.fromkeys(found)), sources.texts


def _parse_for_check(source: Source, sources: SourceCache, max_bytes: int, budget: Budget) -> ParseResult:
    result = parse_source(source, max_bytes=max_bytes, budget=budget)
    sources.add(source_name(source), result.text)
    return result


def _not_a_problem(node: ast.Domain, source: Source) -> Diagnostic:
    return Diagnostic("E111", Severity.ERROR, f"expected a problem, found the domain `{node.name}`", node.span,
                      f"{source_name(source)} is a domain file: give it first, or give problem files after the domain")


# --------------------------------------------------------------------------- validate, ground, solve


def load_task(sources: SourceCache, max_bytes: int, budget: Budget, domain_source: Source, problem_source: Source,
              plan_source: Source | None = None) -> tuple[list[ParseResult], list[Diagnostic], list[Diagnostic]]:
    """Parse DOMAIN, PROBLEM (and PLAN), adding their texts to ``sources``: the parse results, the errors (syntax
    errors, then ``check``'s) and the READ_ANYWAY findings read past as warnings (a reading command says so on
    stderr). ``budget`` holds the command's deadline: LimitReached when parsing or checking runs past it. Raises
    InputError for a file that cannot be read or files in the wrong order."""
    results: list[ParseResult] = []
    files = [(domain_source, "pddl_file"), (problem_source, "pddl_file")]
    if plan_source is not None:
        files.append((plan_source, "plan_file"))
    for source, start in files:
        try:
            result = parse_source(source, start, max_bytes=max_bytes, budget=budget)
        except OSError as exc:
            raise InputError(f"cannot read {source_name(source)}: {exc.strerror or exc}") from exc
        sources.add(source_name(source), result.text)
        results.append(result)
    found = [d for r in results for d in r.diagnostics]
    domain, problem = results[0].node, results[1].node
    order = "DOMAIN, PROBLEM and PLAN" if plan_source is not None else "DOMAIN and PROBLEM"
    for source, node, kind, noun in ((domain_source, domain, ast.Domain, "domain"),
                                     (problem_source, problem, ast.Problem, "problem")):
        if node is not None and not isinstance(node, kind):
            raise InputError(f"{source_name(source)} is not a {noun}: give {order} in this order")
    read_anyway: list[Diagnostic] = []
    if all(r.ok for r in results):
        checked = check(domain, problem, strict=False, budget=budget)
        found += [d for d in checked if d.is_error]
        read_anyway = [d for d in checked if d.code in READ_ANYWAY]
    return results, found, read_anyway


def read_anyway_line(diagnostic: Diagnostic) -> str:
    """The one line a reading command prints on stderr for a READ_ANYWAY finding it reads past."""
    return (f"{diagnostic.span}: warning[{diagnostic.code}]: {diagnostic.message}; read anyway, as Fast Downward "
            "reads it (`agentgen-sym check` reports an error, `agentgen-sym fix` declares it)")


# --------------------------------------------------------------------------- equiv


def read_model(source: Source, sources: SourceCache) -> ast.Domain | ast.Problem:
    """A domain or problem for ``equiv``, its text added to ``sources``; InputError (with the diagnostics) when
    it does not parse or the domain does not check."""
    name = source_name(source)
    if not isinstance(source, SourceText):
        source = Path(source)  # a path, even one that holds a parenthesis
        if not source.is_file():
            raise InputError(f"{name}: no such file")
    result = parse_source(source)
    sources.add(result.file or name, result.text)
    node = result.node
    found = list(result.diagnostics)
    if node is not None and not found and isinstance(node, ast.Domain):
        found = [d for d in check(node, strict=False) if d.is_error]
    if node is None or any(d.is_error for d in found) or isinstance(node, ast.Plan):
        raise InputError(f"{name}: not a valid domain or problem; `agentgen-sym check` shows why", found)
    return node


def equiv_sources(first: Source, second: Source, problems: Sequence[Source], budget: EquivBudget,
                  sources: SourceCache, limits: Budget | None = None) -> Verdict:
    """``equiv A B [PROBLEM ...]``: two domains (compared on problems of the first), or a domain and two problems
    (``second`` and the one of ``problems``), under ``budget`` and ``limits``. Raises InputError for a model with
    errors or files in the wrong order."""
    a, b = read_model(first, sources), read_model(second, sources)
    rest = [read_model(p, sources) for p in problems]
    if not isinstance(a, ast.Domain):
        raise InputError(f"{source_name(first)}: the first file must be a domain")
    if isinstance(b, ast.Domain):
        if not all(isinstance(p, ast.Problem) for p in rest):
            raise InputError("after two domains, every further file must be a problem of the first")
        return equiv_domains(a, b, tuple(rest), budget, limits)
    if len(rest) != 1 or not isinstance(rest[0], ast.Problem):
        raise InputError("`equiv DOMAIN P Q` takes exactly two problems")
    return equiv_problems(a, b, rest[0], budget, limits)
