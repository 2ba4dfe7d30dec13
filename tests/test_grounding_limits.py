"""Grounding honours the time and memory limits and counts bindings as it enumerates them: a wide action
over many objects stops with exit 4 naming the stage, instead of running on past the limit."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import agentgen_sym as ag
from agentgen_sym.compiler import ground as ground_module
from agentgen_sym.compiler.limits import LimitReached

from .conftest import SLACK_S, run_cli

WIDE = """(define (domain wide) (:requirements :strips)
  (:predicates (p ?a ?b ?c ?d ?e ?f ?g ?h) (q))
  (:action a :parameters (?a ?b ?c ?d ?e ?f ?g ?h) :precondition (q) :effect (p ?a ?b ?c ?d ?e ?f ?g ?h)))"""


def _wide_problem(n_objects: int) -> str:
    objects = " ".join(f"o{i}" for i in range(n_objects))
    return f"(define (problem w) (:domain wide) (:objects {objects}) (:init (q)) (:goal (p o1 o1 o1 o1 o1 o1 o1 o1)))"


UNBOUNDED = str(10 ** 12)
"""--max-operators far above WIDE's 30^8 bindings: these tests are about the time and memory limits."""


@pytest.fixture
def wide_files(tmp_path: Path) -> tuple[Path, Path]:
    domain, problem = tmp_path / "d.pddl", tmp_path / "p.pddl"
    domain.write_text(WIDE)
    problem.write_text(_wide_problem(30))
    return domain, problem


@pytest.mark.parametrize("command", ["solve", "ground"])
def test_a_time_limit_holds_while_grounding(wide_files, command):
    started = time.perf_counter()
    proc = run_cli(command, *map(str, wide_files), "--time-limit", "5", "--max-operators", UNBOUNDED, timeout=120)
    elapsed = time.perf_counter() - started
    assert proc.returncode == 4, proc.stderr
    assert b"time limit reached while exploring the bindings of action `a`" in proc.stderr
    assert elapsed < 5 + SLACK_S  # 5 s leave parsing and checking done on a loaded machine; the 30^8 bindings take hours


def test_a_memory_limit_holds_while_grounding(wide_files):
    proc = run_cli("ground", *map(str, wide_files), "--memory-limit", "300", "--max-operators", UNBOUNDED, timeout=120)
    assert proc.returncode == 4 and b"memory limit reached while exploring" in proc.stderr
    assert b"MB resident, limit 300 MB" in proc.stderr


def test_the_operator_guard_fires_while_bindings_are_enumerated(monkeypatch):
    monkeypatch.setattr(ground_module, "MAX_OPERATORS", 1000)
    with pytest.raises(ag.GroundingError, match="390,625 candidate bindings") as caught:
        ag.compile_task(WIDE, _wide_problem(5))  # 5^8 = 390625 bindings, refused before the first
    assert caught.value.code == "G702"


def test_the_api_raises_limit_reached():
    with pytest.raises(LimitReached) as caught:
        ag.compile_task(WIDE, _wide_problem(30), time_limit=0.5, max_operators=10 ** 12)
    assert "exploring" in caught.value.stage


def test_a_time_limit_holds_while_validating(tmp_path: Path):
    """The replay of a 10^6-step plan had no limit at all, and then parsing the plan (52 s on a loaded machine)
    stayed outside it: the one deadline now covers parsing, checking and the replay."""
    domain, problem, plan = tmp_path / "d.pddl", tmp_path / "p.pddl", tmp_path / "plan.txt"
    domain.write_text("(define (domain toggle) (:requirements :strips :negative-preconditions) (:predicates (on))"
                      " (:action up :parameters () :precondition (not (on)) :effect (on))"
                      " (:action down :parameters () :precondition (on) :effect (not (on))))")
    problem.write_text("(define (problem t) (:domain toggle) (:init) (:goal (not (on))))")
    plan.write_text("(up)\n(down)\n" * 2_000_000)  # 4 * 10^6 steps, 48 MB
    started = time.perf_counter()
    proc = run_cli("validate", str(domain), str(problem), str(plan), "--time-limit", "3", "--max-bytes",
                   "100000000", timeout=120)
    elapsed = time.perf_counter() - started
    assert proc.returncode == 4 and b"time limit reached while parsing" in proc.stderr, proc.stderr
    assert elapsed < 3 + SLACK_S  # unlimited, parsing and replaying 10^6 steps took 21-52 s; this is 4x that
