"""Live environments over the catalog's shared tasks, bounded and thread-safe.

An environment is a row of its task's ``Episodes``, which the server's profile builds once per task
(``env.profiles``): under ours the rows of one ``env.core.Sessions`` (a packed state and a few counters each,
observations recomputed from the row), under AgentBoard's its games. The pool only keeps ids, rows and
limits; every step, observation and score is the episodes' own, so the server says what ``TextEnv``, the
export and the RL adapters say. The pool holds at most ``max_envs`` environments: creating one more evicts the
least recently used, and environments idle longer than ``idle_timeout`` seconds are evicted as new ones are
created.

Ids follow AgentGym by default (0, 1, 2, ...: any client of the server can name any environment made over HTTP);
with ``random_ids`` they are random 128-bit integers that only their creator learns. An environment may also have an
``owner`` (a WebSocket connection, an OpenEnv episode): a request that does not come from its owner is refused and
never sees its state, whatever id it names. A gone id is remembered (a bounded record) so its client is told it was closed or evicted rather than
that it never existed. Each environment has its own lock, so concurrent steps on one id run one after the other,
and each task's episodes one more, held while they step; the registry lock is held only to look up, insert and
remove.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from typing import Any, Callable

from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.limits import LimitReached
from agentgen_sym.env.core import Step
from agentgen_sym.env.profiles import DEFAULT_PROFILE, Episodes, ProfileUnsupported, profile_named
from agentgen_sym.serve.catalog import Catalog, TaskUnavailable

GONE_MEMORY = 65536
"""How many closed or evicted ids are remembered for their error message (a small int each)."""
CLOSED, EVICTED_LRU, EVICTED_IDLE = 0, 1, 2
ID_BITS = 128
"""Random ids (``random_ids``) are this many bits: a client that tries a billion ids a second finds a live one of a
million after some 10^16 years."""


class ServeError(AgentgenError):
    """A request the server refuses; ``status`` is the HTTP code used when proper status codes are on."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class Table:
    """One task's episodes and the lock held while any of them changes."""

    __slots__ = ("episodes", "lock")

    def __init__(self, episodes: Episodes) -> None:
        self.episodes = episodes
        self.lock = threading.Lock()


class Environment:
    """One live environment: its task, its row in the task's table, and its own lock."""

    __slots__ = ("data_idx", "table", "row", "used", "lock", "open", "owner", "paid")

    def __init__(self, data_idx: int, table: Table, row: int, now: float, owner: object) -> None:
        self.lock = threading.Lock()
        self.open = True
        self.used = now
        self.data_idx, self.table, self.row = data_idx, table, row
        self.owner = owner  # None: anyone who names the id (AgentGym's HTTP routes)
        self.paid = 0.0  # the progress paid as rewards since the last reset (``step(increments=True)``)

    def pay(self, level: float) -> float:
        """The reward that brings what was paid up to the progress ``level`` (the environment's lock held)."""
        gain = level - self.paid
        self.paid += gain
        return gain

    def release(self) -> None:
        """Give the row back (the environment's lock held, or nobody else can reach it)."""
        if self.row >= 0:
            with self.table.lock:
                self.table.episodes.release(self.row)
            self.row = -1


class EnvPool:
    """The server's environments; every method returns JSON-ready data or raises ServeError."""

    def __init__(self, catalog: Catalog, profile: str = DEFAULT_PROFILE, max_envs: int = 10000,
                 idle_timeout: float = 3600.0, max_action_chars: int = 2000,
                 clock: Callable[[], float] = time.monotonic, random_ids: bool = False) -> None:
        self.profile = profile_named(profile)  # how episodes behave (ValueError for an unknown name)
        if max_envs < 1:
            raise ValueError("max_envs must be at least 1")
        self.catalog = catalog
        self.max_envs = max_envs
        self.idle_timeout = idle_timeout
        self.max_action_chars = max_action_chars
        self.clock = clock
        self.random_ids = random_ids
        self._live: OrderedDict[int, Environment] = OrderedDict()  # least recently used first
        self._gone: OrderedDict[int, int] = OrderedDict()  # id -> CLOSED / EVICTED_LRU / EVICTED_IDLE
        self._tables: dict[int, Table] = {}
        self._next_id = 0
        self._lock = threading.Lock()
        self.evicted = 0

    @property
    def live(self) -> int:
        return len(self._live)

    # ------------------------------------------------------------------ lifecycle
    def create(self, data_idx: Any = 0, owner: object = None) -> dict:
        """A new environment on task ``data_idx``; with an ``owner``, only requests that name that owner reach it."""
        data_idx = self._data_idx(data_idx)
        table = self._table(data_idx)
        with table.lock:
            row = table.episodes.open()
        now = self.clock()
        environment = Environment(data_idx, table, row, now, owner)
        evicted: list[Environment] = []
        with self._lock:
            evicted += self._evict_idle(now)
            while len(self._live) >= self.max_envs:
                evicted.append(self._forget(next(iter(self._live)), EVICTED_LRU))
            env_id = self._new_id()
            self._live[env_id] = environment
        self._release(evicted)
        return {"id": env_id, **self._state(environment)}

    def reset(self, env_id: Any, data_idx: Any = 0, owner: object = None) -> dict:
        environment = self._get(env_id, owner)
        data_idx = self._data_idx(data_idx)
        table = self._table(data_idx)
        with environment.lock:
            self._check_open(environment, env_id)
            environment.release()
            with table.lock:
                environment.row = table.episodes.open()
            environment.data_idx, environment.table, environment.paid = data_idx, table, 0.0
            return {"id": env_id, **self._state(environment)}

    def close(self, env_id: Any, owner: object = None) -> bool:
        env_id = self._id(env_id)
        with self._lock:
            if env_id not in self._live:
                raise self._missing(env_id)
            self._check_owner(self._live[env_id], env_id, owner)
            environment = self._forget(env_id, CLOSED)
        self._release([environment])
        return True

    # ------------------------------------------------------------------ playing
    def step(self, env_id: Any, action: Any, owner: object = None, increments: bool = False) -> dict:
        """One step; its ``reward`` is the progress rate (AgentGym's, the level), or with ``increments`` its rise
        since the last reset, so that an episode's rewards sum to the rate it reached (OpenEnv's trainers sum)."""
        environment = self._get(env_id, owner)
        self._check_action(action)
        with environment.lock:
            self._check_open(environment, env_id)
            with environment.table.lock:
                answer = _answer(environment.table.episodes.step_many([environment.row], [action])[0])
            if increments:
                answer["reward"] = environment.pay(answer["reward"])
            return answer

    def step_many(self, steps: list[tuple[Any, Any]], owner: object = None) -> list[dict]:
        """``step`` for each ``(id, action)``, in order, with ``{"error"}`` in place of a refused one. Distinct ids
        are stepped together, each task's environments in one call of its episodes' ``step_many``; the batch is cut
        before an id it already holds, so an id given twice is stepped twice, in order."""
        out: list[dict] = [{} for _ in steps]
        segment: dict[int, tuple[int, Environment, str]] = {}  # env_id -> (position, environment, action)
        for j, (env_id, action) in enumerate(steps):
            try:
                environment = self._get(env_id, owner)
                self._check_action(action)
            except ServeError as exc:
                out[j] = {"error": str(exc)}
                continue
            if env_id in segment:
                self._step_segment(segment, out)
                segment = {}
            segment[env_id] = (j, environment, action)
        self._step_segment(segment, out)
        return out

    def observation(self, env_id: Any, owner: object = None) -> str:
        environment = self._get(env_id, owner)
        with environment.lock:
            self._check_open(environment, env_id)
            with environment.table.lock:
                return environment.table.episodes.observation(environment.row)

    def available_actions(self, env_id: Any, owner: object = None) -> list[str]:
        environment = self._get(env_id, owner)
        with environment.lock:
            self._check_open(environment, env_id)
            with environment.table.lock:
                try:
                    return environment.table.episodes.valid_actions(environment.row)
                except LimitReached as exc:  # a lifted task whose actions are too many to list
                    raise ServeError(str(exc), 422) from exc

    def task_of(self, env_id: Any, owner: object = None) -> int:
        """The data_idx of environment ``env_id``'s task (refused as every request of another owner is)."""
        return self._get(env_id, owner).data_idx

    def detail(self, env_id: Any, owner: object = None) -> dict:
        environment = self._get(env_id, owner)
        with environment.lock:
            self._check_open(environment, env_id)
            info = self.catalog.tasks[environment.data_idx]
            with environment.table.lock:
                status = environment.table.episodes.status(environment.row)
            return {"id": self._id(env_id), **self._state(environment), "data_idx": environment.data_idx,
                    "task_id": info.task_id, "domain": info.domain, "item_id": info.item_id,
                    "goal": environment.table.episodes.goal, "steps": status.steps,
                    "progress_rate": status.progress, "grounding_accuracy": status.grounding_accuracy}

    def conversation_start(self, env_id: Any, owner: object = None) -> list[dict]:
        environment = self._get(env_id, owner)
        with environment.lock:
            self._check_open(environment, env_id)
            return list(self.catalog.priming(environment.data_idx))

    # ------------------------------------------------------------------ internals
    def _state(self, environment: Environment) -> dict:
        with environment.table.lock:
            episodes, row = environment.table.episodes, environment.row
            status = episodes.status(row)
            return {"observation": episodes.observation(row), "done": status.done, "reward": status.progress}

    def _table(self, data_idx: int) -> Table:
        """The task's episodes, built by the profile on first use (the task compiled then, if not yet)."""
        found = self._tables.get(data_idx)
        if found is None:
            try:
                task = self.catalog.playable(data_idx)
            except TaskUnavailable as exc:
                raise ServeError(str(exc), 422) from exc
            with self._lock:
                found = self._tables.get(data_idx)
                if found is None:
                    try:
                        episodes = self.profile.episodes(task, self.profile.served, None)
                    except ProfileUnsupported as exc:
                        raise ServeError(str(exc), 422) from exc
                    found = self._tables[data_idx] = Table(episodes)
        return found

    def _check_action(self, action: Any) -> None:
        if not isinstance(action, str):
            raise ServeError(f"'action' must be a string, found {_kind(action)}")
        if len(action) > self.max_action_chars:
            raise ServeError(f"the action is {len(action)} characters long; the limit is {self.max_action_chars}",
                             413)

    def _step_segment(self, segment: dict[int, tuple[int, Environment, str]], out: list[dict]) -> None:
        """Step distinct environments (env_id -> position, environment, action), their locks taken in id order (so
        two batches never wait on each other in a cycle), each task's in one call of its episodes."""
        held = []
        try:
            by_table: dict[int, tuple[Table, list[tuple[int, Environment, str]]]] = {}
            for env_id in sorted(segment):
                j, environment, action = segment[env_id]
                environment.lock.acquire()
                held.append(environment.lock)
                try:
                    self._check_open(environment, env_id)
                except ServeError as exc:
                    out[j] = {"error": str(exc)}
                    continue
                by_table.setdefault(id(environment.table), (environment.table, []))[1].append(
                    (j, environment, action))
            for table, group in by_table.values():
                with table.lock:
                    steps = table.episodes.step_many([e.row for _, e, _ in group], [a for _, _, a in group])
                for (j, _, _), result in zip(group, steps):
                    out[j] = _answer(result)
        finally:
            for lock in held:
                lock.release()

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

    def _new_id(self) -> int:
        """The next id (registry lock held): AgentGym's next number, or an unused random one."""
        if not self.random_ids:
            self._next_id += 1
            return self._next_id - 1
        env_id = secrets.randbits(ID_BITS)
        while env_id in self._live or env_id in self._gone:
            env_id = secrets.randbits(ID_BITS)
        return env_id

    def _get(self, env_id: Any, owner: object = None) -> Environment:
        env_id = self._id(env_id)
        with self._lock:
            environment = self._live.get(env_id)
            if environment is None:
                raise self._missing(env_id)
            self._check_owner(environment, env_id, owner)
            self._live.move_to_end(env_id)
            environment.used = self.clock()
        return environment

    @staticmethod
    def _check_owner(environment: Environment, env_id: int, owner: object) -> None:
        if environment.owner is not None and environment.owner != owner:
            raise ServeError(f"environment {env_id} belongs to another client (a WebSocket connection or an OpenEnv "
                             "episode): only its creator can use it; create your own with POST /create", 403)

    @staticmethod
    def _check_open(environment: Environment, env_id: int) -> None:
        if not environment.open:  # closed or evicted while this request waited for the environment's lock
            raise ServeError(f"environment {env_id} was closed while this request waited", 410)

    def _missing(self, env_id: int) -> ServeError:
        why = self._gone.get(env_id)
        if why is not None:
            reason = {CLOSED: "was closed",
                      EVICTED_LRU: "was evicted: it was the least recently used when the server reached its limit "
                                   f"of {self.max_envs} live environments",
                      EVICTED_IDLE: f"was evicted after {self.idle_timeout:g} s without requests"}[why]
            return ServeError(f"environment {env_id} {reason}; create a new one with POST /create", 410)
        if not self.random_ids and 0 <= env_id < self._next_id:
            return ServeError(f"environment {env_id} is gone (closed or evicted); create a new one with "
                              f"POST /create", 410)
        return ServeError(f"no environment {env_id}: create one with POST /create", 404)

    def _forget(self, env_id: int, why: int) -> Environment:
        """Remove a live environment (registry lock held) and remember why; its row is given back by ``_release``,
        after the registry lock, under the environment's own."""
        environment = self._live.pop(env_id)
        environment.open = False  # a request already holding it is refused from now on
        self.evicted += why != CLOSED
        self._gone[env_id] = why
        while len(self._gone) > GONE_MEMORY:
            self._gone.popitem(last=False)
        return environment

    def _evict_idle(self, now: float) -> list[Environment]:
        out = []
        while self._live:
            oldest, environment = next(iter(self._live.items()))
            if now - environment.used <= self.idle_timeout:
                break
            out.append(self._forget(oldest, EVICTED_IDLE))
        return out

    @staticmethod
    def _release(environments: list[Environment]) -> None:
        """Close removed environments: a step waiting for one's lock then finds it closed, never a reused row."""
        for environment in environments:
            with environment.lock:
                environment.release()


def _answer(step: Step) -> dict:
    """A step as AgentGym's ``/step`` answers it: the reward is the progress rate (1 when the goal holds)."""
    return {"observation": step.observation, "reward": step.info["progress_rate"], "done": step.terminated}


def _kind(value: Any) -> str:
    return {bool: "a boolean", str: "a string", float: "a number", list: "a list", dict: "an object",
            type(None): "null"}.get(type(value), type(value).__name__)
