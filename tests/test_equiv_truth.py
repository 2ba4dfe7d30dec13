"""`equiv` against the ground truth on the shared benchmark domains and the bundled corpus: random renamings (with
argument and parameter orders permuted) are equivalent, and no single mutation gets a wrong verdict, judged by
brute force over small typed object sets (tests/equiv_truth.py). A mutation that changes nothing may be
"equivalent" or "unknown", never "not equivalent"; every counterexample passes `check` on both sides."""

from __future__ import annotations

import random
from itertools import product
from pathlib import Path

import pytest

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.parser import parse_domain
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.compiler.validate import validate
from agentgen_sym.equiv import Kind, equiv_domains
from bench.equiv import MUTATIONS, mutate, rename_permuted

from .conftest import BENCHMARKS, CORPUS, benchmark_tasks
from .equiv_truth import changes_meaning
from .plan_corruption import read_up, up_failing_step

DOMAINS = sorted({t.domain: BENCHMARKS / t.domain_file for t in benchmark_tasks()}.items()) + sorted(
    (f.name, f / "domain.pddl") for f in CORPUS.iterdir() if (f / "domain.pddl").exists())


def _errors(domain, problem) -> set[str]:
    """What `check` finds wrong with ``problem``, beyond the domain's own errors."""
    errors = lambda found: {f"{d.code} {d.message}" for d in found if d.is_error}
    return errors(check(domain, problem)) - errors(check(domain))


@pytest.mark.slow
@pytest.mark.parametrize("name, path", DOMAINS, ids=[n for n, _ in DOMAINS])
def test_no_wrong_verdict_on_renamings_and_single_mutations(name, path, tmp_path):
    domain = parse_domain(path)
    renamed, _ = rename_permuted(domain, random.Random(name))
    assert equiv_domains(domain, renamed).kind is Kind.EQUIVALENT
    for kind, seed in product(MUTATIONS, range(2)):
        made = mutate(domain, kind, random.Random(f"{name}/{kind}/{seed}"))
        if made is None:
            continue
        mutant, what = made
        action = what.split()[1] if kind == "delete-action" else what.split(":")[0]
        verdict = equiv_domains(domain, mutant)
        if verdict.kind is Kind.EQUIVALENT:  # the renaming is exact: every action the same under it
            assert not any(changes_meaning(domain, mutant, x.name, verdict.mapping) for x in domain.actions), what
        if verdict.kind is Kind.NOT_EQUIVALENT:  # a mutation that changes nothing as it stands is no difference
            c = verdict.counterexample
            assert not _errors(domain, c.problem_a) and not _errors(mutant, c.problem_b), f"{kind} {what}"
            if c.valid_in == "both":  # the same steps, priced differently (a moved or flipped cost effect)
                first, second = validate(domain, c.problem_a, c.plan_a), validate(mutant, c.problem_b, c.plan_b)
                assert first.valid and second.valid and first.cost != second.cost, what
                continue
            assert changes_meaning(domain, mutant, action) is not False, f"{kind} {what}: {verdict.reason}"
            assert (validate(domain, c.problem_a, c.plan_a).valid, validate(mutant, c.problem_b, c.plan_b).valid) \
                == (c.valid_in == "a", c.valid_in == "b")
            assert _up_valid(tmp_path, domain, c.problem_a, c.plan_a) in (None, c.valid_in == "a"), what
            assert _up_valid(tmp_path, mutant, c.problem_b, c.plan_b) in (None, c.valid_in == "b"), what


def _up_valid(folder: Path, domain: ast.Domain, problem: ast.Problem, plan: ast.Plan) -> bool | None:
    """unified-planning's sequential validator on the plan; None where it cannot read the files."""
    if not {s.action for s in plan.steps} <= {x.name for x in domain.actions}:
        return False  # a step of an action the domain lacks (a deleted one): no plan of it
    (folder / "domain.pddl").write_text(print_pddl(domain))
    (folder / "problem.pddl").write_text(print_pddl(problem))
    try:
        task = read_up(folder / "domain.pddl", folder / "problem.pddl")
    except Exception:  # noqa: BLE001 (a requirement or construct it does not read)
        return None
    return up_failing_step(task, plan.steps) is None
