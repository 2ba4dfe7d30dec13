"""Benchmark the env server under RL load: N concurrent sessions stepping gold plans, per transport.

Run: .venv/bin/python bench/serve.py [--sessions 256,1024] [--transports http,ws,batch,ws-batch,inproc]
                                     [--seconds 6] [--client-procs 1] [--groups 8] [--memory-envs 20000]
                                     [--quick] [TASKS_DIR ...]
     .venv/bin/python bench/serve.py --compare [--envs 1,16,128,512] [--procs 2] [--no-standin]
     .venv/bin/python bench/serve.py --soak 600          (512 environments for 10 minutes, mixed requests)

Without TASKS_DIRs it writes one per bundled domain (its p01..p03 solved). The server runs as its own
process on 127.0.0.1 (`agentgen-sym serve ... --port 0`). The default run prints, for each session count
and transport (bench/serve_load.py: asyncio clients in --client-procs processes of their own; every
session connected and created before the clock starts, every episode a task's gold plan):
  http       AgentGym's /reset and /step, one kept-alive connection per session (AgentGym-RL's shape)
  ws         OpenEnv's WebSocket protocol, one connection per session
  batch      /step_many over --groups HTTP connections (each request steps every session of its group)
  ws-batch   {"type": "step_many"} over --groups WebSockets
  inproc     in process, no server: env.core's Sessions.step_many, all sessions of a task in one call
Columns: steps/s (steps answered in the window / its seconds), p50/p99 ms (one step's round trip; a batched
step's is its batch's), errors (failed requests or {"error"} answers; must be 0), lost (episodes ending not
done or with reward < 1; must be 0), client and server cores (CPU seconds / window: the clients share the
machine's cores with the server), server CPU us/step (the server's CPU time per step answered: the cost,
whatever else runs on the machine; 1e6 / it is the steps/s one free core would give). A memory phase then creates --memory-envs environments on a fresh server:
server memory per session. The targets of issue 41 close the table.

--compare runs the older table: thread clients through AgentGenEnvClient (ReAct replies) against our server
and a stand-in for AgentGym's textcraft-style server (one TextEnv object per environment, in a dict).

--soak S keeps 512 environments stepping for S seconds with random create/close/reset and bad
requests (unknown id, malformed JSON, wrong types, an oversized action, a closed id) mixed in,
and prints server RSS over time and the errors by kind (bad requests must be answered as errors;
anything else counts as unexpected).
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agentgen_sym.compiler.compile import compile_task  # noqa: E402
from agentgen_sym.compiler.limits import Deadline  # noqa: E402
from agentgen_sym.compiler.parser import parse_domain  # noqa: E402
from agentgen_sym.compiler.task import GroundAction  # noqa: E402
from agentgen_sym.env import TEMPLATES_FILE, Templates  # noqa: E402
from agentgen_sym.env.catalog import data_indices  # noqa: E402
from agentgen_sym.taskset import read_folder  # noqa: E402
from agentgen_sym.serve.client import AgentGenEnvClient, EnvServerError  # noqa: E402
from agentgen_sym.solver import solve  # noqa: E402
from bench import serve_load  # noqa: E402

try:
    from starlette.requests import Request  # the stand-in's handlers (FastAPI resolves the annotation by name)
except ImportError:  # without the serve extra only the builders above are usable
    Request = None

CORPUS = ROOT / "corpus" / "domains"
PROBLEMS = ("p01", "p02", "p03")


# --------------------------------------------------------------------------- task folders


def corpus_tasks_dirs(out: Path, problems: tuple[str, ...] = PROBLEMS, domains: int | None = None) -> list[Path]:
    """One TASKS_DIR per bundled domain (the first ``domains`` by name, or all) under ``out``: its problems as
    tasks, each with a solved, validated plan.

    ``tasks.jsonl`` is written in reverse id order, so readers must sort (the data_idx rule).
    """
    folders = []
    for domain_dir in sorted(p for p in CORPUS.iterdir() if (p / "domain.pddl").is_file())[:domains]:
        folder = out / domain_dir.name
        (folder / "tasks").mkdir(parents=True, exist_ok=True)
        shutil.copy(domain_dir / "domain.pddl", folder / "domain.pddl")
        if (domain_dir / TEMPLATES_FILE).is_file():
            shutil.copy(domain_dir / TEMPLATES_FILE, folder / TEMPLATES_FILE)
        records = []
        for name in problems:
            problem = domain_dir / f"{name}.pddl"
            task = compile_task(domain_dir / "domain.pddl", problem)
            solution = solve(task, time_limit=60)
            if not solution.steps:
                raise RuntimeError(f"{problem}: no plan ({solution.status})")
            task_id = f"{domain_dir.name}-{name}"
            shutil.copy(problem, folder / "tasks" / f"{task_id}.pddl")
            records.append({"id": task_id, "domain": task.domain.name, "problem_file": f"tasks/{task_id}.pddl",
                            "plan": [str(GroundAction(s.action, s.args)) for s in solution.steps],
                            "cost": solution.cost, "difficulty": len(solution.steps)})
        (folder / "tasks.jsonl").write_text("".join(json.dumps(r) + "\n" for r in reversed(records)))
        folders.append(folder)
    return folders


def gold_actions(folders: list[Path]) -> list[list[str]]:
    """Per data_idx, the gold plan as the action texts an agent would send (the domain's templates)."""
    entries, templates = [], []
    for folder in folders:
        domain = parse_domain(folder / "domain.pddl")
        templates.append(Templates.beside(domain, folder / "domain.pddl"))
        entries.append({e.id: e for e in read_folder(folder).tasks})
    out = []
    for position, task_id in data_indices(entries):
        steps = [GroundAction.parse(s) for s in entries[position][task_id].plan]
        out.append([templates[position].action(s.action, s.args) for s in steps])
    return out


# --------------------------------------------------------------------------- servers


def start_server(command: list[str]) -> tuple[subprocess.Popen, str]:
    """Start a server that prints 'listening on http://HOST:PORT' on stderr; returns it and its address."""
    proc = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, cwd=ROOT)
    deadline = Deadline.after(120)
    while not deadline.passed():
        line = proc.stderr.readline()
        if "listening on " in line:
            threading.Thread(target=proc.stderr.read, daemon=True).start()  # keep draining
            return proc, line.split("listening on ", 1)[1].strip()
        if not line and proc.poll() is not None:
            break
    proc.kill()
    raise RuntimeError(f"the server did not start: {' '.join(command)}")


def stop_server(proc: subprocess.Popen) -> int:
    proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        return -9


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def standin_main(argv: list[str]) -> None:
    """AgentGym's textcraft-style design: one environment object (a TextEnv) per id, in a dict, on FastAPI."""
    import uvicorn
    from fastapi import FastAPI

    from agentgen_sym.env import TextEnv
    from agentgen_sym.serve.catalog import Catalog
    from agentgen_sym.serve.server import LOOP, bind

    catalog = Catalog([Path(p) for p in argv])
    compiled = {}
    envs: dict[int, tuple[int, TextEnv]] = {}
    lock = threading.Lock()
    counter = [0]
    app = FastAPI()

    def make(data_idx: int) -> TextEnv:
        if data_idx not in compiled:
            text = catalog.text(data_idx)
            compiled[data_idx] = (text.compiled, text.templates)
        return TextEnv(*compiled[data_idx])

    def obs(env: TextEnv, first: str) -> str:
        return first

    @app.post("/create")
    async def create(request: Request):
        with lock:
            env_id = counter[0]
            counter[0] += 1
        env = make(0)
        envs[env_id] = (0, env)
        return {"id": env_id, "observation": env.reset(), "done": False, "reward": 0}

    @app.post("/reset")
    async def reset(request: Request):
        body = await request.json()
        env = make(body.get("data_idx", 0))
        envs[body["id"]] = (body.get("data_idx", 0), env)
        return {"id": body["id"], "observation": env.reset(), "done": False, "reward": 0}

    @app.post("/step")
    async def step(request: Request):
        body = await request.json()
        result = envs[body["id"]][1].step(body["action"])
        return {"observation": result.observation, "reward": result.info["progress_rate"], "done": result.done}

    @app.get("/detail")
    async def detail(id: int):
        data_idx, env = envs[id]
        return {"id": id, "domain": catalog.tasks[data_idx].domain, "steps": env.steps, "done": env.done,
                "reward": env.progress_rate}

    @app.get("/tasks")
    async def tasks():
        return [t.public() for t in catalog.tasks]

    @app.post("/close")
    async def close(request: Request):
        body = await request.json()
        return envs.pop(body["id"], None) is not None

    sock = bind("127.0.0.1", 0)
    print(f"stand-in: listening on http://127.0.0.1:{sock.getsockname()[1]}", file=sys.stderr, flush=True)
    config = uvicorn.Config(app, log_level="warning", access_log=False, limit_concurrency=4096, loop=LOOP)
    uvicorn.Server(config).run(sockets=[sock])  # the same event loop as ours, so the designs compare


# --------------------------------------------------------------------------- load


def _thread(base: str, tid: int, episodes: int, plans: list[list[str]], start: threading.Barrier, out: dict) -> None:
    latencies, steps, errors, lost = [], 0, 0, 0
    try:
        client = AgentGenEnvClient(base, data_len=len(plans), timeout=120)
    except (EnvServerError, OSError):
        out[tid] = ([], 0, 1, 0)
        start.wait()
        return
    start.wait()
    for episode in range(episodes):
        idx = (tid * 7 + episode) % len(plans)
        try:
            client.reset(idx)
            result = None
            for action in plans[idx]:
                t0 = time.perf_counter()
                result = client.step(f"Thought: the gold plan says so.\nAction: {action}")
                latencies.append(time.perf_counter() - t0)
                steps += 1
            if result is None or not result.done or result.reward != 1.0 or client.detail()["steps"] != len(plans[idx]):
                lost += 1
        except (EnvServerError, OSError, KeyError):
            errors += 1
    try:
        client.close()
    except (EnvServerError, OSError):
        errors += 1
    out[tid] = (latencies, steps, errors, lost)


def _process(base: str, tids: list[int], episodes: int, plans: list[list[str]], ready, go, results) -> None:
    out: dict = {}
    start = threading.Barrier(len(tids) + 1)
    threads = [threading.Thread(target=_thread, args=(base, t, episodes, plans, start, out)) for t in tids]
    for thread in threads:
        thread.start()
    start.wait()  # every environment of this process is created
    ready.wait()  # ... and of every process: the parent measures RSS
    go.wait()
    for thread in threads:
        thread.join()
    latencies = [x for lat, *_ in out.values() for x in lat]
    results.put((latencies, sum(v[1] for v in out.values()), sum(v[2] for v in out.values()),
                 sum(v[3] for v in out.values())))


def load(base: str, pid: int, n_envs: int, episodes: int, procs: int, plans: list[list[str]]) -> dict:
    ctx = multiprocessing.get_context("fork")
    procs = max(1, min(procs, n_envs))
    ready, go, results = ctx.Barrier(procs + 1), ctx.Barrier(procs + 1), ctx.Queue()
    before = rss_kib(pid)
    groups = [list(range(i, n_envs, procs)) for i in range(procs)]
    workers = [ctx.Process(target=_process, args=(base, g, episodes, plans, ready, go, results)) for g in groups]
    for worker in workers:
        worker.start()
    ready.wait()
    live = rss_kib(pid)
    t0 = time.perf_counter()
    go.wait()
    gathered = [results.get() for _ in workers]
    seconds = time.perf_counter() - t0
    for worker in workers:
        worker.join()
    latencies = sorted(x for g in gathered for x in g[0])
    steps = sum(g[1] for g in gathered)

    def pct(q: float) -> float:
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000 if latencies else float("nan")

    return {"envs": n_envs, "steps": steps, "seconds": seconds, "steps_per_s": steps / seconds,
            "p50_ms": pct(0.50), "p99_ms": pct(0.99), "rss_per_env_kib": (live - before) / n_envs,
            "errors": sum(g[2] for g in gathered), "lost": sum(g[3] for g in gathered)}


def memory(base: str, pid: int, n_envs: int, n_tasks: int) -> float:
    """KiB of server RSS per environment, over ``n_envs`` environments created and reset on one connection."""
    host, port = base.split("//")[1].split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=120)

    def post(path: str, body: dict) -> dict:
        conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        return json.loads(conn.getresponse().read())

    ids = [post("/create", {})["id"] for _ in range(64)]  # warm: allocator pools, compiled tasks
    for i in range(n_tasks):
        post("/reset", {"id": ids[i % len(ids)], "data_idx": i})
    for env_id in ids:
        post("/close", {"id": env_id})
    before = rss_kib(pid)
    ids = []
    for i in range(n_envs):
        env_id = post("/create", {})["id"]
        post("/reset", {"id": env_id, "data_idx": i % n_tasks})
        ids.append(env_id)
    after = rss_kib(pid)
    for env_id in ids:
        post("/close", {"id": env_id})
    conn.close()
    return (after - before) / n_envs


# --------------------------------------------------------------------------- soak

BAD_REQUESTS = [
    ("POST", "/step", b'{"id": 999999999, "action": "x"}', "unknown id"),
    ("POST", "/step", b'{"id": 0, "action": ', "malformed JSON"),
    ("POST", "/step", b'{"id": "zero", "action": "x"}', "wrong type"),
    ("POST", "/step", b'{"action": "x"}', "missing field"),
    ("POST", "/step", json.dumps({"id": 0, "action": "x" * 5000}).encode(), "huge action"),
    ("GET", "/observation?id=abc", None, "bad query"),
    ("POST", "/reset", b'{"id": 0, "data_idx": 100000}', "bad data_idx"),
]


def _soak_thread(base: str, tid: int, deadline: Deadline, plans: list[list[str]], stats: dict, lock: threading.Lock,
                 start: threading.Barrier) -> None:
    rng = random.Random(tid)
    host, port = base.split("//")[1].split(":")
    raw = http.client.HTTPConnection(host, int(port), timeout=120)
    counts = {"steps": 0, "episodes": 0, "creates": 0, "closes": 0, "resets": 0, "bad": 0, "bad_answered": 0,
              "gone_answered": 0, "unexpected": 0, "lost": 0}
    unexpected: list[str] = []
    client = AgentGenEnvClient(base, data_len=len(plans), timeout=120)
    start.wait()
    while not deadline.passed():
        idx = rng.randrange(len(plans))
        try:
            client.reset(idx)
            counts["resets"] += 1
            result = None
            interrupted = False
            for action in plans[idx]:
                roll = rng.random()
                if roll < 0.02:  # a reset in mid-episode: start this episode over elsewhere
                    interrupted = True
                    break
                if roll < 0.05:  # a bad request on the side
                    method, path, body, _ = BAD_REQUESTS[rng.randrange(len(BAD_REQUESTS))]
                    counts["bad"] += 1
                    raw.request(method, path, body, {"Content-Type": "application/json"} if body else {})
                    response = raw.getresponse()
                    answer = json.loads(response.read())
                    if response.status == 200 and isinstance(answer, dict) and "error" in answer:
                        counts["bad_answered"] += 1
                    else:
                        counts["unexpected"] += 1
                        unexpected.append(f"bad request answered {response.status} {str(answer)[:80]}")
                result = client.step(f"Action: {action}")
                counts["steps"] += 1
            if interrupted:
                continue
            counts["episodes"] += 1
            if result is None or not result.done or result.reward != 1.0:
                counts["lost"] += 1
            if rng.random() < 0.1:  # close and create: the closed id must answer "closed"
                old = client.env_id
                client.close()
                counts["closes"] += 1
                raw.request("POST", "/step", json.dumps({"id": old, "action": "x"}).encode(),
                            {"Content-Type": "application/json"})
                answer = json.loads(raw.getresponse().read())
                if "closed" in str(answer.get("error", "")):
                    counts["gone_answered"] += 1
                else:
                    counts["unexpected"] += 1
                    unexpected.append(f"closed id answered {answer}")
                client = AgentGenEnvClient(base, data_len=len(plans), timeout=120)
                counts["creates"] += 1
        except (EnvServerError, OSError, KeyError, ValueError) as exc:
            counts["unexpected"] += 1
            unexpected.append(f"{type(exc).__name__}: {exc}"[:120])
            try:
                client = AgentGenEnvClient(base, data_len=len(plans), timeout=120)
            except (EnvServerError, OSError):
                time.sleep(0.1)
            raw.close()
            raw = http.client.HTTPConnection(host, int(port), timeout=120)
    with lock:
        for key, value in counts.items():
            stats[key] = stats.get(key, 0) + value
        stats.setdefault("examples", []).extend(unexpected[:3])


def _soak_process(base, tids, deadline, plans, results) -> None:
    stats: dict = {}
    lock = threading.Lock()
    start = threading.Barrier(len(tids))
    threads = [threading.Thread(target=_soak_thread, args=(base, t, deadline, plans, stats, lock, start))
               for t in tids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results.put(stats)


def soak(base: str, pid: int, seconds: float, n_envs: int, procs: int, plans: list[list[str]]) -> None:
    ctx = multiprocessing.get_context("fork")
    results = ctx.Queue()
    deadline = Deadline.after(seconds)
    groups = [list(range(i, n_envs, procs)) for i in range(procs)]
    workers = [ctx.Process(target=_soak_process, args=(base, g, deadline, plans, results)) for g in groups]
    for worker in workers:
        worker.start()
    host, port = base.split("//")[1].split(":")
    samples = []
    t0 = time.monotonic()
    print(f"{'t (s)':>6}  {'RSS MiB':>8}  {'live':>5}")
    while not deadline.passed():
        time.sleep(min(30.0, max(0.1, deadline.left())))
        conn = http.client.HTTPConnection(host, int(port), timeout=60)
        conn.request("GET", "/health")
        health = json.loads(conn.getresponse().read())
        conn.close()
        samples.append((time.monotonic() - t0, rss_kib(pid) / 1024, health["live"]))
        print(f"{samples[-1][0]:6.0f}  {samples[-1][1]:8.1f}  {samples[-1][2]:5d}", flush=True)
    stats: dict = {}
    for _ in workers:
        for key, value in results.get().items():
            stats[key] = stats.get(key, 0) + value if key != "examples" else stats.get(key, []) + value
    for worker in workers:
        worker.join()
    settled = [s for s in samples if s[0] >= 60] or samples
    print(f"\nsoak: {seconds:.0f} s, {n_envs} clients; RSS {samples[0][1]:.1f} MiB at {samples[0][0]:.0f} s, "
          f"{settled[0][1]:.1f} MiB at {settled[0][0]:.0f} s, {samples[-1][1]:.1f} MiB at the end "
          f"(max {max(s[1] for s in samples):.1f})")
    print("counts: " + ", ".join(f"{k} {v}" for k, v in stats.items() if k != "examples"))
    for example in stats.get("examples", [])[:10]:
        print("  unexpected:", example)


# --------------------------------------------------------------------------- the RL table

TARGETS = {("http", 256): (3000, 100.0), ("ws", 1024): (10000, 50.0), ("batch", 1024): (10000, 50.0),
           ("ws-batch", 1024): (10000, 50.0), ("inproc", 1024): (50000, None)}
"""Issue 41's targets per (transport, sessions): steps/s at least, p99 ms at most (WebSocket or batched: one of them)."""
MEMORY_TARGET_KIB = 2.0


def inproc(folders: list[Path], plans: list[list[str]], sessions: int, seconds: float) -> dict:
    """Sessions stepped in process through env.core (no server): each round steps every session once, one
    ``Sessions.step_many`` call per task; a step's latency is its round's."""
    from agentgen_sym.env.core import EnvCore
    from agentgen_sym.serve.catalog import Catalog

    catalog = Catalog(folders)
    start_cpu = time.process_time()
    by_task: dict[int, list[int]] = {}
    for s in range(sessions):
        by_task.setdefault((s * 7) % len(plans), []).append(s)
    groups = [(idx, members, EnvCore(catalog.text(idx)).sessions(len(members))) for idx, members in by_task.items()]
    steps = lost = episodes = errors = 0
    latencies: list[float] = []
    pos = {idx: 0 for idx in by_task}
    deadline = time.perf_counter() + seconds
    t_start = time.perf_counter()
    while time.perf_counter() < deadline:  # every session of a task runs its plan in lockstep
        t0 = time.perf_counter()
        done = []
        for idx, members, group in groups:
            results = group.step_many(range(len(members)), [plans[idx][pos[idx]]] * len(members))
            steps += len(results)
            pos[idx] += 1
            if pos[idx] == len(plans[idx]):
                episodes += len(results)
                lost += sum(not r.terminated or r.info.get("progress_rate", 1.0) != 1.0 for r in results)
                done.append((idx, group))
        for idx, group in done:
            group.reset()
            pos[idx] = 0
        latencies.extend([time.perf_counter() - t0] * sessions)
    window = time.perf_counter() - t_start
    latencies.sort()

    def pct(q: float) -> float:
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000 if latencies else float("nan")

    return {"transport": "inproc", "sessions": sessions, "steps": steps, "steps_per_s": steps / window,
            "p50_ms": pct(0.5), "p99_ms": pct(0.99), "errors": errors, "lost": lost, "episodes": episodes,
            "client_cores": (time.process_time() - start_cpu) / window, "server_cores": 0.0, "examples": []}


def rl_table(args: argparse.Namespace, folders: list[Path], plans: list[list[str]], serve: list[str]) -> dict:
    """The default run: every transport at every session count, then the memory phase, then the targets."""
    levels = [int(x) for x in args.sessions.split(",")]
    transports = args.transports.split(",")
    rows = []
    print(f"\n{'transport':>9}  {'sessions':>8}  {'steps':>7}  {'steps/s':>8}  {'p50 ms':>7}  {'p99 ms':>7}  "
          f"{'errors':>6}  {'lost':>4}  {'episodes':>8}  {'client cores':>12}  {'server cores':>12}  "
          f"{'server CPU us/step':>18}", flush=True)
    for n in levels:
        for kind in transports:
            if kind == "inproc":
                row = inproc(folders, plans, n, args.seconds)
            else:  # a fresh server per cell: no environments left over from the last one
                proc, base = start_server(serve)
                try:
                    row = serve_load.run(kind, base, proc.pid, n, plans, args.seconds, args.client_procs, args.groups)
                finally:
                    stop_server(proc)
            rows.append(row)
            print(f"{kind:>9}  {n:8d}  {row['steps']:7d}  {row['steps_per_s']:8.0f}  {row['p50_ms']:7.2f}  "
                  f"{row['p99_ms']:7.2f}  {row['errors']:6d}  {row['lost']:4d}  {row['episodes']:8d}  "
                  f"{row['client_cores']:12.2f}  {row['server_cores']:12.2f}  "
                  f"{row.get('server_us_per_step', float('nan')):18.1f}", flush=True)
            for example in row["examples"]:
                print(f"           error: {example}")
    proc, base = start_server(serve)
    try:
        memory_kib = memory(base, proc.pid, args.memory_envs, len(plans))
    finally:
        stop_server(proc)
    print(f"\nserver memory per session: {memory_kib * 1024:.0f} bytes ({memory_kib:.2f} KiB; RSS growth over "
          f"{args.memory_envs} environments created and reset on a fresh server)")
    print("\ntargets (issue 41):")
    met = True
    for (kind, n), (rate, p99) in TARGETS.items():
        row = next((r for r in rows if r["transport"] == kind and r["sessions"] == n), None)
        if row is None:
            continue
        ok = row["steps_per_s"] >= rate and (p99 is None or row["p99_ms"] <= p99)
        met &= ok or kind in ("ws", "batch", "ws-batch")
        print(f"  {kind} at {n} sessions: >= {rate} steps/s" + (f", p99 <= {p99:g} ms" if p99 else "")
              + f": {row['steps_per_s']:.0f} steps/s, p99 {row['p99_ms']:.1f} ms -> {'met' if ok else 'MISSED'}")
    print(f"  memory per session <= {MEMORY_TARGET_KIB:g} KiB: {memory_kib:.2f} KiB -> "
          f"{'met' if memory_kib <= MEMORY_TARGET_KIB else 'MISSED'}")
    errors = sum(r["errors"] + r["lost"] for r in rows)
    print(f"  errors and lost episodes: {errors}")
    return {"rows": rows, "memory_kib_per_session": memory_kib, "errors": errors}


# --------------------------------------------------------------------------- main


def _table(rows: list[dict], title: str) -> None:
    print(f"\n{title}")
    print(f"{'envs':>5}  {'steps':>7}  {'steps/s':>8}  {'p50 ms':>7}  {'p99 ms':>7}  {'RSS/env KiB':>11}  "
          f"{'errors':>6}  {'lost':>4}")
    for r in rows:
        print(f"{r['envs']:5d}  {r['steps']:7d}  {r['steps_per_s']:8.0f}  {r['p50_ms']:7.2f}  {r['p99_ms']:7.2f}  "
              f"{r['rss_per_env_kib']:11.1f}  {r['errors']:6d}  {r['lost']:4d}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tasks_dirs", nargs="*", help="TASKS_DIRs to serve (default: one per bundled domain)")
    parser.add_argument("--sessions", default="256,1024", help="concurrent sessions per level (the RL table)")
    parser.add_argument("--transports", default="http,ws,batch,ws-batch,inproc",
                        help="transports of the RL table: http, ws, batch, ws-batch, inproc")
    parser.add_argument("--seconds", type=float, default=6.0, help="measured seconds per cell of the RL table")
    parser.add_argument("--client-procs", type=int, default=1, help="client processes of the RL table")
    parser.add_argument("--groups", type=int, default=8, help="connections of the batched transports")
    parser.add_argument("--quick", action="store_true", help="a short RL table: 2 s per cell, 2,000 memory envs")
    parser.add_argument("--compare", action="store_true",
                        help="the older table: thread clients, ours against the one-object-per-environment stand-in")
    parser.add_argument("--envs", default="1,16,128,512", help="concurrent environments per level (--compare)")
    parser.add_argument("--episodes", type=int, default=3, help="gold-plan episodes per environment and level")
    parser.add_argument("--min-episodes", type=int, default=128, help="episodes per level at least (all envs)")
    parser.add_argument("--procs", type=int, default=2, help="client processes (threads spread over them)")
    parser.add_argument("--memory-envs", type=int, default=20000, help="environments of the memory phase")
    parser.add_argument("--no-standin", action="store_true", help="skip the one-object-per-environment stand-in")
    parser.add_argument("--soak", type=float, default=0, metavar="S", help="soak for S seconds instead")
    parser.add_argument("--soak-envs", type=int, default=512)
    parser.add_argument("--json", metavar="FILE", help="write the rows as JSON")
    args = parser.parse_args(argv)
    for option in ("seconds", "client_procs", "groups", "episodes", "min_episodes", "procs", "memory_envs",
                   "soak_envs"):
        if getattr(args, option) <= 0:
            parser.error(f"--{option.replace('_', '-')} must be positive, not {getattr(args, option)}")
    work = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    try:
        folders = [Path(p) for p in args.tasks_dirs] or corpus_tasks_dirs(work)
        plans = gold_actions(folders)
        levels = [int(x) for x in args.envs.split(",")]

        def episodes(n_envs: int) -> int:  # at least --min-episodes per level, so small levels measure something
            return max(args.episodes, -(-args.min_episodes // n_envs))

        sessions = [int(x) for x in args.sessions.split(",")]
        serve = [sys.executable, "-m", "agentgen_sym", "serve", *map(str, folders), "--port", "0",
                 "--max-envs", str(max(levels + sessions + [args.memory_envs, args.soak_envs]) * 2),
                 "--max-connections", str(max(sessions + [2048]) + 64), "--ws-max-connections", str(max(sessions) + 64)]
        procs = args.procs if args.compare or args.soak else args.client_procs
        print(f"{len(plans)} tasks in {len(folders)} folders; {sum(map(len, plans))} gold steps; "
              f"{procs} client processes; {os.cpu_count()} CPUs")
        if args.soak:
            proc, base = start_server(serve)
            try:
                soak(base, proc.pid, args.soak, args.soak_envs, args.procs, plans)
            finally:
                print(f"server exit code after SIGTERM: {stop_server(proc)}")
            return 0
        if not args.compare:
            if args.quick:
                args.seconds, args.memory_envs = min(args.seconds, 2.0), min(args.memory_envs, 2000)
            result = rl_table(args, folders, plans, serve)
            if args.json:
                Path(args.json).write_text(json.dumps(result, indent=2))
            return 1 if result["errors"] else 0
        standin = [sys.executable, str(Path(__file__).resolve()), "--standin-server", *map(str, folders)]
        designs = [("ours", serve, "agentgen-sym serve (packed rows over shared tasks)")]
        if not args.no_standin:
            designs.append(("standin", standin,
                            "stand-in: one TextEnv object per environment (AgentGym textcraft-style)"))
        rows: dict = {}
        for key, command, title in designs:
            proc, base = start_server(command)  # a fresh server for the memory phase: no high-water mark yet
            try:
                rows[f"{key}_memory_kib"] = memory(base, proc.pid, args.memory_envs, len(plans))
            finally:
                stop_server(proc)
            proc, base = start_server(command)
            try:
                rows[key] = [load(base, proc.pid, n, episodes(n), args.procs, plans) for n in levels]
            finally:
                code = stop_server(proc)
            _table(rows[key], title)
            print(f"memory phase (fresh server): {rows[f'{key}_memory_kib']:.2f} KiB per environment over "
                  f"{args.memory_envs} environments" + (f"; exit code after SIGTERM {code}" if key == "ours" else ""))
        if "standin" in rows:
            ours, theirs = rows["ours"], rows["standin"]
            print("\nratios (ours / stand-in): " + ", ".join(
                f"{a['envs']} envs: {a['steps_per_s'] / b['steps_per_s']:.2f}x steps/s" for a, b in zip(ours, theirs))
                + f"; memory per environment: stand-in {rows['standin_memory_kib'] / rows['ours_memory_kib']:.1f}x "
                  f"ours")
        if args.json:
            Path(args.json).write_text(json.dumps(rows, indent=2))
        errors = sum(r["errors"] + r["lost"] for r in rows["ours"])
        return 1 if errors else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--standin-server"]:
        standin_main(sys.argv[2:])
    else:
        sys.exit(main())
