"""`draft` and `build` exit codes: 2 when the endpoint is unreachable or misconfigured, 1 when an
environment was drafted and rejected, against the scripted local server (no network)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from agentgen_sym.cli import main

from .llm_server import Reply, ScriptedLLMServer, Status, llm_server  # noqa: F401

FAST_TOML = "[llm]\nmax_retries = 1\nbackoff_s = 0.0\nbackoff_max_s = 0.0\ntimeout_s = 5.0\n"
TEXT = "Drones carry parcels between the pads of a warehouse."


@pytest.fixture
def quick_retries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder whose agentgen.toml makes a failing endpoint fail fast."""
    for var in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "AGENTGEN_MODEL"):
        monkeypatch.delenv(var, raising=False)
    (tmp_path / "agentgen.toml").write_text(FAST_TOML)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _closed_port_url() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"  # nothing listens there once the probe is closed


def test_draft_against_an_unreachable_endpoint_exits_2(quick_retries: Path, capsys: pytest.CaptureFixture):
    code = main(["draft", TEXT, "-o", "env", "--base-url", _closed_port_url(), "--model", "m", "--no-cache"])
    captured = capsys.readouterr()
    assert code == 2, captured.out
    assert "LLM endpoint gave no usable response" in captured.err and "[llm-error]" in captured.out


def test_draft_with_a_refused_key_exits_2(quick_retries: Path, llm_server: ScriptedLLMServer,
                                          capsys: pytest.CaptureFixture):
    llm_server.script([Status(401, "invalid api key")] * 4)
    code = main(["draft", TEXT, "-o", "env", "--base-url", llm_server.url, "--model", "m", "--no-cache"])
    assert code == 2
    assert "check --base-url, --model and the key" in capsys.readouterr().err


def test_draft_rejected_environment_still_exits_1(quick_retries: Path, llm_server: ScriptedLLMServer,
                                                  capsys: pytest.CaptureFixture):
    llm_server.script([Reply("A warehouse with drones."), Reply("I would rather write a poem.")])
    code = main(["draft", TEXT, "-o", "env", "--base-url", llm_server.url, "--model", "m", "--no-cache",
                 "--max-repair-rounds", "0"])
    captured = capsys.readouterr()
    assert code == 1 and "[unusable-answer]" in captured.out
    assert "endpoint" not in captured.err


def test_build_against_a_down_endpoint_exits_2(quick_retries: Path, capsys: pytest.CaptureFixture):
    inspiration = quick_retries / "texts"
    inspiration.mkdir()
    (inspiration / "a.txt").write_text(TEXT)
    (inspiration / "b.txt").write_text("A bakery at dawn.")
    code = main(["build", "--inspiration", str(inspiration), "--n-envs", "1", "--out", "out", "--base-url",
                 _closed_port_url(), "--model", "m", "--no-cache"])
    captured = capsys.readouterr()
    assert code == 2, captured.out
    assert "no usable response for 2 of 2 text(s)" in captured.err

