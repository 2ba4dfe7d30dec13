"""`agentgen-sym eval` as a library: measure a model on task folders, scored as AgentBoard scores its PDDL games.

Loads ``openai`` (through the LLM client), so the top-level package imports it only on first use.
"""

from agentgen_sym.compiler.lazy import lazy_names

__getattr__, __dir__ = lazy_names(__name__, {
    "agentgen_sym.evaluation.agent": ("VanillaPrompt", "read_action"),
    "agentgen_sym.evaluation.report": ("EvalReport",),
    "agentgen_sym.evaluation.run": ("EvalError", "EvalOptions", "evaluate"),
})
del lazy_names

__all__ = ["EvalError", "EvalOptions", "EvalReport", "VanillaPrompt", "evaluate", "read_action"]
