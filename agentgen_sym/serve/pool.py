"""Live environments as compact episodes over the catalog's shared tasks, bounded and thread-safe.

An episode is a packed state row (``uint64[1, n_words]``) and a few counters; observations are
recomputed from the row through the task's ``TextTask``, so they are TextEnv's strings and cost
no memory between requests. Under a profile of AgentBoard's games (``env.profiles``) an episode is an
``AgentBoardEnv`` instead (AgentBoard's reading, messages and scores need its last observation and its
history). The pool holds at most ``max_envs`` episodes: creating one more evicts the least recently
used, and episodes idle longer than ``idle_timeout`` seconds are evicted as new ones are created. A
gone id is remembered (a bounded record) so its client is told it was closed or evicted rather than
that it never existed. Each episode has its own lock, so concurrent steps on one id run one after the
other; the registry lock is held only to look up, insert and remove.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Any, Callable

import numpy as np

from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.env import GOAL_SATISFIED, Outcome, TextTask
from agentgen_sym.env.agentboard import AgentBoardEnv
from agentgen_sym.env.core import first_applicable
from agentgen_sym.env.profiles import DEFAULT_PROFILE, profile_named
from agentgen_sym.export.trajectories import OBSERVATION
from agentgen_sym.serve.catalog import Catalog, TaskUnavailable

RESET = -1
"""The outcome code of an episode that has not stepped since its reset."""
GONE_MEMORY = 65536
"""How many closed or evicted ids are remembered for their error message (a small int each)."""
CLOSED, EVICTED_LRU, EVICTED_IDLE = 0, 1, 2


class ServeError(AgentgenError):
    """A request the server refuses; ``status`` is the HTTP code used when proper status codes are on."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class Episode:
    """One live environment: which task, the state row and the counters (nothing per-request)."""

    __slots__ = ("data_idx", "row", "outcome", "steps", "attempts", "valid", "progress", "done", "used", "lock",
                 "open", "game")

    def __init__(self, data_idx: int, row: np.ndarray, now: float, game: AgentBoardEnv | None = None) -> None:
        self.lock = threading.Lock()
        self.open = True
        self.used = now
        self.start(data_idx, row, game)

    def start(self, data_idx: int, row: np.ndarray, game: AgentBoardEnv | None = None) -> None:
        self.data_idx = data_idx
        self.game = game
        self.row = row
        self.outcome = RESET
        self.steps = self.attempts = self.valid = 0
        self.progress = 0.0
        self.done = False


class EnvPool:
    """The server's environments; every method returns JSON-ready data or raises ServeError."""

    def __init__(self, catalog: Catalog, profile: str = DEFAULT_PROFILE, max_envs: int = 10000,
                 idle_timeout: float = 3600.0, max_action_chars: int = 2000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.profile = profile_named(profile)  # how episodes behave (ValueError for an unknown name)
        if max_envs < 1:
            raise ValueError("max_envs must be at least 1")
        self.catalog = catalog
        self.max_envs = max_envs
        self.idle_timeout = idle_timeout
        self.max_action_chars = max_action_chars
        self.clock = clock
        self._live: OrderedDict[int, Episode] = OrderedDict()  # least recently used first
        self._gone: OrderedDict[int, int] = OrderedDict()  # id -> CLOSED / EVICTED_LRU / EVICTED_IDLE
        self._next_id = 0
        self._lock = threading.Lock()
        self.evicted = 0

    @property
    def live(self) -> int:
        return len(self._live)

    # ------------------------------------------------------------------ lifecycle
    def create(self, data_idx: Any = 0) -> dict:
        data_idx = self._data_idx(data_idx)
        text = self._text(data_idx)
        now = self.clock()
        episode = Episode(data_idx, text.initial_row(), now, self._game(data_idx))
        self._settle(episode, text)
        with self._lock:
            self._evict_idle(now)
            while len(self._live) >= self.max_envs:
                oldest, _ = next(iter(self._live.items()))
                self._forget(oldest, EVICTED_LRU)
            env_id = self._next_id
            self._next_id += 1
            self._live[env_id] = episode
        return {"id": env_id, **self._state(episode, text)}

    def reset(self, env_id: Any, data_idx: Any = 0) -> dict:
        episode = self._get(env_id)
        data_idx = self._data_idx(data_idx)
        text = self._text(data_idx)
        with episode.lock:
            self._check_open(episode, env_id)
            episode.start(data_idx, text.initial_row(), self._game(data_idx))
            self._settle(episode, text)
            return {"id": env_id, **self._state(episode, text)}

    def close(self, env_id: Any) -> bool:
        env_id = self._id(env_id)
        with self._lock:
            if env_id not in self._live:
                raise self._missing(env_id)
            episode = self._live[env_id]
            self._forget(env_id, CLOSED)
        with episode.lock:
            episode.open = False
        return True

    # ------------------------------------------------------------------ playing
    def step(self, env_id: Any, action: Any) -> dict:
        episode = self._get(env_id)
        self._check_action(action)
        with episode.lock:
            self._check_open(episode, env_id)
            text = self._text(episode.data_idx)
            if episode.game is not None:
                return self._step_game(episode, action)
            task = text.task
            state = task.unpack(episode.row)
            outcome, ops = self.catalog.core(episode.data_idx).read(action)  # cached per task
            op = None
            if ops:  # the first reading that applies, as TextTask.step chooses
                ok = task.applies(state, np.zeros(len(ops), dtype=np.int64), np.asarray(ops, dtype=np.int64))
                op = ops[int(ok.argmax())] if ok.any() else None
                outcome = Outcome.UNSATISFIED if op is None else Outcome.STATE
            episode.steps += 1
            if outcome != Outcome.QUERY:
                episode.attempts += 1
            if op is not None:
                episode.valid += 1
                episode.row = text.apply(episode.row, state, op)
                state = task.unpack(episode.row)
                self._settle(episode, text, state)
            episode.outcome = int(outcome)
            return {"observation": self._observation(episode, text, state), "reward": episode.progress,
                    "done": episode.done}

    def step_many(self, steps: list[tuple[Any, Any]]) -> list[dict]:
        """``step`` for each ``(id, action)``, in order, with ``{"error"}`` in place of a refused one.

        The episodes of one task move in one vectorized pass (the core's cached reading, then applicability,
        successors, goal tests and progress over all their rows at once); the answers are ``step``'s, item by
        item. An id given twice in a batch is stepped twice, in order: the batch is cut before the repeat."""
        out: list[dict] = [{} for _ in steps]
        segment: dict[int, tuple[int, Episode, str]] = {}  # env_id -> (position, episode, action)
        for j, (env_id, action) in enumerate(steps):
            try:
                episode = self._get(env_id)
                self._check_action(action)
            except ServeError as exc:
                out[j] = {"error": str(exc)}
                continue
            if env_id in segment:
                self._step_segment(segment, out)
                segment = {}
            segment[env_id] = (j, episode, action)
        self._step_segment(segment, out)
        return out

    def observation(self, env_id: Any) -> str:
        episode = self._get(env_id)
        with episode.lock:
            self._check_open(episode, env_id)
            text = self._text(episode.data_idx)
            return self._observation(episode, text, text.task.unpack(episode.row))

    def available_actions(self, env_id: Any) -> list[str]:
        episode = self._get(env_id)
        with episode.lock:
            self._check_open(episode, env_id)
            text = self._text(episode.data_idx)
            if episode.game is not None:
                return [episode.game.wording.action(a.action, a.args) for a in episode.game.listed()]
            return text.valid_actions(text.task.unpack(episode.row))

    def detail(self, env_id: Any) -> dict:
        episode = self._get(env_id)
        with episode.lock:
            self._check_open(episode, env_id)
            text = self._text(episode.data_idx)
            info = self.catalog.tasks[episode.data_idx]
            game = episode.game
            accuracy = game.grounding_accuracy if game is not None else (
                episode.valid / episode.attempts if episode.attempts else 1.0)
            return {"id": self._id(env_id), **self._state(episode, text), "data_idx": episode.data_idx,
                    "task_id": info.task_id, "domain": info.domain, "item_id": info.item_id,
                    "goal": text.goal_line if game is None else game.goal, "steps": episode.steps,
                    "progress_rate": episode.progress, "grounding_accuracy": accuracy}

    def conversation_start(self, env_id: Any) -> list[dict]:
        episode = self._get(env_id)
        with episode.lock:
            self._check_open(episode, env_id)
            return list(self.catalog.priming(episode.data_idx))

    # ------------------------------------------------------------------ internals
    def _state(self, episode: Episode, text: TextTask) -> dict:
        state = text.task.unpack(episode.row)
        return {"observation": self._observation(episode, text, state), "done": episode.done,
                "reward": episode.progress}

    def _observation(self, episode: Episode, text: TextTask, state: np.ndarray) -> str:
        if episode.game is not None:
            game = episode.game
            return f"{game.goal}\n{game.observation}" if episode.outcome == RESET else game.observation
        if episode.outcome == RESET:  # the pre-rendered sentences, as for a move below
            facts = self.catalog.core(episode.data_idx).facts_text(state)[0] + GOAL_SATISFIED * episode.done
            if self.profile.training_turns:
                return f"{text.goal_line}\n{OBSERVATION.format(facts)}"
            return f"{text.goal_line}\n{facts}"
        if episode.outcome == Outcome.STATE:  # the pre-rendered sentences: TextTask.message's words, joined faster
            message = self.catalog.core(episode.data_idx).facts_text(state)[0] + GOAL_SATISFIED * episode.done
        else:
            message = text.message(Outcome(episode.outcome), state, episode.done)
        return OBSERVATION.format(message) if self.profile.training_turns else message

    def _check_action(self, action: Any) -> None:
        if not isinstance(action, str):
            raise ServeError(f"'action' must be a string, found {_kind(action)}")
        if len(action) > self.max_action_chars:
            raise ServeError(f"the action is {len(action)} characters long; the limit is {self.max_action_chars}",
                             413)

    @staticmethod
    def _step_game(episode: Episode, action: str) -> dict:
        observation, episode.progress, episode.done, _ = episode.game.step(action)
        episode.steps, episode.outcome = episode.game.steps, int(Outcome.STATE)
        return {"observation": observation, "reward": episode.progress, "done": episode.done}

    def _step_segment(self, segment: dict[int, tuple[int, Episode, str]], out: list[dict]) -> None:
        """Step distinct episodes (env_id -> position, episode, action), their locks taken in id order (so two
        batches never wait on each other in a cycle); each task's episodes go through ``_step_task``."""
        held = []
        try:
            by_task: dict[int, list[tuple[int, Episode, str]]] = {}
            for env_id in sorted(segment):
                j, episode, action = segment[env_id]
                episode.lock.acquire()
                held.append(episode.lock)
                try:
                    self._check_open(episode, env_id)
                    if episode.game is not None:
                        self._text(episode.data_idx)
                        out[j] = self._step_game(episode, action)
                        continue
                except ServeError as exc:
                    out[j] = {"error": str(exc)}
                    continue
                by_task.setdefault(episode.data_idx, []).append((j, episode, action))
            for data_idx, group in by_task.items():
                try:
                    self._step_task(data_idx, group, out)
                except ServeError as exc:
                    for j, _, _ in group:
                        out[j] = {"error": str(exc)}
        finally:
            for lock in held:
                lock.release()

    def _step_task(self, data_idx: int, group: list[tuple[int, Episode, str]], out: list[dict]) -> None:
        """``step``'s reading, move, settling and observation for distinct episodes of one task (locks held)."""
        text = self._text(data_idx)
        core, task = self.catalog.core(data_idx), text.task
        rows = np.concatenate([episode.row for _, episode, _ in group])
        states = task.unpack(rows)
        reads = [core.read(action) for _, _, action in group]
        chosen = first_applicable(task, states, [ops for _, ops in reads])  # as in step
        moved = np.flatnonzero(chosen >= 0)
        facts: dict[int, str] = {}
        if moved.size:
            new_rows = task.successors(rows, states, moved, chosen[moved])
            new_states = task.unpack(new_rows)
            reached = task.goal_reached(new_states)
            held = core.progress(new_states, reached)
            for k, row, won, part, said in zip(moved.tolist(), new_rows, reached.tolist(), held.tolist(),
                                              core.facts_text(new_states)):
                episode = group[k][1]
                episode.row = row[None, :].copy()
                episode.valid += 1
                episode.done = episode.done or won
                episode.progress = max(episode.progress, part)
                facts[k] = said
        asked = [k for k, (outcome, _) in enumerate(reads) if outcome == Outcome.QUERY]
        listings = dict(zip(asked, core.listings(states[asked]))) if asked else {}
        framed = self.profile.training_turns
        for k, ((j, episode, _), (outcome, ops)) in enumerate(zip(group, reads)):
            episode.steps += 1
            if outcome != Outcome.QUERY:
                episode.attempts += 1
            if k in facts:
                outcome, message = Outcome.STATE, facts[k] + GOAL_SATISFIED * episode.done
            elif outcome == Outcome.QUERY:
                message = listings[k]
            else:
                outcome = Outcome.UNSATISFIED if ops else outcome
                message = text.message(outcome, states[k:k + 1], episode.done)
            episode.outcome = int(outcome)
            out[j] = {"observation": OBSERVATION.format(message) if framed else message, "reward": episode.progress,
                      "done": episode.done}

    def _game(self, data_idx: int) -> AgentBoardEnv | None:
        if not self.profile.agentboard_game:
            return None
        try:
            return self.catalog.agentboard(data_idx)
        except TaskUnavailable as exc:
            raise ServeError(str(exc), 422) from exc

    @staticmethod
    def _settle(episode: Episode, text: TextTask, state: np.ndarray | None = None) -> None:
        if episode.game is not None:  # AgentBoard's progress starts at 0 and its done at False
            episode.done, episode.progress = episode.game.done, episode.game.reward
            return
        reached, held = text.settle(text.task.unpack(episode.row) if state is None else state)
        episode.done = episode.done or reached
        episode.progress = max(episode.progress, held)

    def _text(self, data_idx: int) -> TextTask:
        try:
            return self.catalog.text(data_idx)
        except TaskUnavailable as exc:
            raise ServeError(str(exc), 422) from exc

    def _data_idx(self, value: Any) -> int:
        if value is None:
            return 0
        if not isinstance(value, int) or isinstance(value, bool):
            raise ServeError(f"'data_idx' must be an integer, found {_kind(value)}")
        if not 0 <= value < len(self.catalog):
            raise ServeError(f"no task with data_idx {value}: this server has {len(self.catalog)} tasks "
                             f"(data_idx 0..{len(self.catalog) - 1}; GET /tasks lists them)", 404)
        return value

    @staticmethod
    def _id(value: Any) -> int:
        if value is None:
            raise ServeError("missing 'id': the environment id that /create returned")
        if not isinstance(value, int) or isinstance(value, bool):
            raise ServeError(f"'id' must be an integer, found {_kind(value)}")
        return value

    def _get(self, env_id: Any) -> Episode:
        env_id = self._id(env_id)
        with self._lock:
            episode = self._live.get(env_id)
            if episode is None:
                raise self._missing(env_id)
            self._live.move_to_end(env_id)
            episode.used = self.clock()
        return episode

    @staticmethod
    def _check_open(episode: Episode, env_id: int) -> None:
        if not episode.open:  # closed or evicted while this request waited for the episode's lock
            raise ServeError(f"environment {env_id} was closed while this request waited", 410)

    def _missing(self, env_id: int) -> ServeError:
        why = self._gone.get(env_id)
        if why is not None:
            reason = {CLOSED: "was closed",
                      EVICTED_LRU: "was evicted: it was the least recently used when the server reached its limit "
                                   f"of {self.max_envs} live environments",
                      EVICTED_IDLE: f"was evicted after {self.idle_timeout:g} s without requests"}[why]
            return ServeError(f"environment {env_id} {reason}; create a new one with POST /create", 410)
        if 0 <= env_id < self._next_id:
            return ServeError(f"environment {env_id} is gone (closed or evicted); create a new one with "
                              f"POST /create", 410)
        return ServeError(f"no environment {env_id}: create one with POST /create", 404)

    def _forget(self, env_id: int, why: int) -> None:
        """Remove a live episode (registry lock held) and remember why."""
        episode = self._live.pop(env_id)
        episode.open = False
        self.evicted += why != CLOSED
        self._gone[env_id] = why
        while len(self._gone) > GONE_MEMORY:
            self._gone.popitem(last=False)

    def _evict_idle(self, now: float) -> None:
        while self._live:
            oldest, episode = next(iter(self._live.items()))
            if now - episode.used <= self.idle_timeout:
                return
            self._forget(oldest, EVICTED_IDLE)


def _kind(value: Any) -> str:
    return {bool: "a boolean", str: "a string", float: "a number", list: "a list", dict: "an object",
            type(None): "null"}.get(type(value), type(value).__name__)
