"""Task generation without an LLM: random-walk goals, measured difficulty, Bi-Evol, even selection."""

from .generate import (GeneratedTask, GenerationReport, TaskSet, evolve, evolve_tasks, generate, generate_tasks,
                       read_tasks, write_tasks)

__all__ = ["GeneratedTask", "GenerationReport", "TaskSet", "evolve", "evolve_tasks", "generate", "generate_tasks",
           "read_tasks", "write_tasks"]
