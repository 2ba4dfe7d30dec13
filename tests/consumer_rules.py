"""The rules each consumer of our exports applies when it loads a record, restated as predicates.

None of the consumers can be installed here (LLaMA-Factory and AgentGym pull in torch and a GPU
stack; OpenAI's validator is a service), so each function re-implements the checks of the named
source, file and lines, and returns the reasons a record would be rejected ([] = kept).

- LLaMA-Factory, hiyouga/LLaMA-Factory@ff6d4d12eeb0:
  ``src/llamafactory/data/parser.py`` lines 56-64 (default column and tag names, overridden by
  ``dataset_info.json``'s ``columns``/``tags``); ``src/llamafactory/data/converter.py``
  ``SharegptDatasetConverter`` lines 135-180 (a leading system-tag message becomes the system
  prompt; roles at even positions must be user/observation tags, at odd positions
  assistant/function tags, line 161; an odd message count is "Invalid message count", line 173;
  either skips the record, line 180) and ``OpenAIDatasetConverter`` lines 231-301 (the same
  checks after mapping roles, lines 289 and 294); ``data/README.md`` lines 168-222 (the
  sharegpt layout and its ``dataset_info.json`` entry). Both converters keep only role and
  content of a message (lines 166-171 and 278-283): an OpenAI ``weight`` is dropped, so every
  assistant turn is trained on.
- AgentGym, WooooDyy/AgentGym@3ef9235d23e6: ``agentenv/agentenv/trainer/bc_trainer.py`` lines
  81-96 (``json.load`` of the whole file, then ``Dataset.from_list``: a JSON array of objects),
  lines 113-131 (``item_id`` and ``conversations`` read; a ``human`` message is prompt, every
  other message is trained on, whatever its ``loss``), line 220 (``int(item_id.split("_")[-1])``
  is the task index); ``README.md`` lines 73-110 (AgentTraj records: instructions as the first
  human turn, "Ok." from gpt with loss false, alternating, ending with gpt).
- Agent-FLAN, the dataset card of internlm/Agent-FLAN on Hugging Face (README.md YAML
  ``dataset_info.features``): ``conversation``, a list of ``role`` (string), ``content``
  (string), ``loss`` (bool), and ``id`` (string); ``loss`` true marks a trained turn.
- OpenAI chat fine-tuning (platform docs, "Preparing your dataset" and the multi-turn
  ``weight`` parameter; the OpenAI cookbook's ``Chat_finetuning_data_prep`` format checks):
  every line an object with ``messages``; each message a ``role`` among system/user/assistant
  with string ``content``; only the keys role, content, name, weight (and function/tool calls);
  ``weight`` 0 or 1, on assistant messages only; at least one assistant message. The issue asks
  for the last message to be the assistant's (a trailing user message is never trained on and
  breaks alternating trainers).
"""

from __future__ import annotations

from typing import Any

Record = dict[str, Any]

LLAMAFACTORY_DEFAULT_TAGS = {"role_tag": "from", "content_tag": "value", "user_tag": "human",
                             "assistant_tag": "gpt", "observation_tag": "observation",
                             "function_tag": "function_call", "system_tag": "system"}  # parser.py 56-64


def llamafactory(record: Record, info: Record) -> list[str]:
    """Why LLaMA-Factory's converter would skip ``record`` under the ``dataset_info.json`` entry ``info``."""
    columns, tags = info.get("columns", {}), {**LLAMAFACTORY_DEFAULT_TAGS, **info.get("tags", {})}
    formatting = info.get("formatting", "alpaca")
    if formatting not in ("sharegpt", "openai"):
        return [f"formatting {formatting!r} is not a conversation format"]
    problems = [f"column {column!r} is missing" for column in columns.values() if column not in record]
    if problems:
        return problems
    messages = record[columns.get("messages", "conversations")]
    role, content = tags["role_tag"], tags["content_tag"]
    if messages and tags["system_tag"] and messages[0].get(role) == tags["system_tag"]:
        messages = messages[1:]
    odd = {tags["user_tag"], tags["observation_tag"]}  # converter.py 144-146 (sharegpt), 284-286 (openai)
    even = {tags["assistant_tag"], tags["function_tag"]}
    for turn, message in enumerate(messages):
        if message.get(role) not in (odd, even)[turn % 2]:
            return [f"Invalid role tag at message {turn}: {message.get(role)!r}"]
        if not isinstance(message.get(content), str):
            return [f"message {turn} has no string {content!r}"]
    if len(messages) % 2 != 0:
        return [f"Invalid message count ({len(messages)})"]
    if "system" in columns and not isinstance(record[columns["system"]], str):
        return ["the system column is not a string"]
    if any(message.get("weight") == 0 for message in messages):
        return ["a turn with weight 0 would be trained on: the converter drops weight (converter.py 278-283)"]
    return []


def agentgym(data: Any) -> tuple[list[str], list[list[str]]]:
    """Whether AgentGym's BCTrainer reads ``data`` (the whole file, json.load-ed), and each record's problems."""
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        return ["the file is not a JSON array of objects (bc_trainer.py 85-93: json.load, Dataset.from_list)"], []
    per_record = []
    for item in data:
        problems = []
        item_id, conversations = item.get("item_id"), item.get("conversations")
        try:
            int(str(item_id).split("_")[-1])
        except ValueError:
            problems.append(f"item_id {item_id!r}: int(item_id.split('_')[-1]) fails (bc_trainer.py 220)")
        if not isinstance(conversations, list) or len(conversations) < 4:
            per_record.append(problems + ["no conversations"])
            continue
        senders = [m.get("from") for m in conversations]
        if any(s not in ("human", "gpt") for s in senders):
            problems.append("a message is neither human nor gpt (a third role would be trained on, lines 118-131)")
        if senders != ["human", "gpt"] * (len(senders) // 2) or len(senders) % 2:
            problems.append("turns do not alternate human/gpt ending with gpt (README.md 73-110)")
        if conversations[0].get("loss") is not None or conversations[1] != {"from": "gpt", "loss": False,
                                                                             "value": "Ok."}:
            problems.append("not primed as AgentTraj is: instructions (loss null), then gpt 'Ok.' (loss false)")
        if any(m.get("from") == "gpt" and m.get("loss") is not True for m in conversations[2:]):
            problems.append("a gpt turn with loss false after the priming: BCTrainer ignores loss and would learn it")
        if any(not isinstance(m.get("value"), str) for m in conversations):
            problems.append("a value is not a string")
        per_record.append(problems)
    return [], per_record


def agentflan(record: Record) -> list[str]:
    """Why ``record`` does not follow Agent-FLAN's published schema (its card's features)."""
    if set(record) != {"conversation", "id"}:
        return [f"keys {sorted(record)}; the schema has exactly conversation and id"]
    if not isinstance(record["id"], str):
        return ["id is not a string"]
    problems = []
    conversation = record["conversation"]
    for k, turn in enumerate(conversation):
        if set(turn) != {"role", "content", "loss"}:
            problems.append(f"turn {k} keys {sorted(turn)}")
        elif not (isinstance(turn["role"], str) and isinstance(turn["content"], str) and isinstance(turn["loss"], bool)):
            problems.append(f"turn {k}: role and content must be strings, loss a bool")
        elif turn["loss"] and turn["role"] != "assistant":
            problems.append(f"turn {k}: a {turn['role']} turn is trained on")
    roles = [t.get("role") for t in conversation]
    if roles[:1] == ["system"]:
        roles = roles[1:]
    if roles != ["user", "assistant"] * (len(roles) // 2) or not roles:
        problems.append("turns do not alternate user/assistant ending with the assistant")
    return problems


OPENAI_MESSAGE_KEYS = {"role", "content", "name", "weight", "function_call", "tool_calls"}


def openai_finetune(record: Record) -> list[str]:
    """Why OpenAI's chat fine-tuning would refuse ``record`` (or train on what it should not)."""
    extra = set(record) - {"messages", "tools", "parallel_tool_calls"}
    if extra:
        return [f"unexpected top-level keys {sorted(extra)}"]
    messages = record.get("messages")
    if not isinstance(messages, list) or not messages:
        return ["no messages"]
    problems = []
    for k, message in enumerate(messages):
        if set(message) - OPENAI_MESSAGE_KEYS:
            problems.append(f"message {k}: unrecognized keys {sorted(set(message) - OPENAI_MESSAGE_KEYS)}")
        if message.get("role") not in ("system", "user", "assistant"):
            problems.append(f"message {k}: role {message.get('role')!r}")
        if not isinstance(message.get("content"), str):
            problems.append(f"message {k}: content is not a string")
        if "weight" in message and (message["role"] != "assistant" or message["weight"] not in (0, 1)):
            problems.append(f"message {k}: weight {message['weight']!r} on a {message['role']} message")
    if not any(m.get("role") == "assistant" for m in messages):
        problems.append("no assistant message")
    if messages[-1].get("role") != "assistant":
        problems.append("the last message is not the assistant's")
    return problems


def kept(fmt: str, text: str, info: Record | None = None) -> tuple[int, int, list[str]]:
    """(records kept, records in the file, the first problems) under ``fmt``'s consumer rules."""
    import json

    if fmt == "agentgym":
        try:
            data = json.loads(text)
        except ValueError as exc:
            return 0, 0, [f"not JSON: {exc}"]
        file_problems, per_record = agentgym(data)
        if file_problems:
            return 0, len(data) if isinstance(data, list) else 0, file_problems
        return sum(not p for p in per_record), len(per_record), [x for p in per_record for x in p][:3]
    records = [json.loads(line) for line in text.splitlines() if line.strip()]
    problems: list[list[str]] = []
    for record in records:
        if fmt == "sharegpt":
            problems.append(llamafactory(record, info or {}))
        elif fmt == "openai":
            problems.append(openai_finetune(record) + (llamafactory(record, info) if info else []))
        elif fmt == "agentflan":
            problems.append(agentflan(record))
        else:
            raise ValueError(fmt)
    return sum(not p for p in problems), len(records), [x for p in problems for x in p][:3]
