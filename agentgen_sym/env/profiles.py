"""The profiles a task is played under: how episodes read actions, word observations and score, as data.

``serve`` and ``eval`` look a profile up here by name and read its fields; nothing else names one, so a
new profile is one more entry in ``PROFILES`` (and the code its fields select, where it needs new code).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Profile:
    """What differs between profiles.

    ``agentboard_game``: episodes are ``env.agentboard.AgentBoardEnv``, AgentBoard's PDDL games (its loose
    reading of actions, its messages and scores, its bare texts, the first starting with the goal line);
    otherwise they are our ``TextEnv``, with its stricter reading.
    ``training_turns``: the server words a TextEnv episode's observations as the agentgym export's turns (the
    first is the goal line, a newline and ``Observation: <facts>``, later ones ``Observation: <text>``), so a
    model sees at evaluation exactly what it was trained on; otherwise it sends the bare texts.
    ``serve_help`` and ``eval_help``: the profile in the ``--profile`` help of ``serve`` and of ``eval``."""

    name: str
    agentboard_game: bool
    training_turns: bool
    serve_help: str
    eval_help: str


PROFILES: dict[str, Profile] = {p.name: p for p in (
    Profile("agentgen", agentboard_game=False, training_turns=True,
            serve_help="our environment, worded as the exported training data", eval_help="ours"),
    Profile("agentboard", agentboard_game=True, training_turns=False,
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
