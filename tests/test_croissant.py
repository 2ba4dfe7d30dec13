"""The export folder's Croissant description, read by the real ``mlcroissant``, and every count on the dataset card
checked against the files it describes."""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from pathlib import Path

import mlcroissant as mlc
import pytest

from agentgen_sym import cli
from agentgen_sym.compiler.parser import parse_problem
from agentgen_sym.export.croissant import CONFORMS_TO, CROISSANT_FILE

from .conftest import CORPUS

DOMAINS = ("bike-workshop", "kitchen-line")


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    """`run` on two bundled domains, four tasks each: every format in one folder, as `make run` writes it."""
    root = tmp_path_factory.mktemp("croissant")
    (root / "corpus").mkdir()
    for name in DOMAINS:
        (root / "corpus" / name).symlink_to(CORPUS / name)
    assert cli.main(["run", "--corpus", str(root / "corpus"), "--out", str(root / "out"), "--n", "4"]) == 0
    return root / "out"


def _records(path: Path) -> list[dict]:
    text = path.read_text(encoding="utf-8")
    return json.loads(text) if path.suffix == ".json" else [json.loads(line) for line in text.splitlines() if line]


def _table(card: str, header: str) -> list[list[str]]:
    """The rows of the card's Markdown table whose header row starts with ``header``, cells stripped."""
    lines = card.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip().strip("`") for cell in line.strip("|").split("|")])
    return rows


def test_mlcroissant_reads_every_file_with_its_records(out: Path):
    document = json.loads((out / CROISSANT_FILE).read_text())
    assert document["conformsTo"] == CONFORMS_TO
    dataset = mlc.Dataset(jsonld=str(out / CROISSANT_FILE))
    assert not dataset.metadata.issues.errors
    manifest = {e["file"]: e for e in json.loads((out / "exports.json").read_text())["exports"]}
    files = {d["name"]: d for d in document["distribution"]}
    assert set(files) == set(manifest) | {e["meta_file"] for e in manifest.values()}
    for name, described in files.items():
        assert described["sha256"] == hashlib.sha256((out / name).read_bytes()).hexdigest()
    for record_set in document["recordSet"]:
        name = next(f for f in files if f.replace(".", "-") == record_set["@id"])
        expected = _records(out / name)
        read = list(dataset.records(record_set["@id"]))
        assert len(read) == len(expected) and record_set["description"].startswith(f"{len(expected)} records")
        for field in record_set["field"]:  # what mlcroissant reads is what the file holds
            column = field["name"]
            got = [r[field["@id"]] for r in read]
            if "subField" in field:
                sub = field["subField"][0]
                got = [[turn[sub["@id"]] for turn in turns] for turns in got]
                want = [[turn.get(sub["name"]) for turn in r[column]] for r in expected]
            else:
                want = [r.get(column) for r in expected]
            decode = (lambda v: v.decode() if isinstance(v, bytes) else v)
            assert [[decode(v) for v in g] if isinstance(g, list) else decode(g) for g in got] == want, (name, column)
        described = {f["name"] for f in record_set["field"]}
        left = {key for r in expected for key in r} - described
        assert all(f"`{key}`" in record_set["description"] for key in left)  # nothing dropped without saying so
    commands = {a["name"] for a in document["prov:wasGeneratedBy"]}
    assert commands == {e["command"] for e in manifest.values()}
    assert {d["@id"] for d in document["prov:wasDerivedFrom"]} == {f"{name}/tasks" for name in DOMAINS}


def test_every_count_on_the_card_is_the_files(out: Path):
    card = (out / "README.md").read_text()
    manifest = json.loads((out / "exports.json").read_text())["exports"]
    metas = _records(out / manifest[0]["meta_file"])
    for row in _table(card, "| file | format |"):  # records per data file and sidecar
        entry = next(e for e in manifest if e["file"] == row[0])
        assert int(row[3]) == len(_records(out / row[0])) == len(_records(out / entry["meta_file"]))
    tasks, domains = {m["id"] for m in metas}, Counter(m["domain"] for m in metas)
    assert f"Expert trajectories of {len(tasks)} planning tasks in {len(domains)} domains" in card
    assert {row[0]: int(row[1]) for row in _table(card, "| domain | tasks |")} == dict(domains)
    assert {int(row[0]): int(row[1]) for row in _table(card, "| difficulty | tasks |")} == \
        dict(Counter(m["difficulty"] for m in metas))
    for row in _table(card, "| task folder |"):  # each task folder, counted from its own files
        folder = out / row[0]
        records = _records(folder / "tasks.jsonl")
        made = json.loads((folder / "provenance.json").read_text())
        assert int(row[2]) == len(records)
        lo, hi = map(int, row[3].split(".."))
        assert all(lo <= r["difficulty"] <= hi for r in records)
        seed = set(made["seed_objects"])
        invented = [len({o.name for o in parse_problem(folder / r["problem_file"]).objects} - seed) for r in records]
        assert row[6] == f"{sum(invented)} in {sum(1 for n in invented if n)} task(s)"
        flagged = [r for r in records if not r["optimal"]]
        assert row[8] == "none" if not flagged else row[8].startswith(f"{len(flagged)} task(s)")
        assert row[9] == str(made["broken_invariant_dropped"])
        assert re.fullmatch(r"none|(\d+ \(\d+\)(, )?)+", row[10])


def test_the_card_says_whether_its_files_hold_the_same_tasks(out: Path, tmp_path: Path):
    """`run` writes every format of the same tasks; two exports of different task folders into one folder hold
    different tasks, and the card said they held the same."""
    assert "Every file holds the same tasks in the same order" in (out / "README.md").read_text()
    for name, fmt in zip(DOMAINS, ("openai", "sharegpt")):
        assert cli.main(["export", str(out / name / "tasks"), "--format", fmt,
                         "--out", str(tmp_path / f"{name}.{fmt}.jsonl")]) == 0
    card = (tmp_path / "README.md").read_text()
    assert "The files hold different tasks" in card and "Every file holds the same tasks" not in card
