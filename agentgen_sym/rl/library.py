"""A TASKS_DIR's tasks as environment cores: what the gymnasium, TRL and verifiers adapters read.

The folder is read as every other consumer reads it (``taskset.read_folder`` and ``compile_entry``: problem files
inside the folder, regular files within the parser's byte bound, checked against the domain), and every task is
compiled when the library is made, so a task that cannot be played is reported then (``skipped``, and a warning)
and left out, never met at a reset. The playable tasks are numbered by the index rule of ``env/catalog.py``
(sorted ids), as the server numbers them.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.compile import CompiledTask
from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.env.catalog import task_indices
from agentgen_sym.env.core import EnvCore
from agentgen_sym.env.framing import BARE
from agentgen_sym.env.profiles import DEFAULT_PROFILE, profile_named
from agentgen_sym.env.texttask import TextTask
from agentgen_sym.taskset import BadEntry, TaskEntry, TaskUnplayable, compile_entry, read_folder


class TaskLibraryError(AgentgenError, ValueError):
    """A folder the library cannot use at all, or a task it cannot name; the message says which and why."""


class TaskSkippedWarning(UserWarning):
    """A task of the folder that cannot be played and was left out; the message says which and why."""


class TaskLibrary:
    """The playable tasks of one TASKS_DIR under one profile; ``options`` go to every ``EnvCore`` (reward,
    max_steps, ...). ``skipped`` says which tasks were left out and why."""

    def __init__(self, tasks_dir: Path | str, profile: str = DEFAULT_PROFILE, **options: Any) -> None:
        try:
            self.profile = profile_named(profile)
        except ValueError as exc:
            raise TaskLibraryError(str(exc)) from None
        if not self.profile.rewards:
            raise TaskLibraryError(f"profile {profile!r} has no rewards to train on: use `agentgen-sym serve "
                                   f"--profile {profile}`; the adapters play the {DEFAULT_PROFILE!r} profile")
        self.folder = read_folder(Path(tasks_dir))  # TaskSetError when the folder cannot be used at all
        self.templates = self.folder.templates
        self.skipped: list[str] = []
        compiled: dict[str, CompiledTask] = {}
        for entry in self.folder.entries:
            if isinstance(entry, BadEntry):
                self._skip(entry.reason)  # it names the line
                continue
            try:
                compiled[entry.id] = compile_entry(self.folder, entry)
            except TaskUnplayable as exc:
                self._skip(f"task {entry.id}: {exc}")
        if not compiled:
            raise TaskLibraryError(f"{tasks_dir}: no playable task in tasks.jsonl"
                                   + (f" ({len(self.skipped)} skipped; the first: {self.skipped[0]})"
                                      if self.skipped else ""))
        order = task_indices(compiled)
        self.entries: list[TaskEntry] = [e for e in self.folder.tasks if e.id in compiled]
        self.entries.sort(key=lambda e: order[e.id])
        self.ids = {e.id: n for n, e in enumerate(self.entries)}
        self.options = options
        self._compiled = [compiled[e.id] for e in self.entries]
        self._cores: dict[int, EnvCore] = {}

    def _skip(self, what: str) -> None:
        self.skipped.append(f"{self.folder.path}: skipped {what}")
        warnings.warn(self.skipped[-1], TaskSkippedWarning, stacklevel=4)

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
            found = self._cores[n] = EnvCore(TextTask(self._compiled[n], self.templates),
                                             optimal_plan=self.entries[n].optimal_plan, **self.options)
        return found

    def problem(self, task: int | str) -> ast.Problem:
        """The problem of ``task``, as read from its file."""
        return self._compiled[self.index(task)].problem

    def first_observation(self, core: EnvCore, facts: str) -> str:
        """The first observation of an episode: the goal line, a newline and the facts."""
        return BARE.opening(core.text.goal_line, facts)
