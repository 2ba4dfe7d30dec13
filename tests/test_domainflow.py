"""The per-domain flow `run` and `build` share: one seed-choice rule, task sets passed on in memory (the folders
written, nothing read back) exactly as the next stage would have read them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.domainflow import choose_seed, export_datasets, tasks_job
from agentgen_sym.executor import SERIAL, drive, make_executor
from agentgen_sym.export.formats import FORMAT_NAMES, dataset_file
from agentgen_sym.generation.measure import Budgets
from agentgen_sym.generation.pool import EvolveOptions
from agentgen_sym.taskset import read_tasks

from .conftest import CORPUS

PROBLEM = """(define (problem {name}) (:domain bike-workshop) (:objects {objects}) (:init) (:goal (and)))"""


def test_run_keeps_its_seed_on_every_bundled_domain():
    """`run` seeds each bundled domain with its largest problem by object count, which is the last by name, as
    it was chosen before the rule was shared (the main job's output depends on it)."""
    for folder in sorted(p for p in CORPUS.iterdir() if (p / "domain.pddl").exists()):
        problems = sorted(folder.glob("p*.pddl"))
        assert choose_seed(problems, "largest")[0] == problems[-1], folder.name


def test_the_seed_rule_counts_objects_and_breaks_ties_by_name(tmp_path: Path):
    sizes = {"p01": "a b c", "p02": "a", "p03": "a b c", "p04": "a"}
    for name, objects in sizes.items():
        (tmp_path / f"{name}.pddl").write_text(PROBLEM.format(name=name, objects=objects))
    problems = sorted(tmp_path.glob("p*.pddl"))
    largest, problem = choose_seed(problems, "largest")
    assert largest.name == "p03.pddl" and len(problem.objects) == 3
    assert choose_seed(problems, "smallest")[0].name == "p02.pddl"
    with pytest.raises(ValueError, match="unknown seed rule"):
        choose_seed(problems, "newest")


def test_the_flow_writes_each_set_and_passes_it_on_as_its_folder_reads_back(tmp_path: Path, monkeypatch):
    """No stage reads a folder back: the set passed on equals the folder's, down to the source that names the
    generated tasks in their variants' lineage, and the export reads the final folder."""
    folder = CORPUS / "bike-workshop"
    shutil.copytree(folder, tmp_path / "env")
    work = tmp_path / "work"
    _, seed_problem = choose_seed(sorted(folder.glob("p*.pddl")), "largest")
    options = EvolveOptions(rounds=1, budgets=Budgets())
    job = tasks_job(parse_domain(folder / "domain.pddl"), seed_problem, folder / "templates.json", work, 3, 0,
                    1, 6, options)
    monkeypatch.setattr("agentgen_sym.taskset.folder.read_folder",
                        lambda path: pytest.fail(f"the flow read {path} back"))
    with make_executor(SERIAL) as serial:
        made = drive(serial, {"flow": job}, SERIAL.workers)["flow"]
    monkeypatch.undo()
    for kept, name in ((made.generated, "generated"), (made.evolved, "tasks")):
        read = read_tasks(work / name)
        assert kept.source == read.source == name
        assert [(t.id, t.origin, t.plan, t.cost, t.bound, t.lineage, t.problem) for t in kept.tasks] == \
            [(t.id, t.origin, t.plan, t.cost, t.bound, t.lineage, t.problem) for t in read.tasks]
        assert kept.domain == read.domain
    assert any(e["id"].startswith("generated/") for t in made.evolved.tasks for e in t.lineage)
    stats = export_datasets(work)
    assert list(stats) == list(FORMAT_NAMES)
    assert all((work / dataset_file(fmt)).exists() for fmt in FORMAT_NAMES)
    assert {s.written for s in stats.values()} == {len(made.evolved.tasks)}



def test_run_covers_each_domains_own_range_unless_one_is_asked(tmp_path: Path):
    """`run` without --range covers the domain's own lengths, as `generate` does: a third of the seed problem's
    optimal plan length to twice it (it played 3..11 whatever the domain, so a 13-step seed's length never came up),
    in both folders, and says so; a range asked for is given."""
    from agentgen_sym import cli
    from agentgen_sym.domainflow import choose_seed
    from agentgen_sym.generation.measure import measure

    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS / "bike-workshop", corpus / "bike-workshop")
    seed, _ = choose_seed(sorted((corpus / "bike-workshop").glob("p*.pddl")), "largest")
    length = measure(parse_domain(corpus / "bike-workshop" / "domain.pddl"), parse_problem(seed)).difficulty
    own = [max(1, length // 3), 2 * length]
    for out, extra, source, expected in (("default", [], f"plan lengths ({length} steps)", own),
                                         ("asked", ["--range", "2", "6"], "given (--range)", [2, 6])):
        assert cli.main(["run", "--corpus", str(corpus), "--out", str(tmp_path / out), "--n", "2", *extra]) == 0
        for name in ("generated", "tasks"):
            made = json.loads((tmp_path / out / "bike-workshop" / name / "provenance.json").read_text())
            assert source in made["range_source"] and made["range"] == expected, (out, name)
    assert length > 11  # the seed's own length lies beyond the old fixed 3..11


def test_the_objects_bi_evol_invented_are_counted_against_the_seed_problem(tmp_path: Path):
    """Each folder's provenance counts the objects its tasks hold beyond the seed problem's. The evolve stage used
    to take the objects of the widest input task for the seed's when its input held no walk task: on
    museum-install `run` recorded 0 invented objects in 0 tasks for 4 in 4. The seed's objects now travel in the
    generated folder's provenance."""
    folder = CORPUS / "museum-install"
    _, seed_problem = choose_seed(sorted(folder.glob("p*.pddl")), "largest")
    job = tasks_job(parse_domain(folder / "domain.pddl"), seed_problem, folder / "templates.json", tmp_path, 12, 0,
                    3, 11)
    with make_executor(SERIAL) as serial:
        drive(serial, {"flow": job}, SERIAL.workers)
    seed = {o.name for o in seed_problem.objects}
    for name in ("generated", "tasks"):
        made = json.loads((tmp_path / name / "provenance.json").read_text())
        assert sorted(made["seed_objects"]) == sorted(seed)
        extra = [len({o.name for o in read.problem.objects} - seed) for read in read_tasks(tmp_path / name).tasks]
        assert made["invented"] == {"tasks": sum(n > 0 for n in extra), "objects": sum(extra)}, name
