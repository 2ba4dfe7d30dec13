"""The PDDL abstract syntax tree: frozen, hashable dataclasses with source spans.

Every node carries a ``span`` that is excluded from equality and hashing, so two
ASTs compare equal when they mean the same thing wherever their text came from
(this is what makes ``parse(print(ast)) == ast`` hold). Names are stored in lower
case because PDDL is case-insensitive; the original spelling stays in the source,
reachable through the span.

Lifted and ground never share a name: these are all lifted (schema-level) nodes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter
from typing import Any, Callable, Union


@dataclass(frozen=True, slots=True)
class Span:
    """A region of a source file; lines and columns are 1-based, ``end_column`` exclusive."""

    file: str | None
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.file or '<string>'}:{self.line}:{self.column}"


def _span() -> Span | None:
    return field(default=None, compare=False, hash=False, repr=False, kw_only=True)  # type: ignore[return-value]


# --------------------------------------------------------------------------- terms


@dataclass(frozen=True, slots=True)
class Variable:
    """A variable such as ``?x``; ``name`` is stored without the question mark."""

    name: str
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class Constant:
    """A reference to an object or domain constant by name."""

    name: str
    span: Span | None = _span()


Term = Union[Variable, Constant]


@dataclass(frozen=True, slots=True)
class Number:
    """A numeric literal (action costs and function values)."""

    value: int | float
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class FunctionTerm:
    """A function applied to terms, e.g. ``(total-cost)`` or ``(road-length ?a ?b)``."""

    name: str
    args: tuple[Term, ...] = ()
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class ArithmeticExpr:
    """``(op lhs rhs)`` over numeric expressions; only in cost amounts and metrics."""

    op: str
    args: tuple[NumericExpr, ...]
    span: Span | None = _span()


NumericExpr = Union[Number, FunctionTerm, ArithmeticExpr]


# --------------------------------------------------------------------------- declarations


@dataclass(frozen=True, slots=True)
class TypedName:
    """A name with its declared type; ``types`` is ``()`` when untyped, several for ``(either ...)``.

    Used for type declarations (the name is a type, ``types`` its parents), constants,
    objects and parameters (the name of a variable, without ``?``).
    """

    name: str
    types: tuple[str, ...] = ()
    span: Span | None = _span()
    type_span: Span | None = _span()  # the `- type` marker, for diagnostics on the type


@dataclass(frozen=True, slots=True)
class Predicate:
    """A predicate declaration, e.g. ``(on ?x - block ?y - block)``."""

    name: str
    parameters: tuple[TypedName, ...] = ()
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class FunctionDecl:
    """A function declaration from ``(:functions ...)``; ``type`` is ``number`` unless stated."""

    name: str
    parameters: tuple[TypedName, ...] = ()
    type: str = "number"
    span: Span | None = _span()


# --------------------------------------------------------------------------- formulas (goals, preconditions)


@dataclass(frozen=True, slots=True)
class Atom:
    """A predicate applied to terms, e.g. ``(on ?x ?y)``."""

    predicate: str
    args: tuple[Term, ...] = ()
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class Equals:
    """Equality of two terms, ``(= ?x ?y)``."""

    left: Term
    right: Term
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class Not:
    """Negation of a formula (in effects: of an atom, i.e. a delete)."""

    arg: Formula
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class And:
    """Conjunction; ``And(())`` is the empty (always true) condition."""

    parts: tuple[Formula, ...] = ()
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class Or:
    parts: tuple[Formula, ...] = ()
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class Imply:
    condition: Formula
    consequence: Formula
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class Exists:
    variables: tuple[TypedName, ...]
    body: Formula
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class Forall:
    variables: tuple[TypedName, ...]
    body: Formula
    span: Span | None = _span()


Formula = Union[Atom, Equals, Not, And, Or, Imply, Exists, Forall]


# --------------------------------------------------------------------------- effects


@dataclass(frozen=True, slots=True)
class AndEffect:
    """A conjunction of effects; ``AndEffect(())`` is the empty effect."""

    parts: tuple[Effect, ...] = ()
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class ForallEffect:
    variables: tuple[TypedName, ...]
    effect: Effect
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class When:
    """A conditional effect ``(when condition effect)``."""

    condition: Formula
    effect: Effect
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class Increase:
    """``(increase (total-cost) amount)``: the only numeric effect supported."""

    fluent: FunctionTerm
    amount: NumericExpr
    span: Span | None = _span()


# An effect literal is an Atom (add) or Not(Atom) (delete).
Effect = Union[Atom, Not, AndEffect, ForallEffect, When, Increase]


# --------------------------------------------------------------------------- domain


@dataclass(frozen=True, slots=True)
class ActionSchema:
    """A lifted action; ``precondition``/``effect`` are ``None`` when the section is absent."""

    name: str
    parameters: tuple[TypedName, ...] = ()
    precondition: Formula | None = None
    effect: Effect | None = None
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class DerivedPredicate:
    """An axiom ``(:derived (head ?x - t) body)``."""

    name: str
    parameters: tuple[TypedName, ...]
    body: Formula
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class Domain:
    name: str
    requirements: tuple[str, ...] = ()
    types: tuple[TypedName, ...] = ()
    constants: tuple[TypedName, ...] = ()
    predicates: tuple[Predicate, ...] = ()
    functions: tuple[FunctionDecl, ...] = ()
    actions: tuple[ActionSchema, ...] = ()
    derived: tuple[DerivedPredicate, ...] = ()
    span: Span | None = _span()
    requirements_span: Span | None = _span()  # the first `(:requirements ...)` section, where flags go


# --------------------------------------------------------------------------- problem


@dataclass(frozen=True, slots=True)
class FunctionValue:
    """An initial function value ``(= (f a b) 3)``."""

    function: FunctionTerm
    value: Number
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class Metric:
    """``(:metric minimize expr)``."""

    direction: str
    expression: NumericExpr
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class Problem:
    name: str
    domain_name: str
    requirements: tuple[str, ...] = ()
    objects: tuple[TypedName, ...] = ()
    init: tuple[Atom | FunctionValue, ...] = ()
    goal: Formula | None = None
    metric: Metric | None = None
    span: Span | None = _span()
    domain_span: Span | None = _span()  # the NAME of `(:domain NAME)`, where a wrong domain is reported


# --------------------------------------------------------------------------- plans


@dataclass(frozen=True, slots=True)
class PlanStep:
    """One ground action of a plan, in the names of the source domain."""

    action: str
    args: tuple[str, ...] = ()
    span: Span | None = _span()


@dataclass(frozen=True, slots=True)
class Plan:
    """A sequential plan; ``cost`` is what the file declares (``; cost = N``), if anything."""

    steps: tuple[PlanStep, ...] = ()
    cost: int | float | None = None
    span: Span | None = _span()


Node = Union[
    Span, Variable, Constant, Number, FunctionTerm, ArithmeticExpr, TypedName, Predicate,
    FunctionDecl, Atom, Equals, Not, And, Or, Imply, Exists, Forall, AndEffect, ForallEffect,
    When, Increase, ActionSchema, DerivedPredicate, Domain, FunctionValue, Metric, Problem,
    PlanStep, Plan,
]


def _rebuilt(kind: type, values: tuple) -> Any:
    """A node of ``kind`` from its fields' values in declaration order (what ``_reducer`` pickles)."""
    node = object.__new__(kind)
    for name, value in zip(kind.__slots__, values):
        object.__setattr__(node, name, value)
    return node


def _reducer(kind: type) -> Callable[[Any], tuple]:
    """``__reduce__`` for a node class: the fields' values as one tuple. Left to ``dataclasses``, a frozen class
    with slots pickles through ``__getstate__``/``__setstate__`` that look its fields up on every call, and
    generated tasks, with the nodes of their objects and static facts, go to a worker with every unit of work:
    on ``make run``'s units that made pickling 2.4 times and unpickling 1.7 times as slow as this."""
    values = attrgetter(*kind.__slots__)
    return lambda node: (_rebuilt, (kind, values(node)))


for _kind in Node.__args__:  # every node class has two fields or more (a span among them): attrgetter gives a tuple
    _kind.__reduce__ = _reducer(_kind)


def substitute(node, terms: Mapping[str, Variable | Constant]):
    """``node`` (a formula, term or tuple of them) with its free variables named in ``terms``
    replaced; a quantifier's own variables shadow the mapping inside it."""
    if isinstance(node, Variable):
        return terms.get(node.name, node)
    if isinstance(node, tuple):
        return tuple(substitute(item, terms) for item in node)
    if isinstance(node, (Exists, Forall)):
        bound = {v.name for v in node.variables}
        return replace(node, body=substitute(node.body, {k: v for k, v in terms.items() if k not in bound}))
    if isinstance(node, (Atom, Equals, Not, And, Or, Imply)):
        return replace(node, **{f.name: substitute(getattr(node, f.name), terms) for f in fields(node)
                                if f.name != "span"})
    return node
