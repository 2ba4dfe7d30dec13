"""Tasks as the generator handles them: ground facts in, PDDL problems out.

A task is the seed problem's objects and static facts plus a new fluent initial state and
a conjunctive goal of facts and negated facts. Facts are the GroundTask's GroundAtoms, so states from random
walks turn into problems without going back through the lifted model.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import static_predicates
from agentgen_sym.compiler.task import GroundAction, GroundAtom, GroundTask
from agentgen_sym.generation.schemas import SeedGoals
from agentgen_sym.taskset import Origin


def fact_atom(fact: GroundAtom) -> ast.Atom:
    return ast.Atom(fact.predicate, tuple(ast.Constant(a) for a in fact.args))


@dataclass(frozen=True)
class TaskSpec:
    """What makes a generated task: objects kept, fluent initial facts, goal facts (``goal`` to hold, ``negative``
    to no longer hold), provenance; ``witness``, when the move that made it knows one, a sequence of actions
    that reaches the goal (the walk that found the goal facts, the parent's plan and the walk on from it): an
    upper bound that spares a search. ``goal_source`` says where the goal came from (``schema``: instances of
    the seed goal's schemas, ``walk``: facts a random walk made true, ``seed``: the seed problem's own), and
    ``schemas`` are the seed goal's (None: none), which Bi-Evol's goal moves draw from as well. ``carried``:
    a lower bound on its optimal cost proved for its parent, whose breadth-first search the expansions stopped,
    when it asks more from the same start (``pool.carried_bound``): its own search could only repeat the parent's."""

    objects: tuple[ast.TypedName, ...]
    init: tuple[GroundAtom, ...]
    goal: tuple[GroundAtom, ...]
    origin: Origin
    parent: str | None = None
    static: tuple[ast.Atom | ast.FunctionValue, ...] = field(default=(), compare=False)
    witness: tuple[GroundAction, ...] = field(default=(), compare=False)
    negative: tuple[GroundAtom, ...] = ()
    goal_source: str = field(default="walk", compare=False)
    schemas: SeedGoals | None = field(default=None, compare=False)
    constants: frozenset[str] = field(default=frozenset(), compare=False)  # the domain's: static facts keep them
    carried: int = field(default=0, compare=False)

    def names(self) -> set[str]:
        """What a fact of the task may mention: its objects and the domain's constants."""
        return {o.name for o in self.objects} | self.constants

    def goal_facts(self, facts: Iterable[GroundAtom]) -> list[GroundAtom]:
        """Of ``facts`` (sorted), those a positive goal of this task may ask for: every one, unless the goal
        comes from the seed's schemas, then their instances (so a move that adds goal facts keeps the intent)."""
        ordered = sorted(facts)
        if self.goal_source != "schema" or self.schemas is None:
            return ordered
        return self.schemas.instances(ordered, self.objects)

    def problem(self, name: str, domain_name: str) -> ast.Problem:
        statics = tuple(s for s in self.static if mentions_only(s, self.names()))
        init = statics + tuple(fact_atom(f) for f in sorted(self.init))
        goal = ast.And(tuple(fact_atom(f) for f in sorted(self.goal))
                       + tuple(ast.Not(fact_atom(f)) for f in sorted(self.negative)))
        metric = None
        if any(isinstance(s, ast.FunctionValue) and s.function.name == "total-cost" for s in statics):
            metric = ast.Metric("minimize", ast.FunctionTerm("total-cost"))
        return ast.Problem(name, domain_name, (), self.objects, init, goal, metric)


def mentions_only(item: ast.Atom | ast.FunctionValue, objects: set[str]) -> bool:
    args = item.function.args if isinstance(item, ast.FunctionValue) else item.args
    return all(a.name in objects for a in args)


def seed_statics(domain: ast.Domain, problem: ast.Problem) -> tuple[ast.Atom | ast.FunctionValue, ...]:
    """The seed's facts no action changes, and its function values (costs): kept in every task."""
    static = static_predicates(domain)
    return tuple(item for item in problem.init
                 if isinstance(item, ast.FunctionValue) or item.predicate in static)


def plan_end(task: GroundTask, plan: tuple[GroundAction, ...], start: np.ndarray | None = None) -> np.ndarray | None:
    """The state ``plan`` reaches from ``start`` (a packed row; ``task``'s initial state by default), None when a
    step does not apply."""
    row = task.init_bits if start is None else start
    for step in plan:
        state = task.unpack(row[None, :])
        ok = task.applicable(state)[0]
        op = next((o for o in task.action_ops.get(step, ()) if ok[o]), None)
        if op is None:
            return None
        row = task.successors(row[None, :], state, np.array([0]), np.array([op]))[0]
    return row


def random_walk(task: GroundTask, row: np.ndarray, length: int, rng: np.random.Generator
                ) -> tuple[np.ndarray, list[int]]:
    """Apply up to ``length`` random applicable operators of domain actions."""
    real = task.action_mask
    ops: list[int] = []
    for _ in range(length):
        state = task.unpack(row[None, :])
        choices = np.flatnonzero(task.applicable(state)[0] & real)
        if not choices.size:
            break
        op = int(choices[rng.integers(choices.size)])
        row = task.successors(row[None, :], state, np.array([0]), np.array([op]))[0]
        ops.append(op)
    return row, ops
