"""Cross-checks against independent readers: what we parse, `pddl` and unified-planning parse alike.

For each benchmark pair we compare types, constants, predicates with arity, actions with
parameter counts, objects, initial facts and goal atoms, wherever the other reader succeeds
(each fails on some real files: that is data, not a test failure).
"""

from __future__ import annotations

from collections import Counter

import pytest

from agentgen_sym import parse_domain, parse_problem
from agentgen_sym.compiler import ast

from .conftest import benchmark_tasks, requires_benchmarks, requires_extra

pddl_domain = requires_extra("pddl.parser.domain")
pddl_problem = requires_extra("pddl.parser.problem")


def our_goal_atoms(formula) -> Counter:
    """(predicate, args) of every atom in a goal, equality excluded."""
    found: Counter = Counter()

    def walk(node) -> None:
        if isinstance(node, ast.Atom):
            found[(node.predicate, tuple(a.name for a in node.args))] += 1
        elif isinstance(node, (ast.And, ast.Or)):
            for part in node.parts:
                walk(part)
        elif isinstance(node, ast.Not):
            walk(node.arg)
        elif isinstance(node, ast.Imply):
            walk(node.condition)
            walk(node.consequence)
        elif isinstance(node, (ast.Exists, ast.Forall)):
            walk(node.body)

    walk(formula)
    return found


def pddl_goal_atoms(formula) -> Counter:
    from pddl.logic.predicates import Predicate

    found: Counter = Counter()

    def walk(node) -> None:
        if isinstance(node, Predicate):
            found[(node.name.lower(), tuple(str(t.name).lower() for t in node.terms))] += 1
            return
        for attribute in ("operands", "argument", "condition", "_operands", "_arg", "_condition"):
            child = getattr(node, attribute, None)
            if child is None:
                continue
            for item in (child if isinstance(child, (list, tuple, frozenset, set)) else [child]):
                walk(item)
            return

    walk(formula)
    return found


_DOMAIN_PARSER = None
_PROBLEM_PARSER = None


def _pddl_read(task):
    global _DOMAIN_PARSER, _PROBLEM_PARSER
    _DOMAIN_PARSER = _DOMAIN_PARSER or pddl_domain.DomainParser()
    _PROBLEM_PARSER = _PROBLEM_PARSER or pddl_problem.ProblemParser()
    try:
        return (_DOMAIN_PARSER(task.domain_file.read_text()), _PROBLEM_PARSER(task.problem_file.read_text()))
    except Exception as exc:  # the oracle fails on some real files; skip those
        pytest.skip(f"pddl cannot read it: {type(exc).__name__}")


@requires_benchmarks
@pytest.mark.parametrize("task", benchmark_tasks(), ids=lambda t: t.id)
def test_counts_agree_with_pddl_package(task):
    their_domain, their_problem = _pddl_read(task)
    domain, problem = parse_domain(task.domain_file), parse_problem(task.problem_file)

    assert {t.name for t in domain.types} - {"object"} == {str(t).lower() for t in their_domain.types} - {"object"}
    assert {c.name for c in domain.constants} == {c.name.lower() for c in their_domain.constants}
    assert Counter((p.name, len(p.parameters)) for p in domain.predicates) == \
        Counter((p.name.lower(), p.arity) for p in their_domain.predicates)
    assert Counter((a.name, len(a.parameters)) for a in domain.actions) == \
        Counter((a.name.lower(), len(a.parameters)) for a in their_domain.actions)
    assert {o.name for o in problem.objects} == {o.name.lower() for o in their_problem.objects}
    ours_init = {(f.predicate, tuple(a.name for a in f.args)) for f in problem.init if isinstance(f, ast.Atom)}
    theirs_init = {(f.name.lower(), tuple(t.name.lower() for t in f.terms))
                   for f in their_problem.init if hasattr(f, "terms") and type(f).__name__ == "Predicate"}
    assert ours_init == theirs_init
    assert set(our_goal_atoms(problem.goal)) == set(pddl_goal_atoms(their_problem.goal))


def _one_task_per_domain():
    seen: dict[str, object] = {}
    for task in benchmark_tasks():
        seen.setdefault(task.domain, task)
    return list(seen.values())


@requires_benchmarks
@pytest.mark.slow
@pytest.mark.parametrize("task", _one_task_per_domain(), ids=lambda t: t.id)
def test_counts_agree_with_unified_planning(task):
    shortcuts = requires_extra("unified_planning.shortcuts")
    from unified_planning.io import PDDLReader

    shortcuts.get_environment().credits_stream = None
    try:
        theirs = PDDLReader().parse_problem(str(task.domain_file), str(task.problem_file))
    except Exception as exc:
        pytest.skip(f"unified-planning cannot read it: {type(exc).__name__}")
    domain, problem = parse_domain(task.domain_file), parse_problem(task.problem_file)

    assert len(theirs.actions) == len(domain.actions)
    assert sorted(len(a.parameters) for a in theirs.actions) == sorted(len(a.parameters) for a in domain.actions)
    boolean = [f for f in theirs.fluents if f.type.is_bool_type()]
    assert sorted(f.arity for f in boolean) == sorted(len(p.parameters) for p in domain.predicates)
    assert len(theirs.all_objects) == len({o.name for o in problem.objects} | {c.name for c in domain.constants})
    true_facts = [k for k, v in theirs.explicit_initial_values.items() if v.is_bool_constant() and v.bool_constant_value()]
    assert len(true_facts) == len({(f.predicate, tuple(a.name for a in f.args))
                                    for f in problem.init if isinstance(f, ast.Atom)})
