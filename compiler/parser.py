"""Text -> AST: reading sources, the LALR parser, and syntax errors in words.

Before Lark sees the text, cheap guards turn hostile input (huge, binary, non-UTF-8,
pathologically nested) into diagnostics. Lark's own exceptions are translated into
stable codes with what was expected, what is still open, and a suggested keyword.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Union

import numpy as np
from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from . import ast
from .ast import Span
from .lalr import LalrDriver
from .diagnostics import Diagnostic, Fix, PddlError, Severity, TextEdit
from .limits import MAX_BYTES, Budget
from .suggest import closest
from .transformer import AstBuilder

MAX_DEPTH = 200
"""Deepest parenthesis nesting accepted; real PDDL stays below 20 and the AST passes recurse."""


@dataclass(frozen=True)
class SourceText:
    """PDDL text held in memory under the file name it is shown with: read as a file of that name is read (the
    same guards, the same diagnostics, ``domain.pddl:3:5`` in them), without touching the disk. The MCP server
    hands the texts of a tool call to the library this way."""

    text: str
    name: str


Source = Union[str, Path, SourceText]


@dataclass(frozen=True)
class ParseResult:
    """What a parse produced: the AST (None when the text could not be parsed) and diagnostics."""

    node: ast.Domain | ast.Problem | ast.Plan | None
    diagnostics: tuple[Diagnostic, ...]
    text: str
    file: str | None
    lost: tuple[str, ...] = ()
    """Heads of the sections skipped after syntax errors (``:predicates``, ``:action``, ...): the AST
    lacks them, so checks that depend on them stay silent (see ``check``'s ``incomplete``)."""

    @property
    def ok(self) -> bool:
        return self.node is not None and not any(d.is_error for d in self.diagnostics)


# --------------------------------------------------------------------------- the Lark parser

_local = threading.local()


def _grammar_text() -> str:
    return resources.files("agentgen_sym.grammar").joinpath("pddl.lark").read_text(encoding="utf-8")


def _parser() -> tuple[LalrDriver, AstBuilder]:
    """One parser per thread: the AST builder carries per-parse state (file, diagnostics)."""
    cached = getattr(_local, "parser", None)
    if cached is None:
        builder = AstBuilder()
        lark = Lark(_grammar_text(), parser="lalr", lexer="basic", start=["pddl_file", "plan_file"],
                    transformer=builder, cache=True)
        cached = _local.parser = (LalrDriver(lark), builder)
    return cached


# --------------------------------------------------------------------------- reading


def read_source(source: Source, *, max_bytes: int = MAX_BYTES) -> tuple[str, str | None, list[Diagnostic]]:
    """Return ``(text, file name, diagnostics)``; a Path is read, and so is a str unless it looks like
    PDDL text (it has a parenthesis, a comment or a line break, or is blank); a SourceText is its text under its
    name, with the checks of a file.

    Raises OSError when a file cannot be read (the CLI's exit 2). Oversized, binary or
    non-UTF-8 input yields an error diagnostic and empty text.
    """
    if isinstance(source, SourceText):
        data, file = source.text.encode("utf-8", "surrogatepass"), source.name
        if len(data) > max_bytes:  # what reading a file of this name would say
            return "", file, [_file_too_large(file, max_bytes)]
    elif isinstance(source, str) and (not source.strip() or any(ch in source for ch in "(;\n")):
        data, file = source.encode("utf-8", "surrogatepass"), None
    else:
        path = Path(source)
        with path.open("rb") as handle:  # bounded by the bytes read: pipes and devices have no honest size
            data, file = handle.read(max_bytes + 1), str(path)
        if len(data) > max_bytes:
            return "", file, [_file_too_large(file, max_bytes)]
    if len(data) > max_bytes:
        return "", file, [_file_error("E107", f"input is {len(data) / 1e6:.1f} MB; the limit is "
                                      f"{max_bytes / 1e6:.1f} MB", file)]
    if b"\x00" in data:
        offset = data.index(b"\x00")
        return "", file, [_diag("E108", f"binary data (a NUL byte at offset {offset}): this is not a PDDL text file",
                                _offset_span(data, offset, file))]
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return "", file, [_diag("E108", f"not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})",
                                _offset_span(data, exc.start, file), "save the file as UTF-8")]
    return text, file, []


def _file_too_large(file: str, max_bytes: int) -> Diagnostic:
    return _file_error("E107", f"file is over the limit of {max_bytes / 1e6:.1f} MB", file,
                       "raise the limit with --max-bytes if this file is genuine")


def _offset_span(data: bytes, offset: int, file: str | None) -> Span:
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return Span(file, line, column, line, column + 1)


def _file_error(code: str, message: str, file: str | None, hint: str | None = None) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, message, Span(file, 1, 1, 1, 1), hint)


def _diag(code: str, message: str, span: Span | None, hint: str | None = None, notes: tuple[str, ...] = (),
          fix: Fix | None = None) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, message, span, hint, notes, fix)


_COMMENT = re.compile(r";[^\n]*")


def _too_deep(text: str, file: str | None) -> Diagnostic | None:
    """A diagnostic at the first parenthesis nested deeper than MAX_DEPTH, if any."""
    if text.count("(") <= MAX_DEPTH:
        return None
    code = np.frombuffer(_COMMENT.sub(lambda m: " " * len(m.group()), text).encode("utf-32-le"), dtype=np.uint32)
    depth = np.cumsum((code == ord("(")).astype(np.int32) - (code == ord(")")))
    deep = np.flatnonzero(depth > MAX_DEPTH)
    if not deep.size:
        return None
    offset = int(deep[0])
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return _diag("E106", f"parentheses nested more than {MAX_DEPTH} levels deep",
                 Span(file, line, column, line, column + 1), "real PDDL nests a few levels; is this generated garbage?")


# --------------------------------------------------------------------------- parsing


def parse_source(source: Source, start: str = "pddl_file", *, max_bytes: int = MAX_BYTES,
                 budget: Budget | None = None) -> ParseResult:
    """Parse a domain or problem (``start="pddl_file"``) or a plan (``"plan_file"``); never raises on bad text.
    ``budget`` (a run's deadline and memory limit) covers the parse: ``limits.LimitReached`` when it runs out."""
    text, file, problems = read_source(source, max_bytes=max_bytes)
    if problems:
        return ParseResult(None, tuple(problems), text, file)
    return parse_text(text, file, start, budget=budget)


def parse_text(text: str, file: str | None = None, start: str = "pddl_file", *,
               budget: Budget | None = None) -> ParseResult:
    if start == "pddl_file" and not _COMMENT.sub("", text).strip():
        return ParseResult(None, (_diag("E109", "empty input: expected `(define (domain NAME) ...)` or "
                                                "`(define (problem NAME) ...)`", Span(file, 1, 1, 1, 1)),), text, file)
    deep = _too_deep(text, file)
    if deep is not None:
        return ParseResult(None, (deep,), text, file)
    driver, builder = _parser()
    syntax: list[Diagnostic] = []
    lost: list[str] = []
    parsed = text
    for _attempt in range(MAX_RECOVERIES + 1):
        builder.begin(file)
        try:
            node = driver.parse(parsed, start, budget, f"parsing {file or 'the text'}")
            break
        except UnexpectedInput as exc:
            diagnostic = _syntax_diagnostic(exc, parsed, file, driver)
            if syntax and diagnostic.code == "E102":  # the skipped section took a `)` the file needed
                return ParseResult(None, (*builder.diagnostics, *syntax), text, file, tuple(lost))
            syntax.append(diagnostic)
            offset = exc.pos_in_stream if exc.pos_in_stream is not None else len(parsed)
            region = _recovery_region(parsed, offset) if start == "pddl_file" and len(syntax) <= MAX_RECOVERIES \
                else None
            if region is None:
                return ParseResult(None, (*builder.diagnostics, *syntax), text, file, tuple(lost))
            begin, end, head = region
            lost.append(head)
            parsed = parsed[:begin] + _BLANK.sub(" ", parsed[begin:end]) + parsed[end:]
        except RecursionError:
            return ParseResult(None, (_diag("E106", "input nested too deeply to process", Span(file, 1, 1, 1, 1)),),
                               text, file)
    if isinstance(node, ast.Plan):
        cost = _PLAN_COST.search(text)
        if cost:
            value = cost.group(1)
            node = ast.Plan(node.steps, float(value) if "." in value else int(value), span=node.span)
    found = [d for d in builder.diagnostics if not _caused_by_loss(d, lost)]
    return ParseResult(node, tuple(_by_position([*found, *syntax])), text, file, tuple(lost))


# --------------------------------------------------------------------------- recovering from syntax errors

MAX_RECOVERIES = 50
"""Syntax errors reported per file before giving up; each one skips a section or an action."""

_BLANK = re.compile(r"[^\n]")
_SECTION_LINE = re.compile(r"^[ \t]*\(\s*:[a-z]", re.IGNORECASE | re.MULTILINE)
_LOSS_SILENCES = {":goal": "E115", ":domain": "E114"}


def _recovery_region(text: str, offset: int) -> tuple[int, int, str] | None:
    """The section or action around a syntax error at ``offset``, as ``(begin, end, head)``, to blank
    out so that the parse can go on; None where no section boundary can be trusted (the error is
    in the header, between sections, or the file ends inside the section)."""
    code = _COMMENT.sub(lambda m: " " * len(m.group()), text)
    depth, begin, last, children = 0, None, None, 0
    for i in range(min(offset, len(code))):
        ch = code[i]
        if ch == "(":
            depth += 1
            if depth == 2:
                begin = last = i
                children += 1
        elif ch == ")":
            depth -= 1
            if depth < 2:
                begin = None
            if depth < 1:
                return None  # past `(define ...)`: an extra `)` closed it early
    if begin is None and offset < len(code) and code[offset] == "(" and depth == 1:
        begin, children = offset, children + 1  # the error is the opening of a section itself
    if children <= 1:  # inside the `(domain NAME)` header
        return None
    if begin is None:  # between sections: the rest of one that a stray `)` closed early, up to the next
        following = _SECTION_LINE.search(code, offset)
        stop = following.start() if following is not None else code.rfind(")")  # else up to `(define`'s `)`
        if last is None or stop <= offset:
            return None
        return offset, stop, _head(code, last) + "-part"
    depth, end = 0, None
    for i in range(begin, len(code)):
        if code[i] == "(":
            depth += 1
        elif code[i] == ")":
            depth -= 1
            if depth == 0:
                end = i + 1
                break
    next_section = _SECTION_LINE.search(code, code.find("\n", begin) + 1) if "\n" in code[begin:] else None
    if next_section is not None and (end is None or next_section.start() < end):
        end = next_section.start()  # an unclosed section ends where the next one starts on its own line
    if end is None:
        return None
    return begin, end, _head(code, begin)


def _head(code: str, begin: int) -> str:
    """The keyword after the parenthesis at ``begin`` (``:action``), or ``(`` when there is none."""
    head = re.match(r"\(\s*([^\s()]*)", code[begin:])
    return head.group(1).lower() if head and head.group(1) else "("


def _caused_by_loss(d: Diagnostic, lost: list[str]) -> bool:
    """A "missing section" error where the section was there but skipped for a syntax error."""
    return any(_LOSS_SILENCES.get(head) == d.code for head in lost)


def _by_position(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return sorted(diagnostics, key=lambda d: (d.span.line, d.span.column) if d.span else (0, 0))


def _expect(result: ParseResult, kind: type, noun: str) -> ast.Domain | ast.Problem | ast.Plan:
    if result.ok and not isinstance(result.node, kind):
        found = "a problem" if isinstance(result.node, ast.Problem) else "a domain"
        raise PddlError([_diag("E111", f"expected {noun}, found {found}", result.node.span)])
    if not result.ok:
        raise PddlError(result.diagnostics)
    return result.node


def parse_domain(source: Source) -> ast.Domain:
    """Parse a domain from PDDL text or a path; raises PddlError carrying the diagnostics."""
    return _expect(parse_source(source), ast.Domain, "a domain")


def parse_problem(source: Source) -> ast.Problem:
    """Parse a problem from PDDL text or a path; raises PddlError carrying the diagnostics."""
    return _expect(parse_source(source), ast.Problem, "a problem")


def parse_plan(source: Source) -> ast.Plan:
    """Parse an IPC plan (``(action arg ...)`` lines, ``; cost = N`` comment) from text or a path."""
    return _expect(parse_source(source, "plan_file"), ast.Plan, "a plan")


_PLAN_COST = re.compile(r";\s*cost\s*=\s*(-?[0-9]+(?:\.[0-9]+)?)", re.IGNORECASE)


# --------------------------------------------------------------------------- syntax errors in words

_TOKEN = re.compile(r";[^\n]*|\(|\)|[^\s();]+")
_WORDS = {
    "LP": "`(`", "RP": "`)`", "NAME": "a name", "VARIABLE": "a variable like `?x`",
    "REQUIREMENT": "a requirement like `:strips`", "NUMBER": "a number", "HYPHEN": "`-`",
"ANY": "an expression",
    "$END": "the end of the file",
}
_FORMULA_KEYWORDS = ("and", "or", "not", "imply", "exists", "forall", "when", "either", "increase")


@dataclass
class _Open:
    """An unclosed parenthesis and the word after it, for "to close `(:action pick` opened at 3:2"."""

    line: int
    column: int
    head: str

    def __str__(self) -> str:
        return f"`({self.head}` opened at {self.line}:{self.column}"


def _open_parens(text: str, offset: int) -> list[_Open]:
    """The stack of parentheses still open at ``offset``, each with up to two words of context."""
    stack: list[_Open] = []
    line, last_pos = 1, 0
    want_head: _Open | None = None
    for m in _TOKEN.finditer(text, 0, offset):
        tok = m.group()
        if tok[0] == ";":
            continue
        if tok == "(":
            line += text.count("\n", last_pos, m.start())
            last_pos = m.start()
            want_head = _Open(line, m.start() - text.rfind("\n", 0, m.start()), "")
            stack.append(want_head)
        elif tok == ")":
            if stack:
                stack.pop()
            want_head = None
        elif want_head is not None:
            want_head.head = (want_head.head + " " + tok).strip()
            if " " in want_head.head or not tok.startswith(":"):
                want_head = None
    return stack


def _describe_expected(names: set[str], driver: LalrDriver) -> list[str]:
    words = []
    for name in sorted(names):
        if name in _WORDS:
            words.append(_WORDS[name])
        elif name in driver.patterns:
            words.append(f"`{driver.patterns[name].value}`")
    return sorted(set(words), key=lambda w: (not w.startswith("`"), w))


def _keywords(names: set[str], driver: LalrDriver) -> list[str]:
    patterns = (driver.patterns.get(name) for name in names)
    return [p.value for p in patterns if p is not None and p.type == "str"]


def _syntax_diagnostic(exc: UnexpectedInput, text: str, file: str | None, driver: LalrDriver) -> Diagnostic:
    line, column = max(exc.line, 1), max(exc.column, 1)
    offset = exc.pos_in_stream if exc.pos_in_stream is not None else len(text)
    stack = _open_parens(text, offset)
    notes = ("in " + " › ".join(f"({o.head}" for o in stack[-4:]),) if stack else ()
    if isinstance(exc, UnexpectedCharacters):
        word = re.match(r"[^\s()]+", text[offset:])
        found = word.group() if word else text[offset:offset + 1]
        span = Span(file, line, column, line, column + len(found))
        keywords = _keywords(exc.allowed, driver)
        if re.match(r"-[A-Za-z_]", found):
            marker = Span(file, line, column, line, column + 1)
            return _diag("E110", f"`{found}` is one name, not a type marker: write `- {found[1:]}`", span,
                         "a `-` that marks a type needs a space after it (Fast Downward rejects the glued form)",
                         notes, Fix(f"write `- {found[1:]}`", (TextEdit(marker, "- "),)))
        if found.startswith(":") and keywords:
            return _misspelled_keyword(found, keywords, span, notes)
        expected = _describe_expected(exc.allowed, driver)
        return _diag("E103", f"unexpected `{found}`; expected {_or(expected)}", span, None, notes)
    assert isinstance(exc, UnexpectedToken)
    token: Token = exc.token
    expected = set(exc.expected)
    if token.type == "$END":
        # from right after the last token (where a missing `)` belongs) to the end of the file
        end_line = text.count("\n") + 1
        end_column = len(text) - (text.rfind("\n") + 1) + 1
        after_last = Span(file, token.line or 1, token.column or 1, token.line or 1, token.column or 1)
        span = Span(file, after_last.line, after_last.column, end_line, end_column)
        if stack and "RP" in expected:
            closers = ")" * len(stack)
            return _diag("E102", f"unexpected end of file: expected `)` to close {stack[-1]}", span,
                         f"{len(stack)} parenthes{'is is' if len(stack) == 1 else 'es are'} still open",
                         notes, Fix(f"close the open parentheses with `{closers}` at the end",
                                    (TextEdit(after_last, closers),)))
        return _diag("E102", f"unexpected end of file; expected {_or(_describe_expected(expected, driver))}", span,
                     None, notes)
    span = Span(file, token.line, token.column, token.end_line or token.line,
                token.end_column or token.column + len(token.value))
    value = str(token.value)
    if token.type == "RP" and not stack:
        trailing = not _COMMENT.sub("", text[offset:]).replace(")", "").strip()
        return _diag("E104", "unbalanced `)`: no parenthesis is open here", span, "delete it",
                     fix=Fix("delete the extra `)`", (TextEdit(span, ""),)) if trailing else None)
    keywords = _keywords(expected, driver)
    if value.startswith(":") and keywords and value.lower() not in keywords:
        return _misspelled_keyword(value, keywords, span, notes)
    words = _describe_expected(expected, driver)
    message = f"unexpected `{value}`; expected {_or(words)}"
    hint = None
    if "RP" in expected and stack:
        message = f"unexpected `{value}`: expected `)` to close {stack[-1]}"
        if len(words) > 1:
            hint = f"also possible here: {_or([w for w in words if w != '`)`'])}"
    if stack and token.type == "LP":
        head = stack[-1].head.split(" ")[0]
        guess = closest(head, _FORMULA_KEYWORDS) if head and not head.startswith(":") else None
        if guess:
            hint = f"did you mean `{guess}`? (`{head}` is read as a predicate name here)"
    return _diag("E101", message, span, hint, notes)


def _misspelled_keyword(found: str, keywords: list[str], span: Span, notes: tuple[str, ...]) -> Diagnostic:
    guess = closest(found, keywords)
    if guess:
        return _diag("E105", f"unknown keyword `{found}`", span, f"did you mean `{guess}`?", notes,
                     Fix(f"replace `{found}` with `{guess}`", (TextEdit(span, guess),)))
    return _diag("E105", f"unknown keyword `{found}`; expected {_or([f'`{k}`' for k in sorted(keywords)])}", span,
                 None, notes)


def _or(words: list[str]) -> str:
    if not words:
        return "something else"
    if len(words) > 6:
        words = words[:6] + ["..."]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
