"""Grounding: reachable facts only, ADL compiled to conditional STRIPS, costs, goals, persistence."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from agentgen_sym import parse_domain, parse_problem
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.ground import GroundingError, ground
from agentgen_sym.compiler.task import GOAL_ACTION, GOAL_FACT, GroundAction, GroundAtom
from agentgen_sym.compiler.task import GroundTask

from .conftest import BENCHMARKS, CORPUS, benchmark_tasks, requires_benchmarks

ADL = """(define (domain office)
  (:requirements :adl :action-costs)
  (:types room person - object)
  (:constants hall - room)
  (:predicates (at ?p - person ?r - room) (door ?a - room ?b - room) (lit ?r - room) (busy ?p - person)
               (alarm))
  (:functions (total-cost) - number (distance ?a - room ?b - room) - number)
  (:action walk
    :parameters (?p - person ?a - room ?b - room)
    :precondition (and (at ?p ?a) (not (= ?a ?b)) (or (door ?a ?b) (door ?b ?a)) (not (busy ?p)))
    :effect (and (not (at ?p ?a)) (at ?p ?b) (increase (total-cost) (distance ?a ?b))))
  (:action switch
    :parameters (?p - person)
    :precondition (exists (?r - room) (and (at ?p ?r) (imply (lit ?r) (alarm))))
    :effect (forall (?r - room) (when (not (lit ?r)) (lit ?r)))))
"""
PROBLEM = """(define (problem p1) (:domain office)
  (:objects kitchen lab - room ann bob - person)
  (:init (at ann hall) (at bob lab) (door hall kitchen) (door kitchen lab) (busy bob)
         (= (distance hall kitchen) 3) (= (distance kitchen hall) 3)
         (= (distance kitchen lab) 4) (= (distance lab kitchen) 4) (= (total-cost) 0))
  (:goal (and (at ann lab) (not (lit hall)))))
"""


@pytest.fixture(scope="module")
def office() -> GroundTask:
    task, stats = ground(parse_domain(ADL), parse_problem(PROBLEM))
    assert stats.n_operators == task.n_ops and stats.seconds >= 0
    return task


def test_only_reachable_facts_and_operators(office):
    assert GroundAtom("at", ("ann", "lab")) in office.facts
    assert GroundAtom("at", ("bob", "kitchen")) not in office.facts  # bob is busy for good
    assert GroundAtom("door", ("hall", "kitchen")) not in office.facts  # static: compiled away
    assert GroundAtom("busy", ("bob",)) not in office.facts  # static too: bob never walks
    walks = [str(a) for a in office.actions if a.action == "walk"]
    assert "(walk bob lab kitchen)" not in walks
    assert "(walk ann hall kitchen)" in walks and "(walk ann hall lab)" not in walks


def test_costs_come_from_static_functions(office):
    costs = dict(zip(map(str, office.actions), office.cost.tolist()))
    assert costs["(walk ann hall kitchen)"] == 3 and costs["(walk ann kitchen lab)"] == 4
    assert costs["(switch ann)"] == 0


def test_adl_becomes_conditional_strips(office):
    switches = [i for i, a in enumerate(office.actions) if a == GroundAction("switch", ("ann",))]
    # exists over rooms -> one operator per room ann can be in; imply with a never-true (alarm) -> not lit
    assert len(switches) == 3
    for i in switches:
        n_effects = office.ce_start[i + 1] - office.ce_start[i]
        assert n_effects == 3  # forall over the three rooms, each `when (not (lit r))`
        assert (office.neg_idx[i] != office.false_fact).sum() == 1


def test_negative_goal_becomes_a_goal_operator(office):
    goal_ops = [i for i, a in enumerate(office.actions) if a == GOAL_ACTION]
    assert len(goal_ops) == 1 and office.cost[goal_ops[0]] == 0 and not office.action_mask[goal_ops[0]]
    assert [office.facts[i] for i in office.goal_idx] == [GOAL_FACT] and not office.atom_mask[office.goal_idx].any()
    assert office.plan_steps(goal_ops) == []  # goal bookkeeping is never a step of a plan


def test_save_and_load(office, tmp_path: Path):
    office.save(tmp_path / "task.npz")
    loaded = GroundTask.load(tmp_path / "task.npz")
    assert loaded.actions == office.actions and loaded.facts == office.facts
    for name in ("pre_idx", "neg_idx", "add_bits", "del_bits", "cost", "ce_start", "ce_add_bits", "init_bits"):
        assert np.array_equal(getattr(loaded, name), getattr(office, name)), name


def test_false_and_true_goals():
    domain = parse_domain("(define (domain d) (:predicates (p) (q)) (:action a :parameters () :effect (p)))")
    task, _ = ground(domain, parse_problem("(define (problem x) (:domain d) (:init) (:goal (q)))"))
    assert task.goal_idx.tolist() == [task.false_fact]
    task, _ = ground(domain, parse_problem("(define (problem x) (:domain d) (:init (q)) (:goal (and)))"))
    assert task.goal_idx.tolist() == []


def test_derived_predicates_become_axioms():
    domain = parse_domain("(define (domain d) (:requirements :derived-predicates) (:predicates (p) (q))"
                          " (:derived (q) (p)) (:action a :parameters () :effect (p)))")
    task, stats = ground(domain, parse_problem("(define (problem x) (:domain d) (:init) (:goal (q)))"))
    assert stats.n_axioms == task.n_axioms == 1
    assert task.facts[task.ax_head[0]] == GroundAtom("q") and task.facts[task.ax_pre_idx[0, 0]] == GroundAtom("p")


def test_unsupported_conditions_are_refused_with_a_code():
    domain = parse_domain("(define (domain d) (:requirements :adl) (:predicates (p))"
                          " (:action a :parameters () :precondition (p) :effect (p)))")
    weird = ast.Problem("x", "d", (), (), (), ast.Not(ast.FunctionTerm("f", ())))
    with pytest.raises(GroundingError) as info:
        ground(domain, weird)
    assert info.value.code == "G701"


@pytest.mark.parametrize("folder", sorted(p.name for p in CORPUS.iterdir()))
def test_bundled_domains_ground(folder):
    for problem in sorted((CORPUS / folder).glob("p*.pddl")):
        task, _ = ground(parse_domain(CORPUS / folder / "domain.pddl"), parse_problem(problem))
        assert task.n_ops > 0 and task.goal_idx.size > 0


def _first_tasks():
    seen: dict[str, object] = {}
    for task in benchmark_tasks():
        seen.setdefault(task.domain, task)
    return list(seen.values())


@requires_benchmarks
@pytest.mark.parametrize("task", _first_tasks(), ids=lambda t: t.id)
def test_benchmarks_ground(task):
    ground_task, stats = ground(parse_domain(task.domain_file), parse_problem(task.problem_file))
    assert stats.n_facts == ground_task.n_facts > 0
    assert (ground_task.goal_idx < ground_task.n_facts).all()  # no goal is provably false
