"""agentgen-sym: compile PDDL (hand-written or LLM-drafted) into checked, solvable planning environments."""

from agentgen_sym.compiler.ast import ActionSchema, Domain, Plan, PlanStep, Problem, Span
from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.diagnostics import Diagnostic, PddlError, Severity
from agentgen_sym.compiler.parser import parse_domain, parse_plan, parse_problem
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.compiler.repair import RepairResult, repair

__version__ = "0.1.0"

__all__ = [
    "ActionSchema",
    "Diagnostic",
    "Domain",
    "PddlError",
    "Plan",
    "PlanStep",
    "Problem",
    "RepairResult",
    "Severity",
    "Span",
    "__version__",
    "check",
    "parse_domain",
    "parse_plan",
    "parse_problem",
    "print_pddl",
    "repair",
]
