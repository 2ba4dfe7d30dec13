"""The missing-delete lint (W623): an action adds a fact without deleting the one it replaces.

LLM-drafted domains often forget one delete: a ``load ?p ?v ?l`` that requires ``(at ?p ?l)`` and
adds ``(in ?p ?v)`` but never deletes ``(at ?p ?l)``. The parcel is then both somewhere and in a
vehicle, and a planner uses that at once: one task generated from such a domain loaded one book
into three bikes. Every plan stays valid, so nothing downstream notices; gold data teaches the bug.

A finding is a *group*: one or two (predicate, argument position) members, read as "each object
is in at most one atom of the group at that position" (a parcel is at one place or in one
vehicle). Three things must hold before the lint speaks, so that a domain where two such facts
are meant to coexist stays silent:

- the breaking action requires a group atom, adds another for the same object, and does not
  delete the one it requires (so after the step both hold);
- another action moves objects *between* the members (``unload`` deletes ``in`` and adds ``at``):
  the domain treats the group as one state of the object;
- judged on problems, the group is exclusive in every problem's initial state and some initial
  fact belongs to it (the seed problems show the intent too).

``missing_deletes`` gives the findings as data, ``exploiting_step`` says whether a plan (or its
initial state) uses the bug, so that generation drops such a task, and ``missing_delete_diagnostics``
gives W623 with the delete to add as a suggested fix.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from . import ast
from .analysis import conjuncts, effect_parts
from .diagnostics import Diagnostic, Fix, Severity, TextEdit
from .invariants import Group, Key, holds, key
from .limits import Budget
from .printer import expr, ground_call

CODE = "W623"
STAGE = "checking the task (missing deletes)"


@dataclass(frozen=True)
class MissingDelete:
    """``action`` adds ``added`` and keeps ``kept`` (which it requires), both in ``group`` for one object;
    ``mover`` is an action that moves objects between the group's members."""

    action: str
    added: Key
    kept: Key
    group: Group
    mover: str

    def fires(self, args: Sequence[str], parameters: Sequence[str]) -> bool:
        """Whether a ground step of the action (``args`` for its ``parameters``, names with ``?``) leaves two
        different atoms of the group true: it does unless the added atom is the kept one."""
        binding = dict(zip(parameters, args))
        return _ground(self.added, binding) != _ground(self.kept, binding)


def _ground(atom: Key, binding: dict[str, str]) -> Key:
    return atom[0], tuple(binding.get(a, a).lower() for a in atom[1])


class _Parts:
    """An action's unconditional adds and deletes, its positive preconditions, and the predicates it
    touches under a condition (their deletes cannot be told)."""

    def __init__(self, action: ast.ActionSchema) -> None:
        self.name = action.name
        self.adds: list[Key] = []
        self.dels: set[Key] = set()
        self.conditional: set[str] = set()
        for part in effect_parts(action.effect):
            if isinstance(part, ast.Atom):
                self.adds.append(key(part))
            elif isinstance(part, ast.Not) and isinstance(part.arg, ast.Atom):
                self.dels.add(key(part.arg))
            elif isinstance(part, (ast.When, ast.ForallEffect)):
                self.conditional |= _predicates(part)
        self.pre = sorted({key(p) for p in conjuncts(action.precondition) if isinstance(p, ast.Atom)})


def _predicates(effect: object) -> set[str]:
    if isinstance(effect, ast.Atom):
        return {effect.predicate}
    if isinstance(effect, ast.Not):
        return _predicates(effect.arg)
    if isinstance(effect, ast.AndEffect):
        return set().union(*(_predicates(p) for p in effect.parts))
    if isinstance(effect, (ast.When, ast.ForallEffect)):
        return _predicates(effect.effect)
    return set()


def _member(group: Group, atom: Key) -> int | None:
    """The position the group counts in ``atom`` (None when ``atom`` is no member)."""
    for predicate, position in group:
        if predicate == atom[0] and position is not None and position < len(atom[1]):
            return position
    return None


def _candidates(parts: _Parts) -> Iterable[tuple[Key, Key, Group]]:
    """(added, kept, group): each add that shares an object with a required atom the action keeps."""
    for added in parts.adds:
        for kept in parts.pre:
            if kept == added or kept in parts.dels or kept[0] in parts.conditional or added in parts.pre:
                continue
            for i, a in enumerate(added[1]):
                for j, b in enumerate(kept[1]):
                    if a != b or (added[0] == kept[0] and i != j):
                        continue
                    yield added, kept, frozenset({(added[0], i), (kept[0], j)})


def _mover(group: Group, actions: list[_Parts], breaker: str) -> str | None:
    """An action other than ``breaker`` that moves an object within the group: for a one-predicate group it
    deletes one atom of it and adds another for the same object (``move``); for a two-predicate group it
    deletes a required atom of one predicate and adds one of the other, and nothing of the first comes back
    (``unload``; not ``fly``, which changes an aircraft's place and its fuel side by side)."""
    predicates = {p for p, _ in group}
    for parts in actions:
        if parts.name == breaker or parts.conditional & predicates:
            continue
        deleted: dict[str, set[str]] = {}
        added: dict[str, set[str]] = {}
        for atom in parts.dels:
            position = _member(group, atom)
            if position is not None and atom in parts.pre and atom not in parts.adds:
                deleted.setdefault(atom[1][position], set()).add(atom[0])
        for atom in parts.adds:
            position = _member(group, atom)
            if position is not None and atom not in parts.pre:
                added.setdefault(atom[1][position], set()).add(atom[0])
        for term, gone in deleted.items():
            came = added.get(term, set())
            if came and (len(predicates) == 1 or not gone & came):
                return parts.name
    return None


def missing_deletes(domain: ast.Domain, inits: Sequence[Iterable[Key]] | None = None,
                    budget: Budget | None = None) -> list[MissingDelete]:
    """Every missing delete of the domain (see the module docstring). ``inits``: the ground initial atoms of
    the problems that show the intent (None: judged on the domain alone, which is louder: barman pours a
    cocktail into a shot and keeps it in the shaker, on purpose)."""
    budget = budget or Budget()
    actions = [_Parts(a) for a in domain.actions]
    states = None if inits is None else [list(init) for init in inits]
    found: dict[tuple[str, Key], MissingDelete] = {}
    for parts in budget.paced(actions, STAGE):
        for added, kept, group in _candidates(parts):
            if (parts.name, added) in found:
                continue
            mover = _mover(group, actions, parts.name)
            if mover is None:
                continue
            if states is not None and not (states and all(holds(group, s) for s in states)
                                           and any(_member(group, a) is not None for s in states for a in s)):
                continue
            found[(parts.name, added)] = MissingDelete(parts.name, added, kept, group, mover)
    return list(found.values())


def problem_init(problem: ast.Problem) -> list[Key]:
    """The ground atoms of a problem's initial state, names lower-cased as the grounder reads them."""
    return [(k[0], tuple(a.lower() for a in k[1])) for k in (key(a) for a in problem.init if isinstance(a, ast.Atom))]


@lru_cache(maxsize=32)
def seed_missing_deletes(domain: ast.Domain, seed: ast.Problem) -> tuple[MissingDelete, ...]:
    """The missing deletes judged on one seed problem, kept per (domain, seed): generation asks once per
    candidate."""
    return tuple(missing_deletes(domain, [problem_init(seed)]))


def exploiting_step(domain: ast.Domain, findings: Sequence[MissingDelete], init: Iterable[Key],
                    steps: Iterable[tuple[str, Sequence[str]]]) -> int | None:
    """Where a task uses one of ``findings``: 0 when its initial state already breaks a group (a walk that used
    the bug made it), the 1-based number of the first step whose action fires one, or None when neither."""
    if not findings:
        return None
    state = list(init)
    if not all(holds(f.group, state) for f in findings):
        return 0
    parameters = {a.name: ["?" + p.name for p in a.parameters] for a in domain.actions}
    for number, (name, args) in enumerate(steps, 1):
        if any(f.action == name and f.fires([a.lower() for a in args], parameters[name]) for f in findings):
            return number
    return None



def _with_delete(effect: ast.Effect | None, kept: Key, action: ast.ActionSchema) -> ast.Effect:
    atom = next(p for p in conjuncts(action.precondition) if isinstance(p, ast.Atom) and key(p) == kept)
    parts = effect.parts if isinstance(effect, ast.AndEffect) else (() if effect is None else (effect,))
    return ast.AndEffect((*parts, ast.Not(atom)))


def missing_delete_diagnostics(domain: ast.Domain, problems: Sequence[ast.Problem],
                               budget: Budget | None = None) -> list[Diagnostic]:
    """W623, one per action and added atom, judged on ``problems`` (none: nothing to judge the intent by)."""
    if not problems:
        return []
    actions = {a.name: a for a in domain.actions}
    out = []
    for finding in missing_deletes(domain, [problem_init(p) for p in problems], budget):
        action = actions[finding.action]
        members = sorted({p for p, _ in finding.group})
        delete = f"(not {ground_call(*finding.kept)})"
        fix = None
        if action.effect is not None and action.effect.span is not None:
            fix = Fix(f"add {delete} to the effect of `{action.name}`",
                      (TextEdit(action.effect.span, expr(_with_delete(action.effect, finding.kept, action))),))
        out.append(Diagnostic(
            CODE, Severity.WARNING,
            f"action `{action.name}` adds {ground_call(*finding.added)} but keeps {ground_call(*finding.kept)}, "
            "which it requires: "
            f"a missing delete? Each object is in at most one {'/'.join(f'`{m}`' for m in members)} fact in every "
            f"problem's initial state and `{finding.mover}` moves it between them, yet after `{action.name}` both "
            "hold, and plans may exploit that (load one parcel into two vehicles)",
            action.span, f"add `{delete}` to the effect of `{action.name}`", (), fix))
    return out
