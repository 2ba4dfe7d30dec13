"""Default work bounds that fire early with a clear message: a grounding too large to make, a quantifier too
wide to replay, an absurd task count or difficulty level, and a price `check` must report before `solve`
refuses it. Time bounds are wide (limit plus generous slack): each case ran for tens of seconds before."""

from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path

import pytest

from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.parser import parse_domain, parse_problem

from .conftest import CORPUS, SLACK_S, run_cli

WIDE = """(define (domain wide) (:requirements :strips)
  (:predicates (p ?a ?b ?c ?d ?e ?f ?g ?h) (q))
  (:action a :parameters (?a ?b ?c ?d ?e ?f ?g ?h) :precondition (q) :effect (p ?a ?b ?c ?d ?e ?f ?g ?h)))"""

QUANTIFIED = """(define (domain q) (:requirements :strips :negative-preconditions :universal-preconditions)
  (:predicates (r ?a ?b ?c ?d ?e) (done))
  (:action finish :parameters () :precondition (not (done)) :effect (done)))"""


def _objects(n: int) -> str:
    return " ".join(f"o{i}" for i in range(n))


def _wide_task(folder: Path, n: int = 80) -> tuple[Path, Path]:
    """One action of ``n`` parameters, each moved and marked: the self-loop and self-move lints test every pair of
    parameters against every pair of atoms the step then needs, some n^4 steps (n = 80: minutes unlimited)."""
    folder.mkdir(parents=True)
    domain, problem = folder / "domain.pddl", folder / "p01.pddl"
    moves = " ".join(f"(not (at ?x{i})) (at ?x{(i + 1) % n}) (visited ?x{i})" for i in range(n))
    domain.write_text(f"(define (domain wide) (:requirements :strips) (:predicates (at ?a) (visited ?a))\n"
                      f"  (:action go :parameters ({' '.join(f'?x{i}' for i in range(n))})\n"
                      f"    :precondition (and {' '.join(f'(at ?x{i})' for i in range(n))}) :effect (and {moves})))")
    problem.write_text("(define (problem w) (:domain wide) (:objects a b) (:init (at a)) (:goal (visited b)))")
    return domain, problem


@pytest.mark.parametrize("tree, jobs", [(False, "1"), (True, "1"), (True, "2")], ids=["task", "tree", "tree-jobs"])
def test_check_stops_at_its_time_limit(tree: bool, jobs: str, tmp_path: Path):
    """`check` had no limit, and its passes measured none inside: a wide action kept it in the lints for minutes.
    In a tree, the domain that runs past the deadline is named and the others' findings are still shown."""
    domain, problem = _wide_task(tmp_path / "wide")
    if tree:
        clean = tmp_path / "bike-workshop"
        clean.mkdir()
        for name in ("domain.pddl", "p01.pddl"):
            (clean / name).write_bytes((CORPUS / "bike-workshop" / name).read_bytes())
    started = time.perf_counter()
    # 5 s: the clean domain (well under a second alone) must finish even beside other work and a pool's start;
    # the wide one would take minutes
    proc = run_cli("check", "--time-limit", "5", "--jobs", jobs,
                   *([str(tmp_path)] if tree else [str(domain), str(problem)]), timeout=5 + SLACK_S + 60)
    assert time.perf_counter() - started < 5 + SLACK_S
    assert proc.returncode == 4, proc.stderr
    # a loaded machine may start the wide domain's worker late: the limit then stops it before its check began,
    # which is reported as such; either way the domain is named and the stage said
    assert re.search(rf"stopped: {re.escape(str(domain))}: time limit reached while (checking the task|starting "
                     rf"its check)", proc.stderr.decode()), proc.stderr
    assert b"Traceback" not in proc.stderr
    assert (b"checked 2 files (1 domain stopped by a limit)" if tree else
            b"checked 0 files (1 domain stopped by a limit)") in proc.stdout, proc.stdout


def test_check_stops_at_its_memory_limit(tmp_path: Path):
    domain, problem = _wide_task(tmp_path / "wide", 4)
    proc = run_cli("check", "--memory-limit", "1", str(domain), str(problem), timeout=60)
    assert proc.returncode == 4, proc.stderr
    assert f"stopped: {domain}: memory limit reached".encode() in proc.stderr and b"Traceback" not in proc.stderr


def test_a_grounding_too_large_is_refused_at_once(tmp_path: Path):
    """30^8 bindings: the operator guard fired only after 23-34 s and 1.9 GB."""
    domain, problem = tmp_path / "d.pddl", tmp_path / "p.pddl"
    domain.write_text(WIDE)
    problem.write_text(f"(define (problem w) (:domain wide) (:objects {_objects(30)}) (:init (q)) "
                       "(:goal (p o1 o1 o1 o1 o1 o1 o1 o1)))")
    for command in ("ground", "solve"):
        started = time.perf_counter()
        proc = run_cli(command, str(domain), str(problem), timeout=120)
        assert proc.returncode == 4, proc.stderr  # a limit reached, as the help says of exit 4
        assert b"error[G702]: the task is too large to ground: action `a` has 656,100,000,000 candidate " \
               b"bindings" in proc.stderr
        assert b"--max-operators" in proc.stderr
        assert time.perf_counter() - started < 15  # start-up only: nothing is enumerated


def test_a_quantifier_over_every_object_is_refused_while_grounding(tmp_path: Path):
    domain, problem = tmp_path / "d.pddl", tmp_path / "p.pddl"
    domain.write_text(QUANTIFIED)
    problem.write_text(f"(define (problem q1) (:domain q) (:objects {_objects(30)}) (:init) "
                       "(:goal (and (done) (forall (?a ?b ?c ?d ?e) (not (r ?a ?b ?c ?d ?e))))))")
    proc = run_cli("ground", str(domain), str(problem), timeout=120)
    assert proc.returncode == 4 and b"a quantifier over ?a ?b ?c ?d ?e has 24,300,000 instances" in proc.stderr


def test_grounding_drops_quantified_variables_the_body_never_uses(tmp_path: Path):
    """A goal over 5 variables of which the body uses 2: 900 instances, not 24,300,000 (before: G702, refused as too
    large). Dropping them keeps the meaning: with one (r a b) in the initial state nothing can delete, the same goal
    is unsolvable."""
    domain, problem = tmp_path / "d.pddl", tmp_path / "p.pddl"
    domain.write_text(QUANTIFIED.replace("(r ?a ?b ?c ?d ?e)", "(r ?a ?b)"))
    goal = "(:goal (and (done) (forall (?a ?b ?c ?d ?e) (not (r ?a ?b)))))"
    problem.write_text(f"(define (problem q1) (:domain q) (:objects {_objects(30)}) (:init) {goal})")
    solved = run_cli("solve", str(domain), str(problem), timeout=120)
    assert solved.returncode == 0 and solved.stdout.decode().startswith("(finish)"), solved.stderr
    problem.write_text(f"(define (problem q1) (:domain q) (:objects {_objects(30)}) (:init (r o3 o4)) {goal})")
    blocked = run_cli("solve", str(domain), str(problem), timeout=120)
    assert blocked.returncode != 0 and b"unsolvable" in blocked.stdout + blocked.stderr, blocked.stdout


def test_validating_a_goal_over_five_quantified_variables_is_bounded(tmp_path: Path):
    """30^5 instances ran 65 s with no progress and no limit."""
    domain, problem, plan = tmp_path / "d.pddl", tmp_path / "p.pddl", tmp_path / "plan.txt"
    domain.write_text(QUANTIFIED)
    problem.write_text(f"(define (problem q1) (:domain q) (:objects {_objects(30)}) (:init) "
                       "(:goal (and (done) (forall (?a ?b ?c ?d ?e) (not (r ?a ?b ?c ?d ?e))))))")
    plan.write_text("(finish)\n")
    started = time.perf_counter()
    proc = run_cli("validate", str(domain), str(problem), str(plan), timeout=120)
    assert proc.returncode == 4, proc.stderr
    assert b"work limit reached while validating the plan: ?a ?b ?c ?d ?e range over 24,300,000 instances" \
           in proc.stderr and b"--max-instances" in proc.stderr
    assert time.perf_counter() - started < 40  # 2,000,000 instances, a few seconds unloaded
    raised = run_cli("validate", str(domain), str(problem), str(plan), "--max-instances", "100", timeout=60)
    assert raised.returncode == 4 and b"over the limit of 100 for one quantifier" in raised.stderr


def test_a_work_limit_reached_while_exploring_states_says_so():
    """A Stepper (equiv's state exploration) whose action ranges over too many bindings names what it was doing:
    exploring states, not "validating the plan" (as it said before)."""
    from agentgen_sym.compiler.limits import LimitReached
    from agentgen_sym.compiler.validate import Stepper

    domain = parse_domain("""(define (domain m) (:requirements :strips :negative-preconditions)
      (:predicates (r ?a ?b ?c ?d ?e) (done))
      (:action mark :parameters (?a ?b ?c ?d ?e) :precondition (not (done)) :effect (r ?a ?b ?c ?d ?e)))""")
    problem = parse_problem(f"(define (problem m1) (:domain m) (:objects {_objects(30)}) (:init) (:goal (done)))")
    with pytest.raises(LimitReached, match=r"work limit reached while exploring states: \?a \?b \?c \?d \?e "
                                           r"range over 24,300,000 instances"):
        list(Stepper(domain, problem).applicable(frozenset()))


def test_a_quantified_variable_the_body_never_uses_is_not_enumerated(tmp_path: Path):
    """Red-team find: a goal over five variables, three unused, had no verdict within the instance limit (30^5
    instances); the body reads two, so 900 decide it. An unused variable over an empty type still counts:
    `exists` over no object fails and `forall` holds."""
    domain, problem, plan = tmp_path / "d.pddl", tmp_path / "p.pddl", tmp_path / "plan.txt"
    domain.write_text(QUANTIFIED.replace("(:requirements", "(:requirements :typing :existential-preconditions")
                      .replace("(:predicates", "(:types thing none) (:predicates"))
    plan.write_text("(finish)\n")

    def verdict(goal: str) -> subprocess.CompletedProcess:
        problem.write_text(f"(define (problem q1) (:domain q) (:objects {_objects(30)} - thing) (:init) "
                           f"(:goal (and (done) {goal})))")
        return run_cli("validate", str(domain), str(problem), str(plan), "--max-instances", "1000", timeout=60)

    two_of_five = verdict("(forall (?a ?b ?c ?d ?e - thing) (not (r ?a ?b ?a ?b ?a)))")
    assert two_of_five.returncode == 0, two_of_five.stderr
    assert verdict("(exists (?a - thing ?z - none) (not (r ?a ?a ?a ?a ?a)))").returncode == 1
    assert verdict("(forall (?a - thing ?z - none) (r ?a ?a ?a ?a ?a))").returncode == 0


@pytest.mark.parametrize("args", [
    ("run", "--n", "100000"),
    ("run", "--range", "1", "100000"),
    ("run", "--range", "5", "3"),
    ("generate", str(CORPUS / "bike-workshop" / "domain.pddl"), str(CORPUS / "bike-workshop" / "p01.pddl"),
     "--range", "1", "100000"),
    ("generate", str(CORPUS / "bike-workshop" / "domain.pddl"), str(CORPUS / "bike-workshop" / "p01.pddl"),
     "--n", "100000"),
], ids=["run-n", "run-range", "run-range-reversed", "generate-range", "generate-n"])
def test_absurd_requests_are_refused_up_front(args: tuple[str, ...], tmp_path: Path):
    """They ran on silently; a typo is refused before any work starts."""
    proc = run_cli(*args, "--out", str(tmp_path / "out"), timeout=30)
    assert proc.returncode == 2, proc.stderr
    assert b"at most 10,000 tasks" in proc.stderr or b"up to 1,000" in proc.stderr \
        or b"LO must not be above HI" in proc.stderr
    assert not (tmp_path / "out").exists()


ROADS = """(define (domain roads) (:requirements :typing :action-costs)
  (:types city) (:predicates (at ?c - city))
  (:functions (road-length ?a ?b - city) - number (total-cost) - number)
  (:action drive :parameters (?a ?b - city) :precondition (at ?a)
    :effect (and (not (at ?a)) (at ?b) (increase (total-cost) COST))))"""
ROADS_PROBLEM = """(define (problem r1) (:domain roads) (:objects a b - city)
  (:init (at a) (= (road-length a b) 5000000) (= (road-length b a) 3) (= (road-length a a) 1)
         (= (road-length b b) 1))
  (:goal (at b)) (:metric minimize (total-cost)))"""


@pytest.mark.parametrize("cost, unset, shown", [
    ("(* (road-length ?a ?b) 1000)", "", "costs 5000000000 with ?a = a, ?b = b, beyond the planners' range"),
    ("(- (road-length ?a ?b) 5)", "", "costs -4 with ?a = a, ?b = a, not a whole number >= 0"),
    ("(/ (road-length ?a ?b) 2)", "", "costs 0.5 with ?a = a, ?b = a, not a whole number >= 0"),
    ("2000000000) (increase (total-cost) 2000000000", "", "costs 4000000000, beyond the planners' range"),
    ("-5", "", "the cost -5 is not a whole number >= 0"),
    ("(road-length ?a ?b)", "(= (road-length b a) 3)",
     "costs (road-length ?a ?b) with ?a = b, ?b = a, but the `:init` of problem `r1` gives no value for "
     "(road-length b a)"),
    ("(* (road-length ?a ?b) 2)", "(= (road-length a b) 5000000)",
     "costs (* (road-length ?a ?b) 2) with ?a = a, ?b = b, but the `:init` of problem `r1` gives no value for "
     "(road-length a b)"),
], ids=["product", "difference", "quotient", "sum", "literal", "missing-value", "missing-value-computed"])
def test_check_reports_every_price_solve_refuses(cost: str, unset: str, shown: str, tmp_path: Path):
    """Arithmetic and summed costs, and costs that read a value `:init` never gives, passed `check` silently and
    were refused only by `solve` (G704, G707, G705)."""
    domain, problem = tmp_path / "d.pddl", tmp_path / "p.pddl"
    domain.write_text(ROADS.replace("COST", cost))
    problem.write_text(ROADS_PROBLEM.replace(unset, "") if unset else ROADS_PROBLEM)
    found = [d for d in check(parse_domain(domain), parse_problem(problem)) if d.code in ("W621", "W622")]
    assert len(found) == 1 and shown in found[0].message, found
    solved = run_cli("solve", str(domain), str(problem), "-q", timeout=60)
    assert solved.returncode == 1 and any(code in solved.stderr for code in (b"G707", b"G704", b"G705")), \
        solved.stderr


LINKED = """(define (domain linked) (:requirements :typing :action-costs :negative-preconditions :equality)
  (:types city truck) (:predicates (road ?a ?b - city) (at ?t - truck ?c - city) (parked ?t - truck ?c - city))
  (:functions (road-length ?a ?b - city) - number (total-cost) - number)
  (:action drive :parameters (?t - truck ?a ?b - city) :precondition (and (at ?t ?a) (road ?a ?b))
    :effect (and (not (at ?t ?a)) (at ?t ?b) (increase (total-cost) (road-length ?a ?b))))
  (:action park :parameters (?t - truck ?a ?b - city)
    :precondition (and (parked ?t ?a) (not (= ?a ?b)))
    :effect (and (not (parked ?t ?a)) (parked ?t ?b) (increase (total-cost) (road-length ?a ?b)))))"""


def test_check_reports_only_values_a_reachable_step_reads(tmp_path: Path):
    """A length for every pair of places is no requirement: only the steps the grounder reaches are priced (IPC
    2008's elevators gives travel costs only for the floors each lift reaches). `check` names the one value a
    reachable step lacks, as `solve` does, and nothing for steps a static fact, an inequality or an unreachable
    place rules out; given that value, both pass."""
    domain, problem = tmp_path / "d.pddl", tmp_path / "p.pddl"
    domain.write_text(LINKED)
    for lengths, missing in (("(= (road-length a b) 2)", ["(road-length b c)"]),
                             ("(= (road-length a b) 2) (= (road-length b c) 3)", [])):
        problem.write_text(f"(define (problem l1) (:domain linked) (:objects a b c d - city t - truck) (:init "
                           f"(at t a) (road a b) (road b c) (road d a) {lengths}) (:goal (at t c)) "
                           "(:metric minimize (total-cost)))")
        found = [d.message for d in check(parse_domain(domain), parse_problem(problem)) if d.code == "W622"]
        assert len(found) == len(missing) and all(f.endswith(f"no value for {m}") for f, m in zip(found, missing)), \
            found
        solved = run_cli("solve", str(domain), str(problem), "-q", timeout=60)
        assert solved.returncode == (1 if missing else 0), solved.stderr
        assert all(f"G705]: no initial value for {m}".encode() in solved.stderr for m in missing), solved.stderr


def test_fix_stops_at_its_time_limit_and_writes_nothing(tmp_path: Path):
    """`fix` had no --time-limit; its rounds re-check the files, and the check now stops at the deadline."""
    out = tmp_path / "fixed"
    proc = run_cli("fix", str(CORPUS / "bike-workshop" / "domain.pddl"), "-o", str(out), "--time-limit", "0.001",
                   timeout=60)
    assert proc.returncode == 4, proc.stderr
    assert b"stopped: " in proc.stderr and b"time limit reached" in proc.stderr and b"Traceback" not in proc.stderr
    assert not out.exists() or not any(out.iterdir())
