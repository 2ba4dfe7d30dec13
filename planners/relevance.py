"""Backward relevance: operators that can never help reach the goal, removed before search.

A fact is relevant when it is a goal or a precondition (or effect condition) of a relevant
operator; an operator is relevant when one of its effects adds a relevant fact (axioms pass
relevance from their head to their body). An add of one of the effect's own conditions does not
count: the fact is true before and after (adds win over deletes), so it changes no state (rovers'
communicate actions delete and re-add ``channel_free`` and ``available``: they were all kept,
832 image communications on p09 where Fast Downward, whose translator drops such effects, keeps
208). Without negative conditions dropping the other operators keeps every plan: a plan's
relevant operators alone still reach every relevant fact, since the dropped ones only add
irrelevant facts (or re-add facts already true) and only their deletes are lost. Fast Downward's
translator prunes the same way; on trucks it removes about 90% of the operators.

Axioms are pruned whatever the conditions: one whose derived fact no operator, effect, goal or
kept axiom reads, positively or negatively, changes nothing the search sees. Domains with
recursive derived predicates ground many of them: psr-middle p08 reads 481 of its 3,937 axioms
(Fast Downward's translator keeps 486), and each state's derivation and relaxed exploration
touched all of them.
"""

from __future__ import annotations

import numpy as np

from agentgen_sym.compiler.limits import checkpoint
from agentgen_sym.planners.relaxed import relax, relax_from_parent
from agentgen_sym.compiler.task import GroundTask


def relevant_operators(task: GroundTask) -> np.ndarray | None:
    """``bool[n_ops]``, or None where the argument above does not hold (negative conditions:
    then a delete can matter)."""
    if task.has_negative_preconditions or (task.ax_neg_idx != task.false_fact).any():
        return None
    rt = relax(task)
    relevant = np.zeros(rt.n_bits, dtype=bool)
    relevant[rt.goal_idx] = True
    owner = np.repeat(np.arange(rt.n_rel), rt.add_stop - rt.add_start)
    changes = (rt.pre_idx[owner] != rt.add_fact[:, None]).all(axis=1)  # not a re-add of a condition
    owner, added = owner[changes], rt.add_fact[changes]
    chosen = np.zeros(rt.n_rel, dtype=bool)
    while True:
        checkpoint("analysing relevance", heavy=True)
        adds_relevant = np.zeros(rt.n_rel, dtype=bool)
        adds_relevant[owner[relevant[added]]] = True
        if (adds_relevant == chosen).all():
            break
        chosen = adds_relevant
        relevant[rt.pre_idx[chosen].reshape(-1)] = True
    keep = np.zeros(task.n_ops, dtype=bool)
    keep[rt.op_idx[chosen & (rt.op_idx >= 0)]] = True
    return keep


def relevant_axioms(task: GroundTask) -> np.ndarray:
    """``bool[n_axioms]``: the axioms whose derived fact an operator, effect condition, the goal or
    another relevant axiom reads (the sentinels read by padding are never derived)."""
    read = np.zeros(task.n_bits, dtype=bool)
    for facts in (task.goal_idx, task.pre_idx, task.neg_idx, task.ce_pre_idx, task.ce_neg_idx):
        read[facts.reshape(-1)] = True
    keep = np.zeros(task.n_axioms, dtype=bool)
    while True:
        checkpoint("analysing relevance", heavy=True)
        reached = read[task.ax_head]
        if (reached == keep).all():
            return keep
        keep = reached
        read[task.ax_pre_idx[keep].reshape(-1)] = True
        read[task.ax_neg_idx[keep].reshape(-1)] = True


def relevant_task(task: GroundTask) -> tuple[GroundTask, np.ndarray | None]:
    """``task`` without its irrelevant operators and axioms, and the ids in ``task`` of the operators
    it keeps (None where it keeps them all, in the same ids)."""
    keep = relevant_operators(task)
    ops = None if keep is None or keep.all() else np.flatnonzero(keep)
    pruned = task if ops is None else task.restricted(keep)
    axioms = relevant_axioms(pruned)
    kept = pruned if axioms.all() else pruned.with_axioms(axioms)
    if kept is not task:
        relax_from_parent(task, kept, ops, axioms)
    return kept, ops
