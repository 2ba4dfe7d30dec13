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
from agentgen_sym.files import write_atomic
from agentgen_sym.equiv import equiv_domains
from agentgen_sym.llm import CompletionStatus, ExtractStatus, LLMClient, extract_json
from agentgen_sym.llm.extract import strip_fences
from agentgen_sym.llm.prompts import prompt_versions, quote
from agentgen_sym.solver import solve

from agentgen_sym.drafting.candidates import CANDIDATE_TEMPERATURE, group_by_meaning, largest
from agentgen_sym.drafting.calls import (MAX_DESCRIPTION_CHARS, MAX_INSPIRATION_CHARS, Asker, Extracted, Rejected,
                                         extract_block, extract_problems, require_answer)
from agentgen_sym.drafting.examples import example_for
from agentgen_sym.drafting.degenerate import DegenerateFinding, find_degenerate, rejection
from agentgen_sym.drafting.record import Clock, Record, StageResult, Verdict
from agentgen_sym.drafting.repair_loop import RepairLoop
from agentgen_sym.drafting.scenarios import Outcome, ScenarioError, parse_scenarios, replay, signature_text
from agentgen_sym.drafting.fingerprint import EnvDeduplicator, shape, signature
from agentgen_sym.drafting.wording import DERIVED, FILE_SOURCE, fit_templates, settle_wording

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
    candidates: int = 1       # domains drafted; the largest group of equivalent ones is kept (stage "vote")
    scenario_checks: int = 0  # behaviour checks asked of the LLM and replayed on the domain (stage "behaviour")

    def __post_init__(self) -> None:
        if (self.max_repair_rounds < 0 or self.n_problems < 1 or self.solve_time_limit <= 0 or self.candidates < 1
                or self.scenario_checks < 0):
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
                      on_round: Callable[[dict[str, Any]], None] | None = None,
                      reference: ast.Domain | None = None) -> DraftResult:
    """Draft, check, repair, solve and lint one environment from ``text``; never raises for LLM trouble.
    ``reference``: a known domain the result is judged against (the equiv verdict in the record, stage
    "reference"); it decides nothing.

    Writes ``folder/record.json`` always and, when accepted, ``domain.pddl``, ``templates.json``
    (when any template fits), ``pNN.pddl`` and ``pNN.plan`` for each accepted problem.
    """
    env_id = env_id or text_id(text)
    record = Record(env_id, source or {"kind": "text", "chars": len(text),
                                       "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()},
                    prompt_versions(), asdict(options))
    folder.mkdir(parents=True, exist_ok=True)
    draft = _Draft(text, folder, options, record, Clock(), client, dedup, on_stage, on_round, reference)
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
    reference: ast.Domain | None = None
    clean_candidates: list[tuple[int, ast.Domain]] = field(default_factory=list)  # (number, domain) after vote
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
        if self.options.candidates > 1:
            first, example, (domain, domain_text, offered) = self.vote(description)
        else:
            first, example = self.draft_domain(description)
            domain, domain_text, offered = self.check_domain(first)
        if self.options.scenario_checks:
            domain, domain_text = self.check_behaviour(description, domain, domain_text)
        if self.reference is not None:
            self.judge(domain)
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

    def draft_domain(self, description: str, candidate: int = 0):
        self.begin("draft_domain")
        example = example_for(description)
        completion = self.asker.ask("domain", "draft_domain", candidate, sampling=self._sampling(candidate),
                                    description=quote(description, "description", MAX_DESCRIPTION_CHARS),
                                    example_domain=example.domain, example_templates=example.templates)
        require_answer(completion, "draft_domain")
        first = extract_block(completion, "domain")
        data = {"example": example.name, **({"candidate": candidate + 1} if self.options.candidates > 1 else {})}
        if first.text is None:
            self.finish("draft_domain", "warning", f"no usable domain yet: {first.reason}", data)
        else:
            self.finish("draft_domain", "ok", f"{len(first.text)} characters of PDDL (few-shot example "
                                              f"{example.name})", data)
        return first, example

    def _sampling(self, candidate: int) -> dict[str, Any] | None:
        """K candidates are K samples: each its own seed (and so its own cache entry), at a temperature above 0."""
        if self.options.candidates == 1:
            return None
        return {"seed": candidate, "temperature": self.client.config.temperature or CANDIDATE_TEMPERATURE}

    def vote(self, description: str):
        """Draft and check K candidates, group the clean ones by meaning, keep the first of the largest group."""
        settled: list[tuple[Extracted, Any, tuple[ast.Domain, str, dict | None]]] = []
        failed: dict[str, str] = {}
        for candidate in range(self.options.candidates):
            first, example = self.draft_domain(description, candidate)
            try:
                settled.append((first, example, self.check_domain(first)))
            except Rejected as rejected:
                if rejected.code in ("llm-error", "llm-refused"):
                    raise
                self.finish("check_domain", "warning", f"candidate {candidate + 1} set aside: {rejected.reason}")
                failed[str(candidate + 1)] = rejected.reason
                if len(failed) == self.options.candidates:
                    raise
        self.begin("vote")
        indices = [int(i) - 1 for i in failed]
        clean = [c for c in range(self.options.candidates) if c not in indices]
        with self.clock.on("compile"):
            groups, notes = group_by_meaning([domain for _f, _e, (domain, _t, _o) in settled])
        best = largest(groups)
        self.clean_candidates = [(clean[i] + 1, domain) for i, (_f, _e, (domain, _t, _o)) in enumerate(settled)]
        shown = [[clean[i] + 1 for i in group] for group in groups]
        self.record.candidates = {"asked": self.options.candidates, "clean": len(clean), "groups": shown,
                                  "agreed": len(best), "kept": clean[best[0]] + 1, "set_aside": failed,
                                  "undecided": notes}
        detail = (f"{len(best)} of {self.options.candidates} candidates agree (groups "
                  + " | ".join(",".join(map(str, g)) for g in shown) + f"); kept candidate {clean[best[0]] + 1}")
        self.finish("vote", "ok" if len(best) > len(clean) / 2 else "warning", detail, dict(self.record.candidates))
        return settled[best[0]]

    def check_behaviour(self, description: str, domain: ast.Domain, domain_text: str) -> tuple[ast.Domain, str]:
        """Ask for scenario checks written from the description, replay them, and send each failure back as a
        repair prompt with its counterexample, for at most ``max_repair_rounds`` rounds; the domain that passes
        the most checks is kept. An answer with no usable check leaves the domain as it is, with a warning."""
        self.begin("behaviour")
        completion = self.asker.ask("scenarios", "behaviour", count=str(self.options.scenario_checks),
                                    signature=signature_text(domain),
                                    description=quote(description, "description", MAX_DESCRIPTION_CHARS))
        require_answer(completion, "behaviour")
        found = extract_json(completion.text)
        try:
            if found.status is not ExtractStatus.OK:
                raise ScenarioError(f"no JSON in the answer: {found.reason or found.status.value}")
            scenarios, notes = parse_scenarios(found.value)
        except ScenarioError as exc:
            self.finish("behaviour", "warning", f"no scenario checks used: {exc}", {"reason": str(exc)})
            return domain, domain_text
        best = (domain, domain_text, self._replay(domain, scenarios))
        if self.clean_candidates:  # every candidate meets the same checks (those written in names it lacks do not fit)
            self.record.candidates["checks_passed"] = {str(number): _passed(self._replay(candidate, scenarios))
                                                       for number, candidate in self.clean_candidates}
        for round_ in range(1, self.options.max_repair_rounds + 1):
            failures = [o for o in best[2] if o.usable and not o.passed]
            if not failures:
                break
            repaired = self._repair_behaviour(round_, best[1], failures)
            if repaired is None:
                break
            outcomes = self._replay(repaired[0], scenarios)
            if _passed(outcomes) > _passed(best[2]):
                best = (*repaired, outcomes)
        self.record.checks = [o.to_data() for o in best[2]]
        usable = [o for o in best[2] if o.usable]
        detail = f"{_passed(best[2])} of {len(usable)} scenario checks pass"
        if len(usable) < len(best[2]):
            detail += f" ({len(best[2]) - len(usable)} did not fit the domain)"
        failing = [o.scenario.name for o in usable if not o.passed]
        if failing:
            detail += "; failing: " + ", ".join(failing[:3])
        self.finish("behaviour", "warning" if failing or notes or not usable else "ok", detail, {"notes": notes})
        return best[0], best[1]

    def _replay(self, domain: ast.Domain, scenarios: list) -> list[Outcome]:
        with self.clock.on("solve"):
            return [replay(domain, scenario) for scenario in scenarios]

    def _repair_behaviour(self, round_: int, domain_text: str, failures: list[Outcome]
                          ) -> tuple[ast.Domain, str] | None:
        """One repair round: the failed checks with their counterexamples, the answer checked as any draft is."""
        completion = self.asker.ask("repair_behaviour", "behaviour", round_, domain=domain_text,
                                    failures=json.dumps([o.failure() for o in failures], indent=2, ensure_ascii=False))
        require_answer(completion, "behaviour")
        result = self._loop("behaviour").run(extract_block(completion, "domain"))
        if not result.ok or not isinstance(result.node, ast.Domain) or result.text is None:
            return None
        return result.node, result.text

    def judge(self, domain: ast.Domain) -> None:
        self.begin("reference")
        with self.clock.on("compile"):
            verdict = equiv_domains(self.reference, domain)
        data = verdict.to_json()
        self.record.reference = {"verdict": data["verdict"], "reason": data["reason"],
                                 "counterexample": data.get("counterexample")}
        self.finish("reference", "ok" if verdict.exit_code == 0 else "warning",
                    f"{data['verdict'].replace('_', ' ')} to the reference `{self.reference.name}`: {data['reason']}",
                    dict(self.record.reference))

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
        if offered is not None:  # the entries checked as `agentgen-sym templates` checks them, bad ones sent back once
            wording = settle_wording(domain, offered, self.asker.ask, stage="templates", repair_missing=False)
            kept = {section: {e.name: e.text for e in wording.entries if e.section == section and e.source != DERIVED}
                    for section in kept}
            dropped += [f"{e.section}.{e.name}: {e.problem}" for e in wording.entries
                        if e.source == DERIVED and e.problem and e.problem != "not given"
                        and not any(e.problem in d or d in e.problem for d in dropped)]
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
            write_atomic(path, json.dumps({"source": FILE_SOURCE, **templates}, indent=2, ensure_ascii=False) + "\n")
        elif path.exists():
            path.unlink()
        for label, (problem, plan) in solved.items():
            write_atomic(self.folder / f"{label}.pddl", print_pddl(problem))
            write_atomic(self.folder / f"{label}.plan", "".join(step + "\n" for step in plan))


def _passed(outcomes: list[Outcome]) -> int:
    return sum(o.passed for o in outcomes)


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
