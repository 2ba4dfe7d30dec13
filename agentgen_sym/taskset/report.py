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
             f"{len(report.tasks)} tasks selected from {report.pool_text()}; "
             f"difficulty (optimal plan length) range {report.lo}..{report.hi}.", "",
             "Per level, the mean over its tasks of what varies (the selection fixes how many tasks each level "
             "holds): goal atoms, objects, and branching, the domain actions applicable in the states along the "
             "gold plan.", "",
             "| difficulty | tasks | goal atoms | objects | branching |", "|---|---|---|---|---|"]
    figures = level_figures(report)
    for level in range(report.lo, report.hi + 1):
        means = [_mean(figures[name].get(level, [])) for name in FIGURE_NAMES]
        lines.append(f"| {level} | {report.histogram.get(level, 0)} | " + " | ".join(means) + " |")
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


FIGURE_NAMES = ("goal atoms", "objects", "branching")
"""The per-task figures the report shows per level: the task's goal size, its objects, and the mean number of
domain actions applicable along its gold plan (``GenerationReport.branching``)."""

TITLES = {"goal atoms": "goal atoms", "objects": "objects", "branching": "actions applicable along the plan"}


def level_figures(report: GenerationReport) -> dict[str, dict[int, list[float]]]:
    """Each figure's values per level (difficulty), one per selected task that has it, in task order."""
    out: dict[str, dict[int, list[float]]] = {name: {} for name in FIGURE_NAMES}
    for task in report.tasks:
        values = (task.n_goal_atoms, len(task.problem.objects), report.branching.get(task.id))
        for name, value in zip(FIGURE_NAMES, values):
            if value is not None:
                out[name].setdefault(task.difficulty, []).append(float(value))
    return out


def _mean(values: list[float]) -> str:
    return f"{sum(values) / len(values):.1f}" if values else "-"


def _plot(path: Path, report: GenerationReport) -> None:
    """Goal atoms, objects and branching against difficulty: each task a dot, each level's mean a line (the count
    per level is the selection's, the table gives it). PNG with fixed metadata, so reruns are byte-identical."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figures = level_figures(report)
    fig, axes = plt.subplots(1, len(FIGURE_NAMES), figsize=(10, 3.2), dpi=100, sharex=True)
    for axis, name in zip(axes, FIGURE_NAMES):
        per_level = sorted(figures[name].items())
        axis.scatter([level for level, values in per_level for _ in values],
                     [value for _, values in per_level for value in values], s=14, color="#9AA5B1", zorder=2)
        axis.plot([level for level, _ in per_level], [sum(v) / len(v) for _, v in per_level], marker="o",
                  color="#4C72B0", zorder=3)
        axis.set_xlabel("difficulty (optimal plan length)")
        axis.set_title(TITLES[name], fontsize=10)
        axis.set_ylim(bottom=0)
    fig.suptitle(f"{report.domain}: {len(report.tasks)} tasks, difficulty {report.lo}..{report.hi}")
    fig.tight_layout()
    image = io.BytesIO()
    fig.savefig(image, format="png", metadata={"Software": None})
    plt.close(fig)
    write_atomic(path, image.getvalue())
