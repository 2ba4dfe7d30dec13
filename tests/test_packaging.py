"""Packaging: one import namespace, a wheel that works on its own, and an explicit public API."""

from __future__ import annotations

import importlib
import os
import pkgutil
import subprocess
import sys
import zipfile
from types import ModuleType
from pathlib import Path

import agentgen_sym

from .conftest import ROOT


def test_public_api_is_explicit_and_importable():
    assert sorted(agentgen_sym.__all__) == sorted(set(agentgen_sym.__all__))
    for name in agentgen_sym.__all__:
        assert hasattr(agentgen_sym, name), name
    public = {n for n, v in vars(agentgen_sym).items() if not n.startswith("_") and not isinstance(v, ModuleType)}
    assert public <= set(agentgen_sym.__all__)


def _shadowed(package: ModuleType) -> list[str]:
    """Modules of ``package`` (recursively) that an attribute of the same name hides on their package."""
    hidden = []
    for info in pkgutil.iter_modules(package.__path__):
        if info.name == "__main__":  # importing it runs the CLI
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        if getattr(package, info.name) is not module:
            hidden.append(module.__name__)
        if info.ispkg:
            hidden.extend(_shadowed(module))
    return hidden


def test_no_name_hides_a_module_of_the_same_name():
    """``import agentgen_sym.x.y as m`` must give the module: a function re-exported as ``y`` would hide it."""
    assert _shadowed(agentgen_sym) == []


def test_the_shadow_check_sees_a_function_named_like_its_module(monkeypatch):
    import agentgen_sym.export.export

    monkeypatch.setattr(agentgen_sym.export, "export", agentgen_sym.export.export_folder)
    assert _shadowed(agentgen_sym) == ["agentgen_sym.export.export"]


def test_repository_folders_import_under_the_namespace():
    import agentgen_sym.compiler.parser as parser_module
    import agentgen_sym.planners

    assert Path(parser_module.__file__).parent == ROOT / "compiler"
    assert Path(agentgen_sym.planners.__file__).parent == ROOT / "planners"


def test_wheel_installs_and_works_on_its_own(tmp_path: Path):
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(dist),
                    str(ROOT)], check=True, capture_output=True, timeout=300)
    wheel = next(dist.glob("agentgen_sym-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        top_level = {name.split("/")[0] for name in archive.namelist()}
        assert "agentgen_sym/grammar/pddl.lark" in archive.namelist()
        assert any(n.startswith("agentgen_sym/corpus/domains/") for n in archive.namelist())
    assert {t for t in top_level if not t.endswith(".dist-info")} == {"agentgen_sym"}

    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, timeout=300)
    probe = ("import agentgen_sym, pathlib, sys;"
             "assert pathlib.Path(agentgen_sym.__file__).is_relative_to(sys.argv[1]), agentgen_sym.__file__;"
             "d = agentgen_sym.parse_domain('(define (domain x) (:predicates (p)))');"
             "print(d.name, len(d.predicates))")
    env = {**os.environ, "PYTHONPATH": str(target)}
    proc = subprocess.run([sys.executable, "-c", probe, str(target)], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["x", "1"]


def test_make_run_installs_the_package_without_the_dev_extras():
    """The main job needs no extra: a first `make run` must not wait on Ray, Fast Downward or pytest."""
    dry = subprocess.run(["make", "-n", "-B", "run"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    installs = [line for line in dry.stdout.splitlines() if "pip install" in line and "--upgrade pip" not in line]
    assert installs and all("[" not in line for line in installs), installs
    test_dry = subprocess.run(["make", "-n", "-B", "test"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert "'.[dev]'" in test_dry.stdout
