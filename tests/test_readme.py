"""The README's Python section runs verbatim: every ```python block, from the repository root."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from .conftest import ROOT


def _python_blocks() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## From Python"):]
    section = section[:section.index("\n## ", 1)]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_readme_has_python_snippets():
    assert len(_python_blocks()) >= 4


@pytest.mark.parametrize("index", range(len(_python_blocks())))
def test_readme_snippet_runs_as_written(index: int):
    proc = subprocess.run([sys.executable, "-c", _python_blocks()[index]], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
