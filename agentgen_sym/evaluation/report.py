"""The scores of an evaluation: success rate, progress rate and grounding accuracy, overall, per domain and
per difficulty level, computed as AgentBoard's ``EvalPddl.evaluate`` does (tasks/pddl.py:193-207: plain
means over episodes), and the files they are written to.

Beside ``logs/pddl.jsonl`` the output folder gets AgentBoard's overview ``pddl.txt`` ("[EXP] ..." lines)
and ``all_results.txt`` (one JSON line per task name, as ``SummaryLogger.log_run_result``), our
``report.json`` and ``eval.png``: the scores as bars, and the mean progress rate by step.

No file claims a score for an episode that did not run: ``all_results.txt``, which readers of AgentBoard's
files take as the run's result, is written only when every episode ran; ``eval.png`` only when some did,
saying how many; ``report.json`` scores the episodes that ran (null when none did) and names the others.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentgen_sym.files import write_atomic

METRICS = ("success_rate", "progress_rate", "grounding_accuracy")


@dataclass(frozen=True)
class EvalReport:
    """``overall``, ``domains`` and ``levels`` map to ``{episodes, success_rate, progress_rate,
    grounding_accuracy}`` over the episodes that ran (each score None when none did); ``errors`` are episodes
    whose LLM calls failed (not scored, replayed on resume); ``not_run`` episodes never played because the run
    ``stopped`` (the endpoint was taken to be down); ``skipped`` tasks that could not be loaded."""

    settings: dict[str, Any]
    overall: dict[str, float | None]
    domains: dict[str, dict[str, float | None]]
    levels: dict[str, dict[str, float | None]]
    errors: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    not_run: list[dict[str, Any]] = field(default_factory=list)
    stopped: str = ""

    @property
    def all_ran(self) -> bool:
        """Every episode of the run was played to its end (loaded tasks only: see ``skipped``)."""
        return not self.errors and not self.not_run

    @property
    def complete(self) -> bool:
        return self.all_ran and not self.skipped

    @property
    def ran(self) -> int:
        return int(self.overall["episodes"] or 0)

    def as_json(self) -> dict[str, Any]:
        return {"model": self.settings["model"], "profile": self.settings["profile"],
                "max_steps": self.settings["max_steps"], "complete": self.complete,
                "episodes": len(self.settings["tasks"]), "overall": self.overall, "domains": self.domains,
                "levels": self.levels, "errors": self.errors, "not_run": self.not_run, "stopped": self.stopped,
                "skipped": self.skipped}

    def rows(self) -> list[list[str]]:
        """The summary table's rows: overall, then each domain and each level."""
        groups = [("all", self.overall)] + [(f"domain {k}", v) for k, v in self.domains.items()] \
            + [(f"level {k}", v) for k, v in self.levels.items()]
        return [[name, str(int(g["episodes"] or 0))] + ["-" if g[m] is None else f"{g[m]:.3f}" for m in METRICS]
                for name, g in groups]


def scores(records: list[dict[str, Any]]) -> dict[str, float | None]:
    """AgentBoard's plain means; None, not 0.0, when no episode ran: there is nothing to score."""
    n = len(records)
    if not n:
        return {"episodes": 0, **{m: None for m in METRICS}}
    return {"episodes": n,
            "success_rate": sum(bool(r["is_done"]) for r in records) / n,
            "progress_rate": sum(float(r["progress_rate"]) for r in records) / n,
            "grounding_accuracy": sum(float(r["grounding_acc"]) for r in records) / n}


def summarize(records: list[dict[str, Any]], settings: dict[str, Any], errors: list[dict[str, Any]],
              skipped: list[str], not_run: list[dict[str, Any]] | None = None, stopped: str = "") -> EvalReport:
    def grouped(key: str) -> dict[str, dict[str, float | None]]:
        names = sorted({str(r[key]) for r in records})
        return {name: scores([r for r in records if str(r[key]) == name]) for name in names}

    return EvalReport(settings, scores(records), grouped("task_name"), grouped("difficulty"), errors, skipped,
                      not_run or [], stopped)


def progress_by_step(records: list[dict[str, Any]], max_steps: int) -> list[float]:
    """Mean best progress rate after each step, from each episode's score changes (as AgentBoard's
    ``TaskLogger.complete_score_state`` fills them in, held after the episode ends)."""
    totals = [0.0] * max_steps
    for record in records:
        current, changes = 0.0, {int(s): float(v) for s, v in record["score_change_record"]}
        for step in range(max_steps):
            current = changes.get(step, current)
            totals[step] += current
    return [t / len(records) for t in totals] if records else totals


def write_outputs(out: Path, report: EvalReport, records: list[dict[str, Any]], max_steps: int) -> None:
    """The files of the run; a score file an earlier run left that this one cannot back is removed."""
    ordered = sorted(records, key=lambda r: r["id"])
    write_atomic(out / "pddl.txt", "".join(
        f"[EXP] {r['id']}: [success_rate]: {r['is_done']}, [progress_rate]: {r['progress_rate']}, "
        f"[grounding_acc]: {r['grounding_acc']}, [score_state]: {[tuple(c) for c in r['score_change_record']]} \n"
        for r in ordered))
    write_atomic(out / "report.json", json.dumps(report.as_json(), indent=2) + "\n")
    if ordered:
        (out / "eval.png").write_bytes(plot(report, progress_by_step(ordered, max_steps)))
    else:
        (out / "eval.png").unlink(missing_ok=True)
    if not report.all_ran or not ordered:
        (out / "all_results.txt").unlink(missing_ok=True)
        return
    levels = report.levels
    result = {"task_name": "pddl", "success_rate": report.overall["success_rate"],
              "progress_rate": report.overall["progress_rate"], "grounding_acc": report.overall["grounding_accuracy"],
              "success_rate_hard": levels.get("hard", {}).get("success_rate", 0),
              "success_rate_easy": levels.get("easy", {}).get("success_rate", 0),
              "progress_rate_hard": levels.get("hard", {}).get("progress_rate", 0),
              "progress_rate_easy": levels.get("easy", {}).get("progress_rate", 0)}
    write_atomic(out / "all_results.txt", json.dumps(result) + "\n")


def plot(report: EvalReport, by_step: list[float]) -> bytes:
    """The PNG: grouped bars of the three scores per group, and the mean progress rate by step."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = [("all", report.overall), *report.domains.items(), *((f"[{k}]", v) for k, v in report.levels.items())]
    figure, (bars, curve) = plt.subplots(1, 2, figsize=(11, 4), gridspec_kw={"width_ratios": [2, 1]})
    width = 0.27
    for offset, metric in enumerate(METRICS):
        xs = [i + (offset - 1) * width for i in range(len(groups))]
        bars.bar(xs, [g[metric] for _, g in groups], width, label=metric.replace("_", " "))
    bars.set_xticks(range(len(groups)), [name for name, _ in groups], rotation=20, ha="right")
    bars.set_ylim(0, 1.05)
    shown = "" if report.all_ran else f", {report.ran} of {len(report.settings['tasks'])} episodes ran"
    bars.set_title(f"{report.settings['model']} ({report.settings['profile']} profile{shown})")
    bars.legend(loc="upper right", fontsize="small")
    curve.plot(range(1, len(by_step) + 1), by_step, marker="o", markersize=2)
    curve.set_ylim(0, 1.05)
    curve.set_xlabel("step")
    curve.set_title("mean progress rate by step")
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None})
    plt.close(figure)
    return buffer.getvalue()
