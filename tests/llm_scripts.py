"""Scripted "LLM" answers built from the bundled corpus domains, for the drafting tests and bench/llm_pipeline.py.

``RoutedLLMServer`` is the scripted server of ``llm_server.py`` answering through a routing
function instead of a fixed list, so a multi-environment build gets the right answer for each
request whatever the order: ``CorpusRouter`` recognises the prompt by its "# Task:" line and the
environment by the inspiration text of the last "describe" request (a build is sequential).
The broken variants are edits of corpus domains with known diagnostics (a wrong arity E301, an
unbound variable E303, a misspelled predicate E201 that ``repair`` fixes alone).
"""

from __future__ import annotations

import json
import re
import threading
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from agentgen_sym.compiler.parser import parse_domain
from agentgen_sym.wording.templates import Templates

from .llm_server import Garbage, Reply, ScriptedLLMServer, Status, Step

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "domains"
INSPIRATION = CORPUS.parent / "inspiration"

KINDS = {
    "# Task: describe a planning environment": "describe",
    "# Task: write the PDDL domain": "domain",
    "# Task: repair the PDDL domain": "repair_domain",
    "# Task: write planning problems": "problems",
    "# Task: repair the PDDL problem": "repair_problem",
    "# Task: write scenario checks": "scenarios",
    "# Task: repair the behaviour of the PDDL domain": "repair_behaviour",
    "# Task: rewrite a planning problem to make it easier": "evolve_easier",
    "# Task: rewrite a planning problem to make it harder": "evolve_harder",
}


def prompt_kind(body: dict) -> str:
    user = next((m.get("content", "") for m in reversed(body.get("messages") or []) if m.get("role") == "user"), "")
    return next((kind for head, kind in KINDS.items() if head in user), "unknown")


def user_message(body: dict) -> str:
    return next((m.get("content", "") for m in reversed(body.get("messages") or []) if m.get("role") == "user"), "")


# --- corpus texts and their edits ----------------------------------------------------------------------------------

def domain_text(name: str) -> str:
    return (CORPUS / name / "domain.pddl").read_text()


def problem_texts(name: str) -> list[str]:
    return [p.read_text() for p in sorted((CORPUS / name).glob("p*.pddl"))]


def templates_for(text: str) -> str:
    t = Templates.for_domain(parse_domain(text))
    return json.dumps({"predicates": dict(t.predicates), "actions": dict(t.actions)}, indent=2)


def domain_reply(text: str, templates: str | None = None) -> str:
    """What a well-behaved model answers: prose, a ```pddl block, a ```json block."""
    templates = templates_for(text) if templates is None else templates
    return f"Here is the domain.\n\n```pddl\n{text}\n```\n\nAnd the templates:\n\n```json\n{templates}\n```\n"


def problems_reply(texts: list[str]) -> str:
    return "\n\n".join(f"Problem {i}:\n```pddl\n{t}\n```" for i, t in enumerate(texts, 1))


def problem_reply(text: str) -> str:
    return f"```pddl\n{text}\n```\n"


def _action_sections(text: str) -> list[tuple[int, int]]:
    """(start, end) of each action's precondition text."""
    out = []
    for match in re.finditer(r":precondition", text):
        end = text.find(":effect", match.end())
        out.append((match.end(), end))
    return out


def break_arity(text: str, action: int = 0) -> str:
    """Repeat the last argument of the first precondition atom of the ``action``-th action: E301."""
    start, end = _action_sections(text)[action]
    section = text[start:end]
    atom = re.search(r"\((?!and\b|not\b|or\b|=)[a-z][\w-]*((?:\s+\?[\w-]+)+)\)", section)
    assert atom, section
    last = atom.group(1).split()[-1]
    edited = section[:atom.end() - 1] + f" {last}" + section[atom.end() - 1:]
    return text[:start] + edited + text[end:]


def break_unbound(text: str, action: int = 1) -> str:
    """Replace the first variable of the ``action``-th action's precondition by an unbound one: E303."""
    start, end = _action_sections(text)[action]
    section = text[start:end]
    var = re.search(r"\?[\w-]+", section)
    assert var, section
    edited = section[:var.start()] + "?unbound-thing" + section[var.end():]
    return text[:start] + edited + text[end:]


def break_typo(text: str) -> str:
    """Misspell the first predicate used in the first effect (two letters swapped): E201, fixed by repair()."""
    effect = text.find(":effect")
    atom = re.search(r"\((?!and\b|not\b|increase\b)([a-z][\w-]{3,})", text[effect:])
    assert atom
    name = atom.group(1)
    typo = name[:1] + name[2] + name[1] + name[3:]
    pos = effect + atom.start(1)
    return text[:pos] + typo + text[pos + len(name):]


def rename_domain(text: str, prefix: str = "zz") -> str:
    """The same domain with every type, predicate, action, constant and variable renamed."""
    domain = parse_domain(text)
    names = ([t.name for t in domain.types] + [p.name for p in domain.predicates] + [a.name for a in domain.actions]
             + [c.name for c in domain.constants] + [domain.name])
    mapping = {n: f"{prefix}-{i}" for i, n in enumerate(dict.fromkeys(names)) if n != "object"}
    counter = iter(range(10_000))
    variables: dict[str, str] = defaultdict(lambda: f"?{prefix}v{next(counter)}")
    body = re.sub(r";[^\n]*", "", text)

    def swap(match: re.Match[str]) -> str:
        token = match.group()
        if token.startswith("?"):
            return variables[token]
        return mapping.get(token, token)

    return re.sub(r"[^\s()]+", swap, body)


# --- routing --------------------------------------------------------------------------------------------------------

@dataclass
class Scenario:
    """What the "LLM" answers for one inspiration text (recognised by ``marker``)."""

    key: str
    marker: str
    domain_answers: list[str]            # for the domain request, then each repair_domain request (last repeats)
    problems: str = ""
    problem_repairs: list[str] = field(default_factory=list)
    evolve: dict[str, str] = field(default_factory=dict)
    describe: Step | None = None         # overrides the default description (e.g. Garbage)

    @property
    def description(self) -> str:
        return (f"env-key: {self.key}. Agents work in a small facility with a few kinds of objects; actions move "
                f"and transform them, and each task asks for a final arrangement.")


def corpus_scenario(key: str, marker: str, name: str, domain_answers: list[str] | None = None) -> Scenario:
    text = domain_text(name)
    problems = problem_texts(name)
    return Scenario(key, marker, domain_answers or [domain_reply(text)], problems_reply(problems),
                    evolve={"evolve_easier": problem_reply(problems[0]), "evolve_harder": problem_reply(problems[-1])})


class CorpusRouter:
    """Answers each request from the scenario of its environment: the one whose ``env-key`` (from its
    description) the request quotes, else the one of the latest describe request (when texts are
    drafted one at a time)."""

    def __init__(self, scenarios: list[Scenario]) -> None:
        self.scenarios = scenarios
        self.current: Scenario | None = None
        self.counts: dict[tuple[str, str], int] = defaultdict(int)
        self.kinds: list[str] = []
        self.unkeyed: list[str] = []  # kinds of the requests that quoted no env-key
        self._lock = threading.Lock()

    def __call__(self, body: dict) -> Step:
        with self._lock:
            kind = prompt_kind(body)
            self.kinds.append(kind)
            if kind == "describe":
                text = user_message(body)
                self.current = next((s for s in self.scenarios if s.marker in text), None)
                if self.current is None:
                    return Status(500, "router: unknown inspiration text")
                return self.current.describe or Reply(self.current.description)
            quoted = json.dumps(body.get("messages", []))
            scenario = next((s for s in self.scenarios if f"env-key: {s.key}." in quoted), None)
            if scenario is None:  # the LLM Bi-Evol prompts quote the domain, not the description
                self.unkeyed.append(kind)
                named = [s for s in self.scenarios if f"(:domain {_domain_name(s)})" in quoted]
                scenario = named[0] if len(named) == 1 else self.current
            if scenario is None:
                return Status(500, "router: no environment yet")
            if kind in ("domain", "repair_domain"):
                index = self.counts[(scenario.key, "domain")]
                self.counts[(scenario.key, "domain")] += 1
                return Reply(scenario.domain_answers[min(index, len(scenario.domain_answers) - 1)])
            if kind == "problems":
                return Reply(scenario.problems)
            if kind == "repair_problem" and scenario.problem_repairs:
                index = self.counts[(scenario.key, "problem")]
                self.counts[(scenario.key, "problem")] += 1
                return Reply(scenario.problem_repairs[min(index, len(scenario.problem_repairs) - 1)])
            if kind in scenario.evolve:
                return Reply(scenario.evolve[kind])
            return Status(500, f"router: nothing scripted for {kind} in {scenario.key}")


def _domain_name(scenario: Scenario) -> str:
    match = re.search(r"\(define\s+\(domain\s+([^\s)]+)", scenario.domain_answers[-1])
    return match.group(1) if match else ""


class RoutedLLMServer(ScriptedLLMServer):
    """The scripted server, answering every request through ``route(body)``; bodies are recorded as usual."""

    def __init__(self, route: Callable[[dict], Step], max_requests: int = 10_000) -> None:
        super().__init__(max_requests)
        self.route = route

    def next_step(self, body: dict) -> Step:
        with self._lock:
            self.requests.append(body)
            over = len(self.requests) > self.max_requests
        if over:
            return Status(500, f"test server: more than {self.max_requests} requests")
        return self.route(body)


__all__ = ["CorpusRouter", "Garbage", "RoutedLLMServer", "Scenario", "break_arity", "break_typo", "break_unbound",
           "corpus_scenario", "domain_reply", "domain_text", "problem_reply", "problem_texts", "problems_reply",
           "prompt_kind", "rename_domain", "templates_for", "user_message"]
