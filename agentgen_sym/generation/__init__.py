"""Task generation without an LLM: random-walk goals, measured difficulty, Bi-Evol, even selection.

The task sets it makes, and their folders, are ``agentgen_sym.taskset``'s."""

from agentgen_sym.generation.generate import evolve_folder, evolve_tasks, generate_folder, generate_tasks

__all__ = ["evolve_folder", "evolve_tasks", "generate_folder", "generate_tasks"]
