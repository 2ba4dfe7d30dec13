"""Task generation without an LLM: random-walk goals, measured difficulty, Bi-Evol, even selection."""

from .generate import GenerationReport, evolve, generate

__all__ = ["GenerationReport", "evolve", "generate"]
