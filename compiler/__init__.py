"""The PDDL compiler: parse tree -> AST, diagnostics, checking, repair, grounding, validation, and
``compile_task`` (the CompiledTask every later stage reads).

Layering: the compiler is the bottom layer and imports nothing of the package outside itself
(and the grammar). The planners import only ``compiler.task`` (GroundTask) and ``compiler.limits``
(the run's Deadline); the task layer above
both (``agentgen_sym.solver``, ``agentgen_sym.backends``) joins them. tests/test_task_layer.py
walks the imports and fails on a wrong-way edge.
"""

from importlib import import_module as _import_module

_HOMES = {".ast": ("Domain", "Plan", "Problem"), ".diagnostics": ("Diagnostic", "PddlError", "Severity"),
          ".parser": ("parse_domain", "parse_plan", "parse_problem", "parse_source", "parse_text"),
          ".printer": ("print_pddl",)}
_LAZY = {name: module for module, names in _HOMES.items() for name in names}
"""Each name -> its module, imported on first use: importing one module of the compiler loads no other (the
parser's Lark and NumPy included)."""


def __getattr__(name: str) -> object:
    if name in _LAZY:
        value = getattr(_import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Diagnostic", "Domain", "PddlError", "Plan", "Problem", "Severity", "parse_domain", "parse_plan",
           "parse_problem", "parse_source", "parse_text", "print_pddl"]
