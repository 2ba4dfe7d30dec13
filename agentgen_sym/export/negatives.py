"""Negative samples: a plausible invalid action, the environment's exact refusal, then the recovery.

Agents trained only on flawless plans never see what to do after a refused action. One
deterministic step per task (a digest of the task id) gets an action whose precondition does
not hold, preferably of the same kind as the gold action, since that is the mistake an agent
actually makes. The invalid turn is kept out of the loss; the recovery says what did not
hold, from the operator's own precondition, before taking the gold action.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from agentgen_sym.env import TextEnv
from agentgen_sym.export.variation import stable_index
from agentgen_sym.wording.templates import in_sentence

INVALID_THOUGHT = "Next, I will {action}."
RECOVERY = "That action was not valid: it requires that {fact}, which does not hold now. "
RECOVERY_UNNAMED = "That action was not valid: its requirements do not hold now. "


@dataclass(frozen=True)
class Negative:
    """The invalid action at ``step``: its text and thought, the feedback, and the recovery's opening."""

    step: int
    action: str
    thought: str
    feedback: str
    recovery: str


def negative_step(task_id: str, n_steps: int) -> int:
    """The step of ``task_id`` that gets the invalid action (``n_steps`` must be positive)."""
    return stable_index(n_steps, task_id, "negative")


def try_invalid(env: TextEnv, gold_op: int, task_id: str, step: int) -> Negative | None:
    """Step ``env`` with an invalid action (the state stays as it is); None when every action applies."""
    task, templates = env.task, env.templates
    ok = task.applicable(env.state)[0]
    blocked = np.flatnonzero(~ok & task.action_mask).tolist()
    gold_action = task.actions[gold_op].action
    same = [op for op in blocked if task.actions[op].action == gold_action]
    others = [op for op in blocked if task.actions[op].action != gold_action]
    for pool in (same, others):
        start = stable_index(len(pool), task_id, step, "invalid") if pool else 0
        for op in pool[start:] + pool[:start]:
            text = templates.action(*task.actions[op])
            if any(ok[o] for reading in env.reader.read(text) for o in env.ops.get(reading, ())):
                continue  # the same text also names an applicable operator: not a mistake
            feedback = env.step(text).observation
            phrase = text[:1].lower() + text[1:]
            return Negative(step, text, INVALID_THOUGHT.format(action=phrase), feedback, _recovery(env, op))
    return None


def _recovery(env: TextEnv, op: int) -> str:
    """Name the first unmet condition of ``op`` in the current state, when templates can say it."""
    task, state = env.task, env.state[0]
    unmet = [(int(f), True) for f in task.pre_idx[op] if not state[f]]
    unmet += [(int(f), False) for f in task.neg_idx[op] if state[f]]
    for fact, positive in unmet:
        if fact < task.n_facts and task.facts[fact].predicate in env.templates.predicates:
            words = env.templates.fact if positive else env.templates.negated_fact
            return RECOVERY.format(fact=in_sentence(words(*task.facts[fact])))
    return RECOVERY_UNNAMED
