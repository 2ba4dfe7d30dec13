"""Gold trajectories: a validated plan played through the text environment, turn by turn.

The environment, not the exporter, produces every observation, so the data shows exactly
what an agent sees at evaluation time (AgentBoard conventions: facts as sentences, the same
refusal messages, " The goal is satisfied." at the end). A plan that the environment reads
differently from the validator (an ambiguous action template, a grounding bug) is refused
rather than exported with observations that do not follow from the actions.

A trajectory ends with the last gold action, not with the observation after it: trainers that
take alternating turns (LLaMA-Factory) skip a conversation ending on a user turn, and AgentGym's
own AgentTraj records end the same way. That observation, which says the goal is satisfied, is
kept in the extras as ``final_observation``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import numpy as np

from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.env import TextEnv
from agentgen_sym.env.framing import OBSERVATION, TURN, TURNS, instruction
from agentgen_sym.planners.distances import MAX_STATES, distances_to_goal
from agentgen_sym.export.negatives import Negative, negative_step, try_invalid
from agentgen_sym.export.thoughts import PlanView, explain_steps


class TrajectoryError(AgentgenError):
    """The plan cannot be played in the environment as the validator played it."""


@dataclass(frozen=True)
class Turn:
    """One message; ``loss`` says whether a model is trained on it (assistant turns only)."""

    role: str  # "user" or "assistant"
    content: str
    loss: bool = False


@dataclass(frozen=True)
class Trajectory:
    """The system prompt, the turns (user first, assistant last), and per-task annotations for the metadata."""

    system: str
    turns: tuple[Turn, ...]
    extras: dict[str, Any] = field(default_factory=dict)


def play(task_id: str, env: TextEnv, plan: Sequence[tuple[str, tuple[str, ...]]], *, negatives: bool = False,
         distances: bool = False, max_states: int = MAX_STATES,
         paraphrase: Callable[[str, str, tuple[str, ...]], str] | None = None) -> Trajectory:
    """The trajectory of ``plan`` (lifted action names and objects, lower case) from ``env``'s initial state.

    With ``negatives`` one step is preceded by an invalid action and its feedback (see
    negatives.py); with ``distances`` the extras hold ``distance_to_goal`` (the optimal cost to
    the goal from the state before each step, then 0 at the end) or, for tasks with more than
    ``max_states`` reachable states, None and ``distances_omitted`` saying why. ``paraphrase``
    (``(thought, action phrase, fact texts) -> text``, see paraphrase.py) rewrites each thought.
    """
    task, templates = env.task, env.templates
    initial = env.reset()
    rows, ops, observations = [env.row[0].copy()], [], []
    wanted = negative_step(task_id, len(plan)) if negatives and plan else None
    negative: Negative | None = None
    for step, (action, args) in enumerate(plan):
        ok = task.applicable(env.state)[0]
        op = next((o for o in env.ops.get((action, args), ()) if ok[o]), None)
        step_text = str(GroundAction(action, args))
        if op is None:
            raise TrajectoryError(f"step {step + 1} {step_text} cannot be applied in the environment")
        if step == wanted:
            negative = try_invalid(env, op, task_id, step)
        text = templates.action(action, args)
        result = env.step(text)
        if result.info["action"] != str(task.actions[op]):
            raise TrajectoryError(f"step {step + 1}: the environment reads {text!r} as {result.info['action']}, "
                                  f"not {step_text}; make the action templates unambiguous")
        if result.done and step < len(plan) - 1:  # the data would teach acting on after success
            raise TrajectoryError(f"the goal already holds after step {step + 1} of {len(plan)}")
        ops.append(op)
        rows.append(env.row[0].copy())
        observations.append(result.observation)
    if not env.done:
        raise TrajectoryError("the plan does not reach the goal in the environment")

    view = PlanView(task, ops, task.unpack(np.array(rows)))
    goals = frozenset((g.fact, g.positive) for g in env.goals if g.fact is not None and g.fact < task.n_facts)
    nameable = frozenset(f for f in env.shown.tolist()
                         if task.facts[f].predicate in templates.predicates)
    steps = explain_steps(view, templates, goals, nameable, task_id)
    thoughts = [t.text if paraphrase is None else paraphrase(t.text, t.action, t.facts) for t in steps]

    turns = [Turn("user", TURNS.opening(env.goal_text(), initial))]
    for step, (action, args) in enumerate(plan):
        thought = thoughts[step]
        if negative is not None and negative.step == step:
            turns += [Turn("assistant", TURN.format(thought=negative.thought, action=negative.action), False),
                      Turn("user", OBSERVATION.format(negative.feedback))]
            thought = negative.recovery + thought
        turns.append(Turn("assistant", TURN.format(thought=thought, action=templates.action(action, args)), True))
        if step < len(plan) - 1:  # the last observation (the goal is satisfied) ends no record: see formats.py
            turns.append(Turn("user", OBSERVATION.format(observations[step])))

    extras: dict[str, Any] = {"final_observation": observations[-1]}
    if negatives:
        extras["negative_step"] = None if negative is None else negative.step  # 0-based plan step
    if distances:
        found = distances_to_goal(task, rows, max_states)
        extras["distance_to_goal"] = found
        extras["distances_omitted"] = None if found is not None else f"more than {max_states} reachable states"
    return Trajectory(instruction(templates), tuple(turns), extras)
