"""Finding domains and their problems in a tree of PDDL files, by the conventions real repositories use.

* ``domain.pddl`` beside its problems (IPC, AgentGen's environments), problems also in an
  ``instances/`` or ``problems/`` subfolder;
* one domain per problem: ``p01-domain.pddl``, ``domain_p01.pddl`` or ``domain-p01.pddl`` for ``p01.pddl``;
* a folder whose one file named like a domain (``blocks-domain.pddl``, ``domain-4ops.pddl``) serves
  the folder's other files.

Files read only by name; which file is really a domain is for the checker to say. Hidden folders
(``.git``, ``.venv``) and installed packages are not searched; special files, link loops and undecodable
names are left out and listed (``agentgen_sym.walk``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from agentgen_sym.walk import Skipped, walk

PROBLEM_FOLDERS = ("instances", "problems")
SKIPPED = frozenset({"node_modules", "__pycache__", "site-packages"})  # with hidden folders (.git, .venv)
_PER_PROBLEM = (re.compile(r"^(?P<p>.+)-domain\.pddl$", re.I), re.compile(r"^domain[_-](?P<p>.+)\.pddl$", re.I))


@dataclass(frozen=True)
class Unit:
    """A domain and the problems to check against it (none: check the domain alone)."""

    domain: Path
    problems: tuple[Path, ...] = ()


@dataclass
class Discovery:
    units: list[Unit] = field(default_factory=list)
    orphans: list[Path] = field(default_factory=list)  # PDDL files no domain was found for
    skipped: list[Skipped] = field(default_factory=list)  # entries that are no readable file, with the reason


def discover(root: Path) -> Discovery:
    """Every domain under ``root`` with its problems, in a stable order (sorted paths)."""
    by_folder: dict[Path, list[Path]] = {}
    tree = walk(root, prune=lambda name: name.startswith(".") or name in SKIPPED)
    for path in tree.files:
        by_folder.setdefault(path.parent, []).append(path)
    found = Discovery(skipped=tree.skipped)
    claimed: set[Path] = set()
    for folder in sorted(by_folder):
        if _owned(folder, root, by_folder):
            continue  # its files belong to the domain above its `instances/` folder
        files = by_folder[folder]
        paired: dict[Path, Path] = {}
        names = {p.name.lower(): p for p in files}
        for path in files:
            for pattern in _PER_PROBLEM:
                m = pattern.match(path.name)
                problem = names.get(f"{m.group('p').lower()}.pddl") if m else None
                if problem is not None and problem != path:
                    paired[path] = problem
                    break
        for domain, problem in paired.items():
            found.units.append(Unit(domain, (problem,)))
        claimed |= set(paired) | set(paired.values())
        rest = [p for p in files if p not in claimed]
        domain = _folder_domain(rest)
        if domain is None:
            found.orphans.extend(rest)
            continue
        problems = [p for p in rest if p != domain]
        for sub in PROBLEM_FOLDERS:
            problems += by_folder.get(folder / sub, []) + _nested(by_folder, folder / sub)
        found.units.append(Unit(domain, tuple(problems)))
        claimed |= {domain, *problems}
    return found


def _folder_domain(files: list[Path]) -> Path | None:
    """``domain.pddl``, else the only file whose name says domain."""
    exact = [p for p in files if p.name.lower() == "domain.pddl"]
    if exact:
        return exact[0]
    named = [p for p in files if "domain" in p.stem.lower()]
    return named[0] if len(named) == 1 else None


def _owned(folder: Path, root: Path, by_folder: dict[Path, list[Path]]) -> bool:
    """Whether ``folder`` is (inside) an ``instances/`` or ``problems/`` folder beside a domain."""
    for inner in (folder, *folder.parents):
        if inner == root or root not in inner.parents:
            return False
        if inner.name.lower() in PROBLEM_FOLDERS and _folder_domain(by_folder.get(inner.parent, [])):
            return True
    return False


def _nested(by_folder: dict[Path, list[Path]], top: Path) -> list[Path]:
    return [p for folder in sorted(by_folder) if top in folder.parents for p in by_folder[folder]]
