"""Defects found by running `check` and `fix` on real drafted files, each pinned by a test."""

from __future__ import annotations

import pytest

from agentgen_sym import check, cli, parse_domain, parse_problem, repair
from agentgen_sym.compiler.codes import CATALOGUE, explain
from agentgen_sym.compiler.parser import parse_text
from agentgen_sym.compiler.repair import apply_edits

from .test_check import BLOCKS, CASES, PROBLEM

UNTYPED = """(define (domain u) (:requirements :strips)
  (:predicates (at ?x ?y) (road ?a ?b))
  (:action go :parameters (?x ?a ?b) :precondition (and (at ?x ?a) (road ?a ?b))
    :effect (and (at ?x ?b) (not (at ?x ?a)))))
"""


def test_a_domain_given_as_the_problem_is_an_error(tmp_path, capsys):
    domain, other = tmp_path / "domain.pddl", tmp_path / "other-domain.pddl"
    domain.write_text(BLOCKS)
    other.write_text(BLOCKS.replace("(domain blocks)", "(domain other)"))
    assert cli.main(["check", str(domain), str(other)]) == 1
    out = capsys.readouterr().out
    assert "error[E111]: expected a problem, found the domain `other`" in out


@pytest.mark.parametrize("code", sorted(CASES))
def test_explain_says_there_is_a_fix_exactly_when_the_diagnostic_carries_one(code):
    domain_text, problem_text = CASES[code]
    domain = parse_domain(domain_text)
    problem = parse_problem(problem_text) if problem_text else None
    carried = any(d.fix is not None for d in check(domain, problem) if d.code == code)
    if carried:
        assert CATALOGUE[code].fixable and "Automatic fix: no" not in explain(code)


def test_explain_w607_offers_its_fix():
    text = explain("W607")
    assert "Automatic fix: suggested" in text and "no automatic fix" not in text.lower()


def test_a_dash_glued_to_the_type_is_refused_with_a_fix():
    text = BLOCKS.replace("(?x - block ?y - block)\n", "(?x -block ?y - block)\n")
    result = parse_text(text, "d.pddl")
    (error,) = [d for d in result.diagnostics if d.is_error]
    assert error.code == "E110" and "`-block` is one name" in error.message
    fixed, _ = apply_edits(text, list(error.fix.edits))
    assert fixed == BLOCKS
    # a negative number and an arithmetic minus are not glued dashes
    assert parse_text(BLOCKS.replace("(not (handempty))))", "(not (handempty)) (increase (total-cost) (- 3 -1))))"),
                      "d.pddl").diagnostics == ()


def test_fix_declares_the_types_a_problem_gives_objects_of_an_untyped_domain():
    problem = """(define (problem p) (:domain u)
  (:objects t - truck a b - place)
  (:init (at t a) (road a b))
  (:goal (at t b)))
"""
    before = check(parse_domain(UNTYPED), parse_problem(problem))
    assert sorted(d.code for d in before if d.is_error) == ["E202", "E202", "E404"]
    result = repair(UNTYPED, problem)
    assert result.ok, result.diagnostics
    assert {t.name for t in result.domain.types} == {"truck", "place"}
    assert ":typing" in result.domain.requirements


def test_numerals_as_names_are_read_with_a_warning_and_a_renaming_fix():
    problem = """(define (problem 6) (:domain u)
  (:objects 1 2 3)
  (:init (at 1 2) (road 2 3))
  (:goal (at 1 3)))
"""
    result = parse_text(problem, "p.pddl")
    assert result.ok
    assert result.node.name == "6" and [o.name for o in result.node.objects] == ["1", "2", "3"]
    warnings = {d.message.split("`")[1]: d for d in result.diagnostics}
    assert set(warnings) == {"6", "1", "2", "3"} and all(d.code == "W614" for d in warnings.values())
    assert check(parse_domain(UNTYPED), result.node) == []  # the task itself is fine
    renamed, _ = apply_edits(problem, [e for d in result.diagnostics for e in d.fix.edits])
    again = parse_text(renamed, "p.pddl")
    assert again.diagnostics == () and again.node.name == "n6"
    assert [o.name for o in again.node.objects] == ["n1", "n2", "n3"]
    assert ("at", ("n1", "n3")) == (again.node.goal.predicate, tuple(a.name for a in again.node.goal.args))


def test_types_given_only_to_a_problems_objects_are_not_unused():
    domain = BLOCKS.replace("(:types block table - object)", "(:types block table crate - object)")
    problem = PROBLEM.replace("(:objects a b - block)", "(:objects a b - block c - crate)")
    assert "W606" in [d.code for d in check(parse_domain(domain))]  # alone, nothing uses `crate`
    assert "W606" not in [d.code for d in check(parse_domain(domain), parse_problem(problem))]
