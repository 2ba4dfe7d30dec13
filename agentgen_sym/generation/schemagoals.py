"""Goals drawn from the seed goal's schemas where no walk reaches them, for seed tasks and Bi-Evol alike, and
the Bi-Evol moves that keep such a goal's intent (more instances; the same goal from further along the plan).

A random walk seldom strings together the fetch, the ride and the shelving a shelved book takes, so a goal
of schema instances is also drawn from the facts the grounding found reachable. Such a goal has no witness:
the measurement's search solves it or shows it unsolvable, and only a verified task is kept.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import replace

import numpy as np

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.task import GroundAtom, GroundTask
from agentgen_sym.generation.schemas import SeedGoals
from agentgen_sym.generation.tasks import TaskSpec, plan_end
from agentgen_sym.taskset import Origin

Literal = tuple[GroundAtom, bool]

LATER_STARTS = 3
"""Easier variants ``later_start`` makes per parent: cuts of the plan at different points fill different levels."""


def sample_instances(facts: Iterable[GroundAtom], start: Collection[GroundAtom], seed_goals: SeedGoals,
                     objects: Iterable[ast.TypedName], k: int, rng: np.random.Generator,
                     used: Collection[str] = ()) -> list[Literal]:
    """Up to ``k`` schema instances (fact, sign) to ask for from state ``start``: a positive schema's among
    ``facts`` (the reachable ones) false there, a negative schema's true there; no two about the same subject
    (``subject``), nor one about a subject in ``used``: two places for one parcel are never asked for together,
    two parcels at home are."""
    objects = tuple(objects)
    made = seed_goals.instances(sorted(f for f in facts if f not in start), objects)
    gone = seed_goals.instances(sorted(start), objects, positive=False)
    pool = [(f, True) for f in made] + [(f, False) for f in gone]
    picked: list[Literal] = []
    taken = set(used)
    for i in rng.permutation(len(pool)).tolist() if pool else ():
        fact, positive = pool[i]
        if subject(fact) not in taken:
            picked.append((fact, positive))
            taken.add(subject(fact))
            if len(picked) >= k:
                break
    return picked


def subject(fact: GroundAtom) -> str:
    """What a goal fact is about: its first object (a parcel's place, a plant's state), or its predicate when
    it has none."""
    return fact.args[0] if fact.args else str(fact)


def with_literals(spec: TaskSpec, picked: list[Literal]) -> tuple[tuple[GroundAtom, ...], tuple[GroundAtom, ...]]:
    """``spec``'s goal and negative goal with ``picked`` added, sorted."""
    goal = tuple(sorted(set(spec.goal) | {f for f, positive in picked if positive}))
    negative = tuple(sorted(set(spec.negative) | {f for f, positive in picked if not positive}))
    return goal, negative


def more_schema_goals(spec: TaskSpec, task: GroundTask, rng: np.random.Generator) -> TaskSpec | None:
    """A harder Bi-Evol variant of a task whose goal comes from the seed's schemas: one or two more instances,
    on objects its goal does not mention yet (another plant to water, another parcel to deliver); None for a
    goal of another source or when no instance is left."""
    if spec.goal_source != "schema" or spec.schemas is None:
        return None
    used = {subject(fact) for fact in spec.goal + spec.negative}
    picked = sample_instances(task.facts, set(spec.init), spec.schemas, spec.objects, 1,
                              rng, used)
    if not picked:
        return None
    goal, negative = with_literals(spec, picked)
    return replace(spec, goal=goal, negative=negative, origin=Origin("schema-goal", "harder"), witness=())


def later_start(spec: TaskSpec, plan: tuple, task: GroundTask) -> list[TaskSpec]:
    """Easier Bi-Evol variants of a task whose goal comes from the seed's schemas: the same goal from states
    part of the way along its gold ``plan`` (on ``task``, grounded on ``spec``; up to LATER_STARTS cuts, evenly
    spread), the rest of the plan the witness: dropping or swapping goal facts, as the other easier moves do,
    would lose the goal's intent. None for a goal of another source or a plan too short to split."""
    if spec.goal_source != "schema" or len(plan) < 2:
        return []
    step = len(plan) / (LATER_STARTS + 1)  # cuts spread along the plan: the variants fill the levels below it
    cuts = sorted({min(len(plan) - 1, max(1, round(step * i))) for i in range(1, LATER_STARTS + 1)})
    out = []
    for cut in cuts:
        middle = plan_end(task, plan[:cut])
        if middle is not None:
            out.append(replace(spec, init=task.state_atoms(middle), origin=Origin("later-start", "easier"),
                               witness=plan[cut:]))
    return out
