"""`equiv` on every benchmark domain and the bundled corpus: consistent renamings (all must be judged equivalent,
with the mapping), seeded semantic mutations (share judged not equivalent, each counterexample validated on both
sides; the undecided ones listed), time per pair, and problem equivalence on generated pairs.

    python bench/equiv.py [--quick] [--renamings 50] [--domains blocks,ferry] [--permute-arguments]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import BENCHMARKS, ROOT, print_rows, read_manifest  # noqa: E402

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="every fourth domain, 5 renamings, 1 mutation seed")
    parser.add_argument("--renamings", type=int, default=50)
    parser.add_argument("--seeds", type=int, default=3, help="mutations per kind and domain")
    parser.add_argument("--permute-arguments", action="store_true",
                        help="renamings also reorder every predicate's and function's arguments (rename_permuted)")
    parser.add_argument("--domains", help="comma-separated domain names")
    parser.add_argument("--part", choices=["all", "domains", "problems"], default="all",
                        help="run the domain pairs, the problem pairs or both (default)")
    args = parser.parse_args()
    from agentgen_sym.compiler.validate import validate
    from agentgen_sym.equiv import Kind, equiv_domains

    if args.part == "problems":
        _bench_problems(args.quick, args.domains.split(",") if args.domains else None)
        return
    renamings, seeds = (5, 1) if args.quick else (args.renamings, args.seeds)
    times, rows, undecided = [], [], []
    total_ren = ok_ren = total_mut = caught = bad_cx = 0
    for name, domain in _domains(args.quick, args.domains.split(",") if args.domains else None):
        rng = random.Random(name)
        ok = 0
        for _ in range(renamings):
            other = rename_permuted(domain, rng)[0] if args.permute_arguments else rename(domain, rng)
            t = time.perf_counter()
            v = equiv_domains(domain, other)
            times.append(time.perf_counter() - t)
            ok += v.kind is Kind.EQUIVALENT
        found = tried = 0
        for kind in MUTATIONS:
            for s in range(seeds):
                made = mutate(domain, kind, random.Random(f"{name}/{kind}/{s}"))
                if made is None:
                    continue
                mutant, what = made
                tried += 1
                t = time.perf_counter()
                v = equiv_domains(domain, mutant)
                times.append(time.perf_counter() - t)
                if v.kind is Kind.NOT_EQUIVALENT:
                    c = v.counterexample
                    both = (validate(domain, c.problem_a, c.plan_a).valid, validate(mutant, c.problem_b, c.plan_b).valid)
                    found += both == (c.valid_in == "a", c.valid_in == "b")
                    bad_cx += both != (c.valid_in == "a", c.valid_in == "b")
                else:
                    undecided.append(f"{name} {kind}: {what} -> {v.kind.value}: {v.reason}")
        rows.append([name, f"{ok}/{renamings}", f"{found}/{tried}"])
        total_ren, ok_ren, total_mut, caught = total_ren + renamings, ok_ren + ok, total_mut + tried, caught + found
    print_rows(["domain", "renamed: equivalent", "mutated: not equivalent"], rows)
    print(f"\nrenamings judged equivalent: {ok_ren}/{total_ren} = {100 * ok_ren / max(1, total_ren):.1f} %")
    print(f"mutations judged not equivalent (counterexample validated on both sides): {caught}/{total_mut} = "
          f"{100 * caught / max(1, total_mut):.1f} %; counterexamples failing validation: {bad_cx}")
    print(f"time per pair: median {statistics.median(times) * 1000:.0f} ms, worst {max(times) * 1000:.0f} ms "
          f"({len(times)} pairs)")
    if undecided:
        print("\nmutations not judged not-equivalent:")
        for line in undecided:
            print("  " + line)
    if args.part == "all":
        _bench_problems(args.quick, args.domains.split(",") if args.domains else None)


def _bench_problems(quick: bool, only: list[str] | None) -> None:
    from agentgen_sym.equiv import Kind, equiv_problems
    same = same_ok = changed = changed_ok = 0
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
            expected = Kind.EQUIVALENT if kind in PROBLEM_PAIRS else Kind.NOT_EQUIVALENT
            if kind in PROBLEM_PAIRS:
                same, same_ok = same + 1, same_ok + (verdict.kind is expected)
            else:
                changed, changed_ok = changed + 1, changed_ok + (verdict.kind is expected)
            if verdict.kind is not expected:
                missed.append(f"{name} {kind}: {verdict.kind.value}: {verdict.reason}")
    print(f"\nproblem pairs written another way judged equivalent: {same_ok}/{same} = {100 * same_ok / max(1, same):.1f} %")
    print(f"changed problems judged not equivalent: {changed_ok}/{changed} = {100 * changed_ok / max(1, changed):.1f} %")
    if times:
        print(f"time per problem pair: median {statistics.median(times) * 1000:.0f} ms, worst {max(times) * 1000:.0f} ms")
    for line in missed:
        print("  " + line)


if __name__ == "__main__":
    main()
