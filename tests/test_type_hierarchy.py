"""Type hierarchies of any depth: a chain of thousands of types checks, grounds and solves (no RecursionError,
no quadratic walk per object), and a cycle at the end of a deep chain is still found once."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentgen_sym.compiler.parser import parse_domain
from agentgen_sym.compiler.types import TypeHierarchy

from .conftest import run_cli

DEPTH = 3000


def _chain(leaf_first: bool) -> tuple[str, str, str]:
    """A domain whose types form one chain DEPTH long; `leaf_first` names it so a sorted walk starts at the leaf."""
    if leaf_first:
        names = [f"t{i:04d}" for i in range(DEPTH + 1)]  # t0000 - t0001 - ... - t3000
    else:
        names = [f"t{i}" for i in range(DEPTH, -1, -1)]   # t3000 - t2999 - ... - t0
    leaf, top = names[0], names[-1]
    types = " ".join(f"{child} - {parent}" for child, parent in zip(names, names[1:]))
    domain = (f"(define (domain chain) (:requirements :strips :typing) (:types {types}) (:predicates (p ?x - {top})) "
              f"(:action a :parameters (?x - {leaf}) :precondition () :effect (p ?x)))")
    problem = f"(define (problem c) (:domain chain) (:objects o - {leaf}) (:init) (:goal (p o)))"
    return domain, problem, leaf


@pytest.mark.parametrize("leaf_first", [True, False])
def test_a_chain_of_thousands_of_types_checks_and_solves(tmp_path: Path, leaf_first: bool):
    domain, problem, _leaf = _chain(leaf_first)
    (tmp_path / "d.pddl").write_text(domain)
    (tmp_path / "p.pddl").write_text(problem)
    checked = run_cli("check", str(tmp_path / "d.pddl"), str(tmp_path / "p.pddl"))
    assert checked.returncode == 0, checked.stderr[-500:]
    solved = run_cli("solve", str(tmp_path / "d.pddl"), str(tmp_path / "p.pddl"), "-q", "--time-limit", "60")
    assert solved.returncode == 0, solved.stderr[-500:]
    assert solved.stdout.decode().splitlines()[0] == "(a o)"


def test_a_cycle_at_the_end_of_a_deep_chain_is_found_once():
    names = [f"t{i:04d}" for i in range(DEPTH + 1)]
    types = " ".join(f"{child} - {parent}" for child, parent in zip(names, names[1:]))
    domain = parse_domain(f"(define (domain chain) (:types {types} t3000 - t2990) (:predicates (p)))")
    hierarchy = TypeHierarchy.of(domain)
    cycles = hierarchy.cycles()
    assert len(cycles) == 1
    assert cycles[0][0] == cycles[0][-1] and set(cycles[0]) == {f"t{i}" for i in range(2990, 3001)}
    assert hierarchy.is_subtype("t0000", "t3000") and not hierarchy.is_subtype("t3000", "t0000")
