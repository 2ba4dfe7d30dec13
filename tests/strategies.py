"""Hypothesis strategies for ASTs the parser can produce (shared by property tests).

They respect the AST's invariants: names are lower case and not keywords, untyped names
come last in a typed list, the only numeric effect is ``(increase (total-cost) ...)``.
"""

from __future__ import annotations

from hypothesis import strategies as st

from agentgen_sym.compiler import ast

KEYWORDS = {"and", "or", "not", "imply", "exists", "forall", "when", "either", "increase", "decrease", "assign",
            "scale-up", "scale-down", "preference", "define", "domain", "problem", "minimize", "maximize"}

names = st.from_regex(r"[a-z][a-z0-9_-]{0,7}", fullmatch=True).filter(lambda n: n not in KEYWORDS)
variables = st.builds(ast.Variable, names)
constants = st.builds(ast.Constant, names)
terms = st.one_of(variables, constants)
type_specs = st.one_of(names.map(lambda n: (n,)), st.lists(names, min_size=2, max_size=3).map(tuple))


@st.composite
def typed_lists(draw, max_size: int = 4) -> tuple[ast.TypedName, ...]:
    typed = draw(st.lists(st.builds(ast.TypedName, names, type_specs), max_size=max_size))
    untyped = draw(st.lists(st.builds(ast.TypedName, names), max_size=2))
    return tuple(typed + untyped)


atoms = st.builds(ast.Atom, names, st.lists(terms, max_size=3).map(tuple))
equalities = st.builds(ast.Equals, terms, terms)


def formulas(max_leaves: int = 6):
    def extend(children):
        parts = st.lists(children, max_size=3).map(tuple)
        return st.one_of(
            st.builds(ast.And, parts), st.builds(ast.Or, parts), st.builds(ast.Not, children),
            st.builds(ast.Imply, children, children),
            st.builds(ast.Exists, typed_lists(2), children), st.builds(ast.Forall, typed_lists(2), children))
    return st.recursive(st.one_of(atoms, equalities), extend, max_leaves=max_leaves)


numbers = st.one_of(st.integers(0, 10**6), st.integers(0, 10**5).map(lambda n: n / 100)).map(ast.Number)
function_terms = st.builds(ast.FunctionTerm, names, st.lists(terms, max_size=2).map(tuple))
numeric_exprs = st.recursive(
    st.one_of(numbers, function_terms),
    lambda children: st.builds(ast.ArithmeticExpr, st.sampled_from("+-*/"), st.lists(children, min_size=1,
                                                                                     max_size=2).map(tuple)),
    max_leaves=4)
literals = st.one_of(atoms, atoms.map(ast.Not))
increases = st.builds(ast.Increase, st.just(ast.FunctionTerm("total-cost")), numeric_exprs)


def effects(max_leaves: int = 6):
    def extend(children):
        return st.one_of(st.builds(ast.AndEffect, st.lists(children, max_size=3).map(tuple)),
                         st.builds(ast.ForallEffect, typed_lists(2), children),
                         st.builds(ast.When, formulas(3), children))
    return st.recursive(st.one_of(literals, increases), extend, max_leaves=max_leaves)


actions = st.builds(ast.ActionSchema, names, typed_lists(), st.none() | formulas(), st.none() | effects())
predicates = st.builds(ast.Predicate, names, typed_lists())
requirements = st.lists(st.sampled_from([":strips", ":typing", ":negative-preconditions", ":equality", ":adl",
                                         ":conditional-effects", ":derived-predicates", ":action-costs"]),
                        max_size=4, unique=True).map(tuple)

domains = st.builds(
    ast.Domain, names, requirements, typed_lists(), typed_lists(),
    st.lists(predicates, max_size=4).map(tuple),
    st.lists(st.builds(ast.FunctionDecl, names, typed_lists(2)), max_size=2).map(tuple),
    st.lists(actions, max_size=3).map(tuple),
    st.lists(st.builds(ast.DerivedPredicate, names, typed_lists(2), formulas(4)), max_size=2).map(tuple))

ground_atoms = st.builds(ast.Atom, names, st.lists(constants, max_size=3).map(tuple))
function_values = st.builds(ast.FunctionValue, st.builds(ast.FunctionTerm, names, st.lists(constants, max_size=2)
                                                         .map(tuple)), numbers)
problems = st.builds(
    ast.Problem, names, names, requirements, typed_lists(6),
    st.lists(st.one_of(ground_atoms, function_values), max_size=8).map(tuple), formulas(),
    st.none() | st.builds(ast.Metric, st.sampled_from(["minimize", "maximize"]), numeric_exprs))

plans = st.builds(ast.Plan, st.lists(st.builds(ast.PlanStep, names, st.lists(names, max_size=3).map(tuple)),
                                     max_size=6).map(tuple),
                  st.none() | st.integers(0, 1000))
