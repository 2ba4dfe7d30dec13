"""`agentgen-sym eval` as a library: measure a model on task folders, scored as AgentBoard scores its PDDL games.

Loads ``openai`` (through the LLM client), so the top-level package imports it only on first use.
"""

from agentgen_sym.evaluation.agent import VanillaPrompt, read_action
from agentgen_sym.evaluation.report import EvalReport
from agentgen_sym.evaluation.run import EvalError, EvalOptions, evaluate

__all__ = ["EvalError", "EvalOptions", "EvalReport", "VanillaPrompt", "evaluate", "read_action"]
