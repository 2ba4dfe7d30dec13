"""LLM drafting: natural-language texts -> checked, repaired, solvable environments (the AgentGen recipe).

``draft_environment`` runs one text through the stages (see ``stages.py``); ``build`` runs many,
resumably, and continues with task generation, Bi-Evol (symbolic and LLM rewrites, all verified)
and trajectory export. Prompts are versioned files loaded by ``agentgen_sym.llm.prompts``.
Kept out of the top-level namespace, like ``agentgen_sym.llm``, so the compiler never imports ``openai``.
"""

from agentgen_sym.compiler.lazy import lazy_names

__getattr__, __dir__ = lazy_names(__name__, {
    "agentgen_sym.drafting.builder": ("BuildOptions", "BuildReport", "EnvSummary", "build"),
    "agentgen_sym.drafting.degenerate": ("DegenerateFinding", "find_degenerate"),
    "agentgen_sym.drafting.record": ("Record", "StageResult", "Verdict"),
    "agentgen_sym.drafting.fingerprint": ("EnvDeduplicator", "domain_graph", "signature"),
    "agentgen_sym.drafting.stages": ("REJECTIONS", "STAGES", "DraftOptions", "DraftResult", "draft_environment"),
})
del lazy_names

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
