"""The pre-commit hook and the example GitHub Actions workflow do what docs/ci.md says: their commands
run here on a sample tree, failing on an error and passing once it is fixed."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import yaml

from agentgen_sym.findings import tomllib

from .conftest import ROOT
from .test_check import BLOCKS, PROBLEM
from .test_lint_config import FINDINGS

HOOKS = ROOT / ".pre-commit-hooks.yaml"
WORKFLOW = ROOT / "docs" / "examples" / "github-actions.yml"


def sample_tree(root: Path, broken: bool) -> None:
    for name, text in (("envs/good", BLOCKS), ("envs/drafted", FINDINGS if broken else BLOCKS)):
        (root / name).mkdir(parents=True, exist_ok=True)
        (root / name / "domain.pddl").write_text(text)
        (root / name / "p01.pddl").write_text(PROBLEM)


def shell(command: str, cwd: Path) -> subprocess.CompletedProcess:
    """Run a command line as CI would, with this environment's console scripts first on PATH."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
           "AGENTGEN_SYM_PROGRESS": "0"}
    return subprocess.run(command, shell=True, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_the_hook_runs_a_console_script_of_this_package_over_the_tree(tmp_path):
    hooks = yaml.safe_load(HOOKS.read_text())
    (hook,) = hooks
    assert hook["id"] == "agentgen-sym-check" and hook["language"] == "python"
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert shlex.split(hook["entry"])[0] in scripts
    command = " ".join([hook["entry"], *map(shlex.quote, hook.get("args", []))])
    sample_tree(tmp_path, broken=True)
    failed = shell(command, tmp_path)
    assert failed.returncode == 1, failed.stderr
    assert "envs/drafted/domain.pddl" in failed.stdout and "E201" in failed.stdout
    sample_tree(tmp_path, broken=False)
    passed = shell(command, tmp_path)
    assert passed.returncode == 0, passed.stdout + passed.stderr


def workflow_commands() -> list[str]:
    steps = yaml.safe_load(WORKFLOW.read_text())["jobs"]["check"]["steps"]
    return [step["run"] for step in steps if "run" in step and not step["run"].startswith("pip install")]


def test_the_workflow_annotates_errors_uploads_sarif_and_fails_the_job(tmp_path):
    commands = workflow_commands()
    assert len(commands) == 2
    sample_tree(tmp_path, broken=True)
    codes = [shell(c, tmp_path) for c in commands]
    assert [c.returncode for c in codes] == [0, 1], [c.stderr for c in codes]
    sarif = json.loads((tmp_path / "pddl-check.sarif").read_text())
    assert {r["ruleId"] for r in sarif["runs"][0]["results"]} >= {"E201"}
    assert any(line.startswith("::error file=envs/drafted/domain.pddl,line=") for line in codes[1].stdout.splitlines())
    sample_tree(tmp_path, broken=False)
    assert [shell(c, tmp_path).returncode for c in commands] == [0, 0]


def test_docs_show_the_setup_in_five_lines_that_name_this_hook():
    text = (ROOT / "docs" / "ci.md").read_text()
    block = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    assert len(block.strip().splitlines()) == 5
    config = yaml.safe_load(block)
    assert config["repos"][0]["hooks"][0]["id"] == yaml.safe_load(HOOKS.read_text())[0]["id"]
    assert "docs/examples/github-actions.yml" in text
