"""Goals that can never hold (E520), through quantifiers, disjunctions, negation and derived predicates.

E503/E504 catch a plain goal atom that no action adds and the initial state lacks. A goal
written ``(forall (?l - location) (visited ?l))``, ``(or ...)``, ``(not (at a))`` or through a
derived predicate escapes them, and a generator or an LLM repair loop then spends its
budget on a task no plan solves. This pass evaluates each such goal conjunct over the
problem's objects with a possibility test that over-approximates reachability: an atom may
become true if it holds initially or some action adds its predicate, false if it is false
initially or some action deletes its predicate, a derived atom may become true if its rule's
body may. A conjunct that is impossible even so is unsatisfiable in every reachable state.
"""

from __future__ import annotations

from itertools import product

from . import ast
from .analysis import changed_predicates, conjuncts
from .diagnostics import Diagnostic, Severity
from .errors import AgentgenError
from .limits import Budget
from .printer import expr, ground_call
from .types import ROOT, TypeHierarchy

CODE = "E520"
MAX_BINDINGS = 20_000  # quantifier instances per goal; beyond it the goal counts as possible
STAGE = "checking the task (goals)"


class _TooMany(AgentgenError):
    pass


class _Possibility:
    def __init__(self, domain: ast.Domain, problem: ast.Problem, hierarchy: TypeHierarchy, budget: Budget) -> None:
        self.init = {(a.predicate, tuple(t.name for t in a.args)) for a in problem.init if isinstance(a, ast.Atom)}
        self.added, self.deleted = changed_predicates(domain)
        self.axioms: dict[str, list[ast.DerivedPredicate]] = {}
        for axiom in domain.derived:
            self.axioms.setdefault(axiom.name, []).append(axiom)
        self.objects = {c.name: c.types for c in domain.constants} | {o.name: o.types for o in problem.objects}
        self.declared = {p.name for p in domain.predicates}
        self.hierarchy = hierarchy
        self.memo: dict[tuple[str, tuple[str, ...], bool], bool] = {}
        self.instances = 0
        self.culprit: tuple[str, tuple[str, ...], bool] | None = None
        self.budget = budget

    def ground(self, term: ast.Term, env: dict[str, str]) -> str:
        return env.get(term.name, "?" + term.name) if isinstance(term, ast.Variable) else term.name

    def bindings(self, variables: tuple[ast.TypedName, ...], env: dict[str, str]):
        domains = []
        for v in variables:
            names: list[str] = []
            for t in v.types or (ROOT,):
                names += [o for o in self.hierarchy.objects_of(t, self.objects) if o not in names]
            domains.append(names)
        for values in self.budget.paced(product(*domains), STAGE):
            self.instances += 1
            if self.instances > MAX_BINDINGS:
                raise _TooMany
            yield {**env, **{v.name: o for v, o in zip(variables, values)}}

    def atom(self, predicate: str, args: tuple[str, ...], positive: bool) -> bool:
        if predicate in self.axioms:
            if not positive:
                return True  # a derived atom is false wherever its rule fails; not worth proving otherwise
            memo_key = (predicate, args, positive)
            if memo_key not in self.memo:
                self.memo[memo_key] = True  # optimistic inside recursion: sound for an over-approximation
                self.memo[memo_key] = any(
                    self.possible(axiom.body, {p.name: a for p, a in zip(axiom.parameters, args)}, True)
                    for axiom in self.axioms[predicate] if len(axiom.parameters) == len(args))
            return self.memo[memo_key]
        if predicate not in self.declared:
            return True  # E201 reports it; no second error on the same atom
        initially = (predicate, args) in self.init
        ok = (initially or predicate in self.added) if positive else (not initially or predicate in self.deleted)
        if not ok:  # the last failure is the one that decided (and/forall stop at it)
            self.culprit = (predicate, args, positive)
        return ok

    def possible(self, f: ast.Formula, env: dict[str, str], positive: bool) -> bool:
        """Whether ``f`` (``not f`` when ``positive`` is False) may hold in some reachable state."""
        if isinstance(f, ast.Atom):
            return self.atom(f.predicate, tuple(self.ground(t, env) for t in f.args), positive)
        if isinstance(f, ast.Equals):
            return (self.ground(f.left, env) == self.ground(f.right, env)) == positive
        if isinstance(f, ast.Not):
            return self.possible(f.arg, env, not positive)
        if isinstance(f, (ast.And, ast.Or)):
            every = isinstance(f, ast.And) == positive  # a conjunction, or a negated disjunction
            parts = (self.possible(p, env, positive) for p in f.parts)
            return all(parts) if every else any(parts)
        if isinstance(f, ast.Imply):
            if positive:
                return self.possible(f.condition, env, False) or self.possible(f.consequence, env, True)
            return self.possible(f.condition, env, True) and self.possible(f.consequence, env, False)
        if isinstance(f, (ast.Forall, ast.Exists)):
            every = isinstance(f, ast.Forall) == positive
            results = (self.possible(f.body, inner, positive) for inner in self.bindings(f.variables, env))
            return all(results) if every else any(results)
        return True


def impossible_goals(domain: ast.Domain, problem: ast.Problem, hierarchy: TypeHierarchy | None = None,
                     budget: Budget | None = None) -> list[Diagnostic]:
    """E520 for each goal conjunct that no reachable state satisfies (plain atoms are E503/E504's). ``budget``
    is ticked per goal conjunct and per quantifier instance: MAX_BINDINGS bounds one goal, not a long goal."""
    hierarchy = hierarchy or TypeHierarchy.of(domain)
    test = _Possibility(domain, problem, hierarchy, budget or Budget())
    out = []
    for goal in test.budget.paced(conjuncts(problem.goal), STAGE):
        if isinstance(goal, ast.Atom) and goal.predicate not in test.axioms:
            continue
        test.culprit, test.instances = None, 0
        try:
            if test.possible(goal, {}, True):
                continue
        except _TooMany:
            continue
        why = ""
        if test.culprit is not None:
            predicate, args, positive = test.culprit
            shown = ground_call(predicate, args)
            why = (f": {shown} is not true initially and no action adds `{predicate}`" if positive else
                   f": {shown} is true initially and no action deletes `{predicate}`")
        out.append(Diagnostic(CODE, Severity.ERROR, f"goal {expr(goal)} can never hold{why}", goal.span,
                              "the task is unsolvable; fix the goal, the initial state or the actions"))
    return out
