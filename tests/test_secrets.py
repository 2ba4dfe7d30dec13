"""No piece of the configured API key in any output: an endpoint that echoes the key (in a 200 error object or
a non-JSON body longer than the client's cut, in a 401 body, or in a reply that splits it over two lines) is
run through `draft`, `build`, `eval` and `export --thoughts llm`; stdout, stderr and every file under the
working folder (the response cache's bytes included) must hold no 6-character piece of the key's secret part,
whitespace or escaped newlines between its characters allowed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from agentgen_sym.cli import main
from agentgen_sym.llm import LLMConfig, LLMConfigError
from agentgen_sym.llm.client import parse_response
from agentgen_sym.llm.redact import REDACTED, Redactor

from .llm_scripts import RoutedLLMServer
from .llm_server import Garbage, Reply, Status, Step
from .test_export import make_tasks_dir

SECRET = "sk-4fQ9zR7tLm2Xv8KpW3nB6yJ1cH5dG0sA"
SECRET_PART = SECRET.removeprefix("sk-")
PIECES = {SECRET_PART[i:i + 6] for i in range(len(SECRET_PART) - 5)}
SPLIT = f"{SECRET[:17]}\n{SECRET[17:]}"
FAST_TOML = "[llm]\nmax_retries = 1\nbackoff_s = 0.0\nbackoff_max_s = 0.0\ntimeout_s = 5.0\n"

ECHOES: dict[str, Step] = {
    # the client cuts an error text at 500 characters and a non-JSON body at 200: both cuts fall inside the key
    "error-object": Garbage(json.dumps({"error": {"message": "x" * 450 + f" key {SECRET} rejected"}}).encode()),
    "non-json": Garbage(b"<html>" + b"y" * 170 + SECRET.encode() + b"</html>", "text/html"),
    "http-401": Status(401, f"Incorrect API key provided: {SPLIT}"),
    "split-reply": Reply(f"Sure. Your key is {SPLIT} as configured."),
}


def leaked(data: bytes) -> list[str]:
    """The secret pieces in ``data``, read with whitespace and escaped newlines/tabs taken out."""
    packed = re.sub(rb"(?:\s|\\[nrt])+", b"", data)
    return sorted(p for p in PIECES if p.encode() in packed)


def assert_nothing_leaked(root: Path, captured: pytest.CaptureFixture) -> None:
    out, err = captured.readouterr()
    found = {"stdout": leaked(out.encode()), "stderr": leaked(err.encode())}
    files = [p for p in root.rglob("*") if p.is_file()]
    found.update({str(p.relative_to(root)): leaked(p.read_bytes()) for p in files})
    assert not {where: pieces for where, pieces in found.items() if pieces}, out + err


def route_for(echo: str):
    """Every request gets the echo; a paraphrase request gets a paraphrase that keeps its action and facts
    (so export keeps it) with the key split in it."""
    def route(body: dict) -> Step:
        user = body["messages"][-1]["content"]
        if echo == "split-reply" and "<thought>" in user:
            keep = [line[2:] for line in user.split("<thought>")[0].splitlines() if line.startswith("- ")]
            return Reply("In other words: " + "; ".join(keep) + f". Key: {SPLIT}")
        return ECHOES[echo]
    return route


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder with fast retries and the key in OPENAI_API_KEY, as a user configures it."""
    for var in ("OPENAI_BASE_URL", "AGENTGEN_MODEL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    (tmp_path / "agentgen.toml").write_text(FAST_TOML)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def argv_for(command: str, root: Path, url: str) -> list[str]:
    llm = ["--base-url", url, "--model", "m"]
    if command == "draft":
        return ["draft", "Drones carry parcels between pads.", "-o", "env", "--max-repair-rounds", "0", *llm]
    if command == "build":
        (root / "texts").mkdir()
        (root / "texts" / "a.txt").write_text("Drones carry parcels between pads.")
        return ["build", "--inspiration", "texts", "--n-envs", "1", "--out", "out", "--tasks", "2", "--llm-evolve",
                "0", "--jobs", "1", "--max-endpoint-failures", "1", "--max-repair-rounds", "0", *llm]
    tasks = make_tasks_dir(root / "tasks", "greenhouse-rows")
    if command == "eval":
        return ["eval", "--tasks", str(tasks), "--out", "out", "--max-steps", "2", "--concurrency", "1", *llm]
    return ["export", str(tasks), "--format", "agentflan", "--out", "out/data.jsonl", "--thoughts", "llm", *llm]


CASES = [(command, echo) for command in ("draft", "build", "eval") for echo in sorted(ECHOES)]
CASES.append(("export", "split-reply"))  # export writes no error text, only kept paraphrases


@pytest.mark.parametrize("command, echo", CASES)
def test_no_piece_of_the_key_in_any_output(command: str, echo: str, workdir: Path,
                                           capsys: pytest.CaptureFixture) -> None:
    with RoutedLLMServer(route_for(echo)) as server:
        main(argv_for(command, workdir, server.url))
        assert server.request_count > 0
    assert_nothing_leaked(workdir, capsys)


def test_a_reply_with_the_key_is_cached_redacted(workdir: Path, capsys: pytest.CaptureFixture) -> None:
    """The cache keeps the answer (a rerun asks nothing) with the key's pieces replaced."""
    with RoutedLLMServer(route_for("split-reply")) as server:
        main(argv_for("draft", workdir, server.url))
        asked = server.request_count
        main(argv_for("draft", workdir, server.url))
        assert server.request_count == asked
    assert REDACTED in (workdir / "env" / "record.json").read_text()
    assert_nothing_leaked(workdir, capsys)


@pytest.mark.parametrize("value", ["12345678901234567", '["sk-4fQ9zR7tLm2Xv8KpW3nB6yJ1cH5dG0sA"]'])
def test_a_wrongly_typed_key_is_not_echoed(value: str, workdir: Path, capsys: pytest.CaptureFixture) -> None:
    (workdir / "agentgen.toml").write_text(f"[llm]\napi_key = {value}\n")
    with pytest.raises(LLMConfigError, match="api_key must be str") as raised:
        LLMConfig.from_env(environ={})
    assert value.strip('[]"') not in str(raised.value)
    assert main(["draft", "a farm", "-o", "env", "--base-url", "http://127.0.0.1:9/v1"]) == 2
    assert value.strip('[]"')[:6] not in capsys.readouterr().err


# --------------------------------------------------------------------------- the redaction itself


@pytest.mark.parametrize("text, expected", [
    (f"key {SECRET} end", f"key sk-{REDACTED} end"),
    (f"cut: {SECRET[:12]}...", f"cut: sk-{REDACTED}..."),  # 9 secret characters survive a cut
    (f"lines {SPLIT} end", f"lines sk-{REDACTED} end"),
    ("spaced " + " ".join(SECRET_PART[:12]) + " end", f"spaced {REDACTED} end"),
    ("repr 'sk-4fQ9z\\nR7tLm2Xv'", f"repr 'sk-{REDACTED}'"),
    (f"short {SECRET_PART[:5]} and sk- alone", f"short {SECRET_PART[:5]} and sk- alone"),
])
def test_the_key_is_hidden_whole_in_pieces_and_split(text: str, expected: str) -> None:
    assert Redactor(SECRET).text(text) == expected


def test_placeholder_and_short_keys_change_nothing() -> None:
    text = "(define (domain d) (:requirements :strips :typing)) no-key-required unused"
    for key in (None, "", "unused", "sk-no-key-required", "EMPTY", "short"):
        assert Redactor(key).text(text) == text


def test_records_are_redacted_before_they_are_serialised() -> None:
    value = {"messages": [{"content": SPLIT}], SECRET: (1, f"{SECRET_PART[5:20]}")}
    assert not leaked(json.dumps(Redactor(SECRET).data(value)).encode())


def test_an_error_text_is_redacted_before_it_is_cut() -> None:
    """The client's cut (500 characters of an error object, 200 of a non-JSON body) once fell inside the key
    and kept most of it, out of reach of a redaction of the whole key run afterwards."""
    for step in (ECHOES["error-object"], ECHOES["non-json"]):
        completion = parse_response(step.body, Redactor(SECRET))
        assert completion.status == "error" and not leaked(completion.error.encode())
