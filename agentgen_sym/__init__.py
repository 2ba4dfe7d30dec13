"""agentgen-sym: compile PDDL (hand-written or LLM-drafted) into checked, solvable planning environments."""

from agentgen_sym.compiler.ast import ActionSchema, Domain, Plan, PlanStep, Problem, Span
from agentgen_sym.compiler.diagnostics import Diagnostic, PddlError, Severity
from agentgen_sym.compiler.parser import parse_domain, parse_plan, parse_problem
from agentgen_sym.compiler.printer import print_pddl

__version__ = "0.1.0"

__all__ = [
    "ActionSchema",
    "Diagnostic",
    "Domain",
    "PddlError",
    "Plan",
    "PlanStep",
    "Problem",
    "Severity",
    "Span",
    "__version__",
    "parse_domain",
    "parse_plan",
    "parse_problem",
    "print_pddl",
]
