"""What an agent reads around the environment's own texts: the system prompt, the observation turns, the opening.

Training data (``export``), the server (``serve``), evaluation and the RL adapters all frame episodes here, so a
model sees at evaluation exactly the frame it was trained on.
"""

from __future__ import annotations

from dataclasses import dataclass

from agentgen_sym.wording.rules import domain_rules
from agentgen_sym.wording.templates import Templates

SYSTEM_PROMPT = """\
You are an agent in the "{domain}" world. Reach the goal by taking one action at a time; \
after each action you see the state of the world.

The actions, with what each requires and what it does:
{rules}

An action whose requirements do not hold is not valid and takes no effect. Say "check valid \
actions" to list the actions you can take now.
Answer every turn in this form:
Thought: <your reasoning>
Action: <one action>"""

OBSERVATION = "Observation: {}"
TURN = "Thought: {thought}\nAction: {action}"
AGENTGYM_ACK = "Ok."
"""The assistant's answer to the system prompt in AgentGym's conversation start."""


def instruction(templates: Templates) -> str:
    """The system prompt of a domain: its actions' rules and the answer format."""
    return SYSTEM_PROMPT.format(domain=templates.domain.name, rules=domain_rules(templates))


@dataclass(frozen=True)
class Framing:
    """How an episode's observations reach the agent: ``first`` (fields ``goal`` and ``facts``) frames the
    observation after a reset, ``later`` (one field) every observation after a step."""

    first: str
    later: str

    def opening(self, goal: str, facts: str) -> str:
        return self.first.format(goal=goal, facts=facts)

    def after_step(self, text: str) -> str:
        return self.later.format(text)


BARE = Framing("{goal}\n{facts}", "{}")
"""The goal line, then the environment's texts as they are (the RL adapters, the agentboard profile's server)."""
TURNS = Framing("{goal}\n" + OBSERVATION.replace("{}", "{facts}"), OBSERVATION)
"""The export's user turns: the goal line over ``Observation: <facts>``, then ``Observation: <text>``."""
FACTS = Framing("{facts}", "{}")
"""The texts alone, the goal left to the caller (evaluation puts it in its own prompt, as AgentBoard does)."""
