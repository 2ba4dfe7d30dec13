"""Mutex pairs against a set-based reference of the same fixpoint and against every reachable state."""

from __future__ import annotations

from itertools import combinations

import numpy as np
from hypothesis import HealthCheck, given, settings

from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.planners import mutex as mutex_module
from agentgen_sym.planners.mutex import mutex_pairs

from .conftest import BENCHMARKS
from .strategies_tasks import TaskSpec, task_specs

PROPERTY = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reachable_states(spec: TaskSpec) -> set[frozenset[int]]:
    """Every state reachable from the initial one, as fact sets (breadth first)."""
    task = spec.task
    seen = {task.init_bits.tobytes(): task.init_bits[None, :]}
    frontier = [task.init_bits[None, :]]
    while frontier:
        rows = np.vstack(frontier)
        states = task.unpack(rows)
        si, oi = np.nonzero(task.applicable(states))
        frontier = []
        for row in task.successors(rows, states, si, oi):
            if row.tobytes() not in seen:
                seen[row.tobytes()] = row[None, :]
                frontier.append(row[None, :])
    return {frozenset(np.flatnonzero(task.unpack(row)[0, :task.n_facts]).tolist()) for row in seen.values()}


def ref_mutexes(spec: TaskSpec) -> set[frozenset[int]]:
    """The greatest set of pairs not both true initially such that no effect adds one of a pair while
    the other may stay true (not deleted, not needed false, no precondition in a pair with it)."""
    pairs = {frozenset(p) for p in combinations(range(spec.n_facts), 2) if not set(p) <= spec.init}
    effects = []  # (conditions, needed false, adds, deletes, everything the operator may add)
    for op in spec.operators:
        may_add = set(op.add).union(*(e.add for e in op.effects))
        effects.append((set(op.pre), set(op.neg), set(op.add), set(op.delete), may_add))
        effects += [(set(op.pre) | set(e.pre), set(op.neg) | set(e.neg), set(e.add), set(op.delete) | set(e.delete),
                     may_add) for e in op.effects]
    changed = True
    while changed:
        changed = False
        for pre, neg, add, delete, may_add in effects:
            for p in add:
                for pair in [pair for pair in pairs if p in pair]:
                    (q,) = pair - {p}
                    false_before = q in neg or any(frozenset((r, q)) in pairs for r in pre)
                    if q in may_add or not (q in delete or false_before):
                        pairs.discard(pair)
                        changed = True
    return pairs


def found(spec: TaskSpec) -> set[frozenset[int]]:
    matrix = mutex_pairs(spec.task)
    return {frozenset((int(p), int(q))) for p, q in zip(*np.nonzero(matrix))}


@PROPERTY
@given(task_specs(negative=True, conditional=True))
def test_mutexes_are_the_reference_fixpoint(spec):
    assert found(spec) == ref_mutexes(spec)


@PROPERTY
@given(task_specs(negative=True, conditional=True))
def test_no_reachable_state_holds_both_facts_of_a_mutex(spec):
    pairs = found(spec)
    for state in reachable_states(spec):
        assert not [pair for pair in pairs if pair <= state]


def test_blocks_mutexes_include_the_hand_and_the_tower_invariants():
    task = compile_task(BENCHMARKS / "blocks/domain.pddl", BENCHMARKS / "blocks/p01.pddl").ground
    matrix = mutex_pairs(task)
    index = {str(atom): i for i, atom in enumerate(task.facts)}
    assert matrix[index["(handempty)"], index["(holding a)"]]
    assert matrix[index["(holding a)"], index["(holding b)"]]
    assert matrix[index["(clear b)"], index["(on a b)"]]
    assert not matrix[index["(on a b)"], index["(on c d)"]]  # two towers can stand side by side


def test_a_task_too_large_gets_no_mutexes(monkeypatch):
    task = compile_task(BENCHMARKS / "blocks/domain.pddl", BENCHMARKS / "blocks/p01.pddl").ground
    monkeypatch.setattr(mutex_module, "MAX_FACTS", task.n_facts - 1)
    assert mutex_pairs(task) is None
