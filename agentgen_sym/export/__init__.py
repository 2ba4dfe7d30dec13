"""Training data from generated tasks: gold trajectories with thoughts, in agent-tuning formats.

``export(tasks_dir, fmt, out_file)`` reads a TASKS_DIR (see tasks.py), validates every plan,
plays it through the text environment and writes one JSON Lines record per task.
"""

from .distances import MAX_STATES, distances_to_goal
from .export import ExportStats, Skipped, export, export_tasks
from .formats import FORMATS
from .rules import domain_rules
from .tasks import ExportError, TaskEntry, read_tasks
from .thoughts import explain
from .trajectories import Trajectory, TrajectoryError, Turn, play, system_prompt

__all__ = [
    "ExportError",
    "ExportStats",
    "FORMATS",
    "MAX_STATES",
    "Skipped",
    "TaskEntry",
    "Trajectory",
    "TrajectoryError",
    "Turn",
    "distances_to_goal",
    "domain_rules",
    "explain",
    "export",
    "export_tasks",
    "play",
    "read_tasks",
    "system_prompt",
]
