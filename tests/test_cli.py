"""The command line as users meet it: help, version, parse output formats and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentgen_sym import __version__, cli, parse_domain
from agentgen_sym.cli import check as cli_check
from agentgen_sym.discover import Discovery, Unit

from .conftest import BENCHMARKS, CORPUS, requires_benchmarks, run_cli
from .test_check import BLOCKS, PROBLEM, domain_with


def test_help_and_version_through_python_m():
    proc = run_cli("--help")
    assert proc.returncode == 0 and b"parse" in proc.stdout and b"Exit codes" in proc.stdout
    proc = run_cli("--version")
    assert proc.returncode == 0 and proc.stdout.decode().strip() == f"agentgen-sym {__version__}"


@pytest.mark.parametrize("command", ["parse", "explain", "serve"])
def test_every_subcommand_has_help(command, capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main([command, "--help"])
    assert exit_info.value.code == 0
    assert "usage: agentgen-sym" in capsys.readouterr().out


def test_usage_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["parse", "--format", "yaml", "x.pddl"])
    assert exit_info.value.code == 2
    assert cli.main([]) == 2


def test_parse_prints_canonical_pddl_that_reparses(tmp_path: Path, capsys):
    source = tmp_path / "d.pddl"
    source.write_text("(DEFINE (DOMAIN Demo) (:PREDICATES (Clear ?X)) ; comment\n"
                      "(:ACTION Wipe :PARAMETERS (?x) :EFFECT (Clear ?x)))")
    assert cli.main(["parse", str(source)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("(define (domain demo)")
    assert parse_domain(out) == parse_domain(source)


def test_parse_json_is_the_ast(tmp_path: Path, capsys):
    source = tmp_path / "p.pddl"
    source.write_text("(define (problem p) (:domain d) (:objects a b) (:init (on a b)) (:goal (on b a)))")
    assert cli.main(["parse", "--format", "json", str(source)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["node"] == "Problem" and data["domain_name"] == "d"
    assert data["init"][0] == {"node": "Atom", "predicate": "on",
                               "args": [{"node": "Constant", "name": "a", "span": data["init"][0]["args"][0]["span"]},
                                        {"node": "Constant", "name": "b", "span": data["init"][0]["args"][1]["span"]}],
                               "span": data["init"][0]["span"]}
    assert data["init"][0]["span"]["line"] == 1


def test_parse_reads_plans(tmp_path: Path, capsys):
    plan = tmp_path / "sas_plan"
    plan.write_text("(pick-up b)\n(stack b a)\n; cost = 2 (unit cost)\n")
    assert cli.main(["parse", str(plan)]) == 0
    assert capsys.readouterr().out == "(pick-up b)\n(stack b a)\n; cost = 2\n"


def test_syntax_error_is_located_and_exits_1(tmp_path: Path):
    source = tmp_path / "broken.pddl"
    source.write_text("(define (domain d)\n  (:action pick\n    :parameters (?x)\n    :precondtion (clear ?x)))\n")
    proc = run_cli("parse", str(source))
    assert proc.returncode == 1
    err = proc.stderr.decode()
    assert f"{source}:4:5: error[E105]: unknown keyword `:precondtion`" in err
    assert "did you mean `:precondition`?" in err
    assert "    :precondtion (clear ?x)))" in err and "^^^^^^^^^^^^" in err
    assert "Traceback" not in err


def test_one_bad_file_does_not_hide_the_others(tmp_path: Path, capsys):
    good, bad = tmp_path / "a.pddl", tmp_path / "b.pddl"
    good.write_text("(define (domain d))")
    bad.write_text("(define (domain d)")
    assert cli.main(["parse", "--summary", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "a.pddl" in out and "b.pddl" in out and "1 of 2 files parsed" in out


def test_summary_of_the_bundled_corpus(capsys):
    assert cli.main(["parse", "--summary", str(CORPUS)]) == 0
    out = capsys.readouterr().out
    assert "domain" in out and "problem" in out and "files parsed" in out


def test_explain_knows_every_code_it_lists(capsys):
    assert cli.main(["explain"]) == 0
    codes = [line.split()[0] for line in capsys.readouterr().out.splitlines()[2:] if line.strip()]
    assert "E105" in codes
    for code in codes:
        assert cli.main(["explain", code]) == 0
    assert cli.main(["explain", "E999"]) == 2


@requires_benchmarks
def test_canonical_output_is_a_fixed_point_on_upper_case_blocks(tmp_path: Path):
    first = run_cli("parse", str(BENCHMARKS / "blocks" / "p01.pddl"))
    assert first.returncode == 0
    again_file = tmp_path / "again.pddl"
    again_file.write_bytes(first.stdout)
    again = run_cli("parse", str(again_file))
    assert again.stdout == first.stdout


# --------------------------------------------------------------------------- check DIR on the executor


def _tree(root: Path) -> None:
    """Three domains, each with its own findings: errors in one, warnings in another, none in the last."""
    texts = {"a-clean": BLOCKS, "b-errors": domain_with("(clear ?x) (handempty))", "(claer ?x) (handempty))"),
             "c-warnings": BLOCKS.replace("(:types block table - object)", "(:types block table spare - object)")}
    for name, text in texts.items():
        (root / name).mkdir()
        (root / name / "domain.pddl").write_text(text)
        (root / name / "p1.pddl").write_text(PROBLEM)


def test_check_a_tree_in_workers_prints_what_one_process_prints(tmp_path: Path, capsys):
    """The units go to the executor's workers and come back in unit order, whichever finishes first."""
    _tree(tmp_path)
    outputs = {}
    for jobs in ("1", "3"):
        code = cli.main(["check", "--jobs", jobs, "--statistics", str(tmp_path)])
        outputs[jobs] = code, capsys.readouterr().out
    assert outputs["3"] == outputs["1"]
    code, out = outputs["3"]
    assert code == 1 and out.index("b-errors") < out.index("c-warnings") and "checked 6 files" in out


def test_check_a_tree_in_workers_reports_an_unreadable_domain_as_a_usage_error(tmp_path: Path, monkeypatch,
                                                                                capsys):
    """A unit that cannot read its file is a usage error (exit 2) with the reader's own message, not a traceback."""
    gone = tmp_path / "gone" / "domain.pddl"
    units = [Unit(CORPUS / "kitchen-line" / "domain.pddl", (CORPUS / "kitchen-line" / "p01.pddl",)), Unit(gone)]
    monkeypatch.setattr(cli_check, "discover", lambda root: Discovery(units))
    assert cli.main(["check", "--jobs", "2", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"error: cannot read {gone}: No such file or directory" in err and "Traceback" not in err
