"""Curricula from measured difficulty: levels are bands of the optimal costs the generator measured in a pool.

Each level is one band ``(lo, hi)`` of gold costs that pool tasks have, the bands disjoint and in increasing order,
each holding about as many tasks as the next. The attribute is a reasoning-gym ``RangeAttributeDefinition`` over
``min_cost``/``max_cost`` whose levels are the bands themselves, so ``generate_configuration`` gives exactly one band
in every context mode, and ``CurriculumExperiment``'s increment and decrement move from one band to the next.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from reasoning_gym.coaching import BaseCurriculum, RangeAttributeDefinition

from agentgen_sym.reasoning.dataset import PddlConfig
from agentgen_sym.reasoning.pool import PoolSource, load_pool

LEVELS = 4
"""Bands per curriculum (fewer when the pool has fewer distinct costs)."""
ATTRIBUTE = "optimal_cost"


def cost_bands(costs: Sequence[int | float], levels: int = LEVELS) -> list[tuple[int | float, int | float]]:
    """``levels`` disjoint bands ``(lo, hi)`` over the distinct values of ``costs``, in increasing order, each band's
    ends values that occur, a band closed once it holds its share of the costs (so the bands hold about as many
    costs each)."""
    counts = sorted(Counter(costs).items())
    levels = min(levels, len(counts))
    bands: list[tuple[int | float, int | float]] = []
    start, taken = None, 0
    for k, (cost, count) in enumerate(counts):
        start = cost if start is None else start
        taken += count
        values_left, bands_left = len(counts) - k - 1, levels - len(bands) - 1
        if bands_left and (taken * levels >= len(costs) * (len(bands) + 1) or values_left == bands_left):
            bands.append((start, cost))
            start = None
    if start is not None:
        bands.append((start, counts[-1][0]))
    return bands


class PddlCurriculum(BaseCurriculum):
    """Levels of one pool's cost bands; reasoning-gym makes it with no argument, so a registration makes a subclass
    with its ``source``. Loads (or generates) the pool."""

    source: ClassVar[PoolSource]

    def __init__(self) -> None:
        super().__init__(self.source.name, PddlConfig)
        self._define_attributes(RangeAttributeDefinition(
            name=ATTRIBUTE, levels=cost_bands(load_pool(self.source).costs), lower_field_name="min_cost",
            upper_field_name="max_cost", description="the band of optimal plan costs the items come from"))

    def get_global_level(self) -> dict[str, Any]:
        """The current band as config fields. ``CurriculumExperiment.update_difficulty`` applies this dict to the
        dataset's config; reasoning-gym's own gives only the upper field, which would widen the band, not move it."""
        lo, hi = self.get_attr_value(ATTRIBUTE)
        return {"min_cost": lo, "max_cost": hi}
