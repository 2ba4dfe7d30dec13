"""Task sets: origins as values that print back as read, and the one reader and writer of a TASKS_DIR."""

from __future__ import annotations

import ast
import inspect
import json
import shutil
from pathlib import Path

import pytest

from agentgen_sym.generation import evolve as bievol
from agentgen_sym.generation import generate_folder
from agentgen_sym.compiler.parser import parse_problem
from agentgen_sym.taskset import (BadEntry, Origin, TaskEntry, TaskSetError, append_tasks, problem_file_of,
                                  read_folder, read_tasks, write_tasks)

from .conftest import CORPUS

KITCHEN = CORPUS / "kitchen-line"


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("taskset") / "tasks"
    generate_folder(KITCHEN / "domain.pddl", KITCHEN / "p01.pddl", 6, 3, out, 1, 6)
    return out


def _moves_made() -> set[Origin]:
    """Every Origin the Bi-Evol moves make, read from their source."""
    tree = ast.parse(inspect.getsource(bievol))
    return {Origin(*(arg.value for arg in node.args)) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Origin"}


def test_every_origin_prints_back_as_it_was_read(generated: Path):
    made = _moves_made()
    assert Origin("drop-goal", "easier") in made and Origin("more-objects", "harder") in made and len(made) >= 7
    written = {json.loads(line)["origin"] for line in (generated / "tasks.jsonl").read_text().splitlines()}
    texts = {str(o) for o in made} | written | {"walk", "seed", "llm-easier", "a:b:c", ":x", "x:", ""}
    for text in texts:
        assert str(Origin.parse(text)) == text
    assert Origin.parse("easier:drop-goal") == Origin("drop-goal", "easier")
    assert Origin.parse("easier:drop-goal").kind == "easier" and Origin.parse("llm-harder").kind == "llm-harder"
    assert {o.direction for o in made} == {"easier", "harder"}


def test_a_folder_read_and_written_again_is_the_same_bytes(generated: Path, tmp_path: Path):
    tasks = read_tasks(generated)
    assert tasks.tasks and not tasks.skipped and tasks.source == "tasks"
    again = tmp_path / "again"
    write_tasks(tasks, again)
    assert (again / "tasks.jsonl").read_bytes() == (generated / "tasks.jsonl").read_bytes()
    for task in tasks.tasks:
        assert (again / task.problem_file).read_bytes() == (generated / task.problem_file).read_bytes()


def test_the_folder_view_of_a_task_is_the_task_s_own(generated: Path):
    """What export, serve and eval read from the folder equals the view of the task in memory."""
    folder = read_folder(generated)
    loaded = {t.id: t for t in read_tasks(generated).tasks}
    assert [e.id for e in folder.entries] == sorted(loaded) and folder.tasks == folder.entries
    for entry in folder.tasks:
        assert entry.meta() == loaded[entry.id].entry().meta()
        assert entry.problem_file == loaded[entry.id].problem_file


def test_damaged_lines_are_bad_entries_and_skipped_tasks(generated: Path, tmp_path: Path):
    folder = tmp_path / "damaged"
    shutil.copytree(generated, folder)
    lines = (folder / "tasks.jsonl").read_text().splitlines()
    first = json.loads(lines[0])
    lines += [json.dumps(first), json.dumps({"id": "x", "plan": []}), "[1]", json.dumps(dict(first, id="y", cost="1"))]
    (folder / "tasks.jsonl").write_text("\n".join(lines) + "\n")
    read = read_folder(folder)
    bad = {e.label: e.reason for e in read.entries if isinstance(e, BadEntry)}
    n = len(lines)
    assert bad == {first["id"]: f"tasks.jsonl:{n - 3}: a second task with this id",
                   "x": f"tasks.jsonl:{n - 2}: no 'problem_file' (a path relative to the folder)",
                   f"tasks.jsonl:{n - 1}": f"tasks.jsonl:{n - 1}: expected a JSON object, found list"}
    assert "y" in {e.id for e in read.tasks}  # a line export can use: its figures are not checked here
    loaded = read_tasks(folder)
    skipped = dict(loaded.skipped)
    assert set(skipped) == set(bad) | {"y"} and "must be an integer" in skipped["y"]
    assert len(loaded.tasks) == len(lines) - 4


def test_a_folder_that_cannot_be_read_is_a_task_set_error(generated: Path, tmp_path: Path):
    with pytest.raises(TaskSetError, match="not a folder"):
        read_folder(tmp_path / "nowhere")
    empty = tmp_path / "empty"
    empty.mkdir()
    shutil.copy(generated / "domain.pddl", empty / "domain.pddl")
    with pytest.raises(TaskSetError, match="cannot read .*tasks.jsonl"):
        read_folder(empty)
    (empty / "tasks.jsonl").write_text("\n")
    assert read_folder(empty).entries == () and read_tasks(empty).tasks == ()
    (empty / "tasks.jsonl").write_text("{not json\n")  # one malformed line is that task's loss, not the folder's
    assert read_tasks(empty).skipped == (("tasks.jsonl:1", "tasks.jsonl:1: not a JSON object (Expecting property "
                                                           "name enclosed in double quotes)"),)


def test_generation_and_export_do_not_import_each_other():
    root = Path(__file__).resolve().parent.parent / "agentgen_sym"
    for package, other in (("generation", "export"), ("export", "generation")):
        for path in sorted((root / package).glob("*.py")):
            imported = {node.module or "" for node in ast.walk(ast.parse(path.read_text()))
                        if isinstance(node, ast.ImportFrom)}
            assert not any(f"agentgen_sym.{other}" in m or m.startswith(f"{other}") or m == f".{other}"
                           or m.startswith(f"..{other}") for m in imported), (path, other)


def test_task_entry_is_a_view_with_the_figures_export_writes():
    entry = TaskEntry("t1", "tasks/t1.pddl", ("(a)",), {"origin": "walk", "difficulty": 1, "level": "easy"})
    meta = entry.meta()
    assert meta["task_id"] == "t1" and meta["origin"] == "walk" and meta["cost"] is None and "level" not in meta


def test_appended_tasks_follow_the_folder_s_own_lines_as_they_were_made(generated: Path, tmp_path: Path):
    """The LLM's rewrites carry fewer figures than a generated task (no lineage, no bound): their lines say only
    what they know, and the set's own lines keep their bytes."""
    folder = tmp_path / "grown"
    shutil.copytree(generated, folder)
    before = (folder / "tasks.jsonl").read_bytes()
    parent = read_folder(folder).tasks[0]
    problem = parse_problem(folder / parent.problem_file)
    new_id = "kitchen-line-0100"
    fields = {"id": new_id, "domain": "kitchen-line", "problem_file": problem_file_of(new_id), "seed": None,
              "origin": "llm-harder", "parent": parent.id, "plan": list(parent.plan), "difficulty": len(parent.plan),
              **{name: parent.fields[name] for name in ("cost", "optimal", "expanded", "n_objects", "n_goal_atoms")}}
    added = TaskEntry(new_id, problem_file_of(new_id), parent.plan, fields)
    append_tasks(folder, [(added, problem)])

    after = (folder / "tasks.jsonl").read_bytes()
    assert after == before + (json.dumps(fields, sort_keys=True) + "\n").encode()
    assert {e.id: e for e in read_folder(folder).tasks}[new_id] == added
    assert parse_problem(folder / "tasks" / f"{new_id}.pddl").init == problem.init
    loaded = {t.id: t for t in read_tasks(folder).tasks}[new_id]
    assert (loaded.origin, loaded.parent, loaded.lineage, loaded.plan) == (
        Origin("llm-harder"), parent.id, (), {t.id: t for t in read_tasks(generated).tasks}[parent.id].plan)


def test_appending_a_taken_id_or_a_path_out_of_the_folder_writes_nothing(generated: Path, tmp_path: Path):
    folder = tmp_path / "grown"
    shutil.copytree(generated, folder)
    before = (folder / "tasks.jsonl").read_bytes()
    entry = read_folder(folder).tasks[0]
    problem = parse_problem(folder / entry.problem_file)
    fresh = TaskEntry("fresh", problem_file_of("fresh"), entry.plan, {})
    with pytest.raises(TaskSetError, match=f"has a task {entry.id} already"):
        append_tasks(folder, [(fresh, problem), (entry, problem)])
    with pytest.raises(TaskSetError, match="has a task fresh already"):
        append_tasks(folder, [(fresh, problem), (fresh, problem)])
    with pytest.raises(TaskSetError, match="leads out of"):
        append_tasks(folder, [(fresh, problem), (TaskEntry("out", "../out.pddl", entry.plan, {}), problem)])
    assert (folder / "tasks.jsonl").read_bytes() == before
    assert not (folder / problem_file_of("fresh")).exists() and not (tmp_path / "out.pddl").exists()
