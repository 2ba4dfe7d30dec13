"""The type hierarchy of a domain: declared types, parents, subtype tests, cycles.

Types named only as a parent (``truck - vehicle`` without ``vehicle`` declared) are
declared implicitly, as Fast Downward's translator does; ``object`` is always the root.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import ast

ROOT = "object"


@dataclass
class TypeHierarchy:
    """Built once per domain by ``of`` and not changed afterwards: ancestor sets are memoized
    (a chain of n types would otherwise cost n^2 per grounding)."""

    parents: dict[str, set[str]] = field(default_factory=dict)
    _ancestors: dict[str, frozenset[str]] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, domain: ast.Domain) -> TypeHierarchy:
        hierarchy = cls({ROOT: set()})
        for decl in domain.types:
            hierarchy.parents.setdefault(decl.name, set()).update(decl.types)
            for parent in decl.types:
                hierarchy.parents.setdefault(parent, set())
        for name, parents in hierarchy.parents.items():
            if name != ROOT and not parents:
                parents.add(ROOT)
        return hierarchy

    def __contains__(self, name: str) -> bool:
        return name in self.parents

    def ancestors(self, name: str) -> frozenset[str]:
        """The type itself and every supertype (cycle-safe)."""
        known = self._ancestors.get(name)
        if known is not None:
            return known
        seen = {name}
        frontier = [name]
        while frontier:
            for parent in self.parents.get(frontier.pop(), ()):
                if parent not in seen:
                    seen.add(parent)
                    frontier.append(parent)
        known = self._ancestors[name] = frozenset(seen | {ROOT})
        return known

    def is_subtype(self, sub: str, sup: str) -> bool:
        return sup == ROOT or sup in self.ancestors(sub)

    def compatible(self, arg_types: tuple[str, ...], param_types: tuple[str, ...]) -> bool:
        """False only when the types are provably disjoint: no alternative of one lies
        under an alternative of the other (an untyped side is ``object``, compatible with all)."""
        if not arg_types or not param_types:
            return True
        return any(self.is_subtype(a, p) or self.is_subtype(p, a) for a in arg_types for p in param_types)

    def cycles(self) -> list[list[str]]:
        """Each cycle in the parent relation once, as the list of types along it.

        A depth-first search with an explicit stack: hierarchies thousands of types deep are legal."""
        found: list[list[str]] = []
        state: dict[str, int] = {}  # 1 on the current path, 2 done
        for start in sorted(self.parents):
            if start in state:
                continue
            path: list[str] = []
            stack = [(start, iter(sorted(self.parents.get(start, ()))))]
            state[start] = 1
            path.append(start)
            while stack:
                name, parents = stack[-1]
                parent = next(parents, None)
                if parent is None:
                    stack.pop()
                    path.pop()
                    state[name] = 2
                elif state.get(parent) == 1:
                    found.append(path[path.index(parent):] + [parent])
                elif parent not in state:
                    state[parent] = 1
                    path.append(parent)
                    stack.append((parent, iter(sorted(self.parents.get(parent, ())))))
        return found

    def objects_of(self, type_name: str, objects: dict[str, tuple[str, ...]]) -> list[str]:
        """Objects whose declared type lies under ``type_name`` (all objects for ``object``)."""
        return [o for o, types in objects.items()
                if type_name == ROOT or any(self.is_subtype(t, type_name) for t in types or (ROOT,))]
