"""The ground truth of one mutated action, by brute force: whether it behaves differently from the original in some
well-typed state over a few objects of each type. Its judgement is independent of `agentgen_sym.equiv` (it only
replays single steps with the validator's ``Stepper``; it takes no more from equiv than the objects of a generated
problem and the ``Mapping`` that carries names across), so the verdicts of ``equiv`` can be judged against it."""

from __future__ import annotations

from itertools import product

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.types import ROOT, TypeHierarchy
from agentgen_sym.compiler.validate import Stepper
from agentgen_sym.equiv.behaviour import generated_problem
from agentgen_sym.equiv.mapping import Mapping

MAX_ATOMS = 9
"""Ground atoms one binding of the action may mention for its 2^n states to be tried."""
MAX_BINDINGS = 48
"""Bindings of the action's parameters over the objects past which it is not judged (None)."""


def _atoms(node: object, binding: dict[str, str], out: set) -> bool:
    """Collect the ground atoms of ``node`` under ``binding``; False when it has a quantifier or a free variable."""
    if isinstance(node, (ast.Forall, ast.Exists, ast.ForallEffect)):
        return False
    if isinstance(node, ast.Atom):
        args = []
        for t in node.args:
            if isinstance(t, ast.Variable):
                if t.name not in binding:
                    return False
                args.append(binding[t.name])
            else:
                args.append(t.name)
        out.add((node.predicate, tuple(args)))
        return True
    if isinstance(node, tuple):
        return all(_atoms(x, binding, out) for x in node)
    if hasattr(node, "__dataclass_fields__"):
        return all(_atoms(getattr(node, f), binding, out) for f in node.__dataclass_fields__ if f != "span")
    return True


def _well_typed(domain: ast.Domain, problem: ast.Problem):
    """Whether a fact is one a problem of ``domain`` may state: a declared, not derived predicate, arguments of its
    declared types."""
    hierarchy = TypeHierarchy.of(domain)
    typed = {c.name: c.types for c in domain.constants} | {o.name: o.types for o in problem.objects}
    declared = {p.name: p.parameters for p in domain.predicates}
    return lambda fact: fact[0] in declared and len(fact[1]) == len(declared[fact[0]]) and all(
        any(o in hierarchy.objects_of(t, typed) for t in (q.types or (ROOT,)))
        for o, q in zip(fact[1], declared[fact[0]]))


def changes_meaning(a: ast.Domain, b: ast.Domain, action: str, mapping: Mapping = Mapping()) -> bool | None:
    """True when action ``action`` of ``a`` and its counterpart in ``b`` under ``mapping`` (absent: deleted) part in
    some state a problem of both may state; False when they agree in every such state over the small object set;
    None when too large or not plain enough to enumerate."""
    x = next(s for s in a.actions if s.name == action)
    match = mapping.actions.get(action)
    y = next((s for s in b.actions if s.name == (match.name if match else action)), None)
    if a.derived or b.derived or (y is not None and len(x.parameters) != len(y.parameters)):
        return None
    problem = generated_problem(a, 2 if a.types else 3)  # the objects only: every fluent valued, no state
    problem_b = mapping.problem(problem, b.name)
    hierarchy = TypeHierarchy.of(a)
    typed = {c.name: c.types for c in a.constants} | {o.name: o.types for o in problem.objects}
    fits_a, fits_b = _well_typed(a, problem), _well_typed(b, problem_b)
    step_a, step_b = Stepper(a, problem), Stepper(b, problem_b)
    choices = [[o for t in (p.types or (ROOT,)) for o in hierarchy.objects_of(t, typed)] for p in x.parameters]
    bindings = list(product(*choices))
    if len(bindings) > MAX_BINDINGS:
        return None
    back = mapping.inverse()
    for args in bindings:
        step = ast.PlanStep(action, tuple(args))
        binding = {p.name: o for p, o in zip(x.parameters, args)}
        atoms: set = set()
        if not (_atoms(x.precondition, binding, atoms) and _atoms(x.effect, binding, atoms)):
            return None
        if y is not None:
            moved = mapping.step(step)
            found: set = set()
            if not (_atoms(y.precondition, dict(zip((p.name for p in y.parameters), moved.args)), found)
                    and _atoms(y.effect, dict(zip((p.name for p in y.parameters), moved.args)), found)):
                return None
            atoms |= {back.fact(f) for f in found}
        atoms = sorted(f for f in atoms if fits_a(f) and fits_b(mapping.fact(f)))
        if len(atoms) > MAX_ATOMS:
            return None
        for bits in product((False, True), repeat=len(atoms)):
            state = frozenset(f for f, on in zip(atoms, bits) if on)
            after_a, _ = step_a.apply(step, state)
            after_b = step_b.apply(mapping.step(step), frozenset(map(mapping.fact, state)))[0] if y else None
            if (after_a is None) != (after_b is None) or (
                    after_a is not None and frozenset(map(mapping.fact, after_a)) != after_b):
                return True
    return False
