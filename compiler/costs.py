"""The price of a step: the one cost rule that the grounder, the validator and ``check`` read.

A task uses action costs when ``uses_action_costs`` says so; then a plan costs what its steps add
to ``(total-cost)``, else its length. A step's price is the sum of the ``(increase (total-cost) X)``
effects at the top level of its action's effect (under ``and`` only), computed exactly on the
problem's initial function values. A cost effect under ``when`` or ``forall`` would make the price
depend on the state or on the objects, while a planner's operator has one fixed price: as Fast
Downward's translator does, such an effect is refused (``check`` reports E405, and ``action_cost``
raises ``UnpriceableCost`` for the grounder and the validator alike), so a domain that passes
``check`` is one whose every step the planners can price.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterator, Mapping

from . import ast
from .errors import AgentgenError
from .printer import ground_call

Fact = tuple[str, tuple[str, ...]]  # (function, object names): the key of a numeric fluent
Values = Mapping[Fact, int | float]

TOTAL_COST = "total-cost"
MAX_COST = 2 ** 31 - 1
"""The dearest operator: plans of up to 2^32 steps then sum exactly in the planners' 64-bit costs."""


class UnpriceableCost(AgentgenError, ValueError):
    """An action's cost effect sits under ``when`` or ``forall``: its steps have no fixed price (E405)."""

    def __init__(self, action: ast.ActionSchema, effect: ast.Increase) -> None:
        super().__init__(unpriceable_message(action))
        self.action, self.effect = action, effect


class UndefinedValue(AgentgenError, LookupError):
    """A cost reads a numeric fluent that the problem's ``:init`` gives no value."""

    def __init__(self, key: Fact) -> None:
        super().__init__(ground_call(*key))
        self.key = key


def uses_action_costs(domain: ast.Domain, problem: ast.Problem) -> bool:
    """Whether steps are priced by their cost effects (else every step costs 1, a plan its length).

    With action costs a plan costs what its steps add to ``(total-cost)``: the problem has a
    ``:metric`` or an action increases a function (a problem without a metric still prices its
    steps, as IPC domains intend). Declaring ``(:functions (total-cost))`` that no action
    increases changes nothing.
    """
    return problem.metric is not None or any(_increases(action.effect) for action in domain.actions)


def _increases(effect: ast.Effect | None) -> bool:
    if isinstance(effect, ast.AndEffect):
        return any(_increases(part) for part in effect.parts)
    if isinstance(effect, (ast.ForallEffect, ast.When)):
        return _increases(effect.effect)
    return isinstance(effect, ast.Increase)


def function_values(problem: ast.Problem) -> dict[Fact, int | float]:
    """The initial numeric fluents that costs read; ``(total-cost)`` starts at 0 unless given."""
    return {(TOTAL_COST, ()): 0} | {(v.function.name, tuple(t.name for t in v.function.args)): v.value.value
                                    for v in problem.init if isinstance(v, ast.FunctionValue)}


def cost_effects(action: ast.ActionSchema) -> tuple[list[ast.Increase], list[ast.Increase]]:
    """The ``(increase (total-cost) ...)`` effects of ``action`` that price its steps (at the top level),
    and those under ``when`` or ``forall`` that leave its steps with no fixed price."""
    priced: list[ast.Increase] = []
    unpriceable: list[ast.Increase] = []
    for e, nested in _cost_effects(action.effect, False):
        (unpriceable if nested else priced).append(e)
    return priced, unpriceable


def takes(price: Fraction) -> bool:
    """Whether the planners take ``price`` for an operator: whole, >= 0 and at most MAX_COST."""
    return price.denominator == 1 and 0 <= price <= MAX_COST


def unpriceable_message(action: ast.ActionSchema) -> str:
    return (f"action `{action.name}` increases `(total-cost)` under `when` or `forall`: the planners give each "
            "step one fixed price")


def action_cost(action: ast.ActionSchema, binding: Mapping[str, str], values: Values) -> Fraction:
    """The exact price of one step of ``action`` with its parameters bound as ``binding``.

    Raises UnpriceableCost for a cost effect under ``when``/``forall``, UndefinedValue for a fluent
    with no initial value and ZeroDivisionError for a cost that divides by zero.
    """
    total = Fraction(0)
    for e, nested in _cost_effects(action.effect, False):
        if nested:
            raise UnpriceableCost(action, e)
        total += _value(e.amount, binding, values)
    return total


def _cost_effects(effect: ast.Effect | None, nested: bool) -> Iterator[tuple[ast.Increase, bool]]:
    """Each ``(increase (total-cost) ...)`` of an effect, and whether it sits under ``when``/``forall``."""
    if isinstance(effect, ast.AndEffect):
        for part in effect.parts:
            yield from _cost_effects(part, nested)
    elif isinstance(effect, (ast.ForallEffect, ast.When)):
        yield from _cost_effects(effect.effect, True)
    elif isinstance(effect, ast.Increase) and effect.fluent.name == TOTAL_COST:
        yield effect, nested


def _value(e: ast.NumericExpr, binding: Mapping[str, str], values: Values) -> Fraction:
    """Exact arithmetic: whole numbers of any size stay exact; a float literal is its exact binary value."""
    if isinstance(e, ast.Number):
        return Fraction(e.value)
    if isinstance(e, ast.FunctionTerm):
        key = (e.name, tuple(binding[a.name] if isinstance(a, ast.Variable) else a.name for a in e.args))
        if key not in values:
            raise UndefinedValue(key)
        return Fraction(values[key])
    args = [_value(a, binding, values) for a in e.args]
    if e.op == "+":
        return sum(args, Fraction(0))
    if e.op == "-":
        return -args[0] if len(args) == 1 else args[0] - args[1]
    if e.op == "*":
        return args[0] * (args[1] if len(args) > 1 else 1)
    return args[0] / args[1]
