"""Behavioural comparison of two domains under a (partial) mapping: the same states on both sides, the same
applicable steps, the same successors. The first difference becomes a counterexample that our validator
(``compiler/validate.py``) confirms on both sides: a plan valid in one domain and not in the other.

States come from the problems given (breadth-first from their initial states: the behaviour on reachable
states) or, without problems, from small generated ones: a few objects per type and seeded random states, each
made to satisfy one action's precondition so that every action is tried where it applies. Work is counted in
states, so the outcome is the same on every machine.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from itertools import product
from math import prod
from typing import NamedTuple

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import conjuncts
from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.diagnostics import Diagnostic
from agentgen_sym.compiler.limits import LimitReached, checkpoint, inherited
from agentgen_sym.compiler.printer import ground_call
from agentgen_sym.compiler.types import ROOT, TypeHierarchy
from agentgen_sym.compiler.validate import Fact, State, Stepper, ValidationResult, validate
from agentgen_sym.equiv.mapping import Mapping
from agentgen_sym.equiv.verdict import Counterexample, EquivBudget

MAX_ATOMS = 200_000
"""Ground atoms a generated problem may have: past it the comparison stops ("unknown"), as a wide predicate over a
few objects per type has billions."""
SEED_DENSITY = 0.4
"""The share of ground atoms true in a generated state before an action's precondition is imposed."""


@dataclass
class Outcome:
    """What the comparison found: validated counterexamples (one per action and side where the domains part, at
    most the budget's ``differences``), the states compared, whether every reachable state of the problems was
    compared (only ever true for problems that were given), what stopped it early, if anything did, and
    ``priced_apart``: a plan valid on both sides that costs differently, the difference when it is the only one."""

    counterexamples: list[Counterexample]
    states: int
    problems: int
    exhaustive: bool
    stopped: str | None = None  # why the comparison stopped before its state budget (a work limit)
    priced_apart: Counterexample | None = None


class _Replay(NamedTuple):
    """One plan replayed from one initial state on both sides: each side's problem and the validator's result."""

    problem_a: ast.Problem
    problem_b: ast.Problem
    result_a: ValidationResult
    result_b: ValidationResult


class _Pair:
    """One problem on both sides: its steppers and the mapping of its states."""

    def __init__(self, a: ast.Domain, b: ast.Domain, mapping: Mapping, problem: ast.Problem) -> None:
        self.a, self.b, self.m, self.back = a, b, mapping, mapping.inverse()
        self.problem_a = problem
        self.problem_b = mapping.problem(problem, b.name)
        self.step_a, self.step_b = Stepper(a, self.problem_a, inherited()), Stepper(b, self.problem_b, inherited())
        self._facts: dict[Fact, Fact] = {}
        self._domain_errors: dict[str, set[tuple[str, str]]] = {}
        self.priced_apart: Counterexample | None = None
        self._shrinking = False  # facts dropped from a problem `check` accepted: checked once, at the end

    def to_b(self, state: State) -> State:
        return frozenset(self._fact(f) for f in state)

    def _fact(self, fact: Fact) -> Fact:
        mapped = self._facts.get(fact)
        if mapped is None:
            mapped = self._facts[fact] = self.m.fact(fact)
        return mapped

    def compare(self, init: State, path: list[ast.PlanStep], state: State, known: set[tuple[str, str]]
                ) -> tuple[Counterexample | None, list[tuple[ast.PlanStep, State]]]:
        """The first difference at ``state`` (reached from ``init`` by ``path``) other than at the (side, action)
        pairs ``known`` already, else its successors in A."""
        in_b = self.to_b(state)
        steps_a = list(self.step_a.applicable(state))
        steps_b = set(self.step_b.applicable(in_b))
        for x in steps_a:
            if self.m.step(x) not in steps_b and ("a", x.action) not in known:
                found = self._counterexample(init, path + [x], "a", ast.And(()), None)
                if found:
                    return found, []
        mapped = {self.m.step(x) for x in steps_a}
        for y in sorted(steps_b - mapped, key=lambda step: ground_call(step.action, step.args)):
            x = self.back.step(y)
            if ("b", x.action) not in known:
                found = self._counterexample(init, path + [x], "b", ast.And(()), None)
                if found:
                    return found, []
        out = []
        for x in steps_a:
            after_a, price_a, _ = self.step_a.priced(x, state)
            after_b, price_b, _ = self.step_b.priced(self.m.step(x), in_b)
            if after_a is None or after_b is None:
                continue
            mapped_after = self.to_b(after_a)
            if mapped_after != after_b:
                changed = "a" if mapped_after - after_b else "b"
                found = None if (changed, x.action) in known else \
                    self._effect_difference(init, path + [x], in_b, mapped_after, after_b)
                if found:
                    return found, []
            elif price_a != price_b and self.priced_apart is None:
                self.priced_apart = self._priced_apart(init, path + [x])
            out.append((x, after_a))
        return None, out

    def _checks(self, side: str, problem: ast.Problem) -> bool:
        """Whether ``check`` accepts ``problem`` on ``side`` ("a" or "b"): no error but the domain's own."""
        domain = self.a if side == "a" else self.b
        known = self._domain_errors.get(side)
        if known is None:
            known = self._domain_errors[side] = _errors(check(domain, budget=inherited()))
        return _errors(check(domain, problem, budget=inherited())) <= known

    def shrink(self, found: Counterexample) -> Counterexample:
        """``found`` from the smallest initial state left after dropping each fact in turn (kept out when the same
        plan still parts the sides at its last step, or still costs differently): a generated state holds many
        facts that play no part."""
        plan = list(found.plan_a.steps)
        init = frozenset((x.predicate, tuple(t.name for t in x.args)) for x in found.problem_a.init
                         if isinstance(x, ast.Atom))
        again = self._priced_apart if found.valid_in == "both" else self._at_last_step
        shrunk, self._shrinking = found, True
        try:
            for fact in sorted(init):
                smaller = again(init - {fact}, plan)
                if smaller is not None and smaller.valid_in == found.valid_in:
                    init, shrunk = init - {fact}, smaller
        finally:
            self._shrinking = False
        return shrunk if self._checks("a", shrunk.problem_a) and self._checks("b", shrunk.problem_b) else found

    def _at_last_step(self, init: State, plan: list[ast.PlanStep]) -> Counterexample | None:
        """The counterexample of ``plan`` from ``init`` when the sides agree up to its last step and part there."""
        state = init
        for step in plan[:-1]:
            after_a, _ = self.step_a.apply(step, state)
            after_b, _ = self.step_b.apply(self.m.step(step), self.to_b(state))
            if after_a is None or after_b is None or self.to_b(after_a) != after_b:
                return None
            state = after_a
        last = plan[-1]
        after_a, _ = self.step_a.apply(last, state)
        after_b, _ = self.step_b.apply(self.m.step(last), self.to_b(state))
        if (after_a is None) != (after_b is None):
            return self._counterexample(init, plan, "a" if after_b is None else "b", ast.And(()), None)
        if after_a is not None and self.to_b(after_a) != after_b:
            return self._effect_difference(init, plan, self.to_b(state), self.to_b(after_a), after_b)
        return None

    def _effect_difference(self, init: State, plan: list[ast.PlanStep], before: State, after_a: State,
                           after_b: State) -> Counterexample | None:
        """The counterexample for a last step whose successors differ (``after_a`` in B's names): a fact true
        after it on one side only becomes the goal, and the reason names the side that adds or deletes it."""
        only_a = sorted(after_a - after_b)
        fact = only_a[0] if only_a else sorted(after_b - after_a)[0]
        side, holds, lacks = ("a", "first", "second") if only_a else ("b", "second", "first")
        actor = f"the {lacks} domain's action deletes it" if fact in before else f"the {holds} domain's action adds it"
        fact_a = self.back.fact(fact)
        last = ground_call(plan[-1].action, plan[-1].args)
        why = f"after {last}, {ground_call(*fact_a)} holds in the {holds} domain and not in the {lacks}: {actor}"
        goal = ast.Atom(fact_a[0], tuple(ast.Constant(o) for o in fact_a[1]))
        return self._counterexample(init, plan, side, goal, why)

    def _counterexample(self, init: State, plan: list[ast.PlanStep], side: str, goal: ast.Formula,
                        why: str | None) -> Counterexample | None:
        """The problem from ``init`` with ``goal`` and ``plan`` on both sides, kept when the validator finds the
        plan valid on ``side`` only; the reason is the failing side's diagnostic unless ``why`` is given."""
        replayed = self._replayed(init, plan, goal)
        if replayed is None or (replayed.result_a.valid, replayed.result_b.valid) != (side == "a", side == "b"):
            return None
        problem_a, problem_b, result_a, result_b = replayed
        failed = result_b if side == "a" else result_a
        last = ground_call(plan[-1].action, plan[-1].args)
        reason = why or (f"step {len(plan)} {last} applies in the {'first' if side == 'a' else 'second'} "
                         f"domain; in the {'second' if side == 'a' else 'first'}: "
                         + (failed.diagnostics[0].message if failed.diagnostics else "it does not apply"))
        return Counterexample(problem_a, problem_b, ast.Plan(tuple(plan)), ast.Plan(tuple(map(self.m.step, plan))),
                              side, len(plan), reason, {"a": result_a.valid, "b": result_b.valid})

    def _priced_apart(self, init: State, plan: list[ast.PlanStep]) -> Counterexample | None:
        """The plan from ``init``, valid on both sides by the validator, when its costs differ."""
        replayed = self._replayed(init, plan, ast.And(()))
        if replayed is None:
            return None
        problem_a, problem_b, result_a, result_b = replayed
        if not (result_a.valid and result_b.valid) or result_a.cost == result_b.cost:
            return None
        last = ground_call(plan[-1].action, plan[-1].args)
        reason = (f"the same plans apply in both, but they cost differently: this {len(plan)}-step plan costs "
                  f"{result_a.cost} in the first domain and {result_b.cost} in the second (its last step, {last}, "
                  "is priced differently)")
        return Counterexample(problem_a, problem_b, ast.Plan(tuple(plan)), ast.Plan(tuple(map(self.m.step, plan))),
                              "both", len(plan), reason, {"a": True, "b": True},
                              {"a": result_a.cost, "b": result_b.cost})

    def _replayed(self, init: State, plan: list[ast.PlanStep], goal: ast.Formula) -> _Replay | None:
        """The problem from ``init`` with ``goal`` on both sides and the validator's replay of ``plan`` on each;
        None when ``check`` rejects either problem."""
        atoms = tuple(ast.Atom(p, tuple(ast.Constant(o) for o in args)) for p, args in sorted(init))
        problem_a = ast.Problem("counterexample", self.a.name, self.problem_a.requirements, self.problem_a.objects,
                                atoms + tuple(v for v in self.problem_a.init if isinstance(v, ast.FunctionValue)),
                                goal)
        problem_b = self.m.problem(problem_a, self.b.name)
        if not self._shrinking and not (self._checks("a", problem_a) and self._checks("b", problem_b)):
            return None  # an ill-typed fact or a derived one asserted: no problem a user could write
        return _Replay(problem_a, problem_b, validate(self.a, problem_a, ast.Plan(tuple(plan)), inherited()),
                       validate(self.b, problem_b, ast.Plan(tuple(map(self.m.step, plan))), inherited()))


def _errors(diagnostics: list[Diagnostic]) -> set[tuple[str, str]]:
    return {(d.code, d.message) for d in diagnostics if d.is_error}


def compare(a: ast.Domain, b: ast.Domain, mapping: Mapping, problems: tuple[ast.Problem, ...],
            budget: EquivBudget) -> Outcome:
    """Compare the two domains' behaviour on ``problems`` (A's), or on generated ones when there are none."""
    found = _Found(budget.differences)
    progress = [0, 0]  # states compared, problems begun: what a work limit leaves counted
    try:
        exhaustive = _compare(a, b, mapping, problems, budget, progress, found)
    except LimitReached as exc:  # too many ground atoms or bindings to compare within the budget
        return Outcome(found.items, progress[0], progress[1], False, str(exc), found.priced_apart)
    return Outcome(found.items, progress[0], progress[1], exhaustive and not found.items, None, found.priced_apart)


class _Found:
    """The differences found so far: a counterexample for each action and side where the domains part, until
    there are ``wanted``; and the first plan valid on both sides that costs differently."""

    def __init__(self, wanted: int) -> None:
        self.wanted, self.items, self.priced_apart = wanted, [], None
        self.where: set[tuple[str, str]] = set()  # (side, action) of each difference kept

    @property
    def done(self) -> bool:
        return len(self.items) >= self.wanted

    def add(self, found: Counterexample, pair: _Pair, generated: bool) -> None:
        """Keep ``found`` (shrunk to the facts that matter when its state was generated) unless a difference at
        the same action on the same side is kept already."""
        where = (found.valid_in, found.plan_a.steps[-1].action)
        if where not in self.where:
            self.where.add(where)
            self.items.append(pair.shrink(found) if generated else found)

    def priced(self, pair: _Pair, generated: bool) -> None:
        if self.priced_apart is None and pair.priced_apart is not None:
            self.priced_apart = pair.shrink(pair.priced_apart) if generated else pair.priced_apart


def _compare(a: ast.Domain, b: ast.Domain, mapping: Mapping, problems: tuple[ast.Problem, ...],
             budget: EquivBudget, progress: list[int], found: _Found) -> bool:
    """Fill ``found``, counting the states compared and problems begun in ``progress``; whether every reachable
    state of the given problems was compared."""
    left = budget.states
    if problems:
        exhaustive = True
        for problem in problems:
            progress[1] += 1
            pair = _Pair(a, b, mapping, problem)
            init = frozenset((x.predicate, tuple(t.name for t in x.args)) for x in problem.init
                             if isinstance(x, ast.Atom))
            n, complete = _explore(pair, init, left, found, generated=False)
            left, progress[0] = left - n, progress[0] + n
            exhaustive = exhaustive and complete
            found.priced(pair, generated=False)
            if found.done or left <= 0:
                return False
        return exhaustive
    rng = random.Random(budget.seed)
    for k in range(budget.problems):
        progress[1] += 1
        problem = generated_problem(a, budget.objects + k % 2)
        pair = _Pair(a, b, mapping, problem)
        share = left // (budget.problems - k)
        for init in _seeded_states(a, b, mapping, problem, rng):
            if share <= 0 or found.done:
                break
            n, _ = _explore(pair, init, min(share, 4), found, generated=True)
            left, share, progress[0] = left - n, share - n, progress[0] + n
        found.priced(pair, generated=True)
    return False


def _explore(pair: _Pair, init: State, limit: int, found: _Found, generated: bool) -> tuple[int, bool]:
    """Breadth-first from ``init``, comparing at most ``limit`` states, into ``found`` until it is done;
    (states compared, whether every state reachable from ``init`` was)."""
    seen = {init}
    queue = deque([(init, [])])
    n = 0
    while queue and n < limit and not found.done:
        state, path = queue.popleft()
        checkpoint("comparing behaviour", heavy=True)
        n += 1
        difference, successors = pair.compare(init, path, state, found.where)
        if difference:
            found.add(difference, pair, generated)
        for step, after in successors:
            if after not in seen:
                seen.add(after)
                queue.append((after, path + [step]))
    return n, not queue


def generated_problem(domain: ast.Domain, per_type: int) -> ast.Problem:
    """A problem with ``per_type`` objects of every type that has no subtype (of ``object`` when untyped), and
    every numeric fluent at 1 (``total-cost`` at 0), so that every step can be priced."""
    parents = {p for t in domain.types for p in t.types}
    leaves = [t.name for t in domain.types if t.name not in parents] or [ROOT]
    objects = tuple(ast.TypedName(f"{t}-{i}", (t,) if domain.types else ()) for t in leaves
                    for i in range(1, per_type + 1))
    hierarchy = TypeHierarchy.of(domain)
    named = {c.name: c.types for c in domain.constants} | {o.name: o.types for o in objects}
    values = tuple(ast.FunctionValue(ast.FunctionTerm(f.name, tuple(ast.Constant(a) for a in args)),
                                     ast.Number(0 if f.name == "total-cost" else 1))
                   for f in domain.functions
                   for args in product(*[[o for t in (q.types or (ROOT,)) for o in hierarchy.objects_of(t, named)]
                                         for q in f.parameters]))
    return ast.Problem("generated", domain.name, (), objects, values, ast.And(()))


def _ground_atoms(domain: ast.Domain, problem: ast.Problem) -> list[Fact]:
    """Every fact a problem may state (derived predicates left out); LimitReached past ``MAX_ATOMS``."""
    hierarchy = TypeHierarchy.of(domain)
    objects = {c.name: c.types for c in domain.constants} | {o.name: o.types for o in problem.objects}
    derived = {d.name for d in domain.derived}
    out = []
    for p in domain.predicates:
        if p.name in derived:
            continue
        domains = [[o for t in (q.types or (ROOT,)) for o in hierarchy.objects_of(t, objects)] for q in p.parameters]
        if len(out) + prod(map(len, domains)) > MAX_ATOMS:
            raise LimitReached("comparing behaviour", f"the generated problems have more than {MAX_ATOMS:,} ground "
                                                      f"atoms (`{p.name}` takes {len(p.parameters)} arguments)")
        out += [(p.name, args) for args in product(*domains)]
    return out


def _seeded_states(a: ast.Domain, b: ast.Domain, mapping: Mapping, problem: ast.Problem, rng: random.Random):
    """Endless random states of ``problem`` (A's names), in turn made to satisfy the plain precondition literals of
    each action of A and of B (B's read back through the mapping) under a random binding. Every fact is one a
    problem of both domains may state: its arguments of the predicate's declared types on both sides, and never a
    derived predicate (computed, not asserted), so a difference found from such a state is one that `check`
    accepts."""
    b_problem = mapping.problem(problem, b.name)
    stated_in_b = set(_ground_atoms(b, b_problem))
    atoms = [f for f in _ground_atoms(a, problem) if mapping.fact(f) in stated_in_b]
    allowed = set(atoms)
    hierarchy = TypeHierarchy.of(a)
    objects = {c.name: c.types for c in a.constants} | {o.name: o.types for o in problem.objects}
    back = mapping.inverse()
    b_hierarchy = TypeHierarchy.of(b)
    b_objects = {c.name: c.types for c in b.constants} | {o.name: o.types for o in b_problem.objects}
    schemas = [(x, hierarchy, objects, None) for x in a.actions] + [(y, b_hierarchy, b_objects, back) for y in b.actions]
    while True:
        for action, h, objs, to_a in schemas:
            state = {f for f in atoms if rng.random() < SEED_DENSITY}
            binding = {}
            for p in action.parameters:
                choices = [o for t in (p.types or (ROOT,)) for o in h.objects_of(t, objs)]
                if not choices:
                    break
                binding[p.name] = rng.choice(sorted(choices))
            else:
                for literal in conjuncts(action.precondition):
                    positive = not isinstance(literal, ast.Not)
                    atom = literal if positive else literal.arg
                    if not isinstance(atom, ast.Atom):
                        continue
                    fact = (atom.predicate, tuple(binding.get(t.name, t.name) for t in atom.args))
                    fact = to_a.fact(fact) if to_a else fact
                    if fact in allowed:
                        (state.add if positive else state.discard)(fact)
            yield frozenset(state)
