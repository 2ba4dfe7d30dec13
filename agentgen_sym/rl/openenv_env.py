"""OpenEnv's environment interface (the ``openenv`` package, 0.10) over a TASKS_DIR: what a package written by
``agentgen-sym package --format openenv`` serves.

openenv's own server (``openenv.core.env_server.create_app``) gives it the current protocol: HTTP and WebSocket
sessions, the task API (``/<env>/splits``, ``/<env>/tasks``, ``/<env>/task`` ...) and MCP (``/mcp``: ``tools/list``
and ``tools/call``), one tool per domain action with one string argument per PDDL parameter (named and worded as
the TRL tools are), each call one step of the episode. A plain step's action is the text of an action
(``PlanAction(message=...)``), read as every front end reads it. Every step goes through the environment core, so
the observation, the reward (the library's ``reward=``, success by default: each step pays its share of the
return) and the levels in ``metadata`` are those of every other front end. Needs the ``openenv`` extra.
"""

from __future__ import annotations

import inspect
import random
from pathlib import Path
from typing import Any, Callable

from agentgen_sym.extras import install_hint

try:
    from fastmcp import FastMCP
    from openenv.core.env_server.http_server import create_app
    from openenv.core.env_server.mcp_environment import MCPEnvironment
    from openenv.core.env_server.mcp_types import CallToolAction, ListToolsAction
    from openenv.core.env_server.types import Action, EnvironmentMetadata, Observation, State
    from pydantic import Field
except ImportError as exc:  # the adapter is an extra: say which
    raise ImportError(f"agentgen_sym.rl.openenv_env needs openenv: {install_hint('openenv')} ({exc})") from exc

from agentgen_sym.compiler import ast
from agentgen_sym.env.core import Sessions, Step
from agentgen_sym.env.profiles import DEFAULT_PROFILE
from agentgen_sym.rl.library import TaskLibrary
from agentgen_sym.env.tools import EPISODE_OVER, OPENENV_RESERVED, identifier, tool_docstring, tool_names

SPLIT = "train"
"""The one split of a task folder's tasks."""


class PlanAction(Action):
    """One action of the domain, as text: its wording (``walk robby from kitchen to hall``) or a PDDL call."""

    message: str = Field(..., description="the action in the words 'check valid actions' lists, or a PDDL call")

    @classmethod
    def model_validate(cls, obj: Any, *args: Any, **kwargs: Any) -> Action:  # type: ignore[override]
        """A step's payload; OpenEnv's MCP step payloads (``{"type": "call_tool", ...}``, what its MCP client sends
        over the WebSocket) read as the MCP actions they are: openenv's server reads them so only for an
        environment whose action class is the generic one, and this one takes text too."""
        kind = obj.get("type") if isinstance(obj, dict) else None
        if kind == "call_tool":
            return CallToolAction.model_validate(obj, *args, **kwargs)
        if kind == "list_tools":
            return ListToolsAction.model_validate(obj, *args, **kwargs)
        return super().model_validate(obj, *args, **kwargs)


class PlanObservation(Observation):
    """What the agent reads: the goal line and facts after a reset, the new facts (or why nothing happened) after a
    step; ``metadata`` holds the step's levels (``success``, ``progress_rate``, ``dense`` ...)."""

    text: str = Field(default="", description="what the agent reads")
    task_id: str | None = Field(default=None, description="the task being played")


class PlanState(State):
    """The episode: its task, whether it is over and the return of the library's reward so far."""

    task_id: str | None = None
    done: bool = False
    returned: float = 0.0


class PlanEnvironment(MCPEnvironment):
    """One episode at a time over ``library``'s tasks; each instance is one client's session."""

    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(self, library: TaskLibrary) -> None:
        self.library = library
        self._sessions: Sessions | None = None
        self._state = PlanState()
        self._last: Step | None = None
        self._next = 0  # the task a reset without one starts: the folder's tasks in turn
        server = FastMCP(library.folder.domain.name)
        for name, tool in action_tools(library, self._act).items():
            server.tool(tool, name=name)
        super().__init__(server)

    # ------------------------------------------------------------------ the episode
    def reset(self, seed: int | None = None, episode_id: str | None = None, task: str | int | None = None,
              **kwargs: Any) -> PlanObservation:
        """Start ``task`` (an id or a number), else a seeded random one with ``seed``, else the next in turn."""
        if task is None:
            task = random.Random(seed).randrange(len(self.library)) if seed is not None else self._next
            self._next = (self._next + 1) % len(self.library)
        number = self.library.index(task)
        core = self.library.core(number)
        self._sessions = core.sessions(1)
        task_id = self.library.entries[number].id
        self._state = PlanState(episode_id=episode_id, step_count=0, task_id=task_id)
        self._last = None
        text = self.library.first_observation(core, self._sessions.reset()[0])
        return PlanObservation(text=text, task_id=task_id, done=False, reward=0.0)

    def _act(self, text: str) -> Step | None:
        """One step of the episode by ``text``; None once it is over (nothing happens then)."""
        if self._sessions is None:
            raise RuntimeError("reset() starts an episode before any action")
        if self._state.done:
            return None
        step = self._last = self._sessions.step(0, text)
        self._state.step_count += 1
        self._state.returned += step.reward
        self._state.done = step.terminated or step.truncated
        return step

    def _step_impl(self, action: Action, timeout_s: float | None = None, **kwargs: Any) -> PlanObservation:
        if not isinstance(action, PlanAction):
            raise ValueError(f"expected a PlanAction, not {type(action).__name__}")
        step = self._act(action.message)
        if step is None:
            return PlanObservation(text=EPISODE_OVER, task_id=self._state.task_id, done=True, reward=0.0)
        return PlanObservation(text=step.observation, task_id=self._state.task_id, done=self._state.done,
                               reward=step.reward, metadata=dict(step.info))

    async def step_async(self, action: Action, timeout_s: float | None = None, **kwargs: Any) -> Observation:
        called = self._state.step_count
        return self._paid(action, called, await super().step_async(action, timeout_s=timeout_s, **kwargs))

    def step(self, action: Action, timeout_s: float | None = None, **kwargs: Any) -> Observation:
        called = self._state.step_count
        return self._paid(action, called, super().step(action, timeout_s=timeout_s, **kwargs))

    def _paid(self, action: Action, called: int, observation: Observation) -> Observation:
        """An MCP tool call is a step too: its observation carries the step's reward (0 when the call moved
        nothing) and whether the episode is over."""
        if isinstance(action, CallToolAction):
            stepped = self._state.step_count > called and self._last is not None
            observation.reward = self._last.reward if stepped else 0.0
            observation.done = self._state.done
        return observation

    @property
    def state(self) -> PlanState:
        return self._state

    def get_metadata(self) -> EnvironmentMetadata:
        domain = self.library.folder.domain.name
        return EnvironmentMetadata(name=domain, version="1.0.0",
                                   description=f"{len(self.library)} planning tasks of the {domain} domain, "
                                               "checked and solved by agentgen-sym")

    # ------------------------------------------------------------------ the task API
    def list_splits(self) -> list[dict[str, str]]:
        return [{"name": SPLIT, "type": SPLIT}]

    def num_tasks(self, split: str = SPLIT) -> int:
        self._split(split)
        return len(self.library)

    def list_tasks(self, split: str = SPLIT) -> list[dict[str, Any]]:
        return self.get_task_range(split, 0, len(self.library))

    def get_task(self, split: str, index: int) -> dict[str, Any]:
        self._split(split)
        if not 0 <= index < len(self.library):
            raise IndexError(index)
        entry = self.library.entries[index]
        core = self.library.core(index)
        return {"index": index, "task": entry.id, "goal": core.text.goal_line, "cost": entry.fields.get("cost"),
                "steps": len(entry.plan)}

    def get_task_range(self, split: str, start: int, stop: int) -> list[dict[str, Any]]:
        self._split(split)
        return [self.get_task(split, i) for i in range(max(0, start), min(stop, len(self.library)))]

    @staticmethod
    def _split(split: str) -> None:
        if split != SPLIT:
            raise IndexError(f"no split {split!r}: the tasks are one split, {SPLIT!r}")


def action_tools(library: TaskLibrary, act: Callable[[str], Step | None]) -> dict[str, Callable[..., str]]:
    """One function per domain action, named and documented as the TRL tools are, each calling ``act`` with the
    action's text and returning what the agent reads."""
    domain = library.folder.domain
    named = tool_names(domain, OPENENV_RESERVED)
    return {named[a.name][0]: _tool(library, a, *named[a.name], act) for a in domain.actions}


def _tool(library: TaskLibrary, action: ast.Action, name: str, names: list[str],
          act: Callable[[str], Step | None]) -> Callable[..., str]:
    def tool(**arguments: str) -> str:
        step = act(library.templates.action(action.name, tuple(str(arguments[n]) for n in names)))
        return EPISODE_OVER if step is None else step.observation

    tool.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, annotation=str) for n in names], return_annotation=str)
    tool.__annotations__ = {**{n: str for n in names}, "return": str}
    tool.__name__ = tool.__qualname__ = name
    tool.__doc__ = tool_docstring(action, names, library.templates.actions[action.name])
    return tool


def openenv_app(tasks_dir: Path | str, profile: str = DEFAULT_PROFILE, reward: str = "success",
                max_steps: int | None = 30, max_sessions: int = 64) -> Any:
    """openenv's FastAPI app serving the tasks of ``tasks_dir`` (at most ``max_sessions`` WebSocket sessions)."""
    library = TaskLibrary(tasks_dir, profile, reward=reward, max_steps=max_steps, dense=True)
    return create_app(lambda: PlanEnvironment(library), PlanAction, PlanObservation,
                      env_name=identifier(library.folder.domain.name), max_concurrent_envs=max_sessions,
                      state_cls=PlanState)
