"""W620 self-moves: flagged on AgentGen's real TSP domain, silent where an invariant, a static relation
or the problem's facts rule the equal case out, fixed by `fix --also W620`, and refused in gold plans."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from agentgen_sym import check, parse_domain, parse_problem
from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.invariants import Invariants
from agentgen_sym.compiler.parser import parse_text
from agentgen_sym.compiler.repair import repair
from agentgen_sym.compiler.selfmove import guarded, self_move_pairs
from agentgen_sym.generation.measure import Stopwatch, measure
from agentgen_sym.solver import solve

from .conftest import ROOT, benchmark_tasks, requires_benchmarks, run_cli

LLM_CORPUS = ROOT / "data" / "llm_corpus"
TSP = LLM_CORPUS / "agentgen" / "it0" / "tsp_operator_actions"

BLOCKS = """(define (domain bw) (:requirements :strips)
 (:predicates (on ?x ?y) (ontable ?x) (clear ?x) (handempty) (holding ?x))
 (:action pick-up :parameters (?x) :precondition (and (clear ?x) (ontable ?x) (handempty))
  :effect (and (not (ontable ?x)) (not (clear ?x)) (not (handempty)) (holding ?x)))
 (:action put-down :parameters (?x) :precondition (holding ?x)
  :effect (and (not (holding ?x)) (clear ?x) (handempty) (ontable ?x)))
 (:action stack :parameters (?x ?y) :precondition (and (holding ?x) (clear ?y))
  :effect (and (not (holding ?x)) (not (clear ?y)) (clear ?x) (handempty) (on ?x ?y)))
 (:action unstack :parameters (?x ?y) :precondition (and (on ?x ?y) (clear ?x) (handempty))
  :effect (and (holding ?x) (clear ?y) (not (clear ?x)) (not (handempty)) (not (on ?x ?y)))))"""

ROADS = """(define (domain roads) (:requirements :strips)
 (:predicates (at ?l) (road ?a ?b) (seen ?l))
 (:action go :parameters (?from ?to) :precondition (and (at ?from) (road ?from ?to))
  :effect (and (not (at ?from)) (at ?to) (seen ?to))))"""

SAIL = """(define (domain sail) (:requirements :strips)
 (:predicates (at ?l) (port ?l) (island ?l) (visited ?l))
 (:action sail :parameters (?from ?to) :precondition (and (at ?from) (port ?from) (island ?to))
  :effect (and (not (at ?from)) (at ?to) (visited ?to))))"""

FUEL = """(define (domain fuel) (:requirements :strips)
 (:predicates (fuel ?l) (next ?a ?b) (flown) (at ?c) (seen ?c))
 (:action burn :parameters (?l1 ?l2) :precondition (and (fuel ?l1) (next ?l2 ?l1))
  :effect (and (not (fuel ?l1)) (fuel ?l2)))
 (:action fly :parameters (?c1 ?c2 ?l1 ?l2) :precondition (and (at ?c1) (fuel ?l1) (next ?l2 ?l1))
  :effect (and (not (at ?c1)) (at ?c2) (not (fuel ?l1)) (fuel ?l2))))"""

RESET = """(define (domain reset) (:requirements :strips)
 (:predicates (level ?s ?l) (empty-level ?s ?l) (full ?s) (empty ?s))
 (:action empty-it :parameters (?s ?l ?l1) :precondition (and (full ?s) (level ?s ?l) (empty-level ?s ?l1))
  :effect (and (not (full ?s)) (empty ?s) (not (level ?s ?l)) (level ?s ?l1))))"""

VISIT = """(define (domain visit) (:requirements :strips)
 (:predicates (at ?x) (visited ?x))
 (:action move :parameters (?x ?y) :precondition (at ?x)
  :effect (and (at ?y) (visited ?y) (not (at ?x)))))"""


def w620(domain_text: str, problem_text: str | None = None) -> list[str]:
    domain = parse_text(domain_text, "domain.pddl").node
    problem = None if problem_text is None else parse_text(problem_text, "problem.pddl").node
    return [d.message for d in check(domain, problem) if d.code == "W620"]


def test_agentgen_tsp_domain_is_flagged_with_the_fix():
    """The released GPT environment whose gold plans start "Move from 1 to 1"."""
    domain = parse_domain(TSP / "domain.pddl")
    found = [d for d in check(domain) if d.code == "W620"]
    assert len(found) == 1
    assert "`move` with ?x = ?y" in found[0].message and "(visited ?x)" in found[0].message
    assert found[0].fix is not None and "(not (= ?x ?y))" in found[0].fix.edits[0].replacement
    assert not [d for d in check(domain) if d.code == "W607"]  # not a no-op: W607 has nothing to say


def test_fix_also_w620_adds_the_inequality_and_the_requirement():
    plain = repair(TSP / "domain.pddl")
    assert plain.applied == ()  # a warning: left alone unless asked for
    fixed = repair(TSP / "domain.pddl", also=("W620",))
    assert fixed.ok and fixed.domain is not None
    assert ":equality" in fixed.domain.requirements
    assert not [d for d in check(fixed.domain) if d.code == "W620"]
    assert self_move_pairs(fixed.domain) == []


def test_fix_also_on_the_command_line(tmp_path):
    done = run_cli("fix", str(TSP / "domain.pddl"), "--also", "W620", "-o", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "(not (= ?x ?y))" in (tmp_path / "domain.pddl").read_text()
    refused = run_cli("fix", str(TSP / "domain.pddl"), "--also", "W605", "-o", str(tmp_path))
    assert refused.returncode == 2 and b"not a warning with an automatic fix" in refused.stderr


def test_blocksworld_stack_is_ruled_out_by_an_invariant():
    """(stack ?x ?x) needs (holding ?x) and (clear ?x): exclusive in every reachable state."""
    assert w620(BLOCKS) == []
    assert Invariants(parse_domain(BLOCKS)).exclusive(("holding", ("?x",)), ("clear", ("?x",)))


def test_without_the_invariant_the_stack_self_move_is_reported():
    """pick-up that forgets to delete (clear ?x) breaks the invariant, so the equal case is possible."""
    broken = BLOCKS.replace("(not (ontable ?x)) (not (clear ?x))", "(not (ontable ?x))")
    assert not Invariants(parse_domain(broken)).exclusive(("holding", ("?x",)), ("clear", ("?x",)))
    assert any("`stack` with ?x = ?y" in m for m in w620(broken))


def test_inequality_and_types_silence_it():
    guarded_text = VISIT.replace(":precondition (at ?x)", ":precondition (and (at ?x) (not (= ?x ?y)))")
    assert w620(VISIT) and w620(guarded_text) == []
    typed = ("(define (domain t) (:requirements :typing) (:types a b) (:predicates (at ?x - object) (seen ?x - a))"
             " (:action move :parameters (?x - a ?y - b) :precondition (at ?x)"
             " :effect (and (at ?y) (seen ?x) (not (at ?x)))))")
    assert w620(typed) == []  # ?x and ?y can never name one object


def test_static_link_is_judged_on_the_problem():
    assert w620(ROADS) == []  # a road from a place to itself is not assumed
    looped = "(define (problem p) (:domain roads) (:objects a b) (:init (at a) (road a b) (road a a)) (:goal (seen b)))"
    plain = "(define (problem p) (:domain roads) (:objects a b) (:init (at a) (road a b)) (:goal (seen b)))"
    assert w620(ROADS, plain) == []
    assert len(w620(ROADS, looped)) == 1


def test_static_facts_that_no_object_fits_silence_it():
    """sail with ?from = ?to needs a place that is both a port and an island."""
    assert w620(SAIL)
    apart = "(define (problem p) (:domain sail) (:objects a b) (:init (at a) (port a) (island b)) (:goal (visited b)))"
    both = "(define (problem p) (:domain sail) (:objects a b) (:init (at a) (port a) (island a) (island b))" \
           " (:goal (visited b)))"
    assert w620(SAIL, apart) == []
    assert w620(SAIL, both)


def test_a_void_move_that_gains_nothing_new_is_left_alone():
    """fly ?c ?c only moves fuel (as zenotravel's does): no marker is gained, so no bogus achievement."""
    assert w620(FUEL) == []
    marked = FUEL.replace("(at ?c2) (not (fuel ?l1))", "(at ?c2) (seen ?c2) (not (fuel ?l1))")
    assert any("`fly` with ?c1 = ?c2" in m for m in w620(marked))


def test_a_target_a_static_relation_designates_is_a_reset():
    """barman's empty-shaker: the level goes to the shaker's empty level, and emptying is the point."""
    assert w620(RESET) == []
    free = RESET.replace(" (empty-level ?s ?l1))", ")")
    assert any("`empty-it` with ?l = ?l1" in m for m in w620(free))


def test_guarded_domain_plans_without_self_moves():
    domain = parse_domain(VISIT)
    problem = parse_text("(define (problem p) (:domain visit) (:objects a b) (:init (at a)) (:goal (visited a)))",
                         "p.pddl").node
    plan = solve(compile_task(domain, problem), "optimal").steps
    assert [(s.action, s.args) for s in plan] == [("move", ("a", "a"))]  # the bogus one-step gold plan
    safe = guarded(domain, problem)
    steps = solve(compile_task(safe, problem), "optimal").steps
    assert len(steps) == 2 and all(s.args[0] != s.args[1] for s in steps)


def test_generation_re_solves_a_gold_plan_that_uses_a_self_move():
    domain = parse_domain(VISIT)
    problem = parse_text("(define (problem p) (:domain visit) (:objects a b) (:init (at a)) (:goal (visited a)))",
                         "p.pddl").node
    watch = Stopwatch()
    measured = measure(domain, problem, watch=watch)
    assert measured is not None and len(measured.plan) == 2
    assert all(step.args[0] != step.args[1] for step in measured.plan)
    assert watch.events == Counter({"self-move re-solved": 1})


def test_generation_drops_a_task_only_a_self_move_solves():
    domain = parse_domain(VISIT)
    problem = parse_text("(define (problem p) (:domain visit) (:objects a) (:init (at a)) (:goal (visited a)))",
                         "p.pddl").node
    watch = Stopwatch()
    assert measure(domain, problem, watch=watch) is None
    assert watch.events == Counter({"self-move dropped": 1})


def test_generate_reports_the_re_solved_plans(tmp_path):
    (tmp_path / "domain.pddl").write_text(VISIT)
    (tmp_path / "seed.pddl").write_text("(define (problem s) (:domain visit) (:objects a b c) (:init (at a))"
                                        " (:goal (visited b)))")
    done = run_cli("generate", str(tmp_path / "domain.pddl"), str(tmp_path / "seed.pddl"), "--n", "4",
                   "--seed", "1", "--out", str(tmp_path / "out"), timeout=120)
    assert done.returncode == 0, done.stderr
    report = (tmp_path / "out" / "report.md").read_text()
    assert "used a self-move step (W620)" in report
    for line in (tmp_path / "out" / "tasks.jsonl").read_text().splitlines():
        for step in json.loads(line)["plan"]:
            args = step.strip("()").split()[1:]
            assert args[0] != args[1], step


def test_export_skips_a_plan_with_a_self_move(tmp_path):
    from agentgen_sym.export import export_folder

    folder = tmp_path / "tasks_dir"
    (folder / "tasks").mkdir(parents=True)
    (folder / "domain.pddl").write_text(VISIT)
    (folder / "tasks" / "t1.pddl").write_text(
        "(define (problem t1) (:domain visit) (:objects a b) (:init (at a)) (:goal (visited a)))")
    record = {"id": "t1", "problem_file": "tasks/t1.pddl", "plan": ["(move a a)"], "cost": 1}
    (folder / "tasks.jsonl").write_text(json.dumps(record) + "\n")
    stats = export_folder(folder, "sharegpt", tmp_path / "out.jsonl")
    assert stats.written == 0
    assert "self-move (W620)" in stats.skipped[0].reason and "(move a a)" in stats.skipped[0].reason


@requires_benchmarks
@pytest.mark.parametrize("domain_file", sorted({t.domain_file for t in benchmark_tasks()}),
                         ids=lambda p: p.parent.name)
def test_no_self_move_alarm_on_the_benchmarks(domain_file: Path):
    """Domain-only and with the first problem: no IPC domain draws W620."""
    domain = parse_domain(domain_file)
    first = next(t.problem_file for t in benchmark_tasks() if t.domain_file == domain_file)
    for problem in (None, parse_problem(first)):
        assert [d.message for d in check(domain, problem) if d.code == "W620"] == []



def test_w607_is_silent_where_an_invariant_rules_the_self_loop_out():
    """AgentGen's hanoi: (move ?d ?p ?p) needs (on ?d ?p) and (clear ?p), never true together."""
    text = (LLM_CORPUS / "agentgen" / "it0" / "hanoi_operator_actions" / "domain.pddl").read_text()
    assert [d.code for d in check(parse_domain(text)) if d.code == "W607"] == []
    magic = text.rstrip()[:-1] + " (:action magic :parameters (?x) :precondition (on ?x ?x) :effect (clear ?x)))"
    assert [d.code for d in check(parse_domain(magic)) if d.code == "W607"] == ["W607"]
