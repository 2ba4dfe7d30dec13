"""Generate a graded task set for a checked domain from one seed problem, with no LLM.

Goals come from states reached by random walks (facts that became true, never ones true
at the start), initial states from walks too, so every candidate is solvable by
construction; still, each is re-checked, solved and validated before it is kept, and
duplicates up to object renaming are dropped. Bi-Evol then widens the pool both ways and
the final set is picked for an even difficulty histogram over the requested range.

``generate_tasks`` and ``evolve_tasks`` return a TaskSet in memory; ``write_tasks`` writes it as
a folder (the TASKS_DIR that `export` reads), and ``generate``/``evolve`` do both:
  domain.pddl, templates.json (when the domain has one), tasks/<id>.pddl,
  tasks.jsonl (one record per task: figures, plan, provenance, seed), report.md, difficulty.png
Every random choice follows ``seed``, so the same seed gives byte-identical files.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

import numpy as np

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.compiler.task import GroundAction, GroundAtom
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.export.tasks import DOMAIN_FILE, BadEntry, ExportError
from agentgen_sym.export.tasks import read_tasks as read_entries
from agentgen_sym.files import inside, write_atomic
from agentgen_sym.joblimits import shielded

from .dedup import Deduplicator
from .evolve import easier, harder, select_even
from .measure import Measurement, Stopwatch, measure
from .tasks import TaskSpec, random_walk, seed_statics

MAX_WALK = 24
MAX_GOAL_ATOMS = 4


@dataclass(frozen=True)
class Generated:
    spec: TaskSpec
    measurement: Measurement
    order: int  # creation order: ties in selection keep it, for determinism


@dataclass(frozen=True)
class GeneratedTask:
    """One selected task: its problem, its validated gold plan and figures, its provenance."""

    id: str
    problem: ast.Problem
    plan: tuple[GroundAction, ...]
    cost: int
    optimal: bool
    expanded: int
    origin: str
    parent: str | None
    seed: int
    n_goal_atoms: int

    @property
    def difficulty(self) -> int:
        return len(self.plan)

    def record(self) -> dict:
        """The task's line of ``tasks.jsonl`` (``problem_file`` relative to the folder)."""
        return {"id": self.id, "domain": self.problem.domain_name, "problem_file": f"tasks/{self.id}.pddl",
                "seed": self.seed, "origin": self.origin, "parent": self.parent,
                "n_objects": len(self.problem.objects), "n_goal_atoms": self.n_goal_atoms,
                "plan": [str(step) for step in self.plan], "cost": self.cost, "optimal": self.optimal,
                "expanded": self.expanded, "difficulty": self.difficulty}


@dataclass(frozen=True)
class GenerationReport:
    domain: str
    tasks: list[dict]
    candidates: int
    kept: int
    histogram: dict[int, int]
    lo: int
    hi: int
    seconds: dict[str, float] = field(default_factory=dict, compare=False)  # per stage; never written
    skipped: tuple[tuple[str, str], ...] = ()  # input tasks that could not be read: (id or line, reason)
    self_moves: dict[str, int] = field(default_factory=dict)  # gold plans with a W620 step: re-solved, dropped


@dataclass(frozen=True)
class TaskSet:
    """Generated tasks of one domain, in memory; ``templates_file`` is copied beside them when written;
    ``skipped`` names the tasks of a folder that could not be read back, with the reason."""

    domain: ast.Domain
    tasks: tuple[GeneratedTask, ...]
    report: GenerationReport
    templates_file: Path | None = None
    skipped: tuple[tuple[str, str], ...] = ()


def _walk_spec(task, rng: np.random.Generator, objects, statics, attempt: int) -> TaskSpec:
    start = task.init_bits
    if rng.random() < 0.5:
        start, _ = random_walk(task, start, int(rng.integers(1, 9)), rng)
    length = 1 + attempt % MAX_WALK
    end, _ = random_walk(task, start, length, rng)
    init = task.state_atoms(start)
    reached = sorted(set(task.state_atoms(end)) - set(init))
    k = int(rng.integers(1, MAX_GOAL_ATOMS + 1))
    goal = tuple(sorted(reached[i] for i in rng.choice(len(reached), size=min(k, len(reached)), replace=False))) \
        if reached else ()
    return TaskSpec(objects, init, goal, "walk", None, statics)


class TaskPool:
    """Verified, deduplicated tasks of one domain, grown by walks and by Bi-Evol."""

    def __init__(self, domain: ast.Domain, seed_problem: ast.Problem, seed: int,
                 progress: Callable[[str], None] | None = None) -> None:
        self.domain, self.seed_problem = domain, seed_problem
        self.task = compile_task(domain, seed_problem).ground
        self.rng = np.random.default_rng(seed)
        self.statics = seed_statics(domain, seed_problem)
        self.dedup = Deduplicator()
        self.items: list[Generated] = []
        self.candidates = 0
        self.progress = progress
        self.watch = Stopwatch()

    def consider(self, spec: TaskSpec) -> None:
        declared = {o.name for o in spec.objects} | {c.name for c in self.domain.constants}
        mentioned = {arg for fact in spec.init + spec.goal for arg in fact.args}
        if not spec.goal or not mentioned <= declared or not self.dedup.add(spec):
            return
        self.candidates += 1
        measured = measure(self.domain, spec.problem(f"candidate-{self.candidates}", self.domain.name),
                           watch=self.watch)
        if measured is not None and measured.difficulty > 0:
            self.items.append(Generated(spec, measured, len(self.items)))
            if self.progress:
                self.progress(f"{len(self.items)} tasks verified of {self.candidates} candidates")

    def add(self, spec: TaskSpec, measurement: Measurement) -> None:
        """A task already verified (read back from a task folder)."""
        if self.dedup.add(spec):
            self.items.append(Generated(spec, measurement, len(self.items)))

    def walks(self, target: int, max_attempts: int, levels: range | None = None) -> None:
        """Walk until the pool holds ``target`` tasks — and, with ``levels``, a task at every level."""
        for attempt in range(max_attempts):
            if len(self.items) >= target and (levels is None or not self.missing(levels)):
                return
            with self.watch.stage("walks"):
                spec = _walk_spec(self.task, self.rng, self.seed_problem.objects, self.statics, attempt)
            self.consider(spec)

    def missing(self, levels: range) -> list[int]:
        present = {g.measurement.difficulty for g in self.items}
        return [level for level in levels if level not in present]

    def evolve(self, lo: int, hi: int | None, n: int, max_rounds: int = 3) -> None:
        """Bi-Evol rounds (easier and harder variants of every task) until every difficulty level in
        [lo, hi] has a task and the pool holds n in range, or ``max_rounds`` rounds are done."""
        for _ in range(max_rounds):
            levels = {g.measurement.difficulty for g in self.items}
            top = hi if hi is not None else max(levels, default=lo)
            in_range = sum(lo <= g.measurement.difficulty <= top for g in self.items)
            if in_range >= n and all(level in levels for level in range(lo, top + 1)):
                return
            self._evolve_round()

    def _evolve_round(self) -> None:
        for item in list(self.items):
            plan = item.measurement.plan
            with self.watch.stage("walks"):
                variants = easier(item.spec, plan, self.task, self.rng) + harder(item.spec, plan, self.task, self.rng)
            for variant in variants:
                self.consider(replace(variant, parent=f"pool-{item.order}"))

    def select(self, n: int, lo: int, hi: int | None, seed: int, templates_file: Path | None = None) -> TaskSet:
        top = hi if hi is not None else max((g.measurement.difficulty for g in self.items), default=lo)
        chosen = select_even(self.items, lambda g: g.measurement.difficulty, lo, top, n)
        chosen.sort(key=lambda g: (g.measurement.difficulty, g.order))
        name = self.domain.name
        pool_ids = {f"pool-{g.order}": f"{name}-{i + 1:04d}" for i, g in enumerate(chosen)}
        tasks = []
        for i, item in enumerate(chosen):
            task_id, m = f"{name}-{i + 1:04d}", item.measurement
            tasks.append(GeneratedTask(task_id, item.spec.problem(task_id, name), m.plan, m.cost, m.optimal,
                                       m.expanded, item.spec.origin, pool_ids.get(item.spec.parent or ""), seed,
                                       len(item.spec.goal)))
        histogram = Counter(t.difficulty for t in tasks)
        report = GenerationReport(name, [t.record() for t in tasks], self.candidates, len(self.items),
                                  dict(sorted(histogram.items())), lo, top, dict(self.watch.seconds),
                                  self_moves=dict(sorted(self.watch.events.items())))
        return TaskSet(self.domain, tuple(tasks), report, templates_file)


def generate_tasks(domain: ast.Domain, seed_problem: ast.Problem, n: int, seed: int, lo: int = 1,
                   hi: int | None = None, progress: Callable[[str], None] | None = None,
                   templates_file: Path | None = None) -> TaskSet:
    """``n`` tasks of ``domain`` grown from ``seed_problem``, in memory; raises PddlError when the
    inputs have errors (GroundingError when the seed cannot be grounded)."""
    pool = TaskPool(domain, seed_problem, seed, progress)
    pool.walks(target=2 * n, max_attempts=30 * n)
    pool.evolve(lo, hi, n)
    if hi is not None and pool.missing(range(lo, hi + 1)):  # a level no walk or variant has reached yet
        pool.walks(target=0, max_attempts=30 * n, levels=range(lo, hi + 1))
    return pool.select(n, lo, hi, seed, templates_file)


def evolve_tasks(tasks: TaskSet, n: int, seed: int, lo: int = 1, hi: int | None = None,
                 progress: Callable[[str], None] | None = None) -> TaskSet:
    """Bi-Evol a task set: evolve every task both ways, then select for [lo, hi]."""
    if not tasks.tasks:
        raise ValueError(f"the task set of {tasks.domain.name} holds no task")
    widest = max((t.problem for t in tasks.tasks), key=lambda p: len(p.objects))
    pool = TaskPool(tasks.domain, widest, seed, progress)
    static = {a.predicate for a in pool.statics if isinstance(a, ast.Atom)}
    for task in tasks.tasks:
        problem = task.problem
        init = tuple(sorted(_fact(a) for a in problem.init if isinstance(a, ast.Atom) and a.predicate not in static))
        goal = tuple(sorted(_fact(a) for a in _goal_atoms(problem.goal)))
        spec = TaskSpec(problem.objects, init, goal, task.origin, None, pool.statics)
        pool.add(spec, Measurement(task.plan, task.cost, task.optimal, task.expanded))
    pool.evolve(lo, hi, n)
    evolved = pool.select(n, lo, hi, seed, tasks.templates_file)
    return replace(evolved, report=replace(evolved.report, skipped=tasks.skipped))


def read_tasks(tasks_dir: Path) -> TaskSet:
    """A task folder that ``write_tasks`` wrote, back in memory (its plans as they were verified).

    Raises ValueError (or OSError, PddlError) when the folder or its domain cannot be used at all;
    a task that cannot be read back (a bad line, a missing or broken problem file, a path leading
    out of the folder) is listed in ``skipped`` and the rest is kept."""
    domain = parse_domain(tasks_dir / DOMAIN_FILE)
    try:
        entries = read_entries(tasks_dir)
    except ExportError as exc:
        raise ValueError(str(exc)) from exc
    tasks: list[GeneratedTask] = []
    records: list[dict] = []
    skipped: list[tuple[str, str]] = []
    for entry in entries:
        if isinstance(entry, BadEntry):
            skipped.append((entry.label, entry.reason))
            continue
        try:
            tasks.append(_read_task(tasks_dir, entry.fields))
            records.append(entry.fields)
        except (PddlError, OSError, ValueError, KeyError, TypeError) as exc:
            skipped.append((entry.id, f"{type(exc).__name__}: {exc}"))
    histogram = Counter(t.difficulty for t in tasks)
    levels = sorted(histogram)
    report = GenerationReport(domain.name, records, 0, len(tasks), dict(sorted(histogram.items())),
                              levels[0] if levels else 1, levels[-1] if levels else 1)
    templates = tasks_dir / "templates.json"
    return TaskSet(domain, tuple(tasks), report, templates if templates.exists() else None, tuple(skipped))


def _read_task(tasks_dir: Path, record: dict) -> GeneratedTask:
    problem_path = inside(tasks_dir, record["problem_file"])
    if problem_path is None:
        raise ValueError(f"'problem_file' {record['problem_file']!r} leads out of the folder")
    figures = (record["cost"], record["optimal"], record["expanded"])
    if not (isinstance(figures[0], int) and isinstance(figures[1], bool) and isinstance(figures[2], int)):
        raise ValueError("'cost', 'optimal' and 'expanded' must be an integer, a boolean and an integer")
    return GeneratedTask(record["id"], parse_problem(problem_path),
                         tuple(GroundAction.parse(step) for step in record["plan"]), *figures, str(record["origin"]),
                         record.get("parent"), record.get("seed", 0), record.get("n_goal_atoms", 0))


def write_tasks(tasks: TaskSet, out_dir: Path) -> None:
    """Write a task set as a TASKS_DIR: domain, templates, one problem file per task, tasks.jsonl, report
    (shielded: a job limit waits until the folder is complete)."""
    tasks_dir = out_dir / "tasks"
    tasks_dir.mkdir(parents=True, exist_ok=True)
    with shielded():
        write_atomic(out_dir / "domain.pddl", print_pddl(tasks.domain))
        if tasks.templates_file is not None:
            write_atomic(out_dir / "templates.json", tasks.templates_file.read_text())
        for task in tasks.tasks:
            write_atomic(tasks_dir / f"{task.id}.pddl", print_pddl(task.problem))
        write_atomic(out_dir / "tasks.jsonl",
                     "".join(json.dumps(t.record(), sort_keys=True) + "\n" for t in tasks.tasks))
        _write_report(out_dir, tasks.report)


def generate(domain_path: Path, problem_path: Path, n: int, seed: int, out_dir: Path, lo: int = 1,
             hi: int | None = None, progress: Callable[[str], None] | None = None) -> GenerationReport:
    """Generate ``n`` tasks into ``out_dir``; raises PddlError when the inputs have errors."""
    templates = domain_path.parent / "templates.json"
    tasks = generate_tasks(parse_domain(domain_path), parse_problem(problem_path), n, seed, lo, hi, progress,
                           templates if templates.exists() else None)
    write_tasks(tasks, out_dir)
    return tasks.report


def evolve(tasks_dir: Path, n: int, seed: int, out_dir: Path, lo: int = 1, hi: int | None = None,
           progress: Callable[[str], None] | None = None) -> GenerationReport:
    """Bi-Evol a generated task folder into ``out_dir``."""
    evolved = evolve_tasks(read_tasks(tasks_dir), n, seed, lo, hi, progress)
    write_tasks(evolved, out_dir)
    return evolved.report


def _fact(atom: ast.Atom) -> GroundAtom:
    return GroundAtom(atom.predicate, tuple(a.name for a in atom.args))


def _goal_atoms(goal: ast.Formula | None) -> list[ast.Atom]:
    if isinstance(goal, ast.Atom):
        return [goal]
    if isinstance(goal, ast.And):
        return [a for part in goal.parts for a in _goal_atoms(part)]
    raise ValueError("generated tasks have conjunctive goals of atoms")


def _write_report(out_dir: Path, report: GenerationReport) -> None:
    lines = [f"# Tasks for `{report.domain}`", "",
             f"{len(report.tasks)} tasks selected from {report.kept} verified of {report.candidates} candidates; "
             f"difficulty (optimal plan length) range {report.lo}..{report.hi}.", "",
             "| difficulty | tasks |", "|---|---|"]
    for level in range(report.lo, report.hi + 1):
        lines.append(f"| {level} | {report.histogram.get(level, 0)} |")
    origins = Counter(r["origin"] for r in report.tasks)
    flagged = sum(not r["optimal"] for r in report.tasks)
    lines += ["", "| origin | tasks |", "|---|---|"] + [f"| {o} | {c} |" for o, c in sorted(origins.items())]
    lines += ["", f"{flagged} task(s) flagged: the optimal planner did not finish; their length is a satisficing "
                  "plan's." if flagged else "Every difficulty is an optimal plan length."]
    resolved, dropped = report.self_moves.get("self-move re-solved", 0), report.self_moves.get("self-move dropped", 0)
    if resolved or dropped:
        lines += ["", f"{resolved + dropped} candidate gold plan(s) used a self-move step (W620): {resolved} re-solved "
                      f"with the inequality added, {dropped} dropped (no plan without it)."]
    write_atomic(out_dir / "report.md", "\n".join(lines) + "\n")
    _plot(out_dir / "difficulty.png", report)


def _plot(path: Path, report: GenerationReport) -> None:
    """A bar chart of the difficulty histogram (PNG, fixed metadata so reruns are byte-identical)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    levels = list(range(report.lo, report.hi + 1))
    fig, axis = plt.subplots(figsize=(6, 3.2), dpi=100)
    axis.bar(levels, [report.histogram.get(level, 0) for level in levels], color="#4C72B0")
    axis.set_xlabel("difficulty (optimal plan length)")
    axis.set_ylabel("tasks")
    axis.set_title(f"{report.domain}: {len(report.tasks)} tasks")
    fig.tight_layout()
    image = io.BytesIO()
    fig.savefig(image, format="png", metadata={"Software": None})
    plt.close(fig)
    write_atomic(path, image.getvalue())
