"""A fuzzing harness for the whole pipeline: nearly-right PDDL in, one outcome per input out.

Mutations are grammar-aware (they move, drop and duplicate whole parenthesised groups, rename
tokens, rewrite numbers) and semantic (costs out of range, division by zero, unstratified
derived predicates, maximised metrics, wide actions, quantified goals, huge and unicode names).
``run_one`` parses, checks, compiles and solves an input under limits and classifies what
happened: ``ok`` (a validated plan, or a proof of unsolvability), ``diagnostic`` (a clear
error), ``limit`` (a limit reached, said so), ``traceback`` (any other exception), ``hang``
(a stage ran past its limit by more than a second) or ``wrong`` (a plan the validator rejects
or prices differently). The tests and bench/fuzz.py share it.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass

import agentgen_sym as ag
from agentgen_sym.compiler.limits import LimitReached

OUTCOMES = ("ok", "diagnostic", "limit", "traceback", "hang", "wrong")
TIME_LIMIT_S = 2.0
SLACK_S = 1.0

_NAME = re.compile(r"(?<![?:\w-])[a-z][a-z0-9_-]*")
_NUMBER = re.compile(r"(?<![\w-])\d+(?:\.\d+)?")
STRANGE_NAMES = ("x" * 10_000, "zero\u200bwidth", "rtl\u202eevil", "1", "42", "and", "either", "-", "émigré",
                 "a" * 300)
STRANGE_NUMBERS = ("0", "-1", str(2 ** 63), str(5 * 10 ** 18), str(2 ** 53 + 1), "1.5", "1e400", "0.0")
SEMANTIC_EXTRAS = (
    "(:derived (fuzz-d) (not (fuzz-d)))",
    "(:metric maximize (total-cost))",
    "(:action fuzz-wide :parameters (?a ?b ?c ?d ?e ?f ?g) :precondition (and) :effect (and))",
    "(increase (total-cost) (/ 1 0))",
    "(forall (?a ?b ?c ?d) (fuzz-p ?a ?b ?c ?d))",
)


@dataclass(frozen=True)
class Outcome:
    kind: str
    detail: str = ""


def _groups(text: str) -> list[tuple[int, int]]:
    """Spans of balanced parenthesised groups, each ending where its closing parenthesis is read."""
    spans, stack = [], []
    for i, ch in enumerate(text):
        if ch == "(":
            stack.append(i)
        elif ch == ")" and stack:
            spans.append((stack.pop(), i + 1))
    return spans


def _drop_group(text: str, rng: random.Random) -> str:
    spans = _groups(text)
    if not spans:
        return text
    a, b = rng.choice(spans)
    return text[:a] + text[b:]


def _duplicate_group(text: str, rng: random.Random) -> str:
    spans = _groups(text)
    if not spans:
        return text
    a, b = rng.choice(spans)
    return text[:b] + " " + text[a:b] + text[b:]


def _move_group(text: str, rng: random.Random) -> str:
    spans = _groups(text)
    if len(spans) < 2:
        return text
    a, b = rng.choice(spans)
    rest = text[:a] + text[b:]
    where = rng.randrange(len(rest) + 1)
    return rest[:where] + text[a:b] + rest[where:]


def _rename(text: str, rng: random.Random) -> str:
    names = list(_NAME.finditer(text))
    if not names:
        return text
    m = rng.choice(names)
    if rng.random() < 0.5:
        new = rng.choice(STRANGE_NAMES)
    else:  # a typo: drop, double or swap a letter
        word = m.group()
        i = rng.randrange(len(word))
        new = rng.choice([word[:i] + word[i + 1:], word[:i] + word[i] + word[i:],
                          word[:i] + word[i + 1:i + 2] + word[i:i + 1] + word[i + 2:]]) or "x"
    return text[:m.start()] + new + text[m.end():]


def _renumber(text: str, rng: random.Random) -> str:
    numbers = list(_NUMBER.finditer(text))
    if not numbers:
        return text
    m = rng.choice(numbers)
    return text[:m.start()] + rng.choice(STRANGE_NUMBERS) + text[m.end():]


def _insert_extra(text: str, rng: random.Random) -> str:
    spans = _groups(text)
    where = rng.choice(spans)[1] if spans else len(text)
    return text[:where] + " " + rng.choice(SEMANTIC_EXTRAS) + text[where:]


def _break_parens(text: str, rng: random.Random) -> str:
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice(["(", ")", "", "))", "(("]) + text[i + 1:]


def _truncate(text: str, rng: random.Random) -> str:
    return text[:rng.randrange(len(text) + 1)]


MUTATIONS: dict[str, Callable[[str, random.Random], str]] = {
    "drop-group": _drop_group, "duplicate-group": _duplicate_group, "move-group": _move_group,
    "rename": _rename, "renumber": _renumber, "semantic": _insert_extra, "parens": _break_parens,
    "truncate": _truncate,
}


def mutate(domain: str, problem: str, rng: random.Random, n_mutations: int) -> tuple[str, str, list[str]]:
    """Apply ``n_mutations`` random mutations to the domain or the problem text."""
    applied = []
    for _ in range(n_mutations):
        name = rng.choice(sorted(MUTATIONS))
        if rng.random() < 0.6:
            domain = MUTATIONS[name](domain, rng)
            applied.append(f"domain:{name}")
        else:
            problem = MUTATIONS[name](problem, rng)
            applied.append(f"problem:{name}")
    return domain, problem, applied


def run_one(domain_text: str, problem_text: str, time_limit: float = TIME_LIMIT_S) -> Outcome:
    """Parse, check, compile and solve one input under ``time_limit`` per stage; classify the outcome."""
    started = time.perf_counter()

    def late(stage: str) -> Outcome | None:
        spent = time.perf_counter() - started
        return Outcome("hang", f"{stage} took {spent:.1f} s") if spent > time_limit + SLACK_S else None

    try:
        domain, problem = ag.parse_domain(domain_text), ag.parse_problem(problem_text)
        ag.check(domain, problem)
        if hang := late("parse and check"):
            return hang
        started = time.perf_counter()
        task = ag.compile_task(domain, problem, time_limit=time_limit)
        if hang := late("compile"):
            return hang
        started = time.perf_counter()
        solution = ag.solve(task, "default", time_limit=time_limit)
        if hang := late("solve"):
            return hang
    except (ag.PddlError, ag.GroundingError) as exc:
        return Outcome("diagnostic", str(exc)[:200])
    except LimitReached as exc:
        return Outcome("limit", str(exc)[:200])
    except Exception as exc:  # noqa: BLE001 - the point of a fuzzer: any other exception is a finding
        return Outcome("traceback", f"{type(exc).__name__}: {str(exc)[:200]}")
    if solution.status is ag.Status.ERROR:
        return Outcome("wrong", solution.message[:200])
    if solution.status is ag.Status.LIMIT_REACHED:
        return Outcome("limit", solution.message[:200])
    if solution.status is ag.Status.UNSUPPORTED:
        return Outcome("diagnostic", solution.message[:200])
    if solution.solved:
        verdict = ag.validate(task.domain, task.problem, solution.plan)
        if not verdict.valid or verdict.cost != solution.cost:
            return Outcome("wrong", f"validator: valid={verdict.valid} cost={verdict.cost} vs {solution.cost}")
    return Outcome("ok", solution.status.value)
