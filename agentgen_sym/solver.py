"""``solve(task) -> Solution``: the one place that plans and validates, for every caller.

The CLI, generation, drafting, export and the benchmarks all solve through here, so they
share one policy: a planner by name (ours from the registry, a portfolio, or an external
backend), limits in seconds, expansions and megabytes, and the lifted validator's verdict
on every plan. A plan that does not validate, or whose cost the validator prices otherwise,
never leaves this module: the Solution then has Status.ERROR and says why.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from agentgen_sym.backends import BACKENDS, run_backend
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.compile import CheckedTask, CompiledTask
from agentgen_sym.compiler.limits import Budget, Deadline, LimitReached
from agentgen_sym.compiler.printer import ground_call, print_pddl
from agentgen_sym.compiler.task import GroundTask
from agentgen_sym.compiler.validate import ValidationResult, validate
from agentgen_sym.lifted_search import LIFTED_PLANNERS, lifted_bfws
from agentgen_sym.planners.portfolio import Portfolio
from agentgen_sym.planners.registry import PLANNER_NAMES, make_planner
from agentgen_sym.planners.result import SearchStats, Status

SOLVER_NAMES = (*PLANNER_NAMES, *LIFTED_PLANNERS, *BACKENDS)
"""Every name ``solve`` takes: our planners and portfolios, our lifted search, then the external backends."""

GROUNDING_FREE = (*LIFTED_PLANNERS, *(name for name, backend in BACKENDS.items() if not backend.grounds))
"""The planners that read the lifted task: ``solve`` gives them a CheckedTask, for tasks whose grounding does not
fit."""


@dataclass(frozen=True)
class Solution:
    """The outcome of ``solve``.

    ``plan`` (when solved) is validated: lifted steps in the source's names, ``plan.cost`` the
    validator's price of it under the task's cost rule. ``timings`` gives seconds per pass:
    the grounder's passes, then the planner's phases, then ``validate``.
    """

    status: Status
    planner: str
    plan: ast.Plan | None = None
    stats: SearchStats = field(default_factory=SearchStats)
    verdict: ValidationResult | None = None
    timings: dict[str, float] = field(default_factory=dict)
    message: str = ""
    unit_cost: bool = True  # every step of the task costs 1: the IPC plan file says "(unit cost)"

    @property
    def solved(self) -> bool:
        return self.status is Status.SOLVED

    @property
    def cost(self) -> int | None:
        return None if self.plan is None else self.plan.cost

    @property
    def steps(self) -> tuple[ast.PlanStep, ...]:
        return () if self.plan is None else self.plan.steps

    def plan_text(self) -> str:
        """The IPC plan file: one ``(action arg ...)`` per line, then ``; cost = N (unit cost)``."""
        if self.plan is None:
            raise ValueError(f"no plan to print: {self.status.value}")
        kind = "unit cost" if self.unit_cost else "general cost"
        return print_pddl(self.plan).rstrip("\n") + f" ({kind})\n"

    def to_json(self) -> dict[str, object]:
        """``solve --format json``: the outcome as data, the plan (validated) as IPC step lines."""
        stats = self.stats
        return {"status": self.status.value, "planner": self.planner,
                "plan": [ground_call(s.action, s.args) for s in self.steps] if self.solved else None,
                "cost": self.cost, "unit_cost": self.unit_cost, "message": self.message or None,
                "stats": {"expanded": stats.expanded, "generated": stats.generated, "evaluated": stats.evaluated,
                          "seconds": round(stats.seconds, 4)}}


def lifted_plan(ground: GroundTask, op_ids: list[int], cost: int | None = None) -> ast.Plan:
    """A search's operator ids as a plan of the lifted domain (goal bookkeeping left out)."""
    return ast.Plan(tuple(ast.PlanStep(step.action, step.args) for step in ground.plan_steps(op_ids)), cost)


def solve(task: CompiledTask | CheckedTask, planner: str = "default", time_limit: float | None = None,
          expansion_limit: int | None = None, memory_limit_mb: float | None = None,
          side_by_side: bool = True, *, deadline: Deadline | None = None) -> Solution:
    """Plan for ``task`` with ``planner`` (a name of SOLVER_NAMES: "default", "optimal", a planner
    such as "astar-lmcut", our lifted search "lifted-bfws", or a backend such as "fd-lama-first") and validate
    the plan.

    The search and the validation share one deadline: ``time_limit`` seconds from the call, or the
    ``deadline`` of a run that compiled the task under it too (give one or the other).
    Raises ValueError for an unknown planner name. Limits that stop the search give
    Status.LIMIT_REACHED; the external backends honour only the deadline. ``side_by_side=False``
    keeps a portfolio's members in turn under a time limit too: a pipeline whose files must not depend
    on which member wins a race (and whose executor already fills the cores) asks for that.
    Raises TypeError when ``task`` is neither a CompiledTask nor a CheckedTask (file names or ASTs:
    ``compile_task`` them first; ``check_task`` for a planner of GROUNDING_FREE), or a CheckedTask for a planner
    that reads the grounding.
    """
    if not isinstance(task, (CompiledTask, CheckedTask)):
        raise TypeError(f"solve() takes a CompiledTask, not {type(task).__name__}: compile the domain and problem "
                        "first, as in solve(compile_task(domain, problem)) (compile_task takes paths, PDDL text "
                        "or parsed ASTs)")
    if planner not in SOLVER_NAMES:
        raise ValueError(f"unknown planner {planner!r}; choose one of {', '.join(SOLVER_NAMES)}")
    if isinstance(task, CheckedTask) and planner not in GROUNDING_FREE:
        raise TypeError(f"{planner} searches the grounded task: give solve() compile_task(domain, problem), or "
                        f"pick a planner that grounds nothing ({', '.join(GROUNDING_FREE)})")
    deadline = Deadline.of(time_limit, deadline)
    timings = dict(task.stats.passes) if isinstance(task, CompiledTask) else {}
    if planner in BACKENDS:
        found = run_backend(planner, task.domain, task.problem, deadline.left())
        stats = SearchStats(seconds=found.seconds, phases={"search": found.seconds})
        status, message = found.status, found.message
        steps = found.plan.steps if found.plan is not None else None
        searched = None if found.plan is None else found.plan.cost  # the cost the tool declares, if any
    elif planner in LIFTED_PLANNERS:
        lifted = lifted_bfws(task.domain, task.problem, deadline, memory_limit_mb, expansion_limit)
        stats, status, message, steps, searched = lifted.stats, lifted.status, lifted.message, lifted.steps, None
    else:
        ground = task.ground
        chosen = make_planner(planner)
        if not side_by_side and isinstance(chosen, Portfolio):
            chosen = replace(chosen, concurrent=())
        result = chosen.solve(ground, memory_limit_mb=memory_limit_mb, expansion_limit=expansion_limit,
                              deadline=deadline)
        stats, status, message = result.stats, result.status, result.message
        steps = None if result.plan is None else lifted_plan(ground, result.plan).steps
        searched = result.cost
    timings.update(stats.phases)
    unit_cost = task.unit_cost
    if status is not Status.SOLVED or steps is None:
        return Solution(status, planner, None, stats, None, timings, message, unit_cost)
    started = time.perf_counter()
    try:  # the replay has what the search left of the deadline
        verdict = validate(task.domain, task.problem, ast.Plan(tuple(steps)), Budget(deadline))
    except LimitReached as exc:
        return Solution(Status.LIMIT_REACHED, planner, None, stats, None, timings, str(exc), unit_cost)
    timings["validate"] = time.perf_counter() - started
    if not verdict.valid:
        reason = verdict.diagnostics[0].message if verdict.diagnostics else "the goal is not reached"
        return Solution(Status.ERROR, planner, None, stats, verdict, timings,
                        f"internal error: the plan of {planner} failed validation: {reason}", unit_cost)
    if searched is not None and searched != verdict.cost:
        return Solution(Status.ERROR, planner, None, stats, verdict, timings,
                        f"internal error: {planner} priced its plan at {searched}, the validator at {verdict.cost}",
                        unit_cost)
    return Solution(Status.SOLVED, planner, ast.Plan(tuple(steps), verdict.cost), stats, verdict, timings, message,
                    unit_cost)
