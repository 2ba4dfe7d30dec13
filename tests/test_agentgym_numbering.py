"""One task numbering for the agentgym export, its dataset card and the server: every record of the
combined ``dataset.agentgym.json`` of ``run`` replays its own task on one ``serve`` of the folders
the card names, read as AgentGym reads it; so do the per-domain files, on the folder their card names.

AgentGym (WooooDyy/AgentGym@3ef9235d23e6) turns a record into a task number in
``agentenv/agentenv/trainer/bc_trainer.py`` line 220, the collate function of its inference and test
loaders: ``int(item["item_id"].split("_")[-1])`` (``trainer/distributed_evaluator.py`` line 79 and
``examples/basic/openai_eval.py`` line 112 do the same). It plays every number of the file on one
environment server: ``agentenv/agentenv/controller/utils.py`` lines 219-220 (``BaseTrainer.generate_experience``
hands a flat list of indices to ``self.tasks[0]``), episodes as ``controller/task.py`` plays them
(``tests/agentgym_textcraft.py``).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from agentgen_sym import cli
from agentgen_sym.export import ExportError, combine, export_folder
from agentgen_sym.export.formats import dataset_file, meta_file
from agentgen_sym.serve.catalog import Catalog

from .agentgym_textcraft import TextCraftStyleEnvClient, generate_experience_one
from .conftest import CORPUS
from .test_export import make_tasks_dir
from .test_serve import Server

DOMAINS = ("kitchen-line", "greenhouse-rows", "bike-workshop")


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    """`run` on three bundled domains, three tasks each."""
    root = tmp_path_factory.mktemp("numbering")
    for name in DOMAINS:
        shutil.copytree(CORPUS / name, root / "corpus" / name)
    assert cli.main(["run", "--corpus", str(root / "corpus"), "--out", str(root / "out"), "--n", "3",
                     "--range", "1", "3", "--jobs", "1"]) == 0
    return root / "out"


def agentgym_index(record: dict) -> int:
    """The task number AgentGym reads from a record (bc_trainer.py line 220)."""
    return int(record["item_id"].split("_")[-1])


def served_folders(card: Path) -> list[Path]:
    """The TASKS_DIRs the dataset card tells a user to start `serve` with, in order."""
    (command,) = re.findall(r"as `agentgen-sym serve ([^`]*)`", card.read_text(encoding="utf-8"))
    return [card.parent / folder for folder in command.split()]


class RecordAgent:
    """An agent that answers with the record's own assistant turns, in order."""

    def __init__(self, record: dict) -> None:
        self.replies = [turn["value"] for turn in record["conversations"][2:] if turn["from"] == "gpt"]

    def generate(self, conversation: list[dict]) -> tuple[str, None]:
        return self.replies.pop(0), None


def test_every_combined_record_replays_its_own_task_on_one_server(out):
    """Started as the README and the card say (`serve out/*/tasks`, the card's folders are the same), the
    server plays each record's task, by AgentGym's reading of its item_id, to the goal, every observation
    the record's own; its /tasks lists the same item_id and task id as the record and its metadata."""
    data = out / dataset_file("agentgym")
    records = json.loads(data.read_text(encoding="utf-8"))
    metas = [json.loads(line) for line in meta_file(data).read_text(encoding="utf-8").splitlines()]
    folders = sorted(out.glob("*/tasks"))
    assert len(folders) == len(DOMAINS) and len(records) == len(metas) == 3 * len(DOMAINS)
    server = Server(folders)
    try:
        listed = server.get("/tasks").json()
        client = TextCraftStyleEnvClient(server.base, data_len=len(listed))
        assert sorted(map(agentgym_index, records)) == list(range(len(records)))
        for record, meta in zip(records, metas, strict=True):
            idx = agentgym_index(record)
            assert (listed[idx]["item_id"], listed[idx]["id"]) == (record["item_id"], meta["id"])
            conversation, reward = generate_experience_one(RecordAgent(record), client, idx, max_rounds=100)
            assert reward == 1.0, (record["item_id"], conversation[-1])
            humans = [turn["value"] for turn in record["conversations"] if turn["from"] == "human"]
            assert [m["content"] for m in conversation if m["role"] == "user"][:-1] == humans
        client.close()
    finally:
        assert server.stop() == 0, "".join(server.lines)
    assert served_folders(out / "README.md") == folders


def test_each_domain_file_numbers_its_tasks_on_the_folder_its_card_names(out):
    for name in DOMAINS:
        data = out / name / dataset_file("agentgym")
        folders = served_folders(out / name / "README.md")
        assert folders == [out / name / "tasks"]
        tasks = Catalog(folders).tasks  # the server's numbering
        metas = [json.loads(line) for line in meta_file(data).read_text(encoding="utf-8").splitlines()]
        for record, meta in zip(json.loads(data.read_text(encoding="utf-8")), metas, strict=True):
            info = tasks[agentgym_index(record)]
            assert (info.item_id, info.task_id) == (record["item_id"], meta["id"])


def test_combine_numbers_tasks_as_serve_numbers_the_served_folders(tmp_path):
    """A served folder without a part (an earlier run's domain) still takes its numbers, as `serve` gives them;
    one `serve` would refuse is left out of the numbering and of the card; a part outside them is refused."""
    stale, first, second = (make_tasks_dir(tmp_path / name, domain) for name, domain in
                            (("a-stale", "bike-workshop"), ("b", "greenhouse-rows"), ("c", "kitchen-line")))
    broken = tmp_path / "b-broken"
    broken.mkdir()  # no domain.pddl: `serve` refuses it
    parts = [(folder, tmp_path / "parts" / f"{folder.name}.json") for folder in (first, second)]
    for folder, part in parts:
        assert export_folder(folder, "agentgym", part).ok
    out = tmp_path / "all" / dataset_file("agentgym")
    assert combine("agentgym", parts, out, served=[stale, broken, first, second]) == 6
    tasks = Catalog([stale, first, second]).tasks
    metas = [json.loads(line) for line in meta_file(out).read_text(encoding="utf-8").splitlines()]
    for record, meta in zip(json.loads(out.read_text(encoding="utf-8")), metas, strict=True):
        info = tasks[agentgym_index(record)]
        assert (info.item_id, info.task_id) == (record["item_id"], meta["id"])
    assert [p.resolve() for p in served_folders(out.parent / "README.md")] == [stale, first, second]
    with pytest.raises(ExportError, match="not among the served folders"):
        combine("agentgym", parts, out, served=[first])
