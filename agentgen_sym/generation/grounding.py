"""One grounding per domain and object set: candidates differ from it only in their initial state and goal.

Grounding explores the delete relaxation from the initial state, so the facts and operators it
keeps are closed under relaxed reachability. A candidate whose objects, static facts and costs
are those of a grounded problem and whose initial facts all lie in its fact table (a state some
walk reached, or a part of one) can reach nothing outside that table: its GroundTask is the cached
one with other ``init_bits`` and ``goal_idx``, and grounding it again would only rediscover a
subset of the same facts. A candidate outside every cached table is grounded afresh (and cached).

Which grounding a candidate gets depends on the candidates placed before it, so the choice is the
driver's (``Groundings.place``, in the generation's order) and names the grounding by the problem it
was made from (a ``Recipe``); wherever the candidate is measured, ``compile_on`` derives the candidate
from that grounding, made once per process (``base``, a bounded cache) or sent along: the same task
everywhere. A new grounding can come from a unit of work (``made_grounding``), so the driver places
candidates without grounding them itself, and it travels on with the candidate it was made for (a
``Grounding``: a fraction of a millisecond to pickle where grounding again takes milliseconds), and so
does the grounding of every later candidate placed on it: whichever worker measures a candidate grounds
nothing. How it travels is the executor's business (the units register it with ``share_by_type``: pickled
once however many units it goes with, and unpickled once per worker).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection
from dataclasses import dataclass, replace

import numpy as np

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.compile import CompiledTask, compile_task
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.compiler.ground import GroundingError, GroundingStats
from agentgen_sym.compiler.task import GroundAtom, GroundTask, pack

from agentgen_sym.generation.tasks import TaskSpec

CACHED_BASES = 64
"""Groundings a process keeps (least recently used dropped first): a worker serves many domains."""


@dataclass(frozen=True)
class Recipe:
    """The problem a grounding was made from: a candidate's (or the seed's) spec and name."""

    spec: TaskSpec
    name: str

    def key(self) -> tuple:
        return self.spec, self.spec.static, self.name  # TaskSpec's equality leaves its static facts out


@dataclass(frozen=True, eq=False)
class Grounding:
    """A recipe's CompiledTask without its ASTs (the domain is the job's, the problem the recipe's): what a
    process keeps of a grounding, and what travels to another."""

    ground: GroundTask
    static: frozenset[GroundAtom]
    stats: GroundingStats

    @property
    def fact_ids(self) -> dict[GroundAtom, int]:
        return self.ground.fact_ids


_bases: OrderedDict[tuple, Grounding] = OrderedDict()


def base(domain: ast.Domain, recipe: Recipe, made: Grounding | None = None) -> Grounding:
    """The grounding ``recipe`` names, made once per process or ``made`` elsewhere and sent along (its problem's
    name aside: a grounding made for a candidate's table serves its measurement); raises PddlError or
    GroundingError."""
    key = (domain, recipe.spec, recipe.spec.static)
    found = _bases.get(key)
    if found is None:
        if made is None:  # negative goals aside: they would compile into goal operators the others lack
            compiled = compile_task(domain, replace(recipe.spec, negative=()).problem(recipe.name, domain.name))
            made = Grounding(compiled.ground, compiled.static, compiled.stats)
        found = _bases[key] = made
        while len(_bases) > CACHED_BASES:
            _bases.popitem(last=False)
    _bases.move_to_end(key)
    return found


def compile_on(domain: ast.Domain, recipe: Recipe, spec: TaskSpec, name: str, made: Grounding | None = None
               ) -> CompiledTask:
    """The candidate as a CompiledTask, derived from the grounding ``recipe`` names (its own, when it is one);
    ``made``: that grounding, when it was made in another process. A candidate with a negative goal fact is
    compiled on its own: the grounder turns such a goal into goal operators, which no shared table has."""
    if spec.negative:
        return compile_task(domain, spec.problem(name, domain.name))
    found = base(domain, recipe, made)
    ground = found.ground
    if (spec, spec.static) != (recipe.spec, recipe.spec.static):
        ids = found.fact_ids
        if not all(f in ids for f in spec.goal):  # a goal fact no state reaches: unsolvable
            goal = [ground.false_fact]
        else:
            goal = sorted(ids[f] for f in spec.goal)
        ground = _with_init_goal(ground, [ids[f] for f in spec.init], goal)
    return CompiledTask(domain, spec.problem(name, domain.name), ground, found.static, found.stats)


@dataclass(frozen=True)
class Ungroundable:
    """Why no grounding can be made for a candidate, as a value: found in a unit of work, raised in the driver."""

    code: str
    message: str


def made_grounding(domain: ast.Domain, spec: TaskSpec) -> Grounding | Ungroundable:
    """A grounding made for ``spec`` (kept in this process's cache too), or why none can be made: the part of
    ``Groundings.place`` a unit of work does, so the driver only places it."""
    try:
        return replace(base(domain, Recipe(spec, "candidate")))  # a copy: the cached one keeps no bytes
    except PddlError as exc:
        return Ungroundable(exc.diagnostics[0].code if exc.diagnostics else "E000", str(exc))
    except GroundingError as exc:
        return Ungroundable(exc.code, str(exc))


class Groundings:
    """Places the candidates of one generation on groundings, grounding each object set once (per reachable
    region); the first grounding whose fact table holds a candidate's initial facts is the one it gets."""

    def __init__(self, domain: ast.Domain) -> None:
        self.domain = domain
        self._placed: dict[tuple[str, ...], list[tuple[Recipe, Grounding]]] = {}  # by object names
        self.groundings = 0  # how many groundings were made (the rest reused a table)

    def fits(self, spec: TaskSpec) -> bool:
        """Whether a grounding made so far holds the candidate (``place`` would make none for it)."""
        return self._fitting(spec) is not None

    def place(self, spec: TaskSpec, name: str, made: Grounding | Ungroundable | None = None
              ) -> tuple[Recipe, Grounding]:
        """The grounding the candidate gets: its recipe (named after the candidate when it was made for it)
        and the grounding, to send along with the candidate; raises PddlError or GroundingError like
        ``compile_task`` when a new one cannot be made. ``made``: the ``made_grounding`` of the candidate, when
        a unit of work made it already (then nothing is grounded here)."""
        found = self._fitting(spec)
        if found is not None:
            return found
        recipe = Recipe(spec, name)
        if isinstance(made, Ungroundable):
            raise GroundingError(made.code, made.message)
        made = made if made is not None else base(self.domain, recipe)
        self.groundings += 1
        self._placed.setdefault(_object_names(spec), []).append((recipe, made))
        return recipe, made

    def _fitting(self, spec: TaskSpec) -> tuple[Recipe, Grounding] | None:
        for recipe, grounding in self._placed.get(_object_names(spec), ()):
            if holds_on(recipe, grounding.fact_ids, spec):
                return recipe, grounding
        return None

    def withdraw(self, recipe: Recipe) -> None:
        """Forget a grounding made for a candidate the generation takes back (the last made for its objects)."""
        placed = self._placed[_object_names(recipe.spec)]
        assert placed[-1][0] is recipe
        placed.pop()
        self.groundings -= 1

    def compile(self, spec: TaskSpec, name: str, made: Grounding | None = None) -> CompiledTask:
        """The candidate as a CompiledTask; raises PddlError or GroundingError like ``compile_task``. ``made``:
        as for ``place``."""
        recipe, placed = self.place(spec, name, made)
        return compile_on(self.domain, recipe, spec, name, placed)


def holds_on(recipe: Recipe, ids: Collection[GroundAtom], spec: TaskSpec) -> bool:
    """Whether the grounding ``recipe`` names, of fact table ``ids``, holds a candidate: the same objects and
    static facts, every initial fact in the table. Static facts decide which operators are grounded at all: on
    library-returns a candidate whose extra ``(belongs-in atlas-2 reference)`` was placed on a grounding without
    it lacked the steps that shelve the atlas there, and its 13-step plan passed as optimal for a 9-step task."""
    return (_object_names(recipe.spec) == _object_names(spec) and set(recipe.spec.static) == set(spec.static)
            and all(f in ids for f in spec.init))


def _object_names(spec: TaskSpec) -> tuple[str, ...]:
    return tuple(o.name for o in spec.objects)


def _with_init_goal(task: GroundTask, init: list[int], goal: list[int]) -> GroundTask:
    """``task`` from another initial state (derived facts recomputed) towards a conjunctive goal."""
    dense = np.zeros((1, task.n_bits), dtype=bool)
    dense[0, init] = True
    dense[0, task.true_fact] = True
    if task.has_axioms:
        dense = task.derive(dense)
    return replace(task, init_bits=pack(dense, task.n_words)[0], goal_idx=np.array(goal, dtype=np.int32))
