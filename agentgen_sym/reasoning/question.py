"""A task as one single-turn question and its gold answer.

The question says, in the domain's own wording (``wording/``: the templates and the rules the text environment's
agent reads), what the actions require and do, which objects there are, what holds at the start and what the goal
is, then the exact answer format: one action per line, as a PDDL call ``(stack a b)`` or as the text environment
writes the action (``Templates.action``). The answer is the gold plan in that format. Nothing here knows about
reasoning-gym: the same texts could feed any single-turn trainer.
"""

from __future__ import annotations

from collections.abc import Iterable

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import conjuncts
from agentgen_sym.compiler.costs import TOTAL_COST, uses_action_costs
from agentgen_sym.compiler.printer import expr
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.wording.rules import atom_text, condition_text, domain_rules
from agentgen_sym.wording.templates import Templates

ANSWER_FORMATS = ("pddl", "text")
"""How an answer writes each action: ``pddl`` as a call, ``(fly drone-1 dock shelf-a)``; ``text`` as the text
environment words it, ``fly drone-1 from dock to shelf-a``. The scorer reads both, whichever was asked for."""

QUESTION = """\
Solve this planning problem in the "{domain}" world: give a sequence of actions that reaches the goal at the least \
total cost.

The actions, with what each requires and what it does (?name stands for an object):
{rules}

{costs}

Objects:
{objects}

Initial state (everything not listed is false):
{facts}

Goal: make all of the following true:
{goal}

{answer_format}"""

UNIT_COSTS = "Every action costs 1, so the cheapest plan is the shortest."
ACTION_COSTS = "An action costs what its effect says (\"it costs N\"); a plan costs the sum over its actions."

FORMAT_RULES = {
    "pddl": "Answer with the plan only: one action per line, in the order they are taken, each written as a PDDL "
            "call with the objects in place of the ?names:\n{calls}",
    "text": "Answer with the plan only: one action per line, in the order they are taken, each written as in the "
            "list of actions above with every ?name replaced by the name of an object.",
}


def action_line(step: GroundAction, templates: Templates, answer_format: str) -> str:
    """One step of an answer, written as ``answer_format`` says."""
    return str(step) if answer_format == "pddl" else templates.action(step.action, step.args)


def answer_text(plan: Iterable[GroundAction], templates: Templates, answer_format: str) -> str:
    """The plan as an answer: one action per line."""
    return "\n".join(action_line(step, templates, answer_format) for step in plan)


def question_text(problem: ast.Problem, templates: Templates, answer_format: str) -> str:
    """The question of one task of ``templates.domain``, asking for an answer in ``answer_format``."""
    domain = templates.domain
    return QUESTION.format(domain=domain.name, rules=domain_rules(templates),
                           costs=ACTION_COSTS if uses_action_costs(domain, problem) else UNIT_COSTS,
                           objects=_bullets(_objects(domain, problem)), facts=_bullets(_facts(problem, templates)),
                           goal=_bullets([condition_text(c, templates) for c in conjuncts(problem.goal)]),
                           answer_format=FORMAT_RULES[answer_format].format(calls=_bullets(_calls(templates))))


def _calls(templates: Templates) -> list[str]:
    """Each action's PDDL call over its parameters, with the wording it stands for."""
    lines = []
    for action in templates.domain.actions:
        names = [f"?{p.name}" for p in action.parameters]
        lines.append(f"{GroundAction(action.name, tuple(names))} for \"{templates.action(action.name, names)}\"")
    return lines


def _bullets(lines: list[str]) -> str:
    return "\n".join(f"- {line}" for line in lines) if lines else "- (none)"


def _objects(domain: ast.Domain, problem: ast.Problem) -> list[str]:
    """``type: a, b`` per type, in the order the types first appear (constants first)."""
    by_type: dict[str, list[str]] = {}
    for thing in (*domain.constants, *problem.objects):
        by_type.setdefault(" or ".join(thing.types) or "object", []).append(thing.name)
    return [f"{kind}: {', '.join(names)}" for kind, names in by_type.items()]


def _facts(problem: ast.Problem, templates: Templates) -> list[str]:
    """The initial atoms in words, then the numeric values other than the plan's running cost, in PDDL."""
    atoms = [atom_text(a, templates) for a in problem.init if isinstance(a, ast.Atom)]
    values = [f"{expr(v.function)} = {expr(v.value)}" for v in problem.init
              if isinstance(v, ast.FunctionValue) and v.function.name != TOTAL_COST]
    return atoms + values
