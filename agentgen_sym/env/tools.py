"""A domain's actions as tools: one per action, one string argument per PDDL parameter, named and documented by
one rule for every front end that offers them (TRL's environment class, the OpenEnv package's MCP tools, ``serve``'s
OpenEnv tool calls)."""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass
from typing import Any

from agentgen_sym.compiler import ast
from agentgen_sym.wording.templates import Templates

EPISODE_OVER = "The episode is over: no further action takes effect."
OPENENV_RESERVED = frozenset({"reset", "step", "state", "close"})
"""Tool names OpenEnv keeps for itself."""


def identifier(name: str, taken: set[str] | frozenset[str] = frozenset()) -> str:
    """A Python identifier for a PDDL name (``pick-up`` -> ``pick_up``, ``?from`` -> ``from_``), unique in ``taken``."""
    out = re.sub(r"\W+", "_", name.lstrip("?")).strip("_").lower() or "x"
    if out[0].isdigit() or keyword.iskeyword(out):
        out += "_"
    while out in taken:
        out += "_"
    return out


def tool_names(domain: ast.Domain, taken: set[str] | frozenset[str]) -> dict[str, tuple[str, list[str]]]:
    """Per action of ``domain``: the identifier of its tool, unique and none of ``taken`` (a taken name gets a
    trailing underscore), and one identifier per parameter (never ``self``)."""
    found: dict[str, tuple[str, list[str]]] = {}
    used = set(taken)
    for action in domain.actions:
        name = identifier(action.name, used)
        used.add(name)
        names: list[str] = []
        for parameter in action.parameters:
            names.append(identifier(parameter.name, {"self", *names}))
        found[action.name] = (name, names)
    return found


def tool_docstring(action: ast.Action, names: list[str], wording: str) -> str:
    """Google style, as transformers' ``get_json_schema`` reads it: a summary, then one line per argument."""
    example = wording.format(*(f"<{n}>" for n in names))
    lines = [f"Do the action: {example}.", "", "Args:"]
    for name, parameter in zip(names, action.parameters):
        lines.append(f"    {name}: {_argument(parameter)}")
    lines += ["", "Returns:", "    What the agent observes after the action."]
    return "\n".join(lines)


def _argument(parameter: ast.TypedName) -> str:
    kind = " or ".join(parameter.types) if parameter.types else "object"
    return f"the {kind} to act on (an object name of the task)"


@dataclass(frozen=True)
class Tool:
    """One action as a tool: its name, the action and the argument names in the action's parameter order."""

    name: str
    action: ast.Action
    arguments: tuple[str, ...]

    def spec(self, templates: Templates) -> dict[str, Any]:
        """The MCP tool listing (``name``, ``description``, ``inputSchema``: MCP's spelling, which OpenEnv's
        clients read too)."""
        summary = tool_docstring(self.action, list(self.arguments), templates.actions[self.action.name])
        return {"name": self.name, "description": summary.split("\n", 1)[0], "inputSchema": {
            "type": "object", "required": list(self.arguments), "additionalProperties": False,
            "properties": {n: {"type": "string", "description": _argument(p)}
                           for n, p in zip(self.arguments, self.action.parameters)}}}


def domain_tools(domain: ast.Domain, taken: set[str] | frozenset[str] = OPENENV_RESERVED) -> dict[str, Tool]:
    """The tools of ``domain`` by name."""
    by_action = {a.name: a for a in domain.actions}
    return {name: Tool(name, by_action[action], tuple(arguments))
            for action, (name, arguments) in tool_names(domain, taken).items()}
