"""W623, the missing delete effect: a `load` that adds `(in ?p ?v)` and keeps `(at ?p ?l)`. `check` reports it
(judged on the problems' initial states), and generation never exports a task whose plan or initial state uses it."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

from agentgen_sym.cli import main
from agentgen_sym.compiler.deletes import CODE, missing_delete_diagnostics
from agentgen_sym.compiler.parser import parse_domain, parse_problem

from .conftest import CORPUS, benchmark_tasks

BUGGY = """(define (domain delivery)
  (:requirements :strips :typing)
  (:types parcel bike place)
  (:predicates (at ?p - parcel ?l - place) (in ?p - parcel ?b - bike) (bike-at ?b - bike ?l - place))
  (:action load :parameters (?p - parcel ?b - bike ?l - place)
    :precondition (and (at ?p ?l) (bike-at ?b ?l))
    :effect (in ?p ?b))
  (:action unload :parameters (?p - parcel ?b - bike ?l - place)
    :precondition (and (in ?p ?b) (bike-at ?b ?l))
    :effect (and (at ?p ?l) (not (in ?p ?b))))
  (:action ride :parameters (?b - bike ?from ?to - place)
    :precondition (bike-at ?b ?from)
    :effect (and (bike-at ?b ?to) (not (bike-at ?b ?from)))))
"""
FIXED = BUGGY.replace(":effect (in ?p ?b))", ":effect (and (in ?p ?b) (not (at ?p ?l))))")
PROBLEM = """(define (problem p01) (:domain delivery)
  (:objects book - parcel b1 b2 b3 - bike home shop - place)
  (:init (at book home) (bike-at b1 home) (bike-at b2 home) (bike-at b3 home))
  (:goal (and (in book b1) (bike-at b2 shop))))
"""


def _files(folder: Path, domain: str) -> tuple[Path, Path]:
    (folder / "domain.pddl").write_text(domain)
    (folder / "p01.pddl").write_text(PROBLEM)
    return folder / "domain.pddl", folder / "p01.pddl"


def _check_json(domain: Path, problem: Path, capsys: pytest.CaptureFixture) -> list[dict]:
    main(["check", str(domain), str(problem), "--format", "json"])
    return [d for d in json.loads(capsys.readouterr().out)["diagnostics"] if d["code"] == CODE]


def test_check_reports_the_missing_delete_with_the_effect_to_add(tmp_path: Path, capsys: pytest.CaptureFixture):
    domain, problem = _files(tmp_path, BUGGY)
    [found] = _check_json(domain, problem, capsys)
    assert found["severity"] == "warning" and "`load`" in found["message"] and "(in ?p ?b)" in found["message"]
    assert "(not (at ?p ?l))" in found["hint"] and found["line"] == 5
    for fmt in ("sarif", "github", "text"):
        main(["check", str(domain), str(problem), "--format", fmt])
        assert CODE in capsys.readouterr().out
    # the suggested fix is the delete: applied, the finding is gone
    [diagnostic] = missing_delete_diagnostics(parse_domain(domain), [parse_problem(problem)])
    [edit] = diagnostic.fix.edits
    lines = BUGGY.splitlines(keepends=True)
    start = sum(len(line) for line in lines[:edit.span.line - 1]) + edit.span.column - 1
    end = sum(len(line) for line in lines[:edit.span.end_line - 1]) + edit.span.end_column - 1
    fixed = BUGGY[:start] + edit.replacement + BUGGY[end:]
    assert missing_delete_diagnostics(parse_domain(fixed), [parse_problem(problem)]) == []


def test_no_finding_without_the_bug_or_without_the_intent(tmp_path: Path, capsys: pytest.CaptureFixture):
    domain, problem = _files(tmp_path, FIXED)
    assert _check_json(domain, problem, capsys) == []
    # no action moves parcels between `in` and `at`: nothing says they are one state of the parcel
    no_unload = BUGGY.replace(":effect (and (at ?p ?l) (not (in ?p ?b))))", ":effect (at ?p ?l))")
    assert missing_delete_diagnostics(parse_domain(no_unload), [parse_problem(PROBLEM)]) == []
    # a problem whose initial state has a parcel both somewhere and in a bike: not exclusive there
    both = PROBLEM.replace("(at book home)", "(at book home) (in book b1)")
    assert missing_delete_diagnostics(parse_domain(BUGGY), [parse_problem(both)]) == []
    assert missing_delete_diagnostics(parse_domain(BUGGY), []) == []  # no problem: nothing to judge on


def _domains_with_problems() -> dict[Path, list[Path]]:
    groups: dict[Path, list[Path]] = defaultdict(list)
    for task in benchmark_tasks():
        groups[task.domain_file].append(task.problem_file)
    for folder in sorted(CORPUS.iterdir()):
        if (folder / "domain.pddl").is_file():
            groups[folder / "domain.pddl"] = sorted(folder.glob("p*.pddl"))
    return groups


def test_no_false_positive_on_the_bundled_and_benchmark_domains():
    groups = _domains_with_problems()
    assert len(groups) >= 10
    for domain_file, problem_files in groups.items():
        domain = parse_domain(domain_file)
        problems = [parse_problem(p) for p in problem_files]
        assert missing_delete_diagnostics(domain, problems) == [], domain_file


def _states(domain_text: str, problem_text: str, plan: list[str]) -> list[set[tuple[str, ...]]]:
    """The plan's states, replayed here by the domain's own adds and deletes (all unconditional)."""
    domain, problem = parse_domain(domain_text), parse_problem(problem_text)
    state = {(a.predicate, *(t.name for t in a.args)) for a in problem.init}
    out = [set(state)]
    actions = {a.name: a for a in domain.actions}
    for step in plan:
        name, *args = step.strip("()").split()
        action = actions[name]
        binding = {"?" + p.name: arg for p, arg in zip(action.parameters, args)}
        parts = action.effect.parts if hasattr(action.effect, "parts") else (action.effect,)
        ground = [(getattr(p, "arg", p), hasattr(p, "arg")) for p in parts]
        for atom, negative in ground:
            fact = (atom.predicate, *(binding["?" + t.name] for t in atom.args))
            (state.discard if negative else state.add)(fact)
        out.append(set(state))
    return out


@pytest.mark.slow
def test_generate_never_exports_a_plan_that_exploits_it(tmp_path: Path, capsys: pytest.CaptureFixture):
    domain, problem = _files(tmp_path, BUGGY)
    code = main(["generate", str(domain), str(problem), "--n", "6", "--seed", "0", "--out", str(tmp_path / "out")])
    capsys.readouterr()
    assert code == 0
    records = [json.loads(line) for line in (tmp_path / "out" / "tasks.jsonl").read_text().splitlines()]
    assert records
    assert "W623" in (tmp_path / "out" / "report.md").read_text()  # the drops are counted
    for record in records:
        task = (tmp_path / "out" / record["problem_file"]).read_text()
        for state in _states(BUGGY, task, record["plan"]):
            parcels = [f[1] for f in state if f[0] in ("at", "in")]
            assert len(parcels) == len(set(parcels)), (record["id"], record["plan"])
