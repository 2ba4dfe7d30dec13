"""The numba kernels (planners/kernels.py) against the NumPy code they replace: identical h_FF
values, relaxed plans and preferred operators, identical LM-cut values, on random states of random tasks (zero-cost operators,
conditional effects and negative preconditions included) and of benchmark tasks; and every fixpoint,
compiled or not, raising at once where it would not end (a negative cost on a cycle, a corrupt table)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.task import GroundAtom, GroundTask, Operator, build_task
from agentgen_sym.planners import kernels
from agentgen_sym.planners.heuristics import HFF, LMCut
from agentgen_sym.planners.relaxed import FixpointError, fixpoint, initial_costs, relax

from .strategies_tasks import spec_from, task_specs

BENCHMARKS = Path(__file__).resolve().parents[1].parent / "shared" / "benchmarks"
PROPERTY = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_states(task: GroundTask, n: int, seed: int) -> np.ndarray:
    """``bool[n, n_bits]`` random fact sets (dense and sparse ones) plus the initial state, TRUE set."""
    rng = np.random.default_rng(seed)
    density = rng.uniform(0.05, 0.6, size=(n, 1))
    states = rng.random((n, task.n_bits)) < density
    states[0] = task.unpack(task.init_bits[None, :])[0]
    states[:, task.true_fact] = True
    states[:, task.false_fact] = False
    return states


def assert_same_hff(task: GroundTask, states: np.ndarray) -> None:
    compiled, numpy_hff = HFF(compiled=True), HFF(compiled=False)
    compiled.precompute(task)
    numpy_hff.precompute(task)
    plan_c, alive_c = kernels.relaxed_plans(compiled.relaxed, compiled.relaxed.extend(states))
    plan_n, alive_n = numpy_hff.relaxed_plans(states)
    np.testing.assert_array_equal(alive_c, alive_n)
    np.testing.assert_array_equal(plan_c[alive_c], plan_n[alive_n])  # dead ends: no plan read
    h_c, pref_c = compiled.compute_preferred(states)
    h_n, pref_n = numpy_hff.compute_preferred(states)
    np.testing.assert_array_equal(h_c, h_n)
    np.testing.assert_array_equal(pref_c, pref_n)
    np.testing.assert_array_equal(compiled.compute(states), h_n)
    h_l, start, ops = kernels.plan_lists(compiled.relaxed, compiled.relaxed.extend(states))
    np.testing.assert_array_equal(h_l, h_n)  # the plans' costs, summed in the kernel
    owner = np.repeat(np.arange(states.shape[0]), np.diff(start))
    assert np.unique(owner * compiled.relaxed.n_rel + ops).size == ops.size  # each operator once per plan


@PROPERTY
@given(task_specs(costs=True, zero_costs=True, negative=True, conditional=True), st.integers(0, 2 ** 16))
def test_hff_kernel_equals_numpy_on_random_tasks(spec, seed) -> None:
    assert_same_hff(spec.task, random_states(spec.task, 16, seed))


@pytest.mark.skipif(not BENCHMARKS.is_dir(), reason="../shared/benchmarks not present")
@pytest.mark.parametrize("domain", ["depot", "elevators-08", "miconic-fulladl", "psr-middle", "visitall", "parking",
                                    "sokoban"])
def test_hff_kernel_equals_numpy_on_benchmark_states(domain: str) -> None:
    task = compile_task(BENCHMARKS / domain / "domain.pddl", BENCHMARKS / domain / "p01.pddl").ground
    assert_same_hff(task, random_states(task, 64, seed=len(domain)))


def test_hff_kernel_settles_a_fact_that_falls_twice_before_it_is_read():
    """b is reached at cost 5, then at 2 before either entry is taken from the kernel's heap; the
    stale entry must not count as b settling again, or the operator reading b and y would be
    valued before y is settled (at 11 instead of 7) and g's supporter would be the dearer o8."""
    s, a, b, y, z, g = range(6)
    ops = [Operator("o1", (), pre=(s,), add=(a,), cost=1), Operator("o2", (), pre=(s,), add=(b,), cost=5),
           Operator("o3", (), pre=(a,), add=(b,), cost=1), Operator("o4", (), pre=(b, y), add=(g,), cost=1),
           Operator("o5", (), pre=(a,), add=(y,), cost=10), Operator("o6", (), pre=(b,), add=(z,), cost=4),
           Operator("o7", (), pre=(z,), add=(y,), cost=1), Operator("o8", (), pre=(a,), add=(g,), cost=12)]
    task = spec_from(6, {s}, {g}, ops).task
    hff = HFF(compiled=True)
    hff.precompute(task)
    assert hff.compute(task.unpack(task.init_bits[None, :])).tolist() == [8.0]  # o1, o3, o6, o7, o4
    assert_same_hff(task, random_states(task, 16, seed=0))


def assert_same_lmcut(task: GroundTask, states: np.ndarray) -> None:
    compiled, numpy_lmcut = LMCut(compiled=True), LMCut(compiled=False)
    compiled.precompute(task)
    numpy_lmcut.precompute(task)
    np.testing.assert_array_equal(compiled.compute(states), numpy_lmcut.compute(states))


@PROPERTY
@given(task_specs(costs=True, zero_costs=True), st.integers(0, 2 ** 16))
def test_lmcut_kernel_equals_numpy_on_random_tasks(spec, seed) -> None:
    assert_same_lmcut(spec.task, random_states(spec.task, 16, seed))


@PROPERTY
@given(task_specs(costs=True, zero_costs=True), st.integers(0, 2 ** 16), st.data())
def test_lmcut_kernel_equals_numpy_with_precondition_free_operators(spec, seed, data) -> None:
    """Operators without preconditions read no fact, so the kernel's forward closure (which walks
    each reached fact's readers) must start them from the state itself."""
    facts = st.integers(0, spec.n_facts - 1)
    free = [Operator(f"free{i}", (), add=(data.draw(facts),), cost=data.draw(st.integers(0, 4)))
            for i in range(data.draw(st.integers(1, 3)))]
    task = spec_from(spec.n_facts, spec.init, spec.goal, [*spec.operators, *free]).task
    assert_same_lmcut(task, random_states(task, 16, seed))


@pytest.mark.skipif(not BENCHMARKS.is_dir(), reason="../shared/benchmarks not present")
@pytest.mark.parametrize("domain", ["depot", "elevators-08", "gripper", "visitall"])
def test_lmcut_kernel_equals_numpy_on_benchmark_states(domain: str) -> None:
    task = compile_task(BENCHMARKS / domain / "domain.pddl", BENCHMARKS / domain / "p01.pddl").ground
    assert_same_lmcut(task, random_states(task, 32, seed=len(domain)))


def test_load_compiles_the_kernels_for_the_argument_types_the_heuristics_pass():
    """kernels.load() runs before a portfolio forks its members; if the heuristics then called a
    kernel with other argument types, every member would compile (or load) it again."""
    from .tasks_handmade import gripper

    kernels.load()
    signatures = {kernel: list(kernel.signatures) for kernel in (kernels._relaxed_plans, kernels._lmcut)}
    assert all(len(found) == 1 for found in signatures.values())
    task = gripper(3)
    for heuristic in (HFF(), LMCut()):
        heuristic.precompute(task)
        heuristic.compute(task.unpack(task.init_bits[None, :]))
    assert {kernel: list(kernel.signatures) for kernel in signatures} == signatures


def negative_cycle() -> GroundTask:
    """s -> p <-> q -> g, the p/q cycle at cost -1 (so no least fixpoint), and a free s -> g (so h_FF's
    kernel takes its Jacobi iteration, the one that handles zero-cost achievers)."""
    s, p, q, g = range(4)
    ops = [Operator("o1", (), pre=(s,), add=(p,), cost=1), Operator("o2", (), pre=(p,), add=(q,), cost=-1),
           Operator("o3", (), pre=(q,), add=(p,), cost=-1), Operator("o4", (), pre=(q,), add=(g,), cost=1),
           Operator("o5", (), pre=(s,), add=(g,), cost=0)]
    return build_task([GroundAtom(f"f{i}") for i in range(4)], [s], [g], ops)


# A fixpoint that does not converge must raise at once; were its guard gone it would spin in nogil
# machine code no signal reaches, so the thread method ends the run after 60 s instead of 900.
FAILS_FAST = pytest.mark.timeout(60, method="thread")


@FAILS_FAST
@pytest.mark.parametrize("kernel", ["hff", "lmcut"])
def test_a_kernel_fixpoint_without_a_least_fixpoint_fails_at_once(kernel: str) -> None:
    task = negative_cycle()
    rt = relax(task)
    assert rt.free_ach_pairs.size  # the Jacobi path
    states = rt.extend(task.unpack(task.init_bits[None, :]))
    with pytest.raises(FixpointError, match="one round per fact|negative operator cost"):
        kernels.relaxed_plans(rt, states) if kernel == "hff" else kernels.lmcut(rt, states)


@FAILS_FAST
@pytest.mark.parametrize("combine", ["sum", "max"])
def test_the_numpy_fixpoint_without_a_least_fixpoint_fails_at_once(combine: str) -> None:
    task = negative_cycle()
    rt = relax(task)
    costs = initial_costs(rt.extend(task.unpack(task.init_bits[None, :])))
    with pytest.raises(FixpointError, match="still lowering costs"):
        fixpoint(rt, costs, rt.cost.astype(np.float64), combine)


@FAILS_FAST
def test_lmcut_kernel_with_an_achiever_table_that_misses_the_goal_fails_at_once() -> None:
    """The goal costs 2 through its adds, but no achiever is listed for it: the goal zone has no way in,
    the cut is empty, and a kernel that added it (infinity, then again) would never reach h_max 0."""
    s, a, g = range(3)
    task = build_task([GroundAtom(f"f{i}") for i in range(3)], [s], [g],
                      [Operator("o1", (), pre=(s,), add=(a,)), Operator("o2", (), pre=(a,), add=(g,))])
    rt = relax(task)
    empty = np.zeros(0, dtype=rt.ach_fact.dtype)
    corrupt = replace(rt, ach_fact=empty, ach_start=np.zeros(0, dtype=rt.ach_start.dtype), ach_op=empty)
    states = rt.extend(task.unpack(task.init_bits[None, :]))
    assert kernels.lmcut(rt, states).tolist() == [2.0]
    with pytest.raises(FixpointError, match="empty cut"):
        kernels.lmcut(corrupt, states)
