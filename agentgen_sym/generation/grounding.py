"""One grounding per domain and object set: candidates differ from it only in their initial state and goal.

Grounding explores the delete relaxation from the initial state, so the facts and operators it
keeps are closed under relaxed reachability. A candidate whose objects, static facts and costs
are those of a grounded problem and whose initial facts all lie in its fact table (a state some
walk reached, or a part of one) can reach nothing outside that table: its GroundTask is the cached
one with other ``init_bits`` and ``goal_idx``, and grounding it again would only rediscover a
subset of the same facts. A candidate outside every cached table is grounded afresh (and cached).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import static_predicates, uses_action_costs
from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.compile import CompiledTask
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.compiler.ground import ground
from agentgen_sym.compiler.limits import Budget
from agentgen_sym.compiler.task import GroundAtom, GroundTask, pack

from .tasks import TaskSpec


@dataclass(frozen=True, eq=False)
class _Base:
    compiled: CompiledTask
    fact_ids: dict[GroundAtom, int]


class Groundings:
    """Compiles candidates of one domain, grounding each object set once (per reachable region)."""

    def __init__(self, domain: ast.Domain) -> None:
        self.domain = domain
        self._bases: dict[tuple[str, ...], list[_Base]] = {}
        self.groundings = 0  # how many times the grounder ran (the rest reused a table)

    def compile(self, spec: TaskSpec, name: str) -> CompiledTask:
        """The candidate as a CompiledTask; raises PddlError or GroundingError like ``compile_task``."""
        problem = spec.problem(name, self.domain.name)
        key = tuple(o.name for o in spec.objects)
        for base in self._bases.get(key, ()):
            ids = base.fact_ids
            if all(f in ids for f in spec.init):
                if not all(f in ids for f in spec.goal):  # a goal fact no state reaches: unsolvable
                    goal = [base.compiled.ground.false_fact]
                else:
                    goal = sorted(ids[f] for f in spec.goal)
                return replace(base.compiled, problem=problem,
                               ground=_with_init_goal(base.compiled.ground, [ids[f] for f in spec.init], goal))
        compiled = self._ground(problem)
        self._bases.setdefault(key, []).append(_Base(compiled, compiled.ground.fact_ids))
        return compiled

    def _ground(self, problem: ast.Problem) -> CompiledTask:
        errors = [d for d in check(self.domain, problem, strict=False) if d.is_error]
        if errors:
            raise PddlError(errors)
        self.groundings += 1
        task, stats = ground(self.domain, problem, Budget(None, None))
        fixed = static_predicates(self.domain)
        static = frozenset(GroundAtom(a.predicate, tuple(t.name for t in a.args)) for a in problem.init
                           if isinstance(a, ast.Atom) and a.predicate in fixed)
        return CompiledTask(self.domain, problem, task, static, uses_action_costs(self.domain, problem), stats)


def _with_init_goal(task: GroundTask, init: list[int], goal: list[int]) -> GroundTask:
    """``task`` from another initial state (derived facts recomputed) towards a conjunctive goal."""
    dense = np.zeros((1, task.n_bits), dtype=bool)
    dense[0, init] = True
    dense[0, task.true_fact] = True
    if task.has_axioms:
        dense = task.derive(dense)
    return replace(task, init_bits=pack(dense, task.n_words)[0], goal_idx=np.array(goal, dtype=np.int32))
