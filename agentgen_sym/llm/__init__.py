"""The LLM side: configuration, an OpenAI-compatible client with retries and a disk cache, and safe extraction.

Kept out of the top-level ``agentgen_sym`` namespace so that importing the compiler never imports ``openai``.
"""

from agentgen_sym.llm.cache import ResponseCache, request_key
from agentgen_sym.llm.client import Completion, CompletionStatus, LLMClient, Usage
from agentgen_sym.llm.config import LLMConfig, LLMConfigError, LLMNotConfigured
from agentgen_sym.llm.extract import (ExtractStatus, JsonExtraction, PddlBlock, PddlExtraction, extract_json,
                                      extract_pddl, strip_fences)

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
