"""OpenEnv's environment protocol over the pool: reset/step/state, the schemas, the metadata and (openenv 0.10)
the task API.

Followed from ``openenv-core`` 0.3 (meta-pytorch/OpenEnv): ``openenv/core/env_server/http_server.py``
(routes ``/reset``, ``/step``, ``/state``, ``/metadata``, ``/schema``, ``/health``, ``/mcp`` and the
``/ws`` session loop), ``env_server/types.py`` (``ResetRequest``, ``StepRequest``, the ``WS*`` messages,
``WSErrorCode``) and ``env_server/serialization.py`` (``serialize_observation``: ``{"observation",
"reward", "done"}``); its client (``openenv/core/env_client.py``, ``GenericEnvClient``) speaks the
WebSocket. An action is ``{"message": TEXT}``, the text an AgentGym client would send; a step's reward
is the rise of the progress rate it brought (0 at reset), so an episode's rewards sum to the rate reached, 1 at
the goal: OpenEnv's trainers sum them (AgentGym's routes answer the rate itself, as AgentGym does).

OpenEnv's own server builds a fresh environment for every HTTP request, so an HTTP episode cannot
last past one call there. Here an HTTP episode lives in the pool under its ``episode_id``: ``/reset``
returns it in the observation and ``/step`` and ``/state`` name it. An id the server chooses is 128 random
bits, so only the client it was given to can name the episode; an id the client chooses (``ResetRequest``'s
``episode_id``) is as private as it is hard to guess, unless the client sends a token (``Authorization: Bearer
...``): then its episode ids are its own, and no request without that token reaches them. A WebSocket
connection holds one episode, as in OpenEnv, which no other connection or HTTP request can reach or adopt: an
``episode_id`` in a WebSocket reset is that episode's label, never the address of another.

An episode's actions are also MCP tools (``env/tools.py``: one per action of its domain, one string argument per
parameter, named as TRL's and the OpenEnv package's tools are): a step may be OpenEnv's MCP action
``{"type": "list_tools"}`` or ``{"type": "call_tool", "tool_name", "arguments"}``, as its ``MCPToolClient`` sends
them over the WebSocket, and ``/mcp`` answers ``tools/list`` and ``tools/call`` on the HTTP episode that
``params.episode_id`` names. A tool call is one step: its result is the observation, its reward the step's.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from typing import Any

from agentgen_sym.env.tools import Tool, domain_tools
from agentgen_sym.serve.pool import EnvPool, ServeError
from agentgen_sym.wording.templates import Templates

PREFIX = "/openenv"
"""Where the HTTP routes live (AgentGym's ``/reset`` and ``/step`` keep the root): base URL ``http://HOST:PORT/openenv``."""
MAX_EPISODE_ID = 255
"""The longest episode_id (OpenEnv's ``ResetRequest.episode_id`` ``max_length``)."""
EPISODE_ID_BYTES = 16
"""A server-chosen episode_id is this many random bytes (128 bits), URL-safe base64."""
ENV_NAME = "agentgen_sym"
"""The environment's name in OpenEnv's task API (``/openenv/agentgen_sym/tasks`` ...)."""
MCP_METHODS = ("tools/list", "tools/call", "openenv/session/create", "openenv/session/close")
"""What ``/mcp`` answers (OpenEnv 0.10's MCP client creates a session, lists and calls tools, closes it)."""
SPLIT = "train"
"""The task API's one split: every task the server serves."""
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
    """The protocol's answers over ``pool``; HTTP episodes are found by (token, episode_id) (a bounded record)."""

    def __init__(self, pool: EnvPool) -> None:
        self.pool = pool
        self._episodes: OrderedDict[tuple[str | None, str], int] = OrderedDict()  # least recent first
        self._lock = threading.Lock()
        self._toolsets: dict[int, tuple[dict[str, Tool], Templates]] = {}  # per task folder

    # ------------------------------------------------------------------ the episode
    def reset_http(self, data: Any, token: str | None = None) -> dict:
        """Start a task (``_task``) in the HTTP episode ``data["episode_id"]`` of ``token`` (its client's
        ``Authorization: Bearer`` token, or None), or in a new one the server names."""
        data_idx = self._task(data)
        episode_id = _episode_id(data)
        if episode_id is None:
            episode_id = secrets.token_urlsafe(EPISODE_ID_BYTES)
        key = (token, episode_id)
        with self._lock:
            env_id = self._episodes.get(key)
        env_id, answer = self._start(data_idx, env_id, ("openenv", *key))
        with self._lock:
            self._episodes[key] = env_id
            self._episodes.move_to_end(key)
            while len(self._episodes) > self.pool.max_envs:
                self._episodes.popitem(last=False)
        return self._opened(answer, episode_id, data_idx)

    def reset_socket(self, data: Any, connection: Any) -> dict:
        """Start a task in the WebSocket ``connection``'s own episode (a new one on its first reset), or in the
        session it attached to; an ``episode_id`` in ``data`` labels the connection's own episode, never another
        episode's address."""
        if connection.session is not None:  # the session's episode keeps the session's id
            token, session_id = connection.session
            opened = self.reset_http(dict(data, episode_id=session_id) if isinstance(data, dict) else data, token)
            connection.episode, _ = self.find(session_id, token)
            return opened
        data_idx = self._task(data)
        label = _episode_id(data) or connection.episode_id or secrets.token_urlsafe(EPISODE_ID_BYTES)
        connection.episode, answer = self._start(data_idx, connection.episode, connection)
        connection.created.add(connection.episode)
        connection.episode_id = label
        return self._opened(answer, label, data_idx)

    def attach(self, connection: Any, session_id: str, token: str | None) -> None:
        """Bind a WebSocket to the session ``session_id`` of ``token`` (``/ws?session_id=``, as OpenEnv's MCP client
        connects): its reset, step and state play the session's episode, which tools/list and tools/call over HTTP
        reach too; the session outlives the connection. Raises ServeError for a session the token does not hold."""
        env_id, owner = self.find(session_id, token)
        connection.episode, connection.episode_id, connection.session, connection.owner = (
            env_id, session_id, (token, session_id), owner)

    def _start(self, data_idx: Any, env_id: int | None, owner: object) -> tuple[int, dict]:
        """Reset ``owner``'s environment ``env_id`` to the task, or create one (none yet, or it was evicted)."""
        if env_id is not None:
            try:
                return env_id, self.pool.reset(env_id, data_idx, owner)
            except ServeError as exc:
                if exc.status != 410:  # an evicted episode starts afresh under its name
                    raise
        answer = self.pool.create(data_idx, owner)
        return answer["id"], answer

    def _opened(self, answer: dict, episode_id: str, data_idx: int) -> dict:
        task = self.pool.catalog.tasks[data_idx]
        observation = {"text": answer["observation"], "episode_id": episode_id, "data_idx": data_idx,
                       "task_id": task.task_id}
        return {"observation": observation, "reward": 0.0, "done": answer["done"]}  # nothing earned yet

    def step(self, env_id: int, episode_id: str, action: Any, owner: object) -> dict:
        """One step by ``{"message": TEXT}``, or OpenEnv's MCP actions: ``{"type": "list_tools"}`` (the tools of the
        episode's domain, moving nothing) and ``{"type": "call_tool", "tool_name", "arguments"}`` (one step by the
        tool's action)."""
        kind = action.get("type") if isinstance(action, dict) else None
        if kind == "list_tools":
            tools, templates = self._tools(env_id, owner)
            return {"observation": {"tools": [t.spec(templates) for t in tools.values()], "episode_id": episode_id},
                    "reward": 0.0, "done": self.pool.detail(env_id, owner)["done"]}
        if kind == "call_tool":
            return self._call(env_id, episode_id, action, owner)
        if not isinstance(action, dict) or not isinstance(action.get("message"), str) or len(action) != 1:
            raise ServeError("the action must be a JSON object {\"message\": TEXT}, or an MCP action "
                             "{\"type\": \"list_tools\"} or {\"type\": \"call_tool\", ...} (GET /openenv/schema)", 422)
        answer = self.pool.step(env_id, action["message"], owner, increments=True)
        return {"observation": {"text": answer["observation"], "episode_id": episode_id},
                "reward": answer["reward"], "done": answer["done"]}

    def _call(self, env_id: int, episode_id: str, action: dict, owner: object) -> dict:
        """A tool call: the step its action's text takes, its observation as the tool's result; a tool or arguments
        the domain does not have are the call's error, as OpenEnv's MCP environments answer them, and step nothing."""
        tools, templates = self._tools(env_id, owner)
        name, arguments = action.get("tool_name"), action.get("arguments", {})
        tool = tools.get(name) if isinstance(name, str) else None
        if tool is None:
            return self._tool_error(env_id, episode_id, name, "tool_not_found",
                                    f"no tool {str(name)[:80]!r}: the tools are {', '.join(sorted(tools))}", owner)
        if not isinstance(arguments, dict) or sorted(arguments) != sorted(tool.arguments) or not all(
                isinstance(v, str) for v in arguments.values()):
            return self._tool_error(env_id, episode_id, name, "invalid_args",
                                    f"{name} takes {', '.join(tool.arguments) or 'no arguments'}, each an object "
                                    "name (a string)", owner)
        text = templates.action(tool.action.name, tuple(arguments[a] for a in tool.arguments))
        answer = self.pool.step(env_id, text, owner, increments=True)
        result = {"content": [{"type": "text", "text": answer["observation"]}], "data": answer["observation"]}
        return {"observation": {"tool_name": name, "result": result, "error": None, "episode_id": episode_id},
                "reward": answer["reward"], "done": answer["done"]}

    def _tool_error(self, env_id: int, episode_id: str, name: Any, kind: str, message: str, owner: object) -> dict:
        return {"observation": {"tool_name": str(name)[:80], "result": None, "error": {"error_type": kind,
                                                                                     "message": message},
                                "episode_id": episode_id},
                "reward": 0.0, "done": self.pool.detail(env_id, owner)["done"]}

    def _tools(self, env_id: int, owner: object) -> tuple[dict[str, Tool], Templates]:
        """The tools of the episode's domain (one set per task folder) and the folder's wording."""
        info = self.pool.catalog.tasks[self.pool.task_of(env_id, owner)]
        found = self._toolsets.get(info.folder)
        if found is None:
            read = self.pool.catalog.folders[info.folder].read
            found = self._toolsets.setdefault(info.folder, (domain_tools(read.domain), read.templates))
        return found

    def state(self, env_id: int, episode_id: str, owner: object) -> dict:
        detail = self.pool.detail(env_id, owner)
        return {"episode_id": episode_id, "step_count": detail["steps"], "data_idx": detail["data_idx"],
                "task_id": detail["task_id"], "done": detail["done"], "progress_rate": detail["progress_rate"]}

    def find(self, episode_id: Any, token: str | None = None) -> tuple[int, object]:
        """The pool id and owner of the HTTP episode ``episode_id`` of ``token``."""
        if episode_id is None:
            raise ServeError("name the episode: pass the 'episode_id' that /openenv/reset returned in its "
                             "observation (HTTP keeps no connection), or play over the WebSocket at /openenv/ws")
        if not isinstance(episode_id, str):
            raise ServeError("'episode_id' must be a string", 422)
        with self._lock:
            env_id = self._episodes.get((token, episode_id))
        if env_id is None:
            raise ServeError(f"no episode {episode_id[:80]!r}" + (" of this token" if token is not None else "")
                             + ": start one with POST /openenv/reset", 404)
        return env_id, ("openenv", token, episode_id)

    # ------------------------------------------------------------------ about the environment
    def metadata(self) -> dict:
        catalog = self.pool.catalog
        domains = sorted({t.domain for t in catalog.tasks})
        return {"name": "agentgen-sym", "version": VERSION,
                "description": f"PDDL planning tasks as text environments: {len(catalog)} tasks in "
                               f"{', '.join(domains)}; profile {self.pool.profile.name}. An action is "
                               "{\"message\": TEXT}; a step's reward is the rise of the progress rate, so an "
                               "episode's rewards sum to the rate reached (1 at the goal)."}

    def tasks(self, route: str, data: Any) -> dict:
        """OpenEnv 0.10's task API (``http_server.py``: ``/{env}/tasks``, ``num_tasks``, ``task``, ``task_range``):
        the served tasks, one split, each as ``GET /tasks`` lists it (``data_idx`` is what a reset names)."""
        if not isinstance(data, dict):
            raise ServeError("the request must be a JSON object, e.g. {\"split\": \"train\"}", 422)
        split = data.get("split", SPLIT)
        if split != SPLIT:
            raise ServeError(f"no split {str(split)[:40]!r}: the tasks are one split, {SPLIT!r}", 400)
        tasks = self.pool.catalog.tasks
        if route == "num_tasks":
            return {"num_tasks": len(tasks)}
        if route == "tasks":
            return {"tasks": [t.public() for t in tasks], "env_name": ENV_NAME}
        if route == "task":
            index = _index(data, "index")
            if index >= len(tasks):
                raise ServeError("Invalid task index", 400)
            return {"task": tasks[index].public()}
        start = 0 if data.get("start") is None else _index(data, "start")
        stop = len(tasks) if data.get("stop") is None else _index(data, "stop")
        return {"tasks": [t.public() for t in tasks[start:stop]]}

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
            ("/mcp", "post", "MCP JSON-RPC: tools/list, tools/call (params.episode_id)"),
            ("/list_environments", "get", "the task API's environment"),
            (f"/{ENV_NAME}/splits", "get", "the task API's splits"),
            *((f"/{ENV_NAME}/{route}", "post", f"the task API: {route}")
              for route in ("tasks", "num_tasks", "task", "task_range")))}
        return {"openapi": "3.1.0", "info": {"title": "agentgen-sym OpenEnv", "version": VERSION}, "paths": paths}

    def mcp(self, request: Any, token: str | None = None) -> dict:
        """JSON-RPC answers for ``/mcp``: OpenEnv's session methods (``openenv/session/create``: an HTTP episode on
        task 0, 128 random bits named, that a WebSocket attaches to with ``?session_id=``; ``openenv/session/close``)
        and ``tools/list`` and ``tools/call`` on the episode ``params.session_id`` (or ``episode_id``) names."""
        rpc_id = request.get("id") if isinstance(request, dict) else None
        method = request.get("method") if isinstance(request, dict) else None
        params = request.get("params") if isinstance(request, dict) else None
        if method not in MCP_METHODS:
            return _rpc_error(rpc_id, -32601, f"no method {str(method)[:40]!r}: this server answers "
                                              f"{', '.join(MCP_METHODS)}")
        if not isinstance(params, dict):
            params = {}
        if method == "openenv/session/create":
            session_id = self.reset_http({}, token)["observation"]["episode_id"]
            return {"jsonrpc": "2.0", "id": rpc_id, "result": {"session_id": session_id}}
        episode_id = params.get("session_id", params.get("episode_id"))
        try:
            if method == "openenv/session/close":
                self.close(episode_id, token)
                return {"jsonrpc": "2.0", "id": rpc_id, "result": {"session_id": episode_id, "closed": True}}
            env_id, owner = self.find(episode_id, token)
            if method == "tools/list":
                tools, templates = self._tools(env_id, owner)
                specs = [t.spec(templates) for t in tools.values()]
                return {"jsonrpc": "2.0", "id": rpc_id, "result": {"tools": specs}}
            step = self._call(env_id, episode_id, {"tool_name": params.get("name"),
                                                   "arguments": params.get("arguments", {})}, owner)
        except ServeError as exc:
            return _rpc_error(rpc_id, -32602, str(exc))
        observation = step["observation"]
        if observation["error"] is not None:
            return _rpc_error(rpc_id, -32602, observation["error"]["message"])
        text = observation["result"]["data"]
        return {"jsonrpc": "2.0", "id": rpc_id, "result": {
            "content": observation["result"]["content"], "isError": False, "data": text,
            "structuredContent": {"observation": text, "reward": step["reward"], "done": step["done"]}}}

    def close(self, episode_id: str, token: str | None) -> None:
        """End the HTTP episode (or session) ``episode_id`` of ``token``."""
        env_id, owner = self.find(episode_id, token)
        with self._lock:
            self._episodes.pop((token, episode_id), None)
        self.pool.close(env_id, owner)

    # ------------------------------------------------------------------ internals
    def _task(self, data: Any) -> Any:
        """The task's data_idx (the pool checks it): ``data_idx``, else ``task`` (a task id), else ``seed`` modulo
        the task count, else task 0."""
        if not isinstance(data, dict):
            raise ServeError("the reset parameters must be a JSON object, e.g. {\"seed\": 3}", 422)
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


def _rpc_error(rpc_id: Any, code: int, message: str) -> dict:
    return {"jsonrpc": "2.0", "id": rpc_id, "error": {"code": code, "message": message}}


def _index(data: dict, key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ServeError(f"{key!r} must be a non-negative integer", 422)
    return value


def _episode_id(data: dict) -> str | None:
    episode_id = data.get("episode_id")
    if episode_id is not None and (not isinstance(episode_id, str) or not episode_id
                                   or len(episode_id) > MAX_EPISODE_ID):
        raise ServeError(f"'episode_id' must be a non-empty string of at most {MAX_EPISODE_ID} characters", 422)
    return episode_id
