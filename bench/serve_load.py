"""The load of bench/serve.py's RL table: N concurrent sessions playing gold plans, cheaply, in client processes.

Clients are asyncio coroutines (no threads) in ``procs`` processes of their own, speaking raw HTTP/1.1 on kept-alive
connections or WebSockets (the ``websockets`` package), so the load generator takes little of the cores it shares
with the server. Transports:
  http      AgentGym's routes, one connection per session (AgentGym-RL opens one client per sample): /reset, /step
  ws        OpenEnv's WebSocket protocol, one connection per session: {"type": "reset"}, {"type": "step"}
  batch     /step_many and /reset_many over HTTP: the sessions split over ``groups`` connections, each request
            stepping every session of its group (a step's latency is its batch's round trip)
  ws-batch  the same over WebSockets ({"type": "step_many"})
Every episode resets to a task and sends its gold plan; one that ends not done or with reward < 1 is ``lost``.
The clock runs from a shared start time for ``seconds``; steps answered after it are not counted.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import re
import time
from dataclasses import dataclass, field

CONTENT_LENGTH = re.compile(rb"content-length:\s*(\d+)", re.IGNORECASE)


@dataclass
class Tally:
    steps: int = 0
    errors: int = 0
    lost: int = 0
    episodes: int = 0
    latencies: list[float] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)

    def error(self, what: str) -> None:
        self.errors += 1
        if len(self.examples) < 3:
            self.examples.append(what[:160])


class Http:
    """One kept-alive HTTP/1.1 connection."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, host: str) -> None:
        self.reader, self.writer, self.host = reader, writer, host.encode()

    @classmethod
    async def open(cls, host: str, port: int) -> Http:
        reader, writer = await asyncio.open_connection(host, port, limit=1 << 22)
        return cls(reader, writer, host)

    async def post(self, path: str, body: dict) -> dict:
        raw = json.dumps(body).encode()
        self.writer.write(b"POST %s HTTP/1.1\r\nhost: %s\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n"
                          % (path.encode(), self.host, len(raw)) + raw)
        head = await self.reader.readuntil(b"\r\n\r\n")
        return json.loads(await self.reader.readexactly(int(CONTENT_LENGTH.search(head).group(1))))

    def close(self) -> None:
        self.writer.close()


class Socket:
    """One WebSocket, JSON messages."""

    def __init__(self, ws) -> None:
        self.ws = ws

    @classmethod
    async def open(cls, host: str, port: int) -> Socket:
        from websockets.asyncio.client import connect
        return cls(await connect(f"ws://{host}:{port}/ws", max_size=1 << 24, compression=None, ping_interval=None))

    async def call(self, kind: str, data: dict) -> dict:
        await self.ws.send(json.dumps({"type": kind, "data": data}))
        return json.loads(await self.ws.recv())

    async def close(self) -> None:
        await self.ws.close()


def _finish(answer: dict, tally: Tally) -> None:
    tally.episodes += 1
    if answer.get("done") is not True or answer.get("reward") != 1.0:
        tally.lost += 1


async def _one_session(kind: str, host: str, port: int, sid: int, plans: list[list[str]], start: float, end: float,
                       tally: Tally) -> None:
    """One session on its own connection (``http`` or ``ws``)."""
    conn = await (Http.open(host, port) if kind == "http" else Socket.open(host, port))
    env_id = (await conn.post("/create", {}))["id"] if kind == "http" else None
    await asyncio.sleep(max(0.0, start - time.time()))
    k = sid
    try:
        while time.time() < end:
            idx = k % len(plans)
            k += 7
            if kind == "http":
                answer = await conn.post("/reset", {"id": env_id, "data_idx": idx})
            else:
                answer = await conn.call("reset", {"data_idx": idx})
            for action in plans[idx]:
                t0 = time.perf_counter()
                if kind == "http":
                    answer = await conn.post("/step", {"id": env_id, "action": action})
                else:
                    answer = await conn.call("step", {"message": action})
                    answer = answer.get("data", answer) if answer.get("type") != "error" else {"error": answer}
                if time.time() > end:
                    return
                tally.latencies.append(time.perf_counter() - t0)
                if "error" in answer:
                    tally.error(str(answer["error"]))
                    break
                tally.steps += 1
            else:
                _finish(answer, tally)
    finally:
        await conn.close() if kind != "http" else conn.close()


async def _group(kind: str, host: str, port: int, sids: list[int], plans: list[list[str]], start: float, end: float,
                 tally: Tally) -> None:
    """Sessions ``sids`` driven together on one connection (``batch`` or ``ws-batch``)."""
    if kind == "batch":
        conn = await Http.open(host, port)
        ids = [(await conn.post("/create", {}))["id"] for _ in sids]

        async def call(route: str, data: dict) -> dict:
            return await conn.post(f"/{route}", data)
    else:
        conn = await Socket.open(host, port)
        ids = [(await conn.call("create", {}))["data"]["id"] for _ in sids]

        async def call(route: str, data: dict) -> dict:
            answer = await conn.call(route, data)
            return answer["data"] if answer.get("type") == "results" else {"error": answer}
    n = len(sids)
    task = [(s * 7) % len(plans) for s in sids]
    pos = [0] * n
    await asyncio.sleep(max(0.0, start - time.time()))
    try:
        fresh = list(range(n))
        while time.time() < end:
            if fresh:
                answer = await call("reset_many", {"resets": [{"id": ids[j], "data_idx": task[j]} for j in fresh]})
                for j, result in zip(fresh, answer.get("results", [])):
                    if "error" in result:
                        tally.error(str(result["error"]))
            t0 = time.perf_counter()
            answer = await call("step_many", {"steps": [{"id": ids[j], "action": plans[task[j]][pos[j]]}
                                                        for j in range(n)]})
            if time.time() > end:
                return
            seconds = time.perf_counter() - t0
            if "results" not in answer:
                tally.error(str(answer))
                return
            fresh = []
            for j, result in enumerate(answer["results"]):
                tally.latencies.append(seconds)
                if "error" in result:
                    tally.error(str(result["error"]))
                    continue
                tally.steps += 1
                pos[j] += 1
                if pos[j] == len(plans[task[j]]):
                    _finish(result, tally)
                    task[j] = (task[j] + 7) % len(plans)
                    pos[j] = 0
                    fresh.append(j)
    finally:
        await conn.close() if kind != "batch" else conn.close()


def _client(kind: str, host: str, port: int, sids: list[int], groups: int, plans: list[list[str]], start: float,
            seconds: float, out: multiprocessing.Queue) -> None:
    tally = Tally()
    marks: list[float] = []

    def mark() -> None:
        times = os.times()
        marks.append(times.user + times.system)

    async def main() -> None:
        end = start + seconds
        loop = asyncio.get_running_loop()
        loop.call_later(max(0.0, start - time.time()), mark)
        loop.call_later(max(0.0, end - time.time()), mark)
        if kind in ("http", "ws"):
            jobs = [_one_session(kind, host, port, s, plans, start, end, tally) for s in sids]
        else:
            chunks = [sids[i::groups] for i in range(groups)]
            jobs = [_group(kind, host, port, c, plans, start, end, tally) for c in chunks if c]
        for result in await asyncio.gather(*jobs, return_exceptions=True):
            if isinstance(result, BaseException):
                tally.error(f"{type(result).__name__}: {result}")

    asyncio.run(main())
    out.put((tally, marks[1] - marks[0] if len(marks) == 2 else float("nan")))


def cpu_seconds(pid: int) -> float:
    """A process's user + system CPU seconds so far (Linux /proc)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run(kind: str, base: str, server_pid: int, sessions: int, plans: list[list[str]], seconds: float, procs: int,
        groups: int, setup_s: float = 0.0) -> dict:
    """Drive ``sessions`` sessions over ``kind`` for ``seconds``; the row of the table."""
    host, port = base.split("//")[1].rsplit(":", 1)
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    procs = max(1, min(procs, sessions))
    setup = setup_s or 2.0 + sessions / 200
    start = time.time() + setup  # every session is connected (and created) before the clock starts
    parts = [list(range(i, sessions, procs)) for i in range(procs)]
    workers = [ctx.Process(target=_client, args=(kind, host, int(port), part, max(1, groups // procs), plans, start,
                                                   seconds, out)) for part in parts]
    for worker in workers:
        worker.start()
    time.sleep(max(0.0, start - time.time()))
    server_cpu0 = cpu_seconds(server_pid)
    time.sleep(seconds)
    server_cpu = cpu_seconds(server_pid) - server_cpu0
    gathered = [out.get() for _ in workers]
    for worker in workers:
        worker.join()
    tallies = [t for t, _ in gathered]
    latencies = sorted(x for t in tallies for x in t.latencies)

    def pct(q: float) -> float:
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000 if latencies else float("nan")

    steps = sum(t.steps for t in tallies)
    return {"transport": kind, "sessions": sessions, "steps": steps, "steps_per_s": steps / seconds,
            "p50_ms": pct(0.50), "p99_ms": pct(0.99), "errors": sum(t.errors for t in tallies),
            "lost": sum(t.lost for t in tallies), "episodes": sum(t.episodes for t in tallies),
            "client_cores": sum(c for _, c in gathered) / seconds, "server_cores": server_cpu / seconds,
            "server_us_per_step": server_cpu / steps * 1e6 if steps else float("nan"),
            "examples": [e for t in tallies for e in t.examples][:3]}
