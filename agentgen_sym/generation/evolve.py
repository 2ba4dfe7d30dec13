"""Bi-Evol's moves: a task's easier and harder variants, and an even pick over difficulty.

Easier: drop a goal atom, aim at a subgoal halfway along the gold plan, drop an object the
goal does not need. Harder: add goal atoms reached by walking on from the goal state (as far as
the walk keeps the goal),
walk twice as far from the start, join the goal with one reached by an independent walk (two
subgoals that must be reached together and may interfere; an atom the domain's state invariants rule out
beside the goal's, which would make a goal no state satisfies, is not joined), and add an object: a twin of one the
goal mentions, with a copy of its facts and of its goal atoms (two parcels to deliver where there
was one). A twin whose copied facts the domain's state invariants rule out beside the originals
(a second block on the same block, a second held object in one hand) is not made: no valid state
has it. Every variant is solved and validated by the caller before it counts; nothing here
assumes a variant's difficulty, though a variant carries the actions its move knows to reach its goal
(``TaskSpec.witness``: the parent's plan or a part of it, the walk that found the goal), which the
measurement may use as a plan. The caller passes the GroundTask of the parent's own object set.

Each call takes its own random stream (``unit_rng``), derived from the seed and the unit of
work, so a variant depends only on its parent, the options and that stream.

A variant counts by its measured outcome, not the move tried (``measured_direction``): kept as easier or harder only
when its measured difficulty is strictly below or above its parent's, and labelled with the move tried and
that outcome (``harder:deeper``). "Deeper" lengthens the causal chain: it adds a goal atom made by the end of
a chain of walk steps each enabling the next. An invented object is named like its siblings or by its type
(``plant3``, ``parcel4``: the next free number, never a copy suffix), keeps the parent's single-valued
slots (``Slots``: a parcel in one place, as in every state the parent shows) and is placed as its original
is; a task holds at most ``MAX_INVENTED`` objects its seed problem did not have.
"""

from __future__ import annotations

import re
import zlib
from collections import Counter, defaultdict
from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Iterable, TypeVar

import numpy as np

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.invariants import Invariants, holds
from agentgen_sym.compiler.task import GroundAction, GroundAtom, GroundTask, pack
from agentgen_sym.generation.schemagoals import later_start, more_schema_goals
from agentgen_sym.generation.tasks import TaskSpec, plan_end, random_walk
from agentgen_sym.taskset import Origin

if TYPE_CHECKING:
    from agentgen_sym.generation.measure import Measurement

T = TypeVar("T")

MAX_INVENTED = 2
"""Objects a task may hold beyond its seed problem's: more twins pad a task rather than deepen it."""

_NUMBERED = re.compile(r"^([A-Za-z][A-Za-z_-]*[A-Za-z])([-_]?)(\d+)$")
"""A name a fresh sibling can continue: a stem of letters (no digit: never a copy of a copy), an optional
separator, a number (``plant3``, ``drone-1``)."""


def unit_rng(seed: int, *unit: int | str) -> np.random.Generator:
    """An independent random stream for one unit of work (a domain, a seed task, a round, a direction):
    units never share a generator, so farming them out or reordering them changes nothing."""
    words = [seed % 2 ** 63] + [zlib.crc32(u.encode()) if isinstance(u, str) else u % 2 ** 63 for u in unit]
    return np.random.default_rng(words)


def variants(direction: str, spec: TaskSpec, plan: tuple[GroundAction, ...], task: GroundTask,
             rng: np.random.Generator, invariants: Invariants | None = None,
             seed_objects: frozenset[str] | None = None) -> list[TaskSpec]:
    """One round of Bi-Evol from ``spec`` in ``direction`` ("easier" or "harder"); ``task`` is grounded on
    ``spec``'s objects; without ``invariants`` (the domain's) no object is added; ``seed_objects``, the seed
    problem's, caps the objects invented (all of ``spec``'s when not given)."""
    if direction == "easier":
        return easier(spec, plan, task, rng)
    return harder(spec, plan, task, rng, invariants, seed_objects)


def measured_direction(parent: Measurement, child: Measurement) -> str | None:
    """What a variant measured as against its parent: "easier" or "harder" only when strictly so, else None
    (as hard as its parent: no Bi-Evol step at all). Two optimal plans compare by length; when either is only
    a satisficing plan, the proven cost bound must agree too (a child whose lower bound exceeds its parent's
    cost is harder, whatever the satisficing plans say)."""
    if child.difficulty == parent.difficulty:
        return None
    harder = child.difficulty > parent.difficulty
    if parent.optimal and child.optimal:
        return "harder" if harder else "easier"
    low = child.cost if child.bound is None else child.bound
    parent_low = parent.cost if parent.bound is None else parent.bound
    if harder:
        return "harder" if low > parent.cost else None
    return "easier" if child.cost < parent_low else None


def _replay(task: GroundTask, init: tuple[GroundAtom, ...], plan: tuple[GroundAction, ...]) -> np.ndarray | None:
    """The state after ``plan`` from ``init`` on the seed's GroundTask (None if a step does not apply)."""
    index = task.fact_ids
    bits = np.zeros((1, task.n_bits), dtype=bool)
    bits[0, [index[f] for f in init if f in index]] = True
    bits[0, task.true_fact] = True
    return plan_end(task, plan, pack(bits, task.n_words)[0])


def _keeping(task: GroundTask, row: np.ndarray, ops: list[int], goal: tuple[GroundAtom, ...]
             ) -> tuple[np.ndarray, list[int]]:
    """The walk ``ops`` from ``row`` cut after its last state where ``goal`` still holds: atoms added from
    there join a goal that can hold at once (a walk that moved the drone away would otherwise ask for it
    in two places, a candidate only a search could prove unsolvable)."""
    wanted = [task.fact_ids[f] for f in goal if f in task.fact_ids]
    kept, steps = row, 0
    state = task.unpack(row[None, :])
    for i, op in enumerate(ops):
        row = task.successors(row[None, :], state, np.array([0]), np.array([op]))[0]
        state = task.unpack(row[None, :])
        if state[0, wanted].all():
            kept, steps = row, i + 1
    return kept, ops[:steps]


def _sample(facts: Iterable[GroundAtom], k: int, rng: np.random.Generator) -> tuple[GroundAtom, ...]:
    pool = sorted(facts)
    if not pool:
        return ()
    picked = rng.choice(len(pool), size=min(k, len(pool)), replace=False)
    return tuple(sorted(pool[i] for i in picked))


def easier(spec: TaskSpec, plan: tuple[GroundAction, ...], task: GroundTask, rng: np.random.Generator
           ) -> list[TaskSpec]:
    out: list[TaskSpec] = []
    if len(spec.goal) > 1:
        drop = int(rng.integers(len(spec.goal)))
        out.append(replace(spec, goal=spec.goal[:drop] + spec.goal[drop + 1:], origin=Origin("drop-goal", "easier"),
                           witness=plan))
    if len(plan) > 1:
        middle = _replay(task, spec.init, plan[:len(plan) // 2])
        if middle is not None:
            reached = spec.goal_facts(set(task.state_atoms(middle)) - set(spec.init))
            goal = _sample(reached, max(1, len(spec.goal) - 1), rng)
            if goal:
                out.append(replace(spec, goal=goal, origin=Origin("subgoal", "easier"), witness=plan[:len(plan) // 2]))
    out.extend(later_start(spec, plan, task))
    mentioned = {arg for fact in spec.goal for arg in fact.args}
    spare = [o for o in spec.objects if o.name not in mentioned]
    if spare:
        gone = spare[int(rng.integers(len(spare)))].name
        keeps = tuple(f for f in spec.init if gone not in f.args)
        out.append(replace(spec, objects=tuple(o for o in spec.objects if o.name != gone), init=keeps,
                           origin=Origin("drop-object", "easier"), witness=()))
    return out


def harder(spec: TaskSpec, plan: tuple[GroundAction, ...], task: GroundTask, rng: np.random.Generator,
           invariants: Invariants | None = None, seed_objects: frozenset[str] | None = None) -> list[TaskSpec]:
    out: list[TaskSpec] = []
    end = _replay(task, spec.init, plan)
    if end is not None:
        deep = deeper(spec, plan, task, end, rng)
        if deep is not None:
            out.append(deep)
        _further, ops = random_walk(task, end, max(2, len(plan)), rng)
        further, ops = _keeping(task, end, ops, spec.goal)
        extra = spec.goal_facts(set(task.state_atoms(further)) - set(spec.init) - set(spec.goal))
        added = _sample(extra, 1 + int(rng.integers(2)), rng)
        if added:
            out.append(replace(spec, goal=tuple(sorted(set(spec.goal) | set(added))),
                               origin=Origin("more-goals", "harder"), witness=plan + tuple(task.plan_steps(ops))))
    start = _replay(task, spec.init, ())
    if start is not None:
        far, ops = random_walk(task, start, 2 * max(2, len(plan)), rng)
        changed = spec.goal_facts(set(task.state_atoms(far)) - set(spec.init))
        goal = _sample(changed, len(spec.goal) + 1, rng)
        if goal:
            out.append(replace(spec, goal=goal, origin=Origin("longer-walk", "harder"),
                               witness=tuple(task.plan_steps(ops))))
        other, _ops = random_walk(task, start, max(2, len(plan)), rng)
        elsewhere = spec.goal_facts(set(task.state_atoms(other)) - set(spec.init) - set(spec.goal))
        if invariants is not None:  # an atom the goal's own atoms exclude (the car parked elsewhere) makes a goal
            elsewhere = {a for a in elsewhere  # no state has: no search could prove that within its budget
                         if not _clash(invariants, [a], spec.goal, spec.init)}
        joined = _sample(elsewhere, max(1, len(spec.goal) // 2), rng)
        if joined:
            out.append(replace(spec, goal=tuple(sorted(set(spec.goal) | set(joined))),
                               origin=Origin("interacting", "harder"), witness=()))
    schema_goal = more_schema_goals(spec, task, rng)
    if schema_goal is not None:
        out.append(schema_goal)
    twin = more_objects(spec, rng, invariants, seed_objects) if invariants is not None else None
    if twin is not None:
        out.append(twin)
    return out


def more_objects(spec: TaskSpec, rng: np.random.Generator, invariants: Invariants,
                 seed_objects: frozenset[str] | None = None) -> TaskSpec | None:
    """``spec`` with a twin of one object its goal mentions (tried in a random order): a fresh name like its
    siblings' (``fresh_name``), a copy of every initial fact, static fact and cost that mentions the object, and
    a copy of every goal atom that does. Only an object some initial fact places is twinned: one with no state
    (a cocktail recipe in barman) would get a goal that asks the same shot to hold two drinks. A twin whose
    copied facts the domain's invariants or the parent's single-valued slots (``Slots``) rule out beside the
    originals is not made; nor one past ``MAX_INVENTED`` objects beyond ``seed_objects``. None when no object
    of the goal can be twinned consistently."""
    names = {o.name for o in spec.objects}
    if seed_objects is not None and len(names - seed_objects) >= MAX_INVENTED:
        return None
    taken = names | {a for fact in spec.init + spec.goal for a in fact.args} | \
        {t.name for item in spec.static for t in _static_args(item)}
    placed = {a for fact in spec.init for a in fact.args}  # a thing with a state of its own (a parcel, a car)
    candidates = sorted({a for fact in spec.goal for a in fact.args if a in names and a in placed})
    slots = Slots.of(spec.init, spec.objects)
    for i in rng.permutation(len(candidates)).tolist():
        original = candidates[i]
        kind = next(o for o in spec.objects if o.name == original)
        twin = fresh_name(kind.types, [o.name for o in spec.objects if o.types == kind.types], taken)
        init = [_renamed(f, original, twin) for f in spec.init if original in f.args]
        goal = [_renamed(f, original, twin) for f in spec.goal if original in f.args]
        if not (slots.keeps(spec.init, init) and slots.keeps(spec.goal, goal)):
            continue
        if _clash(invariants, init, spec.init, spec.init) or _clash(invariants, goal, spec.goal, spec.init):
            continue
        static = tuple(_renamed_static(item, original, twin) for item in spec.static
                       if original in {t.name for t in _static_args(item)})
        return replace(spec, objects=spec.objects + (replace(kind, name=twin),),
                       init=tuple(sorted(set(spec.init) | set(init))), goal=tuple(sorted(set(spec.goal) | set(goal))),
                       static=spec.static + static, origin=Origin("more-objects", "harder"), witness=())
    return None


def fresh_name(types: tuple[str, ...], siblings: list[str], taken: set[str]) -> str:
    """A new object's name: the stem its numbered siblings share, numbered one past the highest of them
    (``plant3`` beside ``plant1``, ``plant2``), else its type's name numbered (``parcel1``): never a suffix on
    a name that is a copy already. The first number not ``taken`` from there."""
    numbered = [m for m in map(_NUMBERED.match, siblings) if m]
    stems = Counter((m.group(1), m.group(2)) for m in numbered)
    if stems:
        (stem, sep), _ = min(stems.items(), key=lambda kv: (-kv[1], kv[0]))
        number = 1 + max(int(m.group(3)) for m in numbered if (m.group(1), m.group(2)) == (stem, sep))
    else:
        stem, sep = re.sub(r"[^A-Za-z_-]", "", types[0] if types else "") or "object", ""
        number = 1
    while f"{stem}{sep}{number}" in taken:
        number += 1
    return f"{stem}{sep}{number}"


class Slots:
    """The single-valued slots of a state: (predicate, position) pairs where every object of the types found
    there appears in exactly one atom (a parcel ``at`` one place, a drone at one battery level). A state the
    domain's actions make keeps them wherever its invariants do, so an invented object that would give a
    parcel two places, or a goal asking for that, does not mirror the states the task came from; the balance
    test of compiler/invariants.py cannot prove every such slot (a drafted ``load`` that forgets to delete
    ``at``), so the state itself is read. A slot needs two objects of its types to be read as one: a lone cart
    holding one book says nothing about how many a cart may hold."""

    def __init__(self, single: set[tuple[str, int]]) -> None:
        self.single = single

    @classmethod
    def of(cls, state: tuple[GroundAtom, ...], objects: tuple[ast.TypedName, ...]) -> Slots:
        type_of = {o.name: o.types for o in objects}
        values: dict[tuple[str, int], Counter[str]] = defaultdict(Counter)
        for fact in state:
            for i, arg in enumerate(fact.args):
                values[(fact.predicate, i)][arg] += 1
        single = set()
        for slot, counts in values.items():
            kinds = {type_of.get(v) for v in counts}
            every = [o.name for o in objects if o.types in kinds]
            if None not in kinds and len(every) > 1 and all(counts[name] == 1 for name in every):
                single.add(slot)
        return cls(single)

    def keeps(self, facts: tuple[GroundAtom, ...], copies: list[GroundAtom]) -> bool:
        """Whether ``copies`` beside ``facts`` leave every single-valued slot with at most one atom per value."""
        seen = {(f.predicate, i, a) for f in facts for i, a in enumerate(f.args) if (f.predicate, i) in self.single}
        for copy in copies:
            for i, arg in enumerate(copy.args):
                if (copy.predicate, i) in self.single:
                    if (copy.predicate, i, arg) in seen:
                        return False
                    seen.add((copy.predicate, i, arg))
        return True


def deeper(spec: TaskSpec, plan: tuple[GroundAction, ...], task: GroundTask, end: np.ndarray,
           rng: np.random.Generator) -> TaskSpec | None:
    """``spec`` with one more goal atom at the end of a causal chain: walking on from the goal state (as far as
    the goal keeps holding), the atom made by the step with the longest chain of earlier walk steps each
    making true a precondition of the next (an object fetched, then prepared, then delivered), not one an
    independent step ticks off; of a goal from the seed's schemas, only an instance of them (``goal_facts``).
    None when no step of the walk needs an earlier one."""
    _further, ops = random_walk(task, end, max(4, 2 * len(plan)), rng)
    _kept, ops = _keeping(task, end, ops, spec.goal)
    row = end[None, :]
    states = [task.unpack(row)[0]]
    for op in ops:
        row = task.successors(row, states[-1][None, :], np.array([0]), np.array([op]))
        states.append(task.unpack(row)[0])
    depth: list[int] = []
    for k, op in enumerate(ops):
        needs = task.pre_idx[op]
        links = [depth[j] for j in range(k) if (states[j + 1] & ~states[j])[needs].any()
                 and all(states[m][needs][(states[j + 1] & ~states[j])[needs]].all() for m in range(j + 1, k + 1))]
        depth.append(1 + max(links, default=0))
    known = set(spec.init) | set(spec.goal)
    for k in sorted(range(len(ops)), key=lambda k: (-depth[k], k)):
        if depth[k] < 2:
            break
        made = spec.goal_facts(f for f in task.state_atoms(pack(states[k + 1][None, :], task.n_words)[0])
                               if f not in known and not states[k][task.fact_ids[f]])
        if made:
            goal = made[int(rng.integers(len(made)))]
            return replace(spec, goal=tuple(sorted(set(spec.goal) | {goal})), origin=Origin("deeper", "harder"),
                           witness=plan + tuple(task.plan_steps(ops[:k + 1])))
    return None


def _clash(invariants: Invariants, copies: list[GroundAtom], facts: tuple[GroundAtom, ...],
           state: tuple[GroundAtom, ...]) -> bool:
    """Whether a copied fact cannot hold beside one of ``facts`` (the originals) or another copy: a balanced
    group rules the pair out and the parent's initial ``state`` satisfies it (so every state reachable
    from there does; a group the state breaks, like "one ball in all" with four balls, proves nothing)."""
    keys = [(f.predicate, f.args) for f in copies]
    others = [(f.predicate, f.args) for f in facts]
    atoms = [(f.predicate, f.args) for f in state]
    return any(holds(group, atoms) for j, c in enumerate(keys) for o in others + keys[j + 1:]
               for group in invariants.proofs(c, o))


def _renamed(fact: GroundAtom, old: str, new: str) -> GroundAtom:
    return GroundAtom(fact.predicate, tuple(new if a == old else a for a in fact.args))


def _static_args(item: ast.Atom | ast.FunctionValue) -> tuple[ast.Term, ...]:
    return item.function.args if isinstance(item, ast.FunctionValue) else item.args


def _renamed_static(item: ast.Atom | ast.FunctionValue, old: str, new: str) -> ast.Atom | ast.FunctionValue:
    def term(t: ast.Term) -> ast.Term:
        return ast.Constant(new) if getattr(t, "name", None) == old else t

    if isinstance(item, ast.FunctionValue):
        function = replace(item.function, args=tuple(term(t) for t in item.function.args))
        return replace(item, function=function)
    return replace(item, args=tuple(term(t) for t in item.args))


def select_even(items: list[T], difficulty: Callable[[T], int], lo: int, hi: int, n: int) -> list[T]:
    """Up to ``n`` items with difficulty in [lo, hi], taken round-robin from the difficulty buckets
    (the order within a bucket is the given order), so the histogram is as flat as the pool allows; the rounds
    go up the levels and down in turn. A round with fewer places left than levels to take from takes levels spread
    evenly over them, ends included: twelve tasks from levels 9..36 span 9..36, not 9..20."""
    buckets: dict[int, list[T]] = defaultdict(list)
    for item in items:
        d = difficulty(item)
        if lo <= d <= hi:
            buckets[d].append(item)
    chosen: list[T] = []
    levels = sorted(buckets)
    depth = 0
    while len(chosen) < n and any(depth < len(buckets[d]) for d in levels):
        ready = spread([d for d in levels if depth < len(buckets[d])], n - len(chosen))
        chosen += [buckets[d][depth] for d in (ready if depth % 2 == 0 else ready[::-1])]
        depth += 1
    return chosen


def spread(levels: list[int], k: int) -> list[int]:
    """``levels`` (sorted) if there are at most ``k``, else ``k`` of them evenly spaced, the first and last included
    (the middle one for ``k`` = 1)."""
    if len(levels) <= k:
        return levels
    if k == 1:
        return [levels[len(levels) // 2]]
    return [levels[round(i * (len(levels) - 1) / (k - 1))] for i in range(k)]
