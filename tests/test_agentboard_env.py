"""The agentboard profile, replayed step by step on stand-ins of AgentBoard's four PDDL games.

Every expected string, flag and figure below is derived by hand from hkust-nlp/AgentBoard's source
(commit bb7255e): ``agentboard/environment/pddl_env/pddl_env.py`` ("pddl_env.py:N"), the pddlgym it
vendors (``agentboard/environment/pddl_env/pddlgym/spaces.py``, "spaces.py:N") and its task loop
``agentboard/tasks/pddl.py`` ("tasks/pddl.py:N"); each step names the lines it follows.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.env import GOAL_SATISFIED, INVALID_ACTION, UNSATISFIED_ACTION, TextEnv
from agentgen_sym.env.agentboard import (AgentBoardEnv, AgentBoardError, EpisodeOver, PredicateMap,
                                         import_agentboard, tokens, write_agentboard_file)

from .agentboard_games import BLOCKWORLD, GAMES, SOURCE, write_game

CHECK = "Please check valid actions."  # pddl_env.py:203, an action name not applicable now
RESTRICTION = "Please remember to satisfy the restriction of actions."  # pddl_env.py:192, no change


def env_for(tmp_path: Path, game: str, **options: object) -> AgentBoardEnv:
    return AgentBoardEnv.from_files(*write_game(tmp_path / game, game), **options)


def replay(env: AgentBoardEnv, steps: list[tuple[str, str, float, bool, bool]]) -> None:
    """Each step: (action, expected observation, progress rate, done, action_is_valid); grounding accuracy after
    each step is the valid steps so far over the steps so far (tasks/pddl.py:136-137, 153)."""
    valid_so_far = 0
    for number, (action, observation, progress, done, valid) in enumerate(steps, 1):
        valid_so_far += valid
        result = env.step(action)
        assert isinstance(result, tuple) and len(result) == 4  # pddl_env.py:173/201/206: (state, reward, done, infos)
        state, reward, finished, infos = result
        assert (state, reward, finished, infos["action_is_valid"]) == (observation, progress, done, valid), \
            f"step {number}: {action!r}"
        assert infos["steps"] == number and infos["state"] == observation == infos["states"][-1]
        assert infos["grounding_accuracy"] == valid_so_far / number
        # pddl_env.py:229-232 and 243-246: action, reward (after the step), state, appended to the history
        assert infos["history"][-3:] == [("action", action), ("reward", progress), ("state", observation)]


def test_blockworld_replay(tmp_path: Path) -> None:
    env = env_for(tmp_path, "blockworld")
    # pddl_env.py:121-123: goal texts uncapitalized, sorted, ", "-joined; 129-131: facts capitalized, sorted.
    # "clear" reads "The {} is clear." and "holding" "You are holding {}. ": the later entries of the
    # map's duplicate keys (pddl_env.py:325 over 276, 342 over 278) win, as Python's dict literal does.
    assert env.goal == "The goal is to satisfy the following conditions: b2 is on b3., b3 is on b1."
    assert env.observation == ("B1 is on the table. B2 is on the table. B3 is on b1. The b2 is clear. "
                               "The b3 is clear. Your arm is empty.")
    holding = "B1 is on the table. B3 is on b1. The b3 is clear. You are holding b2. "
    replay(env, [
        # pddl_env.py:74-101: "unstack" is listed now (unstack b3 b1), objects b2 b3 in order; the state
        # does not change (pddlgym ignores it), so pddl_env.py:191-195 answers with the restriction.
        ("Unstack b2 from b3", UNSATISFIED_ACTION, 0.0, False, False),
        # no word names a listed action ("pick" is not "pickup"): pddl_env.py:79-80 -> 203.
        ("pick up b2", INVALID_ACTION, 0.0, False, False),
        # "stack" names an action, but none is applicable now: pddl_env.py:62-64 only knows listed names.
        ("stack b2 b3", INVALID_ACTION, 0.0, False, False),
        # pddl_env.py:169-173 and 54-57: the listing, then "check valid actions" (not a game that looks around).
        ("check valid actions.", "Valid actions are: Pickup b2., Unstack b3 from b1., check valid actions",
         0.0, False, True),
        # words other than names are skipped (pddl_env.py:74-94); progress counts the goal fact that held from
        # the start once an action changed the state (pddl_env.py:187, 156-166): 1 of 2.
        ("Action: pickup b2", holding, 0.5, False, True),
        # pddl_env.py:175-180: the whole state, in every game.
        ("look around", holding, 0.5, False, True),
        # pddl_env.py:215-227: the goal holds, so " The goal is satisfied." follows the facts.
        ("I will stack b2 on b3 now.",
         "B1 is on the table. B2 is on b3. B3 is on b1. The b2 is clear. Your arm is empty." + GOAL_SATISFIED,
         1.0, True, True),
    ])
    assert env.won and env.grounding_accuracy == 4 / 7  # tasks/pddl.py:136-137, 153: valid steps / steps


def test_gripper_replay(tmp_path: Path) -> None:
    env = env_for(tmp_path, "gripper")
    # "move" is gripper's "Move from {} to {}. " (pddl_env.py:336 over hanoi's 326); "room" and "drop" have
    # no entry, so they read as the name and its arguments (pddl_env.py:115); templates keep their spaces.
    assert env.goal == "The goal is to satisfy the following conditions: ball1 is at roomb. "

    def facts(*items: str) -> str:
        return " ".join(items)

    common = ("Left is a gripper. ", "Right is a gripper. ")
    assert env.observation == facts("Ball1 is a ball. ", "Ball1 is at rooma. ", "Left is a gripper. ",
                                    "Left is free. ", "Right is a gripper. ", "Right is free. ",
                                    "Robby is at rooma. ", "Room rooma", "Room roomb")
    carrying_a = facts("Ball1 is a ball. ", "Ball1 is carrying left. ", *common, "Right is free. ",
                       "Robby is at rooma. ", "Room rooma", "Room roomb")
    carrying_b = carrying_a.replace("Robby is at rooma.", "Robby is at roomb.")
    replay(env, [
        # AgentBoard's own prompt action (pddl_vanilla_prompt.json, gripper): pick ball1 rooma left.
        ("Pick up ball1 at rooma with arm left.", carrying_a, 0.0, False, True),
        # move rooma rooma applies (pddlgym allows repeated objects) but changes nothing: pddl_env.py:191.
        ("move rooma rooma", UNSATISFIED_ACTION, 0.0, False, False),
        # the prompt's wrong room: drop is listed (drop ball1 rooma left), its precondition fails here.
        ("drop ball1 at roomb with arm left", UNSATISFIED_ACTION, 0.0, False, False),
        # the PDDL form reads the same way (brackets are not words).
        ("(move rooma roomb)", carrying_b, 0.0, False, True),
        # any text containing "check" lists (pddl_env.py:169); move roomb roomb is not listed (spaces.py:206).
        ("I will check the valid actions",
         "Valid actions are: Move from roomb to rooma. , drop ball1 roomb left, check valid actions",
         0.0, False, True),
        ("drop ball1 roomb left",
         facts("Ball1 is a ball. ", "Ball1 is at roomb. ", "Left is a gripper. ", "Left is free. ",
               "Right is a gripper. ", "Right is free. ", "Robby is at roomb. ", "Room rooma", "Room roomb")
         + GOAL_SATISFIED, 1.0, True, True),
    ])
    assert env.grounding_accuracy == 4 / 6


def test_barman_replay_shows_new_facts_only(tmp_path: Path) -> None:
    env = env_for(tmp_path, "barman")
    assert env.goal == "The goal is to satisfy the following conditions: shot1 contains ingredient1. "
    # "handempty" has no entry (pddl_env.py:115); str.capitalize gives "Handempty left".
    assert env.observation == ("Dispenser1 dispenses ingredient1.  Handempty left Handempty right "
                               "Shot1 is clean.  Shot1 is empty.  Shot1 is on the table. ")
    replay(env, [
        # the prompt's first action; barman shows only the added fact (pddl_env.py:126-128); "holding" names
        # only the hand (pddl_env.py:342 has one placeholder for two arguments), as in AgentBoard's prompt.
        ("right grasp shot1.", "You are holding right. ", 0.0, False, True),
        # hands swapped: fill-shot is listed (with right, left), this one's precondition fails.
        ("fill-shot glass shot1 with ingredient1 with left and right holding dispenser1", UNSATISFIED_ACTION,
         0.0, False, False),
        # no empty-shot is applicable (the glass is empty): the other message.
        ("use hand right to empty-shot glass shot1 with beverage ingredient1.", INVALID_ACTION, 0.0, False, False),
        # barman lists "look around" too (pddl_env.py:55-56).
        ("check valid actions",
         "Valid actions are: fill-shot glass shot1 with ingredient1 with right and left holding dispenser1. , "
         "right leave shot1. , check valid actions, look around", 0.0, False, True),
        # two facts added: contains and used ("Pour {} from a shot glass to a used shaker {}", no period).
        ("fill-shot glass shot1 with ingredient1 with right and left holding dispenser1",
         "Pour shot1 from a shot glass to a used shaker ingredient1 Shot1 contains ingredient1. " + GOAL_SATISFIED,
         1.0, True, True),
    ])
    assert env.grounding_accuracy == 3 / 5


def test_tyreworld_replay(tmp_path: Path) -> None:
    env = env_for(tmp_path, "tyreworld")
    # goal texts are not capitalized (pddl_env.py:121): "boot is unlocked." sorts after "Wheel ...".
    assert env.goal == "The goal is to satisfy the following conditions: Wheel r1 is inflated., boot is unlocked."
    assert env.observation == ("Boot is closed. Boot is unlocked. Hub the-hub1 is fastened. Hub the-hub1 is on "
                               "the ground. Jack is in boot. Pump is in boot. R1 is in boot. The nut nuts1 on the "
                               "hub the-hub1 is tight. W1 is on the-hub1. Wheel r1 is intact. Wheel r1 is not "
                               "inflated. Wrench is in boot.")
    replay(env, [
        # AgentBoard's prompt action while the boot is closed: no fetch is applicable, so "check valid actions".
        ("fetch wrench from boot", INVALID_ACTION, 0.0, False, False),
        ("check valid actions.", "Valid actions are: Open boot., check valid actions, look around", 0.0, False, True),
        # new facts only; progress counts "boot is unlocked", true from the start, once the state changed.
        ("Open boot", "Boot is open.", 0.5, False, True),
        ("Fetch pump from boot.", "You have pump.", 0.5, False, True),
        # look around shows everything (pddl_env.py:175-180), sorted here.
        ("look around", "Boot is open. Boot is unlocked. Hub the-hub1 is fastened. Hub the-hub1 is on the ground. "
                        "Jack is in boot. R1 is in boot. The nut nuts1 on the hub the-hub1 is tight. W1 is on "
                        "the-hub1. Wheel r1 is intact. Wheel r1 is not inflated. Wrench is in boot. You have pump.",
         0.5, False, True),
        ("Inflate the wheel r1.", "Wheel r1 is inflated." + GOAL_SATISFIED, 1.0, True, True),
    ])
    assert env.grounding_accuracy == 5 / 6


def test_progress_starts_at_zero_even_when_goal_facts_hold(tmp_path: Path) -> None:
    """pddl_env.py:152: reward 0 at reset; only an action that changes the state recomputes it (187, 223)."""
    env = env_for(tmp_path, "tyreworld")
    assert env.reward == 0.0 and not env.done
    _, reward, _, _ = env.step("check valid actions")
    assert reward == 0.0  # requests leave it alone (pddl_env.py:171-173)
    _, reward, _, _ = env.step("open boot")
    assert reward == 0.5


def test_the_step_budget_is_thirty_by_default(tmp_path: Path) -> None:
    """eval_configs/main_results_all_tasks.yaml: max_num_steps 30; tasks/pddl.py:122 stops the loop there."""
    env = env_for(tmp_path, "gripper")
    for _ in range(30):
        *_, infos = env.step("look around")
    assert infos["truncated"] and env.steps == 30
    with pytest.raises(EpisodeOver):
        env.step("look around")
    env.reset()
    assert env.steps == 0 and env.step("look around")[3]["steps"] == 1


def test_reset_starts_over(tmp_path: Path) -> None:
    env = env_for(tmp_path, "blockworld")
    first = env.observation
    env.step("pickup b2")
    assert env.reset() == first and env.reward == 0.0 and env.history == [("state", first)]


def test_our_profile_stays_strict(tmp_path: Path) -> None:
    """The default profile refuses AgentBoard's loose forms (its documented behaviour)."""
    domain, problem = write_game(tmp_path / "blockworld", "blockworld")
    ours = TextEnv.from_files(domain, problem)
    assert ours.step("Action: pickup b2").observation == INVALID_ACTION
    assert "Valid actions" not in ours.step("I will check").observation


def test_without_agentboard_wording_our_templates_are_used(tmp_path: Path) -> None:
    domain, problem = write_game(tmp_path / "blockworld", "blockworld")
    (domain.parent / "agentboard.json").unlink()
    env = AgentBoardEnv.from_files(domain, problem)
    assert env.goal == "The goal is to satisfy the following conditions: b2 is on b3, b3 is on b1"
    assert env.observation.endswith(".") and "B3 is on b1." in env.observation
    state, _, _, infos = env.step("pickup b2")
    assert infos["action_is_valid"] and "B2 is being held." in state


def test_tokens_keep_hyphenated_names() -> None:
    assert tokens("Put-away W1 in boot, then (jack-down the-hub1).") == ["put-away", "w1", "in", "boot", "then",
                                                                          "jack-down", "the-hub1"]


def test_import_reports_duplicate_keys_and_reads_descriptions() -> None:
    imported = import_agentboard(SOURCE, "blockworld", parse_domain(BLOCKWORLD))
    assert imported.predicate_map["clear"] == "The {} is clear."  # pddl_env.py:325 replaces 276
    assert set(imported.predicate_map) == {"on", "clear", "arm-empty", "holding", "on-table", "putdown", "stack",
                                           "pickup", "unstack"}  # other games' entries are left out
    assert any("'clear' is written twice" in n for n in imported.notes)
    assert imported.description == "The robot has four actions: pickup, putdown, stack, and unstack."  # "blocks"


def test_import_refuses_what_agentboard_would_crash_on() -> None:
    bad = SOURCE.replace('"pickup": "Pickup {}."', '"pickup": "Pickup {} and {}."')
    with pytest.raises(AgentBoardError, match="pickup.*2 placeholders but pickup takes 1 argument"):
        import_agentboard(bad, "blockworld", parse_domain(BLOCKWORLD))
    with pytest.raises(AgentBoardError, match="no `predicate_map"):
        import_agentboard("x = 1", "blockworld", parse_domain(BLOCKWORLD))


def test_predicate_map_falls_back_to_name_and_arguments() -> None:
    wording = PredicateMap({"on": "{} is on {}."})
    assert wording.fact("on", ("a", "b")) == "a is on b."
    assert wording.action("drop", ("ball1", "rooma", "left")) == "drop ball1 rooma left"  # pddl_env.py:115


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_compiles_with_its_imported_wording(tmp_path: Path, game: str) -> None:
    domain, problem = write_game(tmp_path / game, game)
    task = compile_task(parse_domain(domain), parse_problem(problem))
    assert task.ground.n_ops > 0


PROMPT = json.dumps({"blockworld": {"examples": ["Goal: b1 is on b2.\nAction: pickup b1"],
                                    "instruction": "The robot has four actions.", "system_msg": "You plan."}})
"""The layout of AgentBoard's prompts/VanillaAgent/pddl_vanilla_prompt.json: per game examples, instruction,
system_msg (read by vanilla_agent.py:33-36 and 169-175)."""


def test_import_takes_the_agent_prompt(tmp_path: Path) -> None:
    imported = import_agentboard(SOURCE, "blockworld", parse_domain(BLOCKWORLD), PROMPT)
    assert (imported.description, imported.example, imported.system) == (
        "The robot has four actions.", "Goal: b1 is on b2.\nAction: pickup b1", "You plan.")
    with pytest.raises(AgentBoardError, match="no usable entry for 'gripper'"):
        import_agentboard(SOURCE, "gripper", parse_domain(GAMES["gripper"][0]), PROMPT)


def test_write_agentboard_file_beside_the_domain(tmp_path: Path) -> None:
    (tmp_path / "pddl_env.py").write_text(SOURCE)
    (tmp_path / "prompt.json").write_text(PROMPT)
    (tmp_path / "domain.pddl").write_text(BLOCKWORLD)
    write_agentboard_file(tmp_path / "pddl_env.py", "blockworld", tmp_path / "domain.pddl", tmp_path / "prompt.json")
    data = json.loads((tmp_path / "agentboard.json").read_text())
    assert data["game"] == "blockworld" and data["system"] == "You plan."
    assert data["predicate_map"]["unstack"] == "Unstack {} from {}."


HYPHENATED = """
(define (domain table-blocks)
  (:predicates (clear ?x) (on-table ?x) (hand-empty) (holding ?x))
  (:action pick-up :parameters (?x)
    :precondition (and (clear ?x) (on-table ?x) (hand-empty))
    :effect (and (holding ?x) (not (clear ?x)) (not (on-table ?x)) (not (hand-empty)))))
"""


def test_our_templates_read_back_exactly_as_listed() -> None:
    """AgentBoard finds an action by its name as a word (pddl_env.py:74-77); our derived "pick up {0}" has no such
    word, so under our templates the exact listed text is read too (its own listed text always reads back)."""
    domain = parse_domain(HYPHENATED)
    problem = parse_problem("(define (problem p) (:domain table-blocks) (:objects a) "
                            "(:init (clear a) (on-table a) (hand-empty)) (:goal (holding a)))")
    from agentgen_sym.env import Templates
    from agentgen_sym.env.agentboard import TemplateWording

    def fresh() -> AgentBoardEnv:
        return AgentBoardEnv(compile_task(domain, problem), TemplateWording(Templates.for_domain(domain)))

    env = fresh()
    assert env.action_space() == ["pick up a", "check valid actions"]
    assert env.step("pick up a please")[0] == INVALID_ACTION  # neither the name as a word nor the exact text
    assert env.step("pick up a")[2] is True
    assert fresh().step("(pick-up a)")[2] is True  # the PDDL form names it


DESK = """
(define (domain desk)
  (:predicates (waiting ?b) (checked ?b) (seen ?b))
  (:action check-in :parameters (?b)
    :precondition (waiting ?b) :effect (and (checked ?b) (not (waiting ?b))))
  (:action check :parameters (?b)
    :precondition (checked ?b) :effect (seen ?b)))
"""
DESK_PROBLEM = "(define (problem p) (:domain desk) (:objects b1) (:init (waiting b1)) (:goal (seen b1)))"


@pytest.mark.parametrize("wording", ["templates", "predicate_map"])
def test_a_text_naming_an_action_with_check_in_its_name_is_that_action(wording: str) -> None:
    """AgentBoard lists the valid actions for any text containing "check" (pddl_env.py:169); a text that names one
    of the domain's actions (its name as a word, or its exact listed wording) is read as that action instead, and
    every other text keeps the rule. The listed request stays a request, even beside an action named "check"."""
    from agentgen_sym.env import Templates
    from agentgen_sym.env.agentboard import TemplateWording

    domain = parse_domain(DESK)
    words = TemplateWording(Templates.for_domain(domain)) if wording == "templates" else \
        PredicateMap({"check-in": "Check-in {}.", "check": "Check {}.", "checked": "{} is checked."})

    def fresh() -> AgentBoardEnv:
        return AgentBoardEnv(compile_task(domain, parse_problem(DESK_PROBLEM)), words)

    listed = words.action("check-in", ("b1",))
    for text in ("check-in b1", "Check-in b1.", "(check-in b1)", "Now I check-in b1", listed):
        state, _, _, infos = fresh().step(text)
        assert infos["action_is_valid"] and "B1 is checked" in state, text
    for text in ("check valid actions", "Check valid actions.", "check-in b1 after checking", "checking b1"):
        state, _, _, infos = fresh().step(text)
        assert state.startswith("Valid actions are: ") and infos["action_is_valid"], text
    env = fresh()
    env.step("check-in b1")
    state, _, done, infos = env.step(words.action("check", ("b1",)))
    assert infos["action_is_valid"] and done and state.endswith(GOAL_SATISFIED)
