"""AgentBoard's own PDDL environment and our agentboard profile, side by side on AgentBoard's 60 problems.

Both play the same actions: each problem's gold plan (ours, as AgentBoard's listed text), then a
seeded random episode of 30 steps mixing listed actions, listed text with extra words, PDDL forms,
wrong objects, requests ("check ...", "look around") and free text. Every step compares the
observation, the progress rate, done and ``action_is_valid``; listings and "look around" are
compared as sets (AgentBoard's order is a set's, ours is sorted: docs/agentboard.md). Prints one
row per game and the mismatches.

Needs a checkout of hkust-nlp/AgentBoard and, in the same Python as agentgen-sym, ``gym==0.26.2``,
``nltk``, ``matplotlib`` and ``pillow`` (its pddlgym imports them; its rendering modules are stubbed).
nltk's punkt data is not downloaded: ``word_tokenize`` is replaced by nltk's ``NLTKWordTokenizer``,
which is what it applies to each sentence. AgentBoard's tyreworld declares ``in`` with its types
swapped; ours is given the fixed declaration (the one edit docs/agentboard.md names).

    python bench/agentboard_parity.py --agentboard ../AgentBoard [--random-episodes 1]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import sys
import types
from pathlib import Path

GAMES = {"blockworld": 10, "gripper": 20, "barman": 20, "tyreworld": 10}
TYREWORLD_FIX = (("(in ?x - container ?y - obj)", "(in ?x - obj ?y - container)"),
                 ("(define (domain tyreworld)", "(define (domain tyreworld)\n(:requirements :strips :typing)"))


def agentboard_env(checkout: Path):
    """AgentBoard's ``PDDL`` class, importable without its network downloads and renderers."""
    for name in ("imageio", "skimage", "skimage.transform"):
        sys.modules.setdefault(name, types.ModuleType(name))
    sys.modules["skimage"].transform = sys.modules["skimage.transform"]  # type: ignore[attr-defined]
    sys.modules["skimage.transform"].resize = None  # type: ignore[attr-defined]  (rendering only)
    import nltk
    from nltk.tokenize import NLTKWordTokenizer

    nltk.download = lambda *a, **k: None
    tokenizer = NLTKWordTokenizer()
    nltk.word_tokenize = tokenizer.tokenize
    root = checkout / "agentboard"
    sys.path[:0] = [str(root), str(root / "environment" / "pddl_env")]
    os.chdir(checkout)
    from environment.pddl_env.pddl_env import PDDL  # noqa: E402  (AgentBoard's module layout)

    return PDDL


def same(action: str, theirs: str, ours: str) -> bool:
    if theirs.startswith("Valid actions are: "):
        return sorted(theirs[19:].split(", ")) == sorted(ours[19:].split(", "))
    if "look around" in action.lower() and "check" not in action.lower():
        return sorted(theirs.split(" ")) == sorted(ours.split(" "))
    return theirs == ours


def random_action(rng: random.Random, listed: list[str], names: list[str], objects: list[str]) -> str:
    kind = rng.random()
    if kind < 0.6:
        return rng.choice(listed)
    if kind < 0.7:
        return rng.choice(listed).rstrip(". ") + " now"
    if kind < 0.8:
        return rng.choice(names) + " " + " ".join(rng.choice(objects) for _ in range(3))
    if kind < 0.9:
        return rng.choice(["look around", "check valid actions", "Action: look around", "dance"])
    return f"({rng.choice(names)} {rng.choice(objects)} {rng.choice(objects)})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agentboard", type=Path, required=True, help="a checkout of hkust-nlp/AgentBoard")
    parser.add_argument("--random-episodes", type=int, default=1, help="random episodes per problem (default 1)")
    args = parser.parse_args()
    checkout = args.agentboard.resolve()
    source = (checkout / "agentboard/environment/pddl_env/pddl_env.py").read_text(encoding="utf-8")
    pddl = checkout / "agentboard/environment/pddl_env/pddlgym/pddl"
    PDDL = agentboard_env(checkout)

    from agentgen_sym.compiler.compile import compile_task
    from agentgen_sym.compiler.parser import parse_domain, parse_problem
    from agentgen_sym.env.agentboard import AgentBoardEnv, PredicateMap, import_agentboard
    from agentgen_sym.solver import solve
    from agentgen_sym.tables import print_table

    def pair(game: str, index: int, problem: object, wording: PredicateMap, max_steps: int):
        with contextlib.redirect_stdout(io.StringIO()):  # AgentBoard prints as it goes
            theirs = PDDL(problem_index=index, game_name=game)
        return theirs, AgentBoardEnv(compile_task(problem[0], problem[1]), wording, max_steps=max_steps)

    def step(theirs: object, ours: AgentBoardEnv, action: str) -> tuple[bool, tuple, tuple]:
        with contextlib.redirect_stdout(io.StringIO()):
            s1, r1, d1, i1 = theirs.step(action)  # type: ignore[attr-defined]
        s2, r2, d2, i2 = ours.step(action)
        ok = same(action, s1, s2) and (r1, d1, i1["action_is_valid"]) == (r2, d2, i2["action_is_valid"])
        return ok, (s1, r1, d1), (s2, r2, d2)

    rows, problems_shown = [], 0
    for game, count in GAMES.items():
        text = (pddl / f"{game}.pddl").read_text(encoding="utf-8")
        for old, new in TYREWORLD_FIX if game == "tyreworld" else ():
            text = text.replace(old, new)
        domain = parse_domain(text)
        wording = PredicateMap(import_agentboard(source, game, domain).predicate_map)
        files = sorted((pddl / game).glob("*.pddl"))[:count]
        figures = {"problems": 0, "start": 0, "gold steps": 0, "gold solved": 0, "random steps": 0, "mismatches": 0}
        for index, path in enumerate(files):
            problem = (domain, parse_problem(path))
            theirs, ours = pair(game, index, problem, wording, 10_000)
            figures["problems"] += 1
            figures["start"] += (theirs._get_goal(), theirs._get_obs()) == (ours.goal, ours.observation)
            for planned in solve(ours.compiled).plan.steps:
                ok, a, b = step(theirs, ours, wording.action(planned.action, tuple(planned.args)))
                figures["gold steps"] += 1
                figures["mismatches"] += not ok
                if not ok and problems_shown < 5:
                    problems_shown += 1
                    print(f"{game} {path.name}: {planned}\n  AgentBoard: {a}\n  ours:       {b}")
            figures["gold solved"] += bool(theirs.won and ours.won)
            for episode in range(args.random_episodes):
                theirs, ours = pair(game, index, problem, wording, 30)
                rng = random.Random(f"{game}/{index}/{episode}")
                names = sorted(ours.arity)
                objects = sorted(o.name for o in theirs.last_obs.objects)
                for _ in range(30):
                    action = random_action(rng, sorted(theirs._get_action_space()), names, objects)
                    ok, a, b = step(theirs, ours, action)
                    figures["random steps"] += 1
                    figures["mismatches"] += not ok
                    if not ok and problems_shown < 5:
                        problems_shown += 1
                        print(f"{game} {path.name}: {action!r}\n  AgentBoard: {a}\n  ours:       {b}")
                    if a[2] or b[2]:
                        break
        rows.append([game, *map(str, figures.values())])
    print_table(["game", "problems", "same start", "gold steps", "gold solved", "random steps", "mismatches"], rows)
    return 1 if any(row[-1] != "0" for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
