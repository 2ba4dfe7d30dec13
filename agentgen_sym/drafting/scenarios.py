"""Behaviour checks a drafted domain must pass: small scenarios the LLM writes from the description (a starting
state and a sequence of actions that must be possible, or whose last step must be impossible), read as untrusted
data and replayed by our validator on the domain.

An answer is parsed defensively: a JSON object of at most ``MAX_CHECKS`` checks, each name, fact and step matched
against a strict pattern before it becomes PDDL text (nothing the LLM writes is spliced in unchecked), each check
compiled against the domain; a check that does not (an unknown name, a wrong arity) is set aside with its reason,
never blamed on the domain. A check that fails carries its counterexample: the step where the domain parts from it
and why, which is what the repair prompt sends back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.limits import Budget, Deadline, LimitReached
from agentgen_sym.compiler.parser import parse_text
from agentgen_sym.compiler.validate import validate

MAX_CHECKS = 12
MAX_OBJECTS = 40
MAX_FACTS = 120
MAX_STEPS = 12
REPLAY_SECONDS = 5.0
"""Time one check's replay may take: a few steps on a few objects take milliseconds."""

_NAME = r"[A-Za-z][A-Za-z0-9_-]*"
_NAME_RE = re.compile(rf"\A{_NAME}\Z")
_ATOM_RE = re.compile(rf"\A\(\s*{_NAME}(\s+{_NAME})*\s*\)\Z")
EXPECTATIONS = ("possible", "impossible")


class ScenarioError(AgentgenError, ValueError):
    """An answer that holds no usable checks: the message says what was wrong with it."""


@dataclass(frozen=True)
class Scenario:
    """One check as written: objects by type, the facts true at the start, the steps and what must happen."""

    name: str
    expect: str
    objects: tuple[tuple[str, str], ...]
    init: tuple[str, ...]
    steps: tuple[str, ...]

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "expect": self.expect, "objects": dict(self.objects), "init": list(self.init),
                "steps": list(self.steps)}


@dataclass(frozen=True)
class Outcome:
    """A check replayed on a domain: ``passed``, or the counterexample (``step``, 1-based, and ``why``); a check
    that does not fit the domain is ``usable`` False with the reason in ``why``."""

    scenario: Scenario
    usable: bool
    passed: bool
    why: str | None = None
    step: int | None = None

    def to_data(self) -> dict[str, Any]:
        return {"name": self.scenario.name, "expect": self.scenario.expect, "usable": self.usable,
                "passed": self.passed, "step": self.step, "why": self.why}

    def failure(self) -> dict[str, Any]:
        """What the repair prompt is told about a failed check."""
        return {**self.scenario.to_data(), "counterexample": {"step": self.step, "why": self.why}}


def parse_scenarios(value: Any) -> tuple[list[Scenario], list[str]]:
    """The checks of a JSON answer and a note per entry set aside; ScenarioError when none is usable."""
    if not isinstance(value, dict) or not isinstance(value.get("checks"), list):
        raise ScenarioError('the answer is not a JSON object with a "checks" list')
    checks, notes = [], []
    for i, entry in enumerate(value["checks"][:MAX_CHECKS], 1):
        try:
            checks.append(_scenario(entry))
        except ScenarioError as exc:
            notes.append(f"check {i}: {exc}")
    if len(value["checks"]) > MAX_CHECKS:
        notes.append(f"{len(value['checks']) - MAX_CHECKS} check(s) beyond {MAX_CHECKS} ignored")
    if not checks:
        raise ScenarioError("no usable check: " + ("; ".join(notes[:3]) or "the list is empty"))
    return checks, notes


def _scenario(entry: Any) -> Scenario:
    if not isinstance(entry, dict):
        raise ScenarioError("not a JSON object")
    name = entry.get("name")
    expect = entry.get("expect")
    objects, init, steps = entry.get("objects", {}), entry.get("init", []), entry.get("steps")
    if not isinstance(name, str) or not name.strip() or len(name) > 200:
        raise ScenarioError("no name (a short phrase)")
    if expect not in EXPECTATIONS:
        raise ScenarioError(f'"expect" must be "possible" or "impossible", not {str(expect)[:40]!r}')
    if not isinstance(objects, dict) or len(objects) > MAX_OBJECTS:
        raise ScenarioError(f'"objects" must map at most {MAX_OBJECTS} names to types')
    for obj, typ in objects.items():
        if not (isinstance(typ, str) and _NAME_RE.match(obj) and _NAME_RE.match(typ)):
            raise ScenarioError(f"bad object {str(obj)[:40]!r} - {str(typ)[:40]!r}")
    if not isinstance(init, list) or len(init) > MAX_FACTS or not all(_atom(f) for f in init):
        raise ScenarioError(f'"init" must be at most {MAX_FACTS} facts like "(on a b)"')
    if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS or not all(_atom(s) for s in steps):
        raise ScenarioError(f'"steps" must be 1 to {MAX_STEPS} actions like "(move a b)"')
    return Scenario(" ".join(name.split()), expect, tuple((o.lower(), t.lower()) for o, t in objects.items()),
                    tuple(_shape(f) for f in init), tuple(_shape(s) for s in steps))


def _atom(text: Any) -> bool:
    return isinstance(text, str) and len(text) <= 400 and _ATOM_RE.match(text.strip()) is not None


def _shape(text: str) -> str:
    return "(" + " ".join(text.strip()[1:-1].split()).lower() + ")"


def replay(domain: ast.Domain, scenario: Scenario) -> Outcome:
    """Replay one check on ``domain`` with our validator (lifted semantics)."""
    constants = {c.name for c in domain.constants}
    objects = " ".join(f"{o} - {t}" for o, t in scenario.objects if o not in constants)
    problem_text = (f"(define (problem scenario) (:domain {domain.name}) (:objects {objects}) "
                    f"(:init {' '.join(scenario.init)}) (:goal (and)))")
    parsed = parse_text(problem_text, "<scenario>")
    plan = parse_text("\n".join(scenario.steps) + "\n", "<steps>", "plan_file")
    problems = [d for d in (*parsed.diagnostics, *plan.diagnostics) if d.is_error]
    if not problems and isinstance(parsed.node, ast.Problem):
        problems = [d for d in check(domain, parsed.node, strict=False) if d.is_error]
    if problems or not isinstance(parsed.node, ast.Problem) or not isinstance(plan.node, ast.Plan):
        why = problems[0].message if problems else "it does not read as a problem and a plan"
        return Outcome(scenario, False, False, f"does not fit the domain: {why}")
    try:
        result = validate(domain, parsed.node, plan.node, Budget(Deadline.after(REPLAY_SECONDS)))
    except LimitReached as exc:
        return Outcome(scenario, False, False, f"not replayed: {exc}")
    last = len(scenario.steps)
    failed = result.failed_step
    why = next((d.message for d in result.diagnostics if d.is_error), None)
    if scenario.expect == "possible":
        if result.valid:
            return Outcome(scenario, True, True)
        return Outcome(scenario, True, False, f"step {failed} {scenario.steps[failed - 1]} is not applicable: {why}",
                       failed)
    if failed == last:
        return Outcome(scenario, True, True)
    if failed is None:
        return Outcome(scenario, True, False, f"step {last} {scenario.steps[-1]} applied, but the description says it "
                                              "must not", last)
    return Outcome(scenario, True, False, f"step {failed} {scenario.steps[failed - 1]} is not applicable, but only the "
                                          f"last step may be: {why}", failed)


def signature_text(domain: ast.Domain) -> str:
    """The names a check may use (types, constants, predicates, actions with their parameters), and nothing of
    the preconditions and effects: the checks must come from the description, not from the draft."""
    def params(ps: tuple[ast.TypedName, ...]) -> str:
        return " ".join(f"?{p.name} - {' '.join(p.types) or 'object'}" for p in ps)
    lines = ["types: " + (", ".join(t.name for t in domain.types) or "object")]
    if domain.constants:
        lines.append("constants: " + ", ".join(f"{c.name} - {' '.join(c.types)}" for c in domain.constants))
    lines += ["predicates:"] + [f"  ({p.name} {params(p.parameters)})".replace(" )", ")") for p in domain.predicates]
    lines += ["actions:"] + [f"  ({a.name} {params(a.parameters)})".replace(" )", ")") for a in domain.actions]
    return "\n".join(lines)
