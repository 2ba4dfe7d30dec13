"""Every consumer of a TASKS_DIR reads it through the task-set layer's checks (``taskset.read_problem`` and
``compile_entry``): the RL adapters (gymnasium, TRL, verifiers) and the server skip and report a damaged task, play
the rest, never read a file outside the folder and never wait on a FIFO or read a device.

The damage is what a careless edit of ``tasks.jsonl`` or an attacker's folder does: a problem file at ``/dev/zero``,
at a FIFO, at ``../outside.pddl``, at an absolute path, missing, in a symlink loop, with a type error, and a line
that is not JSON.
"""

from __future__ import annotations

import json
import os
import shutil
import warnings
from pathlib import Path

import pytest

from agentgen_sym.rl.library import TaskLibrary, TaskLibraryError, TaskSkippedWarning
from agentgen_sym.serve.catalog import Catalog

from .conftest import requires_extra
from .test_damaged_folders import generated  # noqa: F401 (the fixture: three kitchen-line tasks)

SECRET = "secretobjectoutside"
"""An object name only the files outside the folder hold: it must never reach an observation."""
DAMAGED = ("zero", "fifo", "outside", "absolute", "missing", "loop", "typo")


def _damaged(generated: Path, tmp_path: Path) -> Path:
    """A copy of ``generated`` with one more task per kind of damage and a line that is not JSON."""
    folder = tmp_path / "damaged"
    shutil.copytree(generated, folder)
    lines = (folder / "tasks.jsonl").read_text().splitlines()
    template = json.loads(lines[0])
    problem = (folder / template["problem_file"]).read_text()
    secret = problem.replace("(:objects", f"(:objects {SECRET}", 1)
    assert secret != problem
    (tmp_path / "outside.pddl").write_text(secret)
    os.mkfifo(folder / "tasks" / "fifo.pddl")
    (folder / "tasks" / "loop.pddl").symlink_to("loop.pddl")
    (folder / "tasks" / "typo.pddl").write_text(problem.replace("(:init", "(:init (no-such-predicate x)", 1))
    files = {"zero": "/dev/zero", "fifo": "tasks/fifo.pddl", "outside": "../outside.pddl",
             "absolute": str(tmp_path / "outside.pddl"), "missing": "tasks/missing.pddl", "loop": "tasks/loop.pddl",
             "typo": "tasks/typo.pddl"}
    lines += [json.dumps({**template, "id": f"zz-{kind}", "problem_file": files[kind]}) for kind in DAMAGED]
    lines.insert(1, "this line is not JSON")
    (folder / "tasks.jsonl").write_text("\n".join(lines) + "\n")
    return folder


def _intact(generated: Path) -> list[str]:
    return sorted(json.loads(line)["id"] for line in (generated / "tasks.jsonl").read_text().splitlines())


def _assert_skipped_each(skipped: list[str]) -> None:
    text = "\n".join(skipped)
    for kind in DAMAGED:
        assert f"zz-{kind}" in text, (kind, text)
    assert "not a JSON object" in text and len(skipped) == len(DAMAGED) + 1
    assert "leads out of the folder" in text and "not a regular file" in text


@pytest.mark.timeout(120)
def test_the_library_skips_and_reports_each_damaged_task_and_plays_the_rest(generated: Path, tmp_path: Path):
    folder = _damaged(generated, tmp_path)
    with pytest.warns(TaskSkippedWarning) as caught:
        library = TaskLibrary(folder)
    assert sorted(e.id for e in library.entries) == _intact(generated)
    _assert_skipped_each(library.skipped)
    assert len(caught) == len(library.skipped)
    for n in range(len(library)):
        core = library.core(n)
        assert SECRET not in library.first_observation(core, core.initial_observation())


@pytest.mark.timeout(120)
def test_a_folder_with_nothing_playable_says_why(generated: Path, tmp_path: Path):
    folder = _damaged(generated, tmp_path)
    lines = (folder / "tasks.jsonl").read_text().splitlines()
    (folder / "tasks.jsonl").write_text("\n".join(line for line in lines if "zz-" in line) + "\n")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TaskSkippedWarning)
        with pytest.raises(TaskLibraryError, match="no playable task .*7 skipped"):
            TaskLibrary(folder)


@pytest.mark.timeout(120)
def test_gymnasium_make_plays_only_the_folders_own_tasks(generated: Path, tmp_path: Path):
    requires_extra("gymnasium")
    import gymnasium

    import agentgen_sym.rl.gym_env  # noqa: F401  (registers the ids)

    folder = _damaged(generated, tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TaskSkippedWarning)
        env = gymnasium.make("AgentgenText-v0", tasks_dir=str(folder))
    seen = set()
    for seed in range(12):
        observation, info = env.reset(seed=seed)
        seen.add(info["task"])
        assert SECRET not in observation
    assert seen <= set(_intact(generated))
    with pytest.raises(TaskLibraryError, match="no task 'zz-outside'"):
        env.reset(options={"task": "zz-outside"})
    assert SECRET not in "".join(env.unwrapped.observation_space.character_set)


@pytest.mark.timeout(120)
def test_verifiers_and_trl_load_only_the_playable_tasks(generated: Path, tmp_path: Path):
    requires_extra("verifiers")
    from agentgen_sym.rl.trl_tools import dataset_rows, environment_class
    from agentgen_sym.rl.verifiers_env import load_environment

    folder = _damaged(generated, tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TaskSkippedWarning)
        env = load_environment(folder)
        rows = dataset_rows(folder)
        factory = environment_class(folder)
    assert sorted(row["info"]["task_id"] for row in env.get_dataset()) == _intact(generated)
    assert sorted(row["task"] for row in rows) == _intact(generated)
    assert all(SECRET not in row["prompt"][0]["content"] for row in env.get_dataset())
    assert sorted(factory.library.ids) == _intact(generated)


@pytest.mark.timeout(120)
def test_the_server_skips_a_line_that_is_not_json_and_refuses_each_damaged_task_alone(generated: Path,
                                                                                      tmp_path: Path):
    folder = _damaged(generated, tmp_path)
    catalog = Catalog([folder])
    assert any("not a JSON object" in warning for warning in catalog.warnings)
    assert catalog.warm() == len(_intact(generated))
    refused = [t for t in catalog.tasks if t.task_id.startswith("zz-")]
    assert len(refused) == len(DAMAGED)
