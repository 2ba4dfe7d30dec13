"""The environment of a task too large to ground: the same words, messages and rewards as ours (env/core.py),
stepped on the lifted model.

Playing a task needs only the current state and the steps that apply to it, so nothing is grounded: an action's
text is read back by the domain's templates, applied by the validator's own semantics (``Stepper``), and the valid
actions come from joining each schema's precondition with the state's facts (``compiler.lifted``). Memory follows
the state, not the grounding. ``LiftedCore`` is one task, ``LiftedSessions`` its episodes (the ``Episodes`` the
server's pool plays, as it plays ``Sessions``), ``LiftedTextEnv`` one episode as ``TextEnv`` offers it.

Rewards are the two that need no distance: ``success`` (1 on the step that reaches the goal) and ``progress`` (the
rise, from 0, of the best fraction of goal conditions met, so an episode's rewards sum to its progress rate); the
dense reward needs an optimal distance per state, which a task this size does not have. One difference stays: a
well-formed action the grounder would have pruned as never reachable is refused here as unsatisfied (its
precondition does not hold), where the grounded core calls it no action at all.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from pathlib import Path
from typing import NamedTuple, Sequence

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import conjuncts
from agentgen_sym.compiler.compile import CheckedTask, check_task
from agentgen_sym.compiler.limits import LimitReached
from agentgen_sym.compiler.printer import expr
from agentgen_sym.compiler.task import GroundAction, GroundAtom
from agentgen_sym.compiler.validate import State, Stepper
from agentgen_sym.env.core import RESET, Arrival, Sessions, Step
from agentgen_sym.env.framing import BARE, Framing
from agentgen_sym.env.textenv import StepResult
from agentgen_sym.env.texttask import (CHECK_VALID_ACTIONS, GOAL_PREFIX, GOAL_SATISFIED, INVALID_ACTION,
                                       UNSATISFIED_ACTION, VALID_ACTIONS_PREFIX, Outcome, sentence)
from agentgen_sym.wording.templates import ActionReader, Templates, in_sentence

LIFTED_REWARDS = ("success", "progress")
TOO_MANY_ACTIONS = "The valid actions are too many to list. Name the action you want to take."
"""The answer to "check valid actions" where one action's bindings alone pass the work limit (a grounded task that
size is refused before it is served)."""


Line = tuple[str, str]
"""A fact as the observation says it: its text (the sort key) and its sentence."""


class LiftedArrival(NamedTuple):
    """What a state is: its facts with the derived ones, their observation and its lines (sorted), whether the goal
    holds there and the fraction of goal conditions holding."""

    closed: State
    facts: str
    lines: list[Line]
    reached: bool
    progress: float


class LiftedCore:
    """One checked task played under one set of rules, grounding nothing (module docstring)."""

    def __init__(self, task: CheckedTask, templates: Templates, reward: str = "success",
                 max_steps: int | None = None) -> None:
        if reward not in LIFTED_REWARDS:
            raise ValueError(f"reward {reward!r} needs a grounded task; a lifted environment pays "
                             f"{' or '.join(LIFTED_REWARDS)}")
        self.task, self.templates, self.reward_name, self.max_steps = task, templates, reward, max_steps
        self.dense = False  # no distances: ``Sessions._advance`` pays no shaped reward
        self.domain = task.domain
        self.stepper = Stepper(task.domain, task.problem)
        self.reader = ActionReader(templates, [o.name for o in (*task.domain.constants, *task.problem.objects)])
        self.initial: State = frozenset((a.predicate, tuple(t.name for t in a.args)) for a in task.problem.init
                                        if isinstance(a, ast.Atom))
        self.conditions = list(conjuncts(task.problem.goal))
        self.goal_line = GOAL_PREFIX + ", ".join(in_sentence(text) for text in
                                                 sorted(self._condition_text(c) for c in self.conditions))
        self.start = self.arrive(self.initial)

    def _condition_text(self, condition: ast.Formula) -> str:
        atom, positive = (condition.arg, False) if isinstance(condition, ast.Not) else (condition, True)
        if not isinstance(atom, ast.Atom):
            return expr(condition)
        fact = GroundAtom(atom.predicate, tuple(t.name for t in atom.args))
        return self.templates.fact(*fact) if positive else self.templates.negated_fact(*fact)

    def read(self, text: str) -> tuple[Outcome, list[GroundAction]]:
        """What ``text`` asks for: QUERY, INVALID (no action of the domain) or STATE with its readings."""
        if " ".join(text.lower().split()) == CHECK_VALID_ACTIONS:
            return Outcome.QUERY, []
        readings = self.reader.read(text)
        return (Outcome.STATE, readings) if readings else (Outcome.INVALID, [])

    def arrive(self, state: State, before: LiftedArrival | None = None) -> LiftedArrival:
        """What ``state`` is: its facts with the derived ones, their observation, whether the goal holds there and
        the fraction of goal conditions holding (a condition other than a literal: only with the whole goal).

        From ``before`` (the state a step left) only the facts that changed are said anew, so a step on a state of
        tens of thousands of facts costs the changes and one join, not a sentence and a sort per fact."""
        closed = self.stepper.close(state)
        lines = self._lines(closed, before)
        goal = self.task.problem.goal
        reached = goal is None or self.stepper.holds(goal, closed)
        if reached or not self.conditions:
            progress = 1.0 if reached else 0.0
        else:
            progress = sum(self.stepper.holds(c, closed) if isinstance(c.arg if isinstance(c, ast.Not) else c,
                                                                       ast.Atom) else False
                           for c in self.conditions) / len(self.conditions)
        return LiftedArrival(closed, " ".join(said for _, said in lines), lines, reached, progress)

    def _lines(self, closed: State, before: LiftedArrival | None) -> list[Line]:
        """The observation's lines of ``closed``: sorted by their text, the predicates said once in the rules left
        out; from ``before``'s, those of the facts that came and went moved in or out."""
        hidden = self.templates.hidden
        if before is None:
            return sorted(self._line(fact) for fact in closed if fact[0] not in hidden)
        lines = list(before.lines)
        for fact in before.closed - closed:
            if fact[0] not in hidden:
                del lines[bisect_left(lines, self._line(fact))]
        for fact in closed - before.closed:
            if fact[0] not in hidden:
                insort(lines, self._line(fact))
        return lines

    def _line(self, fact: tuple[str, tuple[str, ...]]) -> Line:
        text = self.templates.fact(*fact)
        return text, sentence(text)

    def state_facts(self, closed: State, pddl: bool = False) -> list[str]:
        """The true facts of a closed state in words (or as PDDL), sorted; predicates said once in the rules are
        left out."""
        hidden = () if pddl else self.templates.hidden
        atoms = (GroundAtom(p, args) for p, args in closed)
        return sorted(str(a) if pddl else self.templates.fact(*a) for a in atoms if a.predicate not in hidden)

    def valid_actions(self, state: State) -> list[str]:
        """The applicable actions as text, sorted so the same state always lists them alike."""
        return sorted({self.templates.action(s.action, s.args) for s in self.stepper.applicable(state)})

    def sessions(self, n: int, framing: Framing = BARE) -> LiftedSessions:
        return LiftedSessions(self, n, framing)


class LiftedSessions(Sessions):
    """N episodes of one ``LiftedCore``: each a state (a set of facts) where ``Sessions`` keeps a packed row, with
    ``Sessions``' counters, and each step counted, paid and framed by ``Sessions``' own rule (``_advance``), so the
    server's pool and ``LiftedTextEnv`` play it as they play a grounded task."""

    def __init__(self, core: LiftedCore, n: int, framing: Framing = BARE) -> None:
        self.core, self.framing = core, framing
        self.states: list[State] = []
        self.arrived: list[LiftedArrival] = []  # where each episode stands: its facts and their observation
        self.steps, self.attempts, self.valid = [], [], []
        self.progress, self.phi, self.exact, self.paid = [], [], [], []
        self.done, self.outcome = [], []
        self._free: list[int] = []
        for _ in range(n):
            self._grow()
        self.reset()

    def _grow(self) -> int:
        for values, first in ((self.states, self.core.initial), (self.arrived, self.core.start),
                              (self.steps, 0), (self.attempts, 0), (self.valid, 0),
                              (self.progress, 0.0), (self.phi, 0.0), (self.exact, True), (self.paid, 0.0),
                              (self.done, False), (self.outcome, RESET)):
            values.append(first)
        return len(self.states) - 1

    def __len__(self) -> int:
        return len(self.states)

    @property
    def goal(self) -> str:
        return self.core.goal_line

    def open(self) -> int:
        """A row for a new episode, at its initial state: a released one, else a new one."""
        i = self._free.pop() if self._free else self._grow()
        self.reset([i])
        return i

    def reset(self, ids: Sequence[int] | None = None) -> list[str]:
        """Start the episodes ``ids`` (all by default) over; their initial observations (the facts)."""
        ids = range(len(self.states)) if ids is None else ids
        start = self.core.start
        for i in ids:
            self.states[i], self.arrived[i] = self.core.initial, start
            self.steps[i] = self.attempts[i] = self.valid[i] = 0
            self.done[i], self.progress[i], self.paid[i], self.outcome[i] = start.reached, start.progress, 0.0, RESET
        return [start.facts + GOAL_SATISFIED if start.reached else start.facts] * len(ids)

    def observation(self, i: int) -> str:
        """Episode ``i``'s observation as its last reset or step framed it."""
        outcome = self.outcome[i]
        if outcome == Outcome.QUERY:
            return self.framing.after_step(self._listing(i))
        if outcome in (Outcome.INVALID, Outcome.UNSATISFIED):
            return self.framing.after_step(INVALID_ACTION if outcome == Outcome.INVALID else UNSATISFIED_ACTION)
        facts = self.arrived[i].facts + GOAL_SATISFIED * self.done[i]
        return self.framing.opening(self.goal, facts) if outcome == RESET else self.framing.after_step(facts)

    def _listing(self, i: int) -> str:
        """The answer to "check valid actions" (``TOO_MANY_ACTIONS`` past the work limit: a step can still be
        named)."""
        try:
            return VALID_ACTIONS_PREFIX + ", ".join(self.valid_actions(i))
        except LimitReached:
            return TOO_MANY_ACTIONS

    def valid_actions(self, i: int) -> list[str]:
        return self.core.valid_actions(self.states[i])

    def action_text(self, action: str, args: tuple[str, ...]) -> str:
        return self.core.templates.action(action, args)

    def step_many(self, ids: Sequence[int], texts: Sequence[str]) -> list[Step]:
        """Step episode ``ids[j]`` by ``texts[j]``, one after the other: the first applicable reading of each text
        wins."""
        if len(ids) != len(texts):
            raise ValueError(f"{len(ids)} sessions but {len(texts)} actions")
        steps = []
        for i, text in zip(ids, texts):
            outcome, readings = self.core.read(text)
            action = arrived = None
            for reading in readings:
                after = self.core.stepper.apply(ast.PlanStep(reading.action, reading.args), self.states[i])[0]
                if after is not None:
                    there = self.core.arrive(after, self.arrived[i])
                    self.states[i], self.arrived[i] = after, there
                    action, arrived = str(reading), Arrival(there.facts, there.reached, there.progress, 0.0, False)
                    break
            listing = self._listing(i) if outcome == Outcome.QUERY else None
            steps.append(self._advance(i, outcome, action, 0.0, arrived, listing))  # no dense reward: cost unread
        return steps


class LiftedTextEnv:
    """One episode at a time over a checked task, as ``TextEnv`` offers one: a one-row ``LiftedSessions``."""

    def __init__(self, task: CheckedTask, templates: Templates, reward: str = "success",
                 max_steps: int | None = None) -> None:
        self.core = LiftedCore(task, templates, reward, max_steps)
        self.session = self.core.sessions(1)
        self.reset()

    @classmethod
    def from_files(cls, domain_path: Path | str, problem_path: Path | str, **options: object) -> LiftedTextEnv:
        """Parse and check the files (nothing grounded); ``templates.json`` beside the domain overrides templates."""
        task = check_task(Path(domain_path), Path(problem_path))
        return cls(task, Templates.beside(task.domain, domain_path), **options)

    def reset(self) -> str:
        """Start over from the initial state; returns the initial observation (the facts)."""
        return self.session.reset()[0]

    def step(self, action_text: str) -> StepResult:
        """Apply one action given as text; an invalid one leaves the state as it was and says why."""
        result = self.session.step(0, action_text)
        return StepResult(result.observation, result.reward, result.terminated, result.info)

    @property
    def state(self) -> State:
        return self.session.states[0]

    @property
    def steps(self) -> int:
        return self.session.steps[0]

    @property
    def done(self) -> bool:
        return self.session.done[0]

    @property
    def progress_rate(self) -> float:
        return self.session.progress[0]

    def valid_actions(self) -> list[str]:
        """The applicable actions as text, sorted so the same state always lists them alike."""
        return self.session.valid_actions(0)

    def state_facts(self, pddl: bool = False) -> list[str]:
        """The true facts, derived ones included, in words (or as PDDL), sorted."""
        return self.core.state_facts(self.session.arrived[0].closed, pddl)

    def goal_text(self) -> str:
        return self.core.goal_line

    @property
    def grounding_accuracy(self) -> float:
        """Valid actions over actions tried ("check valid actions" is a question, not an action); 1.0 before any."""
        return self.session.status(0).grounding_accuracy
