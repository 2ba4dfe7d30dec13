"""Bi-Evol's moves: a task's easier and harder variants, and an even pick over difficulty.

Easier: drop a goal atom, aim at a subgoal halfway along the gold plan, drop an object the
goal does not need. Harder: add goal atoms reached by walking on from the goal state,
walk twice as far from the start, join the goal with one reached by an independent walk (two
subgoals that must be reached together and may interfere). Every variant is solved and
validated by the caller before it counts; nothing here assumes a variant's difficulty.

Each call takes its own random stream (``unit_rng``), derived from the seed and the unit of
work, so a variant depends only on its parent, the options and that stream.
"""

from __future__ import annotations

import zlib
from collections import defaultdict
from dataclasses import replace
from typing import Callable, Iterable, TypeVar

import numpy as np

from agentgen_sym.compiler.task import GroundAction, GroundAtom, GroundTask, pack

from .tasks import TaskSpec, random_walk

T = TypeVar("T")

DIRECTIONS = ("easier", "harder")


def unit_rng(seed: int, *unit: int | str) -> np.random.Generator:
    """An independent random stream for one unit of work (a domain, a seed task, a round, a direction):
    units never share a generator, so farming them out or reordering them changes nothing."""
    words = [seed % 2 ** 63] + [zlib.crc32(u.encode()) if isinstance(u, str) else u % 2 ** 63 for u in unit]
    return np.random.default_rng(words)


def variants(direction: str, spec: TaskSpec, plan: tuple[GroundAction, ...], task: GroundTask,
             rng: np.random.Generator) -> list[TaskSpec]:
    """One round of Bi-Evol from ``spec`` in ``direction`` ("easier" or "harder")."""
    return easier(spec, plan, task, rng) if direction == "easier" else harder(spec, plan, task, rng)


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
        out.append(replace(spec, goal=spec.goal[:drop] + spec.goal[drop + 1:], origin="easier:drop-goal"))
    if len(plan) > 1:
        middle = _replay(task, spec.init, plan[:len(plan) // 2])
        if middle is not None:
            reached = set(task.state_atoms(middle)) - set(spec.init)
            goal = _sample(reached, max(1, len(spec.goal) - 1), rng)
            if goal:
                out.append(replace(spec, goal=goal, origin="easier:subgoal"))
    mentioned = {arg for fact in spec.goal for arg in fact.args}
    spare = [o for o in spec.objects if o.name not in mentioned]
    if spare:
        gone = spare[int(rng.integers(len(spare)))].name
        keeps = tuple(f for f in spec.init if gone not in f.args)
        out.append(replace(spec, objects=tuple(o for o in spec.objects if o.name != gone), init=keeps,
                           origin="easier:drop-object"))
    return out


def harder(spec: TaskSpec, plan: tuple[GroundAction, ...], task: GroundTask, rng: np.random.Generator
           ) -> list[TaskSpec]:
    out: list[TaskSpec] = []
    end = _replay(task, spec.init, plan)
    if end is not None:
        further, _ops = random_walk(task, end, max(2, len(plan)), rng)
        extra = set(task.state_atoms(further)) - set(spec.init) - set(spec.goal)
        added = _sample(extra, 1 + int(rng.integers(2)), rng)
        if added:
            out.append(replace(spec, goal=tuple(sorted(set(spec.goal) | set(added))), origin="harder:more-goals"))
    start = _replay(task, spec.init, ())
    if start is not None:
        far, _ops = random_walk(task, start, 2 * max(2, len(plan)), rng)
        changed = set(task.state_atoms(far)) - set(spec.init)
        goal = _sample(changed, len(spec.goal) + 1, rng)
        if goal:
            out.append(replace(spec, goal=goal, origin="harder:longer-walk"))
        other, _ops = random_walk(task, start, max(2, len(plan)), rng)
        elsewhere = set(task.state_atoms(other)) - set(spec.init) - set(spec.goal)
        joined = _sample(elsewhere, max(1, len(spec.goal) // 2), rng)
        if joined:
            out.append(replace(spec, goal=tuple(sorted(set(spec.goal) | set(joined))), origin="harder:interacting"))
    return out


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
