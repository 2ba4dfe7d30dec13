"""`check` configured as teams configure linters: select/ignore, suppression comments, pyproject.toml,
baselines, --exit-zero, statistics, and whole trees of domains in one call."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentgen_sym import cli
from agentgen_sym.discover import discover

from .conftest import BENCHMARKS, benchmark_files, requires_benchmarks
from .test_check import BLOCKS, PROBLEM, domain_with

# one error (E201 `claer`) and two warnings (W606 `spare`, and W605 for `at`, which BLOCKS never uses)
FINDINGS = domain_with("(clear ?x) (handempty))", "(claer ?x) (handempty))").replace(
    "(:types block table - object)", "(:types block table spare - object)")


def run(capsys, *args: str) -> tuple[int, str]:
    code = cli.main(["check", *args])
    return code, capsys.readouterr().out


def codes_in(out: str) -> list[str]:
    return sorted(d["code"] for d in json.loads(out)["diagnostics"])


@pytest.fixture
def domain(tmp_path: Path) -> Path:
    path = tmp_path / "domain.pddl"
    path.write_text(FINDINGS)
    return path


def test_select_and_ignore_take_codes_and_prefixes(domain, capsys):
    assert codes_in(run(capsys, "--format", "json", str(domain))[1]) == ["E201", "W605", "W606"]
    assert codes_in(run(capsys, "--format", "json", "--select", "W6", str(domain))[1]) == ["W605", "W606"]
    assert codes_in(run(capsys, "--format", "json", "--select", "W6,E", "--ignore", "W605", str(domain))[1]) \
        == ["E201", "W606"]
    code, out = run(capsys, "--format", "json", "--ignore", "E201", str(domain))
    assert (code, codes_in(out)) == (0, ["W605", "W606"])  # the error ignored: exit 0
    assert cli.main(["check", "--select", "X12345", str(domain)]) == 2  # not a code: a usage error


def test_suppression_comments_on_the_line_above_it_and_for_the_file(domain, capsys):
    text = FINDINGS.replace("(claer ?x) (handempty))", "(claer ?x) (handempty)) ; agentgen: ignore[E201]")
    domain.write_text(text)
    assert codes_in(run(capsys, "--format", "json", str(domain))[1]) == ["W605", "W606"]
    domain.write_text(FINDINGS.replace("  (:types", "  ; agentgen: ignore[W606]\n  (:types"))
    assert codes_in(run(capsys, "--format", "json", str(domain))[1]) == ["E201", "W605"]
    domain.write_text(FINDINGS.replace("  (:types", "  ; agentgen: ignore[W607]\n  (:types"))  # another code
    assert codes_in(run(capsys, "--format", "json", str(domain))[1]) == ["E201", "W605", "W606"]
    domain.write_text(FINDINGS.replace("  (:types", "  ; agentgen: ignore[W6O6]\n  (:types"))  # a typo: O for 0
    assert cli.main(["check", str(domain)]) == 2
    assert "`W6O6` is not a diagnostic code" in capsys.readouterr().err
    domain.write_text("; agentgen: ignore-file[E2, W6]\n" + FINDINGS)
    assert run(capsys, "--format", "json", str(domain)) [0] == 0
    assert codes_in(run(capsys, "--format", "json", str(domain))[1]) == []


def test_pyproject_table_is_found_upwards_and_the_command_line_overrides_it(tmp_path, capsys):
    nested = tmp_path / "envs" / "a"
    nested.mkdir(parents=True)
    (nested / "domain.pddl").write_text(FINDINGS)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.agentgen-sym]\nignore = ["W606"]\n'
                                             'strict = true\n')
    assert codes_in(run(capsys, "--format", "json", str(nested / "domain.pddl"))[1]) == ["E201", "W605"]
    assert codes_in(run(capsys, "--format", "json", "--ignore", "E2", str(nested))[1]) == ["W605", "W606"]
    assert run(capsys, "--ignore", "E2", str(nested))[0] == 1  # strict from the table: the warning fails
    assert codes_in(run(capsys, "--format", "json", "--no-config", str(nested))[1]) == ["E201", "W605", "W606"]
    (tmp_path / "pyproject.toml").write_text('[tool.agentgen-sym]\nignroe = ["W606"]\n')
    assert cli.main(["check", str(nested)]) == 2
    assert "unknown key ignroe" in capsys.readouterr().err


def test_baseline_round_trip_survives_line_shifts_and_reports_only_new_findings(domain, capsys):
    baseline = domain.parent / "baseline.json"
    assert cli.main(["check", "--baseline", str(baseline), str(domain)]) == 2  # none written yet
    capsys.readouterr()
    assert cli.main(["check", "--baseline", str(baseline), "--update-baseline", str(domain)]) == 0
    assert "3 findings accepted" in capsys.readouterr().err
    code, out = run(capsys, "--baseline", str(baseline), str(domain))
    assert code == 0 and "3 known findings not shown" in out
    # the same findings three lines lower, and one new error in another action
    shifted = FINDINGS.replace("(:requirements", "; a\n; b\n; c\n(:requirements").rstrip()[:-1] + """
  (:action drop :parameters (?x - block) :precondition (holdng ?x) :effect (not (holding ?x))))
"""
    domain.write_text(shifted)
    code, out = run(capsys, "--format", "json", "--baseline", str(baseline), str(domain))
    assert (code, codes_in(out)) == (1, ["E201"])
    assert "holdng" in out and "claer" not in out
    domain.write_text(FINDINGS.replace("(claer ?x)", "(clear ?x)"))  # the accepted error fixed
    code, out = run(capsys, "--baseline", str(baseline), str(domain))
    assert code == 0 and "1 no longer found" in out


def test_exit_zero_and_statistics(domain, capsys):
    assert run(capsys, str(domain))[0] == 1
    code, out = run(capsys, "--exit-zero", "--statistics", str(domain))
    assert code == 0
    assert any(line.split()[:3] == ["1", "E201", "error"] for line in out.splitlines())
    assert any(line.split()[:3] == ["1", "W606", "warning"] for line in out.splitlines())


def test_discovery_follows_repository_conventions(tmp_path):
    def put(relative: str) -> Path:
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")
        return path

    shared = put("ipc/blocks/domain.pddl"), put("ipc/blocks/p01.pddl"), put("ipc/blocks/instances/p02.pddl")
    per_problem = put("psr/p01-domain.pddl"), put("psr/p01.pddl"), put("psr/domain_p02.pddl"), put("psr/p02.pddl")
    named = put("misc/gripper-domain.pddl"), put("misc/task-a.pddl")
    orphan = put("notes/lonely.pddl")
    found = discover(tmp_path)
    units = {(u.domain.relative_to(tmp_path).as_posix(), tuple(p.name for p in u.problems)) for u in found.units}
    assert units == {("ipc/blocks/domain.pddl", ("p01.pddl", "p02.pddl")), ("psr/p01-domain.pddl", ("p01.pddl",)),
                     ("psr/domain_p02.pddl", ("p02.pddl",)), ("misc/gripper-domain.pddl", ("task-a.pddl",))}
    assert found.orphans == [orphan]
    assert shared and per_problem and named


def test_check_a_tree_in_one_call_reports_each_domains_own_findings(tmp_path, capsys):
    for name, text in (("good", BLOCKS), ("bad", FINDINGS)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "domain.pddl").write_text(text)
        (tmp_path / name / "p1.pddl").write_text(PROBLEM)
    code, out = run(capsys, "--format", "json", "--jobs", "2", str(tmp_path))
    diagnostics = json.loads(out)["diagnostics"]
    assert code == 1
    assert {Path(d["file"]).parent.name for d in diagnostics if d["severity"] == "error"} == {"bad"}


@pytest.mark.slow
@requires_benchmarks
def test_check_the_benchmark_tree_in_one_call_with_no_errors(capsys):
    code, out = run(capsys, str(BENCHMARKS))
    assert code == 0
    # every file of the manifest, per-problem domains (psr-small) included, was checked
    assert out.rstrip().splitlines()[-1].startswith(f"checked {len(benchmark_files())} files: 0 errors")
