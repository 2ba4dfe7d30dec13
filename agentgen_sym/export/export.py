"""Export a TASKS_DIR as training data: one validated trajectory per task, in one of FORMATS.

Every plan is replayed by the lifted validator before its record is written, and its cost
is compared with the one ``tasks.jsonl`` states: the data set is only as good as its gold
plans, so a task that fails any check is skipped and reported, never silently dropped or
exported as is. Records are sorted by task id and serialized with a fixed key order, and the
file is replaced atomically, so the same input always gives the same bytes and a reader never
sees half a file. Beside the data file go its metadata sidecar (``<name>.meta.jsonl``), for
LLaMA-Factory formats a ``dataset_info.json`` entry (never for a file with negatives: LLaMA-Factory
would train the invalid turns), and the folder's dataset card (card.py), which names the ``serve``
command whose task numbers the agentgym ``item_id``s follow.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.ground import GroundingError
from agentgen_sym.compiler.parser import parse_plan
from agentgen_sym.compiler.selfmove import self_move_pairs
from agentgen_sym.compiler.validate import validate
from agentgen_sym.env import Templates, TextEnv
from agentgen_sym.env.catalog import data_indices, task_indices
from agentgen_sym.executor import SERIAL, ExecutorOptions, UnitFailed, make_executor, map_ordered
from agentgen_sym.files import write_atomic
from agentgen_sym.joblimits import shielded
from agentgen_sym.taskset import BadEntry, TaskEntry, TaskSet, TaskSetError, TaskUnplayable, read_folder, read_problem
from agentgen_sym.export.card import ExportEntry, write_card
from agentgen_sym.export.formats import FORMATS, Item, Record, meta_file
from agentgen_sym.export.paraphrase import Paraphraser, ParaphraseStats
from agentgen_sym.export.trajectories import Trajectory, TrajectoryError, play

if TYPE_CHECKING:  # importing the export never imports openai
    from agentgen_sym.llm import LLMClient


class ExportError(AgentgenError):
    """The export cannot run at all: an unknown format or option, or an output it cannot write (exit code 2);
    a folder it cannot read is a TaskSetError."""


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
    paraphrases: ParaphraseStats | None = None  # with thoughts="llm": asked, kept, refused by reason

    @property
    def ok(self) -> bool:
        return not self.skipped


class _Skip(AgentgenError):
    """Internal: the current task cannot be exported; the message is the reason."""


def check_format(fmt: str, negatives: bool) -> None:
    """Refuse an unknown format, and negatives in a format whose consumer cannot mask a turn (ExportError)."""
    if fmt not in FORMATS:
        raise ExportError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    if negatives and not FORMATS[fmt].can_mask:
        maskable = ", ".join(name for name, f in FORMATS.items() if f.can_mask)
        raise ExportError(f"--negatives needs a format whose trainer can leave the invalid turn out of the loss; "
                          f"{FORMATS[fmt].consumer} trains on every assistant turn, so the invalid actions would "
                          f"be learned. Use one of: {maskable}")


THOUGHTS = ("template", "llm")
"""Where thoughts come from: the causal-link templates, or those paraphrased by an LLM (checked)."""


def export_folder(tasks_dir: Path | str, fmt: str, out_file: Path | str, negatives: bool = False,
                  distances: bool = False, progress: Callable[[int, int], None] | None = None,
                  command: str | None = None, thoughts: str = "template", llm: LLMClient | None = None,
                  executor: ExecutorOptions = SERIAL) -> ExportStats:
    """Write one ``fmt`` record per exportable task of ``tasks_dir`` to ``out_file``, with its sidecars.

    ``negatives`` adds one invalid action with its feedback and recovery per task (only in a
    format that can mask it); ``distances`` adds the exact distance to the goal per step where the
    state space is small enough. ``progress(done, total)`` is called after each task; ``command``
    is the generating command the dataset card quotes. ``thoughts="llm"`` paraphrases every
    thought with ``llm`` (paraphrase.py: the action and facts must survive, else the templated
    thought stays). ``executor`` exports shards of SHARD_TASKS tasks on several workers (templated
    thoughts only; the records are joined in task order, so the bytes do not change). Raises
    TaskSetError when the folder or its domain cannot be used at all, ExportError when the output cannot be
    written or the options do not fit the format.
    """
    return export_many(tasks_dir, {fmt: Path(out_file)}, negatives, distances, progress, command, thoughts, llm,
                       executor)[fmt]


def export_many(tasks_dir: Path | str, outputs: Mapping[str, Path], negatives: bool = False, distances: bool = False,
                progress: Callable[[int, int], None] | None = None, command: str | None = None,
                thoughts: str = "template", llm: LLMClient | None = None,
                executor: ExecutorOptions = SERIAL) -> dict[str, ExportStats]:
    """``export`` in every format of ``outputs`` (format: its data file) at once: each task is compiled,
    validated and played once, and its trajectory built into a record per format (the replay is the work;
    a record is a rearrangement of the trajectory). The files are written one format after the other,
    in the order given, as ``export`` one format at a time writes them."""
    for fmt in outputs:
        check_format(fmt, negatives)
    paraphraser = _paraphraser(thoughts, llm)
    folder = Path(tasks_dir)
    read = read_folder(folder)
    domain, templates, entries = read.domain, read.templates, list(read.entries)
    formats = tuple(outputs)
    if paraphraser is None and (executor.kind == "ray" or executor.workers > 1) and len(entries) > SHARD_TASKS:
        part = _sharded(folder, formats, len(entries), negatives, distances, progress, executor)
    else:
        part = _export_entries(folder, domain, templates, entries, _index(entries), formats, negatives, distances,
                               paraphraser, progress)
    source = "template" if paraphraser is None else f"llm ({paraphraser.client.config.model})"
    for fmt, out in outputs.items():
        write_dataset(Path(out), fmt, part.records[fmt], part.metas, negatives, distances, command, source,
                      served=(folder,))
    return {fmt: ExportStats(Path(out), fmt, len(entries), len(part.records[fmt]), tuple(part.skipped), part.omitted,
                             None if paraphraser is None else paraphraser.stats) for fmt, out in outputs.items()}


SHARD_TASKS = 64
"""Tasks per unit of work when an export runs on several workers (a few seconds of replay each)."""


@dataclass
class _Part:
    """The records per format, the metadata and the skipped tasks of a run of entries, in entry order."""

    records: dict[str, list[Record]]
    metas: list[Record] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    omitted: int = 0  # tasks whose distances were left out (too many states)

    def extend(self, other: _Part) -> None:
        for fmt, records in other.records.items():
            self.records.setdefault(fmt, []).extend(records)
        self.metas += other.metas
        self.skipped += other.skipped
        self.omitted += other.omitted


def _index(entries: list) -> dict[str, int]:
    return task_indices(e.id for e in entries if isinstance(e, TaskEntry))


def _export_entries(folder: Path, domain: ast.Domain, templates: Templates, entries: list, index: dict[str, int],
                    formats: tuple[str, ...], negatives: bool, distances: bool, paraphraser: Paraphraser | None,
                    progress: Callable[[int, int], None] | None = None) -> _Part:
    part = _Part({fmt: [] for fmt in formats})
    for done, entry in enumerate(entries, 1):
        if isinstance(entry, BadEntry):
            part.skipped.append(Skipped(entry.label, entry.reason))
        else:
            try:
                trajectory, meta = _trajectory(folder, domain, templates, entry, negatives, distances, paraphraser)
            except _Skip as exc:
                part.skipped.append(Skipped(entry.id, str(exc)))
            else:
                part.omitted += trajectory.extras.get("distances_omitted") is not None
                item = Item(entry.id, index[entry.id], domain.name, trajectory)
                for fmt in formats:
                    part.records[fmt].append(FORMATS[fmt].build(item))
                part.metas.append({"id": entry.id, **meta})
        if progress is not None:
            progress(done, len(entries))
    return part


def export_shard(folder: Path, formats: tuple[str, ...], start: int, stop: int, negatives: bool, distances: bool
                 ) -> _Part:
    """One unit of a sharded export (run in a worker): the folder's entries ``start:stop``."""
    read = read_folder(folder)
    entries = list(read.entries)
    return _export_entries(folder, read.domain, read.templates, entries[start:stop], _index(entries), formats, negatives,
                           distances, None)


def _sharded(folder: Path, formats: tuple[str, ...], total: int, negatives: bool, distances: bool,
             progress: Callable[[int, int], None] | None, executor: ExecutorOptions) -> _Part:
    """The export as shards on ``executor``, joined in entry order: the same bytes as one worker's."""
    bounds = [(start, min(start + SHARD_TASKS, total)) for start in range(0, total, SHARD_TASKS)]
    done = 0

    def on_done(key: str, outcome: object) -> None:
        nonlocal done
        done += SHARD_TASKS if not isinstance(outcome, _Part) else len(outcome.metas) + len(outcome.skipped)
        if progress is not None:
            progress(min(done, total), total)

    joined = _Part({fmt: [] for fmt in formats})
    with make_executor(executor, preload=("agentgen_sym.export.export",)) as pool:
        units = ((f"{start}:{stop}", (folder, formats, start, stop, negatives, distances)) for start, stop in bounds)
        for key, part in map_ordered(pool, export_shard, units, on_done):
            if isinstance(part, UnitFailed):
                raise ExportError(f"tasks {key} of {folder} could not be exported: {part.reason}")
            joined.extend(part)
    return joined


def _paraphraser(thoughts: str, llm: LLMClient | None) -> Paraphraser | None:
    if thoughts not in THOUGHTS:
        raise ExportError(f"unknown thoughts source {thoughts!r}; choose one of {', '.join(THOUGHTS)}")
    if thoughts == "template":
        return None
    if llm is None:
        raise ExportError("--thoughts llm needs an LLM endpoint (OPENAI_BASE_URL or --base-url)")
    return Paraphraser(llm)


def write_dataset(out: Path, fmt: str, records: list[Record], metas: list[Record], negatives: bool, distances: bool,
                  command: str | None, thoughts: str = "template", served: Sequence[Path] = ()) -> None:
    """Write the data file, its metadata sidecar, its ``dataset_info.json`` entry and the folder's card
    (shielded: a job limit waits until all four are written). ``served`` are the TASKS_DIRs, in order,
    on whose ``serve`` the records' task numbers are ``data_idx``: the card names that command."""
    spec = FORMATS[fmt]
    try:
        with shielded():
            write_atomic(out, spec.serialize(records))
            write_atomic(meta_file(out), "".join(json.dumps(m, ensure_ascii=False) + "\n" for m in metas))
            if spec.llamafactory is not None:
                _register_llamafactory(out, None if negatives else spec.llamafactory)
            write_card(out.parent, ExportEntry(out.name, fmt, len(records), meta_file(out).name, negatives,
                                               distances, command or "", thoughts,
                                               tuple(os.path.relpath(p, out.parent) for p in served)))
    except OSError as exc:
        raise ExportError(f"cannot write {out}: {exc.strerror or exc}") from exc


LLAMAFACTORY_INFO = "dataset_info.json"
"""LLaMA-Factory's registry of data sets, written beside its formats' files."""


def _register_llamafactory(out: Path, entry: Record | None) -> None:
    """Add (or replace) this file's entry in ``dataset_info.json`` beside it, or with ``entry`` None remove an
    earlier one (the file now holds negatives LLaMA-Factory would train on); other entries stay."""
    path = out.parent / LLAMAFACTORY_INFO
    try:
        info = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        info = {}
    if not isinstance(info, dict):
        info = {}
    name = out.name.rsplit(".", 1)[0].replace(".", "_")
    if entry is None:
        if info.pop(name, None) is None:
            return
    else:
        info[name] = {"file_name": out.name, **entry}
    write_atomic(path, json.dumps(dict(sorted(info.items())), indent=2, ensure_ascii=False) + "\n")


def read_dataset(path: Path, fmt: str) -> tuple[list[Record], list[Record]]:
    """The records of a data file written by ``export`` and their metadata (sidecar) lines."""
    records = FORMATS[fmt].parse(path.read_text(encoding="utf-8"))
    sidecar = meta_file(path)
    metas = [json.loads(line) for line in sidecar.read_text(encoding="utf-8").splitlines()] if sidecar.exists() else []
    return records, metas


def combine(fmt: str, parts: Sequence[tuple[Path, Path]], out: Path, command: str | None = None,
            served: Sequence[Path] | None = None) -> int:
    """Concatenate exports of one format into ``out`` with its sidecars; the record count.

    ``parts`` are (TASKS_DIR, the ``fmt`` export of it; a missing file adds nothing) in the order joined.
    The task numbers in the records (agentgym ``item_id``) become ``data_idx`` on one ``serve`` of the
    ``served`` TASKS_DIRs in that order (default: the parts' folders), the rule of env/catalog.py, since
    AgentGym evaluates every record of a file on one server; the card names that command. A served
    folder that holds no part and that ``serve`` would refuse (it cannot be read) is left out.
    """
    spec = FORMATS[fmt]
    folders = [Path(p) for p in (served if served is not None else [tasks_dir for tasks_dir, _ in parts])]
    index: dict[tuple[Path, str], int] = {}
    if spec.renumber is not None:
        index, folders = _served_index(folders, {_key(tasks_dir) for tasks_dir, _ in parts})
    records: list[Record] = []
    metas: list[Record] = []
    negatives = distances = False
    for tasks_dir, part in parts:
        if not part.exists():
            continue
        got, meta = read_dataset(part, fmt)
        if spec.renumber is not None:
            got = _renumbered(spec.renumber, got, meta, index, folders, Path(tasks_dir), part)
        records += got
        metas += meta
        negatives |= any("negative_step" in m for m in meta)
        distances |= any("distance_to_goal" in m for m in meta)
    write_dataset(out, fmt, records, metas, negatives, distances, command, served=folders)
    return len(records)


def _served_index(folders: list[Path], needed: set[Path]) -> tuple[dict[tuple[Path, str], int], list[Path]]:
    """``(TASKS_DIR, task id)`` -> ``data_idx`` on ``serve`` given ``folders`` in this order (env/catalog.py),
    and the folders numbered: one that cannot be read is skipped unless it is ``needed`` (ExportError)."""
    ids: list[list[str]] = []
    used: list[Path] = []
    for folder in folders:
        try:
            ids.append([entry.id for entry in read_folder(folder).tasks])
        except TaskSetError as exc:
            if _key(folder) in needed:
                raise ExportError(f"cannot number the tasks for `serve`: {exc}") from exc
            continue
        used.append(folder)
    numbered = enumerate(data_indices(ids))
    return {(_key(used[position]), task_id): data_idx for data_idx, (position, task_id) in numbered}, used


def _key(folder: Path) -> Path:
    """A folder as the numbering knows it: ``out/a/tasks`` and ``./out/a/tasks`` are one folder."""
    return Path(os.path.abspath(folder))


def _renumbered(renumber: Callable[[Record, int], Record], records: list[Record], metas: list[Record],
                index: dict[tuple[Path, str], int], folders: list[Path], tasks_dir: Path, part: Path
                ) -> list[Record]:
    """``records`` of ``part`` (an export of ``tasks_dir``) with each task's ``data_idx`` among ``folders``,
    found by the task id of its sidecar line; raises ExportError when a record cannot be placed."""
    if _key(tasks_dir) not in {_key(folder) for folder in folders}:
        raise ExportError(f"{part} was exported from {tasks_dir}, which is not among the served folders")
    if len(metas) != len(records):
        raise ExportError(f"{part} has {len(records)} records but {len(metas)} lines in {meta_file(part).name}: "
                          "its tasks cannot be numbered; export it again")
    out: list[Record] = []
    for record, meta in zip(records, metas):
        data_idx = index.get((_key(tasks_dir), str(meta.get("id"))))
        if data_idx is None:
            raise ExportError(f"{part}: task {meta.get('id')!r} is not in {tasks_dir}; export it again")
        out.append(renumber(record, data_idx))
    return out


def _trajectory(folder: Path, domain: ast.Domain, templates: Templates, entry: TaskEntry, negatives: bool,
                distances: bool, paraphraser: Paraphraser | None = None) -> tuple[Trajectory, Record]:
    """The task's trajectory and the record's metadata; raises _Skip with the reason otherwise."""
    try:
        problem = read_problem(folder, entry)
        plan = parse_plan("".join(step + "\n" for step in entry.plan))
    except (TaskUnplayable, PddlError) as exc:
        raise _Skip(str(exc)) from exc
    return _played(domain, templates, entry.id, problem, plan, entry.fields.get("cost"), entry.meta(), negatives,
                   distances, where=str(folder / entry.problem_file), paraphraser=paraphraser)


def _played(domain: ast.Domain, templates: Templates, task_id: str, problem: ast.Problem, plan: ast.Plan,
            stated_cost: int | None, meta: Record, negatives: bool, distances: bool, where: str,
            paraphraser: Paraphraser | None = None) -> tuple[Trajectory, Record]:
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
    moves = self_move_pairs(domain, problem)
    for number, step in enumerate(plan.steps, 1):
        if any(m.action == step.action and m.matches(step.args) for m in moves):
            raise _Skip(f"step {number} ({' '.join((step.action, *step.args))}) is a self-move (W620): it moves "
                        "nothing, so the plan is no gold trajectory; `generate` re-solves such tasks without it")
    try:
        trajectory = play(task_id, TextEnv(task, templates), [(s.action, s.args) for s in plan.steps],
                          negatives=negatives, distances=distances, paraphrase=paraphraser)
    except TrajectoryError as exc:
        raise _Skip(str(exc)) from exc
    return trajectory, (meta | {"cost": verdict.cost if stated_cost is None else stated_cost} | trajectory.extras
                        | {"wording": templates.wording})  # the card's wording column


def export_tasks(tasks: TaskSet, fmt: str, negatives: bool = False, distances: bool = False
                 ) -> tuple[list[Record], list[Record], list[Skipped]]:
    """The ``fmt`` records of an in-memory task set's exportable tasks (in id order), their metadata
    (what ``export`` writes to the sidecar, one per record) and the skipped tasks."""
    check_format(fmt, negatives)
    templates = Templates.for_domain(tasks.domain, tasks.templates_file)
    index = task_indices(t.id for t in tasks.tasks)
    records: list[Record] = []
    metas: list[Record] = []
    skipped: list[Skipped] = []
    for task in sorted(tasks.tasks, key=lambda t: t.id):
        plan = ast.Plan(tuple(ast.PlanStep(step.action, step.args) for step in task.plan))
        meta = task.entry().meta()
        try:
            trajectory, meta = _played(tasks.domain, templates, task.id, task.problem, plan, task.cost, meta,
                                       negatives, distances, where=task.id)
        except _Skip as exc:
            skipped.append(Skipped(task.id, str(exc)))
        else:
            built = FORMATS[fmt].build(Item(task.id, index[task.id], tasks.domain.name, trajectory))
            records.append(built)
            metas.append({"id": task.id, **meta})
    return records, metas, skipped
