"""Asking the LLM and reading its answer as untrusted data.

Every request goes through :class:`Asker`, which renders a versioned prompt, times the call,
and records the messages, the response and its status. Answers are only ever scanned for PDDL
and JSON (``agentgen_sym.llm.extract``) and parsed by the compiler; nothing is evaluated. An
answer that cannot be used becomes a :class:`Rejected` (endpoint error, refusal) or an
"unusable" reason that the repair loop can send back (cut off, no PDDL, too large).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.llm import Completion, CompletionStatus, LLMClient, extract_json, extract_pddl
from agentgen_sym.llm.extract import ExtractStatus
from agentgen_sym.llm.prompts import load_prompt

from agentgen_sym.drafting.record import Clock, Record

MAX_PDDL_CHARS = 64_000
"""Largest domain or problem block taken from an answer; anything bigger is not a sensible draft."""
MAX_DESCRIPTION_CHARS = 6_000
MAX_INSPIRATION_CHARS = 8_000


class Rejected(AgentgenError):
    """Ends one item's pipeline with a verdict: the stage, a stable reason code and a one-line reason."""

    def __init__(self, stage: str, code: str, reason: str, retry: bool = False) -> None:
        super().__init__(reason)
        self.stage, self.code, self.reason, self.retry = stage, code, reason, retry


class Asker:
    """``ask(prompt, stage, round, **values) -> Completion``, recorded in ``record.llm_calls`` (what was asked
    and answered) and ``record.call_costs`` (what it cost)."""

    def __init__(self, client: LLMClient, record: Record, clock: Clock) -> None:
        self.client, self.record, self.clock = client, record, clock

    def ask(self, prompt_name: str, stage: str, round_: int = 0, *, sampling: dict[str, Any] | None = None,
            **values: Any) -> Completion:
        """``sampling``: request parameters over the endpoint's (a candidate's seed and temperature)."""
        prompt = load_prompt(prompt_name)
        messages = prompt.render(**values)
        before = self.client.usage
        started = time.perf_counter()
        with self.clock.on("llm"):
            completion = self.client.complete(messages, **(sampling or {}))
        after = self.client.usage
        self.record.llm_calls.append({
            "stage": stage, "round": round_, "prompt": prompt.id, "messages": messages,
            "status": completion.status.value, "finish_reason": completion.finish_reason, "error": completion.error,
            "response": completion.text})
        self.record.call_costs.append({
            "stage": stage, "round": round_, "cached": completion.cached, "prompt_tokens": completion.prompt_tokens,
            "completion_tokens": completion.completion_tokens, "retries": after.retries - before.retries,
            "seconds": round(time.perf_counter() - started, 4)})
        return completion


def require_answer(completion: Completion, stage: str) -> None:
    """Raise Rejected for an answer that carries nothing to work with (an endpoint error or a refusal)."""
    if completion.status is CompletionStatus.ERROR:
        raise Rejected(stage, "llm-error", f"LLM request failed: {completion.error}", retry=True)
    if completion.status is CompletionStatus.REFUSED:
        raise Rejected(stage, "llm-refused", f"the LLM refused: {completion.error}")


def _cut_note(completion: Completion) -> str:
    return " (the answer was cut off at max_tokens)" if completion.status is CompletionStatus.LENGTH else ""


@dataclass(frozen=True)
class Extracted:
    """A PDDL block taken from an answer (``text``), or why there is none (``reason``); for a domain
    answer, also its templates JSON extraction when the answer has one."""

    text: str | None
    reason: str | None = None
    templates: dict[str, Any] | None = None
    templates_note: str | None = None


def extract_block(completion: Completion, kind: str) -> Extracted:
    """The first ``kind`` ("domain" or "problem") block of an answer, and the templates JSON for a domain."""
    found = extract_pddl(completion.text)
    if kind == "domain":
        blocks = (found.domain,) if found.domain is not None else ()
    else:
        blocks = found.problems
    if not blocks:
        reason = found.reason if found.status is not ExtractStatus.OK else f"no (define ({kind} ...)) block in the answer"
        return Extracted(None, (reason or "no PDDL found") + _cut_note(completion))
    text = blocks[0].text
    if len(text) > MAX_PDDL_CHARS:
        return Extracted(None, f"the {kind} is {len(text)} characters; the limit is {MAX_PDDL_CHARS}")
    if kind != "domain":
        return Extracted(text)
    templates = extract_json(completion.text)
    if templates.status is ExtractStatus.OK:
        return Extracted(text, templates=templates.value)
    return Extracted(text, templates_note=(templates.reason or str(templates.status)) + _cut_note(completion))


def extract_problems(completion: Completion, limit: int) -> tuple[list[str], str | None]:
    """Up to ``limit`` problem blocks, and a note (cut off, too many, too large) or None."""
    found = extract_pddl(completion.text)
    texts = [b.text for b in found.problems if len(b.text) <= MAX_PDDL_CHARS]
    notes = []
    if found.status is not ExtractStatus.OK and found.reason:
        notes.append(found.reason + _cut_note(completion))
    if len(texts) < len(found.problems):
        notes.append(f"{len(found.problems) - len(texts)} problem(s) over {MAX_PDDL_CHARS} characters dropped")
    if len(texts) > limit:
        notes.append(f"{len(texts) - limit} problem(s) beyond the {limit} asked for dropped")
        texts = texts[:limit]
    return texts, "; ".join(notes) or None
