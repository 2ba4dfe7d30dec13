"""agentgen-sym: compile PDDL (hand-written or LLM-drafted) into checked, solvable planning environments.

The public API covers what the CLI does, one value per stage: parse -> check/repair ->
``compile_task`` -> ``solve`` (validated plans) -> ``generate_tasks``/``evolve_tasks`` (task sets in
memory, ``write_tasks`` to a folder) -> ``export_tasks`` (training records) and ``TextEnv``.
The LLM side (``draft_environment``, ``build``, ``evaluate``) and the main job (``run``) load on first use, so
importing the package never imports ``openai``.
"""

from importlib import import_module as _import_module

from agentgen_sym.compiler.ast import ActionSchema, Domain, Plan, PlanStep, Problem, Span
from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.compile import CompiledTask, compile_task
from agentgen_sym.compiler.diagnostics import Diagnostic, PddlError, Severity
from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.ground import GroundingError
from agentgen_sym.compiler.parser import parse_domain, parse_plan, parse_problem
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.compiler.repair import RepairResult, repair
from agentgen_sym.compiler.task import GroundAction, GroundAtom, GroundTask
from agentgen_sym.compiler.validate import ValidationResult, validate
from agentgen_sym.env import Templates, TextEnv
from agentgen_sym.export import export_folder, export_tasks
from agentgen_sym.generation import evolve_tasks, generate_tasks
from agentgen_sym.planners.result import Status
from agentgen_sym.solver import SOLVER_NAMES, Solution, solve
from agentgen_sym.taskset import GeneratedTask, TaskSet, read_tasks, write_tasks

__version__ = "0.1.0"

_LAZY = {"BuildOptions": "agentgen_sym.drafting", "DraftOptions": "agentgen_sym.drafting",
         "build": "agentgen_sym.drafting", "draft_environment": "agentgen_sym.drafting",
         "run": "agentgen_sym.pipeline", "evaluate": "agentgen_sym.evaluation",
         "EvalOptions": "agentgen_sym.evaluation", "EquivBudget": "agentgen_sym.equiv",
         "equiv_domains": "agentgen_sym.equiv", "equiv_problems": "agentgen_sym.equiv"}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        return getattr(_import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'agentgen_sym' has no attribute {name!r}")


__all__ = [
    "ActionSchema",
    "AgentgenError",
    "BuildOptions",
    "CompiledTask",
    "Diagnostic",
    "Domain",
    "DraftOptions",
    "EquivBudget",
    "EvalOptions",
    "GeneratedTask",
    "GroundAction",
    "GroundAtom",
    "GroundTask",
    "GroundingError",
    "PddlError",
    "Plan",
    "PlanStep",
    "Problem",
    "RepairResult",
    "SOLVER_NAMES",
    "Severity",
    "Solution",
    "Span",
    "Status",
    "TaskSet",
    "Templates",
    "TextEnv",
    "ValidationResult",
    "__version__",
    "build",
    "check",
    "compile_task",
    "draft_environment",
    "equiv_domains",
    "equiv_problems",
    "evaluate",
    "evolve_tasks",
    "export_folder",
    "export_tasks",
    "generate_tasks",
    "parse_domain",
    "parse_plan",
    "parse_problem",
    "print_pddl",
    "read_tasks",
    "repair",
    "run",
    "solve",
    "validate",
    "write_tasks",
]
