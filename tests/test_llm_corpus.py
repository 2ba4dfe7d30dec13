"""The LLM-drafted corpus under data/llm_corpus: every file accounted for in the manifest with its
provenance, and bench/llm_corpus.py's per-file measurement on real files that show the defects."""

from __future__ import annotations

import csv
import importlib
import sys

from agentgen_sym import check, parse_domain

from .conftest import ROOT

LLM_CORPUS = ROOT / "data" / "llm_corpus"


def _bench():
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module("bench.llm_corpus")


def _manifest() -> list[dict[str, str]]:
    with open(LLM_CORPUS / "manifest.tsv", encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def test_every_file_has_its_provenance():
    rows = _manifest()
    listed = {row["file"] for row in rows}
    on_disk = {str(p.relative_to(LLM_CORPUS)) for p in LLM_CORPUS.rglob("*.pddl")}
    assert listed == on_disk
    for row in rows:
        assert row["repository"] and len(row["commit"]) == 40 and row["path"] and row["drafted_by"], row
    drafted = [r for r in rows if r["origin"] == "llm-drafted" and r["kind"] == "domain"]
    assert len(drafted) >= 100
    assert (LLM_CORPUS / "agentgen" / "LICENSE").read_text().startswith("MIT License")


def test_the_bench_finds_the_self_move_and_re_solves_its_gold_plans():
    bench = _bench()
    units = {str(d.relative_to(LLM_CORPUS)): (d, problems, origin) for d, problems, origin in bench.corpus_units(LLM_CORPUS)}
    domain, problems, origin = units["agentgen/it0/tsp_operator_actions/domain.pddl"]
    assert origin == "seed" and len(problems) == 5
    report = bench.measure(domain, problems, origin, time_limit=5.0)
    assert report.lints.get("W620") == 1
    assert report.bogus >= 1  # an optimal plan takes the free "move p1 p1" to mark p1 visited
    assert report.solved_guarded == report.bogus and report.bogus_guarded == 0


def test_the_bench_counts_fixes_and_what_blocks_the_rest():
    bench = _bench()
    fixed = bench.measure(LLM_CORPUS / "agentgen" / "sft" / "pddl-domain_12.pddl", [], "llm-drafted", 5.0)
    assert fixed.errors == {"E404": 1} and fixed.fixes == 1 and fixed.clean and fixed.left == {}
    blocked = bench.measure(LLM_CORPUS / "agentgen" / "sft" / "pddl-domain_26.pddl", [], "llm-drafted", 5.0)
    assert not blocked.clean and "E302" in blocked.left


def test_no_op_actions_are_those_that_change_nothing_for_any_arguments():
    bench = _bench()
    domain = parse_domain("(define (domain d) (:predicates (p ?x) (q)) (:action keep :parameters (?x)"
                          " :precondition (p ?x) :effect (p ?x)) (:action set :parameters () :effect (q)))")
    assert bench.noop_actions(domain) == ["keep"]


def test_the_second_agentgen_tsp_copy_is_flagged_too():
    domain = parse_domain(LLM_CORPUS / "agentgen" / "sft" / "pddl-domain_579.pddl")
    assert [d.code for d in check(domain) if d.code == "W620"] == ["W620"]
