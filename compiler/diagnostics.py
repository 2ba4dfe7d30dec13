"""Diagnostics: the one currency every stage reports problems in, and its renderers.

A Diagnostic is data (stable code, severity, span, message, hint, optional fix);
rendering to text or JSON happens in exactly one place, here.
"""

from __future__ import annotations

import enum
import json
import unicodedata
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .ast import Span
from .errors import AgentgenError


class Severity(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class TextEdit:
    """Replace the text of ``span`` by ``replacement`` (a machine-applicable fix)."""

    span: Span
    replacement: str


@dataclass(frozen=True, slots=True)
class Fix:
    """A machine-applicable fix: a description and the edits that carry it out."""

    description: str
    edits: tuple[TextEdit, ...] = ()

    def to_dict(self) -> dict:
        """The fix as JSON data, one shape wherever a fix is shown (a diagnostic's ``fix``, the fixes ``fix``
        applied, the drafting record): each edit with the file it changes (a problem's fix may edit the domain)."""
        return {"description": self.description,
                "edits": [{"file": e.span.file, "line": e.span.line, "column": e.span.column,
                           "end_line": e.span.end_line, "end_column": e.span.end_column,
                           "replacement": e.replacement} for e in self.edits]}


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str
    severity: Severity
    message: str
    span: Span | None = None
    hint: str | None = None
    notes: tuple[str, ...] = ()
    fix: Fix | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def to_dict(self) -> dict:
        span = self.span
        return {
            "code": self.code,
            "severity": self.severity.value,
            "file": span.file if span else None,
            "line": span.line if span else None,
            "column": span.column if span else None,
            "end_line": span.end_line if span else None,
            "end_column": span.end_column if span else None,
            "message": self.message,
            "hint": self.hint,
            "notes": list(self.notes),
            "fix": None if self.fix is None else self.fix.to_dict(),
        }


class PddlError(AgentgenError):
    """Raised by the parse API when the input has errors; carries every diagnostic found."""

    def __init__(self, diagnostics: Sequence[Diagnostic]):
        self.diagnostics = tuple(diagnostics)
        first = next((d for d in self.diagnostics if d.is_error), self.diagnostics[0] if self.diagnostics else None)
        summary = "invalid PDDL" if first is None else f"{first.span or '<input>'}: {first.code}: {first.message}"
        super().__init__(summary)


@dataclass
class SourceCache:
    """Source texts by file name, so the text renderer can quote the offending line."""

    texts: dict[str, str] = field(default_factory=dict)

    def add(self, file: str, text: str) -> None:
        self.texts[file] = text

    def line(self, file: str | None, line: int) -> str | None:
        text = self.texts.get(file or "<string>")
        if text is None:
            return None
        lines = text.splitlines()
        return lines[line - 1] if 0 < line <= len(lines) else None


def visible(text: str) -> str:
    """``text`` with invisible and direction-changing characters (zero-width spaces, right-to-left
    overrides, controls other than tab) shown as ``\\u{200b}`` escapes: a message quoting hostile
    input must read as what it is, never reorder or hide itself in a terminal."""
    return "".join(f"\\u{{{ord(ch):04x}}}" if ch != "\t" and unicodedata.category(ch) in ("Cf", "Cc") else ch
                   for ch in text)


def render_text(diagnostic: Diagnostic, sources: SourceCache | None = None) -> str:
    """Render like a modern compiler: location, code, message, the source line with carets."""
    d, span = diagnostic, diagnostic.span
    where = f"{span}: " if span else ""
    out = [f"{where}{d.severity.value}[{d.code}]: {visible(d.message)}"]
    source_line = sources.line(span.file, span.line) if (sources and span) else None
    if source_line is not None and len(source_line) <= 400:
        gutter = " " * len(str(span.line))
        shown = visible(source_line.expandtabs(1))
        width = (span.end_column - span.column) if span.end_line == span.line else len(shown) - span.column + 1
        out.append(f"{span.line} | {shown}")
        out.append(f"{gutter} | {' ' * (span.column - 1)}{'^' * max(1, width)}")
    for note in d.notes:
        out.append(f"  = note: {visible(note)}")
    if d.hint:
        out.append(f"  = help: {visible(d.hint)}")
    return "\n".join(out)


def diagnostics_json(diagnostics: Iterable[Diagnostic]) -> dict:
    """``{ok, diagnostics}``: what ``check --format json`` prints and the MCP ``check`` tool answers."""
    items = list(diagnostics)
    return {"ok": not any(d.is_error for d in items), "diagnostics": [d.to_dict() for d in items]}


def render_json(diagnostics: Iterable[Diagnostic]) -> str:
    return json.dumps(diagnostics_json(diagnostics), indent=2)


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.is_error for d in diagnostics)


def render_github(diagnostic: Diagnostic) -> str:
    """A GitHub Actions workflow command (``::error file=...::message``) that annotates the line."""
    d, span = diagnostic, diagnostic.span
    level = {"error": "error", "warning": "warning"}.get(d.severity.value, "notice")
    props = [f"title={_gh_property(d.code)}"]
    if span is not None:
        props = [f"file={_gh_property(span.file or '<string>')}", f"line={span.line}", f"col={span.column}",
                 f"endLine={span.end_line}", f"endColumn={span.end_column}"] + props
    message = visible(d.message + (f" ({d.hint})" if d.hint else ""))
    return f"::{level} {','.join(props)}::{_gh_data(message)}"


def _gh_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


def render_sarif(diagnostics: Iterable[Diagnostic], tool_version: str) -> str:
    """SARIF 2.1.0, the format code-scanning services ingest; rules come from the code catalogue."""
    from .codes import CATALOGUE

    items = list(diagnostics)
    codes = sorted({d.code for d in items})
    rules = []
    for code in codes:
        info = CATALOGUE.get(code)
        rule = {"id": code, "shortDescription": {"text": info.title if info else code}}
        if info:
            rule["fullDescription"] = {"text": info.explanation}
            rule["defaultConfiguration"] = {"level": info.severity if info.severity != "note" else "note"}
        rules.append(rule)
    results = [_sarif_result(d, codes.index(d.code)) for d in items]
    run = {"tool": {"driver": {"name": "agentgen-sym", "version": tool_version, "rules": rules}}, "results": results}
    return json.dumps({"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}, indent=2)


def _sarif_region(span: Span) -> dict:
    return {"startLine": span.line, "startColumn": span.column, "endLine": span.end_line,
            "endColumn": max(span.end_column, span.column)}


def _sarif_result(d: Diagnostic, rule_index: int) -> dict:
    message = d.message + (f"\n{d.hint}" if d.hint else "")
    result: dict = {"ruleId": d.code, "ruleIndex": rule_index, "level": d.severity.value,
                    "message": {"text": message}}
    if d.span is not None:
        result["locations"] = [{"physicalLocation": {"artifactLocation": {"uri": d.span.file or "<string>"},
                                                     "region": _sarif_region(d.span)}}]
    if d.fix is not None and d.fix.edits:
        result["fixes"] = [{"description": {"text": d.fix.description}, "artifactChanges": [
            {"artifactLocation": {"uri": e.span.file or "<string>"},
             "replacements": [{"deletedRegion": _sarif_region(e.span), "insertedContent": {"text": e.replacement}}]}
            for e in d.fix.edits]}]
    return result
