"""Task generation without an LLM: random-walk goals, measured difficulty, Bi-Evol, even selection.

The task sets it makes, and their folders, are ``agentgen_sym.taskset``'s."""

from agentgen_sym.compiler.lazy import lazy_names

__getattr__, __dir__ = lazy_names(__name__, {
    "agentgen_sym.generation.generate": ("evolve_folder", "evolve_tasks", "generate_folder", "generate_tasks"),
})
del lazy_names

__all__ = ["evolve_folder", "evolve_tasks", "generate_folder", "generate_tasks"]
