"""Generate a graded task set for a checked domain from one seed problem, with no LLM, or Bi-Evol a task set.

``generate_job``/``evolve_job`` are the jobs (coroutines for ``agentgen_sym.executor.drive``, which runs several
at once) that grow a TaskPool (pool.py) on units of work (units.py); ``generate_tasks`` and ``evolve_tasks``
drive one and return a TaskSet in memory; ``generate_folder``/``evolve_folder`` read and write TASKS_DIRs
(``agentgen_sym.taskset``) around them. Every random choice follows ``seed``, so the same seed gives
byte-identical files.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Generator

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.executor import SERIAL, Batch, ExecutorOptions, Job, drive, make_executor
from agentgen_sym.generation.grounding import Grounding
from agentgen_sym.generation.measure import GIVEN_RANGE, Measurement, range_note, seed_lengths, seed_range
from agentgen_sym.generation.pool import EvolveOptions, ProgressFn, TaskPool, spec_of
from agentgen_sym.generation.schemas import GOAL_MODES, GoalModeError, SeedGoals, goal_schemas, schemas_of
from agentgen_sym.generation.tasks import seed_statics
from agentgen_sym.generation.units import made_groundings
from agentgen_sym.taskset import GenerationReport, TaskSet, read_tasks, write_tasks
from agentgen_sym.taskset.report import read_provenance


def generate_job(domain: ast.Domain, seed_problem: ast.Problem, n: int, seed: int, lo: int = 1,
                 hi: int | None = None, progress: ProgressFn | None = None, templates_file: Path | None = None,
                 options: EvolveOptions = EvolveOptions(), width: int = 1, goals: str = "auto") -> Job:
    """``generate_tasks`` as a coroutine for ``drive``; ``width`` (the workers) sizes its batches of walks."""
    seed_goals = _seed_goals(domain, seed_problem, goals)
    lo, hi, how = yield from _default_range(domain, [seed_problem], lo, hi, options)
    pool = yield from _task_pool(domain, _walk_base(seed_problem), seed, progress, options)
    pool.seed_goals, pool.goals = seed_goals, goals
    n_seeds = max(2, -(-n // 2))
    pool.total = n_seeds * (1 + options.rounds)
    pool.cap = hi
    yield from pool.walks(target=n_seeds, max_attempts=30 * n_seeds, width=width)
    pool.done = len(pool.items)
    yield from pool.evolve(list(pool.items), lo, hi, n)
    lo, how = _within_reach(pool, n, lo, hi, how)
    yield from pool.prove_flagged(n, lo, hi)
    pool._tick(pool.total, "done")
    made = pool.select(n, lo, hi, seed, templates_file)
    return replace(made, report=replace(made.report, range_source=how))


def evolve_job(tasks: TaskSet, n: int, seed: int, lo: int = 1, hi: int | None = None,
               progress: ProgressFn | None = None, options: EvolveOptions = EvolveOptions()) -> Job:
    """``evolve_tasks`` as a coroutine for ``drive``."""
    if not tasks.tasks:
        raise ValueError(f"the task set of {tasks.domain.name} holds no task")
    widest = max((t.problem for t in tasks.tasks), key=lambda p: len(p.objects))
    how = GIVEN_RANGE
    if hi is None:  # the input tasks stand for the domain's: the range their plan lengths suggest
        lengths = [t.difficulty for t in tasks.tasks]
        (lo, hi), how = seed_range(lengths), range_note(lengths).replace("seed problems'", "input tasks'")
    pool = yield from _task_pool(tasks.domain, _walk_base(widest), seed, progress, options)
    walked = [t.problem for t in tasks.tasks if t.origin.move in ("walk", "seed")]  # the seed's objects, none invented
    if tasks.report.seed_objects:  # recorded by the generation that made the tasks: a folder without walk tasks
        pool.seed_objects = frozenset(tasks.report.seed_objects)  # would take an invented object for a seed's
    elif walked:
        pool.seed_objects = frozenset(o.name for p in walked for o in p.objects)
    source = tasks.source or "input"
    schemas = schemas_of(tasks.domain, [t.problem for t in tasks.tasks if t.goal_source == "schema"])
    for task in tasks.tasks:
        inherited = tuple(dict(e, id=e["id"] if "/" in str(e["id"]) else f"{source}/{e['id']}") for e in task.lineage)
        known = set(pool.statics)  # a task with an added object brings that object's static facts along
        own = tuple(s for s in seed_statics(tasks.domain, task.problem) if s not in known)
        spec = replace(spec_of(task.problem, tasks.domain, pool.statics + own, task.goal_source or "unrecorded"),
                       origin=task.origin, schemas=schemas)
        pool.add(spec, Measurement(task.plan, task.cost, task.optimal, task.expanded, task.bound),
                 f"{source}/{task.id}", inherited)
    seeds = list(pool.items)
    pool.total = len(seeds) * options.rounds
    yield from pool.evolve(seeds, lo, hi, n)
    lo, how = _within_reach(pool, n, lo, hi, how)
    yield from pool.prove_flagged(n, lo, hi)
    pool._tick(pool.total, "done")
    evolved = pool.select(n, lo, hi, seed, tasks.templates_file)
    return replace(evolved, report=replace(evolved.report, skipped=tasks.skipped, range_source=how))


def _default_range(domain: ast.Domain, seeds: list[ast.Problem], lo: int, hi: int | None, options: EvolveOptions
                   ) -> Generator[Batch, list, tuple[int, int | None, str]]:
    """The range asked for, or (``hi`` None) the one the seed problems' own plan lengths suggest (measured by a
    unit of work; ``seed_range``), or 1..the hardest found when no seed has a plan; and how it was chosen."""
    if hi is not None:
        return lo, hi, GIVEN_RANGE
    lengths = yield Batch(seed_lengths, (domain, options.budgets), seeds)
    if not any(x is not None for x in lengths):
        return lo, None, "1 to the hardest task found (no seed problem with a goal and a plan)"
    return (*seed_range([x for x in lengths if x is not None]), range_note(lengths))


def _within_reach(pool: TaskPool, n: int, lo: int, hi: int | None, how: str) -> tuple[int, str]:
    """The range's low end, lowered when the range was not asked for and the walks and Bi-Evol's rounds reached
    fewer than ``n`` tasks in it (visitall's seed takes 171 steps: its range 57..342 held no task of 1-43): to
    the level that leaves ``n`` of the hardest tasks reached in it, and the report says so. A range asked for
    stays as it is; its unreached levels are reported."""
    if how == GIVEN_RANGE:
        return lo, how
    levels = (g.measurement.difficulty for g in pool.items)
    reached = sorted((d for d in levels if hi is None or d <= hi), reverse=True)
    if not reached or sum(d >= lo for d in reached) >= n:
        return lo, how
    lowered = min(lo, reached[min(n, len(reached)) - 1])
    return lowered, f"{how}; lowered to {lowered}, since no task within reach was that long"


def _seed_goals(domain: ast.Domain, seed_problem: ast.Problem, goals: str) -> SeedGoals:
    """The seed goal's schemas, for ``goals`` (GOAL_MODES); raises GoalModeError for a mode that is none, or
    ``schema`` asked of a seed whose goal has no literal to lift."""
    if goals not in GOAL_MODES:
        raise GoalModeError(f"goals must be one of {', '.join(GOAL_MODES)}, not {goals!r}")
    found = goal_schemas(domain, seed_problem)
    if goals == "schema" and not found.schemas:
        raise GoalModeError(f"the seed problem {seed_problem.name} has no goal literal to take goal schemas from "
                         "(use --goals auto or walk)")
    return found


def _task_pool(domain: ast.Domain, seed_problem: ast.Problem, seed: int, progress: ProgressFn | None,
               options: EvolveOptions) -> Generator[Batch, list, TaskPool]:
    """A TaskPool on a seed grounding made by a unit of work: a large domain's takes seconds (parking's 2.8 s),
    which the driver would spend with the workers waiting. A seed that cannot be grounded is grounded again
    in the pool, which raises the compiler's own error."""
    (made,) = yield Batch(made_groundings, (domain,), [spec_of(seed_problem, domain, ())])
    return TaskPool(domain, seed_problem, seed, progress, options, made if isinstance(made, Grounding) else None)


PRELOAD = ("agentgen_sym.generation.units", "agentgen_sym.generation.warm")
"""What a local pool's fork server imports before it forks the workers: the generation's units' module, and
what those units load on first use (``warm``)."""


def _drive_one(job: Job, executor: ExecutorOptions) -> Any:
    with make_executor(executor, preload=PRELOAD) as pool:
        return drive(pool, {"job": job}, executor.workers)["job"]


def generate_tasks(domain: ast.Domain, seed_problem: ast.Problem, n: int, seed: int, lo: int = 1,
                   hi: int | None = None, progress: ProgressFn | None = None,
                   templates_file: Path | None = None, options: EvolveOptions = EvolveOptions(),
                   executor: ExecutorOptions = SERIAL, goals: str = "auto") -> TaskSet:
    """``n`` tasks of ``domain`` grown from ``seed_problem``, in memory: seed tasks from random walks, their goals
    as ``goals`` says (GOAL_MODES), then Bi-Evol from every one of them, candidates measured on ``executor``;
    raises PddlError when the inputs have errors (GroundingError when the seed cannot be grounded, BatchFailed
    when a unit of work failed, GoalModeError for ``goals`` the seed cannot give)."""
    return _drive_one(generate_job(domain, seed_problem, n, seed, lo, hi, progress, templates_file, options,
                                   executor.workers, goals), executor)


def evolve_tasks(tasks: TaskSet, n: int, seed: int, lo: int = 1, hi: int | None = None,
                 progress: ProgressFn | None = None, options: EvolveOptions = EvolveOptions(),
                 executor: ExecutorOptions = SERIAL) -> TaskSet:
    """Bi-Evol a task set: at least one round both ways from every task, then select for [lo, hi]."""
    return _drive_one(evolve_job(tasks, n, seed, lo, hi, progress, options), executor)


def _walk_base(problem: ast.Problem) -> ast.Problem:
    """The seed problem with its goal dropped: walks start from its initial state, and its grounding
    (kept for every candidate over the same objects) must not depend on the goal."""
    return replace(problem, goal=None)


def generate_folder(domain_path: Path, problem_path: Path, n: int, seed: int, out_dir: Path, lo: int = 1,
                    hi: int | None = None, progress: ProgressFn | None = None,
                    options: EvolveOptions = EvolveOptions(), executor: ExecutorOptions = SERIAL,
                    goals: str = "auto", command: str | None = None) -> GenerationReport:
    """Generate ``n`` tasks into ``out_dir``; raises PddlError when the inputs have errors. ``command``, the one
    that asked for it, is recorded in the folder's provenance (the dataset card of an export quotes it)."""
    templates = domain_path.parent / "templates.json"
    tasks = generate_tasks(parse_domain(domain_path), parse_problem(problem_path), n, seed, lo, hi, progress,
                           templates if templates.exists() else None, options, executor, goals)
    tasks = replace(tasks, report=replace(tasks.report, commands=(command,) if command else ()))
    write_tasks(tasks, out_dir)
    return tasks.report


def evolve_folder(tasks_dir: Path, n: int, seed: int, out_dir: Path, lo: int = 1, hi: int | None = None,
                  progress: ProgressFn | None = None, options: EvolveOptions = EvolveOptions(),
                  executor: ExecutorOptions = SERIAL, command: str | None = None) -> GenerationReport:
    """Bi-Evol a generated task folder into ``out_dir``; its provenance lists the commands that made the input
    folder, then ``command``."""
    evolved = evolve_tasks(read_tasks(tasks_dir), n, seed, lo, hi, progress, options, executor)
    before = (read_provenance(tasks_dir) or {}).get("commands", [])
    commands = tuple(c for c in before if isinstance(c, str)) + ((command,) if command else ())
    evolved = replace(evolved, report=replace(evolved.report, commands=commands))
    write_tasks(evolved, out_dir)
    return evolved.report
