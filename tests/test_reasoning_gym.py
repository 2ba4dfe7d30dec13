"""The reasoning-gym plug-in (agentgen_sym.reasoning): reasoning-gym's own contract, random access from a cached pool,
composites, curricula from measured cost bands, and a scorer that formatting never fools, cross-checked with
unified-planning's validator.

The pools live in a folder of this module's own (AGENTGEN_SYM_CACHE); the tests run on one worker so each pool is
generated once. Two small pools of bundled domains, registered as a user would (one from files, one from PDDL texts
with its wording derived), keep it quick; the contract test also runs every bundled ``pddl/*`` dataset (all but the
quickest marked slow: their default pools take 80 s to generate).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .conftest import BENCHMARKS, CORPUS, ROOT, requires_benchmarks, requires_extra

requires_extra("reasoning_gym")

import reasoning_gym  # noqa: E402
from reasoning_gym.coaching import CurriculumAttributeConfig, CurriculumExperiment, CurriculumExperimentConfig  # noqa
from reasoning_gym.coaching.base_curriculum import DefaultCurriculumContext, RangeAttributeMode  # noqa: E402
from reasoning_gym.composite import DatasetSpec  # noqa: E402
from reasoning_gym.factory import DATASETS, create_curriculum  # noqa: E402

import agentgen_sym.reasoning as reasoning  # noqa: E402
from agentgen_sym.compiler import ast  # noqa: E402
from agentgen_sym.compiler.parser import parse_domain, parse_problem  # noqa: E402
from agentgen_sym.compiler.validate import Stepper  # noqa: E402
from agentgen_sym.reasoning import pool as pools  # noqa: E402
from agentgen_sym.reasoning.scoring import FLOOR, VALID_MINIMUM, Verdict, grade, score_answer  # noqa: E402
from agentgen_sym.wording.templates import Templates  # noqa: E402

from .reasoning_answers import (GARBAGE, LAYOUTS, PyperplanOracle, UpOracle, disagreement, gold_steps, mutants,  # noqa: E402
                                write)

pytestmark = pytest.mark.xdist_group("reasoning-pools")

FILES = "test/office-mailroom"  # unit costs, registered from files (templates.json beside the domain)
TEXTS = "test/kitchen-line"  # action costs, registered from PDDL texts (wording derived from the names)
TINY = {"size": 12, "seed": 3}


@pytest.fixture(scope="module", autouse=True)
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A pool cache of the module's own, and the two small datasets registered once."""
    folder = tmp_path_factory.mktemp("reasoning-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(pools.CACHE_VARIABLE, str(folder))
        if FILES not in DATASETS:
            reasoning.register_pddl_dataset(FILES, CORPUS / "office-mailroom" / "domain.pddl",
                                             CORPUS / "office-mailroom" / "p03.pddl", **TINY)
            reasoning.register_pddl_dataset(TEXTS, (CORPUS / "kitchen-line" / "domain.pddl").read_text(),
                                             (CORPUS / "kitchen-line" / "p03.pddl").read_text(), **TINY)
        yield folder


# --------------------------------------------------------------------------- reasoning-gym's contract


def _contract(name: str, **config: object) -> None:
    """reasoning-gym's tests/test_dataset_common.py, for one dataset: every answer is a string scoring 1.0."""
    dataset = reasoning_gym.create_dataset(name, size=10, seed=1234, **config)
    for entry in dataset:
        assert entry["answer"] is None or isinstance(entry["answer"], str)
        if entry["answer"] is not None:
            assert dataset.score_answer(answer=entry["answer"], entry=entry) == 1.0, name


def test_every_bundled_domain_is_registered():
    bundled = sorted(p.name for p in CORPUS.iterdir() if (p / "domain.pddl").is_file())
    assert reasoning.CORPUS_DATASETS == tuple(f"pddl/{name}" for name in bundled)
    assert all(name in DATASETS for name in reasoning.CORPUS_DATASETS)


QUICK = "pddl/office-mailroom"  # the quickest bundled pool to generate (3 s); the other nine take 80 s together
CONTRACTED = [*(pytest.param(n, marks=() if n == QUICK else pytest.mark.slow) for n in reasoning.CORPUS_DATASETS),
              FILES, TEXTS]


@pytest.mark.parametrize("name", CONTRACTED)
def test_reasoning_gyms_contract_holds(name):
    _contract(name)


def _families() -> list[str]:
    manifest = BENCHMARKS / "MANIFEST.tsv"
    return sorted({line.split("\t", 1)[0] for line in manifest.read_text().splitlines()[1:]}) \
        if manifest.is_file() else []


@pytest.fixture(scope="module")
def benchmark_datasets() -> dict[str, str]:
    """Every shared benchmark family registered as ``bench/<family>`` with a small pool: family -> name."""
    names = [n for n in DATASETS if n.startswith("bench/")] or reasoning.register_benchmarks(
        BENCHMARKS, prefix="bench/", size=8, seed=1)
    return {name.split("/", 1)[1]: name for name in names}


@pytest.mark.slow
@requires_benchmarks
@pytest.mark.parametrize("family", _families())
def test_the_contract_holds_on_every_benchmark_family_the_generator_handles(family, benchmark_datasets):
    """A family the generator cannot grow tasks from says so when a dataset is made of it (ReasoningError, named);
    every other holds reasoning-gym's contract."""
    try:
        _contract(benchmark_datasets[family])
    except reasoning.ReasoningError as exc:
        assert family in str(exc)
        pytest.skip(f"the generator does not handle {family}: {exc}")


@pytest.mark.parametrize("name", [FILES, TEXTS])
def test_the_contract_holds_for_answers_in_words(name):
    _contract(name, answer_format="text")


def test_an_item_carries_what_a_grader_needs():
    entry = reasoning_gym.create_dataset(TEXTS, size=1, seed=0)[0]
    meta = entry["metadata"]
    assert {"source_dataset", "source_index", "difficulty", "optimal_cost", "optimal", "lineage", "task_id",
            "domain_pddl", "problem_pddl", "action_wording", "answer_format"} <= set(meta)
    assert meta["source_dataset"] == TEXTS and meta["source_index"] == 0 and meta["domain"] == "kitchen-line"
    assert meta["optimal_cost"] == reasoning.grade(entry["answer"], entry).cost
    lineages = [item["metadata"]["lineage"] for item in reasoning_gym.create_dataset(TEXTS, size=20, seed=0)]
    assert any(lineages)  # a Bi-Evol variant names its chain back to its seed task (a seed task has none)
    assert all("id" in step for lineage in lineages for step in lineage)
    assert json.loads(json.dumps(entry, default=list)) is not None  # plain data, as trainers store it
    for needed in ("Objects:", "Initial state", "Goal:", "one action per line", '(serve ?d ?p) for "serve ?d from ?p"'):
        assert needed in entry["question"]


def test_bad_configs_are_refused():
    for bad in ({"answer_format": "yaml"}, {"min_cost": 9, "max_cost": 3}, {"size": 0}):
        with pytest.raises(reasoning.ReasoningError):
            reasoning_gym.create_dataset(FILES, **bad)
    with pytest.raises(reasoning.ReasoningError, match="no task with a gold cost"):
        reasoning_gym.create_dataset(FILES, min_cost=1000)[0]
    with pytest.raises(reasoning.ReasoningError, match="pool options"):
        reasoning.register_pddl_dataset("test/never", CORPUS / "office-mailroom" / "domain.pddl",
                                        CORPUS / "office-mailroom" / "p01.pddl", colour="blue")
    assert "test/never" not in DATASETS


# --------------------------------------------------------------------------- random access


def test_items_are_deterministic_and_the_pool_is_made_once(cache: Path):
    first = reasoning_gym.create_dataset(FILES, size=50, seed=7)
    items = [first[i] for i in range(50)]
    assert [first[i] for i in range(50)] == items
    assert [reasoning_gym.create_dataset(FILES, size=50, seed=7)[i] for i in range(50)] == items
    assert [reasoning_gym.create_dataset(FILES, size=50, seed=8)[i] for i in range(50)] != items
    folders = [p for p in (cache / "reasoning").iterdir() if p.name.startswith("test-office-mailroom-")]
    assert len(folders) == 1 and not [p for p in (cache / "reasoning").iterdir() if p.name.startswith(".")]
    pools._LOADED.clear()  # read back from the disk: the same items
    assert [reasoning_gym.create_dataset(FILES, size=50, seed=7)[i] for i in range(50)] == items
    assert len({item["metadata"]["task_id"] for item in items}) > 1
    items[0]["metadata"]["lineage"].append("changed")  # a caller's change never reaches the pool
    assert first[0] == reasoning_gym.create_dataset(FILES, size=50, seed=7)[0] != items[0]


def test_another_process_serves_the_same_items(cache: Path):
    here = [reasoning_gym.create_dataset(FILES, size=5, seed=11)[i] for i in (0, 4, 99)]
    probe = ("import json, sys, reasoning_gym, agentgen_sym.reasoning as r\n"
             f"r.register_pddl_dataset({FILES!r}, sys.argv[1], sys.argv[2], size=12, seed=3)\n"
             f"d = reasoning_gym.create_dataset({FILES!r}, size=5, seed=11)\n"
             "print(json.dumps([d[i] for i in (0, 4, 99)]))")
    out = subprocess.run([sys.executable, "-c", probe, str(CORPUS / "office-mailroom" / "domain.pddl"),
                          str(CORPUS / "office-mailroom" / "p03.pddl")], capture_output=True, text=True, timeout=120,
                         cwd=ROOT, env={**os.environ, pools.CACHE_VARIABLE: str(cache)}, check=True)
    assert json.loads(out.stdout) == json.loads(json.dumps(here))


def test_a_wording_change_renders_the_kept_tasks_again(cache: Path, monkeypatch):
    dataset = reasoning_gym.create_dataset(FILES, size=3, seed=1)
    before = dataset[0]
    folder = dataset.pool.folder
    tasks_file = folder / "tasks.jsonl"
    made = tasks_file.stat().st_mtime_ns
    monkeypatch.setattr(pools, "items_file_name", lambda: "items-changed.json")
    after = reasoning_gym.create_dataset(FILES, size=3, seed=1)[0]
    assert after == before and (folder / "items-changed.json").is_file()
    assert tasks_file.stat().st_mtime_ns == made  # rendered again, not generated again


def test_a_change_of_the_generators_code_makes_a_new_pool(cache: Path, monkeypatch):
    """The pool's folder is named by the package's source, not its version number (which no change bumps): tasks
    a changed generator would make differently are never read from an old pool."""
    folder = reasoning_gym.create_dataset(FILES, size=3, seed=1).pool.folder
    monkeypatch.setattr(pools, "code_version", lambda: "another-source")
    pools._LOADED.clear()
    assert reasoning_gym.create_dataset(FILES, size=3, seed=1).pool.folder != folder


# --------------------------------------------------------------------------- composite and curriculum


def test_a_composite_of_pddl_datasets_scores_its_own_answers():
    composite = reasoning_gym.create_dataset("composite", size=30, seed=5, datasets=[
        DatasetSpec(FILES, 1.0, {}), DatasetSpec(TEXTS, 1.0, {"answer_format": "text"})])
    entries = list(composite)
    assert {e["metadata"]["source_dataset"] for e in entries} == {FILES, TEXTS}
    assert all(composite.score_answer(e["answer"], e) == 1.0 for e in entries)
    assert all(composite.score_answer("(walk mailroom mailroom)", e) == FLOOR for e in entries
               if e["metadata"]["source_dataset"] == FILES)


def test_curriculum_levels_are_disjoint_measured_cost_bands():
    for name in (FILES, TEXTS):
        curriculum = create_curriculum(name)
        bands = curriculum.get_attribute("optimal_cost").levels
        costs = reasoning_gym.create_dataset(name).pool.costs
        assert len(bands) >= 2
        assert all(lo <= hi < next_lo for (lo, hi), (next_lo, _) in zip(bands, bands[1:]))
        assert all(any(lo <= c <= hi for c in costs) for lo, hi in bands)
        assert sorted(c for c in costs if any(lo <= c <= hi for lo, hi in bands)) == list(costs)
        for mode in RangeAttributeMode:  # one band, whatever the context
            for level in range(len(bands)):
                curriculum.set_attr_level("optimal_cost", level)
                config = curriculum.generate_configuration(context=DefaultCurriculumContext(mode=mode, k=2))
                assert (config.min_cost, config.max_cost) == bands[level]


def test_cost_bands_split_the_costs_evenly():
    assert reasoning.cost_bands([3, 3, 4, 4, 5, 5, 6, 6]) == [(3, 3), (4, 4), (5, 5), (6, 6)]
    assert reasoning.cost_bands([3, 3, 3, 3, 3, 3, 9], levels=4) == [(3, 3), (9, 9)]
    assert reasoning.cost_bands(list(range(1, 13)), levels=3) == [(1, 4), (5, 8), (9, 12)]
    assert reasoning.cost_bands([5]) == [(5, 5)]


def test_the_experiment_moves_between_bands():
    bands = create_curriculum(FILES).get_attribute("optimal_cost").levels
    config = CurriculumExperimentConfig(curricula={FILES: CurriculumAttributeConfig(attribute_levels={"*": 0})})
    experiment = CurriculumExperiment("plans", config, size=20, seed=1)

    def band() -> tuple:
        dataset = experiment.composite.datasets[FILES]
        costs = {dataset[i]["metadata"]["optimal_cost"] for i in range(20)}
        assert all(dataset.config.min_cost <= c <= dataset.config.max_cost for c in costs)
        return dataset.config.min_cost, dataset.config.max_cost

    assert band() == bands[0]
    experiment.update_difficulty(FILES, "increment")
    assert band() == bands[1]
    experiment.update_difficulty(FILES, "decrement")
    assert band() == bands[0]
    entry = experiment.get_dataset_entry(0)
    assert experiment.score_answer_with_id(entry["answer"], entry["metadata"]["entry_id"]) == 1.0


# --------------------------------------------------------------------------- scoring


@pytest.fixture(scope="module")
def mailroom_entry() -> dict:
    return reasoning_gym.create_dataset(FILES, size=1, seed=2)[0]


def _detour(entry: dict) -> tuple[ast.PlanStep, ast.PlanStep]:
    """Two steps from the initial state that lead back to it (a valid plan made costlier, not invalid)."""
    meta = entry["metadata"]
    stepper = Stepper(parse_domain(meta["domain_pddl"]), problem := parse_problem(meta["problem_pddl"]))
    start = frozenset((a.predicate, tuple(t.name for t in a.args)) for a in problem.init if isinstance(a, ast.Atom))
    for out in stepper.applicable(start):
        there, _ = stepper.apply(out, start)
        for back in stepper.applicable(there):
            if stepper.apply(back, there)[0] == start:
                return out, back
    raise AssertionError("no detour")


def test_scores_follow_the_rules(mailroom_entry):
    entry, meta = mailroom_entry, mailroom_entry["metadata"]
    gold = gold_steps(entry)
    words = Templates(parse_domain(meta["domain_pddl"]), {}, meta["action_wording"])  # the wording the entry carries
    best = meta["optimal_cost"]
    assert meta["optimal"] and best == len(gold)

    def score(steps, layout="bare", form="pddl") -> float:
        return score_answer(write(tuple(steps), words, layout, form), entry)

    for layout in set(LAYOUTS) - {"interrupted"}:
        for form in ("pddl", "text"):
            assert score(gold, layout, form) == 1.0, (layout, form)
    assert score_answer(f"<answer>\n**1. {entry['answer'].splitlines()[0]}.**\n" +
                        "\n".join(entry["answer"].splitlines()[1:]) + "\n; cost = 99\n</answer>", entry) == 1.0
    assert score(gold[:-1]) == score(gold[1:]) == score(gold[:2]) == FLOOR  # prefix, drop
    out, back = _detour(entry)
    assert score((out, back, *gold)) == pytest.approx(best / (best + 2))  # C*/C for a costlier valid plan
    assert score((out, back, *gold), "numbered", "text") == pytest.approx(best / (best + 2))
    lines = entry["answer"].splitlines()
    inside = "\n".join([*lines[:2], "then I think we should go on", *lines[2:]])
    assert grade(inside, entry).verdict is Verdict.INVALID and score_answer(inside, entry) == FLOOR
    unknown = "\n".join([*lines[:2], "(teleport courier floor-3)", *lines[2:]])
    assert score_answer(unknown, entry) == FLOOR
    assert score_answer(entry["answer"] + "\n" + lines[-1], entry) == FLOOR  # the last step again cannot apply
    for answer in GARBAGE:
        assert score_answer(answer, entry) == 0.0, repr(answer)[:40]
    for broken in ({}, {"metadata": {}}, None, {"metadata": dict(meta, problem_pddl="(define")}):
        assert score_answer(entry["answer"], broken) == 0.0


LINE_PARTS = ("1. ", "Step 2: ", "- ", "* ", "`", "**", "Plan: ", "<answer>", "</answer>", "```", "; ", "(", ")",
              "\n", " ", ".", "prose words", "\x00", "\u00e9", "STEP", "#3) ")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(LINE_PARTS), st.integers(0, 11), st.text(max_size=12)), max_size=40),
       st.booleans())
def test_grading_never_raises_and_keeps_to_the_scores(mailroom_entry, parts, words):
    """Any text, and any mix of the gold plan's lines (PDDL or words) with markers and noise: a Grade, never an
    exception, and only the scores the rules allow."""
    lines = mailroom_entry["answer"].splitlines()
    if words:
        meta = mailroom_entry["metadata"]
        templates = Templates(parse_domain(meta["domain_pddl"]), {}, meta["action_wording"])
        lines = write(gold_steps(mailroom_entry), templates, "bare", "text").splitlines()
    answer = "".join(lines[p % len(lines)] + "\n" if isinstance(p, int) else p for p in parts)
    result = grade(answer, mailroom_entry)
    assert result.score in (0.0, FLOOR) or VALID_MINIMUM <= result.score <= 1.0
    assert (result.score == 0.0) == (result.verdict is Verdict.NO_PLAN)
    assert (result.score == 1.0) <= (result.verdict is Verdict.VALID)


def test_scores_agree_with_unified_planning():
    """A sample of mutated answers (tests/reasoning_answers.py) on both datasets: no invalid plan above the floor,
    every valid plan at C*/C, by unified-planning's verdict on what each answer means (bench/reasoning.py runs
    10,000 per dataset)."""
    requires_extra("unified_planning")
    oracle, rng, seen, wrong = UpOracle(), random.Random(5), set(), []
    for name in (FILES, TEXTS):
        dataset = reasoning_gym.create_dataset(name, size=8, seed=4)
        for entry in dataset:
            for mutant in mutants(entry, rng, 40):
                valid, cost = oracle.verdict(entry, mutant.steps)
                valid = valid and not mutant.must_fail
                score = score_answer(mutant.answer, entry)
                problem = disagreement(score, valid, cost, entry["metadata"]["optimal_cost"], FLOOR, VALID_MINIMUM)
                seen.add((mutant.meaning, valid))
                if problem:
                    wrong.append(f"{name} {mutant.meaning}/{mutant.layout}/{mutant.form}: {problem}")
    assert wrong == []
    assert {("gold", True), ("remove", False), ("swap", False), ("args", False), ("prefix", False),
            ("detour", True)} <= seen


def test_the_second_oracle_agrees_with_unified_planning_where_both_read_the_task():
    """bench/reasoning.py asks pyperplan where unified-planning's reader rejects a task (storage, logistics00): on
    tasks both read, the two agree on every mutated plan, valid and invalid alike."""
    requires_extra("unified_planning")
    requires_extra("pyperplan")
    up, second, rng, verdicts = UpOracle(), PyperplanOracle(), random.Random(7), set()
    for entry in reasoning_gym.create_dataset(FILES, size=4, seed=2):
        for mutant in mutants(entry, rng, 40):
            verdict = up.verdict(entry, mutant.steps)
            assert second.verdict(entry, mutant.steps) == verdict, (mutant.meaning, mutant.steps)
            verdicts.add(verdict[0])
    assert verdicts == {True, False}


def test_the_verifiers_reasoning_gym_environment_serves_a_pddl_dataset():
    """verifiers' own ReasoningGymEnv (0.3, legacy) on a pddl dataset: rows from our questions, and its reward
    function scores the gold answer inside <answer> tags 1.0 through our score_answer."""
    requires_extra("verifiers")
    import asyncio

    from verifiers.legacy.envs.integrations.reasoninggym_env import ReasoningGymEnv

    env = ReasoningGymEnv(gym=FILES, num_train_examples=3, num_eval_examples=1, seed=0)
    row = env.dataset[0]
    entry = env.rg_dataset[int(row["answer"])]
    assert row["question"] == entry["question"]
    reward = env.rubric.funcs[0]
    completion = [{"role": "assistant", "content": f"<answer>\n{entry['answer']}\n</answer>"}]
    assert asyncio.run(reward(completion=completion, answer=row["answer"])) == 1.0
    assert asyncio.run(reward(completion=[{"role": "assistant", "content": "<answer>no idea</answer>"}],
                              answer=row["answer"])) == 0.0
