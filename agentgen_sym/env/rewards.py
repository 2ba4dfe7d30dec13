"""The rewards of an episode: success, AgentBoard's progress rate, and a dense reward shaped by the exact distance.

The dense reward of a step from ``s`` to ``s'`` by an action of cost ``c`` is ``-c + gamma*Phi(s') - Phi(s)``,
potential-based shaping (Ng, Harada and Russell, 1999), so it leaves optimal policies unchanged. With the
default ``gamma = 1`` the potentials telescope: the return of any plan reaching the goal is
``Phi(goal) - Phi(s0) - cost(plan)``, so two such plans' returns differ by exactly their cost difference.
``Phi`` is ``-h*(s)``, the exact optimal cost to the goal, so a gold (optimal) plan's return is 0, the best any plan
can get. An episode that ends short of the goal (its step limit) pays ``Phi`` of where it stopped on its last step
(``env/core.py``): without it, a policy that never moves would return 0, the gold plan's return.

Two ways to ``h*``, both exact, both a function of the state alone (the same value whichever episode asks first,
on any machine):

- a task with at most ``max_states`` reachable states (the export's ``--distances`` budget) is enumerated once and
  every state's distance read from one backward Dijkstra (``planners/distances.py``); a state that cannot reach the
  goal gets the potential of one step worse than the worst state that can, so entering a dead end is penalised;
- a larger task gets one optimal search (A* on LM-cut, or h_max where LM-cut refuses the task) per state an episode
  visits, at most ``SEARCH_EXPANSIONS`` expansions each (fewer on a task of many operators: ``SEARCH_WORK``),
  remembered per state. A gold plan proved optimal gives the
  distance of every state it passes without a search: the rest of an optimal plan is optimal from where it
  stands, so ``h*`` there is what the plan has left to pay. A search that proves no plan exists
  gives a dead end the potential of one step worse than twice the start's distance (no enumeration gives the
  worst state here). A search that stops at its expansions gives the bound it proved (the lowest ``f`` left open,
  a lower bound on ``h*``): still a potential, so goal-reaching plans still differ by their cost difference, but
  not the distance; every step that touches such a state says ``info["distance"] = "estimate"``, else ``"exact"``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import replace

import numpy as np

from agentgen_sym.compiler.task import GroundAction, GroundTask
from agentgen_sym.planners.distances import MAX_STATES, distance_table
from agentgen_sym.planners.registry import make_planner
from agentgen_sym.planners.relevance import relevant_task
from agentgen_sym.planners.result import Status

EXACT = "exact"
"""``info["distance"]`` when both states of the step have their exact distance to the goal."""
ESTIMATE = "estimate"
"""``info["distance"]`` when a state's search stopped at its expansions: its potential is a proven lower bound."""
REWARDS = ("success", "progress", "dense")
"""The rewards every step reports (``info``); ``reward=`` picks the one a step returns as its reward."""
SEARCH_EXPANSIONS = 2_000
"""Expansions of one state's optimal search on a task too large to enumerate. On the bundled tasks beyond the
enumeration (up to 108 operators, optimal costs up to 11) a search takes at most a few hundred, 5-20 ms."""
SEARCH_WORK = 2_000_000
"""Expansions times the task's relevant operators, at most, per state's search: LM-cut reads every operator per
state, so parking's 25,000 operators get 80 expansions (2,000 took about 10 s a state, a step's wait while
training), the bundled tasks all 2,000. Counted in work, not seconds, so every machine pays the same rewards."""
SEARCHED_STATES = 65_536
"""States whose searched distance is remembered per task; the memory starts over when full (a value is a function
of the state, so forgetting one only costs its search again)."""
OPTIMAL_PLANNERS = ("astar-lmcut", "astar-hmax", "astar-blind")
"""The searches a state's distance may come from, the strongest admissible heuristic first: the first that accepts
the task (LM-cut refuses conditional effects and axioms)."""


class Potential(ABC):
    """``Phi`` of one task's states, with whether each is ``-h*`` exactly."""

    @abstractmethod
    def of_rows(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``float[n]`` potentials and ``bool[n]`` exactness of the packed states ``rows uint64[n, n_words]``."""

    def of(self, row: np.ndarray) -> float:
        """``Phi`` of the packed state ``row``."""
        return float(self.of_rows(row.reshape(1, -1))[0][0])


class TablePotential(Potential):
    """Every reachable state's distance from one enumeration: exact everywhere."""

    def __init__(self, table: dict[bytes, int], distances: list[int]) -> None:
        self.table, self.distances = table, distances
        self.dead_end = -float(max(distances, default=0) + 1)

    def of_rows(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        data, width = np.ascontiguousarray(rows).tobytes(), rows.shape[1] * 8
        get, distances, dead = self.table.get, self.distances, self.dead_end
        out = []
        for start in range(0, len(data), width):
            found = get(data[start:start + width])
            distance = -1 if found is None else distances[found]
            out.append(-float(distance) if distance >= 0 else dead)
        return np.array(out, dtype=np.float64), np.ones(len(out), dtype=bool)


class SearchedPotential(Potential):
    """Each state's distance from an optimal search of its own, at most ``expansions`` expansions, remembered."""

    def __init__(self, task: GroundTask, expansions: int = SEARCH_EXPANSIONS,
                 optimal_plan: tuple[GroundAction, ...] | None = None) -> None:
        # Backward relevance reads the goal, not the start: pruned once, every state's search finds the relaxed
        # task it builds already cached (planners/relaxed.py), where pruning per search rebuilt it each time.
        self.task = relevant_task(task)[0]
        self.expansions = min(expansions, max(1, SEARCH_WORK // max(1, self.task.n_ops)))
        self.planner = next(p for p in map(make_planner, OPTIMAL_PLANNERS) if p.unsupported(task) is None)
        self._known = dict(_along(task, optimal_plan)) if optimal_plan else {}  # never forgotten
        self._found: dict[bytes, tuple[float, bool]] = {}
        known = self._known.get(task.init_bits.tobytes())
        start = known[0] if known else self._search(task.init_bits)[0]  # Phi(s0) = -h*(s0)
        self.dead_end = 2.0 * start - 1.0

    def _search(self, row: np.ndarray) -> tuple[float, bool | None]:
        """``Phi`` of ``row`` and whether it is exact; None for a proved dead end (its potential is set apart)."""
        result = self.planner.solve(replace(self.task, init_bits=np.ascontiguousarray(row)),
                                    expansion_limit=self.expansions)
        if result.status is Status.SOLVED:
            return -float(result.cost), True
        if result.status is Status.UNSOLVABLE:
            return 0.0, None
        return -float(result.stats.frontier or 0), False

    def of_rows(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        phi, exact = np.empty(len(rows)), np.empty(len(rows), dtype=bool)
        for j, row in enumerate(rows):
            key = row.tobytes()
            found = self._known.get(key) or self._found.get(key)
            if found is None:
                value, proved = self._search(row)
                found = (self.dead_end, True) if proved is None else (value, proved)
                if len(self._found) >= SEARCHED_STATES:
                    self._found.clear()
                self._found[key] = found
            phi[j], exact[j] = found
        return phi, exact


def _along(task: GroundTask, plan: tuple[GroundAction, ...]) -> list[tuple[bytes, tuple[float, bool]]]:
    """(state, (Phi, exact)) for every state an optimal ``plan`` passes, its goal state included: ``h*`` is the
    cost the plan has left. Empty when the plan does not replay to the goal on ``task`` (then nothing is known), and
    on a task whose goal is compiled into operators (a search's plan ends with one, the gold plan does not)."""
    if task.goal_ops.size:
        return []
    row, passed, costs = task.init_bits, [], []
    for step in plan:
        state = task.unpack(row[None, :])
        applicable = task.applicable(state)[0]
        op = next((o for o in task.action_ops.get(step, ()) if applicable[o]), None)
        if op is None:
            return []
        passed.append(row.tobytes())
        costs.append(float(task.cost[op]))
        row = task.successors(row[None, :], state, np.array([0]), np.array([op]))[0]
    if not task.is_goal(task.unpack(row[None, :]))[0]:
        return []
    left = np.cumsum(costs[::-1])[::-1].tolist() if costs else []
    return [(key, (-cost, True)) for key, cost in zip(passed, left)] + [(row.tobytes(), (0.0, True))]


def potential(task: GroundTask, max_states: int | None = None,
              optimal_plan: tuple[GroundAction, ...] | None = None) -> Potential:
    """The task's potential: enumerated within ``max_states`` reachable states (None: the ``--distances`` budget),
    else searched per state, with the states of ``optimal_plan`` (a gold plan proved optimal) known at once."""
    found = distance_table(task, MAX_STATES if max_states is None else max_states)
    return SearchedPotential(task, optimal_plan=optimal_plan) if found is None else TablePotential(*found)
