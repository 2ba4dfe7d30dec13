"""The external planners' one runner (agentgen_sym/backends.py), as bench/solve.py uses it: the benchmark
files as they are, the tool's own search figures, and a process stopped at the limit."""

from __future__ import annotations

import pytest

from agentgen_sym.backends import KILL_GRACE_S, fast_downward_driver, run_backend_on_files
from agentgen_sym.planners.result import Status

from .conftest import BENCHMARKS, requires_benchmarks, requires_extra


@requires_benchmarks
def test_fast_downward_on_the_files_reports_its_plan_and_search():
    if fast_downward_driver() is None:
        pytest.skip("up-fast-downward is not installed")
    found = run_backend_on_files("fd-astar-lmcut", BENCHMARKS / "blocks" / "domain.pddl",
                                 BENCHMARKS / "blocks" / "p01.pddl", time_limit=60, memory_limit_mb=2048)
    assert found.status is Status.SOLVED and found.plan.cost == len(found.plan.steps) == 6
    assert found.exit_code == 0 and not found.overran
    assert found.expanded > 0 and found.search_seconds is not None and 0 < found.seconds < 60


@requires_benchmarks
def test_a_tool_without_a_time_limit_of_its_own_is_stopped_at_the_limit():
    """pyperplan has no limit: it is killed at the limit itself, not after Fast Downward's grace."""
    requires_extra("pyperplan")
    found = run_backend_on_files("pyperplan-astar-lmcut", BENCHMARKS / "rovers" / "domain.pddl",
                                 BENCHMARKS / "rovers" / "p10.pddl", time_limit=1.0)
    assert found.status is Status.LIMIT_REACHED and found.exit_code is None and not found.overran
    assert found.seconds < 1.0 + KILL_GRACE_S - 1  # killed after the grace would be 1 + KILL_GRACE_S

