"""Difficulty is measured, not assumed: solve, validate, and record the figures.

Budgets are counted in expanded states, never seconds, so the same candidate gets the same
verdict on any machine and under any load. Cheap means come first: an admissible heuristic at
the initial state bounds the optimal cost from below, and a candidate whose bound already lies
beyond the hardest level wanted is not searched at all; a candidate's witness (the actions the move
that made it knows to reach its goal, its detours cut out) whose cost meets the bound is optimal as it
is; then a short satisficing probe (a few
hundred expansions of the default portfolio) looks for a plan, and one whose cost meets the bound
is optimal with no optimal search at all (most candidates of childsnack and many other domains:
an optimal search there spent its whole budget proving what LM-cut already said). Otherwise the
optimal search (breadth-first with unit costs, A* otherwise) gets its expansions; when it does not
finish, the frontier it stopped at is a second bound (no plan is shorter than the depth breadth-first
search has exhausted), and a candidate that bound puts beyond the hardest level is not searched
further; otherwise the cheaper of the probe's plan and the witness is kept or, when there is neither,
a satisficing search gets its expansions, fewer on a task with many ground operators (a witness spares that search: on parking one such search
spent 90 s on 5000 expansions and found nothing); such a plan is flagged ``optimal = False`` with the lower bound recorded (optimal
after all when the two bounds meet). The optimal search is skipped where it is known hopeless: for a variant
asking more than a parent from the same start, whose own breadth-first search stopped unsettled (the parent's
bound is carried instead), and in Bi-Evol rounds of a pool that most such searches left unsettled (budgets
with ``optimal = 0``). A task is kept only when ``solve`` returns a plan (which it has validated).
A plan that uses a self-move step (W620: ``move ?x ?x`` moving nothing while still marking
``?x`` visited) is no gold trajectory: the task is measured again with the domain's inequalities
added, and dropped when that finds no plan; ``Stopwatch.events`` counts both outcomes.
"""

from __future__ import annotations

import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.compile import CompiledTask, compile_task
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.compiler.ground import GroundingError
from agentgen_sym.compiler.selfmove import guarded, self_move_pairs
from agentgen_sym.compiler.task import GroundAction, GroundTask
from agentgen_sym.compiler.validate import validate
from agentgen_sym.planners.registry import HEURISTICS, make_planner
from agentgen_sym.planners.result import Status
from agentgen_sym.solver import Solution, solve
from agentgen_sym.taskset.model import MAX_GAP, MIN_GAP, PROVE_FACTOR

UNSOLVABLE = "unsolvable"
OVER_BUDGET = "over budget"
BEYOND = "beyond range"
SELF_MOVE_ONLY = "self-move only"


@dataclass(frozen=True)
class Budgets:
    """Expanded states allowed per candidate: the satisficing probe, the optimal search, then (when
    neither settles it) the satisficing search."""

    satisficing: int = 5_000
    optimal: int = 20_000  # 0: no optimal search (TaskPool.round_budgets)
    probe: int = 250
    # each search's expansions times the task's ground operators: successor generation (and the relaxed
    # plans of the satisficing heuristic) read every operator per expansion, so a huge task gets fewer of
    # them (parking p01, 25,432 operators: 393 satisficing expansions, not 5,000 that took 95 s and found
    # nothing; 1,966 breadth-first ones, not 20,000 at ~5 s a candidate); never fewer than the probe's
    satisficing_work: int = 10_000_000
    optimal_work: int = 50_000_000
    # A* (a task with action costs) also evaluates each successor's h_max, a relaxed fixpoint over every
    # operator, so its expansion reads the operators many times over: barman p01's schema goals (1,648
    # operators) spent 179 of 211 s in A* runs of up to 20,000 expansions, a third of them stopped by the
    # limit with nothing proved; this caps them at about 6,000 there (no bundled domain comes near it)
    heuristic_work: int = 10_000_000
    # the second search of a flagged task (``prove``): A* on LM-cut, whose expansion evaluates every successor
    # with a cut round per landmark, each a relaxed fixpoint over every operator; counted as expansions times
    # the successors and LM-cut rounds (bound + 1) of the initial state times the ground operators, about a
    # nanosecond each (childsnack's flagged tasks: 0.6-1.7 ns), so 15-30 s at most a task; counted in
    # expansions alone, one childsnack task of 1,581 operators searched 190 s and proved nothing
    proof_work: int = 15_000_000_000

    def key(self) -> dict[str, int]:
        return {"satisficing_expansions": self.satisficing, "optimal_expansions": self.optimal,
                "probe_expansions": self.probe, "satisficing_work": self.satisficing_work,
                "optimal_work": self.optimal_work, "heuristic_work": self.heuristic_work,
                "proof_work": self.proof_work}

    def satisficing_for(self, n_ops: int) -> int:
        """The satisficing search's expansions on a task with ``n_ops`` ground operators."""
        return self._within(self.satisficing, self.satisficing_work, n_ops)

    def optimal_for(self, n_ops: int, heuristic: bool = False) -> int:
        """The optimal search's expansions on a task with ``n_ops`` ground operators (``heuristic``: an A*
        search, whose expansions also evaluate h_max on every successor)."""
        return self._within(self.optimal, self.heuristic_work if heuristic else self.optimal_work, n_ops)

    def proof_for(self, n_ops: int, successors: int, rounds: int) -> int:
        """The second search's expansions (``prove``) on a task with ``n_ops`` ground operators, ``successors``
        of them applicable at the start and ``rounds`` heuristic rounds per evaluation: ``PROVE_FACTOR`` times
        the optimal search's, fewer where ``proof_work`` says so."""
        expansions = PROVE_FACTOR * self.optimal_for(n_ops, True)
        return min(expansions, max(self.probe, self.proof_work // max(1, n_ops * max(1, successors) * rounds)))

    def _within(self, expansions: int, work: int, n_ops: int) -> int:
        return min(expansions, max(self.probe, work // max(1, n_ops)))


@dataclass(frozen=True)
class Measurement:
    plan: tuple[GroundAction, ...]
    cost: int
    optimal: bool
    expanded: int
    bound: int | None = None  # a proven lower bound on the optimal cost (= cost when optimal)

    @property
    def difficulty(self) -> int:
        """Plan length: the optimal one where known (flagged otherwise)."""
        return len(self.plan)


class Stopwatch:
    """Seconds spent per stage, summed over calls (for benchmarks; never written to task files), and
    counts of events worth reporting (``self-move re-solved``, ``self-move dropped``)."""

    def __init__(self) -> None:
        self.seconds: Counter[str] = Counter()
        self.events: Counter[str] = Counter()

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[name] += time.perf_counter() - started


def lower_bound(task: CompiledTask) -> int:
    """An admissible estimate of the optimal cost from the initial state (LM-cut where the task allows,
    else h_max); 0 when the goal already holds."""
    ground = task.ground
    name = "lmcut" if make_planner("astar-lmcut").unsupported(ground) is None else "hmax"
    heuristic = HEURISTICS[name].factory()
    heuristic.precompute(ground)
    value = float(heuristic.compute(ground.unpack(ground.init_bits[None, :]))[0])
    return int(np.ceil(value - 1e-9)) if np.isfinite(value) else -1  # -1: a proven dead end


def measure(domain: ast.Domain, problem: ast.Problem, budgets: Budgets = Budgets(), watch: Stopwatch | None = None
            ) -> Measurement | None:
    """Check, ground, solve and validate a problem; None when it has errors or no validated plan."""
    watch = watch or Stopwatch()
    with watch.stage("ground"):
        try:
            task = compile_task(domain, problem)
        except (PddlError, GroundingError):
            return None
    measured = measure_task(task, budgets, watch)
    return measured if isinstance(measured, Measurement) else None


def measure_task(task: CompiledTask, budgets: Budgets = Budgets(), watch: Stopwatch | None = None,
                 cap: int | None = None, witness: tuple[GroundAction, ...] = (), carried: int = 0
                 ) -> Measurement | str:
    """Solve and validate a compiled candidate; without a validated plan, why: ``UNSOLVABLE`` (proved),
    ``BEYOND`` (its lower bound exceeds ``cap``, the hardest level wanted: not worth a search),
    ``OVER_BUDGET`` (no plan within the expansions) or ``SELF_MOVE_ONLY`` (every plan found needs a
    self-move step). ``witness`` is a sequence of actions believed to reach the goal: used as a plan once
    it validates. ``carried`` (``TaskSpec.carried``), when not 0, is a lower bound proved elsewhere by the very
    breadth-first search this one would run: the search is skipped, the bound taken."""
    watch = watch or Stopwatch()
    measured = _measure(task, budgets, watch, cap, witness, carried)
    if not isinstance(measured, Measurement):
        return measured
    moves = self_move_pairs(task.domain, task.problem)
    if not any(m.action == s.action and m.matches(s.args) for s in measured.plan for m in moves):
        return measured
    try:
        again = _measure(compile_task(guarded(task.domain, task.problem), task.problem), budgets, watch, cap,
                         witness, carried)
    except (PddlError, GroundingError):
        again = SELF_MOVE_ONLY
    if not isinstance(again, Measurement) and again != BEYOND:
        again = SELF_MOVE_ONLY
    watch.events["self-move re-solved" if isinstance(again, Measurement) else "self-move dropped"] += 1
    return again


def _measure(task: CompiledTask, budgets: Budgets, watch: Stopwatch, cap: int | None,
             witness: tuple[GroundAction, ...], carried: int = 0) -> Measurement | str:
    with watch.stage("bound"):
        bound = lower_bound(task)
    if bound < 0:
        return UNSOLVABLE
    repeated = bool(carried) and task.ground.unit_cost  # the parent's breadth-first search stopped short of it
    bound = max(bound, carried)
    if cap is not None and _length_bound(task, bound) > cap:
        return BEYOND
    with watch.stage("witness"):
        known = _witness(task, witness)
    if known is not None and known[1] <= bound:
        return Measurement(known[0], known[1], True, 0, known[1])
    with watch.stage("probe"):
        probe = solve(task, "default", expansion_limit=min(budgets.probe, budgets.satisficing))
    if probe.status is Status.UNSOLVABLE:
        return UNSOLVABLE
    if probe.solved and int(probe.cost) <= bound:  # the heuristic's bound met: optimal, nothing to search
        return _measurement(probe, True, probe.stats.expanded, int(probe.cost))
    # breadth-first search is length-optimal with unit costs; A* on h_max otherwise (cheap per state: at the
    # levels generation wants, more expansions of a cheap heuristic beat fewer of LM-cut)
    expanded, searched = probe.stats.expanded, None
    if not repeated and budgets.optimal:
        with watch.stage("optimal"):
            best = solve(task, "bfs" if task.ground.unit_cost else "astar-hmax",
                         expansion_limit=budgets.optimal_for(task.ground.n_ops, not task.ground.unit_cost))
        expanded += best.stats.expanded
        if best.solved:
            return _measurement(best, True, expanded, int(best.cost))
        if best.status is Status.UNSOLVABLE:
            return UNSOLVABLE
        searched = _frontier_bound(task, best)
    if cap is not None and searched is not None and _length_bound(task, searched) > cap:
        return BEYOND
    bound = max(bound, searched or 0)
    if known is not None and not (probe.solved and int(probe.cost) <= known[1]):
        return Measurement(known[0], known[1], known[1] <= bound, expanded, bound)
    found = probe
    if not probe.solved:
        with watch.stage("satisficing"):
            found = solve(task, "default", expansion_limit=budgets.satisficing_for(task.ground.n_ops))
        expanded += found.stats.expanded
    if found.solved:
        optimal = int(found.cost) <= bound  # the bounds meet: optimal after all
        return _measurement(found, optimal, expanded, bound)
    return UNSOLVABLE if found.status is Status.UNSOLVABLE else OVER_BUDGET


def _witness(task: CompiledTask, steps: tuple[GroundAction, ...]) -> tuple[tuple[GroundAction, ...], int] | None:
    """The witness with its detours cut (a stretch from a state back to the same state) and ended where the
    goal first holds, and its cost, when the lifted validator accepts it; else None."""
    if not steps:
        return None
    ground = task.ground
    ops = ground.action_ops
    row = ground.init_bits
    rows, kept = [row.tobytes()], []
    for step in steps:
        state = ground.unpack(row[None, :])
        if ground.is_goal(state)[0]:
            break
        ok = ground.applicable(state)[0]
        op = next((o for o in ops.get(step, ()) if ok[o]), None)
        if op is None:
            return None
        row = ground.successors(row[None, :], state, np.array([0]), np.array([op]))[0]
        key = row.tobytes()
        if key in rows:  # back where it was: the detour goes
            del kept[rows.index(key):]
            del rows[rows.index(key) + 1:]
        else:
            rows.append(key)
            kept.append(step)
    plan = tuple(kept)
    verdict = validate(task.domain, task.problem, ast.Plan(tuple(ast.PlanStep(s.action, s.args) for s in plan)))
    return (plan, int(verdict.cost)) if verdict.valid and plan else None


def _frontier_bound(task: CompiledTask, stopped: Solution) -> int | None:
    """A lower bound on the optimal cost from an optimal search its expansions stopped: breadth-first search
    has goal-tested every state up to the shallowest open depth d, so a plan takes more than d operators (one
    of them a goal operator when the goal is compiled into one); A* on an admissible heuristic has expanded
    every state below the lowest f left open."""
    frontier = stopped.stats.frontier
    if frontier is None:
        return None
    ground = task.ground
    if stopped.planner == "bfs":
        return frontier + 1 - int(bool((~ground.action_mask).any()))
    return frontier


def _length_bound(task: CompiledTask, cost_bound: int) -> int:
    """A lower bound on the plan length from one on the cost: no step costs more than the dearest operator."""
    ground = task.ground
    costs = ground.cost[ground.action_mask]
    dearest = int(costs.max()) if costs.size else 1
    return -(-cost_bound // dearest) if dearest > 0 else 0


def _measurement(solution: Solution, optimal: bool, expanded: int, bound: int) -> Measurement:
    return Measurement(tuple(GroundAction(s.action, s.args) for s in solution.steps), int(solution.cost),
                       optimal, expanded, bound)


def plan_branching(ground: GroundTask, plan: tuple[GroundAction, ...]) -> float:
    """How many domain actions apply, on average, in the states the gold ``plan`` passes through before each
    step: how wide the choice an agent faces along the way (a figure of the report; nothing is solved)."""
    states = ground.unpack(ground.init_bits[None, :])
    row = ground.init_bits[None, :]
    counts: list[int] = []
    for step in plan:
        applicable = ground.applicable(states)[0] & ground.action_mask
        counts.append(int(applicable.sum()))
        ops = [op for op in ground.action_ops.get(step, ()) if applicable[op]]
        if not ops:  # not this grounding's plan: the figure stops at what was seen
            break
        row = ground.successors(row, states, np.zeros(1, dtype=np.int64), np.array(ops[:1]))
        states = ground.unpack(row)
    return sum(counts) / len(counts) if counts else 0.0


def enabling_steps(ground: GroundTask, plan: tuple[GroundAction, ...]) -> list[bool]:
    """Per step of the gold ``plan``, whether it enables a later step: it makes true a precondition of a later
    step that stays true until that step (a causal link), rather than only ticking off a goal atom. A causal
    chain is what makes a task deep and not merely long (a figure of the report; nothing is solved). Stops where
    a step does not apply on this grounding."""
    states = ground.unpack(ground.init_bits[None, :])
    row = ground.init_bits[None, :]
    trace, ops = [states[0]], []
    for step in plan:
        applicable = ground.applicable(states)[0]
        found = [op for op in ground.action_ops.get(step, ()) if applicable[op]]
        if not found:
            break
        ops.append(found[0])
        row = ground.successors(row, states, np.zeros(1, dtype=np.int64), np.array(found[:1]))
        states = ground.unpack(row)
        trace.append(states[0])
    flags = []
    for i in range(len(ops)):
        made = np.flatnonzero(trace[i + 1] & ~trace[i])
        flags.append(any(made.size and _supports(trace, ops, ground, i, j, made) for j in range(i + 1, len(ops))))
    return flags


def _supports(trace: list[np.ndarray], ops: list[int], ground: GroundTask, i: int, j: int, made: np.ndarray) -> bool:
    """Whether a fact step ``i`` made true is a precondition of step ``j`` and holds in every state between."""
    needed = np.intersect1d(made, ground.pre_idx[ops[j]])
    return any(all(trace[k][f] for k in range(i + 1, j + 1)) for f in needed)


def too_far(measurement: Measurement) -> bool:
    """Whether a flagged plan's cost is beyond ``MAX_GAP`` of its proved lower bound (no bound: nothing to judge)."""
    bound = measurement.bound
    if measurement.optimal or bound is None:
        return False
    return measurement.cost - bound > max(MIN_GAP, MAX_GAP * bound)


def prove(domain: ast.Domain, budgets: Budgets, problems: list[ast.Problem]) -> list[tuple[Measurement | None, int]]:
    """Each flagged task's optimal search once more: A* on LM-cut where the task allows (h_max otherwise; at these
    depths a stronger bound proves more per expansion than breadth-first search), with the expansions
    ``Budgets.proof_for`` allows, on the domain with self-moves ruled out (no gold plan takes one). Per problem,
    the proved optimal measurement (None when the search stopped again) and the lower bound it proved (0: none)."""
    out: list[tuple[Measurement | None, int]] = []
    for problem in problems:
        try:
            task = compile_task(guarded(domain, problem), problem)
        except (PddlError, GroundingError):
            out.append((None, 0))
            continue
        ground = task.ground
        lmcut = make_planner("astar-lmcut").unsupported(ground) is None
        successors = int(ground.applicable(ground.unpack(ground.init_bits[None, :]))[0].sum())
        rounds = max(0, lower_bound(task)) + 1 if lmcut else 1
        found = solve(task, "astar-lmcut" if lmcut else "astar-hmax",
                      expansion_limit=budgets.proof_for(ground.n_ops, successors, rounds))
        if found.solved:
            out.append((_measurement(found, True, found.stats.expanded, int(found.cost)), int(found.cost)))
        else:
            out.append((None, _frontier_bound(task, found) or 0))
    return out


def seed_lengths(domain: ast.Domain, budgets: Budgets, problems: list[ast.Problem]) -> list[int | None]:
    """A unit of work: each seed problem's gold plan length with its own goal (optimal where the budgets allow),
    None for one with no goal or no plan found: what the domain's real tasks ask of an agent."""
    out: list[int | None] = []
    for problem in problems:
        found = measure(domain, problem, budgets) if problem.goal is not None else None
        out.append(found.difficulty if found is not None and found.difficulty > 0 else None)
    return out


GIVEN_RANGE = "given (--range)"
"""How a range the command asked for is reported (``run``'s default range counts as asked for: its command
names it)."""


def seed_range(lengths: list[int]) -> tuple[int, int]:
    """The difficulty range the seed problems' plan lengths suggest: from a third of the shortest (at least 1)
    to twice the longest, so generated tasks are as long as the domain's real ones and somewhat longer."""
    lo = max(1, min(lengths) // 3)
    return lo, max(lo, 2 * max(lengths))


def range_note(lengths: list[int | None]) -> str:
    """How ``seed_range`` chose a range, for the report and the card."""
    known = sorted(x for x in lengths if x is not None)
    return (f"from the seed problems' plan lengths ({', '.join(map(str, known))} steps): a third of the shortest "
            "to twice the longest")
