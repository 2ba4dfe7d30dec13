"""The in-process step rate of the environment core: ``step_rate`` is the row bench/serve.py reports as "in process".

Sessions are spread over the given tasks in turn and each plays its task's action texts (a gold plan) again and
again, starting over when it ends; every round steps all of them, one ``Sessions.step_many`` call per task. The
latency of a step is the time of the call that carried it (all its steps wait for the call to return).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from agentgen_sym.env.core import EnvCore


@dataclass(frozen=True)
class StepRate:
    sessions: int
    steps: int
    seconds: float
    p50_ms: float
    p99_ms: float

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds if self.seconds > 0 else 0.0


def step_rate(plays: Sequence[tuple[EnvCore, Sequence[str]]], sessions: int, rounds: int) -> StepRate:
    """Step ``sessions`` episodes ``rounds`` times each; ``plays`` pairs each task's core with the texts to send."""
    if not plays or any(not texts for _, texts in plays):
        raise ValueError("every task needs at least one action text to play")
    groups = []
    for k, (core, texts) in enumerate(plays):
        ids = list(range(k, sessions, len(plays)))
        if ids:
            groups.append((core.sessions(len(ids)), list(texts), np.zeros(len(ids), dtype=np.int64)))
    latencies: list[float] = []
    steps = 0
    start = time.perf_counter()
    for _ in range(rounds):
        for batch, texts, cursor in groups:
            ended = np.flatnonzero(cursor >= len(texts))
            if ended.size:
                batch.reset(ended.tolist())
                cursor[ended] = 0
            sent = [texts[c] for c in cursor.tolist()]
            began = time.perf_counter()
            batch.step_many(range(len(batch)), sent)
            latencies.append(time.perf_counter() - began)
            cursor += 1
            steps += len(batch)
    seconds = time.perf_counter() - start
    p50, p99 = np.percentile(np.array(latencies) * 1000, [50, 99]).tolist()
    return StepRate(sessions, steps, seconds, p50, p99)
