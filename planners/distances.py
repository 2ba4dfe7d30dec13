"""Exact cost-to-goal of the states along a trajectory, for tasks small enough to enumerate.

Value targets and progress estimates need the true optimal remaining cost, not a heuristic.
When a breadth-first enumeration of the reachable states fits in a budget, one backward
Dijkstra over that graph gives every state's exact distance at once, which is both cheaper
and more certain than one optimal search per visited state. Larger tasks get no distances
(the caller records why) rather than approximate ones.
"""

from __future__ import annotations

import heapq

import numpy as np

from agentgen_sym.compiler.limits import MAX_STATES
from agentgen_sym.compiler.task import GroundTask

CHUNK = 256
"""States expanded together: large enough for NumPy to pay off, small enough to bound memory."""


def state_graph(task: GroundTask, max_states: int = MAX_STATES
                ) -> tuple[dict[bytes, int], np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """Every reachable state and transition, or None beyond ``max_states`` states.

    Returns the index of each packed state (its bytes), the goal flag per state and the
    transitions as parallel arrays (source, target, cost). States are expanded in chunks of
    CHUNK, so memory stays bounded however many operators the task has.
    """
    store = np.empty((max_states, task.n_words), dtype=np.uint64)
    store[0] = task.init_bits
    index = {store[0].tobytes(): 0}
    goals = np.zeros(max_states, dtype=bool)
    sources: list[np.ndarray] = []
    targets: list[np.ndarray] = []
    costs: list[np.ndarray] = []
    expanded = 0
    while expanded < len(index):
        ids = np.arange(expanded, min(expanded + CHUNK, len(index)))
        rows = store[ids]
        states = task.unpack(rows)
        goals[ids] = task.is_goal(states)
        parent, op = np.nonzero(task.applicable(states))
        children = task.successors(rows, states, parent, op)
        child_ids = np.empty(len(op), dtype=np.int64)
        for k, child in enumerate(children):
            key = child.tobytes()
            found = index.get(key)
            if found is None:
                if len(index) >= max_states:
                    return None
                found = index[key] = len(index)
                store[found] = child
            child_ids[k] = found
        sources.append(ids[parent])
        targets.append(child_ids)
        costs.append(task.cost[op])
        expanded = int(ids[-1]) + 1
    return (index, goals[:len(index)], np.concatenate(sources), np.concatenate(targets),
            np.concatenate(costs))


def distance_table(task: GroundTask, max_states: int = MAX_STATES) -> tuple[dict[bytes, int], list[int]] | None:
    """Every reachable state's index (its packed bytes) and optimal remaining cost (-1: the goal
    cannot be reached from it), or None beyond ``max_states`` states."""
    graph = state_graph(task, max_states)
    if graph is None:
        return None
    index, goals, sources, targets, costs = graph
    incoming: list[list[tuple[int, int]]] = [[] for _ in range(len(goals))]
    for source, target, cost in zip(sources.tolist(), targets.tolist(), costs.tolist()):
        incoming[target].append((source, cost))
    best = [-1] * len(goals)
    heap = [(0, int(g)) for g in np.flatnonzero(goals)]
    while heap:
        distance, state = heapq.heappop(heap)
        if best[state] >= 0:
            continue
        best[state] = distance
        for source, cost in incoming[state]:
            if best[source] < 0:
                heapq.heappush(heap, (distance + cost, source))
    return index, best


def distances_to_goal(task: GroundTask, rows: list[np.ndarray], max_states: int = MAX_STATES
                      ) -> list[int] | None:
    """The optimal remaining cost from each packed state in ``rows`` (None: too many states).

    A state from which the goal is unreachable would have no finite distance; the rows of a
    valid plan never include one, and asking for it raises ValueError.
    """
    table = distance_table(task, max_states)
    if table is None:
        return None
    index, best = table
    out = [best[index[row.reshape(-1).tobytes()]] for row in rows]
    if min(out, default=0) < 0:
        raise ValueError("a state of the trajectory cannot reach the goal")
    return out
