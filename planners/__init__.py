"""Classical planners over GroundTask arrays: one batch-vectorised best-first engine, heuristics,
and a registry of named planners (``make_planner("default").solve(task)``).

Layering: the planners read ``agentgen_sym.compiler.task`` (GroundTask) and ``agentgen_sym.compiler.limits``
(the run's Deadline) and nothing else of the compiler; solving a CompiledTask with validation is
``agentgen_sym.solver``'s job."""

from agentgen_sym.compiler.lazy import lazy_names

__getattr__, __dir__ = lazy_names(__name__, {
    "agentgen_sym.planners.portfolio": ("Portfolio",),
    "agentgen_sym.planners.registry": ("HEURISTICS", "PLANNER_NAMES", "PLANNERS", "PORTFOLIOS", "SEARCHES", "Planner",
                                       "PlannerConfig", "UnsupportedTask", "make_planner"),
    "agentgen_sym.planners.result": ("SearchResult", "SearchStats", "Status"),
    "agentgen_sym.compiler.task": ("GroundTask", "build_task"),
})
del lazy_names

__all__ = ["HEURISTICS", "PLANNERS", "PLANNER_NAMES", "PORTFOLIOS", "SEARCHES", "GroundTask", "Planner",
           "PlannerConfig", "Portfolio", "SearchResult",
           "SearchStats", "Status", "UnsupportedTask", "build_task", "make_planner"]
