"""A text environment over a GroundTask with AgentBoard's conventions (its PDDL games).

Observations, messages and metrics follow AgentBoard's ``pddl_env.py`` so that agents and
evaluation scripts written for it work unchanged: facts as capitalized sentences, sorted;
the same two invalid-action messages; " The goal is satisfied." on success; the progress
rate as the best fraction of goal conditions reached so far. Goal operators (the
grounder's compiled negative or disjunctive goals) fire by themselves and are never shown.
This is the default profile, stricter than AgentBoard (exact template text or PDDL only, the
whole state each step); ``agentboard.AgentBoardEnv`` reproduces AgentBoard's behaviour itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentgen_sym.compiler.compile import CompiledTask, compile_task
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.env.templates import Templates
from agentgen_sym.env.texttask import (CHECK_VALID_ACTIONS, GOAL_PREFIX, GOAL_SATISFIED, INVALID_ACTION,
                                       UNSATISFIED_ACTION, VALID_ACTIONS_PREFIX, Outcome, TextTask, sentence)

__all__ = ["CHECK_VALID_ACTIONS", "GOAL_PREFIX", "GOAL_SATISFIED", "INVALID_ACTION", "UNSATISFIED_ACTION",
           "VALID_ACTIONS_PREFIX", "StepResult", "TextEnv", "sentence"]


@dataclass(frozen=True)
class StepResult:
    observation: str
    reward: float
    done: bool
    info: dict[str, Any]


class TextEnv:
    """One episode at a time over a compiled task (its GroundTask, objects, static facts and goal)."""

    def __init__(self, compiled: CompiledTask, templates: Templates, text: TextTask | None = None) -> None:
        self.text = text if text is not None else TextTask(compiled, templates)
        self.compiled = compiled
        self.task = self.text.task
        self.templates = templates
        self.goals = self.text.goals
        self.reader = self.text.reader
        self.ops = self.text.ops
        self.shown = self.text.shown
        self.static = self.text.static
        self.reset()

    @classmethod
    def from_files(cls, domain_path: Path | str, problem_path: Path | str) -> TextEnv:
        """Parse, check and ground the files; ``templates.json`` beside the domain overrides templates."""
        domain, problem = parse_domain(Path(domain_path)), parse_problem(Path(problem_path))
        return cls(compile_task(domain, problem), Templates.beside(domain, domain_path))

    # ------------------------------------------------------------------ episode
    def reset(self) -> str:
        """Start over from the initial state; returns the initial observation (the facts)."""
        self.row = self.text.initial_row()
        self.state = self.task.unpack(self.row)
        self.steps = 0
        self.attempts = 0
        self.valid_attempts = 0
        self.progress_rate = 0.0
        self.done = False
        self._settle()
        return self._observation()

    def step(self, action_text: str) -> StepResult:
        """Apply one action given as text; an invalid one leaves the state as it was and says why."""
        self.steps += 1
        applied: str | None = None
        outcome, op = self.text.step(self.row, self.state, action_text)
        if outcome != Outcome.QUERY:
            self.attempts += 1
        if op is not None:
            self.valid_attempts += 1
            self.row = self.text.apply(self.row, self.state, op)
            self.state = self.task.unpack(self.row)
            self._settle()
            applied = str(self.task.actions[op])
        observation = self.text.message(outcome, self.state, self.done)
        valid = outcome in (Outcome.STATE, Outcome.QUERY)
        info = {"action_is_valid": valid, "action": applied, "progress_rate": self.progress_rate,
                "grounding_accuracy": self.grounding_accuracy, "steps": self.steps}
        return StepResult(observation, 1.0 if self.done else 0.0, self.done, info)

    # ------------------------------------------------------------------ views
    def valid_actions(self) -> list[str]:
        """The applicable actions as text, sorted so the same state always lists them alike."""
        return self.text.valid_actions(self.state)

    def state_facts(self, pddl: bool = False) -> list[str]:
        """The true facts, static ones included, in words (or as PDDL), sorted."""
        return self.text.state_facts(self.state, pddl)

    def goal_text(self) -> str:
        return self.text.goal_line

    @property
    def grounding_accuracy(self) -> float:
        """Valid actions over actions tried ("check valid actions" is a question, not an action); 1.0 before any."""
        return self.valid_attempts / self.attempts if self.attempts else 1.0

    # ------------------------------------------------------------------ internals
    def _observation(self) -> str:
        return self.text.message(Outcome.STATE, self.state, self.done)

    def _settle(self) -> None:
        """Update done and the progress rate."""
        reached, held = self.text.settle(self.state)
        self.done = self.done or reached
        self.progress_rate = max(self.progress_rate, held)
