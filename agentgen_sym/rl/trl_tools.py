"""TRL's ``environment_factory``: one generated class per domain whose public methods are the domain's actions.

TRL (``trl/trainer/grpo_trainer.py``, 1.16) lists ``inspect.getmembers(type(env), inspect.isfunction)``: ``reset``
starts an episode from a dataset row (``reset(**row)``; the string it returns is appended to the prompt),
``get_reward()`` scores a finished rollout, and every other public function is a tool whose JSON schema
``transformers.utils.get_json_schema`` builds from its type hints and its Google-style docstring (a description
per argument, or it raises). So each action is one method with one ``str`` parameter per PDDL parameter and a
docstring worded from the domain's templates; a call steps the episode through the environment core and returns
the observation. TRL adds ``get_reward`` as a reward source of weight 1 beside ``reward_funcs`` (grpo_trainer.py,
"the environment owns the reward"), so ``success_reward``, ``progress_reward`` and ``dense_reward``, which read the
same episodes (TRL passes them ``environments=``), are for rewards other than the class's own.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from agentgen_sym.compiler import ast
from agentgen_sym.env.core import Sessions, Step
from agentgen_sym.rl.library import TaskLibrary
from agentgen_sym.env.profiles import DEFAULT_PROFILE
from agentgen_sym.env.tools import EPISODE_OVER, identifier, tool_docstring, tool_names

RESERVED = frozenset({"reset", "get_reward", "task_id", "observation", "done", "returns"})
"""Names the generated class uses itself; an action so named gets a trailing underscore."""


class DomainEnvironment:
    """The base of every generated class: one episode of a TASKS_DIR's tasks, chosen by ``reset(task=...)``."""

    library: TaskLibrary

    def __init__(self) -> None:
        self._sessions: Sessions | None = None
        self.task_id: str | None = None
        self.observation = ""
        self.done = False
        self.returns = {"success": 0.0, "progress": 0.0, "dense": 0.0}

    def reset(self, task: str | int | None = None, **row: Any) -> str:
        """Start the row's task (its ``task`` column: an id or a number); the goal line and the facts."""
        if task is None:
            raise ValueError("the dataset row has no 'task' column (make rows with trl_tools.dataset_rows)")
        core = self.library.core(task)
        self._sessions = core.sessions(1)
        self.task_id = self.library.entries[self.library.index(task)].id
        self.done = False
        self.returns = {"success": 0.0, "progress": 0.0, "dense": 0.0}
        self.observation = self.library.first_observation(core, self._sessions.reset()[0])
        return self.observation

    def get_reward(self) -> float:
        """The rollout's reward, the library's choice: success (0/1), progress, or the dense return."""
        return self.returns[self.library.options.get("reward", "success")]

    def _act(self, action: str, args: tuple[str, ...]) -> str:
        if self._sessions is None:
            raise RuntimeError("reset() starts an episode before any action")
        if self.done:
            return EPISODE_OVER
        text = self._sessions.core.text.templates.action(action, args)
        result: Step = self._sessions.step(0, text)
        info = result.info
        self.returns["success"] = info["success"]
        self.returns["progress"] = info["progress_rate"]
        self.returns["dense"] += info["dense"]
        self.done = result.terminated or result.truncated
        self.observation = result.observation
        return result.observation


def _tool(action: ast.Action, method: str, names: list[str], wording: str) -> Callable[..., str]:
    def tool(self: DomainEnvironment, *args: str, **kwargs: str) -> str:
        bound = signature.bind(self, *args, **kwargs)
        return self._act(action.name, tuple(str(bound.arguments[n]) for n in names))

    parameters = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    parameters += [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=str) for n in names]
    signature = inspect.Signature(parameters, return_annotation=str)
    tool.__signature__ = signature  # type: ignore[attr-defined]
    tool.__annotations__ = {**{n: str for n in names}, "return": str}
    tool.__name__ = tool.__qualname__ = method
    tool.__doc__ = tool_docstring(action, names, wording)
    return tool


def environment_class(tasks_dir: Path | str, profile: str = DEFAULT_PROFILE, reward: str = "success",
                      max_steps: int | None = 30, max_states: int | None = None) -> type[DomainEnvironment]:
    """The class to pass as ``environment_factory``: named after the domain, one tool method per action."""
    library = TaskLibrary(tasks_dir, profile, reward=reward, max_steps=max_steps, max_states=max_states, dense=True)
    domain = library.folder.domain
    members: dict[str, Any] = {"library": library, "__doc__": f"Episodes of the {domain.name} tasks in {tasks_dir}."}
    for action in domain.actions:
        method, names = tool_names(domain, RESERVED | set(dir(DomainEnvironment)))[action.name]
        members[method] = _tool(action, method, names, library.templates.actions[action.name])
    name = "".join(part.capitalize() for part in identifier(domain.name).split("_")) + "Environment"
    return type(name, (DomainEnvironment,), members)


@dataclass(frozen=True)
class EnvironmentFactory:
    """``environment_factory`` for TRL's trainers that spawn processes: calling it gives a new episode object of the
    domain's generated class (``environment_class``). TRL's async GRPO (trl/experimental/async_grpo) pickles the
    factory into a spawned rollout worker, and a class made at run time cannot be pickled (pickle names a class by
    its module and name, and a new interpreter has no such class); this factory pickles as its arguments, and each
    process builds the class once."""

    tasks_dir: str
    profile: str = DEFAULT_PROFILE
    reward: str = "success"
    max_steps: int | None = 30
    max_states: int | None = None

    def __call__(self) -> DomainEnvironment:
        return _built(self)()


@lru_cache(maxsize=None)
def _built(factory: EnvironmentFactory) -> type[DomainEnvironment]:
    return environment_class(factory.tasks_dir, factory.profile, factory.reward, factory.max_steps,
                             factory.max_states)


def environment_factory(tasks_dir: Path | str, profile: str = DEFAULT_PROFILE, reward: str = "success",
                        max_steps: int | None = 30, max_states: int | None = None) -> EnvironmentFactory:
    """What to pass as ``environment_factory`` where the trainer pickles it (``AsyncGRPOTrainer``); the class of
    ``environment_class`` serves ``GRPOTrainer``, which calls it in its own process."""
    factory = EnvironmentFactory(str(tasks_dir), profile, reward, max_steps, max_states)
    _built(factory)  # the folder read now: a bad one is reported here, not in the worker
    return factory


def dataset_rows(tasks_dir: Path | str, instruction: str | None = None) -> list[dict[str, Any]]:
    """One row per task for TRL's ``train_dataset``: a user prompt and the ``task`` column ``reset`` reads."""
    library = TaskLibrary(tasks_dir)
    text = instruction or (f"Reach the goal in the {library.folder.domain.name} domain by calling the tools, one "
                           "action per call.")
    return [{"prompt": [{"role": "user", "content": text + "\n"}], "task": e.id} for e in library.entries]


def success_reward(environments: list[DomainEnvironment], **kwargs: Any) -> list[float]:
    """1.0 for each rollout that reached the goal, else 0.0 (a TRL reward function)."""
    return [env.returns["success"] for env in environments]


def progress_reward(environments: list[DomainEnvironment], **kwargs: Any) -> list[float]:
    """AgentBoard's progress rate of each rollout (a TRL reward function)."""
    return [env.returns["progress"] for env in environments]


def dense_reward(environments: list[DomainEnvironment], **kwargs: Any) -> list[float]:
    """The shaped return of each rollout: 0 for an optimal plan, minus the cost wasted otherwise (env/rewards.py)."""
    return [env.returns["dense"] for env in environments]
