"""``agentgen-sym equiv``: whether two domains, or two problems of one domain, mean the same thing.

``equiv_domains(a, b, problems, budget)`` and ``equiv_problems(domain, p, q, budget)`` return a ``Verdict``:
equivalent (with the renaming), not equivalent (with a counterexample our validator confirms on both sides),
or unknown within the budget (with what was checked). Budgets count work, not seconds.
"""

from agentgen_sym.equiv.domains import equiv_domains
from agentgen_sym.equiv.mapping import ActionMatch, Mapping
from agentgen_sym.equiv.problems import equiv_problems
from agentgen_sym.equiv.verdict import Counterexample, EquivBudget, Kind, Verdict

__all__ = ["ActionMatch", "Counterexample", "EquivBudget", "Kind", "Mapping", "Verdict", "equiv_domains",
           "equiv_problems"]
