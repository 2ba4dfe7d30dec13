"""The PDDL compiler: parse tree -> AST, diagnostics, and (in later stages) checking and grounding."""

from .ast import Domain, Plan, Problem
from .diagnostics import Diagnostic, PddlError, Severity
from .parser import parse_domain, parse_plan, parse_problem, parse_source, parse_text
from .printer import print_pddl

__all__ = ["Diagnostic", "Domain", "PddlError", "Plan", "Problem", "Severity", "parse_domain", "parse_plan",
           "parse_problem", "parse_source", "parse_text", "print_pddl"]
