"""`agentgen-sym serve` for RL trainers: OpenEnv's own client and validator, batched steps, WebSocket bounds, and
AgentGym's TextCraft client with its character filter on.

OpenEnv is ``openenv-core`` (meta-pytorch/OpenEnv) used unchanged: ``GenericEnvClient`` (``openenv/core/
generic_client.py`` over ``env_client.py``, the WebSocket session), the request and response models of
``openenv/core/env_server/types.py`` for HTTP, and ``validate_running_environment`` (``openenv/cli/_validation.py``,
what ``openenv validate --url`` runs). The server runs as its own process on a loopback port.
"""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import time
from typing import Any

import pytest

from .conftest import ROOT, SLACK_S, requires_extra

requests = requires_extra("requests")
requires_extra("fastapi")
websockets = requires_extra("websockets")
openenv_client = requires_extra("openenv.core.generic_client")

from openenv.cli._validation import validate_running_environment  # noqa: E402
from openenv.core.env_server.types import ResetRequest, ResetResponse, StepRequest, StepResponse  # noqa: E402

from agentgen_sym.compiler.parser import parse_domain  # noqa: E402
from agentgen_sym.compiler.task import GroundAction  # noqa: E402
from agentgen_sym.env import GOAL_SATISFIED  # noqa: E402
from agentgen_sym.env.catalog import data_indices  # noqa: E402
from agentgen_sym.env.tools import OPENENV_RESERVED, tool_names  # noqa: E402
from agentgen_sym.serve import batch  # noqa: E402
from agentgen_sym.serve.catalog import Catalog  # noqa: E402
from agentgen_sym.serve.pool import EnvPool, ServeError  # noqa: E402
from agentgen_sym.taskset import read_folder  # noqa: E402

from .agentgym_textcraft import StepOutput, TextCraftStyleEnvClient  # noqa: E402
from .test_serve import Server, bench  # noqa: E402

GenericEnvClient = openenv_client.GenericEnvClient


@pytest.fixture(scope="module")
def tasks_dirs(tmp_path_factory):
    return bench.corpus_tasks_dirs(tmp_path_factory.mktemp("serve-rl"), domains=4)


@pytest.fixture(scope="module")
def plans(tasks_dirs) -> list[list[str]]:
    return bench.gold_actions(tasks_dirs)


@pytest.fixture(scope="module")
def server(tasks_dirs):
    srv = Server(tasks_dirs, "--max-envs", "512")
    yield srv
    assert srv.stop() == 0, "".join(srv.lines)
    assert not any("Traceback" in line for line in srv.lines), "".join(srv.lines)


@pytest.mark.parametrize("root", ["/openenv", ""])
def test_openenvs_own_client_plays_every_gold_plan_to_reward_1_over_websocket(server, plans, root):
    """GenericEnvClient, unchanged, at BASE/openenv (its /ws) and at the root (/ws)."""
    with GenericEnvClient(base_url=server.base + root).sync() as env:
        for idx, plan in enumerate(plans):
            result = env.reset(data_idx=idx)
            assert result.reward == 0.0 and result.done is False  # nothing earned at reset
            assert result.observation["data_idx"] == idx
            returned = 0.0
            for action in plan:
                result = env.step({"message": action})
                returned += result.reward
            assert result.done is True and returned == 1.0, (idx, result, returned)
            assert result.observation["text"].endswith(GOAL_SATISFIED)
            state = env.state()
            assert state["step_count"] == len(plan) and state["done"] is True and state["data_idx"] == idx
        wrong = env.reset(seed=len(plans) + 1)  # seed picks a task modulo the task count
        assert wrong.observation["data_idx"] == 1
        with pytest.raises(RuntimeError, match="message"):  # OpenEnv's client raises on the error answer
            env.step({"text": "no such field"})


def test_openenvs_task_api_lists_the_served_tasks(server, plans):
    """openenv 0.10's task API (``http_server.py``: ``/list_environments``, ``/{env}/splits``, ``/{env}/tasks``,
    ``num_tasks``, ``task``, ``task_range``), its request models as the client sends them: every served task, in
    data_idx order, each one a reset can name."""
    types = pytest.importorskip("openenv.core.env_server.types")
    if not hasattr(types, "GetTaskRangeRequest"):
        pytest.skip("this openenv has no task API (openenv-core 0.3)")
    base = f"{server.base}/openenv"
    name = requests.get(f"{base}/list_environments").json()[0]
    split = requests.get(f"{base}/{name}/splits").json()[0]["name"]

    def post(route: str, request: Any) -> Any:
        answer = requests.post(f"{base}/{name}/{route}", json=request.model_dump(exclude_unset=True))
        assert answer.status_code == 200, answer.text
        return answer.json()

    assert post("num_tasks", types.NumTasksRequest(split=split)) == {"num_tasks": len(plans)}
    listed = post("tasks", types.ListTasksRequest(split=split))["tasks"]
    assert [t["data_idx"] for t in listed] == list(range(len(plans)))
    assert post("task", types.GetTaskRequest(split=split, index=2))["task"] == listed[2]
    assert post("task_range", types.GetTaskRangeRequest(split=split, start=1))["tasks"] == listed[1:]
    reset = requests.post(f"{base}/reset", json={"task": listed[3]["id"]}).json()
    assert reset["observation"]["data_idx"] == 3
    past = requests.post(f"{base}/{name}/task", json={"split": split, "index": len(plans)})
    assert (past.status_code, past.json()) == (400, {"detail": "Invalid task index"})  # as openenv's server answers
    assert requests.post(f"{base}/other/tasks", json={"split": split}).status_code == 404


def test_openenvs_http_protocol_plays_gold_plans_and_passes_its_validator(server, plans):
    report = validate_running_environment(server.base + "/openenv")
    assert report["passed"], [c for c in report["criteria"] if not c["passed"]]
    for idx, plan in enumerate(plans):
        body = ResetRequest(seed=idx, episode_id=f"rollout-{idx}").model_dump(exclude_unset=True)
        reset = ResetResponse.model_validate(requests.post(f"{server.base}/openenv/reset", json=body).json())
        assert reset.observation["episode_id"] == f"rollout-{idx}" and reset.observation["data_idx"] == idx
        returned = 0.0
        for action in plan:
            request = StepRequest(action={"message": action}, episode_id=f"rollout-{idx}")  # extra="allow"
            answer = requests.post(f"{server.base}/openenv/step", json=request.model_dump(exclude_unset=True))
            assert answer.status_code == 200, answer.text
            step = StepResponse.model_validate(answer.json())
            returned += step.reward
        assert step.done is True and returned == 1.0  # the rewards sum to the return (a trainer sums them)
        state = requests.get(f"{server.base}/openenv/state", params={"episode_id": f"rollout-{idx}"}).json()
        assert state["step_count"] == len(plan)
    schema = requests.get(f"{server.base}/openenv/schema").json()
    assert schema["action"]["required"] == ["message"]
    unnamed = requests.post(f"{server.base}/openenv/step", json={"action": {"message": plan[0]}})
    assert unnamed.status_code == 400 and "episode_id" in unnamed.json()["detail"]
    unknown = requests.post(f"{server.base}/openenv/step", json={"action": {"message": "x"}, "episode_id": "nope"})
    assert unknown.status_code == 404


def _pddl_plans(tasks_dirs) -> list[tuple[dict[str, tuple[str, list[str]]], list[GroundAction]]]:
    """Per data_idx: the tool naming of the task's domain (action -> tool, arguments) and its gold plan in PDDL."""
    entries, names = [], []
    for folder in tasks_dirs:
        names.append(tool_names(parse_domain(folder / "domain.pddl"), OPENENV_RESERVED))
        entries.append({e.id: e for e in read_folder(folder).tasks})
    return [(names[position], [GroundAction.parse(s) for s in entries[position][task_id].plan])
            for position, task_id in data_indices(entries)]


def test_openenvs_mcp_tool_client_sees_one_tool_per_action_and_plays_gold_plans(server, tasks_dirs):
    """openenv's MCPToolClient over the WebSocket (its list_tools and call_tool steps), as TRL's OpenEnv path
    drives tools: one tool per action of the episode's domain, each call one step paying its share of the return;
    an unknown tool or wrong arguments are the call's error and step nothing."""
    mcp_client = pytest.importorskip("openenv.core.mcp_client")
    mcp_types = pytest.importorskip("openenv.core.env_server.mcp_types")

    async def play() -> None:
        async with mcp_client.MCPToolClient(base_url=server.base + "/openenv") as env:
            for idx, (named, plan) in enumerate(_pddl_plans(tasks_dirs)):
                await env.reset(data_idx=idx)
                tools = await env.list_tools(use_cache=False)
                assert sorted(t.name for t in tools) == sorted(tool for tool, _ in named.values())
                for tool in tools:
                    arguments = next(a for t, a in named.values() if t == tool.name)
                    assert tool.input_schema["required"] == arguments and tool.description.startswith("Do the action")
                if idx == 0:
                    with pytest.raises(RuntimeError, match="no tool 'no_such_tool': the tools are"):
                        await env.call_tool("no_such_tool")
                    with pytest.raises(RuntimeError, match="takes .*, each an object name"):
                        await env.call_tool(named[plan[0].action][0], nonsense="x")
                returned, result = 0.0, None
                for step in plan:
                    tool, arguments = named[step.action]
                    result = await env.step(mcp_types.CallToolAction(tool_name=tool,
                                                                     arguments=dict(zip(arguments, step.args))))
                    assert result.observation.error is None, result.observation.error
                    returned += result.reward
                assert result.done is True and returned == 1.0, (idx, returned)
                assert result.observation.result["data"].endswith(GOAL_SATISFIED)
                assert (await env.state()).step_count == len(plan)  # the refused calls stepped nothing

    asyncio.run(play())


def test_openenv_mcp_over_http_names_its_episode(server, tasks_dirs):
    """POST /openenv/mcp: tools/list and tools/call on the HTTP episode params.episode_id names (HTTP keeps no
    session); without one, or on another token's episode, a JSON-RPC error, never a tool."""
    named, plan = _pddl_plans(tasks_dirs)[0]
    requests.post(f"{server.base}/openenv/reset", json={"data_idx": 0, "episode_id": "mcp-http"},
                  headers={"Authorization": "Bearer mine"})

    def rpc(method: str, params: dict, token: str = "mine") -> dict:
        return requests.post(f"{server.base}/openenv/mcp", headers={"Authorization": f"Bearer {token}"},
                             json={"jsonrpc": "2.0", "id": 7, "method": method, "params": params}).json()

    listed = rpc("tools/list", {"episode_id": "mcp-http"})["result"]["tools"]
    assert sorted(t["name"] for t in listed) == sorted(tool for tool, _ in named.values())
    returned = 0.0
    for step in plan:
        tool, arguments = named[step.action]
        answer = rpc("tools/call", {"episode_id": "mcp-http", "name": tool,
                                    "arguments": dict(zip(arguments, step.args))})
        returned += answer["result"]["structuredContent"]["reward"]
    assert answer["result"]["structuredContent"]["done"] is True and returned == 1.0
    assert rpc("tools/list", {})["error"]["code"] == -32602
    assert rpc("tools/list", {"episode_id": "mcp-http"}, token="theirs")["error"]["code"] == -32602
    assert rpc("resources/list", {})["error"]["code"] == -32601

    async def attach(token: str) -> tuple[dict, int | None]:
        """A WebSocket naming the session ?session_id=mcp-http: its state, or how it was closed."""
        url = server.base.replace("http", "ws") + "/openenv/ws?session_id=mcp-http"
        async with websockets.connect(url, additional_headers={"Authorization": f"Bearer {token}"}) as ws:
            try:
                await ws.send(json.dumps({"type": "state"}))
                answer = json.loads(await ws.recv())
                if answer["type"] != "error":
                    return answer, None
                await ws.recv()  # the close that follows the refusal
            except websockets.ConnectionClosed as closed:
                return {"type": "closed", "reason": closed.rcvd.reason}, closed.rcvd.code

    answer, code = asyncio.run(attach("theirs"))  # another client's session is never adopted
    assert code == 1008 and "no such session" in answer["reason"]
    answer, code = asyncio.run(attach("mine"))
    assert answer["data"]["step_count"] == len(plan) and code is None
    assert rpc("openenv/session/close", {"session_id": "mcp-http"})["result"]["closed"] is True
    assert rpc("tools/list", {"session_id": "mcp-http"})["error"]["code"] == -32602


def _pool(tasks_dirs) -> EnvPool:
    return EnvPool(Catalog(tasks_dirs), max_envs=1000)


def test_a_batched_step_answers_as_single_steps_do(tasks_dirs, plans):
    """Two pools play the same episodes, one step at a time and in batches mixed with bad items: the answers agree
    item by item, bad items are answered in place, and the rest of the batch still runs."""
    one, many = _pool(tasks_dirs), _pool(tasks_dirs)
    ids = [one.create(i % len(plans))["id"] for i in range(2 * len(plans))]
    assert ids == [many.create(i % len(plans))["id"] for i in range(2 * len(plans))]
    longest = max(map(len, plans))
    for position in range(longest + 1):
        items = [{"id": env_id, "action": (plans[i % len(plans)] + ["check valid actions"] * longest)[position]}
                 for i, env_id in enumerate(ids)]
        items[1::5] = [{"id": it["id"], "action": "jump over the moon"} for it in items[1::5]]
        bad = [{"id": 10 ** 6, "action": "x"}, {"id": ids[0], "action": 7}, {"action": "x"}, "not an object"]
        singles = []
        for item in items + bad[:2]:
            try:
                singles.append(one.step(item["id"], item["action"]))
            except ServeError as exc:  # the batch answers the same refusal in place
                singles.append({"error": str(exc)})
        batched = batch.run(many, "step_many", {"steps": items + bad})["results"]
        assert batched[:-2] == singles
        assert all("error" in b for b in batched[-4:]) and len(batched) == len(items) + len(bad)
    assert [one.detail(i) for i in ids] == [many.detail(i) for i in ids]
    assert sum(one.detail(i)["done"] for i in ids) == 2 * len(plans) - len(ids[1::5])


@pytest.mark.parametrize("profile", ["agentgen", "agentboard"])
def test_a_batch_steps_each_task_in_one_pass_and_answers_as_single_steps(tasks_dirs, plans, profile, monkeypatch):
    """Batches mixing tasks, repeated ids, queries, bad actions and closed ids answer exactly as single steps
    (both profiles); under the default profile a task's sessions move in one successor call per batch, not one
    per session."""
    one = EnvPool(Catalog(tasks_dirs), profile=profile, max_envs=1000)
    many = EnvPool(Catalog(tasks_dirs), profile=profile, max_envs=1000)
    copies = 4
    ids = [one.create(i % len(plans))["id"] for i in range(copies * len(plans))]
    assert ids == [many.create(i % len(plans))["id"] for i in range(copies * len(plans))]
    one.close(ids[-1]), many.close(ids[-1])
    calls = []
    kind = type(many.catalog.text(0).task)  # a frozen dataclass: its method is counted on the class
    monkeypatch.setattr(kind, "successors", lambda *a, _f=kind.successors, **k: calls.append(1) or _f(*a, **k))
    for position in range(max(map(len, plans)) + 1):
        items = [(env_id, (plans[i % len(plans)] + ["check valid actions"])[min(position, len(plans[i % len(plans)]))])
                 for i, env_id in enumerate(ids)]
        items[2::7] = [(env_id, "jump over the moon") for env_id, _ in items[2::7]]
        items += [(ids[0], "check valid actions"), (ids[0], items[0][1]), (ids[1], "  CHECK valid   actions ")]
        singles = []
        for env_id, action in items:
            try:
                singles.append(one.step(env_id, action))
            except ServeError as exc:
                singles.append({"error": str(exc)})
        calls.clear()
        assert many.step_many(items) == singles
        if profile == "agentgen":  # one call per task and cut at a repeated id, however many sessions moved
            assert len(calls) <= 2 * len(plans) < copies * len(plans) - 1
    assert [one.detail(i) for i in ids[:-1]] == [many.detail(i) for i in ids[:-1]]
    assert sum(one.detail(i)["done"] for i in ids[:-1]) >= len(plans)


def test_batched_steps_over_http_and_websocket_match_single_steps(server, plans):
    ids = [requests.post(f"{server.base}/create", json={"data_idx": i}).json()["id"] for i in range(len(plans))]
    twins = [requests.post(f"{server.base}/create", json={"data_idx": i}).json()["id"] for i in range(len(plans))]
    for position in range(max(map(len, plans))):
        live = [(i, env_id, twin) for i, (env_id, twin) in enumerate(zip(ids, twins)) if position < len(plans[i])]
        answer = requests.post(f"{server.base}/step_many", json={"steps": [
            {"id": env_id, "action": plans[i][position]} for i, env_id, _ in live]}).json()
        singles = [requests.post(f"{server.base}/step", json={"id": twin, "action": plans[i][position]}).json()
                   for i, _, twin in live]
        assert answer["results"] == singles
    assert all(r["done"] and r["reward"] == 1.0 for r in answer["results"][-1:])
    assert all(requests.get(f"{server.base}/detail", params={"id": i}).json()["done"] for i in ids)

    async def over_websocket() -> list[dict]:
        async with websockets.connect(server.base.replace("http", "ws") + "/ws") as ws:
            created = []
            for i in range(len(plans)):
                await ws.send(json.dumps({"type": "create", "data": {"data_idx": i}}))
                created.append(json.loads(await ws.recv())["data"]["id"])
            last: dict[int, dict] = {}
            for position in range(max(map(len, plans))):
                stepped = [env_id for i, env_id in enumerate(created) if position < len(plans[i])]
                await ws.send(json.dumps({"type": "step_many", "data": {"steps": [
                    {"id": env_id, "action": plans[i][position]} for i, env_id in enumerate(created)
                    if position < len(plans[i])]}}))
                answer = json.loads(await ws.recv())
                assert answer["type"] == "results"
                last.update(zip(stepped, answer["data"]["results"]))
            # what a connection creates is its own: HTTP cannot read it
            refused = requests.get(f"{server.base}/detail", params={"id": created[0]}).json()
            assert "belongs to another client" in refused["error"]
            return [last[env_id] for env_id in created]

    finals = asyncio.run(over_websocket())
    assert all(f["done"] and f["reward"] == 1.0 for f in finals)


def test_websocket_bounds(tasks_dirs, plans):
    """Message size, environments per connection, idle time and connections at once are bounded; a closed
    connection's environments are closed with it; the HTTP routes are untouched."""
    srv = Server(tasks_dirs[:1], "--ws-max-message-bytes", "4096", "--ws-max-envs-per-connection", "3",
                 "--ws-idle-timeout", "1", "--ws-max-connections", "2")
    url = srv.base.replace("http", "ws") + "/ws"

    async def scenario() -> None:
        async with websockets.connect(url) as ws:  # environments per connection
            answers = []
            for _ in range(4):
                await ws.send(json.dumps({"type": "create", "data": {}}))
                answers.append(json.loads(await ws.recv()))
            assert [a["type"] for a in answers] == ["created"] * 3 + ["error"]
            assert answers[3]["data"]["code"] == "CAPACITY_REACHED"
            assert srv.get("/health").json()["live"] == 3
        deadline = time.monotonic() + SLACK_S
        while srv.get("/health").json()["live"] and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert srv.get("/health").json()["live"] == 0  # closed with their connection
        async with websockets.connect(url) as ws:  # message size: closed with 1009 (message too big)
            await ws.send(json.dumps({"type": "step", "data": {"message": "x" * 8000}}))
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd.code == 1009
        async with websockets.connect(url) as ws:  # idle: closed with 1001 after the timeout
            started = time.monotonic()
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(ws.recv(), SLACK_S)
            assert closed.value.rcvd.code == 1001 and 0.9 <= time.monotonic() - started < SLACK_S
        async with websockets.connect(url) as first, websockets.connect(url) as second:  # connections at once
            for ws in (first, second):
                await ws.send(json.dumps({"type": "reset", "data": {}}))
                assert json.loads(await ws.recv())["type"] == "observation"
            with pytest.raises((websockets.InvalidStatus, websockets.ConnectionClosed)):
                async with websockets.connect(url) as third:
                    await third.send(json.dumps({"type": "reset", "data": {}}))
                    await third.recv()
        async with websockets.connect(url) as ws:  # malformed and unknown messages are answered, not fatal
            for raw, code in (("{", "INVALID_JSON"), ('{"type": "fly"}', "UNKNOWN_TYPE"),
                              ('{"type": "step", "data": {"message": "x"}}', "VALIDATION_ERROR")):
                await ws.send(raw)
                answer = json.loads(await ws.recv())
                assert answer["type"] == "error" and answer["data"]["code"] == code
            await ws.send(json.dumps({"type": "reset", "data": {}}))
            assert json.loads(await ws.recv())["type"] == "observation"

    try:
        asyncio.run(scenario())
        assert srv.get("/health").json()["status"] == "ok"
    finally:
        assert srv.stop() == 0
    assert not any("Traceback" in line for line in srv.lines), "".join(srv.lines)


class FilteringTextCraftClient(TextCraftStyleEnvClient):
    """AgentGym's TextCraft client with the line ``tests/agentgym_textcraft.py`` leaves out put back:
    ``action = re.sub(r"[^A-Za-z0-9, ]+", "", action)`` before ``/step`` (``agentenv/envs/textcraft.py``)."""

    def step(self, action: str) -> StepOutput:
        found = re.findall(r"Action:\s*(.*?)(?=\n|$)", action, re.DOTALL)
        action = " ".join((found[-1] if found else "").split()).strip()
        action = re.sub(r"[^A-Za-z0-9, ]+", "", action)
        response = self._post("step", {"action": action})
        self.info = {"observation": response["observation"], "reward": response["reward"], "done": response["done"]}
        return StepOutput(state=response["observation"], reward=response["reward"], done=response["done"])


def test_a_textcraft_client_that_strips_hyphens_still_reaches_every_goal(server, plans):
    """The hyphen pitfall (issue 41): `cart-2` arrives as `cart2`; every task still reaches its goal."""
    mangled = [re.sub(r"[^A-Za-z0-9, ]+", "", a) for plan in plans for a in plan]
    assert sum(m != a for m, a in zip(mangled, (a for plan in plans for a in plan))) > len(plans)  # it bites
    client = FilteringTextCraftClient(server.base, data_len=len(plans))
    for idx, plan in enumerate(plans):
        client._post("reset", {"data_idx": idx})
        for action in plan:
            result = client.step(f"Thought: next.\nAction: {action}")
        assert result.done and result.reward == 1.0, (idx, result)


def test_readme_openenv_example_runs(server, tasks_dirs):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Serving environments to RL trainers"):]
    section = section[:section.index("\n## ", 1)]
    (block,) = re.findall(r"```python\n(.*?)```", section, re.S)
    here = 'sorted(Path("out").glob("*/tasks"))'
    assert here in block and "http://127.0.0.1:8000" in block
    folders = "[" + ", ".join(f"Path({str(p)!r})" for p in tasks_dirs) + "]"
    block = block.replace(here, folders).replace("http://127.0.0.1:8000", server.base)
    proc = subprocess.run([sys.executable, "-c", block], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "OpenEnv: return 1.0 done True" in proc.stdout and "batched: lowest reward 1.0" in proc.stdout
