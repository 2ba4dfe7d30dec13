"""Several planners on one task, in turn or side by side in forked processes, under one deadline.

The registry (``planners.registry``) names the portfolios and hands each its member planners;
this module runs them: the slices of the run's deadline and expansions members get in turn, and
the fork/pipe runner that races them, each member's process inheriting the task and the same
deadline instant.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import time
import traceback
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection, wait
from typing import Protocol

from agentgen_sym.compiler.limits import Deadline
from agentgen_sym.compiler.task import GroundTask
from agentgen_sym.planners import kernels
from agentgen_sym.planners.result import SearchResult, SearchStats, Status


class Member(Protocol):
    """What a portfolio needs of a planner: its name, its refusals, and a search under a deadline."""

    @property
    def name(self) -> str: ...

    def unsupported(self, task: GroundTask) -> str | None: ...

    def solve(self, task: GroundTask, time_limit: float | None = None, memory_limit_mb: float | None = None,
              expansion_limit: int | None = None, *, deadline: Deadline | None = None) -> SearchResult: ...


@dataclass(frozen=True)
class Portfolio:
    """Several planners on one task; the first that settles it (solves it or proves it unsolvable) wins.

    No single greedy search is robust (h_FF alone stalls on visitall's plateaus, which landmark
    counting crosses; lazy search wins on childsnack and loses on barman; on a domain with many
    objects lazy h_FF alone solved a task in 25 s that time slices of the default gave too little
    time), so the default satisficing planner runs several. Members that refuse the task are skipped.

    Under a time limit (and no expansion limit) the ``members`` first run in turn within
    ``FIRST_EXPANSIONS`` expansions, which settles easy tasks with the same plan on every run
    (whichever member finishes first in a race is a matter of timing), and within
    ``FIRST_TIME_SHARE`` of the time: where expansions are slow (thousands of successors each)
    that phase would otherwise leave the race little or nothing (on a childsnack task eager h_FF's
    share was 33 of the 60 s, and its 300 expansions needed more than 60); then the ``concurrent``
    members start all at once, each in a process of its own (``os.fork``: the task is inherited, never
    pickled, and a daemonic worker may run a portfolio too) with the run's deadline and an equal
    share of the memory limit; the first to settle the task wins and the others are killed. Nobody
    has to guess a split of the time. Where members outnumber cores, the first of ``concurrent`` (the
    lead: LAMA, the one that settles most tasks) keeps its priority and the others run ``HELPER_NICENESS``
    lower, so the lead has a core to itself and the helpers share the rest: three equal members on two
    cores would each get two thirds of one, and a task the lead needs 45 s for alone would miss a 60 s
    limit. With a core per member the niceness changes nothing.
    Otherwise (an expansion limit: generation, which must not depend on the machine's speed; no
    time limit; no ``os.fork``) the ``members`` run in turn, each with its ``share`` of the time
    or expansions left; without a time limit each member but the last gets ``UNLIMITED_SLICE_S``
    seconds.
    """

    name: str
    members: tuple[tuple[Member, float], ...]  # (planner, share of the remaining time when in turn)
    optimal: bool = False
    concurrent: tuple[Member, ...] = ()  # planners run side by side under a time limit

    UNLIMITED_SLICE_S = 60.0
    FIRST_EXPANSIONS = 1000  # in turn before going side by side: a race would make easy tasks' plans vary
    FIRST_TIME_SHARE = 0.1  # of the time limit, at most, for that first phase
    KILL_GRACE_S = 0.25  # a member still running this long after the deadline is killed: the promise is the
    # limit + 1 s, and a member stalled on a loaded machine or inside one long kernel call must not hold the run
    HELPER_NICENESS = 5  # weight 335 against the lead's 1024: two helpers together still weigh less than it

    def unsupported(self, task: GroundTask) -> str | None:
        names = [member for member, _share in self.members] + list(self.concurrent)
        reasons = [member.unsupported(task) for member in names]
        return None if any(r is None for r in reasons) else reasons[0]

    def solve(self, task: GroundTask, time_limit: float | None = None, memory_limit_mb: float | None = None,
              expansion_limit: int | None = None, *, deadline: Deadline | None = None) -> SearchResult:
        """The members side by side or in turn (see the class docstring) until ``deadline`` (or
        ``time_limit`` seconds from now). An ``expansion_limit`` bounds all members together and is
        shared out like the time; with an expansion limit and no time limit the slices are expansions
        only, so the outcome does not depend on the machine's speed."""
        deadline = Deadline.of(time_limit, deadline)
        limit = deadline.left()
        runnable = [(m, share) for m, share in self.members if m.unsupported(task) is None]
        side_by_side = [m for m in self.concurrent if m.unsupported(task) is None]
        if not (len(side_by_side) > 1 and limit is not None and limit > 0 and expansion_limit is None
                and hasattr(os, "fork")):
            if not runnable:
                return SearchResult(Status.UNSUPPORTED, message=self.unsupported(task) or "")
            return self._in_turn(task, runnable, deadline, memory_limit_mb, expansion_limit)
        started = time.perf_counter()
        first = None
        if runnable:  # easy tasks: settled in turn within a fixed number of expansions, the same plan every run
            first = self._in_turn(task, runnable, deadline.within(limit * self.FIRST_TIME_SHARE), memory_limit_mb,
                                  self.FIRST_EXPANSIONS)
            if first.status in (Status.SOLVED, Status.UNSOLVABLE) or deadline.left() == 0:
                return first
        rest = self._side_by_side(task, side_by_side, deadline, memory_limit_mb)
        if first is not None:
            _add_stats(rest.stats, first.stats)
            rest.stats.peak_memory_mb = max(rest.stats.peak_memory_mb, first.stats.peak_memory_mb)
        rest.stats.seconds = time.perf_counter() - started
        return rest

    def _in_turn(self, task: GroundTask, runnable: list[tuple[Member, float]], deadline: Deadline,
                 memory_limit_mb: float | None, expansion_limit: int | None) -> SearchResult:
        started = time.perf_counter()
        total = SearchStats()
        last = SearchResult(Status.LIMIT_REACHED, message="time limit reached")
        for i, (member, share) in enumerate(runnable):
            is_last = i == len(runnable) - 1
            left = deadline.left()
            if left is None:
                slice_s = None if is_last or expansion_limit is not None else self.UNLIMITED_SLICE_S
            elif left == 0:
                break
            else:
                slice_s = None if is_last else left * share
            expansions = None
            if expansion_limit is not None:
                left_expansions = expansion_limit - total.expanded
                if left_expansions <= 0:
                    break
                expansions = left_expansions if is_last else max(1, int(left_expansions * share))
            last = member.solve(task, memory_limit_mb=memory_limit_mb, expansion_limit=expansions,
                                deadline=deadline.within(slice_s))
            _add_stats(total, last.stats)
            total.peak_memory_mb = max(total.peak_memory_mb, last.stats.peak_memory_mb)
            if last.status in (Status.SOLVED, Status.UNSOLVABLE):
                break
        total.seconds = time.perf_counter() - started
        return replace(last, stats=total, message=last.message or f"{self.name}: {last.status.value}")

    def _side_by_side(self, task: GroundTask, members: list[Member], deadline: Deadline,
                      memory_limit_mb: float | None) -> SearchResult:
        started = time.perf_counter()
        if kernels.available():  # else the members run the NumPy code while they compile
            kernels.load()  # once, here, rather than in every member's process
        memory = None if memory_limit_mb is None else memory_limit_mb / len(members)
        running: dict[Connection, tuple[Member, int]] = {}
        total = SearchStats()
        winner, last = None, SearchResult(Status.LIMIT_REACHED, message="time limit reached")
        parent = os.getpid()
        try:
            for position, member in enumerate(members):
                receive, send = multiprocessing.Pipe(duplex=False)
                pid = os.fork()
                if pid == 0:  # the member's process: answer, then leave without the parent's exit handlers
                    try:
                        _die_with(parent)
                        if position:
                            os.nice(self.HELPER_NICENESS)
                        receive.close()
                        _run_member(member, task, deadline, memory, send)
                    finally:
                        os._exit(0)
                send.close()
                running[receive] = (member, pid)
            answers_due = deadline.extended(self.KILL_GRACE_S)
            while running and winner is None:
                ready = wait(list(running), timeout=answers_due.left())
                if not ready:
                    break
                for connection in ready:
                    member, pid = running.pop(connection)
                    try:
                        outcome = connection.recv()
                    except EOFError:  # killed (out of memory, a signal) before it could answer
                        outcome = None
                    connection.close()
                    status = os.waitpid(pid, 0)[1]  # it exits once it has answered
                    if outcome is None:
                        outcome = SearchResult(Status.ERROR, message=f"portfolio member {member.name!r} ended "
                                                                     f"without an answer (exit code "
                                                                     f"{os.waitstatus_to_exitcode(status)})")
                    if isinstance(outcome, str):  # a bug in a member: raised here, as in turn it would be
                        raise RuntimeError(f"portfolio member {member.name!r} failed:\n{outcome}")
                    _add_stats(total, outcome.stats)
                    total.peak_memory_mb += outcome.stats.peak_memory_mb  # they held it at the same time
                    if outcome.status in (Status.SOLVED, Status.UNSOLVABLE) and winner is None:
                        winner = replace(outcome, message=outcome.message or f"{self.name}: {member.name} "
                                                                             f"{outcome.status.value}")
                    elif winner is None:  # what the last member to give up said (a limit, an error)
                        last = outcome
        finally:
            for connection, (_member, pid) in running.items():
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                connection.close()
        total.seconds = time.perf_counter() - started
        found = winner or last
        return replace(found, stats=total, message=found.message or f"{self.name}: {found.status.value}")


_PR_SET_PDEATHSIG = 1  # prctl(2), <linux/prctl.h>


def _die_with(parent: int) -> None:
    """Have the kernel kill this member when its parent dies without reaching its ``finally`` (SIGKILL,
    the out-of-memory killer, a CI timeout): otherwise each member would search on, alone, to its own
    time limit. Linux only; elsewhere that time limit is what ends an orphan."""
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return
    prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # it died before the request was made
        os._exit(0)


def _add_stats(total: SearchStats, part: SearchStats) -> None:
    """Add a member's counters and phase seconds to a portfolio's."""
    for name in ("expanded", "generated", "evaluated"):
        setattr(total, name, getattr(total, name) + getattr(part, name))
    for phase, seconds in part.phases.items():
        total.phases[phase] = total.phases.get(phase, 0.0) + seconds


def _run_member(member: Member, task: GroundTask, deadline: Deadline, memory_limit_mb: float | None,
                send: Connection) -> None:
    """One portfolio member in its own process, under the portfolio's own deadline: its SearchResult,
    or a bug's traceback as text."""
    try:
        outcome: SearchResult | str = member.solve(task, memory_limit_mb=memory_limit_mb, deadline=deadline)
    except Exception:  # noqa: BLE001 - handed to the parent, which raises it
        outcome = traceback.format_exc()
    send.send(outcome)
    send.close()
