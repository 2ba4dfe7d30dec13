"""An OpenEnv environment package from a TASKS_DIR: what ``openenv validate`` reads and ``openenv push`` publishes.

The package holds the playable tasks (``tasks/``, read and checked as every consumer reads a task folder), a server
app that serves them with openenv's own server (``server/app.py`` over ``agentgen_sym.rl.openenv_env``), the
manifest (``openenv.yaml``, schema 2: the reward contract, the resources, the capabilities with one declared tool per
domain action and the task count, the gold plans as the oracle, the generator's seed and the tasks' hash as the
task-distribution pin, and the execution binding), the runtime probe (``validation/runtime.json``: the first
task's gold plan, played over the WebSocket), the oracle (``oracle/plans.json`` and ``oracle/solve.py``, which plays
every gold plan against a running server and checks it earns the maximum), a container recipe and a pyproject.
The folder is written whole or not at all.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.files import inside
from agentgen_sym.rl.library import TaskLibrary
from agentgen_sym.env.tools import OPENENV_RESERVED, identifier, tool_names
from agentgen_sym.taskset import DOMAIN_FILE, TASKS_FILE
from agentgen_sym.wording.templates import TEMPLATES_FILE

PORT = 8000
EPISODE_TIMEOUT_S = 120.0


class PackageError(AgentgenError, ValueError):
    """A package that cannot be written; the message says why."""


@dataclass(frozen=True)
class PackageStats:
    out: Path
    name: str
    tasks: int
    tools: list[str]
    skipped: list[str]


PACKAGE_REWARDS = ("success", "progress")
"""The rewards a package serves: each episode's return lies in [0, 1], as the manifest declares (the dense reward's
returns are at most 0, for the training adapters)."""


def write_openenv_package(tasks_dir: Path, out: Path, name: str | None = None, reward: str = "success",
                          max_steps: int = 30) -> PackageStats:
    """Write the package of ``tasks_dir``'s playable tasks to ``out`` (a new or empty folder)."""
    if reward not in PACKAGE_REWARDS:
        raise PackageError(f"a package serves the reward {' or '.join(PACKAGE_REWARDS)}, not {reward!r}")
    library = TaskLibrary(tasks_dir, reward=reward, max_steps=max_steps)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise PackageError(f"{out} exists and is not an empty folder: choose a new one")
    name = identifier(name or library.folder.domain.name)
    tools = [name for name, _ in tool_names(library.folder.domain, OPENENV_RESERVED).values()]
    out.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        _write_tasks(library, scratch / "tasks")
        texts = _texts(library, name, tools, reward, max_steps)
        for relative, text in texts.items():
            path = scratch / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        if out.exists():
            out.rmdir()
        os.replace(scratch, out)
    except BaseException:
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    return PackageStats(out, name, len(library), tools, list(library.skipped))


def _write_tasks(library: TaskLibrary, folder: Path) -> None:
    """The playable tasks as a task folder: the domain, its templates, each problem file and ``tasks.jsonl``."""
    source = library.folder.path
    folder.mkdir(parents=True)
    shutil.copyfile(source / DOMAIN_FILE, folder / DOMAIN_FILE)
    if (source / TEMPLATES_FILE).is_file():
        shutil.copyfile(source / TEMPLATES_FILE, folder / TEMPLATES_FILE)
    lines = []
    for entry in library.entries:
        problem = inside(source, entry.problem_file)  # checked when the library read it
        target = folder / entry.problem_file
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(problem, target)
        lines.append(json.dumps(entry.fields, sort_keys=True))
    (folder / TASKS_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")


def _texts(library: TaskLibrary, name: str, tools: list[str], reward: str, max_steps: int) -> dict[str, str]:
    """Every file of the package but the tasks, by its path in the package."""
    plans = {e.id: [library.templates.action(*_parsed(step)) for step in e.plan] for e in library.entries}
    first = library.entries[0]
    seeds = {e.fields.get("seed") for e in library.entries}
    tasks_hash = hashlib.sha256("\n".join(json.dumps(e.fields, sort_keys=True) for e in library.entries)
                                .encode()).hexdigest()[:16]
    probe = {"plan_schema_version": "1",
             "reset": {"episode_id": "probe-0", "seed": 0, "options": {"task": first.id}},
             "actions": [{"message": text} for text in plans[first.id]][:100]}
    return {
        "openenv.yaml": _manifest(library, name, tools, seeds, tasks_hash),
        "validation/runtime.json": json.dumps(probe, indent=2) + "\n",
        "oracle/plans.json": json.dumps(plans, indent=2) + "\n",
        "oracle/solve.py": _ORACLE,
        "server/__init__.py": "",
        "server/app.py": _APP.format(reward=reward, max_steps=max_steps, port=PORT),
        "Dockerfile": _DOCKERFILE.format(port=PORT),
        "pyproject.toml": _PYPROJECT.format(name=name),
        "README.md": _readme(library, name, tools, reward, max_steps),
    }


def _parsed(step: str) -> tuple[str, tuple[str, ...]]:
    from agentgen_sym.compiler.task import GroundAction

    action = GroundAction.parse(step)
    return action.action, action.args


def _manifest(library: TaskLibrary, name: str, tools: list[str], seeds: set, tasks_hash: str) -> str:
    seed = next(iter(seeds)) if len(seeds) == 1 and isinstance(next(iter(seeds)), int) else None
    pins = {"dataset_version": tasks_hash, **({"generator_seed": seed} if seed is not None else {})}
    manifest = {
        "spec_version": 1, "name": name, "version": "0.1.0", "type": "space", "runtime": "fastapi",
        "app": "server.app:app", "port": PORT,
        "validation": {
            # an episode's return lies in [0, 1]: the gold plan earns 1, a policy that never moves 0
            "reward": {"range": [0.0, 1.0], "oracle_tolerance": 0.0, "floor_margin": 0.5},
            "resources": {"cpu": 1.0, "memory_mb": 2048, "disk_mb": 1024, "episode_timeout_s": EPISODE_TIMEOUT_S},
            "capabilities": {"verifier": {"kind": "reward_channel"},
                             "oracle": {"form": "script", "location": "oracle/solve.py"},
                             "task_api": True, "declared_tools": tools,
                             "declared_task_count": {"train": len(library)}},
            "types": {"tags": ["planning", "pddl", "agentgen-sym"]},
            "network": {"mode": "no-network"},
            "task_distribution": pins,
            "execution": {"kind": "openenv_ws", "probe_path": "validation/runtime.json",
                          "dockerfile": "Dockerfile", "context": "."},
        },
    }
    return "# Written by agentgen-sym package --format openenv; `openenv validate .` reads it.\n" + \
        json.dumps(manifest, indent=2) + "\n"


def _readme(library: TaskLibrary, name: str, tools: list[str], reward: str, max_steps: int) -> str:
    domain = library.folder.domain.name
    return f"""---
title: {name}
tags: [openenv, planning, pddl]
---

# {name}: {len(library)} planning tasks of the `{domain}` domain

Written by `agentgen-sym package --format openenv` from a task folder: every task's problem was checked against the
domain and its gold plan validated. An episode is one task: the first observation is the goal line and the facts;
an action is one line of text (in the words "check valid actions" lists, or a PDDL call), or a call of one of the
{len(tools)} MCP tools, one per action ({", ".join(f"`{t}`" for t in tools)}). Reward: `{reward}` (each step pays
its share of the return), at most {max_steps} steps an episode.

Start the server from this folder (agentgen-sym's `openenv` extra installed, or `pip install .` here):

    uvicorn server.app:app --host 0.0.0.0 --port {PORT}

Check it: `openenv validate .` (the manifest), `openenv validate --url http://localhost:{PORT}` (the running
server), `python oracle/solve.py http://localhost:{PORT}` (every gold plan earns the maximum). Publish:
`openenv push`. The container (`Dockerfile`) installs this folder's pyproject, which needs `agentgen-sym` from the
index the build uses (or its wheel in `wheels/`).
"""


_APP = '''"""The OpenEnv server of this package: the tasks of ../tasks, served by openenv's own server."""

import argparse
from pathlib import Path

from agentgen_sym.rl.openenv_env import openenv_app

app = openenv_app(Path(__file__).resolve().parents[1] / "tasks", reward="{reward}", max_steps={max_steps})


def main() -> None:
    import uvicorn

    parser = argparse.ArgumentParser(description="Serve this package's tasks.")
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default={port})
    args = parser.parse_args()
    uvicorn.run(app, host=args.host, port=args.port)


if __name__ == "__main__":
    main()
'''

_ORACLE = '''"""The oracle: plays every gold plan (plans.json) against a running server over the WebSocket and checks that
each earns the maximum reward and ends the episode. Usage: python oracle/solve.py http://HOST:PORT"""

import json
import sys
from pathlib import Path

from openenv.core.generic_client import GenericEnvClient


def main(base_url: str) -> int:
    plans = json.loads((Path(__file__).parent / "plans.json").read_text(encoding="utf-8"))
    failed = 0
    with GenericEnvClient(base_url=base_url).sync() as env:
        for task, steps in plans.items():
            env.reset(task=task)
            total, done = 0.0, False
            for text in steps:
                result = env.step({"message": text})
                total += result.reward or 0.0
                done = result.done
            if not done or total < 1.0:
                failed += 1
                print(f"{task}: return {total}, done {done}", file=sys.stderr)
    print(f"{len(plans) - failed} of {len(plans)} gold plans earn the maximum")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "http://localhost:8000"))
'''

_DOCKERFILE = '''FROM python:3.11-slim
WORKDIR /app
COPY . /app
# agentgen-sym comes from the index the build uses, or from its wheel placed in wheels/
RUN mkdir -p wheels && pip install --no-cache-dir --find-links wheels .
EXPOSE {port}
CMD ["uvicorn", "server.app:app", "--host", "0.0.0.0", "--port", "{port}"]
'''

_PYPROJECT = '''[build-system]
requires = ["setuptools>=68", "wheel"]
build-backend = "setuptools.build_meta"

[project]
name = "openenv-{name}"
version = "0.1.0"
description = "Planning tasks served as an OpenEnv environment (written by agentgen-sym)"
requires-python = ">=3.10"
dependencies = ["agentgen-sym[openenv]", "openenv>=0.10", "uvicorn>=0.24"]

[project.scripts]
server = "server.app:main"

[tool.setuptools]
packages = ["server"]
'''
