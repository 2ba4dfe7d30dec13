"""A text environment over a GroundTask with AgentBoard's conventions (its PDDL games).

Observations, messages and metrics follow AgentBoard's ``pddl_env.py`` so that agents and
evaluation scripts written for it work unchanged: facts as capitalized sentences, sorted;
the same two invalid-action messages; " The goal is satisfied." on success; the progress
rate as the best fraction of goal conditions reached so far. Goal operators (the
grounder's compiled negative or disjunctive goals) fire by themselves and are never shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..compiler.compile import CompiledTask, compile_task
from ..compiler.parser import parse_domain, parse_problem
from ..compiler.task import GroundAction
from .goals import goal_conditions
from .templates import ActionReader, Templates

INVALID_ACTION = "The action is not valid and therefore takes no effect. Please check valid actions."
"""AgentBoard's answer to text that is no action of the domain."""
UNSATISFIED_ACTION = ("The action is not valid and therefore takes no effect. Please remember to satisfy the "
                      "restriction of actions. You can also check valid actions.")
"""AgentBoard's answer to a well-formed action whose precondition does not hold."""
GOAL_SATISFIED = " The goal is satisfied."
GOAL_PREFIX = "The goal is to satisfy the following conditions: "
VALID_ACTIONS_PREFIX = "Valid actions are: "
CHECK_VALID_ACTIONS = "check valid actions"


@dataclass(frozen=True)
class StepResult:
    observation: str
    reward: float
    done: bool
    info: dict[str, Any]


def sentence(text: str) -> str:
    """``a is on b`` -> ``A is on b.`` (only the first letter changes: object names stay readable)."""
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


class TextEnv:
    """One episode at a time over a compiled task (its GroundTask, objects, static facts and goal)."""

    def __init__(self, compiled: CompiledTask, templates: Templates) -> None:
        self.compiled = compiled
        self.task = task = compiled.ground
        self.templates = templates
        self.goals = goal_conditions(compiled, templates)
        self.reader = ActionReader(templates, compiled.objects)
        self.ops: dict[GroundAction, tuple[int, ...]] = task.action_ops
        self.shown = np.flatnonzero(task.atom_mask)
        self.static = sorted(compiled.static)
        self.reset()

    @classmethod
    def from_files(cls, domain_path: Path | str, problem_path: Path | str) -> TextEnv:
        """Parse, check and ground the files; ``templates.json`` beside the domain overrides templates."""
        domain, problem = parse_domain(Path(domain_path)), parse_problem(Path(problem_path))
        return cls(compile_task(domain, problem), Templates.beside(domain, domain_path))

    # ------------------------------------------------------------------ episode
    def reset(self) -> str:
        """Start over from the initial state; returns the initial observation (the facts)."""
        self.row = self.task.init_bits[None, :].copy()
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
        if " ".join(action_text.lower().split()) == CHECK_VALID_ACTIONS:
            observation, valid = VALID_ACTIONS_PREFIX + ", ".join(self.valid_actions()), True
        else:
            self.attempts += 1
            readings = self.reader.read(action_text)
            op = self._applicable_op(readings)
            valid = op is not None
            if not readings:
                observation = INVALID_ACTION
            elif op is None:
                observation = UNSATISFIED_ACTION
            else:
                self.valid_attempts += 1
                self._apply(op)
                self._settle()
                applied = str(self.task.actions[op])
                observation = self._observation()
        info = {"action_is_valid": valid, "action": applied, "progress_rate": self.progress_rate,
                "grounding_accuracy": self.grounding_accuracy, "steps": self.steps}
        return StepResult(observation, 1.0 if self.done else 0.0, self.done, info)

    # ------------------------------------------------------------------ views
    def valid_actions(self) -> list[str]:
        """The applicable actions as text, sorted so the same state always lists them alike."""
        task = self.task
        ok = task.applicable(self.state)[0] & task.action_mask
        return sorted({self.templates.action(*task.actions[op]) for op in np.flatnonzero(ok)})

    def state_facts(self, pddl: bool = False) -> list[str]:
        """The true facts, static ones included, in words (or as PDDL), sorted."""
        atoms = [self.task.facts[i] for i in self.shown[self.state[0, self.shown]]] + self.static
        return sorted(str(a) if pddl else self.templates.fact(*a) for a in atoms)

    def goal_text(self) -> str:
        return GOAL_PREFIX + ", ".join(sorted(g.text for g in self.goals))

    @property
    def grounding_accuracy(self) -> float:
        """Valid actions over actions tried ("check valid actions" is a question, not an action); 1.0 before any."""
        return self.valid_attempts / self.attempts if self.attempts else 1.0

    # ------------------------------------------------------------------ internals
    def _observation(self) -> str:
        text = " ".join(sentence(f) for f in self.state_facts())
        return text + GOAL_SATISFIED if self.done else text

    def _applicable_op(self, readings: list[GroundAction]) -> int | None:
        ok = self.task.applicable(self.state)[0]
        return next((op for r in readings for op in self.ops.get(r, ()) if ok[op]), None)

    def _apply(self, op: int) -> None:
        self.row = self.task.successors(self.row, self.state, np.array([0]), np.array([op]))
        self.state = self.task.unpack(self.row)

    def _settle(self) -> None:
        """Update done and the progress rate."""
        reached = bool(self.task.goal_reached(self.state)[0])
        self.done = self.done or reached
        if self.goals:
            held = sum(g.holds(self.state[0], reached) for g in self.goals) / len(self.goals)
        else:
            held = float(reached)
        self.progress_rate = max(self.progress_rate, held)
