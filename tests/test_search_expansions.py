"""Speed changes must not change search behaviour: every planner's expansions, generations,
evaluations and plan on a fixed set of benchmark tasks equal the recorded ones
(tests/golden/search_expansions.json, written by ``python -m tests.search_expansions --update``)."""

from __future__ import annotations

import json

import pytest

from .search_expansions import BENCHMARKS, CONFIGS, GOLDEN, SLOW, TASKS, key, record

pytestmark = pytest.mark.skipif(not BENCHMARKS.is_dir(), reason="../shared/benchmarks not present")

CASES = [pytest.param(d, p, c, marks=pytest.mark.slow) if (d, p, c) in SLOW else (d, p, c)
         for d, p in TASKS for c in CONFIGS]


@pytest.fixture(scope="module")
def golden() -> dict[str, dict[str, object]]:
    return json.loads(GOLDEN.read_text())


def test_golden_covers_every_case(golden: dict[str, dict[str, object]]) -> None:
    assert sorted(golden) == sorted(key(d, p, c) for d, p in TASKS for c in CONFIGS)


@pytest.mark.parametrize(("domain", "problem", "planner"), CASES)
def test_search_behaviour_unchanged(golden: dict[str, dict[str, object]], domain: str, problem: str,
                                    planner: str) -> None:
    assert record(domain, problem, planner) == golden[key(domain, problem, planner)]
