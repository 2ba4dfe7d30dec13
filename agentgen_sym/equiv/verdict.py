"""What ``equiv`` answers: a verdict (equivalent, not equivalent, unknown within the budget), the mapping, the
counterexample and what was checked, as JSON and as diagnostics for the linters' formats."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import Callable

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.diagnostics import Diagnostic, Severity, render_sarif
from agentgen_sym.compiler.limits import Budget, LimitReached, active
from agentgen_sym.compiler.printer import ground_call, print_pddl
from agentgen_sym.equiv.mapping import Mapping


class Kind(str, enum.Enum):
    EQUIVALENT = "equivalent"
    NOT_EQUIVALENT = "not_equivalent"
    UNKNOWN = "unknown"


EXIT_CODES = {Kind.EQUIVALENT: 0, Kind.NOT_EQUIVALENT: 1, Kind.UNKNOWN: 4}

CODES = {"Q901": "domains not equivalent", "Q902": "problems not equivalent",
         "Q903": "equivalence not decided within the budget"}
"""The codes of ``equiv``'s findings (SARIF rule titles); they are not ``check``'s, so not in its catalogue."""


@dataclass(frozen=True)
class EquivBudget:
    """Work, not seconds, so a verdict is the same on every machine: ``nodes`` of the structural (isomorphism)
    search, ``states`` explored in the behavioural comparison, ``problems`` generated when none is given, each
    with ``objects`` objects per type; ``seed`` picks the generated states; ``differences``: the counterexamples
    to collect (one per action and side where the domains part) before the comparison stops: each one past the
    first may cost the whole state budget, as the search for it goes on until it is found."""

    nodes: int = 50_000
    states: int = 3_000
    problems: int = 6
    objects: int = 2
    seed: int = 0
    differences: int = 1


@dataclass(frozen=True)
class Counterexample:
    """A problem and plan valid on one side (``valid_in``: "a" or "b") and not on the other, in each side's names,
    or valid on both (``valid_in`` "both") at different ``costs``; ``step`` is the first step (1-based) where the
    sides part and ``reason`` why (which precondition, effect or price); ``checks`` are the validator's verdicts on
    both sides."""

    problem_a: ast.Problem
    problem_b: ast.Problem
    plan_a: ast.Plan
    plan_b: ast.Plan
    valid_in: str
    step: int
    reason: str
    checks: dict[str, bool] = field(default_factory=dict)
    costs: dict[str, int | float] = field(default_factory=dict)

    def to_json(self) -> dict:
        show = lambda plan: [ground_call(s.action, s.args) for s in plan.steps]
        return {"valid_in": self.valid_in, "step": self.step, "reason": self.reason,
                "plan_a": show(self.plan_a), "plan_b": show(self.plan_b), "validated": self.checks,
                **({"costs": self.costs} if self.costs else {}),
                "problem_a": print_pddl(self.problem_a), "problem_b": print_pddl(self.problem_b)}


@dataclass(frozen=True)
class Verdict:
    """The answer of ``equiv_domains``/``equiv_problems``. ``mapping`` is the renaming (a full one when
    equivalent, the partial one the comparison used otherwise); ``counterexamples`` the differences found, each
    with ``where`` it is in the second file (the action); ``checked`` counts the work done."""

    kind: Kind
    subject: str  # "domains" or "problems"
    mapping: Mapping | None
    counterexamples: tuple[Counterexample, ...] = ()
    state: tuple[str, ...] = ()  # problems: a goal-relevant fact where they differ
    reason: str = ""
    checked: dict[str, object] = field(default_factory=dict)
    where: tuple[ast.Span | None, ...] = ()  # the action of each counterexample, for the linters' formats

    @property
    def counterexample(self) -> Counterexample | None:
        """The first difference found (the one ``reason`` describes)."""
        return self.counterexamples[0] if self.counterexamples else None

    @property
    def exit_code(self) -> int:
        return EXIT_CODES[self.kind]

    def to_json(self) -> dict:
        return {"verdict": self.kind.value, "subject": self.subject, "reason": self.reason,
                "mapping": None if self.mapping is None else self.mapping.to_json(),
                "counterexample": None if self.counterexample is None else self.counterexample.to_json(),
                "counterexamples": [c.to_json() for c in self.counterexamples],
                "state": list(self.state), "checked": self.checked}

    def diagnostics(self, file: str | None) -> list[Diagnostic]:
        """The verdict as findings, one per difference found (none when equivalent), located at the action
        where the domains part, else at the second file."""
        if self.kind is Kind.EQUIVALENT:
            return []
        start = ast.Span(file, 1, 1, 1, 1) if file else None
        if self.kind is Kind.UNKNOWN:
            return [Diagnostic("Q903", Severity.WARNING, f"{self.subject}: {self.reason}", start)]
        code = "Q901" if self.subject == "domains" else "Q902"
        if not self.counterexamples:
            return [Diagnostic(code, Severity.ERROR, f"{self.subject} not equivalent: {self.reason}", start)]
        found = []
        for k, c in enumerate(self.counterexamples):
            side = {"a": "first side valid", "b": "second side valid", "both": "valid on both sides"}[c.valid_in]
            notes = (f"plan ({side}): " + " ".join(ground_call(s.action, s.args) for s in c.plan_a.steps),)
            span = (self.where[k] if k < len(self.where) else None) or start
            found.append(Diagnostic(code, Severity.ERROR, f"{self.subject} not equivalent: {c.reason}", span, None,
                                    notes))
        return found

    def sarif(self, file: str | None, tool_version: str) -> str:
        """SARIF 2.1.0 by the project's renderer, the rules titled from ``CODES``."""
        log = json.loads(render_sarif(self.diagnostics(file), tool_version))
        for rule in log["runs"][0]["tool"]["driver"]["rules"]:
            rule["shortDescription"] = {"text": CODES.get(rule["id"], rule["id"])}
        return json.dumps(log, indent=2)


def bounded(subject: str, limits: Budget | None, run: Callable[[dict[str, object]], Verdict]) -> Verdict:
    """``run(checked)`` under ``limits`` (a deadline and a memory limit, ticked from the comparison's loops): a
    limit reached in any stage is "unknown", with what ``checked`` holds by then."""
    checked: dict[str, object] = {}
    try:
        with active(limits or Budget()):
            return run(checked)
    except LimitReached as exc:
        return Verdict(Kind.UNKNOWN, subject, None, reason=f"stopped: {exc}", checked=checked)
