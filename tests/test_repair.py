"""Repair: every safe fix applies, the result checks clean, correct files are untouched, and
`fix` is idempotent (the CLI writes canonical files that fix leaves as they are)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentgen_sym import cli, parse_domain, parse_problem, print_pddl, repair
from agentgen_sym.compiler.repair import apply_edits

from .conftest import BENCHMARKS, corpus_files, requires_benchmarks, run_cli

DOMAIN = """(define (domain shop)
  (:requirements :strips :typing)
  (:types tool bench)
  (:predicates (on ?t - tool ?b - bench) (free ?b - bench) (holding ?t - tool))
  (:action take :parameters (?t - tool ?b - bench)
    :precondition (and (on ?t ?b) (not (holding ?t)))
    :effect (and (holding ?t) (free ?b) (not (on ?t ?b)))))
"""
PROBLEM = """(define (problem p1) (:domain shop)
  (:objects hammer - tool bench1 - bench)
  (:init (on hammer bench1))
  (:goal (holding hammer)))
"""


def repaired(domain: str, problem: str | None = None):
    result = repair(domain, problem)
    assert result.ok, [(d.code, d.message) for d in result.diagnostics]
    return result


def test_the_reference_needs_one_requirement():
    result = repaired(DOMAIN, PROBLEM)
    assert [f.description for f in result.applied] == ["declare :negative-preconditions"]


@pytest.mark.parametrize("broken,expected_fix", [
    (DOMAIN.replace("(holding ?t) (free", "(holdng ?t) (free"), "replace `holdng` with `holding`"),
    (DOMAIN.replace("(?t - tool ?b - bench)\n", "(?t - tol ?b - bench)\n"), "replace type `tol` with `tool`"),
    (DOMAIN.replace(":precondition", ":precondtion"), "replace `:precondtion` with `:precondition`"),
    (DOMAIN.replace(":requirements :strips :typing", ":requirements :stirps :typing"), None),
    (DOMAIN.rstrip()[:-2] + "\n", "close the open parentheses with `))` at the end"),
    (DOMAIN + "))\n", "delete the extra `)`"),
    (DOMAIN.replace("(not (on ?t ?b))", "(not (on ?t ?b)) (increase (total-cost) 2)"), "declare (total-cost)"),
])
def test_safe_fixes_restore_the_meaning(broken, expected_fix):
    reference = repaired(DOMAIN).domain
    result = repair(broken)
    if expected_fix is None:  # an unknown requirement has no certain repair
        assert not result.ok and "E403" in [d.code for d in result.diagnostics]
        return
    assert expected_fix in [f.description for f in result.applied]
    assert result.ok, [(d.code, d.message) for d in result.diagnostics]
    if "total-cost" in expected_fix:
        assert ":action-costs" in result.domain.requirements and result.domain.functions[0].name == "total-cost"
    else:
        assert result.domain == reference


def test_misspelled_object_in_a_problem():
    result = repaired(DOMAIN.replace(":typing", ":typing :negative-preconditions"),
                      PROBLEM.replace("(on hammer bench1)", "(on hamer bench1)"))
    assert [f.description for f in result.applied] == ["replace `hamer` with `hammer`"]
    assert result.problem == parse_problem(PROBLEM)


def test_ambiguous_names_are_not_guessed():
    text = DOMAIN.replace("(free ?b - bench) (holding", "(free ?b - bench) (holdinx ?t - tool) (holding").replace(
        "(holding ?t) (free", "(holdinz ?t) (free")
    result = repair(text)
    assert not result.ok
    assert "E201" in [d.code for d in result.diagnostics]


@pytest.mark.parametrize("path", corpus_files()[:12], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_correct_files_come_back_unchanged(path):
    domain_path = path.parent / "domain.pddl"
    result = repair(domain_path, None if path == domain_path else path)
    assert result.applied == ()
    assert result.domain == parse_domain(domain_path)


@requires_benchmarks
@pytest.mark.parametrize("name", ["blocks", "elevators-08", "miconic-fulladl", "psr-middle", "trucks"])
def test_benchmarks_need_no_fix(name):
    result = repair(BENCHMARKS / name / "domain.pddl", BENCHMARKS / name / "p01.pddl")
    assert result.ok and result.applied == ()


def test_apply_edits_skips_overlaps_and_keeps_insertions():
    from agentgen_sym.compiler.ast import Span
    from agentgen_sym.compiler.diagnostics import TextEdit

    text = "abc\ndef\n"
    edits = [TextEdit(Span(None, 2, 1, 2, 4), "XYZ"), TextEdit(Span(None, 2, 2, 2, 3), "q"),
             TextEdit(Span(None, 1, 4, 1, 4), "!")]
    out, done = apply_edits(text, edits)
    assert out == "abc!\nXYZ\n" and len(done) == 2


def test_fix_cli_writes_canonical_files_and_is_idempotent(tmp_path: Path):
    (tmp_path / "in").mkdir()
    domain = tmp_path / "in" / "domain.pddl"
    domain.write_text(DOMAIN.replace("(holding ?t) (free", "(holdng ?t) (free"))
    problem = tmp_path / "in" / "p1.pddl"
    problem.write_text(PROBLEM)
    first = run_cli("fix", str(domain), str(problem), "--output-dir", str(tmp_path / "out1"), "--diff")
    assert first.returncode == 0, first.stdout
    out = first.stdout.decode()
    assert "-    :effect (and (holdng ?t)" in out and "+    :effect (and (holding ?t)" in out
    fixed = (tmp_path / "out1" / "domain.pddl").read_text()
    assert fixed == print_pddl(parse_domain(fixed))
    second = run_cli("fix", str(tmp_path / "out1" / "domain.pddl"), str(tmp_path / "out1" / "p1.pddl"),
                     "--output-dir", str(tmp_path / "out2"))
    assert second.returncode == 0 and "0 fixes applied" in second.stdout.decode()
    assert (tmp_path / "out2" / "domain.pddl").read_text() == fixed
    assert (tmp_path / "out2" / "p1.pddl").read_text() == (tmp_path / "out1" / "p1.pddl").read_text()


def test_fix_cli_reports_what_remains_and_refuses_to_overwrite(tmp_path: Path, capsys):
    domain = tmp_path / "domain.pddl"
    domain.write_text(DOMAIN.replace("(on ?t ?b) (not", "(on ?t) (not"))
    assert cli.main(["fix", str(domain), "--output-dir", str(tmp_path / "out"), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False and any(d["code"] == "E301" for d in data["diagnostics"])
    assert data["applied"][0]["description"] == "declare :negative-preconditions"
    assert cli.main(["fix", str(domain), "--output-dir", str(tmp_path)]) == 2
