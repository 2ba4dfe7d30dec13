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
    assert done["options"] == {"n": 3, "seed": 0}


def test_a_corpus_without_domains_is_a_usage_error(tmp_path: Path, capsys):
    (tmp_path / "empty").mkdir()
    assert cli.main(["run", "--corpus", str(tmp_path / "empty"), "--out", str(tmp_path / "out")]) == 2
    assert "holds no domain folder" in capsys.readouterr().err
