"""The key-indexed successor generator (planners/successors.py) against the brute-force test of
every operator (``GroundTask.applicable``): exactly the same applicable operators, on seeded
random fact sets and on states a random walk reaches, for benchmark tasks with many operators,
negative preconditions, conditional effects and axioms, and on random hand-made tasks."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.task import GroundAtom, GroundTask, Operator, build_task
from agentgen_sym.planners.successors import SuccessorGenerator, successor_generator

from .conftest import BENCHMARKS, requires_benchmarks
from .strategies_tasks import task_specs
from .test_derived import axiom_tasks


def random_states(task: GroundTask, n: int, seed: int) -> np.ndarray:
    """Dense and sparse random fact sets (TRUE set, FALSE clear), the initial state first."""
    rng = np.random.default_rng(seed)
    states = rng.random((n, task.n_bits)) < rng.uniform(0.02, 0.6, size=(n, 1))
    states[0] = task.unpack(task.init_bits[None, :])[0]
    states[:, task.true_fact] = True
    states[:, task.false_fact] = False
    return states


def walk_states(task: GroundTask, steps: int, seed: int) -> np.ndarray:
    """The states of a random walk from the initial state (where applicable operators are dense)."""
    rng = np.random.default_rng(seed)
    rows = task.init_bits[None, :]
    found = [task.unpack(rows)[0]]
    for _ in range(steps):
        ops = np.flatnonzero(task.applicable(found[-1][None, :])[0])
        if not ops.size:
            break
        rows = task.successors(rows, found[-1][None, :], np.array([0]), np.array([rng.choice(ops)]))
        found.append(task.unpack(rows)[0])
    return np.array(found)


@requires_benchmarks
@pytest.mark.parametrize("domain, problem", [
    ("parking", "p03.pddl"), ("grid", "p01.pddl"), ("freecell", "p02.pddl"), ("elevators-08", "p02.pddl"),
    ("scanalyzer", "p03.pddl"), ("miconic-fulladl", "p05.pddl"), ("psr-middle", "p02.pddl"),
    ("sokoban", "p01.pddl")])
def test_generator_finds_exactly_the_applicable_operators_on_benchmark_tasks(domain: str, problem: str) -> None:
    task = compile_task(BENCHMARKS / domain / "domain.pddl", BENCHMARKS / domain / problem).ground
    generator = successor_generator(task)
    for states in (random_states(task, 48, seed=len(domain)), walk_states(task, 40, seed=len(problem))):
        np.testing.assert_array_equal(generator.applicable(states), task.applicable(states))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(task_specs(costs=True, zero_costs=True, negative=True, conditional=True), st.integers(0, 2 ** 16))
def test_generator_finds_exactly_the_applicable_operators_on_random_tasks(spec, seed) -> None:
    states = random_states(spec.task, 16, seed)
    np.testing.assert_array_equal(successor_generator(spec.task).applicable(states), spec.task.applicable(states))


def test_generator_of_a_task_whose_operators_have_no_preconditions() -> None:
    task = build_task([GroundAtom("p"), GroundAtom("q")], [], [1],
                      [Operator("a", (), add=(0,)), Operator("b", (), neg=(0,), add=(1,))])
    states = random_states(task, 8, seed=1)
    np.testing.assert_array_equal(successor_generator(task).applicable(states), task.applicable(states))


@requires_benchmarks
@pytest.mark.parametrize("domain, problem", [("psr-middle", "p02.pddl"), ("psr-middle", "p08.pddl")])
def test_compiled_derivation_equals_the_tasks_on_benchmark_tasks(domain: str, problem: str) -> None:
    """psr's derived predicates are recursive (upstream, unsafe): chains of derivations within one layer."""
    task = compile_task(BENCHMARKS / domain / "domain.pddl", BENCHMARKS / domain / problem).ground
    generator = SuccessorGenerator(task, compiled=True)  # the kernel, also before the background compile is done
    for states in (random_states(task, 48, seed=3), walk_states(task, 40, seed=5)):
        np.testing.assert_array_equal(generator.derive(states.copy()), task.derive(states.copy()))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(axiom_tasks(), st.integers(0, 2 ** 16))
def test_compiled_derivation_equals_the_tasks_on_random_tasks(drawn, seed) -> None:
    task = drawn[0]
    states = random_states(task, 16, seed)
    np.testing.assert_array_equal(SuccessorGenerator(task, compiled=True).derive(states.copy()),
                                  task.derive(states.copy()))
