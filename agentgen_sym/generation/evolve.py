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
"""

from __future__ import annotations

import zlib
from collections import defaultdict
from dataclasses import replace
from typing import Callable, Iterable, TypeVar

import numpy as np

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.invariants import Invariants, holds
from agentgen_sym.compiler.task import GroundAction, GroundAtom, GroundTask, pack
from agentgen_sym.generation.tasks import TaskSpec, random_walk
from agentgen_sym.taskset import Origin

T = TypeVar("T")


def unit_rng(seed: int, *unit: int | str) -> np.random.Generator:
    """An independent random stream for one unit of work (a domain, a seed task, a round, a direction):
    units never share a generator, so farming them out or reordering them changes nothing."""
    words = [seed % 2 ** 63] + [zlib.crc32(u.encode()) if isinstance(u, str) else u % 2 ** 63 for u in unit]
    return np.random.default_rng(words)


def variants(direction: str, spec: TaskSpec, plan: tuple[GroundAction, ...], task: GroundTask,
             rng: np.random.Generator, invariants: Invariants | None = None) -> list[TaskSpec]:
    """One round of Bi-Evol from ``spec`` in ``direction`` ("easier" or "harder"); ``task`` is grounded on
    ``spec``'s objects; without ``invariants`` (the domain's) no object is added."""
    return easier(spec, plan, task, rng) if direction == "easier" else harder(spec, plan, task, rng, invariants)


def _replay(task: GroundTask, init: tuple[GroundAtom, ...], plan: tuple[GroundAction, ...]) -> np.ndarray | None:
    """The state after ``plan`` from ``init`` on the seed's GroundTask (None if a step does not apply)."""
    index = task.fact_ids
    bits = np.zeros((1, task.n_bits), dtype=bool)
    bits[0, [index[f] for f in init if f in index]] = True
    bits[0, task.true_fact] = True
    row = pack(bits, task.n_words)[0]
    for step in plan:
        state = task.unpack(row[None, :])
        ok = task.applicable(state)[0]
        op = next((o for o in task.action_ops.get(step, ()) if ok[o]), None)
        if op is None:
            return None
        row = task.successors(row[None, :], state, np.array([0]), np.array([op]))[0]
    return row


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
            reached = set(task.state_atoms(middle)) - set(spec.init)
            goal = _sample(reached, max(1, len(spec.goal) - 1), rng)
            if goal:
                out.append(replace(spec, goal=goal, origin=Origin("subgoal", "easier"), witness=plan[:len(plan) // 2]))
    mentioned = {arg for fact in spec.goal for arg in fact.args}
    spare = [o for o in spec.objects if o.name not in mentioned]
    if spare:
        gone = spare[int(rng.integers(len(spare)))].name
        keeps = tuple(f for f in spec.init if gone not in f.args)
        out.append(replace(spec, objects=tuple(o for o in spec.objects if o.name != gone), init=keeps,
                           origin=Origin("drop-object", "easier"), witness=()))
    return out


def harder(spec: TaskSpec, plan: tuple[GroundAction, ...], task: GroundTask, rng: np.random.Generator,
           invariants: Invariants | None = None) -> list[TaskSpec]:
    out: list[TaskSpec] = []
    end = _replay(task, spec.init, plan)
    if end is not None:
        _further, ops = random_walk(task, end, max(2, len(plan)), rng)
        further, ops = _keeping(task, end, ops, spec.goal)
        extra = set(task.state_atoms(further)) - set(spec.init) - set(spec.goal)
        added = _sample(extra, 1 + int(rng.integers(2)), rng)
        if added:
            out.append(replace(spec, goal=tuple(sorted(set(spec.goal) | set(added))),
                               origin=Origin("more-goals", "harder"), witness=plan + tuple(task.plan_steps(ops))))
    start = _replay(task, spec.init, ())
    if start is not None:
        far, ops = random_walk(task, start, 2 * max(2, len(plan)), rng)
        changed = set(task.state_atoms(far)) - set(spec.init)
        goal = _sample(changed, len(spec.goal) + 1, rng)
        if goal:
            out.append(replace(spec, goal=goal, origin=Origin("longer-walk", "harder"),
                               witness=tuple(task.plan_steps(ops))))
        other, _ops = random_walk(task, start, max(2, len(plan)), rng)
        elsewhere = set(task.state_atoms(other)) - set(spec.init) - set(spec.goal)
        if invariants is not None:  # an atom the goal's own atoms exclude (the car parked elsewhere) makes a goal
            elsewhere = {a for a in elsewhere  # no state has: no search could prove that within its budget
                         if not _clash(invariants, [a], spec.goal, spec.init)}
        joined = _sample(elsewhere, max(1, len(spec.goal) // 2), rng)
        if joined:
            out.append(replace(spec, goal=tuple(sorted(set(spec.goal) | set(joined))),
                               origin=Origin("interacting", "harder"), witness=()))
    twin = more_objects(spec, rng, invariants) if invariants is not None else None
    if twin is not None:
        out.append(twin)
    return out


def more_objects(spec: TaskSpec, rng: np.random.Generator, invariants: Invariants) -> TaskSpec | None:
    """``spec`` with a twin of one object its goal mentions (tried in a random order): a fresh name of the
    same type, a copy of every initial fact, static fact and cost that mentions the object, and a copy of
    every goal atom that does. Only an object some initial fact places is twinned: one with no state (a
    cocktail recipe in barman) would get a goal that asks the same shot to hold two drinks. None when no
    object of the goal can be twinned consistently."""
    names = {o.name for o in spec.objects}
    taken = names | {a for fact in spec.init + spec.goal for a in fact.args} | \
        {t.name for item in spec.static for t in _static_args(item)}
    placed = {a for fact in spec.init for a in fact.args}  # a thing with a state of its own (a parcel, a car)
    candidates = sorted({a for fact in spec.goal for a in fact.args if a in names and a in placed})
    for i in rng.permutation(len(candidates)).tolist():
        original = candidates[i]
        twin = next(f"{original}-{k}" for k in range(2, len(taken) + 3) if f"{original}-{k}" not in taken)
        init = [_renamed(f, original, twin) for f in spec.init if original in f.args]
        goal = [_renamed(f, original, twin) for f in spec.goal if original in f.args]
        if _clash(invariants, init, spec.init, spec.init) or _clash(invariants, goal, spec.goal, spec.init):
            continue
        kind = next(o for o in spec.objects if o.name == original)
        static = tuple(_renamed_static(item, original, twin) for item in spec.static
                       if original in {t.name for t in _static_args(item)})
        return replace(spec, objects=spec.objects + (replace(kind, name=twin),),
                       init=tuple(sorted(set(spec.init) | set(init))), goal=tuple(sorted(set(spec.goal) | set(goal))),
                       static=spec.static + static, origin=Origin("more-objects", "harder"), witness=())
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
    (the order within a bucket is the given order), so the histogram is as flat as the pool allows."""
    buckets: dict[int, list[T]] = defaultdict(list)
    for item in items:
        d = difficulty(item)
        if lo <= d <= hi:
            buckets[d].append(item)
    chosen: list[T] = []
    levels = sorted(buckets)
    depth = 0
    while len(chosen) < n and any(depth < len(buckets[d]) for d in levels):
        for d in levels:
            if depth < len(buckets[d]) and len(chosen) < n:
                chosen.append(buckets[d][depth])
        depth += 1
    return chosen
