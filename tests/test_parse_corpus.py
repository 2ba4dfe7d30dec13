"""Every benchmark and bundled file parses, and the printer is the parser's inverse on all of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentgen_sym import parse_domain, parse_problem
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.parser import parse_source, parse_text
from agentgen_sym.compiler.printer import print_pddl

from .conftest import benchmark_files, benchmark_tasks, corpus_files, requires_benchmarks


def _round_trip(path: Path) -> None:
    result = parse_source(path)
    assert result.ok, [str(d) for d in result.diagnostics]
    printed = print_pddl(result.node)
    again = parse_text(printed, "printed.pddl")
    assert again.ok, [d.message for d in again.diagnostics]
    assert again.node == result.node
    assert print_pddl(again.node) == printed  # the canonical form is a fixed point


@requires_benchmarks
def test_manifest_lists_the_whole_corpus():
    assert len(benchmark_tasks()) == 285


@requires_benchmarks
@pytest.mark.parametrize("path", benchmark_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_benchmark_file_parses_and_round_trips(path: Path):
    _round_trip(path)


@requires_benchmarks
@pytest.mark.parametrize("task", benchmark_tasks(), ids=lambda t: t.id)
def test_problem_names_its_domain(task):
    domain = parse_domain(task.domain_file)
    problem = parse_problem(task.problem_file)
    assert problem.domain_name == domain.name


def test_corpus_has_enough_original_domains():
    domains = {p.parent for p in corpus_files()}
    assert len(domains) >= 5
    for folder in domains:
        assert (folder / "domain.pddl").exists()
        assert len(list(folder.glob("p*.pddl"))) >= 2


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_corpus_file_parses_and_round_trips(path: Path):
    _round_trip(path)


def test_spans_point_at_the_source():
    text = "(define (domain d)\n  (:predicates (On ?X ?y))\n  (:action Pick :parameters (?x)\n    :effect (On ?x ?x)))"
    domain = parse_domain(text)
    predicate = domain.predicates[0]
    assert predicate.name == "on"  # case-insensitive: stored in lower case
    assert (predicate.span.line, predicate.span.column, predicate.span.end_column) == (2, 16, 26)
    effect = domain.actions[0].effect
    assert isinstance(effect, ast.Atom)
    assert (effect.span.line, effect.span.column) == (4, 13)
    second = effect.args[1]
    assert (second.span.line, second.span.column, second.span.end_column) == (4, 20, 22)
    assert text.splitlines()[1][predicate.span.column - 1:predicate.span.end_column - 1] == "(On ?X ?y)"
