"""The pool of one domain's verified tasks, grown by walks and Bi-Evol, and the selection from it.

Goals are instances of the seed goal's schemas (schemas.py) that hold at the end of a random walk and not at its
start (a negative schema: facts true at the start and gone at the end), or, where the seed has no goal or no
instance is reached (or ``goals="walk"`` asks for it), facts the walk made true; initial states come from walks
too, so every candidate is solvable by construction; still, each is solved and
validated before it is kept, and duplicates up to object renaming are dropped. Bi-Evol then runs in rounds
both ways from every seed task (``TaskPool.evolve``), and the final set is picked for an even difficulty
histogram over the requested range, Bi-Evol's variants first; every task keeps its lineage back to its seed.

The pool's walks and Bi-Evol rounds are coroutines that yield a batch of candidates for the units of work
(units.py) and are sent their results, while the walks, deduplicating, grounding choices and bookkeeping stay
in the driver, in one fixed order, so the tasks are the same on one worker, on many, and under Ray.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Generator

import numpy as np

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import static_predicates
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.compiler.broken_invariants import breaking_step, problem_init, seed_broken_invariants
from agentgen_sym.compiler.ground import GroundingError
from agentgen_sym.compiler.task import GroundAtom
from agentgen_sym.executor import Batch
from agentgen_sym.generation.dedup import Deduplicator
from agentgen_sym.generation.evolve import measured_direction, select_even, unit_rng
from agentgen_sym.generation.grounding import Grounding, Groundings, Recipe, Ungroundable
from agentgen_sym.generation.measure import (OVER_BUDGET, Budgets, Measurement, Stopwatch, enabling_steps,
                                             plan_branching, prove, too_far)
from agentgen_sym.generation.schemagoals import Literal, sample_instances, subject
from agentgen_sym.generation.schemas import SeedGoals, goal_literals
from agentgen_sym.generation.tasks import TaskSpec, random_walk, seed_statics
from agentgen_sym.generation.units import Outcome, admissible, made_groundings, make_variants, measure_candidates
from agentgen_sym.taskset import (DIRECTIONS, FLAGGED_DROPPED, INVARIANT_DROPPED, PROVED, GeneratedTask,
                                  GenerationReport, Origin, TaskSet)

MAX_WALK = 24
MAX_GOAL_ATOMS = 4
MIN_SCHEMA_WALK = 6  # a schema goal is sought after a walk at least this long: goals a few steps deep
SCHEMA_TRIES = 3  # walks per attempt that may reach a schema instance before the attempt falls back to walk facts
SAMPLED_GOALS = 2  # the most instances a goal drawn without a witness asks for (barman: nine cocktails at once
                   # would be a search no budget settles)

PATIENCE = 2

UNSETTLED = 3
"""Tasks kept with a plan their optimal search did not settle, at least this many and half the pool, after which
Bi-Evol's rounds skip that search (``TaskPool.round_budgets``)."""

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


def _seed_spec(task, rng: np.random.Generator, objects, statics, attempt: int, goals: str,
               seed_goals: SeedGoals) -> TaskSpec:
    """One walk attempt's candidate: a schema goal (a walk reaching instances, tried SCHEMA_TRIES times, else
    instances sampled from the reachable facts from a walk's start, then from the seed's; odd attempts sample
    first) unless ``goals`` is ``walk`` or the seed has no schema; walk facts when ``goals`` allows the fallback
    (no instance reachable and unsatisfied even from the seed's start); else a candidate with no goal
    (rejected)."""
    if goals != "walk" and seed_goals.schemas:
        if attempt % 2:  # every other attempt draws its goal first: the deep instances a walk seldom reaches
            spec = _sampled_spec(task, rng, objects, statics, seed_goals)
            if spec is not None:
                return spec
        for _ in range(SCHEMA_TRIES):
            spec = _schema_spec(task, rng, objects, statics, attempt, seed_goals)
            if spec is not None:
                return spec
        spec = _sampled_spec(task, rng, objects, statics, seed_goals)
        if spec is not None:
            return spec
        # the walk's start may hold every instance already (miconic's one passenger served, storage's one crate
        # in its depot): the seed's own start, where its goal is still to reach, before any fallback to walk facts
        spec = _sampled_spec(task, rng, objects, statics, seed_goals, task.init_bits)
        if spec is not None:
            return spec
        if goals == "schema":
            return TaskSpec(objects, task.state_atoms(task.init_bits), (), Origin("walk"), None, statics,
                            goal_source="schema", schemas=seed_goals)
    return replace(_walk_spec(task, rng, objects, statics, attempt), schemas=seed_goals)


def _start(task, rng: np.random.Generator) -> np.ndarray:
    """A walk's initial state: the seed's, or (half the time) one a short walk reaches from it."""
    start = task.init_bits
    if rng.random() < 0.5:
        start, _ = random_walk(task, start, int(rng.integers(1, 9)), rng)
    return start


def _schema_spec(task, rng: np.random.Generator, objects, statics, attempt: int, seed_goals: SeedGoals
                 ) -> TaskSpec | None:
    """A goal of schema instances that hold after a walk and did not before (of a negative schema: held before,
    gone after; a fact already true counts only for a schema the seed asked for while it held), at least one
    of them changed by the walk, about as many as the seed goal has; None when the walk reached none."""
    start = _start(task, rng)
    end, ops = random_walk(task, start, MIN_SCHEMA_WALK + (attempt * 7) % MAX_WALK, rng)
    init, final = task.state_atoms(start), task.state_atoms(end)
    before, after = set(init), set(final)
    made = seed_goals.instances((f for f in final if f not in before), objects)
    gone = seed_goals.instances((f for f in init if f not in after), objects, positive=False)
    kept_true = SeedGoals(tuple(seed_goals.true_at_start), 0).instances((f for f in final if f in before), objects)
    changed = [(f, True) for f in sorted(made)] + [(f, False) for f in sorted(gone)]
    if not changed:
        return None
    first = changed[int(rng.integers(len(changed)))]
    rest = [c for c in changed if c != first] + [(f, True) for f in sorted(kept_true)]
    k = int(rng.integers(max(1, seed_goals.conjuncts - 1), seed_goals.conjuncts + 3))
    picked = [first] + [rest[i] for i in sorted(rng.choice(len(rest), size=min(k - 1, len(rest)), replace=False))]
    picked += maintained(task, before, picked, seed_goals)
    goal = tuple(sorted(f for f, positive in picked if positive))
    negative = tuple(sorted(f for f, positive in picked if not positive))
    return TaskSpec(objects, init, goal, Origin("walk"), None, statics, tuple(task.plan_steps(ops)), negative,
                    "schema", seed_goals)


def _sampled_spec(task, rng: np.random.Generator, objects, statics, seed_goals: SeedGoals,
                  start: np.ndarray | None = None) -> TaskSpec | None:
    """A goal of schema instances no walk reached, drawn from the reachable facts (schemagoals.py), one or two
    (a search must solve it: Bi-Evol's harder moves add more, one or two at a time), from ``start`` (a packed
    state; by default a walk's end, ``_start``); None when no instance is reachable and unsatisfied there."""
    start = _start(task, rng) if start is None else start
    init = task.state_atoms(start)
    k = 1 + int(rng.integers(min(SAMPLED_GOALS, max(1, seed_goals.conjuncts))))
    picked = sample_instances(task.facts, set(init), seed_goals, objects, k, rng)
    if not picked:
        return None
    picked += maintained(task, set(init), picked, seed_goals)
    goal = tuple(sorted(f for f, positive in picked if positive))
    negative = tuple(sorted(f for f, positive in picked if not positive))
    return TaskSpec(objects, init, goal, Origin("walk"), None, statics, (), negative, "schema", seed_goals)


def _extra_tails(items: list[Generated]) -> set[int]:
    """The items (by order) that repeat the end of a longer item's plan for the same goal beyond the first such
    tail of that chain: near-duplicates, as a later start cut from a parent's plan is. One tail per chain ranks as
    any task (an easier level of the same task); more would fill the data with one plan's suffixes."""
    def goal(g: Generated) -> tuple:
        return g.spec.goal, g.spec.negative

    longest = sorted(items, key=lambda g: (-len(g.measurement.plan), g.order))
    root: dict[int, int] = {}  # order -> the order of the longest plan its plan ends
    for i, g in enumerate(longest):
        plan = tuple(g.measurement.plan)
        for h in longest[:i]:
            if len(h.measurement.plan) > len(plan) and goal(h) == goal(g) and \
                    tuple(h.measurement.plan[-len(plan):]) == plan:
                root[g.order] = root.get(h.order, h.order)
                break
    chains: set[int] = set()  # the roots that kept a tail already
    extra: set[int] = set()
    for order in sorted(root):  # creation order: the first tail made of a chain stays
        if root[order] in chains:
            extra.add(order)
        chains.add(root[order])
    return extra


def _held(spec: TaskSpec) -> int:
    """How many of a task's goal literals hold at its start: maintenance goals, which a plan must not break."""
    init = set(spec.init)
    return sum(f in init for f in spec.goal) + sum(f not in init for f in spec.negative)


def maintained(task, start: set[GroundAtom], picked: list[Literal], seed_goals: SeedGoals) -> list[Literal]:
    """The seed's maintenance goals (``SeedGoals.maintained``) a candidate keeps: each literal that holds at its
    start and that some action can undo (a fact asked to hold that an action deletes, one asked to stay false that
    an action adds), unless the goal already speaks of its fact or its subject. A goal the user wrote is a goal
    even when it holds at the start: a plan may not break it on the way."""
    taken = {f for f, _ in picked} | {subject(f) for f, _ in picked}
    kept = []
    for fact, positive in seed_goals.maintained:
        if (fact in start) != positive or fact in taken or subject(fact) in taken:
            continue
        fact_id = task.fact_ids.get(fact)  # a fact never reached is never added
        if fact_id is not None and (task.deletable if positive else task.addable)[fact_id]:
            kept.append((fact, positive))
    return kept


def _walk_spec(task, rng: np.random.Generator, objects, statics, attempt: int) -> TaskSpec:
    start = _start(task, rng)
    length = 1 + (attempt * 7) % MAX_WALK  # lengths spread from the start: seed tasks short and long
    end, ops = random_walk(task, start, length, rng)
    init = task.state_atoms(start)
    reached = sorted(set(task.state_atoms(end)) - set(init))
    k = int(rng.integers(1, MAX_GOAL_ATOMS + 1))
    goal = tuple(sorted(reached[i] for i in rng.choice(len(reached), size=min(k, len(reached)), replace=False))) \
        if reached else ()
    return TaskSpec(objects, init, goal, Origin("walk"), None, statics, tuple(task.plan_steps(ops)))


class TaskPool:
    """Verified, deduplicated tasks of one domain: seed tasks from walks (or a folder), grown by Bi-Evol.

    Every random choice comes from a stream of its own unit of work (``unit_rng``: the walk attempt,
    or the seed task, round and direction), so a unit's result depends on its inputs and the seed only.
    """

    def __init__(self, domain: ast.Domain, seed_problem: ast.Problem, seed: int,
                 progress: ProgressFn | None = None, options: EvolveOptions = EvolveOptions(),
                 seed_grounding: Grounding | None = None, seed_goals: SeedGoals = SeedGoals((), 0),
                 goals: str = "auto") -> None:
        """``seed_grounding``: the seed problem's, when a unit of work made it (else it is made here);
        ``seed_goals``: the schemas of the seed's goal, which the walks' goals instantiate as ``goals`` says
        (GOAL_MODES)."""
        self.domain, self.seed_problem, self.seed, self.options = domain, seed_problem, seed, options
        self.seed_goals, self.goals = seed_goals, goals
        self.groundings = Groundings(domain)
        self.task = self.groundings.compile(spec_of(seed_problem, domain, ()), "seed", seed_grounding).ground
        self.statics = seed_statics(domain, seed_problem)
        self.seed_objects = frozenset(o.name for o in seed_problem.objects)  # what Bi-Evol may add to
        self.dedup = Deduplicator()
        self.near_seen: set[str] = set()  # near_key of every task kept (dedup.py)
        self.constants = frozenset(c.name for c in domain.constants)
        self.items: list[Generated] = []  # item i has order i
        self.dropped_after_proof: set[int] = set()  # orders of tasks ``prove_flagged`` left out of the selection
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

    def _measured(self, admitted: list[_Admitted], budgets: Budgets | None = None
                  ) -> Generator[Batch, list, list[Outcome]]:
        """The candidates' outcomes, in order, from whichever workers measure them (``budgets``: the options')."""
        if not admitted:
            return []
        outcomes = yield Batch(measure_candidates, (self.domain, budgets or self.options.budgets, self.cap),
                               [(a.recipe, a.grounding, a.spec, a.name) for a in admitted])
        return outcomes

    def round_budgets(self) -> Budgets:
        """The budgets of a Bi-Evol round: the options', or without the optimal search once at least UNSETTLED
        tasks and half the pool were kept unsettled by it: the domain's tasks lie beyond what its expansions
        reach (childsnack: ~10 s a search, each proving nothing), so candidates keep the probe's plan or their
        witness, flagged with the bound proven without it (LM-cut's, a parent's), and labels still need that
        bound (``measured_direction``). Decided from the pool before the round, so on any number of workers."""
        budgets = self.options.budgets
        unsettled = sum(not g.measurement.optimal for g in self.items)
        if unsettled >= max(UNSETTLED, len(self.items) / 2):
            return replace(budgets, optimal=0)
        return budgets

    def _settle(self, admitted: _Admitted, outcome: Outcome, parent: Generated | None = None,
                direction: str | None = None) -> Generated | str:
        """A measured candidate: the verified task when it is solvable within the budgets, else why not."""
        self.watch.seconds.update(outcome.seconds)
        self.watch.events.update(outcome.events)
        measured, counts = outcome.result, admitted.counts
        if not isinstance(measured, Measurement):
            counts[measured.replace(" ", "_")] += 1
            return measured
        spec = admitted.spec
        if self._breaks(spec, measured):  # the plan would teach the domain's bug
            counts["broken_invariant"] += 1
            self.watch.events[INVARIANT_DROPPED] += 1
            return "broken-invariant"
        if measured.difficulty == 0:
            return "trivial"
        if parent is not None:  # a variant is labelled by its measured outcome; its chain is the move's direction
            moved = measured_direction(parent.measurement, measured)
            if moved is None:
                counts["as_hard"] += 1
                return "as hard as its parent"
            spec = replace(spec, origin=Origin(spec.origin.move, moved))
        if outcome.near is not None:
            if outcome.near in self.near_seen:
                counts["near_duplicate"] += 1
                return "near-duplicate"
            self.near_seen.add(outcome.near)
        counts["verified"] += 1
        if parent is not None:
            counts["achieved" if spec.origin.direction == admitted.spec.origin.direction else "reversed"] += 1
        item = Generated(spec, measured, len(self.items), None if parent is None else parent.order, direction)
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
                    spec = replace(_seed_spec(self.task, rng, self.seed_problem.objects, self.statics, number,
                                              self.goals, self.seed_goals), constants=self.constants)
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
            per_chain = yield Batch(make_variants, (self.domain, self.seed, round_no, self.seed_objects), [
                (key, [(*placed[parent.order], parent.spec, f"parent-{parent.order}", parent.measurement.plan)
                       for parent in front]) for key, front, _ in made_in_round])
            for (key, front, tried), (per_parent, seconds) in zip(made_in_round, per_chain):
                self.watch.seconds["variants"] += seconds
                tried.extend((parent, self._admit(replace(v.spec, carried=carried_bound(v.spec, parent)), key[1],
                                                  v.key, v.made))
                             for parent, made in zip(front, per_parent) for v in made)
            outcomes = iter((yield from self._measured([a for _, _, tried in made_in_round for _, a in tried
                                                        if isinstance(a, _Admitted)], self.round_budgets())))
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
        """Up to ``n`` tasks spread evenly over [lo, hi]; within a level a chain's extra plan tails (``_extra_tails``)
        come last, Bi-Evol's variants first, and of those the ones over the seed's own objects (an invented object,
        like an extra tail, is kept only where the level needs it)."""
        top = hi if hi is not None else max((g.measurement.difficulty for g in self.items), default=lo)
        chosen = self._chosen(n, lo, top)
        name = self.domain.name
        ids = {g.order: f"{name}-{i + 1:04d}" for i, g in enumerate(chosen)}

        def ref(g: Generated) -> str:
            return ids.get(g.order) or g.source_id or f"{name}-pool-{g.order:04d}"

        def lineage(g: Generated) -> tuple[dict, ...]:
            if g.parent is None:
                return g.inherited
            up = self.items[g.parent]
            return lineage(up) + ({"id": ref(up), "origin": str(up.spec.origin),
                                   "difficulty": up.measurement.difficulty},)

        tasks = []
        for item in chosen:
            m, chain = item.measurement, lineage(item)
            tasks.append(GeneratedTask(ids[item.order], item.spec.problem(ids[item.order], name), m.plan, m.cost,
                                       m.optimal, m.expanded, item.spec.origin, chain[-1]["id"] if chain else None,
                                       seed, len(item.spec.goal) + len(item.spec.negative), chain, m.bound,
                                       item.spec.goal_source))
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
        branching, enabling = self._plan_figures(chosen, ids)
        report = GenerationReport(name, tuple(tasks), self.candidates, len(self.items),
                                  dict(sorted(histogram.items())), lo, top, dict(self.watch.seconds),
                                  self_moves=dict(sorted(self.watch.events.items())),
                                  evolution={d: dict(sorted(c.items())) for d, c in self.evolution.items()},
                                  levels={level: dict(sorted(c.items())) for level, c in sorted(levels.items())},
                                  unreached=self._unreached(lo, top, histogram), rounds=self.rounds,
                                  inputs=sum(g.source_id is not None for g in self.items),
                                  branching=branching, enabling=enabling,
                                  invented={ids[g.order]: len(extra) for g in chosen
                                            if (extra := {o.name for o in g.spec.objects} - self.seed_objects)},
                                  maintained={ids[g.order]: held for g in chosen if (held := _held(g.spec))},
                                  seed_objects=tuple(sorted(self.seed_objects)),
                                  dropped={level: sum(c.get(k, 0) for k in ("walk", "input", "easier", "harder"))
                                           for level, c in sorted(levels.items()) if not histogram.get(level)},
                                  goal_sources=dict(sorted(Counter(t.goal_source for t in tasks).items())))
        return TaskSet(self.domain, tuple(tasks), report, templates_file)

    def _chosen(self, n: int, lo: int, top: int) -> list[Generated]:
        """The selection ``select`` makes, sorted by difficulty: the pool less the tasks dropped after their second
        search (``prove_flagged``)."""
        tails = _extra_tails(self.items)  # last in their level: taken only where nothing else fills it
        ranked = sorted((g for g in self.items if g.order not in self.dropped_after_proof),
                        key=lambda g: (g.order in tails, g.direction is None,
                                       not {o.name for o in g.spec.objects} <= self.seed_objects, g.order))
        chosen = select_even(ranked, lambda g: g.measurement.difficulty, lo, top, n)
        return sorted(chosen, key=lambda g: (g.measurement.difficulty, g.order))

    def prove_flagged(self, n: int, lo: int, hi: int | None) -> Generator[Batch, list, None]:
        """Before a selected task's gold plan is flagged ``optimal: false``, its optimal search once more with
        a larger budget (``measure.prove``, ``Budgets.proof_for``), in one batch of units. A proved plan replaces the
        flagged one unless it breaks a seed invariant (W623) or its shorter length no longer earns the variant's
        label; a plan still flagged and beyond ``MAX_GAP`` of its bound is dropped. A proved length is another
        level, so the selection is made again until no task it keeps is untried (each tried once)."""
        tried: set[int] = set()
        while True:
            top = hi if hi is not None else max((g.measurement.difficulty for g in self.items), default=lo)
            flagged = [g for g in self._chosen(n, lo, top) if not g.measurement.optimal and g.order not in tried]
            if not flagged:
                return
            tried |= {g.order for g in flagged}
            name = self.domain.name
            results = yield Batch(prove, (self.domain, self.options.budgets),
                                  [g.spec.problem(f"{name}-prove-{g.order}", name) for g in flagged])
            for item, (found, bound) in zip(flagged, results):
                measured = item.measurement
                if found is not None and not self._breaks(item.spec, found) and (
                        item.parent is None
                        or measured_direction(self.items[item.parent].measurement, found) == item.direction):
                    self.items[item.order] = replace(item, measurement=found)
                    self.watch.events[PROVED] += 1
                    continue
                if bound > (measured.bound or 0):
                    measured = replace(measured, bound=bound)
                    self.items[item.order] = replace(item, measurement=measured)
                if found is not None or too_far(measured):
                    self.dropped_after_proof.add(item.order)
                    self.watch.events[FLAGGED_DROPPED] += 1

    def _breaks(self, spec: TaskSpec, measured: Measurement) -> bool:
        """Whether the task's initial state or plan breaks a seed invariant (W623: a delete or precondition the
        domain forgot)."""
        return breaking_step(self.domain, seed_broken_invariants(self.domain, self.seed_problem), spec.init,
                             measured.plan, problem_init(self.seed_problem), (o.name for o in spec.objects)
                             ) is not None

    def _plan_figures(self, chosen: list[Generated], ids: dict[int, str]
                      ) -> tuple[dict[str, float], dict[str, float]]:
        """Each selected task's mean applicable actions along its gold plan and the share of its steps that enable
        a later one, on the grounding it was measured on (kept here, so nothing is grounded again); a task that
        cannot be placed has no figure."""
        branching, enabling = {}, {}
        for item in chosen:
            try:
                compiled = self.groundings.compile(item.spec, ids[item.order])
            except (PddlError, GroundingError):
                continue
            branching[ids[item.order]] = round(plan_branching(compiled.ground, item.measurement.plan), 2)
            flags = enabling_steps(compiled.ground, item.measurement.plan)
            if flags:
                enabling[ids[item.order]] = round(sum(flags) / len(flags), 3)
        return branching, enabling

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


def carried_bound(spec: TaskSpec, parent: Generated) -> int:
    """The cost bound a variant inherits from its parent (``TaskSpec.carried``), 0 for none: the parent's proven
    bound when its optimal search stopped at the expansions (not optimal) and the variant asks for more from the
    same start over the same objects and static facts (positive goals only: a negative one compiles to other
    operators). Every plan of the variant then reaches the parent's goal, so costs at least that bound; and
    breadth-first search, layer by layer on the same operators (relevance keeps more for a larger goal), cannot
    get deeper on the variant in the expansions that stopped it on the parent: on childsnack each such search
    spent ~10 s to prove nothing new."""
    up, measured = parent.spec, parent.measurement
    if measured.optimal or not measured.bound or spec.negative or up.negative:
        return 0
    same = (spec.objects, spec.init, spec.static) == (up.objects, up.init, up.static)
    return measured.bound if same and set(spec.goal) >= set(up.goal) else 0


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


def spec_of(problem: ast.Problem, domain: ast.Domain, statics: tuple, goal_source: str = "seed") -> TaskSpec:
    """A problem's fluent initial facts and goal as a TaskSpec (static facts: ``statics``); raises ValueError
    for a goal that is not a conjunction of literals."""
    static = static_predicates(domain)
    init = tuple(sorted(_fact(a) for a in problem.init if isinstance(a, ast.Atom) and a.predicate not in static))
    literals = goal_literals(problem.goal) if problem.goal is not None else []
    if literals is None:
        raise ValueError("generated tasks have conjunctive goals of literals")
    goal = tuple(sorted(f for f, positive in literals if positive))
    negative = tuple(sorted(f for f, positive in literals if not positive))
    return TaskSpec(problem.objects, init, goal, Origin("seed"), None, statics or seed_statics(domain, problem),
                    negative=negative, goal_source=goal_source, constants=frozenset(c.name for c in domain.constants))


def _fact(atom: ast.Atom) -> GroundAtom:
    return GroundAtom(atom.predicate, tuple(a.name for a in atom.args))
