"""Units of work for the executor tests: module-level functions, so a fork server or Ray can import them."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Generator
from dataclasses import dataclass
from pathlib import Path

from agentgen_sym.executor import Batch, BatchFailed, Shared, share_by_type


def square(x: int) -> int:
    return x * x


def fail_on(x: int, bad: int) -> int:
    if x == bad:
        raise ValueError(f"{x} is bad")
    return x


def die_first_time(x: int, marks: Path) -> int:
    """Kill its own worker the first time it runs (a marker file remembers), then answer."""
    mark = marks / f"{x}.died"
    if not mark.exists():
        mark.write_text("")
        os.kill(os.getpid(), signal.SIGKILL)
    return x


def die_always(x: int, marks: Path) -> int:
    (marks / f"{x}.{os.getpid()}.tried").write_text("")
    os.kill(os.getpid(), signal.SIGKILL)
    return x


def allocate_mib(mib: int) -> int:
    return len(bytearray(mib * 2 ** 20))


def loaded_before_the_first_unit() -> tuple[bool, bool]:
    """Whether this worker had the numba kernels and matplotlib's pyplot before any unit used them."""
    from agentgen_sym.planners import kernels

    return kernels.load.cache_info().currsize == 1, "matplotlib.pyplot" in sys.modules


def squares(offset: int, xs: list[int]) -> list[int]:
    """A batch's unit: one outcome per item of its chunk."""
    if 13 in xs:
        raise ValueError("13 is unlucky")
    return [offset + x * x for x in xs]


def batches(rounds: list[list[int]], log: list) -> Generator[Batch, list, list[list[int]]]:
    """A job for ``drive``: one batch per round, each round's outcomes kept; a failed batch is logged and skipped."""
    got = []
    for items in rounds:
        try:
            got.append((yield Batch(squares, (100,), items)))
        except BatchFailed as exc:
            log.append(exc.reason)
    return got


RAN: list[str] = []
"""The jobs whose units ``work`` ran, in the order they ran (the serial executor runs units in the driver)."""


def work(job: str, seconds: float, items: list[int]) -> list[int]:
    """A batch's unit that takes ``seconds`` of CPU and notes whose it was."""
    import time

    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    RAN.append(job)
    return items


def rounds_of_work(job: str, first_seconds: float, rounds: int) -> Generator[Batch, list, None]:
    """A job for ``drive``: a first batch of one unit taking ``first_seconds`` of CPU, then ``rounds`` batches of
    four items taking none."""
    yield Batch(work, (job, first_seconds), [0])
    for _ in range(rounds):
        yield Batch(work, (job, 0.0), [0, 1, 2, 3])


def started_at(seconds: float) -> float:
    """When it started (the clock is the machine's, shared with the driver), after working ``seconds``."""
    import time

    start = time.time()
    time.sleep(seconds)
    return start


class Counted:
    """A shared argument that counts how often it is pickled (in the process that pickles it)."""

    pickled = 0

    def __init__(self, payload: bytes) -> None:
        self.payload = payload

    def __reduce__(self):
        Counted.pickled += 1
        return Counted, (self.payload,)


def made_shared(chunk: list[int]) -> list[Shared]:
    """Per item, a value made here to travel on (as a grounding made in a unit does)."""
    return [Shared((Counted(b"%d" % item * 10_000),)) for item in chunk]


def payload_size(travelling: list[Shared]) -> list[int]:
    return [len(shared.value[0].payload) for shared in travelling]


@dataclass(frozen=True, eq=False)
class Carried:
    """A value of a kind the executor shares by type (as a grounding is): no transport of its own."""

    counted: Counted
    label: str


share_by_type(Carried)


def made_carried(chunk: list[int]) -> list[Carried]:
    """Per item, a value of a shared kind made here to travel on."""
    return [Carried(Counted(b"%d" % item * 10_000), str(item)) for item in chunk]


def carried_size(chunk: list[Carried]) -> list[tuple[int, str]]:
    return [(len(value.counted.payload), value.label) for value in chunk]


def where_shared(shared: Counted, chunk: list[int]) -> list[tuple[int, int]]:
    """Per item, this worker's pid and the identity of the shared argument it was given."""
    return [(os.getpid(), id(shared))] * len(chunk)
