"""The MCP tools (agentgen_sym/mcp/tools.py, called directly: no MCP SDK needed) against the command line. For the
same PDDL, every tool's answer is byte for byte the command's ``--format json`` (the command's file paths shown as
the tool names its texts: domain.pddl, problem-1.pddl, ...), on every task of the bundled corpus and (slow) the
first task of each benchmark domain; input with errors is a tool error whose text is what the command prints on
stderr; and a tool call writes no file, temporary or not."""

from __future__ import annotations

import builtins
import contextlib
import io
import itertools
import json
import os
import random
import re
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from agentgen_sym import cli
from agentgen_sym.compiler import limits
from agentgen_sym.compiler.parser import parse_domain
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.mcp.tools import MAX_PROBLEMS, ToolInputError, ToolLimits, Tools
from bench.equiv import rename

from .conftest import CORPUS, SLACK_S, benchmark_tasks, requires_benchmarks

TOOLS = Tools(ToolLimits(time_limit=None))
"""No time limit, as the command line has none by default: the default portfolio then runs its members in turn,
so the search (and its counts) is the same in both runs; a time limit would race them side by side."""

CORPUS_TASKS = sorted(CORPUS.glob("*/p*.pddl"))
_SECONDS = re.compile(r'"seconds": [0-9.e+-]+')


def _benchmark_sample() -> list[tuple[Path, Path]]:
    """The first task of each benchmark domain (MANIFEST.tsv order)."""
    first: dict[str, tuple[Path, Path]] = {}
    for task in benchmark_tasks():
        first.setdefault(task.domain, (task.domain_file, task.problem_file))
    return list(first.values())


_RUNS = itertools.count()


class Run(NamedTuple):
    code: int
    stdout: str
    stderr: str
    folder: Path


def _cli(tmp_path: Path, command: str, files: dict[str, str], *options: str) -> Run:
    """``agentgen-sym COMMAND FILES --format json OPTIONS`` (in this process, so a set's iteration order is the
    tool's) on ``files`` written under their names in a folder of its own: the exit code, and stdout and stderr
    with the folder's path taken out, so the files read as the tool names them. ``OUT`` in the options is an
    output folder in it, ``fixed``, whose path is taken out too."""
    folder = tmp_path / f"cli-{next(_RUNS)}"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_bytes(text.encode("utf-8"))
    argv = [command, *(str(folder / name) for name in files), "--format", "json",
            *(str(folder / "fixed") if o == "OUT" else o for o in options)]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    shown = lambda text: text.replace(f"{folder}/fixed/", "").replace(f"{folder}/", "")  # noqa: E731
    return Run(code, shown(out.getvalue()), shown(err.getvalue()), folder)


def _same(tool_answer: Any, cli_stdout: str) -> None:
    """The tool's answer, printed as the command prints JSON, is the command's stdout, byte for byte (a search's
    seconds aside)."""
    printed = json.dumps(tool_answer, indent=2) + "\n"
    assert _SECONDS.sub('"seconds": 0', printed) == _SECONDS.sub('"seconds": 0', cli_stdout)


def _unbalanced(text: str) -> str:
    """``text`` without its last parenthesis: an error ``fix`` repairs."""
    end = text.rindex(")")
    return text[:end] + text[end + 1:]


def _same_as_the_commands(domain: str, problem: str, tmp_path: Path) -> None:
    """Every tool on one task, each answer compared with its command's."""
    _same(TOOLS.parse(domain), _cli(tmp_path, "parse", {"input.pddl": domain}).stdout)
    _same(TOOLS.parse(problem), _cli(tmp_path, "parse", {"input.pddl": problem}).stdout)
    _same(TOOLS.check(domain, [problem]),
          _cli(tmp_path, "check", {"domain.pddl": domain, "problem-1.pddl": problem}, "--no-config").stdout)
    for d, p in ((domain, problem), (_unbalanced(domain), _unbalanced(problem))):
        fixed = TOOLS.fix(d, p)
        run = _cli(tmp_path, "fix", {"domain.pddl": d, "problem.pddl": p}, "--output-dir", "OUT")
        texts = fixed.pop("texts")
        _same(fixed, run.stdout)
        written = sorted((run.folder / "fixed").iterdir())
        assert texts == {f.name: f.read_text(encoding="utf-8") for f in written}  # what the command wrote
        assert list(texts) == fixed["written"]
    assert fixed["applied"] and fixed["ok"], "the unbalanced texts are repaired"

    solved = TOOLS.solve(domain, problem)
    _same(solved, _cli(tmp_path, "solve", {"domain.pddl": domain, "problem.pddl": problem}, "--quiet").stdout)
    assert solved["status"] == "solved"
    plan = "\n".join(solved["plan"]) + "\n"
    _same(TOOLS.parse(plan, "plan"), _cli(tmp_path, "parse", {"input.plan": plan}).stdout)
    for steps in (plan, "\n".join(solved["plan"][1:])):  # the plan, and the plan without its first step
        _same(TOOLS.validate(domain, problem, steps),
              _cli(tmp_path, "validate", {"domain.pddl": domain, "problem.pddl": problem, "plan.plan": steps}).stdout)

    renamed = print_pddl(rename(parse_domain(domain), random.Random(0)))
    _same(TOOLS.equiv(domain, renamed), _cli(tmp_path, "equiv", {"a.pddl": domain, "b.pddl": renamed}).stdout)
    _same(TOOLS.equiv(domain, problem, [problem]),
          _cli(tmp_path, "equiv", {"a.pddl": domain, "b.pddl": problem, "problem-1.pddl": problem}).stdout)


@pytest.mark.parametrize("problem", CORPUS_TASKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_tool_answers_the_commands_json_on_the_corpus(problem: Path, tmp_path: Path) -> None:
    domain = (problem.parent / "domain.pddl").read_text(encoding="utf-8")
    _same_as_the_commands(domain, problem.read_text(encoding="utf-8"), tmp_path)


@pytest.mark.slow
@requires_benchmarks
@pytest.mark.parametrize("task", _benchmark_sample(), ids=lambda t: t[1].parent.name)
def test_every_tool_answers_the_commands_json_on_the_benchmarks(task: tuple[Path, Path], tmp_path: Path) -> None:
    domain_file, problem_file = task
    _same_as_the_commands(domain_file.read_text(encoding="utf-8"), problem_file.read_text(encoding="utf-8"),
                          tmp_path)


# --------------------------------------------------------------------------- input with errors

BIKE = CORPUS / "bike-workshop"
DOMAIN = (BIKE / "domain.pddl").read_text(encoding="utf-8")
PROBLEM = (BIKE / "p01.pddl").read_text(encoding="utf-8")
UNDECLARED = DOMAIN.replace("(tyre-ok ?b)", "(tyre-okay ?b)")  # an effect on a predicate never declared


def _refused(call: Any, *args: Any) -> str:
    with pytest.raises(ToolInputError) as caught:
        call(*args)
    return str(caught.value)


@pytest.mark.parametrize("label", ["parse", "check", "solve", "equiv", "oversized", "too-many"])
def test_input_with_errors_is_a_tool_error_with_the_commands_stderr(label: str, tmp_path: Path) -> None:
    malformed = DOMAIN[: DOMAIN.index("(:action")]
    if label == "parse":
        text, run = _refused(TOOLS.parse, malformed), _cli(tmp_path, "parse", {"input.pddl": malformed})
    elif label == "check":  # a problem where the domain belongs
        text = _refused(TOOLS.check, PROBLEM, [PROBLEM])
        run = _cli(tmp_path, "check", {"domain.pddl": PROBLEM, "problem-1.pddl": PROBLEM}, "--no-config")
    elif label == "solve":
        text = _refused(TOOLS.solve, UNDECLARED, PROBLEM)
        run = _cli(tmp_path, "solve", {"domain.pddl": UNDECLARED, "problem.pddl": PROBLEM}, "--quiet")
    elif label == "equiv":
        text = _refused(TOOLS.equiv, DOMAIN, UNDECLARED)
        run = _cli(tmp_path, "equiv", {"a.pddl": DOMAIN, "b.pddl": UNDECLARED})
    elif label == "oversized":  # refused before any work, saying its size and the bound
        text = _refused(Tools(ToolLimits(max_bytes=1000)).check, DOMAIN)
        assert f"{len(DOMAIN.encode()):,} bytes, over the bound of 1,000 bytes" in text
        return
    else:
        text = _refused(TOOLS.check, DOMAIN, [PROBLEM] * (MAX_PROBLEMS + 1))
        assert f"more than the {MAX_PROBLEMS} allowed" in text
        return
    assert run.code != 0 and run.stdout == "" and "error" in text and "/tmp" not in text
    assert text == run.stderr.strip()


# --------------------------------------------------------------------------- no files


@pytest.fixture
def no_files_written(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """Fail on any file or folder a tool call makes: the temporary folder is a private empty one, the tempfile
    functions and every open for writing are refused (and each attempt noted, in case a library swallows the
    refusal). The parser is built first: Lark keeps its grammar cache in the temporary folder, once per machine."""
    TOOLS.parse("(define (domain warm-up) (:predicates (p)))")
    private = tmp_path / "tmp"
    private.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    monkeypatch.setenv("TMPDIR", str(private))
    attempts: list[str] = []

    def refuse(what: str) -> None:
        attempts.append(what)
        raise AssertionError(f"a tool call wrote: {what}")

    for name in ("mkstemp", "mkdtemp", "NamedTemporaryFile", "TemporaryFile", "SpooledTemporaryFile",
                 "TemporaryDirectory"):
        monkeypatch.setattr(tempfile, name, lambda *a, _name=name, **k: refuse(f"tempfile.{_name}"))
    real_open, real_os_open = builtins.open, os.open

    def guarded_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if any(flag in mode for flag in "wax+"):
            refuse(f"open({file!r}, {mode!r})")
        return real_open(file, mode, *args, **kwargs)

    def guarded_os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND) and str(path) != os.devnull:
            refuse(f"os.open({path!r})")
        return real_os_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded_open)
    monkeypatch.setattr(io, "open", guarded_open)
    monkeypatch.setattr(os, "open", guarded_os_open)
    before = sorted(tmp_path.rglob("*"))
    yield
    assert attempts == []
    assert sorted(tmp_path.rglob("*")) == before and not any(private.iterdir())


def test_no_tool_call_writes_a_file(no_files_written: None) -> None:
    tools = Tools()  # the server's own limits: a time limit, so the portfolio may fork its members
    tools.parse(DOMAIN)
    tools.check(DOMAIN, [PROBLEM])
    fixed = tools.fix(_unbalanced(DOMAIN), PROBLEM)
    assert fixed["ok"] and fixed["texts"]["domain.pddl"]
    solved = tools.solve(DOMAIN, PROBLEM, optimal=True)
    assert tools.validate(DOMAIN, PROBLEM, "\n".join(solved["plan"]))["valid"] is True
    assert tools.equiv(DOMAIN, DOMAIN.replace("take-tool", "grab"))["verdict"] == "equivalent"
    for call, args in ((tools.parse, (DOMAIN[:200],)), (tools.solve, (UNDECLARED, PROBLEM))):
        with pytest.raises(ToolInputError):
            call(*args)


def test_the_tools_module_needs_no_mcp_sdk() -> None:
    source = (Path(__file__).resolve().parents[1] / "agentgen_sym" / "mcp" / "tools.py").read_text(encoding="utf-8")
    assert not re.search(r"^\s*(from|import) mcp\b", source, re.MULTILINE)
    assert "tempfile" not in source and "Runner" not in source


def test_each_call_has_its_own_deadline_however_long_the_server_has_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line counts a time limit from the process's start (``Deadline.for_command``); a server that has
    been up for an hour must still give each call its whole --time-limit."""
    monkeypatch.setattr(limits, "_COMMAND_STARTED", time.monotonic() - 3600)
    tools = Tools(ToolLimits(time_limit=SLACK_S))
    solved = tools.solve(DOMAIN, PROBLEM)
    assert solved["status"] == "solved"
    assert tools.validate(DOMAIN, PROBLEM, "\n".join(solved["plan"]))["valid"] is True
    assert tools.check(DOMAIN, [PROBLEM])["ok"] is True


@requires_benchmarks
def test_equiv_stops_at_the_calls_time_limit_and_answers_unknown() -> None:
    """Two 40-block problems take the default work budget about half a second to compare; a call limited to 10 ms
    stops at its deadline and says so, instead of running on."""
    from .conftest import BENCHMARKS
    from .test_equiv_sound import forty_blocks

    first, second = forty_blocks()
    started = time.monotonic()
    verdict = Tools(ToolLimits(time_limit=0.01)).equiv((BENCHMARKS / "blocks" / "domain.pddl").read_text(), first,
                                                       [second])
    assert verdict["verdict"] == "unknown" and "time limit reached" in verdict["reason"], verdict["reason"]
    assert time.monotonic() - started < 0.01 + SLACK_S


def test_fix_runs_under_the_calls_time_limit() -> None:
    """`fix` re-checks the text every round; a call whose time is up stops there and says so (it had no limit)."""
    with pytest.raises(ToolInputError, match="stopped: time limit reached"):
        Tools(ToolLimits(time_limit=1e-9)).fix(_unbalanced(DOMAIN), PROBLEM)
    assert Tools(ToolLimits(time_limit=SLACK_S)).fix(_unbalanced(DOMAIN), PROBLEM)["ok"]
