"""One environment from one text: the drafting stages, each with a recorded outcome.

    describe        inspiration text (quoted as data) -> environment description
    draft_domain    description -> PDDL domain + templates JSON (few-shot from corpus/domains)
    check_domain    check -> automatic fixes -> LLM repair rounds on the remaining diagnostics
    templates       the templates JSON fitted to the final domain (bad entries dropped, noted)
    dedup           rejected when an accepted environment has the same structure up to renaming
    draft_problems  domain -> problems
    check_problems  each problem: check -> automatic fixes -> LLM repair rounds
    solve           ground, plan, validate each clean problem on the lifted semantics
    lint            self-loops, trivially true goals, actions no plan uses

The stages and the acceptance rules are fixed here, in code: nothing an LLM writes (nor
anything in the inspiration text) can skip a stage or change a rule. A stage that fails raises
:class:`Rejected`, which ends the item with a verdict; the caller goes on with the next one.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.compiler.ground import GroundingError
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.compiler.types import TypeHierarchy
from agentgen_sym.env.templates import Templates, TemplateError
from agentgen_sym.files import write_atomic
from agentgen_sym.llm import CompletionStatus, LLMClient
from agentgen_sym.llm.extract import strip_fences
from agentgen_sym.llm.prompts import prompt_versions, quote
from agentgen_sym.solver import solve

from agentgen_sym.drafting.calls import (MAX_DESCRIPTION_CHARS, MAX_INSPIRATION_CHARS, Asker, Extracted, Rejected,
                                         extract_block, extract_problems, require_answer)
from agentgen_sym.drafting.examples import example_for
from agentgen_sym.drafting.degenerate import DegenerateFinding, find_degenerate, rejection
from agentgen_sym.drafting.record import Clock, Record, StageResult, Verdict
from agentgen_sym.drafting.repair_loop import RepairLoop
from agentgen_sym.drafting.fingerprint import EnvDeduplicator, shape, signature

STAGES = ("describe", "draft_domain", "check_domain", "templates", "dedup", "draft_problems", "check_problems",
          "solve", "lint")

REJECTIONS = {
    "llm-error": "the endpoint gave no usable response after its retries (a rerun tries again)",
    "llm-refused": "the LLM refused or answered nothing",
    "unusable-answer": "no usable PDDL in the answers (cut off, missing, too large) within the repair rounds",
    "domain-invalid": "errors remain in the domain after the LLM repair rounds",
    "near-duplicate": "an accepted environment has the same structure up to renaming",
    "no-problem": "the answer held no problem",
    "problems-invalid": "errors remain in every problem after the LLM repair rounds",
    "unsolved": "no problem was solved with a validated plan",
    "self-loop": "an action changes nothing when two parameters are equal (W607)",
    "trivial-goal": "every problem's goal already holds initially",
    "unused-actions": "most actions are used by no gold plan",
    "internal-error": "an unexpected error (a bug; recorded with its traceback, a rerun tries again)",
    "worker-died": "the worker drafting the item died (killed, out of memory) more often than the executor "
                   "retries it (a rerun tries again)",
}
MAX_TEMPLATE_CHARS = 300
MAX_TEMPLATE_ENTRIES = 200
MAX_GROUND_OPERATORS = 200_000
"""Largest number of action groundings (before reachability) a drafted problem may have: grounding
time is bounded before it starts; drafted problems are meant to be small."""


@dataclass(frozen=True)
class DraftOptions:
    max_repair_rounds: int = 3
    n_problems: int = 3
    solve_time_limit: float = 10.0
    memory_limit_mb: float = 2048.0
    max_unused_fraction: float = 0.5

    def __post_init__(self) -> None:
        if self.max_repair_rounds < 0 or self.n_problems < 1 or self.solve_time_limit <= 0:
            raise ValueError(f"invalid draft options: {self}")


@dataclass
class DraftResult:
    env_id: str
    folder: Path
    record: Record
    domain: ast.Domain | None = None
    problems: list[str] = field(default_factory=list)  # labels of the accepted problems (folder/<label>.pddl)

    @property
    def verdict(self) -> Verdict:
        assert self.record.verdict is not None
        return self.record.verdict

    @property
    def accepted(self) -> bool:
        return self.verdict.accepted


def text_id(text: str) -> str:
    return "draft-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


def draft_environment(text: str, folder: Path, client: LLMClient, options: DraftOptions = DraftOptions(), *,
                      env_id: str | None = None, source: dict[str, Any] | None = None,
                      dedup: EnvDeduplicator | None = None,
                      on_stage: Callable[[StageResult], None] | None = None,
                      on_round: Callable[[dict[str, Any]], None] | None = None) -> DraftResult:
    """Draft, check, repair, solve and lint one environment from ``text``; never raises for LLM trouble.

    Writes ``folder/record.json`` always and, when accepted, ``domain.pddl``, ``templates.json``
    (when any template fits), ``pNN.pddl`` and ``pNN.plan`` for each accepted problem.
    """
    env_id = env_id or text_id(text)
    record = Record(env_id, source or {"kind": "text", "chars": len(text),
                                       "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()},
                    prompt_versions(), asdict(options))
    folder.mkdir(parents=True, exist_ok=True)
    draft = _Draft(text, folder, options, record, Clock(), client, dedup, on_stage, on_round)
    result = DraftResult(env_id, folder, record)
    try:
        result.domain, result.problems = draft.run()
        kept = ", ".join(result.problems)
        record.verdict = Verdict(True, "lint", "accepted",
                                 f"domain `{result.domain.name}` with problems {kept}")
    except Rejected as rejected:
        draft.finish(rejected.stage, "failed", rejected.reason, {"reason_code": rejected.code})
        record.verdict = Verdict(False, rejected.stage, rejected.code, rejected.reason, rejected.retry)
    except Exception as exc:  # one item's bug must not end a long build: record it, go on
        stage = draft.current or (record.stages[-1].stage if record.stages else "describe")
        detail = f"{type(exc).__name__}: {exc}"
        draft.finish(stage, "failed", detail, {"traceback": traceback.format_exc(limit=20)})
        record.verdict = Verdict(False, stage, "internal-error", detail, retry=True)
    record.seconds = draft.clock.as_dict()
    record.write(folder)
    return result


@dataclass
class _Draft:
    text: str
    folder: Path
    options: DraftOptions
    record: Record
    clock: Clock
    client: LLMClient
    dedup: EnvDeduplicator | None
    on_stage: Callable[[StageResult], None] | None
    on_round: Callable[[dict[str, Any]], None] | None
    current: str | None = None
    started: float = 0.0

    def __post_init__(self) -> None:
        self.asker = Asker(self.client, self.record, self.clock)

    # -- bookkeeping ---------------------------------------------------------------------------------------------

    def begin(self, stage: str) -> None:
        self.current, self.started = stage, time.perf_counter()

    def finish(self, stage: str, status: str, detail: str, data: dict[str, Any] | None = None) -> None:
        result = StageResult(stage, status, detail, round(time.perf_counter() - self.started, 4), data or {})
        self.record.stages.append(result)
        self.current = None
        if self.on_stage is not None:
            self.on_stage(result)

    def _loop(self, stage: str, label: str = "", domain_text: str | None = None) -> RepairLoop:
        return RepairLoop(self.asker, self.record, self.clock, self.options.max_repair_rounds, stage, label,
                          domain_text, self.on_round)

    # -- the stages ----------------------------------------------------------------------------------------------

    def run(self) -> tuple[ast.Domain, list[str]]:
        description = self.describe()
        first, example = self.draft_domain(description)
        domain, domain_text, offered = self.check_domain(first)
        templates = self.fit_templates(domain, offered if offered is not None else first.templates,
                                       first.templates_note)
        self.deduplicate(domain)
        problem_texts = self.draft_problems(description, domain, domain_text, example.problem)
        problems = self.check_problems(domain_text, problem_texts)
        solved = self.solve(domain, problems)
        kept = self.lint(domain, solved)
        self.write(domain, templates, {label: solved[label] for label in kept})
        return domain, kept

    def describe(self) -> str:
        self.begin("describe")
        completion = self.asker.ask("describe", "describe",
                                    inspiration=quote(self.text, "inspiration", MAX_INSPIRATION_CHARS))
        require_answer(completion, "describe")
        description = " ".join(strip_fences(completion.text).split())
        if len(description) > MAX_DESCRIPTION_CHARS:
            description = description[:MAX_DESCRIPTION_CHARS]
        notes = []
        if completion.status is CompletionStatus.LENGTH:
            notes.append("cut off at max_tokens, used as it is")
        if len(self.text) > MAX_INSPIRATION_CHARS:
            notes.append(f"inspiration text cut to {MAX_INSPIRATION_CHARS} characters")
        self.finish("describe", "warning" if notes else "ok",
                    f"{len(description)} characters" + (f" ({'; '.join(notes)})" if notes else ""),
                    {"description": description})
        return description

    def draft_domain(self, description: str):
        self.begin("draft_domain")
        example = example_for(description)
        completion = self.asker.ask("domain", "draft_domain",
                                    description=quote(description, "description", MAX_DESCRIPTION_CHARS),
                                    example_domain=example.domain, example_templates=example.templates)
        require_answer(completion, "draft_domain")
        first = extract_block(completion, "domain")
        data = {"example": example.name}
        if first.text is None:
            self.finish("draft_domain", "warning", f"no usable domain yet: {first.reason}", data)
        else:
            self.finish("draft_domain", "ok", f"{len(first.text)} characters of PDDL (few-shot example "
                                              f"{example.name})", data)
        return first, example

    def check_domain(self, first: Extracted) -> tuple[ast.Domain, str, dict | None]:
        self.begin("check_domain")
        result = self._loop("check_domain").run(first)
        if not result.ok:
            code = "unusable-answer" if result.text is None else "domain-invalid"
            raise Rejected("check_domain", code, result.reason or "the domain has errors")
        assert isinstance(result.node, ast.Domain) and result.text is not None
        domain = result.node
        fixes = sum(len(r.get("auto_fixes", [])) for r in self.record.rounds if r["kind"] == "domain")
        warnings = sorted({d.code for d in result.diagnostics})
        detail = (f"domain `{domain.name}`: {len(domain.predicates)} predicates, {len(domain.actions)} actions; "
                  f"{fixes} automatic fix(es), {result.rounds} LLM repair round(s)"
                  + (f"; warnings {', '.join(warnings)}" if warnings else ""))
        self.finish("check_domain", "ok", detail, {"llm_rounds": result.rounds, "automatic_fixes": fixes,
                                                   "warnings": warnings})
        return domain, result.text, result.templates

    def fit_templates(self, domain: ast.Domain, offered: dict | None, note: str | None) -> dict[str, dict[str, str]]:
        self.begin("templates")
        with self.clock.on("compile"):
            kept, dropped = fit_templates(domain, offered)
        n = sum(len(v) for v in kept.values())
        total = len(domain.predicates) + len(domain.actions)
        if offered is None:
            detail = f"no templates JSON ({note or 'none given'}): derived templates are used"
            status = "warning"
        else:
            detail = f"{n} of {total} names have templates"
            missing = [p.name for p in domain.predicates if p.name not in kept["predicates"]]
            missing += [a.name for a in domain.actions if a.name not in kept["actions"]]
            if dropped:
                detail += f"; {len(dropped)} entr{'y' if len(dropped) == 1 else 'ies'} dropped: {dropped[0]}"
            if missing:
                detail += f"; derived templates for {', '.join(missing)}"
            status = "warning" if dropped or missing else "ok"
        self.finish("templates", status, detail, {"dropped": dropped, "kept": n})
        return kept

    def deduplicate(self, domain: ast.Domain) -> None:
        self.begin("dedup")
        with self.clock.on("compile"):
            self.record.signature = signature(domain)
            same = self.dedup.find(domain) if self.dedup is not None else None
        if same is not None:
            raise Rejected("dedup", "near-duplicate", f"same structure up to renaming as the accepted environment "
                                                      f"{same} (signature {self.record.signature[:12]})")
        self.finish("dedup", "ok", f"signature {self.record.signature[:12]}", {"shape": shape(domain)})

    def draft_problems(self, description: str, domain: ast.Domain, domain_text: str, example: str) -> list[str]:
        self.begin("draft_problems")
        completion = self.asker.ask("problems", "draft_problems", count=str(self.options.n_problems),
                                    domain_name=domain.name, example_problem=example,
                                    description=quote(description, "description", MAX_DESCRIPTION_CHARS),
                                    domain=domain_text)
        require_answer(completion, "draft_problems")
        texts, note = extract_problems(completion, self.options.n_problems)
        if not texts:
            raise Rejected("draft_problems", "no-problem", f"no problem in the answer: {note or 'no PDDL found'}")
        self.finish("draft_problems", "warning" if note else "ok",
                    f"{len(texts)} problem(s)" + (f" ({note})" if note else ""))
        return texts

    def check_problems(self, domain_text: str, texts: list[str]) -> dict[str, ast.Problem]:
        self.begin("check_problems")
        clean: dict[str, ast.Problem] = {}
        for i, text in enumerate(texts, 1):
            label = f"p{i:02d}"
            result = self._loop("check_problems", label, domain_text).run(Extracted(text))
            entry = {"label": label, "checked": result.ok, "llm_rounds": result.rounds, "reason": result.reason}
            self.record.problems.append(entry)
            if result.ok:
                assert isinstance(result.node, ast.Problem)
                clean[label] = result.node
        if not clean:
            reasons = "; ".join(f"{p['label']}: {p['reason']}" for p in self.record.problems)
            raise Rejected("check_problems", "problems-invalid", f"no problem without errors ({reasons})")
        self.finish("check_problems", "ok" if len(clean) == len(texts) else "warning",
                    f"{len(clean)} of {len(texts)} problem(s) clean: {', '.join(clean)}")
        return clean

    def solve(self, domain: ast.Domain, problems: dict[str, ast.Problem]
              ) -> dict[str, tuple[ast.Problem, tuple[str, ...]]]:
        self.begin("solve")
        solved: dict[str, tuple[ast.Problem, tuple[str, ...]]] = {}
        entries = {p["label"]: p for p in self.record.problems}
        for label, problem in problems.items():
            with self.clock.on("solve"):
                plan, reason, cost = solve_and_validate(domain, problem, self.options.solve_time_limit,
                                                        self.options.memory_limit_mb)
            entries[label].update({"solved": plan is not None, "solve_reason": reason,
                                   "plan": list(plan) if plan is not None else None, "cost": cost})
            if plan is not None:
                solved[label] = (problem, plan)
        if not solved:
            reasons = "; ".join(f"{label}: {entries[label]['solve_reason']}" for label in problems)
            raise Rejected("solve", "unsolved", f"no problem solved with a valid plan ({reasons})")
        lengths = ", ".join(f"{label}: {len(plan)} steps" for label, (_p, plan) in solved.items())
        self.finish("solve", "ok" if len(solved) == len(problems) else "warning",
                    f"{len(solved)} of {len(problems)} solved and validated ({lengths})")
        return solved

    def lint(self, domain: ast.Domain, solved: dict[str, tuple[ast.Problem, tuple[str, ...]]]) -> list[str]:
        self.begin("lint")
        with self.clock.on("compile"):
            findings = find_degenerate(domain, solved, self.options.max_unused_fraction)
        self.record.lint = [f.to_data() for f in findings]
        fatal = rejection(findings)
        if fatal is not None:
            code = {"self-loop": "self-loop", "trivial-goal": "trivial-goal"}.get(fatal.kind, "unused-actions")
            raise Rejected("lint", code, f"degenerate environment: {fatal.message}")
        trivial = {f.subject for f in findings if f.kind == "trivial-goal"}
        for entry in self.record.problems:
            if entry["label"] in trivial:
                entry["dropped"] = "trivial goal"
        kept = [label for label in solved if label not in trivial]
        self.finish("lint", "warning" if findings else "ok", _lint_summary(findings) or "no findings")
        return kept

    def write(self, domain: ast.Domain, templates: dict[str, dict[str, str]],
              solved: dict[str, tuple[ast.Problem, tuple[str, ...]]]) -> None:
        write_atomic(self.folder / "domain.pddl", print_pddl(domain))
        path = self.folder / "templates.json"
        if any(templates.values()):
            write_atomic(path, json.dumps(templates, indent=2, ensure_ascii=False) + "\n")
        elif path.exists():
            path.unlink()
        for label, (problem, plan) in solved.items():
            write_atomic(self.folder / f"{label}.pddl", print_pddl(problem))
            write_atomic(self.folder / f"{label}.plan", "".join(step + "\n" for step in plan))


def _lint_summary(findings: list[DegenerateFinding]) -> str:
    return "; ".join(f.message for f in findings[:4]) + (f"; +{len(findings) - 4} more" if len(findings) > 4 else "")


def solve_and_validate(domain: ast.Domain, problem: ast.Problem, time_limit: float, memory_limit_mb: float
                       ) -> tuple[tuple[str, ...] | None, str | None, float | None]:
    """(plan steps as "(action arg ...)", None, cost), or (None, why not, None)."""
    size = operator_bound(domain, problem)
    if size > MAX_GROUND_OPERATORS:
        return None, f"too large to ground: up to {size} operators (limit {MAX_GROUND_OPERATORS})", None
    try:
        task = compile_task(domain, problem)
    except GroundingError as exc:
        return None, f"{exc.code}: {exc}", None
    except PddlError as exc:
        return None, str(exc), None
    # in turn, not side by side: an accepted problem's plan file must not depend on which member won a race
    solution = solve(task, "default", time_limit, memory_limit_mb=memory_limit_mb, side_by_side=False)
    if not solution.solved:
        return None, f"{solution.status.value}{': ' + solution.message if solution.message else ''}", None
    return tuple(str(GroundAction(s.action, s.args)) for s in solution.steps), None, solution.cost


def operator_bound(domain: ast.Domain, problem: ast.Problem) -> int:
    """An upper bound on the ground operators: per action, the product of its parameters' object counts."""
    hierarchy = TypeHierarchy.of(domain)
    objects = {c.name: c.types for c in domain.constants} | {o.name: o.types for o in problem.objects}
    counts: dict[tuple[str, ...], int] = {}
    total = 0
    for action in domain.actions:
        product = 1
        for param in action.parameters:
            types = param.types or ("object",)
            if types not in counts:
                counts[types] = len({o for t in types for o in hierarchy.objects_of(t, objects)})
            product *= counts[types]
            if product > MAX_GROUND_OPERATORS:
                break
        total += product
    return total


def fit_templates(domain: ast.Domain, offered: Any) -> tuple[dict[str, dict[str, str]], list[str]]:
    """The entries of an LLM's templates JSON that the domain accepts (checked one by one by the same
    loader export uses, ``Templates.for_domain``), and a note for each entry dropped."""
    kept: dict[str, dict[str, str]] = {"predicates": {}, "actions": {}}
    if offered is None:
        return kept, []
    if not isinstance(offered, dict):
        return kept, [f"expected a JSON object, found {type(offered).__name__}"]
    dropped = [f"unknown section {key!r}" for key in offered if key not in kept]
    entries = [(section, key, value) for section in kept if isinstance(offered.get(section), dict)
               for key, value in offered[section].items()]
    dropped += [f"{section}: expected an object" for section in kept
                if section in offered and not isinstance(offered[section], dict)]
    if len(entries) > MAX_TEMPLATE_ENTRIES:
        dropped.append(f"{len(entries) - MAX_TEMPLATE_ENTRIES} entries beyond {MAX_TEMPLATE_ENTRIES} ignored")
        entries = entries[:MAX_TEMPLATE_ENTRIES]
    with tempfile.TemporaryDirectory(prefix="agentgen-templates-") as tmp:
        path = Path(tmp) / "templates.json"
        for section, key, value in entries:
            if isinstance(value, str) and len(value) > MAX_TEMPLATE_CHARS:
                dropped.append(f"{section}.{key}: longer than {MAX_TEMPLATE_CHARS} characters")
                continue
            path.write_text(json.dumps({section: {key: value}}), encoding="utf-8")
            try:
                Templates.for_domain(domain, path)
            except TemplateError as exc:
                dropped.append(str(exc).replace(f"{path}: ", ""))
                continue
            kept[section][str(key).lower()] = value
    return kept, dropped
