"""The text environment of a task too large to ground: the same words, messages and rewards as ``TextEnv``, stepped
on the lifted model.

Playing a task needs only the current state and the steps that apply to it, so nothing is grounded: an action's
text is read back by the domain's templates, applied by the validator's own semantics (``Stepper``), and the valid
actions come from joining each schema's precondition with the state's facts (``compiler.lifted``). Memory follows
the state, not the grounding. Rewards are the two that need no distance: ``success`` (1 on the step that reaches
the goal) and ``progress`` (the rise, from 0, of the best fraction of goal conditions met, so an episode's rewards
sum to its progress rate); the dense reward needs an optimal distance per state, which a task this size does not have.
"""

from __future__ import annotations

from pathlib import Path

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import conjuncts
from agentgen_sym.compiler.compile import CheckedTask, check_task
from agentgen_sym.compiler.printer import expr
from agentgen_sym.compiler.task import GroundAtom
from agentgen_sym.compiler.validate import State, Stepper
from agentgen_sym.env.textenv import StepResult
from agentgen_sym.env.texttask import (CHECK_VALID_ACTIONS, GOAL_PREFIX, GOAL_SATISFIED, INVALID_ACTION,
                                       UNSATISFIED_ACTION, VALID_ACTIONS_PREFIX, sentence)
from agentgen_sym.wording.templates import ActionReader, Templates, in_sentence

LIFTED_REWARDS = ("success", "progress")


class LiftedTextEnv:
    """One episode at a time over a checked task, grounding nothing (module docstring)."""

    def __init__(self, task: CheckedTask, templates: Templates, reward: str = "success",
                 max_steps: int | None = None) -> None:
        if reward not in LIFTED_REWARDS:
            raise ValueError(f"reward {reward!r} needs a grounded task; a lifted environment pays "
                             f"{' or '.join(LIFTED_REWARDS)}")
        self.task, self.templates, self.reward, self.max_steps = task, templates, reward, max_steps
        self.stepper = Stepper(task.domain, task.problem)
        objects = [o.name for o in (*task.domain.constants, *task.problem.objects)]
        self.reader = ActionReader(templates, objects)
        self.initial: State = frozenset((a.predicate, tuple(t.name for t in a.args)) for a in task.problem.init
                                        if isinstance(a, ast.Atom))
        self.conditions = list(conjuncts(task.problem.goal))
        self.goal_line = GOAL_PREFIX + ", ".join(in_sentence(text) for text in
                                                 sorted(self._condition_text(c) for c in self.conditions))
        self.reset()

    @classmethod
    def from_files(cls, domain_path: Path | str, problem_path: Path | str, **options: object) -> LiftedTextEnv:
        """Parse and check the files (nothing grounded); ``templates.json`` beside the domain overrides templates."""
        task = check_task(Path(domain_path), Path(problem_path))
        return cls(task, Templates.beside(task.domain, domain_path), **options)

    def _condition_text(self, condition: ast.Formula) -> str:
        atom, positive = (condition.arg, False) if isinstance(condition, ast.Not) else (condition, True)
        if not isinstance(atom, ast.Atom):
            return expr(condition)
        fact = GroundAtom(atom.predicate, tuple(t.name for t in atom.args))
        return self.templates.fact(*fact) if positive else self.templates.negated_fact(*fact)

    # ------------------------------------------------------------------ episode
    def reset(self) -> str:
        """Start over from the initial state; returns the initial observation (the facts)."""
        closed = self.stepper.close(self.initial)
        self.state, self.closed = self.initial, closed
        self.steps, self.attempts, self.valid, self.paid = 0, 0, 0, 0.0
        self.done = self._reached(closed)
        self.progress_rate = 1.0 if self.done else self._progress(closed)
        return self._observation()

    def step(self, action_text: str) -> StepResult:
        """Apply one action given as text; an invalid one leaves the state as it was and says why. Every step
        counts, and is paid, as the grounded core counts and pays it (env/core.py)."""
        self.steps += 1
        was_done = self.done
        if action_text.strip().lower() == CHECK_VALID_ACTIONS:
            observation, valid = VALID_ACTIONS_PREFIX + ", ".join(self.valid_actions()), True
        else:
            self.attempts += 1
            readings = self.reader.read(action_text)
            after = next((s for s in (self.stepper.apply(ast.PlanStep(r.action, r.args), self.state)[0]
                                      for r in readings) if s is not None), None)
            valid = after is not None
            if after is None:
                observation = UNSATISFIED_ACTION if readings else INVALID_ACTION
            else:
                self.valid += 1
                self.state = after
                self.closed = closed = self.stepper.close(after)
                reached = self._reached(closed)
                self.done = self.done or reached
                self.progress_rate = max(self.progress_rate, 1.0 if reached else self._progress(closed))
                observation = self._observation() + (GOAL_SATISFIED if self.done else "")
        if self.reward == "success":  # paid once, on the step that reaches the goal
            reward = 1.0 if self.done and not was_done else 0.0
        else:  # the rise of the level from 0: the first step pays the level the start already has
            reward = self.progress_rate - self.paid
            self.paid += reward
        truncated = self.max_steps is not None and self.steps >= self.max_steps and not self.done
        info = {"action_is_valid": valid, "progress_rate": self.progress_rate, "steps": self.steps,
                "grounding_accuracy": self.grounding_accuracy, "success": 1.0 if self.done else 0.0,
                "truncated": truncated}
        return StepResult(observation, reward, self.done, info)

    def _reached(self, closed: State) -> bool:
        return self.task.problem.goal is None or self.stepper.holds(self.task.problem.goal, closed)

    def _progress(self, closed: State) -> float:
        """The fraction of goal conditions that hold (a condition other than a literal: only with the whole goal)."""
        if not self.conditions:
            return 1.0
        whole = self.stepper.holds(self.task.problem.goal, closed)
        met = sum(whole if not isinstance(c.arg if isinstance(c, ast.Not) else c, ast.Atom)
                  else self.stepper.holds(c, closed) for c in self.conditions)
        return met / len(self.conditions)

    def _observation(self) -> str:
        return " ".join(sentence(f) for f in self.state_facts())

    # ------------------------------------------------------------------ views
    def valid_actions(self) -> list[str]:
        """The applicable actions as text, sorted so the same state always lists them alike."""
        return sorted({self.templates.action(s.action, s.args) for s in self.stepper.applicable(self.state)})

    def state_facts(self, pddl: bool = False) -> list[str]:
        """The true facts, derived ones included, in words (or as PDDL), sorted; predicates said once in the rules
        are left out."""
        atoms = [GroundAtom(p, args) for p, args in self.closed]
        hidden = () if pddl else self.templates.hidden
        return sorted(str(a) if pddl else self.templates.fact(*a) for a in atoms if a.predicate not in hidden)

    def goal_text(self) -> str:
        return self.goal_line

    @property
    def grounding_accuracy(self) -> float:
        """Valid actions over actions tried; 1.0 before any."""
        return self.valid / self.attempts if self.attempts else 1.0
