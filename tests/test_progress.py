"""One progress display for every long job (agentgen_sym/progress.py): a bar on a terminal, plain lines when piped."""

from __future__ import annotations

import io

import pytest

from agentgen_sym.progress import Progress


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_piped_short_job_prints_nothing(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("AGENTGEN_SYM_PROGRESS", raising=False)
    stream = io.StringIO()
    with Progress(3, "generate", stream=stream) as progress:
        progress.update(3)
    assert stream.getvalue() == ""


def test_piped_long_job_prints_plain_lines_with_counts_and_eta(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("AGENTGEN_SYM_PROGRESS", raising=False)
    stream = io.StringIO()
    with Progress(4, "generate", stream=stream, interval_s=0.0) as progress:
        for name in ("ferry", "gripper", "depot", "rovers"):
            progress.note(name)
            progress.update()
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("generate:  25% 1/4 [") and lines[0].endswith("ferry]")
    assert lines[-1].startswith("generate: 100% 4/4 [") and "rovers" in lines[-1]
    assert "<" in lines[0]  # elapsed<remaining: the ETA
    assert len(lines) == 4 and "\r" not in stream.getvalue()


def test_terminal_gets_a_bar(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("AGENTGEN_SYM_PROGRESS", raising=False)
    stream = _Terminal()
    with Progress(2, "export", stream=stream) as progress:
        progress.update(2)
    assert stream.getvalue().startswith("\rexport:") and "/2 [" in stream.getvalue()


def test_switch_off_silences_even_a_terminal(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("AGENTGEN_SYM_PROGRESS", "0")
    stream = _Terminal()
    with Progress(2, "export", stream=stream, interval_s=0.0) as progress:
        progress.update(2)
    assert stream.getvalue() == ""


def test_closed_stderr_does_not_end_the_job(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("AGENTGEN_SYM_PROGRESS", "1")
    stream = io.StringIO()
    stream.close()
    with Progress(2, "run", stream=stream) as progress:
        progress.update(2)
    assert progress.done == 2
