"""Hypothesis strategies for small random ground tasks, kept as fact-index lists (``TaskSpec``)
beside the packed GroundTask, so tests can compare the batched kernels with frozenset references."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from hypothesis import strategies as st

from agentgen_sym.compiler.task import ConditionalEffect, GroundAtom, GroundTask, Operator, build_task, pack


@dataclass(frozen=True)
class TaskSpec:
    n_facts: int
    init: frozenset[int]
    goal: frozenset[int]
    operators: tuple[Operator, ...]
    task: GroundTask

    def pack_states(self, states: list[frozenset[int]]) -> np.ndarray:
        """Fact sets -> packed rows ``uint64[n, n_words]`` (the TRUE sentinel set)."""
        dense = np.zeros((len(states), self.task.n_bits), dtype=bool)
        for i, s in enumerate(states):
            dense[i, list(s)] = True
        dense[:, self.task.true_fact] = True
        return pack(dense, self.task.n_words)


def spec_from(n_facts: int, init, goal, operators, predicates: int = 0) -> TaskSpec:
    """With ``predicates``, fact i is ``(q<i mod predicates> i)`` rather than ``(p<i>)``: facts
    then share predicates, as disjunctive landmarks need."""
    atoms = [GroundAtom(f"q{i % predicates}", (str(i),)) if predicates else GroundAtom(f"p{i}") for i in range(n_facts)]
    task = build_task(atoms, sorted(init), sorted(goal), list(operators))
    return TaskSpec(n_facts, frozenset(init), frozenset(goal), tuple(operators), task)


@st.composite
def task_specs(draw, max_facts: int = 7, max_ops: int = 10, max_planted: int = 6, costs: bool = False,
               zero_costs: bool = False, negative: bool = False, conditional: bool = False,
               predicates: int = 0, choice: bool = False) -> TaskSpec:
    """A random task over at most ``max_facts`` facts; the switches turn features on
    (``predicates``: see ``spec_from``; ``choice``: a goal reached through one of several
    facts of one predicate, a disjunctive landmark).

    Besides random operators it plants a chain of up to ``max_planted`` operators from the initial
    state and takes the goal from where the chain ends, so that many tasks need plans of several
    steps (purely random operators mostly give one-step or unsolvable tasks).
    """
    n = draw(st.integers(2, max_facts))
    facts = st.integers(0, n - 1)

    def subset(max_size: int, min_size: int = 0, of=facts):
        return st.frozensets(of, min_size=min_size, max_size=max_size).map(lambda s: tuple(sorted(s)))

    def cost() -> int:
        return draw(st.integers(0 if zero_costs else 1, 4)) if costs else 1

    operators = []
    for _ in range(draw(st.integers(0, max_ops))):
        effects = ()
        if conditional:
            effects = tuple(draw(st.lists(st.builds(ConditionalEffect, pre=subset(2),
                                                    neg=subset(1) if negative else st.just(()),
                                                    add=subset(2), delete=subset(2)), max_size=2)))
        operators.append(Operator("", (), pre=draw(subset(2, min_size=1)), neg=draw(subset(2)) if negative else (),
                                  add=draw(subset(2, min_size=1)), delete=draw(subset(2)), cost=cost(),
                                  effects=effects))
    # the planted walk passes a token along chain facts c_0 (initially true) -> c_1 -> ... -> c_L
    length = draw(st.integers(0, min(max_planted, n - 1)))
    chain = draw(st.permutations(range(n)))[:length + 1]
    init = (frozenset(draw(subset(n))) | {chain[0]}) - set(chain[1:])
    goal = frozenset(draw(subset(3, min_size=1)))
    if length == 0:
        init -= frozenset(draw(subset(3, min_size=1, of=st.sampled_from(sorted(goal)))))
    state = init
    for here, there in zip(chain, chain[1:]):
        outside = sorted(set(range(n)) - state - {there}) or [there]
        neg = draw(subset(1, of=st.sampled_from(outside))) if negative else ()
        pre = {here} | set(draw(subset(1, of=st.sampled_from(sorted(state)))))
        add = {there} | set(draw(subset(1)))
        delete = ({here} | set(draw(subset(1)))) - add
        operators.append(Operator("", (), pre=tuple(sorted(pre)), neg=tuple(n for n in neg if n not in pre),
                                  add=tuple(sorted(add)), delete=tuple(sorted(delete)), cost=cost()))
        state = (state - delete) | add
    if length:
        goal = frozenset(draw(subset(2, of=st.sampled_from(sorted(state))))) | {chain[-1]}
    if choice and predicates:
        target = min(goal)
        same = [p for p in range(n) if p % predicates == target % predicates and p != target and p not in init]
        if len(same) >= 2:
            via = draw(st.lists(st.sampled_from(same), min_size=2, max_size=3, unique=True))
            starts = sorted(init) or [target]
            for p in via:  # reach one of them, then the goal from it
                operators.append(Operator("", (), pre=(draw(st.sampled_from(starts)),), add=(p,), cost=cost()))
                operators.append(Operator("", (), pre=(p,), add=(target,), cost=cost()))
    operators = draw(st.permutations(operators))
    operators = [replace(op, action=f"act{a}") for a, op in enumerate(operators)]
    return spec_from(n, init, goal, operators, predicates)


def fact_sets(spec: TaskSpec, max_size: int = 6):
    """Arbitrary states of ``spec`` (not necessarily reachable)."""
    return st.lists(st.frozensets(st.integers(0, spec.n_facts - 1)), min_size=1, max_size=max_size)
