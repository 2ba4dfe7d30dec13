"""Shared fixtures: the benchmark corpus beside the project (../shared/benchmarks) and the bundled corpus."""

from __future__ import annotations

import csv
import importlib
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT.parent / "shared" / "benchmarks"
CORPUS = ROOT / "corpus" / "domains"

SLACK_S = 30.0
"""What a test adds to a time limit that must hold, for processes stalled on a loaded machine (two cores
shared with other work stall a process for seconds): wide, so a test never races the clock, yet far below
what the work would take if the limit did not hold."""


@dataclass(frozen=True)
class BenchmarkTask:
    domain: str
    domain_file: Path
    problem_file: Path

    @property
    def id(self) -> str:
        return f"{self.domain}/{self.problem_file.name}"


def benchmark_tasks() -> list[BenchmarkTask]:
    """Every (domain, problem) pair of MANIFEST.tsv; empty when the corpus is absent."""
    manifest = BENCHMARKS / "MANIFEST.tsv"
    if not manifest.exists():
        return []
    with manifest.open(newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return [BenchmarkTask(r["domain"], BENCHMARKS / r["domain_file"], BENCHMARKS / r["problem_file"]) for r in rows]


def benchmark_files() -> list[Path]:
    """Every distinct domain and problem file named by the manifest."""
    files: dict[Path, None] = {}
    for task in benchmark_tasks():
        files[task.domain_file] = None
        files[task.problem_file] = None
    return list(files)


def corpus_files() -> list[Path]:
    return sorted(CORPUS.glob("*/*.pddl"))


requires_benchmarks = pytest.mark.skipif(not (BENCHMARKS / "MANIFEST.tsv").exists(),
                                         reason="../shared/benchmarks is not present")


EXTRAS = {"fastapi": "serve", "uvicorn": "serve", "gymnasium": "gym", "verifiers": "verifiers", "datasets": "dev",
          "mcp": "mcp", "anyio": "mcp", "ray": "ray", "pddl": "anchors", "unified_planning": "anchors",
          "pyperplan": "anchors", "tarski": "anchors", "transformers": "dev", "requests": "dev", "jsonschema": "dev",
          "openenv": "openenv", "pymimir": "lifted", "websockets": "serve", "wordfreq": "dev", "reasoning_gym": "reasoning"}
"""The extra of pyproject.toml that installs each optional top-level module the tests use."""


OTHER_RELEASE = {"agentgen_sym.rl.verifiers_env": "verifiers 0.3", "agentgen_sym.rl.verifiers_v1": "verifiers 0.4"}
"""Adapters of consumer releases that cannot share an environment: each imports only where its release is installed
(the dev extra holds verifiers 0.3; the consumer matrix runs 0.4)."""


def import_package_module(name: str) -> ModuleType | None:
    """The module ``name``, or None for an adapter of a release this environment does not hold (OTHER_RELEASE)."""
    try:
        return importlib.import_module(name)
    except ImportError:
        if name in OTHER_RELEASE:
            return None
        raise


def requires_extra(module: str):  # noqa: ANN201 (what pytest.importorskip returns: the module)
    """``module`` imported, or the test skipped with the reason naming the extra that installs it."""
    package = module.split(".")[0]
    reason = f"{package} is not installed: pip install 'agentgen-sym[{EXTRAS[package]}]'"
    return pytest.importorskip(module, reason=reason)


def run_cli(*args: str, timeout: float = 60, input: bytes | None = None) -> subprocess.CompletedProcess:
    """Run ``python -m agentgen_sym ARGS`` as a user would, capturing text output."""
    return subprocess.run([sys.executable, "-m", "agentgen_sym", *args], capture_output=True, timeout=timeout,
                          cwd=ROOT, input=input)


# `make test` spreads the tests over the cores (pytest-xdist, --dist loadgroup). The executor's tests start
# pools of their own and a local Ray instance (a module fixture): they run together, on one worker, so two Ray
# instances never share the cores.
POOLED_MODULES = ("test_executor.py",)


MAKE_RUN = pytest.mark.xdist_group("make-run")
"""The slow tests that read ``make_run_out`` run on one worker, so the main job is made once per test run."""


@pytest.fixture(scope="session")
def make_run_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The main job's output as ``make run`` makes it (every bundled domain, n 12, seed 0), for tests that only read
    it: the slowest set-up of the suite, made once (``MAKE_RUN``)."""
    from agentgen_sym.pipeline import run

    out = tmp_path_factory.mktemp("make-run") / "out"
    summaries = run(CORPUS, out, 12, 0)
    assert not any(s.error for s in summaries), [s.error for s in summaries if s.error]
    return out


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in POOLED_MODULES:
            item.add_marker(pytest.mark.xdist_group("pools"))
