"""Task generation's units of work: what a worker does for the driver, on any executor.

Measuring candidates is the expensive part, and a candidate's measurement depends on nothing but the
candidate (budgets are expansions), so it is a unit of work (``measure_candidates``). A Bi-Evol round's
variants are made in units too (``make_variants``: each chain's parents on their groundings, with the chain's
own random stream), which also give each variant's dedup key and, for one its parent's grounding does not
hold, a grounding made for it, so the driver (pool.py) only compares and places them; a candidate's grounding
goes with it to the unit that measures it. A unit's result depends on its inputs and the seed only.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from functools import lru_cache

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.invariants import Invariants
from agentgen_sym.compiler.task import GroundAction, GroundAtom
from agentgen_sym.executor import share_by_type
from agentgen_sym.generation.dedup import near_key, task_key
from agentgen_sym.generation.evolve import unit_rng, variants
from agentgen_sym.generation.grounding import Grounding, Recipe, Ungroundable, compile_on, holds_on, made_grounding
from agentgen_sym.generation.measure import Budgets, Measurement, Stopwatch, measure_task
from agentgen_sym.generation.tasks import TaskSpec, plan_end

share_by_type(Grounding)  # a grounding goes with every unit measuring a candidate placed on it

CACHED_INVARIANTS = 64
"""Domains whose invariants a process keeps (a worker serves many domains), as for groundings."""


@dataclass(frozen=True)
class Outcome:
    """A candidate's measurement or why there is none, with the seconds per stage and the events it took, and
    for a measured one its ``near_key`` (dedup.py), which the driver compares with the tasks kept before."""

    result: Measurement | str
    seconds: dict[str, float]
    events: dict[str, int]
    near: str | None = None


def measure_candidates(domain: ast.Domain, budgets: Budgets, cap: int | None,
                       candidates: list[tuple[Recipe, Grounding | None, TaskSpec, str]]) -> list[Outcome]:
    """A unit of work, in any worker: each candidate measured on the grounding its recipe names (sent along,
    or None: made here when this process has not kept it)."""
    outcomes = []
    for recipe, made, spec, name in candidates:
        watch = Stopwatch()
        with watch.stage("ground"):
            compiled = compile_on(domain, recipe, spec, name, made)
        result = measure_task(compiled, budgets, watch, cap, spec.witness, spec.carried)
        near = None
        if isinstance(result, Measurement):
            with watch.stage("dedup"):
                end = plan_end(compiled.ground, result.plan)
                near = None if end is None else near_key(spec, result.plan, compiled.ground.state_atoms(end))
        outcomes.append(Outcome(result, dict(watch.seconds), dict(watch.events), near))
    return outcomes


@dataclass(frozen=True)
class Variant:
    """A Bi-Evol variant with what its admission needs: its dedup key and, when not even its parent's grounding
    holds it, a grounding made for it or why none can be (key and grounding None: a variant that cannot be
    admitted)."""

    spec: TaskSpec
    key: str | None
    made: Grounding | Ungroundable | None


def make_variants(domain: ast.Domain, seed: int, round_no: int, seed_objects: frozenset[str] | None,
                  chains: list[tuple[tuple[int, str], list[tuple[Recipe, Grounding | None, TaskSpec, str,
                                                                  tuple[GroundAction, ...]]]]]
                  ) -> list[tuple[list[list[Variant]], float]]:
    """A unit of work, in any worker: one Bi-Evol round of each chain (its seed task's order and direction),
    from each of its parents in turn (on the grounding its recipe names, sent along or None as for
    ``measure_candidates``, with the plan it was measured with), the chain's random stream derived from the
    seed and the round (``seed_objects``, the seed problem's, caps the objects a variant invents); per chain,
    each parent's variants and the seconds taken. The driver's admission then
    only compares and places."""
    invariants = domain_invariants(domain)
    per_chain = []
    for (root_order, direction), parents in chains:
        started = time.perf_counter()
        rng = unit_rng(seed, domain.name, root_order, round_no, direction)
        per_parent = []
        for recipe, grounding, spec, name, plan in parents:
            own = compile_on(domain, recipe, spec, name, grounding).ground
            specs = [replace(v, parent=None) for v in variants(direction, spec, plan, own, rng, invariants,
                                                                 seed_objects)]
            per_parent.append([_prepared(domain, recipe, own.fact_ids, v) for v in specs])
        per_chain.append((per_parent, time.perf_counter() - started))
    return per_chain


def _prepared(domain: ast.Domain, recipe: Recipe, ids: dict[GroundAtom, int], spec: TaskSpec) -> Variant:
    if not admissible(domain, spec):
        return Variant(spec, None, None)
    return Variant(spec, task_key(spec), None if holds_on(recipe, ids, spec) else made_grounding(domain, spec))


def admissible(domain: ast.Domain, spec: TaskSpec) -> bool:
    """Whether a candidate can be a task: a goal, and only objects it declares (or the domain's constants)."""
    declared = {o.name for o in spec.objects} | {c.name for c in domain.constants}
    mentioned = {arg for fact in spec.init + spec.goal + spec.negative for arg in fact.args}
    return bool(spec.goal or spec.negative) and mentioned <= declared


def made_groundings(domain: ast.Domain, specs: list[TaskSpec]) -> list[Grounding | Ungroundable]:
    """A unit of work, in any worker: a grounding made for each spec (or why none can be)."""
    return [made_grounding(domain, spec) for spec in specs]


@lru_cache(maxsize=CACHED_INVARIANTS)
def domain_invariants(domain: ast.Domain) -> Invariants:
    """The domain's invariants, once per process (their verdicts are cached inside as they are proved)."""
    return Invariants(domain)
