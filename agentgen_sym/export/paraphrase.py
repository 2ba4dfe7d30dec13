"""``--thoughts llm``: each templated thought paraphrased by the configured LLM, and checked.

The templated thought is right by construction (it is read off the plan's causal links); a
paraphrase is only kept when it still says the same action and names the same facts, copied
exactly (compared case-insensitively, since a phrase may open the sentence), on one line and
without an "Action:" of its own. Anything else, and any failed call, keeps the templated
thought, and the counts say how often. Calls go through the client's response cache with
temperature 0, so a rerun asks nothing new and gives the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from agentgen_sym.llm import LLMClient

MAX_GROWTH = 3
"""A paraphrase longer than this many times the thought (plus 200 characters) is refused."""


@dataclass
class ParaphraseStats:
    asked: int = 0
    kept: int = 0
    refused: dict[str, int] = field(default_factory=dict)

    def refuse(self, reason: str) -> None:
        self.refused[reason] = self.refused.get(reason, 0) + 1


def check(paraphrase: str, action: str, facts: Sequence[str], original: str) -> str | None:
    """Why ``paraphrase`` cannot replace ``original`` (None when it can)."""
    text = paraphrase.strip()
    lowered = text.lower()
    if not text:
        return "empty"
    if "\n" in text or "action:" in lowered or "observation:" in lowered:
        return "not one line of reasoning"
    if len(text) > MAX_GROWTH * len(original) + 200:
        return "too long"
    if action.lower() not in lowered:
        return "changed the action"
    if any(fact.lower() not in lowered for fact in facts):
        return "changed a fact"
    return None


class Paraphraser:
    """Callable ``(thought, action, facts) -> text``: the checked paraphrase, else the thought itself."""

    def __init__(self, client: LLMClient) -> None:
        from agentgen_sym.llm.prompts import load_prompt, quote  # the LLM package imports openai: loaded on first use

        self.client = client
        self.prompt = load_prompt("paraphrase")
        self._quote = quote
        self.stats = ParaphraseStats()

    def __call__(self, thought: str, action: str, facts: Sequence[str]) -> str:
        self.stats.asked += 1
        keep = "\n".join(f"- {phrase}" for phrase in dict.fromkeys([action, *facts]))
        messages = self.prompt.render(thought=self._quote(thought, "thought", 4000), keep=keep)
        completion = self.client.complete(messages, temperature=0)
        if not completion.ok:
            self.stats.refuse(f"call {completion.status}")
            return thought
        text = completion.text.strip().removeprefix("Thought:").strip()
        problem = check(text, action, facts, thought)
        if problem is not None:
            self.stats.refuse(problem)
            return thought
        self.stats.kept += 1
        return text
