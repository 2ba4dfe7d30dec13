"""The fuzzing suite in CI: nearly-right PDDL from the bundled corpus, mutated by hypothesis, never gives a
traceback, a hang or a wrong answer. A longer run with a table: bench/fuzz.py."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import CORPUS
from .fuzz_pddl import MUTATIONS, mutate, run_one

SEEDS = [(folder.name, (folder / "domain.pddl").read_text(), (folder / "p01.pddl").read_text())
         for folder in sorted(CORPUS.iterdir()) if (folder / "domain.pddl").exists()]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(st.sampled_from(SEEDS), st.integers(0, 2 ** 32 - 1), st.integers(1, 3))
def test_mutated_pddl_gives_an_answer_or_a_diagnostic(seed, mutation_seed, n_mutations):
    _name, domain, problem = seed
    domain, problem, applied = mutate(domain, problem, random.Random(mutation_seed), n_mutations)
    outcome = run_one(domain, problem)
    assert outcome.kind not in ("traceback", "hang", "wrong"), (applied, outcome)


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_every_mutation_changes_some_input(name):
    rng = random.Random(1)
    assert any(MUTATIONS[name](text, rng) != text for _, domain, problem in SEEDS for text in (domain, problem))


def test_the_harness_sees_a_wrong_answer(monkeypatch):
    """A validator that always says 'valid at cost 0' makes every solved task a wrong answer."""
    import agentgen_sym as ag

    from . import fuzz_pddl

    real = ag.validate

    def lying(domain, problem, plan):
        return type(real(domain, problem, plan))(True, -1, len(plan.steps), None, (), ())

    monkeypatch.setattr(fuzz_pddl.ag, "validate", lying)
    _, domain, problem = SEEDS[0]
    assert run_one(domain, problem).kind == "wrong"
