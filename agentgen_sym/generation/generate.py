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
from agentgen_sym.generation.measure import Measurement
from agentgen_sym.generation.pool import EvolveOptions, ProgressFn, TaskPool, spec_of
from agentgen_sym.generation.tasks import seed_statics
from agentgen_sym.generation.units import made_groundings
from agentgen_sym.taskset import GenerationReport, TaskSet, read_tasks, write_tasks


def generate_job(domain: ast.Domain, seed_problem: ast.Problem, n: int, seed: int, lo: int = 1,
                 hi: int | None = None, progress: ProgressFn | None = None, templates_file: Path | None = None,
                 options: EvolveOptions = EvolveOptions(), width: int = 1) -> Job:
    """``generate_tasks`` as a coroutine for ``drive``; ``width`` (the workers) sizes its batches of walks."""
    pool = yield from _task_pool(domain, _walk_base(seed_problem), seed, progress, options)
    n_seeds = max(2, -(-n // 2))
    pool.total = n_seeds * (1 + options.rounds)
    pool.cap = hi
    yield from pool.walks(target=n_seeds, max_attempts=30 * n_seeds, width=width)
    pool.done = len(pool.items)
    yield from pool.evolve(list(pool.items), lo, hi, n)
    pool._tick(pool.total, "done")
    return pool.select(n, lo, hi, seed, templates_file)


def evolve_job(tasks: TaskSet, n: int, seed: int, lo: int = 1, hi: int | None = None,
               progress: ProgressFn | None = None, options: EvolveOptions = EvolveOptions()) -> Job:
    """``evolve_tasks`` as a coroutine for ``drive``."""
    if not tasks.tasks:
        raise ValueError(f"the task set of {tasks.domain.name} holds no task")
    widest = max((t.problem for t in tasks.tasks), key=lambda p: len(p.objects))
    pool = yield from _task_pool(tasks.domain, _walk_base(widest), seed, progress, options)
    source = tasks.source or "input"
    for task in tasks.tasks:
        inherited = tuple(dict(e, id=e["id"] if "/" in str(e["id"]) else f"{source}/{e['id']}") for e in task.lineage)
        known = set(pool.statics)  # a task with an added object brings that object's static facts along
        own = tuple(s for s in seed_statics(tasks.domain, task.problem) if s not in known)
        spec = replace(spec_of(task.problem, tasks.domain, pool.statics + own), origin=task.origin)
        pool.add(spec, Measurement(task.plan, task.cost, task.optimal, task.expanded, task.bound),
                 f"{source}/{task.id}", inherited)
    seeds = list(pool.items)
    pool.total = len(seeds) * options.rounds
    yield from pool.evolve(seeds, lo, hi, n)
    pool._tick(pool.total, "done")
    evolved = pool.select(n, lo, hi, seed, tasks.templates_file)
    return replace(evolved, report=replace(evolved.report, skipped=tasks.skipped))


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
                   executor: ExecutorOptions = SERIAL) -> TaskSet:
    """``n`` tasks of ``domain`` grown from ``seed_problem``, in memory: seed tasks from random walks, then
    Bi-Evol from every one of them, candidates measured on ``executor``; raises PddlError when the inputs have
    errors (GroundingError when the seed cannot be grounded, BatchFailed when a unit of work failed)."""
    return _drive_one(generate_job(domain, seed_problem, n, seed, lo, hi, progress, templates_file, options,
                                   executor.workers), executor)


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
                    options: EvolveOptions = EvolveOptions(), executor: ExecutorOptions = SERIAL
                    ) -> GenerationReport:
    """Generate ``n`` tasks into ``out_dir``; raises PddlError when the inputs have errors."""
    templates = domain_path.parent / "templates.json"
    tasks = generate_tasks(parse_domain(domain_path), parse_problem(problem_path), n, seed, lo, hi, progress,
                           templates if templates.exists() else None, options, executor)
    write_tasks(tasks, out_dir)
    return tasks.report


def evolve_folder(tasks_dir: Path, n: int, seed: int, out_dir: Path, lo: int = 1, hi: int | None = None,
                  progress: ProgressFn | None = None, options: EvolveOptions = EvolveOptions(),
                  executor: ExecutorOptions = SERIAL) -> GenerationReport:
    """Bi-Evol a generated task folder into ``out_dir``."""
    evolved = evolve_tasks(read_tasks(tasks_dir), n, seed, lo, hi, progress, options, executor)
    write_tasks(evolved, out_dir)
    return evolved.report
