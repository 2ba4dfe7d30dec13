"""The episode floor without any optional extra: the server's pool steps a batch exactly as it steps each item
alone, whatever the ids (repeated, interleaved, closed, never made, not ids at all), and every episode's row is
its own. These guard the batched step; the HTTP and WebSocket tests (which need the serve extra) only add the
transports on top."""

from __future__ import annotations

import importlib
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentgen_sym.env.core import Sessions
from agentgen_sym.env.profiles import PROFILES
from agentgen_sym.serve.catalog import Catalog
from agentgen_sym.serve.pool import EnvPool, ServeError

from .conftest import ROOT

N_ENVS = 6
FOREIGN = [10 ** 6, -1, "3", None, True, 2.5]
"""Ids no client was given: never made, negative, and values that are no id at all."""


@pytest.fixture(scope="module")
def catalog(tmp_path_factory) -> Catalog:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    serve_bench = importlib.import_module("bench.serve")
    return Catalog(serve_bench.corpus_tasks_dirs(tmp_path_factory.mktemp("tasks"), ("p01", "p02"), domains=2))


def _single(pool: EnvPool, env_id: object, action: object) -> dict:
    try:
        return pool.step(env_id, action)
    except ServeError as exc:
        return {"error": str(exc)}


def _pools(catalog: Catalog, profile: str) -> tuple[EnvPool, EnvPool]:
    """Two pools with the same environments: tasks 0, 1, 2, ... in turn, and one closed id."""
    pools = EnvPool(catalog, profile), EnvPool(catalog, profile)
    for pool in pools:
        for n in range(N_ENVS + 1):
            pool.create(n % len(catalog))
        pool.close(N_ENVS)
    return pools


@st.composite
def batches(draw: st.DrawFn) -> list[list[tuple[int, int]]]:
    """Rounds of (id choice, action choice): an id among the live, the closed and the foreign ones, an action
    index among the valid ones, a request, text that is no action and a wrong type."""
    ids = st.integers(0, N_ENVS + len(FOREIGN))
    return draw(st.lists(st.lists(st.tuples(ids, st.integers(0, 40)), min_size=1, max_size=12), min_size=1,
                         max_size=4))


def _action(pool: EnvPool, env_id: object, choice: int) -> object:
    if choice == 40:
        return 7  # not a string
    if choice == 39:
        return "no such action here"
    if choice == 38:
        return "check valid actions"
    try:
        valid = pool.available_actions(env_id)
    except ServeError:
        return "anything"
    return valid[choice % len(valid)] if valid else "check valid actions"


@pytest.mark.parametrize("profile", list(PROFILES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rounds=batches())
def test_a_batch_steps_as_its_items_stepped_one_by_one(catalog: Catalog, profile: str, rounds) -> None:
    batched, single = _pools(catalog, profile)
    for round_ in rounds:
        ids = [n if n <= N_ENVS else FOREIGN[n - N_ENVS - 1] for n, _ in round_]
        steps = [(env_id, _action(single, env_id, choice)) for env_id, (_, choice) in zip(ids, round_)]
        assert batched.step_many(steps) == [_single(single, env_id, action) for env_id, action in steps]
    for env_id in range(N_ENVS):  # every episode ends where its own steps took it
        assert batched.detail(env_id) == single.detail(env_id)
        assert batched.available_actions(env_id) == single.available_actions(env_id)


def test_a_released_row_is_reused_and_never_shared(catalog: Catalog) -> None:
    pool = EnvPool(catalog, max_envs=3)
    first = pool.create(0)["observation"]
    ids = [pool.create(0)["id"] for _ in range(2)]
    action = pool.available_actions(ids[0])[0]
    moved = pool.step(ids[0], action)["observation"]
    closed_row = pool._get(0).row
    pool.close(0)
    fresh = pool.create(0)  # the closed environment's row, back at the initial state
    assert pool._get(fresh["id"]).row == closed_row and fresh["observation"] == first
    assert pool.observation(ids[0]) == moved and pool.detail(ids[1])["steps"] == 0
    pool.create(0)  # one over max_envs: the least recently used (the fresh one) is evicted, its row given back
    with pytest.raises(ServeError, match="was evicted"):
        pool.step(fresh["id"], action)
    assert pool.observation(ids[0]) == moved
    assert pool._get(pool.create(0)["id"]).row == closed_row  # the evicted row, reused
    assert isinstance(pool._get(ids[0]).table.episodes, Sessions)
