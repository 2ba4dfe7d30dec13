"""The checker: every diagnostic code fires on a small case made for it, and none fires as an
error on the benchmark corpus or the bundled corpus."""

from __future__ import annotations

import pytest

from agentgen_sym import check, parse_domain, parse_problem
from agentgen_sym.compiler.codes import CATALOGUE
from agentgen_sym.compiler.parser import parse_text

from .conftest import benchmark_tasks, corpus_files, requires_benchmarks

BLOCKS = """(define (domain blocks)
  (:requirements :strips :typing :negative-preconditions :equality)
  (:types block table - object)
  (:constants floor - table)
  (:predicates (on ?x - block ?y - block) (clear ?x - block) (holding ?x - block) (handempty) (at ?t - table))
  (:action pick :parameters (?x - block ?y - block)
    :precondition (and (on ?x ?y) (clear ?x) (handempty))
    :effect (and (holding ?x) (clear ?y) (not (on ?x ?y)) (not (handempty)))))
"""
PROBLEM = """(define (problem p) (:domain blocks)
  (:objects a b - block)
  (:init (on a b) (clear a) (handempty))
  (:goal (holding a)))
"""


def domain_with(old: str, new: str) -> str:
    assert old in BLOCKS
    return BLOCKS.replace(old, new, 1)


def problem_with(old: str, new: str) -> str:
    assert old in PROBLEM
    return PROBLEM.replace(old, new, 1)


def codes(domain_text: str, problem_text: str | None = None) -> list[str]:
    domain = parse_text(domain_text, "domain.pddl")
    assert domain.ok, domain.diagnostics
    problem = None
    if problem_text is not None:
        parsed = parse_text(problem_text, "problem.pddl")
        assert parsed.ok, parsed.diagnostics
        problem = parsed.node
    return [d.code for d in check(domain.node, problem)]


CASES = {
    "E201": (domain_with("(clear ?x) (handempty))", "(claer ?x) (handempty))"), None),
    "E202": (domain_with("(?x - block ?y - block)\n", "(?x - blok ?y - block)\n"), None),
    "E203": (BLOCKS, problem_with("(clear a)", "(clear c)")),
    "E204": (domain_with("(not (handempty))))", "(not (handempty)) (increase (total-cost) 1)))"), None),
    "E205": (domain_with("(:types block table - object)", "(:types block table - object block - object)"), None),
    "E206": (domain_with("(handempty) (at", "(handempty) (handempty) (at"), None),
    "E207": (BLOCKS[:-2] + BLOCKS[BLOCKS.index("  (:action"):], None),
    "E208": (domain_with("(:constants floor - table)", "(:constants floor - table floor - block)"), None),
    "E209": (domain_with("(?x - block ?y - block)\n", "(?x - block ?x - block)\n"), None),
    "E301": (domain_with("(clear ?x) (handempty))", "(clear ?x ?y) (handempty))"), None),
    "E302": (domain_with("(clear ?x) (handempty))", "(clear ?x) (clear floor) (handempty))"), None),
    "E303": (domain_with("(clear ?x) (handempty))", "(clear ?z) (handempty))"), None),
    "E304": (domain_with("(:types block table - object)", "(:types block - table table - block)"), None),
    "E305": ("(define (domain d) (:requirements :derived-predicates) (:predicates (p) (q))"
             " (:derived (q) (p)) (:action a :parameters () :effect (q)))", None),
    "E306": ("(define (domain d) (:requirements :action-costs) (:predicates (p)) (:functions (total-cost))"
             " (:action a :parameters () :effect (and (p) (increase (total-cost) (/ 4 0)))))", None),
    "E307": ("(define (domain d) (:requirements :derived-predicates :negative-preconditions) (:predicates (p) (q))"
             " (:derived (q) (not (q))) (:action a :parameters () :precondition (q) :effect (p)))", None),
    "E404": (domain_with(":negative-preconditions :equality", "").replace(
        "(clear ?x) (handempty))", "(clear ?x) (not (holding ?x)) (handempty))"), None),
    "E405": ("(define (domain d) (:requirements :conditional-effects :action-costs) (:predicates (p) (q))"
             " (:functions (total-cost)) (:action a :parameters () :effect (and (p) (when (q) (increase (total-cost)"
             " 5)))))", None),
    "E501": (BLOCKS, problem_with("(:domain blocks)", "(:domain other)")),
    "E502": ("(define (domain d) (:requirements :derived-predicates) (:predicates (p) (q))"
             " (:derived (q) (p)) (:action a :parameters () :effect (p)))",
             "(define (problem x) (:domain d) (:init (q)) (:goal (q)))"),
    "E503": (BLOCKS, problem_with("(:goal (holding a))", "(:goal (at floor))")),
    "E504": (domain_with("(holding ?x) (clear ?y)", "(not (holding ?y)) (clear ?y)"), PROBLEM),
    "E520": (BLOCKS, problem_with("(:goal (holding a))", "(:goal (forall (?b - block) (at floor)))")),
    "W601": (domain_with("(and (on ?x ?y) (clear ?x) (handempty))", "(and (on ?x ?y) (at floor) (handempty))"),
             PROBLEM),
    "W602": (domain_with("(clear ?x) (handempty))", "(clear ?x) (not (clear ?x)) (handempty))"), None),
    "W603": (domain_with("(holding ?x) (clear ?y)", "(holding ?x) (not (holding ?x)) (clear ?y)"), None),
    "W604": (domain_with("(?x - block ?y - block)\n", "(?x - block ?y - block ?z - block)\n"), None),
    "W605": (domain_with("(at ?t - table))", "(at ?t - table) (spare))"), None),
    "W606": (domain_with("(:types block table - object)", "(:types block table spare - object)"), None),
    "W607": ("(define (domain g) (:predicates (at ?r)) (:action move :parameters (?from ?to)"
             " :precondition (at ?from) :effect (and (not (at ?from)) (at ?to))))", None),
    "W608": (BLOCKS, problem_with("(:objects a b - block)", "(:objects a b - block floor - table)")),
    "W609": (domain_with("(handempty) (at", "(handempty) (near ?t ?t) (at"), None),
    "W621": ("(define (domain d) (:requirements :action-costs) (:predicates (p)) (:functions (total-cost))"
             " (:action a :parameters () :effect (and (p) (increase (total-cost) 2147483648))))", None),
    "W620": ("(define (domain g) (:predicates (at ?r) (seen ?r)) (:action move :parameters (?from ?to)"
             " :precondition (at ?from) :effect (and (not (at ?from)) (at ?to) (seen ?to))))", None),
    "W622": ("(define (domain d) (:requirements :action-costs) (:predicates (at ?x)) (:functions (len ?x) (total-cost))"
             " (:action go :parameters (?x) :effect (and (at ?x) (increase (total-cost) (len ?x)))))",
             "(define (problem p) (:domain d) (:objects a b) (:init (= (len a) 1)) (:goal (at b)))"),
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_code_fires_on_its_case(code):
    domain_text, problem_text = CASES[code]
    assert code in codes(domain_text, problem_text)


def test_the_clean_example_is_clean():
    assert [c for c in codes(BLOCKS, PROBLEM) if c.startswith("E")] == []


def test_every_catalogued_check_code_has_a_case():
    syntax = {c for c in CATALOGUE if c.startswith("E1") or c in ("E401", "E402", "E403")}
    validation = {c for c in CATALOGUE if c.startswith("V")}  # tests/test_validate.py
    read = {"W614"}  # the parser's warning on numerals as names: tests/test_check_defects.py
    across_problems = {"W623"}  # judged on every problem's initial state at once: tests/test_missing_delete.py
    assert set(CATALOGUE) - syntax - validation - read - across_problems == set(CASES)


def test_diagnostics_are_located_with_hints_and_breadcrumbs():
    domain = parse_domain(CASES["E201"][0])
    [d] = [d for d in check(domain) if d.code == "E201"]
    assert (d.span.line, d.span.column) == (7, 35)
    assert d.hint.startswith("did you mean `clear`?")
    assert d.notes == ("in action `pick` › precondition",)
    assert d.fix.edits[0].replacement == "(clear ?x)"


def test_self_loop_behind_a_static_relation_depends_on_the_problem():
    domain = parse_domain("(define (domain g) (:predicates (at ?r) (road ?a ?b)) (:action move :parameters"
                          " (?from ?to) :precondition (and (at ?from) (road ?from ?to))"
                          " :effect (and (not (at ?from)) (at ?to))))")
    with_loop = parse_problem("(define (problem x) (:domain g) (:objects a b) (:init (at a) (road a a))"
                              " (:goal (at b)))")
    without = parse_problem("(define (problem x) (:domain g) (:objects a b) (:init (at a) (road a b))"
                            " (:goal (at b)))")
    assert "W607" not in [d.code for d in check(domain)]
    assert "W607" in [d.code for d in check(domain, with_loop)]
    assert "W607" not in [d.code for d in check(domain, without)]


def test_adl_implies_its_parts():
    text = ("(define (domain d) (:requirements :adl) (:types t) (:predicates (p ?x - t)) (:action a :parameters"
            " (?x - t) :precondition (or (not (p ?x)) (exists (?y - t) (= ?x ?y))) :effect (forall (?z - t)"
            " (when (p ?z) (not (p ?z))))))")
    assert not [c for c in codes(text) if c.startswith("E")]


@pytest.mark.parametrize("path", [p for p in corpus_files() if p.name != "domain.pddl"],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_bundled_corpus_checks_clean(path):
    """No errors and no lint; only W601 may say that a small problem leaves an action unusable."""
    domain = parse_domain(path.parent / "domain.pddl")
    problem = parse_problem(path)
    assert [(d.code, d.message) for d in check(domain, problem) if d.code != "W601"] == []


@requires_benchmarks
@pytest.mark.parametrize("task", benchmark_tasks(), ids=lambda t: t.id)
def test_benchmarks_check_without_errors(task):
    domain = parse_domain(task.domain_file)
    problem = parse_problem(task.problem_file)
    errors = [f"{d.code} {d.span}: {d.message}" for d in check(domain, problem) if d.is_error]
    assert errors == []
