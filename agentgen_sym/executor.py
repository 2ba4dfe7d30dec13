"""Independent units of work on every local core (a process pool) or on a Ray cluster.

The long jobs (``run`` per domain, ``build`` per inspiration text, ``export`` per shard) hand their
units to an Executor and take the outcomes back; the scheduling, queueing and transport are the
process pool's or Ray's, never ours. A unit is a module-level function with picklable arguments that
returns a value; the driver writes the results, in a fixed order, so the output does not depend on
the executor or on the number of workers.

A worker that dies (killed, out of memory) takes its unit with it: the unit is tried again, at most
``retries`` more times, and then its outcome is a ``UnitFailed`` naming the cause, never a silent
gap. Locally a dead worker breaks the whole pool, so every unit that was in flight is charged one
attempt and runs again alone (one at a time), which tells the culprit from its neighbours.
An exception raised by a unit is its outcome at once (trying the same input again gives the same
exception). ``jobs == 1`` runs units in the driver's own process, one after the other.

A job whose work comes in rounds (task generation: walk attempts, then Bi-Evol rounds) is a coroutine
that yields a ``Batch`` and is sent its outcomes; ``drive`` feeds the executor from every coroutine at
once, a batch cut into units, so one large job does not leave the other workers idle.
"""

from __future__ import annotations

import copyreg
import dataclasses
import hashlib
import heapq
import itertools
import math
import multiprocessing
import multiprocessing.connection
import os
import pickle
import resource
import subprocess
import threading
import time
import weakref
from abc import ABC, abstractmethod
from collections import Counter, OrderedDict, deque
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing import forkserver
from typing import Any

from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.extras import install_hint
from agentgen_sym.joblimits import shielded
from agentgen_sym.proctree import descendants, start_reaper

KINDS = ("local", "ray")
DEFAULT_RETRIES = 2
RAY_ADDRESS_ENV = "RAY_ADDRESS"


class ExecutorError(AgentgenError):
    """The executor cannot start (Ray missing, a cluster unreachable, bad options)."""


def available_cores() -> int:
    """The cores this process may run on (its affinity mask, which containers and taskset narrow)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


@dataclass(frozen=True)
class ExecutorOptions:
    """How to run units: ``kind`` local or ray, ``jobs`` workers (None: the cores available), the Ray
    cluster's address (None: RAY_ADDRESS, else a local Ray instance), extra attempts for a unit whose
    worker died, and the address-space limit of each worker in MiB (None: none)."""

    kind: str = "local"
    jobs: int | None = None
    ray_address: str | None = None
    retries: int = DEFAULT_RETRIES
    memory_limit_mb: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ExecutorError(f"unknown executor {self.kind!r}: choose one of {', '.join(KINDS)}")
        if self.jobs is not None and self.jobs < 1:
            raise ExecutorError("--jobs must be at least 1")
        if self.retries < 0:
            raise ExecutorError("retries must be 0 or more")
        if self.memory_limit_mb is not None and self.memory_limit_mb < 1:
            raise ExecutorError("the memory limit per worker must be at least 1 MiB")

    @property
    def workers(self) -> int:
        return self.jobs if self.jobs is not None else available_cores()


SERIAL = ExecutorOptions(jobs=1)
"""Everything in the calling process, one unit after the other."""


@dataclass(frozen=True)
class UnitFailed:
    """The outcome of a unit that could not be done: its key, why, and how many times it was tried."""

    key: str
    reason: str
    attempts: int


class Executor(ABC):
    """Units go in with ``submit(key, fn, *args)``; ``next_done()`` gives back ``(key, outcome)`` as each
    finishes, the outcome being ``fn``'s return value or a UnitFailed. Keys of units in flight are unique."""

    @abstractmethod
    def submit(self, key: str, fn: Callable[..., Any], *args: Any) -> None: ...

    @abstractmethod
    def next_done(self) -> tuple[str, Any]: ...

    @abstractmethod
    def in_flight(self) -> int: ...

    @abstractmethod
    def close(self) -> None:
        """Drop units not finished and release the workers."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc_info: object) -> None:
        if kind is not None:  # the job is stopping (a limit, Ctrl-C, an error): do not wait for running units
            self.abandon()
        self.close()

    def abandon(self) -> None:
        """Stop the units running now, without waiting for them (their results are not wanted)."""


def make_executor(options: ExecutorOptions, preload: Sequence[str] = ()) -> Executor:
    """The executor ``options`` ask for; ``preload`` names modules the local pool's fork server imports
    before it forks the workers (the unit functions' modules, and any that load what units would load on
    first use), so a worker starts in milliseconds with them. The first pool of a process fixes the list."""
    if options.kind == "ray":
        return _Ray(options)
    if options.workers == 1:
        return _Serial()
    return _LocalPool(options, preload)


def map_ordered(executor: Executor, fn: Callable[..., Any], units: Iterable[tuple[str, tuple]],
                on_done: Callable[[str, Any], None] | None = None) -> Iterator[tuple[str, Any]]:
    """Run ``fn(*args)`` for every ``(key, args)`` and yield ``(key, outcome)`` in the order given, whatever
    the order they finish in; ``on_done`` sees each as it finishes (for a progress display)."""
    order = []
    for key, args in units:
        executor.submit(key, fn, *args)
        order.append(key)
    finished: dict[str, Any] = {}
    for key in order:
        while key not in finished:
            done, outcome = executor.next_done()
            finished[done] = outcome
            if on_done is not None:
                on_done(done, outcome)
        yield key, finished.pop(key)


UNITS_PER_WORKER = 4
"""A batch is cut into about this many units per worker: units of uneven cost still even out."""

SUBMITTED_PER_WORKER = 2
"""Units the executor holds per worker (one running, one waiting beside it); the driver keeps the others,
so it can choose which goes next."""

JOBS_PER_WORKER = 8
"""Jobs under way at once per worker (the others wait their turn, each holding its state in the driver): enough
that the costliest job is under way early (a job's cost shows only in its units, and a costly one started
last ends alone; at 2 per worker, `make run`'s costliest domain started after six others and ended 8 s after
them on 2 workers), few enough to bound the driver's memory and the workers' caches of groundings."""


class Shared:
    """The arguments every unit of a batch shares (a job's domain among them), pickled once for the batch
    rather than once per unit, and unpickled once per worker process: the bytes are looked up by their
    digest among those the process has loaded (pickling and unpickling a domain's AST takes milliseconds,
    and a job sends it with every unit)."""

    __slots__ = ("value", "_pickled")

    def __init__(self, value: tuple) -> None:
        self.value = value
        self._pickled: tuple[bytes, bytes] | None = None

    def __reduce__(self) -> tuple[Callable[[bytes, bytes], Shared], tuple[bytes, bytes]]:
        if self._pickled is None:
            blob = pickle.dumps(self.value, pickle.HIGHEST_PROTOCOL)
            self._pickled = (hashlib.blake2b(blob, digest_size=16).digest(), blob)
        return _shared_from, self._pickled


SHARED_KEPT = 16
"""Shared arguments a worker process keeps unpickled (least recently used dropped first)."""

_loaded: OrderedDict[bytes, tuple] = OrderedDict()


def _shared_from(digest: bytes, blob: bytes) -> Shared:
    """The shared value, kept with its bytes: one that travels on (a grounding made in a unit, which the driver
    sends to the unit that measures its candidate) is not pickled again."""
    value = _loaded.get(digest)
    if value is None:
        value = _loaded[digest] = pickle.loads(blob)
        while len(_loaded) > SHARED_KEPT:
            _loaded.popitem(last=False)
    _loaded.move_to_end(digest)
    shared = Shared(value)
    shared._pickled = (digest, blob)
    return shared


def share_by_type(kind: type) -> None:
    """Every value of ``kind`` travels as a Shared of its fields, wherever it is pickled: a value that goes with
    many units (a grounding placed under many candidates) is pickled once, its bytes kept beside it, and
    unpickled once per worker process, and one that arrived is sent on as the bytes it came in. The job that
    sends such values registers their kind, so the values themselves know nothing of their transport.
    ``kind`` must be a dataclass compared by identity (``eq=False``) whose fields are all ``__init__``
    arguments: the bytes are kept per object, and it is rebuilt from its fields."""
    if not dataclasses.is_dataclass(kind) or kind.__eq__ is not object.__eq__ or \
            not all(f.init for f in dataclasses.fields(kind)):
        raise TypeError(f"{kind.__name__} cannot travel shared: a dataclass with eq=False and init fields only")
    copyreg.pickle(kind, _travel)


_travelling: weakref.WeakKeyDictionary[Any, Shared] = weakref.WeakKeyDictionary()
"""The Shared each value of a registered kind travels as, once pickled or unpickled."""


def _travel(value: Any) -> tuple[Callable[[type, Shared], Any], tuple[type, Shared]]:
    travelling = _travelling.get(value)
    if travelling is None:
        travelling = _travelling[value] = Shared(tuple(getattr(value, f.name) for f in dataclasses.fields(value)))
    return _arrived, (type(value), travelling)


def _arrived(kind: type, travelling: Shared) -> Any:
    value = kind(*travelling.value)
    _travelling[value] = travelling  # sent on as the bytes it came in
    return value


def _batch_unit(fn: Callable[..., list], shared: Shared, chunk: list) -> tuple[list, float]:
    """A unit of a batch: ``fn(*shared, chunk)``, and the CPU seconds it took (the driver's cue to which job
    is the long one)."""
    started = time.process_time()
    outcomes = fn(*shared.value, chunk)
    return outcomes, time.process_time() - started


@dataclass(frozen=True)
class Batch:
    """What a job's coroutine asks for: ``fn(*shared, chunk)`` over consecutive chunks of ``items``, each
    call returning one outcome per item of its chunk; the coroutine is sent all outcomes, in item order."""

    fn: Callable[..., list]
    shared: tuple
    items: Sequence[Any]


class BatchFailed(AgentgenError):
    """Thrown into a job's coroutine when a unit of its batch failed (its worker died too often, or it raised)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


Job = Generator[Batch, list, Any]


def drive(executor: Executor, jobs: Mapping[str, Job], workers: int,
          on_done: Callable[[str, Any], None] | None = None) -> dict[str, Any]:
    """Run the jobs' coroutines together to their ends and give back what each returned, by name.

    JOBS_PER_WORKER jobs per worker are under way at once, taken in the order given. Every batch a job
    yields is cut into about UNITS_PER_WORKER units per worker; when the last of its units is back the job
    is sent its outcomes and runs on to its next batch. The executor holds SUBMITTED_PER_WORKER units per
    worker; of the others, those of the job that has taken the most CPU so far go first: the costliest job
    has the longest chain of batches, and one that starts its last batches when the others are done leaves
    the workers idle around it (the order of units changes no outcome).
    A failed unit throws BatchFailed into its job (the batch's other units are dropped).
    ``on_done`` sees each job's result as it ends (to mark it done at once). An exception a job does not
    catch ends ``drive`` with it: jobs are the driver's own code."""
    results: dict[str, Any] = {}
    waiting: dict[str, tuple[int, list[list | None]]] = {}  # job: (its batch number, outcomes per unit)
    batches: Counter[str] = Counter()
    taken: Counter[str] = Counter()  # CPU seconds each job's units took
    units: list[tuple[float, int, str, tuple]] = []  # heap: (-CPU taken, arrival, key, arguments)
    arrivals = itertools.count()
    queued = deque(jobs)

    def submit() -> None:
        while units and executor.in_flight() < SUBMITTED_PER_WORKER * workers:
            _, _, key, arguments = heapq.heappop(units)
            executor.submit(key, _batch_unit, *arguments)

    def resume(name: str, outcomes: list | None = None, error: BaseException | None = None) -> None:
        job = jobs[name]
        while True:
            try:
                batch = job.throw(error) if error is not None else job.send(outcomes)
            except StopIteration as stop:
                results[name] = stop.value
                if on_done is not None:
                    on_done(name, stop.value)
                if queued:  # its turn passes to the next job
                    name, job, outcomes, error = queued[0], jobs[queued.popleft()], None, None
                    continue
                return
            error = None
            if not batch.items:
                outcomes = []
                continue
            batches[name] += 1
            size = -(-len(batch.items) // (UNITS_PER_WORKER * workers))
            chunks = [batch.items[i:i + size] for i in range(0, len(batch.items), size)]
            waiting[name] = (batches[name], [None] * len(chunks))
            shared = Shared(batch.shared)
            for i, chunk in enumerate(chunks):
                key = f"{name}#{batches[name]}.{i}"
                heapq.heappush(units, (-taken[name] or -math.inf, next(arrivals), key, (batch.fn, shared, list(chunk))))
            submit()  # the workers start on it while the driver prepares the next job's
            return

    while queued and len(waiting) < JOBS_PER_WORKER * workers:
        resume(queued.popleft())
    while waiting:
        key, outcome = executor.next_done()
        name, unit = key.rsplit("#", 1)
        number, part = map(int, unit.split("."))
        if not isinstance(outcome, UnitFailed):
            outcome, seconds = outcome
            taken[name] += seconds
        if name in waiting and waiting[name][0] == number:  # not the rest of a failed batch
            parts = waiting[name][1]
            if isinstance(outcome, UnitFailed):
                del waiting[name]
                units[:] = [u for u in units if not u[2].startswith(f"{name}#{number}.")]
                heapq.heapify(units)
                resume(name, error=BatchFailed(outcome.reason))
            else:
                parts[part] = outcome
                if all(p is not None for p in parts):
                    del waiting[name]
                    resume(name, [o for p in parts for o in p])
        submit()
    return results


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


class _Serial(Executor):
    def __init__(self) -> None:
        self._waiting: deque[tuple[str, Callable[..., Any], tuple]] = deque()

    def submit(self, key: str, fn: Callable[..., Any], *args: Any) -> None:
        self._waiting.append((key, fn, args))

    def next_done(self) -> tuple[str, Any]:
        key, fn, args = self._waiting.popleft()
        try:
            return key, fn(*args)
        except Exception as exc:  # a unit's bug is its outcome, as in a worker
            return key, UnitFailed(key, _describe(exc), 1)

    def in_flight(self) -> int:
        return len(self._waiting)

    def close(self) -> None:
        self._waiting.clear()


def _limit_memory(memory_limit_mb: int | None) -> None:
    """Cap the address space so a runaway solve raises MemoryError in its own unit."""
    if memory_limit_mb is not None:
        limit = memory_limit_mb * 2 ** 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


DRIVER_GONE_EXIT = 70
"""A local worker's exit status when it ends because its driver has gone."""


def start_worker(memory_limit_mb: int | None) -> None:
    """A local worker's start-up: its memory limit, and a watch on the driver that ends the worker when the
    driver is gone. A worker is the fork server's child, not the driver's, so nothing else would end it: a
    driver killed outright (SIGKILL, the out-of-memory killer) left the workers waiting on their queue for
    ever, each holding the fork server open. The driver holds the write end of a pipe for each worker it
    starts (multiprocessing's parent sentinel), which the kernel closes when the driver dies."""
    _limit_memory(memory_limit_mb)
    driver = multiprocessing.parent_process()
    if driver is not None:
        threading.Thread(target=_exit_with, args=(driver.sentinel,), name="driver-watch", daemon=True).start()


def _exit_with(sentinel: int) -> None:
    """End this process as soon as ``sentinel`` is at its end (the driver has gone), whatever its unit is doing."""
    multiprocessing.connection.wait([sentinel])
    os._exit(DRIVER_GONE_EXIT)


_LIVENESS_POLL_S = 1.0
"""How often a driver waiting on its units checks that the pool's workers are alive."""


HANDED_PER_WORKER = 2
"""Units handed to the local pool per worker: one running and one waiting beside it, so a worker that finishes
starts the next unit at once rather than when the driver is back from a job's own code. A unit waiting
beside a worker that dies is charged the death too; it then runs alone, so it is charged no more than once."""


class _LocalPool(Executor):
    """A ProcessPoolExecutor of ``options.workers`` processes started by a fork server (forking a
    driver that runs threads, such as the LLM client's, can copy a held lock into the child).

    The pool's manager thread watches the workers it knew when it last woke up, and a fork-server pool
    starts its workers one at a time, after that wake-up: a worker started then and killed before any
    other result comes back is never seen to die, and its unit's future never completes (CPython 3.11).
    So the driver checks the workers' liveness itself while it waits."""

    def __init__(self, options: ExecutorOptions, preload: Sequence[str]) -> None:
        self.options = options
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(list(preload))
        # the server imports the preloaded modules (about a second) while the jobs prepare their first units;
        # a worker can be forked only after that, so a pool started on the first unit would wait for it
        forkserver.ensure_running()
        self._pool: ProcessPoolExecutor | None = None
        self._units: dict[str, tuple[Callable[..., Any], tuple]] = {}
        self._waiting: deque[str] = deque()
        self._running: dict[Future, str] = {}
        self._ready: deque[tuple[str, Any]] = deque()
        self._deaths: Counter[str] = Counter()
        self._suspects: set[str] = set()  # in flight when a worker died: each runs alone until it finishes
        self._idle_deaths = 0  # pools broken in a row by a worker that died between units

    def submit(self, key: str, fn: Callable[..., Any], *args: Any) -> None:
        self._units[key] = (fn, args)
        self._waiting.append(key)
        self._fill()

    def in_flight(self) -> int:
        return len(self._waiting) + len(self._running) + len(self._ready)

    def next_done(self) -> tuple[str, Any]:
        while not self._ready:
            if not self._running:
                if not self._waiting:
                    raise LookupError("next_done with no unit submitted")
                self._fill()
            done, _ = wait(list(self._running), timeout=_LIVENESS_POLL_S, return_when=FIRST_COMPLETED)
            if not done and self._a_worker_died():
                self._pool_died()
                self._fill()
                continue
            broken = False
            for future in done:
                key = self._running.pop(future)
                try:
                    self._finish(key, future.result())
                except BrokenProcessPool:
                    broken = True
                    self._running[future] = key  # charged with the rest below
                except Exception as exc:
                    self._finish(key, UnitFailed(key, _describe(exc), self._deaths[key] + 1))
            if broken:
                self._pool_died()
            self._fill()
        return self._ready.popleft()

    def abandon(self) -> None:
        if self._pool is not None:
            for process in list(getattr(self._pool, "_processes", {}).values()):  # no public kill before 3.14
                process.kill()
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        self._waiting.clear()
        self._running.clear()

    def _finish(self, key: str, outcome: Any) -> None:
        self._idle_deaths = 0
        self._suspects.discard(key)
        self._units.pop(key, None)
        self._ready.append((key, outcome))

    def _a_worker_died(self) -> bool:
        processes = getattr(self._pool, "_processes", None) or {}  # no public view of the workers
        return any(not process.is_alive() for process in list(processes.values()))

    def _pool_died(self) -> None:
        """Every unit in flight when the pool broke is charged one death; those with attempts left run
        again first, alone; the others are reported. The broken pool's other workers are killed, not
        waited for: their units run again anyway."""
        charged = list(self._running.values())
        self._running.clear()
        self.abandon()
        for key in reversed(charged):
            self._deaths[key] += 1
            if self._deaths[key] > self.options.retries:
                self._finish(key, UnitFailed(key, f"its worker died {self._deaths[key]} time(s) (killed or out of "
                                                  "memory)", self._deaths[key]))
            else:
                self._suspects.add(key)
                self._waiting.appendleft(key)

    def _fill(self) -> None:
        while self._waiting and len(self._running) < HANDED_PER_WORKER * self.options.workers:
            key = self._waiting[0]
            alone = key in self._suspects or any(k in self._suspects for k in self._running.values())
            if alone and self._running:
                return
            self._waiting.popleft()
            fn, args = self._units[key]
            if self._pool is None:
                self._pool = ProcessPoolExecutor(self.options.workers, mp_context=self._context,
                                                 initializer=start_worker, initargs=(self.options.memory_limit_mb,))
            try:
                with shielded():  # a job limit due while a worker starts waits until the pool knows it (to kill it)
                    self._running[self._pool.submit(fn, *args)] = key
            except BrokenProcessPool:  # a worker died between units (killed while idle): a new pool
                self._waiting.appendleft(key)
                self._idle_deaths += 1
                if self._idle_deaths > self.options.retries:
                    raise ExecutorError(f"the worker pool broke {self._idle_deaths} times in a row before "
                                        "running a unit (workers cannot start?)") from None
                self._pool_died()
                continue
            if alone:
                return


def _call(fn: Callable[..., Any], memory_limit_mb: int | None, *args: Any) -> Any:
    """A Ray task: the unit, under the worker's memory limit (reset after, a Ray worker is reused)."""
    if memory_limit_mb is None:
        return fn(*args)
    before = resource.getrlimit(resource.RLIMIT_AS)
    _limit_memory(memory_limit_mb)
    try:
        return fn(*args)
    finally:
        resource.setrlimit(resource.RLIMIT_AS, before)


class _Ray(Executor):
    """Ray tasks: ``ray.init()`` on RAY_ADDRESS or ``ray_address`` when given, else a local instance of
    ``jobs`` CPUs; an instance already started in this process (a test's, a notebook's) is used as it is.
    Ray retries a task whose worker died (``max_retries``); application errors are not retried.

    A local instance's processes are the driver's to end: Ray ends its head processes with the driver,
    but the agents the raylet starts outlive a driver killed outright (they wait a minute on the dead GCS
    to report it), so a reaper (agentgen_sym.proctree) ends whatever of the instance is left when the
    driver closes it or dies."""

    def __init__(self, options: ExecutorOptions) -> None:
        try:
            import ray
        except ImportError as exc:
            raise ExecutorError(f"--executor ray needs Ray: {install_hint('ray')}") from exc
        self.options, self._ray = options, ray
        self._owned = False
        self._reaper: subprocess.Popen[bytes] | None = None
        if not ray.is_initialized():
            address = options.ray_address or os.environ.get(RAY_ADDRESS_ENV)
            settings: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            before = set(descendants())
            try:
                if address:
                    ray.init(address=address, **settings)
                else:
                    ray.init(num_cpus=options.workers, **settings)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise ExecutorError(f"cannot start Ray{' at ' + address if address else ''}: {exc}") from exc
            self._owned = True
            if not address:  # the instance is this driver's: it must not outlive it
                self._reaper = start_reaper([pid for pid in descendants() if pid not in before])
        self._task = ray.remote(_call).options(num_cpus=1, max_retries=options.retries, retry_exceptions=False)
        self._refs: dict[Any, str] = {}

    def submit(self, key: str, fn: Callable[..., Any], *args: Any) -> None:
        self._refs[self._task.remote(fn, self.options.memory_limit_mb, *args)] = key

    def in_flight(self) -> int:
        return len(self._refs)

    def next_done(self) -> tuple[str, Any]:
        if not self._refs:
            raise LookupError("next_done with no unit submitted")
        ray = self._ray
        (ref,), _ = ray.wait(list(self._refs), num_returns=1)
        key = self._refs.pop(ref)
        try:
            return key, ray.get(ref)
        except ray.exceptions.RayTaskError as exc:  # the unit raised: its outcome, not retried
            cause = exc.cause if isinstance(getattr(exc, "cause", None), BaseException) else exc
            return key, UnitFailed(key, _describe(cause), 1)
        except ray.exceptions.RayError as exc:  # the worker or its node died, retries spent
            return key, UnitFailed(key, f"its worker died {self.options.retries + 1} time(s): "
                                        f"{type(exc).__name__}", self.options.retries + 1)

    def close(self) -> None:
        for ref in self._refs:
            self._ray.cancel(ref, force=True)
        self._refs.clear()
        if self._owned:
            self._ray.shutdown()
            self._owned = False
        if self._reaper is not None:  # it ends what the shutdown left, then itself
            self._reaper.communicate()
            self._reaper = None
