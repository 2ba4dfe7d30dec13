"""Grounding honours the time and memory limits and counts bindings as it enumerates them: a wide action
over many objects stops with exit 4 naming the stage, instead of running on past the limit."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import agentgen_sym as ag
from agentgen_sym.compiler import ground as ground_module
from agentgen_sym.compiler.limits import LimitReached

from .conftest import run_cli

WIDE = """(define (domain wide) (:requirements :strips)
  (:predicates (p ?a ?b ?c ?d ?e ?f ?g ?h) (q))
  (:action a :parameters (?a ?b ?c ?d ?e ?f ?g ?h) :precondition (q) :effect (p ?a ?b ?c ?d ?e ?f ?g ?h)))"""


def _wide_problem(n_objects: int) -> str:
    objects = " ".join(f"o{i}" for i in range(n_objects))
    return f"(define (problem w) (:domain wide) (:objects {objects}) (:init (q)) (:goal (p o1 o1 o1 o1 o1 o1 o1 o1)))"


@pytest.fixture
def wide_files(tmp_path: Path) -> tuple[Path, Path]:
    domain, problem = tmp_path / "d.pddl", tmp_path / "p.pddl"
    domain.write_text(WIDE)
    problem.write_text(_wide_problem(30))
    return domain, problem


@pytest.mark.parametrize("command", ["solve", "ground"])
def test_a_time_limit_holds_while_grounding(wide_files, command):
    started = time.perf_counter()
    proc = run_cli(command, *map(str, wide_files), "--time-limit", "2", timeout=60)
    elapsed = time.perf_counter() - started
    assert proc.returncode == 4, proc.stderr
    assert b"time limit reached while exploring the bindings of action `a`" in proc.stderr
    assert elapsed < 2 + 5  # interpreter start-up and imports come on top of the limit


def test_a_memory_limit_holds_while_grounding(wide_files):
    proc = run_cli("ground", *map(str, wide_files), "--memory-limit", "300", timeout=120)
    assert proc.returncode == 4 and b"memory limit reached while exploring" in proc.stderr
    assert b"MB resident, limit 300 MB" in proc.stderr


def test_the_operator_guard_fires_while_bindings_are_enumerated(monkeypatch):
    monkeypatch.setattr(ground_module, "MAX_OPERATORS", 1000)
    with pytest.raises(ag.GroundingError, match="more than 1000 bindings") as caught:
        ag.compile_task(WIDE, _wide_problem(5))  # 5^8 = 390625 bindings, refused after 1001
    assert caught.value.code == "G702"


def test_the_api_raises_limit_reached():
    with pytest.raises(LimitReached) as caught:
        ag.compile_task(WIDE, _wide_problem(30), time_limit=0.5)
    assert "exploring" in caught.value.stage


def test_a_time_limit_holds_while_validating(tmp_path: Path):
    """The replay of a 10^6-step plan had no limit at all."""
    domain, problem, plan = tmp_path / "d.pddl", tmp_path / "p.pddl", tmp_path / "plan.txt"
    domain.write_text("(define (domain toggle) (:requirements :strips :negative-preconditions) (:predicates (on))"
                      " (:action up :parameters () :precondition (not (on)) :effect (on))"
                      " (:action down :parameters () :precondition (on) :effect (not (on))))")
    problem.write_text("(define (problem t) (:domain toggle) (:init) (:goal (not (on))))")
    plan.write_text("(up)\n(down)\n" * 500_000)
    proc = run_cli("validate", str(domain), str(problem), str(plan), "--time-limit", "1", "--max-bytes",
                   "100000000", timeout=120)
    assert proc.returncode == 4 and b"time limit reached while validating the plan (step" in proc.stderr
