"""Best-first width search on the lifted model: for tasks whose grounding does not fit. (Not in ``planners``:
those search a GroundTask; this one reads the ASTs through the validator, as ``backends`` hands them to Mimir.)

Nothing is grounded: each expanded state's applicable steps come from joining the schemas'
preconditions with its facts (``compiler.lifted``), their effects from the validator's own
semantics (``compiler.validate.Stepper``). A successor is ranked by its novelty (whether a fact it
adds was never made true before in a state of the same goal count), then by its goal count (the
goal's top-level conjuncts that are false), then by age: BFWS(f5) of Lipovetzky and Geffner, whose
two measures cost a look at what the step adds and deletes, so a state's work follows what changes,
not the size of the grounding. A successor is made only when it leaves the open list, and stored as
the ids of its facts that can change, so memory follows the states expanded. Plans are validated by
the caller, as every plan is.
"""

from __future__ import annotations

import heapq
import time
from array import array
from dataclasses import dataclass, field

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import conjuncts, static_predicates
from agentgen_sym.compiler.limits import Budget, Deadline, LimitReached
from agentgen_sym.compiler.validate import Fact, State, Stepper
from agentgen_sym.planners.result import SearchStats, Status

LIFTED_PLANNERS = ("lifted-bfws",)
STAGE = "searching the lifted task"


@dataclass
class LiftedResult:
    """A lifted search's outcome: its plan as steps of the domain (None without one)."""

    status: Status
    steps: tuple[ast.PlanStep, ...] | None = None
    stats: SearchStats = field(default_factory=SearchStats)
    message: str = ""


class _Interned:
    """States as bytes: the sorted ids of their facts (a fact's id is the order it was first seen in)."""

    def __init__(self) -> None:
        self.ids: dict[Fact, int] = {}
        self.facts: list[Fact] = []

    def key(self, state: State) -> bytes:
        ids = self.ids
        for fact in state:
            if fact not in ids:
                ids[fact] = len(self.facts)
                self.facts.append(fact)
        return array("I", sorted(ids[fact] for fact in state)).tobytes()

    def state(self, key: bytes) -> State:
        ids = array("I")
        ids.frombytes(key)
        return frozenset(self.facts[i] for i in ids)


class _GoalCount:
    """The goal's top-level conjuncts false in a state; after a step, from what it adds and deletes when every
    conjunct is a plain atom of a predicate no axiom derives (else from the state after it)."""

    def __init__(self, domain: ast.Domain, goal: ast.Formula | None, stepper: Stepper) -> None:
        self.parts, self.stepper = list(conjuncts(goal)), stepper
        derived = {axiom.name for axiom in domain.derived}
        atoms = all(isinstance(p, ast.Atom) and p.predicate not in derived for p in self.parts)
        self.facts = frozenset((p.predicate, tuple(t.name for t in p.args)) for p in self.parts) if atoms else None

    def of(self, state: State) -> int:
        closed = self.stepper.close(state)
        return sum(not self.stepper.holds(part, closed) for part in self.parts)

    def after(self, h: int, state: State, adds: frozenset[Fact], deletes: frozenset[Fact]) -> int:
        if self.facts is None:
            return self.of((state - deletes) | adds)
        made = sum(1 for f in adds if f in self.facts and f not in state)
        broken = sum(1 for f in deletes if f in self.facts and f in state)
        return h - made + broken


def lifted_bfws(domain: ast.Domain, problem: ast.Problem, deadline: Deadline = Deadline(),
                memory_limit_mb: float | None = None, expansion_limit: int | None = None) -> LiftedResult:
    """BFWS(f5) with deferred successors (module docstring); ties go to the state generated first, so the same
    task gives the same plan in every process."""
    started, cpu_started = time.perf_counter(), time.process_time()
    budget = Budget(deadline, memory_limit_mb)
    stats = SearchStats()
    try:
        steps, status = _search(domain, problem, budget, expansion_limit, stats)
        message = "" if status is not Status.LIMIT_REACHED else f"expansion limit of {expansion_limit} reached"
    except LimitReached as exc:
        steps, status, message = None, Status.LIMIT_REACHED, str(exc)
    stats.seconds, stats.cpu_seconds = time.perf_counter() - started, time.process_time() - cpu_started
    stats.phases["search"] = stats.seconds
    return LiftedResult(status, steps, stats, message)


def _search(domain: ast.Domain, problem: ast.Problem, budget: Budget, expansion_limit: int | None,
            stats: SearchStats) -> tuple[tuple[ast.PlanStep, ...] | None, Status]:
    stepper = Stepper(domain, problem, budget)
    fixed = static_predicates(domain) - {axiom.name for axiom in domain.derived}
    init = frozenset((a.predicate, tuple(t.name for t in a.args)) for a in problem.init if isinstance(a, ast.Atom))
    static = frozenset(f for f in init if f[0] in fixed)
    count, interned = _GoalCount(domain, problem.goal, stepper), _Interned()
    seen: dict[int, set[Fact]] = {}  # per goal count, the facts some generated state made true
    parents: dict[bytes, tuple[bytes, ast.PlanStep] | None] = {}
    # (novelty, goal count, age, the parent's key, the step): the state is made when it leaves the list
    frontier: list[tuple[int, int, int, bytes | None, ast.PlanStep | None]] = [(0, count.of(init), 0, None, None)]
    while frontier:
        _, h, _, parent_key, step = heapq.heappop(frontier)
        if parent_key is None:
            state = init
        else:
            state, failure = stepper.apply(step, interned.state(parent_key) | static)
            if state is None:
                raise AssertionError(f"a generated step no longer applies: {failure.message}")
        key = interned.key(state - static)
        if key in parents:
            continue
        parents[key] = None if parent_key is None else (parent_key, step)
        stats.evaluated += 1
        if h == 0 and stepper.satisfies(problem.goal, state):
            return _path(parents, key), Status.SOLVED
        if expansion_limit is not None and stats.expanded >= expansion_limit:
            return None, Status.LIMIT_REACHED
        stats.expanded += 1
        budget.check(STAGE, f"{stats.expanded:,} states expanded")
        for step, adds, deletes in stepper.changes(state):
            stats.generated += 1
            after = count.after(h, state, adds, deletes)
            table = seen.setdefault(after, set())
            novel = [f for f in adds if f not in table]
            table.update(novel)
            heapq.heappush(frontier, (0 if novel else 1, after, stats.generated, key, step))
    return None, Status.UNSOLVABLE


def _path(parents: dict[bytes, tuple[bytes, ast.PlanStep] | None], key: bytes) -> tuple[ast.PlanStep, ...]:
    steps = []
    while (link := parents[key]) is not None:
        key, step = link
        steps.append(step)
    return tuple(reversed(steps))
