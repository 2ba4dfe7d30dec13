"""What is kept about one environment: every prompt and response, every round's diagnostics and fixes,
each stage's outcome and the verdict, written as ``record.json`` in the environment's folder; and what the
attempt cost (seconds per stage and category, per call: latency, tokens, retries, cache hits), written
beside it as ``costs.json``. The split keeps ``record.json`` a result: the same answers give the same
bytes on any machine, under any executor, while the costs differ from run to run.

Also the clock that splits the wall time of the work into where it went (LLM calls,
parse/check/repair, ground/solve/validate, generation, export) for the build report and the
benchmark.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterator

from agentgen_sym.compiler.diagnostics import Diagnostic
from agentgen_sym.files import write_atomic

TIME_CATEGORIES = ("llm", "compile", "solve", "generation", "export")
"""llm: waiting for the endpoint; compile: parse, check, repair, lint, signatures; solve: ground, plan,
validate; generation: task generation and Bi-Evol (their own solving included); export: trajectories."""

RECORD_FILE = "record.json"
COSTS_FILE = "costs.json"
RECORD_VERSION = 2  # 2: seconds and per-call accounting moved to costs.json


class Clock:
    """Seconds per category, summed over ``with clock.on("solve"): ...`` blocks (nested blocks are
    charged to the innermost one only, so the categories add up to the time measured)."""

    def __init__(self) -> None:
        self.seconds: Counter[str] = Counter()
        self._stack: list[tuple[str, float]] = []

    @contextmanager
    def on(self, category: str) -> Iterator[None]:
        now = time.perf_counter()
        if self._stack:  # pause the enclosing category
            outer, started = self._stack[-1]
            self.seconds[outer] += now - started
        self._stack.append((category, now))
        try:
            yield
        finally:
            end = time.perf_counter()
            _, started = self._stack.pop()
            self.seconds[category] += end - started
            if self._stack:
                outer, _ = self._stack[-1]
                self._stack[-1] = (outer, end)

    def add(self, other: Counter[str] | dict[str, float]) -> None:
        self.seconds.update(other)

    def as_dict(self) -> dict[str, float]:
        return {c: round(self.seconds.get(c, 0.0), 4) for c in TIME_CATEGORIES}


def diagnostic_data(d: Diagnostic) -> dict[str, Any]:
    """The JSON form fed to the LLM and recorded: code, severity, location, message, hint."""
    span = d.span
    return {"code": d.code, "severity": d.severity.value, "line": span.line if span else None,
            "column": span.column if span else None, "message": d.message, "hint": d.hint}


@dataclass
class StageResult:
    """One stage's outcome: ``status`` ok | warning (passed, with notes) | failed (the item is rejected)."""

    stage: str
    status: str
    detail: str
    seconds: float = 0.0
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def failed(self) -> bool:
        return self.status == "failed"


@dataclass
class Verdict:
    accepted: bool
    stage: str               # the stage that decided (the last one for an accepted item)
    reason_code: str         # "accepted", or a stable rejection code (see drafting.stages.REJECTIONS)
    reason: str              # one line for people
    retry: bool = False      # a transient failure (endpoint error, crash): not marked done, a rerun retries


@dataclass
class Record:
    """Everything about one environment attempt; ``write`` puts it in ``folder/record.json``."""

    env_id: str
    source: dict[str, Any]
    prompts: dict[str, int]
    options: dict[str, Any]
    llm_calls: list[dict[str, Any]] = field(default_factory=list)
    rounds: list[dict[str, Any]] = field(default_factory=list)
    stages: list[StageResult] = field(default_factory=list)
    problems: list[dict[str, Any]] = field(default_factory=list)
    lint: list[dict[str, Any]] = field(default_factory=list)
    evolve: dict[str, Any] = field(default_factory=dict)
    signature: str | None = None
    verdict: Verdict | None = None
    # meaning, when asked for (left out of record.json otherwise): how many of K candidates agreed, each scenario
    # check's outcome, the equiv verdict against --reference
    candidates: dict[str, Any] = field(default_factory=dict)
    checks: list[dict[str, Any]] = field(default_factory=list)
    reference: dict[str, Any] = field(default_factory=dict)
    # what the attempt cost, kept apart (costs.json): seconds per category, per call, and of task generation
    seconds: dict[str, float] = field(default_factory=dict)
    call_costs: list[dict[str, Any]] = field(default_factory=list)  # one per llm_calls entry, in order
    generation_seconds: dict[str, float] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        data = asdict(self)
        for cost in ("seconds", "call_costs", "generation_seconds"):
            del data[cost]
        for stage in data["stages"]:
            del stage["seconds"]
        for meaning in ("candidates", "checks", "reference"):
            if not data[meaning]:
                del data[meaning]
        return {"record_version": RECORD_VERSION, **data}

    def costs_data(self) -> dict[str, Any]:
        return {"env_id": self.env_id, "seconds": self.seconds,
                "stages": [{"stage": s.stage, "seconds": s.seconds} for s in self.stages],
                "llm_calls": self.call_costs, "generation_seconds": self.generation_seconds}

    def write(self, folder: Path) -> Path:
        """``record.json`` and ``costs.json`` in ``folder``; returns the record's path."""
        write_atomic(folder / COSTS_FILE, json.dumps(self.costs_data(), indent=2) + "\n")
        path = folder / RECORD_FILE
        write_atomic(path, json.dumps(self.to_data(), indent=2, ensure_ascii=False) + "\n")
        return path
