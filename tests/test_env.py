"""Text environment: templates (derived, overridden, checked), action reading, AgentBoard-style episodes."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

import numpy as np
import pytest

from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.env import (GOAL_SATISFIED, INVALID_ACTION, UNSATISFIED_ACTION, ActionReader, TemplateError,
                              Templates, TextEnv)
from agentgen_sym.compiler.task import GroundAction, GroundAtom, GroundTask

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "domains"

BLOCKS = """
(define (domain blocks)
  (:requirements :strips)
  (:predicates (on ?x ?y) (clear ?x) (hand-empty) (holding ?x) (on_table ?x) (between ?a ?b ?c))
  (:action pick-up :parameters (?x)
    :precondition (and (clear ?x) (on_table ?x) (hand-empty))
    :effect (and (holding ?x) (not (clear ?x)) (not (on_table ?x)) (not (hand-empty))))
  (:action stack :parameters (?x ?y)
    :precondition (and (holding ?x) (clear ?y))
    :effect (and (on ?x ?y) (clear ?x) (hand-empty) (not (holding ?x)) (not (clear ?y))))
  (:action rest :parameters ()
    :effect (hand-empty)))
"""

NEGATIVE_GOAL = """
(define (problem unstacked) (:domain blocks)
  (:objects a b)
  (:init (on_table a) (on_table b) (clear a) (clear b) (hand-empty))
  (:goal (and (on a b) (not (holding a)) (or (clear a) (clear b)))))
"""


def bfs_plan(task: GroundTask) -> list[int]:
    """Shortest operator sequence to the goal (goal operators included), by plain BFS."""
    start = task.init_bits[None, :]
    parents: dict[bytes, tuple[bytes, int] | None] = {start.tobytes(): None}
    queue = deque([start])
    while queue:
        row = queue.popleft()
        state = task.unpack(row)
        if task.is_goal(state)[0]:
            plan, key = [], row.tobytes()
            while parents[key] is not None:
                key, op = parents[key]
                plan.append(op)
            return plan[::-1]
        ops = np.flatnonzero(task.applicable(state)[0])
        children = task.successors(row, state, np.zeros(len(ops), dtype=np.int64), ops)
        for op, child in zip(ops, children):
            key = child.tobytes()
            if key not in parents:
                parents[key] = (row.tobytes(), int(op))
                queue.append(child[None, :])
    raise AssertionError("no plan")


# --------------------------------------------------------------------------- templates


def test_templates_derived_from_names():
    templates = Templates.for_domain(parse_domain(BLOCKS))
    assert templates.fact("on", ["a", "b"]) == "a is on b"
    assert templates.fact("clear", ["a"]) == "a is clear"
    assert templates.fact("hand-empty", []) == "The hand is empty"
    assert templates.fact("on_table", ["a"]) == "a is on the table"
    assert templates.fact("between", ["a", "b", "c"]) == "a is between b and c"
    assert templates.fact(*GroundAtom.parse("(on a b)")) == "a is on b"
    assert templates.action("pick-up", ["a"]) == "pick up a"
    assert templates.action("stack", ["a", "b"]) == "stack a on b"  # the effect (on ?x ?y) gives "on"
    assert templates.action("rest", []) == "rest"


@pytest.mark.parametrize(("name", "types", "expected"), [
    # locations: the IPC's at/in/on, the corpus's X-at and on-X
    ("at", ("", ""), "A is at B"), ("in", ("", ""), "A is in B"), ("on", ("", ""), "A is on B"),
    ("worker-at", ("worker", "spot"), "A is at B"), ("lift-at", ("lift", "floor"), "A is at B"),
    ("produce-in", ("bed", "crate"), "The produce of A is in B"),
    ("lift-at", ("floor",), "The lift is at A"), ("charger-at", ("pad",), "The charger is at A"),
    ("at-robot", ("place",), "The robot is at A"), ("at_soil_sample", ("waypoint",), "The soil sample is at A"),
    ("is-at", ("location",), "The agent is at A"), ("on-board", ("tool",), "A is on the board"),
    ("in-stock", ("part",), "A is in stock"), ("on-plate", ("dish", "plate"), "A is on B"),
    ("trolley-in", ("room",), "The trolley is in A"),
    # holding and -ing words
    ("holding", ("tool",), "A is being held"), ("carrying", ("drone", "parcel"), "A is carrying B"),
    # has-X, verbs
    ("needs-part", ("bike", "part"), "A needs part B"), ("has-key", ("door",), "A has a key"),
    ("have_image", ("objective", "mode"), "A has image B"), ("contains", ("shot", "cocktail"), "A contains B"),
    ("belongs-in", ("book", "aisle"), "A belongs in B"),
    # adjectives
    ("clear", ("block",), "A is clear"), ("hand-empty", (), "The hand is empty"), ("hands-free", (), "The hands are free"),
    ("tyre-ok", ("bike",), "The tyre of A is ok"), ("flat-tyre", ("bike",), "The tyre of A is flat"),
    ("showcase-open", ("showcase",), "A is open"), ("hold-empty", ("drone",), "The hold of A is empty"),
    # relations
    ("connected", ("place", "place"), "A is connected to B"), ("adjacent", ("cell", "cell"), "A is adjacent to B"),
    ("one-less", ("level", "level"), "A is one less than B"), ("office-of", ("dept", "place"), "The office of A is B"),
    ("addressed-to", ("letter", "dept"), "A is addressed to B"), ("made-of", ("item", "material"), "A is made of B"),
    ("bin-for", ("bin", "material"), "A is the bin for B"), ("behind-car", ("car", "car"), "A is behind B"),
    # IPC odds and ends: glued prepositions, negated existence, participles, -ing with a preposition
    ("ontable", ("block",), "A is on the table"), ("ontray", ("sandwich", "tray"), "A is on B"),
    ("notexist", ("sandwich",), "A does not exist"), ("pointing", ("satellite", "direction"), "A is pointing at B"),
    ("communicated_soil_data", ("waypoint",), "The soil data of A is communicated"),
])
def test_derived_templates_are_grammatical_for_common_names(name, types, expected):
    from agentgen_sym.wording.templates import derive_predicate

    template = derive_predicate(name, len(types), types, ("x", "y")[:len(types)])
    assert template.format(*"AB"[:len(types)]) == expected


def write_overrides(folder: Path, data: object) -> Path:
    (folder / "domain.pddl").write_text(BLOCKS)
    path = folder / "templates.json"
    path.write_text(json.dumps(data))
    return path


def test_template_override_is_used(tmp_path):
    write_overrides(tmp_path, {"predicates": {"on": "{0} is on top of {1}"}, "actions": {"stack": "Stack {0} on {1}"}})
    templates = Templates.beside(parse_domain(BLOCKS), tmp_path / "domain.pddl")
    assert templates.fact("on", ["a", "b"]) == "a is on top of b"
    assert templates.fact("clear", ["a"]) == "a is clear"
    assert templates.action("stack", ["a", "b"]) == "Stack a on b"


@pytest.mark.parametrize("data, words", [
    ({"predicates": {"on": "{0} is on {2}"}}, ["predicates.on", "uses {2}", "never uses {1}", "2 arguments"]),
    ({"actions": {"stack": "stack {0}"}}, ["actions.stack", "never uses {1}", "2 arguments"]),
    ({"actions": {"rest": "rest {0}"}}, ["actions.rest", "uses {0}", "0 arguments"]),
    ({"predicates": {"clear": "{x} is clear"}}, ["predicates.clear", "{x}", "{0}..{0}"]),
    ({"predicates": {"clear": "{0!r} is clear"}}, ["predicates.clear", "conversion"]),
    ({"predicates": {"clear": "{0 is clear"}}, ["predicates.clear", "not a valid template"]),
    ({"predicates": {"claer": "{0} is clear"}}, ["predicates.claer", "no predicate 'claer'", "did you mean 'clear'"]),
    ({"predicates": {"clear": 3}}, ["predicates.clear", "expected a string"]),
    ({"objects": {}}, ["unknown section 'objects'"]),
])
def test_template_override_refused_with_clear_message(tmp_path, data, words):
    path = write_overrides(tmp_path, data)
    with pytest.raises(TemplateError) as info:
        Templates.for_domain(parse_domain(BLOCKS), path)
    message = str(info.value)
    assert message.startswith(str(path))
    for word in words:
        assert word in message


def test_action_reader_accepts_text_and_pddl_forms(tmp_path):
    write_overrides(tmp_path, {"actions": {"stack": "Stack {0} on {1}", "rest": "rest {0} {0}"}})
    domain = parse_domain(BLOCKS)
    with pytest.raises(TemplateError):  # {0} of a 0-ary action
        Templates.beside(domain, tmp_path / "domain.pddl")
    write_overrides(tmp_path, {"actions": {"stack": "Stack {0} on {1}"}})
    reader = ActionReader(Templates.beside(domain, tmp_path / "domain.pddl"), ["a", "b", "ab"])
    for text in ["Stack a on b", "  stack   A ON b ", "(stack a b)", "stack a b", "( STACK a b )"]:
        assert reader.read(text) == [("stack", ("a", "b"))], text
    assert reader.read("stack ab on b") == [("stack", ("ab", "b"))]
    assert reader.read("pick up ab") == [("pick-up", ("ab",))]
    assert reader.read("pick-up ab") == [("pick-up", ("ab",))]
    assert reader.read("rest") == [("rest", ())]
    for text in ["stack a", "stack a b c", "stack a on c", "Stack a on b.", "fly", ""]:
        assert reader.read(text) == [], text


# --------------------------------------------------------------------------- episodes


def corpus_env(name: str, problem: str) -> tuple[TextEnv, list[int]]:
    folder = CORPUS / name
    env = TextEnv.from_files(folder / "domain.pddl", folder / f"{problem}.pddl")
    return env, bfs_plan(env.task)


def test_episode_follows_a_plan_in_both_forms():
    env, plan = corpus_env("greenhouse-rows", "p03")
    task = env.task
    assert plan and task.action_mask[plan].all()
    first = env.reset()
    assert first == env.reset()
    assert env.goal_text().startswith("The goal is to satisfy the following conditions: ")
    assert "the produce of tomato-bed is in crate-1" in env.goal_text()
    assert "A walkway leads from shed to row-a." in first  # static facts are shown although the grounder drops them
    assert env.progress_rate == pytest.approx(1 / 5)  # (crate-at crate-1 shed) holds from the start
    assert env.grounding_accuracy == 1.0

    check = env.step("Check valid actions")
    assert check.observation == "Valid actions are: " + ", ".join(env.valid_actions())
    assert env.valid_actions() == sorted(env.valid_actions()) == env.valid_actions()
    assert check.info["action_is_valid"] and env.grounding_accuracy == 1.0

    bad = env.step("dance with the robot")
    assert bad.observation == INVALID_ACTION and not bad.info["action_is_valid"]
    ok = task.applicable(task.unpack(task.init_bits[None, :]))[0]
    op = next(op for op in range(task.n_ops) if not ok[op])
    blocked = env.step(env.templates.action(*task.actions[op]))  # precondition false
    assert blocked.observation == UNSATISFIED_ACTION and not blocked.info["action_is_valid"]
    assert env.grounding_accuracy == 0.0 and env.state_facts() == sorted(env.state_facts())

    progress = [env.progress_rate]
    for n, op in enumerate(plan):
        pddl = str(task.actions[op])
        text = pddl if n % 2 else env.templates.action(*task.actions[op]).upper()
        assert env.templates.action(*task.actions[op]) in env.valid_actions()
        result = env.step(text)
        assert result.info["action_is_valid"] and result.info["action"] == pddl
        assert result.done == (n == len(plan) - 1)
        assert result.reward == (1.0 if result.done else 0.0)
        assert result.observation.endswith(GOAL_SATISFIED) == result.done
        progress.append(result.info["progress_rate"])
    assert progress == sorted(progress) and progress[-1] == 1.0 == env.progress_rate
    assert env.grounding_accuracy == len(plan) / (len(plan) + 2)
    assert "(crate-at crate-1 shed)" in env.state_facts(pddl=True)


def test_episodes_are_deterministic():
    env, plan = corpus_env("kitchen-line", "p02")
    transcripts = []
    for _ in range(2):
        lines = [env.reset(), env.goal_text()]
        for op in plan:
            lines += [", ".join(env.valid_actions()), env.step(str(env.task.actions[op])).observation]
        transcripts.append(lines)
    assert transcripts[0] == transcripts[1]
    assert transcripts[0][-1].endswith(GOAL_SATISFIED)


def test_compiled_goal_fires_by_itself_and_stays_hidden():
    domain = parse_domain(BLOCKS.replace("(:requirements :strips)",
                                         "(:requirements :strips :negative-preconditions :disjunctive-preconditions)"))
    problem = parse_problem(NEGATIVE_GOAL)
    task = compile_task(domain, problem)
    assert not task.ground.action_mask.all()  # the goal is compiled into goal operators
    env = TextEnv(task, Templates.for_domain(domain))
    env.reset()
    assert env.goal_text() == ("The goal is to satisfy the following conditions: "
                               "(or (clear a) (clear b)), a is not being held, a is on b")
    assert env.progress_rate == pytest.approx(1 / 3)  # (not (holding a)) holds; the `or` counts with the goal
    assert "goal reached" not in " ".join(env.state_facts()) and all("reach" not in a for a in env.valid_actions())
    assert env.step("pick up a").info["progress_rate"] == pytest.approx(1 / 3)
    result = env.step("stack a b")
    assert result.done and result.reward == 1.0 and result.observation.endswith(GOAL_SATISFIED)
    assert env.progress_rate == 1.0
    assert "(goal-reached)" not in env.state_facts(pddl=True)


@pytest.mark.parametrize("folder", sorted(p.name for p in CORPUS.iterdir() if (p / "domain.pddl").is_file()))
def test_every_bundled_domain_ships_reviewed_templates(folder):
    """Every predicate and action has a hand-written template that fits its arity, and each action's
    rendering reads back as exactly that action (no two templates read alike)."""
    domain = parse_domain(CORPUS / folder / "domain.pddl")
    data = json.loads((CORPUS / folder / "templates.json").read_text())
    assert set(data["predicates"]) == {p.name for p in domain.predicates}
    assert set(data["actions"]) == {a.name for a in domain.actions}
    templates = Templates.beside(domain, CORPUS / folder / "domain.pddl")  # checks placeholders against arities
    objects = [f"o{i}" for i in range(6)]
    reader = ActionReader(templates, objects)
    for action in domain.actions:
        args = tuple(objects[: len(action.parameters)])
        assert reader.read(templates.action(action.name, args)) == [GroundAction(action.name, args)]


def test_drafting_examples_show_only_reviewed_templates():
    from agentgen_sym.drafting.examples import corpus_domains, examples

    for example in examples():
        assert json.loads(example.templates) == {
            section: {**json.loads((corpus_domains() / example.name / "templates.json").read_text())[section]}
            for section in ("predicates", "actions")}


# --------------------------------------------------------------------------- derived wording (issue 40)

GLUED = """
(define (domain kitchen)
  (:requirements :typing)
  (:types ingredient pan oven robot place)
  (:predicates (isegg ?e - ingredient) (panhasegg ?p - pan) (paninoven ?p - pan) (inoven ?p - pan ?o - oven)
               (ovenisfull ?o - oven) (road ?a - place ?b - place) (at ?r - robot ?p - place)
               (putpaninoven ?p - pan ?o - oven))
  (:action putpaninoven :parameters (?p - pan ?o - oven)
    :precondition (and (putpaninoven ?p ?o) (not (ovenisfull ?o)))
    :effect (and (inoven ?p ?o) (paninoven ?p) (ovenisfull ?o)))
  (:action move :parameters (?r - robot ?from - place ?to - place)
    :precondition (and (at ?r ?from) (road ?from ?to))
    :effect (and (at ?r ?to) (not (at ?r ?from)))))
"""


def test_derived_wording_reads_as_english():
    """Glued names are split, type-like predicates get an article, prepositions come from the schema."""
    templates = Templates.for_domain(parse_domain(GLUED))
    assert templates.fact("isegg", ["egg-0"]) == "egg-0 is an egg"
    assert templates.fact("panhasegg", ["pan-1"]) == "pan-1 has an egg"
    assert templates.fact("ovenisfull", ["oven-0"]) == "oven-0 is full"
    assert templates.fact("paninoven", ["pan-1"]) == "pan-1 is in the oven"
    assert templates.fact("road", ["b1", "b2"]) == "there is a road from b1 to b2"
    assert templates.action("putpaninoven", ["pan-1", "oven-0"]) == "put pan-1 in oven-0"
    assert templates.action("move", ["r", "b1", "b2"]) == "move r from b1 to b2"  # (at ?r ?from) -> (at ?r ?to)


def test_action_literals_stay_out_of_observations_but_in_the_rules():
    """A static predicate that only restates an action's name (PDDLGym's action literals) is no observed fact."""
    from agentgen_sym.wording.rules import domain_rules

    domain = parse_domain(GLUED)
    problem = parse_problem("""(define (problem p) (:domain kitchen)
      (:objects pan-1 - pan oven-0 - oven)
      (:init (putpaninoven pan-1 oven-0)) (:goal (paninoven pan-1)))""")
    templates = Templates.for_domain(domain)
    env = TextEnv(compile_task(domain, problem), templates)
    assert "putpaninoven" in templates.hidden
    assert "possible" not in env.reset() and "put pan" not in env.reset()
    assert "it is possible to put" in domain_rules(templates)
    assert env.step("put pan-1 in oven-0").info["action"] == "(putpaninoven pan-1 oven-0)"


def test_a_templates_file_names_its_source():
    domain = parse_domain(GLUED)
    assert Templates.for_domain(domain).wording == "derived"
    assert Templates.for_domain(domain).derived_warning("d.pddl") is not None
    assert "agentgen-sym templates d.pddl -o templates.json" in Templates.for_domain(domain).derived_warning("d.pddl")
