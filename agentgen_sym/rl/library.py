"""A TASKS_DIR's tasks as environment cores, compiled on first use: what the gymnasium, TRL and verifiers
adapters read. Tasks are numbered by the index rule of ``env/catalog.py`` (sorted ids), as the server numbers them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.parser import parse_problem
from agentgen_sym.env.catalog import task_indices
from agentgen_sym.env.core import EnvCore
from agentgen_sym.env.framing import BARE
from agentgen_sym.env.profiles import DEFAULT_PROFILE, profile_named
from agentgen_sym.env.texttask import TextTask
from agentgen_sym.taskset import TaskEntry, read_folder


class TaskLibraryError(AgentgenError, ValueError):
    """A task that the library cannot name or play; the message says which and why."""


class TaskLibrary:
    """The tasks of one TASKS_DIR under one profile; ``options`` go to every ``EnvCore`` (reward, max_steps, ...)."""

    def __init__(self, tasks_dir: Path | str, profile: str = DEFAULT_PROFILE, **options: Any) -> None:
        try:
            self.profile = profile_named(profile)
        except ValueError as exc:
            raise TaskLibraryError(str(exc)) from None
        if not self.profile.rewards:
            raise TaskLibraryError(f"profile {profile!r} has no rewards to train on: use `agentgen-sym serve "
                                   f"--profile {profile}`; the adapters play the {DEFAULT_PROFILE!r} profile")
        self.folder = read_folder(Path(tasks_dir))
        self.templates = self.folder.templates
        entries = {e.id: e for e in self.folder.tasks}
        if not entries:
            raise TaskLibraryError(f"{tasks_dir}: no playable task in tasks.jsonl")
        order = task_indices(entries)
        self.entries: list[TaskEntry] = [entries[i] for i in sorted(order, key=order.__getitem__)]
        self.ids = {e.id: n for n, e in enumerate(self.entries)}
        self.options = options
        self._cores: dict[int, EnvCore] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def index(self, task: int | str) -> int:
        """The number of ``task``, given as its number or its id."""
        if isinstance(task, str) and task in self.ids:
            return self.ids[task]
        if isinstance(task, int) and not isinstance(task, bool) and 0 <= task < len(self.entries):
            return task
        raise TaskLibraryError(f"no task {task!r} in {self.folder.path} (ids, or numbers 0..{len(self.entries) - 1})")

    def core(self, task: int | str) -> EnvCore:
        """The environment core of ``task``, compiled on first use."""
        n = self.index(task)
        found = self._cores.get(n)
        if found is None:
            entry = self.entries[n]
            problem = parse_problem(self.folder.path / entry.problem_file)
            text = TextTask(compile_task(self.folder.domain, problem), self.templates)
            found = self._cores[n] = EnvCore(text, **self.options)
        return found

    def first_observation(self, core: EnvCore, facts: str) -> str:
        """The first observation of an episode: the goal line, a newline and the facts."""
        return BARE.opening(core.text.goal_line, facts)
