"""`agentgen-sym package --format openenv`: the package a user publishes with `openenv push`, checked by the real
`openenv` (0.10) as a user would: its validator reads the manifest, the server starts with the documented command
in the package's folder, the running server passes `openenv validate --url`, the shipped oracle plays every gold
plan to the maximum reward, OpenEnv's MCP client lists one tool per domain action and plays a gold plan through
the tools, and the task API counts the tasks."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.solver import solve

from .conftest import CORPUS, run_cli, requires_extra

requires_extra("openenv")

import requests  # noqa: E402
from openenv.core.env_server.mcp_types import CallToolAction  # noqa: E402
from openenv.core.mcp_client import MCPToolClient  # noqa: E402

DOMAIN = "kitchen-line"  # action costs, templates.json, several parameters per action


@pytest.fixture(scope="module")
def package(tmp_path_factory) -> Path:
    """A task folder of the domain's p01 and p02 with optimal plans, packaged by the command line."""
    root = tmp_path_factory.mktemp("openenv-package")
    folder, source = root / "tasks", CORPUS / DOMAIN
    (folder / "problems").mkdir(parents=True)
    shutil.copy(source / "domain.pddl", folder / "domain.pddl")
    shutil.copy(source / "templates.json", folder / "templates.json")
    lines = []
    for problem in ("p01", "p02"):
        task = compile_task(source / "domain.pddl", source / f"{problem}.pddl")
        solution = solve(task, planner="optimal", time_limit=60)
        shutil.copy(source / f"{problem}.pddl", folder / "problems" / f"{problem}.pddl")
        lines.append(json.dumps({"id": f"{DOMAIN}-{problem}", "problem_file": f"problems/{problem}.pddl", "seed": 3,
                                 "cost": solution.cost,
                                 "plan": [str(GroundAction(s.action, s.args)) for s in solution.steps]}))
    (folder / "tasks.jsonl").write_text("\n".join(lines) + "\n")
    proc = run_cli("package", str(folder), "--out", str(root / "pkg"), timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "2 tasks, 6 tools" in proc.stdout.decode()
    return root / "pkg"


@pytest.fixture(scope="module")
def server(package):
    """The package's server, started as its README says (`uvicorn server.app:app`) in its folder."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "server.app:app", "--host", "127.0.0.1", "--port",
                             str(port)], cwd=package, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONWARNINGS": "ignore"})
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                if requests.get(f"{base}/health", timeout=1).ok:
                    break
            except requests.ConnectionError:
                time.sleep(0.1)
        else:
            raise AssertionError(proc.stderr.read().decode() if proc.poll() is not None else "no answer in 60 s")
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _openenv(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(Path(sys.executable).parent / "openenv"), *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd)


def test_openenv_validate_reads_the_manifest(package):
    """Schema 2 (the execution binding), within the severity policy; no Docker here, so the build-dependent checks
    are skipped (`--skip-build`) and the running server is checked below."""
    proc = _openenv("validate", str(package), "--skip-build", "--json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    report = json.loads(proc.stdout)
    assert report["verdict"] in ("pass", "warn")
    statuses = {r["check_id"]: r["status"] for r in report["results"]}
    assert statuses["static.manifest"] == "pass"
    manifest = report["manifest"]
    assert manifest["manifest_schema_version"] == "2"
    assert manifest["capabilities"]["declared_task_count"] == {"train": 2}
    assert manifest["capabilities"]["oracle"] == {"form": "script", "location": "oracle/solve.py"}
    assert manifest["task_distribution"]["generator_seed"] == 3


def test_the_runtime_probe_is_a_gold_plan_openenv_reads(package):
    from openenv.validation.parsers.openenv_yaml import OpenEnvYamlParser
    from openenv.validation.runtime.contracts import load_runtime_plan

    manifest = OpenEnvYamlParser().parse(package)
    plan = load_runtime_plan(package, manifest.execution)
    gold = json.loads((package / "oracle" / "plans.json").read_text())
    assert plan.reset.options == {"task": f"{DOMAIN}-p01"}
    assert [a["message"] for a in plan.actions] == gold[f"{DOMAIN}-p01"]


def test_the_running_server_passes_openenv_validate(server):
    proc = _openenv("validate", "--url", server)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Verdict: PASS" in proc.stdout


def test_the_oracle_plays_every_gold_plan_to_the_maximum(package, server):
    proc = subprocess.run([sys.executable, "oracle/solve.py", server], cwd=package, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "2 of 2 gold plans earn the maximum"


def test_mcp_lists_one_tool_per_action_and_plays_a_gold_plan_through_them(package, server):
    """OpenEnv's MCP client (what TRL's OpenEnv path calls): the tools are the declared ones, one per action of the
    domain; a gold plan sent as tool calls (arguments by the tool's schema, in order) earns 1 and ends the episode."""
    manifest = json.loads((package / "openenv.yaml").read_text().split("\n", 1)[1])
    gold = [GroundAction.parse(step) for step in
            json.loads((package / "tasks" / "tasks.jsonl").read_text().splitlines()[1])["plan"]]

    async def play() -> tuple[list, float, bool]:
        async with MCPToolClient(base_url=server) as client:
            tools = await client.list_tools()
            schema = {t.name: t.input_schema["required"] for t in tools}
            by_action = {t.name.replace("_", "-"): t.name for t in tools}
            await client.reset(task=f"{DOMAIN}-p02")
            total, done = 0.0, False
            for step in gold:
                name = by_action[step.action]
                result = await client.step(CallToolAction(tool_name=name,
                                                          arguments=dict(zip(schema[name], step.args))))
                total += result.reward
                done = result.done
            return tools, total, done

    tools, total, done = asyncio.run(play())
    domain_actions = [a.name for a in compile_task(package / "tasks" / "domain.pddl",
                                                   package / "tasks" / "problems" / "p02.pddl").domain.actions]
    assert [t.name for t in tools] == manifest["validation"]["capabilities"]["declared_tools"]
    assert len(tools) == len(domain_actions) == 6
    assert (total, done) == (1.0, True)


def test_the_task_api_counts_and_names_the_tasks(server):
    name = requests.get(f"{server}/list_environments", timeout=10).json()[0]
    assert requests.post(f"{server}/{name}/num_tasks", json={"split": "train"}, timeout=10).json() == {"num_tasks": 2}
    task = requests.post(f"{server}/{name}/task", json={"split": "train", "index": 1}, timeout=10).json()["task"]
    assert task["task"] == f"{DOMAIN}-p02" and task["goal"].startswith("The goal is to satisfy")
    assert requests.post(f"{server}/{name}/task", json={"split": "train", "index": 5}, timeout=10).status_code == 400


def test_a_package_is_written_whole_into_a_new_folder_only(package, tmp_path):
    """A non-empty --out is refused (exit 2, nothing written), and so is a reward whose returns leave [0, 1]."""
    marker = tmp_path / "busy" / "keep.txt"
    marker.parent.mkdir()
    marker.write_text("mine")
    proc = run_cli("package", str(package / "tasks"), "--out", str(marker.parent))
    assert proc.returncode == 2 and "not an empty folder" in proc.stderr.decode()
    assert [p.name for p in marker.parent.iterdir()] == ["keep.txt"]
    proc = run_cli("package", str(package / "tasks"), "--out", str(tmp_path / "dense"), "--reward", "dense")
    assert proc.returncode == 2 and not (tmp_path / "dense").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["busy"]  # no scratch folder left behind
