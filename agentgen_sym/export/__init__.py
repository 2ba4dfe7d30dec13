"""Training data from generated tasks: gold trajectories with thoughts, in agent-tuning formats.

``export_folder(tasks_dir, fmt, out_file)`` reads a TASKS_DIR (``agentgen_sym.taskset``), validates every plan,
plays it through the text environment and writes one record per task in the chosen format (formats.py), with sidecars.
"""

from agentgen_sym.planners.distances import MAX_STATES, distances_to_goal
from agentgen_sym.export.card import write_card
from agentgen_sym.export.export import (ExportError, ExportStats, Skipped, check_format, combine, export_folder,
                                        export_many, export_tasks, read_dataset)
from agentgen_sym.export.formats import FORMATS, Format, meta_file
from agentgen_sym.wording.rules import domain_rules
from agentgen_sym.export.thoughts import explain
from agentgen_sym.export.trajectories import Trajectory, TrajectoryError, Turn, play

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
