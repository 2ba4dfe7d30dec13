"""Mutated answers to a reasoning item and unified-planning's verdict on what each means, shared by
tests/test_reasoning_gym.py and bench/reasoning.py.

A mutation changes what a plan means (a step dropped, two different steps swapped, one argument replaced by another
object of its type: tests/plan_corruption.py; a step repeated; a proper prefix; a detour: two steps there and back
inserted, valid and costlier) or keeps it (``gold``); each answer
then writes its steps in a random layout (bare lines, numbered, ``Step N:``, bullets, a code fence, prose before and
after, upper case, or a line of prose inside the plan, which must make any plan invalid) and a random action form
(PDDL calls or the text environment's wording). Every Mutant carries the steps it means, which unified-planning's
sequential validator judges without our parser, reader or validator.
"""

from __future__ import annotations

import random
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.parser import parse_domain, parse_problem
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.compiler.validate import Stepper, apply_plan
from agentgen_sym.reasoning.question import action_line
from agentgen_sym.wording.templates import Templates

from .plan_corruption import corruptions

MEANINGS = ("gold", "remove", "swap", "args", "repeat", "prefix", "detour")
LAYOUTS = ("bare", "numbered", "steps", "bullets", "fenced", "prose", "upper", "interrupted")
FORMS = ("pddl", "text")
GARBAGE = (None, 17, "", "   ", "I cannot solve this.", "(", ")))", "```\n```", "Step 1:", "- \n- \n", "x" * 200_001,
           ["(a b)"], "\x00\x01", "The answer is 42.", "<answer></answer>", "1." * 45_000, "(" * 99_000,
           "Step 1: " * 12_000, "word " * 19_000)
"""Answers that hold no plan at all: each must score 0.0 (the long ones quickly)."""


@dataclass(frozen=True)
class Mutant:
    meaning: str
    layout: str
    form: str
    steps: tuple[ast.PlanStep, ...]
    answer: str

    @property
    def must_fail(self) -> bool:
        """A line of prose inside the plan: invalid whatever the steps mean (it is never skipped)."""
        return self.layout == "interrupted" and len(self.steps) >= 2


@lru_cache(maxsize=64)
def _parsed(domain_pddl: str, problem_pddl: str) -> tuple[ast.Domain, ast.Problem]:
    return parse_domain(domain_pddl), parse_problem(problem_pddl)


def gold_steps(entry: dict) -> tuple[ast.PlanStep, ...]:
    """The gold plan of an item asked in the PDDL form."""
    assert entry["metadata"]["answer_format"] == "pddl"
    return tuple(ast.PlanStep(*GroundAction.parse(line)) for line in entry["answer"].splitlines())


def write(steps: tuple[ast.PlanStep, ...], templates: Templates, layout: str, form: str) -> str:
    """The steps as an answer in ``layout`` and ``form``."""
    lines = [action_line(GroundAction(s.action, s.args), templates, form) for s in steps]
    if layout == "numbered":
        lines = [f"{n}. {line}" for n, line in enumerate(lines, 1)]
    elif layout == "steps":
        lines = [f"Step {n}: {line}" for n, line in enumerate(lines, 1)]
    elif layout == "bullets":
        lines = [f"- {line}" for line in lines]
    elif layout == "fenced":
        lines = ["Here is the plan:", "```", *lines, "```"]
    elif layout == "prose":
        lines = ["Let me think about the goal first.", "The plan is:", "", *lines, "", "This reaches the goal."]
    elif layout == "upper":
        lines = [line.upper() for line in lines]
    elif layout == "interrupted":
        lines = [*lines[:1], "Wait, let me check that this works.", *lines[1:]]
    return "\n".join(lines)


def mutants(entry: dict, rng: random.Random, n: int) -> list[Mutant]:
    """``n`` answers to ``entry`` (an item asked in the PDDL form), each drawn with ``rng``: a meaning, a layout and
    a form at random, the meaning's steps drawn among the mutations of its kind (the gold plan when there is none)."""
    meta = entry["metadata"]
    domain, problem = _parsed(meta["domain_pddl"], meta["problem_pddl"])
    templates = Templates(domain, {}, meta["action_wording"])
    gold = gold_steps(entry)
    pools: dict[str, list[tuple[ast.PlanStep, ...]]] = {"gold": [gold]}
    for corruption in corruptions(domain, problem, gold, rng, per_kind=50):
        pools.setdefault(corruption.kind, []).append(corruption.steps)
    pools["repeat"] = [gold[:i + 1] + gold[i:] for i in range(len(gold))]
    pools["prefix"] = [gold[:i] for i in range(1, len(gold))]
    pools["detour"] = detours(domain, problem, gold)
    out = []
    for _ in range(n):
        meaning = rng.choice(MEANINGS)
        steps = rng.choice(pools.get(meaning) or pools["gold"])
        layout, form = rng.choice(LAYOUTS), rng.choice(FORMS)
        out.append(Mutant(meaning, layout, form, steps, write(steps, templates, layout, form)))
    return out


@lru_cache(maxsize=256)
def _detours(domain: ast.Domain, problem: ast.Problem, gold: tuple[ast.PlanStep, ...]
             ) -> tuple[tuple[ast.PlanStep, ...], ...]:
    stepper, found = Stepper(domain, problem), []
    for i, state in enumerate(apply_plan(domain, problem, ast.Plan(gold))):
        for out in stepper.applicable(state):
            there, _ = stepper.apply(out, state)
            back = next((b for b in stepper.applicable(there) if stepper.apply(b, there)[0] == state), None)
            if back is not None:
                found.append(gold[:i] + (out, back) + gold[i:])
                break
    return tuple(found)


def detours(domain: ast.Domain, problem: ast.Problem, gold: tuple[ast.PlanStep, ...]) -> list[tuple[ast.PlanStep, ...]]:
    """The gold plan with two steps inserted that lead from a state along it back to that state (at most one pair
    per position): valid plans that cost more."""
    return list(_detours(domain, problem, gold))


class UpOracle:
    """unified-planning's sequential validator on the tasks of items: each task read once, each plan judged once."""

    def __init__(self) -> None:
        from unified_planning.shortcuts import get_environment

        get_environment().credits_stream = None
        self._tasks: dict[tuple[str, str], tuple[object, object]] = {}
        self._verdicts: dict[tuple[str, tuple[ast.PlanStep, ...]], tuple[bool, float | None]] = {}

    @property
    def judged(self) -> int:
        """The distinct (task, plan) pairs unified-planning has judged."""
        return len(self._verdicts)

    def verdict(self, entry: dict, steps: tuple[ast.PlanStep, ...]) -> tuple[bool, float | None]:
        """Whether unified-planning finds ``steps`` valid for the entry's task, and their cost when they are (the
        metric's value, or the number of steps on a task without one)."""
        from unified_planning.engines import ValidationResultStatus
        from unified_planning.io import PDDLReader
        from unified_planning.shortcuts import PlanValidator

        meta = entry["metadata"]
        texts = (meta["domain_pddl"], meta["problem_pddl"])
        key = (meta["problem_pddl"], tuple(steps))
        if key not in self._verdicts:
            if texts not in self._tasks:
                reader = PDDLReader()
                self._tasks[texts] = (reader, reader.parse_problem_string(*texts))
            reader, problem = self._tasks[texts]
            plan = reader.parse_plan_string(problem, "\n".join(f"({' '.join((s.action, *s.args))})" for s in steps))
            with PlanValidator(name="sequential_plan_validator") as validator:
                result = validator.validate(problem, plan)
            valid = result.status == ValidationResultStatus.VALID
            cost = None
            if valid:
                values = list((result.metric_evaluations or {}).values())
                cost = float(values[0]) if values else float(len(steps))
            self._verdicts[key] = (valid, cost)
        return self._verdicts[key]


class PyperplanOracle:
    """pyperplan's grounding of a STRIPS task, the steps replayed on it: a second opinion, read by another parser,
    on the tasks unified-planning's reader rejects (it cannot parse storage's domain, and reads logistics00's
    ``in`` as the unary type predicate). Irrelevant operators are kept, so a detour's steps exist; an operator whose
    static precondition is false is never made, so a step needing one is inapplicable, as it should be."""

    def __init__(self) -> None:
        self._tasks: dict[tuple[str, str], tuple[dict[str, object], object]] = {}
        self._verdicts: dict[tuple[str, tuple[ast.PlanStep, ...]], tuple[bool, float | None]] = {}

    @property
    def judged(self) -> int:
        """The distinct (task, plan) pairs pyperplan has judged."""
        return len(self._verdicts)

    def verdict(self, entry: dict, steps: tuple[ast.PlanStep, ...]) -> tuple[bool, float | None]:
        """Whether ``steps`` reach the goal by pyperplan's operators, and their number (costs are unit: a task with
        a metric or action costs is refused with ValueError)."""
        meta = entry["metadata"]
        texts = (meta["domain_pddl"], meta["problem_pddl"])
        key = (meta["problem_pddl"], tuple(steps))
        if key not in self._verdicts:
            if texts not in self._tasks:
                self._tasks[texts] = _pyperplan_task(*texts)
            operators, task = self._tasks[texts]
            state, valid = task.initial_state, True
            for step in steps:
                operator = operators.get(f"({' '.join((step.action, *step.args)).lower()})")
                if operator is None or not operator.applicable(state):
                    valid = False
                    break
                state = operator.apply(state)
            valid = valid and task.goal_reached(state)
            self._verdicts[key] = (valid, float(len(steps)) if valid else None)
        return self._verdicts[key]


def _pyperplan_task(domain_pddl: str, problem_pddl: str) -> tuple[dict[str, object], object]:
    """pyperplan's grounded task (its parser reads files) and its operators by name."""
    from pyperplan import grounding
    from pyperplan.pddl.parser import Parser

    if ":action-costs" in domain_pddl.lower() or ":metric" in problem_pddl.lower():
        raise ValueError("pyperplan judges unit-cost STRIPS tasks only")
    with tempfile.TemporaryDirectory(prefix="pyperplan-oracle-") as folder:
        domain_file, problem_file = Path(folder, "domain.pddl"), Path(folder, "problem.pddl")
        domain_file.write_text(domain_pddl)
        problem_file.write_text(problem_pddl)
        parser = Parser(str(domain_file), str(problem_file))
        task = grounding.ground(parser.parse_problem(parser.parse_domain()), remove_statics_from_initial_state=False,
                                remove_irrelevant_operators=False)
    return {operator.name: operator for operator in task.operators}, task


def disagreement(score: float, valid: bool, cost: float | None, gold_cost: float, floor: float,
                 valid_minimum: float) -> str | None:
    """What is wrong with ``score`` for a plan unified-planning judged so, or None: an invalid plan must score at
    most ``floor``; a valid one ``min(1, C*/C)`` exactly, or ``valid_minimum`` when that is less."""
    if not valid:
        return f"invalid plan scored {score} > floor {floor}" if score > floor else None
    expected = max(min(1.0, gold_cost / cost if cost else 1.0), valid_minimum)
    if score < expected - 1e-9:
        return f"valid plan of cost {cost} (gold {gold_cost}) scored {score} < C*/C"
    if score > expected + 1e-9:
        return f"valid plan of cost {cost} (gold {gold_cost}) scored {score} > C*/C"
    return None
