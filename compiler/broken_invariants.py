"""The invariant lint (W623): an action that breaks a state invariant the seed states keep.

An invariant here is a *group* (``invariants.py``): one or two (predicate, argument position) members, read as
"each object is in at most one atom of the group at that position" (a parcel is at one place or in one vehicle).
LLM-drafted domains break one with a single slip, and a planner uses it at once: one task generated from such a
domain drove a book home inside a bike, then loaded it into a van without unloading it. Every plan stays valid, so
nothing downstream notices; gold data teaches the bug. An action adds a group atom for an object without paying
for it with a required delete of that object's other group atom in one of two ways:

- a **missing delete**: it requires a group atom, adds another for the same object and keeps the first (``load``
  requires ``(at ?p ?l)``, adds ``(in ?p ?v)``, and the parcel stays at ``?l``); the fix deletes it;
- a **missing precondition**: it deletes the object's group atom but does not require it (``load`` deletes
  ``(at ?p ?l)`` without requiring it, so a parcel already in a bike is loaded into a van too); the fix requires it.

Three more things must hold before the lint speaks, so that a domain where such facts are meant to coexist stays
silent:

- another action moves objects *between* the members (``unload`` deletes ``in`` and adds ``at``): the domain
  treats the group as one state of the object;
- judged on problems, the group holds in every problem's initial state and some initial fact belongs to it (the
  seed problems show the intent too);
- no action touches the group's predicates under a condition (such effects cannot be told apart statically).

Fast Downward's invariant synthesis (Helmert 2009) proves groups that every action keeps; this lint reads the same
balance test the other way round, for the few actions that keep a group from being proved. ``broken_invariants``
gives the findings as data, ``breaking_step`` replays a task's initial state and plan to say where it breaks one
(generation drops such a task), ``witness`` finds at most two steps from a seed state that break one, and
``invariant_diagnostics`` gives W623 with the witness and the fix.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from . import ast
from .analysis import conjuncts, effect_parts
from .diagnostics import Diagnostic, Fix, Severity, TextEdit
from .errors import AgentgenError
from .invariants import Group, Key, holds, key
from .limits import Budget, LimitReached
from .printer import expr, ground_call

CODE = "W623"
STAGE = "checking the task (state invariants)"
MISSING_DELETE = "missing delete"
MISSING_PRECONDITION = "missing precondition"
WITNESS_DEPTH = 2
"""The most steps a witness takes from a seed state."""
WITNESS_STATES = 256
"""States kept after the first step of a witness search: a finding is reported whether or not one is found."""


@dataclass(frozen=True)
class BrokenInvariant:
    """``action`` adds ``added`` without paying for it: under ``kind`` MISSING_DELETE it keeps ``other``, which it
    requires; under MISSING_PRECONDITION it deletes ``other`` without requiring it. Both are atoms of ``group`` for
    one object; ``mover`` is an action that moves objects between the group's members."""

    action: str
    kind: str
    added: Key
    other: Key
    group: Group
    mover: str
    keeps_count: bool = False  # every other action adds a group atom for each it deletes: "exactly one", not "at most"

    @property
    def members(self) -> str:
        return "/".join(f"`{m}`" for m in sorted({p for p, _ in self.group}))


class _Parts:
    """An action's unconditional adds and deletes, its positive preconditions, and the predicates it touches under a
    condition (their deletes cannot be told)."""

    def __init__(self, action: ast.ActionSchema) -> None:
        self.name = action.name
        self.parameters = ["?" + p.name for p in action.parameters]
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


def _shared(added: Key, other: Key) -> Iterator[Group]:
    """The groups of ``added`` and ``other`` that count one object: an argument they share (of one predicate, at
    one position)."""
    for i, a in enumerate(added[1]):
        for j, b in enumerate(other[1]):
            if a == b and (added[0] != other[0] or i == j):
                yield frozenset({(added[0], i), (other[0], j)})


def _paid(parts: _Parts, added: Key, group: Group) -> bool:
    """Whether the action deletes a group atom it requires for the object ``added`` counts: then the add replaces
    it, as ``unload`` replaces ``(in ?p ?v)`` by ``(at ?p ?l)``."""
    counted = added[1][_member(group, added)]
    return any((position := _member(group, atom)) is not None and atom[1][position] == counted
               and atom in parts.pre and atom not in parts.adds for atom in parts.dels)


def _replaces(parts: _Parts, added: Key, group: Group) -> bool:
    """Whether the action deletes some required atom of the object ``added`` counts, of any predicate: the add then
    replaces that state of the object, and the unrequired delete only tidies a fact that goes with it (storage's
    ``lift`` requires and deletes ``(on ?c ?a)``, adds ``(lifting ?h ?c)`` and deletes ``(in ?c ?p)`` unasked)."""
    counted = added[1][_member(group, added)]
    return any(counted in atom[1] and atom in parts.pre and atom not in parts.adds for atom in parts.dels)


def _candidates(parts: _Parts) -> Iterator[tuple[str, Key, Key, Group]]:
    """(kind, added, other, group): each add that shares an object with an atom the action keeps although it
    requires it, or deletes although it does not require it, and that no required delete pays for."""
    for added in parts.adds:
        if added in parts.pre:
            continue
        for kept in parts.pre:
            if kept != added and kept not in parts.dels and kept[0] not in parts.conditional:
                for group in _shared(added, kept):
                    if not _paid(parts, added, group):
                        yield MISSING_DELETE, added, kept, group
        for deleted in sorted(parts.dels):
            if deleted != added and deleted not in parts.pre and deleted not in parts.adds:
                for group in _shared(added, deleted):
                    if not _replaces(parts, added, group):
                        yield MISSING_PRECONDITION, added, deleted, group


def _mover(group: Group, actions: list[_Parts], breaker: str) -> str | None:
    """An action other than ``breaker`` that moves an object within the group: for a one-predicate group it
    deletes one atom of it and adds another for the same object (``move``); for a two-predicate group it deletes a
    required atom of one predicate and adds one of the other, and nothing of the first comes back (``unload``; not
    ``fly``, which changes an aircraft's place and its fuel side by side)."""
    predicates = {p for p, _ in group}
    for parts in actions:
        if parts.name == breaker:
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


def _keeps_count(group: Group, actions: list[_Parts], breaker: str) -> bool:
    """Whether every action but ``breaker`` that deletes a group atom of an object adds another for it, and the
    reverse: an object then keeps as many group atoms as it started with (one: a parcel is always somewhere)."""
    for parts in actions:
        if parts.name == breaker:
            continue
        gone = {atom[1][m] for atom in parts.dels if (m := _member(group, atom)) is not None and atom not in parts.adds}
        came = {atom[1][m] for atom in parts.adds if (m := _member(group, atom)) is not None and atom not in parts.pre}
        if gone != came:
            return False
    return True


def broken_invariants(domain: ast.Domain, inits: Sequence[Iterable[Key]] | None = None,
                      budget: Budget | None = None) -> list[BrokenInvariant]:
    """Every action that breaks a group the domain otherwise keeps (see the module docstring), one finding per
    action and added atom. ``inits``: the ground initial atoms of the problems that show the intent (None: judged
    on the domain alone, which is louder: barman pours a cocktail into a shot and keeps it in the shaker, on
    purpose)."""
    budget = budget or Budget()
    actions = [_Parts(a) for a in domain.actions]
    conditional = set().union(*(p.conditional for p in actions))
    states = None if inits is None else [list(init) for init in inits]
    found: dict[tuple[str, Key], BrokenInvariant] = {}
    for parts in budget.paced(actions, STAGE):
        for kind, added, other, group in _candidates(parts):
            if (parts.name, added) in found or {p for p, _ in group} & conditional:
                continue
            mover = _mover(group, actions, parts.name)
            if mover is None:
                continue
            if states is not None and not (states and all(holds(group, s) for s in states)
                                           and any(_member(group, a) is not None for s in states for a in s)):
                continue
            found[(parts.name, added)] = BrokenInvariant(parts.name, kind, added, other, group, mover,
                                                         _keeps_count(group, actions, parts.name))
    return list(found.values())


def problem_init(problem: ast.Problem) -> list[Key]:
    """The ground atoms of a problem's initial state, names lower-cased as the grounder reads them."""
    return [(k[0], tuple(a.lower() for a in k[1])) for k in (key(a) for a in problem.init if isinstance(a, ast.Atom))]


@lru_cache(maxsize=32)
def seed_broken_invariants(domain: ast.Domain, seed: ast.Problem) -> tuple[BrokenInvariant, ...]:
    """The broken invariants judged on one seed problem, kept per (domain, seed): generation asks once per
    candidate."""
    return tuple(broken_invariants(domain, [problem_init(seed)]))


def breaking_step(domain: ast.Domain, findings: Sequence[BrokenInvariant], init: Iterable[Key],
                  steps: Iterable[tuple[str, Sequence[str]]], seed_init: Iterable[Key] = (),
                  objects: Iterable[str] = ()) -> int | None:
    """Where a task breaks one of the ``findings``' groups: 0 when its initial state already does (a walk that used
    the bug made it: two atoms of one object, or, where the group keeps its count, one of the task's ``objects``
    with a group atom in ``seed_init`` and none or two here), the 1-based number of the first step after which one
    does, or None when neither. The steps are replayed by their unconditional adds and deletes: exact for the
    groups, which no conditional effect touches."""
    if not findings:
        return None
    groups = [f.group for f in findings]
    state = set(init)
    if not all(holds(g, list(state)) for g in groups):
        return 0
    seed, names = list(seed_init), {o.lower() for o in objects}
    for finding in findings:
        if finding.keeps_count and _counts(finding.group, seed, names) != _counts(finding.group, state, names):
            return 0
    actions = {a.name.lower(): _Parts(a) for a in domain.actions}
    for number, (name, args) in enumerate(steps, 1):
        parts = actions[name.lower()]
        binding = dict(zip(parts.parameters, (a.lower() for a in args)))
        state -= {_ground(atom, binding) for atom in parts.dels}
        state |= {_ground(atom, binding) for atom in parts.adds}
        if not all(holds(g, list(state)) for g in groups):
            return number
    return None


def _counts(group: Group, state: Iterable[Key], names: set[str]) -> dict[str, int]:
    """How many group atoms each object of ``names`` has in ``state``."""
    found: dict[str, int] = {}
    for atom in state:
        if (position := _member(group, atom)) is not None and atom[1][position] in names:
            found[atom[1][position]] = found.get(atom[1][position], 0) + 1
    return found


def _ground(atom: Key, binding: dict[str, str]) -> Key:
    return atom[0], tuple(binding.get(a, a.lower()) for a in atom[1])


def witness(domain: ast.Domain, problem: ast.Problem, finding: BrokenInvariant,
            budget: Budget | None = None) -> tuple[list[ast.PlanStep], list[Key]] | None:
    """At most ``WITNESS_DEPTH`` steps from ``problem``'s initial state, the last one ``finding.action``, after
    which two atoms of the group hold for one object, and those atoms; None when none is found within
    ``WITNESS_STATES`` states (or the lifted model cannot step this task)."""
    from .validate import Stepper  # the validator's lifted step: imported when a finding needs a witness

    try:
        stepper = Stepper(domain, problem, budget)
        start = frozenset(key(a) for a in problem.init if isinstance(a, ast.Atom))  # as the validator reads it
        frontier: list[tuple[list[ast.PlanStep], frozenset[Key]]] = [([], start)]
        for depth in range(WITNESS_DEPTH):
            reached = []
            for steps, state in frontier:
                for step in stepper.applicable(state):
                    last = depth == WITNESS_DEPTH - 1
                    if last and step.action != finding.action:
                        continue
                    after, _ = stepper.apply(step, state)
                    if after is None:
                        continue
                    if step.action == finding.action and (pair := _two_of_one(finding.group, after)) is not None:
                        return [*steps, step], pair
                    if not last and len(reached) < WITNESS_STATES:
                        reached.append(([*steps, step], after))
            frontier = reached
    except LimitReached:
        raise
    except AgentgenError:  # a feature the lifted model refuses: the finding stands without a witness
        return None
    return None


def _two_of_one(group: Group, state: Iterable[Key]) -> list[Key] | None:
    """Two atoms of ``group`` for one object in ``state`` (sorted), or None when the group holds there."""
    seen: dict[str, Key] = {}
    for atom in sorted(state):
        position = _member(group, atom)
        if position is None:
            continue
        first = seen.setdefault(atom[1][position], atom)
        if first != atom:
            return [first, atom]
    return None


def _fix(action: ast.ActionSchema, finding: BrokenInvariant) -> Fix | None:
    """The edit that restores the invariant: delete the kept atom, or require the deleted one."""
    if finding.kind == MISSING_DELETE:
        section, atom = action.effect, next(p for p in conjuncts(action.precondition)
                                            if isinstance(p, ast.Atom) and key(p) == finding.other)
        if section is None or section.span is None:
            return None
        parts = section.parts if isinstance(section, ast.AndEffect) else (section,)
        return Fix(f"add {_delete(finding)} to the effect of `{action.name}`",
                   (TextEdit(section.span, expr(ast.AndEffect((*parts, ast.Not(atom))))),))
    section = action.precondition
    atom = next(p.arg for p in effect_parts(action.effect)
                if isinstance(p, ast.Not) and isinstance(p.arg, ast.Atom) and key(p.arg) == finding.other)
    if section is None or section.span is None:
        return None
    parts = section.parts if isinstance(section, ast.And) else (section,)
    return Fix(f"add {ground_call(*finding.other)} to the precondition of `{action.name}`",
               (TextEdit(section.span, expr(ast.And((*parts, atom)))),))


def _delete(finding: BrokenInvariant) -> str:
    return f"(not {ground_call(*finding.other)})"


def _message(finding: BrokenInvariant, problem: ast.Problem,
             found: tuple[list[ast.PlanStep], list[Key]] | None) -> str:
    added, other = ground_call(*finding.added), ground_call(*finding.other)
    if finding.kind == MISSING_DELETE:
        slip = f"adds {added} but keeps {other}, which it requires: a missing delete?"
    else:
        slip = f"adds {added} and deletes {other} without requiring it: a missing precondition?"
    said = (f"action `{finding.action}` {slip} Each object is in at most one {finding.members} fact in every "
            f"problem's initial state and `{finding.mover}` moves it between them")
    if found is None:
        return said + f", yet `{finding.action}` can leave two of them true, and plans may exploit that"
    steps, pair = found
    run = " then ".join(ground_call(s.action, s.args) for s in steps)
    return (said + f"; yet from `{problem.name}`'s initial state, {run} leaves {ground_call(*pair[0])} and "
            f"{ground_call(*pair[1])} both true, and plans may exploit that")


def invariant_diagnostics(domain: ast.Domain, problems: Sequence[ast.Problem],
                          budget: Budget | None = None) -> list[Diagnostic]:
    """W623, one per action and added atom, judged on ``problems`` (none: nothing to judge the intent by), each
    with a witness from the first problem that gives one."""
    if not problems:
        return []
    actions = {a.name: a for a in domain.actions}
    out = []
    for finding in broken_invariants(domain, [problem_init(p) for p in problems], budget):
        action = actions[finding.action]
        found, shown = None, problems[0]
        for problem in problems:
            found = witness(domain, problem, finding, budget)
            if found is not None:
                shown = problem
                break
        fix = _fix(action, finding)
        if finding.kind == MISSING_DELETE:
            hint = f"add `{_delete(finding)}` to the effect of `{action.name}`"
        else:
            hint = f"add `{ground_call(*finding.other)}` to the precondition of `{action.name}`"
        out.append(Diagnostic(CODE, Severity.WARNING, _message(finding, shown, found), action.span, hint, (), fix))
    return out
