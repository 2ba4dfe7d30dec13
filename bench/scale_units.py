"""The units of work bench/scale.py times: the jobs' own units, with the CPU seconds each took in its worker."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from agentgen_sym.generation import generate
from agentgen_sym.pipeline import domain_unit


def timed_domain(folder: Path, out: Path, n: int, seed: int) -> tuple[Any, float]:
    """`run`'s unit, with the CPU seconds it took in its worker."""
    started = time.process_time()
    summary = domain_unit(folder, out, n, seed)
    return summary, time.process_time() - started


def timed_generate(domain: Path, problem: Path, n: int, seed: int, out: Path) -> tuple[int, float]:
    """One domain's generate, with the CPU seconds it took; 0 tasks when the domain cannot be used."""
    started = time.process_time()
    try:
        tasks = len(generate(domain, problem, n, seed, out).tasks)
    except Exception:  # a benchmark domain outside what generation supports counts as 0 tasks
        tasks = 0
    return tasks, time.process_time() - started


def noop(x: int) -> int:
    return x
