"""Every error at once, each at its root: syntax recovery, and one diagnostic per undeclared name."""

from __future__ import annotations

import json

import pytest

from agentgen_sym import check, cli, parse_domain, parse_problem, repair
from agentgen_sym.compiler.parser import parse_text

from .test_check import BLOCKS, PROBLEM, domain_with, problem_with

ACTION = """  (:action {name}
    :parameters (?x - block ?y - block)
    :precondition (and (on ?x ?y) (clear ?x))
    :effect (and (holding ?x) (not (on ?x ?y))))
"""
# Each damage sits in its own action and is independent of the others.
DAMAGES = [  # (old, new, lines from the damage to where the parser can tell)
    ("(on ?x ?y) (clear ?x))", "(on ?x ?y) (clear ?x)))", 1),  # one `)` too many closes the action early
    (":precondition", ":precondtion", 0),  # a misspelled keyword
    ("(?x - block ?y - block)", "(?x - block, ?y - block)", 0),  # a comma
    (":effect (and", ":effect (and (when)", 0),  # a malformed `when`
    ("(holding ?x)", "(holding ?x", 0),  # a `(` never closed
    ("(clear ?x))", "(clear ?x) {oops})", 0),  # a character PDDL does not use
]


def domain_with_damages(n: int) -> tuple[str, list[int]]:
    """BLOCKS with n extra actions, each damaged one way, and the line each damage is on."""
    head = BLOCKS[:BLOCKS.rindex(")")]
    text, lines = head, []
    for i in range(n):
        old, new, later = DAMAGES[i]
        action = ACTION.format(name=f"a{i}")
        assert old in action
        line_in_action = action[:action.index(old)].count("\n")
        lines.append(text.count("\n") + 1 + line_in_action + later)
        text += action.replace(old, new, 1)
    return text + ")\n", lines


@pytest.mark.parametrize("n", [1, 3, len(DAMAGES)])
def test_n_independent_syntax_errors_are_all_reported_located(n):
    text, lines = domain_with_damages(n)
    result = parse_text(text, "d.pddl")
    errors = [d for d in result.diagnostics if d.is_error]
    assert [d.span.line for d in errors] == lines, [(d.code, str(d.span), d.message) for d in errors]
    assert all(d.code.startswith("E1") for d in errors)
    assert result.node is not None and not result.ok  # what parsed is there, and it is not clean
    # the damaged actions were skipped, but for the head of the one that a stray `)` closed early
    assert [a.name for a in result.node.actions] == ["pick", "a0"]
    assert result.lost == (":action-part",) + (":action",) * (n - 1)


def test_semantic_checks_run_on_what_parsed_without_cascades_from_the_skipped_parts():
    text = domain_with("(clear ?x) (handempty))", "(claer ?x) (handempty))")  # a real E201 in `pick`
    text = text.replace("(:predicates", "(:predicats", 1)  # `:predicates` lost to a syntax error
    result = parse_text(text, "d.pddl")
    assert [d.code for d in result.diagnostics] == ["E105"]
    # every predicate is undeclared now, but that is the skipped section's doing: no E201 at all
    assert [d.code for d in check(result.node, incomplete=result.lost) if d.is_error] == []
    good = parse_text(domain_with("(clear ?x) (handempty))", "(claer ?x) (handempty))")
                      .replace("(clear ?y)", "(clear ?y", 1).replace(":effect", "\n  :effect", 1), "d.pddl")
    assert good.node is None or not good.node.actions  # pick itself is damaged: nothing of it is checked


def test_a_recovered_action_is_still_checked_semantically():
    text = BLOCKS[:BLOCKS.rindex(")")] + ACTION.format(name="bad").replace(":precondition", ":precondtion") + """
  (:action drop :parameters (?x - block) :precondition (holdng ?x) :effect (not (holding ?x))))
"""
    result = parse_text(text, "d.pddl")
    assert [d.code for d in result.diagnostics] == ["E105"]
    found = check(result.node, incomplete=result.lost)
    assert [d.code for d in found if d.is_error] == ["E201"]  # `holdng` in the action after the broken one


def test_a_problem_keeps_going_after_a_broken_section():
    text = PROBLEM.replace("(:init (on a b)", "(:init (on a, b)").replace("(:goal (holding a))",
                                                                          "(:goal (holding a)")
    text = text[:text.rindex(")")] + "\n  (:metric minimize (total-cost)))\n"
    result = parse_text(text, "p.pddl")
    errors = [d for d in result.diagnostics if d.is_error]
    assert [(d.code[:2], d.span.line) for d in errors] == [("E1", 3), ("E1", 5)]
    assert not [d for d in result.diagnostics if d.code == "E115"]  # the goal was there, only skipped


@pytest.mark.parametrize("where", ["parameters", "everywhere"])
def test_an_undeclared_type_is_one_error_not_a_cascade(where):
    if where == "parameters":  # each use of ?x and ?y would be a type mismatch against `block`
        text = domain_with("(?x - block ?y - block)\n", "(?x - blok ?y - blok)\n")
    else:
        text = BLOCKS.replace("block", "blok").replace("(:types blok", "(:types block", 1)
    found = check(parse_domain(text))
    errors = [d for d in found if d.is_error]
    assert [d.code for d in errors] == ["E202"], errors
    uses = text.count("- blok")
    assert len(errors[0].fix.edits) == uses >= 2  # one fix renames every use
    assert "also used at" in errors[0].notes[-1]


def test_an_undeclared_object_and_predicate_are_reported_once_each():
    problem = problem_with("(:init (on a b) (clear a) (handempty))",
                           "(:init (on a c) (clear c) (sticky a) (sticky b) (handempty))")
    found = check(parse_domain(BLOCKS), parse_problem(problem))
    assert sorted(d.code for d in found if d.is_error) == ["E201", "E203"]


def test_a_problem_for_another_domain_is_one_error_at_its_domain_name():
    problem = """(define (problem l) (:domain logistics)
  (:objects t - truck a b - place)
  (:init (at t a) (road a b))
  (:goal (at t b)))
"""
    found = check(parse_domain(BLOCKS), parse_problem(problem))
    errors = [d for d in found if d.is_error]
    assert [d.code for d in errors] == ["E501"]
    assert (errors[0].span.line, errors[0].span.column) == (1, 30)  # `logistics` in `(:domain logistics)`
    assert "follow-on error" in errors[0].hint


def test_a_misnamed_domain_alone_keeps_the_other_findings():
    found = check(parse_domain(BLOCKS), parse_problem(problem_with("(:goal (holding a))", "(:goal (holding c))")
                                                       .replace("(:domain blocks)", "(:domain blocksworld)")))
    assert sorted(d.code for d in found if d.is_error) == ["E203", "E501"]


def test_a_requirement_used_by_domain_and_goal_is_reported_once():
    domain = domain_with(":negative-preconditions :equality", "").replace(
        "(clear ?x) (handempty))", "(clear ?x) (not (holding ?x)) (handempty))")
    problem = problem_with("(:goal (holding a))", "(:goal (and (holding a) (not (clear b))))")
    found = check(parse_domain(domain), parse_problem(problem))
    assert [d.code for d in found if d.code == "E404"] == ["E404"]


def test_check_refuses_a_domain_as_the_problem_with_a_type_error():
    with pytest.raises(TypeError, match="not the domain `blocks`"):
        check(parse_domain(BLOCKS), parse_domain(BLOCKS))  # type: ignore[arg-type]


def test_one_repair_round_fixes_syntax_and_semantic_errors_together():
    text = BLOCKS[:BLOCKS.rindex(")")] + ACTION.format(name="put").replace(":precondition", ":precondtion") + """
  (:action drop :parameters (?x - block) :precondition (holdng ?x) :effect (not (holding ?x))))
"""
    result = repair(text, max_rounds=1)
    assert result.ok, result.diagnostics
    assert sorted(f.description for f in result.applied) == ["replace `:precondtion` with `:precondition`",
                                                             "replace `holdng` with `holding`"]


def test_a_domain_root_is_reported_once_however_many_problems_use_the_name(tmp_path, capsys):
    domain = tmp_path / "domain.pddl"
    domain.write_text(BLOCKS.replace("(:types block table - object)", "(:types table - object)"))
    for name in ("p1", "p2", "p3"):
        (tmp_path / f"{name}.pddl").write_text(PROBLEM)
    assert cli.main(["check", "--format", "json", str(tmp_path)]) == 1
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    in_domain = [d for d in found if d["code"] == "E202" and d["file"] == str(domain)]
    assert len(in_domain) == 1
    assert len([d for d in found if d["code"] == "E202"]) == 4  # and once in each problem file
