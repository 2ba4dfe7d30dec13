"""gymnasium adapters over the environment core: ``AgentgenTextEnv`` (one episode) and ``AgentgenVectorEnv`` (N).

Importing this module registers ``ENV_ID`` and ``VECTOR_ID``, so ``gymnasium.make(ENV_ID, tasks_dir=FOLDER)``
builds the single environment (``gymnasium.make("agentgen_sym.rl.gym_env:AgentgenText-v0", ...)`` imports the
module itself: gymnasium 1.x reads no plugin entry points). Observations and actions are text
(``gymnasium.spaces.Text`` over the folder's characters); ``reset(seed=, options={"task": id or number})`` starts a
task (a seeded random one without options), and its observation is the goal line, a newline and the facts.
``step(text)`` returns gymnasium's five values; ``info`` carries every reward (``success``, ``progress_rate``,
``dense`` with its ``distance``: ``"exact"``, or ``"estimate"`` where a state's search stopped short), whichever
``reward=`` returns. Needs the ``gym`` extra.
"""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

import numpy as np

from agentgen_sym.extras import install_hint

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
except ImportError as exc:  # the adapter is an extra: say which
    raise ImportError(f"agentgen_sym.rl.gym_env needs gymnasium: {install_hint('gym')} ({exc})") from exc

from agentgen_sym.env.core import EnvCore, Sessions, Step
from agentgen_sym.env.rewards import ESTIMATE, EXACT
from agentgen_sym.rl.library import TaskLibrary
from agentgen_sym.env.profiles import DEFAULT_PROFILE
from agentgen_sym.compiler.printer import print_pddl

ENV_ID = "AgentgenText-v0"
VECTOR_ID = "AgentgenTextVector-v0"
MAX_ACTION_CHARS = 1000
"""The action space's longest text: longer replies are still read, but a sampled action stays short."""
MAX_OBSERVATION_CHARS = 1 << 24


def _charset(library: TaskLibrary) -> frozenset[str]:
    """Every character an observation can hold: printable ASCII and the characters of the folder's domain and
    problems (as read: names, not comments) and templates."""
    found = set(string.printable)
    for pddl in (library.folder.domain, *(library.problem(n) for n in range(len(library)))):
        found.update(print_pddl(pddl))
    found.update(c for t in (*library.templates.predicates.values(), *library.templates.actions.values()) for c in t)
    return frozenset(found)


class AgentgenTextEnv(gymnasium.Env[str, str]):
    """One episode at a time over a TASKS_DIR's tasks (``reward`` one of success, progress, dense)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, tasks_dir: Path | str, profile: str = DEFAULT_PROFILE, reward: str = "success",
                 max_steps: int | None = 30, max_states: int | None = None, render_mode: str | None = None) -> None:
        self.library = TaskLibrary(tasks_dir, profile, reward=reward, max_steps=max_steps, max_states=max_states,
                                   dense=True)
        charset = _charset(self.library)
        self.observation_space = spaces.Text(MAX_OBSERVATION_CHARS, min_length=0, charset=charset)
        self.action_space = spaces.Text(MAX_ACTION_CHARS, min_length=0, charset=charset)
        self.render_mode = render_mode
        self._sessions: dict[int, Sessions] = {}
        self._task = -1
        self._observation = ""

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        super().reset(seed=seed)
        task = (options or {}).get("task")
        n = self.library.index(task) if task is not None else int(self.np_random.integers(len(self.library)))
        self._task = n
        sessions = self._sessions.get(n)
        if sessions is None:
            sessions = self._sessions[n] = self.library.core(n).sessions(1)
        core = sessions.core
        self._observation = self.library.first_observation(core, sessions.reset()[0])
        info = {"task": self.library.entries[n].id, "goal": core.text.goal_line}
        if core.dense:  # whether the start's distance is exact, as each step's info says of its two states
            info["distance"] = EXACT if core.start.exact else ESTIMATE
        return self._observation, info

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._task < 0:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        result = self._sessions[self._task].step(0, str(action))
        self._observation = result.observation
        return result.observation, result.reward, result.terminated, result.truncated, result.info

    def render(self) -> str | None:
        return self._observation if self.render_mode == "ansi" else None

    @property
    def core(self) -> EnvCore:
        """The current task's core (its text views: goal line, valid actions)."""
        return self._sessions[self._task].core


class AgentgenVectorEnv(VectorEnv):
    """``num_envs`` episodes stepped in one call: each task's episodes are rows of one ``Sessions`` and step
    together (``Sessions.step_many``). An episode that ended starts a new task on its next step (gymnasium's
    next-step autoreset), whose observation that step returns with reward 0."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int, tasks_dir: Path | str, profile: str = DEFAULT_PROFILE, reward: str = "success",
                 max_steps: int | None = 30, max_states: int | None = None) -> None:
        self.single = AgentgenTextEnv(tasks_dir, profile, reward, max_steps, max_states)
        self.library = self.single.library
        self.num_envs = num_envs
        self.single_observation_space = self.single.observation_space
        self.single_action_space = self.single.action_space
        self.observation_space = spaces.Tuple([self.single_observation_space] * num_envs)
        self.action_space = spaces.Tuple([self.single_action_space] * num_envs)
        self._sessions: dict[int, Sessions] = {}
        self._task = np.full(num_envs, -1, dtype=np.int64)
        self._ended = np.zeros(num_envs, dtype=bool)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[tuple[str, ...], dict[str, Any]]:
        """Start every episode: ``options={"task": [one id or number per episode]}``, else seeded random tasks."""
        if seed is not None:
            self._np_random, self._np_random_seed = gymnasium.utils.seeding.np_random(seed)
        tasks = (options or {}).get("task")
        if tasks is not None and len(tasks) != self.num_envs:
            raise ValueError(f"options['task'] names {len(tasks)} tasks for {self.num_envs} episodes")
        observations = [self._start(i, None if tasks is None else tasks[i]) for i in range(self.num_envs)]
        self._ended[:] = False
        return tuple(observations), {"task": [self.library.entries[n].id for n in self._task.tolist()]}

    def step(self, actions: tuple[str, ...] | list[str]
             ) -> tuple[tuple[str, ...], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if len(actions) != self.num_envs:
            raise ValueError(f"{len(actions)} actions for {self.num_envs} episodes")
        if (self._task < 0).any():
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        results: list[Step | str] = [""] * self.num_envs
        restart = np.flatnonzero(self._ended).tolist()
        for i in restart:
            results[i] = self._start(i, None)
        live = np.flatnonzero(~self._ended)
        for n in np.unique(self._task[live]).tolist():
            slots = live[self._task[live] == n].tolist()
            for i, result in zip(slots, self._sessions[n].step_many(slots, [str(actions[i]) for i in slots])):
                results[i] = result
        steps = [r for r in results if isinstance(r, Step)]
        observations = tuple(r.observation if isinstance(r, Step) else r for r in results)
        reward = np.array([r.reward if isinstance(r, Step) else 0.0 for r in results])
        terminated = np.array([isinstance(r, Step) and r.terminated for r in results])
        truncated = np.array([isinstance(r, Step) and r.truncated for r in results])
        self._ended = terminated | truncated
        self._ended[restart] = False
        infos = {key: np.array([r.info[key] if isinstance(r, Step) else np.nan for r in results])
                 for key in ("success", "progress_rate", "dense")} if steps else {}
        return observations, reward, terminated, truncated, infos

    def _start(self, i: int, task: int | str | None) -> str:
        n = self.library.index(task) if task is not None else int(self.np_random.integers(len(self.library)))
        sessions = self._sessions.get(n)
        if sessions is None:
            sessions = self._sessions[n] = self.library.core(n).sessions(self.num_envs)
        self._task[i] = n
        return self.library.first_observation(sessions.core, sessions.reset([i])[0])


def _register() -> None:
    if ENV_ID not in gymnasium.envs.registry:
        gymnasium.register(ENV_ID, entry_point=f"{__name__}:AgentgenTextEnv", disable_env_checker=True)
    if VECTOR_ID not in gymnasium.envs.registry:
        gymnasium.register(VECTOR_ID, vector_entry_point=f"{__name__}:AgentgenVectorEnv")


_register()
