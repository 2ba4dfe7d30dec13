"""The catalogue of diagnostic codes: one table, read by `agentgen-sym explain` and the docs.

Codes are stable and grouped by range: E1xx syntax, E2xx names, E3xx typing and arity,
E4xx requirements, E5xx problem vs domain, W6xx lint, G7xx grounding, V8xx plan validation.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CodeInfo:
    code: str
    severity: str
    title: str
    explanation: str
    example: str
    fixable: bool = False


CATALOGUE: dict[str, CodeInfo] = {c.code: c for c in [
    CodeInfo("E101", "error", "unexpected token",
             "The parser met a token that cannot appear at this point. The message lists what could "
             "appear instead and which parenthesis is still open.",
             "(:action pick :parameters (?x) :precondition (clear ?x) (holding ?x))"),
    CodeInfo("E102", "error", "unexpected end of file",
             "The file ended while parentheses were still open; the message names the innermost one.",
             "(define (domain d) (:predicates (p))"),
    CodeInfo("E103", "error", "unexpected character",
             "A character that PDDL does not use (such as `{` or `,`) or a word that cannot start here.",
             "(:predicates (on ?x, ?y))"),
    CodeInfo("E104", "error", "unbalanced closing parenthesis",
             "A `)` with no open parenthesis to close, usually an extra one at the end of the file.",
             "(define (domain d)))", fixable=True),
    CodeInfo("E105", "error", "unknown keyword",
             "A `:keyword` that PDDL does not define here, usually a typo; the closest keyword is suggested.",
             "(:action pick :parameters (?x) :precondtion (clear ?x))", fixable=True),
    CodeInfo("E106", "error", "nesting too deep",
             "Parentheses nest deeper than the limit (200 levels). Real PDDL nests a few levels; "
             "such input is generated garbage or an attack.", "(and (and (and ... 1000 levels ...)))"),
    CodeInfo("E107", "error", "input too large",
             "The input exceeds the size limit (16 MB by default; `--max-bytes` raises it).", ""),
    CodeInfo("E108", "error", "not a UTF-8 text file",
             "The input holds binary data (NUL bytes) or bytes that are not valid UTF-8.", ""),
    CodeInfo("E109", "error", "empty input",
             "The input holds nothing but whitespace and comments.", ""),
    CodeInfo("E110", "error", "malformed typed list",
             "A `-` type marker with no names before it, or `(either)` with no types.",
             "(:objects - block a b)"),
    CodeInfo("E111", "error", "wrong kind of file",
             "A problem was given where a domain was expected, or the other way round.", ""),
    CodeInfo("E112", "error", "part given twice",
             "An action gives `:precondition`, `:effect` or `:parameters` twice, or a problem gives "
             "`:goal`, `:domain` or `:metric` twice.", "(:action a :effect (p) :effect (q))"),
    CodeInfo("E113", "error", "section in the wrong kind of file",
             "A problem section (`:objects`, `:init`, `:goal`, ...) in a domain, or a domain section in a problem.",
             "(define (domain d) (:objects a b))"),
    CodeInfo("E114", "error", "problem does not name its domain",
             "Every problem must say which domain it is for with `(:domain NAME)`.", ""),
    CodeInfo("E115", "error", "problem has no goal", "Every problem needs a `(:goal ...)` section.", ""),
    CodeInfo("E401", "error", "unsupported requirement",
             "A requirement of PDDL 2.1+ that agentgen-sym does not plan with (durative actions, numeric "
             "fluents, preferences, constraints, timed initial literals).", "(:requirements :durative-actions)"),
    CodeInfo("E402", "error", "unsupported construct",
             "A construct of PDDL 2.1+ (durative actions, numeric comparisons and effects other than "
             "`(increase (total-cost) ...)`, preferences, constraints, timed initial literals) that parses "
             "but cannot be planned with.", "(:durative-action move ...)"),
    CodeInfo("E403", "error", "unknown requirement",
             "A `:requirements` flag that PDDL does not define, usually a typo.",
             "(:requirements :stirps)", fixable=True),
]}


def explain(code: str) -> str | None:
    """The long explanation of a code, or None if the code is unknown."""
    info = CATALOGUE.get(code.upper())
    if info is None:
        return None
    text = f"{info.code} ({info.severity}): {info.title}\n\n{info.explanation}\n"
    if info.example:
        text += f"\nExample:\n    {info.example}\n"
    text += f"\nAutomatic fix: {'yes' if info.fixable else 'no'}\n"
    return text
