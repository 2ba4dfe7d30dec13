"""Explicit tables of searches, heuristics and named planners; refusal of unsupported tasks up front.

Every entry declares which task features it handles, so a combination that would silently give
wrong answers (say LM-cut on conditional effects) is refused with a message before any search,
not discovered halfway. ``make_planner("default")`` or ``make_planner(PlannerConfig(...))``
gives a ``Planner`` (or a ``portfolio.Portfolio`` of them) whose ``solve(task)`` returns a ``SearchResult``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler import limits
from agentgen_sym.compiler.limits import Budget, Deadline, LimitReached
from agentgen_sym.planners.heuristics import HFF, Blind, GoalCount, HAdd, Heuristic, HMax, LMCut
from agentgen_sym.planners.landmarks import LandmarkCount
from agentgen_sym.planners.portfolio import Portfolio
from agentgen_sym.planners.relevance import relevant_task
from agentgen_sym.planners.result import SearchResult, SearchStats, Status
from agentgen_sym.planners.search import SearchConfig, search
from agentgen_sym.compiler.task import GroundTask


class UnsupportedTask(AgentgenError, ValueError):
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


@dataclass(frozen=True)
class Planner:
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
              expansion_limit: int | None = None, *, deadline: Deadline | None = None) -> SearchResult:
        """Search for a plan until ``deadline`` (or ``time_limit`` seconds from now), the set-up
        included; a refused task gives Status.UNSUPPORTED before any work."""
        deadline = Deadline.of(time_limit, deadline)
        message = self.unsupported(task)
        if message:
            return SearchResult(Status.UNSUPPORTED, message=message)
        started = time.perf_counter()
        # The set-up's passes take no deadline: they tick this Budget (limits.checkpoint). Time only: the planner's
        # memory limit is on what the search holds (planners/search.py), not the process's resident memory.
        try:
            with limits.active(Budget(deadline, None)) as budget:
                pruned, kept_ops = relevant_task(task)
                budget.check("analysing relevance")
                relevance_done = time.perf_counter()
                heuristics = [HEURISTICS[name].factory() for name in self._heuristic_names]
                seen = pruned.with_unit_costs() if self.config.unit_costs else pruned
                for heuristic in heuristics:
                    heuristic.precompute(seen)
                    budget.check("setting up the heuristics")
        except LimitReached as stop:
            return SearchResult(Status.LIMIT_REACHED, message=str(stop),
                                stats=SearchStats(seconds=time.perf_counter() - started))
        precomputed = time.perf_counter()
        base = SEARCHES[self.config.search].config
        config = replace(base, weight=self.config.weight or base.weight, preferred=self.config.preferred,
                         batch_size=self.config.batch_size or base.batch_size)
        result = search(pruned, config, heuristics, deadline, memory_limit_mb, expansion_limit)
        result.stats.phases = {"relevance": relevance_done - started, "heuristics": precomputed - relevance_done,
                               "search": result.stats.seconds}
        if kept_ops is not None and result.plan is not None:  # back to the task's operator ids
            result = replace(result, plan=kept_ops[result.plan].tolist())
        return result

    @property
    def _heuristic_names(self) -> list[str]:
        return [name for name in (self.config.heuristic, self.config.alternate) if name is not None]


def _named(*names: str) -> tuple[Planner, ...]:
    """Planners of PLANNERS by name: the members of the portfolios below."""
    return tuple(Planner(name, PLANNERS[name]) for name in names)


_LAMA, _EAGER_HFF, _GOALCOUNT, _LAZY_HFF = _named("lama", "eager-gbfs-hff", "gbfs-goalcount", "lazy-gbfs-hff")
_LMCUT, _HMAX = _named("astar-lmcut", "astar-hmax")
PORTFOLIOS: dict[str, Portfolio] = {
    # side by side under a time limit: LAMA's alternation, lazy h_FF alone (quick where landmarks
    # cost more than they help), eager h_FF; in turn (expansion limits) as before
    "default": Portfolio("default", ((_LAMA, 0.5), (_EAGER_HFF, 0.6), (_GOALCOUNT, 1.0)),
                         concurrent=(_LAMA, _LAZY_HFF, _EAGER_HFF)),
    # the strongest admissible heuristic the task allows: LM-cut refuses conditional effects and axioms
    "optimal": Portfolio("optimal", ((_LMCUT, 1.0), (_HMAX, 1.0)), optimal=True),
}
PLANNER_NAMES = (*PLANNERS, *PORTFOLIOS)


def make_planner(name_or_config: str | PlannerConfig, task: GroundTask | None = None) -> Planner | Portfolio:
    """A Planner by name (a key of PLANNERS or PORTFOLIOS) or from a PlannerConfig. Inconsistent
    configurations raise ValueError; with ``task`` given, a task the planner refuses raises UnsupportedTask."""
    if isinstance(name_or_config, str) and name_or_config in PORTFOLIOS:
        return _refuse(PORTFOLIOS[name_or_config], task)
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
    return _refuse(Planner(name, config), task)


def _refuse(planner: Planner | Portfolio, task: GroundTask | None) -> Planner | Portfolio:
    """``planner``, once it accepts ``task`` (when given); UnsupportedTask with its reason otherwise."""
    message = None if task is None else planner.unsupported(task)
    if message:
        raise UnsupportedTask(message)
    return planner
