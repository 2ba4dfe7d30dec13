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
from pathlib import Path
from typing import Callable, Sequence

from agentgen_sym import __version__
from agentgen_sym.compiler import limits
from agentgen_sym.cli import check, equiv, llm, mcp, pddl, serve, solve, tasks
from agentgen_sym.cli.common import EXIT_LIMIT, EXIT_OK, EXIT_USAGE, UsageError, eprint
from agentgen_sym.files import FolderBusy, exclusive
from agentgen_sym.joblimits import JobLimitReached, job_limits

COMMANDS = (pddl.add_parse, check.add_check, pddl.add_fix, solve.add_validate, solve.add_ground, solve.add_solve,
            tasks.add_generate, tasks.add_evolve, tasks.add_export, serve.add_serve, tasks.add_run, llm.add_draft,
            llm.add_build, llm.add_templates, serve.add_eval, pddl.add_explain, equiv.add_equiv,
            mcp.add_mcp)
"""Each command's parser, in the order ``--help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="agentgen-sym",
        description="Compile PDDL into checked, solvable planning environments and training data.",
        epilog="Exit codes: 0 ok, 1 the input has errors (diagnostics printed), 2 usage or I/O error.")
    parser.add_argument("--version", action="version", version=f"agentgen-sym {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in COMMANDS:
        add(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
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
