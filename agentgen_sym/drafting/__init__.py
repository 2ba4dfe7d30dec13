"""LLM drafting: natural-language texts -> checked, repaired, solvable environments (the AgentGen recipe).

``draft_environment`` runs one text through the stages (see ``stages.py``); ``build`` runs many,
resumably, and continues with task generation, Bi-Evol (symbolic and LLM rewrites, all verified)
and trajectory export. Prompts are versioned files loaded by ``agentgen_sym.llm.prompts``.
Kept out of the top-level namespace, like ``agentgen_sym.llm``, so the compiler never imports ``openai``.
"""

from agentgen_sym.drafting.builder import BuildOptions, BuildReport, EnvSummary, build
from agentgen_sym.drafting.degenerate import DegenerateFinding, find_degenerate
from agentgen_sym.drafting.record import Record, StageResult, Verdict
from agentgen_sym.drafting.fingerprint import EnvDeduplicator, domain_graph, signature
from agentgen_sym.drafting.stages import REJECTIONS, STAGES, DraftOptions, DraftResult, draft_environment

__all__ = [
    "BuildOptions",
    "BuildReport",
    "DegenerateFinding",
    "DraftOptions",
    "DraftResult",
    "EnvDeduplicator",
    "EnvSummary",
    "REJECTIONS",
    "Record",
    "STAGES",
    "StageResult",
    "Verdict",
    "build",
    "domain_graph",
    "draft_environment",
    "find_degenerate",
    "signature",
]
