"""A domain's wording drafted by the LLM: checked entry by entry, repaired once, else derived.

The LLM writes one template per predicate and action (``agentgen-sym templates``), or hands them in
beside a drafted domain (``draft``/``build``). Each entry is checked before it is used:

- it names a predicate or action of the domain and is a template the loader accepts (a string whose
  placeholders ``{0}..{n-1}`` match the arity: ``Templates.for_domain`` judges it, as export will);
- its words are not only the PDDL name again (``putpaninoven {0} {1}``, ``move {0} {1}``);
- every action's text, rendered on the problem's objects (or one object per type), reads back as
  exactly that action through the text environment's reader (``ActionReader``), among all the others.

Entries with a problem go back to the LLM once, with the problems listed; what still fails (or what
the LLM never gave) falls back to the derived wording, entry by entry. Each entry says where it
came from: ``llm``, ``llm-repaired`` or ``derived`` (with why).
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.compiler.types import TypeHierarchy
from agentgen_sym.wording.templates import ActionReader, TemplateError, Templates
from agentgen_sym.llm import Completion, CompletionStatus, LLMClient, extract_json
from agentgen_sym.llm.extract import ExtractStatus
from agentgen_sym.llm.prompts import prompt_versions, quote

from agentgen_sym.drafting.calls import Asker, Rejected
from agentgen_sym.drafting.record import Clock, Record

SECTIONS = ("predicates", "actions")
LLM, REPAIRED, DERIVED = "llm", "llm-repaired", "derived"
FILE_SOURCE = "llm"
"""The ``"source"`` marker of a templates.json this module writes (the loader reads it back)."""
MAX_TEMPLATE_CHARS = 300
MAX_TEMPLATE_ENTRIES = 200
MAX_DOMAIN_CHARS = 24_000

Ask = Callable[..., Completion]
"""``ask(prompt_name, stage, round, **values)``: ``drafting.calls.Asker.ask``."""


@dataclass(frozen=True)
class Entry:
    """One predicate's or action's wording: its text, where it came from, and (derived) why the LLM's was not used."""

    section: str
    name: str
    text: str
    source: str
    problem: str = ""

    def to_data(self) -> dict[str, str]:
        return {"section": self.section, "name": self.name, "template": self.text, "source": self.source,
                "problem": self.problem}


@dataclass(frozen=True)
class Wording:
    """The settled wording of one domain, entry by entry, in the domain's order."""

    entries: tuple[Entry, ...]

    def file_data(self) -> dict[str, Any]:
        """templates.json: the LLM's entries only (the derived ones stay derived, and improve with the code),
        under the ``"source": "llm"`` marker."""
        data: dict[str, Any] = {"source": FILE_SOURCE, "predicates": {}, "actions": {}}
        for e in self.entries:
            if e.source != DERIVED:
                data[e.section][e.name] = e.text
        return data

    def counts(self) -> dict[str, int]:
        out = {LLM: 0, REPAIRED: 0, DERIVED: 0}
        for e in self.entries:
            out[e.source] += 1
        return out

    def to_data(self) -> dict[str, Any]:
        return {"counts": self.counts(), "entries": [e.to_data() for e in self.entries]}


def _loader_problem(domain: ast.Domain, section: str, name: str, value: Any, tmp: Path) -> str | None:
    """What the templates loader says of one entry alone (None: it fits)."""
    if isinstance(value, str) and len(value) > MAX_TEMPLATE_CHARS:
        return f"{section}.{name}: longer than {MAX_TEMPLATE_CHARS} characters"
    path = tmp / "templates.json"
    path.write_text(json.dumps({section: {name: value}}), encoding="utf-8")
    try:
        Templates.for_domain(domain, path)
    except TemplateError as exc:
        return str(exc).replace(f"{path}: ", "")
    return None


def fit_templates(domain: ast.Domain, offered: Any) -> tuple[dict[str, dict[str, str]], list[str]]:
    """The entries of an LLM's templates JSON that the domain accepts (checked one by one by the same
    loader export uses, ``Templates.for_domain``), and a note for each entry dropped."""
    kept: dict[str, dict[str, str]] = {"predicates": {}, "actions": {}}
    if offered is None:
        return kept, []
    if not isinstance(offered, dict):
        return kept, [f"expected a JSON object, found {type(offered).__name__}"]
    dropped = [f"unknown section {key!r}" for key in offered if key not in kept and key != "source"]
    entries = [(section, key, value) for section in kept if isinstance(offered.get(section), dict)
               for key, value in offered[section].items()]
    dropped += [f"{section}: expected an object" for section in kept
                if section in offered and not isinstance(offered[section], dict)]
    if len(entries) > MAX_TEMPLATE_ENTRIES:
        dropped.append(f"{len(entries) - MAX_TEMPLATE_ENTRIES} entries beyond {MAX_TEMPLATE_ENTRIES} ignored")
        entries = entries[:MAX_TEMPLATE_ENTRIES]
    with tempfile.TemporaryDirectory(prefix="agentgen-templates-") as tmp:
        for section, key, value in entries:
            problem = _loader_problem(domain, section, key, value, Path(tmp))
            if problem is not None:
                dropped.append(problem)
                continue
            kept[section][str(key).lower()] = value
    return kept, dropped


def _words(text: str) -> str:
    return "".join(re.findall(r"[a-z0-9]+", re.sub(r"\{\d+\}", " ", text.lower())))


def bare_name(section: str, name: str, text: str) -> bool:
    """Whether a template's only words are the PDDL name again (``move {0} {1}``, ``handempty``); an action of one
    argument may be its name and the object (``pick up {0}`` reads as English)."""
    if _words(text) != _words(name):
        return False
    return section == "predicates" or len(re.findall(r"\{\d+\}", text)) != 1


def sample_objects(domain: ast.Domain, problem: ast.Problem | None) -> dict[str, tuple[str, ...]]:
    """The objects actions are rendered on: the problem's and the constants, else two named after each type
    (``truck1``, ``truck2``)."""
    objects = {c.name: c.types for c in domain.constants}
    if problem is not None:
        return objects | {o.name: o.types for o in problem.objects}
    types = sorted({t for a in domain.actions for p in a.parameters for t in (p.types or ("object",))})
    for t in types:
        base = re.sub(r"[^a-z0-9]+", "", t.lower()) or "thing"
        for i in (1, 2):
            objects.setdefault(f"{base}{i}", (t,))
    return objects


def _groundings(action: ast.ActionSchema, hierarchy: TypeHierarchy, objects: dict[str, tuple[str, ...]]
                ) -> list[tuple[str, ...]]:
    """Up to two groundings of the action, distinct objects where the types allow (the second in another order)."""
    out = []
    for shift in (0, 1):
        args: list[str] = []
        for param in action.parameters:
            fits = sorted({o for t in (param.types or ("object",)) for o in hierarchy.objects_of(t, objects)})
            if not fits:
                return out
            fresh = [o for o in fits if o not in args] or fits
            args.append(fresh[shift % len(fresh)])
        if tuple(args) not in out:
            out.append(tuple(args))
    return out


def misreadings(domain: ast.Domain, actions: dict[str, str], objects: dict[str, tuple[str, ...]],
                names: set[str]) -> dict[str, str]:
    """For each action of ``names``: why its rendered text does not read back as exactly itself among ``actions``."""
    base = Templates.for_domain(domain)
    templates = Templates(domain, dict(base.predicates), dict(actions))
    reader = ActionReader(templates, objects)
    hierarchy = TypeHierarchy.of(domain)
    out = {}
    for action in domain.actions:
        if action.name not in names:
            continue
        for args in _groundings(action, hierarchy, objects):
            text = templates.action(action.name, args)
            read = reader.read(text)
            if read != [GroundAction(action.name, args)]:
                shown = ", ".join(str(r) for r in read) or "nothing"
                out[action.name] = f"{text!r} reads back as {len(read)} action(s): {shown}"
                break
    return out


def _signatures(domain: ast.Domain, names: list[tuple[str, str]] | None = None) -> str:
    rows = []
    for section, items in (("predicates", domain.predicates), ("actions", domain.actions)):
        for item in items:
            if names is None or (section, item.name) in names:
                params = " ".join(f"{{{i}}}={'?' + p.name}" for i, p in enumerate(item.parameters))
                rows.append(f"- {section[:-1]} {item.name}: {len(item.parameters)} argument(s) {params}".rstrip())
    return "\n".join(rows)


class _Settler:
    """Checks proposals against the domain and keeps the accepted entries."""

    def __init__(self, domain: ast.Domain, problem: ast.Problem | None) -> None:
        self.domain = domain
        self.derived = Templates.for_domain(domain)
        self.objects = sample_objects(domain, problem)
        self.accepted: dict[tuple[str, str], Entry] = {}
        self.problems: dict[tuple[str, str], str] = {}
        self.names = [("predicates", p.name) for p in domain.predicates] + [("actions", a.name) for a in domain.actions]

    def derived_text(self, section: str, name: str) -> str:
        return (self.derived.predicates if section == "predicates" else self.derived.actions)[name]

    def offer(self, offered: Any, source: str, only: set[tuple[str, str]] | None = None) -> list[str]:
        """Check the entries of ``offered`` (those of ``only`` when given); accept the good ones, note the rest."""
        kept, dropped = fit_templates(self.domain, offered)
        notes = list(dropped)
        with tempfile.TemporaryDirectory(prefix="agentgen-templates-") as tmp:
            for section in SECTIONS:
                raw = offered.get(section) if isinstance(offered, dict) else None
                for name, value in (raw.items() if isinstance(raw, dict) else ()):
                    where = (section, str(name).lower())
                    if where in self.names and str(name).lower() not in kept[section] and \
                            (only is None or where in only):
                        self.problems[where] = _loader_problem(self.domain, section, str(name), value, Path(tmp)) \
                            or "not a usable template"
        for section in SECTIONS:
            for name, text in kept[section].items():
                where = (section, name)
                if only is not None and where not in only:
                    continue
                if bare_name(section, name, text) and text != self.derived_text(section, name):  # no worse than derived
                    self.problems[where] = f"{text!r} only repeats the PDDL name {name!r}"
                    continue
                self.accepted[where] = Entry(section, name, text, source)
                self.problems.pop(where, None)
        self._read_back()
        return notes

    def _read_back(self) -> None:
        """Drop accepted actions whose text does not read back as exactly themselves, until every one does."""
        while True:
            actions = dict(self.derived.actions)
            actions.update({n: e.text for (s, n), e in self.accepted.items() if s == "actions"})
            mine = {n for (s, n) in self.accepted if s == "actions"}
            wrong = misreadings(self.domain, actions, self.objects, mine)
            if not wrong:
                return
            newer = {n for n in wrong if self.accepted[("actions", n)].source == REPAIRED}
            for name in newer or wrong:  # a repaired text that clashes with an accepted one goes, not both
                del self.accepted[("actions", name)]
                self.problems[("actions", name)] = wrong[name]

    def missing(self) -> None:
        for where in self.names:
            if where not in self.accepted and where not in self.problems:
                self.problems[where] = "not given"

    def wording(self) -> Wording:
        entries = []
        for section, name in self.names:
            entry = self.accepted.get((section, name))
            if entry is None:
                problem = self.problems.get((section, name), "")
                entry = Entry(section, name, self.derived_text(section, name), DERIVED, problem)
            entries.append(entry)
        return Wording(tuple(entries))


def _answer(completion: Completion, stage: str) -> Any:
    """The JSON of an answer (None when it has none); Rejected for an endpoint that gave no usable response."""
    if completion.status is CompletionStatus.ERROR:
        raise Rejected(stage, "llm-error", f"LLM request failed: {completion.error}", retry=True)
    if completion.status is CompletionStatus.REFUSED:
        return None
    found = extract_json(completion.text)
    return found.value if found.status is ExtractStatus.OK else None


def settle_wording(domain: ast.Domain, offered: Any, ask: Ask | None, problem: ast.Problem | None = None,
                   stage: str = "templates", repair_missing: bool = True) -> Wording:
    """``offered`` checked, its bad entries (and, with ``repair_missing``, the missing ones) sent back once
    through ``ask`` (None: no repair round), the rest derived. Rejected("llm-error") when the repair request
    finds no endpoint."""
    settler = _Settler(domain, problem)
    if offered is not None:
        settler.offer(offered, LLM)
    if repair_missing:
        settler.missing()
    todo = {w: why for w, why in settler.problems.items() if w not in settler.accepted}
    if todo and ask is not None:
        listed = [{"section": s, "name": n, "template": _given(offered, s, n), "problem": why}
                  for (s, n), why in sorted(todo.items(), key=lambda kv: settler.names.index(kv[0]))]
        accepted = settler.wording().file_data()
        completion = ask("repair_wording", stage, 1, problems=json.dumps(listed, indent=2, ensure_ascii=False),
                         accepted=json.dumps({s: accepted[s] for s in SECTIONS}, indent=2, ensure_ascii=False),
                         signatures=_signatures(domain, list(todo)), domain=_domain_text(domain))
        again = _answer(completion, stage)
        if again is not None:
            settler.offer(again, REPAIRED, only=set(todo))
    return settler.wording()


def _given(offered: Any, section: str, name: str) -> Any:
    raw = offered.get(section) if isinstance(offered, dict) else None
    if not isinstance(raw, dict):
        return None
    return next((v for k, v in raw.items() if str(k).lower() == name), None)


def _domain_text(domain: ast.Domain) -> str:
    return quote(print_pddl(domain), "domain", MAX_DOMAIN_CHARS)


def draft_templates(domain: ast.Domain, problem: ast.Problem | None, client: LLMClient, path: str) -> Wording:
    """``draft_wording`` on ``client``, recorded as ``agentgen-sym templates`` records it (``path``: the domain's,
    as the record names it); Rejected when the endpoint gives no usable response."""
    record = Record(f"templates-{domain.name}", {"kind": "domain", "path": path}, prompt_versions(), {})
    return draft_wording(domain, Asker(client, record, Clock()).ask, problem)


def draft_wording(domain: ast.Domain, ask: Ask, problem: ast.Problem | None = None) -> Wording:
    """The LLM's wording of the whole domain (``agentgen-sym templates``): asked, checked, repaired once, else
    derived; Rejected("llm-error") when the endpoint gives no usable response."""
    completion = ask("wording", "templates", 0, signatures=_signatures(domain), domain=_domain_text(domain))
    return settle_wording(domain, _answer(completion, "templates"), ask, problem)
