"""TASKS_DIRs of the bundled corpus with optimal gold plans, for the consumers' tests (verifiers 0.4, TRL): a domain's
every problem a task, solved by the optimal planner, so a gold plan's dense return is exactly 0."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.solver import solve

from .conftest import CORPUS

DOMAINS = tuple(sorted(p.name for p in CORPUS.iterdir() if (p / "domain.pddl").is_file()))


def optimal_tasks_dirs(out: Path, domains: tuple[str, ...] = DOMAINS) -> dict[str, Path]:
    """A TASKS_DIR per domain under ``out``: its ``domain.pddl`` and ``templates.json``, its problems as tasks."""
    folders = {}
    for name in domains:
        source, folder = CORPUS / name, out / name
        (folder / "tasks").mkdir(parents=True)
        for extra in ("domain.pddl", "templates.json"):
            if (source / extra).is_file():
                shutil.copy(source / extra, folder / extra)
        lines = []
        for problem in sorted(source.glob("p*.pddl")):
            task = compile_task(source / "domain.pddl", problem)
            solution = solve(task, planner="optimal", time_limit=60)
            assert solution.steps, (name, problem.name, solution.status)
            shutil.copy(problem, folder / "tasks" / problem.name)
            lines.append(json.dumps({"id": f"{name}-{problem.stem}", "domain": task.domain.name,
                                     "problem_file": f"tasks/{problem.name}", "cost": solution.cost,
                                     "plan": [str(GroundAction(s.action, s.args)) for s in solution.steps]}))
        (folder / "tasks.jsonl").write_text("\n".join(lines) + "\n")
        folders[name] = folder
    return folders
