"""One best-first search engine over a StateRegistry, configured rather than copied.

A configuration says how states are ordered (``depth``: breadth-first, ``g``: uniform-cost,
``f``: A* / weighted A* with ties broken by lower h, ``h``: greedy), when the goal test runs
(at generation for breadth-first and greedy searches, when popped for cost-ordered ones, which
keeps A* optimal), whether closed states are reopened when a cheaper path turns up, whether
evaluation is lazy and whether preferred operators feed a second open list (Fast Downward's
alternation with boosting on progress).

Lazy search is greedy and does what Fast Downward's does: an expanded state queues every
(state, applicable operator) pair with its own h, without building the successor; a popped pair
becomes a state only then, is skipped if already expanded, goal-tested, evaluated and expanded.
A state queued from a better parent or by a preferred operator so gets that chance too, and a
state with thousands of applicable operators costs one pair each, not a registered successor
each (on childsnack and parking, registering them took 60% of the search's time).

Several heuristics may be combined, as in LAMA: each orders its own open list (and preferred
list) and the lists are used in turn; a state any of them reports as a dead end is pruned. A
path-dependent heuristic (landmark counting) keeps per-state ``info`` that successors inherit;
a state reached by several paths keeps what all of them agree on.

Each round pops a batch of ids from one bucket (for A* a subset of the minimum (f, h) bucket,
which keeps optimality), unpacks it once, finds the applicable operators for the whole batch
(through the key index of planners/successors.py, not a test of every operator),
builds every successor in one call, deduplicates them through the registry and evaluates the new
ones in one heuristic call. States with h = inf are pruned: heuristics report inf only for proven
dead ends, so an exhausted open list proves the task unsolvable.

Limits are checked between batches (batches shrink near the deadline) and between the chunks
a large batch of states is evaluated in: the run's ``deadline`` (``compiler.limits``),
``expansion_limit`` in expanded states (checked between batches only, so a given limit stops
a search at the same state on any machine) and ``memory_limit_mb`` against the bytes the
search itself holds (registry rows and arrays, the duplicate index estimated per entry,
open-list entries), not the process RSS, which is a monotone peak shared with everything
else in the process.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.limits import Deadline
from agentgen_sym.planners.heuristics import Heuristic
from agentgen_sym.planners.open_list import AlternationOpenList
from agentgen_sym.planners.result import SearchResult, SearchStats, Status
from agentgen_sym.planners.state_registry import StateRegistry
from agentgen_sym.planners.successors import successor_generator
from agentgen_sym.compiler.task import GroundTask

ORDERS = ("depth", "g", "f", "h")
BATCH_CELLS = 1 << 21  # cap on batch * max(n_ops, n_bits): bounds the applicable/unpacked matrices
EVAL_FIRST_CHUNK = 1  # under a time limit, states evaluated before the cost per state is known


@dataclass(frozen=True)
class SearchConfig:
    """How the engine orders, tests and treats states (see the module docstring)."""

    order: str                # one of ORDERS
    goal_test_at_generation: bool
    reopen: bool              # push a closed state again when a cheaper path to it is found
    weight: int = 1           # f = g + weight * h
    lazy: bool = False
    preferred: bool = False   # needs a heuristic with preferred operators
    batch_size: int = 64
    boost: int = 1000

    def __post_init__(self) -> None:
        if self.order not in ORDERS:
            raise ValueError(f"unknown search order {self.order!r}; expected one of {', '.join(ORDERS)}")
        if self.weight < 1 or self.batch_size < 1:
            raise ValueError("weight and batch_size must be positive integers")
        if self.lazy and (self.order != "h" or self.goal_test_at_generation or self.reopen):
            raise ValueError("lazy evaluation is greedy (order 'h'), tests goals when popped and never reopens")


class _LimitReached(AgentgenError):
    pass


@dataclass(frozen=True)
class _Successors:
    """One eager expansion round: the ids reached more cheaply than before (their parent
    pointers now point here), which of those are new, and the ids preferred operators reached."""

    improved: np.ndarray
    is_new: np.ndarray
    preferred: np.ndarray | None


class _Search:
    def __init__(self, task: GroundTask, config: SearchConfig, heuristics: Sequence[Heuristic],
                 deadline: Deadline, memory_limit_mb: float | None, expansion_limit: int | None = None) -> None:
        self.task, self.config, self.heuristics = task, config, list(heuristics)
        tracked = [h for h in self.heuristics if h.path_dependent]
        if len(tracked) > 1:
            raise ValueError("at most one path-dependent heuristic per search")
        self.tracked = tracked[0] if tracked else None
        k = max(1, len(self.heuristics))
        self.registry = StateRegistry(task.n_words, n_heuristics=k,
                                      info_words=self.tracked.info_words if tracked else 0)
        self.open = AlternationOpenList(config.preferred, config.boost, k)
        self.successors = successor_generator(task)
        self.stats = SearchStats()
        self.start = time.perf_counter()
        self.cpu_start = time.process_time()
        self.deadline = deadline
        self.memory_limit = None if memory_limit_mb is None else memory_limit_mb * 2 ** 20
        self.expansion_limit = expansion_limit
        self.max_batch = max(1, min(config.batch_size, BATCH_CELLS // max(task.n_ops, task.n_bits, 1)))
        self.batch = self.max_batch
        self.best_h = np.full(k, np.inf)
        self.cost = task.cost.astype(np.int64)
        self._eval_seconds_per_state: float | None = None

    # ---------------------------------------------------------------- driver
    def run(self) -> SearchResult:
        try:
            goal = self._search()
        except (_LimitReached, MemoryError) as stop:
            self.stats.frontier = self.open.lowest(0)
            return self._result(Status.LIMIT_REACHED, message=str(stop) or "out of memory")
        if goal is None:
            return self._result(Status.UNSOLVABLE, message="open list exhausted: no plan exists")
        plan = self.registry.path(goal)
        return self._result(Status.SOLVED, plan=plan, cost=int(self.cost[plan].sum()))

    def _result(self, status: Status, plan: list[int] | None = None, cost: int | None = None,
                message: str = "") -> SearchResult:
        self.stats.seconds = time.perf_counter() - self.start
        self.stats.cpu_seconds = time.process_time() - self.cpu_start
        self._note_memory()
        return SearchResult(status, plan, cost, self.stats, message)

    def _search(self) -> int | None:
        reg, task = self.registry, self.task
        root = int(reg.insert(task.init_bits[None, :])[0])
        reg.g[root], reg.depth[root] = 0, 0
        if self.tracked is not None:
            reg.info[root] = self.tracked.initial_info(reg.rows[[root]])[0]
        root_states = task.unpack(reg.rows[[root]])
        if task.is_goal(root_states)[0]:
            return root
        if self.config.lazy:
            self._expand_lazy(np.array([root]), root_states)
        else:
            reg.h[root] = self._evaluate(np.array([root]), root_states)[0]
            if np.isinf(reg.h[root]).any():
                return None
            self.best_h = reg.h[root].copy()
            self._push(np.array([root]), reg.h[[root]], None)
        while len(self.open):
            self._check_limits()
            if self.expansion_limit is not None and self.stats.expanded >= self.expansion_limit:
                raise _LimitReached(f"expansion limit reached after {self.stats.expanded} expansions")
            started = time.perf_counter()
            ids = self._pop_lazy() if self.config.lazy else self._pop()
            if ids.size == 0:
                continue
            states = task.unpack(reg.rows[ids])
            found = None if self.config.goal_test_at_generation else self._first_goal(ids, states)
            if found is None:
                expand = self._expand_lazy if self.config.lazy else self._expand_eager
                found = expand(ids, states)
            if found is not None:
                return found
            self._fit_batch(ids.size, time.perf_counter() - started)
        return None

    def _fit_batch(self, expanded: int, seconds: float) -> None:
        """Limits are checked between batches, so near the deadline a batch must be short: keep
        one batch below a quarter of the time left, at the last batch's cost per state."""
        left = self.deadline.left()
        if left is None or expanded == 0:
            return
        per_state = max(seconds / expanded, 1e-7)
        self.batch = max(1, min(self.max_batch, int(0.25 * left / per_state)))

    # ---------------------------------------------------------------- one round
    def _pop(self) -> np.ndarray:
        """The next batch of distinct open ids from one bucket, in open-list order; entries of
        closed states are skipped."""
        reg = self.registry
        which, key, ids = self.open.pop_batch(self.batch)
        ids = ids[~reg.closed[ids]]
        if self.config.reopen:  # drop entries pushed before a cheaper path was found
            ids = ids[(self._keys(ids, reg.h[ids, which]) == np.array(key)).all(axis=1)]
        return _distinct(ids)

    def _pop_lazy(self) -> np.ndarray:
        """Lazy search's next batch: queued (state, operator) pairs, popped in open-list order
        until as many distinct unexpanded states as a batch holds are built, registered with the
        first pair that reached them. Most pairs lead to states already expanded; those are
        dropped after a lookup, before any bookkeeping."""
        reg, task = self.registry, self.task
        taken, count = [], 0
        while count < self.batch and len(self.open):
            pairs = self.open.pop_batch(self.batch - count)[2]
            parents, ops = np.divmod(pairs, task.n_ops)
            rows = self.successors.successors(reg.rows, None, parents, ops)
            known = reg.find(rows)
            live = known < 0
            live[~live] = ~reg.closed[known[~live]]
            if not live.any():
                continue
            parents, ops = parents[live], ops[live]
            size_before = reg.size
            ids = reg.insert(rows[live])
            first = np.zeros(ids.size, dtype=bool)
            first[np.unique(ids, return_index=True)[1]] = True
            new = first & (ids >= size_before)
            fresh, parents, ops = ids[new], parents[new], ops[new]
            reg.parent[fresh], reg.op[fresh] = parents, ops
            reg.g[fresh], reg.depth[fresh] = reg.g[parents] + self.cost[ops], reg.depth[parents] + 1
            if self.tracked is not None:
                reg.info[fresh] = self.tracked.progress_info(reg.info[parents], reg.rows[fresh])
            taken.append(ids)
            count += np.unique(ids).size
        return _distinct(np.concatenate(taken)) if taken else np.zeros(0, dtype=np.int64)

    def _expand_eager(self, ids: np.ndarray, states: np.ndarray) -> int | None:
        """Expand, evaluate the new successors; returns a goal id when one is generated."""
        reg, task = self.registry, self.task
        reg.closed[ids] = True
        applicable = self.successors.applicable(states)
        preferred = None
        if self.config.preferred:
            _, preferred = self._values(ids, states, preferred=True, applicable=applicable)
        succ = self._generate(ids, states, applicable, preferred)
        improved, pref = succ.improved, succ.preferred
        fresh = improved[succ.is_new]
        if fresh.size:
            fresh_states = task.unpack(reg.rows[fresh])
            reg.h[fresh] = self._evaluate(fresh, fresh_states)
            dead = np.isinf(reg.h[fresh]).any(axis=1)
            reg.closed[fresh[dead]] = True
            if self.config.goal_test_at_generation:
                goal = self._first_goal(fresh[~dead], fresh_states[~dead])
                if goal is not None:
                    return goal
            self._progress(reg.h[fresh[~dead]])
        if self.config.reopen:
            push = improved[~np.isinf(reg.h[improved]).any(axis=1)]
            reg.closed[push] = False
        else:
            push = fresh[~reg.closed[fresh]]
        self._push(push, reg.h[push], None if pref is None else np.isin(push, pref))
        return None

    def _expand_lazy(self, ids: np.ndarray, states: np.ndarray) -> None:
        """Evaluate the popped states and queue every applicable operator of the live ones with
        their h (preferred ones first inside their bucket)."""
        reg, task = self.registry, self.task
        reg.closed[ids] = True
        applicable = self.successors.applicable(states)
        h, preferred = self._values(ids, states, preferred=self.config.preferred, applicable=applicable)
        reg.h[ids] = h
        alive = np.isfinite(h).all(axis=1)
        ids, h = ids[alive], h[alive]
        self._progress(h)
        self.stats.expanded += ids.size
        si, oi = np.nonzero(applicable[alive])
        self.stats.generated += si.size
        is_pref = None if preferred is None else preferred[alive][si, oi]
        if is_pref is not None:
            order = np.argsort(~is_pref, kind="stable")
            si, oi, is_pref = si[order], oi[order], is_pref[order]
        self._push(ids[si] * task.n_ops + oi, h[si], is_pref)

    def _generate(self, ids: np.ndarray, states: np.ndarray, applicable: np.ndarray,
                  preferred: np.ndarray | None) -> _Successors:
        """Expand ``ids`` (unpacked as ``states``, ``applicable`` their operators) eagerly: register
        every successor, record a parent for those reached more cheaply than before, hand every
        transition to a path-dependent heuristic."""
        reg = self.registry
        self.stats.expanded += ids.size
        si, oi = np.nonzero(applicable)
        self.stats.generated += si.size
        size_before = reg.size
        succ_ids = reg.insert(self.successors.successors(reg.rows[ids], states, si, oi))
        parent = ids[si]
        g_new = reg.g[parent] + self.cost[oi]
        depth_new = reg.depth[parent] + 1
        # by depth for breadth-first search (shortest plans), by cost otherwise
        metric, current = (depth_new, reg.depth) if self.config.order == "depth" else (g_new, reg.g)
        order = np.lexsort((metric, succ_ids))
        first = np.ones(order.size, dtype=bool)
        first[1:] = succ_ids[order[1:]] != succ_ids[order[:-1]]
        pick = order[first]
        pick = pick[metric[pick] < current[succ_ids[pick]]]
        improved = succ_ids[pick]
        reg.g[improved], reg.depth[improved] = g_new[pick], depth_new[pick]
        reg.parent[improved], reg.op[improved] = parent[pick], oi[pick]
        if self.tracked is not None:
            self._inherit_info(succ_ids[order], parent[order], first, size_before)
        reached_by_preferred = None if preferred is None else np.unique(succ_ids[preferred[si, oi]])
        return _Successors(improved, improved >= size_before, reached_by_preferred)

    # ---------------------------------------------------------------- helpers
    def _first_goal(self, ids: np.ndarray, states: np.ndarray) -> int | None:
        goals = np.flatnonzero(self.task.is_goal(states))
        return int(ids[goals[0]]) if goals.size else None

    def _inherit_info(self, ids: np.ndarray, parents: np.ndarray, first: np.ndarray, size_before: int) -> None:
        """A path-dependent heuristic's info along the transitions ``parents -> ids`` (grouped by
        id, ``first`` marking each group's start): a state keeps only what every path it was
        reached by agrees on (Fast Downward intersects too)."""
        reg = self.registry
        info = self.tracked.progress_info(reg.info[parents], reg.rows[ids])
        starts = np.flatnonzero(first)
        ids, info = ids[starts], np.bitwise_and.reduceat(info, starts, axis=0)
        old = ids < size_before
        info[old] &= reg.info[ids[old]]
        reg.info[ids] = info

    def _evaluate(self, ids: np.ndarray, states: np.ndarray) -> np.ndarray:
        """``float64[n, n_heuristics]`` values of ``states`` (the unpacked rows of ``ids``)."""
        return self._values(ids, states, preferred=False)[0]

    def _values(self, ids: np.ndarray, states: np.ndarray, preferred: bool, applicable: np.ndarray | None = None
                ) -> tuple[np.ndarray, np.ndarray | None]:
        """Every heuristic's values (and their preferred operators' union, read from the states'
        ``applicable`` matrix where given) for ``states``. Under a time limit the states go in
        chunks sized to last at most a second (or a quarter of the time left) at the cost per
        state seen so far, with the limit checked between chunks: one batch of successors can take
        minutes to evaluate (LM-cut on a large task)."""
        n = states.shape[0]
        h = np.zeros((n, max(1, len(self.heuristics))))
        union = None
        start = 0
        while start < n:
            stop = min(n, start + self._chunk_size(n))
            started = time.perf_counter()
            part = states[start:stop]
            for k, heuristic in enumerate(self.heuristics):
                args = (part, self.registry.info[ids[start:stop]]) if heuristic.path_dependent else (part,)
                if preferred and heuristic.preferred:
                    part_applicable = None if applicable is None else applicable[start:stop]
                    h[start:stop, k], ops = heuristic.compute_preferred(*args, applicable=part_applicable)
                    if union is None:
                        union = np.zeros((n, ops.shape[1]), dtype=bool)
                    union[start:stop] |= ops
                else:
                    h[start:stop, k] = heuristic.compute(*args)
            self._eval_seconds_per_state = (time.perf_counter() - started) / (stop - start)
            start = stop
            if start < n:
                self._check_limits()
        if self.heuristics:
            self.stats.evaluated += n
        return h, union

    def _chunk_size(self, n: int) -> int:
        """States to evaluate before the time limit is checked again (all ``n`` without one)."""
        left = self.deadline.left()
        if left is None:
            return n
        if self._eval_seconds_per_state is None:
            return EVAL_FIRST_CHUNK
        budget = min(1.0, 0.25 * left)
        return max(1, int(budget / max(self._eval_seconds_per_state, 1e-9)))

    def _keys(self, ids: np.ndarray, h: np.ndarray) -> np.ndarray:
        """Priorities ``int64[n, d]`` of ``ids`` in a list ordered by one heuristic's ``h: float64[n]``."""
        reg, order = self.registry, self.config.order
        if order == "depth":
            return reg.depth[ids][:, None]
        if order == "g":
            return reg.g[ids][:, None]
        hi = h.astype(np.int64)
        if order == "h":
            return hi[:, None]
        return np.stack([reg.g[ids] + self.config.weight * hi, hi], axis=1)

    def _push(self, ids: np.ndarray, h: np.ndarray, preferred: np.ndarray | None) -> None:
        """Push ``ids`` (lazy search: pair codes) with their values ``h: float64[n, n_heuristics]``."""
        self.open.push([self._keys(ids, h[:, k]) for k in range(h.shape[1])], ids, preferred)

    def _progress(self, h: np.ndarray) -> None:
        """Boost the preferred lists when any heuristic reaches a new best value (the first values
        seen, the initial state's, are not progress)."""
        if h.size and (h.min(axis=0) < self.best_h).any():
            first = np.isinf(self.best_h).all()
            self.best_h = np.minimum(self.best_h, h.min(axis=0))
            if not first:
                self.open.boost()

    def _note_memory(self) -> int:
        used = self.registry.nbytes + self.open.nbytes
        self.stats.peak_memory_mb = max(self.stats.peak_memory_mb, used / 2 ** 20)
        return used

    def _check_limits(self) -> None:
        used = self._note_memory()
        if self.deadline.passed():
            raise _LimitReached(f"time limit reached after {self.stats.expanded} expansions")
        if self.memory_limit is not None and used > self.memory_limit:
            raise _LimitReached(f"memory limit reached: the search holds {used / 2 ** 20:.1f} MB")


def _distinct(ids: np.ndarray) -> np.ndarray:
    """``ids`` without repeats, first occurrences in order."""
    _, first = np.unique(ids, return_index=True)
    return ids[np.sort(first)]


def search(task: GroundTask, config: SearchConfig, heuristic: Heuristic | Sequence[Heuristic] | None = None,
           deadline: Deadline = Deadline(), memory_limit_mb: float | None = None,
           expansion_limit: int | None = None) -> SearchResult:
    """Run the configured best-first search until ``deadline``; heuristics must already be precomputed
    for ``task`` (several alternate, LAMA style)."""
    heuristics = [] if heuristic is None else [heuristic] if isinstance(heuristic, Heuristic) else list(heuristic)
    return _Search(task, config, heuristics, deadline, memory_limit_mb, expansion_limit).run()
