"""Classical planners over GroundTask arrays: one batch-vectorised best-first engine, heuristics,
and a registry of named planners (``make_planner("default").solve(task)``)."""

from .registry import HEURISTICS, PLANNERS, SEARCHES, Planner, PlannerConfig, UnsupportedTask, make_planner
from .result import SearchResult, SearchStats, Status
from .task import GroundTask, build_task

__all__ = ["HEURISTICS", "PLANNERS", "SEARCHES", "GroundTask", "Planner", "PlannerConfig", "SearchResult",
           "SearchStats", "Status", "UnsupportedTask", "build_task", "make_planner"]
