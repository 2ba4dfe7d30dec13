"""OpenEnv's environment protocol over the pool: reset/step/state, the schemas and the metadata.

Followed from ``openenv-core`` 0.3 (meta-pytorch/OpenEnv): ``openenv/core/env_server/http_server.py``
(routes ``/reset``, ``/step``, ``/state``, ``/metadata``, ``/schema``, ``/health``, ``/mcp`` and the
``/ws`` session loop), ``env_server/types.py`` (``ResetRequest``, ``StepRequest``, the ``WS*`` messages,
``WSErrorCode``) and ``env_server/serialization.py`` (``serialize_observation``: ``{"observation",
"reward", "done"}``); its client (``openenv/core/env_client.py``, ``GenericEnvClient``) speaks the
WebSocket. An action is ``{"message": TEXT}``, the text an AgentGym client would send; the reward
is the progress rate, 1 when the goal holds.

OpenEnv's own server builds a fresh environment for every HTTP request, so an HTTP episode cannot
last past one call there. Here an HTTP episode lives in the pool under its ``episode_id``: ``/reset``
returns it in the observation (or takes the one the client chose) and ``/step`` and ``/state`` name
it. A WebSocket connection holds one episode, as in OpenEnv.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from itertools import count
from typing import Any

from agentgen_sym.serve.pool import EnvPool, ServeError

PREFIX = "/openenv"
"""Where the HTTP routes live (AgentGym's ``/reset`` and ``/step`` keep the root): base URL ``http://HOST:PORT/openenv``."""
MAX_EPISODE_ID = 255
"""The longest episode_id (OpenEnv's ``ResetRequest.episode_id`` ``max_length``)."""
VERSION = "1.0.0"
"""The protocol surface's version, as ``/openapi.json`` declares it (OpenEnv's validator reads it)."""

ACTION_SCHEMA = {"title": "AgentGenAction", "type": "object", "additionalProperties": False, "required": ["message"],
                 "properties": {"message": {"type": "string", "title": "Message",
                                            "description": "one action in words, as the observations and "
                                                           "'check valid actions' word them"}}}
OBSERVATION_SCHEMA = {"title": "AgentGenObservation", "type": "object", "required": ["text", "episode_id"],
                      "properties": {"text": {"type": "string", "description": "what the agent reads"},
                                     "episode_id": {"type": "string"},
                                     "data_idx": {"type": "integer", "description": "the task (reset only)"},
                                     "task_id": {"type": "string", "description": "the task (reset only)"}}}
STATE_SCHEMA = {"title": "AgentGenState", "type": "object",
                "properties": {"episode_id": {"type": "string"}, "step_count": {"type": "integer", "minimum": 0},
                               "data_idx": {"type": "integer"}, "task_id": {"type": "string"},
                               "done": {"type": "boolean"}, "progress_rate": {"type": "number"}}}


class OpenEnv:
    """The protocol's answers over ``pool``; HTTP episodes are found by episode_id (a bounded record)."""

    def __init__(self, pool: EnvPool) -> None:
        self.pool = pool
        self._episodes: OrderedDict[str, int] = OrderedDict()  # episode_id -> pool id, least recent first
        self._lock = threading.Lock()
        self._ids = count()

    # ------------------------------------------------------------------ the episode
    def reset(self, data: Any, env_id: int | None = None) -> tuple[int, dict]:
        """Start a task: ``data_idx`` (or ``task``, a task id), else ``seed`` modulo the task count, else task 0.
        ``env_id`` is the WebSocket's episode (None: a new one, or the HTTP episode named by ``episode_id``)."""
        if not isinstance(data, dict):
            raise ServeError("the reset parameters must be a JSON object, e.g. {\"seed\": 3}", 422)
        data_idx = self._task(data)
        episode_id = data.get("episode_id")
        if episode_id is not None and (not isinstance(episode_id, str) or len(episode_id) > MAX_EPISODE_ID):
            raise ServeError(f"'episode_id' must be a string of at most {MAX_EPISODE_ID} characters", 422)
        if env_id is None and episode_id is not None:
            with self._lock:
                env_id = self._episodes.get(episode_id)
        answer = None
        if env_id is not None:
            try:
                answer = self.pool.reset(env_id, data_idx)
            except ServeError as exc:
                if exc.status != 410:  # an evicted episode starts afresh under its name
                    raise
        if answer is None:
            answer = self.pool.create(data_idx)
            env_id = answer["id"]
        episode_id = episode_id if episode_id is not None else f"episode-{next(self._ids)}"
        with self._lock:
            self._episodes[episode_id] = env_id
            self._episodes.move_to_end(episode_id)
            while len(self._episodes) > self.pool.max_envs:
                self._episodes.popitem(last=False)
        task = self.pool.catalog.tasks[data_idx]
        observation = {"text": answer["observation"], "episode_id": episode_id, "data_idx": data_idx,
                       "task_id": task.task_id}
        return env_id, {"observation": observation, "reward": answer["reward"], "done": answer["done"]}

    def step(self, env_id: int, episode_id: str, action: Any) -> dict:
        if not isinstance(action, dict) or not isinstance(action.get("message"), str) or len(action) != 1:
            raise ServeError("the action must be a JSON object {\"message\": TEXT} (GET /openenv/schema)", 422)
        answer = self.pool.step(env_id, action["message"])
        return {"observation": {"text": answer["observation"], "episode_id": episode_id},
                "reward": answer["reward"], "done": answer["done"]}

    def state(self, env_id: int, episode_id: str) -> dict:
        detail = self.pool.detail(env_id)
        return {"episode_id": episode_id, "step_count": detail["steps"], "data_idx": detail["data_idx"],
                "task_id": detail["task_id"], "done": detail["done"], "progress_rate": detail["progress_rate"]}

    def find(self, episode_id: Any) -> int:
        """The pool id of the HTTP episode ``episode_id``."""
        if episode_id is None:
            raise ServeError("name the episode: pass the 'episode_id' that /openenv/reset returned in its "
                             "observation (HTTP keeps no connection), or play over the WebSocket at /openenv/ws")
        if not isinstance(episode_id, str):
            raise ServeError("'episode_id' must be a string", 422)
        with self._lock:
            env_id = self._episodes.get(episode_id)
        if env_id is None:
            raise ServeError(f"no episode {episode_id[:80]!r}: start one with POST /openenv/reset", 404)
        return env_id

    # ------------------------------------------------------------------ about the environment
    def metadata(self) -> dict:
        catalog = self.pool.catalog
        domains = sorted({t.domain for t in catalog.tasks})
        return {"name": "agentgen-sym", "version": VERSION,
                "description": f"PDDL planning tasks as text environments: {len(catalog)} tasks in "
                               f"{', '.join(domains)}; profile {self.pool.profile.name}. An action is "
                               "{\"message\": TEXT}; the reward is the progress rate (1 at the goal)."}

    @staticmethod
    def schema() -> dict:
        return {"action": ACTION_SCHEMA, "observation": OBSERVATION_SCHEMA, "state": STATE_SCHEMA}

    @staticmethod
    def openapi() -> dict:
        """The route list OpenEnv's validator reads (``openenv validate --url``): simulation mode."""
        paths = {f"{PREFIX}{p}": {m: {"summary": s}} for p, m, s in (
            ("/reset", "post", "start an episode"), ("/step", "post", "one action of an episode"),
            ("/state", "get", "an episode's state (?episode_id=)"), ("/metadata", "get", "about the environment"),
            ("/schema", "get", "action, observation and state schemas"), ("/health", "get", "health"),
            ("/mcp", "post", "MCP JSON-RPC (no tools)"))}
        return {"openapi": "3.1.0", "info": {"title": "agentgen-sym OpenEnv", "version": VERSION}, "paths": paths}

    @staticmethod
    def mcp(request: Any) -> dict:
        """JSON-RPC answers for ``/mcp``: this environment offers no MCP tools (its actions are text)."""
        rpc_id = request.get("id") if isinstance(request, dict) else None
        if isinstance(request, dict) and request.get("method") == "tools/list":
            return {"jsonrpc": "2.0", "id": rpc_id, "result": {"tools": []}}
        return {"jsonrpc": "2.0", "id": rpc_id,
                "error": {"code": -32601, "message": "no such method: this environment has no MCP tools"}}

    # ------------------------------------------------------------------ internals
    def _task(self, data: dict) -> Any:
        """The task's data_idx (the pool checks it)."""
        catalog = self.pool.catalog
        if "data_idx" in data:
            return data["data_idx"]
        if "task" in data:
            found = next((t.data_idx for t in catalog.tasks if t.task_id == data["task"]), None)
            if found is None:
                raise ServeError(f"no task {str(data['task'])[:80]!r} (GET /tasks lists them)", 404)
            return found
        seed = data.get("seed")
        if seed is None:
            return 0
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ServeError("'seed' must be a non-negative integer", 422)
        return seed % len(catalog)
