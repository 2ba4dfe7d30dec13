"""Degenerate environments, found after the problems are solved and their plans validated (the draft's
``lint`` stage).

- ``self-loop``: an action that changes nothing when two parameters are equal (``W607`` from
  ``check``): gold plans could contain bogus steps, so the environment is rejected.
- ``trivial-goal``: a problem whose goal already holds in its initial state (checked by
  replaying the empty plan on the lifted semantics): the problem is dropped; when every problem
  is trivial the environment is rejected.
- ``unused-action``: an action that no gold plan uses. One or two are normal for small
  problems (noted as a warning); when more than ``max_unused_fraction`` of the actions are
  unused, the environment is mostly decoration and is rejected.
"""

from __future__ import annotations

from dataclasses import dataclass

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.compiler.validate import validate

MAX_UNUSED_FRACTION = 0.5


@dataclass(frozen=True)
class DegenerateFinding:
    kind: str          # self-loop | trivial-goal | unused-action
    severity: str      # "error" rejects the environment, "warning" is recorded
    message: str
    subject: str = ""  # the action or problem concerned

    def to_data(self) -> dict[str, str]:
        return {"kind": self.kind, "severity": self.severity, "message": self.message, "subject": self.subject}


def goal_holds_initially(domain: ast.Domain, problem: ast.Problem) -> bool:
    """True when the empty plan is valid: the goal is already true in the initial state."""
    return validate(domain, problem, ast.Plan(())).valid


def find_degenerate(domain: ast.Domain, solved: dict[str, tuple[ast.Problem, tuple[str, ...]]],
                    max_unused_fraction: float = MAX_UNUSED_FRACTION) -> list[DegenerateFinding]:
    """Findings for a domain and its solved problems (``label -> (problem, plan steps as "(a x y)")``).

    A trivial problem is an error finding for that problem only (the caller drops it); the
    environment is rejected by any ``self-loop``, by every problem being trivial, or by too many
    unused actions (errors with an empty ``subject`` or an action subject)."""
    findings: list[DegenerateFinding] = []
    for d in check(domain):
        if d.code == "W607":
            where = f" (line {d.span.line})" if d.span else ""
            findings.append(DegenerateFinding("self-loop", "error", f"W607{where}: {d.message}", _action_at(domain, d)))
    trivial = [label for label, (problem, _plan) in solved.items() if goal_holds_initially(domain, problem)]
    for label in trivial:
        findings.append(DegenerateFinding("trivial-goal", "error",
                                          f"the goal of {label} already holds in its initial state", label))
    kept = {label: plan for label, (_p, plan) in solved.items() if label not in trivial}
    if solved and not kept:
        findings.append(DegenerateFinding("trivial-goal", "error", "every problem's goal already holds initially"))
    used = {GroundAction.parse(step).action for plan in kept.values() for step in plan}
    unused = [a.name for a in domain.actions if a.name not in used]
    if kept and domain.actions:
        too_many = len(unused) / len(domain.actions) > max_unused_fraction
        for name in unused:
            findings.append(DegenerateFinding("unused-action", "warning", f"no gold plan uses action `{name}`", name))
        if too_many:
            findings.append(DegenerateFinding("unused-action", "error",
                                              f"{len(unused)} of {len(domain.actions)} actions are used by no gold plan "
                                              f"(more than {max_unused_fraction:.0%})"))
    return findings


def _action_at(domain: ast.Domain, diagnostic) -> str:
    span = diagnostic.span
    if span is None:
        return ""
    for action in domain.actions:
        s = action.span
        if s is not None and (s.line, s.column) <= (span.line, span.column) <= (s.end_line, s.end_column):
            return action.name
    return ""


def rejection(findings: list[DegenerateFinding]) -> DegenerateFinding | None:
    """The finding that rejects the environment, or None (trivial problems alone are dropped, not fatal)."""
    for finding in findings:
        if finding.severity == "error" and not (finding.kind == "trivial-goal" and finding.subject):
            return finding
    return None
