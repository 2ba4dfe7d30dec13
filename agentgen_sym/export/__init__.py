"""Training data from generated tasks: gold trajectories with thoughts, in agent-tuning formats.

``export_folder(tasks_dir, fmt, out_file)`` reads a TASKS_DIR (``agentgen_sym.taskset``), validates every plan,
plays it through the text environment and writes one record per task in the chosen format (formats.py), with sidecars.
"""

from agentgen_sym.compiler.lazy import lazy_names

__getattr__, __dir__ = lazy_names(__name__, {
    "agentgen_sym.planners.distances": ("MAX_STATES", "distances_to_goal"),
    "agentgen_sym.export.card": ("write_card",),
    "agentgen_sym.export.export": ("ExportError", "ExportStats", "Skipped", "check_format", "combine",
                                   "export_folder", "export_many", "export_tasks", "read_dataset"),
    "agentgen_sym.export.formats": ("FORMATS", "Format", "meta_file"),
    "agentgen_sym.wording.rules": ("domain_rules",),
    "agentgen_sym.export.thoughts": ("explain",),
    "agentgen_sym.export.trajectories": ("Trajectory", "TrajectoryError", "Turn", "play"),
})
del lazy_names

__all__ = [
    "ExportError",
    "ExportStats",
    "FORMATS",
    "Format",
    "MAX_STATES",
    "Skipped",
    "Trajectory",
    "TrajectoryError",
    "Turn",
    "distances_to_goal",
    "domain_rules",
    "explain",
    "check_format",
    "combine",
    "export_folder",
    "export_many",
    "export_tasks",
    "meta_file",
    "play",
    "read_dataset",
    "write_card",
]
