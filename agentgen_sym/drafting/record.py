"""What is kept about one environment: every prompt and response, every round's diagnostics and fixes,
each stage's outcome and the verdict, written as ``record.json`` in the environment's folder.

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

from agentgen_sym.compiler.diagnostics import Diagnostic, Fix
from agentgen_sym.files import write_atomic

TIME_CATEGORIES = ("llm", "compile", "solve", "generation", "export")
"""llm: waiting for the endpoint; compile: parse, check, repair, lint, signatures; solve: ground, plan,
validate; generation: task generation and Bi-Evol (their own solving included); export: trajectories."""

RECORD_FILE = "record.json"
RECORD_VERSION = 1


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


def fix_data(f: Fix) -> dict[str, Any]:
    return {"description": f.description,
            "edits": [{"line": e.span.line, "column": e.span.column, "end_line": e.span.end_line,
                       "end_column": e.span.end_column, "replacement": e.replacement} for e in f.edits]}


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
    seconds: dict[str, float] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        data = asdict(self)
        return {"record_version": RECORD_VERSION, **data}

    def write(self, folder: Path) -> Path:
        path = folder / RECORD_FILE
        write_atomic(path, json.dumps(self.to_data(), indent=2, ensure_ascii=False) + "\n")
        return path
