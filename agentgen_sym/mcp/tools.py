"""What the tools of ``agentgen-sym mcp`` do, apart from the MCP SDK that publishes them (server.py), so this module
imports without it.

Each tool calls the library on the PDDL texts it is given, in memory, each text under the file name the tool gives
it (``domain.pddl``, ``problem-1.pddl``, ...): ``inputs.check_unit``, ``repair``, ``inputs.load_task`` with
``compile_task`` and ``solve``, ``validate``, ``inputs.equiv_sources``. Nothing is written to disk. The answer is
the library's JSON of the value, the same serialiser the command's ``--format json`` prints
(``ast_json.to_data``, ``diagnostics_json``, ``RepairResult.to_json``, ``Solution.to_json``, ``validation_json``,
``Verdict.to_json``), so it equals that output for the same files, byte for byte. The command's bounds hold:
``--max-bytes`` per text (refused before any work), MAX_PROBLEMS, and a deadline (counted from the call's start)
and memory limit for each check, solve and validate call. Input with errors is a ``ToolInputError`` whose text is
the diagnostics as the command prints them on stderr; the server goes on serving.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Literal, Sequence

from agentgen_sym import findings
from agentgen_sym.compiler.ast_json import to_data
from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.diagnostics import Diagnostic, SourceCache, diagnostics_json, has_errors, render_text
from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.ground import GroundingError
from agentgen_sym.compiler.limits import Budget, Deadline, LimitReached
from agentgen_sym.compiler.parser import MAX_BYTES, SourceText, parse_source
from agentgen_sym.compiler.repair import repair
from agentgen_sym.compiler.validate import validate, validation_json
from agentgen_sym.equiv import EquivBudget
from agentgen_sym.inputs import InputError, check_unit, equiv_sources, load_task, read_anyway_line
from agentgen_sym.planners.result import Status
from agentgen_sym.solver import solve

MAX_PROBLEMS = 64
"""Most problem texts one ``check`` or ``equiv`` call may carry: each is checked or compared in full."""

DEFAULT_TIME_LIMIT = 60.0
"""Seconds one call may take unless ``agentgen-sym mcp --time-limit`` says otherwise: an agent's call that
grounds a huge task must not run on for ever (the server stops its process: worker.py)."""


TEXTS_PER_MESSAGE = 4
"""A JSON-RPC message may carry this many texts of ``--max-bytes`` and 1 MiB of JSON around them; a longer one is
refused before it is read (a domain, a problem and a plan fit, with room for JSON's escapes)."""


@dataclass(frozen=True)
class ToolLimits:
    """The bounds every call runs under: the CLI's byte bound per text, its time and memory limits."""

    max_bytes: int = MAX_BYTES
    time_limit: float | None = DEFAULT_TIME_LIMIT
    memory_limit_mb: float | None = None

    @property
    def max_message_bytes(self) -> int:
        return TEXTS_PER_MESSAGE * self.max_bytes + (1 << 20)


class ToolInputError(AgentgenError, ValueError):
    """A tool call the server refuses (a text over the byte bound, too many problems) or whose input has errors;
    the MCP client sees it as a tool error result with this message."""


def _problems(texts: Sequence[str]) -> Sequence[str]:
    if len(texts) > MAX_PROBLEMS:
        raise ToolInputError(f"{len(texts)} problems in one call, more than the {MAX_PROBLEMS} allowed")
    return texts


def _shown(diagnostics: Iterable[Diagnostic], sources: SourceCache, gap: str) -> str:
    """The diagnostics as the command prints them on stderr: ``render_text`` each, ``gap`` between them."""
    return gap.join(render_text(d, sources) for d in diagnostics)


class Tools:
    """The six tools, each a library call on text named as the command's files would be; ``make_server``
    publishes them."""

    def __init__(self, limits: ToolLimits = ToolLimits()) -> None:
        self.limits = limits

    def _text(self, name: str, what: str, text: str) -> SourceText:
        """``text`` as the file ``name``; refused when it is over the byte bound."""
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > self.limits.max_bytes:
            raise ToolInputError(f"the {what} is {size:,} bytes, over the bound of {self.limits.max_bytes:,} bytes "
                                 "(`agentgen-sym mcp --max-bytes` sets it)")
        return SourceText(text, name)

    def _deadline(self) -> Deadline:
        """The call's deadline, counted from now (``--time-limit``)."""
        return Deadline.after(self.limits.time_limit)

    def parse(self, text: str, kind: Literal["pddl", "plan"] = "pddl") -> Any:
        """``parse --format json``: the syntax tree of a domain, problem or plan."""
        source = self._text("input.plan" if kind == "plan" else "input.pddl", f"{kind} text", text)
        result = parse_source(source, "plan_file" if kind == "plan" else "pddl_file", max_bytes=self.limits.max_bytes)
        if not result.ok:
            raise ToolInputError(_shown(result.diagnostics, SourceCache({source.name: result.text}), "\n"))
        return to_data(result.node)

    def check(self, domain: str, problems: Sequence[str] = ()) -> dict[str, Any]:
        """``check --format json --no-config``: every finding of the domain and, against it, each problem."""
        domain_text = self._text("domain.pddl", "domain text", domain)
        problem_texts = [self._text(f"problem-{i + 1}.pddl", f"problem text {i + 1}", p)
                         for i, p in enumerate(_problems(problems))]
        try:
            found, texts = check_unit(domain_text, problem_texts, self.limits.max_bytes,
                                      budget=Budget(self._deadline(), self.limits.memory_limit_mb))
        except LimitReached as exc:
            raise ToolInputError(f"stopped: {domain_text.name}: {exc}") from exc
        except InputError as exc:
            raise ToolInputError(f"error: {exc}") from exc
        return diagnostics_json(findings.apply(found, findings.Settings(), texts))

    def fix(self, domain: str, problem: str | None = None) -> dict[str, Any]:
        """``fix --format json`` plus ``texts``: the repaired files by name, made in memory (``written`` names
        them as the command names the files it writes)."""
        sources = [self._text("domain.pddl", "domain text", domain)]
        if problem is not None:
            sources.append(self._text("problem.pddl", "problem text", problem))
        try:
            result = repair(*sources, budget=Budget(self._deadline(), self.limits.memory_limit_mb))
        except LimitReached as exc:
            raise ToolInputError(f"stopped: {exc}") from exc
        texts = result.files()
        return {**result.to_json(list(texts)), "texts": texts}

    def solve(self, domain: str, problem: str, optimal: bool = False) -> dict[str, Any]:
        """``solve --format json``: the outcome of the default (or optimal) planner, its plan validated."""
        domain_text = self._text("domain.pddl", "domain text", domain)
        problem_text = self._text("problem.pddl", "problem text", problem)
        deadline, memory_limit_mb = self._deadline(), self.limits.memory_limit_mb
        sources = SourceCache()
        try:
            results, errors, read_anyway = load_task(sources, self.limits.max_bytes, Budget(deadline, memory_limit_mb),
                                                     domain_text, problem_text)
            if has_errors(errors):
                raise ToolInputError("\n".join([*map(read_anyway_line, read_anyway), _shown(errors, sources, "\n\n")]))
            task = compile_task(results[0].node, results[1].node, memory_limit_mb=memory_limit_mb, deadline=deadline)
        except LimitReached as exc:
            raise ToolInputError(f"stopped: {exc}") from exc
        except InputError as exc:
            raise ToolInputError(f"error: {exc}") from exc
        except GroundingError as exc:
            raise ToolInputError(f"error[{exc.code}]: {exc}") from exc
        solution = solve(task, "optimal" if optimal else "default", memory_limit_mb=memory_limit_mb,
                         deadline=deadline)
        if solution.status is Status.UNSUPPORTED:
            raise ToolInputError(f"error: {solution.message}")
        return solution.to_json()

    def validate(self, domain: str, problem: str, plan: str) -> dict[str, Any]:
        """``validate --format json``: the plan replayed on the lifted task (or the task's errors)."""
        texts = (self._text("domain.pddl", "domain text", domain), self._text("problem.pddl", "problem text", problem),
                 self._text("plan.plan", "plan text", plan))
        budget = Budget(self._deadline(), self.limits.memory_limit_mb)  # parsing, checking and the replay
        outcome = None
        try:
            results, found, _read_anyway = load_task(SourceCache(), self.limits.max_bytes, budget, *texts)
            if not has_errors(found):
                outcome = validate(*(r.node for r in results), budget)
                found = list(outcome.diagnostics)
        except LimitReached as exc:
            raise ToolInputError(f"stopped: {exc}") from exc
        except InputError as exc:
            raise ToolInputError(f"error: {exc}") from exc
        return validation_json(outcome, results[2].node, found)

    def equiv(self, first: str, second: str, problems: Sequence[str] = ()) -> dict[str, Any]:
        """``equiv --format json``: two domains (compared on problems of the first), or a domain and two
        problems (``second`` and ``problems[0]``); bounded by the command's default work budget and by the call's
        time and memory limits ("unknown" when one is reached)."""
        texts = [self._text("a.pddl", "first text", first), self._text("b.pddl", "second text", second)]
        texts += [self._text(f"problem-{i + 1}.pddl", f"problem text {i + 1}", p)
                  for i, p in enumerate(_problems(problems))]
        sources = SourceCache()
        try:
            verdict = equiv_sources(texts[0], texts[1], texts[2:], EquivBudget(), sources,
                                    Budget(self._deadline(), self.limits.memory_limit_mb))
        except InputError as exc:
            raise ToolInputError("\n".join([*(render_text(d, sources) for d in exc.diagnostics),
                                            f"error: {exc}"])) from exc
        return verdict.to_json()
