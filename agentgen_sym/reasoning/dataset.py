"""A reasoning-gym dataset over a pool of planning tasks: its config and the random-access dataset.

``dataset[i]`` draws one task of the pool whose gold (optimal) cost lies in the config's band, from a random stream
of its own (``Random(f"{seed}/{i}")``: the same config, seed and index give the same item in every process, and
datasets whose seeds differ by one share no item stream, as reasoning-gym's ``Random(seed + i)`` would make them).
The pool is read on first access, not when the dataset is made: ``len(dataset)`` is the config's size whatever the
pool holds, and reasoning-gym's ``get_score_answer_fn`` generates nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar

from reasoning_gym.dataset import ProceduralDataset

from agentgen_sym.reasoning.pool import Pool, PoolItem, PoolSource, ReasoningError, load_pool
from agentgen_sym.reasoning.question import ANSWER_FORMATS
from agentgen_sym.reasoning.scoring import COST_KEY, DOMAIN_KEY, WORDING_KEY, score_answer


@dataclass
class PddlConfig:
    """A dataset's options: the band of gold (optimal) costs its items come from (``min_cost..max_cost``; no upper
    bound when ``max_cost`` is None), how answers write actions (``answer_format``: ``question.ANSWER_FORMATS``),
    and reasoning-gym's ``seed`` and ``size``."""

    min_cost: int | float = 0
    max_cost: int | float | None = None
    answer_format: str = "pddl"
    seed: int | None = None
    size: int = 500

    def validate(self) -> None:
        """Raises ReasoningError (a ValueError) for options no dataset can have."""
        if self.answer_format not in ANSWER_FORMATS:
            raise ReasoningError(f"answer_format must be one of {', '.join(ANSWER_FORMATS)}, not "
                                 f"{self.answer_format!r}")
        if isinstance(self.size, bool) or not isinstance(self.size, int) or self.size < 1:
            raise ReasoningError(f"size must be a positive integer, not {self.size!r}")
        if self.max_cost is not None and self.max_cost < self.min_cost:
            raise ReasoningError(f"the cost band is empty: min_cost {self.min_cost} > max_cost {self.max_cost}")


class PddlDataset(ProceduralDataset):
    """Single-turn plan questions of one domain; ``source`` (set on the class a registration makes) names the pool."""

    source: ClassVar[PoolSource]

    def __init__(self, config: PddlConfig) -> None:
        super().__init__(config=config, seed=config.seed, size=config.size)
        self._pool: Pool | None = None
        self._items: tuple[PoolItem, ...] = ()

    @property
    def pool(self) -> Pool:
        """The pool, loaded (or generated) on first use, with the items of the config's band."""
        if self._pool is None:
            pool = load_pool(self.source)
            items = pool.within(self.config.min_cost, self.config.max_cost)
            if not items:
                raise ReasoningError(f"{self.source.name}: no task with a gold cost in {self.band(pool)}; the pool's "
                                     f"costs run {pool.costs[0]}..{pool.costs[-1]}")
            self._pool, self._items = pool, items
        return self._pool

    def band(self, pool: Pool) -> tuple[int | float, int | float]:
        """The config's cost band, an open upper end closed at the pool's highest cost."""
        return self.config.min_cost, pool.costs[-1] if self.config.max_cost is None else self.config.max_cost

    def __getitem__(self, idx: int) -> dict[str, Any]:
        pool = self.pool
        item = self._items[Random(f"{self.seed}/{idx}").randrange(len(self._items))]
        form = self.config.answer_format
        meta = dict(item.meta, lineage=[dict(e) for e in item.meta["lineage"]])
        return {"question": item.question[form], "answer": item.answer[form],
                "metadata": {"source_dataset": self.source.name, "source_index": idx,
                             "difficulty": {"optimal_cost": self.band(pool)}, COST_KEY: item.cost,
                             "optimal": item.optimal, "answer_format": form, "domain": pool.domain, **meta,
                             DOMAIN_KEY: pool.domain_pddl, WORDING_KEY: dict(pool.action_wording)}}

    def score_answer(self, answer: str | None, entry: dict[str, Any]) -> float:
        """By the lifted validator (``scoring``): 1.0 for an optimal plan, C*/C for a costlier valid one, a small
        floor for an invalid plan, 0.0 when nothing reads as a plan; never raises."""
        return score_answer(answer, entry)
