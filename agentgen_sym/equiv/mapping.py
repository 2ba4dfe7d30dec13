"""A renaming from one domain's names to another's: types, constants, predicates (with the order of their
arguments), functions, actions (with their parameters). It carries problems, facts and plan steps across, so
one state or plan can be replayed on both sides.

A mapping may be partial (what the behavioural comparison uses when no full renaming exists): a name with
no counterpart keeps its own name on the other side, where it is unknown or means something else, and the
validator says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.validate import Fact


@dataclass(frozen=True)
class ActionMatch:
    """An action's counterpart and where each of its parameters went (``order[i]``: the position on the other side
    of parameter ``i``)."""

    name: str
    order: tuple[int, ...]


@dataclass(frozen=True)
class Mapping:
    """Names of domain A -> names of domain B. ``slots[p][i]`` is the argument position in B of argument ``i`` of
    A's predicate (or function) ``p``."""

    types: dict[str, str] = field(default_factory=dict)
    constants: dict[str, str] = field(default_factory=dict)
    predicates: dict[str, str] = field(default_factory=dict)
    functions: dict[str, str] = field(default_factory=dict)
    slots: dict[str, tuple[int, ...]] = field(default_factory=dict)
    actions: dict[str, ActionMatch] = field(default_factory=dict)

    def object(self, name: str) -> str:
        return self.constants.get(name, name)

    def fact(self, fact: Fact) -> Fact:
        """A fact of A in B's names (arguments moved where B's predicate has them)."""
        predicate, args = fact
        order = self.slots.get(predicate)
        if order is not None and len(order) == len(args):
            moved = [""] * len(args)
            for i, arg in enumerate(args):
                moved[order[i]] = arg
            args = tuple(moved)
        return self.predicates.get(predicate, predicate), tuple(self.object(a) for a in args)

    def step(self, step: ast.PlanStep) -> ast.PlanStep:
        match = self.actions.get(step.action)
        if match is None or len(match.order) != len(step.args):
            return ast.PlanStep(step.action, tuple(self.object(a) for a in step.args))
        args = [""] * len(step.args)
        for i, arg in enumerate(step.args):
            args[match.order[i]] = self.object(arg)
        return ast.PlanStep(match.name, tuple(args))

    def problem(self, problem: ast.Problem, domain_name: str) -> ast.Problem:
        """``problem`` (objects, init, goal's atoms) in B's names, for B's domain ``domain_name``."""
        objects = tuple(replace(o, types=tuple(self.types.get(t, t) for t in o.types)) for o in problem.objects)
        init = tuple(self._atom(a) if isinstance(a, ast.Atom) else self._value(a) for a in problem.init)
        goal = None if problem.goal is None else _rename_formula(problem.goal, self._atom)
        return replace(problem, domain_name=domain_name, objects=objects, init=init, goal=goal)

    def _atom(self, atom: ast.Atom) -> ast.Atom:
        if not all(isinstance(t, ast.Constant) for t in atom.args):
            return atom
        predicate, args = self.fact((atom.predicate, tuple(t.name for t in atom.args)))
        return ast.Atom(predicate, tuple(ast.Constant(a) for a in args))

    def _value(self, value: ast.FunctionValue) -> ast.FunctionValue:
        term = value.function
        name, args = self.fact((term.name, tuple(a.name for a in term.args)))
        name = self.functions.get(term.name, term.name)
        return replace(value, function=ast.FunctionTerm(name, tuple(ast.Constant(a) for a in args)))

    def inverse(self) -> Mapping:
        """B's names -> A's names."""
        def back(order: tuple[int, ...]) -> tuple[int, ...]:
            out = [0] * len(order)
            for i, j in enumerate(order):
                out[j] = i
            return tuple(out)
        return Mapping({v: k for k, v in self.types.items()}, {v: k for k, v in self.constants.items()},
                       {v: k for k, v in self.predicates.items()}, {v: k for k, v in self.functions.items()},
                       {self.predicates.get(p, self.functions.get(p, p)): back(o) for p, o in self.slots.items()},
                       {m.name: ActionMatch(a, back(m.order)) for a, m in self.actions.items()})

    def to_json(self) -> dict:
        return {"types": dict(sorted(self.types.items())), "constants": dict(sorted(self.constants.items())),
                "predicates": dict(sorted(self.predicates.items())), "functions": dict(sorted(self.functions.items())),
                "argument_order": {p: list(o) for p, o in sorted(self.slots.items()) if list(o) != sorted(o)},
                "actions": {a: {"name": m.name, "parameter_order": list(m.order)}
                            for a, m in sorted(self.actions.items())}}


def _rename_formula(f: ast.Formula, atom) -> ast.Formula:
    """``f`` with each ground atom renamed by ``atom`` (goals are ground outside quantifiers)."""
    if isinstance(f, ast.Atom):
        return atom(f)
    if isinstance(f, ast.Not):
        return replace(f, arg=_rename_formula(f.arg, atom))
    if isinstance(f, (ast.And, ast.Or)):
        return replace(f, parts=tuple(_rename_formula(p, atom) for p in f.parts))
    if isinstance(f, ast.Imply):
        return replace(f, condition=_rename_formula(f.condition, atom),
                       consequence=_rename_formula(f.consequence, atom))
    return f
