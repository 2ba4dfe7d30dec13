"""Scoring a free-text answer by the lifted validator: tolerant of formatting, never of meaning.

An answer is read line by line. Formatting is forgiven: case, code fences, ``<answer>`` tags, numbering (``1.``,
``2)``, ``Step 3:``), bullets, a ``Plan:`` label, backticks or bold around a step, a final full stop, ``;``
comment lines, blank lines, prose before the first action line and after the last, and either form of an action
(a PDDL call or the text environment's wording, ``question.ANSWER_FORMATS``). Meaning is not: the plan block runs
from the first line that reads as an action to the last, and a line inside it that reads as no action makes the
plan invalid; it is never skipped. The plan is then replayed by ``compiler/validate.py`` on the PDDL the entry's
metadata carries, so any grader can check a score again from the entry alone.

Scores (``grade``; ``score_answer`` returns the number and never raises):

- ``1.0``: a valid plan that costs no more than the gold plan (the optimal cost, when the entry says it was proved);
- ``max(C*/C, VALID_MINIMUM)``: a valid plan of cost ``C`` above the gold cost ``C*``;
- ``FLOOR`` (0.05): a plan that reads but is invalid (a step that does not apply, the goal unmet, a line inside the
  plan that is no action, a replay that ran out of time);
- ``0.0``: nothing reads as an action, or the answer is not a string or longer than ``MAX_ANSWER_CHARS``.

The bounds (``MAX_ANSWER_CHARS``, ``MAX_LINE_CHARS``, ``MAX_MARKERS``, ``VALIDATE_SECONDS``) keep any answer's
grading to a fraction of a second.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.limits import Budget, Deadline
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.compiler.validate import validate
from agentgen_sym.wording.templates import ActionReader, Templates

FLOOR = 0.05
"""The score of a plan that reads but is invalid: above an answer with no plan in it, below every valid plan."""
VALID_MINIMUM = 0.1
"""The least a valid plan scores, however costly: reaching the goal always beats not reaching it."""
MAX_ANSWER_CHARS = 100_000
"""Longer answers score 0.0 unread: the pools' plans take a few hundred characters."""
MAX_LINE_CHARS = 1_000
"""A longer line reads as no action (prose), unread: an action takes a few dozen characters."""
MAX_MARKERS = 4
"""Markers taken off one line at most (``Step 1: 1. - (a b)`` has three)."""
VALIDATE_SECONDS = 5.0
"""How long one replay may take; a replay that runs out scores FLOOR (never more than what was checked)."""

DOMAIN_KEY, PROBLEM_KEY, WORDING_KEY, COST_KEY = "domain_pddl", "problem_pddl", "action_wording", "optimal_cost"
"""The metadata an entry must carry to be scored: the PDDL texts, the actions' text templates and the gold cost."""

_TAGS = re.compile(r"</?answer>", re.IGNORECASE)
_FENCE = re.compile(r"^(```|~~~)")
_MARKER = re.compile(r"^(?:(?:final\s+)?(?:answer|plan|action)\s*:\s*|step\s*\d+\s*[:.)\-]\s*|step\s+\d+\s+"
                     r"|#?\d+\s*[.):\-]\s*|[-+\u2022]\s+)", re.IGNORECASE)
"""A line's markers: a label (``Plan:``), a step number (``Step 3:``, ``3.``, ``3)``) or a bullet (``*`` goes with the
emphasis). Names start with a letter and a marker ends in a separator, so no marker eats a name (``step2``)."""
_CALLS = re.compile(r"^(?:\(\s*[a-z][a-z0-9_\-]*(?:\s+[^\s()]+)*\s*\)\s*)+$")
_CALL = re.compile(r"\(([^()]*)\)")


class Verdict(Enum):
    """What an answer was found to hold."""

    NO_PLAN = "nothing reads as an action"
    INVALID = "a plan that is not valid"
    VALID = "a valid plan"


@dataclass(frozen=True)
class Grade:
    """An answer's score, what it held, the steps read (None when no plan reads) and the replay's cost (valid plans
    only); ``reason`` says why a plan is invalid."""

    score: float
    verdict: Verdict
    steps: tuple[GroundAction, ...] | None = None
    cost: int | float | None = None
    reason: str = ""


@dataclass(frozen=True)
class Checker:
    """What scoring one task needs, made once per task text: the parsed domain and problem and the action reader."""

    domain: ast.Domain
    problem: ast.Problem
    reader: ActionReader


@lru_cache(maxsize=512)
def checker(domain_pddl: str, problem_pddl: str, wording: tuple[tuple[str, str], ...]) -> Checker:
    """The checker of a task's texts (cached: an entry's strings come from its pool, scored many times)."""
    domain, problem = parse_domain(domain_pddl), parse_problem(problem_pddl)
    templates = Templates(domain, {}, dict(wording))  # the reader reads the actions' templates and arities only
    objects = [o.name for o in (*domain.constants, *problem.objects)]
    return Checker(domain, problem, ActionReader(templates, objects))


def score_answer(answer: Any, entry: Any) -> float:
    """The answer's score in [0, 1] (see the module's docstring); never raises, whatever ``answer`` and ``entry``
    are: an entry that cannot be scored (its metadata missing or broken) gives 0.0."""
    try:
        return grade(answer, entry).score
    except Exception:  # noqa: BLE001 (reasoning-gym's contract: a score for every input, never an exception)
        return 0.0


def grade(answer: Any, entry: dict) -> Grade:
    """The answer's Grade; raises (KeyError, TypeError, PddlError) only for an entry whose metadata cannot be used,
    never because of the answer."""
    meta = entry["metadata"]
    check = checker(meta[DOMAIN_KEY], meta[PROBLEM_KEY], tuple(sorted(meta[WORDING_KEY].items())))
    gold = meta[COST_KEY]
    if not isinstance(answer, str) or len(answer) > MAX_ANSWER_CHARS:
        return Grade(0.0, Verdict.NO_PLAN)
    steps, bad_line = read_plan(answer, check.reader)
    if steps is None:
        return Grade(0.0, Verdict.NO_PLAN)
    if bad_line is not None:
        return Grade(FLOOR, Verdict.INVALID, steps, reason=f"not an action: {bad_line!r}")
    plan = ast.Plan(tuple(ast.PlanStep(step.action, step.args) for step in steps))
    try:
        result = validate(check.domain, check.problem, plan, Budget(Deadline.after(VALIDATE_SECONDS)))
    except Exception as exc:  # noqa: BLE001 (a replay that cannot finish proves nothing: the floor)
        return Grade(FLOOR, Verdict.INVALID, steps, reason=f"the replay stopped: {exc}")
    if not result.valid:
        return Grade(FLOOR, Verdict.INVALID, steps, reason=result.diagnostics[0].message if result.diagnostics else "")
    score = 1.0 if result.cost <= gold else max(gold / result.cost, VALID_MINIMUM)
    return Grade(score, Verdict.VALID, steps, result.cost)


def read_plan(answer: str, reader: ActionReader) -> tuple[tuple[GroundAction, ...] | None, str | None]:
    """The steps of the plan block and its first line that reads as no action (None when every line does); the
    steps are None when no line reads as an action. The block runs from the first action line to the last."""
    read: list[tuple[str, list[GroundAction] | None]] = []
    for line in _TAGS.sub("\n", answer).splitlines():
        text = line.strip()
        if not text or _FENCE.match(text) or text.startswith(";"):
            continue  # formatting, or a comment (an IPC plan file's `; cost = N`)
        read.append((text, read_line(text, reader) if len(text) <= MAX_LINE_CHARS else None))
    lines = [n for n, (_, steps) in enumerate(read) if steps is not None]
    if not lines:
        return None, None
    block = read[lines[0]:lines[-1] + 1]
    bad = next((text for text, steps in block if steps is None), None)
    return tuple(step for _, steps in block for step in steps or ()), bad


def read_line(text: str, reader: ActionReader) -> list[GroundAction] | None:
    """The actions of one line (a line may hold several PDDL calls), or None when it reads as no action. A text
    with several readings takes the reader's first (the domain's wording is made unambiguous: ``Templates``)."""
    cleaned = _clean(text)
    if _CALLS.match(cleaned):
        return [GroundAction.parse(call) for call in _CALL.findall(cleaned)]
    readings = reader.read(cleaned)
    return readings[:1] or None


def _clean(text: str) -> str:
    """The line without its markers: lower case, numbering, bullets, a label, emphasis and a final full stop."""
    text = text.lower()
    for _ in range(MAX_MARKERS):
        stripped = _MARKER.sub("", text.strip("`* \t"), count=1)
        if stripped == text:
            break
        text = stripped
    return text.rstrip(".;,").strip("`* \t")
