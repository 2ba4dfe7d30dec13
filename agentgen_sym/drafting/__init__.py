"""LLM drafting: natural-language texts -> checked, repaired, solvable environments (the AgentGen recipe).

``draft_environment`` runs one text through the stages (see ``stages.py``); ``build`` runs many,
resumably, and continues with task generation, Bi-Evol (symbolic and LLM rewrites, all verified)
and trajectory export. Prompts are versioned files in ``agentgen_sym/llm/prompts``.
Kept out of the top-level namespace, like ``agentgen_sym.llm``, so the compiler never imports ``openai``.
"""

from .build import BuildOptions, BuildReport, EnvSummary, build
from .lint import LintFinding, lint
from .prompts import Prompt, load_prompt, prompt_versions
from .record import Record, StageResult, Verdict
from .signature import EnvDeduplicator, domain_graph, signature
from .stages import REJECTIONS, STAGES, DraftOptions, DraftResult, draft_environment

__all__ = [
    "BuildOptions",
    "BuildReport",
    "DraftOptions",
    "DraftResult",
    "EnvDeduplicator",
    "EnvSummary",
    "LintFinding",
    "Prompt",
    "REJECTIONS",
    "Record",
    "STAGES",
    "StageResult",
    "Verdict",
    "build",
    "domain_graph",
    "draft_environment",
    "lint",
    "load_prompt",
    "prompt_versions",
    "signature",
]
