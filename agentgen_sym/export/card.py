"""The dataset card beside every export: a README.md with the Hugging Face dataset-card YAML header.

Several exports may share a folder (``make run`` writes every format into ``out/``), so each
export records itself in the folder's ``exports.json`` (one entry per data file, replaced when
the file is written again) and the card is rendered from all of them and their metadata
sidecars: record counts, domains, the difficulty histogram, the formats and how to load each,
how the records were produced and validated, and the generating command and seeds. Beside it,
``croissant.json`` describes the same files for Croissant readers (``croissant.py``). Everything
is sorted, so the same exports give the same card, byte for byte.
"""

from __future__ import annotations

import json
import shlex
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

from agentgen_sym.export.croissant import CROISSANT_FILE, describe, render
from agentgen_sym.files import write_atomic
from agentgen_sym.wording.templates import judged_figure

CARD_FILE = "README.md"
MANIFEST_FILE = "exports.json"


@dataclass(frozen=True)
class ExportEntry:
    """One data file of the folder, as the manifest keeps it."""

    file: str
    format: str
    records: int
    meta_file: str
    negatives: bool
    distances: bool
    command: str
    thoughts: str = "template"
    served: tuple[str, ...] = ()  # the TASKS_DIRs (relative to the card) whose `serve` numbers the tasks


def write_card(folder: Path, entry: ExportEntry) -> None:
    """Record ``entry`` in ``folder``'s manifest and rewrite the folder's dataset card."""
    manifest = folder / MANIFEST_FILE
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
        entries = {e["file"]: ExportEntry(**e) for e in data["exports"]}
    except (OSError, ValueError, KeyError, TypeError):
        entries = {}
    entries[entry.file] = entry
    ordered = [entries[name] for name in sorted(entries) if (folder / name).exists() or name == entry.file]
    write_atomic(manifest, json.dumps({"exports": [asdict(e) for e in ordered]}, indent=2) + "\n")
    write_atomic(folder / CARD_FILE, render_card(folder, ordered))
    write_atomic(folder / CROISSANT_FILE, render(croissant(folder, ordered)))


def croissant(folder: Path, entries: list[ExportEntry]) -> dict:
    """The Croissant description of the exports ``entries`` of ``folder``: each data file and its metadata sidecar,
    with their records."""
    from agentgen_sym.export.formats import FORMATS  # formats imports trajectories; keep this module light to import

    files, tasks = [], set()
    for entry in entries:
        spec, metas = FORMATS[entry.format], _metas(folder, entry)
        negatives = " with negative samples" if entry.negatives else ""
        files.append((entry.file, f"{entry.format} trajectories{negatives}, for {spec.consumer}",
                      spec.parse((folder / entry.file).read_text(encoding="utf-8"))))
        files.append((entry.meta_file, f"the metadata of {entry.file}, line for line: domain, seed, origin, "
                      "the plan in PDDL, its cost and the difficulty figures", metas))
        tasks |= {meta.get("id") or meta.get("task_id") for meta in metas}
    commands = list(dict.fromkeys(entry.command for entry in entries if entry.command))
    served = sorted({path for entry in entries for path in entry.served})
    return describe(folder, files, commands, served,
                    f"Expert trajectories of {len(tasks)} planning tasks for agent tuning (the AgentGen recipe), "
                    "generated and validated by agentgen-sym; README.md is the dataset card.")


def _metas(folder: Path, entry: ExportEntry) -> list[dict]:
    path = folder / entry.meta_file
    try:
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, ValueError):
        return []


def _size_category(n: int) -> str:
    for limit, name in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M")):
        if n < limit:
            return name
    return "n>1M"


def _config_name(file: str) -> str:
    return file.rsplit(".", 1)[0].replace(".", "-")


LOADING = {
    "sharegpt": "LLaMA-Factory: copy the `{stem}` block of `dataset_info.json` into LLaMA-Factory's "
                "`data/dataset_info.json` (with `file_name` pointing to this file) and train with "
                "`dataset: {stem}`.",
    "openai": "OpenAI fine-tuning: upload `{file}` as the training file. LLaMA-Factory: the `{stem}` block "
              "of `dataset_info.json` (formatting `openai`).",
    "agentgym": "AgentGym: pass `{file}` (a JSON array) as `train_file` to `agentenv.trainer.bc_trainer.BCTrainer`; "
                "the number after the last `_` of `item_id` is the task's `data_idx` on {server}, the one "
                "environment server AgentGym evaluates every record of the file on.",
    "agentflan": "Agent-FLAN: the `conversation`/`id` schema of its data set; `loss` false turns are not trained.",
}


def _server(served: tuple[str, ...] | list[str]) -> str:
    """Where the agentgym numbers hold: the ``serve`` command for ``served``, run from the card's folder."""
    if not served:
        return "`agentgen-sym serve` given the TASKS_DIRs this file was exported from, in that order"
    folders = " ".join(shlex.quote(folder) for folder in served)
    order = "" if len(served) == 1 else " (these folders, in this order)"
    return f"the server started from this folder as `agentgen-sym serve {folders}`{order}"


def _use(entry: ExportEntry) -> str:
    """Which trainers may learn from the file: with negatives, only those that leave the invalid turn out."""
    from agentgen_sym.export.formats import FORMATS  # formats imports trajectories; keep this module light to import

    spec = FORMATS.get(entry.format)
    if spec is None:
        return entry.format
    if not entry.negatives:
        return spec.consumer
    use = ", ".join(spec.masked_by)  # export refuses negatives in a format no trainer masks
    return f"{use}; not {', '.join(spec.unmasked_by)}" if spec.unmasked_by else use


def _seeds(seeds: list[int]) -> str:
    if not seeds:
        return "none recorded"
    if len(seeds) > 8:
        return f"{len(seeds)} distinct, {seeds[0]} to {seeds[-1]}"
    return ", ".join(map(str, seeds))


def _negatives_loading(entry: ExportEntry) -> str:
    """How to load a file with negatives: the trainers that mask the invalid turn, and those that must not get it."""
    from agentgen_sym.export.formats import FORMATS  # formats imports trajectories; keep this module light to import

    spec = FORMATS.get(entry.format)
    if spec is None:
        return "holds negative samples; use it only with a trainer that honours `weight` 0 / `loss` false."
    text = f"use it only with {', '.join(spec.masked_by)}, which leaves the invalid turns out of the loss."
    if spec.unmasked_by:
        text += (f" Do not train on it with {', '.join(spec.unmasked_by)}: every assistant turn is trained there, "
                 "so the invalid actions would be learned")
        text += ("; it is not registered in `dataset_info.json`." if spec.llamafactory is not None else ".")
    return text


def _unproved(recorded: object) -> str:
    """The card's cell for the tasks not proved optimal, as provenance records them."""
    if not isinstance(recorded, dict):
        return "not recorded"
    if not recorded.get("tasks"):
        return "none"
    gap = recorded.get("worst_gap")
    return f"{recorded['tasks']} task(s), " + ("gap not bounded" if gap is None else f"worst gap {gap}")


def _provenance(folder: Path, entries: list[ExportEntry]) -> list[str]:
    """How the exported task folders were made, from each one's ``provenance.json``: the commands, the difficulty
    range and how it was chosen, where the goals came from, objects Bi-Evol invented, goals holding at the start
    (maintenance goals), levels reached but dropped."""
    from agentgen_sym.taskset.report import read_provenance  # keep this module light to import

    served = sorted({path for entry in entries for path in entry.served})
    made = {path: read_provenance(folder / path) for path in served}
    known = {path: data for path, data in made.items() if data is not None}
    if not known:
        return ["The task folders record no provenance (written by hand or by an older version): how their tasks "
                "were made is not known here.", ""]
    lines = ["| task folder | domain | tasks | difficulty range | range chosen | goal sources | invented objects "
             "| maintenance goals | not proved optimal | dropped: broke a seed invariant "
             "| levels reached, not kept |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    commands: list[str] = []
    for path, data in known.items():
        total = data.get("tasks") or 0
        sources = ", ".join(f"{name} {count} ({100 * count / total:.0f}%)" if total else f"{name} {count}"
                            for name, count in sorted((data.get("goal_sources") or {}).items())) or "not recorded"
        invented = data.get("invented") or {}
        held = data.get("maintained")
        maintenance = "not recorded" if not isinstance(held, dict) else \
            f"{held.get('literals', 0)} in {held.get('tasks', 0)} task(s)"
        flagged = _unproved(data.get("not_proved_optimal"))
        broke = data.get("broken_invariant_dropped")
        lo, hi = (data.get("range") or ["?", "?"])[:2]
        dropped = ", ".join(f"{level} ({count})" for level, count in sorted(
            (data.get("dropped_levels") or {}).items(), key=lambda kv: int(kv[0]) if kv[0].isdigit() else 0))
        lines.append(f"| `{path}` | {data.get('domain')} | {total} | {lo}..{hi} | {data.get('range_source') or '-'} "
                     f"| {sources} | {invented.get('objects', 0)} in {invented.get('tasks', 0)} task(s) "
                     f"| {maintenance} | {flagged} | {'not recorded' if broke is None else broke} "
                     f"| {dropped or 'none'} |")
        commands += [c for c in data.get("commands") or [] if isinstance(c, str) and c not in commands]
    missing = [path for path in served if path not in known]
    if missing:
        lines += ["", "No provenance recorded for: " + ", ".join(f"`{path}`" for path in missing) + "."]
    lines += ["", "Goal sources: `schema`, instances of the seed problem's goal schemas; `walk`, facts a random walk "
              "made true; `seed`, the seed problem's own goal. Invented objects were added by Bi-Evol's harder "
              "moves (named like their siblings or by type). Maintenance goals are goal literals that already hold "
              "at a task's start and that an action can break: its plan must keep or restore them. A task not proved "
              "optimal has a valid gold plan whose cost the search could not prove least within its budget (flagged "
              "`optimal: false`); the worst gap is that cost minus the proved lower bound. A candidate task whose "
              "initial state or gold plan broke a state invariant of the seed problem (W623: a delete or precondition "
              "the domain forgot, so the plan would teach the bug) was dropped, never exported. Dropped levels "
              "were reached but left out of the selection (outside the range, or more levels than tasks).", "",
              "Tasks made by:", ""]
    lines += [f"    {command}" for command in commands] or ["    (command not recorded)"]
    return lines + [""]


def render_card(folder: Path, entries: list[ExportEntry]) -> str:
    """The card for the exports ``entries`` of ``folder``."""
    tasks: dict[str, dict] = {}
    commands: list[str] = []
    held: list[list[str]] = []  # each file's task ids, in its order
    for entry in entries:
        held.append([])
        for meta in _metas(folder, entry):
            held[-1].append(meta.get("id") or meta.get("task_id"))
            tasks.setdefault(held[-1][-1], meta)
        if entry.command and entry.command not in commands:
            commands.append(entry.command)
    domains = Counter(str(m.get("domain")) for m in tasks.values())
    wording = {str(m.get("domain")): str(m["wording"]) for m in tasks.values() if m.get("wording")}
    difficulty = Counter(m.get("difficulty") for m in tasks.values())
    origins = Counter(str(m.get("origin")) for m in tasks.values())
    seeds = sorted({m.get("seed") for m in tasks.values() if isinstance(m.get("seed"), int)})
    largest = max((e.records for e in entries), default=0)

    yaml = ["---", "pretty_name: agentgen-sym agent trajectories", "language:", "- en", "task_categories:",
            "- text-generation", "tags:", "- agent", "- planning", "- pddl", "- synthetic", "size_categories:",
            f"- {_size_category(largest)}", "configs:"]
    for entry in entries:
        yaml += [f"- config_name: {_config_name(entry.file)}", "  data_files:", "  - split: train",
                 f"    path: {entry.file}"]
    yaml.append("---")

    body = ["", "# agentgen-sym agent trajectories", "",
            f"Expert trajectories of {len(tasks)} planning tasks in {len(domains)} domain"
            f"{'' if len(domains) == 1 else 's'}, for agent tuning (the AgentGen recipe). Each record is one "
            "task played to its goal in the text environment: the domain's rules and the answer format "
            "(system prompt), the goal and the first observation, then one `Thought: ... / Action: ...` "
            "turn per plan step, each followed by the environment's observation; the record ends with the "
            "last action.", "",
            "## Files", "", "| file | format | for | records | negatives | distances | metadata |",
            "|---|---|---|---|---|---|---|"]
    for entry in entries:
        body.append(f"| `{entry.file}` | {entry.format} | {_use(entry)} | {entry.records} | "
                    f"{'yes' if entry.negatives else 'no'} | {'yes' if entry.distances else 'no'} | "
                    f"`{entry.meta_file}` |")
    same = all(ids == held[0] for ids in held)  # two exports of other task folders share a card, not their tasks
    body += ["", ("Every file holds the same tasks in the same order (sorted by task id); the metadata file "
                  if same else "The files hold different tasks (exports of different task folders); the metadata "
                  "file ") + "beside each has one line per record, keyed by `id`: domain, seed, origin, parent, the "
             "plan in PDDL, its cost and the difficulty figures.", "", "## Loading", ""]
    for entry in entries:
        stem = entry.file.rsplit(".", 1)[0].replace(".", "_")
        if entry.negatives:
            body.append(f"- `{entry.file}` (with negatives): {_negatives_loading(entry)}")
        else:
            body.append(f"- `{entry.file}`: " + LOADING.get(entry.format, "").format(file=entry.file, stem=stem,
                                                                                   server=_server(entry.served)))
    body += ["- Any file: `datasets.load_dataset(\"json\", data_files=\"<file>\", split=\"train\")`.", "",
             "## Domains", "", "Wording: who wrote the text of a domain's facts and actions: reviewed (a "
             "person's `templates.json`), LLM-drafted (`agentgen-sym templates`), or derived from the PDDL names.",
             "", "| domain | tasks | wording |", "|---|---|---|"]
    body += [f"| {name} | {count} | {wording.get(name, 'not recorded')} |" for name, count in sorted(domains.items())]
    judged = judged_figure() if any("derived" in wording.get(name, "") for name in domains) else None
    if judged:
        body += ["", f"Derived wording is unreviewed: {judged}, as `bench/text_quality.py` measures it against the "
                 "readings of `data/gold_readings`."]
    body += ["", "## Difficulty", "", "Difficulty is the length of the gold plan.", "", "| difficulty | tasks |",
             "|---|---|"]
    body += [f"| {value} | {count} |" for value, count in sorted(difficulty.items(), key=lambda kv: (kv[0] is None,
                                                                                                   kv[0] or 0))]
    body += ["", "## How the records were produced and validated", "",
             "- Tasks were generated from seed problems by seeded random walks and evolved easier and harder "
             "(Bi-Evol); origins: " + ", ".join(f"{name} {count}" for name, count in sorted(origins.items())) + ".",
             "- Every plan was found by a classical planner and replayed on the lifted domain by an independent "
             "validator before its record was written; its cost was checked against the stated one.",
             "- Every observation was produced by stepping the text environment with the record's own action "
             "text, so the data shows exactly what an agent sees; a task whose actions the environment reads "
             "differently is skipped, never exported.",
             "- Thoughts are derived from the plan's causal links (which goal or later step each action "
             "serves, and what remains of the goal), not invented"
             + ("." if all(e.thoughts == "template" for e in entries) else
                "; in " + ", ".join(f"`{e.file}`" for e in entries if e.thoughts != "template")
                + " each was paraphrased by an LLM (" + ", ".join(sorted({e.thoughts for e in entries
                                                                           if e.thoughts != "template"}))
                + ") and the paraphrase kept only when it names the same action and facts."),
             "- Negative samples (where present) add one invalid action, the environment's refusal and the "
             "recovery; the invalid turn is masked from the loss (`weight` 0 / `loss` false), so only a trainer "
             "that honours that mask may use such a file (the table's `for` column); one that trains every "
             "assistant turn would learn the invalid actions.", "",
             "## Generation", "", f"Task seeds: {_seeds(seeds)}.", ""]
    body += _provenance(folder, entries)
    body += ["Exported by:", ""] + ([f"    {command}" for command in commands] or ["    (command not recorded)"])
    body += ["", "The same commands with the same seeds give byte-identical files."]
    return "\n".join(yaml + body) + "\n"
