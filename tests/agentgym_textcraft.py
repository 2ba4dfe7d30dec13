"""AgentGym's TextCraft env client and its episode loop, transcribed to drive our server as AgentGym would.

From WooooDyy/AgentGym (MIT License, Copyright (c) 2023 FudanNLP-Agent):
``agentenv/agentenv/envs/textcraft.py`` (``TextCraftEnvClient``: ``requests`` calls, ``_post`` adding
the id and asserting HTTP 200, ``_get`` with ``?id=``, ReAct parsing with one ``Action:`` allowed),
``agentenv/agentenv/controller/types.py`` (``StepOutput``) and ``controller/task.py``
(``BaseTask._generate_experience_one``, the ``APIAgent`` branch: reset, observe, prime with
``conversation_start``, then generate and step until done or ``max_rounds``).

Changed, and only this: ``agentenv`` cannot be installed here, so ``StepOutput`` is defined below;
the TextCraft priming text is replaced by the server's ``/conversation_start`` for the current task
(read after ``reset``, which is when ``BaseTask`` reads it). The character filter
``re.sub(r"[^A-Za-z0-9, ]+", "", action)`` is kept: it turns ``cart-2`` into ``cart2``, and the server must
read that back (``env/texttask.py``, ``TextTask.read``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import requests
from requests.exceptions import RequestException


@dataclass
class StepOutput:
    state: str
    reward: float
    done: bool


class TextCraftStyleEnvClient:
    def __init__(self, env_server_base: str, data_len: int, *args, timeout: int = 300,
                 minecraft_dir: str = "agentenv_textcraft/", commands: str = None, goal: str = None, **kwargs):
        self.env_server_base = env_server_base
        self.timeout = timeout
        self.data_len = data_len

        dir_info = {"minecraft_dir": minecraft_dir, "commands": commands, "goal": goal}
        ok = requests.post(f"{self.env_server_base}/create", timeout=self.timeout, json=dir_info)
        if ok.status_code != 200:
            raise RequestException(f"Failed to create environment: {ok}")

        ok = ok.json()
        self.env_id = ok["id"]
        self.info = {"observation": ok["observation"], "reward": 0, "done": False}

    @property
    def conversation_start(self) -> tuple[dict, dict]:
        first, second = self._get("conversation_start")
        return first, second

    def __len__(self):
        return self.data_len

    def _post(self, path: str, data: dict[str, Any]) -> dict[str, Any]:
        data["id"] = self.env_id
        res = requests.post(f"{self.env_server_base}/{path}", json=data, timeout=self.timeout)
        assert res.status_code == 200
        return res.json()

    def _get(self, path: str) -> dict[str, Any]:
        res = requests.get(f"{self.env_server_base}/{path}?id={self.env_id}", timeout=self.timeout)
        assert res.status_code == 200
        return res.json()

    def observe(self) -> str:
        return self.info["observation"]

    def step(self, action: str) -> StepOutput:
        action_matches = re.findall(r"Action:\s*(.*?)(?=\n|$)", action, re.DOTALL)
        if len(action_matches) > 1:
            return StepOutput(state="Error: Only one 'Action' is allowed per response. Please adjust your response.",
                              reward=0, done=False)
        action = action_matches[-1] if action_matches else ""
        action = re.sub(r"[^A-Za-z0-9, ]+", "", action)
        action = " ".join(action.split()).strip()
        response = self._post("step", {"action": action})
        self.info = {"observation": response["observation"], "reward": response["reward"], "done": response["done"]}
        return StepOutput(state=response["observation"], reward=response["reward"], done=response["done"])

    def reset(self, idx: int = 0) -> dict[str, Any]:
        response = self._post("reset", {"data_idx": idx})
        self.info.update({"observation": response["observation"], "reward": 0, "done": False})
        return response

    def close(self):
        response = self._post("close", {})
        return response


def generate_experience_one(agent, client, idx: int, max_rounds: int | None = None) -> tuple[list[dict], float]:
    """``BaseTask._generate_experience_one`` for an ``APIAgent``: the conversation and the final reward."""
    client.reset(idx)
    reward = 0.0
    done = False
    state = client.observe()
    conversation = [{"role": "user", "content": client.conversation_start[0]["value"], "reasoning_content": None},
                    {"role": "assistant", "content": client.conversation_start[1]["value"], "reasoning_content": None},
                    {"role": "user", "content": state, "reasoning_content": None}]
    rounds = 0
    while not done:
        generated_text, generated_reasoning_text = agent.generate(conversation)
        conversation.append({"role": "assistant", "content": generated_text,
                             "reasoning_content": generated_reasoning_text})
        step_output = client.step(generated_text)
        state, reward, done = step_output.state, step_output.reward, step_output.done
        conversation.append({"role": "user", "content": state, "reasoning_content": None})
        rounds += 1
        if max_rounds is not None and rounds >= max_rounds:
            break
    return conversation, reward
