"""A task set's report beside its tasks: ``report.md`` (levels, origins, Bi-Evol's counts) and ``difficulty.png``."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

from agentgen_sym.files import write_atomic
from agentgen_sym.taskset.model import DIRECTIONS, GenerationReport


def write_report(out_dir: Path, report: GenerationReport) -> None:
    """Write ``report.md`` and its difficulty plot into ``out_dir``."""
    lines = [f"# Tasks for `{report.domain}`", "",
             f"{len(report.tasks)} tasks selected from {report.kept} verified of {report.candidates} candidates; "
             f"difficulty (optimal plan length) range {report.lo}..{report.hi}.", "",
             "| difficulty | tasks |", "|---|---|"]
    for level in range(report.lo, report.hi + 1):
        lines.append(f"| {level} | {report.histogram.get(level, 0)} |")
    origins = Counter(str(t.origin) for t in report.tasks)
    flagged = sum(not t.optimal for t in report.tasks)
    lines += ["", "| origin | tasks |", "|---|---|"] + [f"| {o} | {c} |" for o, c in sorted(origins.items())]
    lines += ["", "## Bi-Evol", "", f"{report.rounds} round(s) both ways from every seed task.", "",
              "| direction | candidates | verified | kept | over budget | unsolvable | beyond range |",
              "|---|---|---|---|---|---|---|"]
    for direction in DIRECTIONS:
        c = report.evolution.get(direction, {})
        lines.append(f"| {direction} | {c.get('candidates', 0)} | {c.get('verified', 0)} | {c.get('kept', 0)} | "
                     f"{c.get('over_budget', 0)} | {c.get('unsolvable', 0)} | {c.get('beyond_range', 0)} |")
    lines += ["", "| level | walk | input | easier | harder | kept |", "|---|---|---|---|---|---|"]
    for level in range(report.lo, report.hi + 1):
        c = report.levels.get(level, {})
        lines.append(f"| {level} | " + " | ".join(str(c.get(k, 0)) for k in ("walk", "input", "easier", "harder",
                                                                               "kept")) + " |")
    lines += [""] + ([f"Level {level} asked for but not reached: {why}." for level, why in report.unreached.items()]
                     or ["Every level asked for was reached."])
    lines += ["", f"{flagged} task(s) flagged: the optimal planner did not finish within its expansions; their "
                  "length is a satisficing plan's and `cost_lower_bound` the proven bound." if flagged
              else "Every difficulty is an optimal plan length."]
    resolved, dropped = report.self_moves.get("self-move re-solved", 0), report.self_moves.get("self-move dropped", 0)
    if resolved or dropped:
        lines += ["", f"{resolved + dropped} candidate gold plan(s) used a self-move step (W620): {resolved} re-solved "
                      f"with the inequality added, {dropped} dropped (no plan without it)."]
    write_atomic(out_dir / "report.md", "\n".join(lines) + "\n")
    _plot(out_dir / "difficulty.png", report)


def _plot(path: Path, report: GenerationReport) -> None:
    """A bar chart of the difficulty histogram (PNG, fixed metadata so reruns are byte-identical)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    levels = list(range(report.lo, report.hi + 1))
    fig, axis = plt.subplots(figsize=(6, 3.2), dpi=100)
    axis.bar(levels, [report.histogram.get(level, 0) for level in levels], color="#4C72B0")
    axis.set_xlabel("difficulty (optimal plan length)")
    axis.set_ylabel("tasks")
    axis.set_title(f"{report.domain}: {len(report.tasks)} tasks")
    fig.tight_layout()
    image = io.BytesIO()
    fig.savefig(image, format="png", metadata={"Software": None})
    plt.close(fig)
    write_atomic(path, image.getvalue())
