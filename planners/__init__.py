"""Classical planners over GroundTask arrays: one batch-vectorised best-first engine, heuristics,
and a registry of named planners (``make_planner("default").solve(task)``).

Layering: the planners read ``agentgen_sym.compiler.task`` (GroundTask) and nothing else of the
compiler; solving a CompiledTask with validation is ``agentgen_sym.solve``'s job."""

from .registry import (HEURISTICS, PLANNER_NAMES, PLANNERS, PORTFOLIOS, SEARCHES, Planner, PlannerConfig, Portfolio,
                       UnsupportedTask, make_planner)
from .result import SearchResult, SearchStats, Status
from agentgen_sym.compiler.task import GroundTask, build_task

__all__ = ["HEURISTICS", "PLANNERS", "PLANNER_NAMES", "PORTFOLIOS", "SEARCHES", "GroundTask", "Planner",
           "PlannerConfig", "Portfolio", "SearchResult",
           "SearchStats", "Status", "UnsupportedTask", "build_task", "make_planner"]
