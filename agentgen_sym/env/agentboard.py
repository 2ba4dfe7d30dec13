"""The ``agentboard`` profile: a text environment that behaves, step by step, like AgentBoard's PDDL games.

AgentBoard (hkust-nlp/AgentBoard, ``agentboard/environment/pddl_env/pddl_env.py`` over the pddlgym
it vendors) reads actions loosely, answers "check ..." with the valid actions, shows only new facts
in barman and tyreworld, and scores progress and grounding its own way. Agents evaluated there
are scored by those rules, so this profile re-implements them (from reading the source, not
copying it) to make a score measured on our tasks comparable with AgentBoard's. Where AgentBoard
is nondeterministic (set iteration order) this profile sorts; ``docs/agentboard.md`` lists every
deliberate difference. Our own profile (``TextEnv``) stays the default, with its stricter reading.

Wording comes either from AgentBoard's own ``predicate_map`` form (one ``str.format`` pattern with
``{}`` per predicate or action name, the name and its arguments when a name is missing), kept in
``agentboard.json`` beside a domain by ``import_agentboard``, or from our ``Templates``.
"""

from __future__ import annotations

import ast as pyast
import json
import re
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from string import Formatter
from typing import Any, Mapping, Protocol, Sequence

import numpy as np

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.compile import CompiledTask, compile_task
from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.compiler.task import GroundAction, GroundAtom
from agentgen_sym.env.core import Status, Step
from agentgen_sym.env.framing import BARE, Framing
from agentgen_sym.env.goals import goal_conditions
from agentgen_sym.wording.templates import ActionReader, Templates
from agentgen_sym.env.texttask import (GOAL_PREFIX, GOAL_SATISFIED, INVALID_ACTION, UNSATISFIED_ACTION,
                                       VALID_ACTIONS_PREFIX)

AGENTBOARD_FILE = "agentboard.json"
"""AgentBoard's wording of one domain, beside its ``domain.pddl``: game, predicate_map, description."""
MAX_STEPS = 30
"""AgentBoard's step budget per episode (``eval_configs/main_results_all_tasks.yaml``: max_num_steps 30)."""
INCREMENTAL_GAMES = frozenset({"barman", "tyreworld"})
"""Games whose observations show only the facts an action added, and list "look around" (pddl_env.py:55, 126)."""
CHECK = "check"
LOOK_AROUND = "look around"
CHECK_VALID_ACTIONS = "check valid actions"
_TOKEN = re.compile(r"\w+(?:-\w+)*")
_REQUESTS = frozenset({tuple(CHECK_VALID_ACTIONS.split()), tuple(LOOK_AROUND.split())})
"""The listed requests as words: always requests, even in a domain with an action named "check" or "look"."""


class AgentBoardError(AgentgenError, ValueError):
    """AgentBoard wording that cannot be used with a domain; the message names the entry."""


class EpisodeOver(AgentgenError, RuntimeError):
    """``step`` called after the episode used its ``max_steps``."""


class Wording(Protocol):
    """Text of facts and actions: what AgentBoard's ``literal_to_text`` does for one domain."""

    def fact(self, predicate: str, args: tuple[str, ...]) -> str: ...

    def action(self, name: str, args: tuple[str, ...]) -> str: ...

    def observed(self, predicate: str, args: tuple[str, ...]) -> str: ...


@dataclass(frozen=True)
class PredicateMap:
    """AgentBoard's ``predicate_map``: ``{name: "{} is on {}."}``; a name not in it reads "name arg arg"."""

    entries: Mapping[str, str]

    def fact(self, predicate: str, args: tuple[str, ...]) -> str:
        template = self.entries.get(predicate)
        if template is None:  # pddl_env.py:115
            return predicate + " " + " ".join(args)
        return template.format(*args)

    action = fact
    observed = fact  # AgentBoard's templates carry their own final period (or none)


@dataclass(frozen=True)
class TemplateWording:
    """Our templates in AgentBoard's shape: observed facts end with a period, as its templates do."""

    templates: Templates

    def fact(self, predicate: str, args: tuple[str, ...]) -> str:
        return self.templates.fact(predicate, args)

    def action(self, name: str, args: tuple[str, ...]) -> str:
        return self.templates.action(name, args)

    def observed(self, predicate: str, args: tuple[str, ...]) -> str:
        text = self.templates.fact(predicate, args)
        return text if text.endswith((".", "!", "?")) else text + "."


def tokens(text: str) -> list[str]:
    """Words of lower-cased ``text``: runs of letters, digits and ``_`` joined by ``-`` (AgentBoard uses
    nltk's word_tokenize, pddl_env.py:71; for action text the words it yields are the same)."""
    return _TOKEN.findall(text.lower())


class AgentBoardEnv:
    """One episode of a compiled task with AgentBoard's PDDL-game behaviour.

    ``step(text) -> (observation, progress_rate, done, infos)`` as AgentBoard's ``PDDL.step``;
    ``infos["action_is_valid"]`` is what its task loop counts for grounding accuracy.
    """

    def __init__(self, compiled: CompiledTask, wording: Wording, *, incremental: bool | None = None,
                 max_steps: int | None = MAX_STEPS, keep_history: bool = True) -> None:
        if max_steps is not None and max_steps < 1:
            raise ValueError("max_steps must be at least 1 (None: no limit, as AgentBoard's environment itself)")
        self.compiled = compiled
        self.task = task = compiled.ground
        self.wording = wording
        self.incremental = compiled.domain.name.lower() in INCREMENTAL_GAMES if incremental is None else incremental
        self.max_steps = max_steps
        # ``infos`` "history" and "states" grow by a step each: a server, whose episodes have no step limit,
        # keeps neither (the client keeps its own), so a long episode costs no memory
        self.keep_history = keep_history
        self.goals = goal_conditions(compiled, wording)  # type: ignore[arg-type]  (only .fact is used)
        self.goal = GOAL_PREFIX + ", ".join(sorted(g.text for g in self.goals))  # pddl_env.py:121-123
        self.objects = frozenset(o.lower() for o in compiled.objects)
        self.arity = {a.name.lower(): len(a.parameters) for a in compiled.domain.actions}
        self.ops = task.action_ops
        self._shown = np.flatnonzero(task.atom_mask)
        self._static = frozenset(compiled.static)
        # our templates need not contain the action's name as a word, which AgentBoard's reading looks for;
        # their exact text is read too, so the listed text always reads back (AgentBoard's own always does)
        self._exact = ActionReader(wording.templates, compiled.objects) if isinstance(wording, TemplateWording) \
            else None
        self.reset()

    @classmethod
    def from_files(cls, domain_path: Path | str, problem_path: Path | str, **options: Any) -> AgentBoardEnv:
        """Parse and ground the files; ``agentboard.json`` beside the domain gives AgentBoard's wording,
        else our templates (``templates.json`` or derived) are used."""
        domain, problem = parse_domain(Path(domain_path)), parse_problem(Path(problem_path))
        wording, game = wording_beside(domain, domain_path)
        options.setdefault("incremental", None if game is None else game in INCREMENTAL_GAMES)
        return cls(compile_task(domain, problem), wording, **options)

    # ------------------------------------------------------------------ episode
    def reset(self) -> str:
        """Start over; returns the initial observation (every fact, sorted), as ``PDDL.reset`` records it."""
        self.row = self.task.init_bits[None, :].copy()
        self.state = self.task.unpack(self.row)
        self.atoms = self._atoms(self.state)
        self.steps = 0
        self.valid_steps = 0
        self.reward = 0.0  # pddl_env.py:152: progress starts at 0, whatever already holds
        self.done = False
        self.won = False
        self.observation = self._facts_text(self.atoms)
        self.history: list[tuple[str, Any]] = [("state", self.observation)]
        self.states = [self.observation]
        return self.observation

    def step(self, action: str) -> tuple[str, float, bool, dict[str, Any]]:
        """One action as text; ``(observation, progress rate, done, infos)`` (pddl_env.py:168-206)."""
        if self.truncated:
            raise EpisodeOver(f"the episode has used its {self.max_steps} steps")
        unnamed = self._unnamed(action)
        if CHECK in unnamed:  # any other text containing "check" (pddl_env.py:169)
            return self._answer(action, VALID_ACTIONS_PREFIX + ", ".join(self.action_space()), True)
        if LOOK_AROUND in unnamed:  # pddl_env.py:175, in every game
            return self._answer(action, self._facts_text(self.atoms), True)
        reading = self.read(action)
        if reading is None:
            return self._answer(action, INVALID_ACTION, False)  # pddl_env.py:203
        row = self._successor(reading)
        atoms = self._atoms(self.task.unpack(row)) if row is not None else self.atoms
        if row is None or atoms == self.atoms:  # the state did not change (pddl_env.py:191)
            return self._answer(action, UNSATISFIED_ACTION, False)
        previous = self.atoms
        self.row, self.state, self.atoms = row, self.task.unpack(row), atoms
        reached = bool(self.task.goal_reached(self.state)[0])
        held = sum(g.holds(self.state[0], reached) for g in self.goals) / len(self.goals) if self.goals else 1.0
        self.reward = max(self.reward, held)  # pddl_env.py:187
        self.won = self.done = reached  # pddl_env.py:215-224 (pddlgym's done is the goal test too)
        text = self._facts_text(atoms - previous if self.incremental else atoms)  # pddl_env.py:126-128
        return self._answer(action, text + GOAL_SATISFIED if self.won else text, True)

    # ------------------------------------------------------------------ views
    def listed(self) -> list[GroundAction]:
        """The applicable actions AgentBoard lists, sorted by their text: those with a repeated object are
        left out, as pddlgym's action space drops them (spaces.py:206)."""
        ok = self.task.applicable(self.state)[0] & self.task.action_mask
        found = {self.task.actions[op] for op in np.flatnonzero(ok)}
        kept = [a for a in found if len(set(a.args)) == len(a.args)]
        return sorted(kept, key=lambda a: (self.wording.action(a.action, a.args), a))

    def action_space(self) -> list[str]:
        """The listing after "Valid actions are: " (pddl_env.py:54-57): actions, then the two requests."""
        extra = [CHECK_VALID_ACTIONS, LOOK_AROUND] if self.incremental else [CHECK_VALID_ACTIONS]
        return [self.wording.action(a.action, a.args) for a in self.listed()] + extra

    def read(self, text: str) -> GroundAction | None:
        """AgentBoard's reading (pddl_env.py:60-105): the first word naming an action that is listed now,
        then the words naming objects, in order, the first ``arity`` of them; None without enough."""
        words = tokens(text)
        names = {a.action.lower() for a in self.listed()}
        name = next((w for w in words if w in names), None)
        if name is None:
            exact = self._exact.read(text) if self._exact is not None else []
            return next((r for r in exact if r.action in names), None)
        arity = self.arity[name]
        found = [w for w in words if w in self.objects]
        if len(found) < arity:
            return None
        return GroundAction(name, tuple(found[:arity]))

    @property
    def grounding_accuracy(self) -> float:
        """Valid steps over steps, requests included (tasks/pddl.py:136-137, 153); 1.0 before any step."""
        return self.valid_steps / self.steps if self.steps else 1.0

    @property
    def truncated(self) -> bool:
        return self.max_steps is not None and self.steps >= self.max_steps

    # ------------------------------------------------------------------ internals
    def _unnamed(self, text: str) -> str:
        """``text`` lower-cased, less what names one of the domain's actions: all of it when it is an action's
        exact wording, else every word that is an action's name; the listed requests stay whole.

        AgentBoard reads any text containing "check" (or "look around") as a request (pddl_env.py:169, 175).
        Its four games have no such action; ours may (``check-in``, worded "check {0} on {1}"), and under
        that rule it could never be played. Only what names an action is exempt: other text keeps the rule."""
        lowered = text.lower()
        if tuple(tokens(lowered)) in _REQUESTS:
            return lowered
        if self._exact is not None and self._exact.read(text):
            return ""
        return _TOKEN.sub(lambda word: " " if word.group() in self.arity else word.group(), lowered)

    def _successor(self, reading: GroundAction) -> np.ndarray | None:
        ok = self.task.applicable(self.state)[0]
        op = next((op for op in self.ops.get(reading, ()) if ok[op]), None)
        if op is None:
            return None
        return self.task.successors(self.row, self.state, np.array([0]), np.array([op]))

    def _atoms(self, state: np.ndarray) -> frozenset[GroundAtom]:
        return frozenset(self.task.facts[i] for i in self._shown[state[0, self._shown]]) | self._static

    def _facts_text(self, atoms: frozenset[GroundAtom]) -> str:
        """Facts as AgentBoard shows them: each ``str.capitalize``d, sorted, joined by spaces (pddl_env.py:129-131)."""
        return " ".join(sorted(self.wording.observed(a.predicate, a.args).capitalize() for a in atoms))

    def _answer(self, action: str, observation: str, valid: bool) -> tuple[str, float, bool, dict[str, Any]]:
        self.steps += 1
        self.valid_steps += valid
        self.observation = observation
        if self.keep_history:
            self.history += [("action", action), ("reward", self.reward), ("state", observation)]
            self.states.append(observation)
        infos = {"goal": self.goal, "state": observation, "steps": self.steps, "action_is_valid": valid,
                 "history": self.history, "states": self.states,  # the episode's own lists, as AgentBoard's
                 "won": self.won, "progress_rate": self.reward,
                 "grounding_accuracy": self.grounding_accuracy, "truncated": self.truncated}
        return observation, self.reward, self.done, infos


class Games:
    """The agentboard profile's episodes of one task: an ``AgentBoardEnv`` per row, stepped one at a time (its
    history and last observation are per episode), behind the same calls as our ``env.core.Sessions``."""

    def __init__(self, compiled: CompiledTask, wording: Wording, game: str | None, framing: Framing = BARE,
                 max_steps: int | None = None) -> None:
        # a server's episodes have no step limit and keep no history (the client keeps its own, as AgentBoard's
        # task loop does); evaluation's stop at its max_steps
        self._make = partial(AgentBoardEnv, compiled, wording, max_steps=max_steps, keep_history=False,
                             incremental=None if game is None else game in INCREMENTAL_GAMES)
        self.framing = framing
        self.wording = wording
        self._games: list[AgentBoardEnv | None] = []
        self._fresh: list[bool] = []
        self._free: list[int] = []
        self.goal = self._make().goal

    def open(self) -> int:
        i = self._free.pop() if self._free else len(self._games)
        if i == len(self._games):
            self._games.append(None)
            self._fresh.append(True)
        self._games[i], self._fresh[i] = self._make(), True
        return i

    def release(self, i: int) -> None:
        self._games[i] = None
        self._free.append(i)

    def step_many(self, ids: Sequence[int], texts: Sequence[str]) -> list[Step]:
        out = []
        for i, text in zip(ids, texts):
            game = self._game(i)
            observation, progress, done, infos = game.step(text)
            self._fresh[i] = False
            out.append(Step(self.framing.after_step(observation), progress, done, game.truncated, infos))
        return out

    def observation(self, i: int) -> str:
        game = self._game(i)
        if self._fresh[i]:
            return self.framing.opening(self.goal, game.observation)
        return self.framing.after_step(game.observation)

    def valid_actions(self, i: int) -> list[str]:
        return [self.wording.action(a.action, a.args) for a in self._game(i).listed()]

    def action_text(self, action: str, args: tuple[str, ...]) -> str:
        return self.wording.action(action, args).strip()

    def status(self, i: int) -> Status:
        game = self._game(i)
        return Status(game.steps, game.reward, game.done, game.grounding_accuracy)

    def _game(self, i: int) -> AgentBoardEnv:
        game = self._games[i]
        if game is None:
            raise IndexError(f"episode row {i} is not open")
        return game


# ---------------------------------------------------------------------- AgentBoard's wording files


def wording_beside(domain: ast.Domain, domain_path: Path | str) -> tuple[Wording, str | None]:
    """``agentboard.json`` beside the domain (its wording and game), else our templates and no game."""
    path = Path(domain_path).parent / AGENTBOARD_FILE
    if not path.is_file():
        return TemplateWording(Templates.beside(domain, domain_path)), None
    data = read_agentboard_file(path)
    return PredicateMap(checked_map(data["predicate_map"], domain, str(path))), data.get("game")


def read_agentboard_file(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise AgentBoardError(f"{path}: cannot read AgentBoard's wording: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("predicate_map"), dict):
        raise AgentBoardError(f'{path}: expected a JSON object with "predicate_map": {{name: template}}')
    for key in ("game", "description", "example", "system"):
        if data.get(key) is not None and not isinstance(data[key], str):
            raise AgentBoardError(f"{path}: {key!r} must be a string")
    return data


def checked_map(entries: Mapping[str, Any], domain: ast.Domain, where: str) -> dict[str, str]:
    """The entries that name one of the domain's predicates or actions, each checked to format its arguments.

    A template may leave arguments out (AgentBoard's barman "holding" names only the hand) but not ask
    for more than the name takes: AgentBoard would fail there with an IndexError mid-episode.
    """
    arities = {p.name.lower(): len(p.parameters) for p in domain.predicates}
    arities.update({a.name.lower(): len(a.parameters) for a in domain.actions})
    out: dict[str, str] = {}
    for name, template in entries.items():
        key = str(name).lower()
        if key not in arities:
            continue  # AgentBoard keeps one map for every game
        if not isinstance(template, str):
            raise AgentBoardError(f"{where}: {name}: expected a string template, found {type(template).__name__}")
        try:
            fields = [f for _, f, _, _ in Formatter().parse(template) if f is not None]
        except ValueError as exc:
            raise AgentBoardError(f"{where}: {name}: {template!r} is not a format pattern ({exc})") from exc
        if any(f.strip() for f in fields):
            raise AgentBoardError(f"{where}: {name}: {template!r}: use plain {{}} placeholders, as AgentBoard does")
        if len(fields) > arities[key]:
            raise AgentBoardError(f"{where}: {name}: {template!r} has {len(fields)} placeholders but {key} takes "
                                  f"{arities[key]} argument{'s' * (arities[key] != 1)}")
        out[key] = template
    return out


@dataclass(frozen=True)
class Imported:
    """AgentBoard's wording of one game, read from its ``pddl_env.py`` (and, optionally, the agent prompt
    ``prompts/VanillaAgent/pddl_vanilla_prompt.json``); ``notes`` say what was resolved on the way."""

    game: str
    predicate_map: dict[str, str]
    description: str | None
    notes: tuple[str, ...]
    example: str | None = None
    system: str | None = None

    def as_json(self, source: str) -> dict[str, Any]:
        data = {"game": self.game, "source": source, "predicate_map": self.predicate_map,
                "description": self.description}
        data.update({k: v for k, v in (("example", self.example), ("system", self.system)) if v is not None})
        return data


DESCRIPTION_KEYS = {"blockworld": "blocks"}
"""AgentBoard's description_map names blockworld's entry "blocks" (pddl_env.py:372)."""


def import_agentboard(source: str, game: str, domain: ast.Domain, prompt: str | None = None) -> Imported:
    """AgentBoard's ``predicate_map`` and ``description_map`` for ``game``, read from the text of its
    ``pddl_env.py`` without running it. A key written twice keeps its last value, as Python's dict
    literal does there (blockworld's "clear" becomes hanoi's "The {} is clear."); each one is a note.
    ``prompt``, the text of ``pddl_vanilla_prompt.json``, gives the instruction (it replaces the
    description, as AgentBoard's agent reads it), the worked example and the system message."""
    try:
        module = pyast.parse(source)
    except SyntaxError as exc:
        raise AgentBoardError(f"not Python source: {exc}") from exc
    maps = {target.id: node.value for node in module.body if isinstance(node, pyast.Assign)
            for target in node.targets if isinstance(target, pyast.Name) and isinstance(node.value, pyast.Dict)}
    if "predicate_map" not in maps:
        raise AgentBoardError("no `predicate_map = {...}` assignment found (expected AgentBoard's pddl_env.py)")
    notes: list[str] = []
    entries = _literal_dict(maps["predicate_map"], notes)
    descriptions = _literal_dict(maps["description_map"], []) if "description_map" in maps else {}
    description = descriptions.get(DESCRIPTION_KEYS.get(game, game))
    kept = checked_map(entries, domain, f"predicate_map ({game})")
    relevant = tuple(n for n in notes if n.split("'")[1] in kept)
    description = description.strip() if isinstance(description, str) else None
    if prompt is None:
        return Imported(game, kept, description, relevant)
    try:
        entry = json.loads(prompt)[game]
        examples, instruction, system = entry["examples"], entry["instruction"], entry["system_msg"]
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise AgentBoardError(f"the prompt file has no usable entry for {game!r} ({exc})") from exc
    example = examples[0] if isinstance(examples, list) and examples else None
    return Imported(game, kept, instruction, relevant, example, system)


def write_agentboard_file(pddl_env: Path | str, game: str, domain_path: Path | str,
                          prompt: Path | str | None = None) -> Imported:
    """Import ``game``'s wording from AgentBoard's files and write it as ``agentboard.json`` beside the domain."""
    domain = parse_domain(Path(domain_path))
    prompt_text = Path(prompt).read_text(encoding="utf-8") if prompt is not None else None
    imported = import_agentboard(Path(pddl_env).read_text(encoding="utf-8"), game, domain, prompt_text)
    target = Path(domain_path).parent / AGENTBOARD_FILE
    target.write_text(json.dumps(imported.as_json(Path(pddl_env).name), indent=2) + "\n", encoding="utf-8")
    return imported


def _literal_dict(node: pyast.Dict, notes: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key_node, value_node in zip(node.keys, node.values):
        try:
            key, value = pyast.literal_eval(key_node), pyast.literal_eval(value_node)  # type: ignore[arg-type]
        except ValueError as exc:
            raise AgentBoardError(f"line {value_node.lineno}: not a literal entry ({exc})") from exc
        if key in out and out[key] != value:
            notes.append(f"'{key}' is written twice; the later {value!r} replaces {out[key]!r}, as in AgentBoard")
        out[key] = value
    return out
