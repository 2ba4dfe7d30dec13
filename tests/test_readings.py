"""Derived English read from meaning (issue 53): a denied fact's verb carries the denial (wording/negation.py) in
goals, thoughts, recovery hints and the rules alike ("it is not true that" is left to a text with no verb); a
predicate named by a verb reads as one; a move reads from its start to its end (wording/phrasing.py)."""

from __future__ import annotations

import re

import pytest

from agentgen_sym import parse_domain, parse_problem
from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.env import TextEnv
from agentgen_sym.export.negatives import _recovery
from agentgen_sym.wording.negation import negate
from agentgen_sym.wording.rules import domain_rules
from agentgen_sym.wording.templates import Templates

from .conftest import BENCHMARKS, ROOT, requires_benchmarks


@pytest.mark.parametrize("template, denied", [
    ("{0} is dry", "{0} is not dry"),  # a form of "be" takes "not"
    ("The hand is empty", "The hand is not empty"),
    ("the technician's hands are full", "the technician's hands are not full"),
    ("the suits of {0} is {1}", "the suits of {0} is not {1}"),  # "suits" here is no verb: it follows no subject
    ("there is a road from {0} to {1}", "there is no road from {0} to {1}"),
    ("{0} has been spun", "{0} has not been spun"),  # "has" before a participle is an auxiliary
    ("{0} has a flat tyre", "{0} does not have a flat tyre"),  # ... else the verb itself
    ("{0} prefers {1}", "{0} does not prefer {1}"),  # a third-person verb: "does not" and its base form
    ("{0} lies on {1}", "{0} does not lie on {1}"),  # from the lexicon, not a suffix rule ("ly")
    ("{0} carries {1}", "{0} does not carry {1}"),
    ("{0} can traverse {1}", "{0} cannot traverse {1}"),
    ("{0} must be {1}", "{0} must not be {1}"),
    ("{0} does not exist", "{0} exists"),  # a denial undone
    ("{0} is not ready", "{0} is ready"),
    ("{0} cannot reach {1}", "{0} can reach {1}"),
])
def test_the_verb_carries_the_denial(template, denied):
    assert negate(template) == denied
    assert negate(denied) == template  # denying twice gives the fact back


@pytest.mark.parametrize("template", ["hand empty", "{0} {1}", "the colour of {0}"])
def test_a_text_with_no_verb_has_no_denial(template):
    assert negate(template) is None


DOMAIN = """(define (domain dishes)
  (:requirements :strips :typing :negative-preconditions)
  (:types robot dish place)
  (:predicates (tap-on) (dirty ?d - dish) (prefers ?r - robot ?p - place) (at ?r - robot ?p - place)
               (hand-empty))
  (:action wash :parameters (?r - robot ?d - dish ?p - place)
    :precondition (and (at ?r ?p) (dirty ?d) (not (tap-on)))
    :effect (and (not (dirty ?d))))
  (:action open-tap :parameters (?r - robot)
    :precondition (and (not (tap-on)) (hand-empty))
    :effect (tap-on))
  (:action close-tap :parameters (?r - robot)
    :precondition (tap-on)
    :effect (not (tap-on))))"""
PROBLEM = """(define (problem p) (:domain dishes)
  (:objects robby - robot plate - dish sink shelf - place)
  (:init (at robby sink) (dirty plate) (tap-on) (prefers robby shelf) (hand-empty))
  (:goal (and (not (dirty plate)) (not (tap-on)) (not (prefers robby sink)))))"""


def test_goals_hints_and_rules_deny_inside_the_clause():
    domain = parse_domain(DOMAIN)
    templates = Templates.for_domain(domain)
    env = TextEnv(compile_task(domain, parse_problem(PROBLEM)), templates)
    env.reset()
    goal = env.goal_text()
    assert "plate is not dirty" in goal and "robby does not prefer sink" in goal
    assert "not true that" not in goal
    assert "the tap is not on" in goal  # in lower case inside the sentence
    rules = domain_rules(templates)
    assert "?d is dirty and the tap is not on" in rules and "not true that" not in rules
    wash = next(op for op, action in enumerate(env.task.actions) if action.action == "wash")
    assert "it requires that the tap is not on, which" in _recovery(env, wash)


def test_a_verbless_fact_keeps_the_long_form_in_lower_case():
    domain = parse_domain(DOMAIN)
    templates = Templates.for_domain(domain)
    plain = Templates(domain, {**templates.predicates, "hand-empty": "The empty hand"}, templates.actions)
    assert plain.negated_fact("hand-empty", ()) == "it is not true that the empty hand"


@pytest.mark.parametrize("name, arity, reading, types", [(*case, ("a", "b"))[:4] for case in [
    ("prefers", 2, "{0} prefers {1}"),  # a verb the hand list lacks, by the lexicon: never "the prefers of {0}"
    ("suits", 2, "{0} suits {1}"),  # a noun too, but a relation of two things reads as the verb
    ("carries-spare", 1, "{0} carries the spare"),  # a verb's object named by the name takes its article
    ("understands_theme", 1, "{0} understands the theme"),
    ("has-key", 1, "{0} has a key"),  # "has" takes "a" ...
    ("has-crackers", 1, "{0} has crackers"),  # ... but a plural none
    ("isflour", 1, "{0} is flour"),  # nor a mass noun: the lexicon's first plural of "flour" is itself
    ("attendant", 1, "{0} is an attendant"),  # the lexicon knows it as a noun, whatever its ending
    ("IS-GOAL", 1, "{0} is a goal"),
    ("shaked", 1, "{0} is shaken"),  # a misspelt participle, the lexicon's form
    ("unshaked", 1, "{0} is unshaken"),
    ("equipped_for_imaging", 1, "{0} is equipped for imaging"),  # a participle and its preposition: never
    ("going_up", 1, "{0} is going up"),  # "the for imaging of {0} is equipped", "the going of {0} is up"
    ("visible_from", 2, "{0} is visible from {1}"),  # an adjective and its preposition: never "the visible of"
    ("bedin", 2, "{0} is in {1}", ("bed", "ward")),  # "bed" is no participle though it ends in -ed
    ("calibration_target", 2, "the calibration target of {0} is {1}"),  # a relational noun of two words
    ("have-chips", 0, "you have chips"),  # what the player has
    ("counter-at-zero", 0, "the counter is at zero"),  # a thing placed
    ("empty-ferry", 0, "the ferry is empty"),  # an adjective before its noun
    ("suspected-infringement", 0, "infringement is suspected"),  # a participle first
    ("owner", 2, "the owner of {0} is {1}"),  # a relational noun keeps "of"
    ("fragile", 1, "{0} is fragile"),  # the lexicon knows it only as an adjective: never "a fragile"
    ("ball", 1, "{0} is a ball"),  # a kind
    ("plane", 1, "{0} is a plane"),  # an adjective too, but a predicate no action changes is a kind
    ("waiting", 1, "{0} is waiting"),  # an intransitive -ing word: never "is being waiting"
    ("holding", 1, "{0} is being held"),  # ... while the hand's "holding" is passive
    ("nextto", 2, "{0} is next to {1}"),  # a glued relation: never "the next of {0} is to {1}"
    ("movie-rewound", 0, "The movie is rewound"),  # a flag named by a participle: a clause, never "movie rewound"
]])
def test_a_predicate_reads_by_its_part_of_speech(name, arity, reading, types):
    from agentgen_sym.wording.templates import derive_predicate

    assert derive_predicate(name, arity, types[:arity]) == reading


def test_a_state_that_actions_change_reads_as_an_adjective():
    """``whole`` is a noun and an adjective: a predicate that an action deletes is a state, so "{0} is whole"."""
    domain = parse_domain("""(define (domain bakery) (:requirements :strips)
      (:predicates (whole ?x) (loaf ?x))
      (:action slice :parameters (?x) :precondition (and (whole ?x) (loaf ?x)) :effect (not (whole ?x))))""")
    templates = Templates.for_domain(domain)
    assert templates.predicates["whole"] == "{0} is whole"
    assert templates.predicates["loaf"] == "{0} is a loaf"


ROBOT = """(define (domain errands)
  (:requirements :strips :typing)
  (:types robot place shelf book segment crate)
  (:predicates (robotat ?r - robot ?l - place) (on-shelf ?b - book ?s - shelf) (hoist-at ?h - robot ?l - place)
               (on-segment ?c - crate ?s - segment))
  (:action walkto :parameters (?r - robot ?from - place ?to - place)
    :precondition (robotat ?r ?from) :effect (and (robotat ?r ?to) (not (robotat ?r ?from))))
  (:action move-shelf-to-shelf :parameters (?b - book ?src - shelf ?dest - shelf)
    :precondition (on-shelf ?b ?src) :effect (and (on-shelf ?b ?dest) (not (on-shelf ?b ?src))))
  (:action go-in :parameters (?h - robot ?a - place ?b - place)
    :precondition (hoist-at ?h ?a) :effect (and (hoist-at ?h ?b) (not (hoist-at ?h ?a))))
  (:action rotate :parameters (?s1 - segment ?s2 - segment ?c1 - crate ?c2 - crate)
    :precondition (and (on-segment ?c1 ?s1) (on-segment ?c2 ?s2))
    :effect (and (on-segment ?c1 ?s2) (on-segment ?c2 ?s1) (not (on-segment ?c1 ?s1)) (not (on-segment ?c2 ?s2)))))"""


@pytest.mark.parametrize("action, reading", [
    ("walkto", "have {0} walk from {1} to {2}"),  # who walks is the subject; the name's "to" gives way to the ends
    ("move-shelf-to-shelf", "move {0} from {1} to {2}"),  # the name's words naming the ends give way to them
    ("go-in", "have {0} go in from {1} to {2}"),  # a preposition of the name does not take a journey's start
    ("rotate", None),  # a swap: every segment a start and an end, on no single journey
])
def test_a_journey_reads_from_its_start_to_its_end(action, reading):
    templates = Templates.for_domain(parse_domain(ROBOT))
    if reading is None:
        assert not {"from", "to"} & set(templates.actions[action].split()), templates.actions[action]
    else:
        assert templates.actions[action] == reading


def test_the_bench_finds_every_journey_and_each_misreading():
    from bench.text_quality import roles

    domain = parse_domain(ROBOT)
    templates = Templates.for_domain(domain)
    assert roles(domain, templates) == {"journeys": 3, "misread": []}  # the swap is none
    reversed_walk = Templates(domain, templates.predicates, {**templates.actions, "walkto": "walk {0} to {1} from {2}"})
    assert roles(domain, reversed_walk)["misread"] == ["walkto: walk {0} to {1} from {2} (from {1} to {2})"]


COURIER = """(define (domain courier)
  (:requirements :strips :typing :conditional-effects :universal-preconditions)
  (:types parcel vehicle place)
  (:predicates (at ?x - parcel ?l - place) (vehicle-at ?v - vehicle ?l - place) (in ?p - parcel ?v - vehicle)
               (fuelled ?v - vehicle))
  (:action load :parameters (?p - parcel ?v - vehicle ?l - place)
    :precondition (and (at ?p ?l) (vehicle-at ?v ?l)) :effect (in ?p ?v))
  (:action drive :parameters (?v - vehicle ?from - place ?to - place)
    :precondition (and (vehicle-at ?v ?from) (fuelled ?v))
    :effect (and (vehicle-at ?v ?to) (not (vehicle-at ?v ?from))
                 (forall (?p - parcel) (when (in ?p ?v) (and (at ?p ?to) (not (at ?p ?from))))))))"""
COURIER_TASK = """(define (problem deliver) (:domain courier)
  (:objects book - parcel van - vehicle shop home - place)
  (:init (at book shop) (vehicle-at van shop) (fuelled van))
  (:goal (at book home)))"""


def test_a_thought_never_states_a_conditional_effects_condition_as_a_requirement():
    """``drive`` does not need the book in the van: the thought for loading it says what that brings about when
    the van drives (the book travels along), never "I cannot drive ... yet: first it must be true that ..."."""
    from agentgen_sym.export.thoughts import CARRY_PHRASES, LINK_PHRASES
    from agentgen_sym.export.trajectories import play

    domain = parse_domain(COURIER)
    env = TextEnv(compile_task(domain, parse_problem(COURIER_TASK)), Templates.for_domain(domain))
    turns = play("courier-1", env, [("load", ("book", "van", "shop")), ("drive", ("van", "shop", "home"))]).turns
    first = next(t.content for t in turns if t.role == "assistant").split("\n")[0].removeprefix("Thought: ")
    frames = [re.compile(re.sub(r"\\\{\w+\\\}", "(.+?)", re.escape(p))) for p in (*LINK_PHRASES, *CARRY_PHRASES)]
    matched = [i for i, f in enumerate(frames) if f.match(first)]
    assert matched and all(i >= len(LINK_PHRASES) for i in matched), first
    assert "book is in van" in first and "book is at home" in first and "drive van from shop to home" in first


@pytest.mark.parametrize("style, action, reading", [
    ("dish-robot", "pick-up", "have {0} pick up {1} at {2}"),  # the robot picks the dish up: never "pick up robby"
    ("dish-robot", "put-away", "have {0} put away {1} at {2}"),  # ... nor "put away robby ... with plate1"
    ("kitchen", "takefood", "have {0} take {1} at {2}"),  # never "take robby with garlic-butter"
    ("dish-robot", "walk", "have {0} walk from {1} to {2}"),  # the robot goes: "walk" takes no object
])
def test_who_acts_is_the_subject_and_what_moves_the_object(style, action, reading):
    """The first parameter acts when the effects move another one (a locative fact of it changes) and not it,
    though its own hand changes too (holding ?r ?d)."""
    folder = ROOT / "data" / "styles" / style
    assert Templates.for_domain(parse_domain(folder / "domain.pddl")).actions[action] == reading


def test_a_state_named_by_an_action_reads_as_its_result():
    """``(putaway ?d)``, which put-away adds, is the action's result: "{0} is put away", never "it is possible to
    put away {0}" (kept for a static predicate named by an action: PDDLGym's action literals)."""
    domain = parse_domain(ROOT / "data" / "styles" / "dish-robot" / "domain.pddl")
    assert Templates.for_domain(domain).predicates["putaway"] == "{0} is put away"
    literal = parse_domain("""(define (domain d) (:requirements :strips)
      (:predicates (pick-up ?x) (held ?x))
      (:action pick-up :parameters (?x) :precondition (pick-up ?x) :effect (held ?x)))""")
    assert Templates.for_domain(literal).predicates["pick-up"] == "it is possible to pick up {0}"


def test_a_denied_existential_reads_for_no():
    """A negated formula that is no single fact: ``(not (exists ...))`` reads "(for no ...: ...)"."""
    domain = parse_domain("""(define (domain yard) (:requirements :adl)
      (:predicates (used ?p ?w) (free ?w))
      (:action take :parameters (?w)
        :precondition (not (exists (?p) (used ?p ?w))) :effect (not (free ?w))))""")
    rules = domain_rules(Templates.for_domain(domain))
    assert "(for no ?p (object): ?p is used ?w)" in rules and "not true that" not in rules, rules


CHORES = """(define (domain chores) (:requirements :strips :typing)
  (:types person place crate stone spot routine level - object truck - place)
  (:predicates (follows ?p - person ?r - routine) (at ?p - person ?l - place) (truck-at ?t - truck ?l - place)
               (driving ?p - person ?t - truck) (carrying ?p - person ?c - crate) (waiting ?p - person ?l - place)
               (next ?a - level ?b - level) (in ?c - crate ?t - truck) (crate-at ?c - crate ?l - place)
               (at-goal ?s - stone) (at-spot ?l - place) (lift-at ?l - place) (above ?a - place ?b - place)
               (snack ?x) (have-snack) (counter-zero))
  (:action walk :parameters (?from - place ?to - place ?p - person)
    :precondition (at ?p ?from) :effect (and (at ?p ?to) (not (at ?p ?from))))
  (:action load :parameters (?c - crate ?t - truck ?l - place)
    :precondition (and (crate-at ?c ?l)) :effect (and (in ?c ?t) (not (crate-at ?c ?l))))
  (:action do-polish :parameters (?s - stone) :precondition (at-goal ?s) :effect (not (at-goal ?s)))
  (:action up :parameters (?a - place ?b - place)
    :precondition (and (lift-at ?a) (above ?a ?b)) :effect (and (lift-at ?b) (not (lift-at ?a))))
  (:action get-snack :parameters (?x) :precondition (snack ?x) :effect (have-snack))
  (:action reset-counter :parameters () :precondition () :effect (counter-zero))
  (:action stop :parameters (?f - place) :precondition (lift-at ?f) :effect (counter-zero))
  (:action visit :parameters (?f - place) :precondition (lift-at ?f) :effect (at-spot ?f))
  (:action escort :parameters (?n - person ?p - person ?from - place ?to - place)
    :precondition (and (at ?n ?from) (at ?p ?from))
    :effect (and (at ?n ?to) (at ?p ?to) (not (at ?n ?from)) (not (at ?p ?from))))
  (:action drive-truck :parameters (?t - truck ?from - place ?to - place ?d - person)
    :precondition (and (truck-at ?t ?from) (driving ?d ?t))
    :effect (and (truck-at ?t ?to) (not (truck-at ?t ?from))))
  (:action pickup_crate :parameters (?l - place ?c - crate ?p - person)
    :precondition (and (at ?p ?l) (crate-at ?c ?l)) :effect (and (carrying ?p ?c) (not (crate-at ?c ?l))))
  (:action select_routine :parameters (?old - routine ?new - routine ?p - person)
    :precondition (follows ?p ?old) :effect (and (follows ?p ?new) (not (follows ?p ?old)))))"""


def test_a_journeys_start_named_by_the_action_reads_from():
    """select_routine's "routine" names both routines: the one left is no bare object ("select {0} to {1}")."""
    from bench.text_quality import reads_journey

    assert reads_journey(Templates.for_domain(parse_domain(CHORES)).actions["select_routine"], 0, 1)


@pytest.mark.parametrize("action, reading", [
    ("walk", "have {2} walk from {0} to {1}"),  # who walks is the subject, wherever its parameter stands
    ("load", "load {0} into {1} from {2}"),  # what is loaded goes into its container
    ("do-polish", "polish {0}"),  # "do" before a verb says nothing
    ("up", "go up from {0} to {1}"),  # a name that is only a particle goes
    ("get-snack", "get {0}"),  # the untyped parameter is a snack by its precondition: the name's word names it
    ("reset-counter", "reset the counter"),  # a verb and its object
    ("escort", "have {0} escort {1} from {2} to {3}"),  # both go the same way: the first leads
    ("stop", "stop at {0}"),  # where the lift is, unchanged: a place, not an object
    ("visit", "visit {0}"),  # ... but a place the action changes is its object
    ("drive-truck", "have {3} drive {0} from {1} to {2}"),  # the driver, last, drives the truck
    ("pickup_crate", "have {2} pick up {1} at {0}"),  # a glued verb and particle; the place first is no object
])
def test_an_action_reads_with_its_roles(action, reading):
    assert Templates.for_domain(parse_domain(CHORES)).actions[action] == reading


@pytest.mark.parametrize("predicate, reading", [
    ("waiting", "{0} is waiting at {1}"),  # waiting at a place, not for it
    ("next", "{1} comes after {0}"),  # levels in order, not places side by side
    ("at-goal", "{0} is at a goal"),  # a stone is no place: it is at one of the goals
    ("at-spot", "there is a spot at {0}"),  # a place no action moves the spot from: one of several spots
    ("lift-at", "The lift is at {0}"),  # a place the lift moves between: the one lift
])
def test_a_thing_at_a_named_place_reads_by_which_argument_is_the_place(predicate, reading):
    assert Templates.for_domain(parse_domain(CHORES)).predicates[predicate] == reading


@requires_benchmarks
def test_the_gold_readings_cover_each_domain_they_name_with_one_reading_per_entry():
    """Every predicate and action of each domain the gold set names has one entry, and every reading and
    alternative uses each parameter once (data/gold_readings/README.md), so the bench's agreement counts the
    whole domain and can be met."""
    import json
    from string import Formatter

    entries = [json.loads(line) for path in sorted((ROOT / "data" / "gold_readings").glob("*.jsonl"))
               for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(entries) >= 400
    by_source: dict[str, list[dict]] = {}
    for entry in entries:
        by_source.setdefault(entry["source"], []).append(entry)
    for source, found in by_source.items():
        path = BENCHMARKS / source.removeprefix("benchmarks/") if source.startswith("benchmarks/") else ROOT / source
        domain = parse_domain(path)
        arity = {("predicate", p.name): len(p.parameters) for p in domain.predicates}
        arity |= {("action", a.name): len(a.parameters) for a in domain.actions}
        assert sorted((e["kind"], e["name"].lower()) for e in found) == sorted(arity), source
        for e in found:
            for text in [e["reading"], *e["also"]]:
                used = sorted(int(f) for _, f, _, _ in Formatter().parse(text) if f is not None)
                assert used == list(range(arity[(e["kind"], e["name"].lower())])), (source, e["name"], text)
    split = json.loads((ROOT / "data" / "gold_readings" / "split.json").read_text(encoding="utf-8"))
    assert set(split["held_out_sources"]) <= set(by_source)


@requires_benchmarks
def test_the_figure_the_cards_quote_is_this_codes_agreement_with_the_gold_readings():
    """agentgen_sym/wording/judged.json is what bench/text_quality.py measures on this code: a wording change
    that moves the agreement must record it again (``--record``), or the cards would quote a stale figure."""
    import json

    from bench.text_quality import agreement, agreement_figures, derive_gold

    recorded = json.loads((ROOT / "agentgen_sym" / "wording" / "judged.json").read_text(encoding="utf-8"))
    assert agreement_figures(agreement(derive_gold(BENCHMARKS))) == recorded
