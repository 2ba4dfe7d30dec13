"""Measure a model on task folders: every task an episode of a ReAct agent, scored as AgentBoard scores.

``evaluate`` plays each task of the given TASKS_DIRs with the agent of ``agent.py`` over an
``LLMClient`` (so the same cache, retries and concurrency limit as drafting), in the text
environment of the chosen profile, at most ``max_steps`` steps. Each finished episode is appended
at once to ``OUT/logs/pddl.jsonl`` in AgentBoard's log format (``utils/logging/logger.py``,
``TaskLogger.save_sample_data_to_file_detailed``), so an interrupted run resumes where it stopped;
an episode whose LLM call still fails after the retries is reported and left out, so a rerun plays
it again (answers already received come from the cache). After ``max_endpoint_failures`` episodes in
a row failed so, the endpoint is taken to be down (as ``build`` does): no episode starts or takes
another step, and those are reported as not played. At the end the logs are rewritten in task order,
and the summary (``report.py``) is written beside them: scores only of the episodes that ran.
"""

from __future__ import annotations

import json
import statistics
import threading
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from agentgen_sym.compiler.compile import CompiledTask
from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.env.agentboard import AGENTBOARD_FILE, AgentBoardError, read_agentboard_file, wording_beside
from agentgen_sym.env.core import EnvCore, Step
from agentgen_sym.env.framing import FACTS
from agentgen_sym.env.profiles import DEFAULT_PROFILE, Episodes, PlayableTask, profile_named
from agentgen_sym.env.texttask import TextTask
from agentgen_sym.wording.rules import domain_rules
from agentgen_sym.files import write_atomic
from agentgen_sym.llm import CompletionStatus, LLMClient
from agentgen_sym.llm.config import MAX_ENDPOINT_FAILURES
from agentgen_sym.taskset import (DOMAIN_FILE, BadEntry, TaskEntry, TaskSetError, TaskUnplayable, compile_entry,
                                  read_folder)
from agentgen_sym.evaluation.agent import SYSTEM_MESSAGE, VanillaPrompt, example_text, read_action
from agentgen_sym.evaluation.report import EvalReport, summarize, write_outputs

LOG_NAME = "pddl"
"""AgentBoard's task name for its PDDL games: logs go to ``logs/pddl.jsonl`` and ``pddl.txt``."""
RUN_FILE = "run.json"


class EvalError(AgentgenError):
    """The evaluation cannot run at all (bad folder, an output folder of another run); exit code 2."""


@dataclass(frozen=True)
class EvalOptions:
    """``concurrency``: episodes played at once (None: the client's ``max_concurrency``);
    ``max_endpoint_failures``: stop after this many episodes in a row failed on the endpoint (0: never)."""

    profile: str = DEFAULT_PROFILE
    max_steps: int = 30
    concurrency: int | None = None
    stop: tuple[str, ...] | None = None
    max_endpoint_failures: int = MAX_ENDPOINT_FAILURES

    def __post_init__(self) -> None:
        profile_named(self.profile)  # ValueError for an unknown name
        if self.max_steps < 1 or (self.concurrency is not None and self.concurrency < 1):
            raise ValueError("max_steps and concurrency must be at least 1")
        if self.max_endpoint_failures < 0:
            raise ValueError("max_endpoint_failures must be at least 0 (0: never stop)")


@dataclass(frozen=True)
class EvalTask:
    """One task to play: ``index`` is AgentBoard's example id (folders in order, tasks by id)."""

    index: int
    folder: Path
    entry: TaskEntry
    compiled: CompiledTask
    level: str
    prompt: VanillaPrompt = field(repr=False)
    make: Callable[[], "Episode"] = field(repr=False)
    game: str | None = None

    @property
    def domain(self) -> str:
        """AgentBoard's game name when ``agentboard.json`` gives one (its logs' task_name), else the domain's."""
        return self.game or self.compiled.domain.name


class Episode:
    """One episode of a profile's ``Episodes`` in the shape of AgentBoard's ``step``: the goal apart, the first
    observation the facts alone (``framing.FACTS``), as its task loop reads them."""

    def __init__(self, episodes: Episodes) -> None:
        self.episodes = episodes
        self.row = episodes.open()
        self.goal = episodes.goal
        self.observation = episodes.observation(self.row)

    def step(self, action: str) -> Step:
        return self.episodes.step_many([self.row], [action])[0]

    def action_text(self, action: str, args: tuple[str, ...]) -> str:
        return self.episodes.action_text(action, args)

    @property
    def won(self) -> bool:
        return self.episodes.status(self.row).done


class EpisodeFailed(AgentgenError, RuntimeError):
    """An LLM call of the episode failed after the client's retries: the endpoint's failure, not scored."""

    def __init__(self, step: int, error: str) -> None:
        super().__init__(error)
        self.step = step


class EpisodeStopped(AgentgenError, RuntimeError):
    """The run stopped (the endpoint is down) before the episode finished: not played, not scored."""


def evaluate(tasks_dirs: list[Path] | Path, client: LLMClient, out: Path | str,
             options: EvalOptions = EvalOptions(),
             progress: Callable[[int, int], None] | None = None) -> EvalReport:
    """Play every task of ``tasks_dirs`` with the model behind ``client``; results and logs in ``out``.

    Returns the report (also written as ``out/report.json``). Raises EvalError when nothing can run.
    """
    folders = [Path(tasks_dirs)] if isinstance(tasks_dirs, (str, Path)) else [Path(d) for d in tasks_dirs]
    out = Path(out)
    tasks, skipped = load_tasks(folders, options)
    if not tasks:
        raise EvalError("no task to evaluate" + (f": {skipped[0]}" if skipped else ""))
    settings = {"model": client.config.model, "profile": options.profile, "max_steps": options.max_steps,
                "tasks": [[t.index, t.domain, t.entry.id] for t in tasks]}
    log = EpisodeLog(out, settings)
    done = log.resume()
    todo = [t for t in tasks if t.index not in done]
    errors: list[dict[str, Any]] = []
    stopped, failures_in_a_row = "", 0
    halt = threading.Event()  # set once the run stops: episodes in flight take no further step
    finished = len(tasks) - len(todo)
    if progress:
        progress(finished, len(tasks))
    workers = options.concurrency or client.config.max_concurrency
    waiting: list[EvalTask] = list(todo)
    running: dict[Future[dict[str, Any]], EvalTask] = {}
    pool = ThreadPoolExecutor(max_workers=workers)

    def start() -> None:
        """After an endpoint failure no episode starts while others are in flight (they tell whether the endpoint
        is back), so a dead endpoint is seen after one round of retries, not one round per free worker."""
        room = workers if failures_in_a_row == 0 or not options.max_endpoint_failures else int(not running)
        while waiting and len(running) < room and not stopped:
            task = waiting.pop(0)
            running[pool.submit(play, task, client, options, halt)] = task

    try:
        start()
        while running:
            ready, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in sorted(ready, key=lambda f: running[f].index):
                task = running.pop(future)
                try:
                    record = future.result()
                except EpisodeStopped:
                    waiting.append(task)
                    continue
                except EpisodeFailed as exc:
                    errors.append({**_named(task), "step": exc.step, "error": str(exc)})
                    failures_in_a_row += 1
                    if options.max_endpoint_failures and failures_in_a_row >= options.max_endpoint_failures \
                            and not stopped:
                        stopped = (f"stopped after {failures_in_a_row} episodes in a row failed on the endpoint "
                                   f"(last: {exc}); check it and rerun: finished episodes are kept")
                        halt.set()
                else:  # records are written by this thread only, as the episodes finish
                    failures_in_a_row = 0
                    log.append(record)
                    done[task.index] = record
                finished += 1
                if progress:
                    progress(finished, len(tasks))
            start()
    finally:  # interrupted: episodes in flight stop at their next step, the finished ones are in the log
        halt.set()
        pool.shutdown(wait=True, cancel_futures=True)
    not_run = sorted((_named(t) for t in waiting), key=lambda e: e["id"])
    records = [done[t.index] for t in tasks if t.index in done]
    log.rewrite(records)
    report = summarize(records, settings, sorted(errors, key=lambda e: e["id"]), skipped, not_run, stopped)
    write_outputs(out, report, records, options.max_steps)
    return report


def _named(task: EvalTask) -> dict[str, Any]:
    """An episode as the report names it: AgentBoard's id, the task's id, its folder and domain."""
    return {"id": task.index, "task_id": task.entry.id, "tasks_dir": str(task.folder), "domain": task.domain}


def play(task: EvalTask, client: LLMClient, options: EvalOptions,
         halt: threading.Event | None = None) -> dict[str, Any]:
    """One episode, as AgentBoard's ``EvalPddl.evaluate_env`` (tasks/pddl.py:100-166) runs it; EpisodeStopped
    when ``halt`` is set before it finishes, EpisodeFailed when an LLM call fails after the retries."""
    env = task.make()
    goal, first = env.goal, env.observation
    history: list[tuple[str, str]] = [("Observation", first)]
    trajectory: list[dict[str, Any]] = [{"Goal": goal, "id": 0}, {"Observation": first, "id": 0}]
    reward = last = 0.0
    valid = steps = 0
    changes: list[tuple[int, float]] = []
    params: dict[str, Any] = {"stop": list(options.stop)} if options.stop else {}
    for step_id in range(options.max_steps):
        if halt is not None and halt.is_set():
            raise EpisodeStopped(f"stopped before step {step_id}")
        completion = client.complete(task.prompt.messages(goal, history), **params)
        if completion.status is CompletionStatus.ERROR:  # the endpoint's failure, not the model's answer
            raise EpisodeFailed(step_id, f"step {step_id}: the LLM call failed: {completion.error}")
        action = read_action(completion.text)
        result = env.step(action)
        state, reward, finished = result.observation, result.info["progress_rate"], result.terminated
        steps = step_id + 1
        valid += bool(result.info.get("action_is_valid"))
        if reward > last:
            changes.append((step_id, reward))
        last = reward
        trajectory += [{"Action": action, "id": step_id}, {"Observation": state, "id": step_id},
                       {"Progress Rate": reward, "id": step_id}]
        history += [("Action", action), ("Observation", state)]
        if finished:
            break
    return log_record(task, goal, first, env.won, reward, valid / steps, changes, trajectory, steps)


def log_record(task: EvalTask, goal: str, first: str, won: bool, progress: float, grounding: float,
               changes: list[tuple[int, float]], trajectory: list[dict[str, Any]], steps: int) -> dict[str, Any]:
    """AgentBoard's detailed log record (logger.py, save_sample_data_to_file_detailed), then our own keys."""
    turns: dict[str, dict[str, Any]] = {}
    for item in trajectory:
        kind = next(iter(item))
        turns.setdefault(f"Interaction Turn {item['id']}", {})[kind] = item[kind]
    return {"id": task.index, "task_name": task.domain, "goal": goal, "difficulty": task.level,
            "is_done": bool(won), "progress_rate": float(progress), "grounding_acc": float(grounding),
            "score_change_record": [list(c) for c in changes], "trajectory": turns,
            "task_id": task.entry.id, "tasks_dir": task.folder.name, "steps": steps,
            "initial_observation": first, "difficulty_value": task.entry.fields.get("difficulty")}


# ---------------------------------------------------------------------- tasks


def load_tasks(folders: list[Path], options: EvalOptions) -> tuple[list[EvalTask], list[str]]:
    """Every usable task, numbered in folder order then id order; ``skipped`` says why others are not."""
    loaded: list[tuple[Path, TaskEntry, CompiledTask, VanillaPrompt, Callable[[CompiledTask], Any], str | None]] = []
    skipped: list[str] = []
    for folder in folders:
        try:
            read = read_folder(folder)
            domain, templates = read.domain, read.templates
            wording, game, extra = _wording(folder, domain)
        except (TaskSetError, AgentBoardError) as exc:
            raise EvalError(str(exc)) from exc
        compiled_tasks: list[tuple[TaskEntry, CompiledTask]] = []
        for entry in read.entries:
            if isinstance(entry, BadEntry):
                skipped.append(f"{folder}: {entry.reason}")
                continue
            try:
                compiled_tasks.append((entry, compile_entry(read, entry)))
            except TaskUnplayable as exc:
                skipped.append(f"{folder}: {entry.id}: {exc}")
        profile = profile_named(options.profile)

        def make(compiled: CompiledTask, wording: Any = wording, game: str | None = game,
                 templates: Any = templates) -> Episode:
            task = PlayableTask(EnvCore(TextTask(compiled, templates)), wording, game)
            return Episode(profile.episodes(task, FACTS, options.max_steps))

        instruction = extra.get("description") or domain_rules(templates)
        examples: dict[str, str | None] = {}
        for entry, compiled in compiled_tasks:
            example = extra.get("example") or _example(entry, compiled_tasks, make, examples)
            prompt = VanillaPrompt(instruction, example, extra.get("system") or SYSTEM_MESSAGE)
            loaded.append((folder, entry, compiled, prompt, make, game))
    levels = _levels([entry for _, entry, *_ in loaded])
    tasks = [EvalTask(i, folder, entry, compiled, levels[i], prompt, lambda c=compiled, m=make: m(c), game)
             for i, (folder, entry, compiled, prompt, make, game) in enumerate(loaded)]
    return tasks, skipped


def _wording(folder: Path, domain: Any) -> tuple[Any, str | None, dict[str, Any]]:
    """The agentboard profile's wording and game (``env.agentboard.wording_beside``), and the prompt pieces
    (description, example, system message) that ``agentboard.json`` may carry."""
    wording, game = wording_beside(domain, folder / DOMAIN_FILE)
    path = folder / AGENTBOARD_FILE
    return wording, game, read_agentboard_file(path) if path.is_file() else {}


def _example(entry: TaskEntry, tasks: list[tuple[TaskEntry, CompiledTask]], make: Callable[[CompiledTask], Any],
             made: dict[str, str | None]) -> str | None:
    """A worked example: the gold plan of the folder's shortest other task, played in the same profile
    (``made`` keeps the examples already played, by task id)."""
    others = [(len(e.plan), e.id, e, c) for e, c in tasks if e.id != entry.id]
    if not others:
        return None
    _, _, other, compiled = min(others, key=lambda o: o[:2])
    if other.id in made:
        return made[other.id]
    env = make(compiled)
    goal, first = env.goal, env.observation
    steps = []
    for line in other.plan:
        name, args = GroundAction.parse(line)
        text = env.action_text(name, args)
        result = env.step(text)
        steps.append((text, result.observation))
        if result.truncated:  # the profile's step limit (AgentBoard's games have one)
            break
    made[other.id] = example_text(goal, first, steps)
    return made[other.id]


def _levels(entries: list[TaskEntry]) -> list[str]:
    """AgentBoard's two levels: an entry's own "level", else "easy" up to the median difficulty, "hard" above."""
    values = [e.fields.get("difficulty") for e in entries]
    numbers = [v for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)]
    middle = statistics.median_low(numbers) if numbers else None
    out = []
    for entry, value in zip(entries, values):
        level = entry.fields.get("level")
        if isinstance(level, str) and level:
            out.append(level)
        elif middle is not None and value in numbers:
            out.append("easy" if value <= middle else "hard")
        else:
            out.append("unknown")
    return out


# ---------------------------------------------------------------------- the log


class EpisodeLog:
    """``OUT/logs/pddl.jsonl``: AgentBoard's records (``json.dumps(indent=2)``, one after the other)."""

    def __init__(self, out: Path, settings: dict[str, Any]) -> None:
        self.out = out
        self.path = out / "logs" / f"{LOG_NAME}.jsonl"
        self.settings = settings

    def resume(self) -> dict[int, dict[str, Any]]:
        """The finished episodes of an earlier run with the same settings; EvalError for another run's folder."""
        run_file = self.out / RUN_FILE
        if run_file.is_file():
            try:
                earlier = json.loads(run_file.read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError) as exc:
                raise EvalError(f"cannot read {run_file}: {exc}") from exc
            if earlier != self.settings:
                changed = [k for k in self.settings if earlier.get(k) != self.settings[k]]
                raise EvalError(f"{self.out} holds an evaluation with other settings ({', '.join(changed) or 'all'}"
                                f" differ); use another --out or remove it")
        write_atomic(run_file, json.dumps(self.settings, indent=2) + "\n")
        records = read_records(self.path) if self.path.is_file() else []
        self.rewrite(records)  # drops a record cut short by an interruption
        return {r["id"]: r for r in records}

    def append(self, record: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(record, indent=2) + "\n")
            handle.flush()

    def rewrite(self, records: list[dict[str, Any]]) -> None:
        ordered = sorted(records, key=lambda r: r["id"])
        write_atomic(self.path, "".join(json.dumps(r, indent=2) + "\n" for r in ordered))


def read_records(path: Path) -> list[dict[str, Any]]:
    """The complete JSON records of an AgentBoard log file (a cut-off last one is dropped)."""
    text = path.read_text(encoding="utf-8")
    decoder = json.JSONDecoder()
    records, at = [], 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at >= len(text):
            return records
        try:
            record, at = decoder.raw_decode(text, at)
        except json.JSONDecodeError:
            return records
        if isinstance(record, dict) and isinstance(record.get("id"), int):
            records.append(record)
