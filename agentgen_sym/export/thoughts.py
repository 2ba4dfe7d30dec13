"""Thoughts for the gold plan, read off its causal structure rather than invented.

A step is explained by what it makes true (or false) that something later depends on: a
goal condition that then holds until the end, or else a precondition of the first later
step that needs it while it still holds (a causal link; conditions of conditional effects
that fire count too). Only facts the step changes count, so a thought never claims credit
for something that was already so. A thought also says what remains: how many goal conditions
will hold after the step and which are still to do. Each reason has several phrasings; which one a step gets
is fixed by a digest of (task id, step), so the text varies across the data set without
any randomness.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from agentgen_sym.wording.templates import Templates, in_sentence
from agentgen_sym.compiler.task import GroundTask
from agentgen_sym.export.variation import stable_index

GOAL_PHRASES = (
    "I need to make sure that {facts} because the goal requires it, so I will {action}.",
    "The goal requires that {facts}, so I will {action}.",
    "I will {action}, because the goal requires that {facts}.",
    "One thing the goal requires is that {facts}; to get there I will {action}.",
    "Since the goal requires that {facts}, my next move is to {action}.",
    "Part of the goal is that {facts}. I will {action} to achieve it.",
    "My next step is to {action}, so that {facts}, as the goal requires.",
    "I will now {action}; after that, {facts}, which is part of the goal.",
)
"""Said of a step that makes goal conditions true that then hold to the end."""
LINK_PHRASES = (
    "I will {action} so that {facts}, which I need before I can {later}.",
    "Next I will {action}: it makes sure that {facts}, which I need before I {later}.",
    "To {later} later, it must first be true that {facts}; I will {action} to make it so.",
    "I cannot {later} yet: first it must be true that {facts}. So I will {action}.",
    "Once I {action}, {facts}, which I will need in order to {later}.",
    "I will {action} first, because I can only {later} once {facts}.",
    "Later I want to {later}, and that requires that {facts}; so now I will {action}.",
)
"""Said of a step that makes true what a later step ("later") needs (the first such step): its precondition."""
CARRY_PHRASES = (
    "I will {action} so that {facts}; then, when I {later}, {outcome} too.",
    "I will {action}: with that, {facts}, so when I {later}, {outcome} as well.",
    "Once I {action}, {facts}; that way, when I {later}, {outcome} too.",
)
"""Said of a step that makes true the condition of a later step's conditional effect: not what the later step
needs (it could go without), but what makes it also bring about ``outcome`` (a loaded parcel travels along)."""
PLAIN_PHRASES = (
    "I will {action} to get closer to the goal.",
    "Next, I will {action}.",
    "Now I will {action}.",
    "The next step of my plan is to {action}.",
)
"""Said of a step with no goal condition or later need to name."""
PROGRESS_PHRASES = (
    " That leaves {remaining} of the {total} goal conditions to reach: {todo}.",
    " Then {done} of the {total} goal conditions {hold}; still to do: {todo}.",
    " After that, what remains is that {todo}.",
    " Still to do after this: {todo}.",
)
"""Said after a step that leaves goal conditions to reach (``todo`` names at most two of them); the
first two count, so they are only used when more than one condition exists and some already hold."""
FINISHED_PHRASES = (
    " After this, every goal condition holds.",
    " This is the last step: then {all_of}.",
    " With that, the task is complete.",
)
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")

Condition = tuple[int, bool]
"""A fact index and the value it must have."""


@dataclass(frozen=True)
class PlanView:
    """A played plan: operator ids and the unpacked states around them (``states[i]`` before step ``i``)."""

    task: GroundTask
    ops: list[int]
    states: np.ndarray


def action_phrase(templates: Templates, task: GroundTask, op: int) -> str:
    """The action as a verb phrase inside a sentence (first letter lower-cased)."""
    text = templates.action(*task.actions[op])
    return text[:1].lower() + text[1:]


def _holds_through(states: np.ndarray, condition: Condition, first: int, last: int) -> bool:
    fact, value = condition
    return bool((states[first:last + 1, fact] == value).all())


def _changed(view: PlanView, step: int, nameable: frozenset[int]) -> list[Condition]:
    before, after = view.states[step], view.states[step + 1]
    return [(int(f), bool(after[f])) for f in np.flatnonzero(before != after) if int(f) in nameable]


@dataclass(frozen=True)
class Needs:
    """What a step relies on: its precondition (``required``), and the conditions of its conditional effects
    that fire, each with what its effects then make so (``carried``): a reason to reach it, never a requirement."""

    required: frozenset[Condition]
    carried: dict[Condition, tuple[Condition, ...]]


def _conditions(task: GroundTask, positive: np.ndarray, negative: np.ndarray) -> set[Condition]:
    return ({(int(f), True) for f in positive if f < task.n_facts}
            | {(int(f), False) for f in negative if f < task.n_facts})


def _needs(task: GroundTask, op: int, state: np.ndarray) -> Needs:
    """What ``op`` relies on in ``state``."""
    carried: dict[Condition, tuple[Condition, ...]] = {}
    for ce in range(task.ce_start[op], task.ce_start[op + 1]):
        if state[task.ce_pre_idx[ce]].all() and not state[task.ce_neg_idx[ce]].any():
            made, gone = (np.flatnonzero(task.unpack(bits[ce][None, :])[0]) for bits in (task.ce_add_bits,
                                                                                         task.ce_del_bits))
            outcome = tuple(sorted(_conditions(task, made, gone)))
            for condition in _conditions(task, task.ce_pre_idx[ce], task.ce_neg_idx[ce]):
                carried[condition] = carried.get(condition, ()) + outcome
    return Needs(frozenset(_conditions(task, task.pre_idx[op], task.neg_idx[op])), carried)


def _fact_text(templates: Templates, task: GroundTask, condition: Condition) -> str:
    fact = task.facts[condition[0]]
    return in_sentence(templates.fact(*fact) if condition[1] else templates.negated_fact(*fact))


def _list(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _number(n: int) -> str:
    return NUMBERS[n] if n < len(NUMBERS) else str(n)


@dataclass(frozen=True)
class Thought:
    """One step's thought, the action phrase it contains and the fact texts it names (for paraphrase checks)."""

    text: str
    action: str
    facts: tuple[str, ...]


def progress(view: PlanView, templates: Templates, goals: frozenset[Condition], nameable: frozenset[int],
             step: int, key: str) -> tuple[str, list[str]]:
    """What remains of the goal after ``step`` (a clause starting with a space, "" without goal facts),
    and the fact texts it names."""
    if not goals:
        return "", []
    after = view.states[step + 1]
    left = sorted(c for c in goals if bool(after[c[0]]) != c[1])
    if not left:
        phrase = FINISHED_PHRASES[stable_index(len(FINISHED_PHRASES), key, step, "done")]
        n = len(goals)
        all_of = ("the goal condition holds" if n == 1 else "both goal conditions hold" if n == 2
                  else f"all {_number(n)} goal conditions hold")
        return phrase.format(all_of=all_of), []
    named = [c for c in left if c[0] in nameable]
    if not named:
        return "", []
    facts = [_fact_text(templates, view.task, c) for c in named[:2]]
    todo = list(facts)
    if len(left) > len(todo):
        todo.append(f"{_number(len(left) - len(todo))} more")
    done = len(goals) - len(left)
    # counts read badly for one condition ("one of the one") or none done ("no of the two hold")
    phrases = PROGRESS_PHRASES if len(goals) > 1 and done > 0 else PROGRESS_PHRASES[2:]
    phrase = phrases[stable_index(len(phrases), key, step, "left")]
    return phrase.format(remaining=_number(len(left)), done=_number(done), total=_number(len(goals)),
                         hold="holds" if done == 1 else "hold", todo=_list(todo)), facts


def explain(view: PlanView, templates: Templates, goals: frozenset[Condition], nameable: frozenset[int],
            task_id: str) -> list[str]:
    """One thought per step of ``view``; ``nameable`` are the facts that templates can render.

    A step that achieves goal conditions, and the last step, also say what remains of the goal
    (how many of the goal conditions will then hold and which are still to do); other steps say
    it now and then, chosen by the same digest as the phrasing.
    """
    return [t.text for t in explain_steps(view, templates, goals, nameable, task_id)]


def explain_steps(view: PlanView, templates: Templates, goals: frozenset[Condition], nameable: frozenset[int],
                  task_id: str) -> list[Thought]:
    """``explain``'s thoughts with the action phrase and the fact texts each one names."""
    task, states, last = view.task, view.states, len(view.ops)
    needs = [_needs(task, op, states[j]) for j, op in enumerate(view.ops)]
    thoughts = []
    for step, op in enumerate(view.ops):
        action = action_phrase(templates, task, op)
        changed = _changed(view, step, nameable)
        achieved = [c for c in changed if c in goals and _holds_through(states, c, step + 1, last)]
        if achieved:
            named = [_fact_text(templates, task, c) for c in sorted(achieved)]
            phrase = GOAL_PHRASES[stable_index(len(GOAL_PHRASES), task_id, step)]
            clause, left = progress(view, templates, goals, nameable, step, task_id)
            thoughts.append(Thought(phrase.format(facts=_list(named), action=action) + clause, action,
                                    tuple(named + left)))
            continue
        clause, left = (progress(view, templates, goals, nameable, step, task_id)
                        if step == last - 1 or stable_index(3, task_id, step, "say") == 0 else ("", []))
        link = _first_consumer(view, needs, step, changed)
        if link is not None:
            later, used = link
            required = sorted(c for c in used if c in needs[later].required)
            effects = {o for c in used for o in needs[later].carried.get(c, ()) if o[0] in nameable}
            outcome = sorted(o for o in effects if o[1]) or sorted(effects)  # what it makes so, else what it ends
            if required or outcome:
                named = [_fact_text(templates, task, c) for c in (required or sorted(used))]
                values = {"facts": _list(named), "action": action,
                          "later": action_phrase(templates, task, view.ops[later])}
                phrases = LINK_PHRASES if required else CARRY_PHRASES
                if not required:
                    values["outcome"] = _list([_fact_text(templates, task, o) for o in outcome])
                text = phrases[stable_index(len(phrases), task_id, step)].format(**values)
                thoughts.append(Thought(text + clause, action, tuple(named + left)))
                continue
        text = PLAIN_PHRASES[stable_index(len(PLAIN_PHRASES), task_id, step)].format(action=action)
        thoughts.append(Thought(text + clause, action, tuple(left)))
    return thoughts


def _first_consumer(view: PlanView, needs: list[Needs], step: int, changed: list[Condition]
                    ) -> tuple[int, list[Condition]] | None:
    """The first later step relying on a condition that ``step`` established and that holds until then."""
    for later in range(step + 1, len(view.ops)):
        used = [c for c in changed if (c in needs[later].required or c in needs[later].carried)
                and _holds_through(view.states, c, step + 1, later)]
        if used:
            return later, used
    return None
