"""GroundTask: a grounded planning task as plain NumPy arrays — all that planners see.

The compiler builds it and the planners read it; this module imports neither (only the leaf
``compiler.limits``, for its limit checks), so both can import it (the compiler is the bottom
layer; ``planners`` imports nothing else from it).

Facts and operators carry structured names: ``facts[i]`` is a GroundAtom (predicate and
arguments), ``actions[a]`` a GroundAction (lifted action and arguments), both in the names of
the source files. They print as PDDL (``(on a b)``) and parse back here, and nowhere else.
A goal that is not a conjunction of facts is compiled into bookkeeping goal operators and a
goal fact (see the grounder); only this module tells them apart from the domain's own
(``action_mask``, ``plan_steps``, ``state_atoms``), so nothing downstream knows they exist.

States are rows of packed bits, ``uint64[n_words]``; fact ``i`` is bit ``i % 64`` of word
``i // 64``. Two sentinel facts follow the ``n_facts`` real ones: ``TRUE = n_facts`` is set
in every state and pads precondition index arrays, ``FALSE = n_facts + 1`` is never set and
pads negative-precondition index arrays, so no kernel handles ragged rows.

Operators (``n_ops`` of them):
  pre_idx  int32[n_ops, k]    facts that must be true (padded with TRUE)
  neg_idx  int32[n_ops, kn]   facts that must be false (padded with FALSE)
  add_bits, del_bits uint64[n_ops, n_words]   unconditional effects
  cost     int64[n_ops]
Conditional effects (``n_ce`` of them, grouped by operator: those of operator ``a`` are
``ce_start[a]:ce_start[a+1]``), each with its own condition and effects:
  ce_pre_idx int32[n_ce, kc], ce_neg_idx int32[n_ce, kcn], ce_add_bits, ce_del_bits uint64[n_ce, n_words]
Successor semantics (PDDL): conditions are read in the old state, deletes are applied
before adds, so an atom both added and deleted ends up true.
The goal is a conjunction of facts, ``goal_idx int32[g]``.

Axioms (``n_ax`` ground derived-predicate rules, sorted by ``ax_layer``; all empty when the
domain has none, and then nothing below costs anything):
  ax_head int32[n_ax]   ax_pre_idx int32[n_ax, ka] (padded with TRUE)   ax_neg_idx int32[n_ax, kan] (FALSE)
  ax_layer int32[n_ax]  stratum: a derived fact read negatively is complete in an earlier layer
  derived_idx int32[n_derived]  the derived facts (every head)
Derived facts are state bits like any other, but no operator sets them: after every transition
(and in ``init_bits``) they are cleared and recomputed, layer by layer, to the least fixpoint
of ``head <- pre and not neg``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from itertools import chain
from pathlib import Path
from typing import BinaryIO, NamedTuple

import numpy as np

from .limits import checkpoint
from .printer import ground_call

WORD = 64
PACK_ROWS = 4096  # rows of an operator matrix filled between two limit checks


def _parse_call(text: str) -> tuple[str, tuple[str, ...]]:
    words = text.strip().removeprefix("(").removesuffix(")").split()
    if not words:
        raise ValueError(f"not a PDDL call such as (name arg ...): {text!r}")
    return words[0].lower(), tuple(w.lower() for w in words[1:])


class GroundAtom(NamedTuple):
    """A ground fact: ``GroundAtom("on", ("a", "b"))`` prints as ``(on a b)``."""

    predicate: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return ground_call(self.predicate, self.args)

    @classmethod
    def parse(cls, text: str) -> GroundAtom:
        """``"(on a b)"`` -> GroundAtom (lower case, as the parser reads names)."""
        return cls(*_parse_call(text))


class GroundAction(NamedTuple):
    """A lifted action with its objects: ``GroundAction("stack", ("a", "b"))`` prints as ``(stack a b)``."""

    action: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return ground_call(self.action, self.args)

    @classmethod
    def parse(cls, text: str) -> GroundAction:
        return cls(*_parse_call(text))


GOAL_ACTION = GroundAction("*reach-goal*")
"""The bookkeeping operators of a compiled goal (``*`` is no PDDL name character: no clash)."""
GOAL_FACT = GroundAtom("*goal-reached*")
"""The fact they add; the task's goal is then this one fact."""


def n_words_for(n_facts: int) -> int:
    """Words per packed state: the real facts plus the TRUE and FALSE sentinels."""
    return (n_facts + 2 + WORD - 1) // WORD


def pack(bool_rows: np.ndarray, n_words: int) -> np.ndarray:
    """``bool[n, >= n_bits]`` -> ``uint64[n, n_words]`` (little-endian bit order)."""
    n = bool_rows.shape[0]
    padded = np.zeros((n, n_words * WORD), dtype=bool)
    padded[:, :bool_rows.shape[1]] = bool_rows
    return np.packbits(padded, axis=1, bitorder="little").view(np.uint64).reshape(n, n_words)


all_of, any_of = np.logical_and.reduce, np.logical_or.reduce
"""``ndarray.all``/``any`` as the ufunc reductions they call, without their Python wrapper: on the few rows an
environment step tests, that wrapper costs more than the test."""


def unpack(rows: np.ndarray, n_bits: int) -> np.ndarray:
    """``uint64[n, n_words]`` -> ``bool[n, n_bits]``."""
    rows = np.ascontiguousarray(rows)
    as_bytes = rows.view(np.uint8).reshape(rows.shape[0], rows.shape[1] * 8)
    return np.unpackbits(as_bytes, axis=1, count=n_bits, bitorder="little").view(bool)


@dataclass(frozen=True, eq=False, repr=False)
class GroundTask:
    facts: tuple[GroundAtom, ...]       # fact i (source names)
    actions: tuple[GroundAction, ...]   # the lifted action and arguments of operator a (source names)
    init_bits: np.ndarray               # uint64[n_words]
    goal_idx: np.ndarray                # int32[g]
    pre_idx: np.ndarray
    neg_idx: np.ndarray
    add_bits: np.ndarray
    del_bits: np.ndarray
    cost: np.ndarray
    ce_start: np.ndarray                # int32[n_ops + 1]
    ce_pre_idx: np.ndarray
    ce_neg_idx: np.ndarray
    ce_add_bits: np.ndarray
    ce_del_bits: np.ndarray
    ax_head: np.ndarray = field(default_factory=lambda: _no_indices(1))
    ax_pre_idx: np.ndarray = field(default_factory=lambda: _no_indices(2))
    ax_neg_idx: np.ndarray = field(default_factory=lambda: _no_indices(2))
    ax_layer: np.ndarray = field(default_factory=lambda: _no_indices(1))
    derived_idx: np.ndarray = field(default_factory=lambda: _no_indices(1))

    def __repr__(self) -> str:
        axioms = f", {self.n_axioms} axioms" if self.has_axioms else ""
        return (f"GroundTask({self.n_facts} facts, {self.n_ops} operators, "
                f"{self.ce_pre_idx.shape[0]} conditional effects{axioms}, {len(self.goal_idx)} goal facts)")

    # ------------------------------------------------------------------ sizes and features
    @property
    def n_facts(self) -> int:
        return len(self.facts)

    @property
    def n_ops(self) -> int:
        return len(self.actions)

    @property
    def n_words(self) -> int:
        return int(self.init_bits.shape[0])

    @property
    def true_fact(self) -> int:
        return self.n_facts

    @property
    def false_fact(self) -> int:
        return self.n_facts + 1

    @property
    def n_bits(self) -> int:
        return self.n_facts + 2

    @property
    def has_conditional_effects(self) -> bool:
        return self.ce_pre_idx.shape[0] > 0

    @property
    def n_axioms(self) -> int:
        return int(self.ax_head.shape[0])

    @property
    def has_axioms(self) -> bool:
        return self.n_axioms > 0

    @property
    def has_negative_preconditions(self) -> bool:
        return bool((self.neg_idx != self.false_fact).any()) or bool((self.ce_neg_idx != self.false_fact).any())

    @property
    def unit_cost(self) -> bool:
        """Every operator of a domain action costs 1 (the goal operators cost 0)."""
        real = self.action_mask
        return bool((self.cost[real] == 1).all()) and bool((self.cost[~real] == 0).all())

    def __getstate__(self) -> dict[str, object]:
        """Pickled without the lookups derived on demand (the cached properties): the receiver derives them
        if it needs them, and a grounding sent to another process stays a few arrays and name tables."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    # ------------------------------------------------------------------ names
    @cached_property
    def action_mask(self) -> np.ndarray:
        """``bool[n_ops]``: operators that are steps of a domain action (not goal bookkeeping)."""
        return np.array([action != GOAL_ACTION for action in self.actions], dtype=bool)

    @cached_property
    def goal_ops(self) -> np.ndarray:
        """``int[k]``: the goal bookkeeping's operators (a compiled negative or disjunctive goal), none for most."""
        return np.flatnonzero(~self.action_mask)

    @cached_property
    def deletable(self) -> np.ndarray:
        """``bool[n_facts]``: the facts some operator deletes, by an effect or a conditional one."""
        return self._touched(self.del_bits, self.ce_del_bits)

    @cached_property
    def addable(self) -> np.ndarray:
        """``bool[n_facts]``: the facts some operator adds, by an effect or a conditional one."""
        return self._touched(self.add_bits, self.ce_add_bits)

    def _touched(self, *rows: np.ndarray) -> np.ndarray:
        union = np.bitwise_or.reduce(np.concatenate([r.reshape(-1, self.n_words) for r in rows]), axis=0)
        return self.unpack(union[None, :])[0][:self.n_facts]

    @cached_property
    def atom_mask(self) -> np.ndarray:
        """``bool[n_facts]``: facts that are atoms of the domain (not the compiled goal's fact)."""
        return np.array([fact != GOAL_FACT for fact in self.facts], dtype=bool)

    @cached_property
    def fact_ids(self) -> dict[GroundAtom, int]:
        """The lookup from a fact to its id (facts never reached are absent)."""
        return {fact: i for i, fact in enumerate(self.facts)}

    @cached_property
    def action_ops(self) -> dict[GroundAction, tuple[int, ...]]:
        """The operators of each ground action, in id order (a disjunctive precondition gives several)."""
        ops: dict[GroundAction, list[int]] = {}
        for op in np.flatnonzero(self.action_mask).tolist():
            ops.setdefault(self.actions[op], []).append(op)
        return {action: tuple(found) for action, found in ops.items()}

    def plan_steps(self, op_ids: Iterable[int]) -> list[GroundAction]:
        """The domain actions of a sequence of operators (goal bookkeeping left out)."""
        return [self.actions[op] for op in op_ids if self.action_mask[op]]

    def state_atoms(self, row: np.ndarray) -> tuple[GroundAtom, ...]:
        """The basic facts true in packed state ``row``, as a problem's :init would list them
        (derived facts follow from the axioms and goal bookkeeping is no atom of the domain)."""
        bits = self.unpack(row[None, :])[0][:self.n_facts] & self.atom_mask
        bits[self.derived_idx] = False
        return tuple(self.facts[i] for i in np.flatnonzero(bits))

    def restricted(self, keep: np.ndarray) -> GroundTask:
        """The same task with only the operators ``keep: bool[n_ops]`` (facts unchanged; operator
        ``i`` of the result is ``np.flatnonzero(keep)[i]`` here)."""
        ops = np.flatnonzero(keep)
        ce = np.concatenate([np.arange(self.ce_start[a], self.ce_start[a + 1]) for a in ops] or [np.zeros(0, int)])
        counts = (self.ce_start[1:] - self.ce_start[:-1])[ops]
        return replace(
            self, actions=tuple(self.actions[i] for i in ops), pre_idx=self.pre_idx[ops], neg_idx=self.neg_idx[ops],
            add_bits=self.add_bits[ops], del_bits=self.del_bits[ops], cost=self.cost[ops],
            ce_start=np.concatenate([[0], np.cumsum(counts)]).astype(np.int32), ce_pre_idx=self.ce_pre_idx[ce],
            ce_neg_idx=self.ce_neg_idx[ce], ce_add_bits=self.ce_add_bits[ce], ce_del_bits=self.ce_del_bits[ce])

    def with_axioms(self, keep: np.ndarray) -> GroundTask:
        """The same task with only the axioms ``keep: bool[n_axioms]`` (facts unchanged: a derived fact
        none of them concludes stays false); the initial state's derived facts are derived again."""
        task = replace(self, ax_head=self.ax_head[keep], ax_pre_idx=self.ax_pre_idx[keep],
                       ax_neg_idx=self.ax_neg_idx[keep], ax_layer=self.ax_layer[keep])
        init = task.derive(task.unpack(self.init_bits[None, :]))
        return replace(task, init_bits=pack(init, self.n_words)[0])

    def with_unit_costs(self) -> GroundTask:
        """The same task with every real operator costing 1 (goal operators stay free): what
        LAMA's heuristics see, since plan length guides a greedy search better than cost."""
        return replace(self, cost=self.action_mask.astype(np.int64))

    # ------------------------------------------------------------------ kernels (batched)
    def unpack(self, rows: np.ndarray) -> np.ndarray:
        return unpack(rows, self.n_bits)

    def applicable(self, states: np.ndarray) -> np.ndarray:
        """``bool[n, n_bits]`` states -> ``bool[n, n_ops]``: which operators apply in which state."""
        ok = all_of(states[:, self.pre_idx], axis=2)
        if self.neg_idx.shape[1]:
            ok &= ~any_of(states[:, self.neg_idx], axis=2)
        return ok

    def applies(self, states: np.ndarray, state_ids: np.ndarray, op_ids: np.ndarray) -> np.ndarray:
        """``bool[m]``: whether operator ``op_ids[j]`` applies in ``states[state_ids[j]]``; for a few
        candidate pairs (preferred operators) rather than every operator in every state."""
        ok = all_of(states[state_ids[:, None], self.pre_idx[op_ids]], axis=1)
        if self.neg_idx.shape[1]:
            ok &= ~any_of(states[state_ids[:, None], self.neg_idx[op_ids]], axis=1)
        return ok

    def is_goal(self, states: np.ndarray) -> np.ndarray:
        return all_of(states[:, self.goal_idx], axis=1)

    def goal_reached(self, states: np.ndarray) -> np.ndarray:
        """``bool[n]``: the goal holds in ``bool[n, n_bits]`` states, directly or (for a compiled goal)
        because one of its goal operators applies — what an agent playing domain actions sees."""
        reached = self.is_goal(states)
        goal_ops = self.goal_ops
        if goal_ops.size:  # only the goal operators' conditions, not every operator's
            applies = (all_of(states[:, self.pre_idx[goal_ops]], axis=2)
                       & ~any_of(states[:, self.neg_idx[goal_ops]], axis=2))
            reached |= any_of(applies, axis=1)
        return reached

    def successors(self, rows: np.ndarray, states: np.ndarray | None, state_ids: np.ndarray, op_ids: np.ndarray,
                   derive: Callable[[np.ndarray], np.ndarray] | None = None) -> np.ndarray:
        """Packed successors of ``rows[state_ids]`` by ``op_ids`` (pairs already known applicable);
        ``states`` is the unpacked form of ``rows``, read for conditional effects (None: the
        parents are unpacked here when needed, for a caller whose ``rows`` are many more).
        ``derive`` replaces ``self.derive`` (planners/successors.py passes a compiled one)."""
        parents = rows[state_ids]
        dels = self.del_bits[op_ids].copy()
        adds = self.add_bits[op_ids].copy()
        if self.has_conditional_effects:
            counts = self.ce_start[op_ids + 1] - self.ce_start[op_ids]
            pair_of_ce = np.repeat(np.arange(len(op_ids)), counts)
            if pair_of_ce.size:
                starts = np.repeat(self.ce_start[op_ids], counts)
                ce = starts + (np.arange(pair_of_ce.size) - np.repeat(np.cumsum(counts) - counts, counts))
                cond = self.unpack(parents[pair_of_ce]) if states is None else states[state_ids[pair_of_ce]]
                active = all_of(cond[np.arange(ce.size)[:, None], self.ce_pre_idx[ce]], axis=1)
                if self.ce_neg_idx.shape[1]:
                    active &= ~any_of(cond[np.arange(ce.size)[:, None], self.ce_neg_idx[ce]], axis=1)
                hit = pair_of_ce[active]
                np.bitwise_or.at(dels, hit, self.ce_del_bits[ce[active]])
                np.bitwise_or.at(adds, hit, self.ce_add_bits[ce[active]])
        after = (parents & ~dels) | adds
        return pack((derive or self.derive)(self.unpack(after)), self.n_words) if self.has_axioms else after

    def derive(self, states: np.ndarray) -> np.ndarray:
        """Recompute the derived facts of ``bool[n, n_bits]`` states in place (and return them).

        All derived facts are cleared, then each layer's axioms fire to a fixpoint. Semi-naive: after
        a layer's first round, a round tests only the states that gained a fact in the round before,
        and only the axioms reading one of those facts (nothing else can newly fire).
        """
        states[:, self.derived_idx] = False
        bounds = [0, *(np.flatnonzero(np.diff(self.ax_layer)) + 1).tolist(), self.n_axioms]
        for start, stop in zip(bounds, bounds[1:]):
            rows, axioms = np.arange(states.shape[0]), np.arange(start, stop)
            while rows.size and axioms.size:
                sub = states[rows]
                heads = self.ax_head[axioms]
                fire = (all_of(sub[:, self.ax_pre_idx[axioms]], axis=2)
                        & ~any_of(sub[:, self.ax_neg_idx[axioms]], axis=2) & ~sub[:, heads])
                r, a = np.nonzero(fire)
                states[rows[r], heads[a]] = True
                rows = rows[np.unique(r)]
                axioms = self._readers(np.unique(heads[a]))
                axioms = axioms[(axioms >= start) & (axioms < stop)]
        return states

    def _readers(self, facts: np.ndarray) -> np.ndarray:
        """The axioms with one of ``facts`` among their positive conditions (sorted, each once)."""
        start, items = self.reader_csr
        counts = start[facts + 1] - start[facts]
        first = np.repeat(start[facts] - (np.cumsum(counts) - counts), counts)
        return np.unique(items[first + np.arange(first.size)])

    @cached_property
    def reader_csr(self) -> tuple[np.ndarray, np.ndarray]:
        """CSR from each fact to the axioms reading it positively: ``start int64[n_bits + 1]``, items."""
        axiom = np.repeat(np.arange(self.n_axioms, dtype=np.int32), self.ax_pre_idx.shape[1])
        fact = self.ax_pre_idx.reshape(-1)
        start = np.zeros(self.n_bits + 1, dtype=np.int64)
        np.cumsum(np.bincount(fact, minlength=self.n_bits), out=start[1:])
        return start, axiom[np.argsort(fact, kind="stable")]

    # ------------------------------------------------------------------ persistence
    def save(self, target: Path | str | BinaryIO) -> None:
        """Write the task as ``.npz`` to a path or a binary stream: the arrays as they are, the name tables as JSON."""
        arrays = {f.name: getattr(self, f.name) for f in fields(self) if isinstance(getattr(self, f.name), np.ndarray)}
        names = {"facts": self.facts, "actions": self.actions}
        if isinstance(target, (str, Path)):
            with open(target, "wb") as handle:
                np.savez_compressed(handle, names=np.array(json.dumps(names)), **arrays)
        else:
            np.savez_compressed(target, names=np.array(json.dumps(names)), **arrays)

    @classmethod
    def load(cls, path: Path | str) -> GroundTask:
        with np.load(path, allow_pickle=False) as data:
            names = json.loads(str(data["names"]))
            arrays = {k: data[k] for k in data.files if k != "names"}
        return cls(facts=tuple(GroundAtom(p, tuple(args)) for p, args in names["facts"]),
                   actions=tuple(GroundAction(a, tuple(args)) for a, args in names["actions"]), **arrays)


@dataclass(frozen=True)
class ConditionalEffect:
    pre: tuple[int, ...] = ()
    neg: tuple[int, ...] = ()
    add: tuple[int, ...] = ()
    delete: tuple[int, ...] = ()


@dataclass(frozen=True)
class Axiom:
    """One ground axiom: ``head`` holds when every fact of ``pre`` is true and none of ``neg``;
    ``layer`` is its stratum."""

    head: int
    pre: tuple[int, ...] = ()
    neg: tuple[int, ...] = ()
    layer: int = 0


@dataclass(frozen=True)
class Operator:
    """One ground operator as fact-index lists: the grounder's output, packed by ``build_task``."""

    action: str
    args: tuple[str, ...]
    pre: tuple[int, ...] = ()
    neg: tuple[int, ...] = ()
    add: tuple[int, ...] = ()
    delete: tuple[int, ...] = ()
    cost: int = 1
    effects: tuple[ConditionalEffect, ...] = ()


def _no_indices(ndim: int) -> np.ndarray:
    return np.zeros((0,) * ndim, dtype=np.int32)


def _index_matrix(rows: list[tuple[int, ...]], pad: int) -> np.ndarray:
    width = max((len(r) for r in rows), default=0)
    out = np.full((len(rows), width), pad, dtype=np.int32)
    for i, row in enumerate(rows):
        out[i, :len(row)] = row
    return out


def _bits_matrix(rows: list[tuple[int, ...]], n_words: int) -> np.ndarray:
    """``pack`` of the rows' fact sets, set bit by bit: the dense ``bool[n, n_bits]`` it used to pack took
    2.5 GB and 13 s for 50,000 operators over 50,000 facts, in one step no time or memory limit could stop."""
    lengths = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
    facts = np.fromiter(chain.from_iterable(rows), dtype=np.int64, count=int(lengths.sum()))
    owners, bits = np.repeat(np.arange(len(rows)), lengths), np.left_shift(1, facts & 7).astype(np.uint8)
    out = np.zeros((len(rows), n_words * 8), dtype=np.uint8)  # pack's little-endian bytes
    bounds = np.searchsorted(owners, np.arange(0, len(rows) + PACK_ROWS, PACK_ROWS))
    for lo, hi in zip(bounds[:-1], bounds[1:]):  # the first write to each page costs: in steps a limit can stop
        checkpoint("packing the task", heavy=True)
        np.bitwise_or.at(out, (owners[lo:hi], facts[lo:hi] >> 3), bits[lo:hi])
    return out.view(np.uint64).reshape(len(rows), n_words)


def build_task(facts: Sequence[GroundAtom], init: list[int], goal: list[int], operators: list[Operator],
               axioms: Sequence[Axiom] = ()) -> GroundTask:
    """Pack fact-index lists into a GroundTask (sentinels, padding, CSR of conditional effects, axioms
    sorted by layer); the initial state gets its derived facts."""
    n_facts = len(facts)
    n_words = n_words_for(n_facts)
    true_fact, false_fact = n_facts, n_facts + 1
    init_dense = np.zeros((1, n_facts + 2), dtype=bool)
    init_dense[0, list(init)] = True
    init_dense[0, true_fact] = True
    effects = [e for op in operators for e in op.effects]
    counts = [len(op.effects) for op in operators]
    axioms = sorted(axioms, key=lambda ax: ax.layer)
    task = GroundTask(
        facts=tuple(facts),
        actions=tuple(GroundAction(op.action, tuple(op.args)) for op in operators),
        init_bits=pack(init_dense, n_words)[0], goal_idx=np.array(sorted(set(goal)), dtype=np.int32),
        pre_idx=_index_matrix([op.pre for op in operators], true_fact),
        neg_idx=_index_matrix([op.neg for op in operators], false_fact),
        add_bits=_bits_matrix([op.add for op in operators], n_words),
        del_bits=_bits_matrix([op.delete for op in operators], n_words),
        cost=np.array([op.cost for op in operators], dtype=np.int64),
        ce_start=np.concatenate([[0], np.cumsum(counts)]).astype(np.int32),
        ce_pre_idx=_index_matrix([e.pre for e in effects], true_fact),
        ce_neg_idx=_index_matrix([e.neg for e in effects], false_fact),
        ce_add_bits=_bits_matrix([e.add for e in effects], n_words),
        ce_del_bits=_bits_matrix([e.delete for e in effects], n_words),
        ax_head=np.array([ax.head for ax in axioms], dtype=np.int32),
        ax_pre_idx=_index_matrix([ax.pre for ax in axioms], true_fact),
        ax_neg_idx=_index_matrix([ax.neg for ax in axioms], false_fact),
        ax_layer=np.array([ax.layer for ax in axioms], dtype=np.int32),
        derived_idx=np.unique(np.array([ax.head for ax in axioms], dtype=np.int32)))
    if not task.has_axioms:
        return task
    return replace(task, init_bits=pack(task.derive(init_dense), n_words)[0])
