"""The one reader and writer of a TASKS_DIR, the folder a task set is kept in.

Layout: ``domain.pddl``, optional ``templates.json``, ``tasks/<id>.pddl``, ``tasks.jsonl`` (one JSON object per
task), ``report.md``, ``difficulty.png`` and ``provenance.json`` (report.py). A folder that cannot be read at all is
a TaskSetError; one malformed task is reported against its id and skipped, so a single bad line never costs the
rest of the set.

``read_folder`` reads the lines as they are (export, serve, eval and the RL adapters take tasks written by hand or
imported, with only ``id``, ``problem_file`` and ``plan``, and load each problem when they use it, through
``read_problem`` or ``compile_entry``: every consumer applies the same checks); ``read_tasks`` loads every task of
it in full, for Bi-Evol to grow. ``write_tasks`` writes a whole set; ``append_tasks`` adds tasks made one
at a time beside a written set (the LLM's rewrites), leaving the set's own lines as they are.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.compile import CheckedTask, CompiledTask, check_task, compile_task
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.ground import GroundingError
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.wording.templates import TemplateError, Templates
from agentgen_sym.files import inside, remove_dead_temporaries, write_atomic
from agentgen_sym.joblimits import shielded
from agentgen_sym.taskset.model import BadEntry, GeneratedTask, GenerationReport, Origin, TaskEntry, TaskSet
from agentgen_sym.taskset.report import read_provenance, write_report
from agentgen_sym.walk import require_file

TASKS_FILE = "tasks.jsonl"
DOMAIN_FILE = "domain.pddl"
TEMPLATES_FILE = "templates.json"
MAX_NAMED = 3
"""Task folders right under a folder that a hint names one by one; more are given as a pattern (``out/*``)."""


class TaskSetError(AgentgenError, ValueError):
    """A TASKS_DIR that cannot be read at all: the folder, its domain, templates or ``tasks.jsonl`` (exit code 2)."""


class TaskUnplayable(AgentgenError, ValueError):
    """One task of a folder that cannot be played: its problem file leads out of the folder, is not a regular file,
    cannot be read, has errors or cannot be grounded. The message says why (the task's id is the caller's to add);
    the task is reported and skipped, the rest of the folder is used."""


class TooLargeToGround(TaskUnplayable):
    """A task whose grounding passes the bound asked for (G702): playable on the lifted model, not grounded."""


@dataclass(frozen=True)
class TaskFolder:
    """A TASKS_DIR as read: its checked domain, its templates and its entries sorted by id (unusable ones as
    BadEntry, by label, among them)."""

    path: Path
    domain: ast.Domain
    templates: Templates
    entries: tuple[TaskEntry | BadEntry, ...]

    @property
    def tasks(self) -> tuple[TaskEntry, ...]:
        return tuple(e for e in self.entries if isinstance(e, TaskEntry))


def read_folder(tasks_dir: Path) -> TaskFolder:
    """The folder's checked domain, its templates (``templates.json`` beside it, else derived) and its entries;
    TaskSetError when the folder, the domain, the templates or ``tasks.jsonl`` cannot be used at all."""
    domain, templates = _read_domain(tasks_dir)
    return TaskFolder(tasks_dir, domain, templates, _read_entries(tasks_dir))


def _read_domain(tasks_dir: Path) -> tuple[ast.Domain, Templates]:
    domain_path = tasks_dir / DOMAIN_FILE
    if not tasks_dir.is_dir():
        raise TaskSetError(f"cannot read {tasks_dir}: not a folder")
    try:
        require_file(domain_path)  # a FIFO would wait for a writer forever
        domain = parse_domain(domain_path)
        templates = Templates.beside(domain, domain_path)
    except OSError as exc:
        raise TaskSetError(f"cannot read {domain_path}: {exc.strerror or exc}{_task_folders_hint(tasks_dir)}") from exc
    except PddlError as exc:
        raise TaskSetError(f"cannot use {domain_path}: {exc}") from exc
    except TemplateError as exc:
        raise TaskSetError(str(exc)) from exc
    errors = [d for d in check(domain, strict=False) if d.is_error]
    if errors:
        raise TaskSetError(f"{domain_path} has errors ({errors[0].code}: {errors[0].message}); "
                           f"run `agentgen-sym check`")
    return domain, templates


def _task_folders_hint(path: Path) -> str:
    """Where the task folders are when ``path`` is a level off one (a ``run`` output holds them at ``*/tasks``, a
    domain's work folder at ``tasks`` and ``generated``, a TASKS_DIR's problems lie in its ``tasks``): the text
    appended to the error, empty when none is near."""
    if _is_task_folder(path.parent):
        return f"; {path} is inside the task folder {path.parent}: pass that"
    below = [folder for folder in sorted(path.glob("*/")) if _is_task_folder(folder)]
    deeper = [folder for folder in sorted(path.glob("*/*/")) if _is_task_folder(folder)]
    groups = {str(path / "*"): below} if len(below) > MAX_NAMED else {str(folder): [folder] for folder in below}
    for folder in deeper:  # one pattern per name: out/*/tasks, out/*/generated
        groups.setdefault(str(path / "*" / folder.name), []).append(folder)
    named = sorted((name if len(folders) > 1 else str(folders[0]), len(folders)) for name, folders in groups.items())
    named.sort(key=lambda item: not item[0].endswith("/tasks"))  # a run's final sets first, then the others
    if not named:
        return ""
    return (f"; {path} is not a task folder but holds {len(below) + len(deeper)}: pass "
            + " or ".join(f"{name} ({n} folders)" if n > 1 else name for name, n in named))


def _is_task_folder(path: Path) -> bool:
    return (path / DOMAIN_FILE).is_file() and (path / TASKS_FILE).is_file()


def _read_entries(tasks_dir: Path) -> tuple[TaskEntry | BadEntry, ...]:
    path = tasks_dir / TASKS_FILE
    try:
        require_file(path)
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise TaskSetError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from exc
    entries: list[TaskEntry | BadEntry] = []
    seen: set[str] = set()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            entry = _entry(json.loads(line), f"{path.name}:{number}")
        except (json.JSONDecodeError, RecursionError) as exc:
            where = f"{path.name}:{number}"
            entry = BadEntry(where, f"{where}: not a JSON object ({getattr(exc, 'msg', 'nested too deeply')})")
        if isinstance(entry, TaskEntry) and entry.id in seen:
            entry = BadEntry(entry.id, f"{path.name}:{number}: a second task with this id")
        if isinstance(entry, TaskEntry):
            seen.add(entry.id)
        entries.append(entry)
    return tuple(sorted(entries, key=lambda e: e.id if isinstance(e, TaskEntry) else e.label))


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


def read_problem(tasks_dir: Path, entry: TaskEntry) -> ast.Problem:
    """The entry's problem, read the one way every consumer reads it: the file must lie inside the folder (no
    absolute path, no ``..``, no link out) and be a regular file (a FIFO would wait for a writer, a device never
    ends), read within the parser's byte bound. Raises TaskUnplayable saying why not."""
    path = inside(tasks_dir, entry.problem_file)
    if path is None:
        raise TaskUnplayable(f"its problem_file {entry.problem_file!r} leads out of the folder")
    try:
        require_file(path)
        return parse_problem(path)
    except OSError as exc:
        raise TaskUnplayable(f"cannot read {path}: {exc.strerror or exc}") from exc
    except PddlError as exc:
        raise TaskUnplayable(_errors_of(path, exc)) from exc


def compile_entry(folder: TaskFolder, entry: TaskEntry, max_operators: int | None = None) -> CompiledTask:
    """The entry's task, checked against the folder's domain and grounded (``read_problem``, then
    ``compile_task``, refusing a grounding past ``max_operators``); raises TaskUnplayable saying why not,
    TooLargeToGround for that refusal."""
    problem = read_problem(folder.path, entry)
    try:
        return compile_task(folder.domain, problem, max_operators=max_operators)
    except PddlError as exc:
        raise TaskUnplayable(_errors_of(folder.path / entry.problem_file, exc)) from exc
    except GroundingError as exc:
        raise (TooLargeToGround if exc.code == "G702" else TaskUnplayable)(str(exc)) from exc


def check_entry(folder: TaskFolder, entry: TaskEntry) -> CheckedTask:
    """The entry's task checked against the folder's domain, not grounded (a lifted environment plays it);
    raises TaskUnplayable saying why not."""
    problem = read_problem(folder.path, entry)
    try:
        return check_task(folder.domain, problem)
    except PddlError as exc:
        raise TaskUnplayable(_errors_of(folder.path / entry.problem_file, exc)) from exc


def _errors_of(path: Path, exc: PddlError) -> str:
    first = next((d for d in exc.diagnostics if d.is_error), exc.diagnostics[0])
    return f"{path} has errors ({first.code}: {first.message})"


def read_tasks(tasks_dir: Path) -> TaskSet:
    """A task folder that ``write_tasks`` wrote, every task loaded (its plans as they were verified).

    Raises TaskSetError when the folder cannot be used at all (see ``read_folder``); a task that cannot be
    loaded (a bad line, a missing or broken problem file, a path leading out of the folder, missing figures)
    is listed in ``skipped`` and the rest is kept."""
    folder = read_folder(tasks_dir)
    tasks: list[GeneratedTask] = []
    skipped: list[tuple[str, str]] = []
    for entry in folder.entries:
        if isinstance(entry, BadEntry):
            skipped.append((entry.label, entry.reason))
            continue
        try:
            tasks.append(_load(tasks_dir, entry))
        except (PddlError, OSError, ValueError, KeyError, TypeError) as exc:
            skipped.append((entry.id, f"{type(exc).__name__}: {exc}"))
    histogram = Counter(t.difficulty for t in tasks)
    levels = sorted(histogram)
    report = GenerationReport(folder.domain.name, tuple(tasks), 0, len(tasks), dict(sorted(histogram.items())),
                              levels[0] if levels else 1, levels[-1] if levels else 1, inputs=len(tasks),
                              goal_sources=dict(sorted(Counter(t.goal_source for t in tasks if t.goal_source).items())),
                              seed_objects=_seed_objects(tasks_dir))
    templates = tasks_dir / TEMPLATES_FILE
    return TaskSet(folder.domain, tuple(tasks), report, templates if templates.exists() else None, tuple(skipped),
                   tasks_dir.name)


def _seed_objects(tasks_dir: Path) -> tuple[str, ...]:
    """The seed problem's objects as the folder's ``provenance.json`` records them (none: not recorded)."""
    names = (read_provenance(tasks_dir) or {}).get("seed_objects")
    return tuple(n for n in names if isinstance(n, str)) if isinstance(names, list) else ()


def _load(tasks_dir: Path, entry: TaskEntry) -> GeneratedTask:
    record = entry.fields
    problem = read_problem(tasks_dir, entry)
    figures = (record["cost"], record["optimal"], record["expanded"])
    if not (isinstance(figures[0], int) and isinstance(figures[1], bool) and isinstance(figures[2], int)):
        raise ValueError("'cost', 'optimal' and 'expanded' must be an integer, a boolean and an integer")
    lineage = record.get("lineage") or []
    if not (isinstance(lineage, list) and all(isinstance(e, dict) and "id" in e for e in lineage)):
        raise ValueError("'lineage' must be a list of objects with an 'id'")
    bound = record.get("cost_lower_bound", figures[0] if figures[1] else None)
    return GeneratedTask(entry.id, problem, tuple(GroundAction.parse(step) for step in entry.plan),
                         *figures, Origin.parse(str(record["origin"])), record.get("parent"), record.get("seed", 0),
                         record.get("n_goal_atoms", 0), tuple(lineage), bound if isinstance(bound, int) else None,
                         record["goal_source"] if isinstance(record.get("goal_source"), str) else None)


def write_tasks(tasks: TaskSet, out_dir: Path) -> None:
    """Write a task set as a TASKS_DIR: domain, templates, one problem file per task, tasks.jsonl, report
    (files of an earlier set in the folder are removed; shielded: a job limit waits until the folder is
    complete)."""
    tasks_dir = out_dir / "tasks"
    tasks_dir.mkdir(parents=True, exist_ok=True)
    remove_dead_temporaries(out_dir)  # an earlier writer's, killed mid-write
    with shielded():
        write_atomic(out_dir / DOMAIN_FILE, print_pddl(tasks.domain))
        if tasks.templates_file is not None:
            write_atomic(out_dir / TEMPLATES_FILE, tasks.templates_file.read_text())
        else:
            (out_dir / TEMPLATES_FILE).unlink(missing_ok=True)
        keep = {f"{task.id}.pddl" for task in tasks.tasks}
        for stale in sorted(tasks_dir.glob("*.pddl")):  # an earlier run's problems are no part of this set
            if stale.name not in keep:
                stale.unlink()
        for task in tasks.tasks:
            write_atomic(out_dir / task.problem_file, print_pddl(task.problem))
        write_atomic(out_dir / TASKS_FILE, "".join(json.dumps(t.record(), sort_keys=True) + "\n" for t in tasks.tasks))
        write_report(out_dir, tasks.report)


def append_tasks(tasks_dir: Path, tasks: Sequence[tuple[TaskEntry, ast.Problem]]) -> None:
    """Add tasks to a folder: each problem at its entry's ``problem_file`` and each entry as one more line of
    ``tasks.jsonl`` after the folder's own lines, which stay as they are (rewritten atomically; shielded like
    ``write_tasks``). A line is its entry's ``fields`` with the entry's id, problem file and plan, so a task made
    with fewer figures than a generated one (no lineage, no bound) is written as it was made. TaskSetError when
    the folder cannot be read, an id is taken or a ``problem_file`` leads out of the folder, before anything is
    written."""
    taken = {entry.id for entry in _read_entries(tasks_dir) if isinstance(entry, TaskEntry)}
    paths: list[Path] = []
    for entry, _ in tasks:
        path = inside(tasks_dir, entry.problem_file)
        if entry.id in taken:
            raise TaskSetError(f"{tasks_dir} has a task {entry.id} already")
        if path is None:
            raise TaskSetError(f"'problem_file' {entry.problem_file!r} of task {entry.id} leads out of {tasks_dir}")
        taken.add(entry.id)
        paths.append(path)
    lines = (tasks_dir / TASKS_FILE).read_text(encoding="utf-8")
    if lines and not lines.endswith("\n"):
        lines += "\n"
    lines += "".join(json.dumps({**entry.fields, "id": entry.id, "problem_file": entry.problem_file,
                                 "plan": list(entry.plan)}, sort_keys=True) + "\n" for entry, _ in tasks)
    with shielded():
        for path, (_, problem) in zip(paths, tasks):
            write_atomic(path, print_pddl(problem))
        write_atomic(tasks_dir / TASKS_FILE, lines)
