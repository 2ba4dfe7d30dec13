"""``agentgen-sym equiv``: whether two domains, or two problems of one domain, mean the same thing.

``equiv_domains(a, b, problems, budget)`` and ``equiv_problems(domain, p, q, budget)`` return a ``Verdict``:
equivalent (with the renaming), not equivalent (with a counterexample our validator confirms on both sides),
or unknown within the budget (with what was checked). Budgets count work, not seconds.
"""

from agentgen_sym.compiler.lazy import lazy_names

__getattr__, __dir__ = lazy_names(__name__, {
    "agentgen_sym.equiv.domains": ("equiv_domains",),
    "agentgen_sym.equiv.mapping": ("ActionMatch", "Mapping"),
    "agentgen_sym.equiv.problems": ("equiv_problems",),
    "agentgen_sym.equiv.verdict": ("Counterexample", "EquivBudget", "Kind", "Verdict"),
})
del lazy_names

__all__ = ["ActionMatch", "Counterexample", "EquivBudget", "Kind", "Mapping", "Verdict", "equiv_domains",
           "equiv_problems"]
