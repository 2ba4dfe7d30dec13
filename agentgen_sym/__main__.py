"""``python -m agentgen_sym``: the same entry point as the ``agentgen-sym`` command."""

from agentgen_sym.cli import entry

entry()
