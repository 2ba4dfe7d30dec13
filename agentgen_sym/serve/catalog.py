"""The tasks a server offers: TASKS_DIRs read once, each task compiled once and shared.

A task's number (``data_idx``) follows ``env.catalog.data_indices``, the rule the AgentGym export
uses for ``item_id``: a task's ``item_id`` here is ``<domain>_<data_idx>``, as in an export (or a
combined export) of the same folders in the same order. Tasks are compiled on first use and kept
(one ``EnvCore`` per task file, shared by every environment playing it); a task that cannot be
compiled stays in the list, so numbers never shift, and answers every reset with the reason. A task whose grounding
would pass ``max_operators`` is served on the lifted model instead (``env.lifted.LiftedCore``: the same texts and
the success reward, nothing grounded), so a task too large to ground is still played.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.limits import SERVED_MAX_OPERATORS
from agentgen_sym.env.agentboard import AgentBoardError, Wording, wording_beside
from agentgen_sym.env.catalog import agentgym_item_id, data_indices
from agentgen_sym.env.core import EnvCore
from agentgen_sym.env.framing import AGENTGYM_ACK, instruction
from agentgen_sym.env.lifted import LiftedCore
from agentgen_sym.env.profiles import PlayableTask
from agentgen_sym.env.texttask import TextTask
from agentgen_sym.taskset import (DOMAIN_FILE, BadEntry, TaskEntry, TaskFolder, TaskSetError, TaskUnplayable,
                                  TooLargeToGround, check_entry, compile_entry, read_folder)


class CatalogError(AgentgenError):
    """A TASKS_DIR that cannot be served at all (the CLI's exit code 2)."""


class TaskUnavailable(AgentgenError):
    """A task of the catalog that cannot be played; the message says why."""


@dataclass(frozen=True)
class TaskInfo:
    """One task as ``GET /tasks`` lists it; ``item_id`` is the AgentGym export's ``<domain>_<data_idx>``."""

    data_idx: int
    task_id: str
    domain: str
    item_id: str
    difficulty: int | None
    folder: int

    def public(self) -> dict:
        return {"data_idx": self.data_idx, "id": self.task_id, "domain": self.domain, "item_id": self.item_id,
                "difficulty": self.difficulty}


@dataclass(frozen=True)
class Folder:
    read: TaskFolder
    entries: dict[str, TaskEntry]  # the usable ones, by id
    priming: tuple[dict, dict]
    wording: Wording  # the agentboard profile's: agentboard.json beside the domain, else the templates
    game: str | None  # AgentBoard's game named there, if any


class Catalog:
    """The tasks of one or more TASKS_DIRs, numbered by ``data_indices``; ``warnings`` lists skipped lines."""

    def __init__(self, tasks_dirs: list[Path], max_operators: int = SERVED_MAX_OPERATORS) -> None:
        self.max_operators = max_operators
        if not tasks_dirs:
            raise CatalogError("name at least one TASKS_DIR")
        self.folders: list[Folder] = []
        self.warnings: list[str] = []
        for raw in tasks_dirs:
            self.folders.append(self._read_folder(Path(raw)))
        self.tasks: list[TaskInfo] = []
        for data_idx, (position, task_id) in enumerate(data_indices([f.entries for f in self.folders])):
            folder = self.folders[position]
            domain = folder.read.domain.name
            difficulty = folder.entries[task_id].fields.get("difficulty")
            self.tasks.append(TaskInfo(data_idx, task_id, domain, agentgym_item_id(domain, data_idx),
                                       difficulty if isinstance(difficulty, int) else None, position))
        if not self.tasks:
            raise CatalogError(f"no task to serve in {', '.join(str(p) for p in tasks_dirs)}")
        self._compiled: dict[int, TextTask | LiftedCore | str] = {}
        self._lock = threading.Lock()
        self._cores: dict[int, EnvCore | LiftedCore] = {}

    def __len__(self) -> int:
        return len(self.tasks)

    def _read_folder(self, path: Path) -> Folder:
        try:  # the same reading, and the same refusals, as the export's
            read = read_folder(path)
            templates = read.templates
            wording, game = wording_beside(read.domain, path / DOMAIN_FILE)
        except (TaskSetError, AgentBoardError) as exc:
            raise CatalogError(str(exc)) from exc
        good: dict[str, TaskEntry] = {}
        for entry in read.entries:
            if isinstance(entry, BadEntry):
                self.warnings.append(f"{path}: skipped {entry.label}: {entry.reason}")
            else:
                good[entry.id] = entry
        priming = ({"from": "human", "loss": None, "value": instruction(templates)},
                   {"from": "gpt", "loss": False, "value": AGENTGYM_ACK})
        return Folder(read, good, priming, wording, game)

    def _compiled_task(self, data_idx: int) -> TextTask | LiftedCore:
        """The task compiled on first use: its shared text views, or its lifted core; raises TaskUnavailable."""
        found = self._compiled.get(data_idx)
        if found is None:
            with self._lock:
                found = self._compiled.get(data_idx)
                if found is None:
                    found = self._compiled[data_idx] = self._compile(self.tasks[data_idx])
        if isinstance(found, str):
            raise TaskUnavailable(found)
        return found

    def text(self, data_idx: int) -> TextTask:
        """A grounded task's shared text views; raises TaskUnavailable (for a task served lifted too)."""
        found = self._compiled_task(data_idx)
        if isinstance(found, LiftedCore):
            raise TaskUnavailable(f"task {self.tasks[data_idx].task_id} is played on the lifted model: it has no "
                                  "grounded text views")
        return found

    def core(self, data_idx: int) -> EnvCore | LiftedCore:
        """The task's environment core (its cached reading of action texts and pre-rendered observation
        sentences), made on first use; a task too large to ground has its lifted core. Raises TaskUnavailable."""
        found = self._cores.get(data_idx)
        if found is None:
            text = self._compiled_task(data_idx)
            if isinstance(text, LiftedCore):
                return text
            info = self.tasks[data_idx]
            plan = self.folders[info.folder].entries[info.task_id].optimal_plan
            with self._lock:
                found = self._cores.setdefault(data_idx, EnvCore(text, optimal_plan=plan))
        return found

    def warm(self) -> int:
        """Compile every task's core now, before serving: a first-use compile (measured 10-20 ms a task) stalls
        every step in flight behind it. Returns how many tasks are playable."""
        playable = 0
        for data_idx in range(len(self.tasks)):
            try:
                self.core(data_idx)
                playable += 1
            except TaskUnavailable:
                pass
        return playable

    def _compile(self, info: TaskInfo) -> TextTask | LiftedCore | str:
        folder = self.folders[info.folder]
        entry = folder.entries[info.task_id]
        try:
            try:
                compiled = compile_entry(folder.read, entry, self.max_operators)
            except TooLargeToGround:
                return LiftedCore(check_entry(folder.read, entry), folder.read.templates)
        except TaskUnplayable as exc:  # still numbered, as the export numbers it, but never played
            return f"task {info.task_id} cannot be played: {exc}"
        return TextTask(compiled, folder.read.templates)

    def playable(self, data_idx: int) -> PlayableTask:
        """The task as a profile builds its episodes from it; raises TaskUnavailable."""
        folder = self.folders[self.tasks[data_idx].folder]
        return PlayableTask(self.core(data_idx), folder.wording, folder.game)

    def priming(self, data_idx: int) -> tuple[dict, dict]:
        """AgentGym's two ``conversation_start`` messages for the task's domain (the export's first two turns)."""
        return self.folders[self.tasks[data_idx].folder].priming
