"""One exception root: every exception class the package defines subclasses ``AgentgenError``, so
``except AgentgenError`` catches whatever agentgen-sym raises on purpose (and keeps its builtin base)."""

from __future__ import annotations

import inspect
import pkgutil
from types import ModuleType

import pytest

import agentgen_sym
import agentgen_sym.compiler
import agentgen_sym.planners
from agentgen_sym import AgentgenError
from agentgen_sym.joblimits import JobLimitReached
from agentgen_sym.rl.library import TaskSkippedWarning

from .conftest import OTHER_RELEASE, import_package_module

# a BaseException on purpose: the `except Exception` handlers a job runs through must not swallow it
OUTSIDE_THE_ROOT = {JobLimitReached, TaskSkippedWarning}  # a limit that is not an error; a warning, never raised


def package_modules() -> list[str]:
    """Every module of the package, compiler and planners included (their folders sit beside it)."""
    names = []
    for package in (agentgen_sym, agentgen_sym.compiler, agentgen_sym.planners):
        names += [info.name for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
                  if not info.name.endswith(".__main__")]  # importing __main__ runs the CLI
    return names


def exception_classes(module: ModuleType) -> list[type[BaseException]]:
    return [obj for obj in vars(module).values()
            if inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__ == module.__name__]


@pytest.mark.parametrize("name", package_modules())
def test_every_exception_the_package_defines_has_the_one_root(name: str):
    module = import_package_module(name)
    if module is None:
        pytest.skip(f"{name} needs {OTHER_RELEASE[name]}, which this environment does not hold")
    strays = [cls.__qualname__ for cls in exception_classes(module)
              if not issubclass(cls, AgentgenError) and cls not in OUTSIDE_THE_ROOT]
    assert strays == [], f"{name}: subclass AgentgenError (keeping the builtin base) in {strays}"


def test_the_walk_sees_every_layer_and_a_stray_exception():
    names = package_modules()
    assert {"agentgen_sym.compiler.errors", "agentgen_sym.planners.search", "agentgen_sym.solver"} <= set(names)
    stray = ModuleType("stray")
    exec("class Stray(ValueError): pass\nclass Kept(AgentgenError, ValueError): pass",
         {"__name__": "stray", "AgentgenError": AgentgenError}, vars(stray))
    assert [c.__name__ for c in exception_classes(stray) if not issubclass(c, AgentgenError)] == ["Stray"]


def test_the_root_keeps_each_builtin_base():
    from agentgen_sym.wording.templates import TemplateError
    assert issubclass(TemplateError, ValueError) and issubclass(TemplateError, AgentgenError)
    assert AgentgenError.__module__ == "agentgen_sym.compiler.errors" and "AgentgenError" in agentgen_sym.__all__
