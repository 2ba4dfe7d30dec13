"""The environment core: one task's text, rewards and step limit over sessions kept as packed state rows.

``EnvCore`` is built once per task (its ``TextTask``, the observation pieces rendered once, the potential of the
dense reward); ``Sessions`` holds N episodes of it as arrays (``uint64[N, n_words]`` states and a few counters per
row), and ``Sessions.step_many`` steps any of them in one call: the texts are read through a cache, applicability,
successors, goal tests and progress are one NumPy call each for the whole batch, and an observation is a join of
pre-rendered sentences. ``TextEnv``, the gymnasium, TRL and verifiers adapters and the server all step through it,
so every front end sends the same strings and rewards.
"""

from __future__ import annotations

from itertools import compress, repeat
from typing import Any, NamedTuple, Sequence

import numpy as np

from agentgen_sym.compiler.task import GroundTask
from agentgen_sym.env.framing import BARE, Framing
from agentgen_sym.env.rewards import REWARDS, Potential, potential
from agentgen_sym.env.texttask import (CHECK_VALID_ACTIONS, GOAL_SATISFIED, INVALID_ACTION, UNSATISFIED_ACTION,
                                       VALID_ACTIONS_PREFIX, Outcome, TextTask, sentence)

READ_CACHE = 4096
"""Action texts remembered per task (agents repeat themselves); the cache starts over when full."""


def first_applicable(task: GroundTask, states: np.ndarray, readings: Sequence[Sequence[int]]) -> list[int]:
    """Per state, the first of its text's readings (operators) that applies there, -1 where none does: one
    ``applies`` call for the whole batch."""
    where = [j for j, ops in enumerate(readings) for _ in ops]
    flat = [op for ops in readings for op in ops]
    chosen = [-1] * len(readings)
    if flat:
        ok = task.applies(states, np.array(where, dtype=np.int64), np.array(flat, dtype=np.int64)).tolist()
        for j, op, applies in zip(where, flat, ok):
            if applies and chosen[j] < 0:  # the first applicable reading of each text wins
                chosen[j] = op
    return chosen


class Step(NamedTuple):
    """What one step returns, gymnasium's five values: ``info`` carries every reward (``REWARDS``)."""

    observation: str
    reward: float
    terminated: bool
    truncated: bool
    info: dict[str, Any]


class EnvCore:
    """One task played under one set of rules: ``reward`` (one of ``REWARDS``), ``max_steps`` (None: no limit),
    ``gamma`` (the shaping's discount) and ``max_states`` (the dense reward's budget; None: the export's
    ``--distances`` budget, ``export.distances.MAX_STATES``). ``dense`` (default: when it is the reward) adds the
    dense reward to every step's info; without it no state is enumerated, so a task of any size starts at once."""

    def __init__(self, text: TextTask, *, reward: str = "success", max_steps: int | None = None,
                 gamma: float = 1.0, max_states: int | None = None, dense: bool | None = None) -> None:
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r}; choose one of {', '.join(REWARDS)}")
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {max_steps}")
        self.text = text
        self.task = task = text.task
        self.reward_name, self.max_steps, self.gamma, self.max_states = reward, max_steps, gamma, max_states
        self.dense = reward == "dense" if dense is None else dense
        if reward == "dense" and not self.dense:
            raise ValueError("the dense reward needs dense=True")
        self.cost = task.cost.astype(np.float64)
        self.action_names = [str(a) for a in task.actions]
        self._action_texts = [text.templates.action(*a) if real else "" for a, real in
                              zip(task.actions, task.action_mask.tolist())]
        # the observation's sentences, sorted as TextTask.state_facts sorts them; -1: a static fact, always shown
        hidden = text.templates.hidden  # action literals, said once in the rules, never observed
        pieces = [(text.templates.fact(*task.facts[i]), int(i)) for i in text.shown
                  if task.facts[i].predicate not in hidden]
        pieces += [(text.templates.fact(*atom), -1) for atom in text.static if atom.predicate not in hidden]
        pieces.sort(key=lambda p: p[0])
        self._sentences = [sentence(t) for t, _ in pieces]
        bits = np.array([b for _, b in pieces], dtype=np.int64)
        self._bits, self._static = np.maximum(bits, 0), bits < 0
        goals = text.goals
        self._goal_fact = np.array([g.fact if g.fact is not None else 0 for g in goals], dtype=np.int64)
        self._goal_whole = np.array([g.fact is None for g in goals], dtype=bool)
        self._goal_positive = np.array([g.positive for g in goals], dtype=bool)
        self._goal_facts_only = bool(goals) and not self._goal_whole.any()  # every condition one fact
        self._reads: dict[str, tuple[Outcome, tuple[int, ...]]] = {}
        self._potential: Potential | None = None

    # ------------------------------------------------------------------ per task
    @property
    def potential(self) -> Potential:
        """The dense reward's potential, computed on first use (the enumeration is bounded by ``max_states``)."""
        if self._potential is None:
            self._potential = potential(self.task, len(self.text.goals), self.max_states)
        return self._potential

    def initial_observation(self) -> str:
        """The facts of the initial state, worded as ``Sessions.reset`` words them (no potential is computed)."""
        states = self.task.unpack(self.task.init_bits[None, :])
        text = self.facts_text(states)[0]
        return text + GOAL_SATISFIED if self.task.goal_reached(states)[0] else text

    def sessions(self, n: int = 1, framing: Framing = BARE) -> Sessions:
        """``n`` new episodes of this task, each at its initial state (none: a holder that ``open``s them)."""
        return Sessions(self, n, framing)

    def read(self, text: str) -> tuple[Outcome, tuple[int, ...]]:
        """What ``text`` asks for: QUERY, INVALID (no action of the domain) or STATE with its candidate operators."""
        found = self._reads.get(text)
        if found is None:
            if " ".join(text.lower().split()) == CHECK_VALID_ACTIONS:
                found = (Outcome.QUERY, ())
            else:
                ops = tuple(op for r in self.text.read(text) for op in self.text.ops.get(r, ()))
                found = (Outcome.STATE, ops) if ops else (Outcome.INVALID, ())
            if len(self._reads) >= READ_CACHE:
                self._reads.clear()
            self._reads[text] = found
        return found

    def facts_text(self, states: np.ndarray) -> list[str]:
        """The observation of each ``bool[n, n_bits]`` state: its facts in words, sorted, as TextTask words them."""
        shown = states[:, self._bits] | self._static
        return [" ".join(compress(self._sentences, row)) for row in shown.tolist()]

    def listings(self, states: np.ndarray) -> list[str]:
        """The answer to "check valid actions" in each ``bool[n, n_bits]`` state, as TextTask words it."""
        ok = self.task.applicable(states) & self.task.action_mask
        texts = self._action_texts
        return [VALID_ACTIONS_PREFIX + ", ".join(sorted({texts[op] for op in np.flatnonzero(row)})) for row in ok]

    def held(self, states: np.ndarray, reached: np.ndarray) -> np.ndarray:
        """``bool[n, g]``: which goal conditions hold in each state (a goal with no conditions: one, the goal)."""
        if not len(self._goal_fact):
            return reached[:, None]
        if self._goal_facts_only:
            return states[:, self._goal_fact] == self._goal_positive
        return np.where(self._goal_whole, reached[:, None], states[:, self._goal_fact] == self._goal_positive)

    def progress(self, states: np.ndarray, reached: np.ndarray) -> np.ndarray:
        """``float[n]``: the fraction of goal conditions holding in each state (AgentBoard's progress)."""
        held = self.held(states, reached)
        return held.sum(axis=1) / held.shape[1]  # the mean, without np.mean's per-call overhead

    def unheld(self, states: np.ndarray, reached: np.ndarray) -> np.ndarray:
        """``int[n]``: the goal conditions that do not hold (the fallback potential's count)."""
        return (~self.held(states, reached)).sum(axis=1)


class Status(NamedTuple):
    """Where one episode stands: what the server's detail and evaluation's logs report."""

    steps: int
    progress: float
    done: bool
    grounding_accuracy: float


class _Counters(NamedTuple):
    """The stepped episodes' counters after a step, in step order (what ``Sessions`` writes back and reports)."""

    steps: np.ndarray
    attempts: np.ndarray
    valid: np.ndarray
    progress: np.ndarray
    done: np.ndarray


RESET = -1
"""``Sessions.outcome`` of an episode that has not stepped since it started (else an ``Outcome``)."""


class Sessions:
    """N episodes of one ``EnvCore`` as packed rows: ``rows uint64[N, n_words]`` and per-row counters.

    This is the one step of our profile's episodes: ``TextEnv``, the server's pool, evaluation and the RL adapters
    all step through ``step_many``. ``framing`` wraps what the agent reads (``env/framing.py``). A holder of many
    short episodes (the server) takes rows with ``open`` and gives them back with ``release``; the arrays grow as
    needed."""

    def __init__(self, core: EnvCore, n: int, framing: Framing = BARE) -> None:
        self.core = core
        self.framing = framing
        self.rows = np.repeat(core.task.init_bits[None, :], n, axis=0)
        self.steps = np.zeros(n, dtype=np.int64)
        self.attempts = np.zeros(n, dtype=np.int64)
        self.valid = np.zeros(n, dtype=np.int64)
        self.progress = np.zeros(n, dtype=np.float64)
        self.done = np.zeros(n, dtype=bool)
        self.phi = np.zeros(n, dtype=np.float64)
        self.outcome = np.full(n, RESET, dtype=np.int8)
        self._free: list[int] = []
        self.reset()

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def goal(self) -> str:
        return self.core.text.goal_line

    def open(self) -> int:
        """A row for a new episode, at its initial state: a released one, else a new one."""
        if not self._free:
            n = len(self.rows)
            grown = max(n, 1)
            for name in ("rows", "steps", "attempts", "valid", "progress", "done", "phi", "outcome"):
                array = getattr(self, name)
                setattr(self, name, np.concatenate([array, np.zeros((grown, *array.shape[1:]), dtype=array.dtype)]))
            self._free.extend(range(n + grown - 1, n - 1, -1))
        i = self._free.pop()
        self.reset([i])
        return i

    def release(self, i: int) -> None:
        """Give row ``i`` back for ``open`` to reuse."""
        self._free.append(i)

    def reset(self, ids: Sequence[int] | None = None) -> list[str]:
        """Start the episodes ``ids`` (all by default) over; their initial observations (the facts)."""
        index = np.arange(len(self.rows)) if ids is None else np.asarray(ids, dtype=np.int64)
        core = self.core
        self.rows[index] = core.task.init_bits
        self.steps[index] = self.attempts[index] = self.valid[index] = 0
        self.outcome[index] = RESET
        states = core.task.unpack(self.rows[index])
        reached = core.task.goal_reached(states)
        self.done[index] = reached
        self.progress[index] = core.progress(states, reached)
        self.phi[index] = self._phi(index, states, reached)
        return [text + GOAL_SATISFIED if won else text for text, won in zip(core.facts_text(states), reached.tolist())]

    def observation(self, i: int) -> str:
        """Episode ``i``'s observation as its last reset or step framed it."""
        core, outcome = self.core, int(self.outcome[i])
        state = core.task.unpack(self.rows[i:i + 1])
        if outcome == Outcome.QUERY:
            return self.framing.after_step(core.listings(state)[0])
        if outcome in (Outcome.INVALID, Outcome.UNSATISFIED):
            return self.framing.after_step(INVALID_ACTION if outcome == Outcome.INVALID else UNSATISFIED_ACTION)
        facts = core.facts_text(state)[0] + GOAL_SATISFIED * bool(self.done[i])
        return self.framing.opening(self.goal, facts) if outcome == RESET else self.framing.after_step(facts)

    def valid_actions(self, i: int) -> list[str]:
        """The actions episode ``i`` can take now, as text, sorted."""
        return self.core.text.valid_actions(self.core.task.unpack(self.rows[i:i + 1]))

    def action_text(self, action: str, args: tuple[str, ...]) -> str:
        """How an agent says the ground action ``(action args...)`` in these episodes."""
        return self.core.text.templates.action(action, args)

    def status(self, i: int) -> Status:
        attempts = int(self.attempts[i])
        return Status(int(self.steps[i]), float(self.progress[i]), bool(self.done[i]),
                      int(self.valid[i]) / attempts if attempts else 1.0)

    def step(self, i: int, text: str) -> Step:
        return self.step_many([i], [text])[0]

    def step_many(self, ids: Sequence[int], texts: Sequence[str]) -> list[Step]:
        """Step episode ``ids[j]`` by ``texts[j]`` for every j in one pass; the same as stepping them one by one."""
        n = len(ids)
        if n != len(texts):
            raise ValueError(f"{n} sessions but {len(texts)} actions")
        if n > 1 and len(set(ids)) != n:  # one episode twice: its steps happen in order
            return [self.step_many([i], [t])[0] for i, t in zip(ids, texts)]
        core, task = self.core, self.core.task
        # one episode (the server's single steps) is a slice: its row and counters are read and written in place,
        # without the cost of fancy indexing, which dominates a one-row step
        index: slice | np.ndarray = slice(ids[0], ids[0] + 1) if n == 1 else np.asarray(ids, dtype=np.int64)
        reads = [core.read(t) for t in texts]
        rows = self.rows[index]
        states = task.unpack(rows)
        chosen = first_applicable(task, states, [ops for _, ops in reads])
        # per-item flags as lists: one or a few items are most steps, and NumPy's per-call cost would dominate
        moved = [j for j, op in enumerate(chosen) if op >= 0]
        if moved:
            after = task.successors(rows, states, np.array(moved), np.array([chosen[j] for j in moved]))
            self.rows[index if n == 1 else index[moved]] = after
            states[moved] = task.unpack(after)
        reached = task.goal_reached(states) | self.done[index]
        dense = None
        if core.dense:  # only a moved state has a new potential
            phi_before = self.phi[index].copy()
            phi = phi_before.copy()
            if moved:
                phi[moved] = self._phi(np.asarray(ids, dtype=np.int64)[moved], states[moved], reached[moved])
                self.phi[index] = phi
            cost = np.array([core.cost[op] if op >= 0 else 0.0 for op in chosen])
            dense = -cost + core.gamma * phi - phi_before
        queried = [outcome == Outcome.QUERY for outcome, _ in reads]
        counters = _Counters(self.steps[index] + 1, self.attempts[index] + np.logical_not(queried),
                             self.valid[index] + np.greater_equal(chosen, 0),
                             np.maximum(self.progress[index], core.progress(states, reached)), reached)
        self.steps[index], self.attempts[index], self.valid[index] = counters.steps, counters.attempts, counters.valid
        self.progress[index], self.done[index] = counters.progress, reached
        self.outcome[index] = [Outcome.STATE if op >= 0 else Outcome.UNSATISFIED if outcome == Outcome.STATE
                               else outcome for op, (outcome, _) in zip(chosen, reads)]
        facts = core.facts_text(states[moved]) if moved else []
        asked = [j for j, query in enumerate(queried) if query]
        listings = dict(zip(asked, core.listings(states[asked]))) if asked else {}
        return self._results(reads, chosen, counters, moved, facts, listings, dense)

    # ------------------------------------------------------------------ internals
    def _phi(self, index: np.ndarray, states: np.ndarray, reached: np.ndarray) -> np.ndarray:
        """The potential of episodes ``index`` (their unpacked ``states``; ``reached``: goal reached)."""
        if not self.core.dense:
            return np.zeros(len(index), dtype=np.float64)
        pot = self.core.potential
        unheld = self.core.unheld(states, reached) if pot.table is None else np.zeros(len(index), dtype=np.int64)
        return pot.of_rows(self.rows[index], unheld)

    def _results(self, reads: list[tuple[Outcome, tuple[int, ...]]], chosen: list[int], counters: _Counters,
                 moved: list[int], facts: list[str], listings: dict[int, str],
                 dense: np.ndarray | None) -> list[Step]:
        core = self.core
        limit, pick, names = core.max_steps, core.reward_name, core.action_names
        kind = core.potential.kind if core.dense else None
        moved_text = dict(zip(moved, facts))
        columns = zip(range(len(reads)), chosen, counters.done.tolist(), counters.steps.tolist(),
                      counters.attempts.tolist(), counters.valid.tolist(), counters.progress.tolist(),
                      dense.tolist() if dense is not None else repeat(None))
        out = []
        for j, op, done, steps, attempts, valid, progress, shaped in columns:
            outcome = reads[j][0]
            if op >= 0:
                observation = moved_text[j] + GOAL_SATISFIED if done else moved_text[j]
            elif outcome == Outcome.QUERY:
                observation = listings[j]
            else:
                observation = INVALID_ACTION if outcome == Outcome.INVALID else UNSATISFIED_ACTION
            observation = self.framing.after_step(observation)
            success = 1.0 if done else 0.0
            info = {"action_is_valid": op >= 0 or outcome == Outcome.QUERY, "action": names[op] if op >= 0 else None,
                    "progress_rate": progress, "grounding_accuracy": valid / attempts if attempts else 1.0,
                    "steps": steps, "success": success}
            if kind is not None:
                info["dense"], info["potential"] = shaped, kind
            reward = success if pick == "success" else progress if pick == "progress" else shaped
            out.append(Step(observation, reward, done, limit is not None and steps >= limit and not done, info))
        return out
