"""Every install command a user reads works from a checkout: the package is on no index, so `pip install
"agentgen-sym[gym]"` failed verbatim. The README, the docs and every error message name an extra of pyproject.toml,
installed from the repository root (``pip install -e '.[EXTRA]'``, ``extras.install_hint``)."""

from __future__ import annotations

import re
import tomllib

from agentgen_sym.extras import install_hint

from .conftest import ROOT

EXTRAS = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"])


def test_every_install_command_in_the_readme_and_docs_installs_an_extra_of_the_checkout():
    commands = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        commands += [(path.name, c) for c in re.findall(r"pip install[^\n`]*", path.read_text(encoding="utf-8"))]
    assert commands
    for where, command in commands:
        assert "agentgen-sym[" not in command, (where, command)  # an index install: no such package there
        for extras in re.findall(r"\.\[([^\]]*)\]", command):
            assert set(extras.split(",")) <= EXTRAS, (where, command)


def test_every_install_hint_in_the_code_names_an_extra():
    hinted = set()
    for path in sorted((ROOT / "agentgen_sym").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        # an OpenEnv package's pyproject names the distribution it needs, no install hint (its README says where
        # the distribution comes from: the build's index, or a wheel in the package)
        assert "agentgen-sym[" not in text or path.name == "openenv_package.py", path
        hinted |= set(re.findall(r"install_hint\('([^']*)'\)", text))
    assert hinted and hinted <= EXTRAS, hinted - EXTRAS
    assert install_hint("gym") == "pip install -e '.[gym]' in the agentgen-sym checkout"
