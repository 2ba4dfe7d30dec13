"""A chat-completion client that never raises on a bad endpoint: every call ends in a Completion with a status.

It runs on the official ``openai`` package against any OpenAI-compatible endpoint, with the SDK's
own retries off so that retries, backoff, concurrency and token accounting are ours, visible and
tested. Responses are read defensively (an LLM endpoint is untrusted input) and size-bounded,
and, given a ResponseCache, served from disk when the very same request was made before. Every text
that leaves the client (an answer, an error, a cache entry) has been through the configured key's
``Redactor`` before any cut, so nothing downstream (records, reports, the console) can show a piece of it.
"""

from __future__ import annotations

import hashlib
import json
import socket
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from enum import Enum
from types import TracebackType
from typing import Any

import openai

from agentgen_sym.llm.cache import ResponseCache, request_key
from agentgen_sym.llm.config import LLMConfig
from agentgen_sym.llm.redact import Redactor

OPENAI_BASE_URL = "https://api.openai.com/v1"
MAX_RESPONSE_CHARS = 200_000
MAX_BODY_BYTES = 4 * MAX_RESPONSE_CHARS + 64_000  # JSON escaping can grow text up to ~4x (\uXXXX)
MAX_RESPONSE_BYTES = 16 * 2 ** 20  # a chat completion is kilobytes; a body past this is broken or hostile
JITTER = 0.1  # up to +10% of each backoff, fixed per request so re-runs wait the same


class CompletionStatus(str, Enum):
    """Why the text is or is not usable: a truncated or refused answer is data, not an exception."""

    OK = "ok"
    LENGTH = "length"    # finish_reason "length": the text was cut off at max_tokens
    REFUSED = "refused"  # content filter, an explicit refusal, or an empty message
    ERROR = "error"      # no usable response after the allowed retries; see Completion.error

    def __str__(self) -> str:  # "ok", not "CompletionStatus.OK", in messages and f-strings
        return self.value


@dataclass(frozen=True)
class Completion:
    """One chat completion; ``error`` says why the status is not "ok" (None when it is)."""

    text: str
    finish_reason: str | None
    prompt_tokens: int
    completion_tokens: int
    cached: bool
    status: CompletionStatus
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.status is CompletionStatus.OK


@dataclass(frozen=True)
class Usage:
    """Totals for one client: ``requests`` counts complete() calls, ``cached`` those served from disk;
    tokens are those spent on the endpoint (cache hits cost none); ``failures`` are "error" results."""

    requests: int = 0
    cached: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    retries: int = 0
    failures: int = 0


class LLMClient:
    """``complete(messages, **params) -> Completion`` with retries, a concurrency limit, a cache and usage totals.

    Example::

        client = LLMClient(LLMConfig.from_env(), cache=ResponseCache(".agentgen/llm-cache.sqlite"))
        result = client.complete([{"role": "user", "content": "Write a PDDL domain for ..."}], temperature=0.7)
        if result.ok:
            ...

    Safe to share between threads: at most ``config.max_concurrency`` requests are in flight.
    ``use_cache=False`` (the ``--no-cache`` flag) neither reads nor writes the cache.
    """

    def __init__(self, config: LLMConfig, cache: ResponseCache | None = None, use_cache: bool = True) -> None:
        self.config = config.require()
        self.redactor = Redactor(config.api_key)
        self.cache = cache if use_cache else None
        self._openai = openai.OpenAI(base_url=config.base_url or OPENAI_BASE_URL,
                                     api_key=config.api_key or "unused",  # local servers need no key
                                     timeout=config.timeout_s, max_retries=0)
        self._slots = threading.BoundedSemaphore(config.max_concurrency)
        self._usage_lock = threading.Lock()
        self._usage = Usage()

    @property
    def usage(self) -> Usage:
        with self._usage_lock:
            return self._usage

    def request(self, messages: str | Sequence[Mapping[str, Any]], **params: Any) -> dict[str, Any]:
        """The exact request body (and cache key material): config defaults, then ``params``; None drops a param."""
        if isinstance(messages, str):
            messages = [{"role": "user", "content": messages}]
        if params.get("stream"):
            raise ValueError("streaming is not supported: the client needs the whole response to check it")
        body: dict[str, Any] = {"model": self.config.model, "temperature": self.config.temperature,
                                "max_tokens": self.config.max_tokens, **params}
        body = {k: v for k, v in body.items() if v is not None}
        body["messages"] = [dict(m) for m in messages]
        return body

    def complete(self, messages: str | Sequence[Mapping[str, Any]], **params: Any) -> Completion:
        """Ask the endpoint (or the cache); never raises for endpoint trouble, see CompletionStatus."""
        request = self.request(messages, **params)
        key = request_key(request)
        completion = self._from_cache(key)
        retries = 0
        if completion is None:
            completion, retries = self._call_with_retries(request, key)
            if self.cache is not None and completion.status is not CompletionStatus.ERROR:
                self.cache.put(key, _record(completion))
        self._account(completion, retries)
        return completion

    def _from_cache(self, key: str) -> Completion | None:
        record = self.cache.get(key) if self.cache is not None else None
        if record is None:
            return None
        try:  # an entry written before redaction, or under another key's run, is redacted on the way out too
            record = self.redactor.data(record)
            return Completion(**{**record, "status": CompletionStatus(record["status"]), "cached": True})
        except (KeyError, TypeError, ValueError):  # an entry from another version: ask again
            return None

    def _call_with_retries(self, request: dict[str, Any], key: str) -> tuple[Completion, int]:
        attempts = self.config.max_retries + 1
        for attempt in range(attempts):
            completion, retry_after = self._attempt(request)
            if retry_after is None or attempt == attempts - 1:
                break
            time.sleep(max(self._backoff(key, attempt), min(retry_after, self.config.backoff_max_s)))
        if retry_after is not None:
            completion = _error(f"{completion.error} (gave up after {attempts} attempt{'s' * (attempts > 1)})")
        return completion, attempt

    def _backoff(self, key: str, attempt: int) -> float:
        """Exponential backoff with a jitter fixed by the request, so parallel workers spread out reproducibly."""
        delay = min(self.config.backoff_max_s, self.config.backoff_s * 2 ** attempt)
        fraction = int(hashlib.sha256(f"{key}:{attempt}".encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
        return delay * (1 + JITTER * fraction)

    def _attempt(self, request: dict[str, Any]) -> tuple[Completion, float | None]:
        """One HTTP request; the second value is None when final, else the server's Retry-After (0 if none).
        The API key never survives into a completion, whole or in pieces: every text the endpoint or the
        transport sends back is redacted before it is cut (a 401 body, a 200 error object, a non-JSON body)."""
        redact = self.redactor
        body = dict(request)
        model, messages = body.pop("model"), body.pop("messages")
        try:
            with self._slots, self._openai.chat.completions.with_streaming_response.create(
                    model=model, messages=messages, extra_body=body) as raw:
                content = self._read_bounded(raw.http_response)
                if isinstance(content, Completion):
                    return content, None
        except openai.APITimeoutError:
            return _error(f"timed out after {self.config.timeout_s:g} s"), 0.0
        except openai.APIConnectionError as exc:
            return _error(f"connection error: {_bounded(redact.text(str(exc.__cause__ or exc)))}"), 0.0
        except openai.APIStatusError as exc:
            error = _error(f"HTTP {exc.status_code}: {_bounded(redact.text(exc.message))}")
            if exc.status_code == 429 or exc.status_code >= 500:
                return error, _retry_after(exc.response.headers.get("retry-after"))
            return error, None
        except openai.OpenAIError as exc:
            return _error(f"{type(exc).__name__}: {_bounded(redact.text(str(exc)))}"), None
        return parse_response(content, redact), None

    def _read_bounded(self, response: Any) -> bytes | Completion:
        """The decoded body, read as it streams in: at most MAX_RESPONSE_BYTES, within ``timeout_s`` in all.
        The HTTP timeout bounds each read, not the body: a byte every few seconds would never end, and a byte
        just inside the read timeout would run the body to twice the limit; so a watchdog shuts the connection
        at the deadline, which ends the read that is waiting."""
        timeout = self.config.timeout_s
        deadline = time.monotonic() + timeout
        watchdog = threading.Timer(timeout, _shut, (response,))
        watchdog.daemon = True
        watchdog.start()
        chunks: list[bytes] = []
        size = 0
        try:
            for chunk in response.iter_bytes():
                size += len(chunk)
                if size > MAX_RESPONSE_BYTES:
                    return _error(f"response larger than {MAX_RESPONSE_BYTES // 2 ** 20} MiB (decoded); not read "
                                  "further")
                if time.monotonic() > deadline:
                    break
                chunks.append(chunk)
        except _transport_error(response) as exc:  # the watchdog's cut, or the connection failing mid-body
            if time.monotonic() < deadline:
                return _error(f"connection error while reading the reply: {type(exc).__name__}")
        finally:
            watchdog.cancel()
        if time.monotonic() >= deadline:
            return _error(f"response not complete after {timeout:g} s")
        return b"".join(chunks)

    def _account(self, completion: Completion, retries: int) -> None:
        spent = (0, 0) if completion.cached else (completion.prompt_tokens, completion.completion_tokens)
        with self._usage_lock:
            u = self._usage
            self._usage = Usage(requests=u.requests + 1, cached=u.cached + int(completion.cached),
                                prompt_tokens=u.prompt_tokens + spent[0],
                                completion_tokens=u.completion_tokens + spent[1], retries=u.retries + retries,
                                failures=u.failures + int(completion.status is CompletionStatus.ERROR))

    def close(self) -> None:
        self._openai.close()

    def __enter__(self) -> LLMClient:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def _transport_error(response: Any) -> type[Exception]:
    """The error base of the HTTP library under ``response`` (httpx, or httpx2 under openai 3): what a read that
    fails mid-body raises."""
    library = sys.modules[type(response).__module__.partition(".")[0]]
    return getattr(library, "HTTPError", OSError)


def _shut(response: Any) -> None:
    """End the reads of ``response``'s connection now (a blocked read returns at once), from the watchdog's
    thread; where the transport gives no socket, its stream is closed instead."""
    stream = response.extensions.get("network_stream")
    sock = stream.get_extra_info("socket") if stream is not None else None
    try:
        if sock is not None:
            sock.shutdown(socket.SHUT_RDWR)
        else:
            response.close()
    except (OSError, RuntimeError):  # already closed: the read has ended anyway
        pass


def parse_response(content: bytes, redact: Redactor = Redactor(None)) -> Completion:
    """Read a chat-completion body without trusting its shape; anything unexpected is an "error" Completion.
    Every text taken from the body passes ``redact`` before it is cut or returned."""
    if len(content) > MAX_BODY_BYTES:
        return _error(f"response too large ({len(content)} bytes)")
    try:
        data = json.loads(content)
    except (ValueError, RecursionError):
        body = redact.text(content.decode("utf-8", "replace"))
        return _error(f"malformed response: not JSON: {_bounded(body, 200)!r}")
    if isinstance(data, dict) and "error" in data:
        return _error(f"server error: {_bounded(json.dumps(redact.data(data['error'])))}")
    choices = data.get("choices") if isinstance(data, dict) else None
    choice = choices[0] if isinstance(choices, list) and choices else None
    message = choice.get("message") if isinstance(choice, dict) else None
    if not isinstance(message, dict):
        return _error("malformed response: no choices[0].message")
    text, refusal, finish_reason = message.get("content"), message.get("refusal"), choice.get("finish_reason")
    if not isinstance(text, (str, type(None))) or not isinstance(finish_reason, (str, type(None))):
        return _error("malformed response: content and finish_reason must be strings")
    text = text or ""
    if len(text) > MAX_RESPONSE_CHARS:
        return _error(f"response too large ({len(text)} characters, limit {MAX_RESPONSE_CHARS})")
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
    tokens = [usage.get(name) for name in ("prompt_tokens", "completion_tokens")]
    prompt_tokens, completion_tokens = (t if isinstance(t, int) and t >= 0 else 0 for t in tokens)
    status, reason = CompletionStatus.OK, None
    if finish_reason == "length":
        status, reason = CompletionStatus.LENGTH, "truncated at max_tokens"
    elif finish_reason == "content_filter":
        status, reason = CompletionStatus.REFUSED, "content filter"
    elif refusal:
        status, reason = CompletionStatus.REFUSED, f"refusal: {_bounded(redact.text(str(refusal)))}"
    elif not text.strip():
        status, reason = CompletionStatus.REFUSED, "empty response"
    finish_reason = None if finish_reason is None else redact.text(finish_reason)
    return Completion(redact.text(text), finish_reason, prompt_tokens, completion_tokens, False, status, reason)


def _error(message: str) -> Completion:
    return Completion("", None, 0, 0, False, CompletionStatus.ERROR, message)


def _record(completion: Completion) -> dict[str, Any]:
    record = asdict(completion)
    record["status"] = completion.status.value
    del record["cached"]
    return record


def _retry_after(header: str | None) -> float:
    try:
        return max(0.0, float(header)) if header else 0.0
    except ValueError:  # an HTTP date: fall back to our own backoff
        return 0.0


def _bounded(text: str, limit: int = 500) -> str:
    return text if len(text) <= limit else text[:limit] + "..."

