"""The server's tail latency: no first-use compile and no full garbage collection walking the compiled tasks
while steps are in flight (bench/serve.py measured both as 50-85 ms stalls of every pending step)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from .conftest import requires_extra

requires_extra("fastapi")
requires_extra("uvicorn")
requests = requires_extra("requests")

from agentgen_sym.serve import catalog as catalog_module  # noqa: E402
from agentgen_sym.serve.catalog import Catalog  # noqa: E402
from agentgen_sym.serve.pool import EnvPool  # noqa: E402
from agentgen_sym.serve.server import settle  # noqa: E402

from .test_serve import Server, bench  # noqa: E402


@pytest.fixture(scope="module")
def tasks_dirs(tmp_path_factory) -> list[Path]:
    return bench.corpus_tasks_dirs(tmp_path_factory.mktemp("latency-tasks"), domains=2)


@pytest.fixture(scope="module")
def plans(tasks_dirs) -> list[list[str]]:
    return bench.gold_actions(tasks_dirs)


def test_warm_compiles_every_task_so_none_compiles_while_serving(tasks_dirs, plans, monkeypatch):
    catalog = Catalog(tasks_dirs)
    assert catalog.warm() == len(catalog) == len(plans)

    def no_compile(*args, **kwargs):
        raise AssertionError("a task was compiled while serving")

    monkeypatch.setattr(catalog_module, "compile_entry", no_compile)
    pool = EnvPool(catalog)
    env_id = pool.create(0)["id"]
    for data_idx, plan in enumerate(plans):
        pool.reset(env_id, data_idx)
        for action in plan:
            answer = pool.step(env_id, action)
        assert answer["done"] is True and answer["reward"] == 1.0


def test_settle_leaves_full_collections_only_the_objects_made_while_serving(tasks_dirs, plans):
    catalog = Catalog(tasks_dirs)
    catalog.warm()
    pool = EnvPool(catalog)
    env_id = pool.create(0)["id"]
    thresholds = gc.get_threshold()
    try:
        gc.collect()
        walked_before = len(gc.get_objects())
        settle()
        walked_after = len(gc.get_objects())  # what a full collection walks
        assert walked_after < walked_before / 10, (walked_before, walked_after)
        assert gc.get_threshold()[0] > thresholds[0]  # fewer, still bounded, young collections
        full: list[int] = []

        def watch(phase: str, info: dict) -> None:
            if phase == "start" and info["generation"] == 2:
                full.append(1)

        gc.callbacks.append(watch)
        try:
            for _ in range(20):
                for data_idx, plan in enumerate(plans):
                    pool.reset(env_id, data_idx)
                    for action in plan:
                        assert "error" not in pool.step(env_id, action)
        finally:
            gc.callbacks.remove(watch)
        assert not full, f"{len(full)} full collections while stepping"
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_lazy_serves_without_compiling_first(tasks_dirs, plans):
    srv = Server(tasks_dirs[:1], "--lazy")
    try:
        env_id = srv.post("/create", {}).json()["id"]
        srv.post("/reset", {"id": env_id, "data_idx": 0})
        for action in plans[0]:
            answer = srv.post("/step", {"id": env_id, "action": action}).json()
        assert answer["done"] is True and answer["reward"] == 1.0
    finally:
        assert srv.stop() == 0, "".join(srv.lines)
    assert not any("Traceback" in line for line in srv.lines), "".join(srv.lines)
