"""The one root of every exception the project defines.

``except AgentgenError`` catches whatever agentgen-sym raises on purpose and nothing else (not a
library's error, not a bug's ``TypeError``). It lives in the bottom layer so that every package can
import it. Each project exception also keeps the builtin it refines (``class ConfigError(AgentgenError,
ValueError)``), so code that catches the builtin keeps working.
"""

from __future__ import annotations


class AgentgenError(Exception):
    """Base of every exception agentgen-sym defines."""
