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

import numpy as np

from agentgen_sym.compiler.compile import CompiledTask, compile_task
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.env.core import EnvCore
from agentgen_sym.wording.templates import Templates
from agentgen_sym.env.texttask import (CHECK_VALID_ACTIONS, GOAL_PREFIX, GOAL_SATISFIED, INVALID_ACTION,
                                       UNSATISFIED_ACTION, VALID_ACTIONS_PREFIX, TextTask, sentence)

__all__ = ["CHECK_VALID_ACTIONS", "GOAL_PREFIX", "GOAL_SATISFIED", "INVALID_ACTION", "UNSATISFIED_ACTION",
           "VALID_ACTIONS_PREFIX", "StepResult", "TextEnv", "sentence"]


@dataclass(frozen=True)
class StepResult:
    observation: str
    reward: float
    done: bool
    info: dict[str, Any]


class TextEnv:
    """One episode at a time over a compiled task: a one-row ``Sessions`` of the environment core (env/core.py)."""

    def __init__(self, compiled: CompiledTask, templates: Templates, text: TextTask | None = None, *,
                 core: EnvCore | None = None) -> None:
        self.text = text if text is not None else TextTask(compiled, templates)
        self.core = core if core is not None else EnvCore(self.text)
        self.compiled = compiled
        self.task = self.text.task
        self.templates = templates
        self.goals = self.text.goals
        self.reader = self.text.reader
        self.ops = self.text.ops
        self.shown = self.text.shown
        self.static = self.text.static
        self.session = self.core.sessions(1)
        self.reset()

    @classmethod
    def from_files(cls, domain_path: Path | str, problem_path: Path | str) -> TextEnv:
        """Parse, check and ground the files; ``templates.json`` beside the domain overrides templates."""
        domain, problem = parse_domain(Path(domain_path)), parse_problem(Path(problem_path))
        return cls(compile_task(domain, problem), Templates.beside(domain, domain_path))

    # ------------------------------------------------------------------ episode
    def reset(self) -> str:
        """Start over from the initial state; returns the initial observation (the facts)."""
        return self.session.reset()[0]

    def step(self, action_text: str) -> StepResult:
        """Apply one action given as text; an invalid one leaves the state as it was and says why."""
        result = self.session.step(0, action_text)
        return StepResult(result.observation, result.reward, result.terminated, result.info)

    # ------------------------------------------------------------------ the episode's packed row and counters
    @property
    def row(self) -> np.ndarray:
        """The state, ``uint64[1, n_words]`` (a view of the session's row)."""
        return self.session.rows[0:1]

    @property
    def state(self) -> np.ndarray:
        """The state unpacked, ``bool[1, n_bits]``."""
        return self.task.unpack(self.row)

    @property
    def steps(self) -> int:
        return int(self.session.steps[0])

    @property
    def done(self) -> bool:
        return bool(self.session.done[0])

    @property
    def progress_rate(self) -> float:
        return float(self.session.progress[0])

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
        attempts = int(self.session.attempts[0])
        return int(self.session.valid[0]) / attempts if attempts else 1.0
