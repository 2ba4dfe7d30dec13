"""verifiers: ``load_environment(tasks_dir)`` returns a ``MultiTurnEnv`` over a TASKS_DIR's tasks.

Followed from verifiers 0.3.x (``verifiers/legacy/envs/multiturn_env.py``: ``setup_state``, ``env_response``, a
rollout stopping once ``state["final_env_response"]`` is set; ``verifiers/legacy/rubrics/rubric.py``: reward
functions get the keyword arguments they name, ``state`` among them). Each dataset row is one task (its prompt
holds the goal line and the facts; ``info["task_id"]`` names it); each model reply is read as one action (the text
after its last ``Action:``, else its last line), stepped through the environment core, and answered with the
observation. The rubric's functions are ``success``, ``progress`` (AgentBoard's progress rate) and ``dense`` (the
shaped return, env/rewards.py); ``weights`` sets how each counts in the reward (default: success only). Needs the
``verifiers`` extra.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agentgen_sym.extras import install_hint

try:
    import verifiers as vf
    if not hasattr(vf, "MultiTurnEnv"):  # 0.4 moved its stack to verifiers.v1, which has no MultiTurnEnv
        raise ImportError(f"verifiers {vf.__version__} is installed: with verifiers 0.4 use the taskset "
                          "agentgen-sym-tasks (agentgen_sym.rl.verifiers_v1)")
    from datasets import Dataset
except ImportError as exc:  # the adapter is an extra: say which
    raise ImportError(f"agentgen_sym.rl.verifiers_env needs verifiers 0.3: {install_hint('verifiers')} ({exc})"
                      ) from exc

from agentgen_sym.env.core import Sessions
from agentgen_sym.rl.library import TaskLibrary
from agentgen_sym.rl.replies import SYSTEM_PROMPT, action_text
from agentgen_sym.env.profiles import DEFAULT_PROFILE

STATE_KEY = "agentgen_episode"
"""Where a rollout's episode lives in the verifiers state: ``{"task", "sessions", "success", "progress", "dense"}``."""


def _content(message: Any) -> str:
    content = message.get("content") if isinstance(message, dict) else getattr(message, "content", None)
    return content if isinstance(content, str) else ""


def success(state: dict, **kwargs: Any) -> float:
    """1.0 when the rollout reached the goal."""
    return float(state[STATE_KEY]["success"])


def progress(state: dict, **kwargs: Any) -> float:
    """AgentBoard's progress rate: the best fraction of goal conditions that held."""
    return float(state[STATE_KEY]["progress"])


def dense(state: dict, **kwargs: Any) -> float:
    """The shaped return: 0 for an optimal plan, minus the cost it wasted otherwise (env/rewards.py)."""
    return float(state[STATE_KEY]["dense"])


class PlanningEnv(vf.MultiTurnEnv):
    """Multi-turn episodes of a TASKS_DIR's tasks, one action per model turn."""

    def __init__(self, library: TaskLibrary, **kwargs: Any) -> None:
        self.library = library
        super().__init__(**kwargs)

    async def setup_state(self, state: Any) -> Any:
        task = state["info"]["task_id"]
        sessions: Sessions = self.library.core(task).sessions(1)
        state[STATE_KEY] = {"task": task, "sessions": sessions, "success": 0.0, "progress": float(sessions.progress[0]),
                            "dense": 0.0}
        return state

    async def env_response(self, messages: Any, state: Any, **kwargs: Any) -> list[Any]:
        episode = state[STATE_KEY]
        result = episode["sessions"].step(0, action_text(_content(messages[-1])) if messages else "")
        episode["success"], episode["progress"] = result.info["success"], result.info["progress_rate"]
        episode["dense"] += result.info["dense"]
        reply = [vf.UserMessage(content=result.observation)]
        if result.terminated or result.truncated:
            state["final_env_response"] = reply
        return reply


def load_environment(tasks_dir: Path | str, profile: str = DEFAULT_PROFILE, max_steps: int | None = 30,
                     weights: dict[str, float] | None = None, max_states: int | None = None,
                     **kwargs: Any) -> PlanningEnv:
    """The environment verifiers' ``vf.load_environment`` and trainers expect: one row per task of the folder."""
    library = TaskLibrary(tasks_dir, profile, max_steps=max_steps, max_states=max_states, dense=True)
    rows = []
    for entry in library.entries:
        core = library.core(entry.id)
        first = library.first_observation(core, core.initial_observation())
        rows.append({"prompt": [{"role": "user", "content": first}], "answer": "", "info": {"task_id": entry.id}})
    chosen = {"success": 1.0} if weights is None else weights
    funcs = [success, progress, dense]
    unknown = sorted(set(chosen) - {f.__name__ for f in funcs})
    if unknown:
        raise ValueError(f"unknown reward {unknown[0]!r} in weights; choose among success, progress, dense")
    rubric = vf.Rubric(funcs=funcs, weights=[chosen.get(f.__name__, 0.0) for f in funcs])
    kwargs.setdefault("system_prompt", SYSTEM_PROMPT)
    return PlanningEnv(library, dataset=Dataset.from_list(rows), rubric=rubric,
                       max_turns=-1 if max_steps is None else max_steps, **kwargs)
