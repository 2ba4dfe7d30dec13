"""``agentgen-sym mcp`` driven by the MCP SDK's own client (mcp.client.stdio) over stdio, as a coding agent drives it:
the tool list, every tool on real PDDL text (each answer compared with the command line's ``--format json``), input
with errors (a tool error carrying the diagnostics, the server still serving), and a text over the byte bound."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CORPUS, ROOT, SLACK_S, requires_extra, run_cli

pytestmark = pytest.mark.slow  # one server start and four command-line runs: about a minute on a loaded machine

anyio = requires_extra("anyio")
requires_extra("mcp")
from mcp import ClientSession, StdioServerParameters  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402

BOUND = 50_000  # the server's --max-bytes: far above the test's texts, far below the oversized one
DOMAIN = (CORPUS / "bike-workshop" / "domain.pddl").read_text(encoding="utf-8")
PROBLEM = (CORPUS / "bike-workshop" / "p01.pddl").read_text(encoding="utf-8")
UNTYPED = DOMAIN.replace("(:requirements :strips :typing)", "(:requirements :strips)")  # a fixable error
UNDECLARED = DOMAIN.replace("(tyre-ok ?b)", "(tyre-okay ?b)")  # an effect on a predicate never declared
RENAMED = DOMAIN.replace("hands-free", "free-hands").replace("take-tool", "grab")


def _calls() -> list[tuple[str, str, dict[str, Any]]]:
    """(label, tool, arguments) in the order the session makes them."""
    return [
        ("parse", "parse", {"text": DOMAIN}),
        ("check", "check", {"domain": UNTYPED, "problems": [PROBLEM]}),
        ("fix", "fix", {"domain": UNTYPED, "problem": PROBLEM}),
        ("solve", "solve", {"domain": DOMAIN, "problem": PROBLEM, "optimal": True}),
        ("equiv", "equiv", {"first": DOMAIN, "second": RENAMED}),
        ("malformed", "parse", {"text": DOMAIN[: DOMAIN.index("(:action")]}),
        ("unchecked", "solve", {"domain": UNDECLARED, "problem": PROBLEM}),
        ("oversized", "check", {"domain": DOMAIN + ";" * BOUND}),
        ("after", "parse", {"text": PROBLEM}),
    ]


@dataclass(frozen=True)
class _Answer:
    """A tool call's result under the names of mcp 1.x (``structuredContent``, ``isError``); 2.x names the fields
    ``structured_content`` and ``is_error``."""

    structuredContent: Any
    isError: bool
    content: list

    @classmethod
    def of(cls, result: Any) -> _Answer:
        if hasattr(result, "structured_content"):  # mcp 2.x
            return cls(result.structured_content, result.is_error, result.content)
        return cls(result.structuredContent, result.isError, result.content)


async def _session(errlog: Path) -> dict[str, Any]:
    params = StdioServerParameters(command=sys.executable, cwd=str(ROOT),
                                   args=["-m", "agentgen_sym", "mcp", "--max-bytes", str(BOUND)])
    answers: dict[str, Any] = {}
    with anyio.fail_after(SLACK_S * 4):
        with errlog.open("w") as stderr:
            await _calls_in_session(params, stderr, answers)
    answers["stderr"] = errlog.read_text()
    return answers


async def _calls_in_session(params: StdioServerParameters, stderr: Any, answers: dict[str, Any]) -> None:
    async with stdio_client(params, errlog=stderr) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        answers["tools"] = await session.list_tools()
        for label, tool, arguments in _calls():
            answers[label] = _Answer.of(await session.call_tool(tool, arguments))
        fixed = answers["fix"].structuredContent["texts"]
        answers["recheck"] = _Answer.of(await session.call_tool("check", {"domain": fixed["domain.pddl"],
                                                                          "problems": [fixed["problem.pddl"]]}))
        plan = "\n".join(answers["solve"].structuredContent["plan"])
        answers["validate"] = _Answer.of(await session.call_tool("validate", {"domain": DOMAIN, "problem": PROBLEM,
                                                                              "plan": plan}))
        answers["plan"] = plan


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return anyio.run(_session, tmp_path_factory.mktemp("mcp") / "stderr.txt")


def _cli_json(tmp_path: Path, command: str, files: dict[str, str], *options: str) -> Any:
    """The command line's JSON for the same texts, under the same file names the server shows."""
    paths = []
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        paths.append(str(tmp_path / name))
    done = run_cli(command, *paths, "--format", "json", *options)
    return json.loads(done.stdout.decode().replace(f"{tmp_path}/", ""))


def test_lists_the_six_tools(answers):
    assert sorted(t.name for t in answers["tools"].tools) == ["check", "equiv", "fix", "parse", "solve", "validate"]


def test_parse_and_check_answer_with_the_commands_json(answers, tmp_path):
    assert answers["parse"].isError is False
    assert answers["parse"].structuredContent == _cli_json(tmp_path, "parse", {"input.pddl": DOMAIN})
    assert answers["check"].isError is False
    assert answers["check"].structuredContent == _cli_json(tmp_path, "check", {"domain.pddl": UNTYPED,
                                                                               "problem-1.pddl": PROBLEM},
                                                           "--no-config")
    assert answers["check"].structuredContent["ok"] is False


def test_fix_returns_repaired_texts_that_check_clean(answers):
    fixed = answers["fix"].structuredContent
    assert fixed["ok"] is True and fixed["applied"]
    assert ":typing" in fixed["texts"]["domain.pddl"]
    assert answers["recheck"].structuredContent["ok"] is True


def test_solve_plan_validates_as_the_command_says(answers, tmp_path):
    solved = answers["solve"].structuredContent
    assert solved["status"] == "solved" and len(solved["plan"]) == solved["cost"]
    assert answers["validate"].structuredContent == _cli_json(
        tmp_path, "validate", {"domain.pddl": DOMAIN, "problem.pddl": PROBLEM, "plan.plan": answers["plan"]})
    assert answers["validate"].structuredContent["valid"] is True


def test_equiv_finds_the_renaming(answers, tmp_path):
    verdict = dict(answers["equiv"].structuredContent)
    expected = _cli_json(tmp_path, "equiv", {"a.pddl": DOMAIN, "b.pddl": RENAMED})
    verdict.pop("checked"), expected.pop("checked")  # the search's pair count varies with PYTHONHASHSEED (equiv/)
    assert verdict == expected
    assert verdict["verdict"] == "equivalent"
    assert verdict["mapping"]["actions"]["take-tool"]["name"] == "grab"


def test_bad_input_is_a_tool_error_with_the_diagnostic(answers):
    for label in ("malformed", "unchecked"):
        result = answers[label]
        assert result.isError is True
        text = result.content[0].text
        assert "error[" in text and ".pddl:" in text and "/tmp" not in text  # the diagnostic, in the tool's names
    assert answers["after"].isError is False  # the server serves on after bad input
    assert answers["after"].structuredContent["node"] == "Problem"


def test_the_server_ends_cleanly_when_the_client_leaves(answers):
    assert "Traceback" not in answers["stderr"] and "Error" not in answers["stderr"]


def test_text_over_the_bound_is_refused(answers):
    result = answers["oversized"]
    assert result.isError is True
    assert f"{BOUND:,}" in result.content[0].text and "bound" in result.content[0].text
