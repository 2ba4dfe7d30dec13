"""Mutual exclusion from state invariants: can two atoms ever hold in the same state?

A lint that says "this action does something odd when ?x = ?y" is a false alarm when the
state rules that case out: ``(stack ?x ?x)`` needs ``(holding ?x)`` and ``(clear ?x)``, and no
reachable blocksworld state has both. This pass proves such exclusions with the balance test
of Fast Downward's invariant synthesis (Helmert 2009), in a small form: a *group* is a set of
predicates, each with the argument position that holds the invariant's one parameter (or
none), and the invariant says that for every object at most one atom of the group with that
object in its position is true. It is kept when every action that adds a group atom also
deletes one with the same parameter that its precondition requires. Candidate groups grow from the two atoms in question by
the deletes of an action that breaks them, as the synthesis does.

Sound in one direction only: ``exclusive`` returning True is a proof for every initial state
that satisfies the invariant (the domain's intended ones, as a lint assumes; this module
does not read problems); False means "not proved".
"""

from __future__ import annotations

from itertools import combinations

from . import ast
from .analysis import conjuncts, effect_parts
from .limits import Budget

Key = tuple[str, tuple[str, ...]]  # (predicate, argument names; variables start with `?`)
Member = tuple[str, int | None]  # (predicate, position of the invariant's parameter or None)
Group = frozenset[Member]

MAX_MEMBERS = 5
MAX_CANDIDATES = 40
_STUCK = "<stuck>"  # a violation that a larger group cannot mend
STAGE = "checking the task (state invariants)"


def key(atom: ast.Atom) -> Key:
    return atom.predicate, tuple(("?" + a.name) if isinstance(a, ast.Variable) else a.name for a in atom.args)


class _Action:
    """What the balance test reads of an action: its unconditional adds and deletes, its
    positive preconditions, the predicates it adds under a condition, its inequalities."""

    def __init__(self, action: ast.ActionSchema) -> None:
        self.name = action.name
        self.adds: list[Key] = []
        self.dels: list[Key] = []
        self.conditional_adds: set[str] = set()
        for part in effect_parts(action.effect):
            if isinstance(part, ast.Atom):
                self.adds.append(key(part))
            elif isinstance(part, ast.Not) and isinstance(part.arg, ast.Atom):
                self.dels.append(key(part.arg))
            elif isinstance(part, (ast.When, ast.ForallEffect)):
                self.conditional_adds |= _added_predicates(part)
        self.pre = {key(p) for p in conjuncts(action.precondition) if isinstance(p, ast.Atom)}
        self.distinct: set[frozenset[str]] = set()
        for p in conjuncts(action.precondition):
            if isinstance(p, ast.Not) and isinstance(p.arg, ast.Equals):
                self.distinct.add(frozenset(t.name if isinstance(t, ast.Constant) else "?" + t.name
                                            for t in (p.arg.left, p.arg.right)))


def _added_predicates(effect: ast.Effect) -> set[str]:
    if isinstance(effect, ast.Atom):
        return {effect.predicate}
    if isinstance(effect, ast.AndEffect):
        return set().union(*(_added_predicates(p) for p in effect.parts))
    if isinstance(effect, (ast.When, ast.ForallEffect)):
        return _added_predicates(effect.effect)
    return set()


def _member(group: Group, atom: Key) -> Member | None:
    for member in group:
        if member[0] == atom[0] and (member[1] is None or member[1] < len(atom[1])):
            return member
    return None


def _counted(member: Member, atom: Key) -> str | None:
    return None if member[1] is None else atom[1][member[1]]


def holds(group: Group, state: list[Key]) -> bool:
    """Whether ``state`` (its true atoms, ground) has at most one atom of ``group`` per parameter value."""
    seen: set[tuple[Group, str | None]] = set()
    for atom in state:
        member = _member(group, atom)
        if member is None:
            continue
        value = (group, _counted(member, atom))
        if value in seen:
            return False
        seen.add(value)
    return True


def _rename(atom: Key, old: str, new: str) -> Key:
    return atom[0], tuple(new if a == old else a for a in atom[1])


class Invariants:
    """Groups every action of one domain keeps balanced, cached. ``budget`` is ticked per action tested and per
    pair of required atoms: a proof reads every action, and the domain says how many there are."""

    def __init__(self, domain: ast.Domain, budget: Budget | None = None) -> None:
        self.actions = [_Action(a) for a in domain.actions]
        self.verdicts: dict[Group, bool] = {}
        self.budget = budget or Budget()

    def exclusive(self, first: Key, second: Key) -> bool:
        """Whether no reachable state makes both atoms (of one action, variables shared) true."""
        return bool(self.proofs(first, second, stop_at_first=True))

    def proofs(self, first: Key, second: Key, stop_at_first: bool = False) -> list[Group]:
        """The balanced groups that hold both atoms with one parameter value: each rules the pair out in every
        state reachable from one that satisfies it (a caller with a concrete state can check that)."""
        if first == second:
            return []
        found = []
        for seed in self._seeds(first, second):
            group = self._search(seed, first, second)
            if group is not None:
                found.append(group)
                if stop_at_first:
                    break
        return found

    def _seeds(self, first: Key, second: Key) -> list[Group]:
        seeds: list[Group] = []
        for i, a in enumerate(first[1]):
            for j, b in enumerate(second[1]):
                if a == b:
                    seeds.append(frozenset({(first[0], i), (second[0], j)}))
        seeds.append(frozenset({(first[0], None), (second[0], None)}))
        return seeds

    def _search(self, seed: Group, first: Key, second: Key) -> Group | None:
        frontier, tried = [seed], 0
        while frontier and tried < MAX_CANDIDATES:
            group = frontier.pop(0)
            if len({m[0] for m in group}) != len(group):
                continue  # one position per predicate keeps the test simple
            m1, m2 = _member(group, first), _member(group, second)
            if m1 is None or m2 is None or _counted(m1, first) != _counted(m2, second):
                continue
            tried += 1
            broken = self._violation(group)
            if broken is None:
                return group
            if len(group) >= MAX_MEMBERS or broken[1] is _STUCK:
                continue
            action, term = broken
            counted = next(iter(group))[1] is not None
            for deleted in action.dels:
                if deleted[0] in {m[0] for m in group} or deleted not in action.pre:
                    continue
                positions = [i for i, a in enumerate(deleted[1]) if a == term] if counted else [None]
                for position in positions:
                    frontier.append(group | {(deleted[0], position)})
        return None

    def _violation(self, group: Group) -> tuple[_Action, str | None] | None:
        """None when every action keeps the group balanced; else an action that breaks it and the
        parameter value of the add that no required delete pays for (``_STUCK`` when growing the
        group cannot help)."""
        if self.verdicts.get(group):
            return None
        preds = {m[0] for m in group}
        if not any(preds & set(a[0] for a in action.adds) for action in self.actions):
            return self.actions[0], _STUCK  # static facts only: a claim on the initial state, not a domain's
        for action in self.budget.paced(self.actions, STAGE):
            if action.conditional_adds & preds or self._dead(group, action):
                return action, _STUCK
            matched: dict[Key, Key] = {}
            for atom in action.adds:
                member = _member(group, atom)
                if member is None:
                    continue
                term = _counted(member, atom)
                match = next((d for d in action.dels if d not in matched.values() and d in action.pre
                              and d not in action.adds and (m := _member(group, d)) is not None
                              and _counted(m, d) == term), None)
                if match is None:
                    return action, term
                matched[atom] = match
            if not self._pairs_stay_apart(group, action, matched):
                return action, _STUCK
        self.verdicts[group] = True
        return None

    def _dead(self, group: Group, action: _Action) -> bool:
        """Whether the group would make the action never applicable: it requires two group atoms with
        one parameter value. Such a group is no invariant the domain's author meant (a plain
        `(at ?a ?c)` and `(fuel ?a ?l)` of one aircraft, say, are both true in every state)."""
        required = [(a, _counted(m, a)) for a in action.pre if (m := _member(group, a)) is not None]
        return any(t1 == t2 for (_, t1), (_, t2) in self.budget.paced(combinations(required, 2), STAGE))

    def _pairs_stay_apart(self, group: Group, action: _Action, matched: dict[Key, Key]) -> bool:
        """Two adds whose parameter values are different variables could name one object; then their
        two deletes must stay two distinct atoms."""
        for (a1, d1), (a2, d2) in combinations(matched.items(), 2):
            t1 = _counted(_member(group, a1), a1)
            t2 = _counted(_member(group, a2), a2)
            if t1 == t2:
                return False  # two adds for one value: the precondition would hold two of it (a dead action)
            if t1 is None or t2 is None or frozenset((t1, t2)) in action.distinct:
                continue
            if not (t1.startswith("?") or t2.startswith("?")):
                continue  # two different constants
            old, new = (t2, t1) if t2.startswith("?") else (t1, t2)
            if _rename(d1, old, new) == _rename(d2, old, new) and _rename(a1, old, new) != _rename(a2, old, new):
                return False
        return True
