"""Imported by a local pool's fork server (it is in ``PRELOAD``), never by the package itself.

Importing it loads what every process running generation units would otherwise load on its first unit:
the numba kernels (``kernels.load``: about 0.5 s) and matplotlib's pyplot for the difficulty plot (about
0.5 s). In the fork server that happens once; every worker forked from it, in every pool the process starts,
begins with them loaded. Before, each worker of each pool paid them, about 1 s of a 25 s two-worker run
that a driver running units itself pays only once.
"""

import matplotlib

matplotlib.use("Agg")  # the plot's backend, as taskset.report._plot sets it: no display in a worker
import matplotlib.pyplot  # noqa: E402,F401

from agentgen_sym.planners import kernels  # noqa: E402

if kernels.available():  # else the workers run the NumPy code while numba compiles them
    kernels.load()
