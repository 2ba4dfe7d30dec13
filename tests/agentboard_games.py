"""Small stand-ins for AgentBoard's four PDDL games (blockworld, gripper, barman, tyreworld), written for the tests.

The domains have AgentBoard's action and predicate names and parameter orders
(``agentboard/environment/pddl_env/pddlgym/pddl/<game>.pddl`` in hkust-nlp/AgentBoard), so its
templates apply; barman keeps only the shot-glass actions and tyreworld declares ``in`` with
the argument order its problems use. ``SOURCE`` is a cut-down ``pddl_env.py``: the entries of
its ``predicate_map`` (lines 273-368) that these games use, in its order, duplicates included,
and two ``description_map`` entries, so the import is tested on the form AgentBoard writes.
"""

from __future__ import annotations

from pathlib import Path

from agentgen_sym.compiler.parser import parse_domain
from agentgen_sym.env.agentboard import AGENTBOARD_FILE, import_agentboard

BLOCKWORLD = """
(define (domain blocksworld-4ops)
  (:requirements :strips)
  (:predicates (clear ?x) (on-table ?x) (arm-empty) (holding ?x) (on ?x ?y))
  (:action pickup :parameters (?ob)
    :precondition (and (clear ?ob) (on-table ?ob) (arm-empty))
    :effect (and (holding ?ob) (not (clear ?ob)) (not (on-table ?ob)) (not (arm-empty))))
  (:action putdown :parameters (?ob)
    :precondition (holding ?ob)
    :effect (and (clear ?ob) (arm-empty) (on-table ?ob) (not (holding ?ob))))
  (:action stack :parameters (?ob ?underob)
    :precondition (and (clear ?underob) (holding ?ob))
    :effect (and (arm-empty) (clear ?ob) (on ?ob ?underob) (not (clear ?underob)) (not (holding ?ob))))
  (:action unstack :parameters (?ob ?underob)
    :precondition (and (on ?ob ?underob) (clear ?ob) (arm-empty))
    :effect (and (holding ?ob) (clear ?underob) (not (on ?ob ?underob)) (not (clear ?ob)) (not (arm-empty)))))
"""
BLOCKWORLD_PROBLEM = """
(define (problem two-moves) (:domain blocksworld-4ops)
  (:objects b1 b2 b3)
  (:init (on-table b1) (on-table b2) (on b3 b1) (clear b3) (clear b2) (arm-empty))
  (:goal (and (on b2 b3) (on b3 b1))))
"""

GRIPPER = """
(define (domain gripper-strips)
  (:predicates (room ?r) (ball ?b) (gripper ?g) (at-robby ?r) (at ?b ?r) (free ?g) (carry ?o ?g))
  (:action move :parameters (?from ?to)
    :precondition (and (room ?from) (room ?to) (at-robby ?from))
    :effect (and (at-robby ?to) (not (at-robby ?from))))
  (:action pick :parameters (?obj ?room ?gripper)
    :precondition (and (ball ?obj) (room ?room) (gripper ?gripper) (at ?obj ?room) (at-robby ?room) (free ?gripper))
    :effect (and (carry ?obj ?gripper) (not (at ?obj ?room)) (not (free ?gripper))))
  (:action drop :parameters (?obj ?room ?gripper)
    :precondition (and (ball ?obj) (room ?room) (gripper ?gripper) (carry ?obj ?gripper) (at-robby ?room))
    :effect (and (at ?obj ?room) (free ?gripper) (not (carry ?obj ?gripper)))))
"""
GRIPPER_PROBLEM = """
(define (problem one-ball) (:domain gripper-strips)
  (:objects rooma roomb ball1 left right)
  (:init (room rooma) (room roomb) (ball ball1) (gripper left) (gripper right) (at-robby rooma)
         (at ball1 rooma) (free left) (free right))
  (:goal (and (at ball1 roomb))))
"""

BARMAN = """
(define (domain barman)
  (:requirements :strips :typing)
  (:types hand level beverage dispenser container - object
          ingredient cocktail - beverage
          shot shaker - container)
  (:predicates (ontable ?c - container) (holding ?h - hand ?c - container) (handempty ?h - hand)
               (empty ?c - container) (contains ?c - container ?b - beverage) (clean ?c - container)
               (used ?c - container ?b - beverage) (dispenses ?d - dispenser ?i - ingredient))
  (:action grasp :parameters (?h - hand ?c - container)
    :precondition (and (ontable ?c) (handempty ?h))
    :effect (and (not (ontable ?c)) (not (handempty ?h)) (holding ?h ?c)))
  (:action leave :parameters (?h - hand ?c - container)
    :precondition (holding ?h ?c)
    :effect (and (not (holding ?h ?c)) (handempty ?h) (ontable ?c)))
  (:action fill-shot :parameters (?s - shot ?i - ingredient ?h1 - hand ?h2 - hand ?d - dispenser)
    :precondition (and (holding ?h1 ?s) (handempty ?h2) (dispenses ?d ?i) (empty ?s) (clean ?s))
    :effect (and (not (empty ?s)) (contains ?s ?i) (not (clean ?s)) (used ?s ?i)))
  (:action refill-shot :parameters (?s - shot ?i - ingredient ?h1 - hand ?h2 - hand ?d - dispenser)
    :precondition (and (holding ?h1 ?s) (handempty ?h2) (dispenses ?d ?i) (empty ?s) (used ?s ?i))
    :effect (and (not (empty ?s)) (contains ?s ?i)))
  (:action empty-shot :parameters (?h - hand ?p - shot ?b - beverage)
    :precondition (and (holding ?h ?p) (contains ?p ?b))
    :effect (and (not (contains ?p ?b)) (empty ?p)))
  (:action clean-shot :parameters (?s - shot ?b - beverage ?h1 - hand ?h2 - hand)
    :precondition (and (holding ?h1 ?s) (handempty ?h2) (empty ?s) (used ?s ?b))
    :effect (and (not (used ?s ?b)) (clean ?s))))
"""
BARMAN_PROBLEM = """
(define (problem one-shot) (:domain barman)
  (:objects left right - hand shot1 - shot ingredient1 - ingredient dispenser1 - dispenser)
  (:init (ontable shot1) (clean shot1) (empty shot1) (handempty left) (handempty right)
         (dispenses dispenser1 ingredient1))
  (:goal (and (contains shot1 ingredient1))))
"""

TYREWORLD = """
(define (domain tyreworld)
  (:requirements :strips :typing)
  (:types obj - object tool wheel nut - obj container hub - object)
  (:constants wrench pump jack - tool)
  (:predicates (isopen ?x - container) (closed ?x - container) (have ?x - obj) (in ?x - obj ?y - container)
               (loose ?x - nut ?y - hub) (tight ?x - nut ?y - hub) (unlocked ?x - container)
               (on-ground ?x - hub) (not-on-ground ?x - hub) (inflated ?x - wheel) (not-inflated ?x - wheel)
               (fastened ?x - hub) (unfastened ?x - hub) (free ?x - hub) (on ?x - wheel ?y - hub)
               (intact ?x - wheel))
  (:action open :parameters (?x - container)
    :precondition (and (unlocked ?x) (closed ?x)) :effect (and (isopen ?x) (not (closed ?x))))
  (:action close :parameters (?x - container)
    :precondition (isopen ?x) :effect (and (closed ?x) (not (isopen ?x))))
  (:action fetch :parameters (?x - obj ?y - container)
    :precondition (and (in ?x ?y) (isopen ?y)) :effect (and (have ?x) (not (in ?x ?y))))
  (:action put-away :parameters (?x - obj ?y - container)
    :precondition (and (have ?x) (isopen ?y)) :effect (and (in ?x ?y) (not (have ?x))))
  (:action loosen :parameters (?x - nut ?y - hub)
    :precondition (and (have wrench) (tight ?x ?y) (on-ground ?y)) :effect (and (loose ?x ?y) (not (tight ?x ?y))))
  (:action inflate :parameters (?x - wheel)
    :precondition (and (have pump) (not-inflated ?x) (intact ?x))
    :effect (and (inflated ?x) (not (not-inflated ?x)))))
"""
TYREWORLD_PROBLEM = """
(define (problem tyreworld-1) (:domain tyreworld)
  (:objects the-hub1 - hub nuts1 - nut boot - container r1 w1 - wheel)
  (:init (in jack boot) (in pump boot) (in wrench boot) (unlocked boot) (closed boot) (intact r1) (in r1 boot)
         (not-inflated r1) (on w1 the-hub1) (on-ground the-hub1) (tight nuts1 the-hub1) (fastened the-hub1))
  (:goal (and (inflated r1) (unlocked boot))))
"""

SOURCE = '''
import os

predicate_map = {
    # Blocks
    "on": "{} is on {}.",
    "clear": "{} is clear.",
    "arm-empty": "Your arm is empty.",
    "holding": "You are holding {}.",
    "on-table": "{} is on the table.",
    "putdown": "Putdown {}.",
    "stack": "Stack {} on {}.",
    "pickup": "Pickup {}.",
    "unstack": "Unstack {} from {}.",
    # tyreworld
    "isopen": "{} is open.",
    "closed": "{} is closed.",
    "have": "You have {}.",
    "in": "{} is in {}.",
    "loose": "The nut {} on the hub {} is loose.",
    "tight": "The nut {} on the hub {} is tight.",
    "unlocked": "{} is unlocked.",
    "on-ground": "Hub {} is on the ground.",
    "not-on-ground": "Hub {} is not on the ground.",
    "inflated": "Wheel {} is inflated.",
    "not-inflated": "Wheel {} is not inflated.",
    "fastened": "Hub {} is fastened.",
    "unfastened": "Hub {} is unfastened.",
    "free": "Hub {} is free.",
    "on": "{} is on {}.",
    "intact": "Wheel {} is intact.",
    "open": "Open {}.",
    "close": "Close {}.",
    "fetch": "Fetch {} from {}.",
    "put-away": "Put-away {} in {}.",
    "loosen": "Loosen the nut {} on the hub {}.",
    "inflate": "Inflate the wheel {}.",
    # hanoi
    "clear": "The {} is clear.",
    "move": "Move {} to {}.",
    # gripper
    "ball": "{} is a ball. ",
    "gripper": "{} is a gripper. ",
    "at-robby": "Robby is at {}. ",
    "at": "{} is at {}. ",
    "free": "{} is free. ",
    "carry": "{} is carrying {}. ",
    "move": "Move from {} to {}. ",
    "pick": "Pick up {} at {} with arm {}. ",
    # barman
    "ontable": "{} is on the table. ",
    "holding": "You are holding {}. ",
    "empty": "{} is empty. ",
    "contains": "{} contains {}. ",
    "clean": "{} is clean. ",
    "used": "Pour {} from a shot glass to a used shaker {}",
    "dispenses": "{} dispenses {}. ",
    "grasp": "{} grasp {}. ",
    "leave": "{} leave {}. ",
    "fill-shot": "fill-shot glass {} with {} with {} and {} holding {}. ",
    "refill-shot": "refill-shot {} with {} with {} and {} holding {}. ",
    "empty-shot": "use hand {} to empty-shot glass {} with beverage {}. ",
    "clean-shot": "clean-shot glass {} with {} with hand {} holding shot glass and {}. ",
}

description_map = {
    "blocks": \'\'\'
    The robot has four actions: pickup, putdown, stack, and unstack.
    \'\'\',
    "gripper": \'\'\'
    You are a robot with a gripper that can move objects between different rooms.
    \'\'\',
}
'''

GAMES = {"blockworld": (BLOCKWORLD, BLOCKWORLD_PROBLEM), "gripper": (GRIPPER, GRIPPER_PROBLEM),
         "barman": (BARMAN, BARMAN_PROBLEM), "tyreworld": (TYREWORLD, TYREWORLD_PROBLEM)}


def write_game(folder: Path, game: str) -> tuple[Path, Path]:
    """``folder/domain.pddl``, ``folder/p01.pddl`` and AgentBoard's wording ``folder/agentboard.json``."""
    import json

    domain_text, problem_text = GAMES[game]
    folder.mkdir(parents=True, exist_ok=True)
    domain_path, problem_path = folder / "domain.pddl", folder / "p01.pddl"
    domain_path.write_text(domain_text)
    problem_path.write_text(problem_text)
    imported = import_agentboard(SOURCE, game, parse_domain(domain_text))
    (folder / AGENTBOARD_FILE).write_text(json.dumps(imported.as_json("tests/agentboard_games.py"), indent=2))
    return domain_path, problem_path
