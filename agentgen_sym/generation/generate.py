"""Generate a graded task set for a checked domain from one seed problem, with no LLM.

Goals come from states reached by random walks (facts that became true, never ones true
at the start), initial states from walks too, so every candidate is solvable by
construction; still, each is solved and validated before it is kept, and duplicates up to
object renaming are dropped. Bi-Evol then runs in rounds both ways from every seed task
(``TaskPool.evolve``), and the final set is picked for an even difficulty histogram over the
requested range, Bi-Evol's variants first; every task keeps its lineage back to its seed task.

Measuring candidates is the expensive part, and a candidate's measurement depends on nothing but the
candidate (budgets are expansions), so it is a unit of work for an executor (``measure_candidates``):
the pool's walks and Bi-Evol rounds are coroutines that yield a batch of candidates and are sent their
measurements, while the walks, deduplicating, grounding choices and bookkeeping stay in the driver, in one
fixed order (``generate_job``/``evolve_job``; ``agentgen_sym.executor.drive`` runs several at once). A
Bi-Evol round's variants are made in units too (``make_variants``: each chain's parents on their
groundings, with the chain's own random stream), which also give each variant's dedup key and, for one
its parent's grounding does not hold, a grounding made for it, so the driver only compares and places
them; a candidate's grounding goes with it to the unit that measures it. The tasks are the
same on one worker, on many, and under Ray.

``generate_tasks`` and ``evolve_tasks`` return a TaskSet in memory; ``write_tasks`` writes it as
a folder (the TASKS_DIR that `export` reads), and ``generate``/``evolve`` do both:
  domain.pddl, templates.json (when the domain has one), tasks/<id>.pddl,
  tasks.jsonl (one record per task: figures, plan, provenance and lineage, seed), report.md, difficulty.png
(files of an earlier set in the same folder are removed).
Every random choice follows ``seed``, so the same seed gives byte-identical files.
"""

from __future__ import annotations

import io
import json
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Generator

import numpy as np

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import static_predicates
from agentgen_sym.compiler.ground import GroundingError
from agentgen_sym.compiler.invariants import Invariants
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.compiler.task import GroundAction, GroundAtom
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.export.tasks import DOMAIN_FILE, BadEntry, ExportError
from agentgen_sym.executor import SERIAL, Batch, ExecutorOptions, Job, drive, make_executor
from agentgen_sym.export.tasks import read_tasks as read_entries
from agentgen_sym.files import inside, remove_dead_temporaries, write_atomic
from agentgen_sym.joblimits import shielded

from .dedup import Deduplicator, task_key
from .evolve import DIRECTIONS, select_even, unit_rng, variants
from .grounding import Grounding, Groundings, Recipe, Ungroundable, compile_on, holds_on, made_grounding
from .measure import OVER_BUDGET, Budgets, Measurement, Stopwatch, measure_task
from .tasks import TaskSpec, random_walk, seed_statics

MAX_WALK = 24
MAX_GOAL_ATOMS = 4

PATIENCE = 2

CACHED_INVARIANTS = 64
"""Domains whose invariants a process keeps (a worker serves many domains), as for groundings."""

WORK_NOTE = " (fewer on a task of many ground operators: --optimal-work, --satisficing-work)"

ProgressFn = Callable[[int, int, str], None]
"""Called as ``progress(done, total, note)`` with units of work done of a known total."""


@dataclass(frozen=True)
class EvolveOptions:
    """Bi-Evol's budget: rounds per seed task and direction, and variants carried on per chain."""

    rounds: int = 4
    width: int = 2
    budgets: Budgets = Budgets()

    def key(self) -> dict[str, int]:
        return {"rounds": self.rounds, "width": self.width, **self.budgets.key()}


@dataclass(frozen=True)
class Outcome:
    """A candidate's measurement or why there is none, with the seconds per stage and the events it took."""

    result: Measurement | str
    seconds: dict[str, float]
    events: dict[str, int]


def measure_candidates(domain: ast.Domain, budgets: Budgets, cap: int | None,
                       candidates: list[tuple[Recipe, Grounding | None, TaskSpec, str]]) -> list[Outcome]:
    """A unit of work, in any worker: each candidate measured on the grounding its recipe names (sent along,
    or None: made here when this process has not kept it)."""
    outcomes = []
    for recipe, made, spec, name in candidates:
        watch = Stopwatch()
        with watch.stage("ground"):
            compiled = compile_on(domain, recipe, spec, name, made)
        result = measure_task(compiled, budgets, watch, cap, spec.witness)
        outcomes.append(Outcome(result, dict(watch.seconds), dict(watch.events)))
    return outcomes


@dataclass(frozen=True)
class Variant:
    """A Bi-Evol variant with what its admission needs: its dedup key and, when not even its parent's grounding
    holds it, a grounding made for it or why none can be (key and grounding None: a variant that cannot be
    admitted)."""

    spec: TaskSpec
    key: str | None
    made: Grounding | Ungroundable | None


def make_variants(domain: ast.Domain, seed: int, round_no: int,
                  chains: list[tuple[tuple[int, str], list[tuple[Recipe, Grounding | None, TaskSpec, str,
                                                                  tuple[GroundAction, ...]]]]]
                  ) -> list[tuple[list[list[Variant]], float]]:
    """A unit of work, in any worker: one Bi-Evol round of each chain (its seed task's order and direction),
    from each of its parents in turn (on the grounding its recipe names, sent along or None as for
    ``measure_candidates``, with the plan it was measured with), the chain's random stream derived from the
    seed and the round; per chain, each parent's variants and the seconds taken. The driver's admission then
    only compares and places."""
    invariants = domain_invariants(domain)
    per_chain = []
    for (root_order, direction), parents in chains:
        started = time.perf_counter()
        rng = unit_rng(seed, domain.name, root_order, round_no, direction)
        per_parent = []
        for recipe, grounding, spec, name, plan in parents:
            own = compile_on(domain, recipe, spec, name, grounding).ground
            specs = [replace(v, parent=None) for v in variants(direction, spec, plan, own, rng, invariants)]
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
    mentioned = {arg for fact in spec.init + spec.goal for arg in fact.args}
    return bool(spec.goal) and mentioned <= declared


def made_groundings(domain: ast.Domain, specs: list[TaskSpec]) -> list[Grounding | Ungroundable]:
    """A unit of work, in any worker: a grounding made for each spec (or why none can be)."""
    return [made_grounding(domain, spec) for spec in specs]


@lru_cache(maxsize=CACHED_INVARIANTS)
def domain_invariants(domain: ast.Domain) -> Invariants:
    """The domain's invariants, once per process (their verdicts are cached inside as they are proved)."""
    return Invariants(domain)


@dataclass(frozen=True)
class _Admitted:
    """A new candidate, numbered, placed on a grounding (sent along with it), waiting for its measurement."""

    spec: TaskSpec
    name: str
    recipe: Recipe
    grounding: Grounding
    counts: Counter

    @property
    def own_grounding(self) -> bool:
        """Whether its grounding was made for it (not found among those made before)."""
        return self.recipe.name == self.name


@dataclass(frozen=True)
class Generated:
    spec: TaskSpec
    measurement: Measurement
    order: int  # creation order: ties in selection keep it, for determinism
    parent: int | None = None  # the pool order of the task this one was evolved from
    direction: str | None = None  # "easier"/"harder" for a variant made by this pool's Bi-Evol
    source_id: str | None = None  # an input task's reference ("<folder>/<id>")
    inherited: tuple[dict, ...] = ()  # an input task's lineage as it was read


@dataclass(frozen=True)
class GeneratedTask:
    """One selected task: its problem, its validated gold plan and figures, its provenance.

    ``lineage`` is the chain from the seed task down to the parent, oldest first, each entry
    ``{"id", "origin", "difficulty"}``; an ancestor that was not selected is named ``<domain>-pool-N``,
    one from an input folder ``<folder>/<id>``. ``bound`` is a proven lower bound on the optimal cost."""

    id: str
    problem: ast.Problem
    plan: tuple[GroundAction, ...]
    cost: int
    optimal: bool
    expanded: int
    origin: str
    parent: str | None
    seed: int
    n_goal_atoms: int
    lineage: tuple[dict, ...] = ()
    bound: int | None = None

    @property
    def difficulty(self) -> int:
        return len(self.plan)

    def record(self) -> dict:
        """The task's line of ``tasks.jsonl`` (``problem_file`` relative to the folder)."""
        return {"id": self.id, "domain": self.problem.domain_name, "problem_file": f"tasks/{self.id}.pddl",
                "seed": self.seed, "origin": self.origin, "parent": self.parent, "lineage": list(self.lineage),
                "n_objects": len(self.problem.objects), "n_goal_atoms": self.n_goal_atoms,
                "plan": [str(step) for step in self.plan], "cost": self.cost, "optimal": self.optimal,
                "cost_lower_bound": self.cost if self.bound is None else self.bound,
                "expanded": self.expanded, "difficulty": self.difficulty}


@dataclass(frozen=True)
class GenerationReport:
    """What a run made: ``evolution`` counts per direction (``candidates``, ``verified``, ``kept``,
    ``over_budget``, ``unsolvable``, ``beyond_range``: provably harder than the range, not searched) and per level (``walk``/``input``/``easier``/``harder`` verified, ``kept``);
    ``unreached`` maps each level asked for but not filled to the reason."""

    domain: str
    tasks: list[dict]
    candidates: int
    kept: int
    histogram: dict[int, int]
    lo: int
    hi: int
    seconds: dict[str, float] = field(default_factory=dict, compare=False)  # per stage; never written
    skipped: tuple[tuple[str, str], ...] = ()  # input tasks that could not be read: (id or line, reason)
    self_moves: dict[str, int] = field(default_factory=dict)  # gold plans with a W620 step: re-solved, dropped
    evolution: dict[str, dict[str, int]] = field(default_factory=dict)
    levels: dict[int, dict[str, int]] = field(default_factory=dict)
    unreached: dict[int, str] = field(default_factory=dict)
    rounds: int = 0

    @property
    def filled(self) -> int:
        """Levels of [lo, hi] that hold a selected task."""
        return sum(self.histogram.get(level, 0) > 0 for level in range(self.lo, self.hi + 1))


@dataclass(frozen=True)
class TaskSet:
    """Generated tasks of one domain, in memory; ``templates_file`` is copied beside them when written;
    ``skipped`` names the tasks of a folder that could not be read back, with the reason; ``source`` is
    the folder's name when read back (it namespaces the tasks' ids in their variants' lineage)."""

    domain: ast.Domain
    tasks: tuple[GeneratedTask, ...]
    report: GenerationReport
    templates_file: Path | None = None
    skipped: tuple[tuple[str, str], ...] = ()
    source: str | None = None


def _walk_spec(task, rng: np.random.Generator, objects, statics, attempt: int) -> TaskSpec:
    start = task.init_bits
    if rng.random() < 0.5:
        start, _ = random_walk(task, start, int(rng.integers(1, 9)), rng)
    length = 1 + (attempt * 7) % MAX_WALK  # lengths spread from the start: seed tasks short and long
    end, ops = random_walk(task, start, length, rng)
    init = task.state_atoms(start)
    reached = sorted(set(task.state_atoms(end)) - set(init))
    k = int(rng.integers(1, MAX_GOAL_ATOMS + 1))
    goal = tuple(sorted(reached[i] for i in rng.choice(len(reached), size=min(k, len(reached)), replace=False))) \
        if reached else ()
    return TaskSpec(objects, init, goal, "walk", None, statics, tuple(task.plan_steps(ops)))


class TaskPool:
    """Verified, deduplicated tasks of one domain: seed tasks from walks (or a folder), grown by Bi-Evol.

    Every random choice comes from a stream of its own unit of work (``unit_rng``: the walk attempt,
    or the seed task, round and direction), so a unit's result depends on its inputs and the seed only.
    """

    def __init__(self, domain: ast.Domain, seed_problem: ast.Problem, seed: int,
                 progress: ProgressFn | None = None, options: EvolveOptions = EvolveOptions(),
                 seed_grounding: Grounding | None = None) -> None:
        """``seed_grounding``: the seed problem's, when a unit of work made it (else it is made here)."""
        self.domain, self.seed_problem, self.seed, self.options = domain, seed_problem, seed, options
        self.groundings = Groundings(domain)
        self.task = self.groundings.compile(_spec_of(seed_problem, domain, ()), "seed", seed_grounding).ground
        self.statics = seed_statics(domain, seed_problem)
        self.dedup = Deduplicator()
        self.items: list[Generated] = []
        self.candidates = 0
        self.progress = progress
        self.watch = Stopwatch()
        self.evolution = {d: Counter() for d in DIRECTIONS}
        self.rounds = 0
        self.chains_open: dict[str, int] = {}
        self.done, self.total = 0, 0
        self.chains_at_budget = 0  # harder chains ended by a candidate the expansions could not settle
        self.cap: int | None = None  # the hardest level wanted: candidates provably beyond it are not searched

    def _admit(self, spec: TaskSpec, direction: str | None, key: str | None = None,
               made: Grounding | Ungroundable | None = None) -> _Admitted | str:
        """A candidate in the generation's order: new (not a duplicate), numbered, on a grounding; else why not.
        ``key`` and ``made``: its dedup key and a grounding made for it, when ``make_variants`` made them."""
        with self.watch.stage("dedup"):
            if not admissible(self.domain, spec) or not self.dedup.add(spec, key):
                return "duplicate"
        self.candidates += 1
        counts = self.evolution[direction] if direction else Counter()
        counts["candidates"] += 1
        name = f"candidate-{self.candidates}"
        with self.watch.stage("ground"):
            try:
                recipe, grounding = self.groundings.place(spec, name, made)
            except (PddlError, GroundingError):
                counts["errors"] += 1
                return "error"
        return _Admitted(spec, name, recipe, grounding, counts)

    def _measured(self, admitted: list[_Admitted]) -> Generator[Batch, list, list[Outcome]]:
        """The candidates' outcomes, in order, from whichever workers measure them."""
        if not admitted:
            return []
        outcomes = yield Batch(measure_candidates, (self.domain, self.options.budgets, self.cap),
                               [(a.recipe, a.grounding, a.spec, a.name) for a in admitted])
        return outcomes

    def _settle(self, admitted: _Admitted, outcome: Outcome, parent: Generated | None = None,
                direction: str | None = None) -> Generated | str:
        """A measured candidate: the verified task when it is solvable within the budgets, else why not."""
        self.watch.seconds.update(outcome.seconds)
        self.watch.events.update(outcome.events)
        measured, counts = outcome.result, admitted.counts
        if not isinstance(measured, Measurement):
            counts[measured.replace(" ", "_")] += 1
            return measured
        if measured.difficulty == 0:
            return "trivial"
        counts["verified"] += 1
        item = Generated(admitted.spec, measured, len(self.items), None if parent is None else parent.order, direction)
        self.items.append(item)
        return item

    def add(self, spec: TaskSpec, measurement: Measurement, source_id: str, inherited: tuple[dict, ...]) -> None:
        """An input task already verified (read back from a task folder)."""
        if self.dedup.add(spec):
            self.items.append(Generated(spec, measurement, len(self.items), None, None, source_id, inherited))

    def walks(self, target: int, max_attempts: int, width: int = 1) -> Generator[Batch, list, None]:
        """Walk until the pool holds ``target`` seed tasks (each attempt its own random stream). Attempts are
        measured in batches (at least ``width``, the workers), then taken in attempt order until the target is
        reached; those past it are taken back, so the pool is the one walking attempt by attempt makes."""
        attempt = 0
        while attempt < max_attempts and len(self.items) < target:
            size = min(max_attempts - attempt, max(target - len(self.items), width))
            tried: list[tuple[TaskSpec, int, _Admitted | str]] = []
            for number in range(attempt, attempt + size):
                with self.watch.stage("walks"):
                    rng = unit_rng(self.seed, self.domain.name, "walk", number)
                    spec = _walk_spec(self.task, rng, self.seed_problem.objects, self.statics, number)
                tried.append((spec, self.candidates, self._admit(spec, None)))
            outcomes = iter((yield from self._measured([a for _, _, a in tried if isinstance(a, _Admitted)])))
            for i, (_spec, _before, admitted) in enumerate(tried):
                if len(self.items) >= target:
                    self._take_back(tried[i:])
                    return
                if isinstance(admitted, _Admitted) and isinstance(self._settle(admitted, next(outcomes)), Generated):
                    self._tick(1, f"seed task {len(self.items)}/{target}")
            attempt += size

    def _take_back(self, tried: list[tuple[TaskSpec, int, _Admitted | str]]) -> None:
        """Undo the admission of walk attempts past the target: their numbers, dedup entries and groundings."""
        self.candidates = tried[0][1]
        for spec, _before, admitted in reversed(tried):
            if admitted == "duplicate":
                continue
            self.dedup.remove(spec)
            if isinstance(admitted, _Admitted) and admitted.own_grounding:
                self.groundings.withdraw(admitted.recipe)

    def _full(self, lo: int, hi: int | None, n: int) -> bool:
        levels = Counter(g.measurement.difficulty for g in self.items)
        top = hi if hi is not None else max(levels, default=lo)
        quota = -(-n // max(1, top - lo + 1))
        return hi is not None and all(levels[level] >= min(quota, n) for level in range(lo, top + 1))

    def evolve(self, seeds: list[Generated], lo: int, hi: int | None, n: int) -> Generator[Batch, list, None]:
        """Bi-Evol in rounds, both ways from every seed task: each round evolves every open chain one step.
        An easier chain carries on from its easiest new variant until it reaches ``lo``, a harder one from
        its hardest until ``hi``; a chain ends after PATIENCE rounds that verify nothing beyond its front
        (each round draws new variants from a stream of its own), and a harder chain as soon as one of its
        candidates is not settled within the expansions (its successors would only be harder). The rounds stop
        when every level holds its share of ``n`` tasks, no chain is open, or ``options.rounds`` are done.
        A round's variants, of every chain, are one batch: made and admitted in order, then measured together."""
        self.cap = hi
        chains = {(s.order, d): [s] for s in seeds for d in DIRECTIONS}
        stale: Counter[tuple[int, str]] = Counter()
        for round_no in range(self.options.rounds):
            if not chains or (round_no > 0 and self._full(lo, hi, n)):
                break
            self.rounds = round_no + 1
            keys = [(root.order, direction) for root in seeds for direction in DIRECTIONS]
            made_in_round: list[tuple[tuple[int, str], list[Generated], list]] = [
                (key, chains[key], []) for key in keys if key in chains]
            placed = yield from self._placed([parent for _, front, _ in made_in_round for parent in front])
            per_chain = yield Batch(make_variants, (self.domain, self.seed, round_no), [
                (key, [(*placed[parent.order], parent.spec, f"parent-{parent.order}", parent.measurement.plan)
                       for parent in front]) for key, front, _ in made_in_round])
            for (key, front, tried), (per_parent, seconds) in zip(made_in_round, per_chain):
                self.watch.seconds["variants"] += seconds
                tried.extend((parent, self._admit(v.spec, key[1], v.key, v.made))
                             for parent, made in zip(front, per_parent) for v in made)
            outcomes = iter((yield from self._measured([a for _, _, tried in made_in_round for _, a in tried
                                                        if isinstance(a, _Admitted)])))
            for key, front, tried in made_in_round:
                direction = key[1]
                made: list[Generated] = []
                over = False
                for parent, admitted in tried:
                    found = self._settle(admitted, next(outcomes), parent, direction) \
                        if isinstance(admitted, _Admitted) else admitted
                    if isinstance(found, Generated):
                        made.append(found)
                    over |= found == OVER_BUDGET
                nxt = _front(front, made, direction, self.options.width)
                reached = bool(nxt) and (
                    min(g.measurement.difficulty for g in nxt) <= lo if direction == "easier"
                    else hi is not None and max(g.measurement.difficulty for g in nxt) >= hi)
                stale[key] = 0 if nxt else stale[key] + 1
                if over and direction == "harder":  # harder than the budget can measure: going on only
                    self.chains_at_budget += 1       # spends expansions on more of the same
                if reached or stale[key] >= PATIENCE or (over and direction == "harder"):
                    del chains[key]
                elif nxt:
                    chains[key] = nxt
            self._tick(1, f"Bi-Evol round {round_no + 1}/{self.options.rounds}, {len(self.items)} verified")
        self.chains_open = Counter(direction for _root, direction in chains)

    def _placed(self, parents: list[Generated]) -> Generator[Batch, list, dict[int, tuple[Recipe, Grounding]]]:
        """The groundings parents' variants are made on, by the parents' order: the ones they were measured on.
        Input tasks read back were measured on none: they are placed now, in order, on groundings units make
        for those that fit none yet."""
        unplaced = [parent for parent in parents if not self.groundings.fits(parent.spec)]
        made: dict[int, Grounding | Ungroundable] = {}
        if unplaced:
            groundings = yield Batch(made_groundings, (self.domain,), [parent.spec for parent in unplaced])
            made = {parent.order: grounding for parent, grounding in zip(unplaced, groundings)}
        return {parent.order: self.groundings.place(parent.spec, f"parent-{parent.order}", made.get(parent.order))
                for parent in parents}

    def _tick(self, n: int, note: str) -> None:
        self.done += n
        if self.progress:
            self.progress(min(self.done, self.total), self.total, note)

    def select(self, n: int, lo: int, hi: int | None, seed: int, templates_file: Path | None = None) -> TaskSet:
        """Up to ``n`` tasks spread evenly over [lo, hi]; within a level Bi-Evol's variants come first."""
        top = hi if hi is not None else max((g.measurement.difficulty for g in self.items), default=lo)
        ranked = sorted(self.items, key=lambda g: (g.direction is None, g.order))
        chosen = select_even(ranked, lambda g: g.measurement.difficulty, lo, top, n)
        chosen.sort(key=lambda g: (g.measurement.difficulty, g.order))
        name = self.domain.name
        ids = {g.order: f"{name}-{i + 1:04d}" for i, g in enumerate(chosen)}

        def ref(g: Generated) -> str:
            return ids.get(g.order) or g.source_id or f"{name}-pool-{g.order:04d}"

        def lineage(g: Generated) -> tuple[dict, ...]:
            if g.parent is None:
                return g.inherited
            up = self.items[g.parent]
            return lineage(up) + ({"id": ref(up), "origin": up.spec.origin, "difficulty": up.measurement.difficulty},)

        tasks = []
        for item in chosen:
            m, chain = item.measurement, lineage(item)
            tasks.append(GeneratedTask(ids[item.order], item.spec.problem(ids[item.order], name), m.plan, m.cost,
                                       m.optimal, m.expanded, item.spec.origin, chain[-1]["id"] if chain else None,
                                       seed, len(item.spec.goal), chain, m.bound))
        histogram = Counter(t.difficulty for t in tasks)
        for task, item in zip(tasks, chosen):
            if item.direction:
                self.evolution[item.direction]["kept"] += 1
        levels: dict[int, Counter] = {}
        for g in self.items:
            kind = g.direction or ("input" if g.source_id else "walk")
            levels.setdefault(g.measurement.difficulty, Counter())[kind] += 1
        for level, count in histogram.items():
            levels.setdefault(level, Counter())["kept"] = count
        report = GenerationReport(name, [t.record() for t in tasks], self.candidates, len(self.items),
                                  dict(sorted(histogram.items())), lo, top, dict(self.watch.seconds),
                                  self_moves=dict(sorted(self.watch.events.items())),
                                  evolution={d: dict(sorted(c.items())) for d, c in self.evolution.items()},
                                  levels={level: dict(sorted(c.items())) for level, c in sorted(levels.items())},
                                  unreached=self._unreached(lo, top, histogram), rounds=self.rounds)
        return TaskSet(self.domain, tuple(tasks), report, templates_file)

    def _unreached(self, lo: int, top: int, histogram: Counter) -> dict[int, str]:
        """Why each level of [lo, top] holds no task: the budget stopped a chain that was still moving, or
        every chain that way ended without a variant beyond its front (the domain cannot express it from
        these seeds)."""
        present = sorted({g.measurement.difficulty for g in self.items})
        out = {}
        for level in range(lo, top + 1):
            if histogram.get(level) or level in present:  # selected, or left out only because n is smaller
                continue
            direction = "harder" if not present or level > present[-1] else \
                "easier" if level < present[0] else None
            counts = self.evolution[direction] if direction else Counter()
            if direction and self.chains_open.get(direction):
                out[level] = (f"budget: {self.chains_open[direction]} {direction} chain(s) still open after "
                              f"{self.rounds} round(s)")
            elif direction == "harder" and self.chains_at_budget:
                budgets = self.options.budgets
                out[level] = (f"budget: {self.chains_at_budget} harder chain(s) ended at a candidate not settled "
                              f"within {budgets.optimal} + {budgets.satisficing} expansions{WORK_NOTE}")
            elif direction and counts.get("over_budget"):
                budgets = self.options.budgets
                out[level] = (f"budget: {counts['over_budget']} {direction} candidate(s) not solved within "
                              f"{budgets.optimal} + {budgets.satisficing} expansions{WORK_NOTE}")
            elif direction and counts.get("beyond_range"):
                out[level] = (f"not reached: every {direction} chain ended, its variants either short of it or "
                              f"past it ({counts['beyond_range']} provably beyond the range)")
            elif direction:
                out[level] = f"not expressible from these seeds: every {direction} chain ended before it"
            else:
                out[level] = "no variant landed on it (levels on both sides were reached)"
        return out


def _front(front: list[Generated], made: list[Generated], direction: str, width: int) -> list[Generated]:
    """The chain's next front: of the variants that moved beyond it (easier: below its easiest, harder:
    above its hardest), the nearest one (the next level gets filled) and the farthest (the chain gets
    far fast), then the others from near to far, up to ``width``."""
    sign = 1 if direction == "easier" else -1
    edge = min(sign * g.measurement.difficulty for g in front)
    beyond = sorted((g for g in made if sign * g.measurement.difficulty < edge),
                    key=lambda g: (-sign * g.measurement.difficulty, g.order))
    picked = beyond[:1] + beyond[-1:] + beyond[1:-1] if len(beyond) > 1 else beyond
    return picked[:width]


def _spec_of(problem: ast.Problem, domain: ast.Domain, statics: tuple) -> TaskSpec:
    """A problem's fluent initial facts and goal as a TaskSpec (static facts: ``statics``)."""
    static = static_predicates(domain)
    init = tuple(sorted(_fact(a) for a in problem.init if isinstance(a, ast.Atom) and a.predicate not in static))
    goal = tuple(sorted(_fact(a) for a in _goal_atoms(problem.goal))) if problem.goal is not None else ()
    return TaskSpec(problem.objects, init, goal, "seed", None, statics or seed_statics(domain, problem))


def generate_job(domain: ast.Domain, seed_problem: ast.Problem, n: int, seed: int, lo: int = 1,
                 hi: int | None = None, progress: ProgressFn | None = None, templates_file: Path | None = None,
                 options: EvolveOptions = EvolveOptions(), width: int = 1) -> Job:
    """``generate_tasks`` as a coroutine for ``drive``; ``width`` (the workers) sizes its batches of walks."""
    pool = yield from _task_pool(domain, _walk_base(seed_problem), seed, progress, options)
    n_seeds = max(2, -(-n // 2))
    pool.total = n_seeds * (1 + options.rounds)
    pool.cap = hi
    yield from pool.walks(target=n_seeds, max_attempts=30 * n_seeds, width=width)
    pool.done = len(pool.items)
    yield from pool.evolve(list(pool.items), lo, hi, n)
    pool._tick(pool.total, "done")
    return pool.select(n, lo, hi, seed, templates_file)


def evolve_job(tasks: TaskSet, n: int, seed: int, lo: int = 1, hi: int | None = None,
               progress: ProgressFn | None = None, options: EvolveOptions = EvolveOptions()) -> Job:
    """``evolve_tasks`` as a coroutine for ``drive``."""
    if not tasks.tasks:
        raise ValueError(f"the task set of {tasks.domain.name} holds no task")
    widest = max((t.problem for t in tasks.tasks), key=lambda p: len(p.objects))
    pool = yield from _task_pool(tasks.domain, _walk_base(widest), seed, progress, options)
    source = tasks.source or "input"
    for task in tasks.tasks:
        inherited = tuple(dict(e, id=e["id"] if "/" in str(e["id"]) else f"{source}/{e['id']}") for e in task.lineage)
        known = set(pool.statics)  # a task with an added object brings that object's static facts along
        own = tuple(s for s in seed_statics(tasks.domain, task.problem) if s not in known)
        spec = replace(_spec_of(task.problem, tasks.domain, pool.statics + own), origin=task.origin)
        pool.add(spec, Measurement(task.plan, task.cost, task.optimal, task.expanded, task.bound),
                 f"{source}/{task.id}", inherited)
    seeds = list(pool.items)
    pool.total = len(seeds) * options.rounds
    yield from pool.evolve(seeds, lo, hi, n)
    pool._tick(pool.total, "done")
    evolved = pool.select(n, lo, hi, seed, tasks.templates_file)
    return replace(evolved, report=replace(evolved.report, skipped=tasks.skipped))


def _task_pool(domain: ast.Domain, seed_problem: ast.Problem, seed: int, progress: ProgressFn | None,
               options: EvolveOptions) -> Generator[Batch, list, TaskPool]:
    """A TaskPool on a seed grounding made by a unit of work: a large domain's takes seconds (parking's 2.8 s),
    which the driver would spend with the workers waiting. A seed that cannot be grounded is grounded again
    in the pool, which raises the compiler's own error."""
    (made,) = yield Batch(made_groundings, (domain,), [_spec_of(seed_problem, domain, ())])
    return TaskPool(domain, seed_problem, seed, progress, options, made if isinstance(made, Grounding) else None)


PRELOAD = ("agentgen_sym.generation.generate", "agentgen_sym.generation.warm")
"""What a local pool's fork server imports before it forks the workers: the generation's units' module, and
what those units load on first use (``warm``)."""


def _drive_one(job: Job, executor: ExecutorOptions) -> Any:
    with make_executor(executor, preload=PRELOAD) as pool:
        return drive(pool, {"job": job}, executor.workers)["job"]


def generate_tasks(domain: ast.Domain, seed_problem: ast.Problem, n: int, seed: int, lo: int = 1,
                   hi: int | None = None, progress: ProgressFn | None = None,
                   templates_file: Path | None = None, options: EvolveOptions = EvolveOptions(),
                   executor: ExecutorOptions = SERIAL) -> TaskSet:
    """``n`` tasks of ``domain`` grown from ``seed_problem``, in memory: seed tasks from random walks, then
    Bi-Evol from every one of them, candidates measured on ``executor``; raises PddlError when the inputs have
    errors (GroundingError when the seed cannot be grounded, BatchFailed when a unit of work failed)."""
    return _drive_one(generate_job(domain, seed_problem, n, seed, lo, hi, progress, templates_file, options,
                                   executor.workers), executor)


def evolve_tasks(tasks: TaskSet, n: int, seed: int, lo: int = 1, hi: int | None = None,
                 progress: ProgressFn | None = None, options: EvolveOptions = EvolveOptions(),
                 executor: ExecutorOptions = SERIAL) -> TaskSet:
    """Bi-Evol a task set: at least one round both ways from every task, then select for [lo, hi]."""
    return _drive_one(evolve_job(tasks, n, seed, lo, hi, progress, options), executor)


def _walk_base(problem: ast.Problem) -> ast.Problem:
    """The seed problem with its goal dropped: walks start from its initial state, and its grounding
    (kept for every candidate over the same objects) must not depend on the goal."""
    return replace(problem, goal=None)


def read_tasks(tasks_dir: Path) -> TaskSet:
    """A task folder that ``write_tasks`` wrote, back in memory (its plans as they were verified).

    Raises ValueError (or OSError, PddlError) when the folder or its domain cannot be used at all;
    a task that cannot be read back (a bad line, a missing or broken problem file, a path leading
    out of the folder) is listed in ``skipped`` and the rest is kept."""
    domain = parse_domain(tasks_dir / DOMAIN_FILE)
    try:
        entries = read_entries(tasks_dir)
    except ExportError as exc:
        raise ValueError(str(exc)) from exc
    tasks: list[GeneratedTask] = []
    records: list[dict] = []
    skipped: list[tuple[str, str]] = []
    for entry in entries:
        if isinstance(entry, BadEntry):
            skipped.append((entry.label, entry.reason))
            continue
        try:
            tasks.append(_read_task(tasks_dir, entry.fields))
            records.append(entry.fields)
        except (PddlError, OSError, ValueError, KeyError, TypeError) as exc:
            skipped.append((entry.id, f"{type(exc).__name__}: {exc}"))
    histogram = Counter(t.difficulty for t in tasks)
    levels = sorted(histogram)
    report = GenerationReport(domain.name, records, 0, len(tasks), dict(sorted(histogram.items())),
                              levels[0] if levels else 1, levels[-1] if levels else 1)
    templates = tasks_dir / "templates.json"
    return TaskSet(domain, tuple(tasks), report, templates if templates.exists() else None, tuple(skipped),
                   tasks_dir.name)


def _read_task(tasks_dir: Path, record: dict) -> GeneratedTask:
    problem_path = inside(tasks_dir, record["problem_file"])
    if problem_path is None:
        raise ValueError(f"'problem_file' {record['problem_file']!r} leads out of the folder")
    figures = (record["cost"], record["optimal"], record["expanded"])
    if not (isinstance(figures[0], int) and isinstance(figures[1], bool) and isinstance(figures[2], int)):
        raise ValueError("'cost', 'optimal' and 'expanded' must be an integer, a boolean and an integer")
    lineage = record.get("lineage") or []
    if not (isinstance(lineage, list) and all(isinstance(e, dict) and "id" in e for e in lineage)):
        raise ValueError("'lineage' must be a list of objects with an 'id'")
    bound = record.get("cost_lower_bound", figures[0] if figures[1] else None)
    return GeneratedTask(record["id"], parse_problem(problem_path),
                         tuple(GroundAction.parse(step) for step in record["plan"]), *figures, str(record["origin"]),
                         record.get("parent"), record.get("seed", 0), record.get("n_goal_atoms", 0), tuple(lineage),
                         bound if isinstance(bound, int) else None)


def write_tasks(tasks: TaskSet, out_dir: Path) -> None:
    """Write a task set as a TASKS_DIR: domain, templates, one problem file per task, tasks.jsonl, report
    (shielded: a job limit waits until the folder is complete)."""
    tasks_dir = out_dir / "tasks"
    tasks_dir.mkdir(parents=True, exist_ok=True)
    remove_dead_temporaries(out_dir)  # an earlier writer's, killed mid-write
    with shielded():
        write_atomic(out_dir / "domain.pddl", print_pddl(tasks.domain))
        if tasks.templates_file is not None:
            write_atomic(out_dir / "templates.json", tasks.templates_file.read_text())
        else:
            (out_dir / "templates.json").unlink(missing_ok=True)
        keep = {f"{task.id}.pddl" for task in tasks.tasks}
        for stale in sorted(tasks_dir.glob("*.pddl")):  # an earlier run's problems are no part of this set
            if stale.name not in keep:
                stale.unlink()
        for task in tasks.tasks:
            write_atomic(tasks_dir / f"{task.id}.pddl", print_pddl(task.problem))
        write_atomic(out_dir / "tasks.jsonl", "".join(json.dumps(t.record(), sort_keys=True) + "\n" for t in tasks.tasks))
        _write_report(out_dir, tasks.report)


def generate(domain_path: Path, problem_path: Path, n: int, seed: int, out_dir: Path, lo: int = 1,
             hi: int | None = None, progress: ProgressFn | None = None,
             options: EvolveOptions = EvolveOptions(), executor: ExecutorOptions = SERIAL) -> GenerationReport:
    """Generate ``n`` tasks into ``out_dir``; raises PddlError when the inputs have errors."""
    templates = domain_path.parent / "templates.json"
    tasks = generate_tasks(parse_domain(domain_path), parse_problem(problem_path), n, seed, lo, hi, progress,
                           templates if templates.exists() else None, options, executor)
    write_tasks(tasks, out_dir)
    return tasks.report


def evolve(tasks_dir: Path, n: int, seed: int, out_dir: Path, lo: int = 1, hi: int | None = None,
           progress: ProgressFn | None = None, options: EvolveOptions = EvolveOptions(),
           executor: ExecutorOptions = SERIAL) -> GenerationReport:
    """Bi-Evol a generated task folder into ``out_dir``."""
    evolved = evolve_tasks(read_tasks(tasks_dir), n, seed, lo, hi, progress, options, executor)
    write_tasks(evolved, out_dir)
    return evolved.report


def _fact(atom: ast.Atom) -> GroundAtom:
    return GroundAtom(atom.predicate, tuple(a.name for a in atom.args))


def _goal_atoms(goal: ast.Formula | None) -> list[ast.Atom]:
    if isinstance(goal, ast.Atom):
        return [goal]
    if isinstance(goal, ast.And):
        return [a for part in goal.parts for a in _goal_atoms(part)]
    raise ValueError("generated tasks have conjunctive goals of atoms")


def _write_report(out_dir: Path, report: GenerationReport) -> None:
    lines = [f"# Tasks for `{report.domain}`", "",
             f"{len(report.tasks)} tasks selected from {report.kept} verified of {report.candidates} candidates; "
             f"difficulty (optimal plan length) range {report.lo}..{report.hi}.", "",
             "| difficulty | tasks |", "|---|---|"]
    for level in range(report.lo, report.hi + 1):
        lines.append(f"| {level} | {report.histogram.get(level, 0)} |")
    origins = Counter(r["origin"] for r in report.tasks)
    flagged = sum(not r["optimal"] for r in report.tasks)
    lines += ["", "| origin | tasks |", "|---|---|"] + [f"| {o} | {c} |" for o, c in sorted(origins.items())]
    lines += ["", "## Bi-Evol", "", f"{report.rounds} round(s) both ways from every seed task.", "",
              "| direction | candidates | verified | kept | over budget | unsolvable | beyond range |",
              "|---|---|---|---|---|---|---|"]
    for direction in DIRECTIONS:
        c = report.evolution.get(direction, {})
        lines.append(f"| {direction} | {c.get('candidates', 0)} | {c.get('verified', 0)} | {c.get('kept', 0)} | "
                     f"{c.get('over_budget', 0)} | {c.get('unsolvable', 0)} | {c.get('beyond_range', 0)} |")
    lines += ["", "| level | walk | input | easier | harder | kept |", "|---|---|---|---|---|---|"]
    for level in range(report.lo, report.hi + 1):
        c = report.levels.get(level, {})
        lines.append(f"| {level} | " + " | ".join(str(c.get(k, 0)) for k in ("walk", "input", "easier", "harder",
                                                                               "kept")) + " |")
    lines += [""] + ([f"Level {level} asked for but not reached: {why}." for level, why in report.unreached.items()]
                     or ["Every level asked for was reached."])
    lines += ["", f"{flagged} task(s) flagged: the optimal planner did not finish within its expansions; their "
                  "length is a satisficing plan's and `cost_lower_bound` the proven bound." if flagged
              else "Every difficulty is an optimal plan length."]
    resolved, dropped = report.self_moves.get("self-move re-solved", 0), report.self_moves.get("self-move dropped", 0)
    if resolved or dropped:
        lines += ["", f"{resolved + dropped} candidate gold plan(s) used a self-move step (W620): {resolved} re-solved "
                      f"with the inequality added, {dropped} dropped (no plan without it)."]
    write_atomic(out_dir / "report.md", "\n".join(lines) + "\n")
    _plot(out_dir / "difficulty.png", report)


def _plot(path: Path, report: GenerationReport) -> None:
    """A bar chart of the difficulty histogram (PNG, fixed metadata so reruns are byte-identical)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    levels = list(range(report.lo, report.hi + 1))
    fig, axis = plt.subplots(figsize=(6, 3.2), dpi=100)
    axis.bar(levels, [report.histogram.get(level, 0) for level in levels], color="#4C72B0")
    axis.set_xlabel("difficulty (optimal plan length)")
    axis.set_ylabel("tasks")
    axis.set_title(f"{report.domain}: {len(report.tasks)} tasks")
    fig.tight_layout()
    image = io.BytesIO()
    fig.savefig(image, format="png", metadata={"Software": None})
    plt.close(fig)
    write_atomic(path, image.getvalue())
