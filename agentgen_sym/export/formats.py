"""The training-data formats, one registry entry each: record layout, file layout, masking, sidecars.

Each format is written for one consumer and follows that consumer's own loader (the tests in
tests/test_export_formats.py apply each loader's rules, with the file and lines they follow):

- ``sharegpt``: LLaMA-Factory's sharegpt layout (``data/README.md``, ``SharegptDatasetConverter``
  in ``src/llamafactory/data/converter.py``): ``conversations`` of ``from``/``value`` with
  ``human``/``gpt`` alternating, first ``human``, last ``gpt``; the system prompt in its own
  ``system`` column. LLaMA-Factory has no per-turn loss switch, so negatives cannot be masked.
- ``openai``: OpenAI chat fine-tuning ``messages`` of system/user/assistant; ``weight`` (0/1) on
  assistant messages only, so an invalid turn of a negative sample is not learned; the last
  message is the assistant's. LLaMA-Factory's ``openai`` formatting reads the same file but drops
  ``weight`` (``OpenAIDatasetConverter.__call__`` in ``src/llamafactory/data/converter.py``, lines
  278-283 at hiyouga/LLaMA-Factory@ff6d4d12e, keeps only role and content), so a file with
  negatives is for OpenAI only and is not registered for LLaMA-Factory.
- ``agentgym``: AgentGym's AgentTraj records in a JSON array (its ``BCTrainer`` calls ``json.load``):
  ``item_id`` ``<environment>_<index>`` (the trainer takes ``int(item_id.split("_")[-1])`` as the
  task's index on the one environment server it evaluates on: ``index`` is the task's ``data_idx``
  on ``serve`` given the export's TASKS_DIRs, env/catalog.py) and ``conversations`` of
  ``from``/``loss``/``value`` primed as AgentTraj is (the instructions as a human turn, answered
  "Ok." with loss False).
  The BC trainer trains on every ``gpt`` turn whatever its ``loss``: negatives cannot be masked.
- ``agentflan``: Agent-FLAN's published schema (its dataset card's features): ``id`` and
  ``conversation`` of ``role``/``content``/``loss`` (boolean), system prompt first.

Every conversation ends with the last gold action, as AgentTraj's records do: the final
observation (the goal is satisfied) teaches nothing, and a trailing user turn makes LLaMA-Factory
skip the record. Per-task metadata never enters a record (the consumers' schemas have no place
for it); it goes to a sidecar ``<name>.meta.jsonl``, one line per record, in the same order and
keyed by ``id``. Key order is fixed so output is byte-identical.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from agentgen_sym.env.catalog import agentgym_item_id
from agentgen_sym.env.framing import AGENTGYM_ACK
from agentgen_sym.export.trajectories import Trajectory

Record = dict[str, Any]
META_SUFFIX = ".meta.jsonl"


@dataclass(frozen=True)
class Item:
    """What a record is built from: the task id, its index on the environment server, its trajectory."""

    task_id: str
    index: int
    environment: str
    trajectory: Trajectory


def sharegpt(item: Item) -> Record:
    conversations = [{"from": "gpt" if t.role == "assistant" else "human", "value": t.content}
                     for t in item.trajectory.turns]
    return {"id": item.task_id, "conversations": conversations, "system": item.trajectory.system}


def openai(item: Item) -> Record:
    messages: list[Record] = [{"role": "system", "content": item.trajectory.system}]
    for turn in item.trajectory.turns:
        message: Record = {"role": turn.role, "content": turn.content}
        if turn.role == "assistant":
            message["weight"] = int(turn.loss)
        messages.append(message)
    return {"messages": messages}


def agentgym_renumber(record: Record, index: int) -> Record:
    """The record with the server index in its ``item_id`` replaced (the environment name is kept)."""
    environment = str(record["item_id"]).rsplit("_", 1)[0]
    return {**record, "item_id": agentgym_item_id(environment, index)}


def agentgym(item: Item) -> Record:
    conversations = [{"from": "human", "loss": None, "value": item.trajectory.system},
                     {"from": "gpt", "loss": False, "value": AGENTGYM_ACK}]
    for turn in item.trajectory.turns:
        if turn.role == "assistant":
            conversations.append({"from": "gpt", "loss": turn.loss, "value": turn.content})
        else:
            conversations.append({"from": "human", "loss": None, "value": turn.content})
    return {"conversations": conversations, "item_id": agentgym_item_id(item.environment, item.index)}


def agentflan(item: Item) -> Record:
    conversation = [{"role": "system", "content": item.trajectory.system, "loss": False}]
    conversation += [{"role": t.role, "content": t.content, "loss": t.loss} for t in item.trajectory.turns]
    return {"conversation": conversation, "id": item.task_id}


@dataclass(frozen=True)
class Format:
    """One format: how a record is laid out, how the file is laid out, and who trains on it how.

    ``layout`` is ``jsonl`` (one record per line) or ``json`` (one JSON array). ``masked_by`` names
    the trainers that leave a ``weight`` 0 / ``loss`` false turn out of the loss (negatives need one),
    ``unmasked_by`` those that read the file but train every assistant turn (a file with negatives
    must not go to them). ``llamafactory`` is the ``dataset_info.json`` entry (without ``file_name``)
    when LLaMA-Factory reads the file, written beside it so a user registers the data set by copying
    one block; LLaMA-Factory honours no per-turn mask, so a file with negatives is never registered.
    ``renumber`` rewrites a record's server index when files are joined (None: records carry none).
    """

    name: str
    consumer: str
    build: Callable[[Item], Record]
    layout: str
    masked_by: tuple[str, ...] = ()
    unmasked_by: tuple[str, ...] = ()
    llamafactory: Record | None = None
    renumber: Callable[[Record, int], Record] | None = None

    @property
    def can_mask(self) -> bool:
        """Whether some trainer of this format can leave the invalid turn of a negative out of the loss."""
        return bool(self.masked_by)

    @property
    def suffix(self) -> str:
        return ".json" if self.layout == "json" else ".jsonl"

    def data_file(self, stem: str) -> str:
        """The file name of a data set called ``stem`` in this format, e.g. ``dataset.agentgym.json``."""
        return f"{stem}.{self.name}{self.suffix}"

    def serialize(self, records: list[Record]) -> str:
        lines = [json.dumps(r, ensure_ascii=False) for r in records]
        if self.layout == "json":
            return "[\n" + ",\n".join(lines) + "\n]\n" if lines else "[]\n"
        return "".join(line + "\n" for line in lines)

    def parse(self, text: str) -> list[Record]:
        """The records of a file this format wrote."""
        if self.layout == "json":
            return json.loads(text)
        return [json.loads(line) for line in text.splitlines() if line.strip()]


FORMATS: dict[str, Format] = {
    "sharegpt": Format("sharegpt", "LLaMA-Factory (sharegpt formatting)", sharegpt, "jsonl",
                       unmasked_by=("LLaMA-Factory",),
                       llamafactory={"formatting": "sharegpt",
                                     "columns": {"messages": "conversations", "system": "system"},
                                     "tags": {"role_tag": "from", "content_tag": "value", "user_tag": "human",
                                              "assistant_tag": "gpt"}}),
    "openai": Format("openai", "OpenAI chat fine-tuning; LLaMA-Factory (openai formatting)", openai, "jsonl",
                     masked_by=("OpenAI chat fine-tuning",),
                     unmasked_by=("LLaMA-Factory (its openai converter drops `weight`)",),
                     llamafactory={"formatting": "openai", "columns": {"messages": "messages"},
                                   "tags": {"role_tag": "role", "content_tag": "content", "user_tag": "user",
                                            "assistant_tag": "assistant", "system_tag": "system"}}),
    "agentgym": Format("agentgym", "AgentGym (BCTrainer, AgentTraj layout)", agentgym, "json",
                       unmasked_by=("AgentGym's BCTrainer",), renumber=agentgym_renumber),
    "agentflan": Format("agentflan", "Agent-FLAN", agentflan, "jsonl", masked_by=("Agent-FLAN",)),
}
"""Every export format by name."""

FORMAT_NAMES = tuple(FORMATS)
"""Every format's name, in the order a job (``run``, ``build``) writes its data sets."""


def dataset_file(name: str) -> str:
    """Where a job writes a format's data set, beside its dataset card: ``dataset.<format>.<json|jsonl>``."""
    return FORMATS[name].data_file("dataset")


def meta_file(data_file: Path) -> Path:
    """The metadata sidecar of a data file: ``dataset.openai.jsonl`` -> ``dataset.openai.meta.jsonl``."""
    name = data_file.name
    for suffix in (".jsonl", ".json"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    return data_file.with_name(name + META_SUFFIX)
