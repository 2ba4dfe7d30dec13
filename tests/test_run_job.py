"""The main job over a corpus: broken domains are reported and skipped, options changes are redone, and a
corpus without domains is a usage error."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from agentgen_sym import cli

from .conftest import CORPUS


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    shutil.copytree(CORPUS / "kitchen-line", root / "kitchen-line")
    broken = root / "broken"
    broken.mkdir()
    (broken / "domain.pddl").write_text("(define (domain broken) (:predicates (p)")  # unbalanced
    (broken / "p01.pddl").write_text("(define (problem q) (:domain broken) (:init) (:goal (p)))")
    return root


def _tasks(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "kitchen-line" / "tasks" / "tasks.jsonl").read_text().splitlines()]


def test_a_broken_domain_is_reported_and_the_rest_completes(corpus: Path, tmp_path: Path, capsys):
    out = tmp_path / "out"
    assert cli.main(["run", "--corpus", str(corpus), "--out", str(out), "--n", "2"]) == 1
    printed = capsys.readouterr().out
    assert "broken" in printed and "skipped" in printed
    assert len(_tasks(out)) == 2 and (out / "dataset.openai.jsonl").read_text().count("\n") == 2


def test_run_warns_once_for_a_domain_whose_wording_is_derived(corpus: Path, tmp_path: Path, capsys):
    """As ``generate`` does: the reviewed kitchen-line says nothing; a copy without its templates.json is named
    with the command that writes templates for review, once, and the run still succeeds."""
    shutil.rmtree(corpus / "broken")
    shutil.copytree(corpus / "kitchen-line", corpus / "unreviewed")
    (corpus / "unreviewed" / "templates.json").unlink()
    assert cli.main(["run", "--corpus", str(corpus), "--out", str(tmp_path / "out"), "--n", "1"]) == 0
    err = capsys.readouterr().err
    warnings = [line for line in err.splitlines() if "is derived from its PDDL names" in line]
    assert len(warnings) == 1 and "unreviewed" in warnings[0] and "-o templates.json" in warnings[0], err


@pytest.mark.slow
def test_a_rerun_with_other_options_redoes_the_domain(corpus: Path, tmp_path: Path):
    """`run --n 2` then `run --n 3` on one --out kept 2 tasks per domain."""
    out = tmp_path / "out"
    shutil.rmtree(corpus / "broken")
    assert cli.main(["run", "--corpus", str(corpus), "--out", str(out), "--n", "2"]) == 0
    first = sorted((out / "kitchen-line" / "tasks" / "tasks").iterdir())
    assert cli.main(["run", "--corpus", str(corpus), "--out", str(out), "--n", "3"]) == 0
    assert len(_tasks(out)) == 3 and len(list((out / "kitchen-line" / "tasks" / "tasks").iterdir())) == 3
    assert len(first) == 2
    done = json.loads((out / "kitchen-line" / "done.json").read_text())
    assert done["options"]["n"] == 3 and done["options"]["seed"] == 0


def test_resume_is_keyed_on_options_inputs_and_code(corpus: Path, tmp_path: Path, capsys):
    """Same inputs, options and code: reused. A changed option or a changed input file: redone, saying
    what changed, with no file of the earlier result left over."""
    out = tmp_path / "out"
    shutil.rmtree(corpus / "broken")
    base = ["run", "--corpus", str(corpus), "--out", str(out), "--n", "2", "--range", "1", "4"]
    assert cli.main([*base, "--rounds", "1"]) == 0
    first = json.loads((out / "kitchen-line" / "done.json").read_text())
    capsys.readouterr()
    assert cli.main([*base, "--rounds", "1"]) == 0
    assert "kitchen-line: reused" in capsys.readouterr().err
    assert cli.main([*base, "--rounds", "2"]) == 0
    assert "kitchen-line: redone (changed: options (rounds 1 -> 2))" in capsys.readouterr().err
    done = json.loads((out / "kitchen-line" / "done.json").read_text())
    assert done["options"]["rounds"] == 2 and done["code"] == first["code"]
    assert cli.main([*base, "--rounds", "2", "--optimal-work", "1000"]) == 0
    assert "kitchen-line: redone (changed: options (optimal_work 50000000 -> 1000))" in capsys.readouterr().err
    assert cli.main([*base, "--rounds", "2"]) == 0
    capsys.readouterr()
    problem = sorted((corpus / "kitchen-line").glob("p*.pddl"))[-1]
    problem.write_text(problem.read_text() + "\n; edited\n")
    assert cli.main([*base, "--rounds", "2"]) == 0
    assert "kitchen-line: redone (changed: inputs)" in capsys.readouterr().err
    assert len(_tasks(out)) == 2 and len(list((out / "kitchen-line" / "tasks" / "tasks").iterdir())) == 2


def test_the_dataset_is_bi_evol_with_lineage(corpus: Path, tmp_path: Path, capsys):
    """The main job's table has the Bi-Evol columns; its tasks carry lineage, and variants name a parent."""
    out = tmp_path / "out"
    shutil.rmtree(corpus / "broken")
    assert cli.main(["run", "--corpus", str(corpus), "--out", str(out), "--n", "4", "--range", "1", "4"]) == 0
    printed = capsys.readouterr().out
    assert "levels filled" in printed and "easier" in printed and "harder" in printed
    tasks = _tasks(out)
    evolved = [t for t in tasks if t["origin"].split(":")[0] in ("easier", "harder")]
    assert 3 * len(evolved) >= len(tasks)
    for task in evolved:
        assert task["parent"] and task["lineage"] and task["lineage"][-1]["id"] == task["parent"]


def test_a_corpus_without_domains_is_a_usage_error(tmp_path: Path, capsys):
    (tmp_path / "empty").mkdir()
    assert cli.main(["run", "--corpus", str(tmp_path / "empty"), "--out", str(tmp_path / "out")]) == 2
    assert "holds no domain folder" in capsys.readouterr().err
