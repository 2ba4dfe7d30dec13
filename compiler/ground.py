"""Grounding: a checked domain and problem -> GroundTask (NumPy arrays over reachable facts).

Two phases, as in Fast Downward's translator, but small:

1. Relaxed exploration (Datalog style). Each action's parameter bindings come from joins
   of its positive top-level precondition atoms against the facts reached so far (static
   relations first, smaller relations first, semi-naive: each round only joins that use a
   new fact); parameters no atom constrains range over the objects of their type. A
   binding counts once its whole precondition holds in the delete relaxation; its effects
   (conditional ones once their condition holds) add facts; repeat to a fixpoint.
2. Instantiation. Each reached binding's precondition and effect conditions are
   instantiated and simplified — static atoms and equalities decided, quantifiers expanded
   over typed objects, atoms never reached are false — and put in disjunctive normal form:
   a disjunctive precondition becomes several operators, a disjunctive effect condition
   several conditional effects. This is ADL -> conditional STRIPS, done on ground formulas
   so that static facts prune the expansion before it can blow up.

Derived predicates (``:derived``) are ground the same way before exploration, with every fluent
atom assumed possible: each disjunct of a body's DNF is one candidate ground axiom. During
exploration an axiom is a rule, interleaved with the actions: its head is reached once all its
positive atoms are (negative literals count as satisfiable). The axioms whose positive atoms
were all reached become the task's axioms, layered by the stratum of their head predicate;
derived atoms never reached are false in every reachable state.

Operators keep the lifted action name and arguments, so plans come out in source names.
A goal that is not a conjunction of facts is compiled into zero-cost goal operators
(``task.GOAL_ACTION``) that add a fresh goal fact (``task.GOAL_FACT``).

The passes are timed one by one, as Fast Downward's translator reports them:
``normalize`` (types, objects, static predicates, lifted schemas and candidate axioms),
``explore`` (relaxed reachability), ``instantiate`` (ground operators in DNF), ``goal`` and
``pack`` (the arrays, axioms layered).
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import count, product
from operator import itemgetter
from math import prod
from typing import Iterable, Iterator, TypeVar

from . import ast
from .analysis import axiom_levels, mentioned_variables, static_predicates, stratified
from .costs import (MAX_COST, UndefinedValue, UnpriceableCost, action_cost, function_values, takes,
                    uses_action_costs)
from .errors import AgentgenError
from .limits import MAX_OPERATORS, Budget, active
from .task import GOAL_ACTION, GOAL_FACT, Axiom, ConditionalEffect, GroundAtom, GroundTask, Operator, build_task
from .types import ROOT, TypeHierarchy

Atom = tuple[str, tuple[str, ...]]          # a ground atom: (predicate, object names)
Literal = tuple[Atom, bool]                 # with polarity
Conjunction = frozenset[Literal]
DNF = list[Conjunction]                      # [] is false, [frozenset()] is true

MAX_DISJUNCTS = 1024


class GroundingError(AgentgenError):
    """The task cannot be grounded (unsupported feature or too large); ``code`` is a G7xx code, or the
    E-code that ``check`` gives the same defect (E405: a step with no fixed price)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class GroundingStats:
    """Sizes of the grounded task and the seconds of each pass (``passes``, in order)."""

    seconds: float = 0.0
    n_facts: int = 0
    n_operators: int = 0
    n_conditional_effects: int = 0
    n_axioms: int = 0
    passes: dict[str, float] = field(default_factory=dict)


class _PassTimer:
    """Seconds per pass, recorded into ``stats.passes`` as each pass ends."""

    def __init__(self, stats: GroundingStats) -> None:
        self.stats = stats
        self.last = time.perf_counter()

    def done(self, name: str) -> None:
        now = time.perf_counter()
        self.stats.passes[name] = now - self.last
        self.last = now


# --------------------------------------------------------------------------- formulas on bindings


@dataclass
class _World:
    """What instantiation needs to know: objects by type, static facts, reached fluent facts.

    ``open_world``: every fluent atom counts as possibly reached (to ground axioms before exploration).
    """

    objects_by_type: dict[str, list[str]]
    static: set[str]
    init: set[Atom]
    reached: set[Atom] = field(default_factory=set)
    open_world: bool = False
    budget: Budget = field(default_factory=Budget)
    max_operators: int = MAX_OPERATORS

    def objects(self, types: tuple[str, ...]) -> list[str]:
        if not types:
            return self.objects_by_type[ROOT]
        seen: dict[str, None] = {}
        for t in types:
            for o in self.objects_by_type.get(t, ()):
                seen[o] = None
        return list(seen)


def _resolve(term: ast.Term, binding: dict[str, str]) -> str:
    return binding[term.name] if isinstance(term, ast.Variable) else term.name


def _atom(atom: ast.Atom, binding: dict[str, str]) -> Atom:
    return atom.predicate, tuple(_resolve(a, binding) for a in atom.args)


def _and(parts: Iterable[DNF]) -> DNF:
    """Conjunction; stops reading ``parts`` (a lazy iterable) at the first false one."""
    result: DNF = [frozenset()]
    for part in parts:
        result = [a | b for a in result for b in part if not _contradicts(a | b)]
        if len(result) > MAX_DISJUNCTS:
            raise GroundingError("G703", f"a condition expands into more than {MAX_DISJUNCTS} cases")
        if not result:
            return []
    return _minimal(result)


def _or(parts: Iterable[DNF]) -> DNF:
    """Disjunction; stops reading ``parts`` at the first true one."""
    out: DNF = []
    for part in parts:
        out.extend(part)
        if frozenset() in part:
            return [frozenset()]
    return _minimal(out)


def _contradicts(conj: Conjunction) -> bool:
    return any((atom, not positive) in conj for atom, positive in conj)


def _minimal(dnf: DNF) -> DNF:
    """Drop duplicate and subsumed disjuncts (a superset of another adds nothing). Keeps the first
    occurrences in order (a set's order would follow string hashing, which changes per process,
    and so would the axioms' order and every plan that breaks ties by it)."""
    unique = sorted(dict.fromkeys(dnf), key=len)
    out: DNF = []
    for conj in unique:
        if not any(kept <= conj for kept in out):
            out.append(conj)
    return out


def dnf(f: ast.Formula, binding: dict[str, str], world: _World, positive: bool = True, relaxed: bool = False
        ) -> DNF:
    """The ground formula as a DNF over fluent literals, static atoms and equalities decided.

    ``relaxed``: negative fluent literals count as true (the delete relaxation), positive
    ones as true iff reached; used during exploration.
    """
    if isinstance(f, ast.Atom):
        atom = _atom(f, binding)
        if f.predicate in world.static:
            return [frozenset()] if (atom in world.init) == positive else []
        if relaxed:
            return [frozenset()] if (not positive or atom in world.reached) else []
        if not world.open_world and atom not in world.reached:
            return [] if positive else [frozenset()]
        return [frozenset({(atom, positive)})]
    if isinstance(f, ast.Equals):
        same = _resolve(f.left, binding) == _resolve(f.right, binding)
        return [frozenset()] if same == positive else []
    if isinstance(f, ast.Not):
        return dnf(f.arg, binding, world, not positive, relaxed)
    if isinstance(f, (ast.And, ast.Or)):
        parts = (dnf(p, binding, world, positive, relaxed) for p in f.parts)
        return _and(parts) if isinstance(f, ast.And) == positive else _or(parts)
    if isinstance(f, ast.Imply):
        as_or = ast.Or((ast.Not(f.condition), f.consequence))
        return dnf(as_or, binding, world, positive, relaxed)
    if isinstance(f, (ast.Forall, ast.Exists)):
        used = set(mentioned_variables(f.body))
        if any(v.name not in used and not world.objects(v.types) for v in f.variables):
            holds = isinstance(f, ast.Forall)  # a variable over no object: forall holds, exists fails
            return [frozenset()] if holds == positive else []
        kept = tuple(v for v in f.variables if v.name in used)  # the others only repeat the same condition
        parts = (dnf(f.body, {**binding, **extra}, world, positive, relaxed) for extra in _assignments(kept, world))
        return _and(parts) if isinstance(f, ast.Forall) == positive else _or(parts)
    raise GroundingError("G701", f"cannot ground the condition {type(f).__name__}")


def _assignments(variables: tuple[ast.TypedName, ...], world: _World) -> Iterator[dict[str, str]]:
    names = [v.name for v in variables]
    domains = [world.objects(v.types) for v in variables]
    instances = prod(map(len, domains))
    if instances > world.max_operators:
        raise _too_large(f"a quantifier over {' '.join('?' + n for n in names)} has {instances:,} instances",
                         world.max_operators)
    for values in product(*domains):
        if world.budget.tick():
            world.budget.check("expanding quantifiers", f"over {'/'.join(names)}")
        yield dict(zip(names, values))


@dataclass
class _GroundEffect:
    condition: ast.Formula | None
    binding: dict[str, str]
    add: list[ast.Atom]
    delete: list[ast.Atom]


def _effects(e: ast.Effect | None, binding: dict[str, str], world: _World, condition: ast.Formula | None,
             out: list[_GroundEffect]) -> None:
    """Flatten an effect into (condition, adds, deletes) groups; forall expands over objects."""
    if e is None:
        return
    if isinstance(e, ast.Atom):
        out.append(_GroundEffect(condition, binding, [e], []))
    elif isinstance(e, ast.Not):
        out.append(_GroundEffect(condition, binding, [], [e.arg]))
    elif isinstance(e, ast.AndEffect):
        for part in e.parts:
            _effects(part, binding, world, condition, out)
    elif isinstance(e, ast.When):
        both = e.condition if condition is None else ast.And((condition, e.condition))
        _effects(e.effect, binding, world, both, out)
    elif isinstance(e, ast.ForallEffect):
        for extra in _assignments(e.variables, world):
            _effects(e.effect, {**binding, **extra}, world, condition, out)


# --------------------------------------------------------------------------- exploration


@dataclass
class _Schema:
    """An action prepared for joins: its positive top-level atoms and parameter domains."""

    action: ast.ActionSchema
    join_atoms: list[ast.Atom]
    free: list[str]
    allowed: dict[str, set[str]]


def _top_level_atoms(f: ast.Formula | None) -> list[ast.Atom]:
    if isinstance(f, ast.Atom):
        return [f]
    if isinstance(f, ast.And):
        return [a for part in f.parts for a in _top_level_atoms(part)]
    return []


class _Relations:
    """Facts by predicate with lazily built indexes on bound argument positions."""

    def __init__(self) -> None:
        self.tuples: dict[str, list[tuple[str, ...]]] = defaultdict(list)
        self.indexes: dict[tuple[str, tuple[int, ...]], dict[tuple[str, ...], list[tuple[str, ...]]]] = {}

    def add(self, atom: Atom) -> None:
        pred, args = atom
        self.tuples[pred].append(args)
        for (p, positions), index in self.indexes.items():
            if p == pred:
                index.setdefault(tuple(args[i] for i in positions), []).append(args)

    def lookup(self, pred: str, positions: tuple[int, ...], key: tuple[str, ...]) -> list[tuple[str, ...]]:
        if not positions:
            return self.tuples.get(pred, [])
        index = self.indexes.get((pred, positions))
        if index is None:
            index = self.indexes[(pred, positions)] = {}
            for args in self.tuples.get(pred, []):
                index.setdefault(tuple(args[i] for i in positions), []).append(args)
        return index.get(key, [])


def _join(schema: _Schema, atoms: list[ast.Atom], sources: list[_Relations], budget: Budget, limit: int
          ) -> Iterator[dict[str, str]]:
    """Bindings of the schema's parameters satisfying ``atoms`` (atom i looked up in sources[i]); G702 as
    soon as the partial bindings, or the product of the parameters no atom binds, pass ``limit``."""
    stage = f"exploring the bindings of action `{schema.action.name}`"
    bindings: list[dict[str, str]] = [{}]
    for atom, relations in zip(atoms, sources):
        bound = [(i, a) for i, a in enumerate(atom.args)
                 if isinstance(a, ast.Constant) or a.name in bindings[0]] if bindings else []
        positions = tuple(i for i, _ in bound)
        extended: list[dict[str, str]] = []
        for b in bindings:
            key = tuple(_resolve(a, b) for _, a in bound)
            for args in relations.lookup(atom.predicate, positions, key):
                if budget.tick():
                    budget.check(stage, f"{len(extended)} partial bindings")
                if len(args) != len(atom.args):
                    continue
                new = dict(b)
                for value, term in zip(args, atom.args):
                    if isinstance(term, ast.Variable):
                        if new.setdefault(term.name, value) != value or value not in schema.allowed[term.name]:
                            break
                else:
                    extended.append(new)
                    if len(extended) > limit:
                        raise _too_large(f"action `{schema.action.name}` has more than {limit:,} partial bindings "
                                         f"joining its precondition", limit)
        bindings = extended
        if not bindings:
            return
    unbound = [v for v in schema.free if v not in bindings[0]]
    candidates = len(bindings) * prod(len(schema.allowed[v]) for v in unbound)
    if candidates > limit:
        unbound_text = f"; {' '.join('?' + v for v in unbound)} range over every object of their type" \
            if unbound else ""
        raise _too_large(f"action `{schema.action.name}` has {candidates:,} candidate bindings{unbound_text}", limit)
    for b in bindings:
        for values in product(*(sorted(schema.allowed[v]) for v in unbound)):
            if budget.tick():
                budget.check(stage)
            full = dict(b)
            full.update(zip(unbound, values))
            yield full


def ground(domain: ast.Domain, problem: ast.Problem, budget: Budget | None = None,
           max_operators: int | None = None) -> tuple[GroundTask, GroundingStats]:
    """Ground a checked domain and problem; raises GroundingError for what the planners cannot take (G702
    for a task over ``max_operators``) and ``limits.LimitReached`` when ``budget`` runs out (every loop the
    input's size drives ticks it). ``max_operators`` defaults to MAX_OPERATORS."""
    start = time.perf_counter()
    stats = GroundingStats()
    timer = _PassTimer(stats)
    levels = axiom_levels(domain.derived)
    if not stratified(domain.derived, levels):
        raise GroundingError("G706", "the derived predicates depend negatively on themselves (through `not`), "
                                     "so they have no well-defined value")
    numbers = function_values(problem)
    world, schemas, rules = _normalize(domain, problem, budget, max_operators)
    timer.done("normalize")
    reached_bindings = _explore(schemas, world, rules)
    timer.done("explore")
    world.budget.check("numbering the facts", f"{len(world.reached)} facts")  # sorting them is one call
    facts: list[GroundAtom] = [GroundAtom(*atom) for atom in world.budget.paced(sorted(world.reached),
                                                                                 "numbering the facts")]
    fact_id = {atom: i for i, atom in enumerate(facts)}
    operators = _instantiate(schemas, reached_bindings, world, fact_id, numbers, uses_action_costs(domain, problem))
    timer.done("instantiate")
    goal_ids, goal_ops = _goal(problem, world, fact_id, facts)
    operators += goal_ops
    timer.done("goal")
    init_ids = [fact_id[a] for a in world.init if a in fact_id]
    world.budget.check("packing the task", f"{len(operators)} operators")
    with active(world.budget):  # build_task checks it between the steps that fill its matrices
        task = build_task(facts, init_ids, goal_ids, operators, rules.ground(fact_id, levels))
    timer.done("pack")
    stats.seconds = time.perf_counter() - start
    stats.n_facts, stats.n_operators, stats.n_axioms = task.n_facts, task.n_ops, task.n_axioms
    stats.n_conditional_effects = int(task.ce_pre_idx.shape[0])
    return task, stats


def reachable_bindings(domain: ast.Domain, problem: ast.Problem, budget: Budget | None = None,
                       max_operators: int | None = None) -> dict[str, list[dict[str, str]]]:
    """The bindings of each action (by name) that relaxed reachability reaches: the steps ``ground`` makes into
    operators and prices. ``check`` reads them to report a price that ``ground`` would refuse; raises as
    ``ground`` does."""
    world, schemas, rules = _normalize(domain, problem, budget, max_operators)
    return {schema.action.name: found for schema, found in zip(schemas, _explore(schemas, world, rules))}


def _normalize(domain: ast.Domain, problem: ast.Problem, budget: Budget | None, max_operators: int | None
               ) -> tuple[_World, list[_Schema], _AxiomRules]:
    """The objects by type, the initial facts, the action schemas and the axiom rules that exploring reads."""
    hierarchy = TypeHierarchy.of(domain)
    objects = {c.name: c.types for c in domain.constants} | {o.name: o.types for o in problem.objects}
    objects_by_type: dict[str, list[str]] = {t: sorted(hierarchy.objects_of(t, objects)) for t in hierarchy.parents}
    static = static_predicates(domain)
    init = {(a.predicate, tuple(t.name for t in a.args)) for a in problem.init if isinstance(a, ast.Atom)}
    world = _World(objects_by_type, static, init, budget=budget or Budget(),
                   max_operators=MAX_OPERATORS if max_operators is None else max_operators)
    schemas = [_prepare(action, world, static) for action in domain.actions]
    return world, schemas, _AxiomRules(_candidate_axioms(domain, world))


def _prepare(action: ast.ActionSchema, world: _World, static: set[str]) -> _Schema:
    atoms = _top_level_atoms(action.precondition)
    atoms.sort(key=lambda a: (a.predicate not in static, -len(a.args)))
    allowed = {p.name: set(world.objects(p.types)) for p in action.parameters}
    return _Schema(action, atoms, [p.name for p in action.parameters], allowed)


def _explore(schemas: list[_Schema], world: _World, rules: _AxiomRules) -> list[list[dict[str, str]]]:
    """Relaxed reachability to a fixpoint; returns the reached bindings of each schema.

    A binding whose join succeeded but whose whole precondition does not hold yet (an `or`
    branch waiting for a fact) stays pending and is retried each round, and so are the
    reached bindings of actions with conditional effects, whose conditions may turn true.
    Each round's new facts fire the axioms before the next round.
    """
    relations = _Relations()
    for atom in world.init:
        if atom[0] in world.static:
            relations.add(atom)
    new = _reach([a for a in world.init if a[0] not in world.static], world, relations, rules)
    reached: list[dict[tuple, dict[str, str]]] = [{} for _ in schemas]
    pending: list[dict[tuple, dict[str, str]]] = [{} for _ in schemas]
    first_round = True
    budget = world.budget
    while True:
        found: list[Atom] = []
        for index, schema in enumerate(schemas):
            candidates = pending[index]
            pending[index] = {}
            known = sum(map(len, reached))
            for b in _new_bindings(schema, relations, new, first_round, budget, world.max_operators):
                candidates.setdefault(_key(b), b)
                if budget.tick():
                    budget.check(f"exploring the bindings of action `{schema.action.name}`",
                                 f"{known + len(candidates)} bindings")
                if known + len(candidates) > world.max_operators:  # every binding may become an operator
                    raise _too_large(f"more than {world.max_operators:,} bindings of actions are reachable (action "
                                     f"`{schema.action.name}` while exploring)", world.max_operators)
            for key, b in budget.paced(candidates.items(), f"exploring the bindings of action "
                                                              f"`{schema.action.name}`"):
                action = schema.action
                if key not in reached[index]:
                    if action.precondition is not None and not dnf(action.precondition, b, world, relaxed=True):
                        pending[index][key] = b
                        continue
                    reached[index][key] = b
                found.extend(_relaxed_adds(action, b, world))
        first_round = False
        fresh = [a for a in dict.fromkeys(found) if a not in world.reached]
        if not fresh:
            break
        new = _reach(fresh, world, relations, rules)
        for index, schema in enumerate(schemas):
            if _has_conditions(schema.action):
                pending[index].update(reached[index])
    return [list(r.values()) for r in reached]


def _reach(atoms: list[Atom], world: _World, relations: _Relations, rules: _AxiomRules) -> _Relations:
    """Mark fluent atoms reached, with the derived atoms they make reachable; returns them as relations."""
    new = _Relations()
    stage = "marking the reached facts"
    for atom in world.budget.paced([*atoms, *rules.fire(atoms, world.budget)], stage):
        world.reached.add(atom)
        relations.add(atom)
        new.add(atom)
    return new


def _new_bindings(schema: _Schema, relations: _Relations, new: _Relations, first_round: bool, budget: Budget,
                  limit: int) -> Iterator[dict[str, str]]:
    """Semi-naive joins: in the first round all bindings, later only those using a new fact."""
    atoms = schema.join_atoms
    if first_round:
        yield from _join(schema, atoms, [relations] * len(atoms), budget, limit)
        return
    for i, atom in enumerate(atoms):
        if atom.predicate in new.tuples:
            sources = [relations] * len(atoms)
            sources[i] = new
            yield from _join(schema, atoms, sources, budget, limit)


def _too_large(what: str, limit: int) -> GroundingError:
    """G702: the task is over the bound on its ground size; the message says how to raise it."""
    return GroundingError("G702", f"the task is too large to ground: {what}, over the limit of {limit:,} "
                                  f"(raise it with --max-operators N, or compile_task(max_operators=N), if the "
                                  f"task is meant to be this large)")


def _key(binding: dict[str, str]) -> tuple:
    return tuple(sorted(binding.items()))


def _has_conditions(action: ast.ActionSchema) -> bool:
    def walk(e: ast.Effect | None) -> bool:
        if isinstance(e, (ast.When, ast.ForallEffect)):
            return True
        if isinstance(e, ast.AndEffect):
            return any(walk(p) for p in e.parts)
        return False
    return walk(action.effect)


def _relaxed_adds(action: ast.ActionSchema, binding: dict[str, str], world: _World) -> Iterator[Atom]:
    groups: list[_GroundEffect] = []
    _effects(action.effect, binding, world, None, groups)
    for group in groups:
        if group.condition is not None and not dnf(group.condition, group.binding, world, relaxed=True):
            continue
        for atom in group.add:
            yield _atom(atom, group.binding)


# --------------------------------------------------------------------------- axioms


@dataclass(frozen=True)
class _CandidateAxiom:
    head: Atom
    body: Conjunction


LiftedDisjunct = tuple[tuple[ast.Formula, ...], tuple[ast.TypedName, ...]]  # (conjuncts, existential variables)
_Node = TypeVar("_Node")


def _candidate_axioms(domain: ast.Domain, world: _World) -> list[_CandidateAxiom]:
    """Every ground axiom that could fire: each head binding's body as a DNF over fluent literals
    (static atoms and equalities decided, every fluent atom possible), one candidate per disjunct.

    The body is first split into lifted disjuncts whose existential variables join the head's
    parameters, so that static atoms under an `or` or `exists` bind them by joins instead of
    every object being tried (PSR's `upstream` would otherwise test each device as `?z`).
    """
    statics = _Relations()
    for atom in world.init:
        if atom[0] in world.static:
            statics.add(atom)
    open_world = replace(world, open_world=True)
    out: list[_CandidateAxiom] = []
    for axiom in domain.derived:
        params = [p.name for p in axiom.parameters]
        for parts, variables in _split(axiom.body, count()):
            body = ast.And(parts)
            # the disjunct as the precondition of a parameterised action: its static atoms bind it
            action = ast.ActionSchema(axiom.name, (*axiom.parameters, *variables), body)
            schema = _prepare(action, world, world.static)
            atoms = [a for a in schema.join_atoms if a.predicate in world.static]
            for binding in _join(schema, atoms, [statics] * len(atoms), world.budget, world.max_operators):
                head = (axiom.name, tuple(binding[p] for p in params))
                out.extend(_CandidateAxiom(head, conj) for conj in dnf(body, binding, open_world))
    return out


def _split(f: ast.Formula, fresh: Iterator[int]) -> list[LiftedDisjunct]:
    """A lifted DNF of ``f``: `or`, `imply` and `exists` (its variables renamed apart) split, `and`
    distributed; other parts (atoms, negations, `forall`) stay whole. An `and` that would give more
    than MAX_DISJUNCTS disjuncts stays whole too (ground DNF then decides it)."""
    if isinstance(f, ast.Or):
        return [d for part in f.parts for d in _split(part, fresh)]
    if isinstance(f, ast.Imply):
        return [((ast.Not(f.condition),), ()), *_split(f.consequence, fresh)]
    if isinstance(f, ast.Exists):
        renamed = tuple(replace(v, name=f"{v.name}#{next(fresh)}") for v in f.variables)
        body = ast.substitute(f.body, {v.name: ast.Variable(r.name) for v, r in zip(f.variables, renamed)})
        return [(parts, (*renamed, *variables)) for parts, variables in _split(body, fresh)]
    if isinstance(f, ast.And):
        out: list[LiftedDisjunct] = [((), ())]
        for part in f.parts:
            out = [(a + b, va + vb) for a, va in out for b, vb in _split(part, fresh)]
            if len(out) > MAX_DISJUNCTS:
                return [((f,), ())]
        return out
    return [((f,), ())]


class _AxiomRules:
    """Candidate axioms as relaxed rules: a head is reached once every positive atom of one of
    its bodies is (negative literals count as satisfiable). Counts the missing atoms per body."""

    def __init__(self, candidates: list[_CandidateAxiom]) -> None:
        self.candidates = candidates
        self.missing = [sum(positive for _, positive in c.body) for c in candidates]
        self.watch: dict[Atom, list[int]] = defaultdict(list)
        for i, c in enumerate(candidates):
            for atom, positive in c.body:
                if positive:
                    self.watch[atom].append(i)
        self.derived: set[Atom] = set()
        self.ready = [i for i, n in enumerate(self.missing) if n == 0]

    def fire(self, fresh: list[Atom], budget: Budget) -> list[Atom]:
        """The derived atoms that become reachable now that ``fresh`` atoms are, to the fixpoint."""
        out: list[Atom] = []
        queue = list(fresh)
        done, self.ready = self.ready, []
        while True:
            if budget.tick():
                budget.check("firing the derived predicates' rules", f"{len(out)} derived facts")
            for i in done:
                head = self.candidates[i].head
                if head not in self.derived:
                    self.derived.add(head)
                    out.append(head)
                    queue.append(head)
            if not queue:
                return out
            done = []
            for i in self.watch.pop(queue.pop(), ()):
                self.missing[i] -= 1
                if self.missing[i] == 0:
                    done.append(i)

    def ground(self, fact_id: dict[Atom, int], levels: dict[str, int]) -> list[Axiom]:
        """The axioms whose positive atoms were all reached, as fact ids; never-reached negative atoms
        are always false, so those literals are dropped, and so are bodies another one subsumes.
        Sorted by fact ids: the candidates come in an order that varies with string hashing."""
        bodies: dict[Atom, DNF] = defaultdict(list)
        for c, missing in zip(self.candidates, self.missing):
            if missing == 0:
                bodies[c.head].append(frozenset((a, positive) for a, positive in c.body if positive or a in fact_id))
        axioms = [Axiom(fact_id[head], pre=tuple(sorted(fact_id[a] for a, positive in body if positive)),
                        neg=tuple(sorted(fact_id[a] for a, positive in body if not positive)), layer=levels[head[0]])
                  for head, found in bodies.items() for body in _minimal(found)]
        return sorted(axioms, key=lambda ax: (ax.head, ax.pre, ax.neg))


# --------------------------------------------------------------------------- instantiation


def _cost(action: ast.ActionSchema, binding: dict[str, str], numbers: dict, uses_costs: bool) -> int:
    """The operator's price by ``costs.action_cost``, refused unless whole and in the planners' range."""
    if not uses_costs:
        return 1
    try:
        total = action_cost(action, binding, numbers)
    except UnpriceableCost as exc:
        raise GroundingError("E405", str(exc)) from None
    except UndefinedValue as exc:
        raise GroundingError("G705", f"no initial value for {exc}") from None
    except ZeroDivisionError:
        raise GroundingError("G707", "a cost divides by zero") from None
    if takes(total):
        return int(total)
    if total > MAX_COST:
        raise GroundingError("G707", f"action `{action.name}` has the cost {total}, out of range: the planners "
                                     f"take operator costs up to {MAX_COST}")
    raise GroundingError("G704", f"action `{action.name}` has the cost {_shown(total)}; costs must be whole "
                                 "and >= 0")


def _shown(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _instantiate(schemas: list[_Schema], bindings: list[list[dict[str, str]]], world: _World,
                 fact_id: dict[Atom, int], numbers: dict, uses_costs: bool) -> list[Operator]:
    operators: list[Operator] = []
    for schema, found in zip(schemas, bindings):
        action = schema.action
        params = [p.name for p in action.parameters]
        keyed = [(tuple(b[p] for p in params), b) for b in world.budget.paced(found, "ordering the bindings")]
        keyed.sort(key=itemgetter(0))
        for _, binding in keyed:
            if world.budget.tick():
                world.budget.check("instantiating operators", f"{len(operators)} operators")
            args = tuple(binding[p] for p in params)
            pre = [frozenset()] if action.precondition is None else dnf(action.precondition, binding, world)
            if not pre:
                continue
            add, delete, effects = _ground_effects(action, binding, world, fact_id)
            cost = _cost(action, binding, numbers, uses_costs)
            for conj in pre:
                operators.append(Operator(
                    action.name, args,
                    pre=tuple(sorted(fact_id[a] for a, positive in conj if positive)),
                    neg=tuple(sorted(fact_id[a] for a, positive in conj if not positive)),
                    add=add, delete=delete, cost=cost, effects=effects))
            if len(operators) > world.max_operators:
                raise _too_large(f"more than {world.max_operators:,} ground operators", world.max_operators)
    return operators


def _ground_effects(action: ast.ActionSchema, binding: dict[str, str], world: _World, fact_id: dict[Atom, int]
                    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[ConditionalEffect, ...]]:
    groups: list[_GroundEffect] = []
    _effects(action.effect, binding, world, None, groups)
    add: set[int] = set()
    delete: set[int] = set()
    conditional: list[ConditionalEffect] = []
    for group in groups:
        adds = tuple(sorted({fact_id[a] for a in (_atom(x, group.binding) for x in group.add) if a in fact_id}))
        dels = tuple(sorted({fact_id[a] for a in (_atom(x, group.binding) for x in group.delete) if a in fact_id}))
        if not adds and not dels:
            continue
        cases = [frozenset()] if group.condition is None else dnf(group.condition, group.binding, world)
        for conj in cases:
            if not conj:
                add.update(adds)
                delete.update(dels)
            else:
                conditional.append(ConditionalEffect(
                    pre=tuple(sorted(fact_id[a] for a, p in conj if p)),
                    neg=tuple(sorted(fact_id[a] for a, p in conj if not p)), add=adds, delete=dels))
    return tuple(sorted(add)), tuple(sorted(delete)), tuple(conditional)


def _goal(problem: ast.Problem, world: _World, fact_id: dict[Atom, int], facts: list[GroundAtom]
          ) -> tuple[list[int], list[Operator]]:
    """Goal facts; a goal that is not a conjunction of facts becomes goal operators adding
    GOAL_FACT, which is appended to ``facts``."""
    cases = [frozenset()] if problem.goal is None else dnf(problem.goal, {}, world)
    if not cases:  # provably false: aim at the FALSE sentinel, which no state has
        return [len(facts) + 1], []
    if len(cases) == 1 and all(positive for _, positive in cases[0]):
        return [fact_id[a] for a, _ in cases[0]], []
    goal_fact = len(facts)
    facts.append(GOAL_FACT)
    operators = [Operator(GOAL_ACTION.action, (), pre=tuple(sorted(fact_id[a] for a, p in c if p)),
                          neg=tuple(sorted(fact_id[a] for a, p in c if not p)), add=(goal_fact,), cost=0)
                 for c in cases]
    return [goal_fact], operators
