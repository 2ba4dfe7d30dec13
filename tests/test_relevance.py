"""Backward relevance pruning against a reference on small random tasks, and plans found on a pruned
hand-made task mapped back to the task's own operators (no benchmark files needed)."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.parser import parse_text
from agentgen_sym.compiler.task import GroundAction, Operator
from agentgen_sym.compiler.validate import validate
from agentgen_sym.planners import make_planner
from agentgen_sym.planners.registry import HEURISTICS, PLANNERS, SEARCHES
from agentgen_sym.planners.relaxed import RelaxedTask, _build, relax
from agentgen_sym.planners.relevance import relevant_axioms, relevant_operators, relevant_task
from agentgen_sym.planners.search import search
from agentgen_sym.solver import solve

from .strategies_tasks import spec_from, task_specs
from .test_search import ref_optimal_cost

PROPERTY = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(task_specs(conditional=True, costs=True, zero_costs=True))
def test_pruning_keeps_the_optimal_cost(spec):
    keep = relevant_operators(spec.task)
    assert keep is not None  # no negative conditions in these tasks
    pruned = spec_from(spec.n_facts, spec.init, spec.goal, [op for op, k in zip(spec.operators, keep) if k])
    assert ref_optimal_cost(pruned, pruned.init) == ref_optimal_cost(spec, spec.init)


@PROPERTY
@given(task_specs(negative=True))
def test_no_pruning_where_deletes_can_matter(spec):
    keep = relevant_operators(spec.task)
    assert keep is None if spec.task.has_negative_preconditions else keep is not None


def test_operators_adding_only_irrelevant_facts_are_dropped_and_plans_keep_task_ids():
    operators = [Operator("noise", (), pre=(0,), add=(2,), delete=(0,)),
                 Operator("step", (), pre=(0,), add=(1,))]
    spec = spec_from(3, {0}, {1}, operators)
    assert relevant_operators(spec.task).tolist() == [False, True]
    result = make_planner("astar-hmax").solve(spec.task)
    assert result.plan == [1] and result.cost == 1
    assert not math.isinf(ref_optimal_cost(spec, spec.init))
    restricted = spec.task.restricted(np.array([False, True]))
    assert restricted.actions == (GroundAction("step"),) and restricted.n_ops == 1


ROOMS = """(define (domain rooms) (:requirements :strips :typing)
 (:types room)
 (:predicates (at ?r - room) (link ?a ?b - room) (painted ?r - room) (lit ?r - room))
 (:action paint :parameters (?r - room) :precondition (at ?r) :effect (painted ?r))
 (:action move :parameters (?a ?b - room) :precondition (and (at ?a) (link ?a ?b))
  :effect (and (not (at ?a)) (at ?b)))
 (:action light :parameters (?r - room) :precondition (at ?r) :effect (lit ?r)))"""
ROOMS_PROBLEM = """(define (problem walk) (:domain rooms) (:objects a b c - room)
 (:init (at a) (link a b) (link b c) (link c b)) (:goal (at c)))"""


@pytest.mark.parametrize("planner", ["astar-hmax", "astar-lmcut", "gbfs-hff", "lama"])
def test_a_pruned_task_plans_in_the_tasks_own_operators(planner: str):
    """paint and light add only facts no goal needs, and their operators come before and after the
    moves: a plan found on the pruned task must be mapped back to the full task's operator ids, or it
    would name a paint where the search chose a move."""
    domain = parse_text(ROOMS, "domain.pddl").node
    problem = parse_text(ROOMS_PROBLEM, "problem.pddl").node
    compiled = compile_task(domain, problem)
    ground = compiled.ground
    keep = relevant_operators(ground)
    assert {a.action for a, k in zip(ground.actions, keep) if not k} == {"paint", "light"}
    assert not keep[0] and keep.sum() < ground.n_ops  # pruning shifts every kept operator's id
    result = make_planner(planner).solve(ground)
    assert [str(ground.actions[i]) for i in result.plan] == ["(move a b)", "(move b c)"]
    solution = solve(compiled, planner)
    assert [(s.action, s.args) for s in solution.steps] == [("move", ("a", "b")), ("move", ("b", "c"))]
    assert validate(domain, problem, solution.plan).valid


LIGHTS = """(define (domain lights) (:requirements :strips :typing :derived-predicates :negative-preconditions)
 (:types room)
 (:predicates (at ?r - room) (link ?a ?b - room) (on ?r - room) (broken ?r - room)
              (lit ?r - room) (seen ?r - room) (dark ?r - room) (hazard ?r - room))
 (:derived (lit ?r - room) (on ?r))
 (:derived (lit ?r - room) (exists (?s - room) (and (link ?s ?r) (lit ?s))))
 (:derived (seen ?r - room) (exists (?s - room) (and (at ?s) (link ?s ?r))))
 (:derived (dark ?r - room) (not (lit ?r)))
 (:derived (hazard ?r - room) (broken ?r))
 (:action switch :parameters (?r - room) :precondition (at ?r) :effect (on ?r))
 (:action move :parameters (?a ?b - room)
  :precondition (and (at ?a) (link ?a ?b) (not (hazard ?b))) :effect (and (not (at ?a)) (at ?b))))"""
LIGHTS_PROBLEM = """(define (problem hall) (:domain lights) (:objects a b c d - room)
 (:init (at a) (link a b) (link b c) (link c d) (broken d)) (:goal (and (lit c) (at c))))"""


def _lights():
    domain = parse_text(LIGHTS, "domain.pddl").node
    problem = parse_text(LIGHTS_PROBLEM, "problem.pddl").node
    return domain, problem, compile_task(domain, problem)


def test_axioms_nothing_reads_are_dropped_and_those_read_negatively_kept():
    """seen and dark are derived but read by no action, goal or kept axiom; hazard is read only
    negatively (move's precondition) and lit positively, also by its own recursive rule."""
    _domain, _problem, compiled = _lights()
    ground = compiled.ground
    keep = relevant_axioms(ground)
    heads = lambda mask: {ground.facts[h].predicate for h in ground.ax_head[mask]}  # noqa: E731
    assert heads(np.ones(ground.n_axioms, dtype=bool)) >= {"lit", "seen", "dark", "hazard"}
    assert heads(keep) - {"*goal-reached*"} == {"lit", "hazard"}
    pruned = ground.with_axioms(keep)
    states = np.random.default_rng(7).random((64, ground.n_bits)) < 0.5
    states[:, ground.true_fact], states[:, ground.false_fact] = True, False
    kept, dropped = np.unique(ground.ax_head[keep]), np.setdiff1d(ground.derived_idx, ground.ax_head[keep])
    derived = pruned.derive(states.copy())
    assert np.array_equal(derived[:, kept], ground.derive(states.copy())[:, kept])
    assert not derived[:, dropped].any() and not pruned.unpack(pruned.init_bits[None, :])[0, dropped].any()


@pytest.mark.parametrize("planner", ["gbfs-hff", "lama", "astar-hmax", "lazy-gbfs-hff"])
def test_dropping_unread_axioms_changes_no_search(planner: str):
    """The same expansions and plan with every axiom and with the relevant ones: the dropped derived facts
    reach no condition, so neither the states' applicable operators nor a heuristic value changes."""
    domain, problem, compiled = _lights()
    ground = compiled.ground
    pruned = ground.with_axioms(relevant_axioms(ground))
    assert pruned.n_axioms < ground.n_axioms
    config = PLANNERS[planner]
    runs = []
    for task in (ground, pruned):
        heuristics = [HEURISTICS[name].factory() for name in (config.heuristic, config.alternate) if name]
        for heuristic in heuristics:
            heuristic.precompute(task.with_unit_costs() if config.unit_costs else task)
        base = SEARCHES[config.search].config
        result = search(task, replace(base, preferred=config.preferred), heuristics)
        runs.append((result.plan, result.stats.expanded, result.stats.evaluated))
    assert runs[0] == runs[1]
    plan = solve(compiled, planner).plan
    assert validate(domain, problem, plan).valid


def _same_relaxed(a: RelaxedTask, b: RelaxedTask) -> None:
    for field in ("n_bits", "true_fact", "negated", "goal_idx", "pre_idx", "cost", "op_idx", "ach_fact", "ach_start",
                  "ach_op", "add_start", "add_fact", "con_start", "con_op"):
        assert np.array_equal(getattr(a, field), getattr(b, field)), field


@PROPERTY
@given(task_specs(conditional=True, costs=True, zero_costs=True))
def test_a_pruned_tasks_relaxed_task_is_its_parents_rows(spec):
    """Taken row by row from the grounding's relaxed task, it is what building it from the pruned task makes."""
    kept, _ops = relevant_task(spec.task)
    _same_relaxed(relax(kept), _build(kept))


def test_a_relaxed_task_without_unread_axioms_is_its_parents_rows():
    ground = _lights()[2].ground
    kept, ops = relevant_task(ground)
    assert kept.n_axioms < ground.n_axioms
    _same_relaxed(relax(kept), _build(kept))
