"""Print a seeded sample of rendered facts and thoughts, to read how the text environment talks.

Facts come from the ground facts of the benchmark domains (../shared/benchmarks, beside the
project root) and the bundled corpus; thoughts from the gold trajectories of their first
problems (solved within a few seconds, played through the text environment). Run before and after a change to templates or thoughts and compare:

    .venv/bin/python bench/nl_sample.py --facts 40 --thoughts 10 --seed 13
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentgen_sym.compiler.compile import compile_task  # noqa: E402
from agentgen_sym.compiler.parser import parse_domain, parse_problem  # noqa: E402
from agentgen_sym.env import Templates, TextEnv  # noqa: E402
from agentgen_sym.export.trajectories import play  # noqa: E402
from agentgen_sym.solver import solve  # noqa: E402
from bench.common import BENCHMARKS, ROOT  # noqa: E402

CORPUS = ROOT / "corpus" / "domains"


def sources() -> list[tuple[str, Path, Path]]:
    """(label, domain file, first problem) of every benchmark domain and corpus domain, sorted."""
    found = []
    for base, tag in ((BENCHMARKS, "ipc"), (CORPUS, "corpus")):
        if not base.is_dir():
            continue
        for folder in sorted(p for p in base.iterdir() if (p / "domain.pddl").is_file()):
            problems = sorted(folder.glob("p*.pddl"))
            if problems:
                found.append((f"{tag}:{folder.name}", folder / "domain.pddl", problems[0]))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=40)
    parser.add_argument("--thoughts", type=int, default=10)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    facts: dict[str, list[tuple[str, str]]] = {}
    for label, domain_file, problem_file in sources():
        try:
            domain = parse_domain(domain_file)
            task = compile_task(domain, parse_problem(problem_file))
        except Exception:  # a benchmark our grounder refuses is simply not sampled
            continue
        templates = Templates.beside(domain, domain_file)
        rendered = [(str(f), templates.fact(f.predicate, f.args)) for f in task.ground.facts
                    if f.predicate in templates.predicates]
        if rendered:
            facts[label] = rendered
    print(f"## {args.facts} facts (seed {args.seed}; a domain drawn first, so large ones do not crowd out the rest)")
    seen: set[tuple[str, str]] = set()
    while len(seen) < min(args.facts, sum(len(v) for v in facts.values())):
        label = rng.choice(sorted(facts))
        pddl, text = rng.choice(facts[label])
        if (label, pddl) not in seen:
            seen.add((label, pddl))
            print(f"- {label} {pddl} -> {text}")
    thoughts: list[tuple[str, str]] = []
    for label, domain_file, problem_file in sources():
        try:
            domain = parse_domain(domain_file)
            task = compile_task(domain, parse_problem(problem_file))
            solution = solve(task, time_limit=3)
            if not solution.solved:
                continue
            env = TextEnv(task, Templates.beside(domain, domain_file))
            trajectory = play(label, env, [(s.action, s.args) for s in solution.steps])
        except Exception:  # a task the environment or a planner cannot handle is simply not sampled
            continue
        for turn in trajectory.turns:
            if turn.role == "assistant":
                thoughts.append((label, turn.content.splitlines()[0]))
    print(f"\n## {args.thoughts} thoughts (seed {args.seed})")
    for label, text in rng.sample(thoughts, min(args.thoughts, len(thoughts))):
        print(f"- {label}: {text}")


if __name__ == "__main__":
    main()
