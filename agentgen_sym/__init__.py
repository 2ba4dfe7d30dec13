"""agentgen-sym: compile PDDL (hand-written or LLM-drafted) into checked, solvable planning environments.

The public API covers what the CLI does, one value per stage: parse -> check/repair ->
``compile_task`` -> ``solve`` (validated plans) -> ``generate_tasks``/``evolve_tasks`` (task sets in
memory, ``write_tasks`` to a folder) -> ``export_tasks`` (training records) and ``TextEnv``.
Every name loads on first use (``agentgen_sym.solve`` imports the solver then), so importing the package imports
no stage, no compiled kernel and no ``openai``.
"""

from agentgen_sym.compiler.lazy import lazy_names

__version__ = "0.1.0"

__getattr__, __dir__ = lazy_names(__name__, {
    "agentgen_sym.compiler.ast": ("ActionSchema", "Domain", "Plan", "PlanStep", "Problem", "Span"),
    "agentgen_sym.compiler.check": ("check",),
    "agentgen_sym.compiler.compile": ("CheckedTask", "CompiledTask", "check_task", "compile_task"),
    "agentgen_sym.compiler.diagnostics": ("Diagnostic", "PddlError", "Severity"),
    "agentgen_sym.compiler.errors": ("AgentgenError",),
    "agentgen_sym.compiler.ground": ("GroundingError",),
    "agentgen_sym.compiler.parser": ("parse_domain", "parse_plan", "parse_problem"),
    "agentgen_sym.compiler.printer": ("print_pddl",),
    "agentgen_sym.compiler.repair": ("RepairResult", "repair"),
    "agentgen_sym.compiler.task": ("GroundAction", "GroundAtom", "GroundTask"),
    "agentgen_sym.compiler.validate": ("ValidationResult", "validate"),
    "agentgen_sym.wording.templates": ("Templates",),
    "agentgen_sym.env.textenv": ("TextEnv",),
    "agentgen_sym.export": ("export_folder", "export_tasks"),
    "agentgen_sym.generation": ("evolve_tasks", "generate_tasks"),
    "agentgen_sym.planners.result": ("Status",),
    "agentgen_sym.solver": ("SOLVER_NAMES", "Solution", "solve"),
    "agentgen_sym.taskset": ("GeneratedTask", "TaskSet", "read_tasks", "write_tasks"),
    "agentgen_sym.drafting": ("BuildOptions", "DraftOptions", "build", "draft_environment"),
    "agentgen_sym.pipeline": ("run",),
    "agentgen_sym.evaluation": ("EvalOptions", "evaluate"),
    "agentgen_sym.equiv": ("EquivBudget", "equiv_domains", "equiv_problems"),
})
del lazy_names

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
    "check_task",
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
