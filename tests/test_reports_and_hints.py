"""Numbers a user reads and pointers a user gets: report.md's counts mean what they say, difficulty.png shows
what varies per level, a folder a level off a TASKS_DIR points to the task folders, ``solve`` on file names points
to ``compile_task``, and ``check`` on several trees checks each on its own."""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

import agentgen_sym as ag
from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.generation import evolve_folder, generate_folder
from agentgen_sym.generation.measure import plan_branching
from agentgen_sym.taskset import GenerationReport, TaskSetError, read_folder, read_tasks
from agentgen_sym.taskset.report import level_figures, write_report

from .conftest import BENCHMARKS, CORPUS, requires_benchmarks, run_cli

DOMAIN = CORPUS / "bike-workshop" / "domain.pddl"
SEED = CORPUS / "bike-workshop" / "p03.pddl"


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> tuple[Path, GenerationReport]:
    """A domain's work folder as ``run`` leaves it (``generated`` and, Bi-Evolved from it, ``tasks``) and the
    Bi-Evolved set's report as the pool made it."""
    work = tmp_path_factory.mktemp("out") / "bike-workshop"
    generate_folder(DOMAIN, SEED, n=6, seed=3, out_dir=work / "generated", lo=1, hi=5)
    return work, evolve_folder(work / "generated", n=6, seed=3, out_dir=work / "tasks", lo=1, hi=5)


@pytest.fixture(scope="module")
def run_like(made: tuple[Path, GenerationReport]) -> Path:
    return made[0]


# --------------------------------------------------------------------------- report.md's counts


def test_report_counts_inputs_apart_from_candidates(run_like: Path):
    """The evolved set's pool holds its input tasks (verified before, never candidates) and the new candidates
    verified: each count is of what it names, so the verified new ones never outnumber the candidates."""
    inputs = len(read_tasks(run_like / "generated").tasks)
    line = (run_like / "tasks" / "report.md").read_text().splitlines()[2]
    found = re.search(r"from (\d+) verified: (\d+) input tasks? and (\d+) of (\d+) new candidates", line)
    assert found, line
    verified, n_inputs, new, candidates = map(int, found.groups())
    assert n_inputs == inputs and verified == n_inputs + new and 0 < new <= candidates
    generated = (run_like / "generated" / "report.md").read_text().splitlines()[2]
    found = re.search(r"from (\d+) verified of (\d+) candidates", generated)
    assert found and int(found[1]) <= int(found[2]), generated


# --------------------------------------------------------------------------- the difficulty plot


def test_report_shows_per_level_figures_with_branching_along_the_plan(made: tuple[Path, GenerationReport]):
    """Per level, the goal atoms, objects and branching of its tasks; branching is the mean number of domain
    actions applicable along the gold plan, equal to the same figure on the task compiled from its files."""
    run_like, evolved = made
    tasks = read_tasks(run_like / "tasks")
    assert set(evolved.branching) == {t.id for t in tasks.tasks}
    for task in tasks.tasks:
        compiled = compile_task(run_like / "tasks" / "domain.pddl", run_like / "tasks" / task.problem_file)
        assert evolved.branching[task.id] == pytest.approx(plan_branching(compiled.ground, task.plan), abs=0.01)
    figures = level_figures(evolved)
    for level, values in figures["goal atoms"].items():
        assert values == [t.n_goal_atoms for t in tasks.tasks if t.difficulty == level]
    table = (run_like / "tasks" / "report.md").read_text()
    assert "| difficulty | tasks | goal atoms | objects | branching |" in table


def test_plot_changes_with_the_tasks_not_only_with_the_count_per_level(made: tuple[Path, GenerationReport],
                                                                      tmp_path: Path):
    """Two sets with the same count per level (which the selection fixes) but other goal sizes are two different
    charts; before, every chart of an even selection was the same flat bars."""
    report = made[1]
    other = replace(report, tasks=tuple(replace(t, n_goal_atoms=t.n_goal_atoms + 3) for t in report.tasks))
    assert other.histogram == report.histogram and len(report.histogram) > 1
    charts = []
    for name, shown in (("a", report), ("b", other)):
        (tmp_path / name).mkdir()
        write_report(tmp_path / name, shown)
        charts.append((tmp_path / name / "difficulty.png").read_bytes())
    assert charts[0][:4] == b"\x89PNG" and charts[0] != charts[1]


# --------------------------------------------------------------------------- a folder a level off a TASKS_DIR


def test_a_run_output_points_to_its_task_folders(run_like: Path, tmp_path: Path):
    """``serve out``/``export out``/``eval out`` all read through read_folder: its error names out/*/tasks."""
    out = tmp_path / "out"
    for name in ("alpha", "beta"):
        shutil.copytree(run_like, out / name)
    with pytest.raises(TaskSetError) as caught:
        read_folder(out)
    assert f"{out}/*/tasks (2 folders)" in str(caught.value) and f"{out}/*/generated" in str(caught.value)
    with pytest.raises(TaskSetError, match=re.escape(f"pass {out / 'alpha' / 'tasks'} or ")):
        read_folder(out / "alpha")
    with pytest.raises(TaskSetError, match=re.escape(f"inside the task folder {out / 'alpha' / 'tasks'}")):
        read_folder(out / "alpha" / "tasks" / "tasks")
    done = run_cli("export", str(out), "--format", "openai", "--out", str(tmp_path / "ds"))
    assert done.returncode == 2 and f"{out}/*/tasks".encode() in done.stderr, done.stderr
    assert b"Traceback" not in done.stderr


def test_a_folder_with_no_task_folder_near_gets_no_hint(tmp_path: Path):
    with pytest.raises(TaskSetError) as caught:
        read_folder(tmp_path)
    assert str(caught.value) == f"cannot read {tmp_path / 'domain.pddl'}: No such file or directory"


# --------------------------------------------------------------------------- solve on file names


@pytest.mark.parametrize("given", ["text", "path", "ast"])
def test_solve_on_files_points_to_compile_task(given: str):
    domain, problem = {"text": (str(DOMAIN), str(SEED)), "path": (DOMAIN, SEED),
                       "ast": (ag.parse_domain(DOMAIN), ag.parse_problem(SEED))}[given]
    with pytest.raises(TypeError, match=r"compile_task\(domain, problem\)"):
        ag.solve(domain, problem)
    assert ag.solve(compile_task(domain, problem)).solved


# --------------------------------------------------------------------------- check on several trees


@requires_benchmarks
def test_check_two_benchmark_folders_checks_each_on_its_own():
    done = run_cli("check", str(BENCHMARKS / "blocks"), str(BENCHMARKS / "gripper"), "--jobs", "1")
    assert done.returncode == 0 and b" 0 errors" in done.stdout, done.stdout + done.stderr
    alone = [run_cli("check", str(BENCHMARKS / name), "--jobs", "1").stdout for name in ("blocks", "gripper")]
    files = [int(re.search(rb"checked (\d+) files", text)[1]) for text in (*alone, done.stdout)]
    assert files[2] == files[0] + files[1]


def test_check_two_domain_folders_and_a_domain_with_its_problems_folder(tmp_path: Path):
    done = run_cli("check", str(CORPUS / "bike-workshop"), str(CORPUS / "library-returns"))
    assert done.returncode == 0 and b" 0 errors" in done.stdout, done.stdout + done.stderr
    problems = tmp_path / "problems"  # a folder of problems only: still the first domain's problems
    problems.mkdir()
    shutil.copy(SEED, problems / "p.pddl")
    done = run_cli("check", str(CORPUS / "bike-workshop"), str(problems))
    assert done.returncode == 0 and b"checked 2 files: 0 errors" in done.stdout, done.stdout + done.stderr
