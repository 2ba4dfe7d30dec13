"""``python -m agentgen_sym``: the same entry point as the ``agentgen-sym`` command."""

import sys

from agentgen_sym.cli import main

sys.exit(main())
