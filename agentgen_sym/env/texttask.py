"""One compiled task in text, as pure functions of a packed state: what TextEnv and the server share.

Everything an agent reads (observations, refusal messages, valid actions, the goal line) and
how its text is read back into an operator lives here, once per task; an episode is only a
state row and a few counters on top. ``TextEnv`` keeps one episode in an object; the env
server keeps thousands of episodes as rows over one ``TextTask`` per task file, so the strings
are the same in both by construction.
"""

from __future__ import annotations

import re
from enum import IntEnum
from string import Formatter

import numpy as np

from agentgen_sym.compiler.compile import CompiledTask
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.env.goals import goal_conditions
from agentgen_sym.wording.templates import ActionReader, Templates, in_sentence

INVALID_ACTION = "The action is not valid and therefore takes no effect. Please check valid actions."
"""AgentBoard's answer to text that is no action of the domain."""
UNSATISFIED_ACTION = ("The action is not valid and therefore takes no effect. Please remember to satisfy the "
                      "restriction of actions. You can also check valid actions.")
"""AgentBoard's answer to a well-formed action whose precondition does not hold."""
GOAL_SATISFIED = " The goal is satisfied."
GOAL_PREFIX = "The goal is to satisfy the following conditions: "
VALID_ACTIONS_PREFIX = "Valid actions are: "
CHECK_VALID_ACTIONS = "check valid actions"
TEXTCRAFT_FILTER = re.compile(r"[^a-z0-9, ]+")
"""What AgentGym's TextCraft client deletes from every action (``re.sub(r"[^A-Za-z0-9, ]+", "", action)`` in
``agentenv/envs/textcraft.py``), lower-cased: ``cart-2`` reaches the server as ``cart2``."""
_WORD = re.compile(r"[a-z0-9]+")


class Outcome(IntEnum):
    """What one step of text did; with the state it determines the observation."""

    STATE = 0  # an action applied (or the episode started): the observation is the state
    QUERY = 1  # "check valid actions": the observation lists them
    INVALID = 2  # no action of the domain
    UNSATISFIED = 3  # an action whose precondition does not hold


def sentence(text: str) -> str:
    """``a is on b`` -> ``A is on b.`` (only the first letter changes: object names stay readable)."""
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


class TextTask:
    """A compiled task's text views; states are ``uint64[1, n_words]`` rows and their unpacked ``bool[1, n_bits]``."""

    def __init__(self, compiled: CompiledTask, templates: Templates) -> None:
        self.compiled = compiled
        self.task = task = compiled.ground
        self.templates = templates
        self.goals = goal_conditions(compiled, templates)
        self.reader = ActionReader(templates, compiled.objects)
        self.ops: dict[GroundAction, tuple[int, ...]] = task.action_ops
        self.shown = np.flatnonzero(task.atom_mask)
        self.static = sorted(compiled.static)
        self.goal_line = GOAL_PREFIX + ", ".join(in_sentence(text) for text in sorted(g.text for g in self.goals))
        self.aliases = filtered_aliases([*compiled.objects, *(a.name for a in templates.domain.actions),
                                         *(w for t in templates.actions.values() for w in _literal_words(t))])

    def read(self, text: str) -> list[GroundAction]:
        """The readings of ``text`` (``ActionReader.read``); text with no reading is read once more with each word
        that a client's character filter mangled (``cart2``, ``pickup``) put back, when only one name filters to it."""
        readings = self.reader.read(text)
        if readings or not self.aliases:
            return readings
        filtered = TEXTCRAFT_FILTER.sub("", text.lower())
        restored = _WORD.sub(lambda word: self.aliases.get(word.group(), word.group()), filtered)
        return self.reader.read(restored) if restored != filtered else []

    def message(self, outcome: Outcome, state: np.ndarray, done: bool) -> str:
        """The observation after ``outcome`` in ``state`` (``done``: the goal has been reached)."""
        if outcome == Outcome.QUERY:
            return VALID_ACTIONS_PREFIX + ", ".join(self.valid_actions(state))
        if outcome == Outcome.INVALID:
            return INVALID_ACTION
        if outcome == Outcome.UNSATISFIED:
            return UNSATISFIED_ACTION
        text = " ".join(sentence(f) for f in self.state_facts(state))
        return text + GOAL_SATISFIED if done else text

    def valid_actions(self, state: np.ndarray) -> list[str]:
        """The applicable actions as text, sorted so the same state always lists them alike."""
        task = self.task
        ok = task.applicable(state)[0] & task.action_mask
        return sorted({self.templates.action(*task.actions[op]) for op in np.flatnonzero(ok)})

    def state_facts(self, state: np.ndarray, pddl: bool = False) -> list[str]:
        """The true facts, static ones included, in words (or as PDDL), sorted."""
        atoms = [self.task.facts[i] for i in self.shown[state[0, self.shown]]] + self.static
        hidden = () if pddl else self.templates.hidden  # action literals: said once, in the rules
        return sorted(str(a) if pddl else self.templates.fact(*a) for a in atoms if a.predicate not in hidden)


def filtered_aliases(names: list[str]) -> dict[str, str]:
    """Each name's form after ``TEXTCRAFT_FILTER`` -> the name, for names the filter changes; a form that two
    names share (``cart-2`` and ``cart_2``) is left out, so a mangled word is only ever read as the one it was."""
    found: dict[str, set[str]] = {}
    for name in names:
        lowered = name.lower()
        mangled = TEXTCRAFT_FILTER.sub("", lowered)
        if mangled != lowered and mangled and " " not in mangled:
            found.setdefault(mangled, set()).add(lowered)
    plain = {name.lower() for name in names}
    return {m: next(iter(n)) for m, n in found.items() if len(n) == 1 and m not in plain}


def _literal_words(template: str) -> list[str]:
    """The words of a template's literal text (``put {0} on-top-of {1}``: put, on-top-of)."""
    return [w for literal, _, _, _ in Formatter().parse(template) for w in literal.split()]
