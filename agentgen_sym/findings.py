"""What `check` reports, configured as linters are: codes selected and ignored, suppression comments,
a `[tool.agentgen-sym]` table in pyproject.toml, and a baseline of accepted findings.

The checker always finds everything; this module only decides which findings a run shows, so a
large existing corpus can adopt `check` and fail on new findings alone.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable, Sequence

from agentgen_sym.compiler.diagnostics import Diagnostic
from agentgen_sym.compiler.errors import AgentgenError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

TABLE = "agentgen-sym"
BASELINE_VERSION = 1
_CODE = re.compile(r"^[A-Z][0-9]{0,3}$")


class ConfigError(AgentgenError, ValueError):
    """A malformed `[tool.agentgen-sym]` table, code list or baseline file (a usage error)."""


@dataclass(frozen=True)
class Settings:
    """Which findings a run shows and how it exits; ``source`` is the pyproject.toml read, if any."""

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    strict: bool = False
    exit_zero: bool = False
    baseline: Path | None = None
    source: Path | None = None

    def shows(self, code: str) -> bool:
        """A code is shown when a `select` prefix matches it (or none is given) and no `ignore` prefix does."""
        if self.select and not any(code.startswith(p) for p in self.select):
            return False
        return not any(code.startswith(p) for p in self.ignore)


def codes(text: str | Sequence[str], where: str) -> tuple[str, ...]:
    """Parse ``E201,W6`` (or a TOML list) into code prefixes; a malformed one is a ConfigError."""
    items = text.split(",") if isinstance(text, str) else list(text)
    out = []
    for item in items:
        if not isinstance(item, str):
            raise ConfigError(f"{where}: expected codes such as `W607` or `W6`, got {item!r}")
        item = item.strip().upper()
        if not item:
            continue
        if item != "ALL" and not _CODE.match(item):
            raise ConfigError(f"{where}: `{item}` is not a diagnostic code or prefix (such as `W607` or `W6`)")
        out.append("" if item == "ALL" else item)
    return tuple(out)


# --------------------------------------------------------------------------- pyproject.toml


def find_settings(start: Path) -> Settings:
    """The `[tool.agentgen-sym]` table of the nearest pyproject.toml that has one, searched from
    ``start`` (a file's folder or a folder) upwards; default settings when there is none."""
    folder = start if start.is_dir() else start.parent
    for candidate in [folder.resolve(), *folder.resolve().parents]:
        path = candidate / "pyproject.toml"
        if not path.is_file():
            continue
        try:
            with path.open("rb") as handle:
                data = tomllib.load(handle)
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(f"cannot read {path}: {exc}") from exc
        table = data.get("tool", {}).get(TABLE)
        if table is not None:
            return _settings(table, path)
    return Settings()


def _settings(table: object, path: Path) -> Settings:
    where = f"{path} [tool.{TABLE}]"
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: expected a table")
    known = {"select", "ignore", "strict", "exit-zero", "baseline"}
    unknown = sorted(set(table) - known)
    if unknown:
        raise ConfigError(f"{where}: unknown key{'s' * (len(unknown) > 1)} {', '.join(unknown)} "
                          f"(known: {', '.join(sorted(known))})")
    for key in ("strict", "exit-zero"):
        if not isinstance(table.get(key, False), bool):
            raise ConfigError(f"{where}: `{key}` must be true or false")
    baseline = table.get("baseline")
    if baseline is not None and not isinstance(baseline, str):
        raise ConfigError(f"{where}: `baseline` must be a path")
    return Settings(codes(table.get("select", ()), f"{where} select"), codes(table.get("ignore", ()), f"{where} ignore"),
                    table.get("strict", False), table.get("exit-zero", False),
                    path.parent / baseline if baseline else None, path)


# --------------------------------------------------------------------------- suppression comments

_COMMENT = re.compile(r";\s*agentgen\s*:\s*(ignore-file|ignore)\b(?:\[([^\]]*)\])?", re.IGNORECASE)


@dataclass
class Suppressions:
    """The ``; agentgen: ignore[CODES]`` comments of one file: per line (the line itself, or a comment
    alone on the line above), and ``; agentgen: ignore-file[CODES]`` for the whole file. No codes
    means every code."""

    lines: dict[int, tuple[str, ...]] = field(default_factory=dict)
    file: tuple[str, ...] | None = None

    @classmethod
    def of(cls, text: str) -> Suppressions:
        found = cls()
        for number, line in enumerate(text.splitlines(), 1):
            m = _COMMENT.search(line)
            if m is None:
                continue
            listed = codes(m.group(2), f"line {number}") if m.group(2) else ("",)
            if m.group(1).lower() == "ignore-file":
                found.file = (found.file or ()) + listed
                continue
            found.lines[number] = found.lines.get(number, ()) + listed
            if not line[:m.start()].strip():  # a comment on its own line covers the next line
                found.lines[number + 1] = found.lines.get(number + 1, ()) + listed
        return found

    def hides(self, d: Diagnostic) -> bool:
        prefixes = (self.file or ()) + (self.lines.get(d.span.line, ()) if d.span else ())
        return any(d.code.startswith(p) for p in prefixes)


def apply(found: Iterable[Diagnostic], settings: Settings, texts: dict[str, str]) -> list[Diagnostic]:
    """The findings a run shows: selected, not ignored, not suppressed by a comment in their file."""
    cache: dict[str, Suppressions] = {}
    out = []
    for d in found:
        if not settings.shows(d.code):
            continue
        file = d.span.file if d.span else None
        if file is not None and file in texts:
            if file not in cache:
                try:
                    cache[file] = Suppressions.of(texts[file])
                except ConfigError as exc:
                    raise ConfigError(f"{file}, a suppression comment on {exc}") from exc
            if cache[file].hides(d):
                continue
        out.append(d)
    return out


# --------------------------------------------------------------------------- baselines

_POSITION = re.compile(r"\d+:\d+")


def fingerprint(d: Diagnostic, root: Path) -> str:
    """A key for a finding that survives edits elsewhere in the file: code, file (relative to the
    baseline's folder), the enclosing action or section, and the message without positions."""
    file = ""
    if d.span is not None and d.span.file:
        path = Path(d.span.file)
        try:
            file = path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            file = path.as_posix()
    context = next((n for n in d.notes if n.startswith("in ")), "")
    return " | ".join((d.code, file, _POSITION.sub("#", context), _POSITION.sub("#", d.message)))


def write_baseline(path: Path, found: Iterable[Diagnostic]) -> int:
    """Record every finding as accepted; returns how many."""
    counts = Counter(fingerprint(d, path.parent) for d in found)
    data = {"version": BASELINE_VERSION, "tool": "agentgen-sym check",
            "findings": [{"key": key, "count": n} for key, n in sorted(counts.items())]}
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return sum(counts.values())


def read_baseline(path: Path) -> Counter:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != BASELINE_VERSION:
            raise ConfigError(f"{path}: baseline version {data.get('version')!r}, expected {BASELINE_VERSION}")
        return Counter({item["key"]: int(item["count"]) for item in data["findings"]})
    except FileNotFoundError as exc:
        raise ConfigError(f"no baseline at {path}: write one with --update-baseline") from exc
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        if isinstance(exc, ConfigError):
            raise
        raise ConfigError(f"{path} is not a baseline written by `check --update-baseline` ({exc})") from exc


def new_findings(path: Path, found: Iterable[Diagnostic]) -> tuple[list[Diagnostic], int]:
    """The findings not in the baseline, and how many baseline entries no longer occur (fixed).
    A key recorded n times accepts n findings: a second copy of an accepted finding is new."""
    remaining = read_baseline(path)
    new = []
    for d in found:
        key = fingerprint(d, path.parent)
        if remaining[key] > 0:
            remaining[key] -= 1
        else:
            new.append(d)
    return new, sum(n for n in remaining.values() if n > 0)


def statistics(found: Iterable[Diagnostic]) -> list[tuple[str, str, int]]:
    """(code, severity, count) per code, most frequent first: the summary by code."""
    counts = Counter((d.code, d.severity.value) for d in found)
    return [(code, severity, n) for (code, severity), n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]


def with_settings(settings: Settings, **overrides: object) -> Settings:
    """``settings`` with the command line's values where it gave one (None means not given)."""
    return replace(settings, **{k: v for k, v in overrides.items() if v is not None})
