"""Export a TASKS_DIR as training data: one validated trajectory per task, as JSON Lines.

Every plan is replayed by the lifted validator before its record is written, and its cost
is compared with the one ``tasks.jsonl`` states: the data set is only as good as its gold
plans, so a task that fails any check is skipped and reported, never silently dropped or
exported as is. Records are sorted by task id and serialized with a fixed key order, and the
file is replaced atomically, so the same input always gives the same bytes and a reader never
sees half a file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..compiler import ast
from ..compiler.check import check
from ..compiler.compile import compile_task
from ..compiler.diagnostics import PddlError
from ..compiler.ground import GroundingError
from ..compiler.parser import parse_domain, parse_plan, parse_problem
from ..compiler.validate import validate
from ..env import TemplateError, Templates, TextEnv
from ..files import inside, write_atomic
from .formats import FORMATS, Record
from .tasks import DOMAIN_FILE, BadEntry, ExportError, TaskEntry, read_tasks
from .trajectories import Trajectory, TrajectoryError, play

if TYPE_CHECKING:  # generation reads TASKS_DIRs with .tasks, so export imports nothing of it at run time
    from ..generation import TaskSet


@dataclass(frozen=True)
class Skipped:
    """A task left out of the export, and why."""

    task_id: str
    reason: str


@dataclass(frozen=True)
class ExportStats:
    """What an export wrote: ``written`` records of ``total`` tasks; ``skipped`` lists the rest."""

    out_file: Path
    fmt: str
    total: int
    written: int
    skipped: tuple[Skipped, ...]
    distances_omitted: int

    @property
    def ok(self) -> bool:
        return not self.skipped


class _Skip(Exception):
    """Internal: the current task cannot be exported; the message is the reason."""


def export(tasks_dir: Path | str, fmt: str, out_file: Path | str, negatives: bool = False, distances: bool = False,
           progress: Callable[[int, int], None] | None = None) -> ExportStats:
    """Write one ``fmt`` record per exportable task of ``tasks_dir`` to ``out_file`` (JSON Lines).

    ``negatives`` adds one invalid action with its feedback and recovery per task; ``distances``
    adds the exact distance to the goal per step where the state space is small enough.
    ``progress(done, total)`` is called after each task. Raises ExportError when the folder,
    its domain or the output cannot be used at all.
    """
    if fmt not in FORMATS:
        raise ExportError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    folder = Path(tasks_dir)
    domain_path = folder / DOMAIN_FILE
    if not folder.is_dir():
        raise ExportError(f"cannot read {folder}: not a folder")
    try:
        domain = parse_domain(domain_path)
        templates = Templates.beside(domain, domain_path)
    except OSError as exc:
        raise ExportError(f"cannot read {domain_path}: {exc.strerror or exc}") from exc
    except PddlError as exc:
        raise ExportError(f"cannot use {domain_path}: {exc}") from exc
    except TemplateError as exc:
        raise ExportError(str(exc)) from exc
    errors = [d for d in check(domain) if d.is_error]
    if errors:
        raise ExportError(f"{domain_path} has errors ({errors[0].code}: {errors[0].message}); "
                          f"run `agentgen-sym check`")
    entries = read_tasks(folder)
    lines: list[str] = []
    skipped: list[Skipped] = []
    omitted = 0
    for done, entry in enumerate(entries, 1):
        if isinstance(entry, BadEntry):
            skipped.append(Skipped(entry.label, entry.reason))
        else:
            try:
                trajectory, meta = _trajectory(folder, domain, templates, entry, negatives, distances)
            except _Skip as exc:
                skipped.append(Skipped(entry.id, str(exc)))
            else:
                omitted += trajectory.extras.get("distances_omitted") is not None
                lines.append(json.dumps(FORMATS[fmt](entry.id, trajectory, meta), ensure_ascii=False) + "\n")
        if progress is not None:
            progress(done, len(entries))
    out = Path(out_file)
    try:
        write_atomic(out, "".join(lines))
    except OSError as exc:
        raise ExportError(f"cannot write {out}: {exc.strerror or exc}") from exc
    return ExportStats(out, fmt, len(entries), len(lines), tuple(skipped), omitted)


def _trajectory(folder: Path, domain: ast.Domain, templates: Templates, entry: TaskEntry, negatives: bool,
                distances: bool) -> tuple[Trajectory, Record]:
    """The task's trajectory and the record's metadata; raises _Skip with the reason otherwise."""
    problem_path = inside(folder, entry.problem_file)
    if problem_path is None:
        raise _Skip(f"'problem_file' {entry.problem_file!r} leads out of {folder}")
    try:
        problem = parse_problem(problem_path)
        plan = parse_plan("".join(step + "\n" for step in entry.plan))
    except PddlError as exc:
        raise _Skip(str(exc)) from exc
    except OSError as exc:
        raise _Skip(f"cannot read {problem_path}: {exc.strerror or exc}") from exc
    return _played(domain, templates, entry.id, problem, plan, entry.fields.get("cost"), entry.meta(), negatives,
                   distances, where=str(problem_path))


def _played(domain: ast.Domain, templates: Templates, task_id: str, problem: ast.Problem, plan: ast.Plan,
            stated_cost: int | None, meta: Record, negatives: bool, distances: bool, where: str
            ) -> tuple[Trajectory, Record]:
    """Compile the task, validate its plan, check the stated cost and play the plan in the environment."""
    try:
        task = compile_task(domain, problem)
    except PddlError as exc:
        first = next(d for d in exc.diagnostics if d.is_error)
        raise _Skip(f"{where} has errors ({first.code}: {first.message})") from exc
    except GroundingError as exc:
        raise _Skip(str(exc)) from exc
    if not plan.steps:
        raise _Skip("the plan is empty: the goal holds initially, so there is nothing to learn")
    verdict = validate(domain, problem, plan)
    if not verdict.valid:
        raise _Skip(f"the plan fails validation: {verdict.diagnostics[0].message}")
    if stated_cost is not None and stated_cost != verdict.cost:
        raise _Skip(f"tasks.jsonl states cost {stated_cost}, but the plan costs {verdict.cost}")
    try:
        trajectory = play(task_id, TextEnv(task, templates), [(s.action, s.args) for s in plan.steps],
                          negatives=negatives, distances=distances)
    except TrajectoryError as exc:
        raise _Skip(str(exc)) from exc
    return trajectory, meta | {"cost": verdict.cost if stated_cost is None else stated_cost} | trajectory.extras


def export_tasks(tasks: TaskSet, fmt: str, negatives: bool = False, distances: bool = False
                 ) -> tuple[list[Record], list[Skipped]]:
    """One ``fmt`` record per exportable task of an in-memory task set (in id order), and the skipped ones."""
    if fmt not in FORMATS:
        raise ExportError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    templates = Templates.for_domain(tasks.domain, tasks.templates_file)
    records: list[Record] = []
    skipped: list[Skipped] = []
    for task in sorted(tasks.tasks, key=lambda t: t.id):
        plan = ast.Plan(tuple(ast.PlanStep(step.action, step.args) for step in task.plan))
        record = task.record()
        meta = TaskEntry(task.id, record["problem_file"], tuple(record["plan"]), record).meta()
        try:
            trajectory, meta = _played(tasks.domain, templates, task.id, task.problem, plan, task.cost, meta,
                                       negatives, distances, where=task.id)
        except _Skip as exc:
            skipped.append(Skipped(task.id, str(exc)))
        else:
            records.append(FORMATS[fmt](task.id, trajectory, meta))
    return records, skipped
