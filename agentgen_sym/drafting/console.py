"""What ``agentgen-sym draft`` and ``build`` print: each stage's outcome as it happens, a progress line, a summary."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, TextIO

from agentgen_sym.drafting.builder import BuildReport
from agentgen_sym.drafting.record import TIME_CATEGORIES, StageResult
from agentgen_sym.drafting.stages import STAGES, DraftResult

MARKS = {"ok": "ok", "warning": "ok*", "failed": "FAILED"}


class StagePrinter:
    """``on_stage`` and ``on_round`` callbacks printing one line per stage and per repair round."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream

    @property
    def stream(self) -> TextIO:
        return self._stream or sys.stdout

    def stage(self, result: StageResult) -> None:
        number = STAGES.index(result.stage) + 1 if result.stage in STAGES else 0
        prefix = f"[{number}/{len(STAGES)}]" if number else "[+]"
        print(f"{prefix} {result.stage:<15} {MARKS.get(result.status, result.status):<7} {result.detail}",
              file=self.stream, flush=True)

    def round(self, entry: dict[str, Any]) -> None:
        who = "draft" if entry["round"] == 0 else f"LLM repair round {entry['round']}"
        label = f" {entry['label']}" if entry.get("label") else ""
        fixes = len(entry.get("auto_fixes", []))
        fixed = f", {fixes} automatic fix(es)" if fixes else ""
        print(f"      {entry['kind']}{label} {who}{fixed}: {entry.get('outcome', '')}", file=self.stream, flush=True)


def print_verdict(result: DraftResult, stream: TextIO | None = None) -> None:
    stream = stream or sys.stdout
    verdict = result.verdict
    seconds = result.record.seconds
    timing = ", ".join(f"{c} {seconds.get(c, 0.0):.2f} s" for c in TIME_CATEGORIES if seconds.get(c))
    if verdict.accepted:
        print(f"\naccepted: {verdict.reason}\nwritten to {result.folder}/ (record.json has every prompt and "
              f"response); {timing}", file=stream)
    else:
        print(f"\nrejected at {verdict.stage} [{verdict.reason_code}]: {verdict.reason}\nrecord: "
              f"{result.folder / 'record.json'}; {timing}", file=stream)


def print_build_summary(report: BuildReport, out: Path, stream: TextIO | None = None) -> None:
    stream = stream or sys.stdout
    from agentgen_sym.tables import print_table

    print_table(["environment", "verdict", "stage", "tasks", "LLM Bi-Evol", "trajectories", "reason"],
                [[e.env_id, e.verdict, e.stage, str(e.tasks),
                  f"{e.llm_evolved}/{e.llm_evolve_candidates}" if e.accepted else "-", str(e.trajectories), (e.error or ("" if e.accepted else f"[{e.reason_code}] {e.reason}"))[:70]]
                 for e in report.envs])
    print("", file=stream)
    print_table(["stage", "entered", "passed", "failed"],
                [[s, str(a), str(b), str(c)] for s, a, b, c in report.stage_counts() if a])
    u = report.usage
    print(f"\n{len(report.accepted)} of {report.n_envs} environment(s) accepted from {len(report.envs)} text(s); "
          f"{sum(e.tasks for e in report.accepted)} tasks; LLM {u.get('requests', 0)} requests "
          f"({u.get('cached', 0)} cached); {report.wall_seconds:.0f} s; report: {out / 'report.md'}, costs: "
          f"{out / 'costs.json'}", file=stream)
