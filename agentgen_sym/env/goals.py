"""Goal conditions as an agent sees them: the top-level conjuncts of the problem's goal.

AgentBoard's progress rate is the fraction of goal conditions that hold, so conditions
are kept per conjunct rather than as the grounder's single compiled goal fact. A literal
is read from one bit of the state (static atoms, which the grounder drops, from the TRUE
or FALSE sentinel); any other conjunct (``or``, ``forall``, ...) counts as satisfied only
when the whole goal is.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import conjuncts
from agentgen_sym.compiler.compile import CompiledTask
from agentgen_sym.compiler.printer import expr
from agentgen_sym.compiler.task import GroundAtom
from agentgen_sym.wording.templates import Templates


@dataclass(frozen=True)
class GoalCondition:
    """One goal conjunct: its text and how to read it (``fact`` None: holds with the whole goal)."""

    text: str
    fact: int | None
    positive: bool = True

    def holds(self, state: np.ndarray, goal_reached: bool) -> bool:
        """``state`` is one unpacked state, ``bool[n_bits]``."""
        if self.fact is None:
            return goal_reached
        return bool(state[self.fact]) == self.positive


def goal_conditions(task: CompiledTask, templates: Templates) -> list[GoalCondition]:
    ground = task.ground
    out = []
    for part in conjuncts(task.problem.goal):
        atom, positive = (part.arg, False) if isinstance(part, ast.Not) else (part, True)
        if not isinstance(atom, ast.Atom):
            out.append(GoalCondition(expr(part), None))
            continue
        fact = GroundAtom(atom.predicate, tuple(a.name for a in atom.args))
        index = ground.fact_ids.get(fact, ground.true_fact if fact in task.static else ground.false_fact)
        text = templates.fact(*fact) if positive else templates.negated_fact(*fact)
        out.append(GoalCondition(text, index, positive))
    return out
