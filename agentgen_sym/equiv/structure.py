"""Structural equivalence of two domains: a typed graph of each, and a renaming found as a graph isomorphism.

The graph has a node per type, constant, predicate (and each of its argument slots), function, action (and
each parameter), and per part of every formula and effect; edges carry the role (``pre``, ``eff``, ``cond``,
``then``, ``arg``, ...) and the sign is the ``not`` node on the path. Names are not labels, so two domains
that differ by a consistent renaming of types, predicates, actions, parameters and constants, the order of
parameters, of actions, of predicates and of predicate arguments give isomorphic graphs, and the isomorphism
is the renaming. Colour refinement (Weisfeiler-Leman, both edge directions) labels the nodes; it rejects most
non-isomorphic pairs without search, individualisation-refinement finds the isomorphism of the others, and the
rounds two nodes' colours agree on rank the candidates of a partial mapping when no isomorphism exists.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from itertools import count
from typing import Callable

import networkx as nx

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import conjuncts, effect_parts
from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.limits import checkpoint
from agentgen_sym.compiler.types import ROOT
from agentgen_sym.equiv.mapping import ActionMatch, Mapping

ROUNDS = 4
"""Colour refinement rounds: a node's colour sums up its neighbourhood this many edges deep."""

Node = tuple


class OutOfWork(AgentgenError, RuntimeError):
    """The isomorphism search used its node budget without an answer."""


class _Builder:
    """Builds the typed graph of one domain."""

    def __init__(self, domain: ast.Domain) -> None:
        self.g = nx.DiGraph()
        self.ids = count()
        types = {ROOT} | {t.name for t in domain.types} | {p for t in domain.types for p in t.types}
        for name in sorted(types):
            self.g.add_node(("type", name), label="type:object" if name == ROOT else "type")
        for decl in domain.types:
            for parent in decl.types or (() if decl.name == ROOT else (ROOT,)):  # `(:types a)` is `a - object`
                self.g.add_edge(("type", decl.name), ("type", parent), label="parent")
        for c in domain.constants:
            self.g.add_node(("const", c.name), label="const")
            self._typed(("const", c.name), c.types)
        for p in domain.predicates:
            self._signature("pred", p.name, p.parameters, "pred")
        for d in domain.derived:
            if ("pred", d.name) not in self.g:
                self._signature("pred", d.name, d.parameters, "pred")
        for f in domain.functions:
            self._signature("func", f.name, f.parameters, "func:total-cost" if f.name == "total-cost" else "func")
        for d in domain.derived:
            node = self._node("axiom")
            self.g.add_edge(node, ("pred", d.name), label="head")
            scope = {}
            for i, p in enumerate(d.parameters):
                var = self._node("var")
                self.g.add_edge(node, var, label="headvar")
                self.g.add_edge(var, ("slot", "pred", d.name, i), label="slot")
                self._typed(var, p.types)
                scope[p.name] = var
            self.g.add_edge(node, self._formula(d.body, scope), label="body")
        for a in domain.actions:
            node = ("action", a.name)
            self.g.add_node(node, label="action")
            scope = {}
            for i, p in enumerate(a.parameters):
                param = ("param", a.name, p.name, i)
                self.g.add_node(param, label="param")
                self.g.add_edge(node, param, label="param")
                self._typed(param, p.types)
                scope[p.name] = param
            self.g.add_edge(node, self._formula(a.precondition or ast.And(()), scope), label="pre")
            self.g.add_edge(node, self._effect(a.effect or ast.AndEffect(()), scope), label="eff")

    def _node(self, label: str) -> Node:
        node = ("n", next(self.ids))
        self.g.add_node(node, label=label)
        return node

    def _typed(self, node: Node, types: tuple[str, ...]) -> None:
        for t in types or (ROOT,):
            if ("type", t) not in self.g:
                self.g.add_node(("type", t), label="type")
            self.g.add_edge(node, ("type", t), label="type")

    def _signature(self, kind: str, name: str, parameters: tuple[ast.TypedName, ...], label: str) -> None:
        self.g.add_node((kind, name), label=f"{label}/{len(parameters)}")
        for i, p in enumerate(parameters):
            slot = ("slot", kind, name, i)
            self.g.add_node(slot, label="slot")
            self.g.add_edge(slot, (kind, name), label="slot-of")
            self._typed(slot, p.types)

    def _term(self, term: ast.Term, scope: dict[str, Node]) -> Node:
        if isinstance(term, ast.Variable):
            return scope.get(term.name) or self._node("free-var")
        if ("const", term.name) not in self.g:
            self.g.add_node(("const", term.name), label="const")
        return ("const", term.name)

    def _call(self, label: str, kind: str, name: str, args: tuple[ast.Term, ...], scope: dict[str, Node]) -> Node:
        node = self._node(label)
        if (kind, name) not in self.g:
            self.g.add_node((kind, name), label=f"undeclared/{len(args)}")
        self.g.add_edge(node, (kind, name), label=kind)
        for i, term in enumerate(args):
            arg = self._node("arg")
            self.g.add_edge(node, arg, label="arg")
            slot = ("slot", kind, name, i)
            if slot not in self.g:
                self.g.add_node(slot, label="slot")
                self.g.add_edge(slot, (kind, name), label="slot-of")
            self.g.add_edge(arg, slot, label="slot")
            self.g.add_edge(arg, self._term(term, scope), label="term")
        return node

    def _bind(self, node: Node, variables: tuple[ast.TypedName, ...], scope: dict[str, Node]) -> dict[str, Node]:
        inner = dict(scope)
        for v in variables:
            var = self._node("var")
            self.g.add_edge(node, var, label="var")
            self._typed(var, v.types)
            inner[v.name] = var
        return inner

    def _formula(self, f: ast.Formula, scope: dict[str, Node]) -> Node:
        if isinstance(f, ast.Atom):
            return self._call("atom", "pred", f.predicate, f.args, scope)
        if isinstance(f, ast.Equals):
            node = self._node("=")
            for term in (f.left, f.right):
                self.g.add_edge(node, self._term(term, scope), label="eq")
            return node
        if isinstance(f, ast.Not):
            node = self._node("not")
            self.g.add_edge(node, self._formula(f.arg, scope), label="arg")
            return node
        if isinstance(f, (ast.And, ast.Or)):
            node = self._node("and" if isinstance(f, ast.And) else "or")
            parts = conjuncts(f) if isinstance(f, ast.And) else f.parts
            for part in dict.fromkeys(parts):  # a repeated part says nothing more
                self.g.add_edge(node, self._formula(part, scope), label="part")
            return node
        if isinstance(f, ast.Imply):
            node = self._node("imply")
            self.g.add_edge(node, self._formula(f.condition, scope), label="cond")
            self.g.add_edge(node, self._formula(f.consequence, scope), label="then")
            return node
        node = self._node("exists" if isinstance(f, ast.Exists) else "forall")
        self.g.add_edge(node, self._formula(f.body, self._bind(node, f.variables, scope)), label="body")
        return node

    def _effect(self, e: ast.Effect, scope: dict[str, Node]) -> Node:
        if isinstance(e, ast.AndEffect):
            node = self._node("and-eff")
            for part in net_effects(e):
                self.g.add_edge(node, self._effect(part, scope), label="part")
            return node
        if isinstance(e, ast.Atom):
            return self._call("add", "pred", e.predicate, e.args, scope)
        if isinstance(e, ast.Not):
            node = self._node("del")
            self.g.add_edge(node, self._effect(e.arg, scope), label="arg")
            return node
        if isinstance(e, ast.When):
            node = self._node("when")
            self.g.add_edge(node, self._formula(e.condition, scope), label="cond")
            self.g.add_edge(node, self._effect(e.effect, scope), label="then")
            return node
        if isinstance(e, ast.ForallEffect):
            node = self._node("forall-eff")
            self.g.add_edge(node, self._effect(e.effect, self._bind(node, e.variables, scope)), label="body")
            return node
        node = self._node("increase")
        self.g.add_edge(node, self._call("fterm", "func", e.fluent.name, e.fluent.args, scope), label="fluent")
        self.g.add_edge(node, self._numeric(e.amount, scope), label="amount")
        return node

    def _numeric(self, x: ast.NumericExpr, scope: dict[str, Node]) -> Node:
        if isinstance(x, ast.Number):
            return self._node(f"number:{x.value}")
        if isinstance(x, ast.FunctionTerm):
            return self._call("fterm", "func", x.name, x.args, scope)
        node = self._node(f"arith:{x.op}")
        ordered = x.op in ("-", "/")
        for i, part in enumerate(x.args):
            self.g.add_edge(node, self._numeric(part, scope), label=f"x{i}" if ordered else "x")
        return node


def net_effects(effect: ast.AndEffect) -> list[ast.Effect]:
    """The parts of a conjunctive effect that change something: repeats dropped, and a delete of an atom the same
    effect adds (adds win over deletes, in the validator and the grounder alike)."""
    parts = list(dict.fromkeys(effect_parts(effect)))
    added = {p for p in parts if isinstance(p, ast.Atom)}
    return [p for p in parts if not (isinstance(p, ast.Not) and p.arg in added)]


def domain_graph(domain: ast.Domain) -> nx.DiGraph:
    """The typed graph of ``domain`` (each node's ``label`` attribute names its kind, never its name)."""
    return _Builder(domain).g


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def refine(graphs: tuple[nx.DiGraph, ...], rounds: int = ROUNDS) -> None:
    """Colour refinement on ``graphs`` together: each node gets ``colors``, one colour per round, from its label
    and the multiset of (edge label, direction, neighbour colour). Equal colours are necessary for two nodes to
    correspond in an isomorphism; the round they stop agreeing measures how alike two nodes are."""
    for g in graphs:
        for n, data in g.nodes(data=True):
            data["colors"] = [_digest(data["label"])]
    for r in range(rounds):
        for g in graphs:
            checkpoint("refining colours for a renaming", heavy=True)
            new = {}
            for n, data in g.nodes(data=True):
                around = sorted([f">{d['label']}:{g.nodes[m]['colors'][r]}" for _, m, d in g.out_edges(n, data=True)]
                                + [f"<{d['label']}:{g.nodes[m]['colors'][r]}" for m, _, d in g.in_edges(n, data=True)])
                new[n] = _digest(data["colors"][r] + "|" + ",".join(around))
            for n, color in new.items():
                g.nodes[n]["colors"].append(color)


@dataclass(frozen=True)
class StructuralResult:
    """The outcome of the structural match: the renaming if one exists (``mapping``), else the best partial
    mapping; ``searched`` the search nodes used, ``decided`` False when the node budget ran out."""

    isomorphic: bool
    mapping: Mapping
    searched: int
    decided: bool


def match_domains(a: ast.Domain, b: ast.Domain, node_limit: int) -> StructuralResult:
    """The renaming that makes ``a`` into ``b`` if their graphs are isomorphic; else the best partial mapping."""
    ga, gb = domain_graph(a), domain_graph(b)
    iso, searched, decided = isomorphism(ga, gb, node_limit)
    if iso is not None:
        return StructuralResult(True, _mapping(iso), searched, True)
    return StructuralResult(False, partial_mapping(ga, gb), searched, decided)


def isomorphism(ga: nx.DiGraph, gb: nx.DiGraph, node_limit: int) -> tuple[dict[Node, Node] | None, int, bool]:
    """An isomorphism of two graphs whose nodes and edges carry a ``label`` (refined first: ``colors`` are added
    to the nodes), the search nodes used, and whether the search finished within ``node_limit``.

    Individualisation-refinement, not networkx's VF2: on graphs with large classes of alike nodes (scanalyzer's
    symmetric segments, a visitall grid) VF2 wandered for minutes, and the isomorphism it picks among several
    (a symmetric domain has automorphisms) follows set order, which changes with PYTHONHASHSEED; this search
    visits nodes in a fixed order, so the mapping and the work counted are the same on every run."""
    refine((ga, gb))
    same_colors = Counter(d["colors"][-1] for _, d in ga.nodes(data=True)) == \
        Counter(d["colors"][-1] for _, d in gb.nodes(data=True))
    if not same_colors or ga.number_of_edges() != gb.number_of_edges():
        return None, 0, True
    search = _Individualiser(ga, gb, node_limit)
    try:
        return search.run(), search.tested, True
    except OutOfWork:
        return None, search.tested, False


class _Individualiser:
    """Individualisation-refinement: refine colours to a stable partition of both graphs; while a class holds more
    than one node, give one node of A and, in turn, each node of B in its class a fresh colour and recurse.
    A partition into single nodes is a candidate bijection, kept when every edge maps to an edge with its label."""

    def __init__(self, ga: nx.DiGraph, gb: nx.DiGraph, limit: int) -> None:
        self.ga, self.gb, self.limit, self.tested = ga, gb, limit, 0
        self.order = {g: sorted(g.nodes, key=repr) for g in (ga, gb)}
        self.around = {g: {n: [(">", d["label"], m) for _, m, d in g.out_edges(n, data=True)]
                           + [("<", d["label"], m) for m, _, d in g.in_edges(n, data=True)] for n in g}
                       for g in (ga, gb)}

    def run(self) -> dict[Node, Node] | None:
        start = {n: self.ga.nodes[n]["colors"][-1] for n in self.ga}, {n: self.gb.nodes[n]["colors"][-1] for n in self.gb}
        return self._search(*start)

    def _stable(self, ca: dict, cb: dict) -> tuple[dict, dict]:
        """Both colourings refined until the number of classes stops growing (colours: small ints, shared by the
        two graphs within a round)."""
        classes = -1
        while True:
            checkpoint("searching for a renaming", heavy=True)
            names: dict[tuple, int] = {}
            new = []
            for g, c in ((self.ga, ca), (self.gb, cb)):
                around = self.around[g]
                out = {}
                for n in self.order[g]:
                    sig = (c[n], tuple(sorted((way, label, c[m]) for way, label, m in around[n])))
                    out[n] = names.setdefault(sig, len(names))
                new.append(out)
            ca, cb = new
            if len(names) == classes:
                return ca, cb
            classes = len(names)

    def _search(self, ca: dict, cb: dict) -> dict[Node, Node] | None:
        self.tested += 1
        if self.tested > self.limit:
            raise OutOfWork(f"isomorphism search used its {self.limit} nodes")
        ca, cb = self._stable(ca, cb)
        if Counter(ca.values()) != Counter(cb.values()):
            return None
        groups: dict[object, tuple[list, list]] = {}
        for n in self.order[self.ga]:
            groups.setdefault(ca[n], ([], []))[0].append(n)
        for n in self.order[self.gb]:
            groups[cb[n]][1].append(n)
        open_classes = sorted((len(xs), color) for color, (xs, _) in groups.items() if len(xs) > 1)
        if not open_classes:
            iso = {xs[0]: ys[0] for xs, ys in groups.values()}
            ok = all(self.gb.has_edge(iso[u], iso[v]) and self.gb.edges[iso[u], iso[v]]["label"] == d["label"]
                     for u, v, d in self.ga.edges(data=True))
            return iso if ok else None
        xs, ys = groups[open_classes[0][1]]
        for y in ys:
            fresh = -1 - self.tested  # a colour no refinement gives
            found = self._search(ca | {xs[0]: fresh}, cb | {y: fresh})
            if found is not None:
                return found
        return None


def _mapping(iso: dict[Node, Node]) -> Mapping:
    """The renaming an isomorphism of two domain graphs stands for."""
    m = Mapping()
    for n1, n2 in iso.items():
        kind = n1[0]
        if kind == "type":
            m.types[n1[1]] = n2[1]
        elif kind == "const":
            m.constants[n1[1]] = n2[1]
        elif kind == "pred":
            m.predicates[n1[1]] = n2[1]
        elif kind == "func":
            m.functions[n1[1]] = n2[1]
    for n1, n2 in iso.items():
        if n1[0] == "slot":
            _, kind, name, i = n1
            order = m.slots.setdefault(name, [0] * _arity(iso, kind, name))
            order[i] = n2[3]
    m.slots.update({p: tuple(o) for p, o in m.slots.items()})
    for n1, n2 in iso.items():
        if n1[0] == "action":
            params = sorted((p for p in iso if p[0] == "param" and p[1] == n1[1]), key=lambda p: p[3])
            m.actions[n1[1]] = ActionMatch(n2[1], tuple(iso[p][3] for p in params))
    return m


def _arity(iso: dict[Node, Node], kind: str, name: str) -> int:
    return sum(1 for n in iso if n[0] == "slot" and n[1] == kind and n[2] == name)


def _similarity(c1: list[str], c2: list[str]) -> int:
    """The number of refinement rounds two nodes agree on (0 when even their kinds differ)."""
    return next((r for r in range(len(c1)) if c1[r] != c2[r]), len(c1))


def _assign(ga: nx.DiGraph, gb: nx.DiGraph, kind: str, fits=lambda x, y: True) -> list[tuple[Node, Node]]:
    """A greedy one-to-one assignment of ``kind`` nodes: most alike first (equal names, then more rounds of equal
    colour), declaration order breaking ties, so the result is the same on every run."""
    left = [n for n in ga if n[0] == kind]
    right = [n for n in gb if n[0] == kind]
    scored = []
    for i, x in enumerate(left):
        for j, y in enumerate(right):
            if fits(x, y) and ga.nodes[x]["colors"][0] == gb.nodes[y]["colors"][0]:
                same_name = x[1:] == y[1:]
                scored.append((-(100 * same_name + _similarity(ga.nodes[x]["colors"], gb.nodes[y]["colors"])), i, j))
    scored.sort()
    used_l, used_r, out = set(), set(), []
    for _, i, j in scored:
        if i not in used_l and j not in used_r:
            used_l.add(i)
            used_r.add(j)
            out.append((left[i], right[j]))
    return out


def _pairing(ga: nx.DiGraph, gb: nx.DiGraph, left: list[Node], right: list[Node],
             bonus: Callable[[int, int], int] = lambda i, j: 0) -> tuple[int, ...]:
    """``order[i]``: the place in ``right`` paired with ``left[i]``, the most alike first (``bonus``, then the rounds
    of equal colour), position breaking ties."""
    scored = sorted((-bonus(i, j), -_similarity(ga.nodes[x]["colors"], gb.nodes[y]["colors"]), i, j)
                    for i, x in enumerate(left) for j, y in enumerate(right))
    order: dict[int, int] = {}
    for *_, i, j in scored:
        if i not in order and j not in order.values():
            order[i] = j
    return tuple(order[i] for i in range(len(left)))


def partial_mapping(ga: nx.DiGraph, gb: nx.DiGraph) -> Mapping:
    """The best renaming there is when no full one exists: every kind of name matched to its most alike
    counterpart, predicate arguments by the same likeness, action parameters by name, or when renamed by the
    predicate arguments they fill (read through the predicates matched here)."""
    m = Mapping()
    for x, y in _assign(ga, gb, "type"):
        m.types[x[1]] = y[1]
    for x, y in _assign(ga, gb, "const"):
        m.constants[x[1]] = y[1]
    slots = lambda g, p: sorted((n for n in g.predecessors(p) if n[0] == "slot"), key=lambda n: n[3])
    for x, y in _assign(ga, gb, "pred"):
        m.predicates[x[1]] = y[1]
        sx, sy = slots(ga, x), slots(gb, y)
        m.slots[x[1]] = _pairing(ga, gb, sx, sy) if len(sx) == len(sy) else tuple(range(len(sx)))
    for x, y in _assign(ga, gb, "func"):
        m.functions[x[1]] = y[1]
    params = lambda g, a: sorted((n for n in g.successors(a) if n[0] == "param"), key=lambda n: n[3])
    arity = lambda x, y: len(params(ga, x)) == len(params(gb, y))
    for x, y in _assign(ga, gb, "action", arity):
        px, py = params(ga, x), params(gb, y)
        by_name = {n[2]: j for j, n in enumerate(py)}
        if set(by_name) == {n[2] for n in px}:
            order = tuple(by_name[n[2]] for n in px)
        else:
            uses_a, uses_b = _uses(ga, px, m), _uses(gb, py, Mapping())
            order = _pairing(ga, gb, px, py, lambda i, j: sum((uses_a[i] & uses_b[j]).values()))
        m.actions[x[1]] = ActionMatch(y[1], order)
    return m


def _uses(g: nx.DiGraph, params: list[Node], mapping: Mapping) -> list[Counter]:
    """Per parameter node, the predicate (or function) arguments it fills, in the mapping's names."""
    out = []
    for param in params:
        uses: Counter = Counter()
        for arg in g.predecessors(param):
            if g.edges[arg, param]["label"] != "term":
                continue
            for slot in g.successors(arg):
                if slot[0] == "slot":
                    _, kind, name, i = slot
                    order = mapping.slots.get(name)
                    names = mapping.predicates if kind == "pred" else mapping.functions
                    uses[(kind, names.get(name, name), order[i] if order and i < len(order) else i)] += 1
        out.append(uses)
    return out
