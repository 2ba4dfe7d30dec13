"""The reward contract checked on a task folder, shared by tests/test_rl_env.py and bench/rewards.py.

For every task and every reward the adapters offer (``REWARDS``): the gold plan's return is exactly 1 under success
and progress and, under the dense reward, exactly ``optimal cost - gold cost`` where every step's info calls the
distance exact; that is 0 unless the task flags its gold plan ``optimal: false`` (listed in ``suboptimal``); and no policy of four families earns as much as the gold plan without reaching the goal
(nor, reaching it, more than an optimal plan): one that only asks for the valid actions (stalls), one that sends text no action reads,
one that repeats the gold plan's first step (loops) and one that takes random valid actions. Episodes run to the
adapters' default step limit.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.env.core import EnvCore
from agentgen_sym.env.rewards import EXACT, REWARDS, Potential, SearchedPotential
from agentgen_sym.rl.library import TaskLibrary

POLICIES = ("stall", "invalid", "loop", "random", "random", "random")
MAX_STEPS = 30
"""The adapters' default step limit (gymnasium, TRL, verifiers)."""


@dataclass
class Audit:
    """What the contract found on some tasks: counts, and one line per breach."""

    tasks: int = 0
    exact: int = 0  # tasks whose every gold step's dense distance is exact
    searched: int = 0  # tasks too large to enumerate, whose distances come from a search per state
    episodes: int = 0
    breaches: list[str] = field(default_factory=list)
    suboptimal: list[str] = field(default_factory=list)  # tasks whose gold plan costs more than the optimum

    def add(self, other: Audit) -> None:
        self.tasks += other.tasks
        self.exact += other.exact
        self.searched += other.searched
        self.episodes += other.episodes
        self.breaches += other.breaches
        self.suboptimal += other.suboptimal


def gold_texts(library: TaskLibrary, task_id: str) -> list[str]:
    """The gold plan of a task as the text environment words its actions."""
    entry = library.entries[library.index(task_id)]
    return [library.templates.action(*GroundAction.parse(step)) for step in entry.plan]


def policy_return(core: EnvCore, policy: str, gold: list[str], rng: random.Random) -> tuple[float, bool]:
    """The summed rewards of one episode of ``policy`` (at most ``MAX_STEPS`` steps), and whether it reached the
    goal."""
    sessions = core.sessions(1)
    total, reached = 0.0, False
    for _ in range(MAX_STEPS):
        if policy == "stall":
            text = "check valid actions"
        elif policy == "invalid":
            text = "jump over the moon"
        elif policy == "loop":  # the gold plan's first step, again and again
            text = gold[0]
        else:  # a random valid action
            text = rng.choice(sessions.valid_actions(0) or ["check valid actions"])
        step = sessions.step(0, text)
        total += step.reward
        reached = reached or step.terminated
        if step.terminated or step.truncated:
            break
    return total, reached


def audit(folder: Path, rng: random.Random) -> Audit:
    """The contract on every task of ``folder`` under every reward."""
    found = Audit()
    potentials: dict[str, Potential] = {}  # a function of the state: one per task serves every reward's library
    for reward in REWARDS:
        library = TaskLibrary(folder, reward=reward, max_steps=MAX_STEPS, dense=True)
        for entry in library.entries:
            core, gold = library.core(entry.id), gold_texts(library, entry.id)
            if entry.id in potentials:
                core.__dict__["potential"] = potentials[entry.id]  # EnvCore.potential is a cached_property
            potentials[entry.id] = core.potential
            sessions = core.sessions(1)
            steps = [sessions.step(0, text) for text in gold]
            gold_return = sum(step.reward for step in steps)
            where = f"{folder.name}/{entry.id} {reward}"
            if not steps[-1].terminated:
                found.breaches.append(f"{where}: the gold plan does not reach the goal")
            if reward == "dense":
                found.tasks += 1
                exact = all(step.info["distance"] == EXACT for step in steps)
                found.exact += exact
                found.searched += isinstance(core.potential, SearchedPotential)
                optimum = -core.potential.of(core.task.init_bits)
                expected = optimum - float(entry.fields["cost"])
                if exact and gold_return != expected:
                    found.breaches.append(f"{where}: the gold plan returns {gold_return}, not {expected}")
                if exact and expected != 0.0:  # a gold plan dearer than the optimum: the data must say so
                    found.suboptimal.append(entry.id)
                    if entry.fields.get("optimal") is not False:
                        found.breaches.append(f"{where}: the gold plan costs {entry.fields['cost']}, the optimum "
                                              f"{optimum}, and the task does not flag it")
            elif gold_return != 1.0:
                found.breaches.append(f"{where}: the gold plan returns {gold_return}, not 1")
            for policy in POLICIES:
                earned, reached = policy_return(core, policy, gold, rng)
                found.episodes += 1
                best = 0.0 if reward == "dense" else 1.0  # an optimal plan's return: nothing earns more
                if earned > best or (earned >= gold_return and not reached):
                    found.breaches.append(f"{where}: a {policy} policy earns {earned} (reached the goal: {reached}), "
                                          f"the gold plan {gold_return}")
    return found
