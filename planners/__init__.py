"""Classical planners over GroundTask arrays: one batch-vectorised best-first engine, heuristics,
and a registry of named planners (``make_planner("default").solve(task)``).

Layering: the planners read ``agentgen_sym.compiler.task`` (GroundTask) and ``agentgen_sym.compiler.limits``
(the run's Deadline) and nothing else of the compiler; solving a CompiledTask with validation is
``agentgen_sym.solver``'s job."""

from importlib import import_module as _import_module

_HOMES = {
    "agentgen_sym.planners.portfolio": ("Portfolio",),
    "agentgen_sym.planners.registry": ("HEURISTICS", "PLANNER_NAMES", "PLANNERS", "PORTFOLIOS", "SEARCHES", "Planner",
                                       "PlannerConfig", "UnsupportedTask", "make_planner"),
    "agentgen_sym.planners.result": ("SearchResult", "SearchStats", "Status"),
    "agentgen_sym.compiler.task": ("GroundTask", "build_task"),
}
_LAZY = {name: module for module, names in _HOMES.items() for name in names}
"""Each name -> its module, imported on first use: reading one planner module (distances, say) does not load the
compiled kernels."""


def __getattr__(name: str) -> object:
    if name in _LAZY:
        value = getattr(_import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["HEURISTICS", "PLANNERS", "PLANNER_NAMES", "PORTFOLIOS", "SEARCHES", "GroundTask", "Planner",
           "PlannerConfig", "Portfolio", "SearchResult",
           "SearchStats", "Status", "UnsupportedTask", "build_task", "make_planner"]
