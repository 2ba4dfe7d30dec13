"""`agentgen-sym eval` as a library: measure a model on task folders, scored as AgentBoard scores its PDDL games.

Loads ``openai`` (through the LLM client), so the top-level package imports it only on first use.
"""

from .agent import VanillaPrompt, read_action
from .report import EvalReport
from .run import PROFILES, EvalError, EvalOptions, evaluate

__all__ = ["EvalError", "EvalOptions", "EvalReport", "PROFILES", "VanillaPrompt", "evaluate", "read_action"]
