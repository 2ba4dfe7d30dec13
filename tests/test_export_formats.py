"""Every export format against its consumer's own loading rules (tests/consumer_rules.py cites them).

The fast tests apply the rules to exports of three corpus tasks, with and without negatives;
the slow ones run the main job (what ``make run`` writes) and then export its task folders with
negatives, and check that every record is kept and every file loads with ``datasets``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentgen_sym.export import FORMATS, export_folder, meta_file
from agentgen_sym.export.card import CARD_FILE, MANIFEST_FILE
from agentgen_sym.pipeline import dataset_file, run

from agentgen_sym.cli import main
from agentgen_sym.llm import ResponseCache

from . import consumer_rules
from .llm_scripts import RoutedLLMServer
from .llm_server import Reply
from .test_drafting import make_client
from .test_export import CORPUS, make_tasks_dir
from .conftest import MAKE_RUN, requires_extra

MASKING = sorted(name for name, f in FORMATS.items() if f.can_mask)


def info_entry(path: Path) -> dict | None:
    """The file's ``dataset_info.json`` entry written beside it: there exactly when LLaMA-Factory is to read the
    file (its format, and no negatives, which it would train on), else None."""
    info_path = path.parent / "dataset_info.json"
    info = json.loads(info_path.read_text()) if info_path.exists() else {}
    entries = [e for e in info.values() if e["file_name"] == path.name]
    negatives = any("negative_step" in json.loads(line) for line in meta_file(path).read_text().splitlines())
    if FORMATS_BY_FILE(path).llamafactory is None or negatives:
        assert entries == [], path
        return None
    assert len(entries) == 1
    return entries[0]


def FORMATS_BY_FILE(path: Path):  # noqa: N802 - reads like the registry it looks into
    return next(f for f in FORMATS.values() if path.name.endswith(f".{f.name}{f.suffix}"))


def assert_all_kept(path: Path) -> int:
    fmt = FORMATS_BY_FILE(path).name
    kept, total, problems = consumer_rules.kept(fmt, path.read_text(encoding="utf-8"), info_entry(path))
    assert problems == [] and kept == total > 0, (path, problems)
    return kept


@pytest.fixture(scope="module")
def greenhouse(tmp_path_factory) -> Path:
    return make_tasks_dir(tmp_path_factory.mktemp("greenhouse"), "greenhouse-rows")


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_consumer_rules_keep_every_record(greenhouse, tmp_path, fmt):
    """LLaMA-Factory converter.py 135-180/231-301, AgentGym bc_trainer.py 81-131 and 220, Agent-FLAN's
    card features, OpenAI's chat format: all records of a plain export are kept."""
    out = tmp_path / FORMATS[fmt].data_file("dataset")
    assert export_folder(greenhouse, fmt, out).ok
    assert assert_all_kept(out) == 3


@pytest.mark.parametrize("fmt", MASKING)
def test_consumer_rules_keep_every_negative_record(greenhouse, tmp_path, fmt):
    out = tmp_path / FORMATS[fmt].data_file("dataset")
    assert export_folder(greenhouse, fmt, out, negatives=True).ok
    assert assert_all_kept(out) == 3


def test_the_rules_reject_what_the_consumers_reject():
    """The checkers fire: a record ending on the user, a JSON Lines file for AgentGym, extra keys."""
    entry = FORMATS["sharegpt"].llamafactory
    ending_on_user = {"id": "x", "system": "s", "conversations": [{"from": "human", "value": "a"},
                                                                  {"from": "gpt", "value": "b"},
                                                                  {"from": "human", "value": "c"}]}
    assert consumer_rules.llamafactory(ending_on_user, entry) == ["Invalid message count (3)"]
    gym = '{"item_id": "bike-workshop-0001", "conversations": []}\n'
    assert consumer_rules.kept("agentgym", gym)[0] == 0
    bad_id = [{"item_id": "bike-workshop-0001", "conversations": [
        {"from": "human", "loss": None, "value": "i"}, {"from": "gpt", "loss": False, "value": "Ok."},
        {"from": "human", "loss": None, "value": "o"}, {"from": "gpt", "loss": False, "value": "wrong"}]}]
    assert len(consumer_rules.agentgym(bad_id)[1][0]) == 2  # the id's index, and an untrainable gpt turn
    masked = {"messages": [{"role": "system", "content": "s"}, {"role": "user", "content": "a"},
                           {"role": "assistant", "content": "b", "weight": 0}, {"role": "user", "content": "c"},
                           {"role": "assistant", "content": "d", "weight": 1}]}
    assert consumer_rules.llamafactory(masked, FORMATS["openai"].llamafactory) == [
        "a turn with weight 0 would be trained on: the converter drops weight (converter.py 278-283)"]
    assert consumer_rules.agentflan({"id": "x", "conversations": [], "meta": {}})
    assert consumer_rules.openai_finetune({"messages": [{"role": "user", "content": "a"}], "meta": {}})
    assert "the last message is not the assistant's" in consumer_rules.openai_finetune(
        {"messages": [{"role": "assistant", "content": "a", "weight": 1}, {"role": "user", "content": "b"}]})


def test_card_and_sidecars_beside_every_export(greenhouse, tmp_path):
    for fmt in sorted(FORMATS):
        export_folder(greenhouse, fmt, tmp_path / FORMATS[fmt].data_file("dataset"), command=f"agentgen-sym export {fmt}")
    card = (tmp_path / CARD_FILE).read_text()
    assert card.startswith("---\n") and "\nconfigs:\n" in card and card.count("- config_name:") == len(FORMATS)
    for fmt in FORMATS:
        name = FORMATS[fmt].data_file("dataset")
        assert f"path: {name}" in card and f"| `{name}` | {fmt} |" in card and meta_file(tmp_path / name).exists()
    assert "| greenhouse-rows | 3 |" in card and "agentgen-sym export openai" in card and "## Difficulty" in card
    manifest = json.loads((tmp_path / MANIFEST_FILE).read_text())
    assert sorted(e["format"] for e in manifest["exports"]) == sorted(FORMATS)
    info = json.loads((tmp_path / "dataset_info.json").read_text())
    assert info["dataset_sharegpt"] == {"file_name": "dataset.sharegpt.jsonl", **FORMATS["sharegpt"].llamafactory}
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    for fmt in sorted(FORMATS):  # the same exports again: the same bytes, card and sidecars included
        export_folder(greenhouse, fmt, tmp_path / FORMATS[fmt].data_file("dataset"), command=f"agentgen-sym export {fmt}")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_negatives_are_registered_only_for_trainers_that_honour_the_mask(greenhouse, tmp_path):
    """`export --format openai --negatives`: LLaMA-Factory's openai converter drops `weight`
    (hiyouga/LLaMA-Factory@ff6d4d12e, src/llamafactory/data/converter.py lines 278-283), so the file is not
    registered in dataset_info.json (an earlier entry for it goes), and the card says OpenAI may train on it
    and LLaMA-Factory must not; every file dataset_info.json registers passes LLaMA-Factory's rules."""
    out = tmp_path / FORMATS["openai"].data_file("dataset")
    assert main(["export", str(greenhouse), "--format", "openai", "--out", str(out), "--negatives"]) == 0
    assert not (tmp_path / "dataset_info.json").exists()
    sharegpt = tmp_path / FORMATS["sharegpt"].data_file("dataset")
    assert export_folder(greenhouse, "sharegpt", sharegpt).ok
    assert export_folder(greenhouse, "openai", out).ok  # without negatives: registered
    assert set(json.loads((tmp_path / "dataset_info.json").read_text())) == {"dataset_openai", "dataset_sharegpt"}
    assert export_folder(greenhouse, "openai", out, negatives=True).ok  # and with them again: unregistered
    info = json.loads((tmp_path / "dataset_info.json").read_text())
    assert set(info) == {"dataset_sharegpt"}
    for entry in info.values():
        registered = tmp_path / entry["file_name"]
        assert consumer_rules.kept(FORMATS_BY_FILE(registered).name, registered.read_text(), entry)[2] == []
    assert info_entry(out) is None and info_entry(sharegpt) is not None
    assert export_folder(greenhouse, "agentflan", tmp_path / FORMATS["agentflan"].data_file("dataset"),
                         negatives=True).ok
    card = (tmp_path / CARD_FILE).read_text()
    row = next(line for line in card.splitlines() if line.startswith(f"| `{out.name}` |"))
    assert "| OpenAI chat fine-tuning; not LLaMA-Factory" in row and "| yes |" in row
    loading = next(line for line in card.splitlines() if line.startswith(f"- `{out.name}`"))
    assert "only with OpenAI chat fine-tuning" in loading and "Do not train on it with LLaMA-Factory" in loading
    assert "not registered in `dataset_info.json`" in loading
    flan = next(line for line in card.splitlines() if line.startswith("| `dataset.agentflan.jsonl` |"))
    assert "| Agent-FLAN |" in flan and "not " not in flan


# --------------------------------------------------------------------------- make run's exports (slow)


@pytest.fixture(scope="module")
def main_job(make_run_out: Path) -> Path:
    """The main job as ``make run`` runs it (every bundled domain, n 12, seed 0)."""
    return make_run_out


@pytest.fixture(scope="module")
def negatives(main_job: Path, tmp_path_factory) -> Path:
    """The negatives exports of the main job's task folders, a folder per domain."""
    out = tmp_path_factory.mktemp("negatives")
    for tasks_dir in sorted(main_job.glob("*/tasks")):
        for fmt in MASKING:
            stats = export_folder(tasks_dir, fmt, out / tasks_dir.parent.name / FORMATS[fmt].data_file("dataset"),
                                  negatives=True)
            assert stats.ok
    return out


@pytest.mark.slow
@MAKE_RUN
@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_main_job_exports_are_kept_by_their_consumers(main_job, fmt):
    assert assert_all_kept(main_job / dataset_file(fmt)) == 120
    if fmt == "agentgym":  # one numbering: data_idx on `serve out/*/tasks` (tests/test_agentgym_numbering.py)
        data = json.loads((main_job / dataset_file(fmt)).read_text())
        assert [int(item["item_id"].rsplit("_", 1)[1]) for item in data] == list(range(120))
        assert len({item["item_id"].rsplit("_", 1)[0] for item in data}) == 10


@pytest.mark.slow
@MAKE_RUN
@pytest.mark.parametrize("fmt", MASKING)
def test_main_job_negatives_are_kept_by_their_consumers(negatives, fmt):
    files = sorted(negatives.glob(f"*/{FORMATS[fmt].data_file('dataset')}"))
    assert len(files) == 10 and sum(assert_all_kept(f) for f in files) == 120


@pytest.mark.slow
@MAKE_RUN
def test_main_job_files_load_with_datasets(main_job, negatives, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    datasets = requires_extra("datasets")
    files = sorted(main_job.glob("dataset.*")) + sorted(negatives.glob("*/dataset.*"))
    assert len(files) == 2 * len(FORMATS) + 2 * 10 * len(MASKING)  # data and metadata files
    for path in files:
        loaded = datasets.load_dataset("json", data_files=str(path), split="train", cache_dir=str(tmp_path / "hf"))
        assert loaded.num_rows == (120 if path.parent == main_job else 12), path
    card = (main_job / CARD_FILE).read_text()
    assert "120 planning tasks in 10 domains" in card and "--seed 0" in card


# --------------------------------------------------------------------------- --thoughts llm


def test_thoughts_llm_paraphrases_checked_and_cached(greenhouse, tmp_path):
    """A paraphrase that keeps the action and facts replaces the thought; one that drops a fact or adds an
    Action line is refused (the templated thought stays); a rerun is served from the cache, same bytes."""
    from agentgen_sym.export.paraphrase import check

    def answer(body: dict) -> Reply:
        user = body["messages"][-1]["content"]
        keep = [line[2:] for line in user.split("<thought>")[0].splitlines() if line.startswith("- ")]
        thought = user.split("<thought>\n")[1].split("\n</thought>")[0]
        if "harvest" in thought:
            return Reply("I just feel like it.")  # names neither the action nor the facts: refused
        return Reply("In other words: " + "; ".join(keep) + ".")

    with RoutedLLMServer(answer) as llm_server:
        client = make_client(llm_server, ResponseCache(tmp_path / "cache.sqlite"))
        _paraphrase_run(greenhouse, tmp_path, client, llm_server)
    assert check("I will walk.\nAction: walk", "walk", [], "x") == "not one line of reasoning"
    assert check("I will walk", "walk", ["ana is at shed"], "x") == "changed a fact"


def _paraphrase_run(greenhouse, tmp_path, client, llm_server):
    out = tmp_path / "data.jsonl"
    stats = export_folder(greenhouse, "agentflan", out, thoughts="llm", llm=client)
    assert stats.ok and stats.paraphrases.asked > stats.paraphrases.kept > 0
    assert stats.paraphrases.refused == {"changed the action": stats.paraphrases.asked - stats.paraphrases.kept}
    contents = [t["content"] for line in out.read_text().splitlines()
                for t in json.loads(line)["conversation"] if t["role"] == "assistant"]
    assert any(c.startswith("Thought: In other words: ") for c in contents)
    assert any("harvest" in c and "In other words" not in c.split("\nAction:")[0] for c in contents)
    asked = llm_server.request_count
    first = out.read_bytes()
    export_folder(greenhouse, "agentflan", out, thoughts="llm", llm=client)
    assert out.read_bytes() == first and llm_server.request_count == asked  # every call cached
    assert "paraphrased by an LLM (llm (test-model))" in (tmp_path / "README.md").read_text()


def test_thoughts_llm_needs_an_endpoint(greenhouse, tmp_path, capsys, monkeypatch):
    for name in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "AGENTGEN_MODEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(Exception, match="needs an LLM endpoint"):
        export_folder(greenhouse, "openai", tmp_path / "a.jsonl", thoughts="llm")
    assert main(["export", str(greenhouse), "--format", "openai", "--out", str(tmp_path / "a.jsonl"),
                 "--thoughts", "llm"]) == 2
