"""Packaging: one import namespace, a wheel that works on its own, and an explicit public API."""

from __future__ import annotations

import argparse
import os
import pkgutil
import subprocess
import sys
import zipfile
from types import ModuleType
from pathlib import Path

import agentgen_sym
from agentgen_sym import cli

from .conftest import ROOT, import_package_module


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
        module = import_package_module(f"{package.__name__}.{info.name}")
        if module is None:  # an adapter of a consumer release this environment does not hold
            continue
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
    # one package, and the one-line module verifiers 0.4 imports as the taskset id agentgen-sym-tasks
    assert {t for t in top_level if not t.endswith(".dist-info")} == {"agentgen_sym", "agentgen_sym_tasks.py"}

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


HEAVY = ("numba", "fastapi", "uvicorn", "starlette", "openai", "networkx", "matplotlib", "lark",
         "agentgen_sym.generation", "agentgen_sym.export", "agentgen_sym.planners.kernels", "agentgen_sym.serve.app")
"""What the package face and ``--help`` must not load: compiled kernels, web frameworks, the LLM client, the grammar's
parser generator and the heavy stages (each is loaded by the command or the name that needs it)."""


def _loaded_by(code: str) -> list[str]:
    """The heavy modules a fresh interpreter has loaded after running ``code``."""
    probe = f"import sys\n{code}\nprint('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT,
                         timeout=120).stdout.split()
    return sorted({h for name in out for h in HEAVY if name == h or name.startswith(h + ".")})


def test_importing_the_package_loads_no_stage():
    assert _loaded_by("import agentgen_sym") == []
    assert "numba" in _loaded_by("import agentgen_sym; agentgen_sym.solve")  # a name loads what it needs


def test_help_loads_no_stage():
    assert _loaded_by("from agentgen_sym.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass") == []


def test_a_command_builds_only_its_own_parser_and_the_same_one():
    """``main`` builds the parser of the command it runs; that parser is the one the full build makes."""
    full = cli.build_parser()
    for command in cli.COMMANDS:
        alone = cli.build_parser((command.name,))
        assert _subparser(alone, command.name).format_help() == _subparser(full, command.name).format_help()
        others = [c.name for c in cli.COMMANDS if c.name != command.name]
        assert all(not _subparser(alone, name)._actions[1:] for name in others)  # listed, not built


def _subparser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[name]
