"""Problem equivalence judged against its definition on fixtures built the way Planetarium builds its own (one
initial state per domain, goals written fully or partly specified, padded with facts true in every goal state,
reordered, renamed, or changed), in four domains: blocksworld, gripper, floor-tile and rovers. Every pair of goals
and a few changed initial states are compared; the truth comes from ``tests/problem_truth.py`` (pyperplan's
grounding, every reachable state, every renaming of objects). A verdict may never be wrong, none may be "unknown"
on problems this small, and each "not equivalent" comes with its evidence: a plan from the shared start that our
validator finds reaching one goal and not the other, or, when the initial states differ, facts that differ."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import pytest

from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.compiler.validate import validate
from agentgen_sym.equiv import EquivBudget, Kind, equiv_problems
from tests.conftest import BENCHMARKS, requires_benchmarks, requires_extra
from tests.problem_truth import Problem, equivalent

FLOOR_TILE = """(define (domain floor-tile) (:requirements :typing)
  (:types robot tile color)
  (:predicates (robot-at ?r - robot ?x - tile) (up ?x - tile ?y - tile) (right ?x - tile ?y - tile)
               (clear ?x - tile) (painted ?x - tile ?c - color) (robot-has ?r - robot ?c - color)
               (available-color ?c - color))
  (:action change-color :parameters (?r - robot ?c - color ?c2 - color)
    :precondition (and (robot-has ?r ?c) (available-color ?c2))
    :effect (and (not (robot-has ?r ?c)) (robot-has ?r ?c2)))
  (:action paint-up :parameters (?r - robot ?y - tile ?x - tile ?c - color)
    :precondition (and (robot-has ?r ?c) (robot-at ?r ?x) (up ?y ?x) (clear ?y))
    :effect (and (not (clear ?y)) (painted ?y ?c)))
  (:action paint-down :parameters (?r - robot ?y - tile ?x - tile ?c - color)
    :precondition (and (robot-has ?r ?c) (robot-at ?r ?x) (up ?x ?y) (clear ?y))
    :effect (and (not (clear ?y)) (painted ?y ?c)))
  (:action go-up :parameters (?r - robot ?x - tile ?y - tile)
    :precondition (and (robot-at ?r ?x) (up ?y ?x) (clear ?y))
    :effect (and (robot-at ?r ?y) (not (robot-at ?r ?x)) (clear ?x) (not (clear ?y))))
  (:action go-down :parameters (?r - robot ?x - tile ?y - tile)
    :precondition (and (robot-at ?r ?x) (up ?x ?y) (clear ?y))
    :effect (and (robot-at ?r ?y) (not (robot-at ?r ?x)) (clear ?x) (not (clear ?y))))
  (:action go-right :parameters (?r - robot ?x - tile ?y - tile)
    :precondition (and (robot-at ?r ?x) (right ?y ?x) (clear ?y))
    :effect (and (robot-at ?r ?y) (not (robot-at ?r ?x)) (clear ?x) (not (clear ?y))))
  (:action go-left :parameters (?r - robot ?x - tile ?y - tile)
    :precondition (and (robot-at ?r ?x) (right ?x ?y) (clear ?y))
    :effect (and (robot-at ?r ?y) (not (robot-at ?r ?x)) (clear ?x) (not (clear ?y)))))"""
"""A floor-tile domain in the IPC 2011 form, costs left out: a robot paints the tile above or below it and may
not stand on a painted one."""


@dataclass(frozen=True)
class Fixture:
    """One domain's fixtures: its file, objects by type, initial states (the first is the shared one) and goals."""

    domain: str
    objects: dict[str, str]
    inits: tuple[str, ...]
    goals: tuple[str, ...]


BLOCKS = Fixture("blocks", dict.fromkeys("abcd", "object"), (
    "(ontable a) (on b a) (clear b) (ontable c) (clear c) (ontable d) (clear d) (handempty)",
    "(ontable a) (clear a) (ontable c) (clear c) (ontable d) (clear d) (holding b)",
    "(ontable a) (on b a) (clear b) (ontable c) (on d c) (clear d) (handempty)"), (
    "(on a b) (on b c) (on c d)",
    "(on a b) (on b c) (on c d) (ontable d) (clear a) (handempty)",
    "(on c d) (on b c) (on a b) (clear a)",
    "(on a b) (on b c) (on c d) (not (holding a)) (not (clear d))",
    "(on a b) (on c d) (ontable b) (ontable d)",
    "(on c d) (ontable b) (on a b) (ontable d) (clear c) (clear a) (handempty)",
    "(on a b)",
    "(on a b) (on c d)",
    "(on a b) (handempty)",
    "(holding a)",
    "(ontable a) (ontable b) (ontable c) (ontable d)",
    "(clear a) (clear b) (clear c) (clear d)",
    "(on b a) (on b c)"))

GRIPPER = Fixture("gripper", dict.fromkeys(["ra", "rb", "left", "right", "b0", "b1"], "object"), (
    "(room ra) (room rb) (gripper left) (gripper right) (ball b0) (ball b1) (free left) (free right) "
    "(at-robby ra) (at b0 ra) (at b1 ra)",
    "(room ra) (room rb) (gripper left) (gripper right) (ball b0) (ball b1) (free left) (free right) "
    "(at-robby rb) (at b0 ra) (at b1 ra)"), (
    "(at b0 rb) (at b1 rb)",
    "(at b1 rb) (at b0 rb) (free left) (free right)",
    "(at b0 rb) (at b1 rb) (not (carry b0 left)) (not (at b1 ra))",
    "(at b0 rb) (at b1 rb) (at-robby rb)",
    "(at b0 rb)",
    "(at b0 rb) (at b1 ra)",
    "(carry b0 left) (carry b1 right)",
    "(carry b0 left) (carry b1 right) (not (free left))",
    "(carry b0 left) (at-robby rb)"))

FLOOR = Fixture("floor-tile", {"r1": "robot", "t11": "tile", "t12": "tile", "t21": "tile", "t22": "tile",
                               "white": "color", "black": "color"}, (
    "(up t21 t11) (up t22 t12) (right t12 t11) (right t22 t21) (robot-at r1 t11) (clear t12) (clear t21) "
    "(clear t22) (robot-has r1 white) (available-color white) (available-color black)",
    "(up t21 t11) (up t22 t12) (right t12 t11) (right t22 t21) (robot-at r1 t12) (clear t11) (clear t21) "
    "(clear t22) (robot-has r1 white) (available-color white) (available-color black)"), (
    "(painted t21 white) (painted t22 black)",
    "(painted t22 black) (painted t21 white) (not (clear t21)) (not (clear t22)) (not (painted t21 black))",
    "(painted t21 black) (painted t22 white)",
    "(painted t21 white)",
    "(painted t21 white) (painted t22 white)",
    "(painted t21 white) (painted t22 black) (robot-at r1 t12)",
    "(painted t21 white) (painted t22 black) (robot-has r1 black)",
    "(painted t11 black)"))

ROVERS = Fixture("rovers", {"general": "lander", "colour": "mode", "rover0": "rover", "store0": "store",
                            "w0": "waypoint", "w1": "waypoint", "w2": "waypoint", "cam0": "camera",
                            "obj0": "objective"}, (
    "(visible w0 w1) (visible w1 w0) (visible w1 w2) (visible w2 w1) (visible w0 w2) (visible w2 w0) "
    "(can_traverse rover0 w0 w1) (can_traverse rover0 w1 w0) (can_traverse rover0 w1 w2) "
    "(can_traverse rover0 w2 w1) (at_soil_sample w1) (at_rock_sample w2) (at_lander general w0) "
    "(channel_free general) (at rover0 w0) (available rover0) (store_of store0 rover0) (empty store0) "
    "(equipped_for_soil_analysis rover0) (equipped_for_rock_analysis rover0) (equipped_for_imaging rover0) "
    "(calibration_target cam0 obj0) (on_board cam0 rover0) (supports cam0 colour) (visible_from obj0 w1)",
    "(visible w0 w1) (visible w1 w0) (visible w1 w2) (visible w2 w1) (visible w0 w2) (visible w2 w0) "
    "(can_traverse rover0 w0 w1) (can_traverse rover0 w1 w0) (can_traverse rover0 w1 w2) "
    "(can_traverse rover0 w2 w1) (at_soil_sample w1) (at_soil_sample w2) (at_lander general w0) "
    "(channel_free general) (at rover0 w0) (available rover0) (store_of store0 rover0) (empty store0) "
    "(equipped_for_soil_analysis rover0) (equipped_for_rock_analysis rover0) (equipped_for_imaging rover0) "
    "(calibration_target cam0 obj0) (on_board cam0 rover0) (supports cam0 colour) (visible_from obj0 w1)"), (
    "(communicated_soil_data w1)",
    "(communicated_soil_data w1) (not (at_soil_sample w1)) (have_soil_analysis rover0 w1)",
    "(communicated_soil_data w1) (empty store0)",
    "(communicated_rock_data w2)",
    "(communicated_rock_data w2) (communicated_soil_data w1)",
    "(communicated_image_data obj0 colour)",
    "(communicated_image_data obj0 colour) (have_image rover0 obj0 colour)",
    "(communicated_soil_data w1) (at rover0 w0)"))

FIXTURES = {"blocks": BLOCKS, "gripper": GRIPPER, "floor-tile": FLOOR, "rovers": ROVERS}


def _domain_file(fixture: Fixture, folder: Path) -> Path:
    if fixture.domain == "floor-tile":
        path = folder / "floor-tile.pddl"
        path.write_text(FLOOR_TILE)
        return path
    return BENCHMARKS / fixture.domain / "domain.pddl"


def _text(fixture: Fixture, domain: str, init: str, goal: str, names: dict[str, str]) -> str:
    """The problem of ``domain`` in PDDL, each object renamed by ``names``."""
    declared = " ".join(f"{o} - {t}" if t != "object" else o for o, t in fixture.objects.items())
    text = f"(define (problem p) (:domain {domain}) (:objects {declared}) (:init {init}) (:goal (and {goal})))"
    return re.sub(r"(?<=[ (])([\w-]+)(?=[ )])", lambda m: names.get(m.group(1), m.group(1)), text)


def _pairs(fixture: Fixture):
    """(init, goal) of the first and second problem and the second's renaming: every pair of goals from the
    shared initial state (each also against itself), the second renamed on every other pair; and each goal from
    the shared initial state against the first goal from each other initial state."""
    rng = random.Random(fixture.domain)
    shuffled = lambda: dict(zip(fixture.objects, rng.sample(list(fixture.objects), len(fixture.objects))))
    renamed = lambda: {o: f"{image}-x" for o, image in shuffled().items()}
    shared = fixture.inits[0]
    for k, (g, h) in enumerate([*combinations(fixture.goals, 2), *((g, g) for g in fixture.goals)]):
        yield (shared, g), (shared, h), renamed() if k % 2 else {}
    for other in fixture.inits[1:]:
        for g in fixture.goals[:3]:
            yield (shared, g), (other, g), renamed()


@requires_benchmarks
@pytest.mark.parametrize("name", FIXTURES)
def test_problem_verdicts_on_planetarium_style_fixtures_are_never_wrong(name, tmp_path):
    requires_extra("pyperplan")
    fixture = FIXTURES[name]
    domain_file = _domain_file(fixture, tmp_path)
    domain = parse_domain(domain_file.read_text())
    truths: dict[tuple, Problem] = {}
    verdicts = {True: 0, False: 0}
    for (init_p, goal_p), (init_q, goal_q), names in _pairs(fixture):
        p_text, q_text = _text(fixture, domain.name, init_p, goal_p, {}), _text(fixture, domain.name, init_q, goal_q, names)
        for text, objects in ((p_text, fixture.objects), (q_text, {names.get(o, o): t for o, t in fixture.objects.items()})):
            if text not in truths:
                problem_text = re.search(r"\(:init (.*)\) \(:goal \(and (.*)\)\)\)$", text)
                truths[text] = Problem(domain_file, objects, problem_text.group(1), problem_text.group(2))
        truth = equivalent(truths[p_text], truths[q_text])
        p, q = parse_problem(p_text), parse_problem(q_text)
        verdict = equiv_problems(domain, p, q, EquivBudget(states=20_000))
        said = f"{name}: {goal_p} | {goal_q} (init {'same' if init_p == init_q else 'changed'}): {verdict.reason}"
        assert verdict.kind is (Kind.EQUIVALENT if truth else Kind.NOT_EQUIVALENT), said
        verdicts[truth] += 1
        if truth:
            continue
        c = verdict.counterexample
        if init_p != init_q:
            assert c is not None or verdict.state, said  # the facts where the initial states part
        else:
            assert c is not None and c.plan_a.steps, said
            checks = validate(domain, c.problem_a, c.plan_a).valid, validate(domain, c.problem_b, c.plan_b).valid
            assert checks == (c.valid_in == "a", c.valid_in == "b"), said
    assert verdicts[True] >= 3 and verdicts[False] >= 10, verdicts  # both answers are exercised
