"""The profile registry (``env/profiles.py``): serve, eval and the command line read a profile's fields, so a
new profile is one entry there and no module branches on a profile's name."""

from __future__ import annotations

import ast as pyast
import importlib
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from agentgen_sym import cli
from agentgen_sym.env import profiles
from agentgen_sym.env.core import Sessions
from agentgen_sym.env.framing import BARE
from agentgen_sym.env.profiles import DEFAULT_PROFILE, PROFILES, Profile, profile_named
from agentgen_sym.evaluation import EvalOptions

from .conftest import ROOT, requires_extra

REGISTRY = ROOT / "agentgen_sym" / "env" / "profiles.py"


def _names_a_profile(path: Path) -> list[int]:
    """The lines of ``path`` with a string constant that is a profile's name."""
    tree = pyast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for node in pyast.walk(tree) if isinstance(node, pyast.Constant) and node.value in PROFILES]


def test_only_the_registry_names_a_profile():
    sources = [p for p in sorted((ROOT / "agentgen_sym").rglob("*.py")) if p != REGISTRY]
    assert [(p.relative_to(ROOT).as_posix(), _names_a_profile(p)) for p in sources if _names_a_profile(p)] == []


def test_the_name_scan_sees_a_string_branch(tmp_path: Path):
    fake = tmp_path / "branchy.py"
    fake.write_text("def f(profile):\n    return profile == 'agentboard'\n")
    assert _names_a_profile(fake) == [2]


def test_an_unknown_name_is_refused_with_the_choices():
    assert profile_named(DEFAULT_PROFILE) is PROFILES[DEFAULT_PROFILE]
    for make in (profile_named, lambda name: EvalOptions(profile=name)):
        with pytest.raises(ValueError, match="unknown profile 'textcraft'; choose one of agentgen, agentboard"):
            make("textcraft")


@pytest.fixture
def bare(monkeypatch) -> Profile:
    """A third profile, registered as one entry: our TextEnv, its observations sent bare."""
    added = replace(PROFILES[DEFAULT_PROFILE], name="bare", served=BARE, serve_help="bare texts", eval_help="bare")
    monkeypatch.setitem(profiles.PROFILES, added.name, added)
    return added


def test_a_new_profile_is_one_entry_for_the_command_line(bare, capsys):
    parser = cli.build_parser()
    assert parser.parse_args(["serve", "d", "--profile", "bare"]).profile == "bare"
    assert parser.parse_args(["eval", "--tasks", "d", "--profile", "bare"]).profile == "bare"
    with pytest.raises(SystemExit):
        parser.parse_args(["serve", "d", "--help"])
    assert "bare: bare texts" in " ".join(capsys.readouterr().out.split())
    assert EvalOptions(profile="bare").profile == "bare"


def test_a_new_profile_is_one_entry_for_the_server(bare, tmp_path: Path):
    requires_extra("fastapi")
    from agentgen_sym.serve.catalog import Catalog
    from agentgen_sym.serve.pool import EnvPool

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    folder = importlib.import_module("bench.serve").corpus_tasks_dirs(tmp_path, ("p01",))[0]
    catalog = Catalog([folder])
    ours, plain = EnvPool(catalog), EnvPool(catalog, profile="bare")
    first, bare_first = ours.create(0)["observation"], plain.create(0)["observation"]
    goal, facts = bare_first.split("\n", 1)
    assert first == f"{goal}\nObservation: {facts}" and not facts.startswith("Observation")
    refused = ours.step(0, "no such action")["observation"], plain.step(0, "no such action")["observation"]
    assert refused[0] == f"Observation: {refused[1]}"
    assert plain.detail(0)["goal"] == goal and isinstance(plain._get(0).table.episodes, Sessions)
