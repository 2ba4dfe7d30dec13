"""Near-duplicate environments: the same structure up to renaming of types, predicates, actions, variables.

An LLM asked about a dairy farm and about a cattle ranch may well write the same domain with
other names. A domain becomes a labelled graph whose labels carry no names: predicate nodes
labelled by arity, type nodes (``object`` marked as the root), action nodes labelled by their
shape (parameter count, precondition atoms per polarity, add and delete counts), parameter
nodes, and one node per atom occurrence labelled by its role (``pre+``, ``pre-``, ``add``,
``del``, ...) linked to its predicate and, by argument position, to its parameters. As in
``generation/dedup.py``, a Weisfeiler-Lehman hash buckets domains and an exact isomorphism test
decides. Action costs, constants' names and comments do not count: they change no structure.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import networkx as nx

from agentgen_sym.compiler import ast

Node = tuple


@dataclass
class _Builder:
    domain: ast.Domain
    graph: nx.Graph = field(default_factory=nx.Graph)
    counter: int = 0

    def build(self) -> nx.Graph:
        g = self.graph
        g.add_node(("t", "object"), label="type:root")
        for t in self.domain.types:
            self._type(t.name)
            for parent in t.types:
                self._type(parent)
                g.add_edge(("t", t.name), ("t", parent), label="subtype")
        for c in self.domain.constants:
            g.add_node(("c", c.name), label="constant")
            for parent in c.types:
                self._type(parent)
                g.add_edge(("c", c.name), ("t", parent), label="type")
        for p in self.domain.predicates:
            g.add_node(("p", p.name), label=f"predicate/{len(p.parameters)}")
            for i, param in enumerate(p.parameters):
                for parent in param.types or ("object",):
                    self._type(parent)
                    g.add_edge(("p", p.name), ("t", parent), label=f"arg{i}")
        for action in self.domain.actions:
            self._action(action)
        return g

    def _type(self, name: str) -> None:
        if ("t", name) not in self.graph:
            self.graph.add_node(("t", name), label="type:root" if name == "object" else "type")

    def _action(self, action: ast.ActionSchema) -> None:
        g, node = self.graph, ("a", action.name)
        scope = {p.name: ("v", action.name, p.name) for p in action.parameters}
        g.add_node(node, label="action")
        for i, param in enumerate(action.parameters):
            self._variable(scope[param.name], param, "param", node, f"param{i}")
        roles: Counter[str] = Counter()
        if action.precondition is not None:
            self._formula(action.precondition, True, "pre", node, scope, roles)
        if action.effect is not None:
            self._effect(action.effect, node, scope, roles, "")
        shape = ",".join(f"{role}={n}" for role, n in sorted(roles.items()))
        g.nodes[node]["label"] = f"action/{len(action.parameters)}/{shape}"

    def _variable(self, var: Node, param: ast.TypedName, label: str, owner: Node, edge: str) -> None:
        self.graph.add_node(var, label=label)
        self.graph.add_edge(owner, var, label=edge)
        for parent in param.types or ("object",):
            self._type(parent)
            self.graph.add_edge(var, ("t", parent), label="type")

    def _atom(self, predicate: str | None, args: tuple[ast.Term, ...], role: str, owner: Node,
              scope: dict[str, Node], roles: Counter[str]) -> None:
        self.counter += 1
        node = ("x", self.counter)
        roles[role] += 1
        self.graph.add_node(node, label=role if predicate is not None else f"{role}:equality")
        self.graph.add_edge(owner, node, label="has")
        if predicate is not None:
            if ("p", predicate) not in self.graph:  # undeclared: cannot happen in a checked domain
                self.graph.add_node(("p", predicate), label=f"predicate/{len(args)}")
            self.graph.add_edge(node, ("p", predicate), label="predicate")
        for i, term in enumerate(args):
            if isinstance(term, ast.Variable) and term.name in scope:
                target = scope[term.name]
            else:
                target = ("c", term.name)
                if target not in self.graph:
                    self.graph.add_node(target, label="constant")
            # an atom may name one term twice (p ?x ?x): keep both positions on one edge
            old = self.graph.get_edge_data(node, target)
            label = f"arg{i}" if old is None else f"{old['label']}+arg{i}"
            self.graph.add_edge(node, target, label=label)

    def _formula(self, f: ast.Formula, positive: bool, where: str, owner: Node, scope: dict[str, Node],
                 roles: Counter[str]) -> None:
        sign = "+" if positive else "-"
        if isinstance(f, ast.Atom):
            self._atom(f.predicate, f.args, f"{where}{sign}", owner, scope, roles)
        elif isinstance(f, ast.Equals):
            self._atom(None, (f.left, f.right), f"{where}{sign}", owner, scope, roles)
        elif isinstance(f, ast.Not):
            self._formula(f.arg, not positive, where, owner, scope, roles)
        elif isinstance(f, (ast.And, ast.Or)):
            inner = where if isinstance(f, ast.And) and positive else f"{where}|"
            for part in f.parts:
                self._formula(part, positive, inner, owner, scope, roles)
        elif isinstance(f, ast.Imply):
            self._formula(f.condition, not positive, f"{where}|", owner, scope, roles)
            self._formula(f.consequence, positive, f"{where}|", owner, scope, roles)
        elif isinstance(f, (ast.Exists, ast.Forall)):
            quantifier = "E" if isinstance(f, ast.Exists) else "A"
            inner_scope = dict(scope)
            for v in f.variables:
                self.counter += 1
                inner_scope[v.name] = ("q", self.counter)
                self._variable(inner_scope[v.name], v, f"bound:{quantifier}", owner, "binds")
            self._formula(f.body, positive, f"{where}{quantifier}", owner, inner_scope, roles)

    def _effect(self, e: ast.Effect, owner: Node, scope: dict[str, Node], roles: Counter[str], prefix: str) -> None:
        if isinstance(e, ast.Atom):
            self._atom(e.predicate, e.args, f"{prefix}add", owner, scope, roles)
        elif isinstance(e, ast.Not) and isinstance(e.arg, ast.Atom):
            self._atom(e.arg.predicate, e.arg.args, f"{prefix}del", owner, scope, roles)
        elif isinstance(e, ast.AndEffect):
            for part in e.parts:
                self._effect(part, owner, scope, roles, prefix)
        elif isinstance(e, ast.ForallEffect):
            inner_scope = dict(scope)
            for v in e.variables:
                self.counter += 1
                inner_scope[v.name] = ("q", self.counter)
                self._variable(inner_scope[v.name], v, "bound:A", owner, "binds")
            self._effect(e.effect, owner, inner_scope, roles, prefix + "A")
        elif isinstance(e, ast.When):
            self._formula(e.condition, True, f"{prefix}when", owner, scope, roles)
            self._effect(e.effect, owner, scope, roles, prefix + "when-")
        # Increase (action costs): not structure


def domain_graph(domain: ast.Domain) -> nx.Graph:
    """The name-free labelled graph of a domain (see the module docstring)."""
    return _Builder(domain).build()


def signature(domain: ast.Domain) -> str:
    """A Weisfeiler-Lehman hash of the domain's graph: equal for domains equal up to renaming."""
    return nx.weisfeiler_lehman_graph_hash(domain_graph(domain), node_attr="label", edge_attr="label")


def shape(domain: ast.Domain) -> dict[str, list]:
    """A readable summary of what the signature abstracts: predicate arities and action shapes."""
    graph = domain_graph(domain)
    actions = sorted(graph.nodes[("a", a.name)]["label"] for a in domain.actions)
    return {"predicate_arities": sorted(len(p.parameters) for p in domain.predicates), "actions": actions}


class EnvDeduplicator:
    """Remembers accepted domains; ``find(domain)`` names an earlier one with the same structure."""

    def __init__(self) -> None:
        self._buckets: dict[str, list[tuple[str, nx.Graph]]] = {}

    def find(self, domain: ast.Domain) -> str | None:
        graph = domain_graph(domain)
        key = nx.weisfeiler_lehman_graph_hash(graph, node_attr="label", edge_attr="label")
        same = nx.algorithms.isomorphism.categorical_node_match("label", None)
        same_edge = nx.algorithms.isomorphism.categorical_edge_match("label", None)
        for env_id, other in self._buckets.get(key, []):
            if nx.is_isomorphic(graph, other, node_match=same, edge_match=same_edge):
                return env_id
        return None

    def add(self, env_id: str, domain: ast.Domain) -> None:
        graph = domain_graph(domain)
        key = nx.weisfeiler_lehman_graph_hash(graph, node_attr="label", edge_attr="label")
        self._buckets.setdefault(key, []).append((env_id, graph))

    def __len__(self) -> int:
        return sum(len(bucket) for bucket in self._buckets.values())
