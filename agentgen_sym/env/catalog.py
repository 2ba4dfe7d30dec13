"""The task index rule: which task a number names, shared by the env server and the AgentGym export.

AgentGym addresses tasks by an integer (``data_idx`` in its ``/reset`` request; the export writes
the same number into ``item_id``). The rule is kept in one place so that both always agree.
"""

from __future__ import annotations

from typing import Iterable, Sequence


def task_indices(task_ids: Iterable[str]) -> dict[str, int]:
    """The index of each task of one TASKS_DIR: its 0-based position in the folder's task ids, sorted.

    Sorting by id (not by line of ``tasks.jsonl``) makes the index independent of the order in
    which generation wrote the file, so re-writing a folder never renumbers its tasks.
    """
    return {task_id: index for index, task_id in enumerate(sorted(set(task_ids)))}


def data_indices(folders: Sequence[Iterable[str]]) -> list[tuple[int, str]]:
    """Several TASKS_DIRs served together: ``data_idx`` -> ``(folder position, task id)``, as a list.

    ``data_idx`` runs over the folders' task lists concatenated in the order given (the command
    line's), each list ordered as ``task_indices`` orders it.
    """
    out: list[tuple[int, str]] = []
    for position, ids in enumerate(folders):
        indices = task_indices(ids)
        out.extend((position, task_id) for task_id in sorted(indices, key=indices.__getitem__))
    return out


def agentgym_item_id(environment: str, index: int) -> str:
    """``<environment>_<index>``: AgentGym reads the index back as ``int(item_id.split("_")[-1])``."""
    return f"{environment}_{index}"
