"""Few-shot examples: only the project's own domains in ``corpus/domains``, never an evaluation domain.

AgentBoard evaluates agents on blocksworld, barman, gripper and tyreworld; showing those to the
drafting LLM would leak the test set into the training data, so they are refused by name here
even if someone drops them into the corpus. A domain without a reviewed ``templates.json`` is not
shown either: the LLM copies the example's templates, so they must read as a person writes. The example for a prompt is picked by a hash of the
text it goes with, so the same description always gets the same example (reproducible prompts,
cache hits) while different descriptions see different domains.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from agentgen_sym.compiler.parser import parse_domain
from agentgen_sym.wording.templates import Templates

EVALUATION_DOMAINS = frozenset({"blocksworld", "blocks", "barman", "gripper", "tyreworld"})


@dataclass(frozen=True)
class Example:
    name: str
    domain: str      # domain.pddl text, comments kept (they explain the domain)
    templates: str   # its reviewed templates.json (a domain without one is never shown)
    problem: str     # its smallest problem


def corpus_domains() -> Path:
    return Path(str(resources.files("agentgen_sym.corpus").joinpath("domains")))


def _is_evaluation_domain(name: str) -> bool:
    return any(forbidden in name.lower() for forbidden in EVALUATION_DOMAINS)


@lru_cache(maxsize=None)
def examples() -> tuple[Example, ...]:
    """Every usable corpus domain as an example, sorted by folder name."""
    found = []
    for folder in sorted(p for p in corpus_domains().iterdir() if (p / "domain.pddl").is_file()):
        problems = sorted(folder.glob("p*.pddl"))
        if not problems or _is_evaluation_domain(folder.name) or not (folder / "templates.json").is_file():
            continue  # the example teaches by showing: only reviewed templates, never names-derived ones
        text = (folder / "domain.pddl").read_text(encoding="utf-8")
        domain = parse_domain(text)
        if _is_evaluation_domain(domain.name):
            continue
        templates = Templates.beside(domain, folder / "domain.pddl")
        data = {"predicates": dict(templates.predicates), "actions": dict(templates.actions)}
        found.append(Example(folder.name, text.strip(), json.dumps(data, indent=2),
                             problems[0].read_text(encoding="utf-8").strip()))
    if not found:
        raise RuntimeError(f"no few-shot example domains in {corpus_domains()}")
    return tuple(found)


def example_for(key: str) -> Example:
    """The example shown with ``key`` (a description, a domain text): stable for the same key."""
    pool = examples()
    index = int(hashlib.sha256(key.encode("utf-8")).hexdigest()[:8], 16) % len(pool)
    return pool[index]
