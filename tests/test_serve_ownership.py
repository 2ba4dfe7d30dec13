"""No client of a shared server reaches another's episode: two clients on one `serve --isolate` process over
AgentGym's HTTP routes (with and without a bearer token), OpenEnv's HTTP routes and the WebSocket.

The victim plays half of each gold plan, the attacker then tries 10,000 guessed ids and adoptions (random 128-bit
ids, AgentGym's small numbers, OpenEnv's old ``episode-N`` names, the victim's real ids from another protocol or
without its token, WebSocket resets naming the victim's episode), and the victim plays on: every attempt is refused
or reaches only the attacker's own episodes, and the victim's episodes end at the goal with reward 1 after exactly
their plans' steps.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets

import pytest

from .conftest import requires_extra

requests = requires_extra("requests")
requires_extra("fastapi")
websockets = requires_extra("websockets")

from .test_serve import Server, bench  # noqa: E402

TOKEN = {"Authorization": "Bearer victim-token"}
ATTEMPTS = 10_000


@pytest.fixture(scope="module")
def tasks_dirs(tmp_path_factory):
    return bench.corpus_tasks_dirs(tmp_path_factory.mktemp("ownership"), domains=2)


@pytest.fixture(scope="module")
def plans(tasks_dirs) -> list[list[str]]:
    return bench.gold_actions(tasks_dirs)


class Victim:
    """One client's episodes on the HTTP routes, each on task 0: AgentGym's without and with its token, OpenEnv's
    under a name the server chose and under a guessable one it chose itself (with its token)."""

    def __init__(self, base: str, plan: list[str]) -> None:
        self.base, self.plan, self.http = base, plan, requests.Session()
        self.plain = self.http.post(f"{base}/create", json={"data_idx": 0}).json()["id"]
        self.tokened = self.http.post(f"{base}/create", json={"data_idx": 0}, headers=TOKEN).json()["id"]
        reset = self.http.post(f"{base}/openenv/reset", json={"data_idx": 0}).json()
        self.episode = reset["observation"]["episode_id"]
        self.chosen = "rollout-0"
        self.http.post(f"{base}/openenv/reset", json={"data_idx": 0, "episode_id": self.chosen}, headers=TOKEN)

    def step(self, position: int) -> list[dict]:
        """One step of the plan in every episode: the answers."""
        action = self.plan[position]
        post = self.http.post
        return [post(f"{self.base}/step", json={"id": self.plain, "action": action}).json(),
                post(f"{self.base}/step", json={"id": self.tokened, "action": action}, headers=TOKEN).json(),
                post(f"{self.base}/openenv/step", json={"episode_id": self.episode, "action": {"message": action}}
                     ).json(),
                post(f"{self.base}/openenv/step", json={"episode_id": self.chosen, "action": {"message": action}},
                     headers=TOKEN).json()]


class Socket:
    """A WebSocket client: its OpenEnv episode and one AgentGym environment it created."""

    def __init__(self, ws) -> None:
        self.ws = ws

    async def open(self) -> Socket:
        self.episode = (await self.ask("reset", {"data_idx": 0}))["data"]["observation"]["episode_id"]
        self.created = (await self.ask("create", {"data_idx": 0}))["data"]["id"]
        return self

    async def ask(self, kind: str, data: dict) -> dict:
        await self.ws.send(json.dumps({"type": kind, "data": data}))
        return json.loads(await self.ws.recv())

    async def step(self, action: str) -> list[dict]:
        return [(await self.ask("step", {"message": action}))["data"],
                (await self.ask("step_many", {"steps": [{"id": self.created, "action": action}]}))
                ["data"]["results"][0]]


def _reached(answer: object) -> bool:
    """An answer that carries an episode's state (or closed one), not a refusal."""
    if isinstance(answer, dict):
        return not ("error" in answer or "detail" in answer or answer.get("type") == "error")
    return answer is True or isinstance(answer, (str, list))


@pytest.mark.timeout(300)
def test_ten_thousand_guesses_and_adoptions_reach_no_other_clients_episode(tasks_dirs, plans):
    srv = Server(tasks_dirs, "--isolate", "--max-envs", "20000")
    try:
        asyncio.run(_play(srv.base, plans[0]))
    finally:
        assert srv.stop() == 0, "".join(srv.lines)
    assert not any("Traceback" in line for line in srv.lines), "".join(srv.lines)


async def _play(base: str, plan: list[str]) -> None:
    ws_url = base.replace("http", "ws") + "/ws"
    async with websockets.connect(ws_url) as victim_ws:
        socket = await Socket(victim_ws).open()
        victim = Victim(base, plan)
        half = len(plan) // 2
        returns = [0.0] * 6  # each episode's rewards summed (OpenEnv's are shares of the return)
        for position in range(half):
            answers = victim.step(position) + await socket.step(plan[position])
            assert all(map(_reached, answers)) and not any(a["done"] for a in answers), answers
            returns = [total + a["reward"] for total, a in zip(returns, answers)]
        async with websockets.connect(ws_url) as attacker_ws:
            tried, reached = await _attack(base, await Socket(attacker_ws).open(), victim, socket)
        assert tried >= ATTEMPTS and reached == 0
        for position in range(half, len(plan)):
            answers = victim.step(position) + await socket.step(plan[position])
            assert all(map(_reached, answers)), answers
            returns = [total + a["reward"] for total, a in zip(returns, answers)]
        assert all(a["done"] for a in answers), answers
        # the gold plan's reward, unchanged: AgentGym's routes answer the progress rate, OpenEnv's its rises
        agentgym, openenv = (0, 1, 5), (2, 3, 4)
        assert [answers[k]["reward"] for k in agentgym] == [1.0] * 3 and [returns[k] for k in openenv] == [1.0] * 3
        state = victim.http.get(f"{base}/openenv/state", params={"episode_id": victim.episode}).json()
        assert state["step_count"] == len(plan)  # nobody stepped it in between
        assert (await socket.ask("state", {}))["data"]["step_count"] == len(plan)


async def _attack(base: str, attacker: Socket, victim: Victim, socket: Socket) -> tuple[int, int]:
    """Guesses and adoptions aimed at the victim's episodes: how many were tried, how many reached one."""
    rng = random.Random(7)
    http = requests.Session()
    action = victim.plan[len(victim.plan) // 2]
    # the victim's real ids of episodes that belong to a token or a connection, named without them (a plain id under
    # --isolate is a secret of its holder, like the episode_id the server chose: knowing it is holding it)
    real = [victim.tokened, socket.created]
    tried = reached = 0

    def count(answers: list) -> None:
        nonlocal tried, reached
        tried += len(answers)
        reached += sum(map(_reached, answers))

    guesses = [rng.getrandbits(128) for _ in range(5100)] + list(range(1000)) + real * 150
    for start in range(0, len(guesses), 500):  # AgentGym's batched route, one item per guess, with a token or none
        headers = {"Authorization": "Bearer attacker"} if start % 1000 else {}
        count(http.post(f"{base}/step_many", json={"steps": [{"id": i, "action": action}
                                                             for i in guesses[start:start + 500]]},
                        headers=headers).json()["results"])
    for env_id in real:  # every single route
        count([http.post(f"{base}/step", json={"id": env_id, "action": action}).json(),
               http.post(f"{base}/reset", json={"id": env_id, "data_idx": 1}).json(),
               http.post(f"{base}/close", json={"id": env_id}).json(),
               http.get(f"{base}/observation", params={"id": env_id}).json(),
               http.get(f"{base}/detail", params={"id": env_id}).json()])
    names = ([f"episode-{n}" for n in range(600)] + [secrets.token_urlsafe(16) for _ in range(500)]
             + [victim.chosen, socket.episode] * 50)
    for n, name in enumerate(names):  # OpenEnv's HTTP routes, with another token or none
        headers = {"Authorization": "Bearer attacker"} if n % 2 else {}
        count([http.post(f"{base}/openenv/step", json={"episode_id": name, "action": {"message": action}},
                         headers=headers).json()])
    batch = [rng.getrandbits(128) for _ in range(1900)] + real * 30  # the attacker's WebSocket
    count((await attacker.ask("step_many", {"steps": [{"id": i, "action": action} for i in batch]}))
          ["data"]["results"])
    for name in [victim.episode, victim.chosen, socket.episode] * 150:  # adoptions: a reset naming the episode
        opened = (await attacker.ask("reset", {"data_idx": 1, "episode_id": name}))["data"]
        tried += 1
        assert opened["observation"]["data_idx"] == 1  # the attacker's own episode, started afresh
        moved = (await attacker.ask("step", {"message": action}))["data"]
        reached += moved["done"]  # the victim's half-played task would be one step from done; a fresh one is not
    return tried, reached
