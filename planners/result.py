"""What every planner returns: a status (never a bare ``None``), the plan as operator ids, statistics."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class Status(enum.Enum):
    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"      # a complete search exhausted the reachable states
    LIMIT_REACHED = "limit-reached"  # time, expansion or memory limit hit before an answer
    UNSUPPORTED = "unsupported"    # the task uses a feature the planner refuses (checked before search)
    ERROR = "error"                # an external backend failed; the search core raises instead of hiding bugs


@dataclass
class SearchStats:
    """Counters every search fills, whatever its outcome.

    ``generated`` counts (state, operator) successor pairs, ``evaluated`` heuristic evaluations of
    single states, ``peak_memory_mb`` the largest size of the search's own structures (registry,
    duplicate index, open lists) — an estimate in bytes of what the search holds, not the process RSS.
    ``cpu_seconds`` is the process CPU time of one search (Fast Downward's own timer measures CPU
    time, so a fair rate comparison on a loaded machine uses it); 0 for a portfolio.
    ``phases`` gives the seconds of each phase a planner went through (``relevance``,
    ``heuristics`` for their precomputation, ``search``), summed over a portfolio's members.
    ``frontier`` is the lowest first priority left in the open list when a limit stopped the search
    (the depth for breadth-first search, g + h for A*, g for uniform-cost search), None otherwise: what
    a caller needs to turn an unfinished optimal search into a proven lower bound.
    """

    expanded: int = 0
    generated: int = 0
    evaluated: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    peak_memory_mb: float = 0.0
    phases: dict[str, float] = field(default_factory=dict)
    frontier: int | None = None

    @property
    def expansions_per_second(self) -> float:
        return self.expanded / self.seconds if self.seconds > 0 else 0.0


@dataclass
class SearchResult:
    status: Status
    plan: list[int] | None = None  # operator ids, in order; [] when the initial state is a goal
    cost: int | None = None
    stats: SearchStats = field(default_factory=SearchStats)
    message: str = ""

    @property
    def solved(self) -> bool:
        return self.status is Status.SOLVED
