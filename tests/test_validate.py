"""The plan validator on the lifted semantics, and `agentgen-sym validate`.

Correct plans are accepted with their cost; corrupted ones are rejected with the right
code at the right step; unified-planning's validator agrees on every verdict.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentgen_sym import cli
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.parser import parse_domain, parse_plan, parse_problem
from agentgen_sym.compiler.validate import ValidationResult, apply_plan, validate

from .conftest import BENCHMARKS, requires_benchmarks, requires_extra, run_cli

BLOCKS = BENCHMARKS / "blocks"
GRIPPER = BENCHMARKS / "gripper"

BLOCKS_PLAN = ["(pick-up b)", "(stack b a)", "(pick-up c)", "(stack c b)", "(pick-up d)", "(stack d c)"]
GRIPPER_PLAN = ["(pick ball1 rooma left)", "(pick ball2 rooma right)", "(move rooma roomb)",
                "(drop ball1 roomb left)", "(drop ball2 roomb right)", "(move roomb rooma)",
                "(pick ball3 rooma left)", "(pick ball4 rooma right)", "(move rooma roomb)",
                "(drop ball3 roomb left)", "(drop ball4 roomb right)"]

# Conditional effects, forall effects, exists, equality, negative preconditions, or, constants,
# subtypes and action costs read from a numeric fluent.
ADL_DOMAIN = """(define (domain house)
  (:requirements :adl :action-costs)
  (:types room item - object box - item)
  (:constants hall - room)
  (:predicates (at ?i - item ?r - room) (robot-at ?r - room) (holding ?i - item) (handfree)
               (lit ?r - room) (door ?a ?b - room))
  (:functions (total-cost) - number (distance ?a ?b - room) - number)
  (:action move
    :parameters (?from ?to - room)
    :precondition (and (robot-at ?from) (not (= ?from ?to)) (or (door ?from ?to) (door ?to ?from)))
    :effect (and (not (robot-at ?from)) (robot-at ?to)
                 (forall (?i - item) (when (holding ?i) (and (not (at ?i ?from)) (at ?i ?to))))
                 (increase (total-cost) (distance ?from ?to))))
  (:action pick
    :parameters (?i - item ?r - room)
    :precondition (and (robot-at ?r) (at ?i ?r) (handfree) (not (holding ?i)))
    :effect (and (holding ?i) (not (handfree)) (increase (total-cost) 1)))
  (:action drop
    :parameters (?i - item ?r - room)
    :precondition (and (holding ?i) (robot-at ?r))
    :effect (and (not (holding ?i)) (handfree) (increase (total-cost) 1)))
  (:action light-others
    :parameters (?r - room)
    :precondition (and (robot-at ?r) (exists (?b - box) (at ?b ?r)))
    :effect (and (forall (?x - room) (when (not (= ?x ?r)) (lit ?x))) (increase (total-cost) 2))))
"""
ADL_PROBLEM = """(define (problem tidy) (:domain house)
  (:objects kitchen study - room book - item crate - box)
  (:init (robot-at hall) (at book hall) (at crate kitchen) (handfree)
         (door hall kitchen) (door kitchen study)
         (= (distance hall kitchen) 3) (= (distance kitchen hall) 3)
         (= (distance kitchen study) 2) (= (distance study kitchen) 2) (= (total-cost) 0))
  (:goal (and (at book study) (forall (?r - room) (imply (not (= ?r kitchen)) (lit ?r)))))
  (:metric minimize (total-cost)))
"""
ADL_PLAN = ["(pick book hall)", "(move hall kitchen)", "(light-others kitchen)", "(move kitchen study)",
            "(drop book study)"]  # costs 1 + 3 + 2 + 2 + 1

# `free` reads the derived `covered` negatively: it must wait until `covered` is complete.
DERIVED_DOMAIN = """(define (domain towers)
  (:requirements :adl :derived-predicates)
  (:predicates (on ?x ?y) (above ?x ?y) (covered ?x) (free ?x) (marked ?x))
  (:derived (above ?x ?y) (or (on ?x ?y) (exists (?z) (and (on ?x ?z) (above ?z ?y)))))
  (:derived (covered ?x) (exists (?y) (above ?y ?x)))
  (:derived (free ?x) (not (covered ?x)))
  (:action mark :parameters (?x) :precondition (and (free ?x) (not (marked ?x))) :effect (marked ?x)))
"""
DERIVED_PROBLEM = """(define (problem stack3) (:domain towers)
  (:objects a b c) (:init (on a b) (on b c)) (:goal (and (marked a) (above a c))))
"""


def plan_text(steps: list[str], cost: int | None = None) -> str:
    return "\n".join(steps) + "\n" + ("" if cost is None else f"; cost = {cost} (unit cost)\n")


def run(domain: str | Path, problem: str | Path, steps: list[str], cost: int | None = None) -> ValidationResult:
    return validate(parse_domain(domain), parse_problem(problem), parse_plan(plan_text(steps, cost)))


def without(steps: list[str], index: int) -> list[str]:
    return steps[:index] + steps[index + 1:]


def swapped(steps: list[str], i: int, j: int) -> list[str]:
    out = list(steps)
    out[i], out[j] = out[j], out[i]
    return out


# --------------------------------------------------------------------------- valid plans


@requires_benchmarks
def test_optimal_blocks_plan_is_valid_with_cost_6():
    result = run(BLOCKS / "domain.pddl", BLOCKS / "p01.pddl", BLOCKS_PLAN, cost=6)
    assert (result.valid, result.cost, result.steps_done, result.failed_step) == (True, 6, 6, None)
    assert result.diagnostics == ()


@requires_benchmarks
def test_gripper_plan_is_valid_with_cost_11():
    result = run(GRIPPER / "domain.pddl", GRIPPER / "p01.pddl", GRIPPER_PLAN)
    assert (result.valid, result.cost) == (True, 11)


def test_the_handmade_tasks_pass_check():
    for domain, problem in ((ADL_DOMAIN, ADL_PROBLEM), (DERIVED_DOMAIN, DERIVED_PROBLEM)):
        assert [d for d in check(parse_domain(domain), parse_problem(problem)) if d.is_error] == []


def test_adl_plan_is_valid_and_costs_the_sum_of_its_action_costs():
    result = run(ADL_DOMAIN, ADL_PROBLEM, ADL_PLAN)
    assert (result.valid, result.cost) == (True, 9), result.diagnostics


def test_conditional_forall_effect_moves_only_what_is_held():
    states = apply_plan(parse_domain(ADL_DOMAIN), parse_problem(ADL_PROBLEM), parse_plan(plan_text(ADL_PLAN[:2])))
    assert ("at", ("book", "kitchen")) in states[-1] and ("at", ("book", "hall")) not in states[-1]
    assert ("at", ("crate", "kitchen")) in states[-1]
    assert len(states) == 3 and ("holding", ("book",)) in states[1]


def test_adds_win_over_deletes():
    domain = ("(define (domain d) (:predicates (p) (q)) "
              "(:action flip :parameters () :effect (and (not (p)) (p) (q))))")
    problem = "(define (problem x) (:domain d) (:init (p)) (:goal (and (p) (q))))"
    assert run(domain, problem, ["(flip)"]).valid


def test_when_conditions_read_the_state_before_the_step():
    domain = ("(define (domain d) (:requirements :conditional-effects) (:predicates (p) (q)) "
              "(:action go :parameters () :effect (and (p) (when (p) (q)))))")
    problem = "(define (problem x) (:domain d) (:init) (:goal (q)))"
    assert not run(domain, problem, ["(go)"]).valid
    assert run(domain, problem, ["(go)", "(go)"]).valid


def test_derived_predicates_are_stratified():
    assert run(DERIVED_DOMAIN, DERIVED_PROBLEM, ["(mark a)"]).valid
    result = run(DERIVED_DOMAIN, DERIVED_PROBLEM, ["(mark c)"])
    assert result.diagnostics[0].message == "step 1 (mark c): precondition (free c) is false"


# A chain of CHAIN nodes, with edges listed backwards so that one pass over the head instances in
# order derives only the first step of each path; `from-start` reads `reach` through a constant.
CHAIN = 14
CHAIN_DOMAIN = """(define (domain paths)
  (:requirements :adl :derived-predicates)
  (:types node)
  (:constants start - node)
  (:predicates (edge ?x ?y - node) (reach ?x ?y - node) (from-start ?y - node) (done))
  (:derived (reach ?x ?y - node) (or (edge ?x ?y) (exists (?z - node) (and (edge ?x ?z) (reach ?z ?y)))))
  (:derived (from-start ?y - node) (reach start ?y))
  (:action finish :parameters () :precondition (from-start n%d) :effect (done)))
""" % (CHAIN - 1)


def chain_problem(edges: list[tuple[str, str]]) -> str:
    nodes = " ".join(f"n{i}" for i in range(1, CHAIN))
    init = " ".join(f"(edge {x} {y})" for x, y in reversed(edges))
    return (f"(define (problem chain) (:domain paths) (:objects {nodes} - node) (:init {init})"
            f" (:goal (and (done) (forall (?y - node) (imply (not (= ?y start)) (from-start ?y))))))")


def test_derived_closure_follows_long_chains_through_constants():
    names = ["start"] + [f"n{i}" for i in range(1, CHAIN)]
    edges = list(zip(names, names[1:]))
    assert run(CHAIN_DOMAIN, chain_problem(edges), ["(finish)"]).valid
    broken = run(CHAIN_DOMAIN, chain_problem(edges[:5] + edges[6:]), ["(finish)"])  # n5 -> n6 missing
    assert broken.diagnostics[0].message == f"step 1 (finish): precondition (from-start n{CHAIN - 1}) is false"


# --------------------------------------------------------------------------- corrupted plans

CORRUPTED_BLOCKS = {
    "first step removed": (without(BLOCKS_PLAN, 0), "V805", 1,
                           "step 1 (stack b a): precondition (holding b) is false"),
    "two steps swapped": (swapped(BLOCKS_PLAN, 2, 3), "V805", 3,
                          "step 3 (stack c b): precondition (holding c) is false"),
    "wrong arguments": ([*BLOCKS_PLAN[:2], "(pick-up a)", *BLOCKS_PLAN[3:]], "V805", 3,
                        "step 3 (pick-up a): precondition (clear a) is false"),
    "unknown action": (["(pickup b)", *BLOCKS_PLAN[1:]], "V801", 1,
                       "step 1 (pickup b): unknown action `pickup`"),
    "wrong arity": ([*BLOCKS_PLAN[:1], "(stack b)", *BLOCKS_PLAN[2:]], "V802", 2,
                    "step 2 (stack b): action `stack` takes 2 arguments, got 1"),
    "undeclared object": ([*BLOCKS_PLAN[:4], "(pick-up e)", *BLOCKS_PLAN[5:]], "V803", 5,
                          "step 5 (pick-up e): `e` is not an object or constant of the problem"),
    "stops before the goal": (BLOCKS_PLAN[:2], "V806", None,
                              "the goal is not satisfied after step 2: (on d c), (on c b) are false"),
}


@requires_benchmarks
@pytest.mark.parametrize("case", sorted(CORRUPTED_BLOCKS))
def test_corrupted_blocks_plan_is_rejected(case):
    steps, code, step, message = CORRUPTED_BLOCKS[case]
    result = run(BLOCKS / "domain.pddl", BLOCKS / "p01.pddl", steps)
    assert not result.valid
    assert (result.failed_step, [d.code for d in result.diagnostics]) == (step, [code])
    assert result.diagnostics[0].message == message
    assert result.diagnostics[0].severity.value == "error"


@requires_benchmarks
def test_step_diagnostics_point_at_the_step_with_hints_and_facts():
    result = run(BLOCKS / "domain.pddl", BLOCKS / "p01.pddl", CORRUPTED_BLOCKS["wrong arguments"][0])
    [d] = result.diagnostics
    assert (d.span.line, d.span.column, d.span.end_column) == (3, 1, 12)
    assert d.notes == ("true `clear` facts: (clear b), (clear c), (clear d)",)
    assert result.steps_done == 2 and result.cost == 2
    unknown = run(BLOCKS / "domain.pddl", BLOCKS / "p01.pddl", CORRUPTED_BLOCKS["unknown action"][0])
    assert unknown.diagnostics[0].hint == "did you mean `pick-up`?"


@requires_benchmarks
def test_unmet_goal_points_at_the_false_goal_atom():
    [d] = run(BLOCKS / "domain.pddl", BLOCKS / "p01.pddl", BLOCKS_PLAN[:4]).diagnostics
    assert d.message == "the goal is not satisfied after step 4: (on d c) is false"
    assert d.span.file.endswith("p01.pddl") and d.span.line == 6


def test_negative_precondition_is_named_with_its_not():
    result = run(ADL_DOMAIN, ADL_PROBLEM, ["(pick book hall)", "(drop book hall)", "(pick book hall)",
                                           "(pick book hall)"])
    assert result.diagnostics[0].message == "step 4 (pick book hall): precondition (handfree) is false"
    domain = ADL_DOMAIN.replace("(at ?i ?r) (handfree) (not (holding ?i))", "(at ?i ?r) (not (holding ?i))")
    result = run(domain, ADL_PROBLEM, ["(pick book hall)", "(pick book hall)"])
    assert result.diagnostics[0].message == "step 2 (pick book hall): precondition (not (holding book)) is false"


def test_equality_and_or_preconditions():
    [d] = run(ADL_DOMAIN, ADL_PROBLEM, ["(move hall hall)"]).diagnostics
    assert d.message == "step 1 (move hall hall): precondition (not (= hall hall)) is false"
    [d] = run(ADL_DOMAIN, ADL_PROBLEM, ["(move hall study)"]).diagnostics
    assert d.message == "step 1 (move hall study): precondition (or (door hall study) (door study hall)) is false"


def test_exists_precondition_and_forall_goal():
    [d] = run(ADL_DOMAIN, ADL_PROBLEM, ["(light-others hall)"]).diagnostics
    assert d.message.startswith("step 1 (light-others hall): precondition (exists (?b - box) (at ?b hall))")
    [d] = run(ADL_DOMAIN, ADL_PROBLEM, ADL_PLAN[:2] + ["(move kitchen study)", "(drop book study)"]).diagnostics
    assert d.message == "the goal is not satisfied after step 4: (lit hall) is false"  # the forall's first instance


def test_argument_of_the_wrong_type():
    [d] = run(ADL_DOMAIN, ADL_PROBLEM, ["(pick kitchen hall)"]).diagnostics
    assert d.code == "V804"
    assert d.message == ("step 1 (pick kitchen hall): `kitchen` is of type `room`, but parameter ?i of `pick` "
                         "needs `item`")
    assert run(ADL_DOMAIN, ADL_PROBLEM, ["(move hall kitchen)", "(pick crate kitchen)"]).failed_step is None


def test_declared_cost_that_differs_is_a_warning_only():
    result = run(ADL_DOMAIN, ADL_PROBLEM, ADL_PLAN, cost=5)
    assert result.valid and [(d.code, d.severity.value) for d in result.diagnostics] == [("V807", "warning")]
    assert result.diagnostics[0].message == "the plan file declares cost 5, but the plan costs 9"


def test_cost_fluent_without_a_value():
    problem = ADL_PROBLEM.replace("(= (distance hall kitchen) 3)", "")
    [d] = run(ADL_DOMAIN, problem, ADL_PLAN).diagnostics
    assert (d.code, d.message) == ("V808", "step 2 (move hall kitchen): the numeric fluent "
                                           "(distance hall kitchen) has no value")


def test_apply_plan_refuses_an_inapplicable_step():
    with pytest.raises(ValueError, match="step 1"):
        apply_plan(parse_domain(ADL_DOMAIN), parse_problem(ADL_PROBLEM), parse_plan("(drop book hall)"))


# --------------------------------------------------------------------------- unified-planning agrees


def _cross_cases() -> list[tuple[str, str | Path, str | Path, list[str]]]:
    blocks = [("blocks ok", BLOCKS_PLAN)] + [(f"blocks {k}", v[0]) for k, v in CORRUPTED_BLOCKS.items()
                                            if v[1] in ("V805", "V806")]
    gripper = [("gripper ok", GRIPPER_PLAN), ("gripper missing move", without(GRIPPER_PLAN, 2)),
               ("gripper same gripper twice", [GRIPPER_PLAN[0], "(pick ball2 rooma left)"])]
    adl = [("adl ok", ADL_PLAN), ("adl no light", without(ADL_PLAN, 2)),
           ("adl moves back", ADL_PLAN + ["(move study kitchen)"]), ("adl self-move", ["(move hall hall)"])]
    return ([(n, BLOCKS / "domain.pddl", BLOCKS / "p01.pddl", s) for n, s in blocks]
            + [(n, GRIPPER / "domain.pddl", GRIPPER / "p01.pddl", s) for n, s in gripper]
            + [(n, ADL_DOMAIN, ADL_PROBLEM, s) for n, s in adl])


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore:We cannot establish:UserWarning")  # UP's kind check on the ADL task
@requires_benchmarks
def test_unified_planning_agrees(tmp_path: Path):
    shortcuts = requires_extra("unified_planning.shortcuts")
    from unified_planning.engines import ValidationResultStatus
    from unified_planning.io import PDDLReader

    shortcuts.get_environment().credits_stream = None
    (tmp_path / "adl-domain.pddl").write_text(ADL_DOMAIN)
    (tmp_path / "adl-problem.pddl").write_text(ADL_PROBLEM)
    disagreements = []
    for name, domain, problem, steps in _cross_cases():
        if isinstance(domain, str):
            domain, problem = tmp_path / "adl-domain.pddl", tmp_path / "adl-problem.pddl"
        plan_file = tmp_path / "case.plan"
        plan_file.write_text(plan_text(steps))
        ours = validate(parse_domain(domain), parse_problem(problem), parse_plan(plan_file))
        reader = PDDLReader()
        up_problem = reader.parse_problem(str(domain), str(problem))
        up_plan = reader.parse_plan(up_problem, str(plan_file))
        with shortcuts.PlanValidator(name="sequential_plan_validator") as validator:
            theirs = validator.validate(up_problem, up_plan)
        up_valid = theirs.status == ValidationResultStatus.VALID
        up_cost = next(iter(theirs.metric_evaluations.values()), None) if theirs.metric_evaluations else None
        if ours.valid != up_valid or (up_cost is not None and ours.cost != up_cost):
            disagreements.append((name, ours.valid, ours.cost, up_valid, up_cost))
    assert disagreements == []


# --------------------------------------------------------------------------- the command line


@pytest.fixture
def blocks_plans(tmp_path: Path) -> tuple[Path, Path]:
    good, bad = tmp_path / "s.plan", tmp_path / "bad.plan"
    good.write_text(plan_text(BLOCKS_PLAN, cost=6))
    bad.write_text(plan_text(BLOCKS_PLAN[1:], cost=6))
    return good, bad


@requires_benchmarks
def test_cli_valid_plan(blocks_plans, capsys):
    good, _ = blocks_plans
    assert cli.main(["validate", str(BLOCKS / "domain.pddl"), str(BLOCKS / "p01.pddl"), str(good)]) == 0
    assert capsys.readouterr().out.strip() == "valid plan: 6 steps, cost 6"


@requires_benchmarks
def test_cli_first_step_removed_names_step_1(blocks_plans):
    _, bad = blocks_plans
    proc = run_cli("validate", str(BLOCKS / "domain.pddl"), str(BLOCKS / "p01.pddl"), str(bad))
    assert proc.returncode == 1
    out = proc.stdout.decode()
    assert f"{bad}:1:1: error[V805]: step 1 (stack b a): precondition (holding b) is false" in out
    assert "1 | (stack b a)" in out and out.rstrip().endswith("invalid plan: step 1 cannot be applied")
    assert "Traceback" not in proc.stderr.decode()


@requires_benchmarks
def test_cli_json_output(blocks_plans, capsys):
    good, bad = blocks_plans
    assert cli.main(["validate", "--format", "json", str(BLOCKS / "domain.pddl"), str(BLOCKS / "p01.pddl"),
                     str(bad)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"valid", "cost", "steps", "failed_step", "diagnostics"}
    assert (data["valid"], data["cost"], data["steps"], data["failed_step"]) == (False, 0, 5, 1)
    assert [(d["code"], d["line"], d["column"]) for d in data["diagnostics"]] == [("V805", 1, 1)]
    assert cli.main(["validate", "--format", "json", str(BLOCKS / "domain.pddl"), str(BLOCKS / "p01.pddl"),
                     str(good)]) == 0
    assert json.loads(capsys.readouterr().out) == {"valid": True, "cost": 6, "steps": 6, "failed_step": None,
                                                   "diagnostics": []}


@requires_benchmarks
def test_cli_usage_and_io_errors_exit_2(blocks_plans, tmp_path, capsys):
    good, _ = blocks_plans
    domain, problem = str(BLOCKS / "domain.pddl"), str(BLOCKS / "p01.pddl")
    assert cli.main(["validate", domain, problem, str(tmp_path / "missing.plan")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert cli.main(["validate", problem, domain, str(good)]) == 2
    assert "is not a domain" in capsys.readouterr().err


@requires_benchmarks
def test_cli_broken_files_exit_1_with_diagnostics(tmp_path, capsys):
    plan = tmp_path / "broken.plan"
    plan.write_text("(pick-up b\n")
    assert cli.main(["validate", str(BLOCKS / "domain.pddl"), str(BLOCKS / "p01.pddl"), str(plan)]) == 1
    out = capsys.readouterr().out
    assert "error[E102]" in out and out.rstrip().endswith("not validated: the task has errors")
    domain = tmp_path / "domain.pddl"
    domain.write_text(ADL_DOMAIN.replace("(at ?i ?r) (handfree)", "(at ?i ?r) (handfre)"))
    problem = tmp_path / "problem.pddl"
    problem.write_text(ADL_PROBLEM)
    plan.write_text(plan_text(ADL_PLAN))
    assert cli.main(["validate", str(domain), str(problem), str(plan)]) == 1
    assert "error[E201]" in capsys.readouterr().out
