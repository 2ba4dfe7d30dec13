"""The applicable action instances of a state without grounding: each schema's precondition is a
database query over the state's facts.

A schema's plain precondition atoms are joined one at a time, each through a hash index on the
argument positions already bound (an atom of a predicate no effect changes reads an index built
once per task; the others read one built per state, only for the positions some join asks for).
The join order is picked per state: the smallest relation first, then the atom that shares the
most bound variables. Parameters no atom binds range over their type, and the whole precondition
then decides, so the answer is exactly the steps whose precondition holds: what trying every
binding would find, for the work of the bindings the facts allow.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Callable, Container, Iterator, Protocol

from . import ast
from .analysis import conjuncts, static_predicates

Fact = tuple[str, tuple[str, ...]]
Binding = dict[str, str]
Index = dict[tuple[str, ...], list[tuple[str, ...]]]


class Semantics(Protocol):
    """What the join needs of the validator's task: the objects of a type, the bindings of the parameters no
    atom binds, and whether a formula holds."""

    def of_type(self, types: tuple[str, ...]) -> tuple[str, ...]: ...

    def bindings(self, variables: tuple[ast.TypedName, ...], binding: Binding) -> Iterator[Binding]: ...

    def holds(self, f: ast.Formula, state: Container[Fact], binding: Binding) -> bool: ...


@dataclass(frozen=True)
class _Query:
    """One schema as a query: its plain precondition atoms and the objects each parameter may take."""

    action: ast.ActionSchema
    atoms: tuple[ast.Atom, ...]
    allowed: dict[str, frozenset[str]]


class _Relations:
    """The facts of one state by predicate, and hash indexes on them by bound positions, made when asked. A
    predicate no effect changes reads the task's indexes, built once, while its facts are the problem's (a caller
    exploring made-up states may pass others)."""

    def __init__(self, state: frozenset[Fact], static: dict[str, list[tuple[str, ...]]],
                 static_indexes: dict[tuple[str, tuple[int, ...]], Index]) -> None:
        self.rows: dict[str, list[tuple[str, ...]]] = defaultdict(list)
        for predicate, args in sorted(state):  # sorted: the same steps in the same order in every process
            self.rows[predicate].append(args)
        self.shared = {p for p, rows in static.items() if self.rows.get(p, []) == rows}
        self._static_indexes = static_indexes
        self._indexes: dict[tuple[str, tuple[int, ...]], Index] = {}

    def size(self, predicate: str) -> int:
        return len(self.rows.get(predicate, ()))

    def index(self, predicate: str, positions: tuple[int, ...]) -> Index:
        """The facts of ``predicate`` by their arguments at ``positions``."""
        cache = self._static_indexes if predicate in self.shared else self._indexes
        key = (predicate, positions)
        if key not in cache:
            index: Index = defaultdict(list)
            for args in self.rows.get(predicate, ()):
                index[tuple(args[i] for i in positions)].append(args)
            cache[key] = dict(index)
        return cache[key]


class LiftedSuccessors:
    """The applicable (schema, binding) pairs of states of one task, by joins (module docstring)."""

    def __init__(self, domain: ast.Domain, problem: ast.Problem, semantics: Semantics) -> None:
        self.semantics = semantics
        derived = {axiom.name for axiom in domain.derived}
        static = static_predicates(domain) - derived
        self.static: dict[str, list[tuple[str, ...]]] = {p: [] for p in static}
        for fact in problem.init:
            if isinstance(fact, ast.Atom) and fact.predicate in static:
                self.static[fact.predicate].append(tuple(t.name for t in fact.args))
        for rows in self.static.values():
            rows.sort()
        self._static_indexes: dict[tuple[str, tuple[int, ...]], Index] = {}
        self.queries = tuple(self._query(action) for action in domain.actions)

    def _query(self, action: ast.ActionSchema) -> _Query:
        atoms = tuple(c for c in conjuncts(action.precondition) if isinstance(c, ast.Atom))
        allowed = {p.name: frozenset(self.semantics.of_type(p.types)) for p in action.parameters}
        return _Query(action, atoms, allowed)

    def applicable(self, closed: frozenset[Fact]) -> Iterator[tuple[ast.ActionSchema, Binding]]:
        """Every schema and parameter binding whose precondition holds in ``closed`` (a state with its derived
        facts), schema by schema in domain order."""
        relations = _Relations(closed, self.static, self._static_indexes)
        for query in self.queries:
            atoms = _order(query.atoms, relations.size)
            params = query.action.parameters
            for binding in self._join(query, atoms, 0, {}, relations):
                free = tuple(p for p in params if p.name not in binding)
                for full in (self.semantics.bindings(free, binding) if free else (binding,)):
                    if query.action.precondition is None or self.semantics.holds(query.action.precondition, closed,
                                                                                 full):
                        yield query.action, full

    def _join(self, query: _Query, atoms: list[ast.Atom], i: int, binding: Binding,
              relations: _Relations) -> Iterator[Binding]:
        if i == len(atoms):
            yield binding
            return
        atom = atoms[i]
        bound = tuple(j for j, t in enumerate(atom.args) if isinstance(t, ast.Constant) or t.name in binding)
        key = tuple(t.name if isinstance(t, ast.Constant) else binding[t.name] for t in (atom.args[j] for j in bound))
        free = [(j, t.name) for j, t in enumerate(atom.args) if j not in bound]
        for args in relations.index(atom.predicate, bound).get(key, ()):
            if len(args) != len(atom.args):
                continue
            extended = dict(binding)
            for j, name in free:
                value = args[j]
                seen = extended.get(name)
                if seen is None:
                    if value not in query.allowed.get(name, ()):
                        break
                    extended[name] = value
                elif seen != value:  # a variable twice in one atom
                    break
            else:
                yield from self._join(query, atoms, i + 1, extended, relations)


def _order(atoms: tuple[ast.Atom, ...], size: Callable[[str], int]) -> list[ast.Atom]:
    """A join order: repeatedly the atom with the most bound terms (constants count), ties broken by the smaller
    relation. An atom over an empty relation comes first, so a schema it rules out costs nothing."""
    left, bound, order = list(atoms), set(), []
    while left:
        def score(atom: ast.Atom) -> tuple[bool, int, int]:
            shared = sum(isinstance(t, ast.Constant) or t.name in bound for t in atom.args)
            return size(atom.predicate) > 0, -shared, size(atom.predicate)

        best = min(left, key=score)
        left.remove(best)
        order.append(best)
        bound.update(t.name for t in best.args if isinstance(t, ast.Variable))
    return order
