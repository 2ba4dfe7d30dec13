"""Task sets: the task model and the one reader and writer of a TASKS_DIR, below generation, export, serve,
eval and drafting (which all read or write task sets through here)."""

from agentgen_sym.compiler.lazy import lazy_names

__getattr__, __dir__ = lazy_names(__name__, {
    "agentgen_sym.taskset.folder": ("DOMAIN_FILE", "TASKS_FILE", "TaskFolder", "TaskSetError", "TaskUnplayable",
                                    "TooLargeToGround", "append_tasks", "check_entry", "compile_entry", "read_folder",
                                    "read_problem", "read_tasks", "write_tasks"),
    "agentgen_sym.taskset.model": ("DIRECTIONS", "FIGURES", "FLAGGED_DROPPED", "INVARIANT_DROPPED", "PROVED",
                                   "BadEntry", "GeneratedTask", "GenerationReport", "Origin", "TaskEntry", "TaskSet",
                                   "problem_file_of"),
})
del lazy_names

__all__ = ["BadEntry", "DIRECTIONS", "DOMAIN_FILE", "FIGURES", "FLAGGED_DROPPED", "GeneratedTask",
           "GenerationReport", "INVARIANT_DROPPED", "Origin", "PROVED", "TASKS_FILE", "TaskEntry", "TaskFolder",
           "TaskSet", "TaskSetError", "TaskUnplayable", "TooLargeToGround", "append_tasks", "check_entry",
           "compile_entry", "problem_file_of",
           "read_folder", "read_problem", "read_tasks", "write_tasks"]
