"""verifiers 0.4's own rollouts over the taskset ``agentgen-sym-tasks``: gold plans score 1, nonsense 0.

Each case runs verifiers' ``vf-eval`` as its users do (the ``null`` harness, a chat program verifiers launches
with uv, in the ``subprocess`` runtime) against a scripted OpenAI-compatible model on 127.0.0.1 that plays a
policy: the task's gold plan, or nonsense. The scores are read back from the run's ``traces.jsonl`` through
verifiers' own ``Episode`` model. Runs where verifiers 0.4 is installed: the consumer matrix's row (.ci/matrix.py);
the dev environment holds verifiers 0.3, whose adapter tests/test_rl_env.py covers.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from agentgen_sym.rl.library import TaskLibrary

from .conftest import ROOT
from .corpus_tasks import DOMAINS, optimal_tasks_dirs
from .llm_server import Reply, ScriptedLLMServer
from .reward_policies import gold_texts

NOT_INSTALLED = "verifiers 0.4 is not installed: pip install -e '.[verifiers-v1]'"
if not pytest.importorskip("verifiers", reason=NOT_INSTALLED).__version__.startswith("0.4."):
    pytest.skip(NOT_INSTALLED, allow_module_level=True)  # 0.3.1 ships a preview of verifiers.v1
import verifiers.v1 as vf  # noqa: E402
pytestmark = pytest.mark.slow  # a chat program per turn: minutes for the corpus

NONSENSE = ("I would rather not say.", "Action: jump over the moon", "Action: check valid actions")


@pytest.fixture(scope="module")
def bundled(tmp_path_factory) -> dict[str, Path]:
    """A TASKS_DIR per bundled domain, every one of its problems a task with an optimal plan."""
    return optimal_tasks_dirs(tmp_path_factory.mktemp("vf-tasks"))


def _eval(folder: Path, policy, out: Path, *options: str) -> list:
    """``vf-eval agentgen-sym-tasks`` on ``folder`` with the scripted model playing ``policy``; every trace."""
    with ScriptedLLMServer(max_requests=5000) as model:
        model.policy(policy)
        env = dict(os.environ, SCRIPTED_KEY="unused",  # uv, in this environment's bin, runs the chat program
                   PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
        done = subprocess.run([str(Path(sys.executable).parent / "vf-eval"), "agentgen-sym-tasks",
                               "--env.taskset.tasks-dir", str(folder), "--env.player.harness.id", "null",
                               "--env.player.runtime.type", "subprocess", "--client.base-url", model.url,
                               "--client.api-key-var", "SCRIPTED_KEY", "-m", "scripted", "--no-push",
                               "-o", str(out), "-c", "4", *options],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    lines = [line for f in out.glob("*/traces.jsonl") for line in f.read_text().splitlines() if line.strip()]
    episodes = [vf.Episode.model_validate_json(line) for line in lines]
    assert all(e.ok and not e.errors for e in episodes), [e.errors for e in episodes]
    return [trace for e in episodes for trace in e.traces]


def _opening(messages: list[dict]) -> str:
    first = next(m for m in messages if m.get("role") == "user")["content"]
    return first if isinstance(first, str) else "".join(part.get("text", "") for part in first)


@pytest.mark.parametrize("domain", DOMAINS)
def test_gold_plans_score_one_and_nonsense_zero_in_verifiers_own_rollouts(bundled, domain, tmp_path):
    folder = bundled[domain]
    library = TaskLibrary(folder)
    task_of, plans, costs = {}, {}, {}
    for entry in library.entries:
        core = library.core(entry.id)
        task_of[library.first_observation(core, core.initial_observation())] = entry.id
        plans[entry.id], costs[entry.id] = gold_texts(library, entry.id), entry.fields["cost"]

    def gold(messages: list[dict]) -> Reply:
        plan, played = plans[task_of[_opening(messages)]], sum(m.get("role") == "assistant" for m in messages)
        return Reply(f"Thought: the next step of the plan.\nAction: {plan[played]}")

    traces = _eval(folder, gold, tmp_path / "gold")
    assert sorted(t.info["agentgen_episode"]["task_id"] for t in traces) == sorted(costs)
    for trace in traces:
        episode = trace.info["agentgen_episode"]
        assert trace.reward == 1.0, (episode, trace.rewards)
        assert trace.rewards["success"].score == 1.0 and trace.rewards["progress"].score == 1.0
        assert trace.rewards["dense"].score == 0.0  # an optimal plan wastes nothing
        assert episode["steps"] == len(plans[episode["task_id"]])

    def nonsense(messages: list[dict]) -> Reply:
        return Reply(NONSENSE[sum(m.get("role") == "assistant" for m in messages) % len(NONSENSE)])

    traces = _eval(folder, nonsense, tmp_path / "nonsense", "--env.taskset.max-steps", "4")
    assert len(traces) == len(costs)
    for trace in traces:
        episode = trace.info["agentgen_episode"]
        assert trace.reward == 0.0 and trace.rewards["success"].score == 0.0, (episode, trace.rewards)
        assert episode["steps"] == 4 and trace.rewards["progress"].score < 1.0
        assert trace.rewards["dense"].score == -costs[episode["task_id"]]  # it still lacks the whole plan


def test_a_run_the_harness_ends_early_pays_the_cost_it_still_lacks(bundled, tmp_path):
    """A policy that only queries, its run cut by the harness's turn cap long before max_steps, must not keep the
    gold plan's dense return of 0: stopping early pays Phi of where it stopped, as a truncated episode does."""
    folder = bundled[DOMAINS[0]]
    costs = {entry.id: entry.fields["cost"] for entry in TaskLibrary(folder).entries}
    traces = _eval(folder, lambda messages: Reply("Action: check valid actions"), tmp_path / "stall",
                   "--env.player.max-turns", "2")
    assert len(traces) == len(costs)
    for trace in traces:
        episode = trace.info["agentgen_episode"]
        assert episode["steps"] < 30 and trace.reward == 0.0, episode
        assert trace.rewards["dense"].score == -costs[episode["task_id"]], episode
