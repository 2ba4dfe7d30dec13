"""check -> automatic fixes -> LLM repair rounds fed with the remaining diagnostics as JSON, at most N rounds.

One loop serves domains and problems. Round 0 is the draft: it is parsed and checked, and
``compiler.repair`` applies every safe fix. Whatever errors remain go back to the LLM as a
JSON list (code, severity, line, column, message, hint) together with the text they refer to
(the text after the automatic fixes, so line numbers match); its answer is round 1, and so on.
An answer with no usable PDDL (cut off, missing, too large) is a round too: the next request
carries that reason instead of compiler diagnostics. The loop ends when no error remains or
after ``max_rounds`` LLM rounds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.diagnostics import Diagnostic
from agentgen_sym.compiler.repair import repair

from agentgen_sym.drafting.calls import Asker, Extracted, extract_block, require_answer
from agentgen_sym.drafting.record import Clock, Record, diagnostic_data

DOMAIN_FILE, PROBLEM_FILE = "<domain>", "<problem>"
MAX_FEEDBACK = 20
"""Diagnostics sent per round: the first errors, then warnings; a long list helps no model."""


@dataclass
class LoopResult:
    ok: bool
    text: str | None                     # the last text checked (after automatic fixes)
    node: ast.Domain | ast.Problem | None
    rounds: int                          # LLM repair rounds used
    reason: str | None = None            # why it failed
    diagnostics: list[Diagnostic] = field(default_factory=list)  # what remains (warnings when ok)
    templates: dict[str, Any] | None = None  # templates offered by the last answer that had any


@dataclass
class RepairLoop:
    """Runs the loop for one domain (``domain_text`` None) or one problem of a checked domain."""

    asker: Asker
    record: Record
    clock: Clock
    max_rounds: int
    stage: str
    label: str = ""
    domain_text: str | None = None
    on_round: Callable[[dict[str, Any]], None] | None = None

    @property
    def kind(self) -> str:
        return "domain" if self.domain_text is None else "problem"

    def run(self, first: Extracted) -> LoopResult:
        current, last_text, templates = first, first.text, first.templates
        for round_ in range(self.max_rounds + 1):
            if current.text is not None:
                node, text, remaining, entry = self._compile(current.text, round_)
                last_text = text
                errors = [d for d in remaining if d.is_error]
                if node is not None and not errors:
                    self._note(entry, "clean")
                    return LoopResult(True, text, node, round_, None, remaining, templates)
                feedback = [diagnostic_data(d) for d in _ordered(remaining)][:MAX_FEEDBACK]
                if node is None and not errors:
                    feedback.insert(0, _unusable(f"the text is not a {self.kind}"))
                self._note(entry, f"{len(errors)} error(s) remain: " + ", ".join(sorted({d.code for d in errors})))
                failure = (f"{len(errors)} error(s) remain after {round_} LLM repair round(s): "
                           + "; ".join(f"{d.code} {d.message}" for d in errors[:3]))
            else:
                entry = {"kind": self.kind, "label": self.label, "round": round_, "unusable": current.reason}
                feedback = [_unusable(current.reason or "no usable answer")]
                self._note(entry, f"unusable answer: {current.reason}")
                failure = f"no usable {self.kind} after {round_} LLM repair round(s): {current.reason}"
            if round_ == self.max_rounds:
                return LoopResult(False, last_text, None, round_, failure)
            completion = self._ask(round_ + 1, last_text, feedback)
            require_answer(completion, self.stage)
            current = extract_block(completion, self.kind)
            if current.templates is not None:
                templates = current.templates
        raise AssertionError("unreachable")

    def _compile(self, text: str, round_: int) -> tuple[ast.Domain | ast.Problem | None, str, list[Diagnostic],
                                                         dict[str, Any]]:
        with self.clock.on("compile"):
            if self.domain_text is None:
                result = repair(text)
                node, fixed = result.domain, result.texts[DOMAIN_FILE]
                remaining = list(result.diagnostics)
            else:
                result = repair(self.domain_text, text)
                node, fixed = result.problem, result.texts[PROBLEM_FILE]
                # the domain is already clean: keep the problem's findings and any error it causes
                remaining = [d for d in result.diagnostics
                             if d.is_error or d.span is None or d.span.file == PROBLEM_FILE]
        entry = {"kind": self.kind, "label": self.label, "round": round_, "source": "draft" if round_ == 0 else "llm",
                 "auto_fixes": [f.to_dict() for f in result.applied],
                 "diagnostics": [diagnostic_data(d) for d in _ordered(remaining)]}
        return node, fixed, remaining, entry

    def _note(self, entry: dict[str, Any], outcome: str) -> None:
        entry["outcome"] = outcome
        self.record.rounds.append(entry)
        if self.on_round is not None:
            self.on_round(entry)

    def _ask(self, round_: int, text: str | None, feedback: list[dict[str, Any]]):
        diagnostics = json.dumps(feedback, indent=2, ensure_ascii=False)
        shown = text if text is not None else f"(no usable {self.kind} yet: write it whole)"
        if self.domain_text is None:
            return self.asker.ask("repair_domain", self.stage, round_, diagnostics=diagnostics, domain=shown)
        return self.asker.ask("repair_problem", self.stage, round_, diagnostics=diagnostics, problem=shown,
                              domain=self.domain_text)


def _ordered(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Errors first, each group in source order (the checker's order)."""
    return [d for d in diagnostics if d.is_error] + [d for d in diagnostics if not d.is_error]


def _unusable(reason: str) -> dict[str, Any]:
    return {"code": "unusable-answer", "severity": "error", "line": None, "column": None, "message": reason,
            "hint": "answer with the whole text in one ```pddl block"}
