"""The profiles a task is played under, as constructors of episodes: ``PROFILES`` names each one.

A profile builds a task's ``Episodes`` (as ``planners.registry.PLANNERS`` builds a planner): ours are rows of
``env.core.Sessions``, AgentBoard's are its games (``env.agentboard.Games``). ``serve``, ``eval`` and the RL
adapters ask a profile for episodes and call them alike; none of them tests which profile it holds, so a new
profile is one more entry here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.env.agentboard import Games, Wording
from agentgen_sym.env.core import EnvCore, Status, Step
from agentgen_sym.env.framing import BARE, TURNS, Framing
from agentgen_sym.env.lifted import LiftedCore


class ProfileUnsupported(AgentgenError):
    """A task a profile cannot play (AgentBoard's games need a grounded task); the message says why."""


class Episodes(Protocol):
    """The episodes of one task under one profile, addressed by row: what every front end calls."""

    goal: str

    def open(self) -> int: ...

    def release(self, i: int) -> None: ...

    def step_many(self, ids: Sequence[int], texts: Sequence[str]) -> list[Step]: ...

    def observation(self, i: int) -> str: ...

    def valid_actions(self, i: int) -> list[str]: ...

    def action_text(self, action: str, args: tuple[str, ...]) -> str: ...

    def status(self, i: int) -> Status: ...


@dataclass(frozen=True)
class PlayableTask:
    """One task as any profile can play it: its environment core (our text views, compiled once) and AgentBoard's
    wording of its domain (``agentboard.json`` beside it, else our templates) with the game it names, if any."""

    core: EnvCore | LiftedCore
    wording: Wording
    game: str | None = None


@dataclass(frozen=True)
class Profile:
    """``episodes(task, framing, max_steps)`` builds a task's episodes; ``served`` is the framing the server sends
    (ours: the export's training turns, so a model sees at evaluation what it was trained on); ``rewards``: the
    episodes carry our rewards (success, progress, dense), which the RL adapters train on. ``serve_help`` and
    ``eval_help``: the profile in the ``--profile`` help of ``serve`` and of ``eval``."""

    name: str
    episodes: Callable[[PlayableTask, Framing, int | None], Episodes]
    served: Framing
    rewards: bool
    serve_help: str
    eval_help: str


def _ours(task: PlayableTask, framing: Framing, max_steps: int | None) -> Episodes:
    """Our rules (env/core.py); the step limit is the core's own (``EnvCore(max_steps=...)``), truncating."""
    return task.core.sessions(0, framing)


def _agentboard(task: PlayableTask, framing: Framing, max_steps: int | None) -> Episodes:
    if isinstance(task.core, LiftedCore):
        raise ProfileUnsupported("the agentboard profile plays grounded tasks only, and this task is too large to "
                                 "ground: serve it under the agentgen profile")
    return Games(task.core.text.compiled, task.wording, task.game, framing, max_steps)


PROFILES: dict[str, Profile] = {p.name: p for p in (
    Profile("agentgen", _ours, served=TURNS, rewards=True,
            serve_help="our environment, worded as the exported training data", eval_help="ours"),
    Profile("agentboard", _agentboard, served=BARE, rewards=False,
            serve_help="AgentBoard's PDDL games' reading, messages and scores (docs/agentboard.md)",
            eval_help="AgentBoard's reading and scoring (docs/agentboard.md)"),
)}
"""Every profile by name, in the order ``--help`` lists them."""

DEFAULT_PROFILE = "agentgen"


def profile_named(name: str) -> Profile:
    """The profile called ``name``; ValueError naming the choices for any other name."""
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(f"unknown profile {name!r}; choose one of {', '.join(PROFILES)}") from None
