"""`agentgen-sym serve`: AgentGym's routes on a real server over loopback, its clients, its limits and errors.

The server runs as its own process (``python -m agentgen_sym serve ... --port 0``) and is spoken to over
HTTP. AgentGym's own client code drives it as AgentGym does: ``tests/agentgym_textcraft.py`` transcribes
``agentenv/agentenv/envs/textcraft.py`` (TextCraftEnvClient) and the episode loop of
``agentenv/agentenv/controller/task.py`` (BaseTask._generate_experience_one); routes and payloads follow
``agentenv-textcraft/agentenv_textcraft/server.py`` and ``env_wrapper.py`` (WooooDyy/AgentGym).
"""

from __future__ import annotations

import importlib
import json
import queue
import re
import socket
import subprocess
import sys
import threading
import time
import tracemalloc
from pathlib import Path

import pytest

from .conftest import ROOT, requires_extra

requests = requires_extra("requests")
requires_extra("fastapi")
requires_extra("uvicorn")

from agentgen_sym.env import GOAL_SATISFIED, TextEnv  # noqa: E402
from agentgen_sym.env.agentboard import AgentBoardEnv  # noqa: E402
from agentgen_sym.env.catalog import data_indices, task_indices  # noqa: E402
from agentgen_sym.export import combine, export_folder  # noqa: E402
from agentgen_sym.export.formats import meta_file  # noqa: E402
from agentgen_sym.env.framing import OBSERVATION  # noqa: E402
from agentgen_sym.taskset import read_folder  # noqa: E402
from agentgen_sym.serve import AgentGenEnvClient, AgentGenTask, EnvServerError, evaluate, parse_action  # noqa: E402
from agentgen_sym.serve import pool as pool_module  # noqa: E402
from agentgen_sym.serve.catalog import Catalog  # noqa: E402
from agentgen_sym.serve.client import TWO_ACTIONS  # noqa: E402
from agentgen_sym.serve.pool import EnvPool, ServeError  # noqa: E402

from .agentgym_textcraft import TextCraftStyleEnvClient, generate_experience_one  # noqa: E402


def _load_bench():
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module("bench.serve")


bench = _load_bench()


class Server:
    """A ``serve`` process on a free loopback port; ``lines`` collects its stderr."""

    def __init__(self, dirs: list[Path], *flags: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "agentgen_sym", "serve", *map(str, dirs), "--port", "0",
                                      *flags], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, cwd=ROOT)
        self.lines: list[str] = []
        found: queue.Queue[str] = queue.Queue()

        def drain() -> None:
            for line in self.proc.stderr:
                self.lines.append(line)
                if "listening on " in line:
                    found.put(line.split("listening on ", 1)[1].strip())

        threading.Thread(target=drain, daemon=True).start()
        try:
            self.base = found.get(timeout=120)
        except queue.Empty:
            self.proc.kill()
            raise RuntimeError("the server did not start: " + "".join(self.lines)) from None

    def stop(self) -> int:
        self.proc.terminate()  # SIGTERM
        return self.proc.wait(30)

    def post(self, path: str, body=None, raw: bytes | None = None, headers=None) -> requests.Response:
        if raw is not None:
            return requests.post(self.base + path, data=raw, headers=headers or {"Content-Type": "application/json"},
                                 timeout=60)
        return requests.post(self.base + path, json=body, timeout=60)

    def get(self, path: str) -> requests.Response:
        return requests.get(self.base + path, timeout=60)


@pytest.fixture(scope="module")
def tasks_dirs(tmp_path_factory) -> list[Path]:
    """One TASKS_DIR per bundled domain (p01..p03 with solved plans; tasks.jsonl in reverse id order)."""
    return bench.corpus_tasks_dirs(tmp_path_factory.mktemp("serve-tasks"))


@pytest.fixture(scope="module")
def plans(tasks_dirs) -> list[list[str]]:
    return bench.gold_actions(tasks_dirs)


@pytest.fixture(scope="module")
def server(tasks_dirs):
    srv = Server(tasks_dirs, "--max-envs", "256")
    yield srv
    assert srv.stop() == 0, "".join(srv.lines)  # graceful shutdown on SIGTERM
    assert any("stopped" in line for line in srv.lines)
    assert not any("Traceback" in line for line in srv.lines), "".join(srv.lines)


@pytest.fixture(scope="module")
def strict(tasks_dirs):
    """Proper HTTP status codes and small limits, on one domain."""
    srv = Server(tasks_dirs[:1], "--http-errors", "--max-envs", "3", "--max-action-chars", "100",
                 "--max-body-bytes", "4096")
    yield srv
    assert srv.stop() == 0
    assert not any("Traceback" in line for line in srv.lines), "".join(srv.lines)


class GoldAgent:
    """An AgentGym ``APIAgent`` stand-in: ``generate(conversation)`` -> (reply, reasoning), the plan's next step."""

    def __init__(self, plans: list[list[str]]) -> None:
        self.plans = plans
        self.queue: list[str] = []

    def start(self, idx: int) -> None:
        self.queue = list(self.plans[idx])

    def generate(self, conversation: list[dict]) -> tuple[str, None]:
        action = self.queue.pop(0)
        return f"Thought:\nThe plan's next step.\n\nAction:\n{action}", None


def _textenv(folder: Path, task_file: Path) -> TextEnv:
    return TextEnv.from_files(folder / "domain.pddl", task_file)


# --------------------------------------------------------------------------- AgentGym's clients


def test_agentgym_textcraft_client_plays_every_gold_plan_to_success(server, tasks_dirs, plans, tmp_path):
    """Every task of every bundled domain, as AgentGym's TextCraft client and BaseTask loop play it; the
    priming messages and every observation are the agentgym export's human turns, byte for byte."""
    tasks = server.get("/tasks").json()
    assert len(tasks) == len(plans) == 3 * len(tasks_dirs)
    client = TextCraftStyleEnvClient(server.base, data_len=len(tasks))
    agent = GoldAgent(plans)
    parts = []
    for folder in tasks_dirs:
        parts.append((folder, tmp_path / f"{folder.name}.json"))
        assert export_folder(folder, "agentgym", parts[-1][1]).ok
    out = tmp_path / "combined.json"  # numbered as the server numbers these folders
    combine("agentgym", parts, out)
    exported = {r["item_id"]: r for r in json.loads(out.read_text())}  # AgentGym's trainer reads a JSON array
    metas = {m["id"]: m for m in map(json.loads, meta_file(out).read_text().splitlines())}
    for idx in range(len(client)):
        agent.start(idx)
        conversation, reward = generate_experience_one(agent, client, idx, max_rounds=50)
        assert reward == 1.0, (idx, conversation[-1])
        assert conversation[-1]["content"].endswith(GOAL_SATISFIED)
        assert len(conversation) == 3 + 2 * len(plans[idx])
        record = exported[tasks[idx]["item_id"]]
        humans = [turn["value"] for turn in record["conversations"] if turn["from"] == "human"]
        served = [m["content"] for m in conversation if m["role"] == "user"]
        # the export ends on the last gold action (trainers need the assistant last); the server also sends the
        # final observation, which the export keeps in its metadata
        assert served[:-1] == humans and served[-1] == OBSERVATION.format(
            metas[tasks[idx]["id"]]["final_observation"])
        assert conversation[1]["content"] == record["conversations"][1]["value"]
    assert client.close() is True


def test_package_client_and_task_evaluate_like_agentgym(server, plans):
    task = AgentGenTask({"env_server_base": server.base})
    assert task.len == len(plans) and len(task.clients[0]) == len(plans)
    agent = GoldAgent(plans)

    class Agent:  # starts the right plan on each episode (the task resets before the first generate)
        def generate(self, conversation):
            if len(conversation) == 3:
                agent.start(task.clients[0].detail()["data_idx"])
            return agent.generate(conversation)

    result = evaluate([task], Agent(), idxs=[list(range(0, len(plans), 3))])
    assert result.score == 1.0 and result.success == 1.0
    first = result.experiences[0].conversation
    assert first[0]["content"].startswith('You are an agent in the "') and first[1]["content"] == "Ok."
    client = task.clients[0]
    client.reset(0)
    before = client.detail()["steps"]
    output = client.step("Action: check valid actions\nAction: check valid actions")
    assert output.state == TWO_ACTIONS and client.detail()["steps"] == before  # refused before any request
    assert parse_action("Thought: x\nAction:\n  take  tool  wrench \n") == "take tool wrench"
    assert parse_action("no action here") == ""
    client.close()
    with pytest.raises(EnvServerError, match="was closed"):
        client.observe() and client.detail()


# --------------------------------------------------------------------------- routes


def test_every_route_answers_as_agentgym_does(server, tasks_dirs, plans):
    hello = server.get("/").json()
    assert isinstance(hello, str) and "agentgen-sym" in hello
    health = server.get("/health").json()
    assert health["status"] == "ok" and health["tasks"] == len(plans) and health["rss_kb"] > 0
    tasks = server.get("/tasks").json()
    entries = [{e.id: e for e in read_folder(f).tasks} for f in tasks_dirs]
    assert [(t["data_idx"], t["id"]) for t in tasks] == [(i, tid) for i, (_, tid) in enumerate(data_indices(entries))]
    assert all(t["item_id"] == f"{t['domain']}_{t['data_idx']}" for t in tasks)  # as the agentgym export numbers
    assert all(t["difficulty"] == len(plans[t["data_idx"]]) for t in tasks)

    created = server.post("/create", {}).json()
    assert set(created) == {"id", "observation", "done", "reward"}
    env_id = created["id"]
    idx = 4
    reset = server.post("/reset", {"id": env_id, "data_idx": idx}).json()
    assert set(reset) == {"id", "observation", "done", "reward"} and reset["id"] == env_id
    info = tasks[idx]
    folder = tasks_dirs[[t["domain"] for t in tasks].index(info["domain"]) // 3]
    env = _textenv(folder, folder / "tasks" / f"{info['id']}.pddl")
    first = env.reset()
    assert reset["observation"] == f"{env.goal_text()}\nObservation: {first}"
    assert reset["reward"] == env.progress_rate  # goal conditions that already hold count, as in AgentBoard
    assert server.get(f"/observation?id={env_id}").json() == reset["observation"]
    assert server.get(f"/available_actions?id={env_id}").json() == env.valid_actions()
    step = server.post("/step", {"id": env_id, "action": plans[idx][0]}).json()
    expected = env.step(plans[idx][0])
    assert set(step) == {"observation", "reward", "done"}
    assert step["observation"] == "Observation: " + expected.observation
    assert step["reward"] == expected.info["progress_rate"] and step["done"] is expected.done
    assert server.get(f"/observation?id={env_id}").json() == step["observation"]
    detail = server.get(f"/detail?id={env_id}").json()
    assert {"observation", "done", "reward", "data_idx", "task_id", "domain", "steps"} <= set(detail)
    assert detail["data_idx"] == idx and detail["task_id"] == info["id"] and detail["steps"] == 1
    query = server.post("/step", {"id": env_id, "action": "check valid actions"}).json()
    assert query["observation"] == "Observation: Valid actions are: " + ", ".join(env.valid_actions())
    start = server.get(f"/conversation_start?id={env_id}").json()
    assert [m["from"] for m in start] == ["human", "gpt"] and start[1]["value"] == "Ok."
    assert server.post("/close", {"id": env_id}).json() is True


def test_the_agentboard_profile_plays_by_agentboards_rules(tasks_dirs, plans):
    """Under --profile agentboard each episode is an AgentBoardEnv: the same strings, scores and listing."""
    catalog = Catalog(tasks_dirs[:1])
    pool = EnvPool(catalog, profile="agentboard")
    env_id = pool.create(0)["id"]
    info = catalog.tasks[0]
    problem = catalog.folders[0].entries[info.task_id].problem_file
    env = AgentBoardEnv.from_files(tasks_dirs[0] / "domain.pddl", tasks_dirs[0] / problem, max_steps=None)
    assert pool.observation(env_id) == f"{env.goal}\n{env.observation}"
    assert pool.available_actions(env_id) == env.action_space()[:-1]  # without "check valid actions"
    # AgentBoard's loose reading (any text with "check" lists; extra words are skipped) is the server's now
    assert pool.step(env_id, "let me check")["observation"] == env.step("let me check")[0]
    for action in plans[0]:  # our templates' text, read back exactly (docs/agentboard.md, "our own domains")
        observation, reward, done, _ = env.step(action)
        assert pool.step(env_id, action) == {"observation": observation, "reward": reward, "done": done}
    detail = pool.detail(env_id)
    assert detail["done"] and detail["goal"] == env.goal and detail["steps"] == len(plans[0]) + 1
    assert detail["grounding_accuracy"] == env.grounding_accuracy == 1.0
    assert pool.step(env_id, "fly away")["observation"] == env.step("fly away")[0]
    pool.reset(env_id, 0)
    assert pool.detail(env_id)["steps"] == 0 and pool.detail(env_id)["reward"] == 0.0
    for _ in range(50):  # a served episode has no step limit; it keeps no history either, so steps cost no memory
        pool.step(env_id, "fly away")
    served = pool._get(env_id).table.episodes._game(pool._get(env_id).row)
    assert served.steps == 50 and served.history == [("state", served.states[0])] and len(served.states) == 1
    with pytest.raises(ValueError, match="unknown profile"):
        EnvPool(catalog, profile="textcraft")


# --------------------------------------------------------------------------- bad requests

BAD = [
    ("unknown id", "POST", "/step", {"id": 10 ** 9, "action": "x"}, None, "no environment 1000000000", 404),
    ("missing id", "POST", "/step", {"action": "x"}, None, "missing 'id'", 400),
    ("missing action", "POST", "/step", {"id": "LIVE"}, None, "missing 'action'", 400),
    ("id as string", "POST", "/step", {"id": "3", "action": "x"}, None, "'id' must be an integer, found a string", 400),
    ("id as boolean", "POST", "/step", {"id": True, "action": "x"}, None, "found a boolean", 400),
    ("id as number", "POST", "/step", {"id": 1.5, "action": "x"}, None, "found a number", 400),
    ("action as number", "POST", "/step", {"id": "LIVE", "action": 5}, None, "'action' must be a string", 400),
    ("huge action", "POST", "/step", {"id": "LIVE", "action": "x" * 3000}, None, "the limit is", 413),
    ("malformed JSON", "POST", "/step", None, b'{"id": 0, "action": ', "malformed JSON body", 400),
    ("JSON array", "POST", "/step", None, b"[1, 2]", "must be a JSON object, found list", 400),
    ("empty body", "POST", "/step", None, b"", "needs a JSON object body", 400),
    ("not UTF-8", "POST", "/step", None, b'{"id": "\xff"}', "not UTF-8", 400),
    ("closed id", "POST", "/step", {"id": "CLOSED", "action": "x"}, None, "was closed", 410),
    ("closed id, reset", "POST", "/reset", {"id": "CLOSED", "data_idx": 0}, None, "was closed", 410),
    ("closed id, close", "POST", "/close", {"id": "CLOSED"}, None, "was closed", 410),
    ("data_idx too large", "POST", "/reset", {"id": "LIVE", "data_idx": 10 ** 6}, None, "no task with data_idx", 404),
    ("data_idx negative", "POST", "/create", {"data_idx": -1}, None, "no task with data_idx -1", 404),
    ("data_idx as string", "POST", "/reset", {"id": "LIVE", "data_idx": "1"}, None, "'data_idx' must be an integer",
     400),
    ("no query id", "GET", "/observation", None, None, "missing query parameter 'id'", 400),
    ("query id not a number", "GET", "/available_actions?id=abc", None, None, "must be an integer, found 'abc'", 400),
    ("query id unknown", "GET", "/detail?id=123456789", None, None, "no environment 123456789", 404),
    ("query id closed", "GET", "/observation?id=CLOSED", None, None, "was closed", 410),
    ("body too large", "POST", "/step", None, b'{"id": 0, "action": "' + b"y" * 70000 + b'"}', "larger than", 413),
]


def _send(srv: Server, method: str, path: str, body, raw, live: int, closed: int) -> requests.Response:
    path = path.replace("CLOSED", str(closed))
    if body is not None:
        body = {k: (live if v == "LIVE" else closed if v == "CLOSED" else v) for k, v in body.items()}
    if method == "GET":
        return srv.get(path)
    return srv.post(path, body, raw=raw)


@pytest.mark.parametrize("case", BAD, ids=[c[0] for c in BAD])
def test_bad_requests_get_agentgyms_error_answer(server, case):
    """AgentGym's convention: HTTP 200 with {"error": message}; the server carries on."""
    _, method, path, body, raw, message, _ = case
    live = server.post("/create", {}).json()["id"]
    closed = server.post("/create", {}).json()["id"]
    assert server.post("/close", {"id": closed}).json() is True
    response = _send(server, method, path, body, raw, live, closed)
    assert response.status_code == 200
    answer = response.json()
    assert set(answer) == {"error"} and message in answer["error"] and "Traceback" not in answer["error"]
    assert server.post("/step", {"id": live, "action": "check valid actions"}).json()["observation"]
    server.post("/close", {"id": live})


@pytest.mark.parametrize("case", BAD, ids=[c[0] for c in BAD])
def test_bad_requests_get_status_codes_with_http_errors(strict, case):
    _, method, path, body, raw, message, status = case
    if body and isinstance(body.get("action"), str) and len(body["action"]) > 100:
        message = "the limit is 100"
    if raw and len(raw) > 4096:
        message = "larger than 4096 bytes"
    live = strict.post("/create", {}).json()["id"]
    closed = strict.post("/create", {}).json()["id"]
    strict.post("/close", {"id": closed})
    response = _send(strict, method, path, body, raw, live, closed)
    assert response.status_code == status and message in response.json()["error"]
    strict.post("/close", {"id": live})


def test_unknown_routes_and_methods_are_plain_http_errors(server):
    response = server.get("/nowhere")
    assert response.status_code == 404 and response.json() == {"error": "no route GET /nowhere"}
    response = server.get("/step")
    assert response.status_code == 405 and "not allowed" in response.json()["error"]


# --------------------------------------------------------------------------- bounds


def test_least_recently_used_environment_is_evicted_with_a_clear_error(strict):
    ids = [strict.post("/create", {}).json()["id"] for _ in range(3)]
    assert strict.get(f"/observation?id={ids[0]}").status_code == 200  # ids[1] is now the least recently used
    newest = strict.post("/create", {}).json()["id"]
    response = strict.post("/step", {"id": ids[1], "action": "x"})
    assert response.status_code == 410 and "evicted" in response.json()["error"]
    assert "least recently used" in response.json()["error"]
    for env_id in (ids[0], ids[2], newest):
        assert strict.get(f"/observation?id={env_id}").status_code == 200
    assert strict.get("/health").json()["live"] == 3
    for env_id in (ids[0], ids[2], newest):
        strict.post("/close", {"id": env_id})


def test_idle_environments_are_evicted_and_gone_ids_are_remembered_boundedly(tasks_dirs, monkeypatch):
    now = [0.0]
    pool = EnvPool(Catalog(tasks_dirs[:1]), idle_timeout=10, clock=lambda: now[0])
    a, b = pool.create()["id"], pool.create()["id"]
    now[0] = 5
    pool.observation(b)
    now[0] = 12  # a idle 12 s, b idle 7 s
    c = pool.create()["id"]
    with pytest.raises(ServeError, match="evicted after 10 s without requests") as gone:
        pool.step(a, "x")
    assert gone.value.status == 410 and pool.live == 2 and pool.evicted == 1
    monkeypatch.setattr(pool_module, "GONE_MEMORY", 4)
    ids = [pool.create()["id"] for _ in range(8)]
    for env_id in ids:
        pool.close(env_id)
    assert len(pool._gone) == 4 and pool.live == 2
    with pytest.raises(ServeError, match="is gone") as gone:  # forgotten reason, still known as once issued
        pool.observation(ids[0])
    assert gone.value.status == 410
    with pytest.raises(ServeError, match="no environment"):
        pool.observation(10 ** 6)
    assert pool.observation(b) and pool.observation(c)
    with pytest.raises(ValueError):
        EnvPool(pool.catalog, max_envs=0)


def test_concurrent_steps_on_one_environment_serialise(server, plans):
    env_id = server.post("/create", {}).json()["id"]
    server.post("/reset", {"id": env_id, "data_idx": 0})
    errors: list[str] = []

    def worker() -> None:
        with requests.Session() as session:
            for _ in range(15):
                answer = session.post(server.base + "/step", json={"id": env_id, "action": "check valid actions"},
                                      timeout=60).json()
                if "error" in answer:
                    errors.append(answer["error"])

    threads = [threading.Thread(target=worker) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors and server.get(f"/detail?id={env_id}").json()["steps"] == 180
    server.post("/close", {"id": env_id})


def test_steps_racing_in_one_pool_lose_nothing(tasks_dirs, plans):
    """Threads share one environment in-process: every step is counted once, and the plan still succeeds."""
    pool = EnvPool(Catalog(tasks_dirs[:1]))
    env_id = pool.create(2)["id"]
    barrier = threading.Barrier(8)

    def worker() -> None:
        barrier.wait()
        for _ in range(50):
            pool.step(env_id, "check valid actions")

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for action in plans[2]:
        result = pool.step(env_id, action)
    assert result["done"] and result["reward"] == 1.0 and pool.detail(env_id)["steps"] == 400 + len(plans[2])


def test_an_environment_costs_kilobytes_not_megabytes(tasks_dirs):
    catalog = Catalog(tasks_dirs[:2])
    pool = EnvPool(catalog)
    for idx in range(len(catalog)):
        pool.close(pool.create(idx)["id"])  # every task compiled once, outside the measurement
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    ids = [pool.create(i % len(catalog))["id"] for i in range(2000)]
    per_env = (tracemalloc.get_traced_memory()[0] - before) / len(ids)
    tracemalloc.stop()
    assert per_env < 2048, f"{per_env:.0f} bytes per environment"


def test_a_task_that_cannot_be_compiled_keeps_its_number_and_says_why(tasks_dirs, tmp_path):
    import shutil
    folder = tmp_path / "broken"
    shutil.copytree(tasks_dirs[0], folder)
    victim = sorted((folder / "tasks").glob("*.pddl"))[1]
    victim.write_text(victim.read_text().replace("(:init", "(:init (no-such-predicate)", 1))
    pool = EnvPool(Catalog([folder]))
    assert pool.create(0) and pool.create(2)
    with pytest.raises(ServeError, match="cannot be played") as refused:
        pool.create(1)
    assert refused.value.status == 422


# --------------------------------------------------------------------------- index rule, CLI, README


def test_the_index_rule_sorts_ids_and_concatenates_folders():
    assert task_indices(["b", "a", "c"]) == {"a": 0, "b": 1, "c": 2}
    assert data_indices([["z", "y"], ["b", "a"]]) == [(0, "y"), (0, "z"), (1, "a"), (1, "b")]


def test_serve_usage_errors_exit_2(tmp_path, tasks_dirs):
    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "agentgen_sym", "serve", *args], capture_output=True, text=True,
                              timeout=120, cwd=ROOT)

    missing = run(str(tmp_path / "nope"))
    assert missing.returncode == 2 and "not a folder" in missing.stderr and "Traceback" not in missing.stderr
    (tmp_path / "empty").mkdir()
    assert run(str(tmp_path / "empty")).returncode == 2
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen(1)
    try:
        taken = run(str(tasks_dirs[0]), "--port", str(busy.getsockname()[1]))
    finally:
        busy.close()
    assert taken.returncode == 2 and "cannot listen" in taken.stderr
    assert run(str(tasks_dirs[0]), "--max-envs", "0").returncode == 2


def test_readme_serving_example_runs(server, tasks_dirs):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Serving environments to AgentGym"):]
    section = section[:section.index("\n## ", 1)]
    (block,) = re.findall(r"```python\n(.*?)```", section, re.S)
    here = 'sorted(Path("out").glob("*/tasks"))'
    assert here in block
    folders = "[" + ", ".join(f"Path({str(p)!r})" for p in tasks_dirs) + "]"
    block = block.replace(here, folders).replace("http://127.0.0.1:8000", server.base)
    proc = subprocess.run([sys.executable, "-c", block], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "success 1.0" in proc.stdout


def test_the_guard_turns_an_unexpected_exception_into_one_error_line(capsys):
    import asyncio

    from agentgen_sym.serve.app import Guard

    async def broken(scope, receive, send):
        await receive()
        raise RuntimeError("boom")

    def call(guard: Guard, chunks: list[bytes], headers=()) -> list[dict]:
        sent: list[dict] = []
        pending = [{"type": "http.request", "body": c, "more_body": i < len(chunks) - 1} for i, c in enumerate(chunks)]

        async def receive() -> dict:
            return pending.pop(0) if pending else {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            sent.append(message)

        asyncio.run(guard({"type": "http", "method": "POST", "path": "/step", "headers": list(headers)}, receive, send))
        return sent

    sent = call(Guard(broken, 1024, http_errors=False), [b"{}"])
    assert sent[0]["status"] == 200 and "internal error (RuntimeError)" in json.loads(sent[1]["body"])["error"]
    assert "boom" in capsys.readouterr().err
    assert call(Guard(broken, 1024, http_errors=True), [b"{}"])[0]["status"] == 500
    chunked = call(Guard(broken, 1024, http_errors=True), [b"x" * 600, b"x" * 600])  # no Content-Length
    assert chunked[0]["status"] == 413 and "larger than 1024 bytes" in json.loads(chunked[1]["body"])["error"]
    lying = call(Guard(broken, 1024, http_errors=True), [b"{}"], [(b"content-length", b"12x")])
    assert lying[0]["status"] == 400 and "malformed Content-Length" in json.loads(lying[1]["body"])["error"]


def test_the_client_needs_only_the_standard_library():
    probe = ("import sys, agentgen_sym.serve;"
             "assert not {'fastapi', 'uvicorn', 'starlette', 'requests'} & set(sys.modules), sorted(sys.modules)")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
