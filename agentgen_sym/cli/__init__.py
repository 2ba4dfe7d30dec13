"""The ``agentgen-sym`` command line: one module per command group, each command's parser beside its handler;
this module assembles them and turns what a handler raises into an exit code.

Exit codes for every subcommand: 0 ok, 1 the input has errors (diagnostics printed),
2 usage or I/O error. Bad input is reported as diagnostics, never as a traceback.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from contextlib import nullcontext
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any, Callable, Collection, Sequence

from agentgen_sym import __version__
from agentgen_sym.cli.common import EXIT_LIMIT, EXIT_OK, EXIT_USAGE, UsageError, eprint
from agentgen_sym.compiler import limits
from agentgen_sym.files import FolderBusy, exclusive
from agentgen_sym.joblimits import JobLimitReached, job_limits


@dataclass(frozen=True)
class Command:
    """A subcommand: its name, the line ``--help`` lists it with, and the function of ``agentgen_sym.cli.<module>``
    that builds its parser (imported only when the command runs or every parser is asked for)."""

    name: str
    help: str
    module: str
    add: str


COMMANDS = (
    Command("parse", "parse PDDL files and print them canonically or as JSON", "pddl", "add_parse"),
    Command("check", "type-check and lint a domain and its problems (for CI)", "check", "add_check"),
    Command("fix", "apply every safe automatic fix and write the repaired files", "pddl", "add_fix"),
    Command("validate", "replay a plan on a domain and problem and report whether it is valid", "solve",
            "add_validate"),
    Command("ground", "ground a task to NumPy arrays and report its size", "solve", "add_ground"),
    Command("solve", "find a plan (satisficing by default, --optimal for cost-optimal)", "solve", "add_solve"),
    Command("generate", "generate a graded set of solvable tasks from a seed problem", "tasks", "add_generate"),
    Command("evolve", "Bi-Evol a task folder into easier and harder variants", "tasks", "add_evolve"),
    Command("export", "export a task folder as training data (sharegpt, openai, agentgym, agentflan)", "tasks",
            "add_export"),
    Command("package", "write a task folder as an environment package (OpenEnv: manifest, server, container)",
            "tasks", "add_package"),
    Command("serve", "serve task folders as AgentGym-compatible environment servers (HTTP)", "serve", "add_serve"),
    Command("run", "the main job: the bundled corpus through the whole pipeline", "tasks", "add_run"),
    Command("draft", "draft one environment from a text with an LLM, stage by stage", "llm", "add_draft"),
    Command("build", "the LLM build: inspiration texts to environments, tasks and trajectories", "llm", "add_build"),
    Command("templates", "draft a domain's English wording with an LLM, checked entry by entry", "llm",
            "add_templates"),
    Command("eval", "measure a model on task folders, scored as AgentBoard scores its PDDL games", "serve", "add_eval"),
    Command("explain", "explain a diagnostic code (e.g. E105), or list all codes", "pddl", "add_explain"),
    Command("equiv", "are two domains (or two problems) the same up to renaming?", "equiv", "add_equiv"),
    Command("mcp", "serve parse, check, fix, solve, validate and equiv to coding agents (MCP, stdio)", "mcp",
            "add_mcp"),
)
"""Every subcommand, in the order ``--help`` lists them."""


class _Listed:
    """The subcommands as one command's ``add_*`` function sees them: its parser gets the help line of its entry."""

    def __init__(self, sub: argparse._SubParsersAction, command: Command) -> None:
        self._sub, self._command = sub, command

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        return self._sub.add_parser(name, help=self._command.help, **kwargs)


def build_parser(built: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser with every subcommand listed; the parsers of those named in ``built`` (None: all)
    are built in full, so a run builds only its own command's (and its imports) and ``--help`` none."""
    parser = argparse.ArgumentParser(
        prog="agentgen-sym",
        description="Compile PDDL into checked, solvable planning environments and training data.",
        epilog="Exit codes: 0 ok, 1 the input has errors (diagnostics printed), 2 usage or I/O error.")
    parser.add_argument("--version", action="version", version=f"agentgen-sym {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        if built is None or command.name in built:
            add = getattr(import_module(f"agentgen_sym.cli.{command.module}"), command.add)
            add(_Listed(sub, command))
        else:
            sub.add_parser(command.name, help=command.help)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    named = next((arg for arg in argv if not arg.startswith("-")), None)  # the top level's options take no value
    args = build_parser(() if named is None else (named,)).parse_args(argv)
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
    if handler is None:
        build_parser(()).print_help(sys.stderr)
        return EXIT_USAGE
    if sys.stdout is None:  # started with standard output closed (`>&-`)
        eprint("error: standard output is closed; redirect it to a file or /dev/null")
        return EXIT_USAGE
    owned = getattr(args, "output_folder", None)  # commands that fill a folder hold it for themselves
    job = getattr(args, "job_limits", None)
    try:
        with exclusive(Path(getattr(args, owned))) if owned else nullcontext():
            with job_limits(job, args.time_limit, args.memory_limit) if job else nullcontext():
                code = handler(args)
        sys.stdout.flush()  # a full disk shows here, not in an unreported flush at exit
        return code
    except JobLimitReached as exc:
        eprint(f"stopped: {exc}")
        return EXIT_LIMIT
    except FolderBusy as exc:
        eprint(f"error: {exc}")
        return EXIT_USAGE
    except UsageError as exc:
        eprint(f"error: {exc}")
        return EXIT_USAGE
    except KeyboardInterrupt:
        eprint("interrupted")
        return 130
    except BrokenPipeError:  # `| head`: the reader has all it wanted
        _silence_stdout()
        return EXIT_OK
    except OSError as exc:  # writing failed (a full disk, a vanished folder) or a file could not be used
        where = f"{exc.filename}" if exc.filename else "the output"
        eprint(f"error: cannot write {where}: {exc.strerror or exc}")
        _silence_stdout()
        return EXIT_USAGE


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush at exit cannot fail a second time."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):  # stdout is not a file (captured, replaced)
        pass


def entry() -> None:
    """The console script: ``main``, then a prompt exit after a limit was reached (the structures a stopped
    grounder or search built can hold a gigabyte, and freeing them object by object takes seconds)."""
    limits.count_from_process_start()  # a time limit on the command line includes the start-up
    code = main()
    if code == EXIT_LIMIT:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)
