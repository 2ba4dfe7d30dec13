"""reasoning-gym datasets of planning tasks (the ``reasoning`` extra): importing this package registers
``pddl/<domain>`` for every domain of the bundled corpus; ``register_pddl_dataset`` adds a user's own.

Each item asks for a plan in one turn (``question``), its answer is a validated gold plan, and ``score_answer``
replays any answer on the lifted model (``scoring``). Items come from a pool the generator makes once per domain and
seed problem (``pool``: measured optimal costs, cached on disk); curricula step through bands of those costs
(``curriculum``). The only package that imports reasoning_gym.
"""

from agentgen_sym.extras import install_hint

try:
    import reasoning_gym  # noqa: F401 (the extra: say which when it is missing)
except ImportError as exc:
    raise ImportError(f"agentgen_sym.reasoning needs reasoning-gym: {install_hint('reasoning')} ({exc})") from exc

from agentgen_sym.reasoning.curriculum import PddlCurriculum, cost_bands
from agentgen_sym.reasoning.dataset import PddlConfig, PddlDataset
from agentgen_sym.reasoning.pool import PoolOptions, ReasoningError
from agentgen_sym.reasoning.registry import register_benchmarks, register_corpus, register_pddl_dataset
from agentgen_sym.reasoning.scoring import FLOOR, Grade, Verdict, grade, score_answer

CORPUS_DATASETS = tuple(register_corpus())
"""The names registered on import: ``pddl/<domain>`` for each domain of the bundled corpus."""

__all__ = ["CORPUS_DATASETS", "FLOOR", "Grade", "PddlConfig", "PddlCurriculum", "PddlDataset", "PoolOptions",
           "ReasoningError", "Verdict", "cost_bands", "grade", "register_benchmarks", "register_corpus",
           "register_pddl_dataset", "score_answer"]
