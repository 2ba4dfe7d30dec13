"""The verifiers 0.4 taskset id ``agentgen-sym-tasks``: verifiers resolves a taskset id to a top-level module whose
``__all__`` exports its Taskset and Env (``verifiers/v1/utils/loaders.py``), so this module names the ones of
``agentgen_sym.rl.verifiers_v1``."""

from agentgen_sym.rl.verifiers_v1 import PlanEnv, PlanTaskset

__all__ = ["PlanEnv", "PlanTaskset"]
