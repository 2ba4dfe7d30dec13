"""The PDDL compiler: parse tree -> AST, diagnostics, checking, repair, grounding, validation, and
``compile_task`` (the CompiledTask every later stage reads).

Layering: the compiler is the bottom layer and imports nothing of the package outside itself
(and the grammar). The planners import only ``compiler.task`` (GroundTask) and ``compiler.limits``
(the run's Deadline); the task layer above
both (``agentgen_sym.solver``, ``agentgen_sym.backends``) joins them. tests/test_task_layer.py
walks the imports and fails on a wrong-way edge.
"""

from .lazy import lazy_names

__getattr__, __dir__ = lazy_names(__name__, {
    ".ast": ("Domain", "Plan", "Problem"),
    ".diagnostics": ("Diagnostic", "PddlError", "Severity"),
    ".parser": ("parse_domain", "parse_plan", "parse_problem", "parse_source", "parse_text"),
    ".printer": ("print_pddl",),
})
del lazy_names

__all__ = ["Diagnostic", "Domain", "PddlError", "Plan", "Problem", "Severity", "parse_domain", "parse_plan",
           "parse_problem", "parse_source", "parse_text", "print_pddl"]
