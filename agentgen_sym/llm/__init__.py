"""The LLM side: configuration, an OpenAI-compatible client with retries and a disk cache, and safe extraction.

Kept out of the top-level ``agentgen_sym`` namespace so that importing the compiler never imports ``openai``.
"""

from agentgen_sym.compiler.lazy import lazy_names

__getattr__, __dir__ = lazy_names(__name__, {
    "agentgen_sym.llm.cache": ("ResponseCache", "request_key"),
    "agentgen_sym.llm.client": ("Completion", "CompletionStatus", "LLMClient", "Usage"),
    "agentgen_sym.llm.config": ("LLMConfig", "LLMConfigError", "LLMNotConfigured"),
    "agentgen_sym.llm.extract": ("ExtractStatus", "JsonExtraction", "PddlBlock", "PddlExtraction", "extract_json",
                                 "extract_pddl", "strip_fences"),
})
del lazy_names

__all__ = [
    "Completion",
    "CompletionStatus",
    "ExtractStatus",
    "JsonExtraction",
    "LLMClient",
    "LLMConfig",
    "LLMConfigError",
    "LLMNotConfigured",
    "PddlBlock",
    "PddlExtraction",
    "ResponseCache",
    "Usage",
    "extract_json",
    "extract_pddl",
    "request_key",
    "strip_fences",
]
