"""The self-move lint (W620): equal arguments make an action move something to where it is.

AgentGen's released GPT data has a gold plan that starts "Move from 1 to 1": its TSP
domain's ``move ?x ?y`` deletes ``(at ?x)`` and adds ``(at ?y)`` and ``(visited ?y)`` with no
``(not (= ?x ?y))``. With ?x = ?y the move is void, yet the step still marks the location
visited, so it is no no-op (W607 stays silent) and a planner happily uses it: every plan
with such a step is a bogus trajectory to train on.

The lint flags a pair of parameters of compatible types, with no inequality between them,
where a delete ``p(..?x..)`` and an add ``p(..?y..)`` become one atom when ?x = ?y while the
step still makes some new fact true (a marker such as ``(visited ?y)``, not the other end of
another move: zenotravel's ``fly ?c ?c`` only burns fuel, and gains nothing). It stays
silent where that case is ruled out: the precondition becomes contradictory, a static
relation links the two (``(road ?x ?y)``, judged on the problem's facts when there is one),
two atoms it then requires are mutually exclusive by a state invariant (``(stack ?x ?x)``
needs ``(holding ?x)`` and ``(clear ?x)``), or a static relation designates the target
(barman's ``empty-shaker`` resets the level to ``(shaker-empty-level ?s ?l1)``: finding it
there already, the step still empties the shaker, which is its point). Its fix adds the
inequality to the precondition.

``self_move_pairs`` gives the same verdict as data, for refusing gold plans that use such a
step, and ``guarded`` the domain with every inequality added, to re-solve without them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations, product

from . import ast
from .analysis import conjuncts, effect_parts, static_predicates
from .diagnostics import Diagnostic, Fix, Severity, TextEdit
from .invariants import Invariants, Key, key
from .limits import Budget
from .printer import expr, ground_call
from .types import TypeHierarchy

CODE = "W620"
STAGE = "checking the task (self-moves)"


@dataclass(frozen=True)
class SelfMove:
    """Parameters ``first`` and ``second`` of ``action`` (positions in its parameter list), and the
    atom that a step with them equal deletes and re-adds; ``side_effects`` the new facts it still
    makes true (never empty: a void move that gains nothing is left alone)."""

    action: str
    first: int
    second: int
    moved: Key
    side_effects: tuple[Key, ...]

    def matches(self, args: tuple[str, ...]) -> bool:
        """Whether a ground step of the action with these arguments is such a void move."""
        return len(args) > max(self.first, self.second) and args[self.first] == args[self.second]


def _rename(atom: Key, old: str, new: str) -> Key:
    return atom[0], tuple(new if a == old else a for a in atom[1])


def _distinct_pairs(precondition: ast.Formula | None) -> set[frozenset[str]]:
    out = set()
    for part in conjuncts(precondition):
        if isinstance(part, ast.Not) and isinstance(part.arg, ast.Equals):
            out.add(frozenset("?" + t.name for t in (part.arg.left, part.arg.right) if isinstance(t, ast.Variable)))
    return out


def _destination(deleted: Key, added: Key) -> str:
    """The variable the add puts where the delete had the other one (the move's target)."""
    return next(b for a, b in zip(deleted[1], added[1]) if a != b)


def _designated(target: str, static: set[str], pos: set[Key], pair: set[str]) -> bool:
    """Whether a static precondition relates the target to other terms, without the source: it is a
    value the domain designates (``(shaker-empty-level ?s ?l1)``), so a step that finds it there
    already is a reset doing its other work, not a bogus move."""
    return any(x[0] in static and target in x[1] and not (pair - {target}) & set(x[1]) and len(set(x[1])) > 1
               for x in pos)


def _satisfiable(pattern: list[Key], init: set[Key], budget: Budget, limit: int = 100_000) -> bool:
    """Whether some binding of the variables makes every (static) atom of ``pattern`` an initial fact;
    True when the search passes ``limit`` steps (not proved impossible)."""
    by_predicate: dict[str, list[tuple[str, ...]]] = {}
    for fact in init:
        by_predicate.setdefault(fact[0], []).append(fact[1])
    steps = 0

    def extend(index: int, binding: dict[str, str]) -> bool:
        nonlocal steps
        if index == len(pattern):
            return True
        predicate, args = pattern[index]
        for fact in budget.paced(by_predicate.get(predicate, ()), STAGE):
            steps += 1
            if steps > limit:
                return True
            if len(fact) != len(args):
                continue
            new = dict(binding)
            if all((new.setdefault(a, v) == v) if a.startswith("?") else a == v for a, v in zip(args, fact)):
                if extend(index + 1, new):
                    return True
        return False

    return extend(0, {})


def _action_self_moves(action: ast.ActionSchema, static: set[str], hierarchy: TypeHierarchy,
                       invariants: Invariants, init: set[Key] | None, budget: Budget) -> list[SelfMove]:
    parts = list(effect_parts(action.effect))
    adds = {key(e) for e in parts if isinstance(e, ast.Atom)}
    dels = {key(e.arg) for e in parts if isinstance(e, ast.Not) and isinstance(e.arg, ast.Atom)}
    pre = list(conjuncts(action.precondition))
    pos = {key(p) for p in pre if isinstance(p, ast.Atom)}
    neg = {key(p.arg) for p in pre if isinstance(p, ast.Not) and isinstance(p.arg, ast.Atom)}
    distinct = _distinct_pairs(action.precondition)
    out = []
    for (i, a), (j, b) in budget.paced(combinations(enumerate(action.parameters), 2), STAGE):
        va, vb = "?" + a.name, "?" + b.name
        if frozenset((va, vb)) in distinct or not hierarchy.compatible(a.types, b.types):
            continue
        s_adds, s_dels = {_rename(x, vb, va) for x in adds}, {_rename(x, vb, va) for x in dels}
        s_pos, s_neg = {_rename(x, vb, va) for x in pos}, {_rename(x, vb, va) for x in neg}
        if s_pos & s_neg:
            continue  # the precondition contradicts itself there
        if s_adds <= s_pos and s_dels <= s_adds:
            continue  # a complete no-op: W607's case
        moved = sorted(_rename(d, vb, va) for d, ad in budget.paced(product(dels, adds), STAGE)
                       if d != ad and d[0] == ad[0] and _rename(d, vb, va) == _rename(ad, vb, va) and d in pos
                       and not _designated(_destination(d, ad), static, pos, {va, vb}))
        if not moved:
            continue
        linking = any(x[0] in static and va in x[1] and vb in x[1] for x in pos)
        if linking and init is None:
            continue  # a static relation such as adjacency may exclude it: the problem's facts tell
        if init is not None and not _satisfiable(sorted(x for x in s_pos if x[0] in static), init, budget):
            continue  # no initial facts fit the static part of the precondition then (no `(road a a)`)
        if any(invariants.exclusive(x, y) for x, y in budget.paced(combinations(sorted(s_pos), 2), STAGE)):
            continue  # two atoms the step then needs never hold together
        moving = {d[0] for d in s_dels}  # predicates the action moves: their adds are the other end of a move
        side = tuple(sorted(x for x in s_adds - s_pos - set(moved) if x[0] not in moving))
        if not side:
            continue  # it gains nothing new (say, only burns fuel): a costly no-op, not a bogus achievement
        out.append(SelfMove(action.name, i, j, moved[0], side))
    return out


def self_move_pairs(domain: ast.Domain, problem: ast.Problem | None = None,
                    hierarchy: TypeHierarchy | None = None, budget: Budget | None = None) -> list[SelfMove]:
    """Every void move of the domain's actions; a problem's initial facts can only rule more out.

    The invariants are the domain's (groups every action keeps balanced), assumed to hold
    initially: a problem whose initial state breaks one does not bring a warning back, so a
    verdict with a problem is never louder than the domain's own, save where the problem's
    facts show a static relation that holds between an object and itself. ``budget`` is ticked per pair of
    parameters and per pair of atoms tested: a wide action has quadratically many of each.
    """
    hierarchy = hierarchy or TypeHierarchy.of(domain)
    init = None if problem is None else {key(a) for a in problem.init if isinstance(a, ast.Atom)}
    budget = budget or Budget()
    invariants = Invariants(domain, budget)
    static = static_predicates(domain)
    return [m for action in domain.actions
            for m in _action_self_moves(action, static, hierarchy, invariants, init, budget)]



def _guard(action: ast.ActionSchema, pairs: list[SelfMove]) -> ast.Formula:
    inequalities = [ast.Not(ast.Equals(ast.Variable(action.parameters[m.first].name),
                                       ast.Variable(action.parameters[m.second].name))) for m in pairs]
    return ast.And((*conjuncts(action.precondition), *inequalities))


def self_moves(domain: ast.Domain, problem: ast.Problem | None = None,
               hierarchy: TypeHierarchy | None = None, budget: Budget | None = None) -> list[Diagnostic]:
    """W620 diagnostics, one per action and pair, each with the fix that adds the inequality."""
    actions = {a.name: a for a in domain.actions}
    out = []
    for move in self_move_pairs(domain, problem, hierarchy, budget):
        action = actions[move.action]
        va, vb = ("?" + action.parameters[k].name for k in (move.first, move.second))
        fix = None
        if action.precondition is not None and action.precondition.span is not None:
            fix = Fix(f"add (not (= {va} {vb})) to `{action.name}`",
                      (TextEdit(action.precondition.span, expr(_guard(action, [move]))),))
        side = " ".join(ground_call(*x) for x in move.side_effects)
        out.append(Diagnostic(
            CODE, Severity.WARNING,
            f"action `{action.name}` with {va} = {vb} deletes and re-adds {ground_call(*move.moved)}: it moves nothing"
            + (f", yet still adds {side}" if side else "") + "; plans may use such bogus steps",
            action.span, f"add `(not (= {va} {vb}))` to its precondition (needs :equality)", (), fix))
    return out


def guarded(domain: ast.Domain, problem: ast.Problem | None = None) -> ast.Domain:
    """The domain with an inequality added for every self-move, so no plan can use one."""
    moves = self_move_pairs(domain, problem)
    if not moves:
        return domain
    actions = []
    for action in domain.actions:
        mine = [m for m in moves if m.action == action.name]
        actions.append(replace(action, precondition=_guard(action, mine)) if mine else action)
    requirements = domain.requirements if ":equality" in domain.requirements else (*domain.requirements,
                                                                                   ":equality")
    return replace(domain, actions=tuple(actions), requirements=requirements)
