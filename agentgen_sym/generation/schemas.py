"""Goal schemas: what a seed problem's goal asks for, lifted to predicates, signs and argument types.

A seed goal ``(and (delivered p1 home) (not (dry plant2)))`` says what the domain is for: parcels
delivered, plants no longer dry. Generated goals are other instances of those schemas (other objects of
the same types, more or fewer conjuncts) instead of whatever facts a random walk happened to make true.
A disjunctive or quantified seed goal gives the literals it mentions (a quantified variable's role is its
declared type); a goal that gives none leaves the generator to its random-walk fallback.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.task import GroundAtom

GOAL_MODES = ("auto", "schema", "walk")
"""Where generated goals come from: ``schema`` instances of the seed goal, ``walk`` facts a random walk made
true, ``auto`` schema instances where the seed has a goal and one is reached, else walk facts."""


class GoalModeError(AgentgenError, ValueError):
    """A goal mode the seed cannot serve (``schema`` of a seed with no goal literal) or that is none."""


@dataclass(frozen=True)
class GoalSchema:
    """One literal of a seed goal, lifted: its predicate, its sign and the declared types of the object in each
    argument role (a domain constant's role is ``("=" + name,)``: that constant and no other)."""

    predicate: str
    positive: bool
    roles: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class SeedGoals:
    """A seed problem's goal schemas, the number of literals its goal has, the schemas whose seed instance
    already held in the seed's initial state (only facts of those may be goals while true at the start), and those
    seed literals themselves (``maintained``: fact and sign, what the user asked to stay so, such as a tap that
    starts off and must end off)."""

    schemas: tuple[GoalSchema, ...]
    conjuncts: int
    true_at_start: frozenset[GoalSchema] = frozenset()
    maintained: tuple[tuple[GroundAtom, bool], ...] = ()

    def positive(self) -> tuple[GoalSchema, ...]:
        return tuple(s for s in self.schemas if s.positive)

    def negative(self) -> tuple[GoalSchema, ...]:
        return tuple(s for s in self.schemas if not s.positive)

    def instances(self, facts: Iterable[GroundAtom], objects: Iterable[ast.TypedName], positive: bool = True
                  ) -> list[GroundAtom]:
        """The ``facts`` that instantiate a schema of that sign over ``objects``, in their order: what a goal of
        this seed may ask to hold (``positive``) or to no longer hold."""
        types = object_types(objects)
        schemas = self.positive() if positive else self.negative()
        return [f for f in facts if any(instance_of(f, s, types) for s in schemas)]


def goal_schemas(domain: ast.Domain, problem: ast.Problem) -> SeedGoals:
    """The schemas of ``problem``'s goal (none when it has no goal or no literal over objects)."""
    types = object_types(problem.objects)
    start = {GroundAtom(a.predicate, tuple(t.name for t in a.args)) for a in problem.init if isinstance(a, ast.Atom)}
    constants = {c.name for c in domain.constants}
    found: dict[GoalSchema, None] = {}
    at_start: set[GoalSchema] = set()
    count = 0
    for atom, positive, bound in _literals(problem.goal, True, {}) if problem.goal is not None else ():
        roles = []
        for term in atom.args:
            if isinstance(term, ast.Variable):
                roles.append(bound.get(term.name, ()))
            elif term.name in constants:
                roles.append(("=" + term.name,))
            else:
                roles.append(types.get(term.name, ()))
        schema = GoalSchema(atom.predicate, positive, tuple(roles))
        found.setdefault(schema)
        count += 1
        ground = all(isinstance(t, ast.Constant) for t in atom.args)
        if ground and (GroundAtom(atom.predicate, tuple(t.name for t in atom.args)) in start) == positive:
            at_start.add(schema)  # the seed asks for a fact that already holds (or a fact already absent)
    maintained = tuple((fact, positive) for fact, positive in _required(problem.goal) if (fact in start) == positive)
    return SeedGoals(tuple(found), count, frozenset(at_start), maintained)


def schemas_of(domain: ast.Domain, problems: Iterable[ast.Problem]) -> SeedGoals | None:
    """The goal schemas of tasks read back whose goals came from a seed's (``evolve`` has no seed problem: their
    goals are instances of its schemas, so together they give them back); None when there is no such task."""
    found: dict[GoalSchema, None] = {}
    conjuncts = 0
    for problem in problems:
        goals = goal_schemas(domain, problem)
        found.update(dict.fromkeys(goals.schemas))
        conjuncts = max(conjuncts, goals.conjuncts)
    return SeedGoals(tuple(found), conjuncts) if found else None


def _required(goal: ast.Formula | None) -> Iterator[tuple[GroundAtom, bool]]:
    """The ground literals a goal requires as conjuncts (``goal_literals`` of each conjunct that is one; a
    disjunction, an implication or a quantifier, which the goal may satisfy without them, gives none)."""
    for part in goal.parts if isinstance(goal, ast.And) else () if goal is None else (goal,):
        yield from goal_literals(part) or ()


def _literals(formula: ast.Formula, positive: bool, bound: dict[str, tuple[str, ...]]
              ) -> Iterator[tuple[ast.Atom, bool, dict[str, tuple[str, ...]]]]:
    """The atoms of a goal formula with the sign each is asked for in, and the types of the variables bound
    around it; equalities and what cannot be read as a literal are left out."""
    if isinstance(formula, ast.Atom):
        yield formula, positive, bound
    elif isinstance(formula, ast.Not):
        yield from _literals(formula.arg, not positive, bound)
    elif isinstance(formula, (ast.And, ast.Or)):
        for part in formula.parts:
            yield from _literals(part, positive, bound)
    elif isinstance(formula, ast.Imply):
        yield from _literals(formula.consequence, positive, bound)
    elif isinstance(formula, (ast.Exists, ast.Forall)):
        inner = dict(bound, **{v.name: tuple(sorted(v.types)) for v in formula.variables})
        yield from _literals(formula.body, positive, inner)


def object_types(objects: Iterable[ast.TypedName]) -> dict[str, tuple[str, ...]]:
    """Each object's declared types as a role reads them."""
    return {o.name: tuple(sorted(o.types)) for o in objects}


def instance_of(fact: GroundAtom, schema: GoalSchema, types: dict[str, tuple[str, ...]]) -> bool:
    """Whether ``fact`` fills ``schema``'s roles (its sign aside) with objects of the roles' types (a constant's
    role with that constant)."""
    return (fact.predicate == schema.predicate and len(fact.args) == len(schema.roles)
            and all(role == ("=" + arg,) or types.get(arg) == role for arg, role in zip(fact.args, schema.roles)))


def goal_literals(goal: ast.Formula | None) -> list[tuple[GroundAtom, bool]] | None:
    """A ground conjunctive goal's literals (fact, sign); None when the goal is not one (or absent)."""
    if goal is None:
        return None
    if isinstance(goal, ast.And):
        out = []
        for part in goal.parts:
            inner = goal_literals(part)
            if inner is None:
                return None
            out.extend(inner)
        return out
    positive = not isinstance(goal, ast.Not)
    atom = goal.arg if isinstance(goal, ast.Not) else goal
    if not isinstance(atom, ast.Atom) or not all(isinstance(t, ast.Constant) for t in atom.args):
        return None
    return [(GroundAtom(atom.predicate, tuple(t.name for t in atom.args)), positive)]


def is_schema_instance(problem: ast.Problem, seed: SeedGoals) -> bool:
    """Whether every literal of ``problem``'s goal is an instance of a seed goal schema of the same sign."""
    literals = goal_literals(problem.goal)
    if not literals:
        return False
    types = object_types(problem.objects)
    return all(any(s.positive == positive and instance_of(fact, s, types) for s in seed.schemas)
               for fact, positive in literals)


def schema_share(domain: ast.Domain, seed_problem: ast.Problem, problems: Iterable[ast.Problem]) -> float | None:
    """The share of ``problems`` whose goal is an instance of ``seed_problem``'s goal schemas: what a benchmark
    prints; None when the seed has no goal schema (or there is no problem): no share to speak of."""
    seed = goal_schemas(domain, seed_problem)
    problems = list(problems)
    if not seed.schemas or not problems:
        return None
    return sum(is_schema_instance(p, seed) for p in problems) / len(problems)
