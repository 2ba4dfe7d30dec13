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

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from hashlib import blake2b

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.task import GroundAction, GroundAtom

from agentgen_sym.generation.tasks import TaskSpec, mentions_only

WL_ITERATIONS = 4  # refinement rounds: facts reach objects two hops away through each other


def static_fact(item: ast.Atom | ast.FunctionValue) -> GroundAtom:
    """A static fact or function value as a fact node; values go into the predicate label."""
    if isinstance(item, ast.FunctionValue):
        return GroundAtom(f"{item.function.name}={item.value.value}", tuple(a.name for a in item.function.args))
    return GroundAtom(item.predicate, tuple(a.name for a in item.args))


Node = tuple
"""An object ``("o", name)`` or a fact ``(part, GroundAtom)``, part one of static, init, goal, not-goal."""


def task_graph(spec: TaskSpec) -> tuple[dict[Node, str], dict[Node, dict[Node, str]]]:
    """The task's graph as node labels and adjacency (neighbour: edge label, the argument position); undirected
    is enough, node labels already tell facts from objects. A node or edge added twice keeps its last label."""
    labels: dict[Node, str] = {("o", obj.name): "object:" + ",".join(obj.types) for obj in spec.objects}
    edges: dict[Node, dict[Node, str]] = {}
    static = [static_fact(item) for item in spec.static if mentions_only(item, spec.names())]
    for part, facts in (("static", static), ("init", spec.init), ("goal", spec.goal), ("not-goal", spec.negative)):
        for fact in facts:
            node = (part, fact)  # static facts are part of the task: renaming must preserve them too
            labels[node] = f"{part}:{fact.predicate}"
            for position, arg in enumerate(fact.args):
                obj = ("o", arg)
                if obj not in labels:  # a domain constant: fixed, so labelled by its name
                    labels[obj] = f"constant:{arg}"
                edges.setdefault(node, {})[obj] = edges.setdefault(obj, {})[node] = str(position)
    return labels, edges


class Deduplicator:
    """Remembers the tasks seen so far; ``add`` says whether a task is new."""

    def __init__(self) -> None:
        self._seen: set[str] = set()

    def add(self, spec: TaskSpec, key: str | None = None) -> bool:
        """``key``: the spec's ``task_key`` when a unit of work computed it already."""
        key = key if key is not None else task_key(spec)
        if key in self._seen:
            return False
        self._seen.add(key)
        return True

    def remove(self, spec: TaskSpec) -> None:
        """Take back a task ``add`` accepted (a candidate the generation did not get to after all)."""
        self._seen.remove(task_key(spec))


def task_key(spec: TaskSpec) -> str:
    """The spec's Weisfeiler-Lehman hash: equal for tasks equal up to object renaming. The same string as
    networkx's ``weisfeiler_lehman_graph_hash`` (node and edge attribute ``label``, WL_ITERATIONS) of the
    graph, computed on plain dicts: networkx's graph views made it most of the generation driver's dedup time."""
    labels, edges = task_graph(spec)
    counts: list[tuple[str, int]] = []
    for _ in range(WL_ITERATIONS):
        labels = {node: _digest(label + "".join(sorted(edge + labels[other]
                                                       for other, edge in edges.get(node, {}).items())))
                  for node, label in labels.items()}
        counts.extend(sorted(Counter(labels.values()).items()))
    return _digest(str(tuple(counts)))


def near_key(spec: TaskSpec, plan: tuple[GroundAction, ...], end: Iterable[GroundAtom]) -> str:
    """The ``task_key`` of what a solved task is about: its objects that its gold ``plan`` or goal touches, its
    initial facts over those alone, and its goal completed with what the plan changes among them (``end``:
    the state the plan reaches). Two tasks whose goals differ by an atom their plans make true anyway, or
    whose objects differ only by ones the plans never use, share it: near-duplicates, one of which is enough."""
    touched = {arg for step in plan for arg in step.args} | {arg for f in spec.goal + spec.negative for arg in f.args}
    declared = {o.name for o in spec.objects}

    def inside(fact: GroundAtom) -> bool:
        return all(arg in touched or arg not in declared for arg in fact.args)  # a constant is always there

    before, after = set(spec.init), set(end)
    goal = set(spec.goal) | {f for f in after - before if inside(f)}
    negative = set(spec.negative) | {f for f in before - after if inside(f)}
    return task_key(replace(spec, objects=tuple(o for o in spec.objects if o.name in touched),
                            init=tuple(f for f in spec.init if inside(f)), goal=tuple(sorted(goal)),
                            negative=tuple(sorted(negative))))


def _digest(label: str) -> str:
    return blake2b(label.encode("ascii"), digest_size=16).hexdigest()
