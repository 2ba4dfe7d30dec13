"""Fact landmarks of the delete relaxation and the landmark-count heuristic (LAMA's h_LM).

A fact landmark is true at some point of every plan. Landmarks of the delete relaxation are
landmarks of the task (its facts include the complements of facts conditions need false, see
relaxed.py, so "machine free" can be one); they are found exactly by Zhu & Givan's label propagation: the label of
a fact is the set of facts every relaxed derivation of it passes through,

    label(p) = {p}                                    p true initially
    label(p) = {p} | AND over achievers a of p of  OR over preconditions q of a of  label(q)

iterated from "every fact" down to the greatest fixpoint. Every landmark column evolves on its
own, so the propagation runs on chunks of columns with the same segmented reductions as h_max.

h_LM counts the landmarks a state still needs: those not yet *accepted* on the path to it
(accepted = true in some state of the path once every landmark reasonably ordered before it is
accepted or true too) plus accepted ones that are false again and needed
again: goals, and greedy-necessary predecessors of landmarks not yet accepted (A is
greedy-necessary for B when every possible first achiever of B needs A, so A must be true just
before B first becomes true; as in LAMA). Without that rule the count rewards achieving a
landmark and destroying it on the way (parking: a car moved away from where the next move
needs it). That makes it path-dependent: the search keeps each state's accepted set as packed
fact bits (``info``) and passes it in; a successor's set is its parent's plus the landmarks
true in it (and ready).

Reasonable orderings (x before l when l interferes with achieving x, read off mutexes, see
mutex.py) keep a landmark achieved too early from counting as done, as in LAMA: on depot p09
LAMA's search needed more than 108,000 expansions without them (not solved in 60 s) and 22,237
with them; the goal stack of a blocks tower is ordered from the bottom up.
"""

from __future__ import annotations

import numpy as np

from agentgen_sym.compiler.limits import checkpoint
from agentgen_sym.planners.heuristics import Heuristic
from agentgen_sym.planners.mutex import MAX_ROW_CELLS, effect_rows, mutex_pairs
from agentgen_sym.planners.relaxed import RelaxedTask, csr_items, fixpoint, initial_costs, relax
from agentgen_sym.compiler.task import GroundTask, pack, unpack

LABEL_CELLS = 1 << 24   # cap on n_rel * columns per propagation chunk (bool cells)
MAX_LABEL_WORK = 2e9    # n_rel * preconditions * n_bits beyond which only the goals are used
MAX_ORDERING_WORK = 1e10  # landmarks * goals * facts: the product finding reasonable orderings (uninterruptible)
MAX_DISJUNCTION = 4     # LAMA's bound on a disjunctive landmark's facts: larger ones hardly guide


def find_landmarks(rt: RelaxedTask, init: np.ndarray) -> np.ndarray:
    """Facts (ids, sorted) that are landmarks of the relaxed task from ``init: bool[n_bits]``.

    The goal facts are always landmarks; on tasks too large for the propagation they are the
    only ones returned (h_LM then degrades to a goal count, still a sound heuristic)."""
    goal = np.zeros(rt.n_bits, dtype=bool)
    goal[rt.goal_idx] = True
    goal[rt.sentinels] = False  # never landmarks
    if rt.n_rel == 0 or rt.n_rel * rt.pre_idx.shape[1] * rt.n_bits > MAX_LABEL_WORK:
        return np.flatnonzero(goal)
    if not goal_reachable(rt, init):  # relaxed dead end: every fact would qualify
        return np.flatnonzero(goal)
    found = np.zeros(rt.n_bits, dtype=bool)
    step = max(1, LABEL_CELLS // max(1, rt.n_rel))
    for lo in range(0, rt.n_bits, step):
        columns = np.arange(lo, min(rt.n_bits, lo + step))
        labels = _propagate(rt, init, columns)
        found[columns] = labels[rt.goal_idx].any(axis=0) if rt.goal_idx.size else False
    found[rt.sentinels] = False
    return np.flatnonzero(found | goal)


def goal_reachable(rt: RelaxedTask, init: np.ndarray) -> bool:
    """Whether the relaxed task reaches its goal from ``init: bool[n_bits]``."""
    costs = initial_costs(init[None, :])
    fixpoint(rt, costs, np.zeros(rt.n_rel), "max")
    return bool(np.isfinite(costs[rt.goal_idx]).all())


def _propagate(rt: RelaxedTask, init: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """Labels restricted to ``columns``: ``bool[n_bits, len(columns)]``, ``[p, j]`` true when
    fact ``columns[j]`` lies on every relaxed derivation of ``p`` (unreached facts keep all)."""
    own = np.arange(rt.n_bits)[:, None] == columns[None, :]
    labels = np.where(init[:, None], own, True)
    derived = ~init[rt.ach_fact]  # initial facts keep their label {p}
    while True:
        checkpoint("finding landmarks", heavy=True)
        op_label = labels[rt.pre_idx[:, 0]].copy()
        for j in range(1, rt.pre_idx.shape[1]):
            op_label |= labels[rt.pre_idx[:, j]]
        meet = rt.achievers.reduce(np.logical_and, op_label) | own[rt.ach_fact]
        old = labels[rt.ach_fact]
        new = np.where(derived[:, None], meet & old, old)
        if (new == old).all():
            return labels
        labels[rt.ach_fact] = new


def first_achiever_preconditions(rt: RelaxedTask, init: np.ndarray, landmarks: np.ndarray
                                 ) -> tuple[list[np.ndarray], np.ndarray]:
    """For each landmark, the precondition rows ``int32[k, width]`` of its possible first
    achievers: achievers none of whose preconditions needs the landmark itself (by its labels).
    Empty for landmarks true initially or without achievers. Orderings and disjunctive
    landmarks both read them. Also, from the same labels, the natural orderings ``bool[m, m]``:
    ``[j, i]`` when landmark j lies on every relaxed derivation of landmark i (j != i)."""
    empty = np.zeros((0, rt.pre_idx.shape[1]), dtype=rt.pre_idx.dtype)
    first = [empty] * landmarks.size
    natural = np.zeros((landmarks.size, landmarks.size), dtype=bool)
    if rt.n_rel == 0:
        return first, natural
    row = rt.ach_row
    step = max(1, LABEL_CELLS // max(1, rt.n_rel))
    for lo in range(0, landmarks.size, step):
        labels = _propagate(rt, init, landmarks[lo:lo + step])  # [n_bits, chunk]: which facts need landmark j
        natural[lo:lo + step] = labels[landmarks].T
        for j, fact in enumerate(landmarks[lo:lo + step].tolist()):
            if init[fact] or row[fact] < 0:
                continue
            pres = rt.pre_idx[rt.ach_op[rt.ach_start[row[fact]]:rt.ach_stop[row[fact]]]]
            first[lo + j] = pres[~labels[pres, j].any(axis=1)]
    np.fill_diagonal(natural, False)
    return first, natural


def greedy_necessary(first: list[np.ndarray], landmarks: np.ndarray, n_bits: int) -> np.ndarray:
    """``bool[m, m]`` over ``landmarks``: ``[i, j]`` when landmark i is a precondition of every
    possible first achiever of landmark j (``first``, from ``first_achiever_preconditions``)."""
    orders = np.zeros((landmarks.size, landmarks.size), dtype=bool)
    for j, pres in enumerate(first):
        if pres.shape[0]:  # a row lists distinct facts (only the TRUE padding repeats)
            orders[:, j] = (np.bincount(pres.ravel(), minlength=n_bits) == pres.shape[0])[landmarks]
    np.fill_diagonal(orders, False)
    return orders


def disjunctive_landmarks(first: list[np.ndarray], landmarks: np.ndarray, predicate: np.ndarray,
                          init: np.ndarray) -> dict[tuple[int, ...], list[int]]:
    """Sets of facts one of which is true just before landmark j first becomes true, as in
    LAMA (Richter, Helmert & Westphal 2008): per predicate, the first achievers' preconditions
    of that predicate, when every first achiever has one. Kept when of 2 to ``MAX_DISJUNCTION``
    facts, none true initially and none part of another landmark (LAMA's rule: the count stays
    a count of disjoint needs). ``predicate``: ``int[n_bits]``, -1 for facts left out. Returns
    each set (sorted fact ids) with the landmarks (indices) it is ordered before."""
    taken = np.zeros(predicate.size, dtype=bool)
    taken[landmarks] = True
    found: dict[tuple[int, ...], list[int]] = {}
    for j, pres in enumerate(first):
        if not pres.shape[0]:
            continue
        kinds = predicate[pres]
        for kind in np.unique(kinds[kinds >= 0]).tolist():
            has = kinds == kind
            if not has.any(axis=1).all():
                continue
            facts = np.unique(pres[has])
            key = tuple(facts.tolist())
            if key in found:
                found[key].append(j)
            elif 2 <= facts.size <= MAX_DISJUNCTION and not init[facts].any() and not taken[facts].any():
                taken[facts] = True
                found[key] = [j]
    return found


def reasonable_orderings(task: GroundTask, landmarks: np.ndarray, before: np.ndarray) -> np.ndarray:
    """``bool[m, m]`` over ``landmarks``: ``[x, l]`` when landmark x is reasonably ordered before
    goal landmark l (Hoffmann, Porteous & Sebastia 2004, as LAMA approximates them for goals): a plan
    that achieves l first must undo it to achieve x and achieve it again. Kept when l interferes with
    achieving x: l is mutex with x, every operator adding x deletes l, or every one of them also adds
    a fact mutex with l; dropped when ``before`` (natural or greedy-necessary orderings) puts l before
    x, and to break cycles, so every landmark can be accepted. Only task facts take part (not
    complements, not derived facts).

    LAMA also orders a landmark l after predecessors of the landmarks l is greedy-necessary for. Over
    our natural orderings (every one the relaxation implies, more than LAMA's) that ordered the places
    a truck must visit against each other (trucks p08: 1,185 expansions without, none of 119,104
    reached the goal in 60 s with them), so only goals are ordered."""
    m = landmarks.size
    orders = np.zeros((m, m), dtype=bool)
    own = np.flatnonzero((landmarks < task.n_facts) & ~np.isin(landmarks, task.derived_idx))
    goals = np.flatnonzero(np.isin(landmarks[own], task.goal_idx))
    small = own.size * task.n_facts <= MAX_ROW_CELLS and own.size * goals.size * task.n_facts <= MAX_ORDERING_WORK
    rows = effect_rows(task) if goals.size and own.size >= 2 and small else None
    mutex = None if rows is None else mutex_pairs(task, rows)
    if mutex is None:
        return orders
    facts, goal_facts = landmarks[own], landmarks[own[goals]]
    shared = np.zeros((own.size, task.n_facts), dtype=np.float32)  # added by every operator adding x
    deleted = np.zeros((own.size, goals.size), dtype=bool)  # [x, l]: deleted by every operator adding x
    for row, fact in enumerate(facts.tolist()):
        checkpoint("ordering landmarks")
        adders = np.flatnonzero(rows.add[:, fact])
        if adders.size:
            shared[row] = rows.add[adders].all(axis=0)
            shared[row, fact] = 0
            deleted[row] = rows.delete[adders][:, goal_facts].all(axis=0)
    # [x, l]: l interferes with achieving x (a float32 product: BLAS, exact counts below 2**24)
    interferes = mutex[np.ix_(facts, goal_facts)] | deleted | (shared @ mutex[:, goal_facts].astype(np.float32) > 0)
    kept = interferes & ~before[np.ix_(own[goals], own)].T
    kept[goals, np.arange(goals.size)] = False
    orders[np.ix_(own, own[goals])] = kept
    if not orders[np.ix_(own[goals], own[goals])].any():  # a cycle runs through goals only: every node has
        return orders                                      # an ordering into it
    import networkx as nx  # here, not at the top: it takes 0.1 s to import, and most tasks need no cycle broken
    graph = nx.DiGraph(zip(*np.nonzero(orders)))
    while True:
        try:
            cycle = nx.find_cycle(graph)
        except nx.NetworkXNoCycle:
            return orders
        earlier, later = cycle[0][:2]
        graph.remove_edge(earlier, later)
        orders[earlier, later] = False


class LandmarkCount(Heuristic):
    """h_LM: landmarks not yet accepted on the path, plus accepted ones false again and needed
    again (goals, greedy-necessary predecessors of landmarks not yet accepted).

    The landmarks are the fact landmarks followed by the disjunctive ones (accepted, true, when
    one of their facts is). Inadmissible and path-dependent (``info`` = the accepted landmarks
    as packed bits, ``info_words`` words). Preferred operators are the applicable ones that
    achieve (a fact of) a landmark the count includes."""

    preferred = True
    path_dependent = True

    def precompute(self, task: GroundTask) -> None:
        super().precompute(task)
        self.relaxed = rt = relax(task)
        init = rt.extend(task.unpack(task.init_bits[None, :]))[0]
        self.landmarks = find_landmarks(rt, init)
        first, natural = first_achiever_preconditions(rt, init, self.landmarks)
        orders = greedy_necessary(first, self.landmarks, rt.n_bits)
        self.disjunctions = disjunctive_landmarks(first, self.landmarks, _predicate_ids(task, rt), init)
        m = self.landmarks.size
        sets = [[fact] for fact in self.landmarks.tolist()] + [list(facts) for facts in self.disjunctions]
        self._members = np.array([fact for facts in sets for fact in facts], dtype=np.int64)
        self._members_start = np.cumsum([0] + [len(facts) for facts in sets])
        complement = self._members >= task.n_bits  # read off packed rows as the negated fact's bit, flipped
        self._member_bits = self._members.copy()
        self._member_bits[complement] = rt.negated[self._members[complement] - task.n_bits]
        self._member_flip = complement.astype(np.uint64)
        self.info_words = max(1, -(-len(sets) // 64))
        self._is_goal_landmark = np.zeros(len(sets), dtype=bool)
        self._is_goal_landmark[:m] = np.isin(self.landmarks, task.goal_idx)
        disjunctive = np.array([(m + k, j) for k, targets in enumerate(self.disjunctions.values()) for j in targets],
                               dtype=np.int64).reshape(-1, 2)
        before, after = (np.concatenate(pair) for pair in zip(np.nonzero(orders), disjunctive.T))
        order = np.argsort(before, kind="stable")
        self._ordered, self._order_start = np.unique(before[order], return_index=True)
        self._order_after = after[order]
        self._achievers_start, self._achievers = self._landmark_achievers()
        reasonable = np.zeros((m, m), dtype=bool)  # none on a relaxed dead end, where any fact would order
        if goal_reachable(rt, init):
            reasonable = reasonable_orderings(task, self.landmarks, natural | orders)
        later, earlier = np.nonzero(reasonable.T)  # sorted by the later one
        self._waiting, first = np.unique(later, return_index=True)
        self._waiting_start, self._waits_for = first, earlier

    @property
    def n_landmarks(self) -> int:
        return self._members_start.size - 1

    def _landmark_achievers(self) -> tuple[np.ndarray, np.ndarray]:
        """The operators adding (a fact of) each landmark, as CSR (start offsets
        ``int64[n_landmarks + 1]``, operator ids): preferred operators read the counted ones'."""
        rt = self.relaxed
        rows = np.repeat(np.arange(rt.n_rel), rt.add_stop - rt.add_start)
        position = np.full(rt.n_bits, -1, dtype=np.int64)  # landmarks share no fact
        position[self._members] = np.repeat(np.arange(self.n_landmarks), np.diff(self._members_start))
        landmark, op = position[rt.add_fact], rt.op_idx[rows].astype(np.int64)
        keep = (landmark >= 0) & (op >= 0)  # axioms are no operators
        pairs = np.unique(np.stack([landmark[keep], op[keep]], axis=1), axis=0)
        start = np.searchsorted(pairs[:, 0], np.arange(self.n_landmarks + 1))
        return start, pairs[:, 1]

    def _holds(self, facts_true: np.ndarray) -> np.ndarray:
        """``bool[n, n_landmarks]`` from ``facts_true[:, self._members]``: whether one of each
        landmark's facts is true."""
        if not self._members.size:
            return facts_true
        return np.logical_or.reduceat(facts_true, self._members_start[:-1], axis=1)

    def _holds_in_rows(self, rows: np.ndarray) -> np.ndarray:
        """``bool[n, n_landmarks]``: the landmarks true in packed rows ``uint64[n, n_words]``."""
        bits = self._member_bits
        values = ((rows[:, bits >> 6] >> (bits & 63).astype(np.uint64)) & np.uint64(1)) ^ self._member_flip
        return self._holds(values.astype(bool))

    def _accept(self, accepted: np.ndarray, true: np.ndarray) -> np.ndarray:
        """``accepted`` (packed like ``info``) plus the landmarks ``true`` now whose reasonable predecessors
        are accepted or true too (LAMA's rule: a landmark achieved before one it should follow is not yet
        accepted). Without orderings nothing is unpacked: this runs for every successor."""
        ready = true
        if self._waiting.size:
            done = unpack(accepted, self.n_landmarks) | true
            ready = true.copy()
            ready[:, self._waiting] &= np.logical_and.reduceat(done[:, self._waits_for], self._waiting_start, axis=1)
        return accepted | pack(ready, self.info_words)

    def initial_info(self, rows: np.ndarray) -> np.ndarray:
        """Accepted landmarks of root states ``uint64[n, info_words]``: those true in them (and ready)."""
        return self._accept(np.zeros((rows.shape[0], self.info_words), dtype=np.uint64), self._holds_in_rows(rows))

    def progress_info(self, parent_info: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """A successor accepts what its parent accepted and the landmarks true in it (see ``_accept``)."""
        return self._accept(parent_info, self._holds_in_rows(rows))

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
        """``bool[n, n_landmarks]``: the landmarks each state still needs (not accepted, or needed again)."""
        accepted = unpack(info, self.n_landmarks)
        needed = np.broadcast_to(self._is_goal_landmark, accepted.shape).copy()
        if self._ordered.size:  # ordered before a landmark not yet accepted
            needed[:, self._ordered] |= np.logical_or.reduceat(~accepted[:, self._order_after],
                                                               self._order_start, axis=1)
        true = self._holds(self.relaxed.extend(states)[:, self._members])
        return ~accepted | (accepted & ~true & needed)


def _predicate_ids(task: GroundTask, rt: RelaxedTask) -> np.ndarray:
    """``int64[rt.n_bits]``: each fact's predicate as a number, -1 for the TRUE/FALSE sentinels
    and the complements (disjunctions of those are not looked for)."""
    _, ids = np.unique([fact.predicate for fact in task.facts] or [""], return_inverse=True)
    return np.concatenate([ids[:task.n_facts], np.full(rt.n_bits - task.n_facts, -1)]).astype(np.int64)
