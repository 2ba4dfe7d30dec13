"""Drafting K candidate domains and keeping the one most of them agree on: candidates are grouped by meaning
(``agentgen_sym.equiv``: the same up to a consistent renaming, or the same behaviour), and the largest group wins,
its first candidate kept (ties go to the group drafted first). Independent drafts that agree are more likely to
mean what the text says than any one of them."""

from __future__ import annotations

from collections.abc import Sequence

from agentgen_sym.compiler import ast
from agentgen_sym.equiv import EquivBudget, Kind, equiv_domains

CANDIDATE_TEMPERATURE = 0.8
"""Sampling temperature of the candidates when the endpoint's own is 0: K drafts at temperature 0 are one draft."""


def group_by_meaning(domains: Sequence[ast.Domain], budget: EquivBudget = EquivBudget()
                     ) -> tuple[list[list[int]], list[str]]:
    """Indices of ``domains`` grouped by equivalence, each compared with every group's first member in turn; and a
    note for each pair the budget left undecided (kept apart: only a proved equivalence joins a group)."""
    groups: list[list[int]] = []
    notes: list[str] = []
    for i, domain in enumerate(domains):
        for group in groups:
            verdict = equiv_domains(domains[group[0]], domain, (), budget)
            if verdict.kind is Kind.EQUIVALENT:
                group.append(i)
                break
            if verdict.kind is Kind.UNKNOWN:
                notes.append(f"candidates {group[0] + 1} and {i + 1} undecided: {verdict.reason}")
        else:
            groups.append([i])
    return groups, notes


def largest(groups: list[list[int]]) -> list[int]:
    """The group most candidates agree on; the first drafted among equals."""
    return max(groups, key=len)
