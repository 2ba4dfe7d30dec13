"""Training data from generated tasks: gold trajectories with thoughts, in agent-tuning formats.

``export(tasks_dir, fmt, out_file)`` reads a TASKS_DIR (see tasks.py), validates every plan,
plays it through the text environment and writes one record per task in the chosen format (formats.py), with sidecars.
"""

from .distances import MAX_STATES, distances_to_goal
from .card import write_card
from .export import ExportStats, Skipped, check_format, combine, export, export_many, export_tasks, read_dataset
from .formats import FORMATS, Format, meta_file
from .rules import domain_rules
from .tasks import ExportError, TaskEntry, read_tasks
from .thoughts import explain
from .trajectories import Trajectory, TrajectoryError, Turn, play, system_prompt

__all__ = [
    "ExportError",
    "ExportStats",
    "FORMATS",
    "Format",
    "MAX_STATES",
    "Skipped",
    "TaskEntry",
    "Trajectory",
    "TrajectoryError",
    "Turn",
    "distances_to_goal",
    "domain_rules",
    "explain",
    "check_format",
    "combine",
    "export",
    "export_many",
    "export_tasks",
    "meta_file",
    "play",
    "read_dataset",
    "read_tasks",
    "system_prompt",
    "write_card",
]
