"""Maintenance goals: a goal literal the user wrote that already holds at the start is a goal, not noise.

A dish-washing robot's seed asks for the dishes stored *and the tap off*; the tap starts off, but washing needs it
on. Before, generation dropped the literal as already satisfied: 1 of 12 generated tasks kept it and 7 gold plans
ended with the tap running. Now every task whose start holds it keeps it, and every gold plan, replayed by
unified-planning's validator on its own problem file, leaves the tap off. A literal no action can break stays out
(it asks nothing of a plan), and so does one the seed asks for only inside a disjunction.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentgen_sym import parse_domain, parse_problem
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.task import GroundAtom
from agentgen_sym.generation import generate_folder
from agentgen_sym.generation.schemas import goal_schemas

from .conftest import requires_extra

DISHES = """(define (domain dish-robot)
  (:requirements :strips :typing :negative-preconditions)
  (:types dish place)
  (:predicates (tap-on) (broken) (dirty ?d - dish) (clean ?d - dish) (at ?d - dish ?p - place) (stored ?d - dish)
               (is-sink ?p - place) (is-shelf ?p - place))
  (:action open-tap :parameters () :precondition (not (tap-on)) :effect (tap-on))
  (:action close-tap :parameters () :precondition (tap-on) :effect (not (tap-on)))
  (:action wash :parameters (?d - dish ?p - place)
    :precondition (and (tap-on) (dirty ?d) (at ?d ?p) (is-sink ?p))
    :effect (and (clean ?d) (not (dirty ?d))))
  (:action move :parameters (?d - dish ?from - place ?to - place)
    :precondition (at ?d ?from) :effect (and (at ?d ?to) (not (at ?d ?from))))
  (:action store :parameters (?d - dish ?p - place)
    :precondition (and (clean ?d) (at ?d ?p) (is-shelf ?p))
    :effect (stored ?d)))"""
SEED = """(define (problem dishes) (:domain dish-robot)
  (:objects plate1 plate2 cup1 bowl1 - dish sink shelf table - place)
  (:init (dirty plate1) (dirty plate2) (dirty cup1) (dirty bowl1) (at plate1 table) (at plate2 table)
         (at cup1 table) (at bowl1 table) (is-sink sink) (is-shelf shelf))
  (:goal (and (stored plate1) (stored plate2) (stored cup1) (not (tap-on)) (not (broken))
              (or (stored bowl1) (not (at bowl1 table))))))"""
TAP = GroundAtom("tap-on", ())


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("dishes")
    (folder / "domain.pddl").write_text(DISHES)
    (folder / "p01.pddl").write_text(SEED)
    generate_folder(folder / "domain.pddl", folder / "p01.pddl", n=12, seed=0, out_dir=folder / "out")
    return folder / "out"


def _tasks(out: Path) -> list[tuple[dict, ast.Problem]]:
    return [(entry, parse_problem(out / entry["problem_file"]))
            for entry in map(json.loads, (out / "tasks.jsonl").read_text().splitlines())]


def _negative_goals(problem: ast.Problem) -> set[str]:
    parts = problem.goal.parts if isinstance(problem.goal, ast.And) else (problem.goal,)
    return {p.arg.predicate for p in parts if isinstance(p, ast.Not)}


def test_the_seed_literals_that_hold_at_the_start_are_its_maintenance_goals():
    goals = goal_schemas(parse_domain(DISHES), parse_problem(SEED))
    # the tap and the breakage hold at the start; the disjunction's literals are not required of a plan
    assert goals.maintained == ((TAP, False), (GroundAtom("broken", ()), False))


def test_every_task_whose_start_has_the_tap_off_asks_for_it_off(generated):
    tasks = _tasks(generated)
    assert len(tasks) == 12
    starting_off = [(e, p) for e, p in tasks if not any(a.predicate == "tap-on" for a in p.init)]
    assert starting_off  # the seed's own start and the walks' starts
    for entry, problem in starting_off:
        assert "tap-on" in _negative_goals(problem), entry["id"]
    for entry, problem in tasks:  # no action ever breaks something: asking for it asks nothing
        assert "broken" not in _negative_goals(problem), entry["id"]
    report = (generated / "report.md").read_text()
    assert f"{len(starting_off)} task(s) keep {len(starting_off)} maintenance goal(s)" in report


def test_no_gold_plan_leaves_the_tap_running(generated):
    """unified-planning's sequential validator, on each task's own files: the gold plan is valid, so the tap is
    off at its end whatever the start was."""
    requires_extra("unified_planning")
    from unified_planning.io import PDDLReader
    from unified_planning.shortcuts import PlanValidator

    reader = PDDLReader()
    for entry, _ in _tasks(generated):
        problem_file = generated / entry["problem_file"]
        plan_text = "\n".join(entry["plan"])
        problem = reader.parse_problem(str(generated / "domain.pddl"), str(problem_file))
        plan = reader.parse_plan_string(problem, plan_text)
        with PlanValidator(name="sequential_plan_validator") as validator:
            assert validator.validate(problem, plan).status.name == "VALID", entry["id"]
        opened = sum(step.startswith("(open-tap") for step in entry["plan"])
        closed = sum(step.startswith("(close-tap") for step in entry["plan"])
        started_on = "(tap-on)" in problem_file.read_text().split("(:goal")[0]
        assert started_on + opened - closed == 0, entry["id"]  # the tap ends off
