"""The LLM client: the real ``openai`` package over real HTTP against a scripted local server; no network."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from agentgen_sym.llm import (CompletionStatus, LLMClient, LLMConfig, LLMConfigError, LLMNotConfigured,
                              ResponseCache, Usage, request_key)

from .cache_worker import value_for, write_and_read
from .conftest import ROOT
from .llm_server import Delay, Drip, Garbage, Reply, Rule, ScriptedLLMServer, Status, llm_server  # noqa: F401

FAST = {"timeout_s": 2.0, "max_retries": 2, "backoff_s": 0.01, "backoff_max_s": 0.05}


def make_client(server: ScriptedLLMServer, cache: ResponseCache | None = None, use_cache: bool = True,
                **overrides: object) -> LLMClient:
    config = LLMConfig(base_url=server.url, model="test-model", **{**FAST, **overrides})
    return LLMClient(config, cache=cache, use_cache=use_cache)


# --- requests and responses ---------------------------------------------------------------------------------------

def test_plain_success_sends_the_full_request(llm_server: ScriptedLLMServer):
    llm_server.script([Reply("hello there world")])
    result = make_client(llm_server).complete([{"role": "system", "content": "be brief"},
                                               {"role": "user", "content": "say hello"}])
    assert (result.status, result.text, result.finish_reason, result.cached) == ("ok", "hello there world", "stop",
                                                                                 False)
    assert result.ok and result.error is None
    assert (result.prompt_tokens, result.completion_tokens) == (4, 3)
    [body] = llm_server.requests
    assert body["model"] == "test-model"
    assert body["messages"][-1] == {"role": "user", "content": "say hello"}
    assert (body["temperature"], body["max_tokens"]) == (0.0, 4096)


def test_base_url_without_v1_reaches_the_bare_route(llm_server: ScriptedLLMServer):
    llm_server.script([Reply("ok")])
    client = LLMClient(LLMConfig(base_url=llm_server.url.removesuffix("/v1"), **FAST))
    assert client.complete("hi").status == "ok"


def test_params_pass_through_and_none_drops_a_param(llm_server: ScriptedLLMServer):
    llm_server.script([Reply("ok")])
    make_client(llm_server).complete("hi", temperature=0.7, seed=7, top_p=0.5, max_tokens=None, stop=["\n\n"])
    [body] = llm_server.requests
    assert (body["temperature"], body["seed"], body["top_p"], body["stop"]) == (0.7, 7, 0.5, ["\n\n"])
    assert "max_tokens" not in body


def test_streaming_is_refused_up_front(llm_server: ScriptedLLMServer):
    with pytest.raises(ValueError, match="streaming"):
        make_client(llm_server).complete("hi", stream=True)
    assert llm_server.request_count == 0


def test_rate_limit_then_success_is_retried(llm_server: ScriptedLLMServer):
    llm_server.script([Status(429), Reply("fine")])
    client = make_client(llm_server)
    result = client.complete("hi")
    assert (result.status, result.text) == ("ok", "fine")
    assert llm_server.request_count == 2
    assert (client.usage.retries, client.usage.failures) == (1, 0)


def test_retry_after_header_is_honoured(llm_server: ScriptedLLMServer):
    llm_server.script([Status(429, retry_after=0.3), Reply("fine")])
    started = time.monotonic()
    assert make_client(llm_server, backoff_max_s=1.0).complete("hi").status == "ok"
    assert time.monotonic() - started >= 0.3


def test_server_errors_give_an_error_status_after_the_retries(llm_server: ScriptedLLMServer):
    llm_server.script([Status(500), Status(502), Status(503), Reply("never reached")])
    client = make_client(llm_server, max_retries=2)
    result = client.complete("hi")
    assert result.status is CompletionStatus.ERROR
    assert "HTTP 503" in result.error and "after 3 attempts" in result.error
    assert llm_server.request_count == 3
    assert client.usage == Usage(requests=1, retries=2, failures=1)


@pytest.mark.parametrize("code", [400, 401, 404])
def test_client_errors_are_not_retried(llm_server: ScriptedLLMServer, code: int):
    llm_server.script([Status(code, "bad request"), Reply("never reached")])
    result = make_client(llm_server).complete("hi")
    assert result.status == "error" and f"HTTP {code}" in result.error
    assert llm_server.request_count == 1


def test_timeout_is_retried_then_an_error(llm_server: ScriptedLLMServer):
    llm_server.script([Delay(5), Delay(5)])
    client = make_client(llm_server, timeout_s=0.3, max_retries=1)
    started = time.monotonic()
    result = client.complete("hi")
    assert result.status == "error" and "timed out" in result.error
    assert llm_server.request_count == 2 and client.usage.retries == 1
    assert time.monotonic() - started < 9  # without the timeout: two 5 s delays


def test_timeout_then_success(llm_server: ScriptedLLMServer):
    llm_server.script([Delay(5), Reply("second time")])
    result = make_client(llm_server, timeout_s=0.3).complete("hi")
    assert (result.status, result.text) == ("ok", "second time")


def test_connection_refused_is_an_error_status():
    with ScriptedLLMServer() as server:
        url = server.url
    client = LLMClient(LLMConfig(base_url=url, **{**FAST, "max_retries": 1}))
    result = client.complete("hi")
    assert result.status == "error" and "connection error" in result.error
    assert client.usage.retries == 1


@pytest.mark.parametrize("garbage", [
    Garbage(b"\x00\xff this is not json"),
    Garbage(b"<html><body>502 Bad Gateway</body></html>", "text/html"),
    Garbage(b'{"unexpected": "shape"}'),
    Garbage(b'{"choices": []}'),
    Garbage(b'{"choices": [{"message": {"content": 42}, "finish_reason": "stop"}]}'),
    Garbage(b"[1, 2, 3]"),
    Garbage(b'{"error": {"message": "overloaded"}}'),
    Garbage(b"[" * 100_000),
], ids=["binary", "html", "shape", "no-choices", "non-string", "array", "error-200", "deep"])
def test_garbage_body_is_an_error_status_not_an_exception(llm_server: ScriptedLLMServer, garbage: Garbage):
    llm_server.script([garbage])
    result = make_client(llm_server).complete("hi")
    assert result.status == "error" and result.text == ""
    assert result.error.startswith(("malformed response", "server error"))
    assert llm_server.request_count == 1


def test_length_finish_reason_is_truncated(llm_server: ScriptedLLMServer):
    llm_server.script([Reply("(define (domain half", finish_reason="length")])
    result = make_client(llm_server).complete("hi")
    assert (result.status, result.text, result.finish_reason) == ("length", "(define (domain half", "length")


@pytest.mark.parametrize("reply", [
    Reply(None, refusal="I can't help with that."),
    Reply("partial", finish_reason="content_filter"),
    Reply(""),
    Reply("   \n"),
], ids=["refusal-field", "content-filter", "empty", "blank"])
def test_refusals(llm_server: ScriptedLLMServer, reply: Reply):
    llm_server.script([reply])
    result = make_client(llm_server).complete("hi")
    assert result.status is CompletionStatus.REFUSED and result.error


def test_oversized_response_is_an_error(llm_server: ScriptedLLMServer):
    llm_server.script([Reply("x" * 200_001)])
    result = make_client(llm_server).complete("hi")
    assert result.status == "error" and "response too large" in result.error


def test_rules_answer_by_the_last_user_message(llm_server: ScriptedLLMServer):
    llm_server.rules([Rule("domain", Reply("(define (domain d))")), Rule("problem", Reply("(define (problem p))"))],
                     default=Reply("?"))
    client = make_client(llm_server)
    assert client.complete("write a problem").text == "(define (problem p))"
    assert client.complete([{"role": "user", "content": "write a domain"},
                            {"role": "assistant", "content": "a problem?"},
                            {"role": "user", "content": "no, a domain"}]).text == "(define (domain d))"
    assert client.complete("something else").text == "?"
    assert [b["messages"][-1]["content"] for b in llm_server.requests] == ["write a problem", "no, a domain",
                                                                           "something else"]


def test_server_bounds_its_request_count():
    with ScriptedLLMServer(max_requests=2) as server:
        server.rules([], default=Reply("ok"))
        client = LLMClient(LLMConfig(base_url=server.url, **{**FAST, "max_retries": 0}))
        assert [client.complete("hi").status for _ in range(3)] == ["ok", "ok", "error"]


def test_concurrency_is_limited(llm_server: ScriptedLLMServer):
    llm_server.rules([], default=Delay(0.2, Reply("slow")))
    client = make_client(llm_server, max_concurrency=2)
    with ThreadPoolExecutor(6) as pool:
        results = list(pool.map(lambda i: client.complete(f"q{i}"), range(6)))
    assert all(r.ok for r in results)
    assert llm_server.max_in_flight == 2


# --- cache --------------------------------------------------------------------------------------------------------

def test_identical_request_is_served_from_disk(llm_server: ScriptedLLMServer, tmp_path: Path):
    llm_server.script([Reply("first answer")])
    client = make_client(llm_server, ResponseCache(tmp_path / "llm.sqlite"))
    first, second = client.complete("hi"), client.complete("hi")
    assert (first.cached, second.cached) == (False, True)
    assert second.text == first.text and second.status == "ok"
    assert (second.prompt_tokens, second.completion_tokens) == (first.prompt_tokens, first.completion_tokens)
    assert llm_server.request_count == 1

    rerun = make_client(llm_server, ResponseCache(tmp_path / "llm.sqlite"))  # a later run, a new process's view
    assert rerun.complete("hi").cached and llm_server.request_count == 1


def test_no_cache_bypasses_reads_and_writes(llm_server: ScriptedLLMServer, tmp_path: Path):
    cache = ResponseCache(tmp_path / "llm.sqlite")
    llm_server.script([Reply("cached"), Reply("fresh")])
    make_client(llm_server, cache).complete("hi")
    result = make_client(llm_server, cache, use_cache=False).complete("hi")
    assert (result.text, result.cached) == ("fresh", False)
    assert llm_server.request_count == 2 and len(cache) == 1


def test_every_parameter_is_part_of_the_key(llm_server: ScriptedLLMServer, tmp_path: Path):
    llm_server.rules([], default=Reply("ok"))
    client = make_client(llm_server, ResponseCache(tmp_path / "llm.sqlite"))
    calls = [dict(), dict(temperature=0.5), dict(max_tokens=10), dict(seed=1), dict(model="other-model")]
    assert [client.complete("hi", **c).cached for c in calls] == [False] * 5
    assert [client.complete("hi", **c).cached for c in calls] == [True] * 5
    assert client.complete("hi ").cached is False  # one more space in a message
    assert llm_server.request_count == 6


def test_request_key_is_canonical():
    assert request_key({"a": 1, "b": [1, 2]}) == request_key({"b": [1, 2], "a": 1})
    assert request_key({"a": 1}) != request_key({"a": 1.5})


def test_errors_are_not_cached_but_refusals_and_truncations_are(llm_server: ScriptedLLMServer, tmp_path: Path):
    llm_server.script([Status(400), Reply("ok"), Reply("cut", finish_reason="length")])
    client = make_client(llm_server, ResponseCache(tmp_path / "llm.sqlite"))
    assert client.complete("a").status == "error"
    assert client.complete("a").status == "ok"
    assert client.complete("b").status == "length"
    again = client.complete("b")
    assert (again.status, again.cached) == ("length", True)
    assert llm_server.request_count == 3


def test_concurrent_threads_and_processes_never_corrupt_the_cache(tmp_path: Path):
    path, n = tmp_path / "shared.sqlite", 400
    workers = [subprocess.Popen([sys.executable, "-m", "tests.cache_worker", str(path), f"proc{p}", str(n)],
                                cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True) for p in range(2)]
    try:
        assert [w.stdout.readline().strip() for w in workers] == ["ready", "ready"]
        cache = ResponseCache(path)
        for worker in workers:
            worker.stdin.write("go\n")
            worker.stdin.flush()
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(lambda t: write_and_read(cache, f"thread{t}", n), range(8)))
        for worker in workers:
            _, err = worker.communicate(timeout=120)
            assert worker.returncode == 0, err
    finally:
        for worker in workers:
            worker.kill()
    tags = [f"thread{t}" for t in range(8)] + ["proc0", "proc1"]
    for tag in tags:
        for i in range(n):
            assert cache.get(f"{tag}-{i}") == value_for(tag, i)
    assert len(cache) == len(tags) * n + 1
    cache.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_undecodable_cache_entry_is_a_miss(llm_server: ScriptedLLMServer, tmp_path: Path):
    cache = ResponseCache(tmp_path / "llm.sqlite")
    client = make_client(llm_server, cache)
    key = request_key(client.request("hi"))
    cache.put(key, {"from": "an older version"})
    llm_server.script([Reply("fresh")])
    assert client.complete("hi").cached is False
    assert cache.get(key)["text"] == "fresh"


# --- usage --------------------------------------------------------------------------------------------------------

def test_token_accounting_totals(llm_server: ScriptedLLMServer, tmp_path: Path):
    llm_server.script([Reply("one two", prompt_tokens=10, completion_tokens=2), Status(429),
                       Reply("three", prompt_tokens=20, completion_tokens=1), Status(500), Status(500), Status(500)])
    client = make_client(llm_server, ResponseCache(tmp_path / "llm.sqlite"))
    client.complete("a")
    client.complete("b")
    client.complete("a")  # cached: no tokens spent
    client.complete("c")  # three 500s: two retries, one failure
    assert client.usage == Usage(requests=4, cached=1, prompt_tokens=30, completion_tokens=3, retries=3, failures=1)


def test_usage_is_consistent_under_threads(llm_server: ScriptedLLMServer):
    llm_server.rules([], default=Reply("x", prompt_tokens=3, completion_tokens=1))
    client = make_client(llm_server, max_concurrency=4)
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda i: client.complete(f"q{i}"), range(40)))
    assert client.usage == Usage(requests=40, prompt_tokens=120, completion_tokens=40)


# --- configuration ------------------------------------------------------------------------------------------------

@pytest.fixture
def no_llm_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for var in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "AGENTGEN_MODEL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_not_configured_is_a_clear_error(no_llm_env: Path):
    with pytest.raises(LLMNotConfigured, match="no LLM endpoint configured: set OPENAI_BASE_URL") as info:
        LLMConfig.from_env()
    assert "--base-url" in str(info.value) and "README" in str(info.value)
    with pytest.raises(LLMNotConfigured):
        LLMClient(LLMConfig())
    assert not LLMConfig.from_env(require=False).configured


def test_environment_configures_the_client(no_llm_env: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("AGENTGEN_MODEL", "local-model")
    config = LLMConfig.from_env()
    assert (config.base_url, config.api_key, config.model) == ("http://127.0.0.1:9/v1", None, "local-model")
    assert LLMConfig.from_env(environ={"OPENAI_API_KEY": "sk-test"}).api_key == "sk-test"


def test_precedence_file_then_environment_then_overrides(no_llm_env: Path):
    (no_llm_env / "agentgen.toml").write_text('[llm]\nbase_url = "http://file/v1"\nmodel = "file-model"\n'
                                              'timeout_s = 5\nmax_concurrency = 8\n')
    from_file = LLMConfig.from_env()
    assert (from_file.base_url, from_file.model, from_file.timeout_s, from_file.max_concurrency) == (
        "http://file/v1", "file-model", 5, 8)
    from_env = LLMConfig.from_env(environ={"AGENTGEN_MODEL": "env-model"})
    assert (from_env.base_url, from_env.model) == ("http://file/v1", "env-model")
    overridden = LLMConfig.from_env(environ={"AGENTGEN_MODEL": "env-model"}, model="cli-model", base_url=None)
    assert (overridden.base_url, overridden.model) == ("http://file/v1", "cli-model")


def test_an_explicit_config_path_is_read(no_llm_env: Path):
    path = no_llm_env / "elsewhere.toml"
    path.write_text('[llm]\napi_key = "sk-file"\ntemperature = 0.2\n')
    config = LLMConfig.from_env(path)
    assert (config.api_key, config.temperature, config.base_url) == ("sk-file", 0.2, None)


@pytest.mark.parametrize("text, message", [
    ('[llm]\nmodle = "x"\n', "unknown LLM setting"),
    ('[llm]\nmax_retries = "3"\n', "max_retries must be int"),
    ('[llm]\nmax_retries = true\n', "max_retries must be int"),
    ("[llm\n", "agentgen.toml"),
    ('llm = "x"\n', "must be a table"),
    ('[llm]\nbase_url = "http://x"\nmax_concurrency = 0\n', "invalid LLM settings"),
])
def test_bad_config_files_are_reported(no_llm_env: Path, text: str, message: str):
    (no_llm_env / "agentgen.toml").write_text(text)
    with pytest.raises(LLMConfigError, match=message):
        LLMConfig.from_env()


def test_a_missing_explicit_config_path_is_an_error(no_llm_env: Path):
    with pytest.raises(LLMConfigError, match="not found"):
        LLMConfig.from_env(no_llm_env / "missing.toml")


def test_cached_response_json_is_plain_data(llm_server: ScriptedLLMServer, tmp_path: Path):
    llm_server.script([Reply("ok")])
    cache = ResponseCache(tmp_path / "llm.sqlite")
    client = make_client(llm_server, cache)
    client.complete("hi")
    record = cache.get(request_key(client.request("hi")))
    assert json.loads(json.dumps(record)) == record and record["status"] == "ok"


def test_an_echoed_api_key_is_redacted_everywhere(llm_server: ScriptedLLMServer, tmp_path):
    """A 401 body that echoes the key was printed and stored verbatim (issue: secrets are never stored)."""
    secret = "sk-test-0123456789abcdef"
    llm_server.script([Status(401, f"Incorrect API key provided: {secret}"), Reply(f"your key is {secret}")])
    cache = ResponseCache(tmp_path / "cache.sqlite")
    client = make_client(llm_server, cache=cache, api_key=secret)
    refused = client.complete("hi")
    assert refused.status == "error" and secret not in refused.error and "[redacted]" in refused.error
    echoed = client.complete("again")
    assert echoed.ok and secret not in echoed.text
    cache.close()
    assert secret.encode() not in (tmp_path / "cache.sqlite").read_bytes()


def test_a_drip_fed_reply_is_cut_at_the_timeout(llm_server: ScriptedLLMServer):
    """A byte every 0.2 s never trips the per-read HTTP timeout; the whole reply still gets only timeout_s."""
    llm_server.script([Drip(b" ", every_s=0.2, count=100)])
    started = time.monotonic()
    result = make_client(llm_server, timeout_s=1.0, max_retries=0).complete("hi")
    assert result.status == "error" and "not complete after 1 s" in result.error
    assert time.monotonic() - started < 15  # without the cut: 20 s of drip


@pytest.mark.parametrize("gzip", [False, True], ids=["endless", "gzip-bomb"])
def test_a_huge_reply_is_refused_while_it_streams(llm_server: ScriptedLLMServer, gzip: bool):
    """64 MiB of body (or of gzip-decoded body from a small download) is never read whole."""
    llm_server.script([Drip(b"0" * 2 ** 20, count=64, gzip=gzip)])
    result = make_client(llm_server, timeout_s=30, max_retries=0).complete("hi")
    assert result.status == "error" and "response larger than 16 MiB" in result.error


def test_a_reply_dripping_just_inside_the_read_timeout_is_cut_at_the_deadline(llm_server: ScriptedLLMServer):
    """A byte every 2.5 s under a 3 s timeout never trips a read's own timeout: without the watchdog the reply
    ran to the first byte after the deadline (5 s and more); it now ends at 3 s."""
    llm_server.script([Drip(b" ", every_s=2.5, count=100)])
    started = time.monotonic()
    result = make_client(llm_server, timeout_s=3.0, max_retries=0).complete("hi")
    elapsed = time.monotonic() - started
    assert result.status == "error" and "not complete after 3 s" in result.error
    assert elapsed < 3.0 + 1.5, elapsed  # the limit plus slack; the old read ended at 5 s or later
