"""Record layouts of the training-data formats; each turns one Trajectory into one JSON object.

- ``openai``: chat fine-tuning ``messages``; assistant messages carry ``weight`` 0/1 (OpenAI's
  per-message loss switch), so an invalid turn of a negative sample is not learned.
- ``agentgym``: AgentGym's ``item_id`` and ``conversations`` of ``from``/``loss``/``value``. As
  in AgentGym's own data, the instruction is the first human turn, answered by "Ok." with
  loss False; human turns have loss None.
- ``agentflan``: AgentGen/Agent-FLAN style ``id``, ``system_prompt`` and ``conversations`` of
  ``role``/``content``/``loss`` (0 or 1).

Metadata sits under ``meta`` (openai, agentflan) or at the top level (agentgym, whose loaders
read only ``item_id`` and ``conversations``). Key order is fixed so output is byte-identical.
"""

from __future__ import annotations

from typing import Any, Callable

from .trajectories import Trajectory

Record = dict[str, Any]
AGENTGYM_ACK = "Ok."


def openai(task_id: str, trajectory: Trajectory, meta: Record) -> Record:
    messages: list[Record] = [{"role": "system", "content": trajectory.system}]
    for turn in trajectory.turns:
        message: Record = {"role": turn.role, "content": turn.content}
        if turn.role == "assistant":
            message["weight"] = int(turn.loss)
        messages.append(message)
    return {"messages": messages, "meta": meta}


def agentgym(task_id: str, trajectory: Trajectory, meta: Record) -> Record:
    conversations = [{"from": "human", "loss": None, "value": trajectory.system},
                     {"from": "gpt", "loss": False, "value": AGENTGYM_ACK}]
    for turn in trajectory.turns:
        if turn.role == "assistant":
            conversations.append({"from": "gpt", "loss": turn.loss, "value": turn.content})
        else:
            conversations.append({"from": "human", "loss": None, "value": turn.content})
    return {"item_id": task_id, "conversations": conversations, **meta}


def agentflan(task_id: str, trajectory: Trajectory, meta: Record) -> Record:
    conversations = [{"role": t.role, "content": t.content, "loss": int(t.loss)} for t in trajectory.turns]
    return {"id": task_id, "system_prompt": trajectory.system, "conversations": conversations, "meta": meta}


FORMATS: dict[str, Callable[[str, Trajectory, Record], Record]] = {
    "openai": openai,
    "agentgym": agentgym,
    "agentflan": agentflan,
}
"""Format name -> record builder ``(task_id, trajectory, meta) -> record``."""
