"""One domain's flow, shared by ``run`` (each bundled domain) and ``build`` (each accepted LLM-drafted environment):
the seed problem chosen, tasks generated from it, Bi-Evol, trajectories exported, into the domain's work folder:

    <work>/generated/                         the generated tasks (a TASKS_DIR)
    <work>/tasks/                             the same after Bi-Evol (``build`` appends its LLM rewrites here)
    <work>/dataset.<format>.<json|jsonl>      one data set per export format

``tasks_job`` is a coroutine for ``agentgen_sym.executor.drive``: each task set is written by a unit of work and
passed on in memory, never read back. ``export_datasets`` reads the final folder (``run`` hands it to a unit of
work through ``export_units``). Nothing here knows about LLMs: ``build`` drafts the domain before this flow and
adds its LLM rewrites between the two stages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.parser import parse_problem
from agentgen_sym.executor import Batch, Job
from agentgen_sym.export.export import ExportStats, export_many
from agentgen_sym.export.formats import FORMAT_NAMES, dataset_file
from agentgen_sym.generation.generate import evolve_job, generate_job
from agentgen_sym.generation.pool import EvolveOptions
from agentgen_sym.taskset import TaskSet, write_tasks

SEED_RULES = ("smallest", "largest")
"""How a seed problem is chosen among a domain's problems (``choose_seed``)."""


def choose_seed(problems: Sequence[Path], rule: str) -> tuple[Path, ast.Problem]:
    """The seed problem, by object count: the fewest (``smallest``) or the most (``largest``), a tie going to the
    name that sorts first or last respectively. Generation's cost grows with the seed's objects, while a larger
    seed leaves more room for hard variants: ``run`` takes the largest (for every bundled domain that is also the
    last file by name, p03), ``build`` the smallest by default (LLM-drafted problems grow unpredictably)."""
    if rule not in SEED_RULES:
        raise ValueError(f"unknown seed rule {rule!r}; choose one of {', '.join(SEED_RULES)}")
    parsed = {path: parse_problem(path) for path in problems}
    pick = min if rule == "smallest" else max
    chosen = pick(parsed, key=lambda path: (len(parsed[path].objects), path.name))
    return chosen, parsed[chosen]


@dataclass(frozen=True)
class DomainTasks:
    """A domain's task sets as its folders hold them: as generated, and after Bi-Evol."""

    generated: TaskSet
    evolved: TaskSet


def tasks_job(domain: ast.Domain, seed_problem: ast.Problem, templates_file: Path | None, work: Path, n: int,
              seed: int, lo: int = 1, hi: int | None = None, options: EvolveOptions = EvolveOptions(),
              workers: int = 1, command: str | None = None) -> Job:
    """``n`` tasks generated from ``seed_problem`` into ``work/generated``, then Bi-Evol from them into
    ``work/tasks``, as a coroutine for ``drive`` returning DomainTasks; raises as ``generate_job`` and
    ``evolve_job`` do (ValueError when generation found no task). ``command``, the one that asked for it, is
    each folder's provenance (``run``'s, or ``build``'s). Without ``hi``, both folders cover the range generation
    takes from the seed problem."""
    made = {"commands": (command,) if command else ()}
    generated = yield from generate_job(domain, seed_problem, n, seed, lo, hi, None, templates_file, options, workers)
    if hi is None:  # Bi-Evol keeps the range generation took from the seed (not one from the walk tasks' lengths)
        lo, hi, made["range_source"] = generated.report.lo, generated.report.hi, generated.report.range_source
    generated = replace(generated, report=replace(generated.report, **made))
    generated = yield from _written(generated, work / "generated")
    evolved = yield from evolve_job(generated, n, seed, lo, hi, None, options)
    evolved = replace(evolved, report=replace(evolved.report, **made))
    evolved = yield from _written(evolved, work / "tasks")
    return DomainTasks(generated, evolved)


def _written(tasks: TaskSet, folder: Path) -> Job:
    """``tasks`` written as ``folder`` by a unit of work (the writing and plotting are seconds the driver would
    spend alone), and the set as the folder now holds it: its tasks named after the folder in the lineage of
    the variants made from them."""
    yield Batch(write_units, (), [(tasks, folder)])
    return replace(tasks, source=folder.name)


def write_units(sets: list[tuple[TaskSet, Path]]) -> list[None]:
    """A unit of work: each task set written as its folder."""
    for tasks, folder in sets:
        write_tasks(tasks, folder)
    return [None] * len(sets)


def export_datasets(work: Path) -> dict[str, ExportStats]:
    """``work/tasks`` exported in every format, as ``work/dataset.<format>.<json|jsonl>``, from one replay of
    its tasks (the exports of a folder share its dataset card and manifest); raises ExportError when the folder
    cannot be exported at all."""
    return export_many(work / "tasks", {fmt: work / dataset_file(fmt) for fmt in FORMAT_NAMES})


def export_units(works: list[Path]) -> list[dict[str, ExportStats]]:
    """A unit of work: ``export_datasets`` for each work folder."""
    return [export_datasets(work) for work in works]
