"""Static analysis: lints that catch domains which parse and type-check but are still wrong.

Warnings unless provably fatal: a goal atom that no action can make true, and that is
not true initially, makes the task unsolvable (an error). The self-loop lint finds
actions like ``(move ?x ?x)`` that are no-ops when two parameters coincide: such steps
make bogus gold plans, and an inequality precondition removes them.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Iterator

from . import ast
from .diagnostics import Diagnostic, Fix, Severity, TextEdit
from .limits import Budget
from .printer import expr
from .types import ROOT, TypeHierarchy

if TYPE_CHECKING:
    from .invariants import Invariants

Literal = tuple[str, tuple[str, ...]]  # (predicate, argument names with `?` for variables)
STAGE = "checking the task (static analysis)"


def _key(atom: ast.Atom) -> Literal:
    return atom.predicate, tuple(("?" + a.name) if isinstance(a, ast.Variable) else a.name for a in atom.args)


def conjuncts(formula: ast.Formula | None) -> Iterator[ast.Formula]:
    """The members of a (nested) top-level conjunction."""
    if formula is None:
        return
    if isinstance(formula, ast.And):
        for part in formula.parts:
            yield from conjuncts(part)
    else:
        yield formula


def effect_parts(effect: ast.Effect | None) -> Iterator[ast.Effect]:
    if effect is None:
        return
    if isinstance(effect, ast.AndEffect):
        for part in effect.parts:
            yield from effect_parts(part)
    else:
        yield effect


def changed_predicates(domain: ast.Domain) -> tuple[set[str], set[str]]:
    """Predicates some effect adds, and predicates some effect deletes (conditional ones included)."""
    added: set[str] = set()
    deleted: set[str] = set()

    def walk(e: ast.Effect) -> None:
        if isinstance(e, ast.Atom):
            added.add(e.predicate)
        elif isinstance(e, ast.Not) and isinstance(e.arg, ast.Atom):
            deleted.add(e.arg.predicate)
        elif isinstance(e, ast.AndEffect):
            for part in e.parts:
                walk(part)
        elif isinstance(e, ast.ForallEffect):
            walk(e.effect)
        elif isinstance(e, ast.When):
            walk(e.effect)

    for action in domain.actions:
        if action.effect is not None:
            walk(action.effect)
    return added, deleted


def static_predicates(domain: ast.Domain) -> set[str]:
    added, deleted = changed_predicates(domain)
    derived = {axiom.name for axiom in domain.derived}
    return {p.name for p in domain.predicates} - added - deleted - derived


def predicate_reads(formula: ast.Formula, positive: bool = True) -> Iterator[tuple[str, bool]]:
    """Each predicate a formula reads, with whether it is read positively (outside a negation)."""
    if isinstance(formula, ast.Atom):
        yield formula.predicate, positive
    elif isinstance(formula, ast.Not):
        yield from predicate_reads(formula.arg, not positive)
    elif isinstance(formula, (ast.And, ast.Or)):
        for part in formula.parts:
            yield from predicate_reads(part, positive)
    elif isinstance(formula, ast.Imply):
        yield from predicate_reads(formula.condition, not positive)
        yield from predicate_reads(formula.consequence, positive)
    elif isinstance(formula, (ast.Exists, ast.Forall)):
        yield from predicate_reads(formula.body, positive)


def axiom_levels(axioms: tuple[ast.DerivedPredicate, ...]) -> dict[str, int]:
    """The stratum of each derived predicate: a derived predicate read negatively is in a lower one,
    so it is complete before it is read (evaluation order for the validator and the grounder).

    PDDL forbids negative cycles among axioms; if there is one anyway, the levels stop growing
    after one round per predicate and ``stratified`` says so.
    """
    level = {axiom.name: 0 for axiom in axioms}
    for _ in range(len(level) + 1):
        changed = False
        for axiom in axioms:
            for name, positive in predicate_reads(axiom.body):
                if name in level and level[axiom.name] < level[name] + (not positive):
                    level[axiom.name] = level[name] + (not positive)
                    changed = True
        if not changed:
            break
    return level


def stratified(axioms: tuple[ast.DerivedPredicate, ...], level: dict[str, int]) -> bool:
    """Whether ``level`` puts every derived predicate read negatively in a lower stratum than its reader."""
    return all(level[axiom.name] >= level[name] + (not positive)
               for axiom in axioms for name, positive in predicate_reads(axiom.body) if name in level)


def mentioned_variables(node: object) -> Iterator[str]:
    """Names of all variables mentioned anywhere below a node."""
    if isinstance(node, ast.Variable):
        yield node.name
    elif isinstance(node, tuple):
        for item in node:
            yield from mentioned_variables(item)
    elif hasattr(node, "__dataclass_fields__") and not isinstance(node, ast.Span):
        for name in node.__dataclass_fields__:
            if name not in ("span", "type_span"):
                yield from mentioned_variables(getattr(node, name))


def _warn(code: str, message: str, span, hint: str | None = None, fix: Fix | None = None) -> Diagnostic:
    return Diagnostic(code, Severity.WARNING, message, span, hint, (), fix)


# --------------------------------------------------------------------------- the domain


def initial_literals(problem: ast.Problem) -> set[Literal]:
    return {_key(a) for a in problem.init if isinstance(a, ast.Atom)}


def analyse_domain(domain: ast.Domain, used_predicates: set[str], used_types: set[str],
                   hierarchy: TypeHierarchy, invariants: Invariants, problem: ast.Problem | None = None,
                   budget: Budget | None = None) -> list[Diagnostic]:
    """Domain lints; with a problem, self-loops behind static relations are judged on its facts.
    The caller passes the domain's ``invariants``: invariants.py reads this module's helpers, so this
    module does not import it. ``budget`` is ticked per pair of parameters and of atoms the self-loop
    lint tests (quadratic in a wide action)."""
    out: list[Diagnostic] = []
    init = None if problem is None else initial_literals(problem)
    static = static_predicates(domain)
    budget = budget or Budget()
    for action in domain.actions:
        out.extend(_action_lints(action))
        out.extend(_self_loops(action, static, hierarchy, init, invariants, budget))
    for pred in domain.predicates:
        if pred.name not in used_predicates:
            out.append(_warn("W605", f"predicate `{pred.name}` is never used by an action", pred.span,
                             "delete it, or use it in a precondition or effect"))
    for decl in domain.types:
        if decl.name not in used_types:
            out.append(_warn("W606", f"type `{decl.name}` is never used", decl.span,
                             "delete it, or give it to parameters, constants or objects"))
    return out


def _action_lints(action: ast.ActionSchema) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    positive: dict[Literal, ast.Atom] = {}
    negative: dict[Literal, ast.Atom] = {}
    for part in conjuncts(action.precondition):
        if isinstance(part, ast.Atom):
            positive[_key(part)] = part
        elif isinstance(part, ast.Not) and isinstance(part.arg, ast.Atom):
            negative[_key(part.arg)] = part.arg
    for key in positive.keys() & negative.keys():
        out.append(_warn("W602", f"action `{action.name}` requires both {expr(positive[key])} and its negation",
                         positive[key].span, "the action can never be applied"))
    adds = {_key(e): e for e in effect_parts(action.effect) if isinstance(e, ast.Atom)}
    deletes = {_key(e.arg): e for e in effect_parts(action.effect)
               if isinstance(e, ast.Not) and isinstance(e.arg, ast.Atom)}
    for key in adds.keys() & deletes.keys():
        out.append(_warn("W603", f"action `{action.name}` adds and deletes {expr(adds[key])}", deletes[key].span,
                         "the add wins, so the delete does nothing; drop one of them"))
    mentioned = set(mentioned_variables(action.precondition)) | set(mentioned_variables(action.effect))
    for param in action.parameters:
        if param.name not in mentioned:
            out.append(_warn("W604", f"parameter `?{param.name}` of action `{action.name}` is never used",
                             param.span, "drop it: it multiplies the ground actions for nothing"))
    return out


def _substitute(key: Literal, old: str, new: str) -> Literal:
    return key[0], tuple(new if a == old else a for a in key[1])


def _self_loops(action: ast.ActionSchema, static: set[str], hierarchy: TypeHierarchy,
                init: set[Literal] | None, invariants: Invariants, budget: Budget) -> list[Diagnostic]:
    """Pairs of parameters whose equality turns the action into an applicable no-op."""
    parts = list(effect_parts(action.effect))
    if not parts or any(isinstance(e, (ast.When, ast.ForallEffect)) for e in parts):
        return []
    adds = {_key(e) for e in parts if isinstance(e, ast.Atom)}
    dels = {_key(e.arg) for e in parts if isinstance(e, ast.Not)}
    pre = list(conjuncts(action.precondition))
    pos = {_key(p) for p in pre if isinstance(p, ast.Atom)}
    neg = {_key(p.arg) for p in pre if isinstance(p, ast.Not) and isinstance(p.arg, ast.Atom)}
    distinct = set()
    for p in pre:
        if isinstance(p, ast.Not) and isinstance(p.arg, ast.Equals):
            pair = {"?" + t.name for t in (p.arg.left, p.arg.right) if isinstance(t, ast.Variable)}
            distinct.add(frozenset(pair))
    if _is_noop(adds, dels, pos):
        return []
    out = []
    for a, b in budget.paced(combinations(action.parameters, 2), STAGE):
        va, vb = "?" + a.name, "?" + b.name
        if frozenset((va, vb)) in distinct or not hierarchy.compatible(a.types, b.types):
            continue
        sub = {k: {_substitute(x, vb, va) for x in group} for k, group in
               (("adds", adds), ("dels", dels), ("pos", pos), ("neg", neg))}
        if sub["pos"] & sub["neg"] or not _is_noop(sub["adds"], sub["dels"], sub["pos"]):
            continue
        linking = [x for x in pos if x[0] in static and va in x[1] and vb in x[1]]
        if linking and (init is None or not any(_has_equal_instance(x, va, vb, init, budget) for x in linking)):
            continue  # a static relation (such as adjacency) may exclude the equal case
        if any(invariants.exclusive(x, y) for x, y in budget.paced(combinations(sorted(sub["pos"]), 2), STAGE)):
            continue  # a state invariant does: hanoi's (move ?d ?p ?p) needs (on ?d ?p) and (clear ?p)
        fix = None
        if action.precondition is not None and action.precondition.span is not None:
            guarded = ast.And((*pre, ast.Not(ast.Equals(ast.Variable(a.name), ast.Variable(b.name)))))
            fix = Fix(f"add (not (= {va} {vb}))", (TextEdit(action.precondition.span, expr(guarded)),))
        out.append(_warn("W607", f"action `{action.name}` changes nothing when {va} = {vb}: unless the state "
                                 "rules that case out, plans may contain such bogus steps", action.span,
                         f"add `(not (= {va} {vb}))` to its precondition (needs :equality and "
                         ":negative-preconditions)", None if fix is None else fix))
    return out


def _is_noop(adds: set[Literal], dels: set[Literal], pos: set[Literal]) -> bool:
    """The state cannot change: every add was already required true, every delete is re-added."""
    return adds <= pos and dels <= adds


def _has_equal_instance(pattern: Literal, va: str, vb: str, init: set[Literal], budget: Budget) -> bool:
    i, j = pattern[1].index(va), pattern[1].index(vb)
    return any(fact[0] == pattern[0] and len(fact[1]) == len(pattern[1]) and fact[1][i] == fact[1][j]
               for fact in budget.paced(init, STAGE))


# --------------------------------------------------------------------------- a problem


def analyse_problem(domain: ast.Domain, problem: ast.Problem, hierarchy: TypeHierarchy,
                    budget: Budget | None = None) -> list[Diagnostic]:
    """Unreachable goal atoms (E503, E504) and actions that can never be applied (W601). ``budget`` is ticked
    per initial fact matched: actions times their static preconditions times the facts."""
    budget = budget or Budget()
    out: list[Diagnostic] = []
    init = initial_literals(problem)
    added, _deleted = changed_predicates(domain)
    static = static_predicates(domain)
    derived = {axiom.name for axiom in domain.derived}
    declared = {p.name for p in domain.predicates}
    for goal in conjuncts(problem.goal):
        if not isinstance(goal, ast.Atom) or goal.predicate in derived or goal.predicate not in declared:
            continue
        if _key(goal) in init or goal.predicate in added:
            continue
        if goal.predicate in static:
            out.append(Diagnostic("E503", Severity.ERROR, f"goal {expr(goal)} can never be reached: "
                                  f"`{goal.predicate}` is static and {expr(goal)} is not true initially", goal.span,
                                  "the task is unsolvable; add the fact to `:init` or fix the goal"))
        else:
            out.append(Diagnostic("E504", Severity.ERROR, f"goal {expr(goal)} can never be reached: "
                                  f"no action adds `{goal.predicate}`", goal.span,
                                  "the task is unsolvable; add an action effect or fix the goal"))
    objects = {c.name: c.types for c in domain.constants} | {o.name: o.types for o in problem.objects}
    facts: dict[str, list[Literal]] = {}
    for fact in init:
        facts.setdefault(fact[0], []).append(fact)
    inhabited: dict[str, bool] = {}  # per type: whether some object has it (read once, not once per parameter)
    for action in budget.paced(domain.actions, STAGE):
        reason = _never_applicable(action, static, facts, objects, hierarchy, inhabited, budget)
        if reason:
            out.append(_warn("W601", f"action `{action.name}` can never be applied in problem `{problem.name}`: "
                                     f"{reason}", action.span))
    return out


def _never_applicable(action: ast.ActionSchema, static: set[str], facts: dict[str, list[Literal]],
                      objects: dict[str, tuple[str, ...]], hierarchy: TypeHierarchy, inhabited: dict[str, bool],
                      budget: Budget) -> str | None:
    """Why the action can never be applied (``facts``: the initial facts by predicate), or None."""
    for param in action.parameters:
        for type_name in param.types or (ROOT,):
            if type_name not in inhabited:
                inhabited[type_name] = bool(hierarchy.objects_of(type_name, objects))
            if inhabited[type_name]:
                break
        else:
            return f"no object has the type of `?{param.name}`"
    for part in conjuncts(action.precondition):
        if isinstance(part, ast.Atom) and part.predicate in static:
            pattern = _key(part)
            if not any(_matches(pattern, fact) for fact in budget.paced(facts.get(pattern[0], ()), STAGE)):
                return f"no initial fact matches the static precondition {expr(part)}"
    return None


def _matches(pattern: Literal, fact: Literal) -> bool:
    binding: dict[str, str] = {}
    for want, have in zip(pattern[1], fact[1]):
        if want.startswith("?"):
            if binding.setdefault(want, have) != have:
                return False
        elif want != have:
            return False
    return len(pattern[1]) == len(fact[1])
