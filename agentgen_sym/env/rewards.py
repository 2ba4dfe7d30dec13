"""The rewards of an episode: success, AgentBoard's progress rate, and a dense reward shaped by the exact distance.

The dense reward of a step from ``s`` to ``s'`` by an action of cost ``c`` is ``-c + gamma*Phi(s') - Phi(s)``,
potential-based shaping (Ng, Harada and Russell, 1999), so it leaves optimal policies unchanged. With the
default ``gamma = 1`` the potentials telescope: the return of any plan reaching the goal is
``Phi(goal) - Phi(s0) - cost(plan)``, so two such plans' returns differ by exactly their cost difference.
``Phi`` is ``-h*(s)``, the exact optimal cost to the goal, computed once per task by the same budgeted
enumeration as the export's ``--distances`` (``planners/distances.py``, ``MAX_STATES`` reachable states): a gold
(optimal) plan's return is then 0, the best any plan can get. A state that cannot reach the goal gets the
potential of one step worse than the worst state that can, so entering a dead end is penalised. An episode that
ends short of the goal (its step limit) pays ``Phi`` of where it stopped on its last step (``env/core.py``): without
it, a policy that never moves would return 0, the gold plan's return.

Fallback, when the task has more reachable states than the budget (the distance cannot be proved): ``Phi`` is
minus the number of goal conditions that do not hold (the progress rate's count), still potential-based, so
goal-reaching plans still differ by their cost difference; every step's info says ``"potential": "progress"``
instead of ``"distance"``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from agentgen_sym.compiler.task import GroundTask
from agentgen_sym.planners.distances import MAX_STATES, distance_table

DISTANCE = "distance"
"""``info["potential"]`` when the dense reward is shaped by the exact distance to the goal."""
PROGRESS = "progress"
"""``info["potential"]`` when the task was too large to enumerate and the goal conditions shape it."""
REWARDS = ("success", "progress", "dense")
"""The rewards every step reports (``info``); ``reward=`` picks the one a step returns as its reward."""


@dataclass(frozen=True)
class Potential:
    """``Phi`` of one task: the exact distance table, or None for the progress fallback."""

    table: dict[bytes, int] | None
    distances: list[int] | None
    dead_end: float
    n_conditions: int

    @property
    def kind(self) -> str:
        return DISTANCE if self.table is not None else PROGRESS

    def of(self, row: np.ndarray, unheld: int) -> float:
        """``Phi`` of packed state ``row`` (``unheld``: its goal conditions that do not hold)."""
        return self.of_rows(row.reshape(1, -1), np.array([unheld]))[0]

    def of_rows(self, rows: np.ndarray, unheld: np.ndarray) -> np.ndarray:
        """``float[n]``: ``Phi`` of each packed state of ``rows uint64[n, n_words]`` (``unheld`` as for ``of``)."""
        if self.table is None or self.distances is None:
            return -unheld.astype(np.float64)
        data, width = np.ascontiguousarray(rows).tobytes(), rows.shape[1] * 8
        get, distances, dead = self.table.get, self.distances, self.dead_end
        out = []
        for start in range(0, len(data), width):
            found = get(data[start:start + width])
            distance = -1 if found is None else distances[found]
            out.append(-float(distance) if distance >= 0 else dead)
        return np.array(out, dtype=np.float64)


def potential(task: GroundTask, n_conditions: int, max_states: int | None = None) -> Potential:
    """The task's potential within ``max_states`` reachable states (None: the ``--distances`` budget)."""
    found = distance_table(task, MAX_STATES if max_states is None else max_states)
    if found is None:
        return Potential(None, None, 0.0, n_conditions)
    index, best = found
    worst = max(best, default=0)
    return Potential(index, best, -float(worst + 1), n_conditions)
