"""The evaluated agent's side: AgentBoard's VanillaAgent prompt, and reading an action out of a reply.

The prompt has VanillaAgent's shape (``agentboard/agents/vanilla_agent.py``, ``make_prompt`` with
AgentBoard's PDDL settings: ``need_goal`` on, "check valid actions" as the help command): the
domain's instruction, one worked example, the goal, the help line, the history as
"Observation: ..."/"Action: ..." lines, and a final "Action: ". A model evaluated here therefore
reads what it would read in AgentBoard.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

SYSTEM_MESSAGE = "You are a master in planning."
"""AgentBoard's PDDL system message (``prompts/VanillaAgent/pddl_vanilla_prompt.json``, "system_msg")."""
HELP_COMMAND = "check valid actions"
MEMORY_SIZE = 100
"""History items kept, as AgentBoard's eval config sets VanillaAgent's ``memory_size``."""


@dataclass(frozen=True)
class VanillaPrompt:
    """The fixed part of one domain's prompt: instruction and worked example (None: no example section)."""

    instruction: str
    example: str | None = None
    system: str = SYSTEM_MESSAGE
    memory_size: int = MEMORY_SIZE

    def messages(self, goal: str, history: Sequence[tuple[str, str]]) -> list[dict[str, str]]:
        """The chat request for the next action: ``history`` is ("Observation"|"Action", text) items."""
        query = self.instruction
        if self.example:
            query += "\nHere are examples:\n" + self.example + "\n"
        query += "You should perform actions to accomplish the goal: " + goal + "\n"
        query += "You should use the following commands for help when your action cannot be understood: " \
                 + HELP_COMMAND + "\n"
        recent = history[-self.memory_size:]
        prompt = query + "\n".join(f"{kind}: {text}" for kind, text in recent) + "\nAction: "
        return [{"role": "system", "content": self.system}, {"role": "user", "content": prompt}]


def example_text(goal: str, observation: str, steps: Sequence[tuple[str, str]]) -> str:
    """A worked example in the layout of AgentBoard's PDDL examples: the goal, then the observation and
    (action, observation) pairs of a played episode."""
    lines = [f"Goal: {goal}", f"Observation: {observation}"]
    for action, seen in steps:
        lines += [f"Action: {action}", f"Observation: {seen}"]
    return "\n".join(lines)


def read_action(reply: str) -> str:
    """The action in a model's reply, as VanillaAgent's ``action_parser_for_special_llms`` reads it: the text
    after "...action...:" (or after "is to", or the line after "next action:"), else the first line;
    then stripped of blanks, quotes and slashes, one line."""
    text = reply
    if "action" in reply.lower():
        lines = reply.split("\n")
        for index, line in enumerate(lines):
            lowered = line.lower()
            if "next action" in line and ":" in line:
                following = next((later for later in lines[index + 1:] if later), None)
                if following is not None:
                    text = following
            if "action" in lowered and ":" in line:
                after = ":".join(line.split(":")[1:])
                if after:
                    text = after
                    break
            if "action" in lowered and "is to" in line:
                after = line.split("is to")[1]
                if after:
                    text = after
                    break
    if not text.strip():
        text = reply.split("\n")[0]
    return text.strip().strip("'/").split("\n")[0]
