"""Package faces whose names load their modules on first use (PEP 562).

A package that re-exports its stages' names would import every stage with it; with ``lazy_names`` importing the
package, or any one of its modules, loads only what is used. It lives in the bottom layer so that every package,
the compiler's own included, can use it.
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Callable, Mapping


def lazy_names(package: str, homes: Mapping[str, tuple[str, ...]]) -> tuple[Callable[[str], object],
                                                                           Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for ``package``: each name of ``homes[module]`` is ``module``'s (a relative module
    name is read from ``package``), imported when first looked up and then kept on the package."""
    where = {name: module for module, names in homes.items() for name in names}

    def __getattr__(name: str) -> object:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module, package), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(where))

    return __getattr__, __dir__
