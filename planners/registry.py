"""Explicit tables of searches, heuristics and named planners; refusal of unsupported tasks up front.

Every entry declares which task features it handles, so a combination that would silently give
wrong answers (say LM-cut on conditional effects) is refused with a message before any search,
not discovered halfway. ``make_planner("default")`` or ``make_planner(PlannerConfig(...))``
gives a ``Planner`` whose ``solve(task)`` returns a ``SearchResult``.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import time
import traceback
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection, wait

import numpy as np

from agentgen_sym.planners import kernels
from agentgen_sym.planners.heuristics import HFF, Blind, GoalCount, HAdd, Heuristic, HMax, LMCut
from agentgen_sym.planners.landmarks import LandmarkCount
from agentgen_sym.planners.relevance import relevant_operators
from agentgen_sym.planners.result import SearchResult, SearchStats, Status
from agentgen_sym.planners.search import SearchConfig, search
from agentgen_sym.compiler.task import GroundTask


class UnsupportedTask(ValueError):
    """The task uses a feature the chosen planner does not handle."""


@dataclass(frozen=True)
class Support:
    """Task features an entry handles correctly."""

    conditional_effects: bool = True
    non_unit_costs: bool = True
    negative_preconditions: bool = True
    derived_predicates: bool = True


@dataclass(frozen=True)
class HeuristicEntry:
    factory: type[Heuristic]
    description: str
    supports: Support = Support()

    @property
    def admissible(self) -> bool:
        return self.factory.admissible

    @property
    def preferred(self) -> bool:
        return self.factory.preferred


@dataclass(frozen=True)
class SearchEntry:
    config: SearchConfig
    description: str
    needs_heuristic: bool
    optimal: bool  # cost-optimal plans when its heuristic (if any) is admissible and the weight is 1
    supports: Support = Support()


# Relaxation heuristics ignore negative conditions, which keeps them safe (a relaxation only
# grows the reachable set); LM-cut, like Fast Downward's, supports neither conditional effects nor axioms.
HEURISTICS: dict[str, HeuristicEntry] = {
    "blind": HeuristicEntry(Blind, "0 at goals, the cheapest operator cost elsewhere"),
    "goalcount": HeuristicEntry(GoalCount, "number of unsatisfied goal facts"),
    "hmax": HeuristicEntry(HMax, "h_max, the costliest goal in the delete relaxation"),
    "hadd": HeuristicEntry(HAdd, "h_add, the summed goal costs in the delete relaxation"),
    "hff": HeuristicEntry(HFF, "h_FF, the cost of a relaxed plan; gives preferred operators"),
    "lmcut": HeuristicEntry(LMCut, "LM-cut, admissible landmark heuristic",
                            Support(conditional_effects=False, derived_predicates=False)),
    "lmcount": HeuristicEntry(LandmarkCount, "landmark count (LAMA), path-dependent; gives preferred operators"),
}

# Preferred-operator boosts follow Fast Downward's defaults (eager_greedy 0, lazy_greedy 1000); on
# hand-made 15-puzzles a boost of 1000 made eager GBFS expand 10-100x more states.
SEARCHES: dict[str, SearchEntry] = {
    "bfs": SearchEntry(SearchConfig("depth", goal_test_at_generation=True, reopen=False, batch_size=4096),
                       "breadth-first: shortest plans in number of steps", needs_heuristic=False, optimal=False),
    "ucs": SearchEntry(SearchConfig("g", goal_test_at_generation=False, reopen=True, batch_size=1024),
                       "uniform-cost search (Dijkstra)", needs_heuristic=False, optimal=True),
    "astar": SearchEntry(SearchConfig("f", goal_test_at_generation=False, reopen=True, batch_size=1024),
                         "A* with reopening; ties broken by lower h", needs_heuristic=True, optimal=True),
    "wastar": SearchEntry(SearchConfig("f", goal_test_at_generation=False, reopen=True, weight=3, batch_size=256),
                          "weighted A*, f = g + w*h", needs_heuristic=True, optimal=False),
    "gbfs": SearchEntry(SearchConfig("h", goal_test_at_generation=True, reopen=False, batch_size=16, boost=0),
                        "eager greedy best-first search", needs_heuristic=True, optimal=False),
    "lazy-gbfs": SearchEntry(SearchConfig("h", goal_test_at_generation=False, reopen=False, lazy=True,
                                          batch_size=8),
                             "lazy greedy best-first search (evaluation when popped)", needs_heuristic=True,
                             optimal=False),
}


@dataclass(frozen=True)
class PlannerConfig:
    """A search from SEARCHES with a heuristic from HEURISTICS (and an ``alternate`` one whose open
    lists take turns with the first, as in LAMA); ``None`` fields keep the search's defaults."""

    search: str
    heuristic: str | None = None
    alternate: str | None = None
    unit_costs: bool = False  # heuristics see every operator as cost 1 (the search still adds real costs)
    weight: int | None = None
    preferred: bool = False
    batch_size: int | None = None


PLANNERS: dict[str, PlannerConfig] = {
    "bfs": PlannerConfig("bfs"),
    "ucs": PlannerConfig("ucs"),
    "astar-blind": PlannerConfig("astar", "blind"),
    "astar-hmax": PlannerConfig("astar", "hmax"),
    "astar-lmcut": PlannerConfig("astar", "lmcut"),
    "astar-hadd": PlannerConfig("astar", "hadd"),
    "wastar-hff": PlannerConfig("wastar", "hff", weight=3),
    "gbfs-hff": PlannerConfig("gbfs", "hff"),
    "gbfs-goalcount": PlannerConfig("gbfs", "goalcount"),
    "lazy-gbfs-hff": PlannerConfig("lazy-gbfs", "hff", preferred=True),
    "eager-gbfs-hff": PlannerConfig("gbfs", "hff", preferred=True),
    "lama": PlannerConfig("lazy-gbfs", "hff", alternate="lmcount", preferred=True, unit_costs=True),
}


FEATURES = {"conditional_effects": "conditional effects", "non_unit_costs": "non-unit operator costs",
            "negative_preconditions": "negative preconditions", "derived_predicates": "derived predicates (axioms)"}


def task_features(task: GroundTask) -> list[str]:
    """The keys of FEATURES that ``task`` uses."""
    used = {"conditional_effects": task.has_conditional_effects, "non_unit_costs": not task.unit_cost,
            "negative_preconditions": task.has_negative_preconditions, "derived_predicates": task.has_axioms}
    return [feature for feature, present in used.items() if present]


class _Refuses:
    """``check`` for planners that say in ``unsupported`` why they refuse a task."""

    def unsupported(self, task: GroundTask) -> str | None:
        raise NotImplementedError

    def check(self, task: GroundTask) -> None:
        """Raise UnsupportedTask when this planner refuses ``task``."""
        message = self.unsupported(task)
        if message:
            raise UnsupportedTask(message)


@dataclass(frozen=True)
class Planner(_Refuses):
    """One search with its heuristics, from a PlannerConfig."""

    name: str
    config: PlannerConfig

    @property
    def optimal(self) -> bool:
        """Whether returned plans are cost-optimal."""
        search_entry = SEARCHES[self.config.search]
        heuristic_ok = not self.config.unit_costs and all(HEURISTICS[n].admissible for n in self._heuristic_names)
        return search_entry.optimal and heuristic_ok and (self.config.weight or 1) == 1

    def unsupported(self, task: GroundTask) -> str | None:
        """Why this planner refuses ``task``, or None when it accepts it."""
        parts = [("search", self.config.search, SEARCHES[self.config.search].supports)]
        parts += [("heuristic", name, HEURISTICS[name].supports) for name in self._heuristic_names]
        for feature in task_features(task):
            for kind, name, supports in parts:
                if not getattr(supports, feature):
                    return (f"planner {self.name!r}: {kind} {name!r} does not support {FEATURES[feature]}, "
                            f"which the task uses; choose another planner (e.g. 'default' or 'astar-hmax')")
        return None

    def solve(self, task: GroundTask, time_limit: float | None = None, memory_limit_mb: float | None = None,
              expansion_limit: int | None = None) -> SearchResult:
        """Search for a plan; a refused task gives Status.UNSUPPORTED before any work."""
        message = self.unsupported(task)
        if message:
            return SearchResult(Status.UNSUPPORTED, message=message)
        started = time.perf_counter()
        keep = relevant_operators(task)
        pruned = task if keep is None or keep.all() else task.restricted(keep)
        relevance_done = time.perf_counter()
        heuristics = [HEURISTICS[name].factory() for name in self._heuristic_names]
        seen = pruned.with_unit_costs() if self.config.unit_costs else pruned
        for heuristic in heuristics:
            heuristic.precompute(seen)
        precomputed = time.perf_counter()
        base = SEARCHES[self.config.search].config
        config = replace(base, weight=self.config.weight or base.weight, preferred=self.config.preferred,
                         batch_size=self.config.batch_size or base.batch_size)
        remaining = None if time_limit is None else max(0.0, time_limit - (precomputed - started))
        result = search(pruned, config, heuristics, remaining, memory_limit_mb, expansion_limit)
        result.stats.phases = {"relevance": relevance_done - started, "heuristics": precomputed - relevance_done,
                               "search": result.stats.seconds}
        if pruned is not task and result.plan is not None:  # back to the task's operator ids
            result = replace(result, plan=np.flatnonzero(keep)[result.plan].tolist())
        return result

    @property
    def _heuristic_names(self) -> list[str]:
        return [name for name in (self.config.heuristic, self.config.alternate) if name is not None]


@dataclass(frozen=True)
class Portfolio(_Refuses):
    """Several planners on one task; the first that settles it (solves it or proves it unsolvable) wins.

    No single greedy search is robust (h_FF alone stalls on visitall's plateaus, which landmark
    counting crosses; lazy search wins on childsnack and loses on barman; on a domain with many
    objects lazy h_FF alone solved a task in 25 s that time slices of the default gave too little
    time), so the default satisficing planner runs several. Members that refuse the task are skipped.

    Under a time limit (and no expansion limit) the ``members`` first run in turn within
    ``FIRST_EXPANSIONS`` expansions, which settles easy tasks with the same plan on every run
    (whichever member finishes first in a race is a matter of timing), and within
    ``FIRST_TIME_SHARE`` of the time: where expansions are slow (thousands of successors each)
    that phase would otherwise leave the race little or nothing (on a childsnack task eager h_FF's
    share was 33 of the 60 s, and its 300 expansions needed more than 60); then the ``concurrent``
    members start all at once, each in a process of its own (``os.fork``: the task is inherited, never
    pickled, and a daemonic worker may run a portfolio too) with the whole time limit and an equal
    share of the memory limit; the first to settle the task wins and the others are killed. Nobody
    has to guess a split of the time. Where members outnumber cores, the first of ``concurrent`` (the
    lead: LAMA, the one that settles most tasks) keeps its priority and the others run ``HELPER_NICENESS``
    lower, so the lead has a core to itself and the helpers share the rest: three equal members on two
    cores would each get two thirds of one, and a task the lead needs 45 s for alone would miss a 60 s
    limit. With a core per member the niceness changes nothing.
    Otherwise (an expansion limit: generation, which must not depend on the machine's speed; no
    time limit; no ``os.fork``) the ``members`` run in turn, each with its ``share`` of the time
    or expansions left; without a time limit each member but the last gets ``UNLIMITED_SLICE_S``
    seconds.
    """

    name: str
    members: tuple[tuple[str, float], ...]  # (planner name, share of the remaining time when in turn)
    optimal: bool = False
    concurrent: tuple[str, ...] = ()  # planner names run side by side under a time limit

    UNLIMITED_SLICE_S = 60.0
    FIRST_EXPANSIONS = 1000  # in turn before going side by side: a race would make easy tasks' plans vary
    FIRST_TIME_SHARE = 0.1  # of the time limit, at most, for that first phase
    KILL_GRACE_S = 5.0  # after the time limit, a member's process is waited for this long, then killed
    HELPER_NICENESS = 5  # weight 335 against the lead's 1024: two helpers together still weigh less than it

    def unsupported(self, task: GroundTask) -> str | None:
        names = [member for member, _share in self.members] + list(self.concurrent)
        reasons = [make_planner(member).unsupported(task) for member in names]
        return None if any(r is None for r in reasons) else reasons[0]

    def solve(self, task: GroundTask, time_limit: float | None = None, memory_limit_mb: float | None = None,
              expansion_limit: int | None = None) -> SearchResult:
        """The members side by side or in turn (see the class docstring). An ``expansion_limit``
        bounds all members together and is shared out like the time; with an expansion limit
        and no time limit the slices are expansions only, so the outcome does not depend on the
        machine's speed."""
        runnable = [(m, share) for m, share in self.members if make_planner(m).unsupported(task) is None]
        side_by_side = [m for m in self.concurrent if make_planner(m).unsupported(task) is None]
        if not (len(side_by_side) > 1 and time_limit is not None and time_limit > 0 and expansion_limit is None
                and hasattr(os, "fork")):
            if not runnable:
                return SearchResult(Status.UNSUPPORTED, message=self.unsupported(task) or "")
            return self._in_turn(task, runnable, time_limit, memory_limit_mb, expansion_limit)
        started = time.perf_counter()
        first, left = None, time_limit
        if runnable:  # easy tasks: settled in turn within a fixed number of expansions, the same plan every run
            first = self._in_turn(task, runnable, time_limit * self.FIRST_TIME_SHARE, memory_limit_mb,
                                  self.FIRST_EXPANSIONS)
            left = time_limit - (time.perf_counter() - started)
            if first.status in (Status.SOLVED, Status.UNSOLVABLE) or left <= 0:
                return first
        rest = self._side_by_side(task, side_by_side, left, memory_limit_mb)
        if first is not None:
            _add_stats(rest.stats, first.stats)
            rest.stats.peak_memory_mb = max(rest.stats.peak_memory_mb, first.stats.peak_memory_mb)
        rest.stats.seconds = time.perf_counter() - started
        return rest

    def _in_turn(self, task: GroundTask, runnable: list[tuple[str, float]], time_limit: float | None,
                 memory_limit_mb: float | None, expansion_limit: int | None) -> SearchResult:
        started = time.perf_counter()
        total = SearchStats()
        last = SearchResult(Status.LIMIT_REACHED, message="time limit reached")
        for i, (member, share) in enumerate(runnable):
            is_last = i == len(runnable) - 1
            if time_limit is None:
                budget = None if is_last or expansion_limit is not None else self.UNLIMITED_SLICE_S
            else:
                left = time_limit - (time.perf_counter() - started)
                if left <= 0:
                    break
                budget = left if is_last else left * share
            expansions = None
            if expansion_limit is not None:
                left_expansions = expansion_limit - total.expanded
                if left_expansions <= 0:
                    break
                expansions = left_expansions if is_last else max(1, int(left_expansions * share))
            last = make_planner(member).solve(task, budget, memory_limit_mb, expansions)
            _add_stats(total, last.stats)
            total.peak_memory_mb = max(total.peak_memory_mb, last.stats.peak_memory_mb)
            if last.status in (Status.SOLVED, Status.UNSOLVABLE):
                break
        total.seconds = time.perf_counter() - started
        return replace(last, stats=total, message=last.message or f"{self.name}: {last.status.value}")

    def _side_by_side(self, task: GroundTask, members: list[str], time_limit: float,
                      memory_limit_mb: float | None) -> SearchResult:
        started = time.perf_counter()
        kernels.load()  # once, here, rather than in every member's process
        memory = None if memory_limit_mb is None else memory_limit_mb / len(members)
        running: dict[Connection, tuple[str, int]] = {}
        total = SearchStats()
        winner, last = None, SearchResult(Status.LIMIT_REACHED, message="time limit reached")
        parent = os.getpid()
        try:
            for position, member in enumerate(members):
                receive, send = multiprocessing.Pipe(duplex=False)
                pid = os.fork()
                if pid == 0:  # the member's process: answer, then leave without the parent's exit handlers
                    try:
                        _die_with(parent)
                        if position:
                            os.nice(self.HELPER_NICENESS)
                        receive.close()
                        _run_member(member, task, time_limit - (time.perf_counter() - started), memory, send)
                    finally:
                        os._exit(0)
                send.close()
                running[receive] = (member, pid)
            while running and winner is None:
                left = time_limit + self.KILL_GRACE_S - (time.perf_counter() - started)
                ready = wait(list(running), timeout=max(0.0, left))
                if not ready:
                    break
                for connection in ready:
                    member, pid = running.pop(connection)
                    try:
                        outcome = connection.recv()
                    except EOFError:  # killed (out of memory, a signal) before it could answer
                        outcome = None
                    connection.close()
                    status = os.waitpid(pid, 0)[1]  # it exits once it has answered
                    if outcome is None:
                        outcome = SearchResult(Status.ERROR, message=f"portfolio member {member!r} ended without "
                                                                     f"an answer (exit code "
                                                                     f"{os.waitstatus_to_exitcode(status)})")
                    if isinstance(outcome, str):  # a bug in a member: raised here, as in turn it would be
                        raise RuntimeError(f"portfolio member {member!r} failed:\n{outcome}")
                    _add_stats(total, outcome.stats)
                    total.peak_memory_mb += outcome.stats.peak_memory_mb  # they held it at the same time
                    if outcome.status in (Status.SOLVED, Status.UNSOLVABLE) and winner is None:
                        winner = replace(outcome, message=outcome.message or f"{self.name}: {member} "
                                                                             f"{outcome.status.value}")
                    elif winner is None:  # what the last member to give up said (a limit, an error)
                        last = outcome
        finally:
            for connection, (_member, pid) in running.items():
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                connection.close()
        total.seconds = time.perf_counter() - started
        found = winner or last
        return replace(found, stats=total, message=found.message or f"{self.name}: {found.status.value}")


_PR_SET_PDEATHSIG = 1  # prctl(2), <linux/prctl.h>


def _die_with(parent: int) -> None:
    """Have the kernel kill this member when its parent dies without reaching its ``finally`` (SIGKILL,
    the out-of-memory killer, a CI timeout): otherwise each member would search on, alone, to its own
    time limit. Linux only; elsewhere that time limit is what ends an orphan."""
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return
    prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # it died before the request was made
        os._exit(0)


def _add_stats(total: SearchStats, part: SearchStats) -> None:
    """Add a member's counters and phase seconds to a portfolio's."""
    for name in ("expanded", "generated", "evaluated"):
        setattr(total, name, getattr(total, name) + getattr(part, name))
    for phase, seconds in part.phases.items():
        total.phases[phase] = total.phases.get(phase, 0.0) + seconds


def _run_member(member: str, task: GroundTask, time_limit: float, memory_limit_mb: float | None,
                send: Connection) -> None:
    """One portfolio member in its own process: its SearchResult, or a bug's traceback as text."""
    try:
        outcome: SearchResult | str = make_planner(member).solve(task, time_limit, memory_limit_mb)
    except Exception:  # noqa: BLE001 - handed to the parent, which raises it
        outcome = traceback.format_exc()
    send.send(outcome)
    send.close()


PORTFOLIOS: dict[str, Portfolio] = {
    # side by side under a time limit: LAMA's alternation, lazy h_FF alone (quick where landmarks
    # cost more than they help), eager h_FF; in turn (expansion limits) as before
    "default": Portfolio("default", (("lama", 0.5), ("eager-gbfs-hff", 0.6), ("gbfs-goalcount", 1.0)),
                         concurrent=("lama", "lazy-gbfs-hff", "eager-gbfs-hff")),
    # the strongest admissible heuristic the task allows: LM-cut refuses conditional effects and axioms
    "optimal": Portfolio("optimal", (("astar-lmcut", 1.0), ("astar-hmax", 1.0)), optimal=True),
}
PLANNER_NAMES = (*PLANNERS, *PORTFOLIOS)


def make_planner(name_or_config: str | PlannerConfig, task: GroundTask | None = None) -> Planner | Portfolio:
    """A Planner by name (a key of PLANNERS or PORTFOLIOS) or from a PlannerConfig. Inconsistent
    configurations raise ValueError; with ``task`` given, a task the planner refuses raises UnsupportedTask."""
    if isinstance(name_or_config, str) and name_or_config in PORTFOLIOS:
        portfolio = PORTFOLIOS[name_or_config]
        if task is not None:
            portfolio.check(task)
        return portfolio
    if isinstance(name_or_config, str):
        if name_or_config not in PLANNERS:
            raise ValueError(f"unknown planner {name_or_config!r}; choose one of {', '.join(PLANNER_NAMES)}")
        name, config = name_or_config, PLANNERS[name_or_config]
    else:
        config = name_or_config
        name = f"{config.search}({config.heuristic or ''})"
    if config.search not in SEARCHES:
        raise ValueError(f"unknown search {config.search!r}; choose one of {', '.join(SEARCHES)}")
    entry = SEARCHES[config.search]
    if config.heuristic is not None and config.heuristic not in HEURISTICS:
        raise ValueError(f"unknown heuristic {config.heuristic!r}; choose one of {', '.join(HEURISTICS)}")
    if entry.needs_heuristic and config.heuristic is None:
        raise ValueError(f"search {config.search!r} needs a heuristic")
    if config.alternate is not None and (config.alternate not in HEURISTICS or config.heuristic is None
                                         or entry.config.order != "h"):
        raise ValueError("an alternate heuristic needs a known name, a first heuristic and a greedy search")
    if not entry.needs_heuristic and config.heuristic is not None:
        raise ValueError(f"search {config.search!r} takes no heuristic")
    if config.preferred and not (entry.config.order == "h" and HEURISTICS[config.heuristic].preferred):
        raise ValueError("preferred operators need a greedy search and a heuristic that provides them (hff)")
    if config.weight is not None and (entry.config.order != "f" or config.weight < 1):
        raise ValueError("a weight needs an A*-type search (astar, wastar) and must be a positive integer")
    planner = Planner(name, config)
    if task is not None:
        planner.check(task)
    return planner
