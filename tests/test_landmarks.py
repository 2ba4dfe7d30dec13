"""Landmarks and the landmark-count heuristic against naive references on small random tasks."""

from __future__ import annotations

from unittest.mock import patch

import networkx as nx
import numpy as np
from hypothesis import HealthCheck, given, settings

from agentgen_sym.planners import landmarks as landmarks_module
from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.planners import make_planner
from agentgen_sym.planners.landmarks import LandmarkCount, find_landmarks, first_achiever_preconditions, greedy_necessary
from agentgen_sym.planners.mutex import mutex_pairs
from agentgen_sym.planners.relaxed import relax
from agentgen_sym.compiler.task import Operator

from .conftest import BENCHMARKS
from .strategies_tasks import TaskSpec, spec_from, task_specs
from .test_search import ref_complements, ref_relaxed_ops, ref_relaxed_state, replay

PROPERTY = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def relaxed_closure(spec: TaskSpec, never_true: int | set[int] | None = None) -> set[int]:
    """Facts relaxed-reachable from init when fact(s) ``never_true`` are never made true
    (operators adding them still apply; those needing them do not)."""
    never = never_true if isinstance(never_true, set) else {never_true}
    reached = set(ref_relaxed_state(spec, spec.init)) - never
    changed = True
    while changed:
        changed = False
        for pre, adds, _cost in ref_relaxed_ops(spec):
            if pre <= reached and not adds - never <= reached:
                reached |= adds - never
                changed = True
    return reached


def goal_reachable(spec: TaskSpec, never_true: int | None = None) -> bool:
    return spec.goal <= relaxed_closure(spec, never_true)


def ref_first_achievers(spec: TaskSpec, j: int) -> list[set[int]]:
    """Preconditions of the achievers of j relaxed-applicable without j (none when j is initial)."""
    if j in ref_relaxed_state(spec, spec.init):
        return []
    without = relaxed_closure(spec, never_true=j)
    return [pre for pre, adds, _cost in ref_relaxed_ops(spec) if j in adds and pre <= without]


def ref_greedy_necessary(spec: TaskSpec, landmarks: set[int]) -> set[tuple[int, int]]:
    """(i, j): landmark i is a precondition of every first achiever of landmark j (an achiever
    relaxed-applicable without j); j false initially."""
    orders = set()
    for j in landmarks:
        first = ref_first_achievers(spec, j)
        if first:
            orders |= {(i, j) for i in landmarks - {j} if all(i in pre for pre in first)}
    return orders


def ref_disjunctive(spec: TaskSpec, landmarks: list[int]) -> dict[tuple[int, ...], list[int]]:
    """LAMA's disjunctive landmarks by their definition, landmarks and predicates taken in order:
    per predicate, the facts of that predicate the first achievers of landmark j need, when each
    needs one; 2-4 facts, none initial, none in an earlier landmark."""
    predicate = {i: atom.predicate for i, atom in enumerate(spec.task.facts)}
    found: dict[tuple[int, ...], list[int]] = {}
    taken = set(landmarks)
    for j, fact in enumerate(landmarks):
        first = ref_first_achievers(spec, fact)
        for name in sorted({predicate[p] for pre in first for p in pre if p in predicate}):
            facts = [{p for p in pre if predicate.get(p) == name} for pre in first]
            if not all(facts):
                continue
            key = tuple(sorted(set().union(*facts)))
            if key in found:
                found[key].append(j)
            elif 2 <= len(key) <= 4 and not set(key) & (ref_relaxed_state(spec, spec.init) | taken):
                taken |= set(key)
                found[key] = [j]
    return found


def ref_count(landmarks: list[set[int]], goal: set[int], orders: set[tuple[int, int]], accepted: set[int],
              state: set[int]) -> int:
    """Landmarks (fact sets, by index) not accepted, plus accepted ones false in ``state`` that
    are goals or ordered before a landmark not accepted."""
    again = {i for i in accepted if not landmarks[i] & state
             and (landmarks[i] <= goal and len(landmarks[i]) == 1 or any(a == i and b not in accepted for a, b in orders))}
    return len(landmarks) - len(accepted) + len(again)


def reasonable_parents(h: LandmarkCount) -> dict[int, set[int]]:
    """Each landmark (index) with the landmarks reasonably ordered before it, read off ``h``."""
    later = np.repeat(h._waiting, np.diff(np.append(h._waiting_start, h._waits_for.size)))
    parents: dict[int, set[int]] = {}
    for before, after in zip(h._waits_for.tolist(), later.tolist()):
        parents.setdefault(after, set()).add(before)
    return parents


def ref_accept(landmarks: list[set[int]], waits_for: dict[int, set[int]], accepted: set[int], state: set[int]
               ) -> set[int]:
    """``accepted`` plus the landmarks true in ``state`` whose reasonable predecessors are accepted or true."""
    true = {i for i, landmark in enumerate(landmarks) if landmark & state}
    return accepted | {i for i in true if waits_for.get(i, set()) <= accepted | true}


def ref_interferes(spec: TaskSpec, mutex: np.ndarray, a: int, b: int) -> bool:
    """Whether fact ``b`` interferes with achieving fact ``a``: mutex with it, deleted by every effect that
    adds it, or mutex with a fact every such effect also adds (an effect: an operator's unconditional
    adds and deletes, or one conditional effect's adds with its deletes and the operator's)."""
    effects = [(set(op.add), set(op.delete)) for op in spec.operators]
    effects += [(set(e.add), set(op.delete) | set(e.delete)) for op in spec.operators for e in op.effects]
    adders = [(adds, deletes) for adds, deletes in effects if a in adds]
    if mutex[a, b]:
        return True
    if not adders:
        return False
    shared = set.intersection(*(adds for adds, _ in adders)) - {a, b}
    return all(b in deletes for _, deletes in adders) or any(mutex[e, b] for e in shared)


def causal_landmarks(spec: TaskSpec) -> set[int]:
    """Relaxed facts (complements too) every relaxed plan needs (as a precondition or goal): the
    goal is unreachable without them; true initially and needed count too."""
    if not goal_reachable(spec):
        return set(spec.goal)
    facts = [*range(spec.n_facts), *ref_complements(spec).values()]
    return {p for p in facts if not goal_reachable(spec, never_true=p)}


@PROPERTY
@given(task_specs(conditional=True, costs=True))
def test_landmarks_are_exactly_the_causal_landmarks_of_the_relaxation(spec):
    init = spec.task.unpack(spec.task.init_bits[None, :])[0]
    found = set(find_landmarks(relax(spec.task), init).tolist())
    assert found == causal_landmarks(spec)


@PROPERTY
@given(task_specs(conditional=True, costs=True))
def test_greedy_necessary_orderings_match_the_first_achiever_definition(spec):
    init = spec.task.unpack(spec.task.init_bits[None, :])[0]
    rt = relax(spec.task)
    landmarks = find_landmarks(rt, init)
    orders = greedy_necessary(first_achiever_preconditions(rt, init, landmarks)[0], landmarks, rt.n_bits)
    i, j = np.nonzero(orders)
    assert set(zip(landmarks[i].tolist(), landmarks[j].tolist())) == ref_greedy_necessary(spec, set(landmarks.tolist()))
    with patch.object(landmarks_module, "LABEL_CELLS", 1):  # one landmark's labels at a time
        first = first_achiever_preconditions(rt, init, landmarks)[0]
        assert np.array_equal(greedy_necessary(first, landmarks, rt.n_bits), orders)


@PROPERTY
@given(task_specs(conditional=True, max_facts=8, predicates=2, choice=True))
def test_disjunctive_landmarks_match_their_definition_and_are_needed(spec):
    h = LandmarkCount()
    h.precompute(spec.task)
    assert h.disjunctions == ref_disjunctive(spec, h.landmarks.tolist())
    for facts, targets in h.disjunctions.items():
        for j in targets:  # without them the landmark they precede is out of reach
            assert h.landmarks[j] not in relaxed_closure(spec, never_true=set(facts))


@PROPERTY
@given(task_specs(negative=True, max_facts=8, predicates=2, choice=True))
def test_landmark_count_counts_unaccepted_and_needed_again_landmarks(spec):
    h = LandmarkCount()
    h.precompute(spec.task)
    facts = h.landmarks.tolist()
    landmarks = [{fact} for fact in facts] + [set(d) for d in h.disjunctions]
    index = {fact: i for i, fact in enumerate(facts)}
    orders = {(index[a], index[b]) for a, b in ref_greedy_necessary(spec, set(facts))}
    orders |= {(len(facts) + k, j) for k, targets in enumerate(h.disjunctions.values()) for j in targets}
    waits_for = reasonable_parents(h)
    task = spec.task
    rows = task.init_bits[None, :]
    info = h.initial_info(rows)
    accepted = ref_accept(landmarks, waits_for, set(), ref_relaxed_state(spec, spec.init))
    # walk a few applicable steps and compare h with the reference count at each state
    for _ in range(4):
        states = task.unpack(rows)
        state = ref_relaxed_state(spec, frozenset(np.flatnonzero(states[0, :task.n_facts]).tolist()))
        assert h.compute(states, info)[0] == ref_count(landmarks, set(spec.goal), orders, accepted, state)
        applicable = np.flatnonzero(task.applicable(states)[0])
        if applicable.size == 0:
            break
        rows = task.successors(rows, states, np.array([0]), applicable[:1])
        info = h.progress_info(info, rows)
        state = ref_relaxed_state(spec, frozenset(np.flatnonzero(task.unpack(rows)[0, :task.n_facts]).tolist()))
        accepted = ref_accept(landmarks, waits_for, accepted, state)


def test_a_landmark_dropped_before_its_successor_is_reached_counts_again():
    """Taking the key and dropping it again before the door is open gains nothing."""
    hand_free, key, door_open, inside = range(4)
    operators = [Operator("take", (), pre=(hand_free,), add=(key,), delete=(hand_free,)),
                 Operator("drop", (), pre=(key,), add=(hand_free,), delete=(key,)),
                 Operator("open", (), pre=(key,), add=(door_open,)),
                 Operator("enter", (), pre=(door_open,), add=(inside,))]
    spec = spec_from(4, {hand_free}, {inside}, operators)
    h = LandmarkCount()
    h.precompute(spec.task)
    rows = spec.task.init_bits[None, :]
    info = h.initial_info(rows)
    values = []
    for op in (0, 1):  # take, drop
        states = spec.task.unpack(rows)
        values.append(h.compute(states, info)[0])
        rows = spec.task.successors(rows, states, np.array([0]), np.array([op]))
        info = h.progress_info(info, rows)
    values.append(h.compute(spec.task.unpack(rows), info)[0])
    assert values == [3, 2, 3]  # key, door, inside open; then key needed again once dropped


def test_a_disjunctive_landmark_left_before_its_successor_counts_again():
    """Going to one of two places the goal can be reached from and back gains nothing."""
    here, via_x, done, via_y = range(4)  # via_x and via_y share a predicate (facts 1 and 3)
    operators = [Operator(f"go{p}", (), pre=(here,), add=(p,), delete=(here,)) for p in (via_x, via_y)]
    operators += [Operator(f"back{p}", (), pre=(p,), add=(here,), delete=(p,)) for p in (via_x, via_y)]
    operators += [Operator(f"finish{p}", (), pre=(p,), add=(done,)) for p in (via_x, via_y)]
    spec = spec_from(4, {here}, {done}, operators, predicates=2)
    h = LandmarkCount()
    h.precompute(spec.task)
    assert h.disjunctions == {(via_x, via_y): [h.landmarks.tolist().index(done)]}
    rows = spec.task.init_bits[None, :]
    info = h.initial_info(rows)
    values = []
    for op in (0, 2):  # go to via_x, come back
        states = spec.task.unpack(rows)
        values.append(h.compute(states, info)[0])
        rows = spec.task.successors(rows, states, np.array([0]), np.array([op]))
        info = h.progress_info(info, rows)
    values.append(h.compute(spec.task.unpack(rows), info)[0])
    assert values == [2, 1, 2]  # the choice and the goal open; the choice needed again once left


def ref_reasonable(spec: TaskSpec, facts: list[int]) -> set[tuple[int, int]]:
    """(x, l) by landmark index: l is a goal, l interferes with achieving x, and no natural or
    greedy-necessary ordering puts l before x."""
    if not goal_reachable(spec):
        return set()
    initial = ref_relaxed_state(spec, spec.init)
    own = [i for i, fact in enumerate(facts) if fact < spec.n_facts]
    natural = {(j, i) for i in own for j in own if i != j and facts[i] not in initial
               and facts[i] not in relaxed_closure(spec, never_true=facts[j])}
    index = {fact: i for i, fact in enumerate(facts)}
    before = natural | {(index[a], index[b]) for a, b in ref_greedy_necessary(spec, set(facts))}
    mutex = mutex_pairs(spec.task)
    return {(x, later) for later in own if facts[later] in spec.goal for x in own
            if x != later and (later, x) not in before and ref_interferes(spec, mutex, facts[x], facts[later])}


@PROPERTY
@given(task_specs(negative=True, conditional=True))
def test_reasonable_orderings_match_their_definition_without_cycles(spec):
    h = LandmarkCount()
    h.precompute(spec.task)
    expected = ref_reasonable(spec, h.landmarks.tolist())
    found = {(i, j) for j, parents in reasonable_parents(h).items() for i in parents}
    assert found <= expected
    assert nx.is_directed_acyclic_graph(nx.DiGraph(list(found)))
    if nx.is_directed_acyclic_graph(nx.DiGraph(list(expected))):
        assert found == expected


def test_blocks_goals_are_ordered_from_the_bottom_of_the_tower_up():
    task = compile_task(BENCHMARKS / "blocks/domain.pddl", BENCHMARKS / "blocks/p03.pddl").ground
    h = LandmarkCount()
    h.precompute(task)
    name = {i: str(task.facts[fact]) for i, fact in enumerate(h.landmarks.tolist()) if fact < task.n_facts}
    pairs = {(name[i], name[j]) for j, parents in reasonable_parents(h).items() for i in parents}
    goals = sorted(str(task.facts[g]) for g in task.goal_idx)
    assert goals == ["(on a b)", "(on b c)", "(on c d)"]
    assert {("(on b c)", "(on a b)"), ("(on c d)", "(on b c)")} <= pairs
    assert ("(on a b)", "(on b c)") not in pairs


def test_a_goal_reached_before_a_goal_it_should_follow_is_not_yet_accepted():
    """Putting the top on before the base is built gains nothing: building the base knocks it off."""
    base, top = range(2)
    operators = [Operator("build-base", (), add=(base,), delete=(top,)), Operator("put-top", (), add=(top,))]
    spec = spec_from(2, set(), {base, top}, operators)
    h = LandmarkCount()
    h.precompute(spec.task)
    assert reasonable_parents(h) == {h.landmarks.tolist().index(top): {h.landmarks.tolist().index(base)}}
    rows = spec.task.init_bits[None, :]
    info = h.initial_info(rows)
    values = []
    for op in (1, 0, 1):  # put the top on, build the base (top knocked off), put the top on again
        states = spec.task.unpack(rows)
        values.append(h.compute(states, info)[0])
        rows = spec.task.successors(rows, states, np.array([0]), np.array([op]))
        info = h.progress_info(info, rows)
    values.append(h.compute(spec.task.unpack(rows), info)[0])
    assert values == [2, 2, 1, 0]


@PROPERTY
@given(task_specs(negative=True, costs=True, max_facts=8, predicates=2, choice=True))
def test_landmark_preferred_operators_are_applicable_and_achieve_an_open_landmark(spec):
    h = LandmarkCount()
    h.precompute(spec.task)
    task = spec.task
    states = task.unpack(task.init_bits[None, :])
    _, preferred = h.compute_preferred(states, h.initial_info(task.init_bits[None, :]))
    open_facts = (set(h.landmarks.tolist()) | {p for d in h.disjunctions for p in d}) - ref_relaxed_state(spec, spec.init)
    comp = ref_complements(spec)
    for op in np.flatnonzero(preferred[0]):
        assert task.applicable(states)[0, op]
        operator = spec.operators[op]
        deletes = {*operator.delete, *(p for e in operator.effects for p in e.delete)}
        achieves = {*operator.add, *(p for e in operator.effects for p in e.add), *(comp[p] for p in deletes if p in comp)}
        assert achieves & open_facts


@PROPERTY
@given(task_specs(negative=True, conditional=True, costs=True))
def test_lama_plans_are_valid(spec):
    result = make_planner("lama").solve(spec.task)
    if result.solved:
        assert spec.goal <= replay(spec, result.plan)


@PROPERTY
@given(task_specs(costs=True, zero_costs=True))
def test_lama_heuristics_see_unit_costs_while_plans_keep_real_costs(spec):
    unit = spec.task.with_unit_costs()
    real = spec.task.action_mask
    assert (unit.cost[real] == 1).all() and (unit.cost[~real] == 0).all() and unit.unit_cost
    result = make_planner("lama").solve(spec.task)
    if result.solved:
        assert result.cost == sum(spec.operators[a].cost for a in result.plan)
    assert not make_planner("lama").optimal
