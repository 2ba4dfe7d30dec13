"""What every command group shares: exit codes, the usage error, argparse types, option groups read the same
way by several commands (job limits, the executor, the LLM endpoint), and a progress bar sized on first use."""

from __future__ import annotations

import argparse
import math
import os
import sys
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.executor import KINDS as EXECUTORS, ExecutorError, ExecutorOptions, available_cores
from agentgen_sym.files import output_problem
from agentgen_sym.progress import Progress
from agentgen_sym.walk import matching, shown, walk

if TYPE_CHECKING:
    from agentgen_sym.llm import LLMClient

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_UNSOLVABLE, EXIT_LIMIT = 0, 1, 2, 3, 4


class UsageError(AgentgenError):
    """A problem with the command line or the files it names (exit code 2)."""


def eprint(text: str) -> None:
    print(text, file=sys.stderr)


def refused_grounding(exc: AgentgenError) -> int:
    """Print a GroundingError; its exit code: 4 for G702 (the task passes --max-operators: a limit reached, as
    the commands' help promises), 1 for what the grounder cannot take at all."""
    code = getattr(exc, "code", "")
    eprint(f"error[{code}]: {exc}")
    return EXIT_LIMIT if code == "G702" else EXIT_FINDINGS


def bundled_corpus() -> Path:
    return Path(str(resources.files("agentgen_sym.corpus").joinpath("domains")))


# --------------------------------------------------------------------------- argparse types


def positive_int(text: str) -> int:
    """argparse type: a whole number >= 1."""
    value = _int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text}")
    return value


def non_negative_int(text: str) -> int:
    """argparse type: a whole number >= 0."""
    value = _int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, got {text}")
    return value


MAX_TASKS = 10_000
"""Most tasks one request may ask for (``--n`` per domain, ``--tasks`` per environment): each is generated,
solved and verified, about a second apiece, so more is a typo, refused before any work starts."""

MAX_LEVEL = 1_000
"""Highest difficulty level (optimal plan length) a ``--range`` may ask for: the optimal searches that measure
it give up long before, so a higher level could never be filled."""


def task_count(text: str) -> int:
    """argparse type: a number of tasks, 1..MAX_TASKS."""
    value = positive_int(text)
    if value > MAX_TASKS:
        raise argparse.ArgumentTypeError(f"at most {MAX_TASKS:,} tasks per request, got {value:,}: split a larger "
                                         "data set into several runs with different --seed values")
    return value


def plan_level(text: str) -> int:
    """argparse type: a difficulty level (optimal plan length), 1..MAX_LEVEL."""
    value = positive_int(text)
    if value > MAX_LEVEL:
        raise argparse.ArgumentTypeError(f"difficulty levels are optimal plan lengths up to {MAX_LEVEL:,}, "
                                         f"got {value:,}")
    return value


def level_range(values: Sequence[int] | None, option: str = "--range") -> tuple[int, int | None]:
    """``--range LO HI`` as (lo, hi), (1, None) when not given; exit 2 when LO is above HI."""
    if not values:
        return 1, None
    lo, hi = values
    if lo > hi:
        raise UsageError(f"{option} {lo} {hi}: LO must not be above HI")
    return lo, hi


def positive_float(text: str) -> float:
    """argparse type: a finite number > 0 (seconds, megabytes)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a finite number > 0, got {text}")
    return value


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def output_file(text: str) -> str:
    """argparse type: a path a file can be written to (checked before any work)."""
    problem = output_problem(Path(text), "file")
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def output_folder(text: str) -> str:
    """argparse type: a path a folder of results can be written to (checked before any work)."""
    problem = output_problem(Path(text), "folder")
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


# --------------------------------------------------------------------------- input files


def expand_inputs(paths: Sequence[str], pattern: str = "*.pddl") -> list[Path]:
    """Files as given, directories expanded to their PDDL files (sorted, recursively); what a directory holds
    that is no readable file (a FIFO, a link loop, an undecodable name) is a warning and left out."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = walk(path, matching(pattern))
            for skipped in found.skipped:
                eprint(f"warning: {skipped}")
            if not found.files:
                raise UsageError(f"cannot read {shown(path)}: a directory with no readable {pattern} files")
            out.extend(found.files)
        else:
            out.append(path)
    return out


def task_files(domain_arg: str, problem_args: Sequence[str]) -> tuple[Path, list[Path]]:
    """The domain file and problem files named on the command line; a folder as the domain means
    its ``domain.pddl`` with every other PDDL file in it as problems."""
    domain = Path(domain_arg)
    problems = expand_inputs(problem_args)
    if domain.is_dir():
        folder = domain
        domain = folder / "domain.pddl"
        if not domain.exists():
            raise UsageError(f"cannot read {folder}: no domain.pddl in this folder")
        if not problem_args:
            problems = [p for p in expand_inputs([str(folder)]) if p != domain]
    same = os.path.realpath(domain)  # not Path.resolve, which raises on a link loop
    return domain, [p for p in problems if os.path.realpath(p) != same]


# --------------------------------------------------------------------------- option groups


def job_limit_options(p: argparse.ArgumentParser, job: str) -> None:
    """--time-limit and --memory-limit for a whole job (agentgen_sym.joblimits)."""
    p.add_argument("--time-limit", type=positive_float, metavar="S",
                   help=f"stop the whole {job} job after S seconds (exit 4; what was written stays whole)")
    p.add_argument("--memory-limit", type=positive_float, metavar="MB",
                   help=f"stop the whole {job} job when the resident memory of its processes together (this "
                        "one, its workers, a Ray instance it starts) passes MB (exit 4)")
    p.set_defaults(job_limits=job)


def executor_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--executor", choices=list(EXECUTORS), default="local",
                   help="local: a process pool on this machine (default); ray: Ray tasks, on --ray-address / "
                        "RAY_ADDRESS when given, else on a local Ray instance (the ray extra)")
    p.add_argument("--jobs", type=positive_int, default=None, metavar="N",
                   help=f"workers (default: the cores available, {available_cores()} here); 1 runs everything "
                        "in this process. Results do not depend on it")
    p.add_argument("--ray-address", metavar="ADDR", help="an existing Ray cluster (overrides RAY_ADDRESS)")
    p.add_argument("--worker-memory", type=positive_int, default=None, metavar="MIB",
                   help="address-space limit of each worker in MiB; a unit over it fails with MemoryError "
                        "and is reported (default: none)")
    p.add_argument("--retries", type=non_negative_int, default=2, metavar="N",
                   help="extra attempts for a unit whose worker died (killed, out of memory) before it is "
                        "reported as failed (default 2)")


def executor(args: argparse.Namespace) -> ExecutorOptions:
    """The executor ``executor_options`` describe; exit 2 for options that do not go together."""
    if args.ray_address and args.executor != "ray":
        raise UsageError("--ray-address needs --executor ray")
    try:
        return ExecutorOptions(args.executor, args.jobs, args.ray_address, args.retries, args.worker_memory)
    except ExecutorError as exc:
        raise UsageError(str(exc)) from exc


def llm_options(p: argparse.ArgumentParser, repair: bool = True) -> None:
    p.add_argument("--base-url", metavar="URL", help="OpenAI-compatible endpoint (overrides OPENAI_BASE_URL)")
    p.add_argument("--api-key", metavar="KEY",
                   help="API key (overrides OPENAI_API_KEY; local servers need none). Other users can read it in "
                        "the process list: prefer OPENAI_API_KEY or api_key in agentgen.toml")
    p.add_argument("--model", metavar="NAME", help="model name (overrides AGENTGEN_MODEL)")
    p.add_argument("--no-cache", action="store_true", help="neither read nor write the response cache")
    if not repair:
        return
    p.add_argument("--max-repair-rounds", type=non_negative_int, default=3, metavar="N",
                   help="LLM repair rounds per domain and per problem (default 3)")


def llm_client(args: argparse.Namespace, out: Path) -> LLMClient:
    """The LLM client of --base-url/--api-key/--model over agentgen.toml and the environment; exit 2 without one.
    Imported here, not at the top: the commands without an LLM never load ``openai``."""
    from agentgen_sym.llm import LLMClient, LLMConfig, LLMConfigError, LLMNotConfigured, ResponseCache

    try:
        config = LLMConfig.from_env(base_url=args.base_url, api_key=args.api_key, model=args.model)
    except LLMNotConfigured as exc:
        raise UsageError(f"{exc}. Without an endpoint, `agentgen-sym run` (`make run`) still builds the "
                         "bundled domains.") from exc
    except LLMConfigError as exc:
        raise UsageError(str(exc)) from exc
    cache = None if args.no_cache else ResponseCache(out / "llm-cache.sqlite")
    return LLMClient(config, cache=cache, use_cache=not args.no_cache)


# --------------------------------------------------------------------------- progress


class LazyProgress:
    """Adapts a job's ``progress(done, total, note)`` calls to one Progress bar, made at the first call, when
    the total is known; ``scale`` counts each unit of ``done`` as that many of the bar's units."""

    def __init__(self, desc: str, unit: str = "step", scale: int = 1) -> None:
        self.desc, self.unit, self.scale = desc, unit, scale
        self.bar: Progress | None = None

    def __call__(self, done: float, total: float, note: str = "") -> None:
        if self.bar is None:
            self.bar = Progress(int(total * self.scale), self.desc, unit=self.unit)
        if note:
            self.bar.note(note)
        self.bar.update(int(done * self.scale) - self.bar.done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
