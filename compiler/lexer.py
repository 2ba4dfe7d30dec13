"""A fast contextual lexer for the PDDL grammar, plugged into Lark's LALR parser.

Lark's own contextual lexer tries every terminal of the parser state per token; PDDL
has a handful of token shapes, so one master regex classifies each token and a dict
look-up decides whether a word is a keyword *in this parser state* (``assign`` is a
keyword in an effect and a fine action name elsewhere). The terminal patterns are read
from the grammar, which stays the single source of truth for syntax.
"""

from __future__ import annotations

import re
from typing import Iterator

from lark import Token
from lark.exceptions import UnexpectedCharacters
from lark.lexer import Lexer
from lark.parsers.lalr_analysis import Shift

# Order of the token shapes in the master regex; keyword strings are matched as the
# shape they look like (a NAME, a REQUIREMENT, or punctuation) and retyped by look-up.
_HEAD = re.compile(r"\s*([^\s()]*)")
_SHAPES = ("LP", "RP", "VARIABLE", "NUMBER", "NAME", "REQUIREMENT")


def _shiftable(parser_state, terminal: str) -> bool:
    """Whether the parser would shift ``terminal`` after the reductions it triggers.

    LALR tables merge look-aheads, so a state may list a terminal that only leads to an
    error once the pending reductions are done. Replay them on a virtual stack: the
    untouched part of the real one (``stack[:depth]``) plus the states pushed since.
    """
    table = parser_state.parse_conf.parse_table.states
    stack = parser_state.state_stack
    depth, pushed = len(stack), []
    while True:
        action, rule = table[pushed[-1] if pushed else stack[depth - 1]].get(terminal, (None, None))
        if action is None:
            return False
        if action is Shift:
            return True
        size = len(rule.expansion)
        from_pushed = min(size, len(pushed))
        if from_pushed:
            del pushed[-from_pushed:]
        depth -= size - from_pushed
        pushed.append(table[pushed[-1] if pushed else stack[depth - 1]][rule.origin.name][1])


class PddlLexer(Lexer):
    __future_interface__ = True

    def __init__(self, lexer_conf) -> None:
        terminals = {t.name: t for t in lexer_conf.terminals}
        self.keywords: dict[str, str] = {}
        punctuation: list[str] = []
        for t in lexer_conf.terminals:
            if t.pattern.type == "str" and t.name not in _SHAPES:
                self.keywords[t.pattern.value.lower()] = t.name
                if not re.fullmatch(r"[A-Za-z_:][A-Za-z0-9_\-]*", t.pattern.value):
                    punctuation.append(t.pattern.value)
        groups = [f"(?P<{name}>{terminals[name].pattern.to_regexp()})" for name in _SHAPES]
        punctuation.sort(key=len, reverse=True)
        groups.append("(?P<PUNCT>" + "|".join(re.escape(p) for p in punctuation) + ")")
        groups.append(f"(?P<ANY>{terminals['ANY'].pattern.to_regexp()})")
        self.atom = re.compile(terminals["ATOM"].pattern.to_regexp())
        self.skip = re.compile(r"(?:\s+|;[^\n]*)+")
        self.master = re.compile("|".join(groups))

    def lex(self, lexer_state, parser_state) -> Iterator[Token]:
        source = lexer_state.text
        text: str = getattr(source, "text", source)  # lark >= 1.2 wraps the text in a TextSlice
        states = parser_state.parse_conf.parse_table.states
        keywords = self.keywords
        skip, master, atom = self.skip.match, self.master.match, self.atom.match
        pos, end, line, line_start = 0, len(text), 1, 0
        new_token = Token
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
                return
            accepted = states[parser_state.position]
            if "ATOM" in accepted and text[pos] == "(" and _shiftable(parser_state, "ATOM"):
                m = atom(text, pos)
                if m is not None:
                    head = _HEAD.match(text, pos + 1).group(1).lower()
                    if keywords.get(head) not in accepted:
                        value, stop, column = m.group(), m.end(), pos - line_start + 1
                        newlines = value.count("\n")
                        if newlines:
                            start_line = line
                            line += newlines
                            line_start = pos + value.rindex("\n") + 1
                            yield new_token("ATOM", value, pos, start_line, column, line, stop - line_start + 1, stop)
                        else:
                            yield new_token("ATOM", value, pos, line, column, line, column + stop - pos, stop)
                        pos = stop
                        continue
            m = master(text, pos)
            if m is None:
                column = pos - line_start + 1
                raise UnexpectedCharacters(text, pos, line, column, allowed=set(states[parser_state.position]),
                                           state=parser_state.position)
            kind = m.lastgroup
            value = m.group()
            if kind == "NAME" or kind == "REQUIREMENT" or kind == "PUNCT":
                keyword = keywords.get(value.lower())
                if keyword is not None and (keyword in accepted or kind == "PUNCT"):
                    kind = keyword
                elif kind == "PUNCT":
                    kind = "ANY"
            if kind not in accepted and "ANY" in accepted and kind not in ("LP", "RP"):
                kind = "ANY"
            column = pos - line_start + 1
            stop = m.end()
            yield new_token(kind, value, pos, line, column, line, column + stop - pos, stop)
            pos = stop
