"""Tasks as the generator handles them: ground facts in, PDDL problems out.

A task is the seed problem's objects and static facts plus a new fluent initial state and
a conjunctive goal of facts. Facts are the GroundTask's fact names (``"(on a b)"``), so
states from random walks turn into problems without going back through the lifted model.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import static_predicates
from agentgen_sym.compiler.ground import GOAL_ACTION
from agentgen_sym.planners.task import GroundTask


def fact_atom(name: str) -> ast.Atom:
    """``"(on a b)"`` -> Atom; fact names are the grounder's, so a split is exact."""
    predicate, *args = name[1:-1].split()
    return ast.Atom(predicate, tuple(ast.Constant(a) for a in args))


@dataclass(frozen=True)
class TaskSpec:
    """What makes a generated task: objects kept, fluent initial facts, goal facts, provenance."""

    objects: tuple[ast.TypedName, ...]
    init: tuple[str, ...]
    goal: tuple[str, ...]
    origin: str
    parent: str | None = None
    static: tuple[ast.Atom | ast.FunctionValue, ...] = field(default=(), compare=False)

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


def true_facts(task: GroundTask, row: np.ndarray) -> tuple[str, ...]:
    """The basic facts of a state, as they would be written in a problem's :init (derived facts
    follow from the axioms and may not be listed there)."""
    bits = task.unpack(row[None, :])[0][:task.n_facts]
    bits[task.derived_idx] = False
    return tuple(task.fact_names[i] for i in np.flatnonzero(bits) if task.fact_names[i] != "(goal-reached)")


def random_walk(task: GroundTask, row: np.ndarray, length: int, rng: np.random.Generator
                ) -> tuple[np.ndarray, list[int]]:
    """Apply up to ``length`` random applicable operators (never the bookkeeping goal operators)."""
    real = np.array([a != GOAL_ACTION for a in task.op_action], dtype=bool)
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
