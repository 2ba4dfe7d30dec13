"""What the tools of ``agentgen-sym mcp`` do, apart from the MCP SDK that publishes them (server.py).

Each tool writes the PDDL text it is given into a private folder and runs the command it is named after, in this
process, through a ``Runner`` the command line hands in (this package may not import ``cli``): the answer is the
command's own ``--format json``, byte for byte, under the command's own bounds and limits (``--max-bytes``,
``--time-limit``, ``--memory-limit``). Text over the byte bound is refused before anything is written. Input with
errors is a tool error whose text is the diagnostics; the server goes on serving.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Literal, Sequence

from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.parser import MAX_BYTES

MAX_PROBLEMS = 64
"""Most problem texts one ``check`` or ``equiv`` call may carry: each is checked or compared in full."""

DEFAULT_TIME_LIMIT = 60.0
"""Seconds one call may take unless ``agentgen-sym mcp --time-limit`` says otherwise: an agent's call that
grounds a huge task must not hold the server (which answers one call at a time) forever."""

_EXIT_USAGE = 2  # the command line's exit codes (cli/common.py): a usage error, a limit reached
_EXIT_LIMIT = 4


@dataclass(frozen=True)
class CommandOutcome:
    """What one command run in-process left: its exit code and what it printed on each stream."""

    code: int
    stdout: str
    stderr: str


Runner = Callable[[Sequence[str]], CommandOutcome]
"""Runs ``agentgen-sym ARGV`` in this process and returns what it printed (``cli/mcp.run_command``)."""


@dataclass(frozen=True)
class ToolLimits:
    """The bounds every call runs under: the CLI's byte bound per text, its time and memory limits."""

    max_bytes: int = MAX_BYTES
    time_limit: float | None = DEFAULT_TIME_LIMIT
    memory_limit_mb: float | None = None


class ToolInputError(AgentgenError, ValueError):
    """A tool call the server refuses (a text over the byte bound, too many problems) or whose input has errors;
    the MCP client sees it as a tool error result with this message."""


class _Workspace:
    """A private folder for one call: the texts as files, and their paths hidden again in what comes back."""

    def __init__(self, limits: ToolLimits) -> None:
        self.limits = limits
        self._folder = tempfile.TemporaryDirectory(prefix="agentgen-mcp-")
        self.root = Path(self._folder.name)

    def __enter__(self) -> _Workspace:
        return self

    def __exit__(self, *exc: object) -> None:
        self._folder.cleanup()

    def file(self, name: str, what: str, text: str) -> str:
        size = len(text.encode("utf-8"))
        if size > self.limits.max_bytes:
            raise ToolInputError(f"the {what} is {size:,} bytes, over the bound of {self.limits.max_bytes:,} bytes "
                                 "(`agentgen-sym mcp --max-bytes` sets it)")
        path = self.root / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    def shown(self, text: str) -> str:
        """``text`` with the folder's path taken out, so file names read as the tool's own (domain.pddl:3:5)."""
        return text.replace(f"{self.root}/", "")


def _problems(texts: Sequence[str]) -> Sequence[str]:
    if len(texts) > MAX_PROBLEMS:
        raise ToolInputError(f"{len(texts)} problems in one call, more than the {MAX_PROBLEMS} allowed")
    return texts


class Tools:
    """The six tools, each a command of the command line run on text; ``make_server`` publishes them."""

    def __init__(self, run: Runner, limits: ToolLimits) -> None:
        self.run, self.limits = run, limits

    def _limit_options(self) -> list[str]:
        options = ["--max-bytes", str(self.limits.max_bytes)]
        if self.limits.time_limit is not None:
            options += ["--time-limit", str(self.limits.time_limit)]
        if self.limits.memory_limit_mb is not None:
            options += ["--memory-limit", str(self.limits.memory_limit_mb)]
        return options

    def _answer(self, work: _Workspace, argv: list[str]) -> dict[str, Any]:
        """The command's JSON; a tool error with its diagnostics when it printed none, refused its input or was
        stopped by a limit before it finished."""
        outcome = self.run(argv)
        stderr = work.shown(outcome.stderr).strip()
        stopped = any(line.startswith("stopped:") for line in stderr.splitlines())
        if not outcome.stdout.strip() or outcome.code == _EXIT_USAGE or (stopped and outcome.code == _EXIT_LIMIT):
            raise ToolInputError(stderr or f"`{argv[0]}` failed with exit code {outcome.code}")
        return json.loads(work.shown(outcome.stdout))

    def parse(self, text: str, kind: Literal["pddl", "plan"] = "pddl") -> dict[str, Any]:
        with _Workspace(self.limits) as work:
            name = "input.plan" if kind == "plan" else "input.pddl"
            path = work.file(name, f"{kind} text", text)
            return self._answer(work, ["parse", path, "--format", "json", "--max-bytes", str(self.limits.max_bytes)])

    def check(self, domain: str, problems: Sequence[str] = ()) -> dict[str, Any]:
        with _Workspace(self.limits) as work:
            files = [work.file("domain.pddl", "domain text", domain)]
            files += [work.file(f"problem-{i + 1}.pddl", f"problem text {i + 1}", p)
                      for i, p in enumerate(_problems(problems))]
            return self._answer(work, ["check", *files, "--format", "json", "--no-config", "--jobs", "1",
                                       *self._limit_options()])

    def fix(self, domain: str, problem: str | None = None) -> dict[str, Any]:
        with _Workspace(self.limits) as work:
            files = [work.file("domain.pddl", "domain text", domain)]
            if problem is not None:
                files.append(work.file("problem.pddl", "problem text", problem))
            out = work.root / "fixed"
            answer = self._answer(work, ["fix", *files, "--output-dir", str(out), "--format", "json"])
            answer["texts"] = {name: (out / name).read_text(encoding="utf-8") for name in
                               (Path(w).name for w in answer.get("written", []))}
            return answer

    def solve(self, domain: str, problem: str, optimal: bool = False) -> dict[str, Any]:
        with _Workspace(self.limits) as work:
            files = [work.file("domain.pddl", "domain text", domain),
                     work.file("problem.pddl", "problem text", problem)]
            return self._answer(work, ["solve", *files, "--format", "json", "--quiet",
                                       *(["--optimal"] if optimal else []), *self._limit_options()])

    def validate(self, domain: str, problem: str, plan: str) -> dict[str, Any]:
        with _Workspace(self.limits) as work:
            files = [work.file("domain.pddl", "domain text", domain),
                     work.file("problem.pddl", "problem text", problem),
                     work.file("plan.plan", "plan text", plan)]
            return self._answer(work, ["validate", *files, "--format", "json", *self._limit_options()])

    def equiv(self, first: str, second: str, problems: Sequence[str] = ()) -> dict[str, Any]:
        with _Workspace(self.limits) as work:
            files = [work.file("a.pddl", "first text", first), work.file("b.pddl", "second text", second)]
            files += [work.file(f"problem-{i + 1}.pddl", f"problem text {i + 1}", p)
                      for i, p in enumerate(_problems(problems))]
            return self._answer(work, ["equiv", *files, "--format", "json"])
