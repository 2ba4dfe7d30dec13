"""Reading a TASKS_DIR, the folder that task generation writes and export reads.

Layout: ``domain.pddl``, optional ``templates.json``, ``tasks/<id>.pddl`` and ``tasks.jsonl``
(one JSON object per task). A folder that cannot be read at all is an ExportError; one
malformed task is reported against its id and skipped, so a single bad line never costs the
rest of the data set.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..compiler import ast
from ..compiler.check import check
from ..compiler.diagnostics import PddlError
from ..compiler.parser import parse_domain
from ..env import TemplateError, Templates

TASKS_FILE = "tasks.jsonl"
DOMAIN_FILE = "domain.pddl"

FIGURES = ("difficulty", "optimal", "expanded", "n_objects", "n_goal_atoms")
"""The difficulty figures every exported record carries (None where the task omits one)."""


class ExportError(Exception):
    """The export cannot run at all: an unreadable folder, domain or output (exit code 2)."""


@dataclass(frozen=True)
class TaskEntry:
    """One line of ``tasks.jsonl``; ``fields`` keeps the line as read for the record's metadata."""

    id: str
    problem_file: str
    plan: tuple[str, ...]
    fields: dict[str, Any]

    def meta(self) -> dict[str, Any]:
        """Task id, domain, provenance, plan, cost and difficulty figures, in a fixed key order."""
        get = self.fields.get
        return {"task_id": self.id, "domain": get("domain"), "seed": get("seed"), "origin": get("origin"),
                "parent": get("parent"), "plan": list(self.plan), "cost": get("cost"),
                **{name: get(name) for name in FIGURES}}


@dataclass(frozen=True)
class BadEntry:
    """A line of ``tasks.jsonl`` that names a task but cannot be used; ``label`` is its id or line."""

    label: str
    reason: str


def read_domain(tasks_dir: Path) -> tuple[ast.Domain, Templates]:
    """The folder's checked domain and its templates (``templates.json`` beside it, else derived);
    ExportError when the folder, the domain or the templates cannot be used at all."""
    domain_path = tasks_dir / DOMAIN_FILE
    if not tasks_dir.is_dir():
        raise ExportError(f"cannot read {tasks_dir}: not a folder")
    try:
        domain = parse_domain(domain_path)
        templates = Templates.beside(domain, domain_path)
    except OSError as exc:
        raise ExportError(f"cannot read {domain_path}: {exc.strerror or exc}") from exc
    except PddlError as exc:
        raise ExportError(f"cannot use {domain_path}: {exc}") from exc
    except TemplateError as exc:
        raise ExportError(str(exc)) from exc
    errors = [d for d in check(domain, strict=False) if d.is_error]
    if errors:
        raise ExportError(f"{domain_path} has errors ({errors[0].code}: {errors[0].message}); "
                          f"run `agentgen-sym check`")
    return domain, templates


def read_tasks(tasks_dir: Path) -> list[TaskEntry | BadEntry]:
    """The entries of ``tasks_dir/tasks.jsonl`` sorted by id (unusable ones as BadEntry, by line)."""
    path = tasks_dir / TASKS_FILE
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ExportError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from exc
    entries: list[TaskEntry | BadEntry] = []
    seen: set[str] = set()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ExportError(f"{path}:{number}: not a JSON object ({exc.msg})") from exc
        entry = _entry(data, f"{path.name}:{number}")
        if isinstance(entry, TaskEntry) and entry.id in seen:
            entry = BadEntry(entry.id, f"{path.name}:{number}: a second task with this id")
        if isinstance(entry, TaskEntry):
            seen.add(entry.id)
        entries.append(entry)
    return sorted(entries, key=lambda e: e.id if isinstance(e, TaskEntry) else e.label)


def _entry(data: object, where: str) -> TaskEntry | BadEntry:
    if not isinstance(data, dict):
        return BadEntry(where, f"{where}: expected a JSON object, found {type(data).__name__}")
    task_id = data.get("id")
    if not isinstance(task_id, str) or not task_id:
        return BadEntry(where, f"{where}: no task id (a non-empty string 'id')")
    problem_file, plan = data.get("problem_file"), data.get("plan")
    if not isinstance(problem_file, str) or not problem_file:
        return BadEntry(task_id, f"{where}: no 'problem_file' (a path relative to the folder)")
    if not isinstance(plan, list) or not all(isinstance(step, str) for step in plan):
        return BadEntry(task_id, f"{where}: 'plan' must be a list of steps such as \"(walk ana shed row-a)\"")
    return TaskEntry(task_id, problem_file, tuple(plan), data)
