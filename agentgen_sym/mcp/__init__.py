"""The MCP server of ``agentgen-sym mcp``: parse, check, fix, solve, validate and equiv as tools over stdio for
coding agents, each taking PDDL text and answering with the JSON of the command's ``--format json``."""
