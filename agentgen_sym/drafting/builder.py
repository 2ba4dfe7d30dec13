"""The LLM build: inspiration texts -> environments -> tasks -> Bi-Evol -> trajectories, resumable.

Layout of OUT::

    envs/<env-id>/record.json         prompts, responses, diagnostics per round, fixes, verdict
    envs/<env-id>/costs.json          what the item cost: seconds per stage and category, per-call tokens and latency
    envs/<env-id>/domain.pddl, templates.json, pNN.pddl, pNN.plan      (accepted environments)
    envs/<env-id>/generated/, tasks/  task generation and Bi-Evol (symbolic, then LLM rewrites)
    envs/<env-id>/dataset.<fmt>.json[l] trajectories of the environment (see export/formats.py)
    envs/<env-id>/done.json           written last: the item is finished (accepted or rejected)
    dataset.<fmt>.json[l] (+ .meta.jsonl, README.md card), report.md, report.json, costs.json, llm-cache.sqlite

Results and costs are kept apart: every file but ``costs.json`` (seconds, LLM usage, cache hits: they
differ from run to run) and the cache is the same, byte for byte, for the same answers, whatever the
executor or the number of workers.

Texts are taken in name order until ``n_envs`` environments are accepted. An item with a
``done.json`` made from the same text, options, model and code version is skipped on a rerun
(its result read back); one made otherwise is redone from an empty folder, and the report says
why; one that failed for a transient reason (endpoint error, crash) has no marker and is tried
again, also from an empty folder, so no file of an earlier attempt is left beside the new ones.
LLM answers are cached, so a rerun of an interrupted item sends nothing it already sent. After
``max_endpoint_failures`` items in a row fail on the endpoint, the build stops and says so (the
rest would fail the same way).

Texts are units of work on an executor (``agentgen_sym.executor``): up to min(workers, the
client's ``max_concurrency``) texts are drafted at once, each worker's client getting its share of
the concurrency, so no more than ``max_concurrency`` requests are in flight in all. A worker drafts
in ``OUT/.partial/<env-id>/``; the driver takes the outcomes in name order and moves each folder into
``envs/`` whole, so what ``envs/`` holds does not depend on the executor or the number of workers.
Near-duplicates are judged against the environments accepted before a text in name order: a text
drafted while an earlier one was still in flight is checked again against those when it is taken,
and drafted again (from the cache) in the rare case one of them has its structure.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from agentgen_sym import __version__
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.compiler.parser import parse_domain
from agentgen_sym.domainflow import SEED_RULES, choose_seed, export_datasets, tasks_job
from agentgen_sym.executor import SERIAL, ExecutorOptions, UnitFailed, drive, make_executor
from agentgen_sym.export import ExportError, combine
from agentgen_sym.export.formats import FORMAT_NAMES, dataset_file
from agentgen_sym.files import read_text_bounded, write_atomic
from agentgen_sym.generation.generate import PRELOAD as GENERATION_PRELOAD
from agentgen_sym.llm import LLMClient, LLMConfig, ResponseCache
from agentgen_sym.llm.client import Usage
from agentgen_sym.llm.config import MAX_ENDPOINT_FAILURES
from agentgen_sym.taskset import TaskSetError

from agentgen_sym.drafting.calls import Asker
from agentgen_sym.drafting.evolve_llm import evolve_with_llm
from agentgen_sym.drafting.record import COSTS_FILE, Clock, StageResult
from agentgen_sym.drafting.fingerprint import EnvDeduplicator
from agentgen_sym.drafting.stages import REJECTIONS, STAGES, DraftOptions, draft_environment

BUILD_STAGES = (*STAGES, "tasks", "evolve_llm", "export")
DONE_FILE = "done.json"
PARTIAL_DIR = ".partial"


@dataclass(frozen=True)
class BuildOptions:
    n_envs: int
    tasks_per_env: int = 8
    seed: int = 0
    llm_evolve: int = 1  # LLM rewrites asked per direction (easier, harder) per environment
    draft: DraftOptions = DraftOptions()
    seed_problem: str = "smallest"  # which accepted problem seeds task generation: one of SEED_RULES
    max_endpoint_failures: int = MAX_ENDPOINT_FAILURES  # stop after this many items in a row fail on the endpoint
    command: str | None = None  # the one that asked for the build, recorded in each environment's task folders

    def __post_init__(self) -> None:
        if self.n_envs < 1 or self.tasks_per_env < 1 or self.llm_evolve < 0 or self.max_endpoint_failures < 0 or \
                self.seed_problem not in SEED_RULES:
            raise ValueError(f"invalid build options: {self}")


@dataclass
class EnvSummary:
    """One item of the build, as ``done.json`` keeps it."""

    env_id: str
    source: str
    accepted: bool
    stage: str
    reason_code: str
    reason: str
    stages: list[list[str]] = field(default_factory=list)  # [stage, status] in order
    tasks: int = 0
    llm_evolve_candidates: int = 0
    llm_evolved: int = 0
    llm_evolve_outcomes: dict[str, int] = field(default_factory=dict)   # "direction:code" -> count
    difficulty_by_origin: dict[str, list[int]] = field(default_factory=dict)  # measured, per task origin
    trajectories: int = 0
    error: str = ""       # a failure after acceptance (no tasks, export), with the environment kept
    seconds: dict[str, float] = field(default_factory=dict)  # a cost: in costs.json, never in done.json
    resumed: bool = False
    retry: bool = False
    key: str = ""         # what made the result (resume_key); a rerun with another key redoes the item
    redone: str = ""      # why an earlier result of this item was not reused

    @property
    def verdict(self) -> str:
        """`accepted` or `rejected`, and whether this run reused or redid an earlier result."""
        return ("accepted" if self.accepted else "rejected") + (" (resumed)" if self.resumed else "") + \
            (f" (redone: {self.redone})" if self.redone else "")

    def to_data(self) -> dict[str, Any]:
        """The result, as done.json and report.json keep it (the seconds are in costs.json)."""
        return {k: v for k, v in asdict(self).items() if k != "seconds"}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> EnvSummary:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


@dataclass
class BuildReport:
    envs: list[EnvSummary]
    n_envs: int
    texts: int
    usage: dict[str, int]
    seconds: dict[str, float]
    wall_seconds: float
    datasets: dict[str, int]
    stopped: str = ""  # why the build stopped before trying every text it needed, when it did

    @property
    def accepted(self) -> list[EnvSummary]:
        return [e for e in self.envs if e.accepted]

    def stage_counts(self) -> list[tuple[str, int, int, int]]:
        """(stage, entered, passed, failed) for every stage, over the items tried."""
        rows = []
        for stage in BUILD_STAGES:
            statuses = [status for e in self.envs for s, status in e.stages if s == stage]
            failed = sum(status == "failed" for status in statuses)
            rows.append((stage, len(statuses), len(statuses) - failed, failed))
        return rows

    def rejections(self) -> Counter[str]:
        return Counter(e.reason_code for e in self.envs if not e.accepted)

    def to_data(self) -> dict[str, Any]:
        return {"n_envs": self.n_envs, "texts_available": self.texts, "tried": len(self.envs),
                "accepted": len(self.accepted), "stages": [dict(zip(("stage", "entered", "passed", "failed"), row))
                                                           for row in self.stage_counts()],
                "rejections": dict(sorted(self.rejections().items())), "datasets": self.datasets,
                "stopped": self.stopped, "envs": [e.to_data() for e in self.envs]}

    def costs_data(self) -> dict[str, Any]:
        """What the build cost (costs.json): LLM usage and seconds, in all and per item timed in this run."""
        return {"usage": self.usage, "seconds": self.seconds, "wall_seconds": round(self.wall_seconds, 3),
                "envs": {e.env_id: e.seconds for e in self.envs if not e.resumed}}


Progress = Callable[[int, int, int, str], None]  # (items done, items total, accepted, current env id)


def env_id_for(path: Path) -> str:
    stem = re.sub(r"[^a-z0-9._-]+", "-", path.stem.lower()).strip("-.") or "text"
    return stem[:80]


def resume_key(text_sha256: str, options: BuildOptions, model: str) -> str:
    """Everything that determines an item's result: its text, the options, the model, the code version."""
    made_of = {"text": text_sha256, "options": asdict(options) | {"n_envs": None, "max_endpoint_failures": None},
               "model": model,
               "version": __version__}
    return hashlib.sha256(json.dumps(made_of, sort_keys=True).encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class EnvOutcome:
    """What a worker hands back for one text: its summary, the domain it checked for near-duplicates
    when that check passed (None otherwise), and the client's usage."""

    summary: EnvSummary
    checked: ast.Domain | None
    usage: dict[str, int]


class _Witness(EnvDeduplicator):
    """An EnvDeduplicator that keeps the domain it was last asked about, and whether it was new."""

    checked: ast.Domain | None = None

    def find(self, domain: ast.Domain) -> str | None:
        same = super().find(domain)
        self.checked = domain if same is None else None
        return same


def env_unit(path: Path, key: str, env_id: str, staging: Path, config: LLMConfig, cache_path: Path | None,
             options: BuildOptions, prior: tuple[tuple[str, ast.Domain], ...]) -> EnvOutcome:
    """One unit of the build (run in a worker): ``path`` drafted into ``staging`` against ``prior``, the
    environments accepted before it."""
    shutil.rmtree(staging, ignore_errors=True)  # a dead worker's leftovers
    dedup = _Witness()
    for other_id, domain in prior:
        dedup.add(other_id, domain)
    with LLMClient(config, ResponseCache(cache_path) if cache_path else None, use_cache=cache_path is not None) as client:
        try:
            summary = run_env(path, key, env_id, staging, client, options, dedup)
        except Exception as exc:  # one item's trouble (an unreadable text, a bug) never ends the build
            summary = EnvSummary(env_id, str(path), False, "start", "internal-error", f"{type(exc).__name__}: {exc}",
                                 retry=True)
        return EnvOutcome(summary, dedup.checked, asdict(client.usage))


def build(inspiration: Path, out: Path, client: LLMClient, options: BuildOptions,
          progress: Progress | None = None, executor: ExecutorOptions = ExecutorOptions()) -> BuildReport:
    """Run the whole LLM build (see the module docstring) on ``executor``, each worker with a client of
    ``client``'s configuration and cache; never raises for one item's trouble."""
    started = time.perf_counter()
    texts = sorted(inspiration.glob("*.txt")) if inspiration.is_dir() else [inspiration]
    at_once = max(1, min(executor.workers, client.config.max_concurrency))
    share = replace(client.config, max_concurrency=max(1, client.config.max_concurrency // at_once))
    cache_path = client.cache.path if client.cache is not None else None
    accepted: list[tuple[str, ast.Domain]] = []  # in name order, as the items are taken
    summaries: list[EnvSummary] = []
    usage: Counter[str] = Counter()
    clock = Clock()
    stopped, failures_in_a_row = "", 0
    sent: dict[int, int] = {}  # text index -> how many accepted environments its worker was given
    outcomes: dict[int, EnvOutcome | UnitFailed] = {}
    index = {env_id_for(path): i for i, path in enumerate(texts)}
    keys = [_text_key(path, options, client.config.model) for path in texts]
    earlier = [_earlier_result(out / "envs" / env_id_for(path)) for path in texts]
    reusable = [e is not None and e.key == k for e, k in zip(earlier, keys)]
    partial = out / PARTIAL_DIR
    with make_executor(executor, preload=("agentgen_sym.drafting.builder", *GENERATION_PRELOAD)) as pool:

        def send(i: int) -> None:
            env_id = env_id_for(texts[i])
            sent[i] = len(accepted)
            pool.submit(env_id, env_unit, texts[i], keys[i], env_id, partial / env_id, share, cache_path, options,
                        tuple(accepted))

        upcoming = 0
        for taking, path in enumerate(texts):
            if len(accepted) >= options.n_envs:
                break
            env_id = env_id_for(path)
            folder = out / "envs" / env_id
            if progress:
                progress(taking, len(texts), len(accepted), env_id)
            upcoming = max(upcoming, taking)
            while upcoming < len(texts) and pool.in_flight() + len(outcomes) < at_once:  # draft ahead
                if not reusable[upcoming]:
                    send(upcoming)
                upcoming += 1
            if reusable[taking]:
                summary = earlier[taking]
                summary.resumed = True
                if summary.accepted:
                    accepted.append((env_id, parse_domain(folder / "domain.pddl")))
                summaries.append(summary)
                continue
            while taking not in outcomes:
                key, outcome = pool.next_done()
                outcomes[index[key]] = outcome
            outcome = outcomes.pop(taking)
            if isinstance(outcome, EnvOutcome) and outcome.checked is not None and \
                    _near_duplicate(outcome.checked, accepted[sent[taking]:]):
                usage.update(outcome.usage)  # drafted before an earlier text it duplicates was taken: again
                send(taking)
                while True:
                    key, again = pool.next_done()
                    outcomes[index[key]] = again
                    if key == env_id:
                        outcome = outcomes.pop(taking)
                        break
            summary = _take(outcome, path, env_id, partial / env_id, folder)
            summary.redone = _why_redone(earlier[taking])
            if isinstance(outcome, EnvOutcome):
                usage.update(outcome.usage)
                if summary.accepted and outcome.checked is not None:
                    accepted.append((env_id, outcome.checked))
            clock.add(summary.seconds)
            summaries.append(summary)
            failures_in_a_row = failures_in_a_row + 1 if summary.reason_code == "llm-error" else 0
            if options.max_endpoint_failures and failures_in_a_row >= options.max_endpoint_failures:
                stopped = (f"stopped after {failures_in_a_row} items in a row failed on the endpoint (last: "
                           f"{summary.reason}); check it and rerun: finished items are kept")
                break
    shutil.rmtree(partial, ignore_errors=True)  # texts drafted ahead and not needed
    if progress:
        progress(len(summaries), len(summaries), sum(s.accepted for s in summaries), "")
    datasets = {}
    for fmt in FORMAT_NAMES:
        parts = [(out / "envs" / s.env_id / "tasks", out / "envs" / s.env_id / dataset_file(fmt))
                 for s in summaries if s.accepted and not s.error]
        datasets[fmt] = combine(fmt, parts, out / dataset_file(fmt), "agentgen-sym build")
    report = BuildReport(summaries, options.n_envs, len(texts), {k: usage[k] for k in _USAGE_FIELDS},
                         clock.as_dict(), time.perf_counter() - started, datasets, stopped)
    write_atomic(out / "report.json", json.dumps(report.to_data(), indent=2) + "\n")
    write_atomic(out / COSTS_FILE, json.dumps(report.costs_data(), indent=2) + "\n")
    write_atomic(out / "report.md", render_report(report))
    return report


def _text_key(path: Path, options: BuildOptions, model: str) -> str:
    """The resume key of one text ("" when it cannot be read: its unit reports why)."""
    try:
        text = read_text_bounded(path)
    except (OSError, ValueError):
        return ""
    return resume_key(hashlib.sha256(text.encode("utf-8")).hexdigest(), options, model)


def _earlier_result(folder: Path) -> EnvSummary | None:
    """The finished result a previous run left in ``folder`` (None if none, or if it cannot be read)."""
    try:
        return EnvSummary.from_data(json.loads((folder / DONE_FILE).read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):
        return None


def _why_redone(earlier: EnvSummary | None) -> str:
    if earlier is None:
        return ""
    return "made by an earlier version" if not earlier.key else "its text, options, model or version changed"


_USAGE_FIELDS = tuple(f.name for f in fields(Usage))


def _near_duplicate(domain: ast.Domain, others: list[tuple[str, ast.Domain]]) -> bool:
    dedup = EnvDeduplicator()
    for env_id, other in others:
        dedup.add(env_id, other)
    return dedup.find(domain) is not None


def _take(outcome: EnvOutcome | UnitFailed, path: Path, env_id: str, staging: Path, folder: Path) -> EnvSummary:
    """The driver takes one item: its folder moves from staging into envs/ whole (an earlier, unfinished
    attempt's folder replaced); a unit whose worker kept dying is reported, to be tried again on a rerun."""
    if isinstance(outcome, UnitFailed):
        return EnvSummary(env_id, str(path), False, "start", "worker-died", outcome.reason, retry=True)
    if staging.exists():
        shutil.rmtree(folder, ignore_errors=True)
        folder.parent.mkdir(parents=True, exist_ok=True)
        staging.rename(folder)
    return outcome.summary


def run_env(path: Path, key: str, env_id: str, folder: Path, client: LLMClient, options: BuildOptions,
            dedup: EnvDeduplicator) -> EnvSummary:
    """One text through drafting and, when accepted, tasks, Bi-Evol and export; done.json last (with
    ``key``, what made the result)."""
    text = read_text_bounded(path)
    source = {"kind": "file", "path": str(path), "chars": len(text),
              "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()}
    result = draft_environment(text, folder, client, options.draft, env_id=env_id, source=source, dedup=dedup)
    record, verdict = result.record, result.verdict
    summary = EnvSummary(env_id, str(path), verdict.accepted, verdict.stage, verdict.reason_code, verdict.reason,
                         retry=verdict.retry, key=key)
    clock = Clock()
    clock.add(record.seconds)
    if result.accepted:
        assert result.domain is not None
        dedup.add(env_id, result.domain)
        try:
            _tasks(folder, client, options, result.problems, record, clock, summary)
        except Exception as exc:  # a bug after acceptance: recorded, not marked done, tried again on a rerun
            summary.error, summary.retry = f"internal error: {type(exc).__name__}: {exc}", True
            record.stages.append(StageResult("tasks", "failed", summary.error, 0.0,
                                             {"traceback": traceback.format_exc(limit=20)}))
    summary.stages = [[s.stage, s.status] for s in record.stages]
    summary.seconds = record.seconds = clock.as_dict()
    record.write(folder)
    if not summary.retry:
        write_atomic(folder / DONE_FILE, json.dumps(summary.to_data(), indent=2) + "\n")
    return summary


def _tasks(folder: Path, client: LLMClient, options: BuildOptions, labels: list[str], record, clock: Clock,
           summary: EnvSummary) -> None:
    """The per-domain flow (``agentgen_sym.domainflow``) on the accepted environment, with the LLM's Bi-Evol
    rewrites added to its task folder before the export."""

    def stage(name: str, status: str, detail: str, started: float, data: dict | None = None) -> None:
        record.stages.append(StageResult(name, status, detail, round(time.perf_counter() - started, 4), data or {}))

    started = time.perf_counter()
    try:
        with clock.on("generation"):
            seed_file, seed_problem = choose_seed([folder / f"{label}.pddl" for label in labels], options.seed_problem)
            templates = folder / "templates.json"
            job = tasks_job(parse_domain(folder / "domain.pddl"), seed_problem,
                            templates if templates.exists() else None, folder, options.tasks_per_env, options.seed,
                            command=options.command)
            with make_executor(SERIAL) as serial:
                made = drive(serial, {"tasks": job}, SERIAL.workers)["tasks"]
    except (PddlError, ValueError, OSError) as exc:
        summary.error = f"tasks: {exc}"
        stage("tasks", "failed", summary.error, started)
        return
    generated, evolved = made.generated.report, made.evolved.report
    summary.tasks = len(evolved.tasks)
    record.generation_seconds = {k: round(v, 4) for k, v in generated.seconds.items()}
    stage("tasks", "ok", f"{len(generated.tasks)} generated from {seed_file.stem}, {len(evolved.tasks)} after "
                         f"symbolic Bi-Evol ({evolved.lo}..{evolved.hi})", started, {"seed_problem": seed_file.stem})

    started = time.perf_counter()
    outcomes = evolve_with_llm(folder / "tasks", Asker(client, record, clock), clock, options.llm_evolve)
    summary.llm_evolve_candidates = len(outcomes)
    summary.llm_evolved = sum(o.accepted for o in outcomes)
    summary.tasks += summary.llm_evolved
    by_direction = Counter(o.direction for o in outcomes if o.accepted)
    summary.llm_evolve_outcomes = dict(sorted(Counter(f"{o.direction}:{o.code}" for o in outcomes).items()))
    measured = [(task.origin.kind, task.difficulty) for task in evolved.tasks]
    measured += [(f"llm-{o.direction}", o.difficulty) for o in outcomes if o.accepted]  # appended after them
    for kind, difficulty in measured:
        summary.difficulty_by_origin.setdefault(kind, []).append(difficulty)
    record.evolve = {"candidates": len(outcomes), "accepted": dict(by_direction),
                     "outcomes": [asdict(o) for o in outcomes]}
    stage("evolve_llm", "ok" if summary.llm_evolved == len(outcomes) else "warning",
          f"{summary.llm_evolved} of {len(outcomes)} LLM rewrite(s) verified and kept", started)

    started = time.perf_counter()
    try:
        with clock.on("export"):
            stats = export_datasets(folder)
    except (ExportError, TaskSetError) as exc:
        summary.error = f"export: {exc}"
        stage("export", "failed", summary.error, started)
        return
    summary.trajectories = min(s.written for s in stats.values())
    stage("export", "ok", f"{summary.trajectories} trajectories per format ({', '.join(FORMAT_NAMES)})", started)


def _bi_evol_section(report: BuildReport) -> list[str]:
    """LLM rewrites beside the symbolic variants: every task's difficulty is measured the same way."""
    outcomes: Counter[str] = Counter()
    by_origin: dict[str, list[int]] = {}
    for e in report.accepted:
        outcomes.update(e.llm_evolve_outcomes)
        for origin, levels in e.difficulty_by_origin.items():
            by_origin.setdefault(origin, []).extend(levels)
    if not by_origin:
        return []
    lines = ["", "## Bi-Evol", "", "Tasks by origin (difficulty = optimal plan length where the optimal planner "
             "finished, measured for every task alike):", "", "| origin | tasks | mean difficulty | range |",
             "|---|---|---|---|"]
    for origin, levels in sorted(by_origin.items()):
        lines.append(f"| {origin} | {len(levels)} | {sum(levels) / len(levels):.1f} | {min(levels)}..{max(levels)} |")
    if outcomes:
        lines += ["", "LLM rewrites: " + ", ".join(f"{key} {n}" for key, n in sorted(outcomes.items())) + "."]
    return lines


def render_report(report: BuildReport) -> str:
    accepted = report.accepted
    lines = ["# agentgen-sym build", "",
             f"{len(report.envs)} inspiration text(s) tried of {report.texts}; {len(accepted)} environment(s) accepted "
             f"(asked for {report.n_envs}); {sum(e.tasks for e in accepted)} tasks; "
             f"{report.datasets.get(FORMAT_NAMES[0], 0)} trajectories per format.", "",
             *([f"The build {report.stopped}.", ""] if report.stopped else []),
             "## Acceptance per stage", "", "| stage | entered | passed | failed |", "|---|---|---|---|"]
    lines += [f"| {stage} | {entered} | {passed} | {failed} |" for stage, entered, passed, failed in report.stage_counts()]
    lines += ["", "## Rejections", ""]
    rejections = report.rejections()
    if rejections:
        lines += ["| reason | count | meaning |", "|---|---|---|"]
        lines += [f"| {code} | {n} | {REJECTIONS.get(code, '')} |" for code, n in sorted(rejections.items())]
    else:
        lines.append("None.")
    lines += ["", "## Environments", "", "| environment | verdict | stage | reason | tasks | LLM Bi-Evol | "
                                         "trajectories |", "|---|---|---|---|---|---|---|"]
    for e in report.envs:
        verdict = e.verdict
        reason = (e.error or ("" if e.accepted else e.reason)).replace("|", "\\|")[:160]
        evolve_cell = f"{e.llm_evolved}/{e.llm_evolve_candidates}" if e.accepted else "-"
        lines.append(f"| {e.env_id} | {verdict} | {e.stage} | {reason} | {e.tasks} | {evolve_cell} | "
                     f"{e.trajectories} |")
    lines += _bi_evol_section(report)
    lines += ["", f"Time and LLM usage (they differ from run to run): `{COSTS_FILE}`, and each environment's."]
    return "\n".join(lines) + "\n"
