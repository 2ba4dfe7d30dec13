"""Registering reasoning datasets with reasoning-gym: the bundled corpus as ``pddl/<domain>``, and a user's own.

A registration makes a dataset class and a curriculum class bound to one pool source (reasoning-gym constructs both
from its registry: the dataset from a config alone, the curriculum from nothing) and reads the PDDL files; nothing is
generated until a dataset or curriculum is used.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from importlib import resources
from pathlib import Path

from reasoning_gym.factory import register_dataset

from agentgen_sym.compiler.parser import Source
from agentgen_sym.domainflow import choose_seed
from agentgen_sym.pipeline import domains_in
from agentgen_sym.reasoning.curriculum import PddlCurriculum
from agentgen_sym.reasoning.dataset import PddlConfig, PddlDataset
from agentgen_sym.reasoning.pool import PoolOptions, PoolSource, ReasoningError

PREFIX = "pddl/"
"""The names of the bundled corpus's datasets: ``pddl/<domain folder>``."""


def register_pddl_dataset(name: str, domain: Source, seed_problem: Source, *, templates: Path | str | None = None,
                          **options: object) -> str:
    """Register ``name`` with reasoning-gym: questions from tasks generated from ``seed_problem`` (a path or PDDL
    text, as ``domain``) in the domain's wording (``templates``: a templates.json, by default the one beside a domain
    file). ``options`` are PoolOptions' fields (size, seed, lo, hi, goals). Returns ``name``; raises ReasoningError
    for an unreadable file or an unknown option, and reasoning-gym's ValueError when the name is taken."""
    try:
        pool_options = PoolOptions(**options)  # type: ignore[arg-type]
    except TypeError as exc:
        raise ReasoningError(f"dataset {name}: {exc} (the pool options are size, seed, lo, hi and goals)") from None
    source = PoolSource.read(name, domain, seed_problem, templates, pool_options)
    bound = {"source": source, "__module__": __name__}
    register_dataset(name, type(f"PddlDataset[{name}]", (PddlDataset,), bound), PddlConfig,
                     type(f"PddlCurriculum[{name}]", (PddlCurriculum,), bound))
    return name


def bundled_corpus() -> Path:
    """The corpus shipped in the package (the domains ``agentgen-sym run`` reads by default)."""
    return Path(str(resources.files("agentgen_sym.corpus").joinpath("domains")))


def register_corpus(corpus: Path | None = None, prefix: str = PREFIX) -> list[str]:
    """Register ``<prefix><folder>`` for every domain folder of ``corpus`` (default: the bundled one), each growing
    from the seed problem ``run`` takes (``domainflow.choose_seed``: the largest); returns the names."""
    folders, _ = domains_in(corpus or bundled_corpus())
    names = []
    for folder in folders:
        seed, _ = choose_seed(sorted(folder.glob("p*.pddl")), "largest")
        names.append(register_pddl_dataset(prefix + folder.name, folder / "domain.pddl", seed))
    return names


def register_benchmarks(benchmarks: Path, prefix: str = PREFIX, **options: object) -> list[str]:
    """Register ``<prefix><family>`` for every domain family a benchmark folder's ``MANIFEST.tsv`` lists (columns
    ``domain``, ``problem_file``, ``domain_file``, relative to the folder), each growing from the family's smallest
    problem (``choose_seed``: IPC problems grow fast, and generation's cost with them) on that problem's domain file
    (a family may give each problem its own); returns the names. Nothing is
    generated until a dataset is used: a family the generator cannot handle raises ReasoningError then."""
    try:
        with (benchmarks / "MANIFEST.tsv").open(encoding="utf-8", newline="") as manifest:
            rows = list(csv.DictReader(manifest, delimiter="\t"))
    except OSError as exc:
        raise ReasoningError(f"cannot read the benchmark manifest {exc.filename}: {exc.strerror}") from exc
    families: dict[str, dict[Path, Path]] = defaultdict(dict)  # family -> problem -> its domain file
    for row in rows:
        families[row["domain"]][benchmarks / row["problem_file"]] = benchmarks / row["domain_file"]
    names = []
    for family, problems in sorted(families.items()):
        seed, _ = choose_seed(sorted(problems), "smallest")
        names.append(register_pddl_dataset(prefix + family, problems[seed], seed, **options))
    return names
