"""Fact landmarks of the delete relaxation and the landmark-count heuristic (LAMA's h_LM).

A fact landmark is true at some point of every plan. Landmarks of the delete relaxation are
landmarks of the task; they are found exactly by Zhu & Givan's label propagation: the label of
a fact is the set of facts every relaxed derivation of it passes through,

    label(p) = {p}                                    p true initially
    label(p) = {p} | AND over achievers a of p of  OR over preconditions q of a of  label(q)

iterated from "every fact" down to the greatest fixpoint. Every landmark column evolves on its
own, so the propagation runs on chunks of columns with the same segmented reductions as h_max.

h_LM counts the landmarks a state still needs: those not yet *accepted* on the path to it
(accepted = true in some state of the path) plus accepted ones that are false again and needed
again: goals, and greedy-necessary predecessors of landmarks not yet accepted (A is
greedy-necessary for B when every possible first achiever of B needs A, so A must be true just
before B first becomes true; as in LAMA). Without that rule the count rewards achieving a
landmark and destroying it on the way (parking: a car moved away from where the next move
needs it). That makes it path-dependent: the search keeps each state's accepted set as packed
fact bits (``info``) and passes it in; a successor's set is its parent's plus the landmarks
true in it.
"""

from __future__ import annotations

import numpy as np

from agentgen_sym.planners.heuristics import Heuristic
from agentgen_sym.planners.relaxed import RelaxedTask, csr_items, fixpoint, initial_costs, relax
from agentgen_sym.compiler.task import GroundTask, pack

LABEL_CELLS = 1 << 24   # cap on n_rel * columns per propagation chunk (bool cells)
MAX_LABEL_WORK = 2e9    # n_rel * preconditions * n_bits beyond which only the goals are used


def find_landmarks(rt: RelaxedTask, init: np.ndarray) -> np.ndarray:
    """Facts (ids, sorted) that are landmarks of the relaxed task from ``init: bool[n_bits]``.

    The goal facts are always landmarks; on tasks too large for the propagation they are the
    only ones returned (h_LM then degrades to a goal count, still a sound heuristic)."""
    goal = np.zeros(rt.n_bits, dtype=bool)
    goal[rt.goal_idx] = True
    goal[-2:] = False  # the TRUE/FALSE sentinels are never landmarks
    if rt.n_rel == 0 or rt.n_rel * rt.pre_idx.shape[1] * rt.n_bits > MAX_LABEL_WORK:
        return np.flatnonzero(goal)
    costs = initial_costs(init[None, :])
    fixpoint(rt, costs, np.zeros(rt.n_rel), "max")
    if not np.isfinite(costs[rt.goal_idx]).all():  # relaxed dead end: every fact would qualify
        return np.flatnonzero(goal)
    found = np.zeros(rt.n_bits, dtype=bool)
    step = max(1, LABEL_CELLS // max(1, rt.n_rel))
    for lo in range(0, rt.n_bits, step):
        columns = np.arange(lo, min(rt.n_bits, lo + step))
        labels = _propagate(rt, init, columns)
        found[columns] = labels[rt.goal_idx].any(axis=0) if rt.goal_idx.size else False
    found[-2:] = False
    return np.flatnonzero(found | goal)


def _propagate(rt: RelaxedTask, init: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """Labels restricted to ``columns``: ``bool[n_bits, len(columns)]``, ``[p, j]`` true when
    fact ``columns[j]`` lies on every relaxed derivation of ``p`` (unreached facts keep all)."""
    own = np.arange(rt.n_bits)[:, None] == columns[None, :]
    labels = np.where(init[:, None], own, True)
    derived = ~init[rt.ach_fact]  # initial facts keep their label {p}
    while True:
        op_label = labels[rt.pre_idx[:, 0]].copy()
        for j in range(1, rt.pre_idx.shape[1]):
            op_label |= labels[rt.pre_idx[:, j]]
        meet = rt.achievers.reduce(np.logical_and, op_label) | own[rt.ach_fact]
        old = labels[rt.ach_fact]
        new = np.where(derived[:, None], meet & old, old)
        if (new == old).all():
            return labels
        labels[rt.ach_fact] = new


def greedy_necessary(rt: RelaxedTask, init: np.ndarray, landmarks: np.ndarray) -> np.ndarray:
    """``bool[m, m]`` over ``landmarks``: ``[i, j]`` when landmark i is a precondition of every
    possible first achiever of landmark j (an achiever none of whose preconditions needs j
    itself, by the landmark labels of j)."""
    m = landmarks.size
    orders = np.zeros((m, m), dtype=bool)
    if m == 0 or rt.n_rel == 0:
        return orders
    row = rt.ach_row
    step = max(1, LABEL_CELLS // max(1, rt.n_rel))
    for lo in range(0, m, step):
        labels = _propagate(rt, init, landmarks[lo:lo + step])  # [n_bits, chunk]: which facts need landmark j
        for j, fact in enumerate(landmarks[lo:lo + step].tolist()):
            if init[fact] or row[fact] < 0:
                continue
            pres = rt.pre_idx[rt.ach_op[rt.ach_start[row[fact]]:rt.ach_stop[row[fact]]]]
            pres = pres[~labels[pres, j].any(axis=1)]
            if pres.shape[0]:  # a row lists distinct facts (only the TRUE padding repeats)
                in_every = np.bincount(pres.ravel(), minlength=rt.n_bits) == pres.shape[0]
                orders[:, lo + j] = in_every[landmarks]
    np.fill_diagonal(orders, False)
    return orders


class LandmarkCount(Heuristic):
    """h_LM: landmarks not yet accepted on the path, plus accepted ones false again and needed
    again (goals, greedy-necessary predecessors of landmarks not yet accepted).

    Inadmissible and path-dependent (``info`` = the accepted landmarks as packed fact bits).
    Preferred operators are the applicable ones that achieve a landmark the count includes."""

    preferred = True
    path_dependent = True

    def precompute(self, task: GroundTask) -> None:
        super().precompute(task)
        self.relaxed = relax(task)
        init = task.unpack(task.init_bits[None, :])[0]
        self.landmarks = find_landmarks(self.relaxed, init)
        self._is_landmark = np.zeros(task.n_bits, dtype=bool)
        self._is_landmark[self.landmarks] = True
        self.landmark_bits = pack(self._is_landmark[None, :], task.n_words)[0]
        self._is_goal_landmark = np.isin(self.landmarks, task.goal_idx)
        before, after = np.nonzero(greedy_necessary(self.relaxed, init, self.landmarks))  # sorted by `before`
        self._ordered, self._order_start = np.unique(before, return_index=True)
        self._order_after = after
        self._achievers_start, self._achievers = self._landmark_achievers()

    def _landmark_achievers(self) -> tuple[np.ndarray, np.ndarray]:
        """The operators adding each landmark, as CSR over ``self.landmarks`` (start offsets
        ``int64[m + 1]``, operator ids): preferred operators read the rows of the counted ones."""
        rt = self.relaxed
        rows = np.repeat(np.arange(rt.n_rel), rt.add_stop - rt.add_start)
        position = np.full(rt.n_bits, -1, dtype=np.int64)
        position[self.landmarks] = np.arange(self.landmarks.size)
        landmark, op = position[rt.add_fact], rt.op_idx[rows].astype(np.int64)
        keep = (landmark >= 0) & (op >= 0)  # axioms are no operators
        pairs = np.unique(np.stack([landmark[keep], op[keep]], axis=1), axis=0)
        start = np.searchsorted(pairs[:, 0], np.arange(self.landmarks.size + 1))
        return start, pairs[:, 1]

    def initial_info(self, rows: np.ndarray) -> np.ndarray:
        """Accepted landmarks of root states ``uint64[n, n_words]``: those true in them."""
        return rows & self.landmark_bits

    def progress_info(self, parent_info: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """A successor accepts what its parent accepted and the landmarks true in it."""
        return parent_info | (rows & self.landmark_bits)

    def compute(self, states: np.ndarray, info: np.ndarray) -> np.ndarray:
        return self._counted(states, info).sum(axis=1).astype(np.float64)

    def compute_preferred(self, states: np.ndarray, info: np.ndarray, applicable: np.ndarray | None = None
                          ) -> tuple[np.ndarray, np.ndarray]:
        """h values and preferred operators ``bool[n, n_ops]``; ``applicable`` is the states'
        applicable matrix when the caller has it (the search)."""
        counted = self._counted(states, info)
        s, j = np.nonzero(counted)
        owner, position = csr_items(self._achievers_start[:-1], self._achievers_start[1:], j)
        s, op = s[owner], self._achievers[position]
        applies = self.task.applies(states, s, op) if applicable is None else applicable[s, op]
        preferred = np.zeros((states.shape[0], self.task.n_ops), dtype=bool)
        preferred[s[applies], op[applies]] = True
        return counted.sum(axis=1).astype(np.float64), preferred

    def _counted(self, states: np.ndarray, info: np.ndarray) -> np.ndarray:
        """``bool[n, m]``: the landmarks each state still needs (not accepted, or needed again)."""
        accepted = self.task.unpack(info)[:, self.landmarks]
        needed = np.broadcast_to(self._is_goal_landmark, accepted.shape).copy()
        if self._ordered.size:  # ordered before a landmark not yet accepted
            needed[:, self._ordered] |= np.logical_or.reduceat(~accepted[:, self._order_after],
                                                               self._order_start, axis=1)
        return ~accepted | (accepted & ~states[:, self.landmarks] & needed)
