"""Scale-out: the executor's contract (order, failures, dead workers retried then reported, memory per
worker, jobs' batches driven together) and the long jobs giving the same files whatever runs them:
`run`, `generate`, `evolve` and `build` with --jobs 1, --jobs 2 and Ray (a local instance the tests
start), a worker killed mid-run, a run resumed under another executor."""

from __future__ import annotations

import json
import multiprocessing.connection
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import process as pool_internals
from pathlib import Path

import pytest

import agentgen_sym.export.export
from agentgen_sym.drafting import BuildOptions, build
from agentgen_sym.executor import (SERIAL, ExecutorError, ExecutorOptions, UnitFailed, drive, make_executor,
                                   map_ordered)
from agentgen_sym.llm import LLMClient, LLMConfig, ResponseCache
from agentgen_sym.pipeline import run

from . import executor_units as units
from .conftest import CORPUS, requires_extra
from .llm_scripts import CorpusRouter, RoutedLLMServer, corpus_scenario, domain_reply, domain_text, rename_domain

TWO = ExecutorOptions(jobs=2)
FAST = {"timeout_s": 5.0, "max_retries": 1, "backoff_s": 0.01, "backoff_max_s": 0.05}


@pytest.fixture(scope="module")
def ray_local():
    """A local Ray instance of 2 CPUs for this module's tests; the executor uses it as it finds it."""
    ray = requires_extra("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ExecutorOptions(kind="ray", jobs=2)
    ray.shutdown()


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


# --- the executor -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [SERIAL, TWO], ids=["serial", "pool"])
def test_outcomes_come_back_in_the_order_given_and_a_raising_unit_is_reported(options: ExecutorOptions):
    with make_executor(options) as pool:
        got = list(map_ordered(pool, units.fail_on, ((str(x), (x, 3)) for x in range(6))))
    assert [key for key, _ in got] == [str(x) for x in range(6)]
    assert [v for _, v in got if not isinstance(v, UnitFailed)] == [0, 1, 2, 4, 5]
    failed = dict(got)["3"]
    assert isinstance(failed, UnitFailed) and failed.reason == "ValueError: 3 is bad" and failed.attempts == 1


def test_a_killed_worker_has_its_unit_retried_and_no_unit_is_lost_or_repeated(tmp_path: Path):
    with make_executor(ExecutorOptions(jobs=2, retries=2)) as pool:
        got = list(map_ordered(pool, units.die_first_time, ((str(x), (x, tmp_path)) for x in range(5))))
    assert got == [(str(x), x) for x in range(5)]  # each once, in order, each worker killed once
    assert len(list(tmp_path.glob("*.died"))) == 5


def test_a_unit_that_always_kills_its_worker_is_reported_after_its_retries(tmp_path: Path):
    with make_executor(ExecutorOptions(jobs=2, retries=1)) as pool:
        pool.submit("bad", units.die_always, 7, tmp_path)
        for x in range(3):
            pool.submit(str(x), units.square, x)
        got = dict(pool.next_done() for _ in range(4))
    assert {k: got[k] for k in "012"} == {"0": 0, "1": 1, "2": 4}  # its neighbours are not charged
    failed = got["bad"]
    assert isinstance(failed, UnitFailed) and failed.attempts == 2 and "died 2 time(s)" in failed.reason
    assert len(list(tmp_path.glob("7.*.tried"))) == 2


def test_a_worker_starts_its_next_unit_while_the_driver_is_busy_elsewhere():
    """The driver runs the jobs' own code between its calls to next_done; a worker done with a unit starts the next
    one it was handed at once, not when the driver comes back."""
    with make_executor(TWO) as pool:
        for key in "abcd":  # two per worker
            pool.submit(key, units.started_at, 0.5)
        time.sleep(4.0)  # the driver busy in a job
        started = [start for _, start in (pool.next_done() for _ in range(4))]
    assert max(started) - min(started) < 1.5, started


def test_a_worker_killed_between_units_breaks_nothing():
    """Short units (a batch of candidates) leave workers idle between them: one killed then is replaced."""
    with make_executor(ExecutorOptions(jobs=2)) as pool:
        assert list(map_ordered(pool, units.square, [("a", (2,))])) == [("a", 4)]
        worker = next(iter(pool._pool._processes.values()))  # noqa: SLF001 (the pool's own processes)
        os.kill(worker.pid, signal.SIGKILL)
        worker.join(10)
        time.sleep(0.5)  # the pool's manager thread notices the death and marks the pool broken
        assert list(map_ordered(pool, units.square, ((str(x), (x,)) for x in range(4)))) == \
            [(str(x), x * x) for x in range(4)]


@pytest.mark.timeout(120)
def test_a_worker_death_the_pools_manager_misses_is_found_all_the_same(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch):
    """CPython's pool notices a dead worker only if it knew the worker when it last woke up (one started
    later and killed before any other result comes back is missed): the executor checks liveness itself."""
    real_wait = multiprocessing.connection.wait

    def blind_to_deaths(objects, timeout=None):  # the manager's wait for results, wake-ups or deaths
        if isinstance(threading.current_thread(), pool_internals._ExecutorManagerThread) and \
                any(isinstance(o, multiprocessing.connection.Connection) for o in objects):  # noqa: SLF001
            objects = [o for o in objects if not isinstance(o, int)]  # a worker's sentinel is its fd
        return real_wait(objects, timeout)

    monkeypatch.setattr(multiprocessing.connection, "wait", blind_to_deaths)
    with make_executor(ExecutorOptions(jobs=2, retries=2)) as pool:
        got = list(map_ordered(pool, units.die_first_time, ((str(x), (x, tmp_path)) for x in range(3))))
    assert got == [(str(x), x) for x in range(3)]
    monkeypatch.undo()
    for manager, wakeup in list(pool_internals._threads_wakeups.items()):  # noqa: SLF001 the broken pools'
        wakeup.wakeup()  # managers, still blind in their last wait, now see the dead workers and stop
        manager.join(10)


def test_each_worker_honours_the_memory_limit(tmp_path: Path):
    with make_executor(ExecutorOptions(jobs=2, memory_limit_mb=2048)) as pool:
        got = dict(map_ordered(pool, units.allocate_mib, [("small", (16,)), ("huge", (4096,))]))
    assert got["small"] == 16 * 2 ** 20
    assert isinstance(got["huge"], UnitFailed) and got["huge"].reason.startswith("MemoryError")


@pytest.mark.parametrize("options", [SERIAL, TWO], ids=["serial", "pool"])
def test_drive_runs_the_jobs_batches_together_and_sends_each_its_outcomes_in_order(options: ExecutorOptions):
    log: list[str] = []
    jobs = {"a": units.batches([list(range(10)), [], [3]], log), "b": units.batches([[13, 2], [5]], log)}
    finished = []
    with make_executor(options) as pool:
        got = drive(pool, jobs, options.workers, lambda name, result: finished.append(name))
    assert got == {"a": [[100 + x * x for x in range(10)], [], [109]], "b": [[125]]}
    assert log == ["ValueError: 13 is unlucky"]  # b's first batch failed: thrown into b, which went on
    assert sorted(finished) == ["a", "b"]


def test_drive_keeps_a_bounded_number_of_jobs_under_way(monkeypatch: pytest.MonkeyPatch):
    """Jobs beyond JOBS_PER_WORKER per worker wait their turn (each holds groundings in the workers' caches)."""
    import agentgen_sym.executor as executor_module

    monkeypatch.setattr(executor_module, "JOBS_PER_WORKER", 1)
    started: list[str] = []

    def job(name: str, rounds: int):
        started.append(name)
        got = []
        for r in range(rounds):
            got += (yield executor_module.Batch(units.squares, (0,), [r]))
        return got

    log: list[str] = []
    jobs = {"a": job("a", 3), "b": job("b", 0), "c": units.batches([[13]], log), "d": job("d", 2)}
    with make_executor(SERIAL) as pool:
        order = []
        got = drive(pool, jobs, 1, lambda name, _: order.append(name))
    assert got == {"a": [0, 1, 4], "b": [], "c": [], "d": [0, 1]} and log == ["ValueError: 13 is unlucky"]
    assert order == ["a", "b", "c", "d"]  # one at a time: each ends before the next starts
    assert started == ["a", "b", "d"]


def test_the_units_of_the_job_that_took_the_most_cpu_go_first(monkeypatch: pytest.MonkeyPatch):
    """The costliest job's chain of batches sets the end of a run: its units go ahead of a cheaper job's
    (the serial executor holds two units, one running and one waiting, as a pool's worker does)."""
    monkeypatch.setattr(units, "RAN", [])
    jobs = {"cheap": units.rounds_of_work("cheap", 0.005, 1), "costly": units.rounds_of_work("costly", 0.1, 1)}
    with make_executor(SERIAL) as pool:
        drive(pool, jobs, 1)
    # the first batches, then cheap's first unit of round two (submitted while costly's first batch ran),
    # then all of costly's, ahead of cheap's that came first; first come, first served would run cheap's four
    assert units.RAN == ["cheap", "costly", "cheap", *["costly"] * 4, *["cheap"] * 3]


def test_a_job_just_started_goes_ahead_of_the_others(monkeypatch: pytest.MonkeyPatch):
    """A job that has taken no CPU yet is not starved by those that have: its first batch goes first (it
    shows what the job costs)."""
    import agentgen_sym.executor as executor_module

    monkeypatch.setattr(executor_module, "JOBS_PER_WORKER", 2)
    monkeypatch.setattr(units, "RAN", [])
    jobs = {"costly": units.rounds_of_work("costly", 0.1, 2), "quick": units.rounds_of_work("quick", 0.005, 0),
            "late": units.rounds_of_work("late", 0.005, 0)}
    with make_executor(SERIAL) as pool:
        drive(pool, jobs, 1)
    # costly and quick start together (two jobs under way); quick ends after its first batch and
    # late starts, its first unit ahead of costly's second round, one of whose units was already handed
    assert units.RAN == ["costly", "quick", "costly", "late", *["costly"] * 7]


def test_a_batchs_shared_arguments_are_pickled_once_and_unpickled_once_per_worker():
    """A batch's shared arguments (a job's domain) travel once for all its units: pickled once in the driver,
    unpickled once in each worker, whose units all see the same object."""
    import agentgen_sym.executor as executor_module

    def job():
        return (yield executor_module.Batch(units.where_shared, (units.Counted(b"x" * 100_000),), list(range(32))))

    units.Counted.pickled = 0
    with make_executor(TWO) as pool:
        got = drive(pool, {"job": job()}, 2)["job"]
    assert units.Counted.pickled == 1 and len(got) == 32
    identities: dict[int, set[int]] = {}
    for pid, identity in got:
        identities.setdefault(pid, set()).add(identity)
    assert all(len(seen) == 1 for seen in identities.values())  # one object per worker, however many units


def test_a_shared_value_made_in_a_worker_travels_on_as_the_bytes_it_came_in():
    """The driver sends a value a unit made (a grounding) on to other units without pickling it again."""
    with make_executor(TWO) as pool:
        pool.submit("make", units.made_shared, [1, 2])
        _, made = pool.next_done()
        units.Counted.pickled = 0
        pool.submit("use", units.payload_size, made)
        assert pool.next_done() == ("use", [10_000, 10_000])
    assert units.Counted.pickled == 0


def test_a_value_of_a_shared_kind_is_pickled_once_and_unpickled_once_per_process():
    """A value whose kind the job registered (``share_by_type``) is pickled once however many units it goes with,
    and unpickled once per process: its fields are the same objects in every copy there."""
    import pickle

    value = units.Carried(units.Counted(b"x" * 1000), "a")
    units.Counted.pickled = 0
    sent = [pickle.dumps([value, value]) for _ in range(3)]
    assert units.Counted.pickled == 1
    copies = [copy for blob in sent for copy in pickle.loads(blob)]
    assert all(isinstance(c, units.Carried) and c.label == "a" for c in copies)
    assert len({id(c.counted) for c in copies}) == 1


def test_a_value_of_a_shared_kind_made_in_a_worker_travels_on_as_the_bytes_it_came_in():
    """The driver sends a value of a shared kind that a unit made (a grounding) on to other units without
    pickling it again."""
    with make_executor(TWO) as pool:
        pool.submit("make", units.made_carried, [1, 2])
        _, made = pool.next_done()
        units.Counted.pickled = 0
        pool.submit("use", units.carried_size, made)
        assert pool.next_done() == ("use", [(10_000, "1"), (10_000, "2")])
    assert units.Counted.pickled == 0


def test_only_a_dataclass_compared_by_identity_can_be_shared_by_type():
    """The executor keeps a shared value's bytes per object and rebuilds it from its fields: a kind compared by
    value (equal values would share one entry) or one that is no dataclass is refused."""
    from dataclasses import dataclass

    from agentgen_sym.executor import share_by_type

    @dataclass(frozen=True)
    class ByValue:
        x: int

    for kind in (ByValue, units.Counted):
        with pytest.raises(TypeError, match="cannot travel shared"):
            share_by_type(kind)


_FIRST_UNIT = """
from agentgen_sym.executor import ExecutorOptions, make_executor
from agentgen_sym.generation.generate import PRELOAD
from tests.executor_units import loaded_before_the_first_unit
with make_executor(ExecutorOptions(jobs=2), preload=PRELOAD) as pool:
    pool.submit("first", loaded_before_the_first_unit)
    print(pool.next_done()[1])
"""


def test_generation_workers_start_with_the_kernels_and_pyplot_loaded():
    """Loaded by the fork server once, not by each worker of each pool on its first unit (about 1 s each).
    In a process of its own: the fork server's preload is fixed by the first pool a process starts."""
    done = subprocess.run([sys.executable, "-c", _FIRST_UNIT], cwd=Path(__file__).parents[1], capture_output=True,
                          text=True, timeout=300)
    assert done.stdout.strip() == "(True, True)", done.stderr


def test_bad_options_are_refused():
    for bad in ({"kind": "slurm"}, {"jobs": 0}, {"retries": -1}, {"memory_limit_mb": 0}):
        with pytest.raises(ExecutorError):
            ExecutorOptions(**bad)


@pytest.mark.parametrize("command", [["run"], ["generate", "d.pddl", "p.pddl"], ["evolve", "tasks"]],
                         ids=["run", "generate", "evolve"])
def test_the_cli_refuses_a_ray_address_without_ray(command: list[str], tmp_path: Path,
                                                   capsys: pytest.CaptureFixture):
    from agentgen_sym.cli import main

    assert main([*command, "--out", str(tmp_path / "o"), "--ray-address", "ray://x:1"]) == 2
    assert "--ray-address needs --executor ray" in capsys.readouterr().err


# --- run: the same files under every executor -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def small_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("corpus")
    for name in ("kitchen-line", "drone-warehouse"):
        shutil.copytree(CORPUS / name, root / name)
    return root


@pytest.fixture(scope="module")
def run_reference(small_corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    out = tmp_path_factory.mktemp("serial") / "out"
    assert not any(s.error for s in run(small_corpus, out, 2, 5, command="agentgen-sym run", executor=SERIAL))
    return files(out)


def _without_command(produced: dict[str, bytes]) -> dict[str, object]:
    """A run's files less what quotes its command line, which names this run's --out: the dataset cards
    (README.md, top level and per domain) and exports.json left out, provenance.json compared without its
    commands and croissant.json without its PROV activities (the command lines)."""
    kept: dict[str, object] = {}
    for name, data in produced.items():
        if Path(name).name in ("README.md", "exports.json"):
            continue
        if Path(name).name == "provenance.json":
            kept[name] = {k: v for k, v in json.loads(data).items() if k != "commands"}
        elif Path(name).name == "croissant.json":
            kept[name] = {k: v for k, v in json.loads(data).items() if k != "prov:wasGeneratedBy"}
        else:
            kept[name] = data
    return kept


@pytest.mark.slow
def test_run_gives_the_same_bytes_with_two_workers_and_with_ray(small_corpus: Path, run_reference: dict[str, bytes],
                                                                tmp_path: Path, ray_local: ExecutorOptions):
    assert {"dataset.openai.jsonl", "report.md", "kitchen-line/done.json",
            "drone-warehouse/tasks/difficulty.png"} <= set(run_reference)
    for name, options in (("pool", TWO), ("ray", ray_local)):
        run(small_corpus, tmp_path / name, 2, 5, command="agentgen-sym run", executor=options)
        assert files(tmp_path / name) == run_reference, name


@pytest.mark.slow
def test_a_run_interrupted_under_ray_resumes_locally(small_corpus: Path, run_reference: dict[str, bytes],
                                                     tmp_path: Path, ray_local: ExecutorOptions):
    out = tmp_path / "out"
    run(small_corpus, out, 2, 5, command="agentgen-sym run", executor=ray_local)
    (out / "drone-warehouse" / "done.json").unlink()  # as if the job had stopped during this domain
    shutil.rmtree(out / "drone-warehouse" / "tasks")
    (out / "dataset.openai.jsonl").unlink()
    kitchen = (out / "kitchen-line" / "tasks" / "tasks.jsonl").stat().st_mtime_ns
    run(small_corpus, out, 2, 5, command="agentgen-sym run", executor=TWO)
    assert files(out) == run_reference
    assert (out / "kitchen-line" / "tasks" / "tasks.jsonl").stat().st_mtime_ns == kitchen  # resumed, not redone


def _descendants(pid: int) -> list[tuple[int, int]]:
    """(pid, depth) of every process below ``pid`` (Linux /proc)."""
    found, frontier = [], [(pid, 0)]
    while frontier:
        parent, depth = frontier.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                children = (task / "children").read_text().split()
            except OSError:
                continue
            for child in children:
                found.append((int(child), depth + 1))
                frontier.append((int(child), depth + 1))
    return found


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the workers through /proc")
def test_a_worker_killed_mid_run_loses_and_duplicates_nothing(small_corpus: Path, run_reference: dict[str, bytes],
                                                              tmp_path: Path):
    out = tmp_path / "out"
    driver = subprocess.Popen([sys.executable, "-m", "agentgen_sym", "run", "--corpus", str(small_corpus), "--out",
                               str(out), "--n", "2", "--seed", "5", "--jobs", "2"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    killed = None
    deadline = time.monotonic() + 120
    while killed is None and driver.poll() is None and time.monotonic() < deadline:
        workers = [pid for pid, depth in _descendants(driver.pid) if depth == 2]  # driver > fork server > workers
        if len(workers) == 2 and any(out.glob("*/generated/tasks.jsonl")):  # both at work, one well under way
            killed = workers[0]
            os.kill(killed, signal.SIGKILL)
        time.sleep(0.05)
    stdout, stderr = driver.communicate(timeout=600)
    assert killed is not None, "no worker to kill: " + stderr[-2000:]
    assert driver.returncode == 0, stdout + stderr
    produced = files(out)
    assert {k for k in produced} == set(run_reference)
    assert _without_command(produced) == _without_command(run_reference)


def _started(pid: int) -> str | None:
    """``pid``'s start time (/proc/PID/stat field 22), None once it has ended or is a zombie."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] in ("Z", "X") else fields[19]


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


DRIVER_GONE_S = 20.0
"""How long the driver's processes may outlive it (they end within a few seconds; they stayed minutes)."""


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the processes through /proc")
@pytest.mark.parametrize("executor", ["local", pytest.param("ray", marks=pytest.mark.slow)])
def test_every_process_of_a_job_ends_when_its_driver_is_killed(executor: str, tmp_path: Path):
    """Regression: a `run` driver killed with SIGKILL left its fork server and both workers (local) or two Ray
    agents (Ray) running."""
    if executor == "ray":
        requires_extra("ray")
    folder = CORPUS / "office-mailroom"
    driver = subprocess.Popen([sys.executable, "-m", "agentgen_sym", "generate", str(folder / "domain.pddl"),
                               str(folder / "p03.pddl"), "--n", "400", "--range", "1", "40", "--out",
                               str(tmp_path / "gen"), "--jobs", "2", "--executor", executor],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    noted: dict[int, str] = {}
    try:
        deadline = time.monotonic() + 180
        while driver.poll() is None and time.monotonic() < deadline:
            below = _descendants(driver.pid)
            if executor == "local":
                working = [pid for pid, depth in below if depth == 2]  # driver > fork server > workers
            else:
                working = [pid for pid, _ in below if _cmdline(pid).startswith(b"ray::_call")]
            if len(working) == 2:
                noted = {pid: started for pid, _ in _descendants(driver.pid) if (started := _started(pid))}
                break
            time.sleep(0.1)
        assert noted, "the job's workers never started"
        os.kill(driver.pid, signal.SIGKILL)
        driver.wait()
        deadline = time.monotonic() + DRIVER_GONE_S
        while time.monotonic() < deadline and any(_started(pid) == started for pid, started in noted.items()):
            time.sleep(0.1)
        left = [_cmdline(pid)[:80] for pid, started in noted.items() if _started(pid) == started]
        assert left == [], f"{len(left)} of the driver's {len(noted)} processes outlived it"
    finally:
        if driver.poll() is None:
            driver.kill()
        for pid, started in noted.items():
            if _started(pid) == started:
                os.kill(pid, signal.SIGKILL)


# --- generate and evolve: the same files under every executor ----------------------------------------------------------

def _generate_and_evolve(out: Path, options: ExecutorOptions) -> dict[str, bytes]:
    from agentgen_sym.generation import evolve_folder, generate_folder

    folder = CORPUS / "kitchen-line"
    generate_folder(folder / "domain.pddl", sorted(folder.glob("p*.pddl"))[-1], 4, 2, out / "generated", 1, 6,
                    executor=options)
    evolve_folder(out / "generated", 4, 3, out / "evolved", 1, 8, executor=options)
    return files(out)


@pytest.fixture(scope="module")
def generate_reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    return _generate_and_evolve(tmp_path_factory.mktemp("gen-serial"), SERIAL)


def test_generate_and_evolve_give_the_same_bytes_with_two_workers(generate_reference: dict[str, bytes],
                                                                  tmp_path: Path):
    assert {"generated/tasks.jsonl", "evolved/tasks.jsonl", "evolved/difficulty.png"} <= set(generate_reference)
    assert _generate_and_evolve(tmp_path, TWO) == generate_reference


@pytest.mark.slow
def test_generate_and_evolve_give_the_same_bytes_with_ray(generate_reference: dict[str, bytes], tmp_path: Path,
                                                          ray_local: ExecutorOptions):
    assert _generate_and_evolve(tmp_path, ray_local) == generate_reference


def test_walks_in_batches_make_the_pool_walking_one_attempt_at_a_time_makes():
    """Attempts measured past the target are taken back: their numbers, dedup entries and groundings."""
    from agentgen_sym import parse_domain, parse_problem
    from agentgen_sym.generation.generate import _walk_base
    from agentgen_sym.generation.pool import TaskPool

    folder = CORPUS / "kitchen-line"
    domain, problem = parse_domain(folder / "domain.pddl"), parse_problem(sorted(folder.glob("p*.pddl"))[-1])
    pools = []
    for width in (1, 9):
        pool = TaskPool(domain, _walk_base(problem), 4)
        with make_executor(SERIAL) as executor:
            drive(executor, {"walks": pool.walks(target=3, max_attempts=40, width=width)}, 1)
        pools.append(pool)
    one, batched = pools
    assert len(one.items) == 3 and one.candidates < 9  # the wide batch measured attempts it had to take back
    assert [(g.spec, g.measurement) for g in batched.items] == [(g.spec, g.measurement) for g in one.items]
    assert (batched.candidates, batched.dedup._seen, batched.groundings.groundings) == \
        (one.candidates, one.dedup._seen, one.groundings.groundings)


# --- build: the same files under every executor -----------------------------------------------------------------------

def _build_files(out: Path) -> dict[str, bytes]:
    """Every file of a build, as bytes, but the cache (a cache, in insertion order) and the costs.json files
    (seconds and LLM usage: what the run spent, not what it made)."""
    return {name: data for name, data in files(out).items()
            if not name.startswith("llm-cache.sqlite") and Path(name).name != "costs.json"}


def _build(tmp_path: Path, name: str, options: ExecutorOptions, max_concurrency: int = 4) -> tuple[dict, object]:
    inspiration = tmp_path / "inspiration"
    if not inspiration.exists():
        inspiration.mkdir()
        for stem, text in (("a-drones", "Drones move parcels in a warehouse."),
                           ("b-copy", "Drones again, under other names."),
                           ("c-kitchen", "A kitchen line where cooks plate orders.")):
            (inspiration / f"{stem}.txt").write_text(text)
    drone = domain_text("drone-warehouse")
    router = CorpusRouter([corpus_scenario("drones", "Drones move parcels", "drone-warehouse"),
                           corpus_scenario("copy", "under other names", "drone-warehouse",
                                           [domain_reply(rename_domain(drone))]),
                           corpus_scenario("kitchen", "kitchen line", "kitchen-line")])
    out = tmp_path / name
    with RoutedLLMServer(router) as server:
        config = LLMConfig(base_url=server.url, model="test-model", max_concurrency=max_concurrency, **FAST)
        with LLMClient(config, cache=ResponseCache(out / "llm-cache.sqlite")) as client:
            report = build(inspiration, out, client, BuildOptions(n_envs=2, tasks_per_env=3, llm_evolve=1),
                           executor=options)
    return _build_files(out), report


@pytest.mark.slow
def test_build_gives_the_same_files_with_two_workers_and_with_ray(tmp_path: Path, ray_local: ExecutorOptions):
    reference, report = _build(tmp_path, "serial", SERIAL)
    assert [(e.env_id, e.reason_code) for e in report.envs] == [
        ("a-drones", "accepted"), ("b-copy", "near-duplicate"), ("c-kitchen", "accepted")]
    assert not (tmp_path / "serial" / ".partial").exists()
    costs = json.loads((tmp_path / "serial" / "costs.json").read_text())
    assert costs["usage"]["requests"] > 0 and set(costs["envs"]) == {"a-drones", "b-copy", "c-kitchen"}
    for name, options in (("pool", TWO), ("ray", ray_local)):
        produced, _ = _build(tmp_path, name, options)
        assert set(produced) == set(reference), name
        assert [file for file, content in reference.items() if produced[file] != content] == [], name


class _DownEndpoint:
    """Every request fails (HTTP 503), as a down endpoint does."""

    def __init__(self) -> None:
        self.describes = 0

    def __call__(self, body: dict):
        from .llm_server import Status

        self.describes += "describe" in json.dumps(body)
        return Status(503, "down")


def test_build_stops_after_k_endpoint_failures_in_a_row(tmp_path: Path):
    inspiration = tmp_path / "inspiration"
    inspiration.mkdir()
    for i in range(8):
        (inspiration / f"{i:02d}.txt").write_text(f"text {i}")
    route = _DownEndpoint()
    with RoutedLLMServer(route) as server:
        config = LLMConfig(base_url=server.url, model="m", **FAST)
        with LLMClient(config) as client:
            report = build(inspiration, tmp_path / "out", client,
                           BuildOptions(n_envs=2, max_endpoint_failures=3), executor=TWO)
    assert [e.reason_code for e in report.envs] == ["llm-error"] * 3
    assert report.stopped.startswith("stopped after 3 items in a row failed on the endpoint")
    assert "The build stopped after 3 items" in (tmp_path / "out" / "report.md").read_text()
    assert route.describes <= 4 * (1 + FAST["max_retries"])  # three taken, at most one drafted ahead; not all 8


def test_an_export_in_shards_gives_the_same_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from agentgen_sym.export import export_folder
    from agentgen_sym.generation import generate_folder

    folder = CORPUS / "kitchen-line"
    generate_folder(folder / "domain.pddl", sorted(folder.glob("p*.pddl"))[-1], 4, 0, tmp_path / "tasks")
    one = export_folder(tmp_path / "tasks", "openai", tmp_path / "one" / "data.jsonl", executor=SERIAL)
    module = agentgen_sym.export.export
    monkeypatch.setattr(module, "SHARD_TASKS", 1)  # one task per shard: four units
    two = export_folder(tmp_path / "tasks", "openai", tmp_path / "two" / "data.jsonl", executor=TWO)
    assert one.written == two.written == 4
    assert files(tmp_path / "one") == files(tmp_path / "two")
