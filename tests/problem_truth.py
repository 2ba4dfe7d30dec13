"""Problem equivalence by its definition (Planetarium's), by brute force and independent of ``agentgen_sym``: two
problems of one domain are equivalent iff some renaming of objects (type for type) maps the first's initial state
onto the second's and its reachable goal states onto the second's. The reachable states come from pyperplan's
grounding (an anchor: its operators, our search of them), the renamings are every type-preserving permutation, and
the goals are read from the fixture's text. Only for the small problems of the fixtures: the renamings are n!."""

from __future__ import annotations

import re
import tempfile
from collections import deque
from itertools import permutations, product
from pathlib import Path

Fact = tuple[str, ...]
Literal = tuple[bool, Fact]

_LITERAL = re.compile(r"\((not\s*\()?\s*([^()\s]+)([^()]*)\)")


def goal_literals(goal: str) -> list[Literal]:
    """The literals of a conjunction written as ``(p a b) (not (q c))``, in order."""
    return [(not m.group(1), (m.group(2).lower(), *m.group(3).lower().split())) for m in _LITERAL.finditer(goal)]


def _fact(text: str) -> Fact:
    return tuple(text.strip("()").split())


class Problem:
    """A fixture problem: objects by type, initial facts and goal literals, with every reachable state."""

    def __init__(self, domain_file: Path, objects: dict[str, str], init: str, goal: str) -> None:
        from pyperplan.grounding import ground
        from pyperplan.pddl.parser import Parser

        self.objects = {o.lower(): t.lower() for o, t in objects.items()}
        self.goal = goal_literals(goal)
        positive = " ".join(f"({' '.join(f)})" for holds, f in self.goal if holds) or init.split(")")[0] + ")"
        declared = " ".join(f"{o} - {t}" if t != "object" else o for o, t in self.objects.items())
        name = re.search(r"\(domain\s+([^\s()]+)", domain_file.read_text(), re.I).group(1)
        text = (f"(define (problem p) (:domain {name}) (:objects {declared}) (:init {init}) "
                f"(:goal (and {positive})))")
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "problem.pddl"
            path.write_text(text)
            parser = Parser(str(domain_file), str(path))
            task = ground(parser.parse_problem(parser.parse_domain()), remove_statics_from_initial_state=False,
                          remove_irrelevant_operators=False)
        self.init = frozenset(_fact(f) for f in task.initial_state)
        self.reachable = self._explore(task)
        self.goal_states = {s for s in self.reachable if all((f in s) == holds for holds, f in self.goal)}

    @staticmethod
    def _explore(task) -> set[frozenset[Fact]]:
        seen = {task.initial_state}
        queue = deque(seen)
        while queue:
            state = queue.popleft()
            for op in task.operators:
                if op.applicable(state):
                    after = op.apply(state)
                    if after not in seen:
                        seen.add(after)
                        queue.append(after)
        return {frozenset(_fact(f) for f in s) for s in seen}


def _renamings(p: Problem, q: Problem):
    """Every bijection of ``p``'s objects onto ``q``'s that keeps each object's type."""
    by_type = lambda objects: {t: sorted(o for o in objects if objects[o] == t) for t in set(objects.values())}
    ps, qs = by_type(p.objects), by_type(q.objects)
    if {t: len(v) for t, v in ps.items()} != {t: len(v) for t, v in qs.items()}:
        return
    types = sorted(ps)
    for images in product(*(permutations(qs[t]) for t in types)):
        yield {o: image for t, imgs in zip(types, images) for o, image in zip(ps[t], imgs)}


def equivalent(p: Problem, q: Problem) -> bool:
    """Whether some renaming of objects makes ``p``'s initial state and reachable goal states ``q``'s."""
    moved = lambda state, r: frozenset((f[0], *(r.get(a, a) for a in f[1:])) for f in state)
    for renaming in _renamings(p, q):
        if moved(p.init, renaming) == q.init and {moved(s, renaming) for s in p.goal_states} == q.goal_states:
            return True
    return False
