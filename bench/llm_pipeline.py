"""End-to-end benchmark of the LLM build against the scripted local server (no network, no model).

Run from the repository root:

    .venv/bin/python bench/llm_pipeline.py                  # 12 texts -> 10 environments, 6 tasks each
    .venv/bin/python bench/llm_pipeline.py --tasks 4 --json /tmp/llm_pipeline.json

The "LLM" is tests/llm_server.py answering through tests/llm_scripts.py: each of the ten bundled
corpus domains is served as the draft for one inspiration text (corpus/inspiration, in name
order), its problems as the drafted problems, its smallest and largest problems as the LLM's
easier and harder rewrites. Some drafts are deliberately broken:

    text 2   centrifuge-lab with a wrong arity and an unbound variable: two LLM repair rounds
    text 3   drone-warehouse with a misspelled predicate: fixed by the automatic repair alone
    text 4   drone-warehouse with every name changed: rejected as a near-duplicate of text 3
    text 5   greenhouse-rows with an unbound variable: one LLM repair round
    text 6   kitchen-line broken in every answer: rejected after --max-repair-rounds rounds
    text 7   kitchen-line, clean (it is not a duplicate: text 6 was never accepted)

The server answers at once, so the time measured is the pipeline's own; the time spent inside
LLM calls (HTTP, JSON, the openai client) is reported separately and excluded from the rate.
Environments per minute = accepted environments / (wall time - LLM time) * 60, end to end:
drafting, checking, repair, solving, linting, task generation, Bi-Evol and export.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agentgen_sym.drafting import BuildOptions, DraftOptions, build  # noqa: E402
from agentgen_sym.drafting.record import TIME_CATEGORIES  # noqa: E402
from agentgen_sym.llm import LLMClient, LLMConfig  # noqa: E402
from tests.llm_scripts import (INSPIRATION, CorpusRouter, RoutedLLMServer, Scenario, break_arity,  # noqa: E402
                               break_typo, break_unbound, corpus_scenario, domain_reply, domain_text,
                               rename_domain)

LABELS = {"llm": "LLM calls (scripted server; excluded from the rate)", "compile": "parse / check / repair / lint",
          "solve": "ground / solve / validate (drafts and LLM Bi-Evol)",
          "generation": "task generation + symbolic Bi-Evol", "export": "trajectory export"}


def scenarios(texts: list[Path]) -> list[Scenario]:
    domains = ["bike-workshop", "centrifuge-lab", "drone-warehouse", "drone-warehouse", "greenhouse-rows",
               "kitchen-line", "kitchen-line", "library-returns", "museum-install", "office-mailroom",
               "recycling-sorter", "ward-pharmacy"]
    out = []
    for i, (path, name) in enumerate(zip(texts, domains), 1):
        marker = path.read_text()[:60]
        text = domain_text(name)
        answers = None
        if i == 2:
            answers = [domain_reply(break_arity(break_unbound(text))), domain_reply(break_unbound(text)),
                       domain_reply(text)]
        elif i == 3:
            answers = [domain_reply(break_typo(text))]
        elif i == 4:
            answers = [domain_reply(rename_domain(text))]
        elif i == 5:
            answers = [domain_reply(break_unbound(text)), domain_reply(text)]
        elif i == 6:
            answers = [domain_reply(break_arity(text))]
        out.append(corpus_scenario(f"text-{i}", marker, name, answers))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--texts", type=int, default=12, help="inspiration texts (at most 12; default 12)")
    parser.add_argument("--n-envs", type=int, default=10, help="environments to accept (default 10)")
    parser.add_argument("--tasks", type=int, default=6, help="tasks per environment (default 6)")
    parser.add_argument("--llm-evolve", type=int, default=1, help="LLM rewrites per direction (default 1)")
    parser.add_argument("--max-repair-rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, help="keep the build here (default: a temporary folder)")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args()

    texts = sorted(INSPIRATION.glob("*.txt"))[:min(args.texts, 12)]
    work = Path(tempfile.mkdtemp(prefix="agentgen-llm-bench-"))
    out = args.out or work / "out"
    if out.exists():
        shutil.rmtree(out)
    inspiration = work / "inspiration"
    inspiration.mkdir()
    for path in texts:
        shutil.copy(path, inspiration / path.name)
    router = CorpusRouter(scenarios(texts))
    options = BuildOptions(args.n_envs, args.tasks, 0, args.llm_evolve, DraftOptions(args.max_repair_rounds))
    try:
        with RoutedLLMServer(router) as server:
            client = LLMClient(LLMConfig(base_url=server.url, model="scripted", timeout_s=10, max_retries=0))
            started = time.perf_counter()
            report = build(inspiration, out, client, options)
            wall = time.perf_counter() - started
            requests = server.request_count
        generation: Counter[str] = Counter()  # read before a temporary folder goes
        for env in report.accepted:
            costs = json.loads((out / "envs" / env.env_id / "costs.json").read_text())
            generation.update(costs["generation_seconds"])
    finally:
        if args.out is None:
            shutil.rmtree(work, ignore_errors=True)

    seconds = report.seconds
    llm = seconds.get("llm", 0.0)
    own = wall - llm
    accepted = len(report.accepted)
    print(f"LLM build on the scripted server: {len(report.envs)} texts, {accepted} environments accepted, "
          f"{sum(e.tasks for e in report.accepted)} tasks, {report.datasets.get('openai', 0)} trajectories per format")
    print(f"wall {wall:.2f} s; LLM calls {llm:.2f} s ({requests} requests); pipeline {own:.2f} s")
    print(f"environments per minute, end to end, excluding LLM latency: {60 * accepted / own:.2f} "
          f"({60 * len(report.envs) / own:.2f} texts per minute)\n")
    print(f"{'where the time goes':<58} {'seconds':>9} {'share':>7}")
    for category in TIME_CATEGORIES:
        print(f"{LABELS[category]:<58} {seconds.get(category, 0.0):>9.2f} {seconds.get(category, 0.0) / wall:>7.1%}")
    untracked = wall - sum(seconds.values())
    print(f"{'other (files, records, report)':<58} {untracked:>9.2f} {untracked / wall:>7.1%}")

    if generation:
        print("  inside generation: " + ", ".join(f"{k} {v:.2f} s" for k, v in generation.most_common()))

    print("\nper stage: entered / passed / failed")
    for stage, entered, passed, failed in report.stage_counts():
        print(f"  {stage:<15} {entered:>3} {passed:>3} {failed:>3}")
    print("rejections: " + (", ".join(f"{code} {n}" for code, n in sorted(report.rejections().items())) or "none"))
    print("\nper environment (seconds by category):")
    for env in report.envs:
        cells = " ".join(f"{c} {env.seconds.get(c, 0.0):6.2f}" for c in TIME_CATEGORIES)
        verdict = "accepted" if env.accepted else f"rejected [{env.reason_code}]"
        print(f"  {env.env_id[:34]:<34} {verdict:<27} {cells}")
    if args.json:
        args.json.write_text(json.dumps({"wall_seconds": wall, "llm_seconds": llm, "pipeline_seconds": own,
                                         "requests": requests, "accepted": accepted, "texts": len(report.envs),
                                         "envs_per_minute_excluding_llm": 60 * accepted / own,
                                         "seconds": seconds, "report": report.to_data()}, indent=2))
    return 0 if accepted == min(args.n_envs, 10) else 1


if __name__ == "__main__":
    sys.exit(main())
