"""Domain equivalence: the structural match first (a renaming, proof of equivalence), then, when there is none,
the behavioural comparison under the best partial mapping, whose counterexample proves the difference."""

from __future__ import annotations

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.limits import Budget
from agentgen_sym.equiv.behaviour import compare
from agentgen_sym.equiv.structure import match_domains
from agentgen_sym.equiv.verdict import EquivBudget, Kind, Verdict, bounded


def equiv_domains(a: ast.Domain, b: ast.Domain, problems: tuple[ast.Problem, ...] = (),
                  budget: EquivBudget = EquivBudget(), limits: Budget | None = None) -> Verdict:
    """Whether ``b`` is ``a`` up to a consistent renaming of types, predicates (and their argument order), actions
    (and their parameters' order) and constants. ``problems`` (in ``a``'s names) are where behaviour is compared
    when the structural search proved no renaming exists; without them small problems are generated. A search
    that runs out of ``budget``, or reaches the deadline or memory limit of ``limits``, answers "unknown"."""
    return bounded("domains", limits, lambda checked: _equiv_domains(a, b, tuple(problems), budget, checked))


def _equiv_domains(a: ast.Domain, b: ast.Domain, problems: tuple[ast.Problem, ...], budget: EquivBudget,
                   checked: dict[str, object]) -> Verdict:
    structural = match_domains(a, b, budget.nodes)
    checked |= {"structural_pairs": structural.searched, "structural_decided": structural.decided}
    if structural.isomorphic:
        return Verdict(Kind.EQUIVALENT, "domains", structural.mapping,
                       reason="a consistent renaming makes one domain into the other", checked=checked)
    if not structural.decided:  # a difference under a partial renaming proves nothing while a full one may exist
        return Verdict(Kind.UNKNOWN, "domains", structural.mapping, checked=checked,
                       reason=f"the search for a renaming stopped after {structural.searched} search nodes (the "
                              "budget): without it finished, no difference in behaviour proves the domains differ")
    outcome = compare(a, b, structural.mapping, tuple(problems), budget)
    checked |= {"states": outcome.states, "problems": outcome.problems,
                "problems_given": bool(problems), "exhaustive": outcome.exhaustive}
    found = outcome.counterexamples or ([outcome.priced_apart] if outcome.priced_apart else [])
    if found:  # a difference in what plans are valid, else the same plans at different costs
        where = tuple(_span(b, c.plan_b.steps[-1].action) or _span(a, c.plan_a.steps[-1].action) for c in found)
        checked["differences"] = len(found)
        return Verdict(Kind.NOT_EQUIVALENT, "domains", structural.mapping, tuple(found), reason=found[0].reason,
                       checked=checked, where=where)
    if outcome.stopped:
        return Verdict(Kind.UNKNOWN, "domains", structural.mapping, checked=checked,
                       reason=f"no renaming makes them identical in form, and the comparison of their behaviour "
                              f"stopped after {outcome.states} states: {outcome.stopped}")
    where = (f"every reachable state of the {outcome.problems} given problem(s)" if outcome.exhaustive
             else f"{outcome.states} states of {outcome.problems} " + ("given" if problems else "generated")
             + " problem(s)")
    return Verdict(Kind.UNKNOWN, "domains", structural.mapping,
                   reason=f"no renaming makes them identical in form, but they behave alike on {where}",
                   checked=checked)


def _span(domain: ast.Domain, action: str) -> ast.Span | None:
    return next((x.span for x in domain.actions if x.name == action), None)
