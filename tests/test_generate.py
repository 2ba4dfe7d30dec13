"""Task generation: solvable by construction and verified, no duplicates up to renaming,
an even difficulty histogram, Bi-Evol both ways, byte-identical for the same seed."""

from __future__ import annotations

import filecmp
import importlib
import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from agentgen_sym import cli, parse_domain, parse_plan, parse_problem
from agentgen_sym.compiler.task import GroundAtom, GroundTask
from agentgen_sym.compiler.validate import validate
from agentgen_sym.generation import evolve_folder, generate_folder
from agentgen_sym.generation.dedup import WL_ITERATIONS, Deduplicator, static_fact, task_key
from agentgen_sym.generation.pool import spec_of
from agentgen_sym.generation.evolve import select_even
from agentgen_sym.generation.tasks import TaskSpec, mentions_only
from agentgen_sym.taskset import Origin

from .conftest import BENCHMARKS, CORPUS, requires_benchmarks

DOMAIN = CORPUS / "library-returns" / "domain.pddl"
SEED = CORPUS / "library-returns" / "p02.pddl"


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("gen") / "tasks"
    report = generate_folder(DOMAIN, SEED, n=8, seed=5, out_dir=out, lo=1, hi=6)
    assert len(report.tasks) == 8
    return out


def _records(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / "tasks.jsonl").read_text().splitlines()]


def test_every_task_is_solvable_and_its_plan_validates(generated):
    domain = parse_domain(generated / "domain.pddl")
    for record in _records(generated):
        problem = parse_problem(generated / record["problem_file"])
        plan = parse_plan("\n".join(record["plan"]) + "\n")
        verdict = validate(domain, problem, plan)
        assert verdict.valid, (record["id"], verdict.diagnostics[:1])
        assert verdict.cost == record["cost"] and len(plan.steps) == record["difficulty"] >= 1
        assert record["n_goal_atoms"] == len(problem.goal.parts)
        assert record["seed"] == 5 and record["optimal"] is True


def test_no_duplicates_up_to_renaming(generated):
    dedup = Deduplicator()
    for record in _records(generated):
        problem = parse_problem(generated / record["problem_file"])
        facts = tuple(GroundAtom(a.predicate, tuple(t.name for t in a.args)) for a in problem.init
                      if hasattr(a, "predicate"))
        goal = tuple(GroundAtom(a.predicate, tuple(t.name for t in a.args)) for a in problem.goal.parts)
        assert dedup.add(TaskSpec(problem.objects, facts, goal, Origin("x")))


def test_histogram_covers_the_range_evenly(generated):
    levels = [r["difficulty"] for r in _records(generated)]
    assert sorted(set(levels)) == [1, 2, 3, 4, 5, 6]
    assert max(levels.count(d) for d in set(levels)) - min(levels.count(d) for d in set(levels)) <= 1
    report = (generated / "report.md").read_text()
    assert "| 6 |" in report and (generated / "difficulty.png").read_bytes()[:4] == b"\x89PNG"


def test_same_seed_same_bytes(generated, tmp_path: Path):
    again = tmp_path / "again"
    generate_folder(DOMAIN, SEED, n=8, seed=5, out_dir=again, lo=1, hi=6)
    comparison = filecmp.dircmp(generated, again)
    assert not comparison.diff_files and not comparison.left_only and not comparison.right_only
    assert not filecmp.dircmp(generated / "tasks", again / "tasks").diff_files


def test_dedup_sees_through_renaming():
    from agentgen_sym.compiler.ast import TypedName

    objects = (TypedName("a", ("t",)), TypedName("b", ("t",)))
    at_a, at_b = GroundAtom("at", ("a",)), GroundAtom("at", ("b",))
    first = TaskSpec(objects, (at_a,), (at_b,), Origin("walk"))
    renamed = TaskSpec(objects, (at_b,), (at_a,), Origin("walk"))
    different = TaskSpec(objects, (at_a,), (at_a,), Origin("walk"))
    dedup = Deduplicator()
    assert dedup.add(first) and not dedup.add(renamed) and dedup.add(different)


def _networkx_key(spec: TaskSpec) -> str:
    """The reference: the graph built with networkx, hashed by networkx's own Weisfeiler-Lehman."""
    import networkx as nx

    graph = nx.Graph()
    for obj in spec.objects:
        graph.add_node(("o", obj.name), label="object:" + ",".join(obj.types))
    kept = {o.name for o in spec.objects}
    static = [static_fact(item) for item in spec.static if mentions_only(item, kept)]
    for part, facts in (("static", static), ("init", spec.init), ("goal", spec.goal)):
        for fact in facts:
            graph.add_node((part, fact), label=f"{part}:{fact.predicate}")
            for position, arg in enumerate(fact.args):
                if ("o", arg) not in graph:
                    graph.add_node(("o", arg), label=f"constant:{arg}")
                graph.add_edge((part, fact), ("o", arg), label=str(position))
    return nx.weisfeiler_lehman_graph_hash(graph, node_attr="label", edge_attr="label", iterations=WL_ITERATIONS)


def test_the_dedup_key_is_networkx_weisfeiler_lehman_hash(generated):
    from agentgen_sym.compiler.ast import TypedName

    problems = [parse_problem(generated / r["problem_file"]) for r in _records(generated)]
    domain = parse_domain(generated / "domain.pddl")
    specs = [spec_of(p, domain, ()) for p in problems]
    assert any(s.static for s in specs)
    objects = (TypedName("a", ("t",)), TypedName("b", ("t", "u")))
    odd = [TaskSpec(objects, (GroundAtom("on", ("a", "a")), GroundAtom("on", ("a", "a"))), (), Origin("x")),  # repeats
           TaskSpec(objects, (GroundAtom("at", ("a", "home")),), (GroundAtom("at", ("b", "home")),), Origin("x")),  # constant
           TaskSpec((), (), (GroundAtom("done", ()),), Origin("x"))]
    keys = [task_key(s) for s in specs + odd]
    assert keys == [_networkx_key(s) for s in specs + odd]
    assert len(set(keys)) == len(keys)


def test_select_even_takes_round_robin():
    items = [1, 1, 1, 1, 2, 3, 3, 9]
    assert sorted(select_even(items, lambda x: x, 1, 3, 5)) == [1, 1, 2, 3, 3]


def test_select_even_spreads_fewer_tasks_than_levels_over_the_whole_range():
    """Issue 57: evolve on tasks of 9-36 steps returned 3-14, the lowest levels, when more levels were reached than
    tasks asked; the pick now spans the range, ends included, and stays one task a level."""
    items = list(range(9, 37)) * 2
    chosen = sorted(select_even(items, lambda x: x, 1, 40, 12))
    assert chosen[0] == 9 and chosen[-1] == 36 and len(set(chosen)) == 12
    gaps = [b - a for a, b in zip(chosen, chosen[1:])]
    assert max(gaps) - min(gaps) <= 1  # evenly spaced
    assert select_even([5, 7, 9], lambda x: x, 1, 10, 1) == [7]


@pytest.fixture(scope="module")
def evolved(generated, tmp_path_factory):
    out = tmp_path_factory.mktemp("evo") / "evolved"
    return out, evolve_folder(generated, n=10, seed=2, out_dir=out, lo=1, hi=8)


def test_evolve_goes_both_ways(evolved):
    """Bi-Evol runs on a folder `generate` wrote (which already covers its levels): both directions make,
    verify and contribute variants, and the output is not the input."""
    _out, report = evolved
    directions = {t.origin.direction for t in report.tasks}
    assert {"easier", "harder"} <= directions
    for direction in ("easier", "harder"):
        counts = report.evolution[direction]
        assert counts["candidates"] >= counts["verified"] >= counts["kept"] >= 1, (direction, counts)
    assert report.rounds >= 1 and max(t.difficulty for t in report.tasks) >= 6


@pytest.mark.parametrize("disabled", ["easier", "harder"])
def test_each_direction_is_needed(generated, tmp_path: Path, monkeypatch, disabled):
    """With one direction switched off, nothing is made that way (the inputs' own variants may still be
    selected, so the counts say it): test_evolve_goes_both_ways would fail."""
    moves = importlib.import_module("agentgen_sym.generation.evolve")
    monkeypatch.setattr(moves, disabled, lambda *args: [])
    report = evolve_folder(generated, n=10, seed=2, out_dir=tmp_path / "evolved", lo=1, hi=8)
    assert report.evolution[disabled].get("candidates", 0) == report.evolution[disabled].get("kept", 0) == 0
    other = "harder" if disabled == "easier" else "easier"
    assert report.evolution[other]["kept"] >= 1


def test_every_variant_keeps_its_lineage_back_to_a_seed(evolved):
    """No variant has a null parent, whether or not its parent was selected; the chain names each ancestor
    from the seed task down, and a parent that was selected is the task of that id."""
    out, report = evolved
    by_id = {r["id"]: r for r in _records(out)}
    variants = [r for r in by_id.values() if r["origin"] not in ("walk", "seed")]
    assert variants
    for record in by_id.values():
        lineage = record["lineage"]
        assert isinstance(lineage, list)
        if record["origin"] in ("walk", "seed"):
            assert lineage == [] and record["parent"] is None
            continue
        assert lineage and record["parent"] == lineage[-1]["id"] is not None
        assert lineage[0]["origin"] == "walk"  # the chain ends at a random-walk seed task
        for entry in lineage:
            assert entry["id"] and entry["origin"] and entry["difficulty"] >= 1
        if record["parent"] in by_id:
            assert by_id[record["parent"]]["difficulty"] == lineage[-1]["difficulty"]
    assert any(r["parent"] not in by_id for r in variants)  # some ancestors were not selected, still named


def test_a_level_asked_for_but_not_reached_is_reported(generated, tmp_path: Path, capsys):
    """`evolve --range 6 16` on small library tasks: the levels never reached are named with the reason, on
    stderr and in report.md, instead of a silent set at level 6."""
    out = tmp_path / "far"
    assert cli.main(["evolve", str(generated), "--n", "4", "--range", "6", "16", "--rounds", "2",
                     "--out", str(out)]) == 0
    err = capsys.readouterr().err
    report = (out / "report.md").read_text()
    assert "level 16 asked for but not reached: " in err and "Level 16 asked for but not reached: " in report
    assert "budget" in err or "not expressible" in err


def test_reachable_levels_are_all_filled(evolved):
    """Every level of 1..6 is reachable in library-returns from this seed: none stays empty."""
    _out, report = evolved
    assert all(report.histogram.get(level, 0) >= 1 for level in range(1, 7)), report.histogram
    assert not any(level <= 6 for level in report.unreached)


def test_a_used_output_folder_keeps_no_stale_task(tmp_path: Path):
    out = tmp_path / "tasks"
    generate_folder(DOMAIN, SEED, n=6, seed=1, out_dir=out, lo=1, hi=4)
    generate_folder(DOMAIN, SEED, n=2, seed=1, out_dir=out, lo=1, hi=4)
    ids = {r["id"] for r in _records(out)}
    assert len(ids) == 2 and {p.stem for p in (out / "tasks").iterdir()} == ids


def test_generate_cli_refuses_broken_input(tmp_path: Path, capsys):
    broken = tmp_path / "domain.pddl"
    broken.write_text(DOMAIN.read_text().replace(":precondition", ":precondtion", 1))
    assert cli.main(["generate", str(broken), str(SEED), "--n", "2", "--out", str(tmp_path / "o")]) == 1
    assert "E105" in capsys.readouterr().err


def test_the_task_pool_is_built_on_the_seed_grounding_a_unit_made():
    """A generation asks a unit for its seed's grounding first and builds its pool on what comes back,
    grounding nothing in the driver."""
    import pickle

    from agentgen_sym.executor import Batch
    from agentgen_sym.generation import grounding
    from agentgen_sym.generation.generate import _task_pool, _walk_base
    from agentgen_sym.generation.pool import EvolveOptions
    from agentgen_sym.generation.units import made_groundings

    domain, seed = parse_domain(DOMAIN), _walk_base(parse_problem(SEED))
    job = _task_pool(domain, seed, 0, None, EvolveOptions())
    batch = next(job)
    assert isinstance(batch, Batch) and batch.fn is made_groundings
    made = pickle.loads(pickle.dumps(made_groundings(*batch.shared, list(batch.items))))  # from a worker
    grounding._bases.clear()
    with pytest.raises(StopIteration) as ended:
        job.send(made)
    pool = ended.value.value
    assert pool.task is made[0].ground and list(grounding._bases.values()) == made
    assert pool.groundings.groundings == 1


def test_a_reused_grounding_measures_like_a_fresh_one(generated):
    """Candidates over the seed's objects reuse one grounding (other init and goal bits): each measures
    exactly as when it is checked and ground from its own problem file, with fewer groundings."""
    from agentgen_sym.compiler.compile import compile_task
    from agentgen_sym.generation.generate import _walk_base
    from agentgen_sym.generation.grounding import Groundings
    from agentgen_sym.generation.measure import measure_task

    domain = parse_domain(generated / "domain.pddl")
    groundings = Groundings(domain)
    groundings.compile(spec_of(_walk_base(parse_problem(SEED)), domain, ()), "seed")
    records = _records(generated)
    for record in records:
        problem = parse_problem(generated / record["problem_file"])
        reused = measure_task(groundings.compile(spec_of(problem, domain, ()), record["id"]))
        fresh = measure_task(compile_task(domain, problem))
        assert (reused.difficulty, reused.cost, reused.optimal) == (fresh.difficulty, fresh.cost, fresh.optimal)
        assert reused.difficulty == record["difficulty"]
    assert groundings.groundings < 1 + len(records)


def test_a_grounding_made_in_a_unit_places_the_candidate_and_measures_it_without_grounding_again(generated,
                                                                                               monkeypatch):
    """``place`` with the grounding ``made_groundings`` made (in any worker) grounds nothing itself and places
    the candidate where grounding it here would, and a process that is sent that grounding derives the
    candidate's task from it, grounding nothing, and sends it on as the bytes it came in (the driver, between
    the unit that made it and the one that measures it); one that could not be made is the grounding's error."""
    import pickle

    from agentgen_sym.compiler.compile import compile_task
    from agentgen_sym.compiler.ground import GroundingError
    from agentgen_sym.generation import grounding
    from agentgen_sym.generation.units import made_groundings
    from agentgen_sym.generation.grounding import Groundings, Ungroundable, compile_on

    domain = parse_domain(generated / "domain.pddl")
    specs = [spec_of(parse_problem(generated / r["problem_file"]), domain, ()) for r in _records(generated)]
    widest = max(specs, key=lambda s: len(s.objects))
    gone = next(o.name for o in widest.objects if all(o.name not in f.args for f in widest.goal))
    smaller = replace(widest, objects=tuple(o for o in widest.objects if o.name != gone),  # as drop-object makes
                      init=tuple(f for f in widest.init if gone not in f.args))
    here, told = Groundings(domain), Groundings(domain)
    made = pickle.loads(pickle.dumps(made_groundings(domain, [widest, smaller])))  # as a unit's outcome travels
    grounding._bases.clear()
    placed = [told.place(spec, f"c{i}", grounded) for i, (spec, grounded) in enumerate(zip((widest, smaller), made))]
    assert [grounded for _, grounded in placed] == made  # made for them, to be sent on
    assert not grounding._bases  # nothing was grounded by the placing
    for i, spec in enumerate((widest, smaller)):
        assert here.place(spec, f"c{i}")[0] == told.place(spec, f"c{i}")[0]
    assert told.groundings == here.groundings == 2
    pickled = []
    state = GroundTask.__getstate__
    monkeypatch.setattr(GroundTask, "__getstate__", lambda task: pickled.append(task) or state(task))
    sent = pickle.loads(pickle.dumps(placed[1][1]))
    assert not pickled  # its bytes went on, not its arrays pickled again
    grounding._bases.clear()
    compiled = compile_on(domain, placed[1][0], smaller, "c1", sent)
    assert list(grounding._bases.values()) == [sent]  # the grounding sent was taken, none was made here
    fresh = compile_task(domain, smaller.problem("c1", domain.name))
    assert compiled.problem == fresh.problem and compiled.ground.facts == fresh.ground.facts
    assert compiled.ground.actions == fresh.ground.actions
    np.testing.assert_array_equal(compiled.ground.init_bits, fresh.ground.init_bits)
    with pytest.raises(GroundingError, match="no such") as raised:
        Groundings(domain).place(smaller, "c", Ungroundable("G701", "no such"))
    assert raised.value.code == "G701"
    broken = replace(smaller, init=smaller.init + (GroundAtom("no-such-predicate", ()),))
    assert made_groundings(domain, [broken])[0].code.startswith("E")


def test_every_candidate_carries_its_grounding_so_no_worker_grounds_one_placed_before(generated, monkeypatch):
    """A candidate placed on a grounding made for an earlier one carries that grounding too, so the worker that
    measures it grounds nothing even when it kept nothing (another worker measured the earlier candidate); a
    process unpickles a grounding once, however many units bring it."""
    import pickle

    from agentgen_sym.generation import grounding
    from agentgen_sym.generation.units import measure_candidates
    from agentgen_sym.generation.grounding import Groundings
    from agentgen_sym.generation.measure import Budgets, Measurement

    domain = parse_domain(generated / "domain.pddl")
    specs = [spec_of(parse_problem(generated / r["problem_file"]), domain, ()) for r in _records(generated)]
    groundings = Groundings(domain)
    placed = [groundings.place(spec, f"c{i}") for i, spec in enumerate(specs)]
    later = next(i for i, (recipe, _) in enumerate(placed) if recipe.name != f"c{i}")  # on an earlier one's
    recipe, carried = placed[later]
    assert carried is placed[int(recipe.name[1:])][1]
    units = [pickle.dumps([(recipe, carried, specs[later], f"c{later}")]) for _ in range(2)]
    grounding._bases.clear()  # a worker that has kept nothing
    monkeypatch.setattr(grounding, "compile_task", lambda *_: pytest.fail("a worker grounded a sent candidate"))
    [outcome] = measure_candidates(domain, Budgets(), None, pickle.loads(units[0]))
    assert isinstance(outcome.result, Measurement)
    [kept] = grounding._bases.values()
    again = pickle.loads(units[1])[0][1]
    assert again.ground is kept.ground  # the second unit's copy is the one this process unpickled already


@pytest.mark.parametrize("direction", ["easier", "harder"])
def test_variants_made_in_a_unit_carry_their_keys_and_a_table_where_the_parents_grounding_fails(generated,
                                                                                                 direction):
    """``make_variants`` makes what ``variants`` makes from each parent in turn on the chain's own stream, each
    with its dedup key and, exactly when its parent's grounding does not hold it (other objects, or an initial
    fact outside the table), a grounding made for it."""
    from agentgen_sym.generation.evolve import unit_rng, variants
    from agentgen_sym.generation.units import domain_invariants, make_variants
    from agentgen_sym.generation.grounding import Groundings, compile_on, made_grounding
    from agentgen_sym.generation.measure import measure_task

    domain = parse_domain(generated / "domain.pddl")
    groundings, parents = Groundings(domain), []
    for record in _records(generated)[:3]:
        spec = spec_of(parse_problem(generated / record["problem_file"]), domain, ())
        recipe = groundings.place(spec, record["id"])[0]
        plan = measure_task(compile_on(domain, recipe, spec, record["id"])).plan
        parents.append((recipe, None, spec, record["id"], plan))
    [(per_parent, _seconds)] = make_variants(domain, 5, 1, None, [((7, direction), parents)])
    rng = unit_rng(5, domain.name, 7, 1, direction)
    tables = 0
    for (recipe, _, spec, name, plan), made in zip(parents, per_parent, strict=True):
        own = compile_on(domain, recipe, spec, name).ground
        expected = variants(direction, spec, plan, own, rng, domain_invariants(domain))
        assert [v.spec for v in made] == [replace(e, parent=None) for e in expected] and made
        for variant in made:
            assert variant.key == task_key(variant.spec)
            held = variant.spec.objects == spec.objects and set(variant.spec.init) <= set(own.fact_ids)
            if held:
                assert variant.made is None
            else:
                assert variant.made.ground.facts == made_grounding(domain, variant.spec).ground.facts
            tables += not held
    assert tables  # some variant needed a grounding of its own (an object added or taken away)


def test_generate_reports_progress_with_a_total(tmp_path: Path, capsys, monkeypatch):
    """Piped, generate prints plain progress lines counting steps (seed tasks, then Bi-Evol rounds per seed
    task) out of a total known from the start, ending at that total."""
    import re

    monkeypatch.setenv("AGENTGEN_SYM_PROGRESS", "1")
    assert cli.main(["generate", str(DOMAIN), str(SEED), "--n", "2", "--range", "1", "3", "--rounds", "2",
                     "--out", str(tmp_path / "o")]) == 0
    counts = [tuple(map(int, m)) for m in re.findall(r"^generate:.*?(\d+)/(\d+) \[", capsys.readouterr().err, re.M)]
    assert counts and len({total for _done, total in counts}) == 1
    assert counts[-1][0] == counts[-1][1] == 2 * (1 + 2)  # two seed tasks, each one step per round


def test_a_level_past_the_expansion_budget_is_reported_as_budget(tmp_path: Path):
    """With few expansions, hard candidates cannot be settled: the harder chains end there and the levels
    beyond are reported as a budget limit, not as something the domain cannot express."""
    from agentgen_sym.generation.pool import EvolveOptions
    from agentgen_sym.generation.measure import Budgets

    tight = EvolveOptions(rounds=3, budgets=Budgets(satisficing=5, optimal=40))
    report = generate_folder(DOMAIN, SEED, n=6, seed=5, out_dir=tmp_path / "o", lo=1, hi=10, options=tight)
    assert report.tasks and report.evolution["harder"].get("over_budget", 0) >= 1
    assert report.unreached and report.unreached[10].startswith("budget")


def test_harder_adds_objects_and_measures_them_on_their_own_grounding(tmp_path: Path):
    """Bi-Evol's harder side adds objects: some `harder:more-objects` task declares more objects than the
    seed problem, each added one a twin of a seed object (same type, that object's static facts renamed),
    and its gold plan validates on the written problem file; evolving that folder again (the twins' static
    facts read back from their own files) keeps every task valid."""
    from agentgen_sym.compiler.analysis import static_predicates

    out = tmp_path / "o"  # walk goals: their many harder chains select a twin (schema goals fill levels otherwise)
    generate_folder(DOMAIN, SEED, n=12, seed=0, out_dir=out, lo=1, hi=8, goals="walk")
    seed, domain = parse_problem(SEED), parse_domain(out / "domain.pddl")
    static = static_predicates(domain)
    seed_statics = [a for a in seed.init if getattr(a, "predicate", None) in static]
    twins = [r for r in _records(out) if r["origin"] == "harder:more-objects"]
    wider = [r for r in twins if r["n_objects"] > len(seed.objects)]
    assert wider, [r["origin"] for r in _records(out)]
    for record in twins:
        problem = parse_problem(out / record["problem_file"])
        verdict = validate(domain, problem, parse_plan("\n".join(record["plan"]) + "\n"))
        assert verdict.valid and len(record["plan"]) == record["difficulty"]
        init = {(a.predicate, tuple(t.name for t in a.args)) for a in problem.init if hasattr(a, "predicate")}
        for added in (o for o in problem.objects if o not in seed.objects):
            def renamed(atom, old):
                return atom.predicate, tuple(added.name if t.name == old else t.name for t in atom.args)
            assert any(o.types == added.types and all(renamed(a, o.name) in init for a in seed_statics
                                                      if o.name in {t.name for t in a.args})
                       for o in seed.objects), added
    again = tmp_path / "again"
    evolve_folder(out, n=12, seed=1, out_dir=again, lo=1, hi=8)
    for record in _records(again):
        problem = parse_problem(again / record["problem_file"])
        assert validate(domain, problem, parse_plan("\n".join(record["plan"]) + "\n")).valid, record["id"]


def test_a_candidate_its_stopped_search_puts_past_the_range_gets_no_satisficing_search():
    """Breadth-first search stopped by its expansions has still proved how deep no plan lies: a candidate
    that bound puts past the hardest level wanted is dropped there (no satisficing search), and one that is
    kept records that bound when it beats the heuristic's."""
    from agentgen_sym.compiler.compile import compile_task
    from agentgen_sym.generation.measure import BEYOND, Budgets, Stopwatch, lower_bound, measure_task

    task = compile_task(parse_domain(DOMAIN), parse_problem(SEED))
    full = measure_task(task)
    tight = Budgets(optimal=100, satisficing=5_000)
    cap = lower_bound(task)
    assert full.optimal and full.difficulty > cap  # the heuristic alone cannot rule the candidate out
    watch = Stopwatch()
    assert measure_task(task, tight, watch, cap) == BEYOND and "satisficing" not in watch.seconds
    kept = measure_task(task, tight)
    assert cap < kept.bound <= full.cost <= kept.cost


def _there_and_back(task, plan):
    """``plan`` with a detour inserted: at the first state along it where some step can be undone by another,
    that step and the one undoing it."""
    ground = task.ground
    zero = np.array([0])

    def step(row, op):
        return ground.successors(row[None, :], ground.unpack(row[None, :]), zero, np.array([op]))[0]

    def moves(row):
        return map(int, (ground.applicable(ground.unpack(row[None, :]))[0] & ground.action_mask).nonzero()[0])

    row = ground.init_bits
    for i, action in enumerate(plan):
        for there in moves(row):
            after = step(row, there)
            back = next((op for op in moves(after) if (step(after, op) == row).all()), None)
            if back is not None:
                return plan[:i] + (ground.actions[there], ground.actions[back]) + plan[i:]
        row = step(row, ground.action_ops[action][0])
    raise AssertionError("no step along the plan can be undone")


def test_a_witness_plan_settles_a_candidate_and_its_detours_are_cut():
    """A candidate's witness (the actions its move knows to reach the goal) is its plan once it validates,
    its detours cut: where the lower bound meets the witness's cost it is optimal with no search at all, and
    with budgets too small for any search it still gives the candidate its plan (flagged unless the bound
    meets it); a witness that does not reach the goal, or names no action of the task, is ignored."""
    from agentgen_sym.compiler.compile import compile_task
    from agentgen_sym.compiler.task import GroundAction
    from agentgen_sym.generation.measure import OVER_BUDGET, Budgets, Stopwatch, lower_bound, measure_task

    none = Budgets(satisficing=1, optimal=1, probe=1)
    tight = []
    for seed in ("p01", "p02"):
        task = compile_task(parse_domain(DOMAIN), parse_problem(DOMAIN.parent / f"{seed}.pddl"))
        full = measure_task(task)
        assert full.optimal and full.difficulty >= 2
        detour = _there_and_back(task, full.plan)
        if lower_bound(task) == full.cost:
            watch = Stopwatch()
            settled = measure_task(task, Budgets(), watch, None, detour)
            assert settled.optimal and settled.plan == full.plan and settled.expanded == 0
            assert not {"probe", "optimal", "satisficing"} & set(watch.seconds)
        assert measure_task(task, none) == OVER_BUDGET
        kept = measure_task(task, none, None, None, detour)
        assert kept.cost == full.cost and kept.optimal == (kept.bound == full.cost)
        tight.append(kept.optimal)
        assert measure_task(task, none, None, None, full.plan[:-1]) == OVER_BUDGET
        assert measure_task(task, none, None, None, (GroundAction("no-such-action", ()),)) == OVER_BUDGET
    assert tight == [True, False]  # p01's bound is its cost, p02's is not: one proved, one flagged


def _interacting_clashes(invariants, use: bool) -> tuple[int, int]:
    """Over 40 rounds of `harder` from the seed task: (interacting variants made, those whose goal holds a pair
    of atoms the state invariants prove never hold together); ``use``: whether `harder` gets the invariants."""
    from agentgen_sym.compiler.compile import compile_task
    from agentgen_sym.generation.measure import measure_task
    from agentgen_sym.generation.evolve import _clash, harder
    from agentgen_sym.generation.tasks import seed_statics

    domain, problem = parse_domain(DOMAIN), parse_problem(SEED)
    spec = spec_of(problem, domain, seed_statics(domain, problem))
    task = compile_task(domain, problem)
    plan = measure_task(task).plan
    made = clashing = 0
    for i in range(40):
        for variant in harder(spec, plan, task.ground, np.random.default_rng(i), invariants if use else None):
            if variant.origin != Origin("interacting", "harder"):
                continue
            made += 1
            clashing += any(_clash(invariants, [a], variant.goal[:j], spec.init)
                            for j, a in enumerate(variant.goal))
    return made, clashing


def test_interacting_goals_never_join_atoms_the_invariants_exclude():
    """`harder:interacting` joins the goal with atoms of another walk's state; one the domain's state invariants
    rule out beside a goal atom (the same book in two places) makes a goal no state has, which no search proves
    within its budget (on parking each such candidate spent ~100 s in the satisficing fallback). Without the
    invariants such goals are made; with them none."""
    from agentgen_sym.compiler.invariants import Invariants

    invariants = Invariants(parse_domain(DOMAIN))
    made, clashing = _interacting_clashes(invariants, use=False)
    assert made and clashing  # the unfiltered move does make them here
    made, clashing = _interacting_clashes(invariants, use=True)
    assert made and clashing == 0


def test_the_searches_are_bounded_by_work_not_only_expansions():
    """A candidate the probe leaves open gets an optimal search of at most ``optimal_work // n_ops`` expansions,
    and one that leaves open too a satisficing search of at most ``satisficing_work // n_ops`` (every expansion
    reads every operator): with the work for two expansions each it is over budget, with the default work of
    either search it is solved; both works are part of the resume key."""
    from agentgen_sym.compiler.compile import compile_task
    from agentgen_sym.generation.measure import OVER_BUDGET, Budgets, Measurement, measure_task

    task = compile_task(parse_domain(DOMAIN), parse_problem(SEED))
    n_ops = task.ground.n_ops
    assert Budgets(satisficing_work=7 * n_ops).satisficing_for(n_ops) == 250  # never below the probe's
    assert Budgets(probe=1, satisficing_work=2 * n_ops).satisficing_for(n_ops) == 2
    assert Budgets(probe=1, optimal_work=3 * n_ops).optimal_for(n_ops) == 3
    starved = Budgets(probe=1, satisficing_work=2 * n_ops, optimal_work=2 * n_ops)
    assert measure_task(task, starved) == OVER_BUDGET
    assert isinstance(measure_task(task, replace(starved, satisficing_work=Budgets().satisficing_work)), Measurement)
    optimal = measure_task(task, replace(starved, optimal_work=Budgets().optimal_work))
    assert isinstance(optimal, Measurement) and optimal.optimal
    keys = [Budgets().key(), Budgets(satisficing_work=1).key(), Budgets(optimal_work=1).key()]
    assert all(a != b for i, a in enumerate(keys) for b in keys[i + 1:])


def test_a_task_with_action_costs_gets_its_optimal_search_by_the_heuristic_work_budget(monkeypatch):
    """A* (action costs) evaluates h_max on every successor, so its expansions are counted against
    ``heuristic_work`` (expansions times ground operators), not the cheaper breadth-first ``optimal_work``."""
    from agentgen_sym.compiler.compile import compile_task
    from agentgen_sym.generation import measure as measuring
    from agentgen_sym.generation.measure import Budgets, measure_task

    folder = CORPUS / "drone-warehouse"
    domain = parse_domain(folder / "domain.pddl")
    task = max((compile_task(domain, parse_problem(p)) for p in sorted(folder.glob("p*.pddl"))),
               key=lambda t: t.ground.n_ops)
    assert not task.ground.unit_cost
    limits: dict[str, int] = {}
    solve = measuring.solve

    def recorded(compiled, planner, expansion_limit=None, **more):
        limits[planner] = expansion_limit
        return solve(compiled, planner, expansion_limit=expansion_limit, **more)

    monkeypatch.setattr(measuring, "solve", recorded)
    budgets = Budgets(probe=1, heuristic_work=task.ground.n_ops * 3)
    measure_task(task, budgets)
    assert limits["astar-hmax"] == 3 < budgets.optimal_work // task.ground.n_ops


def test_the_second_search_is_bounded_by_the_proof_work(monkeypatch):
    """A flagged task's second search (A* on LM-cut) pays per expansion for every successor and every LM-cut
    round over every operator: ``proof_work`` counts that product, and never lets more expansions than
    ``PROVE_FACTOR`` times the optimal search's, nor fewer than the probe's; it is part of the resume key."""
    from agentgen_sym.compiler.compile import compile_task
    from agentgen_sym.generation import measure as measuring
    from agentgen_sym.generation.measure import Budgets, lower_bound
    from agentgen_sym.taskset.model import PROVE_FACTOR

    domain, problem = parse_domain(DOMAIN), parse_problem(SEED)
    task = compile_task(domain, problem)
    ground = task.ground
    successors = int(ground.applicable(ground.unpack(ground.init_bits[None, :]))[0].sum())
    rounds = lower_bound(task) + 1
    assert successors > 1 and rounds > 1
    per_expansion = ground.n_ops * successors * rounds
    limits: list[int] = []
    solve = measuring.solve

    def recorded(compiled, planner, expansion_limit=None, **more):
        limits.append(expansion_limit)
        return solve(compiled, planner, expansion_limit=expansion_limit, **more)

    monkeypatch.setattr(measuring, "solve", recorded)
    measuring.prove(domain, Budgets(probe=1, proof_work=5 * per_expansion), [problem])
    measuring.prove(domain, Budgets(probe=7, proof_work=1), [problem])
    measuring.prove(domain, Budgets(), [problem])
    assert limits == [5, 7, PROVE_FACTOR * Budgets().optimal_for(ground.n_ops, True)]
    assert Budgets().key() != Budgets(proof_work=1).key()


def test_a_chain_keeps_one_tail_of_its_plan_for_the_same_goal():
    """Issue 57: 20 of 60 tasks were the end of another task's plan with the same goal (later starts cut from one
    parent). Beyond the first tail of a chain, such a task is a near-duplicate and is not selected; a tail of
    another goal, or a plan that only shares steps, is no tail."""
    from types import SimpleNamespace

    from agentgen_sym.generation.pool import _extra_tails

    def item(order: int, plan: str, goal: str = "g") -> SimpleNamespace:
        return SimpleNamespace(order=order, spec=SimpleNamespace(goal=(goal,), negative=()),
                               measurement=SimpleNamespace(plan=tuple(plan)))

    items = [item(0, "abcdef"), item(1, "cdef"), item(2, "def"), item(3, "ef"), item(4, "ef", goal="h"),
             item(5, "xyz"), item(6, "yz"), item(7, "abcd")]
    # chain abcdef: cdef kept (first made), def and ef extra; chain xyz: yz kept; ef of another goal, abcd no tail
    assert _extra_tails(items) == {2, 3}


@pytest.mark.slow
@requires_benchmarks
def test_a_default_range_no_task_reaches_is_lowered_to_the_hardest_tasks_reached(tmp_path: Path):
    """visitall's seed takes 171 steps, so its range is 57..342, and four rounds of Bi-Evol reach tasks of 1-43
    steps: every task was dropped and generate wrote none. The range's low end now comes down to the hardest
    tasks reached, and the report says why; a range asked for stays as asked."""
    domain, seed = BENCHMARKS / "visitall" / "domain.pddl", BENCHMARKS / "visitall" / "p01.pddl"
    report = generate_folder(domain, seed, n=6, seed=0, out_dir=tmp_path / "default")
    assert report.tasks and report.lo < 57 <= report.hi // 6
    assert "lowered to" in report.range_source and min(t.difficulty for t in report.tasks) >= report.lo
    asked = generate_folder(domain, seed, n=6, seed=0, out_dir=tmp_path / "asked", lo=57, hi=342)
    assert not asked.tasks and asked.lo == 57
