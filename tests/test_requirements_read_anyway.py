"""Published files use constructs without their requirement flag (an IPC domain with `total-cost` that declares only
`:typing`). `check` reports E404 errors; the stages that only read a task take them as warnings, as Fast Downward and
unified-planning read such files; a requirement is reported, and declared by `fix`, once."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import agentgen_sym as ag
from agentgen_sym.backends import fast_downward_driver
from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.diagnostics import Severity, TextEdit
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.compiler.repair import apply_edits
from agentgen_sym.compiler.ast import Span
from agentgen_sym.env import Templates, TextEnv

from .conftest import requires_extra, run_cli

DOMAIN = """(define (domain tc) (:requirements :typing)
  (:types place)
  (:predicates (at ?p - place) (road ?a ?b - place))
  (:functions (total-cost) (dist ?a ?b - place))
  (:action go :parameters (?a ?b - place) :precondition (and (at ?a) (road ?a ?b) (not (= ?a ?b)))
   :effect (and (not (at ?a)) (at ?b) (increase (total-cost) (dist ?a ?b)))))
"""
PROBLEM = """(define (problem t1) (:domain tc) (:objects a b c - place)
  (:init (at a) (road a b) (road b c) (road a c) (= (dist a b) 1) (= (dist b c) 1) (= (dist a c) 5) (= (total-cost) 0))
  (:goal (forall (?p - place) (imply (= ?p c) (at ?p)))) (:metric minimize (total-cost)))
"""
MISSING = {":action-costs", ":equality", ":universal-preconditions", ":disjunctive-preconditions"}


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "d.pddl").write_text(DOMAIN)
    (tmp_path / "p.pddl").write_text(PROBLEM)
    return tmp_path / "d.pddl", tmp_path / "p.pddl"


def _missing(diagnostics) -> list[str]:
    return sorted(d.message.split("`")[1] for d in diagnostics if d.code == "E404")


def test_check_reports_each_missing_requirement_once_as_an_error(files):
    found = check(parse_domain(files[0]), parse_problem(files[1]))
    assert _missing(found) == sorted(MISSING)  # `=` in the domain and in the goal: one E404 for :equality
    assert all(d.severity is Severity.ERROR for d in found if d.code == "E404")
    proc = run_cli("check", *map(str, files))
    assert proc.returncode == 1 and proc.stdout.count(b"error[E404]") == len(MISSING)


def test_reading_stages_take_them_as_warnings(files):
    found = check(parse_domain(files[0]), parse_problem(files[1]), strict=False)
    assert _missing(found) == sorted(MISSING) and not any(d.is_error for d in found)
    assert all("read anyway" in d.notes[-1] for d in found if d.code == "E404")
    task = ag.compile_task(*files)
    solution = ag.solve(task, "optimal")
    assert solution.solved and solution.cost == 2  # a -> b -> c at 1 + 1, not the direct road at 5
    env = TextEnv(task, Templates.for_domain(task.domain))
    assert "at" in env.reset().lower()


def test_solve_and_validate_read_the_file_and_say_why(files, tmp_path: Path):
    solved = run_cli("solve", *map(str, files), "--optimal", "-q")
    assert solved.returncode == 0, solved.stderr
    assert solved.stderr.count(b"warning[E404]") == len(MISSING) and b"read anyway" in solved.stderr
    (tmp_path / "plan").write_bytes(solved.stdout)
    validated = run_cli("validate", *map(str, files), str(tmp_path / "plan"))
    assert validated.returncode == 0 and b"valid plan: 2 steps, cost 2" in validated.stdout


def test_generate_reads_the_file(files, tmp_path: Path):
    proc = run_cli("generate", *map(str, files), "--n", "3", "--out", str(tmp_path / "gen"), timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "gen" / "tasks.jsonl").read_text().count("\n") >= 1


def test_fix_declares_each_requirement_once(files, tmp_path: Path):
    proc = run_cli("fix", *map(str, files), "-o", str(tmp_path / "fixed"))
    assert proc.returncode == 0, proc.stderr
    fixed = parse_domain(tmp_path / "fixed" / "d.pddl")
    assert sorted(fixed.requirements) == sorted(MISSING | {":typing"})
    assert check(fixed, parse_problem(tmp_path / "fixed" / "p.pddl")) == []


def test_identical_insertions_are_applied_once_and_both_count_as_done():
    at = Span("d.pddl", 1, 5, 1, 5)
    first, second, other = TextEdit(at, " :x"), TextEdit(at, " :x"), TextEdit(at, " :y")
    text, applied = apply_edits("abcd)", [first, second, other])
    assert text == "abcd :x :y)" and {id(e) for e in applied} == {id(first), id(second), id(other)}


def test_unified_planning_and_fast_downward_read_the_original_files(files):
    reader = requires_extra("unified_planning.io").PDDLReader()
    problem = reader.parse_problem(str(files[0]), str(files[1]))
    assert len(problem.actions) == 1
    driver = fast_downward_driver()
    if driver is None:
        pytest.skip("up-fast-downward is not installed")
    proc = subprocess.run([sys.executable, str(driver), "--plan-file", str(files[0].parent / "fd.plan"),
                           *map(str, files), "--search", "astar(blind())"], capture_output=True, timeout=120,
                          cwd=files[0].parent)
    assert proc.returncode == 0, proc.stdout[-800:]
    assert "; cost = 2" in (files[0].parent / "fd.plan").read_text()
