"""A sample of the hard-to-ground benchmark set (abcorrea/htg-domains) as a MANIFEST.tsv that bench/solve.py reads.

Run from the repository root, with a checkout of https://github.com/abcorrea/htg-domains:

    .venv/bin/python bench/htg_sample.py --htg ../htg-domains --out /tmp/htg --per-family 5
    .venv/bin/python bench/solve.py --benchmarks /tmp/htg --tools ours,ours-lifted,mimir,fd-lama \\
        --time-limit 300 --jobs 1 --no-throughput --json /tmp/htg-solve.json

A family is a top-level folder of the set (each domain of gnad-et-al-aaai19-large-instances is one of its own); its
problems are every ``*.pddl`` but the domain files, ordered by size, and the sample takes ``--per-family`` of them
spread evenly from the smallest to the largest. Each problem's domain is the ``domain.pddl`` of its folder, as
throughout the set. The manifest names the files where they are (paths relative to ``--out``): nothing is copied.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agentgen_sym.files import write_atomic  # noqa: E402

SPLIT_FAMILIES = ("gnad-et-al-aaai19-large-instances",)
"""Top-level folders that gather several domains: each subfolder is a family."""
COLUMNS = ("domain", "problem_file", "domain_file", "requirements", "source", "source_domain_file", "features_used",
           "group", "problem_bytes")


def family_of(problem: Path, htg: Path) -> str:
    parts = problem.relative_to(htg).parts
    return f"{parts[0]}/{parts[1]}" if parts[0] in SPLIT_FAMILIES else parts[0]


def problems(htg: Path) -> dict[str, list[Path]]:
    """Every problem of the set by family, smallest file first (ties by path)."""
    found: dict[str, list[Path]] = {}
    for path in sorted(htg.rglob("*.pddl")):
        if "domain" in path.name or not (path.parent / "domain.pddl").exists() or ".git" in path.parts:
            continue
        found.setdefault(family_of(path, htg), []).append(path)
    return {family: sorted(paths, key=lambda p: (p.stat().st_size, str(p))) for family, paths in sorted(found.items())}


def spread(paths: list[Path], k: int) -> list[Path]:
    """``k`` of ``paths`` evenly spaced from the first to the last (all of them when there are no more)."""
    if len(paths) <= k:
        return paths
    return [paths[round(i * (len(paths) - 1) / (k - 1))] for i in range(k)] if k > 1 else paths[:1]


def requirements(domain: Path) -> str:
    text = domain.read_text(encoding="utf-8", errors="replace").lower()
    return " ".join(sorted({word.rstrip(")") for word in text.split() if word.startswith(":")
                            and word.rstrip(")") in (":strips", ":typing", ":adl", ":action-costs",
                                                      ":negative-preconditions", ":conditional-effects",
                                                      ":equality", ":derived-predicates")}))


def manifest(htg: Path, out: Path, per_family: int) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter="\t", lineterminator="\n")
    writer.writerow(COLUMNS)
    for family, paths in problems(htg).items():
        for problem in spread(paths, per_family):
            domain = problem.parent / "domain.pddl"
            needs = requirements(domain)
            group = "strips" if needs in ("", ":strips", ":strips :typing", ":typing") else "adl"
            writer.writerow((family, os.path.relpath(problem, out), os.path.relpath(domain, out), needs,
                             f"abcorrea/htg-domains:{problem.relative_to(htg)}", str(domain.relative_to(htg)), "",
                             group, problem.stat().st_size))
    return buffer.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--htg", type=Path, required=True, metavar="DIR", help="a checkout of abcorrea/htg-domains")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR", help="where MANIFEST.tsv is written")
    parser.add_argument("--per-family", type=int, default=5, metavar="K", help="problems per family (default 5)")
    args = parser.parse_args(argv)
    if not args.htg.is_dir() or not any(args.htg.rglob("domain.pddl")):
        parser.error(f"{args.htg} holds no domain.pddl: give a checkout of abcorrea/htg-domains")
    if args.per_family < 1:
        parser.error("--per-family must be at least 1")
    args.out.mkdir(parents=True, exist_ok=True)
    text = manifest(args.htg.resolve(), args.out.resolve(), args.per_family)
    write_atomic(args.out / "MANIFEST.tsv", text)
    rows = text.count("\n") - 1
    print(f"{rows} problems of {len({line.split(chr(9))[0] for line in text.splitlines()[1:]})} families: "
          f"{args.out / 'MANIFEST.tsv'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
