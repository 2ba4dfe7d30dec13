"""Syntax diagnostics: every code fires where it should, says what was expected, and the
front end tolerates what real files and LLMs produce."""

from __future__ import annotations

import json

import pytest

from agentgen_sym import PddlError, parse_domain, parse_plan, parse_problem
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.codes import CATALOGUE
from agentgen_sym.compiler.diagnostics import SourceCache, render_json, render_text
from agentgen_sym.compiler.parser import MAX_DEPTH, parse_source, parse_text


def diagnostics(text: str, file: str = "t.pddl"):
    result = parse_text(text, file)
    assert not result.ok
    return result.diagnostics


def only(text: str):
    found = [d for d in diagnostics(text) if d.is_error]
    assert len(found) == 1, found
    return found[0]


DOMAIN_HEAD = "(define (domain d) (:requirements :strips) (:predicates (p ?x) (q))"


def test_unclosed_parenthesis_names_what_is_open():
    d = only("(define (domain d)\n  (:action pick\n    :parameters (?x)\n    :effect (and (p ?x)\n")
    assert d.code == "E102"
    assert d.message == "unexpected end of file: expected `)` to close `(and` opened at 4:13"
    assert (d.span.line, d.span.column) == (4, 24)  # right after the last token, where `)` belongs


def test_token_where_a_close_was_needed_points_at_it():
    d = only("(define (domain d)\n  (:action pick\n    :parameters (?x)\n    :effect (p ?x)\n    (q))")
    assert d.code == "E101"
    assert d.message == "unexpected `(`: expected `)` to close `(:action pick` opened at 2:3"
    assert (d.span.line, d.span.column) == (5, 5)
    assert d.notes == ("in (define › (:action pick",)


def test_misspelled_keyword_gets_a_suggestion_and_a_fix():
    d = only(DOMAIN_HEAD + "\n(:action a :parameters (?x) :precondtion (p ?x) :effect (q)))")
    assert d.code == "E105" and d.hint == "did you mean `:precondition`?"
    assert d.fix is not None and d.fix.edits[0].replacement == ":precondition"
    assert (d.span.line, d.span.column, d.span.end_column) == (2, 29, 41)


def test_misspelled_section_keyword():
    d = only("(define (domain d) (:predicatse (p)))")
    assert d.code == "E105" and d.hint == "did you mean `:predicates`?"


def test_misspelled_connective_is_suggested():
    d = only(DOMAIN_HEAD + "(:action a :parameters (?x) :precondition (nto (p ?x))))")
    assert d.code == "E101" and d.hint.startswith("did you mean `not`?")


def test_extra_closing_parenthesis():
    d = only("(define (domain d))\n)")
    assert d.code == "E104" and (d.span.line, d.span.column) == (2, 1)
    assert d.fix.edits[0].replacement == ""


def test_unexpected_character():
    d = only("(define (domain d) (:predicates (on ?x, ?y)))")
    assert d.code in ("E101", "E103") and "`,`" in d.message


@pytest.mark.parametrize("text,what", [
    (DOMAIN_HEAD + "(:durative-action a :parameters () :duration (= ?duration 1)"
     " :condition (at start (p)) :effect (at end (q))))", "durative actions"),
    (DOMAIN_HEAD + "(:action a :parameters () :precondition (> (fuel) 1) :effect (q)))", "numeric comparison"),
    (DOMAIN_HEAD + "(:action a :parameters () :precondition (= (fuel) 1) :effect (q)))", "numeric comparison"),
    (DOMAIN_HEAD + "(:action a :parameters () :effect (decrease (fuel) 1)))", "numeric effect"),
    (DOMAIN_HEAD + "(:action a :parameters () :effect (increase (fuel) 1)))", "numeric effect"),
    (DOMAIN_HEAD + "(:functions (loc) - place))", "object fluents"),
    (DOMAIN_HEAD + "(:constraints (always (q))))", "constraints"),
    ("(define (problem x) (:domain d) (:init (at 10 (q))) (:goal (q)))", "timed initial literal"),
    ("(define (problem x) (:domain d) (:init) (:goal (preference g1 (q))))", "preferences"),
    ("(define (problem x) (:domain d) (:init (not (q))) (:goal (q)))", "negative initial fact"),
])
def test_unsupported_constructs_are_named_at_their_location(text, what):
    d = only(text)
    assert d.code == "E402" and what in d.message
    assert text[d.span.column - 1] == "("  # one-line inputs: the span starts at the construct


def test_unsupported_and_unknown_requirements():
    found = diagnostics("(define (domain d) (:requirements :strips :durative-actions :stirps))")
    assert [(d.code, d.hint) for d in found] == [
        ("E401", "agentgen-sym plans with classical PDDL (STRIPS, ADL, derived predicates, action costs)"),
        ("E403", "did you mean `:strips`?")]


@pytest.mark.parametrize("text,code", [
    ("(define (domain d) (:objects a b))", "E113"),
    ("(define (problem p) (:domain d) (:predicates (p)) (:goal (and)))", "E113"),
    ("(define (domain d) (:action a :parameters () :effect (q) :effect (p)))", "E112"),
    ("(define (problem p) (:domain d) (:goal (p)) (:goal (q)))", "E112"),
    ("(define (problem p) (:goal (p)))", "E114"),
    ("(define (problem p) (:domain d) (:init (p)))", "E115"),
    ("(define (domain d) (:types - a))", "E110"),
    ("(define (domain d) (:types a - (either)))", "E110"),
    ("(define (problem p) (:domain d) (:init) (:goal (and)) (:metric fastest (total-cost)))", "E101"),
    ("(define (domain d) (:predicates (p ?c -compressor)))", "E110"),  # one name to Fast Downward: refused
])
def test_structural_errors(text, code):
    assert code in [d.code for d in diagnostics(text)]


def test_wrong_kind_of_file():
    with pytest.raises(PddlError) as info:
        parse_domain("(define (problem p) (:domain d) (:goal (and)))")
    assert info.value.diagnostics[0].code == "E111"
    with pytest.raises(PddlError) as info:
        parse_problem("(define (domain d))")
    assert info.value.diagnostics[0].code == "E111"


def test_input_guards(tmp_path):
    assert only("  ; only a comment\n").code == "E109"
    deep = "(define (domain d) (:action a :parameters () :precondition " + "(and " * (MAX_DEPTH + 5) + ")" * (
        MAX_DEPTH + 5) + "))"
    assert only(deep).code == "E106"
    binary = tmp_path / "b.pddl"
    binary.write_bytes(b"(define \x00")
    assert parse_source(binary).diagnostics[0].code == "E108"
    latin = tmp_path / "l.pddl"
    latin.write_bytes(b"(define (domain d))\n; caf\xe9\n")
    d = parse_source(latin).diagnostics[0]
    assert d.code == "E108" and (d.span.line, d.span.column) == (2, 6)
    big = tmp_path / "big.pddl"
    big.write_text("(define (domain d))" + " " * 100)
    assert parse_source(big, max_bytes=50).diagnostics[0].code == "E107"


def test_nesting_just_under_the_limit_is_fine():
    depth = MAX_DEPTH - 10
    text = "(define (domain d) (:predicates (p)) (:action a :parameters () :precondition " + "(and " * depth + \
        "(p)" + ")" * depth + "))"
    domain = parse_domain(text)
    from agentgen_sym.compiler.printer import print_pddl
    assert parse_domain(print_pddl(domain)) == domain
    hash(domain)


def test_tolerates_what_real_files_and_llms_produce():
    text = """; a header comment
    (DEFINE (DOMAIN Mixed) ; comment after the name
      (:Predicates (At?x ?y) (Free)) ; glued variable
      (:action Go ; no :requirements anywhere, untyped
        :effect (and) :parameters (?a ?b) :precondition ())  ; parts in any order, empty ones
      (:types big small - Thing thing) ; sections in any order
      (:action assign :parameters (?x - (either big small)) :precondition (At ?x ?x) :effect (free)))"""
    domain = parse_domain(text)
    assert domain.name == "mixed" and domain.requirements == ()
    assert domain.predicates[0] == ast.Predicate("at", (ast.TypedName("x"), ast.TypedName("y")))
    go, assign = domain.actions
    assert go.precondition == ast.And(()) and go.effect == ast.AndEffect(()) and len(go.parameters) == 2
    assert assign.name == "assign" and assign.parameters[0].types == ("big", "small")
    assert [t.types for t in domain.types] == [("thing",), ("thing",), ()]


def test_plans_accept_timestamps_comments_and_cost():
    plan = parse_plan("; found by a planner\n0: (PICK-UP b) [1]\n1: (stack b a) ; inline\n; cost = 2 (unit cost)\n")
    assert [(s.action, s.args) for s in plan.steps] == [("pick-up", ("b",)), ("stack", ("b", "a"))]
    assert plan.cost == 2


def test_text_rendering_quotes_the_line_with_a_caret():
    text = "(define (domain d)\n  (:action pick :parameters (?x) :precondtion (p ?x)))\n"
    d = only(text)
    sources = SourceCache()
    sources.add("t.pddl", text)
    rendered = render_text(d, sources).splitlines()
    assert rendered[0] == "t.pddl:2:34: error[E105]: unknown keyword `:precondtion`"
    assert rendered[1] == "2 |   (:action pick :parameters (?x) :precondtion (p ?x)))"
    assert rendered[2] == "  |                                  ^^^^^^^^^^^^"
    assert rendered[-1] == "  = help: did you mean `:precondition`?"


def test_json_rendering_has_the_documented_fields():
    data = json.loads(render_json(diagnostics("(define (domain d) (:predicatse))")))
    assert data["ok"] is False
    item = data["diagnostics"][0]
    assert {"code", "severity", "file", "line", "column", "end_line", "end_column", "message", "hint"} <= item.keys()
    assert item["fix"]["edits"][0]["replacement"] == ":predicates"


def test_every_emitted_code_is_catalogued():
    import re
    from pathlib import Path

    source = "".join(p.read_text() for p in Path(__file__).resolve().parents[1].joinpath("compiler").glob("*.py"))
    emitted = set(re.findall(r'"([EW]\d{3})"', source))
    assert emitted <= set(CATALOGUE), emitted - set(CATALOGUE)
