"""Duplicates up to object renaming: two tasks are the same when a bijection of objects maps
one's typed objects, initial facts and goal onto the other's.

Each task becomes a labelled graph (object nodes labelled by type, fact nodes by
``static:``/``init:``/``goal:`` and predicate, edges by argument position) and two tasks count as the
same when their Weisfeiler-Lehman hashes are. Isomorphic graphs always share the hash, so no duplicate
gets through; two different tasks that share it are dropped too, which costs a candidate, never
correctness. An exact isomorphism test (VF2) settled such collisions before, and on symmetric domains
it was exponential: ferry's complete ``not-eq`` relation made one test outlast a whole generation run.
"""

from __future__ import annotations

import networkx as nx

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.task import GroundAtom

from .tasks import TaskSpec, mentions_only

WL_ITERATIONS = 4  # refinement rounds: facts reach objects two hops away through each other


def static_fact(item: ast.Atom | ast.FunctionValue) -> GroundAtom:
    """A static fact or function value as a fact node; values go into the predicate label."""
    if isinstance(item, ast.FunctionValue):
        return GroundAtom(f"{item.function.name}={item.value.value}", tuple(a.name for a in item.function.args))
    return GroundAtom(item.predicate, tuple(a.name for a in item.args))


def task_graph(spec: TaskSpec) -> nx.Graph:
    """Undirected is enough: node labels already tell facts from objects."""
    graph = nx.Graph()
    for obj in spec.objects:
        graph.add_node(("o", obj.name), label="object:" + ",".join(obj.types))
    kept = {o.name for o in spec.objects}
    static = [static_fact(item) for item in spec.static if mentions_only(item, kept)]
    for part, facts in (("static", static), ("init", spec.init), ("goal", spec.goal)):
        for fact in facts:
            node = (part, fact)  # static facts are part of the task: renaming must preserve them too
            graph.add_node(node, label=f"{part}:{fact.predicate}")
            for position, arg in enumerate(fact.args):
                if ("o", arg) not in graph:  # a domain constant: fixed, so labelled by its name
                    graph.add_node(("o", arg), label=f"constant:{arg}")
                graph.add_edge(node, ("o", arg), label=str(position))
    return graph


class Deduplicator:
    """Remembers the tasks seen so far; ``add`` says whether a task is new."""

    def __init__(self) -> None:
        self._seen: set[str] = set()

    def add(self, spec: TaskSpec) -> bool:
        key = _key(spec)
        if key in self._seen:
            return False
        self._seen.add(key)
        return True

    def remove(self, spec: TaskSpec) -> None:
        """Take back a task ``add`` accepted (a candidate the generation did not get to after all)."""
        self._seen.remove(_key(spec))


def _key(spec: TaskSpec) -> str:
    return nx.weisfeiler_lehman_graph_hash(task_graph(spec), node_attr="label", edge_attr="label",
                                           iterations=WL_ITERATIONS)
