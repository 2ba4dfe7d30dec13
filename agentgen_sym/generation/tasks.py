"""Tasks as the generator handles them: ground facts in, PDDL problems out.

A task is the seed problem's objects and static facts plus a new fluent initial state and
a conjunctive goal of facts. Facts are the GroundTask's GroundAtoms, so states from random
walks turn into problems without going back through the lifted model.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import static_predicates
from agentgen_sym.compiler.task import GroundAction, GroundAtom, GroundTask
from agentgen_sym.taskset import Origin


def fact_atom(fact: GroundAtom) -> ast.Atom:
    return ast.Atom(fact.predicate, tuple(ast.Constant(a) for a in fact.args))


@dataclass(frozen=True)
class TaskSpec:
    """What makes a generated task: objects kept, fluent initial facts, goal facts, provenance; ``witness``,
    when the move that made it knows one, a sequence of actions that reaches the goal (the walk that found
    the goal facts, the parent's plan and the walk on from it): an upper bound that spares a search."""

    objects: tuple[ast.TypedName, ...]
    init: tuple[GroundAtom, ...]
    goal: tuple[GroundAtom, ...]
    origin: Origin
    parent: str | None = None
    static: tuple[ast.Atom | ast.FunctionValue, ...] = field(default=(), compare=False)
    witness: tuple[GroundAction, ...] = field(default=(), compare=False)

    def problem(self, name: str, domain_name: str) -> ast.Problem:
        kept = {o.name for o in self.objects}
        statics = tuple(s for s in self.static if mentions_only(s, kept))
        init = statics + tuple(fact_atom(f) for f in sorted(self.init))
        goal = ast.And(tuple(fact_atom(f) for f in sorted(self.goal)))
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
