"""The pool a reasoning dataset draws from: tasks generated once per (domain, seed problem, options), kept on disk.

A pool is made by the generator (``generation.generate_tasks``: measured optimal costs, Bi-Evol, validated gold
plans) and kept as a task folder (``taskset.write_tasks``), named by a hash of everything that decides the tasks (the
PDDL texts, the templates, the options, the package's source): a changed input makes a new pool, never reads a stale
one. The folder appears whole or not at all: written in a temporary folder beside it and renamed into place (when two
processes make the same pool at once, the first rename wins and the other's copy is dropped).

Beside the task files, ``items-<hash>.json`` holds every task's question and answer pre-rendered in each answer
format, with its metadata, so a lookup costs one read per process and a dict per item. Its hash covers the code that
words the questions (``question.py``, ``wording/``): new wording renders the kept tasks again (a second), it never
generates them again, and never serves a stale question.

Where: ``$AGENTGEN_SYM_CACHE/reasoning``, else ``$XDG_CACHE_HOME/agentgen-sym/reasoning``, else
``~/.cache/agentgen-sym/reasoning``.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import shutil
import tempfile
from bisect import bisect_left, bisect_right
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.parser import Source, parse_domain, parse_problem, read_source
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.files import write_atomic
from agentgen_sym.generation.generate import generate_tasks
from agentgen_sym.pipeline import code_version
from agentgen_sym.reasoning.question import ANSWER_FORMATS, answer_text, question_text
from agentgen_sym.taskset import TASKS_FILE, GeneratedTask, TaskSet, read_tasks, write_tasks
from agentgen_sym.wording.templates import TEMPLATES_FILE, Templates

LEVELS = (3, 11)
"""A reasoning dataset's optimal plan lengths by default: the bundled problems' optimal plans take 3 to 15 steps and
AgentGen's released gold trajectories 7 at the median; an even spread over 3..11 is as long, and its hardest items
stay within what the generator settles quickly on two cores (an item is made on first access)."""
CACHE_VARIABLE = "AGENTGEN_SYM_CACHE"
ITEMS_FORMAT = 1
"""The layout of the items file; part of its hash."""
WORDING_MODULES = ("agentgen_sym.reasoning.question", "agentgen_sym.wording.rules", "agentgen_sym.wording.templates",
                   "agentgen_sym.wording.negation", "agentgen_sym.wording.phrasing", "agentgen_sym.wording.words")
"""The code that words a question: the items file's hash covers their sources."""


class ReasoningError(AgentgenError, ValueError):
    """A reasoning dataset that cannot be made: a bad option, a domain the generator cannot use, an empty band."""


@dataclass(frozen=True)
class PoolOptions:
    """How a pool is generated: ``size`` tasks (fewer when the domain has fewer in range) from ``seed``, their optimal
    plan lengths spread over ``lo..hi`` (``LEVELS`` by default), goals as
    ``goals`` says (``generation.schemas.GOAL_MODES``)."""

    size: int = 64
    seed: int = 0
    lo: int = LEVELS[0]
    hi: int = LEVELS[1]
    goals: str = "auto"

    def __post_init__(self) -> None:
        if not (self.size >= 1 and 1 <= self.lo <= self.hi):
            raise ReasoningError(f"pool options need size >= 1 and 1 <= lo <= hi, not {self}")


@dataclass(frozen=True)
class PoolSource:
    """What a pool is made from: the PDDL texts of a domain and its seed problem, the text of the domain's
    ``templates.json`` (None: the wording is derived from the names) and the options. ``name`` is the dataset's."""

    name: str
    domain_text: str
    problem_text: str
    templates_text: str | None
    options: PoolOptions = PoolOptions()

    @classmethod
    def read(cls, name: str, domain: Source, seed_problem: Source, templates: Path | str | None = None,
             options: PoolOptions = PoolOptions()) -> PoolSource:
        """A source from paths or PDDL texts; ``templates`` is a ``templates.json`` path (default: the one beside a
        domain file, if any). Raises ReasoningError when a file cannot be read."""
        try:
            domain_text, domain_file, found = read_source(domain)
            problem_text, _, more = read_source(seed_problem)
            if templates is None and domain_file is not None:
                beside = Path(domain_file).parent / TEMPLATES_FILE
                templates = beside if beside.is_file() else None
            templates_text = None if templates is None else Path(templates).read_text(encoding="utf-8")
        except OSError as exc:
            raise ReasoningError(f"dataset {name}: cannot read {exc.filename}: {exc.strerror}") from exc
        if found or more:
            raise ReasoningError(f"dataset {name}: {(found or more)[0].message}")
        return cls(name, domain_text, problem_text, templates_text, options)

    def key(self) -> str:
        """The hash that names the pool's folder: everything that decides its content."""
        data = {"code": code_version(), "domain": self.domain_text,
                "problem": self.problem_text, "templates": self.templates_text, "options": asdict(self.options)}
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()

    def folder_name(self) -> str:
        slug = "".join(c if c.isalnum() or c in "-_" else "-" for c in self.name)
        return f"{slug}-{self.key()[:16]}"


@dataclass(frozen=True)
class PoolItem:
    """One task as the datasets serve it: ``question`` and ``answer`` per answer format, its gold ``cost`` (optimal
    when ``optimal``) and the rest of its metadata (``meta``: id, lineage, the problem's PDDL...)."""

    cost: int | float
    optimal: bool
    question: dict[str, str]
    answer: dict[str, str]
    meta: dict[str, Any]


@dataclass(frozen=True)
class Pool:
    """A loaded pool: its items sorted by gold cost (then id), the domain's name, PDDL and actions' wording."""

    name: str
    folder: Path
    domain: str
    domain_pddl: str
    action_wording: dict[str, str]
    items: tuple[PoolItem, ...]
    costs: tuple[int | float, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "costs", tuple(item.cost for item in self.items))

    def within(self, lo: int | float, hi: int | float | None) -> tuple[PoolItem, ...]:
        """The items whose gold cost lies in ``lo..hi`` (no upper bound when ``hi`` is None)."""
        end = len(self.items) if hi is None else bisect_right(self.costs, hi)
        return self.items[bisect_left(self.costs, lo):end]


def cache_root() -> Path:
    """Where pools are kept (the module's docstring says how it is chosen)."""
    if os.environ.get(CACHE_VARIABLE):
        return Path(os.environ[CACHE_VARIABLE]) / "reasoning"
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "agentgen-sym" / "reasoning"


@lru_cache(maxsize=1)
def items_file_name() -> str:
    """``items-<hash>.json``: the hash of the items' layout and of the wording code's sources."""
    digest = hashlib.sha256(str(ITEMS_FORMAT).encode())
    for name in WORDING_MODULES:
        digest.update(Path(str(importlib.import_module(name).__file__)).read_bytes())
    return f"items-{digest.hexdigest()[:16]}.json"


_LOADED: dict[Path, Pool] = {}
"""Pools read in this process, by items file: a dataset made again (a curriculum's next level) reads nothing."""


def load_pool(source: PoolSource) -> Pool:
    """The source's pool: from this process's memory, else from the cache, else generated (seconds to minutes, once)
    and cached. Raises ReasoningError when the domain or the seed problem cannot be used or no task is made."""
    folder = cache_root() / source.folder_name()
    items_file = folder / items_file_name()
    pool = _LOADED.get(items_file)
    if pool is None:
        if not items_file.is_file():
            if not (folder / TASKS_FILE).is_file():
                make_tasks(source, folder)
            write_atomic(items_file, json.dumps(pool_data(source.name, read_tasks(folder)), sort_keys=True))
        pool = _LOADED[items_file] = read_pool(items_file)
    return pool


def read_pool(items_file: Path) -> Pool:
    """The pool an items file holds."""
    data = json.loads(items_file.read_text(encoding="utf-8"))
    items = tuple(PoolItem(i["cost"], i["optimal"], i["question"], i["answer"], i["meta"]) for i in data["items"])
    return Pool(data["name"], items_file.parent, data["domain"], data["domain_pddl"], data["action_wording"], items)


def make_tasks(source: PoolSource, folder: Path) -> None:
    """Generate the source's tasks and write them as the task folder ``folder`` (whole or not at all)."""
    try:
        domain, problem = parse_domain(source.domain_text), parse_problem(source.problem_text)
    except AgentgenError as exc:
        raise ReasoningError(f"dataset {source.name}: {exc}") from exc
    folder.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    try:
        templates_file = None
        if source.templates_text is not None:  # where write_tasks copies it to: the folder's own templates.json
            templates_file = work / TEMPLATES_FILE
            templates_file.write_text(source.templates_text, encoding="utf-8")
        options = source.options
        try:
            tasks = generate_tasks(domain, problem, options.size, options.seed, options.lo, options.hi,
                                   templates_file=templates_file, goals=options.goals)
        except AgentgenError as exc:
            raise ReasoningError(f"dataset {source.name}: the generator cannot use this domain: {exc}") from exc
        if not tasks.tasks:
            raise ReasoningError(f"dataset {source.name}: the generator made no task in {options.lo}..{options.hi}")
        write_tasks(tasks, work)
        try:
            os.rename(work, folder)
        except OSError:
            if not (folder / TASKS_FILE).is_file():  # not another process's pool that got there first
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)


def pool_data(name: str, tasks: TaskSet) -> dict[str, Any]:
    """What the items file holds for a task set: the pool's texts and every task rendered as an item."""
    templates = Templates.for_domain(tasks.domain, tasks.templates_file)
    ordered = sorted(tasks.tasks, key=lambda t: (t.cost, t.id))
    return {"name": name, "domain": tasks.domain.name, "domain_pddl": print_pddl(tasks.domain),
            "action_wording": dict(templates.actions), "items": [_item(task, templates) for task in ordered]}


def _item(task: GeneratedTask, templates: Templates) -> dict[str, Any]:
    record = task.record()
    return {"cost": task.cost, "optimal": task.optimal,
            "question": {f: question_text(task.problem, templates, f) for f in ANSWER_FORMATS},
            "answer": {f: answer_text(task.plan, templates, f) for f in ANSWER_FORMATS},
            "meta": {"task_id": task.id, "origin": record["origin"], "lineage": record["lineage"],
                     "plan_length": task.difficulty, "cost_lower_bound": record["cost_lower_bound"],
                     "n_objects": record["n_objects"], "problem_pddl": print_pddl(task.problem)}}
