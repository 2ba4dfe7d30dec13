"""The environment core: one task's text, rewards and step limit over sessions kept as packed state rows.

``EnvCore`` is built once per task (its ``TextTask``, the observation pieces rendered once, the potential of the
dense reward); ``Sessions`` holds N episodes of it (``uint64[N, n_words]`` packed states and a few counters per
episode), and ``Sessions.step_many`` steps any of them in one call: the texts are read through a cache,
applicability, successors, goal tests and progress are one NumPy call each over the episodes that move, and an
observation is a join of pre-rendered sentences. ``TextEnv``, the gymnasium, TRL and verifiers adapters and the
server all step through it, so every front end sends the same strings and rewards.

A step's reward is one share of the episode's return, so the rewards of an episode sum to it whatever the front end
sums: ``success`` pays 1 on the step that reaches the goal and 0 otherwise; ``progress`` pays the rise of the
progress rate (counted from 0, as AgentBoard's is), so the return is the highest rate reached, 1 at the goal;
``dense`` pays the shaped step reward (``rewards.py``), and an episode cut short by ``max_steps`` pays on its last
step the optimal cost it still lacks (``Phi`` of where it stopped), so no policy that stalls or wanders earns the
gold plan's 0; ``info["distance"]`` says whether both states' distances were exact. ``info`` carries the levels:
``success`` (1 once the goal holds) and ``progress_rate``. Before, ``progress`` paid the level at every step, and a policy that stalled for 30
steps out-earned the gold plan.
"""

from __future__ import annotations

import threading
from functools import cached_property
from itertools import compress, repeat
from typing import Any, NamedTuple, Sequence

import numpy as np

from agentgen_sym.compiler.task import GroundAction, GroundTask
from agentgen_sym.env.framing import BARE, Framing
from agentgen_sym.env.rewards import ESTIMATE, EXACT, REWARDS, Potential, potential
from agentgen_sym.env.texttask import (CHECK_VALID_ACTIONS, GOAL_SATISFIED, INVALID_ACTION, UNSATISFIED_ACTION,
                                       VALID_ACTIONS_PREFIX, Outcome, TextTask, sentence)

READ_CACHE = 4096
"""Action texts remembered per task (agents repeat themselves); the cache starts over when full."""
READ_CACHE_TEXT = 400
"""Texts longer than this are read each time, never remembered: an agent's action is a line of a few words."""
ARRIVAL_CACHE = 512
"""States whose arrival (observed facts, goal, progress, potential) is remembered per task, a few hundred kB at
most; the cache starts over when full."""


class CacheBudget:
    """The characters that the caches of one kind hold together, over every task of the process: a server's
    clients fill them, and a bound per task alone let one client hold megabytes a task over hundreds of tasks. A
    cache that would take the total past it starts over."""

    def __init__(self, chars: int) -> None:
        self.chars = chars
        self.held = 0
        self.lock = threading.RLock()  # reentrant: a collection inside ``put`` may run another cache's ``__del__``


READS = CacheBudget(4_000_000)
ARRIVALS = CacheBudget(64_000_000)


class BoundedCache:
    """One task's cache: at most ``entries`` values, their sizes counted against a process-wide ``budget``."""

    __slots__ = ("budget", "entries", "_found", "_chars")

    def __init__(self, budget: CacheBudget, entries: int) -> None:
        self.budget, self.entries = budget, entries
        self._found: dict[Any, Any] = {}
        self._chars = 0

    def get(self, key: Any) -> Any:
        return self._found.get(key)

    def put(self, key: Any, value: Any, chars: int) -> None:
        budget = self.budget
        with budget.lock:
            if len(self._found) >= self.entries or budget.held + chars > budget.chars:
                budget.held -= self._chars
                self._found.clear()
                self._chars = 0
            self._found[key] = value
            self._chars += chars
            budget.held += chars

    def __del__(self) -> None:
        with self.budget.lock:
            self.budget.held -= self._chars


def first_applicable(task: GroundTask, states: np.ndarray, readings: Sequence[Sequence[int]]) -> list[int]:
    """Per state, the first of its text's readings (operators) that applies there, -1 where none does: one
    ``applies`` call for the whole batch."""
    where: list[int] = []
    flat: list[int] = []
    for j, ops in enumerate(readings):
        where += [j] * len(ops)
        flat += ops
    chosen = [-1] * len(readings)
    if flat:
        ok = task.applies(states, np.array(where, dtype=np.int64), np.array(flat, dtype=np.int64)).tolist()
        for j, op in compress(zip(where, flat), ok):
            if chosen[j] < 0:  # the first applicable reading of each text wins
                chosen[j] = op
    return chosen


class Step(NamedTuple):
    """What one step returns, gymnasium's five values: ``reward`` is this step's share of the return of the
    episode's reward; ``info`` carries every reward's level (``REWARDS``)."""

    observation: str
    reward: float
    terminated: bool
    truncated: bool
    info: dict[str, Any]


class Arrival(NamedTuple):
    """What a state an episode arrives at is: its observation's facts, whether the goal is reached there, the
    fraction of goal conditions holding (AgentBoard's progress), the dense reward's potential (0 without it) and
    whether that potential is the exact distance."""

    facts: str
    reached: bool
    progress: float
    phi: float
    exact: bool


class EnvCore:
    """One task played under one set of rules: ``reward`` (one of ``REWARDS``), ``max_steps`` (None: no limit),
    ``gamma`` (the shaping's discount) and ``max_states`` (the dense reward's budget; None: the export's
    ``--distances`` budget, ``export.distances.MAX_STATES``). ``dense`` (default: when it is the reward) adds the
    dense reward to every step's info; without it no distance is computed, so a task of any size starts at once.
    ``optimal_plan``, the task's gold plan where it was proved optimal, gives the distances along it at once
    (``rewards.potential``): every front end passes it, so every front end pays the same rewards."""

    def __init__(self, text: TextTask, *, reward: str = "success", max_steps: int | None = None,
                 gamma: float = 1.0, max_states: int | None = None, dense: bool | None = None,
                 optimal_plan: tuple[GroundAction, ...] | None = None) -> None:
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r}; choose one of {', '.join(REWARDS)}")
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {max_steps}")
        self.text = text
        self.task = task = text.task
        self.reward_name, self.max_steps, self.gamma, self.max_states = reward, max_steps, gamma, max_states
        self.optimal_plan = optimal_plan
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
        self._reads = BoundedCache(READS, READ_CACHE)
        self._arrived = BoundedCache(ARRIVALS, ARRIVAL_CACHE)

    # ------------------------------------------------------------------ per task
    @cached_property
    def potential(self) -> Potential:
        """The dense reward's potential, set up on first use (the enumeration is bounded by ``max_states``)."""
        return potential(self.task, self.max_states, self.optimal_plan)

    @cached_property
    def start(self) -> Arrival:
        """The initial state, where every episode starts: computed once, so a reset only copies it."""
        return self._arrivals(self.task.init_bits[None, :])[0]

    def initial_observation(self) -> str:
        """The facts of the initial state, worded as ``Sessions.reset`` words them."""
        start = self.start
        return start.facts + GOAL_SATISFIED if start.reached else start.facts

    def arrivals(self, rows: np.ndarray) -> list[Arrival]:
        """What each packed state of ``rows uint64[n, n_words]`` is, remembered per state (``ARRIVAL_CACHE``):
        the episodes of one task pass through the same states, every one from the same start."""
        keys = [row.tobytes() for row in rows]
        found = [self._arrived.get(key) for key in keys]
        unseen = [j for j, arrival in enumerate(found) if arrival is None]
        if unseen:
            computed = self._arrivals(rows if len(unseen) == len(rows) else rows[unseen])
            for j, arrival in zip(unseen, computed):
                found[j] = arrival
                self._arrived.put(keys[j], arrival, len(keys[j]) + len(arrival.facts))
        return found

    def _arrivals(self, rows: np.ndarray) -> list[Arrival]:
        """``arrivals`` computed: one NumPy pass per quantity for all ``rows``."""
        states = self.task.unpack(rows)
        reached = self.task.goal_reached(states)
        if self.dense:
            phi, exact = (values.tolist() for values in self.potential.of_rows(rows))
        else:
            phi, exact = repeat(0.0), repeat(True)
        return list(map(Arrival, self.facts_text(states), reached.tolist(), self.progress(states, reached).tolist(),
                        phi, exact))

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
            if len(text) <= READ_CACHE_TEXT:
                self._reads.put(text, found, len(text))
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
        return np.add.reduce(held, axis=1) / held.shape[1]  # the mean, without np.mean's Python wrapper


class Status(NamedTuple):
    """Where one episode stands: what the server's detail and evaluation's logs report."""

    steps: int
    progress: float
    done: bool
    grounding_accuracy: float


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
        # per-episode counters as lists: most steps move one or a few episodes, where NumPy's per-call cost
        # would dominate; the states are the only arrays
        self.steps, self.attempts, self.valid = [0] * n, [0] * n, [0] * n
        self.progress, self.phi, self.exact = [0.0] * n, [0.0] * n, [True] * n
        self.paid = [0.0] * n  # the progress reward paid so far: the level, paid as it rises from 0
        self.done = [False] * n
        self.outcome = [RESET] * n
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
            self.rows = np.concatenate([self.rows, np.zeros((grown, self.rows.shape[1]), dtype=self.rows.dtype)])
            for counter, zero in ((self.steps, 0), (self.attempts, 0), (self.valid, 0), (self.progress, 0.0),
                                  (self.paid, 0.0), (self.phi, 0.0), (self.exact, True), (self.done, False),
                                  (self.outcome, RESET)):
                counter.extend([zero] * grown)
            self._free.extend(range(n + grown - 1, n - 1, -1))
        i = self._free.pop()
        self.reset([i])
        return i

    def release(self, i: int) -> None:
        """Give row ``i`` back for ``open`` to reuse."""
        self._free.append(i)

    def reset(self, ids: Sequence[int] | None = None) -> list[str]:
        """Start the episodes ``ids`` (all by default) over; their initial observations (the facts)."""
        ids = range(len(self.rows)) if ids is None else ids
        start = self.core.start
        self.rows[_index(list(ids))] = self.core.task.init_bits
        for i in ids:
            self.steps[i] = self.attempts[i] = self.valid[i] = 0
            self.outcome[i] = RESET
            self.done[i], self.progress[i] = start.reached, start.progress
            self.phi[i], self.exact[i] = start.phi, start.exact
            self.paid[i] = 0.0
        return [self.core.initial_observation()] * len(ids)

    def observation(self, i: int) -> str:
        """Episode ``i``'s observation as its last reset or step framed it."""
        core, outcome = self.core, self.outcome[i]
        state = core.task.unpack(self.rows[i:i + 1])
        if outcome == Outcome.QUERY:
            return self.framing.after_step(core.listings(state)[0])
        if outcome in (Outcome.INVALID, Outcome.UNSATISFIED):
            return self.framing.after_step(INVALID_ACTION if outcome == Outcome.INVALID else UNSATISFIED_ACTION)
        facts = core.facts_text(state)[0] + GOAL_SATISFIED * self.done[i]
        return self.framing.opening(self.goal, facts) if outcome == RESET else self.framing.after_step(facts)

    def valid_actions(self, i: int) -> list[str]:
        """The actions episode ``i`` can take now, as text, sorted."""
        return self.core.text.valid_actions(self.core.task.unpack(self.rows[i:i + 1]))

    def action_text(self, action: str, args: tuple[str, ...]) -> str:
        """How an agent says the ground action ``(action args...)`` in these episodes."""
        return self.core.text.templates.action(action, args)

    def status(self, i: int) -> Status:
        attempts = self.attempts[i]
        return Status(self.steps[i], self.progress[i], self.done[i], self.valid[i] / attempts if attempts else 1.0)

    def step(self, i: int, text: str) -> Step:
        return self.step_many([i], [text])[0]

    def step_many(self, ids: Sequence[int], texts: Sequence[str]) -> list[Step]:
        """Step episode ``ids[j]`` by ``texts[j]`` for every j in one pass; the same as stepping them one by one.

        Only the states that change are computed: an episode whose text does not move it keeps its progress, goal
        and potential, so the NumPy calls (applicability, successors, goal, progress, the facts) run over the
        moved states, once each for the batch, and the counters are updated item by item."""
        n = len(ids)
        if n != len(texts):
            raise ValueError(f"{n} sessions but {len(texts)} actions")
        if n > 1 and len(set(ids)) != n:  # one episode twice: its steps happen in order
            return [self.step_many([i], [t])[0] for i, t in zip(ids, texts)]
        core, task = self.core, self.core.task
        reads = [core.read(t) for t in texts]
        tried: list[int] = []  # items whose text names operators
        asked: list[int] = []  # items that ask for the valid actions
        for j, (outcome, ops) in enumerate(reads):
            if ops:
                tried.append(j)
            elif outcome == Outcome.QUERY:
                asked.append(j)
        chosen = [-1] * n
        arrived: list[Arrival | None] = [None] * n  # where each moved episode arrives
        if tried:
            rows = self.rows[_index([ids[j] for j in tried])]
            states = task.unpack(rows)
            picks = first_applicable(task, states, [reads[j][1] for j in tried])
            at = [k for k, op in enumerate(picks) if op >= 0]  # the moving items' places among the tried
            if at:
                moved = [tried[k] for k in at]
                ops = [picks[k] for k in at]
                after = task.successors(rows, states, np.array(at), np.array(ops))
                self.rows[_index([ids[j] for j in moved])] = after
                for j, op, arrival in zip(moved, ops, core.arrivals(after)):
                    chosen[j], arrived[j] = op, arrival
        listings = [None] * n
        if asked:
            for j, listing in zip(asked, core.listings(task.unpack(self.rows[_index([ids[j] for j in asked])]))):
                listings[j] = listing
        names, cost = core.action_names, core.cost
        return [self._advance(ids[j], reads[j][0], names[op] if (op := chosen[j]) >= 0 else None,
                              float(cost[op]) if op >= 0 else 0.0, arrived[j], listings[j]) for j in range(n)]

    # ------------------------------------------------------------------ internals
    def _advance(self, i: int, outcome: Outcome, action: str | None, cost: float, arrived: Arrival | None,
                 listing: str | None) -> Step:
        """Count one step of episode ``i`` (``action``: the ground action applied, None for none, and its
        ``cost``; ``arrived``: what the new state is, when it moved) and say what the agent reads and earns: the one
        rule of our episodes' counters, rewards and info, the lifted episodes' too (env/lifted.py)."""
        core = self.core
        self.steps[i] += 1
        self.attempts[i] += outcome != Outcome.QUERY
        phi_before, exact_before, was_done = self.phi[i], self.exact[i], self.done[i]
        if arrived is not None:
            facts, reached, progress, self.phi[i], self.exact[i] = arrived
            self.valid[i] += 1
            done = self.done[i] = self.done[i] or reached
            self.progress[i] = max(self.progress[i], progress)
            self.outcome[i] = Outcome.STATE
            observation = facts + GOAL_SATISFIED if done else facts
        else:
            done = self.done[i]
            self.outcome[i] = Outcome.UNSATISFIED if outcome == Outcome.STATE else outcome
            observation = listing if outcome == Outcome.QUERY else \
                INVALID_ACTION if outcome == Outcome.INVALID else UNSATISFIED_ACTION
        steps, attempts, progress = self.steps[i], self.attempts[i], self.progress[i]
        success = 1.0 if done else 0.0
        info = {"action_is_valid": action is not None or outcome == Outcome.QUERY, "action": action,
                "progress_rate": progress,
                "grounding_accuracy": self.valid[i] / attempts if attempts else 1.0, "steps": steps,
                "success": success}
        pick, limit = core.reward_name, core.max_steps
        truncated = limit is not None and steps >= limit and not done
        shaped = None
        if core.dense:  # only a moved state has a new potential
            shaped = -cost + core.gamma * self.phi[i] - phi_before
            if truncated:  # cut short of the goal, it pays the cost it still lacks (Phi <= 0): stalling earns less
                shaped += self.phi[i]
            info["dense"], info["distance"] = shaped, EXACT if exact_before and self.exact[i] else ESTIMATE
        if pick == "success":  # paid once, on the step that reaches the goal
            reward = 1.0 if done and not was_done else 0.0
        elif pick == "progress":  # the rise of the level (from 0, as AgentBoard counts it); the sum is the level
            reward = progress - self.paid[i]
            self.paid[i] += reward
        else:
            reward = shaped
        return Step(self.framing.after_step(observation), reward, done, truncated, info)


def _index(ids: list[int]) -> slice | np.ndarray:
    """Rows ``ids`` of a session's arrays: one is a slice, read and written in place without the cost of fancy
    indexing, which dominates a one-row step."""
    return slice(ids[0], ids[0] + 1) if len(ids) == 1 else np.asarray(ids, dtype=np.int64)
