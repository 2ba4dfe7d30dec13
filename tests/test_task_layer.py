"""The task layer between the compiler and everything after it: compile_task, solve, one cost rule,
structured names, and the import layering the module docstrings state."""

from __future__ import annotations

import ast as pyast
import json
from dataclasses import replace
from pathlib import Path
from typing import Callable

import networkx as nx
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

from .conftest import BENCHMARKS, ROOT, requires_benchmarks, requires_extra

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
    assert task.unit_cost and task.ground.unit_cost
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
    assert not ag.compile_task(domain, with_metric).unit_cost  # no increase: every step costs 0
    priced = ag.parse_domain(UNUSED_COST_DOMAIN.replace("(not (at ?a)))", "(not (at ?a)) (increase (total-cost) 3))"))
    task = ag.compile_task(priced, ag.parse_problem(UNUSED_COST_PROBLEM))
    solution = ag.solve(task)
    assert not task.unit_cost and solution.cost == 6 == ag.validate(priced, task.problem, solution.plan).cost
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
    requires_extra("pyperplan")
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


PACKAGE_DIRS = {"agentgen_sym": ROOT / "agentgen_sym", "agentgen_sym.compiler": ROOT / "compiler",
                "agentgen_sym.planners": ROOT / "planners"}  # setuptools' package-dir mapping


def _package_modules() -> dict[str, Path]:
    """Every module of the package, subpackages included: dotted name -> source file (a package is its
    ``__init__.py``)."""
    modules = {}
    for package, folder in PACKAGE_DIRS.items():
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(folder).with_suffix("").parts
            modules[".".join([package, *(parts[:-1] if parts[-1] == "__init__" else parts)])] = path
    return modules


MODULES = _package_modules()


def _under_type_checking(tree: pyast.Module) -> set[pyast.AST]:
    """The import nodes inside ``if TYPE_CHECKING:`` blocks: read by type checkers, never run."""
    guarded = set()
    for node in pyast.walk(tree):
        if isinstance(node, pyast.If) and "TYPE_CHECKING" in pyast.unparse(node.test):
            guarded.update(n for part in node.body for n in pyast.walk(part))
    return guarded


def _import_statements(path: Path, module: str, modules: dict[str, Path] = MODULES,
                       at_run_time: bool = False) -> list[tuple[str, int]]:
    """The agentgen_sym modules that ``module`` (source ``path``) imports, with each statement's line,
    at module level or inside a function; relative imports resolved, and ``from X import name`` read as
    the module ``X.name`` where ``modules`` has one. ``at_run_time`` leaves out ``if TYPE_CHECKING:``."""
    tree = pyast.parse(path.read_text(encoding="utf-8"))
    skipped = _under_type_checking(tree) if at_run_time else set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in pyast.walk(tree):
        if node in skipped:
            continue
        if isinstance(node, pyast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[:len(parts) - node.level + 1], *([node.module] if node.module else [])])
            for alias in node.names:
                name = f"{base}.{alias.name}"
                found.append((name if name in modules else base, node.lineno))
        elif isinstance(node, pyast.Import):
            found.extend((alias.name, node.lineno) for alias in node.names)
    return [(name, line) for name, line in dict.fromkeys(found) if name.split(".")[0] == "agentgen_sym"]


def _imports(path: Path) -> list[str]:
    """The agentgen_sym modules a file of the package, or a script beside it, imports."""
    module = next((name for name, source in MODULES.items() if source == path), path.stem)
    return [name for name, _ in _import_statements(path, module)]


def _within(*packages: str) -> Callable[[str], bool]:
    """Whether a module name is one of ``packages`` or inside one of them."""
    return lambda name: any(name == p or name.startswith(p + ".") for p in packages)


def _outside(*packages: str) -> Callable[[str], bool]:
    inside = _within(*packages)
    return lambda name: not inside(name)


# rule -> (the modules it covers, the imports it allows them)
LAYERS: dict[str, tuple[Callable[[str], bool], Callable[[str], bool]]] = {
    # the compiler is the bottom layer: it imports only itself
    "compiler": (_within("agentgen_sym.compiler"), _within("agentgen_sym.compiler", "agentgen_sym.grammar")),
    # the planners read GroundTask, the run's Deadline and the exception root, nothing else of the compiler
    "planners": (_within("agentgen_sym.planners"),
                 _within("agentgen_sym.planners", "agentgen_sym.compiler.task", "agentgen_sym.compiler.limits",
                         "agentgen_sym.compiler.errors", "agentgen_sym.compiler.lazy")),
    # generation writes task sets; export reads them later, through the task set, not the generator
    "generation": (_within("agentgen_sym.generation"), _outside("agentgen_sym.export")),
    "export": (_within("agentgen_sym.export"), _outside("agentgen_sym.generation", "agentgen_sym.drafting")),
    # the main job runs drafting, never the other way round
    "drafting": (_within("agentgen_sym.drafting"), _outside("agentgen_sym.pipeline")),
    # domain values do not know how they are shipped: pickling policy is the executor's
    "domain values": (_within("agentgen_sym.generation.grounding", "agentgen_sym.generation.tasks",
                              "agentgen_sym.taskset"), _outside("agentgen_sym.executor")),
    # the task model sits below every stage that writes or reads task sets, the episodes included
    "taskset": (_within("agentgen_sym.taskset"),
                _outside(*(f"agentgen_sym.{p}" for p in ("generation", "export", "serve", "evaluation", "drafting",
                                                          "llm", "cli", "env", "rl", "reasoning")))),
    # English for a domain sits below the task sets and the episodes: it reads the compiler's values only
    "wording": (_within("agentgen_sym.wording"), _within("agentgen_sym.wording", "agentgen_sym.compiler")),
    # the episode floor and the front ends that play it never read the training-data stage: the prompt and the
    # observation framing live on the floor (env/framing.py)
    "episodes": (_within("agentgen_sym.env", "agentgen_sym.serve", "agentgen_sym.evaluation"),
                 _outside("agentgen_sym.export")),
    # the floor knows none of its front ends
    "env": (_within("agentgen_sym.env"),
            _outside(*(f"agentgen_sym.{p}" for p in ("serve", "evaluation", "rl", "mcp", "generation", "drafting",
                                                      "llm", "pipeline", "domainflow", "executor", "reasoning")))),
    # the RL adapters play the floor: the episodes and what lies below them, no other front end or stage
    "rl": (_within("agentgen_sym.rl"),
           _within("agentgen_sym.rl", "agentgen_sym.env", "agentgen_sym.taskset", "agentgen_sym.wording",
                   "agentgen_sym.compiler", "agentgen_sym.planners", "agentgen_sym.files", "agentgen_sym.walk",
                   "agentgen_sym.extras")),
    # the reasoning-gym plug-in is a front end on task sets: it generates and reads them, words them and validates
    # answers; it never plays an episode's front ends or writes training data, and no other front end reads it
    "reasoning": (_within("agentgen_sym.reasoning"),
                  _outside(*(f"agentgen_sym.{p}" for p in ("serve", "evaluation", "rl", "mcp", "export", "drafting",
                                                            "llm", "cli")))),
}


def _shown(path: Path) -> str:
    return (path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.relative_to(path.parents[1])).as_posix()


def _crossings(rule: str, modules: dict[str, Path]) -> list[str]:
    """Each import of ``modules`` (read beside the package's own) that ``rule`` does not allow."""
    covers, allowed = LAYERS[rule]
    known = MODULES | modules
    return [f"{_shown(path)}:{line} imports {name}"
            for module, path in sorted(modules.items()) if covers(module)
            for name, line in _import_statements(path, module, known) if not allowed(name)]


@pytest.mark.parametrize("rule", sorted(LAYERS))
def test_no_import_crosses_the_layering(rule):
    assert any(LAYERS[rule][0](module) for module in MODULES)  # a rule that covers nothing checks nothing
    assert _crossings(rule, MODULES) == []


# rule -> (a module it covers, a source with a wrong-way import among right-way ones, what it reports)
WRONG_WAY = {
    "compiler": ("agentgen_sym.compiler.bad", "from .ast import Atom\nfrom ..planners.task import GroundTask\n",
                 "2 imports agentgen_sym.planners.task"),
    "planners": ("agentgen_sym.planners.bad", "from agentgen_sym.compiler import task, ast\n",
                 "1 imports agentgen_sym.compiler.ast"),  # `from package import module` is the module
    "generation": ("agentgen_sym.generation.sub.bad", "def later():\n    from ...export import export_tasks\n",
                   "2 imports agentgen_sym.export"),  # a lazy import, two packages deep
    "export": ("agentgen_sym.export.bad", "from ..taskset import TaskSet\nfrom ..drafting import builder\n",
               "2 imports agentgen_sym.drafting.builder"),
    "drafting": ("agentgen_sym.drafting.bad", "from agentgen_sym import llm, pipeline\n",
                 "1 imports agentgen_sym.pipeline"),
    "domain values": ("agentgen_sym.generation.grounding", "from ..executor import Shared\n",
                      "1 imports agentgen_sym.executor"),
    "taskset": ("agentgen_sym.taskset.bad", "from ..wording import templates\nfrom ..env import TextEnv\n",
                "2 imports agentgen_sym.env"),
    "wording": ("agentgen_sym.wording.bad", "from ..compiler import ast\nfrom ..taskset import TaskSet\n",
                "2 imports agentgen_sym.taskset"),
    "episodes": ("agentgen_sym.serve.bad", "from ..env.framing import OBSERVATION\n"
                 "def later():\n    from ..export.trajectories import OBSERVATION\n",
                 "3 imports agentgen_sym.export.trajectories"),
    "env": ("agentgen_sym.env.bad", "from .core import Sessions\nfrom ..serve.pool import EnvPool\n",
            "2 imports agentgen_sym.serve.pool"),
    "rl": ("agentgen_sym.rl.bad", "from ..env.core import Sessions\nfrom ..serve import client\n",
           "2 imports agentgen_sym.serve.client"),
    "reasoning": ("agentgen_sym.reasoning.bad", "from ..taskset import read_tasks\nfrom ..export import formats\n",
                  "2 imports agentgen_sym.export.formats"),
}


@pytest.mark.parametrize("rule", sorted(LAYERS))
def test_the_layer_test_sees_a_wrong_way_import(rule, tmp_path: Path):
    module, source, reported = WRONG_WAY[rule]
    fake = tmp_path / "pkg" / "bad.py"
    fake.parent.mkdir()
    fake.write_text(source)
    assert _crossings(rule, {module: fake}) == [f"pkg/bad.py:{reported}"]


# package -> the import style its files keep to: the compiler (the bottom layer, which imports only itself)
# names its siblings relatively; everything above names what it imports in full
IMPORT_STYLE = {"agentgen_sym.compiler": "relative", "agentgen_sym.planners": "absolute", "agentgen_sym": "absolute"}


def _style_breaks(modules: dict[str, Path]) -> list[str]:
    """Each import of a package module written in the other style than its package keeps to."""
    breaks = []
    for module, path in sorted(modules.items()):
        package = next(p for p in IMPORT_STYLE if module == p or module.startswith(p + "."))
        relative = IMPORT_STYLE[package] == "relative"
        for node in pyast.walk(pyast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, pyast.ImportFrom) and bool(node.level) != relative and (
                    node.level or (node.module or "").startswith(package)):
                breaks.append(f"{_shown(path)}:{node.lineno}")
            elif isinstance(node, pyast.Import) and relative and any(a.name.startswith(package) for a in node.names):
                breaks.append(f"{_shown(path)}:{node.lineno}")
    return breaks


def test_each_package_keeps_one_import_style():
    assert _style_breaks(MODULES) == []


def test_the_style_test_sees_the_other_style(tmp_path: Path):
    (tmp_path / "pkg").mkdir()
    above, below = tmp_path / "pkg" / "above.py", tmp_path / "pkg" / "below.py"
    above.write_text("from agentgen_sym.env import TextEnv\nfrom .tables import print_table\n")
    below.write_text("from .ast import Atom\nfrom agentgen_sym.compiler.task import GroundTask\n")
    assert _style_breaks({"agentgen_sym.x.above": above, "agentgen_sym.compiler.below": below}) == [
        "pkg/below.py:2", "pkg/above.py:2"]


def _import_cycles(modules: dict[str, Path]) -> list[str]:
    """One cycle per strongly connected group of modules, each import shown with its file and line.

    Only import statements count, lazy ones inside functions too (they still run, and a cycle through
    one breaks as soon as someone moves it to the top); importing ``a.b.c`` also runs ``a`` and ``a.b``,
    but that implicit edge is not one a module wrote, so it is left out, as are ``TYPE_CHECKING`` imports."""
    graph = nx.DiGraph()
    for module, path in modules.items():
        for name, line in _import_statements(path, module, modules, at_run_time=True):
            if name in modules and name != module:  # a package __init__ reading its own names is no cycle
                graph.add_edge(module, name, at=f"{_shown(path)}:{line}")
    cycles = []
    for group in sorted(nx.strongly_connected_components(graph), key=min):
        if len(group) > 1:
            cycle = nx.find_cycle(graph.subgraph(group))
            cycles.append(" -> ".join(f"{a} ({graph.edges[a, b]['at']})" for a, b in cycle) + f" -> {cycle[0][0]}")
    return cycles


def test_no_import_cycles_between_modules():
    assert _import_cycles(MODULES) == []


def test_the_cycle_test_sees_a_lazy_cycle_and_not_a_parent_package(tmp_path: Path):
    sources = {"agentgen_sym.fake": "from agentgen_sym.fake.a import run\n",
               "agentgen_sym.fake.a": "import agentgen_sym.fake.deep.d\nfrom . import b\n",
               "agentgen_sym.fake.b": "def later():\n    from .a import run\n",
               "agentgen_sym.fake.deep.d": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                           "    from ..a import run\n"}
    modules = {}
    for module, source in sources.items():
        modules[module] = tmp_path / "fake" / f"{module.replace('.', '_')}.py"
        modules[module].parent.mkdir(exist_ok=True)
        modules[module].write_text(source)
    assert _import_cycles(modules) == ["agentgen_sym.fake.a (fake/agentgen_sym_fake_a.py:2) -> agentgen_sym.fake.b "
                                       "(fake/agentgen_sym_fake_b.py:2) -> agentgen_sym.fake.a"]


def _third_party_importers(package: str, modules: dict[str, Path]) -> list[str]:
    """The modules (by file) that import the top-level package ``package``."""
    found = []
    for module, path in sorted(modules.items()):
        for node in pyast.walk(pyast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, pyast.Import) else \
                [node.module or ""] if isinstance(node, pyast.ImportFrom) and not node.level else []
            if any(name == package or name.startswith(package + ".") for name in names):
                found.append(module)
    return sorted(set(found))


def test_only_the_reasoning_plugin_imports_reasoning_gym(tmp_path: Path):
    assert [m for m in _third_party_importers("reasoning_gym", MODULES)
            if not m.startswith("agentgen_sym.reasoning")] == []
    (tmp_path / "bad.py").write_text("def later():\n    from reasoning_gym.factory import DATASETS\n")
    assert _third_party_importers("reasoning_gym", {"agentgen_sym.env.bad": tmp_path / "bad.py"}) == [
        "agentgen_sym.env.bad"]


def test_benchmarks_and_the_library_import_nothing_from_the_cli():
    users = [*ROOT.glob("bench/*.py"), *(p for p in ROOT.glob("agentgen_sym/**/*.py") if p.name != "__main__.py")]
    assert [p.name for p in users if "agentgen_sym.cli" in _imports(p) and p.parent.name != "cli"] == []


def test_only_the_task_module_and_the_grounder_know_the_goal_bookkeeping():
    sources = [*ROOT.glob("compiler/*.py"), *ROOT.glob("planners/*.py"), *ROOT.glob("agentgen_sym/**/*.py"),
               *ROOT.glob("bench/*.py")]
    knowing = sorted(p.relative_to(ROOT).as_posix() for p in sources
                     if any(word in p.read_text(encoding="utf-8") for word in ("GOAL_ACTION", "GOAL_FACT")))
    assert knowing == ["compiler/ground.py", "compiler/task.py"]
