"""Where the LLM lives and how to talk to it: defaults < ``agentgen.toml`` < environment < explicit overrides.

Any OpenAI-compatible endpoint works (OpenAI, vLLM, llama.cpp, Ollama, a proxy), so the endpoint
is data, never code. The TOML file keeps a team's settings in the repository; the environment
keeps secrets out of it; per-call/command overrides (``--base-url``, ``--model``) win over both.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentgen_sym.compiler.errors import AgentgenError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 uses the backport named in pyproject.toml
    import tomli as tomllib

CONFIG_FILE = "agentgen.toml"
ENV_VARS = {"base_url": "OPENAI_BASE_URL", "api_key": "OPENAI_API_KEY", "model": "AGENTGEN_MODEL"}
MAX_ENDPOINT_FAILURES = 3
"""A job over many items (``build``'s texts, ``eval``'s episodes) stops after this many items in a row failed on the
endpoint after the client's retries: an endpoint that is down would fail the rest the same way, each after its
retries (0: never stop)."""
NOT_CONFIGURED = ("no LLM endpoint configured: set OPENAI_BASE_URL (and OPENAI_API_KEY if the endpoint needs one), "
                  f"write an [llm] table in {CONFIG_FILE}, or pass --base-url; see README")


class LLMNotConfigured(AgentgenError):
    """Raised before any request when neither a base URL nor an API key is known."""

    def __init__(self, message: str = NOT_CONFIGURED) -> None:
        super().__init__(message)


class LLMConfigError(AgentgenError, ValueError):
    """A config file or value that cannot be used (unknown key, wrong type, unreadable TOML)."""


@dataclass(frozen=True)
class LLMConfig:
    """Settings of one LLM endpoint; immutable so a run's settings cannot drift mid-run.

    ``base_url`` None with an ``api_key`` means OpenAI's own endpoint. ``max_retries`` counts
    retries after the first attempt. ``backoff_s`` is the first retry's wait, doubled each time
    up to ``backoff_max_s``.
    """

    base_url: str | None = None
    api_key: str | None = None
    model: str = "gpt-4o-mini"
    timeout_s: float = 60.0
    max_retries: int = 4
    max_concurrency: int = 4
    temperature: float = 0.0
    max_tokens: int | None = 4096
    backoff_s: float = 1.0
    backoff_max_s: float = 30.0

    def __post_init__(self) -> None:
        if self.timeout_s <= 0 or self.max_retries < 0 or self.max_concurrency < 1 or self.backoff_s < 0:
            raise LLMConfigError(f"invalid LLM settings: timeout_s={self.timeout_s}, max_retries={self.max_retries}, "
                                 f"max_concurrency={self.max_concurrency}, backoff_s={self.backoff_s}")

    @property
    def configured(self) -> bool:
        return bool(self.base_url or self.api_key)

    def require(self) -> LLMConfig:
        """Return self, or raise LLMNotConfigured: call before the first request, not after a network error."""
        if not self.configured:
            raise LLMNotConfigured()
        return self

    def with_overrides(self, **overrides: Any) -> LLMConfig:
        """A copy with the given fields replaced; None values are ignored (an unset CLI flag)."""
        return dataclasses.replace(self, **_checked({k: v for k, v in overrides.items() if v is not None}, "overrides"))

    @classmethod
    def from_env(cls, path: str | Path | None = None, environ: Mapping[str, str] | None = None,
                 require: bool = True, **overrides: Any) -> LLMConfig:
        """Load defaults, then ``path`` (or ``./agentgen.toml`` if present), then the environment, then overrides.

        Raises LLMNotConfigured when the result has neither base URL nor key and ``require`` is true,
        and LLMConfigError for a missing explicit ``path`` or a bad file.
        """
        environ = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        file = Path(path) if path is not None else Path.cwd() / CONFIG_FILE
        if path is not None or file.is_file():
            values.update(load_toml(file))
        values.update({field: environ[var] for field, var in ENV_VARS.items() if environ.get(var)})
        config = cls(**_checked(values, "environment")).with_overrides(**overrides)
        return config.require() if require else config


def load_toml(path: Path) -> dict[str, Any]:
    """The ``[llm]`` table of a TOML file, type-checked; unknown keys are errors so typos are not silent."""
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise LLMConfigError(f"{path}: config file not found") from None
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise LLMConfigError(f"{path}: {exc}") from None
    table = data.get("llm", {})
    if not isinstance(table, dict):
        raise LLMConfigError(f"{path}: [llm] must be a table")
    return _checked(table, str(path))


SECRET_SETTINGS = frozenset({"api_key"})
"""Settings whose value no message may echo, whatever its type: a key typed as a number is still a key."""
_TYPES: dict[str, tuple[type, ...]] = {
    "base_url": (str,), "api_key": (str,), "model": (str,), "timeout_s": (int, float), "max_retries": (int,),
    "max_concurrency": (int,), "temperature": (int, float), "max_tokens": (int,), "backoff_s": (int, float),
    "backoff_max_s": (int, float),
}


def _checked(values: Mapping[str, Any], source: str) -> dict[str, Any]:
    unknown = sorted(set(values) - set(_TYPES))
    if unknown:
        raise LLMConfigError(f"{source}: unknown LLM setting(s) {', '.join(unknown)}; known: {', '.join(_TYPES)}")
    for key, value in values.items():
        if not isinstance(value, _TYPES[key]) or isinstance(value, bool):
            shown = f"a {type(value).__name__} (value not shown)" if key in SECRET_SETTINGS else repr(value)
            raise LLMConfigError(f"{source}: {key} must be {' or '.join(t.__name__ for t in _TYPES[key])}, "
                                 f"got {shown}")
    return dict(values)
