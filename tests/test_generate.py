"""Task generation: solvable by construction and verified, no duplicates up to renaming,
an even difficulty histogram, Bi-Evol both ways, byte-identical for the same seed."""

from __future__ import annotations

import filecmp
import json
from pathlib import Path

import pytest

from agentgen_sym import cli, parse_domain, parse_plan, parse_problem
from agentgen_sym.compiler.task import GroundAtom
from agentgen_sym.compiler.validate import validate
from agentgen_sym.generation import evolve, generate
from agentgen_sym.generation.dedup import Deduplicator
from agentgen_sym.generation.evolve import select_even
from agentgen_sym.generation.tasks import TaskSpec

from .conftest import CORPUS

DOMAIN = CORPUS / "library-returns" / "domain.pddl"
SEED = CORPUS / "library-returns" / "p02.pddl"


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("gen") / "tasks"
    report = generate(DOMAIN, SEED, n=8, seed=5, out_dir=out, lo=1, hi=6)
    assert len(report.tasks) == 8
    return out


def _records(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / "tasks.jsonl").read_text().splitlines()]


def test_every_task_is_solvable_and_its_plan_validates(generated):
    domain = parse_domain(generated / "domain.pddl")
    for record in _records(generated):
        problem = parse_problem(generated / record["problem_file"])
        plan = parse_plan("\n".join(record["plan"]) + "\n")
        verdict = validate(domain, problem, plan)
        assert verdict.valid, (record["id"], verdict.diagnostics[:1])
        assert verdict.cost == record["cost"] and len(plan.steps) == record["difficulty"] >= 1
        assert record["n_goal_atoms"] == len(problem.goal.parts)
        assert record["seed"] == 5 and record["optimal"] is True


def test_no_duplicates_up_to_renaming(generated):
    dedup = Deduplicator()
    for record in _records(generated):
        problem = parse_problem(generated / record["problem_file"])
        facts = tuple(GroundAtom(a.predicate, tuple(t.name for t in a.args)) for a in problem.init
                      if hasattr(a, "predicate"))
        goal = tuple(GroundAtom(a.predicate, tuple(t.name for t in a.args)) for a in problem.goal.parts)
        assert dedup.add(TaskSpec(problem.objects, facts, goal, "x"))


def test_histogram_covers_the_range_evenly(generated):
    levels = [r["difficulty"] for r in _records(generated)]
    assert sorted(set(levels)) == [1, 2, 3, 4, 5, 6]
    assert max(levels.count(d) for d in set(levels)) - min(levels.count(d) for d in set(levels)) <= 1
    report = (generated / "report.md").read_text()
    assert "| 6 |" in report and (generated / "difficulty.png").read_bytes()[:4] == b"\x89PNG"


def test_same_seed_same_bytes(generated, tmp_path: Path):
    again = tmp_path / "again"
    generate(DOMAIN, SEED, n=8, seed=5, out_dir=again, lo=1, hi=6)
    comparison = filecmp.dircmp(generated, again)
    assert not comparison.diff_files and not comparison.left_only and not comparison.right_only
    assert not filecmp.dircmp(generated / "tasks", again / "tasks").diff_files


def test_dedup_sees_through_renaming():
    from agentgen_sym.compiler.ast import TypedName

    objects = (TypedName("a", ("t",)), TypedName("b", ("t",)))
    at_a, at_b = GroundAtom("at", ("a",)), GroundAtom("at", ("b",))
    first = TaskSpec(objects, (at_a,), (at_b,), "walk")
    renamed = TaskSpec(objects, (at_b,), (at_a,), "walk")
    different = TaskSpec(objects, (at_a,), (at_a,), "walk")
    dedup = Deduplicator()
    assert dedup.add(first) and not dedup.add(renamed) and dedup.add(different)


def test_select_even_takes_round_robin():
    items = [1, 1, 1, 1, 2, 3, 3, 9]
    assert sorted(select_even(items, lambda x: x, 1, 3, 5)) == [1, 1, 2, 3, 3]


def test_evolve_goes_both_ways(generated, tmp_path: Path):
    report = evolve(generated, n=10, seed=2, out_dir=tmp_path / "evolved", lo=1, hi=8)
    origins = {r["origin"] for r in report.tasks}
    assert any(o.startswith("easier:") for o in origins) or any(o.startswith("harder:") for o in origins)
    assert max(r["difficulty"] for r in report.tasks) >= 6


def test_generate_cli_refuses_broken_input(tmp_path: Path, capsys):
    broken = tmp_path / "domain.pddl"
    broken.write_text(DOMAIN.read_text().replace(":precondition", ":precondtion", 1))
    assert cli.main(["generate", str(broken), str(SEED), "--n", "2", "--out", str(tmp_path / "o")]) == 1
    assert "E105" in capsys.readouterr().err
