"""Lexer and LALR driver in one loop, over the tables Lark builds from grammar/pddl.lark.

Lark compiles the grammar into LALR(1) tables and binds the AST builder's callbacks; the
grammar stays the single source of truth for syntax. What this module replaces is
Lark's generic run-time loop, which costs far more per token than PDDL needs:

* one master regex classifies each token by shape (name, variable, number, ...), and a
  dict look-up decides whether a word is a keyword *in the current parser state*
  (``assign`` is a keyword in an effect and a fine action name elsewhere);
* a whole ``(name arg ...)`` is offered as one ATOM token where the parser can shift one,
  so most atoms cost one table step instead of five;
* table entries are pre-resolved into ``(is_shift, target)`` pairs, so a reduction is a
  slice, a callback and a goto.

Errors are raised as Lark's own ``UnexpectedToken``/``UnexpectedCharacters`` so that the
parser module translates them into diagnostics in one place.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedToken
from lark.parsers.lalr_analysis import Shift

from .limits import Budget

# Token shapes of the master regex, in matching order. Keyword strings are matched as
# the shape they look like (a NAME, a REQUIREMENT, or punctuation) and retyped by look-up.
_SHAPES = ("LP", "RP", "VARIABLE", "NUMBER", "NAME", "REQUIREMENT")
_SKIP = re.compile(r"(?:\s+|;[^\n]*)+")
_HEAD = re.compile(r"\s*([^\s()]*)")
_GLUED = re.compile(r"[A-Za-z_]")  # a letter right after `-`: the two make one word, not a type marker

Reduction = tuple[int, str, Callable[[list], Any]]


class LalrDriver:
    """Parses text with the tables and callbacks of one Lark instance (not thread-safe)."""

    def __init__(self, lark: Lark) -> None:
        inner = lark.parser.parser.parser
        table = inner.parse_table
        callbacks = inner.callbacks
        reductions: dict[Any, Reduction] = {}
        self.table: dict[int, dict[str, tuple[bool, Any]]] = {}
        for state, actions in table.states.items():
            row = {}
            for terminal, (action, arg) in actions.items():
                if action is Shift:
                    row[str(terminal)] = (True, arg)
                else:
                    if arg not in reductions:
                        reductions[arg] = (len(arg.expansion), str(arg.origin.name), callbacks[arg])
                    row[str(terminal)] = (False, reductions[arg])
            self.table[state] = row
        self.start_states = table.start_states
        self.end_states = table.end_states

        terminals = {t.name: t for t in lark.terminals}
        self.patterns = {t.name: t.pattern for t in lark.terminals}
        self.keywords: dict[str, str] = {}
        punctuation: list[str] = []
        for t in lark.terminals:
            if t.pattern.type == "str" and t.name not in _SHAPES:
                self.keywords[t.pattern.value.lower()] = t.name
                if not re.fullmatch(r":?[A-Za-z_][A-Za-z0-9_\-]*", t.pattern.value):  # not word-shaped
                    punctuation.append(t.pattern.value)
        groups = [f"(?P<{name}>{terminals[name].pattern.to_regexp()})" for name in _SHAPES]
        punctuation.sort(key=len, reverse=True)
        groups.append("(?P<PUNCT>" + "|".join(re.escape(p) for p in punctuation) + ")")
        groups.append(f"(?P<ANY>{terminals['ANY'].pattern.to_regexp()})")
        self.master = re.compile("|".join(groups))
        self.atom = re.compile(terminals["ATOM"].pattern.to_regexp())
        self._shift_memo: dict[int, list[tuple[tuple[int, ...], bool]]] = {}

    # ------------------------------------------------------------------ the loop
    def parse(self, text: str, start: str, budget: Budget | None = None, stage: str = "parsing") -> Any:
        """The AST of ``text``; ``budget`` is ticked once per token, so a run's deadline covers parsing
        (``limits.LimitReached`` naming ``stage`` when it runs out)."""
        table, keywords = self.table, self.keywords
        tick = budget.tick if budget is not None else None
        skip, master, atom = _SKIP.match, self.master.match, self.atom.match
        stack: list[int] = [self.start_states[start]]
        values: list[Any] = []
        pos, end, line, line_start = 0, len(text), 1, 0
        tok: Token | None = None
        while True:
            gap = skip(text, pos)
            if gap:
                chunk = gap.group()
                newlines = chunk.count("\n")
                if newlines:
                    line += newlines
                    line_start = pos + chunk.rindex("\n") + 1
                pos = gap.end()
            if pos >= end:
                break
            accepted = table[stack[-1]]
            column = pos - line_start + 1
            m = None
            if "ATOM" in accepted and text[pos] == "(" and self._shiftable(stack, "ATOM"):
                m = atom(text, pos)
                if m is not None and _HEAD.match(text, pos + 1).group(1).lower() in keywords:
                    m = None  # `(and)`, `(domain x)`: the LP path decides keyword or name by state
            if m is not None:
                value, stop = m.group(), m.end()
                newlines = value.count("\n")
                if newlines:
                    first_line = line
                    line += newlines
                    line_start = pos + value.rindex("\n") + 1
                    tok = Token("ATOM", value, pos, first_line, column, line, stop - line_start + 1, stop)
                else:
                    tok = Token("ATOM", value, pos, line, column, line, column + stop - pos, stop)
            else:
                m = master(text, pos)
                if m is None:
                    raise UnexpectedCharacters(text, pos, line, column, allowed=set(accepted))
                kind, value, stop = m.lastgroup, m.group(), m.end()
                if value == "-" and "ANY" not in accepted and _GLUED.match(text, stop):
                    # `?c -compressor`: one name to Fast Downward's lexer, which rejects it; never `- compressor`
                    raise UnexpectedCharacters(text, pos, line, column, allowed=set(accepted))
                if kind == "NAME" or kind == "REQUIREMENT" or kind == "PUNCT":
                    keyword = keywords.get(value.lower())
                    if keyword is not None and (keyword in accepted or kind == "PUNCT"):
                        kind = keyword
                    elif kind == "PUNCT":
                        kind = "ANY"
                if kind not in accepted and "ANY" in accepted and kind != "LP" and kind != "RP":
                    kind = "ANY"
                tok = Token(kind, value, pos, line, column, line, column + stop - pos, stop)
            pos = stop
            if tick is not None and tick():
                budget.check(stage, f"line {line}")
            self._feed(stack, values, tok)
        if tok is None:
            end_token = Token("$END", "", 0, 1, 1, 1, 1, 0)
        else:
            end_token = Token("$END", "", tok.end_pos, tok.end_line, tok.end_column, tok.end_line,
                              tok.end_column, tok.end_pos)
        end_state = self.end_states[start]
        return self._feed(stack, values, end_token, end_state)

    def _feed(self, stack: list[int], values: list[Any], tok: Token, end_state: int | None = None) -> Any:
        """Shift ``tok`` after the reductions it triggers; with ``end_state``, reduce to the result."""
        table = self.table
        kind = tok.type
        while True:
            try:
                shift, arg = table[stack[-1]][kind]
            except KeyError:
                expected = {t for t in table[stack[-1]] if t.isupper()}
                raise UnexpectedToken(tok, expected) from None
            if shift:
                stack.append(arg)
                values.append(tok)
                return None
            size, name, callback = arg
            if size:
                children = values[-size:]
                del values[-size:]
                del stack[-size:]
            else:
                children = []
            values.append(callback(children))
            stack.append(table[stack[-1]][name][1])
            if stack[-1] == end_state:
                return values[-1]

    def _shiftable(self, stack: list[int], terminal: str) -> bool:
        """Whether the parser would shift ``terminal`` after the reductions it triggers.

        LALR tables merge look-aheads, so a state may list a terminal that only leads to
        an error once the pending reductions are done. Replay them on a virtual stack
        (the untouched part of the real one, ``stack[:depth]``, plus the states pushed
        since). The answer depends only on the states the replay read, so it is memoised
        under the top state with that suffix of the stack.
        """
        top = stack[-1]
        for suffix, answer in self._shift_memo.get(top, ()):
            if tuple(stack[-len(suffix):]) == suffix:
                return answer
        table = self.table
        depth, pushed, lowest = len(stack), [], len(stack)
        while True:
            entry = table[pushed[-1] if pushed else stack[depth - 1]].get(terminal)
            if entry is None or entry[0]:
                answer = entry is not None
                break
            size, name, _callback = entry[1]
            from_pushed = min(size, len(pushed))
            if from_pushed:
                del pushed[-from_pushed:]
            depth -= size - from_pushed
            lowest = min(lowest, depth)
            pushed.append(table[pushed[-1] if pushed else stack[depth - 1]][name][1])
        self._shift_memo.setdefault(top, []).append((tuple(stack[lowest - 1:]), answer))
        return answer
