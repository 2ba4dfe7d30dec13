"""The task model: a generated task, its origin, a task set and the report of the run that made it.

Generation makes these values, writes them (folder.py) and reads them back; export, serve, eval and
drafting read them. Nothing here knows how tasks are made, exported or served.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.task import GroundAction

INVARIANT_DROPPED = "broken-invariant dropped"
"""The event of a candidate dropped because its initial state or gold plan breaks a seed invariant (W623)."""
PROVE_FACTOR = 8
"""How many times the optimal search's expansions a selected task gets once more before its gold plan is flagged
``optimal: false`` (``generation/measure.prove``), fewer on a large task (``Budgets.proof_work``): only the few
flagged tasks the selection keeps pay for it."""
MAX_GAP = 0.25
"""A flagged gold plan whose cost exceeds the proved lower bound by more than this share of the bound (and more
than ``MIN_GAP`` steps) is dropped, not exported: a plan that long wastes steps a model would learn (a kitchen's
36-step plan for a 23-step task)."""
MIN_GAP = 2
PROVED = "flagged proved optimal"
"""The event of a selected task whose flagged gold plan a second, larger optimal search replaced (proved)."""
FLAGGED_DROPPED = "flagged dropped"
"""The event of a selected task dropped after its second search: still flagged and too far from its bound, or
proved at a length its variant label no longer earns (or by a plan that breaks a seed invariant)."""
DIRECTIONS = ("easier", "harder")
"""Bi-Evol's two directions, the prefixes of a variant's origin."""

FIGURES = ("difficulty", "optimal", "expanded", "n_objects", "n_goal_atoms")
"""The difficulty figures every exported record carries (None where the task omits one)."""


def problem_file_of(task_id: str) -> str:
    """Where the problem of task ``task_id`` lies in its folder, relative to it."""
    return f"tasks/{task_id}.pddl"


@dataclass(frozen=True)
class Origin:
    """How a task was made: a ``move`` (``walk``, ``seed``, ``drop-goal``, ``llm-easier``...) and, for a Bi-Evol
    variant, its ``direction``. Written as ``<direction>:<move>`` (``easier:drop-goal``) or the bare move, and
    parsed once when read, so ``str(Origin.parse(text)) == text`` for every text."""

    move: str
    direction: str | None = None

    @classmethod
    def parse(cls, text: str) -> Origin:
        direction, colon, move = text.partition(":")
        return cls(move, direction) if colon else cls(text)

    def __str__(self) -> str:
        return self.move if self.direction is None else f"{self.direction}:{self.move}"

    @property
    def kind(self) -> str:
        """What reports group tasks by: a variant's direction, else the move (``walk``, ``llm-easier``)."""
        return self.move if self.direction is None else self.direction


@dataclass(frozen=True)
class TaskEntry:
    """A task as its line of ``tasks.jsonl`` states it (a folder's, or ``GeneratedTask.entry()``): what export,
    serve and eval read. ``fields`` keeps the line as read, for the record's metadata."""

    id: str
    problem_file: str
    plan: tuple[str, ...]
    fields: dict[str, Any]

    @property
    def optimal_plan(self) -> tuple[GroundAction, ...] | None:
        """The gold plan when the line says it was proved optimal (``optimal: true``), else None."""
        return tuple(GroundAction.parse(step) for step in self.plan) if self.fields.get("optimal") is True else None

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


@dataclass(frozen=True)
class GeneratedTask:
    """One task: its problem, its validated gold plan and figures, its provenance.

    ``lineage`` is the chain from the seed task down to the parent, oldest first, each entry
    ``{"id", "origin", "difficulty"}``; an ancestor that was not selected is named ``<domain>-pool-N``,
    one from an input folder ``<folder>/<id>``. ``bound`` is a proven lower bound on the optimal cost."""

    id: str
    problem: ast.Problem
    plan: tuple[GroundAction, ...]
    cost: int
    optimal: bool
    expanded: int
    origin: Origin
    parent: str | None
    seed: int
    n_goal_atoms: int
    lineage: tuple[dict, ...] = ()
    bound: int | None = None
    goal_source: str | None = None  # "schema", "walk", "seed" (generation/schemas.py) or "llm"; None: not recorded

    @property
    def difficulty(self) -> int:
        return len(self.plan)

    @property
    def problem_file(self) -> str:
        """Where the task's problem lies in its folder."""
        return problem_file_of(self.id)

    def record(self) -> dict:
        """The task's line of ``tasks.jsonl`` (``problem_file`` relative to the folder)."""
        return {"id": self.id, "domain": self.problem.domain_name, "problem_file": self.problem_file,
                "seed": self.seed, "origin": str(self.origin), "parent": self.parent, "lineage": list(self.lineage),
                "n_objects": len(self.problem.objects), "n_goal_atoms": self.n_goal_atoms,
                "plan": [str(step) for step in self.plan], "cost": self.cost, "optimal": self.optimal,
                "cost_lower_bound": self.cost if self.bound is None else self.bound,
                "expanded": self.expanded, "difficulty": self.difficulty,
                **({"goal_source": self.goal_source} if self.goal_source is not None else {})}

    def entry(self) -> TaskEntry:
        """The task as its folder's line states it."""
        record = self.record()
        return TaskEntry(self.id, self.problem_file, tuple(record["plan"]), record)


@dataclass(frozen=True)
class GenerationReport:
    """What a run made: ``evolution`` counts per direction (``candidates``, ``verified``, ``kept``,
    ``over_budget``, ``unsolvable``, ``beyond_range``: provably harder than the range, not searched) and per level
    (``walk``/``input``/``easier``/``harder`` verified, ``kept``); ``unreached`` maps each level asked for but not
    filled to the reason. ``kept`` is the pool the tasks were selected from: the ``inputs`` (tasks read in, verified
    before) and the ``candidates`` made here (walks and variants) that were verified."""

    domain: str
    tasks: tuple[GeneratedTask, ...]
    candidates: int
    kept: int
    histogram: dict[int, int]
    lo: int
    hi: int
    seconds: dict[str, float] = field(default_factory=dict, compare=False)  # per stage; never written
    skipped: tuple[tuple[str, str], ...] = ()  # input tasks that could not be read: (id or line, reason)
    # events worth reporting: gold plans with a W620 step re-solved or dropped, tasks breaking a W623 invariant dropped
    self_moves: dict[str, int] = field(default_factory=dict)
    evolution: dict[str, dict[str, int]] = field(default_factory=dict)
    levels: dict[int, dict[str, int]] = field(default_factory=dict)
    unreached: dict[int, str] = field(default_factory=dict)
    rounds: int = 0
    inputs: int = 0
    branching: dict[str, float] = field(default_factory=dict)  # task id: mean applicable actions along its plan
    goal_sources: dict[str, int] = field(default_factory=dict)  # selected tasks per goal source (schema, walk...)
    enabling: dict[str, float] = field(default_factory=dict)  # task id: share of plan steps that enable a later one
    invented: dict[str, int] = field(default_factory=dict)  # task id: objects its seed problem did not have (if any)
    maintained: dict[str, int] = field(default_factory=dict)  # task id: goal literals holding at its start (if any)
    seed_objects: tuple[str, ...] = ()  # the seed problem's objects, sorted: what a task's others were invented over
    dropped: dict[int, int] = field(default_factory=dict)  # level: verified tasks there, none kept (outside the range)
    range_source: str = ""  # how [lo, hi] was chosen: "--range", or the seed problems' plan lengths it came from
    commands: tuple[str, ...] = ()  # the commands that made the set, oldest first (generate, then evolve...)

    def pool_text(self) -> str:
        """What the tasks were selected from, each count of what it names: ``64 verified: 12 input tasks and 52 of
        54 new candidates``, or ``53 verified of 56 candidates`` when nothing was read in."""
        if not self.inputs:
            return f"{self.kept} verified of {self.candidates} candidates"
        return (f"{self.kept} verified: {self.inputs} input task{'s' * (self.inputs != 1)} and "
                f"{self.kept - self.inputs} of {self.candidates} new candidates")

    @property
    def filled(self) -> int:
        """Levels of [lo, hi] that hold a selected task."""
        return sum(self.histogram.get(level, 0) > 0 for level in range(self.lo, self.hi + 1))


@dataclass(frozen=True)
class TaskSet:
    """Generated tasks of one domain, in memory; ``templates_file`` is copied beside them when written;
    ``skipped`` names the tasks of a folder that could not be read back, with the reason; ``source`` is
    the folder's name when read back (it namespaces the tasks' ids in their variants' lineage)."""

    domain: ast.Domain
    tasks: tuple[GeneratedTask, ...]
    report: GenerationReport
    templates_file: Path | None = None
    skipped: tuple[tuple[str, str], ...] = ()
    source: str | None = None
