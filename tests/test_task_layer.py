"""The task layer between the compiler and everything after it: compile_task, solve, one cost rule,
structured names, and the import layering the module docstrings state."""

from __future__ import annotations

import ast as pyast
import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import agentgen_sym as ag
from agentgen_sym import cli
from agentgen_sym.backends import BACKENDS, fast_downward_driver, fd_outcome
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.task import GroundAction, GroundAtom
from agentgen_sym.planners.result import Status

from .conftest import BENCHMARKS, ROOT, requires_benchmarks

UNUSED_COST_DOMAIN = """(define (domain hall)
  (:requirements :strips :typing :action-costs)
  (:types room)
  (:predicates (at ?r - room) (door ?a ?b - room))
  (:functions (total-cost) - number)
  (:action go :parameters (?a ?b - room)
    :precondition (and (at ?a) (door ?a ?b))
    :effect (and (at ?b) (not (at ?a)))))
"""
UNUSED_COST_PROBLEM = """(define (problem walk) (:domain hall)
  (:objects r1 r2 r3 - room)
  (:init (at r1) (door r1 r2) (door r2 r3))
  (:goal (at r3)))
"""


@pytest.fixture
def unused_cost_files(tmp_path: Path) -> tuple[Path, Path]:
    domain, problem = tmp_path / "domain.pddl", tmp_path / "p01.pddl"
    domain.write_text(UNUSED_COST_DOMAIN)
    problem.write_text(UNUSED_COST_PROBLEM)
    return domain, problem


# --------------------------------------------------------------------------- the cost rule


def test_declared_but_unused_total_cost_is_unit_cost_everywhere(unused_cost_files, tmp_path: Path, capsys):
    """Regression: solve printed `; cost = 0`, validate said 2, and export skipped every generated task."""
    domain, problem = unused_cost_files
    task = ag.compile_task(domain, problem)
    assert not task.action_costs and task.ground.unit_cost
    plan_file = tmp_path / "plan.txt"
    assert cli.main(["solve", str(domain), str(problem), "-q", "-o", str(plan_file)]) == 0
    assert capsys.readouterr().out.endswith("; cost = 2 (unit cost)\n")
    assert cli.main(["validate", str(domain), str(problem), str(plan_file), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["cost"] == 2
    out = tmp_path / "tasks"
    assert cli.main(["generate", str(domain), str(problem), "--n", "2", "--seed", "1", "--out", str(out)]) == 0
    records = [json.loads(line) for line in (out / "tasks.jsonl").read_text().splitlines()]
    assert records and all(r["cost"] == r["difficulty"] == len(r["plan"]) > 0 for r in records)
    assert cli.main(["export", str(out), "--format", "openai", "--out", str(tmp_path / "d.jsonl")]) == 0
    assert len((tmp_path / "d.jsonl").read_text().splitlines()) == len(records)


def test_a_metric_or_an_increase_means_action_costs():
    domain = ag.parse_domain(UNUSED_COST_DOMAIN)
    with_metric = ag.parse_problem(UNUSED_COST_PROBLEM.replace("(:goal (at r3)))",
                                                               "(:goal (at r3)) (:metric minimize (total-cost)))")
                                   .replace("(door r2 r3))", "(door r2 r3) (= (total-cost) 0))"))
    assert ag.compile_task(domain, with_metric).action_costs
    priced = ag.parse_domain(UNUSED_COST_DOMAIN.replace("(not (at ?a)))", "(not (at ?a)) (increase (total-cost) 3))"))
    task = ag.compile_task(priced, ag.parse_problem(UNUSED_COST_PROBLEM))
    solution = ag.solve(task)
    assert task.action_costs and solution.cost == 6 == ag.validate(priced, task.problem, solution.plan).cost
    assert solution.plan_text().endswith("; cost = 6 (general cost)\n")


def _walk_goal_problem(task: ag.CompiledTask, rng: np.random.Generator, length: int) -> ast.Problem:
    """The task's problem with a goal of 1-3 facts that a random walk of ``length`` steps made true."""
    ground = task.ground
    row = ground.init_bits
    for _ in range(length):
        state = ground.unpack(row[None, :])
        choices = np.flatnonzero(ground.applicable(state)[0] & ground.action_mask)
        if not choices.size:
            break
        op = int(choices[rng.integers(choices.size)])
        row = ground.successors(row[None, :], state, np.array([0]), np.array([op]))[0]
    reached = sorted(set(ground.state_atoms(row)) - set(ground.state_atoms(ground.init_bits)))
    if not reached:
        reached = list(ground.state_atoms(row))[:1]
    picked = [reached[i] for i in sorted(rng.choice(len(reached), size=min(len(reached), 3), replace=False))]
    goal = ast.And(tuple(ast.Atom(f.predicate, tuple(ast.Constant(a) for a in f.args)) for f in picked))
    return replace(task.problem, goal=goal)


def _benchmark_seeds() -> list[tuple[str, Path, Path]]:
    manifest = BENCHMARKS / "MANIFEST.tsv"
    if not manifest.exists():
        return []
    rows = [line.split("\t") for line in manifest.read_text().splitlines()[1:] if line.strip()]
    header = manifest.read_text().splitlines()[0].split("\t")
    first: dict[str, tuple[str, Path, Path]] = {}
    for row in rows:
        entry = dict(zip(header, row))
        first.setdefault(entry["domain"], (entry["domain"], BENCHMARKS / entry["domain_file"],
                                           BENCHMARKS / entry["problem_file"]))
    return sorted(first.values())


SEEDS = _benchmark_seeds()
OUR_PLANNERS = ("default", "optimal", "lama", "gbfs-hff", "astar-hmax", "bfs")


@requires_benchmarks
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SEEDS or [None]), st.integers(0, 2 ** 31), st.integers(1, 6), st.sampled_from(OUR_PLANNERS))
def test_the_cost_solve_reports_is_the_cost_validate_computes(seed_task, walk_seed, length, planner):
    """Property over the benchmark domains and random-walk goals: one cost rule for every planner."""
    _domain, domain_file, problem_file = seed_task
    task = ag.compile_task(domain_file, problem_file)
    problem = _walk_goal_problem(task, np.random.default_rng(walk_seed), length)
    solution = ag.solve(ag.compile_task(task.domain, problem), planner, time_limit=20, expansion_limit=20_000)
    if solution.status is Status.LIMIT_REACHED:
        return
    assert solution.solved, solution.message
    assert solution.cost == ag.validate(task.domain, problem, solution.plan).cost
    reread = ag.parse_plan(solution.plan_text())
    assert reread.steps == solution.plan.steps and reread.cost == solution.cost


@requires_benchmarks
@pytest.mark.slow
@pytest.mark.parametrize("backend", sorted(BACKENDS))
def test_backends_report_the_cost_validate_computes(backend):
    if backend.startswith("fd") and fast_downward_driver() is None:
        pytest.skip("up-fast-downward is not installed")
    pytest.importorskip("pyperplan")
    """The tool's plan, validated by ours; Fast Downward's declared cost must equal our validator's."""
    rng = np.random.default_rng(7)
    checked = 0
    for _name, domain_file, problem_file in SEEDS:
        task = ag.compile_task(domain_file, problem_file)
        problem = _walk_goal_problem(task, rng, 4)
        solution = ag.solve(ag.compile_task(task.domain, problem), backend, time_limit=30)
        if solution.status in (Status.LIMIT_REACHED, Status.UNSUPPORTED) or solution.status is Status.ERROR and \
                "validation" not in solution.message and "priced" not in solution.message:
            continue  # a tool that cannot read the domain (pyperplan: STRIPS only) or runs out of time
        assert solution.solved, solution.message
        assert solution.cost == ag.validate(task.domain, problem, solution.plan).cost
        checked += 1
    assert checked >= 5


# --------------------------------------------------------------------------- solve


def test_a_plan_that_fails_validation_never_leaves_solve():
    task = ag.compile_task("corpus/domains/kitchen-line/domain.pddl", "corpus/domains/kitchen-line/p01.pddl")
    ground = task.ground
    no_preconditions = replace(ground, pre_idx=np.full_like(ground.pre_idx, ground.true_fact))
    broken = replace(task, ground=no_preconditions)  # a grounder bug: every operator applies everywhere
    solution = ag.solve(broken, "bfs")
    assert solution.status is Status.ERROR and solution.plan is None and "failed validation" in solution.message
    assert ag.solve(task, "bfs").solved


def test_a_cost_the_validator_disagrees_with_never_leaves_solve():
    task = ag.compile_task("corpus/domains/kitchen-line/domain.pddl", "corpus/domains/kitchen-line/p01.pddl")
    mispriced = replace(task, ground=replace(task.ground, cost=task.ground.cost + 1))
    solution = ag.solve(mispriced, "optimal")
    assert solution.status is Status.ERROR and "priced" in solution.message


def test_expansion_limits_are_deterministic_and_stop_the_search():
    task = ag.compile_task(ROOT / "corpus/domains/ward-pharmacy/domain.pddl",
                           ROOT / "corpus/domains/ward-pharmacy/p03.pddl")
    full = ag.solve(task, "bfs")
    assert full.solved and full.stats.expanded > 10
    runs = [ag.solve(task, "bfs", expansion_limit=5) for _ in range(2)]
    assert all(r.status is Status.LIMIT_REACHED and "expansion limit" in r.message for r in runs)
    assert runs[0].stats.expanded == runs[1].stats.expanded < full.stats.expanded
    portfolio = [ag.solve(task, "default", expansion_limit=3) for _ in range(2)]
    assert portfolio[0].status == portfolio[1].status and portfolio[0].stats.expanded == portfolio[1].stats.expanded
    assert portfolio[0].stats.expanded <= 3 + 64  # a batch may finish past the limit, never a second one


def test_solve_reports_seconds_per_pass():
    solution = ag.solve(ag.compile_task("corpus/domains/kitchen-line/domain.pddl",
                                        "corpus/domains/kitchen-line/p01.pddl"))
    assert list(solution.timings)[:5] == ["normalize", "explore", "instantiate", "goal", "pack"]
    assert {"relevance", "heuristics", "search", "validate"} <= set(solution.timings)
    assert all(seconds >= 0 for seconds in solution.timings.values())


def test_unknown_planner_is_a_value_error():
    task = ag.compile_task("corpus/domains/kitchen-line/domain.pddl", "corpus/domains/kitchen-line/p01.pddl")
    with pytest.raises(ValueError, match="unknown planner"):
        ag.solve(task, "no-such-planner")


def test_compile_task_raises_every_check_error():
    bad = UNUSED_COST_PROBLEM.replace("(at r3)", "(at r9)").replace("(door r1 r2)", "(dor r1 r2)")
    with pytest.raises(ag.PddlError) as caught:
        ag.compile_task(UNUSED_COST_DOMAIN, bad)
    assert len([d for d in caught.value.diagnostics if d.is_error]) >= 2


def test_fast_downward_exit_codes_follow_its_documentation():
    assert fd_outcome(0)[0] is Status.SOLVED
    assert fd_outcome(10)[0] is fd_outcome(11)[0] is Status.UNSOLVABLE
    assert fd_outcome(12)[0] is Status.LIMIT_REACHED  # an incomplete search gave up: nothing is proved
    assert all(fd_outcome(code)[0] is Status.LIMIT_REACHED for code in (20, 21, 22, 23, 24))
    assert fd_outcome(34)[0] is fd_outcome(37)[0] is Status.UNSUPPORTED
    assert fd_outcome(-9)[0] is Status.ERROR


# --------------------------------------------------------------------------- names


@given(st.from_regex(r"[a-z][a-z0-9_-]{0,8}", fullmatch=True),
       st.lists(st.from_regex(r"[a-z0-9][a-z0-9_-]{0,6}", fullmatch=True), max_size=4))
def test_ground_names_print_as_pddl_and_parse_back(name, args):
    atom, action = GroundAtom(name, tuple(args)), GroundAction(name, tuple(args))
    assert str(atom) == "(" + " ".join([name, *args]) + ")"
    assert GroundAtom.parse(str(atom)) == atom and GroundAction.parse(str(action)) == action


def test_goal_bookkeeping_stays_inside_the_ground_task():
    task = ag.compile_task(UNUSED_COST_DOMAIN.replace(":typing", ":typing :negative-preconditions"),
                           UNUSED_COST_PROBLEM.replace("(:goal (at r3))", "(:goal (and (at r3) (not (at r1))))"))
    ground = task.ground
    assert not ground.action_mask.all() and not ground.atom_mask.all()  # a goal operator and its fact exist
    solution = ag.solve(task)
    assert [str(GroundAction(s.action, s.args)) for s in solution.steps] == ["(go r1 r2)", "(go r2 r3)"]
    assert all(a.predicate == "at" for a in ground.state_atoms(ground.init_bits))


# --------------------------------------------------------------------------- layering


def _imports(path: Path) -> list[str]:
    """Absolute names of the agentgen_sym modules ``path`` imports (relative imports resolved)."""
    package = {"compiler": "agentgen_sym.compiler", "planners": "agentgen_sym.planners"}.get(path.parent.name,
                                                                                            "agentgen_sym")
    names = []
    for node in pyast.walk(pyast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, pyast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                names.append(".".join([*base, *([node.module] if node.module else [])]))
            elif node.module:
                names.append(node.module)
        elif isinstance(node, pyast.Import):
            names.extend(alias.name for alias in node.names)
    return [n for n in names if n.startswith("agentgen_sym")]


LAYERS = {
    # the compiler is the bottom layer: it imports only itself
    "compiler": lambda name: name.startswith("agentgen_sym.compiler") or name == "agentgen_sym.grammar",
    # the planners read GroundTask and nothing else of the compiler
    "planners": lambda name: name.startswith("agentgen_sym.planners") or name == "agentgen_sym.compiler.task",
}


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_no_import_crosses_the_layering(layer):
    wrong = [(path.name, name) for path in sorted((ROOT / layer).glob("*.py")) for name in _imports(path)
             if not LAYERS[layer](name)]
    assert not wrong


def test_the_layer_test_sees_a_wrong_way_import(tmp_path: Path):
    fake = tmp_path / "compiler" / "bad.py"
    fake.parent.mkdir()
    fake.write_text("from ..planners.task import GroundTask\nfrom .ast import Atom\n")
    assert [n for n in _imports(fake) if not LAYERS["compiler"](n)] == ["agentgen_sym.planners.task"]


def test_benchmarks_and_the_library_import_nothing_from_the_cli():
    users = [*ROOT.glob("bench/*.py"), *(p for p in ROOT.glob("agentgen_sym/**/*.py") if p.name != "__main__.py")]
    assert [p.name for p in users if "agentgen_sym.cli" in _imports(p) and p.name != "cli.py"] == []


def test_only_the_task_module_and_the_grounder_know_the_goal_bookkeeping():
    sources = [*ROOT.glob("compiler/*.py"), *ROOT.glob("planners/*.py"), *ROOT.glob("agentgen_sym/**/*.py"),
               *ROOT.glob("bench/*.py")]
    knowing = sorted(p.relative_to(ROOT).as_posix() for p in sources
                     if any(word in p.read_text(encoding="utf-8") for word in ("GOAL_ACTION", "GOAL_FACT")))
    assert knowing == ["compiler/ground.py", "compiler/task.py"]
