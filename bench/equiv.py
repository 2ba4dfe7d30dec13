"""`equiv` on every benchmark domain and the bundled corpus: consistent renamings (all must be judged equivalent,
with the mapping), seeded semantic mutations (share judged not equivalent, each counterexample validated on both
sides; the undecided ones listed), time per pair, and problem equivalence on generated pairs.

    python bench/equiv.py [--quick] [--renamings 50] [--domains blocks,ferry] [--permute-arguments]
                          [--part budgets] [--baseline REV]

With --baseline REV the same pairs are measured on a wheel of revision REV and on the working tree, one after the
other in one run, and printed side by side with their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from collections import Counter
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import (BENCHMARKS, CODE_DIR_VARIABLE, ROOT, print_rows, read_manifest,  # noqa: E402
                          use_frozen_code, write_json)

MUTATIONS = ("drop-precondition", "add-precondition", "flip-effect", "move-effect", "swap-arguments", "delete-action")


def _ast():
    from agentgen_sym.compiler import ast
    return ast


def _fresh_names(rng: random.Random, prefix: str, names) -> dict[str, str]:
    """A new name ``<prefix><number>`` for each of ``names``, the numbers drawn from ``rng``."""
    names = sorted(set(names))
    ids = rng.sample(range(10 * len(names) + 10), len(names))
    return {n: f"{prefix}{i}" for n, i in zip(names, ids)}


def rename(domain, rng: random.Random):
    """``domain`` under a random consistent renaming: new names for types, constants, predicates, functions
    other than total-cost, actions and parameters; action parameters, actions and predicates shuffled."""
    ast = _ast()
    from agentgen_sym.compiler.types import ROOT as OBJECT

    fresh = partial(_fresh_names, rng)

    types = fresh("t", [t.name for t in domain.types] + [p for t in domain.types for p in t.types])
    types.pop(OBJECT, None)
    consts = fresh("c", [c.name for c in domain.constants])
    preds = fresh("p", [p.name for p in domain.predicates] + [d.name for d in domain.derived])
    funcs = fresh("f", [f.name for f in domain.functions if f.name != "total-cost"])
    acts = fresh("a", [a.name for a in domain.actions])
    ty = lambda ts: tuple(types.get(t, t) for t in ts)

    def node(x, params):
        if isinstance(x, ast.Variable):
            return ast.Variable(params.get(x.name, x.name))
        if isinstance(x, ast.Constant):
            return ast.Constant(consts.get(x.name, x.name))
        if isinstance(x, ast.TypedName):
            return ast.TypedName(params.get(x.name, x.name), ty(x.types))
        if isinstance(x, ast.Atom):
            return ast.Atom(preds.get(x.predicate, x.predicate), tuple(node(t, params) for t in x.args))
        if isinstance(x, ast.FunctionTerm):
            return ast.FunctionTerm(funcs.get(x.name, x.name), tuple(node(t, params) for t in x.args))
        if isinstance(x, (ast.Exists, ast.Forall, ast.ForallEffect)):
            inner = params | {v.name: f"q{rng.randrange(10**6)}" for v in x.variables}
            body = "body" if not isinstance(x, ast.ForallEffect) else "effect"
            return replace(x, variables=tuple(node(v, inner) for v in x.variables),
                           **{body: node(getattr(x, body), inner)})
        if isinstance(x, tuple):
            return tuple(node(y, params) for y in x)
        if hasattr(x, "__dataclass_fields__") and not isinstance(x, (ast.Number,)):
            return replace(x, **{f: node(getattr(x, f), params) for f in x.__dataclass_fields__
                                 if f not in ("span", "op", "direction", "value")})
        return x

    actions = []
    for a in domain.actions:
        params = fresh("v", [p.name for p in a.parameters])
        order = list(a.parameters)
        rng.shuffle(order)
        actions.append(ast.ActionSchema(acts[a.name], tuple(node(p, params) for p in order),
                                        node(a.precondition, params), node(a.effect, params)))
    rng.shuffle(actions)
    predicates = [ast.Predicate(preds[p.name], tuple(node(q, {}) for q in p.parameters)) for p in domain.predicates]
    rng.shuffle(predicates)
    derived = tuple(ast.DerivedPredicate(preds[d.name], tuple(node(q, {}) for q in d.parameters),
                                         node(d.body, {q.name: q.name for q in d.parameters})) for d in domain.derived)
    return replace(domain, name="renamed", types=tuple(ast.TypedName(types.get(t.name, t.name), ty(t.types))
                                                      for t in domain.types),
                   constants=tuple(ast.TypedName(consts[c.name], ty(c.types)) for c in domain.constants),
                   predicates=tuple(predicates), actions=tuple(actions), derived=derived,
                   functions=tuple(replace(f, name=funcs.get(f.name, f.name),
                                           parameters=tuple(node(q, {}) for q in f.parameters))
                                   for f in domain.functions))


def _permutation(n: int, rng: random.Random) -> tuple[int, ...]:
    """``order[i]``: the new position of item ``i``; never the identity when there are two items or more."""
    while True:
        order = tuple(rng.sample(range(n), n))
        if n < 2 or order != tuple(range(n)):
            return order


def _permuted(items, order: tuple[int, ...] | None) -> tuple:
    """``items`` with item ``i`` moved to position ``order[i]``."""
    if order is None or len(order) != len(items):
        return tuple(items)
    out = [None] * len(items)
    for i, item in enumerate(items):
        out[order[i]] = item
    return tuple(out)


@dataclass(frozen=True)
class Renaming:
    """A random consistent renaming that also reorders arguments (``rename_permuted``): new names for types,
    constants, predicates, functions other than total-cost, actions, parameters and problem objects;
    ``slots[p][i]`` is the new position of argument ``i`` of predicate ``p`` (``function_slots`` the same for
    functions) and ``params[a][i]`` that of parameter ``i`` of action ``a``. It rewrites the domain and carries
    the domain's problems and plans over, so the renamed side has a problem and a plan of its own to validate
    (the ground truth that ``equiv``'s mapping must match)."""

    domain_name: str
    types: dict[str, str]
    constants: dict[str, str]
    predicates: dict[str, str]
    functions: dict[str, str]
    actions: dict[str, str]
    slots: dict[str, tuple[int, ...]]
    function_slots: dict[str, tuple[int, ...]]
    params: dict[str, tuple[int, ...]]
    variables: dict[str, dict[str, str]]  # action -> parameter -> new name
    seed: str  # picks the object names of each problem

    def _types(self, types: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(self.types.get(t, t) for t in types)

    def _node(self, x, names: dict[str, str], fresh, objects: dict[str, str] | None = None):
        """``x`` rewritten: variables by ``names``, constants (and a problem's ``objects``), predicates and functions
        (arguments reordered), types; quantified variables get ``fresh`` names."""
        ast = _ast()
        again = lambda y, inner=names: self._node(y, inner, fresh, objects)
        if isinstance(x, ast.Variable):
            return ast.Variable(names.get(x.name, x.name))
        if isinstance(x, ast.Constant):
            return ast.Constant((objects or {}).get(x.name, self.constants.get(x.name, x.name)))
        if isinstance(x, ast.TypedName):
            return ast.TypedName(names.get(x.name, x.name), self._types(x.types))
        if isinstance(x, ast.Atom):
            args = _permuted(tuple(again(t) for t in x.args), self.slots.get(x.predicate))
            return ast.Atom(self.predicates.get(x.predicate, x.predicate), args)
        if isinstance(x, ast.FunctionTerm):
            args = _permuted(tuple(again(t) for t in x.args), self.function_slots.get(x.name))
            return ast.FunctionTerm(self.functions.get(x.name, x.name), args)
        if isinstance(x, (ast.Exists, ast.Forall, ast.ForallEffect)):
            inner = names | {v.name: fresh() for v in x.variables}
            body = "effect" if isinstance(x, ast.ForallEffect) else "body"
            return replace(x, variables=tuple(again(v, inner) for v in x.variables),
                           **{body: again(getattr(x, body), inner)})
        if isinstance(x, tuple):
            return tuple(again(y) for y in x)
        if hasattr(x, "__dataclass_fields__") and not isinstance(x, ast.Number):
            return replace(x, **{f: again(getattr(x, f)) for f in x.__dataclass_fields__
                                 if f not in ("span", "op", "direction", "value")})
        return x

    @staticmethod
    def _fresh():
        counter = iter(range(10**9))
        return lambda: f"q{next(counter)}"

    def _signature(self, parameters, order) -> tuple:
        """A predicate's or function's parameters renamed and reordered (their names are their own)."""
        fresh = self._fresh()
        return _permuted(tuple(self._node(q, {}, fresh) for q in parameters), order)

    def domain(self, domain):
        """``domain`` renamed; actions, predicates and their arguments reordered as drawn."""
        ast = _ast()
        fresh = self._fresh()
        actions = []
        for a in domain.actions:
            names = self.variables[a.name]
            parameters = tuple(self._node(p, names, fresh) for p in a.parameters)
            actions.append(ast.ActionSchema(self.actions[a.name], _permuted(parameters, self.params[a.name]),
                                            self._node(a.precondition, names, fresh),
                                            self._node(a.effect, names, fresh)))
        rng = random.Random(f"{self.seed}/order")
        rng.shuffle(actions)
        predicates = [ast.Predicate(self.predicates[p.name], self._signature(p.parameters, self.slots.get(p.name)))
                      for p in domain.predicates]
        rng.shuffle(predicates)
        derived = []
        for d in domain.derived:
            names = {q.name: fresh() for q in d.parameters}
            head = _permuted(tuple(self._node(q, names, fresh) for q in d.parameters), self.slots.get(d.name))
            derived.append(ast.DerivedPredicate(self.predicates[d.name], head, self._node(d.body, names, fresh)))
        return replace(domain, name=self.domain_name,
                       types=tuple(ast.TypedName(self.types.get(t.name, t.name), self._types(t.types))
                                   for t in domain.types),
                       constants=tuple(ast.TypedName(self.constants[c.name], self._types(c.types))
                                       for c in domain.constants),
                       predicates=tuple(predicates), actions=tuple(actions), derived=tuple(derived),
                       functions=tuple(replace(f, name=self.functions.get(f.name, f.name), parameters=self._signature(
                                           f.parameters, self.function_slots.get(f.name))) for f in domain.functions))

    def objects(self, problem) -> dict[str, str]:
        """New names of ``problem``'s objects (the same on every call)."""
        names = sorted({o.name for o in problem.objects})
        ids = random.Random(f"{self.seed}/{problem.name}").sample(range(10 * len(names) + 10), len(names))
        return {n: f"o{i}" for n, i in zip(names, ids)}

    def problem(self, problem):
        """A problem of the original domain in the renamed one's names (objects renamed, facts reordered)."""
        ast = _ast()
        objects = self.objects(problem)
        fresh = self._fresh()
        rng = random.Random(f"{self.seed}/{problem.name}/order")
        return replace(problem, domain_name=self.domain_name,
                       objects=tuple(rng.sample([ast.TypedName(objects[o.name], self._types(o.types))
                                                 for o in problem.objects], len(problem.objects))),
                       init=tuple(rng.sample([self._node(f, {}, fresh, objects) for f in problem.init],
                                             len(problem.init))),
                       goal=None if problem.goal is None else self._node(problem.goal, {}, fresh, objects),
                       metric=None if problem.metric is None else self._node(problem.metric, {}, fresh, objects))

    def plan(self, plan, problem):
        """A plan of ``problem`` in the original domain as a plan of ``self.problem(problem)`` in the renamed one."""
        ast = _ast()
        objects = self.objects(problem)
        name = lambda o: objects.get(o, self.constants.get(o, o))
        return replace(plan, steps=tuple(
            ast.PlanStep(self.actions[s.action], _permuted(tuple(name(o) for o in s.args), self.params[s.action]))
            for s in plan.steps))


def rename_permuted(domain, rng: random.Random):
    """``domain`` under a random consistent renaming that also reorders the arguments of every predicate and function
    (each atom and term rewritten to match) and the parameters of every action, with the ``Renaming`` that carries
    the domain's problems and plans across. Unlike ``rename``, an ``equiv`` that ignored argument order would
    not find the right mapping here."""
    from agentgen_sym.compiler.types import ROOT as OBJECT

    fresh = partial(_fresh_names, rng)

    types = fresh("t", [t.name for t in domain.types] + [p for t in domain.types for p in t.types])
    types.pop(OBJECT, None)
    arity = {p.name: len(p.parameters) for p in domain.predicates} | {d.name: len(d.parameters) for d in domain.derived}
    functions = {f.name: len(f.parameters) for f in domain.functions if f.name != "total-cost"}
    renaming = Renaming(
        domain_name=f"renamed-{rng.randrange(10**6)}", types=types,
        constants=fresh("c", [c.name for c in domain.constants]), predicates=fresh("p", arity),
        functions=fresh("f", functions), actions=fresh("a", [a.name for a in domain.actions]),
        slots={name: _permutation(n, rng) for name, n in sorted(arity.items())},
        function_slots={name: _permutation(n, rng) for name, n in sorted(functions.items())},
        params={a.name: _permutation(len(a.parameters), rng) for a in domain.actions},
        variables={a.name: fresh("v", [p.name for p in a.parameters]) for a in domain.actions},
        seed=str(rng.randrange(10**9)))
    return renaming.domain(domain), renaming


def _literals(formula):
    ast = _ast()
    return list(formula.parts) if isinstance(formula, ast.And) else ([] if formula is None else [formula])


def _effects(effect):
    ast = _ast()
    return list(effect.parts) if isinstance(effect, ast.AndEffect) else ([] if effect is None else [effect])


def mutate(domain, kind: str, rng: random.Random):
    """``domain`` with one seeded semantic mutation of ``kind`` and a description, or None when it has no place."""
    ast = _ast()
    actions = list(domain.actions)
    order = rng.sample(range(len(actions)), len(actions))
    for i in order:
        a = actions[i]
        pre, eff = _literals(a.precondition), _effects(a.effect)
        atoms_pre = [j for j, p in enumerate(pre) if isinstance(p, ast.Atom) and p.args or isinstance(p, ast.Atom)]
        atoms_eff = [j for j, e in enumerate(eff) if isinstance(e, ast.Atom) or
                     (isinstance(e, ast.Not) and isinstance(e.arg, ast.Atom))]
        new = None
        if kind == "drop-precondition" and atoms_pre:
            j = rng.choice(atoms_pre)
            new, what = replace(a, precondition=ast.And(tuple(pre[:j] + pre[j + 1:]))), f"drop {pre[j]}"
        elif kind == "add-precondition":
            typed = {p.name: p.types for p in a.parameters}
            fits = [p for p in domain.predicates if all(any(typed[v.name] == q.types for v in a.parameters)
                                                          for q in p.parameters)]
            if fits:
                p = rng.choice(fits)
                args = tuple(ast.Variable(rng.choice([v.name for v in a.parameters if v.types == q.types]))
                             for q in p.parameters)
                atom = ast.Atom(p.name, args)
                if atom not in pre:
                    new, what = replace(a, precondition=ast.And(tuple(pre) + (atom,))), f"add {atom}"
        elif kind == "flip-effect" and atoms_eff:
            j = rng.choice(atoms_eff)
            e = eff[j]
            flipped = e.arg if isinstance(e, ast.Not) else ast.Not(e)
            new, what = replace(a, effect=ast.AndEffect(tuple(eff[:j] + [flipped] + eff[j + 1:]))), f"flip {e}"
        elif kind in ("move-effect", "swap-arguments"):
            where = atoms_eff if kind == "move-effect" else atoms_pre + [-1 - j for j in atoms_eff]
            rng.shuffle(where)
            for j in where:
                in_eff = kind == "move-effect" or j < 0
                items = eff if in_eff else pre
                k = j if j >= 0 else -1 - j
                lit = items[k]
                atom = lit.arg if isinstance(lit, ast.Not) else lit
                if not isinstance(atom, ast.Atom):
                    continue
                args = list(atom.args)
                if kind == "swap-arguments":
                    if len(args) < 2 or args[0] == args[1]:
                        continue
                    args[0], args[1] = args[1], args[0]
                else:
                    params = {p.name: p.types for p in a.parameters}
                    targets = [ast.Variable(v.name) for v in a.parameters] + \
                        [ast.Constant(c.name) for c in domain.constants]
                    kinds = params | {c.name: c.types for c in domain.constants}
                    spots = [(x, v) for x, t in enumerate(args) if isinstance(t, ast.Variable) for v in targets
                             if v.name != t.name and kinds[v.name] == params.get(t.name)]
                    if not spots:
                        continue
                    x, args[x] = rng.choice(spots)
                moved = ast.Atom(atom.predicate, tuple(args))
                moved = ast.Not(moved) if isinstance(lit, ast.Not) else moved
                items = items[:k] + [moved] + items[k + 1:]
                new = replace(a, effect=ast.AndEffect(tuple(items))) if in_eff else \
                    replace(a, precondition=ast.And(tuple(items)))
                what = f"{lit} -> {moved}"
                break
        elif kind == "delete-action" and len(actions) > 1:
            return replace(domain, actions=tuple(actions[:i] + actions[i + 1:])), f"delete {a.name}"
        if new is not None:
            actions[i] = new
            return replace(domain, actions=tuple(actions)), f"{a.name}: {what}"
    return None


PROBLEM_PAIRS = ("renamed-objects", "reordered-facts", "implied-goal-facts")
PROBLEM_MUTATIONS = ("drop-goal", "change-goal-argument", "drop-init", "add-init")


def problem_pair(domain, problem, kind: str, rng: random.Random):
    """A problem equal to ``problem`` written another way (``PROBLEM_PAIRS``) or changed (``PROBLEM_MUTATIONS``);
    None when the problem gives the change no place."""
    ast = _ast()
    from agentgen_sym.compiler.analysis import changed_predicates, conjuncts
    goal = list(conjuncts(problem.goal))
    if kind == "renamed-objects":
        names = {o.name: f"obj{i}" for i, o in enumerate(rng.sample(problem.objects, len(problem.objects)))}
        term = lambda x: ast.Constant(names.get(x.name, x.name)) if isinstance(x, ast.Constant) else x
        atom = lambda a: ast.Atom(a.predicate, tuple(term(x) for x in a.args))
        lit = lambda g: ast.Not(atom(g.arg)) if isinstance(g, ast.Not) and isinstance(g.arg, ast.Atom) else \
            (atom(g) if isinstance(g, ast.Atom) else None)
        if any(lit(g) is None for g in goal):
            return None
        value = lambda v: replace(v, function=ast.FunctionTerm(v.function.name, tuple(term(x) for x in v.function.args)))
        return replace(problem, objects=tuple(ast.TypedName(names[o.name], o.types) for o in problem.objects),
                       init=tuple(atom(a) if isinstance(a, ast.Atom) else value(a) for a in problem.init),
                       goal=ast.And(tuple(lit(g) for g in goal)))
    if kind == "reordered-facts":
        return replace(problem, objects=tuple(rng.sample(problem.objects, len(problem.objects))),
                       init=tuple(rng.sample(problem.init, len(problem.init))),
                       goal=ast.And(tuple(rng.sample(goal, len(goal)))))
    _, deleted = changed_predicates(domain)
    atoms = [a for a in problem.init if isinstance(a, ast.Atom)]
    if kind == "implied-goal-facts":  # facts no action deletes that hold initially hold in every goal state
        static = [a for a in atoms if a.predicate not in deleted]
        if not static:
            return None
        return replace(problem, goal=ast.And(tuple(goal) + tuple(rng.sample(static, min(5, len(static))))))
    plain = [i for i, g in enumerate(goal) if isinstance(g, ast.Atom) and g.args and g not in atoms]
    if kind == "drop-goal" and len(plain) > 1:
        i = rng.choice(plain)
        return replace(problem, goal=ast.And(tuple(goal[:i] + goal[i + 1:])))
    if kind == "change-goal-argument" and plain:
        i = rng.choice(plain)
        g = goal[i]
        types = {o.name: o.types for o in problem.objects}
        k = rng.randrange(len(g.args))
        others = [o for o in types if o != g.args[k].name and types[o] == types.get(g.args[k].name)]
        if not others:
            return None
        args = list(g.args)
        args[k] = ast.Constant(rng.choice(sorted(others)))
        return replace(problem, goal=ast.And(tuple(goal[:i] + [ast.Atom(g.predicate, tuple(args))] + goal[i + 1:])))
    if kind == "drop-init" and atoms:
        drop = rng.choice(atoms)
        return replace(problem, init=tuple(a for a in problem.init if a is not drop))
    if kind == "add-init" and atoms:
        a = rng.choice(atoms)
        args = list(a.args)
        if not args:
            return None
        types = {o.name: o.types for o in problem.objects}
        k = rng.randrange(len(args))
        others = [o for o in types if types[o] == types.get(args[k].name) and o != args[k].name]
        if not others:
            return None
        args[k] = ast.Constant(rng.choice(sorted(others)))
        new = ast.Atom(a.predicate, tuple(args))
        return None if new in atoms else replace(problem, init=problem.init + (new,))
    return None


def _problems(quick: bool, only: list[str] | None):
    from agentgen_sym.compiler.parser import parse_domain, parse_problem
    taken: dict[str, int] = {}
    for task in read_manifest(BENCHMARKS):
        if (only and task.domain not in only) or taken.get(task.domain, 0) >= (1 if quick else 2):
            continue
        taken[task.domain] = taken.get(task.domain, 0) + 1
        yield task.name, parse_domain(BENCHMARKS / task.domain_file), parse_problem(BENCHMARKS / task.problem_file)


def _domains(quick: bool, only: list[str] | None):
    from agentgen_sym.compiler.parser import parse_domain
    seen = {}
    for task in read_manifest(BENCHMARKS):
        if task.domain not in seen and (not only or task.domain in only):
            seen[task.domain] = BENCHMARKS / task.domain_file
    for folder in sorted((ROOT / "corpus" / "domains").iterdir()):
        if (folder / "domain.pddl").exists() and (not only or folder.name in only):
            seen[folder.name] = folder / "domain.pddl"
    names = list(seen)[:: 4] if quick and not only else list(seen)
    return [(n, parse_domain(seen[n])) for n in names]


ACTIONS = 60
"""Actions of the synthetic wide domain of the budgets part: each moves an agent and marks the place with a
predicate of its own, so all 60 look alike until the search individualises them."""


def wide_domain_text(actions: int = ACTIONS) -> str:
    marks = " ".join(f"(mark{i} ?p - place)" for i in range(actions))
    acts = "\n".join(f"  (:action go{i} :parameters (?a - agent ?from ?to - place) :precondition (and (at ?a ?from) "
                     f"(road ?from ?to)) :effect (and (not (at ?a ?from)) (at ?a ?to) (mark{i} ?to)))"
                     for i in range(actions))
    return (f"(define (domain wide) (:requirements :strips :typing) (:types agent place)\n"
            f"  (:predicates (at ?a - agent ?p - place) (road ?x ?y - place) {marks})\n{acts})")


ARITY_8 = """(define (domain arity8) (:requirements :strips :typing) (:types t1 t2 t3 t4 t5)
  (:predicates (link ?a ?b ?c ?d ?e ?f ?g ?h) (on ?x - t1))
  (:action go :parameters (?a - t1 ?b - t2) :precondition (and (on ?a) (link ?a ?b ?a ?b ?a ?b ?a ?b))
    :effect (not (on ?a))))"""


def budget_cases():
    """(name, run) of the budgets part: each ``run(env)`` (``env`` holds equiv_domains, equiv_problems, EquivBudget,
    parse_domain, parse_problem of the code measured) compares one pair, with ``--nodes 1000`` unless the name
    says otherwise, and returns the verdict."""
    wide = wide_domain_text()
    blocks_names = [f"b{i}" for i in range(40)]
    init = " ".join(f"(ontable {n}) (clear {n})" for n in blocks_names) + " (handempty)"
    tower = " ".join(f"(on {x} {y})" for x, y in zip(blocks_names, blocks_names[1:]))
    problem = lambda goal: (f"(define (problem p) (:domain blocks) (:objects {' '.join(blocks_names)}) "
                            f"(:init {init}) (:goal (and {goal})))")

    def domains(first: str, second: str, nodes: int = 1000):
        return lambda e: e.domains(e.parse_domain(first), e.parse_domain(second), budget=e.Budget(nodes=nodes))

    def problems(first: str, second: str):
        return lambda e: e.problems(e.parse_domain(BENCHMARKS / "blocks" / "domain.pddl"), e.parse_problem(first),
                                    e.parse_problem(second), e.Budget(nodes=1000))

    changed = wide.replace("(mark59 ?to)))", "(mark59 ?from)))")
    renamed = wide.replace("go", "move").replace("mark", "flag")
    return [("60 actions, renamed", domains(wide, renamed)),
            ("60 actions, renamed, --nodes 20 (too few)", domains(wide, renamed, nodes=20)),
            ("60 actions, one effect changed", domains(wide, changed)),
            ("arity 8, one effect dropped", domains(ARITY_8, ARITY_8.replace("(not (on ?a))", "(and)"))),
            ("40 blocks, same problem renamed", problems(problem(tower), re.sub(r"\bb(\d+)", r"x\1", problem(tower)))),
            ("40 blocks, goals one apart", problems(problem(tower), problem(tower.rsplit(" (on", 1)[0])))]


CASE_TIME_LIMIT_S = 120
CASE_MEMORY_GB = 6


def _bench_budgets() -> dict:
    """Each budget case with its verdict and time; a case over CASE_TIME_LIMIT_S or CASE_MEMORY_GB is reported
    as failed (the code before the budgets held could run for minutes and take 20 GB)."""
    import resource
    import signal
    from types import SimpleNamespace

    from agentgen_sym.compiler.parser import parse_domain, parse_problem
    from agentgen_sym.equiv import EquivBudget, equiv_domains, equiv_problems
    env = SimpleNamespace(domains=equiv_domains, problems=equiv_problems, Budget=EquivBudget,
                          parse_domain=parse_domain, parse_problem=parse_problem)
    limit = CASE_MEMORY_GB * 2 ** 30
    resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))

    def over(signum, frame):
        raise TimeoutError(f"over {CASE_TIME_LIMIT_S} s")

    signal.signal(signal.SIGALRM, over)
    rows = {}
    for name, run in budget_cases():
        t = time.perf_counter()
        signal.alarm(CASE_TIME_LIMIT_S)
        try:
            verdict = run(env).kind.value
        except (MemoryError, TimeoutError) as exc:
            verdict = f"failed: {type(exc).__name__} {exc}".strip()
        finally:
            signal.alarm(0)
        rows[name] = {"verdict": verdict, "seconds": round(time.perf_counter() - t, 3)}
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="every fourth domain, 5 renamings, 1 mutation seed")
    parser.add_argument("--renamings", type=int, default=50)
    parser.add_argument("--seeds", type=int, default=3, help="mutations per kind and domain")
    parser.add_argument("--permute-arguments", action="store_true",
                        help="renamings also reorder every predicate's and function's arguments (rename_permuted)")
    parser.add_argument("--domains", help="comma-separated domain names")
    parser.add_argument("--part", choices=["all", "domains", "problems", "budgets"], default="all",
                        help="the domain pairs, the problem pairs, the budget cases (--nodes 1000 on a 60-action "
                             "domain, an arity-8 predicate, two 40-block problems) or all three (default)")
    parser.add_argument("--baseline", metavar="REV",
                        help="also measure the code of git revision REV (a wheel of it), in the same run: both "
                             "columns and their ratio")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the figures as JSON")
    args = parser.parse_args()
    if args.baseline:
        _compare_trees(args)
        return
    use_frozen_code()
    only = args.domains.split(",") if args.domains else None
    figures: dict = {}
    if args.part in ("all", "domains"):
        figures["domains"] = _bench_domains(args, only)
    if args.part in ("all", "problems"):
        figures["problems"] = _bench_problems(args.quick, only)
    if args.part in ("all", "budgets"):
        figures["budgets"] = _bench_budgets()
    if args.json:
        write_json(args.json, figures)
    _print_figures(figures)


def _bench_domains(args: argparse.Namespace, only: list[str] | None) -> dict:
    from agentgen_sym.compiler.validate import validate
    from agentgen_sym.equiv import equiv_domains

    renamings, seeds = (5, 1) if args.quick else (args.renamings, args.seeds)
    renamed, mutated = Counter(), Counter()
    times, undecided = [], []
    for name, domain in _domains(args.quick, only):
        rng = random.Random(name)
        for _ in range(renamings):
            other = rename_permuted(domain, rng)[0] if args.permute_arguments else rename(domain, rng)
            t = time.perf_counter()
            renamed[equiv_domains(domain, other).kind.value] += 1
            times.append(time.perf_counter() - t)
        for kind in MUTATIONS:
            for s in range(seeds):
                made = mutate(domain, kind, random.Random(f"{name}/{kind}/{s}"))
                if made is None:
                    continue
                mutant, what = made
                t = time.perf_counter()
                v = equiv_domains(domain, mutant)
                times.append(time.perf_counter() - t)
                mutated[v.kind.value] += 1
                if v.counterexample is not None:
                    c = v.counterexample
                    both = (validate(domain, c.problem_a, c.plan_a).valid, validate(mutant, c.problem_b, c.plan_b).valid)
                    mutated["counterexample failing validation"] += both != (c.valid_in in ("a", "both"),
                                                                          c.valid_in in ("b", "both"))
                else:
                    undecided.append(f"{name} {kind}: {what} -> {v.kind.value}: {v.reason}")
    return {"renamed": dict(renamed), "mutated": dict(mutated), "times": times, "undecided": undecided}


def _bench_problems(quick: bool, only: list[str] | None) -> dict:
    from agentgen_sym.equiv import equiv_problems
    same, changed = Counter(), Counter()
    times, missed = [], []
    for name, domain, problem in _problems(quick, only):
        rng = random.Random(name)
        for kind in PROBLEM_PAIRS + PROBLEM_MUTATIONS:
            other = problem_pair(domain, problem, kind, rng)
            if other is None:
                continue
            if kind == "implied-goal-facts":
                other = problem_pair(domain, other, "renamed-objects", rng) or other
            t = time.perf_counter()
            verdict = equiv_problems(domain, problem, other)
            times.append(time.perf_counter() - t)
            (same if kind in PROBLEM_PAIRS else changed)[verdict.kind.value] += 1
            expected = "equivalent" if kind in PROBLEM_PAIRS else "not_equivalent"
            if verdict.kind.value != expected:
                missed.append(f"{name} {kind}: {verdict.kind.value}: {verdict.reason}")
    return {"written another way": dict(same), "changed": dict(changed), "times": times, "missed": missed}


def _time_cells(times: list[float]) -> list[str]:
    return [f"{statistics.median(times) * 1000:.0f}", f"{max(times) * 1000:.0f}"] if times else ["-", "-"]


def _summary_rows(figures: dict) -> list[tuple[str, str]]:
    """(figure, value) for one tree: verdict counts, then median and worst milliseconds per pair."""
    rows = []
    for part, groups in (("domains", ("renamed", "mutated")), ("problems", ("written another way", "changed"))):
        if part not in figures:
            continue
        for group in groups:
            counts = figures[part][group]
            rows.append((f"{part}, {group}: verdicts", ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
                         or "none"))
        median, worst = _time_cells(figures[part]["times"])
        rows.append((f"{part}: ms per pair, median / worst ({len(figures[part]['times'])} pairs)",
                     f"{median} / {worst}"))
    for case, cell in figures.get("budgets", {}).items():
        rows.append((f"budgets: {case}", f"{cell['verdict']} in {cell['seconds']:.2f} s"))
    return rows


def _print_figures(figures: dict) -> None:
    print_rows(["figure", "value"], [list(r) for r in _summary_rows(figures)])
    for part, key in (("domains", "undecided"), ("problems", "missed")):
        for line in figures.get(part, {}).get(key, []):
            print("  " + line)


def _compare_trees(args: argparse.Namespace) -> None:
    """This bench on a wheel of ``--baseline`` and on the working tree, one after the other, and one table."""
    forwarded = [a for a in sys.argv[1:] if a not in ("--baseline", args.baseline) and not a.startswith("--baseline=")]
    forwarded = [a for i, a in enumerate(forwarded) if a != "--json" and (i == 0 or forwarded[i - 1] != "--json")]
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "source"
        source.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.baseline], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(source)], input=archive, check=True)
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                        "--wheel-dir", str(Path(folder) / "wheel"), str(source)], check=True, capture_output=True)
        with zipfile.ZipFile(next((Path(folder) / "wheel").glob("*.whl"))) as wheel:
            wheel.extractall(Path(folder) / "site")
        figures = {}
        for label, code in ((args.baseline, str(Path(folder) / "site")), ("working tree", "")):
            out = Path(folder) / f"{len(figures)}.json"
            print(f"measuring {label} ...", file=sys.stderr, flush=True)
            subprocess.run([sys.executable, __file__, *forwarded, "--json", str(out)], check=True,
                           env=os.environ | {CODE_DIR_VARIABLE: code}, stdout=subprocess.DEVNULL)
            figures[label] = json.loads(out.read_text())
    before, after = figures.values()
    rows = dict(_summary_rows(before)), dict(_summary_rows(after))
    table = []
    for figure in dict.fromkeys([*rows[0], *rows[1]]):
        cells = [rows[0].get(figure, "-"), rows[1].get(figure, "-")]
        table.append([figure, *cells, "" if "verdicts" in figure else _ratio(*cells)])
    print_rows(["figure", args.baseline, "working tree", "after/before"], table)
    if args.json:
        write_json(args.json, figures)


def _ratio(before: str, after: str) -> str:
    """after/before of two 'median / worst' or 'verdict in N s' cells, where both are numbers."""
    numbers = lambda cell: [float(x) for x in re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?= s$| /|$)", cell)]
    b, a = numbers(before), numbers(after)
    if not b or len(a) != len(b) or any(x == 0 for x in b):
        return ""
    return " / ".join(f"{y / x:.2f}" for x, y in zip(b, a))


if __name__ == "__main__":
    main()
