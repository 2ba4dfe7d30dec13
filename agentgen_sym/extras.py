"""How to install an optional extra. The package is installed from its checkout (it is on no package index), so
the hint every message gives is the README's command, run from the repository root."""

from __future__ import annotations


def install_hint(extra: str) -> str:
    """The command that installs ``extra`` (an optional-dependencies group of pyproject.toml)."""
    return f"pip install -e '.[{extra}]' in the agentgen-sym checkout"
