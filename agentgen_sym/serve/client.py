"""A client for the env server with the surface of AgentGym's ``BaseEnvClient``, and a task like its ``BaseTask``.

Followed from AgentGym (``agentenv/agentenv/controller/env.py``, ``controller/task.py``,
``controller/utils.py`` and ``envs/textcraft.py``): the client creates its environment on the
server when it is constructed; ``__len__`` is the number of tasks; ``reset(idx)`` posts
``{"id", "data_idx"}``; ``step(text)`` takes the model's whole ReAct reply, keeps the text after
``Action:`` and refuses a reply with two actions, as TextCraft's client does; ``observe()``
returns the last observation; ``conversation_start`` holds the two priming messages. Unlike
TextCraft's client, the action is not stripped to ``[A-Za-z0-9, ]`` (object names such as
``row-a`` need their hyphens). Only the standard library is used, one kept-alive connection per
client, so the package needs nothing extra to talk to a server.

``AgentGenTask`` runs episodes the way ``BaseTask._generate_experience_one`` does for an
``APIAgent`` (reset, prime, then generate/step until done or ``max_rounds``), and ``evaluate``
scores them as AgentGym's ``Evaluator`` does (mean reward, success = reward 1).
"""

from __future__ import annotations

import http.client
import json
import re
import socket
from dataclasses import dataclass
from typing import Any, Mapping, Protocol, Sequence
from urllib.parse import urlsplit

from agentgen_sym.compiler.errors import AgentgenError

TWO_ACTIONS = "Error: Only one 'Action' is allowed per response. Please adjust your response."
"""TextCraft's client's answer to a reply with more than one ``Action:`` (no request is sent)."""
_ACTION = re.compile(r"Action:\s*(.*?)(?=\n|$)", re.DOTALL)


class EnvServerError(AgentgenError, RuntimeError):
    """The server refused a request (its ``{"error"}`` message) or could not be reached."""


@dataclass
class StepOutput:
    """AgentGym's ``StepOutput``: the next state (observation), the reward (progress rate) and done."""

    state: str
    reward: float
    done: bool


def parse_action(reply: str) -> str | None:
    """The action of a ReAct reply as TextCraft's client reads it: the rest of the last ``Action:``
    line ("" when there is none), or None when the reply has more than one."""
    found = _ACTION.findall(reply)
    if len(found) > 1:
        return None
    return " ".join((found[-1] if found else "").split())


class AgentGenEnvClient:
    """One environment on an agentgen-sym server, driven as AgentGym drives ``BaseEnvClient``s."""

    def __init__(self, env_server_base: str, data_len: int | None = None, *args: Any, timeout: float = 300,
                 action_format: str = "react", **kwargs: Any) -> None:
        if action_format != "react":
            raise ValueError(f"only the 'react' action format is served, not {action_format!r}")
        self.action_format = action_format
        self.env_server_base = env_server_base.rstrip("/")
        parts = urlsplit(self.env_server_base)
        if parts.scheme != "http" or not parts.hostname:
            raise ValueError(f"expected a server address like http://127.0.0.1:8000, not {env_server_base!r}")
        self._host, self._port = parts.hostname, parts.port or 80
        self.timeout = timeout
        self._conn: http.client.HTTPConnection | None = None
        self._priming: dict[str, tuple[dict, dict]] = {}
        created = self._request("POST", "/create", {})
        self.env_id: int = created["id"]
        self.info = {"observation": created["observation"], "reward": created["reward"], "done": created["done"]}
        self.data_len = data_len if data_len is not None else len(self._request("GET", "/tasks"))
        self.domain: str | None = None

    # ------------------------------------------------------------------ BaseEnvClient's surface
    def __len__(self) -> int:
        return self.data_len

    @property
    def conversation_start(self) -> tuple[dict, dict]:
        """The two priming messages (``from``/``loss``/``value``) for the current task's domain."""
        domain = self.domain or ""
        if domain not in self._priming:
            first, second = self._request("GET", f"/conversation_start?id={self.env_id}")
            self._priming[domain] = (first, second)
        return self._priming[domain]

    def observe(self) -> str:
        return self.info["observation"]

    def step(self, action: str) -> StepOutput:
        """Send the action of a ReAct reply; a reply with two actions is refused here, as TextCraft's client does."""
        parsed = parse_action(action)
        if parsed is None:
            return StepOutput(state=TWO_ACTIONS, reward=0, done=False)
        response = self._post("step", {"action": parsed})
        self.info = {"observation": response["observation"], "reward": response["reward"], "done": response["done"]}
        return StepOutput(state=response["observation"], reward=response["reward"], done=response["done"])

    def reset(self, idx: int = 0) -> dict[str, Any]:
        response = self._post("reset", {"data_idx": idx})
        self.info.update({"observation": response["observation"], "reward": 0, "done": False})
        self.domain = self.detail()["domain"]
        return response

    def close(self) -> Any:
        try:
            return self._post("close", {})
        finally:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    # ------------------------------------------------------------------ extras
    def available_actions(self) -> list[str]:
        return self._request("GET", f"/available_actions?id={self.env_id}")

    def detail(self) -> dict[str, Any]:
        return self._request("GET", f"/detail?id={self.env_id}")

    def _post(self, path: str, data: dict[str, Any]) -> Any:
        data["id"] = self.env_id
        return self._request("POST", f"/{path}", data)

    def _request(self, method: str, path: str, data: dict[str, Any] | None = None) -> Any:
        body = None if data is None else json.dumps(data).encode()
        headers = {"Content-Type": "application/json"} if body is not None else {}
        for attempt in (0, 1):
            reused = self._conn is not None
            try:
                if self._conn is None:
                    self._conn = http.client.HTTPConnection(self._host, self._port, timeout=self.timeout)
                    self._conn.connect()  # small requests and answers: no Nagle delay on either side
                    self._conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                self._conn.request(method, path, body=body, headers=headers)
                response = self._conn.getresponse()
                raw = response.read()
                break
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as exc:
                self._conn.close()
                self._conn = None
                if not reused or attempt:  # a kept-alive connection the server dropped is retried once
                    raise EnvServerError(f"{method} {self.env_server_base}{path}: {exc}") from exc
            except OSError as exc:
                if self._conn is not None:
                    self._conn.close()
                self._conn = None
                raise EnvServerError(f"{method} {self.env_server_base}{path}: {exc}") from exc
        try:
            answer = json.loads(raw)
        except ValueError:
            raise EnvServerError(f"{method} {path}: HTTP {response.status}, not JSON: {raw[:200]!r}") from None
        if isinstance(answer, dict) and "error" in answer:
            raise EnvServerError(answer["error"])
        if response.status != 200:
            raise EnvServerError(f"{method} {path}: HTTP {response.status}")
        return answer


class Agent(Protocol):
    """What AgentGym's ``APIAgent`` offers: ``generate(conversation)`` -> the reply (optionally with reasoning)."""

    def generate(self, conversation: list[dict]) -> str | tuple[str, str | None]: ...


@dataclass
class Experience:
    """AgentGym's ``APIExperienceOutput``: the conversation (role/content messages) and the final reward."""

    conversation: list[dict]
    reward: float


@dataclass
class Evaluation:
    """AgentGym's ``EvaluationOutput``: experiences, the mean reward and the fraction of successes."""

    experiences: list[Experience]
    score: float
    success: float


class AgentGenTask:
    """AgentGym's ``BaseTask`` for agentgen-sym servers: ``clients`` built from ``client_args``, ``len`` tasks."""

    env_client_cls = AgentGenEnvClient
    env_name = "agentgen-sym"

    def __init__(self, client_args: Mapping[str, Any], n_clients: int = 1) -> None:
        self.clients = [self.env_client_cls(**client_args) for _ in range(n_clients)]
        self.len = len(self.clients[0])

    def generate_experience(self, agent: Agent, idxs: Sequence[int] | int,
                            max_rounds: int | None = None) -> list[Experience]:
        idxs = [idxs] if isinstance(idxs, int) else list(idxs)
        return [self._one(agent, self.clients[0], idx, max_rounds) for idx in idxs]

    @staticmethod
    def _one(agent: Agent, client: AgentGenEnvClient, idx: int, max_rounds: int | None) -> Experience:
        client.reset(idx)
        reward, done = 0.0, False
        state = client.observe()
        start = client.conversation_start
        conversation = [{"role": "user", "content": start[0]["value"]},
                        {"role": "assistant", "content": start[1]["value"]},
                        {"role": "user", "content": state}]
        rounds = 0
        while not done:
            reply = agent.generate(conversation)
            text = reply[0] if isinstance(reply, tuple) else reply
            conversation.append({"role": "assistant", "content": text})
            output = client.step(text)
            state, reward, done = output.state, output.reward, output.done
            conversation.append({"role": "user", "content": state})
            rounds += 1
            if max_rounds is not None and rounds >= max_rounds:
                break
        return Experience(conversation, reward)


def evaluate(tasks: Sequence[AgentGenTask], agent: Agent, idxs: Sequence[Sequence[int]] | None = None,
             max_rounds: int | None = None) -> Evaluation:
    """Every task's episodes (all of its indices unless ``idxs`` says), scored like AgentGym's ``Evaluator``."""
    experiences: list[Experience] = []
    for position, task in enumerate(tasks):
        chosen = idxs[position] if idxs is not None else range(len(task.clients[0]))
        experiences += task.generate_experience(agent, chosen, max_rounds)
    rewards = [e.reward for e in experiences]
    n = len(rewards) or 1
    return Evaluation(experiences, sum(rewards) / n, sum(r == 1 for r in rewards) / n)
