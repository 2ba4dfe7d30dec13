"""verifiers 0.4 (its v1 stack): a taskset over a TASKS_DIR, an environment that plays each task's episode, and
the rewards as the task's own.

Followed from verifiers 0.4.0 (``verifiers/v1/taskset.py``: ``Taskset.load`` yields typed tasks;
``verifiers/v1/task.py``: ``@vf.reward`` methods score a finished trace, their weights set by
``--env.taskset.task.rewards.NAME.weight``; ``verifiers/v1/tasksets/textarena/taskset.py``: an ``Env`` whose
``run`` steps a game host-side as the run's user, one ``interaction.turn`` per observation;
``verifiers/v1/utils/loaders.py``: a taskset id is an importable module whose ``__all__`` exports one
``Taskset`` and at most one ``Env``). The id is ``agentgen-sym-tasks`` (the top-level module
``agentgen_sym_tasks`` re-exports this one), e.g.::

    vf-eval agentgen-sym-tasks --env.taskset.tasks-dir out/kitchen-line/tasks ...

Each task's prompt is the episode's first observation (the goal line and the facts); each model reply is read as
one action (``replies.action_text``), stepped through the environment core and answered with the
observation, until the goal holds, ``max_steps`` is reached or the harness ends the run. The rewards are those of
verifiers 0.3's rubric and the other adapters: ``success`` (weight 1), ``progress`` (AgentBoard's progress rate,
weight 0) and ``dense`` (the shaped return, weight 0). A run that ends short of the goal before ``max_steps`` (the
harness stopped, the model went silent) pays the optimal cost it still lacks, as a truncated episode does, so
stopping early never earns what the gold plan earns. Needs verifiers 0.4 (``pip install -e '.[verifiers-v1]'``).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Any

from agentgen_sym.extras import install_hint

try:
    import verifiers
    if verifiers.__version__.startswith(("0.1.", "0.2.", "0.3.")):
        raise ImportError(f"verifiers {verifiers.__version__} is installed, whose verifiers.v1 is a preview")
    import verifiers.v1 as vf
except ImportError as exc:  # the adapter is an extra: say which
    raise ImportError(f"agentgen_sym.rl.verifiers_v1 needs verifiers 0.4: {install_hint('verifiers-v1')} ({exc})"
                      ) from exc

from agentgen_sym.env.core import Sessions, Step
from agentgen_sym.env.profiles import DEFAULT_PROFILE
from agentgen_sym.rl.library import TaskLibrary, TaskLibraryError
from agentgen_sym.rl.replies import SYSTEM_PROMPT, action_text

EPISODE_KEY = "agentgen_episode"
"""Where a finished run's rewards live in ``trace.info``: ``{"task_id", "steps", "success", "progress", "dense"}``."""


class PlanTasksetConfig(vf.TasksetConfig):
    """The folder and how its episodes are played (``--env.taskset.*``)."""

    tasks_dir: str = ""
    """A TASKS_DIR (``agentgen-sym run``/``generate`` output): ``tasks.jsonl`` and the files it names. It has a
    default only because verifiers builds the config from the id alone before it reads the other options."""
    profile: str = DEFAULT_PROFILE
    max_steps: int | None = 30
    """Actions per episode; the run ends at this many (None: only the harness's own limits)."""
    max_states: int | None = None
    """The dense reward's state budget per task (None: the export's default)."""


class PlanData(vf.TaskData):
    info: dict[str, Any]
    """``{"task_id": ID}``: the task of the folder the episode plays."""


class PlanTask(vf.Task[PlanData, vf.State, vf.TaskConfig]):
    """A task of the folder; its rewards read the episode ``PlanEnv.run`` recorded on the trace."""

    @vf.reward(weight=1.0)
    async def success(self, trace: vf.Trace) -> float:
        """1.0 when the run reached the goal."""
        return float(_episode(trace)["success"])

    @vf.reward(weight=0.0)
    async def progress(self, trace: vf.Trace) -> float:
        """AgentBoard's progress rate: the best fraction of goal conditions that held."""
        return float(_episode(trace)["progress"])

    @vf.reward(weight=0.0)
    async def dense(self, trace: vf.Trace) -> float:
        """The shaped return: 0 for an optimal plan, minus the cost wasted or still lacking otherwise."""
        return float(_episode(trace)["dense"])


class PlanTaskset(vf.Taskset[PlanTask, PlanTasksetConfig]):
    """One task per playable task of the folder, in the server's order; a task that cannot be played is skipped
    and reported (``library.skipped``) when the taskset is made."""

    def __init__(self, config: PlanTasksetConfig) -> None:
        super().__init__(config)
        if not config.tasks_dir:
            raise TaskLibraryError("name the tasks: --env.taskset.tasks-dir TASKS_DIR (a folder with tasks.jsonl)")
        self.library = TaskLibrary(config.tasks_dir, config.profile, max_steps=config.max_steps,
                                   max_states=config.max_states, dense=True)

    def load(self) -> Iterator[PlanTask]:
        for entry in self.library.entries:
            core = self.library.core(entry.id)
            yield PlanTask(PlanData(id=entry.id, name=entry.id, prompt=self.library.first_observation(
                core, core.initial_observation()), system_prompt=SYSTEM_PROMPT, info={"task_id": entry.id}),
                self.config.task)


class PlanEnvConfig(vf.EnvConfig):
    player: vf.AgentConfig = vf.AgentConfig()
    """The one seat: the policy that plays (``--env.player.*``)."""


class PlanEnv(vf.Env[PlanEnvConfig]):
    """Plays one task per episode: the model acts, the environment core answers, host-side."""

    @cached_property
    def library(self) -> TaskLibrary:
        taskset = self.taskset
        if not isinstance(taskset, PlanTaskset):
            raise TypeError(f"PlanEnv plays the agentgen-sym-tasks taskset, not {type(taskset).__name__}")
        return taskset.library

    async def run(self, task: vf.Task, agents: vf.Agents) -> None:
        task_id = task.data.info["task_id"]
        sessions: Sessions = self.library.core(task_id).sessions(1)
        episode = Episode(task_id)
        async with agents.player.interaction(task) as interaction:
            interaction.trace.info[EPISODE_KEY] = episode.record(sessions)  # read by the rewards when it closes
            segment = await interaction.turn()  # the task's prompt opens the exchange
            while not segment.terminated:
                step = sessions.step(0, action_text(segment.last_reply))
                episode.add(step)
                interaction.trace.info[EPISODE_KEY] = episode.record(sessions)
                if episode.ended:
                    break
                segment = await interaction.turn(step.observation)


class Episode:
    """A run's rewards as it goes: the levels of its last step and the shaped return so far."""

    def __init__(self, task_id: str) -> None:
        self.task_id, self.steps, self.shaped, self.ended = task_id, 0, 0.0, False
        self.success = self.progress = 0.0

    def add(self, step: Step) -> None:
        self.steps += 1
        self.success, self.progress = step.info["success"], step.info["progress_rate"]
        self.shaped += step.info["dense"]
        self.ended = step.terminated or step.truncated

    def record(self, sessions: Sessions) -> dict[str, Any]:
        """The rewards were the run to stop now: one that stops short of the goal and of max_steps pays the
        optimal cost it still lacks (Phi of its state), as a truncated episode does."""
        dense = self.shaped if self.ended else self.shaped + sessions.phi[0]
        return {"task_id": self.task_id, "steps": self.steps, "success": self.success,
                "progress": self.progress if self.steps else float(sessions.progress[0]), "dense": dense}


def _episode(trace: vf.Trace) -> dict[str, Any]:
    found = trace.info.get(EPISODE_KEY)
    if found is None:  # the run failed before the episode began: no score is a true one
        raise ValueError("the run recorded no episode of the task, so it has no reward")
    return found


__all__ = ["PlanEnv", "PlanTaskset"]
