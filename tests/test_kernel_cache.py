"""No compile pause on first use (planners/kernel_cache.py): a process that finds numba's cache empty
searches with the NumPy code, which gives the same values, plans and counts, while one background
process fills the cache; and the cache works for a user whose package folder is read-only."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.planners import kernel_cache
from agentgen_sym.planners.registry import make_planner
from agentgen_sym.planners.successors import SuccessorGenerator

from .conftest import BENCHMARKS, ROOT, SLACK_S

GRIPPER = BENCHMARKS / "gripper"
PACKAGE_DIRS = {"agentgen_sym": "agentgen_sym", "compiler": "agentgen_sym/compiler",
                "planners": "agentgen_sym/planners", "grammar": "agentgen_sym/grammar", "corpus": "agentgen_sym/corpus"}
"""pyproject.toml's package-dir: where each source folder lands in an installed (non-editable) package."""


@pytest.fixture
def uncached(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The kernels reported as not cached; the background compiles this process would start, recorded."""
    started: list[list[str]] = []
    monkeypatch.setattr(kernel_cache, "_ready", set())
    monkeypatch.setattr(kernel_cache, "_compiling", False)
    monkeypatch.setattr(kernel_cache, "_cached", lambda kernel: False)
    monkeypatch.setattr(kernel_cache.subprocess, "Popen", lambda argv, **kwargs: started.append(argv))
    return started


def _gripper() -> tuple[str, str]:
    if not GRIPPER.exists():
        pytest.skip("the benchmark corpus is absent")
    return (GRIPPER / "domain.pddl").read_text(), (GRIPPER / "p01.pddl").read_text()


@pytest.mark.parametrize("planner", ["lama", "astar-lmcut", "eager-gbfs-hff"])
def test_uncached_kernels_give_way_to_numpy_with_the_same_search(uncached, monkeypatch, planner):
    task = compile_task(*_gripper()).ground
    uncached_result = make_planner(planner).solve(task, expansion_limit=100_000)
    assert uncached == [[sys.executable, "-c", kernel_cache.COMPILE_NOW]]  # started once
    monkeypatch.setattr(kernel_cache, "_cached", lambda kernel: True)
    cached_result = make_planner(planner).solve(task, expansion_limit=100_000)
    assert uncached_result.plan == cached_result.plan
    assert (uncached_result.stats.expanded, uncached_result.stats.generated) == (
        cached_result.stats.expanded, cached_result.stats.generated)


def test_the_background_compile_imports_the_package_this_process_imported(monkeypatch):
    """A process that imported the package through a path added at run time (a benchmark's frozen copy) has
    the child compile that copy: the child's import path is this process's, in order."""
    launched: list[dict[str, str]] = []
    monkeypatch.setattr(kernel_cache, "_ready", set())
    monkeypatch.setattr(kernel_cache, "_compiling", False)
    monkeypatch.setattr(kernel_cache, "_cached", lambda kernel: False)
    monkeypatch.setattr(kernel_cache.subprocess, "Popen", lambda argv, **kwargs: launched.append(kwargs["env"]))
    monkeypatch.setattr(sys, "path", ["/frozen/copy/site", *sys.path])
    assert not kernel_cache.available(object())
    assert launched[0]["PYTHONPATH"].split(os.pathsep) == [path for path in sys.path if path]


def test_the_successor_generator_without_its_kernel_gives_the_same_matrix(uncached):
    task = compile_task(*_gripper()).ground
    states = np.random.default_rng(1).random((50, task.n_bits)) < 0.4
    fallback = SuccessorGenerator(task)
    assert not fallback.compiled
    np.testing.assert_array_equal(fallback.applicable(states), SuccessorGenerator(task, True).applicable(states))


def installed_copy(site: Path, bytecode: Path) -> None:
    """The package as ``pip install`` lays it out, byte-compiled as pip does, then read-only. The bytecode
    lies under ``bytecode`` (run it with PYTHONPYCACHEPREFIX set to it) and each package's ``__pycache__``
    is a file: numba cannot put its cache beside the module even for root, who writes through permissions.
    The prefix also gets the bytecode of the libraries a solve imports (numba, numpy, lark, ...), which pip
    compiled when it installed them: without it every run compiles numba's source again (about 1 s more)."""
    for source, target in PACKAGE_DIRS.items():
        shutil.copytree(ROOT / source, site / target, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(site)], check=True,
                   env={**os.environ, "PYTHONPYCACHEPREFIX": str(bytecode)})
    warm = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    warm.update(PYTHONPATH=str(site), PYTHONPYCACHEPREFIX=str(bytecode),
                NUMBA_DISABLE_JIT="1")  # the kernels run as Python: nothing compiled, nothing cached
    for extra in ([], ["--optimal"]):
        subprocess.run([sys.executable, "-m", "agentgen_sym", "solve", str(GRIPPER / "domain.pddl"),
                        str(GRIPPER / "p01.pddl"), *extra], env=warm, cwd=site, check=True, capture_output=True,
                       timeout=300)
    for init in site.rglob("__init__.py"):
        (init.parent / "__pycache__").touch()
    for path in [site, *site.rglob("*"), bytecode, *bytecode.rglob("*")]:
        path.chmod(path.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def writable_again(*folders: Path) -> None:
    """Undo ``installed_copy``'s read-only folders, so they can be removed."""
    for folder in folders:
        for path in [folder, *folder.rglob("*")]:
            if path.is_dir():
                path.chmod(path.stat().st_mode | stat.S_IWUSR)


def _solve(env: dict[str, str], cwd: Path, *extra: str) -> tuple[subprocess.CompletedProcess, float]:
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "agentgen_sym", "solve", str(GRIPPER / "domain.pddl"),
                           str(GRIPPER / "p01.pddl"), *extra], capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=300)
    return proc, time.perf_counter() - started


@pytest.mark.slow
def test_first_solve_after_install_in_a_read_only_folder_compiles_nothing_in_the_foreground(tmp_path: Path):
    _gripper()
    site, bytecode, home, work = tmp_path / "site", tmp_path / "pyc", tmp_path / "home", tmp_path / "work"
    installed_copy(site, bytecode)
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env.update(PYTHONPATH=str(site), PYTHONPYCACHEPREFIX=str(bytecode), HOME=str(home),
               NUMBA_DEBUG_CACHE="1")  # a user with an empty cache
    env.pop("XDG_CACHE_HOME", None)
    try:
        for extra in ((), ("--optimal",)):
            proc, wall = _solve(env, work, *extra)
            assert proc.returncode == 0, proc.stderr
            assert "; cost = 11" in proc.stdout
            assert "data saved" not in proc.stdout  # numba compiled nothing in the user's process
            assert wall < 2 + SLACK_S
        user_cache = home / ".cache" / "numba"
        for _ in range(600):  # the background compile: the read-only folder sends numba to the user's cache
            if len(list(user_cache.rglob("*.nbi"))) >= 3:
                break
            time.sleep(0.5)
        check = f"from agentgen_sym.planners import kernels as k; assert k.__file__.startswith({str(site)!r}); " \
                "print(k.available())"
        for _ in range(600):
            ready = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, cwd=work, env=env)
            assert ready.returncode == 0, ready.stderr
            if ready.stdout.strip().endswith("True"):
                break
            time.sleep(0.5)
        assert ready.stdout.strip().endswith("True")
        proc, _wall = _solve(env, work, "--optimal")  # now from the cache: loaded, not compiled
        assert proc.returncode == 0 and "data saved" not in proc.stdout and "data loaded" in proc.stdout
        assert not [p for p in site.rglob("*") if p.suffix in (".nbi", ".nbc")]  # nothing written there
    finally:
        writable_again(site, bytecode)
