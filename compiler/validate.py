"""Plan validation on the lifted semantics: replay a plan on the action schemas themselves.

The validator never trusts a grounder: it matches each step to its schema, checks the
arguments against the declared types, evaluates the precondition on the current state
(closed world; derived predicates by a stratified fixpoint) and applies the effects with
PDDL semantics (every condition reads the state before the step; adds win over deletes).
It expects a task that ``check`` accepts: an unbound variable is a bug it does not report.
"""

from __future__ import annotations

import operator
from collections import defaultdict, deque
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import islice, product
from math import prod
from typing import Callable, Container, Iterable, Iterator

from . import ast
from .analysis import axiom_levels, conjuncts, mentioned_variables
from .costs import UndefinedValue, UnpriceableCost, Values, action_cost, function_values, uses_action_costs
from .diagnostics import Diagnostic, Severity
from .errors import AgentgenError
from .lifted import LiftedSuccessors
from .limits import MAX_INSTANCES, Budget, LimitReached
from .printer import expr, ground_call
from .suggest import closest
from .types import ROOT, TypeHierarchy

Fact = tuple[str, tuple[str, ...]]  # (predicate, object names); also the key of a numeric fluent
State = frozenset[Fact]
Binding = dict[str, str]  # variable name (without `?`) -> object name
Check = Callable[[Container[Fact], Binding], bool]  # a compiled formula

_SHOWN_FACTS = 6


@dataclass(frozen=True)
class ValidationResult:
    """The verdict on a plan; ``states`` are those reached (initial first, derived facts left out)."""

    valid: bool
    cost: int | float
    steps_done: int
    failed_step: int | None
    diagnostics: tuple[Diagnostic, ...]
    states: tuple[State, ...] = field(default=(), repr=False, compare=False)


def validation_json(result: ValidationResult | None, plan: ast.Plan | None,
                    diagnostics: Iterable[Diagnostic]) -> dict:
    """``validate --format json``: the verdict on ``plan`` (its ``result``), or, with ``result`` None, a task or
    plan with errors that was never replayed; ``diagnostics`` are the replay's, or those errors."""
    return {"valid": result is not None and result.valid, "cost": None if result is None else result.cost,
            "steps": len(plan.steps) if isinstance(plan, ast.Plan) else None,
            "failed_step": None if result is None else result.failed_step,
            "diagnostics": [d.to_dict() for d in diagnostics]}


class _StepFailure(AgentgenError):
    """A step that cannot be applied; carries the diagnostic that says why."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


# --------------------------------------------------------------------------- terms and facts


def _name(term: ast.Term, binding: Binding) -> str:
    return binding[term.name] if isinstance(term, ast.Variable) else term.name


def _fact(atom: ast.Atom | ast.FunctionTerm, binding: Binding) -> Fact:
    name = atom.predicate if isinstance(atom, ast.Atom) else atom.name
    return name, tuple([binding[t.name] if isinstance(t, ast.Variable) else t.name for t in atom.args])



# --------------------------------------------------------------------------- derived predicates


def _strata(axioms: tuple[ast.DerivedPredicate, ...]) -> list[list[ast.DerivedPredicate]]:
    """Axioms in evaluation order, grouped by stratum (see ``analysis.axiom_levels``)."""
    level = axiom_levels(axioms)
    return [[a for a in axioms if level[a.name] == k] for k in sorted(set(level.values()))]


# --------------------------------------------------------------------------- compiled formulas


def _compile_atom(atom: ast.Atom) -> Check:
    """A membership test that builds the fact's key with C-level getters (no per-test loop)."""
    name, is_variable = atom.predicate, [isinstance(t, ast.Variable) for t in atom.args]
    variables = [t.name for t, var in zip(atom.args, is_variable) if var]
    constants = tuple(t.name for t, var in zip(atom.args, is_variable) if not var)
    if not variables:
        return lambda state, b: (name, constants) in state
    pick = operator.itemgetter(*variables)
    values = pick if len(variables) > 1 else (lambda b: (pick(b),))
    if not constants:
        return lambda state, b: (name, values(b)) in state
    var_at, const_at = iter(range(len(variables))), iter(range(len(variables), len(atom.args)))
    arrange = operator.itemgetter(*(next(var_at) if var else next(const_at) for var in is_variable))
    return lambda state, b: (name, arrange(values(b) + constants)) in state


def _junction(parts: list[Check], disjunction: bool) -> Check:
    """``and`` (``or``): stops at the first false (true) part."""
    def check(state: Container[Fact], b: Binding) -> bool:
        for part in parts:
            if part(state, b) is disjunction:
                return disjunction
        return not disjunction
    return check


def _quantifier(body: Check, names: list[str], domains: list[tuple[str, ...]], existential: bool,
                budget: Budget, limit: int, stage: str) -> Check:
    """``exists`` (``forall``) over the objects of each variable's type: stops at the first instance
    that holds (fails), or with LimitReached after ``limit`` instances decide nothing. One binding dict
    per test is filled in place; bodies never keep it."""
    size = prod(map(len, domains))

    def check(state: Container[Fact], b: Binding) -> bool:
        x = dict(b)
        for values in islice(product(*domains), limit):
            if budget.tick():
                budget.check(f"{stage} (a quantifier)")
            x.update(zip(names, values))
            if body(state, x) is existential:
                return existential
        if size > limit:
            raise _too_much_work(names, size, limit, stage)
        return not existential
    return check


def _too_much_work(names: list[str], size: int, limit: int, stage: str) -> LimitReached:
    """The work bound of one quantifier, reached while ``stage`` (validating the plan, exploring states): says
    which quantifier, its size and how to raise the bound."""
    return LimitReached(stage, f"work limit reached while {stage}: {' '.join('?' + n for n in names)} range over "
                               f"{size:,} instances, over the limit of {limit:,} for one quantifier (raise it with "
                               f"--max-instances N, or validate(max_instances=N))")


# --------------------------------------------------------------------------- the task


@dataclass
class _Changes:
    """What one step's effect does, collected before any of it is applied."""

    adds: set[Fact] = field(default_factory=set)
    deletes: set[Fact] = field(default_factory=set)


class _WatchedFacts:
    """A set of facts seen by axiom bodies that records each lookup of a ``watched`` predicate
    that misses (the facts whose later derivation can change the test's answer)."""

    __slots__ = ("facts", "watched", "missed")

    def __init__(self, facts: set[Fact], watched: set[str]):
        self.facts, self.watched = facts, watched
        self.missed: list[Fact] = []

    def __contains__(self, fact: Fact) -> bool:
        if fact in self.facts:
            return True
        if fact[0] in self.watched:
            self.missed.append(fact)
        return False


class _Task:
    """A domain and problem prepared for replay: objects by type, actions by name, axiom strata; ``stage`` is what
    a limit reached meanwhile says was going on."""

    def __init__(self, domain: ast.Domain, problem: ast.Problem, budget: Budget | None = None,
                 max_instances: int = MAX_INSTANCES, stage: str = "validating the plan"):
        self.budget = budget or Budget()
        self.stage = stage
        self.max_instances = max_instances
        self.hierarchy = TypeHierarchy.of(domain)
        self.objects = {c.name: c.types for c in domain.constants} | {o.name: o.types for o in problem.objects}
        self.actions = {a.name: a for a in domain.actions}
        self.strata = _strata(domain.derived)
        self.uses_costs = uses_action_costs(domain, problem)
        self._typed: dict[tuple[str, ...], tuple[str, ...]] = {}
        self._checks: dict[int, tuple[ast.Formula, Check]] = {}
        self._instances: dict[int, list[tuple[Fact, Binding]]] = {}

    def of_type(self, types: tuple[str, ...]) -> tuple[str, ...]:
        """Objects of any of ``types`` (every object when untyped)."""
        if types not in self._typed:
            found = (o for t in types or (ROOT,) for o in self.hierarchy.objects_of(t, self.objects))
            self._typed[types] = tuple(dict.fromkeys(found))
        return self._typed[types]

    def bindings(self, variables: tuple[ast.TypedName, ...], binding: Binding) -> Iterator[Binding]:
        """Every extension of ``binding`` to ``variables``, each over the objects of its type (LimitReached
        up front when there are more than ``max_instances``)."""
        domains = [self.of_type(v.types) for v in variables]
        size = prod(map(len, domains))
        if size > self.max_instances:
            raise _too_much_work([v.name for v in variables], size, self.max_instances, self.stage)
        for values in product(*domains):
            if self.budget.tick():
                self.budget.check(f"{self.stage} (enumerating bindings)")
            yield binding | {v.name: value for v, value in zip(variables, values)}

    # ------------------------------------------------------------------ formulas
    def holds(self, f: ast.Formula, state: Container[Fact], binding: Binding) -> bool:
        """Whether ``f`` holds in ``state`` (closed world) under ``binding``. Each formula is
        compiled once into nested closures: replaying a plan evaluates the same preconditions and
        axiom bodies millions of times (PSR), and dispatching on node types each time dominated."""
        entry = self._checks.get(id(f))
        if entry is None or entry[0] is not f:  # the node is kept alive, so its id stays its own
            entry = self._checks[id(f)] = (f, self._compile(f))
        return entry[1](state, binding)

    def _compile(self, f: ast.Formula) -> Check:
        match f:
            case ast.Atom():
                return _compile_atom(f)
            case ast.Equals():
                left, right = f.left, f.right
                return lambda state, b: _name(left, b) == _name(right, b)
            case ast.Not():
                inner = self._compile(f.arg)
                return lambda state, b: not inner(state, b)
            case ast.And() | ast.Or():
                return _junction([self._compile(p) for p in f.parts], isinstance(f, ast.Or))
            case ast.Imply():
                condition, consequence = self._compile(f.condition), self._compile(f.consequence)
                return lambda state, b: not condition(state, b) or consequence(state, b)
            case ast.Exists() | ast.Forall():
                used = set(mentioned_variables(f.body))
                if any(v.name not in used and not self.of_type(v.types) for v in f.variables):
                    universal = isinstance(f, ast.Forall)  # a variable over no object: forall holds, exists fails
                    return lambda state, b: universal
                kept = [v for v in f.variables if v.name in used]  # the others only repeat the same test
                return _quantifier(self._compile(f.body), [v.name for v in kept], [self.of_type(v.types) for v in kept],
                                   isinstance(f, ast.Exists), self.budget, self.max_instances, self.stage)
        raise TypeError(f"not a formula: {type(f).__name__}")

    def first_false(self, f: ast.Formula, state: State, binding: Binding) -> ast.Formula:
        """The smallest false part of a false formula, ground: the first false conjunct (recursively),
        the first false instance of a forall, the consequence of an imply; else the formula itself."""
        match f:
            case ast.And():
                part = next(p for p in f.parts if not self.holds(p, state, binding))
                return self.first_false(part, state, binding)
            case ast.Forall():
                instance = next(b for b in self.bindings(f.variables, binding) if not self.holds(f.body, state, b))
                return self.first_false(f.body, state, instance)
            case ast.Imply():
                return self.first_false(f.consequence, state, binding)
        return ast.substitute(f, {name: ast.Constant(obj) for name, obj in binding.items()})

    def close(self, state: State) -> State:
        """``state`` plus its derived facts: each stratum of axioms run to its least fixpoint.

        Every head instance is tested once; one whose body is false is tested again only when a
        fact of its own stratum that the test looked up and missed is derived. Stratification
        makes those facts only appear (never vanish) and the test reads nothing else that can
        change, so a test that sees the same answers to its lookups gives the same result: no
        derivation is missed, and the rounds of a naive fixpoint (one per step of the longest
        derivation chain, each testing every instance) are avoided.
        """
        facts = set(state)
        for stratum in self.strata:
            view = _WatchedFacts(facts, {axiom.name for axiom in stratum})
            waiting: dict[Fact, list[tuple[ast.DerivedPredicate, Fact, Binding]]] = defaultdict(list)
            todo = deque((axiom, head, b) for axiom in stratum for head, b in self._heads(axiom))
            while todo:
                if self.budget.tick():
                    self.budget.check(f"{self.stage} (derived predicates)")
                axiom, head, b = todo.popleft()
                if head in facts:
                    continue
                view.missed.clear()
                if self.holds(axiom.body, view, b):
                    facts.add(head)
                    todo.extend(waiting.pop(head, ()))
                else:
                    for fact in view.missed:
                        waiting[fact].append((axiom, head, b))
        return frozenset(facts)

    def _heads(self, axiom: ast.DerivedPredicate) -> list[tuple[Fact, Binding]]:
        """Every instance of an axiom's head with its binding, enumerated once per task."""
        if id(axiom) not in self._instances:
            self._instances[id(axiom)] = [((axiom.name, tuple(b[p.name] for p in axiom.parameters)), b)
                                          for b in self.bindings(axiom.parameters, {})]
        return self._instances[id(axiom)]

    # ------------------------------------------------------------------ effects
    def changes(self, effect: ast.Effect | None, state: State, binding: Binding, out: _Changes) -> None:
        """Collect what ``effect`` adds and deletes; conditions read ``state``, the state before. (Its cost
        effects are priced by ``costs.action_cost``, the grounder's rule.)"""
        match effect:
            case ast.Atom():
                out.adds.add(_fact(effect, binding))
            case ast.Not():
                out.deletes.add(_fact(effect.arg, binding))
            case ast.AndEffect():
                for part in effect.parts:
                    self.changes(part, state, binding, out)
            case ast.ForallEffect():
                for b in self.bindings(effect.variables, binding):
                    self.changes(effect.effect, state, b, out)
            case ast.When():
                if self.holds(effect.condition, state, binding):
                    self.changes(effect.effect, state, binding, out)

    # ------------------------------------------------------------------ steps
    def instantiate(self, step: tuple[int, ast.PlanStep]) -> tuple[ast.ActionSchema, Binding]:
        """The schema a step names and its parameter binding; V801-V804 when they do not fit."""
        _, s = step
        action = self.actions.get(s.action)
        if action is None:
            match = closest(s.action, self.actions)
            raise _StepFailure(_step_error("V801", step, f"unknown action `{s.action}`",
                                           f"did you mean `{match}`?" if match else None))
        if len(s.args) != len(action.parameters):
            raise _StepFailure(_step_error("V802", step, f"action `{action.name}` takes {len(action.parameters)} "
                                                         f"argument{'s' * (len(action.parameters) != 1)}, "
                                                         f"got {len(s.args)}",
                                           "parameters: " + " ".join(f"?{p.name}" for p in action.parameters)))
        for arg, param in zip(s.args, action.parameters):
            if arg not in self.objects:
                match = closest(arg, self.objects)
                raise _StepFailure(_step_error("V803", step, f"`{arg}` is not an object or constant of the problem",
                                               f"did you mean `{match}`?" if match else None))
            if arg not in self.of_type(param.types):
                raise _StepFailure(_step_error("V804", step, f"`{arg}` is of type {_types(self.objects[arg])}, but "
                                                             f"parameter ?{param.name} of `{action.name}` needs "
                                                             f"{_types(param.types)}"))
        return action, {p.name: arg for p, arg in zip(action.parameters, s.args)}

    def apply(self, step: tuple[int, ast.PlanStep], state: State, values: Values) -> tuple[State, Fraction]:
        """The state after one step and the step's price (0 without action costs); raises _StepFailure if
        it cannot be applied or priced."""
        action, binding = self.instantiate(step)
        closed = self.close(state)
        if action.precondition is not None and not self.holds(action.precondition, closed, binding):
            false = self.first_false(action.precondition, closed, binding)
            raise _StepFailure(_step_error("V805", step, f"precondition {expr(false)} is false",
                                           notes=_facts_note(false, closed)))
        out = _Changes()
        self.changes(action.effect, closed, binding, out)
        return (state - out.deletes) | out.adds, self.price(step, action, binding, values)

    def price(self, step: tuple[int, ast.PlanStep], action: ast.ActionSchema, binding: Binding,
              values: Values) -> Fraction:
        """The step's price by ``costs.action_cost``; a step it cannot price fails (E405, V808, E306)."""
        if not self.uses_costs:
            return Fraction(0)
        try:
            return action_cost(action, binding, values)
        except UnpriceableCost as exc:
            raise _StepFailure(_step_error("E405", step, str(exc), "move the `increase` to the top level of the "
                                                                   "effect, or split the action")) from None
        except UndefinedValue as exc:
            fluent = ground_call(*exc.key)
            raise _StepFailure(_step_error("V808", step, f"the numeric fluent {fluent} has no value",
                                           f"give it one in `:init`, e.g. `(= {fluent} 1)`")) from None
        except ZeroDivisionError:
            raise _StepFailure(_step_error("E306", step, "the cost divides by zero")) from None


# --------------------------------------------------------------------------- messages


def _types(types: tuple[str, ...]) -> str:
    return " or ".join(f"`{t}`" for t in types) if types else f"`{ROOT}`"



def _step_error(code: str, step: tuple[int, ast.PlanStep], message: str, hint: str | None = None,
                notes: tuple[str, ...] = ()) -> Diagnostic:
    number, s = step
    return Diagnostic(code, Severity.ERROR, f"step {number} {ground_call(s.action, s.args)}: {message}", s.span, hint,
                      notes)


def _facts_note(false: ast.Formula, state: State) -> tuple[str, ...]:
    """For a false atom, the true facts of its predicate (a few), which usually show the mistake."""
    if not isinstance(false, ast.Atom):
        return ()
    true = sorted(f for f in state if f[0] == false.predicate)
    if not true:
        return (f"no `{false.predicate}` fact is true",)
    shown = ", ".join(ground_call(*f) for f in true[:_SHOWN_FACTS])
    more = f" and {len(true) - _SHOWN_FACTS} more" if len(true) > _SHOWN_FACTS else ""
    return (f"true `{false.predicate}` facts: {shown}{more}",)


def _goal_failure(task: _Task, goal: ast.Formula, state: State, steps: int) -> Diagnostic | None:
    """V806 listing each false conjunct of the goal (its smallest false part), or None if the goal holds."""
    unmet = (c for c in conjuncts(goal) if not task.holds(c, state, {}))
    false = list(dict.fromkeys(task.first_false(c, state, {}) for c in unmet))
    if not false:
        return None
    when = f"after step {steps}" if steps else "in the initial state (the plan is empty)"
    verb = "is" if len(false) == 1 else "are"
    notes = _facts_note(false[0], state) if len(false) == 1 else ()
    return Diagnostic("V806", Severity.ERROR, f"the goal is not satisfied {when}: "
                      f"{', '.join(expr(f) for f in false)} {verb} false", false[0].span or goal.span, None, notes)


# --------------------------------------------------------------------------- entry points


def validate(domain: ast.Domain, problem: ast.Problem, plan: ast.Plan, budget: Budget | None = None,
             max_instances: int | None = None) -> ValidationResult:
    """Replay ``plan`` from the initial state; valid when every step applies and the goal holds at the end.
    ``budget`` bounds the replay, and ``max_instances`` (default MAX_INSTANCES) the instances of one
    quantifier (``limits.LimitReached`` when either runs out).

    The cost is what the steps add to ``(total-cost)`` when the task uses action costs (its initial
    value is not part of the plan's cost, as in Fast Downward and unified-planning), else the number
    of steps.
    """
    task = _Task(domain, problem, budget, MAX_INSTANCES if max_instances is None else max_instances)
    state: State = frozenset(_fact(a, {}) for a in problem.init if isinstance(a, ast.Atom))
    values = function_values(problem)
    states = [state]
    priced = Fraction(0)
    for step in enumerate(plan.steps, 1):
        if task.budget.tick():
            task.budget.check("validating the plan", f"step {step[0]} of {len(plan.steps)}")
        try:
            state, price = task.apply(step, state, values)
        except _StepFailure as failure:
            return ValidationResult(False, _cost(task, priced, len(states) - 1), len(states) - 1, step[0],
                                    (failure.diagnostic,), tuple(states))
        priced += price
        states.append(state)
    cost = _cost(task, priced, len(plan.steps))
    unmet = None if problem.goal is None else _goal_failure(task, problem.goal, task.close(state), len(plan.steps))
    if unmet is not None:
        return ValidationResult(False, cost, len(plan.steps), None, (unmet,), tuple(states))
    found = () if plan.cost is None or plan.cost == cost else (Diagnostic(
        "V807", Severity.WARNING, f"the plan file declares cost {plan.cost}, but the plan costs {cost}", plan.span,
        f"correct the `; cost = {cost}` line"),)
    return ValidationResult(True, cost, len(plan.steps), None, found, tuple(states))


def _cost(task: _Task, priced: Fraction, steps: int) -> int | float:
    if not task.uses_costs:
        return steps
    return priced.numerator if priced.denominator == 1 else float(priced)


def apply_plan(domain: ast.Domain, problem: ast.Problem, plan: ast.Plan) -> list[State]:
    """The states along a plan, the initial one first (derived facts left out), whether or not it
    reaches the goal; raises ValueError at a step that cannot be applied."""
    result = validate(domain, problem, plan)
    if result.failed_step is not None:
        raise ValueError(result.diagnostics[0].message)
    return list(result.states)


class Stepper:
    """One step at a time on the lifted model, by this module's rules: the applicable steps of a state and the state
    after one. For callers that explore states rather than replay one plan (``agentgen-sym equiv``)."""

    def __init__(self, domain: ast.Domain, problem: ast.Problem, budget: Budget | None = None) -> None:
        self._task = _Task(domain, problem, budget, stage="exploring states")
        self._values = function_values(problem)
        self._join = LiftedSuccessors(domain, problem, self._task)
        self._rank = {name: i for i, name in enumerate(self._task.actions)}

    def applicable(self, state: State) -> Iterator[ast.PlanStep]:
        """Every ground step whose precondition holds in ``state``, in ``successors``' order."""
        for step, _ in self._applicable(self.close(state)):
            yield step

    def successors(self, state: State) -> Iterator[tuple[ast.PlanStep, State]]:
        """Every applicable step of ``state`` and the state after it (derived facts left out), in ``changes``'
        order."""
        for step, adds, deletes in self.changes(state):
            yield step, (state - deletes) | adds

    def changes(self, state: State) -> Iterator[tuple[ast.PlanStep, frozenset[Fact], frozenset[Fact]]]:
        """Every applicable step of ``state`` with what it adds and deletes (adds win): schema by schema in domain
        order, each schema's by arguments (an order callers' explorations rely on), found by joining the
        precondition's plain atoms with the facts (``lifted.LiftedSuccessors``)."""
        closed = self.close(state)
        for step, (action, binding) in self._applicable(closed):
            out = _Changes()
            self._task.changes(action.effect, closed, binding, out)
            yield step, frozenset(out.adds), frozenset(out.deletes - out.adds)

    def _applicable(self, closed: State) -> list[tuple[ast.PlanStep, tuple[ast.ActionSchema, Binding]]]:
        found = [(ast.PlanStep(action.name, tuple(binding[p.name] for p in action.parameters)), (action, binding))
                 for action, binding in self._join.applicable(closed)]
        return sorted(found, key=lambda pair: (self._rank[pair[0].action], pair[0].args))

    def close(self, state: State) -> State:
        """``state`` with its derived facts."""
        return self._task.close(state)

    def holds(self, formula: ast.Formula, closed: State) -> bool:
        """Whether ``formula`` (ground outside its quantifiers) holds in ``closed``, a state ``close`` made."""
        return self._task.holds(formula, closed, {})

    def satisfies(self, formula: ast.Formula | None, state: State) -> bool:
        """Whether ``formula`` (a goal: ground outside its quantifiers) holds in ``state``, derived facts computed."""
        return formula is None or self._task.holds(formula, self._task.close(state), {})

    def apply(self, step: ast.PlanStep, state: State) -> tuple[State | None, Diagnostic | None]:
        """The state after ``step`` (derived facts left out), or None and the diagnostic that says why it cannot
        be applied (V801-V805, or a cost it cannot price)."""
        after, _, diagnostic = self.priced(step, state)
        return after, diagnostic

    def priced(self, step: ast.PlanStep, state: State) -> tuple[State | None, Fraction, Diagnostic | None]:
        """``apply`` with the step's price from the problem's initial values (0 without action costs, and when
        the step cannot be applied)."""
        try:
            after, price = self._task.apply((1, step), state, self._values)
        except _StepFailure as failure:
            return None, Fraction(0), failure.diagnostic
        return after, price, None
