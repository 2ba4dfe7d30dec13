"""Generated environments as AgentGym-compatible HTTP servers (``agentgen-sym serve``) and their client.

The server side (``catalog``, ``pool``, ``app``, ``wire``, ``batch``, ``openenv``, ``sockets``, ``protocol``,
``server``) needs the ``serve`` extra (FastAPI, uvicorn, websockets); it also speaks OpenEnv's protocol
(``openenv``) and steps many sessions per request (``batch``). The client (``client``) needs only the
standard library.
"""

from agentgen_sym.serve.client import (AgentGenEnvClient, AgentGenTask, EnvServerError, Evaluation, Experience,
                                       StepOutput, evaluate, parse_action)

__all__ = ["AgentGenEnvClient", "AgentGenTask", "EnvServerError", "Evaluation", "Experience", "StepOutput",
           "evaluate", "parse_action"]
