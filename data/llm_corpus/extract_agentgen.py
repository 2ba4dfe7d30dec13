"""Rebuild the AgentGen part of the LLM-drafted corpus from a clone of Aaron617/AgentGen.

Why a script: the PDDL lives inside JSON files of that repository (SFT conversations and
merged environments); this writes one .pddl file per domain and problem and the manifest rows
that say where each came from, so the corpus can be re-derived and audited.

    git clone https://github.com/Aaron617/AgentGen && git -C AgentGen checkout 3dcd97b0
    python data/llm_corpus/extract_agentgen.py AgentGen/.git
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
from pathlib import Path

REPO = "Aaron617/AgentGen"
COMMIT = "3dcd97b0b4060b267927e2f3c52f4b00cf86fea7"
HERE = Path(__file__).resolve().parent
FENCE = re.compile(r"```(?:pddl)?\s*\n(.*?)```", re.S)


def _show(git_dir: str, path: str) -> str:
    return subprocess.run(["git", f"--git-dir={git_dir}", "show", f"{COMMIT}:{path}"], check=True,
                          capture_output=True, text=True).stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("git_dir", help="the .git directory of a clone of Aaron617/AgentGen")
    args = parser.parse_args()
    rows = []
    sft_path = "src/data/sft_data.json"
    out = HERE / "agentgen" / "sft"
    out.mkdir(parents=True, exist_ok=True)
    for index, record in enumerate(json.loads(_show(args.git_dir, sft_path))):
        answer = record["conversations"][-1]["value"]
        match = FENCE.search(answer)
        text = (match.group(1) if match else answer).strip() + "\n"
        name = f"{record['id']}.pddl"
        (out / name).write_text(text, encoding="utf-8")
        rows.append((f"agentgen/sft/{name}", "domain", REPO, COMMIT, sft_path, f"[{index}].conversations[-1]",
                     "gpt-4o (AgentGen run.sh; scripts default gpt-4-0125-preview)", "llm-drafted"))
    envs_path = "src/data/it0/merged_envs_it0.json"
    for env in json.loads(_show(args.git_dir, envs_path)):
        folder = HERE / "agentgen" / "it0" / env["domain_name"]
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "domain.pddl").write_text(env["domain"].strip() + "\n", encoding="utf-8")
        base = f"agentgen/it0/{env['domain_name']}"
        rows.append((f"{base}/domain.pddl", "domain", REPO, COMMIT, envs_path, f"domain_name={env['domain_name']}",
                     "seed environment (PDDLGym domain)", "seed"))
        for number, problem in enumerate(env["problems"], 1):
            (folder / f"p{number:02d}.pddl").write_text(problem.strip() + "\n", encoding="utf-8")
            rows.append((f"{base}/p{number:02d}.pddl", "problem", REPO, COMMIT, envs_path,
                         f"domain_name={env['domain_name']}.problems[{number - 1}]", "seed problem", "seed"))
    header = ("file", "kind", "repository", "commit", "path", "item", "drafted_by", "origin")
    lines = ["\t".join(header)] + ["\t".join(row) for row in rows]
    (HERE / "manifest.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(rows)} files")


if __name__ == "__main__":
    main()
