"""Problem equivalence over one domain, as Planetarium defines it: the initial states equal up to a renaming of
objects, and the goals holding in the same reachable states.

Two ways, the cheap one first. In form: each goal completed with what the domain implies, and one renaming of
objects making the initial states and goals agree. By the states: when that fails, every reachable state of both
problems (within the budget), each goal completed with the literals true in all its reachable goal states, so
goals padded with facts they imply still agree; when no renaming makes those agree either, the shortest plan that
reaches one goal and not the other is the counterexample.

Completion in form is generic, from the domain alone: a fact true initially whose predicate no action deletes holds in
every state, so in every goal state; and a fact that a state invariant (``compiler/invariants.py``) proves
exclusive with a positive goal fact is false in every goal state (``(on a b)`` rules out ``(holding a)``).
The renaming is an isomorphism of two labelled graphs (objects, initial facts, completed goal literals).
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, fields, replace
from itertools import product

import networkx as nx

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import changed_predicates, conjuncts
from agentgen_sym.compiler.invariants import Invariants
from agentgen_sym.compiler.limits import Budget, checkpoint, inherited
from agentgen_sym.compiler.printer import expr, ground_call
from agentgen_sym.compiler.types import ROOT, TypeHierarchy
from agentgen_sym.compiler.validate import Fact, State, Stepper, validate
from agentgen_sym.equiv.mapping import Mapping
from agentgen_sym.equiv.structure import isomorphism
from agentgen_sym.equiv.verdict import Counterexample, EquivBudget, Kind, Verdict, bounded

Literal = tuple[bool, Fact]
WORK_PER_STATE = 100
"""Units of the validator's work (bindings, axiom instances, quantifier instances it tries) one reachable state may
cost on average: ``--states`` bounds the states, this their cost, so a domain whose every state derives thousands
of facts stops as early in time as a plain one."""


def _facts(items) -> set[Fact]:
    return {(a.predicate, tuple(t.name for t in a.args)) for a in items if isinstance(a, ast.Atom)}


def _literal(part: ast.Formula) -> Literal | None:
    positive = not isinstance(part, ast.Not)
    atom = part if positive else part.arg
    if not isinstance(atom, ast.Atom) or not all(isinstance(t, ast.Constant) for t in atom.args):
        return None
    return positive, (atom.predicate, tuple(t.name for t in atom.args))


def completed_goal(domain: ast.Domain, problem: ast.Problem, invariants: Invariants) -> frozenset[Literal]:
    """The goal's ground literals plus those the domain implies (its other conjuncts, quantified or disjunctive,
    are compared as written, up to the objects they name)."""
    literals = {lit for part in conjuncts(problem.goal) if (lit := _literal(part)) is not None}
    added, deleted = changed_predicates(domain)
    init = _facts(problem.init)
    literals |= {(True, f) for f in init if f[0] not in deleted}
    hierarchy = TypeHierarchy.of(domain)
    objects = {c.name: c.types for c in domain.constants} | {o.name: o.types for o in problem.objects}
    goals_of: dict[str, list[Fact]] = {}
    for positive, fact in sorted(literals):
        if positive:
            for arg in set(fact[1]):
                goals_of.setdefault(arg, []).append(fact)
    proved: dict[tuple, bool] = {}
    for p in domain.predicates:
        if p.name not in added:
            continue  # never true unless true initially: the initial states say it
        domains = [[o for t in (q.types or (ROOT,)) for o in hierarchy.objects_of(t, objects)] for q in p.parameters]
        for args in product(*domains):
            checkpoint("completing the goals")
            fact = (p.name, args)
            if (True, fact) in literals:
                continue
            for g in {g for arg in set(args) for g in goals_of.get(arg, ())}:
                pattern = _pattern(g, fact)
                if pattern not in proved:
                    proved[pattern] = invariants.exclusive(*pattern)
                if proved[pattern]:
                    literals.add((False, fact))
                    break
    return frozenset(literals)


def _pattern(first: Fact, second: Fact) -> tuple:
    """Two ground facts as lifted atoms with the same equalities between arguments: an exclusion proof reads no
    more than that, so one proof serves every pair of facts of the pattern."""
    names: dict[str, str] = {}
    lift = lambda fact: (fact[0], tuple(names.setdefault(a, f"?v{len(names)}") for a in fact[1]))
    return lift(first), lift(second)


def _graph(domain: ast.Domain, problem: ast.Problem, goal: frozenset[Literal], written: bool = True) -> nx.DiGraph:
    """Objects, initial facts, the ``goal`` literals and (``written``) the goal's other conjuncts as written,
    labelled by what they are and never by an object's name (a domain constant keeps its name: it is the same
    object in both)."""
    g = nx.DiGraph()
    constants = {c.name for c in domain.constants}
    for o in problem.objects:
        g.add_node(("obj", o.name), label="obj:" + ",".join(sorted(o.types)))
    for c in constants:
        g.add_node(("obj", c), label="const:" + c)

    def fact_node(section: str, fact: Fact) -> None:
        node = (section, fact)
        g.add_node(node, label=f"{section}:{fact[0]}")
        for i, arg in enumerate(fact[1]):
            if ("obj", arg) not in g:
                g.add_node(("obj", arg), label="obj:?")
            g.add_edge(node, ("obj", arg), label=f"arg{i}")

    for fact in _facts(problem.init):
        fact_node("init", fact)
    for item in problem.init:  # numeric values (costs): a renaming must keep them
        if isinstance(item, ast.FunctionValue):
            fact_node(f"value={item.value.value}", (item.function.name, tuple(a.name for a in item.function.args)))
    if problem.metric is not None:
        g.add_node(("metric",), label=f"metric:{problem.metric.direction}:{expr(problem.metric.expression)}")
    for positive, fact in goal:
        fact_node("goal" if positive else "goal-not", fact)
    for i, part in enumerate(p for p in conjuncts(problem.goal if written else None) if _literal(p) is None):
        named: list[str] = []
        text = expr(_placeholders(part, named))
        node = ("goal-formula", i)
        g.add_node(node, label="goal-formula:" + text)
        for k, name in enumerate(named):
            if ("obj", name) not in g:
                g.add_node(("obj", name), label="obj:?")
            g.add_edge(node, ("obj", name), label=f"arg{k}")
    return g


def _placeholders(node, named: list[str]):
    """``node`` with each object it names replaced by ``#k``, k its place in ``named`` (filled on the way)."""
    if isinstance(node, ast.Constant):
        if node.name not in named:
            named.append(node.name)
        return ast.Constant(f"#{named.index(node.name)}")
    if isinstance(node, tuple):
        return tuple(_placeholders(x, named) for x in node)
    if isinstance(node, (ast.Atom, ast.Equals, ast.Not, ast.And, ast.Or, ast.Imply, ast.Exists, ast.Forall)):
        return replace(node, **{f.name: _placeholders(getattr(node, f.name), named) for f in fields(node)
                                if f.name != "span"})
    return node


def equiv_problems(domain: ast.Domain, p: ast.Problem, q: ast.Problem, budget: EquivBudget = EquivBudget(),
                   limits: Budget | None = None) -> Verdict:
    """Whether ``p`` and ``q`` (over ``domain``) are the same task up to renaming objects.

    First in form: the goals completed with what the domain implies, one renaming of objects making the initial
    states and goals agree. Failing that, by their reachable states, as Planetarium defines equivalence: the
    initial states must agree up to a renaming, and the goal states then must be the same states; a goal is
    completed with every literal that holds in all of its reachable goal states, so goals that differ only by
    facts they imply agree, and two that differ come with a plan reaching one goal and not the other. Running out
    of ``budget``, or reaching the deadline or memory limit of ``limits``, answers "unknown"."""
    return bounded("problems", limits, lambda checked: _equiv_problems(domain, p, q, budget, checked))


def _equiv_problems(domain: ast.Domain, p: ast.Problem, q: ast.Problem, budget: EquivBudget,
                    checked: dict[str, object]) -> Verdict:
    invariants = Invariants(domain)
    goal_p, goal_q = completed_goal(domain, p, invariants), completed_goal(domain, q, invariants)
    implied = lambda problem, goal: len(goal) - len({lit for c in conjuncts(problem.goal) if (lit := _literal(c))})
    checked |= {"objects": len(p.objects), "implied_goal_literals": [implied(p, goal_p), implied(q, goal_q)]}
    search = _Search(budget.nodes, checked)
    iso = search.renaming(_graph(domain, p, goal_p), _graph(domain, q, goal_q))
    if iso is not None:
        return _equivalent(iso, checked, "the same task up to renaming objects")
    if not search.decided:
        return search.unknown()
    start_p, start_q = _graph(domain, p, frozenset(), written=False), _graph(domain, q, frozenset(), written=False)
    start = search.renaming(start_p, start_q)
    if start is None:
        return search.unknown() if not search.decided else _difference(p, start_p, start_q, checked)
    reached_p = _reachable(domain, p, budget.states)
    reached_q = None if reached_p is None else _reachable(domain, q, len(reached_p.parent))
    checked["states"] = [None if r is None else len(r.parent) for r in (reached_p, reached_q)]
    if reached_p is None or reached_q is None:
        return Verdict(Kind.UNKNOWN, "problems", None, checked=checked,
                       reason=f"the initial states agree up to a renaming of objects, but more than {budget.states} "
                              "states are reachable, or they cost more work than that many allow (the budget): the "
                              "goals' reachable states were not compared")
    iso = search.renaming(_graph(domain, p, reached_p.goal_literals(), written=False),
                          _graph(domain, q, reached_q.goal_literals(), written=False))
    if iso is not None and _same_goal_states(reached_p, reached_q, _objects(iso)):
        return _equivalent(iso, checked, "the same task up to renaming objects: the goals hold in the same reachable "
                                         "states, each completed with the facts true in all of them")
    if not search.decided or iso is not None:
        return search.unknown()
    return _parting_plan(domain, p, q, reached_p, reached_q, _objects(start), checked)


class _Search:
    """The renaming searches of one comparison, sharing the node budget; ``decided`` is False once it ran out."""

    def __init__(self, nodes: int, checked: dict[str, object]) -> None:
        self.left, self.checked, self.decided = nodes, checked, True
        checked["structural_pairs"] = 0

    def renaming(self, gp: nx.DiGraph, gq: nx.DiGraph) -> dict | None:
        iso, searched, self.decided = isomorphism(gp, gq, self.left)
        self.left -= searched
        self.checked["structural_pairs"] += searched
        return iso

    def unknown(self) -> Verdict:
        return Verdict(Kind.UNKNOWN, "problems", None, checked=self.checked,
                       reason=f"the search for a renaming of objects stopped after {self.checked['structural_pairs']}"
                              " search nodes (the budget)")


def _objects(iso: dict) -> dict[str, str]:
    return {n[1]: m[1] for n, m in iso.items() if n[0] == "obj"}


def _equivalent(iso: dict, checked: dict[str, object], reason: str) -> Verdict:
    return Verdict(Kind.EQUIVALENT, "problems", Mapping(constants=_objects(iso)), reason=reason, checked=checked)


@dataclass
class _Reached:
    """Every state reachable from a problem's initial state: each one's parent and the step from it (None for the
    initial state), breadth-first, so a path back is a shortest plan; ``goal``: the states where the goal holds."""

    parent: dict[State, tuple[State, ast.PlanStep] | None]
    goal: set[State]

    def goal_literals(self) -> frozenset[Literal]:
        """The literals true in every goal state (a fact false in all of them: one true in some reachable state);
        when no goal state is reachable, one marker literal that says so."""
        if not self.goal:
            return frozenset({(True, ("goal unreachable", ()))})
        held = frozenset.intersection(*self.goal)
        seen = frozenset().union(*self.parent)
        never = seen - frozenset().union(*self.goal)
        return frozenset({(True, f) for f in held} | {(False, f) for f in never})

    def plan(self, state: State) -> tuple[ast.PlanStep, ...]:
        steps = []
        while (link := self.parent[state]) is not None:
            state, step = link
            steps.append(step)
        return tuple(reversed(steps))


def _reachable(domain: ast.Domain, problem: ast.Problem, limit: int) -> _Reached | None:
    """The states reachable in ``problem``, None when there are more than ``limit`` or their steps, derived facts
    and goal tests take more than ``WORK_PER_STATE`` units of the validator's work per state allowed."""
    work = inherited()
    stepper = Stepper(domain, problem, work)
    init: State = frozenset(_facts(problem.init))
    parent: dict[State, tuple[State, ast.PlanStep] | None] = {init: None}
    queue = deque([init])
    while queue:
        if work.work > WORK_PER_STATE * limit:
            return None
        state = queue.popleft()
        checkpoint("comparing the problems' reachable states", heavy=True)
        for step in stepper.applicable(state):
            after, _ = stepper.apply(step, state)
            if after is not None and after not in parent:
                if len(parent) >= limit:
                    return None
                parent[after] = (state, step)
                queue.append(after)
    goal = {s for s in parent if stepper.satisfies(problem.goal, s)}
    return None if work.work > WORK_PER_STATE * limit else _Reached(parent, goal)


def _moved(state: State, renaming: dict[str, str]) -> State:
    return frozenset((f[0], tuple(renaming.get(a, a) for a in f[1])) for f in state)


def _same_goal_states(p: _Reached, q: _Reached, renaming: dict[str, str]) -> bool:
    return {_moved(s, renaming) for s in p.goal} == q.goal


def _parting_plan(domain: ast.Domain, p: ast.Problem, q: ast.Problem, reached_p: _Reached, reached_q: _Reached,
                  renaming: dict[str, str], checked: dict[str, object]) -> Verdict:
    """Not equivalent: the initial states agree under ``renaming`` but the goal states cannot be made the same;
    the shortest plan that reaches one goal and not the other under it, replayed on both problems."""
    parting = next(s for s in reached_p.parent if (s in reached_p.goal) != (_moved(s, renaming) in reached_q.goal))
    mapping = Mapping(constants=renaming)
    plan_p = ast.Plan(reached_p.plan(parting))
    plan_q = ast.Plan(tuple(mapping.step(x) for x in plan_p.steps))
    valid_p, valid_q = validate(domain, p, plan_p).valid, validate(domain, q, plan_q).valid
    side = "first" if valid_p else "second"
    reason = (f"the initial states agree up to a renaming of objects, but no renaming makes the goals hold in the same "
              f"reachable states: this {len(plan_p.steps)}-step plan reaches the {side} problem's goal and not the "
              f"{'second' if valid_p else 'first'}'s")
    example = Counterexample(p, q, plan_p, plan_q, "a" if valid_p else "b", len(plan_p.steps), reason,
                             {"a": valid_p, "b": valid_q})
    return Verdict(Kind.NOT_EQUIVALENT, "problems", mapping, (example,), reason=reason, checked=checked)


def _difference(p: ast.Problem, gp: nx.DiGraph, gq: nx.DiGraph, checked: dict[str, object]) -> Verdict:
    """Not equivalent: the first part that differs (objects, initial state, completed goal) and the facts of the
    problem that has more of a kind, which a state satisfying one and not the other turns on."""
    for section, what in (("obj", "objects"), ("init", "initial states"), ("goal", "completed goals")):
        count = lambda g: Counter(d["label"] for n, d in g.nodes(data=True) if n[0].startswith(section))
        a, b = count(gp), count(gq)
        if a != b:
            side, g, extra = ("first", gp, a - b) if a - b else ("second", gq, b - a)
            shown = tuple(_show(n) for n in sorted(g, key=repr) if n[0].startswith(section) and g.nodes[n]["label"] in extra)
            return Verdict(Kind.NOT_EQUIVALENT, "problems", None, state=shown[:5], checked=checked,
                           reason=f"the {what} differ: the {side} problem has more {', '.join(sorted(extra)[:3])}")
    init_p = sorted(_facts(p.init))
    return Verdict(Kind.NOT_EQUIVALENT, "problems", None, state=tuple(_show(("init", f)) for f in init_p[:5]),
                   reason="no renaming of objects makes the initial states and completed goals agree", checked=checked)


def _show(node: tuple) -> str:
    if node[0] == "obj":
        return node[1]
    if node[0] == "goal-formula":
        return "goal: a quantified or disjunctive conjunct"
    section, (predicate, args) = node
    text = ground_call(predicate, args)
    return f"{section}: {'(not ' + text + ')' if section == 'goal-not' else text}"
