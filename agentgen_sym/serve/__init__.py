"""Generated environments as AgentGym-compatible HTTP servers (``agentgen-sym serve``) and their client.

The server side (``catalog``, ``pool``, ``app``, ``server``) needs the ``serve`` extra (FastAPI
and uvicorn); the client (``client``) needs only the standard library.
"""

from agentgen_sym.serve.client import (AgentGenEnvClient, AgentGenTask, EnvServerError, Evaluation, Experience,
                                       StepOutput, evaluate, parse_action)

__all__ = ["AgentGenEnvClient", "AgentGenTask", "EnvServerError", "Evaluation", "Experience", "StepOutput",
           "evaluate", "parse_action"]
