"""What the benchmark scripts share: the benchmark folder and its MANIFEST.tsv, the --benchmarks and
--tools options, the plain tables and the frozen copy of the code a long run measures, so that every
bench selects its tasks, prints its figures and labels its code the same way.

A script imports it as ``bench.common`` (the repository root on ``sys.path``), a name that its
spawned workers and the tests can import too. It loads nothing of the package until a bench writes
its JSON, so a worker that measures a frozen copy of the code imports the package from that copy.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT.parent / "shared" / "benchmarks"
"""The shared benchmarks beside the checkout: MANIFEST.tsv and the PDDL files it names."""


@dataclass(frozen=True)
class Task:
    """One MANIFEST.tsv row: a problem file and the domain file it is read with, relative to the folder."""

    domain: str
    domain_file: str
    problem_file: str
    requirements: str
    group: str

    @property
    def name(self) -> str:
        """``domain/problem-file``, the name the benches' options and reports use."""
        return f"{self.domain}/{Path(self.problem_file).name}"

    @property
    def pyperplan_readable(self) -> bool:
        """pyperplan reads STRIPS only: no ADL group, no action costs."""
        return self.group != "adl" and ":action-costs" not in self.requirements.split()

    @property
    def strips_unit(self) -> bool:
        """The throughput tasks: STRIPS group without action costs."""
        return self.group == "strips" and ":action-costs" not in self.requirements.split()


def read_manifest(benchmarks: Path = BENCHMARKS) -> list[Task]:
    """Every row of ``benchmarks``/MANIFEST.tsv in its order (within a domain, smaller problems first)."""
    with (benchmarks / "MANIFEST.tsv").open(newline="", encoding="utf-8") as handle:
        return [Task(row["domain"], row["domain_file"], row["problem_file"], row["requirements"], row["group"])
                for row in csv.DictReader(handle, delimiter="\t")]


def select(tasks: list[Task], domains: Sequence[str] | None = None, per_domain: int | None = None) -> list[Task]:
    """The tasks of ``domains`` (all when None), the first ``per_domain`` of each, in MANIFEST order.
    An unknown domain stops the bench, naming the known ones."""
    known = list(dict.fromkeys(task.domain for task in tasks))
    unknown = [domain for domain in domains or () if domain not in known]
    if unknown:
        raise SystemExit(f"unknown domain(s): {', '.join(unknown)}; MANIFEST has {', '.join(known)}")
    chosen, taken = [], {}
    for task in tasks:
        if domains and task.domain not in domains:
            continue
        if per_domain is not None and taken.get(task.domain, 0) >= per_domain:
            continue
        taken[task.domain] = taken.get(task.domain, 0) + 1
        chosen.append(task)
    return chosen


def add_benchmarks_option(parser: argparse.ArgumentParser) -> None:
    """``--benchmarks DIR``, the folder holding MANIFEST.tsv."""
    parser.add_argument("--benchmarks", type=Path, default=BENCHMARKS, metavar="DIR",
                        help="benchmark folder holding MANIFEST.tsv (default: ../shared/benchmarks)")


def add_tools_option(parser: argparse.ArgumentParser, choices: Sequence[str], default: Sequence[str] | None = None
                     ) -> None:
    """``--tools A,B``: a subset of ``choices``, ``default`` (all) when not given."""
    parser.add_argument("--tools", default=",".join(choices if default is None else default),
                        help="comma-separated subset of " + ",".join(choices)
                             + ("" if default is None else f" (default {','.join(default)})"))


def chosen_tools(parser: argparse.ArgumentParser, text: str, choices: Sequence[str]) -> list[str]:
    """The tools of ``--tools`` in the order of ``choices`` (a stable table); an unknown or empty list is a
    usage error."""
    tools = [tool.strip() for tool in text.split(",") if tool.strip()]
    unknown = sorted(set(tools) - set(choices))
    if unknown or not tools:
        parser.error(f"--tools: unknown {', '.join(unknown) or '(none given)'}; choose from {', '.join(choices)}")
    return [tool for tool in choices if tool in tools]


def print_rows(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """A plain aligned table of figures: the first column left-aligned, the others right-aligned."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        cells = [row[0].ljust(widths[0])] + [cell.rjust(width) for cell, width in zip(row[1:], widths[1:])]
        print("  ".join(cells).rstrip())


def error_text(exc: BaseException) -> str:
    """An exception as one short line, for a bench's results: a tool's failure is data."""
    return f"{type(exc).__name__}: {exc}".splitlines()[0][:300] if str(exc) else type(exc).__name__


def write_json(path: Path, payload: dict) -> None:
    """Write raw results atomically, so a reader never sees a half-written file."""
    from agentgen_sym.files import write_atomic  # the project's atomic writer, loaded when a bench writes

    write_atomic(path, json.dumps(payload, indent=1))


CODE_LABEL_VARIABLE = "AGENTGEN_BENCH_CODE"
CODE_DIR_VARIABLE = "AGENTGEN_BENCH_CODE_DIR"


def freeze_code(into: Path) -> str:
    """Build a wheel of the working tree and unpack it into ``into``; every worker started from
    now on imports the package from there (``use_frozen_code``), so a long run keeps measuring
    the code it started with while the tree is edited. Returns a label for the code (commit,
    '+dirty')."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(into / "wheel"), str(ROOT)], check=True, capture_output=True)
    with zipfile.ZipFile(next((into / "wheel").glob("*.whl"))) as wheel:
        wheel.extractall(into / "site")
    # the copy's compiled kernels, as `make run` leaves an install: without them every run searches with the
    # NumPy fallback while a background compile competes for the cores (barman p08: not solved in 60 s, 22 s)
    subprocess.run([sys.executable, "-c", f"import sys; sys.path.insert(0, {str(into / 'site')!r}); "
                    "from agentgen_sym.planners import kernels; kernels.compile_now()"],
                   check=True, capture_output=True, cwd=into)
    os.environ[CODE_DIR_VARIABLE] = str(into / "site")
    git = ["git", "-C", str(ROOT)]
    commit = subprocess.run([*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run([*git, "status", "--porcelain", "--untracked-files=no"], capture_output=True,
                           text=True).stdout.strip()
    label = (commit or "unknown") + ("+dirty" if dirty else "")
    os.environ[CODE_LABEL_VARIABLE] = label
    return label


def use_frozen_code() -> None:
    """In a worker: import the package from the frozen copy when the bench made one (spawned
    workers re-import this script, which already imported the package from the tree)."""
    code = os.environ.get(CODE_DIR_VARIABLE)
    if code:
        sys.path.insert(0, code)
        for name in [m for m in sys.modules if m == "agentgen_sym" or m.startswith("agentgen_sym.")]:
            del sys.modules[name]
