"""A task set's report beside its tasks: ``report.md`` (levels, origins, Bi-Evol's counts), ``difficulty.png``, and
``provenance.json``, what made the set (commands, seeds, range and how it was chosen, goal sources, invented
objects, levels dropped), which the dataset card of an export reads."""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path

from agentgen_sym.files import write_atomic
from agentgen_sym.taskset.model import (DIRECTIONS, FLAGGED_DROPPED, INVARIANT_DROPPED, MAX_GAP, MIN_GAP, PROVE_FACTOR,
                                        PROVED, GenerationReport)


def write_report(out_dir: Path, report: GenerationReport) -> None:
    """Write ``report.md`` and its difficulty plot into ``out_dir``."""
    lines = [f"# Tasks for `{report.domain}`", "",
             f"{len(report.tasks)} tasks selected from {report.pool_text()}; "
             f"difficulty (optimal plan length) range {report.lo}..{report.hi}"
             + (f", {report.range_source}." if report.range_source else "."), ""]
    lines += _sources(report)
    lines += ["Per level, the mean over its tasks of what varies (the selection fixes how many tasks each level "
              "holds): goal atoms, objects, branching (the domain actions applicable in the states along the gold "
              "plan) and enabling steps (the share of plan steps that make true a precondition of a later step, "
              "rather than only a goal atom: how deep, not just how long).", "",
              "| difficulty | tasks | goal atoms | objects | branching | enabling steps |", "|---|---|---|---|---|---|"]
    figures = level_figures(report)
    for level in range(report.lo, report.hi + 1):
        means = [_mean(figures[name].get(level, []), percent=name == "enabling steps") for name in FIGURE_NAMES]
        lines.append(f"| {level} | {report.histogram.get(level, 0)} | " + " | ".join(means) + " |")
    origins = Counter(str(t.origin) for t in report.tasks)
    flagged = sum(not t.optimal for t in report.tasks)
    lines += ["", "| origin | tasks |", "|---|---|"] + [f"| {o} | {c} |" for o, c in sorted(origins.items())]
    lines += ["", "## Bi-Evol", "", f"{report.rounds} round(s) both ways from every seed task. A variant counts by "
              "its measured difficulty against its parent's: kept as easier or harder only when strictly so, and "
              "labelled with the move tried and that outcome; one as hard as its parent is not kept.", "",
              "| moves tried | candidates | achieved | went the other way | as hard as parent | kept "
              "| over budget | unsolvable | beyond range |", "|---|---|---|---|---|---|---|---|---|"]
    for direction in DIRECTIONS:
        c = report.evolution.get(direction, {})
        lines.append(f"| {direction} | {c.get('candidates', 0)} | {c.get('achieved', 0)} | {c.get('reversed', 0)} | "
                     f"{c.get('as_hard', 0)} | {c.get('kept', 0)} | {c.get('over_budget', 0)} | "
                     f"{c.get('unsolvable', 0)} | {c.get('beyond_range', 0)} |")
    lines += ["", "| level | walk | input | easier | harder | kept |", "|---|---|---|---|---|---|"]
    for level in range(report.lo, report.hi + 1):
        c = report.levels.get(level, {})
        lines.append(f"| {level} | " + " | ".join(str(c.get(k, 0)) for k in ("walk", "input", "easier", "harder",
                                                                               "kept")) + " |")
    lines += [""] + ([f"Level {level} asked for but not reached: {why}." for level, why in report.unreached.items()]
                     or ["Every level asked for was reached."])
    if report.dropped:
        lines += ["", "Levels reached but not kept (outside the range, or more levels than tasks asked for): "
                  + ", ".join(f"{level} ({count} verified)" for level, count in report.dropped.items()) + "."]
    lines += ["", f"{flagged} task(s) flagged: the optimal planner did not finish within its expansions, nor a "
                  "second search with more; their length is a satisficing plan's and `cost_lower_bound` the proven "
                  "bound." if flagged else "Every difficulty is an optimal plan length."]
    proved, dropped = report.self_moves.get(PROVED, 0), report.self_moves.get(FLAGGED_DROPPED, 0)
    if proved or dropped:
        lines += ["", f"Of the selected tasks whose plan the first optimal search did not prove, {proved} were proved "
                      f"optimal by a second search with {PROVE_FACTOR} times the expansions and {dropped} dropped: "
                      f"still unproved and more than {MAX_GAP:.0%} (and {MIN_GAP} steps) over the proved lower bound, "
                      "or proved at a length their easier/harder label no longer earns."]
    resolved, dropped = report.self_moves.get("self-move re-solved", 0), report.self_moves.get("self-move dropped", 0)
    if resolved or dropped:
        lines += ["", f"{resolved + dropped} candidate gold plan(s) used a self-move step (W620): {resolved} re-solved "
                      f"with the inequality added, {dropped} dropped (no plan without it)."]
    broke = report.self_moves.get(INVARIANT_DROPPED, 0)
    if broke:
        lines += ["", f"{broke} candidate task(s) dropped: their initial state or gold plan broke a state invariant "
                      "that the seed problem keeps, through a delete or precondition the domain forgot (W623; "
                      "`agentgen-sym check DOMAIN PROBLEMS` names it)."]
    write_atomic(out_dir / "report.md", "\n".join(lines) + "\n")
    write_atomic(out_dir / PROVENANCE_FILE, json.dumps(provenance(report), indent=2, sort_keys=True) + "\n")
    _plot(out_dir / "difficulty.png", report)


PROVENANCE_FILE = "provenance.json"


def provenance(report: GenerationReport) -> dict:
    """What made the set, as ``provenance.json`` keeps it: nothing that depends on timing or the workers."""
    return {"domain": report.domain, "commands": list(report.commands),
            "seeds": sorted({t.seed for t in report.tasks}), "range": [report.lo, report.hi],
            "range_source": report.range_source, "tasks": len(report.tasks),
            "goal_sources": dict(report.goal_sources),
            "origins": dict(sorted(Counter(str(t.origin) for t in report.tasks).items())),
            "invented": {"tasks": len(report.invented), "objects": sum(report.invented.values())},
            "maintained": {"tasks": len(report.maintained), "literals": sum(report.maintained.values())},
            "seed_objects": list(report.seed_objects),
            "not_proved_optimal": unproved(report),
            "broken_invariant_dropped": report.self_moves.get(INVARIANT_DROPPED, 0),
            "second_search": {"proved": report.self_moves.get(PROVED, 0),
                              "dropped": report.self_moves.get(FLAGGED_DROPPED, 0)},
            "dropped_levels": {str(level): count for level, count in report.dropped.items()}}


def unproved(report: GenerationReport) -> dict:
    """The tasks whose gold plan was not proved optimal within the budget, and the worst gap between such a
    plan's cost and the lower bound proved for it (None when no bound was proved)."""
    flagged = [t for t in report.tasks if not t.optimal]
    gaps = [t.cost - t.bound for t in flagged if t.bound is not None]
    return {"tasks": len(flagged), "worst_gap": max(gaps) if len(gaps) == len(flagged) and gaps else None}


def recorded_path(path: str | Path) -> str:
    """An input path as a recorded command names it: by its base name. Recorded commands leave the output folder
    out too, so the same inputs and seed give the same bytes wherever the files lie and whatever ``--out`` says."""
    return Path(path).resolve().name


def read_provenance(tasks_dir: Path) -> dict | None:
    """A TASKS_DIR's ``provenance.json``, None when it has none (written by hand, or by an older version) or it
    cannot be read."""
    try:
        data = json.loads((tasks_dir / PROVENANCE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _sources(report: GenerationReport) -> list[str]:
    """Where the selected tasks' goals and objects came from, each share of the tasks it names."""
    total = len(report.tasks) or 1
    lines = []
    if report.goal_sources:
        lines.append("Goal sources: " + ", ".join(f"{name} {count} ({100 * count / total:.0f}%)"
                                                   for name, count in report.goal_sources.items()) + ".")
    invented = sum(report.invented.values())
    lines.append(f"{len(report.invented)} task(s) hold {invented} object(s) invented by Bi-Evol (not in the seed "
                 "problem), named like their siblings or by type." if report.invented
                 else "No task holds an invented object.")
    held = sum(report.maintained.values())
    lines.append(f"{len(report.maintained)} task(s) keep {held} maintenance goal(s): goal literals that already hold "
                 "at the start, which the plan must keep or restore."
                 if report.maintained else "No task has a goal that holds at its start.")
    flagged = unproved(report)
    if flagged["tasks"]:
        gap = ("no lower bound proved for some" if flagged["worst_gap"] is None
               else f"at most {flagged['worst_gap']} over the proved lower bound")
        lines.append(f"{flagged['tasks']} task(s) have a gold plan not proved optimal within the search budget "
                     f"(flagged `optimal: false`; {gap}).")
    else:
        lines.append("Every gold plan was proved optimal.")
    return lines + [""]


FIGURE_NAMES = ("goal atoms", "objects", "branching", "enabling steps")
"""The per-task figures the report shows per level: the task's goal size, its objects, and the mean number of
domain actions applicable along its gold plan (``GenerationReport.branching``), and the share of its steps that
enable a later one (``GenerationReport.enabling``)."""

TITLES = {"goal atoms": "goal atoms", "objects": "objects", "branching": "actions applicable along the plan",
          "enabling steps": "share of steps enabling a later one"}


def level_figures(report: GenerationReport) -> dict[str, dict[int, list[float]]]:
    """Each figure's values per level (difficulty), one per selected task that has it, in task order."""
    out: dict[str, dict[int, list[float]]] = {name: {} for name in FIGURE_NAMES}
    for task in report.tasks:
        values = (task.n_goal_atoms, len(task.problem.objects), report.branching.get(task.id),
                  report.enabling.get(task.id))
        for name, value in zip(FIGURE_NAMES, values):
            if value is not None:
                out[name].setdefault(task.difficulty, []).append(float(value))
    return out


def _mean(values: list[float], percent: bool = False) -> str:
    if not values:
        return "-"
    mean = sum(values) / len(values)
    return f"{100 * mean:.0f}%" if percent else f"{mean:.1f}"


def _plot(path: Path, report: GenerationReport) -> None:
    """Goal atoms, objects and branching against difficulty: each task a dot, each level's mean a line (the count
    per level is the selection's, the table gives it). PNG with fixed metadata, so reruns are byte-identical."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figures = level_figures(report)
    fig, axes = plt.subplots(1, len(FIGURE_NAMES), figsize=(13, 3.2), dpi=100, sharex=True)
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
