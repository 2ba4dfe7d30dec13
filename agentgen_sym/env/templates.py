"""Natural-language templates for predicates and actions: derived from names, overridable per domain.

A template is a ``str.format`` pattern over positional placeholders ``{0}..{n-1}`` (one per
argument). Derived templates follow fixed rules so that an agent can predict them; a
``templates.json`` beside the domain overrides some of them and is checked against the
domain's arities when it is loaded, so a broken template fails at load time, not mid-episode.
Reading an action back accepts the rendered text and the PDDL forms, case- and
whitespace-insensitively, so agents are not punished for formatting.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from string import Formatter
from typing import Iterable, Mapping

from ..compiler import ast
from ..compiler.suggest import closest
from ..compiler.task import GroundAction

TEMPLATES_FILE = "templates.json"
"""The override file looked for beside a domain file."""

class TemplateError(ValueError):
    """A template override that does not fit the domain; the message names the file and entry."""


def words(name: str) -> str:
    """``pick-up`` / ``pick_up`` -> ``pick up``."""
    return " ".join(re.split(r"[-_]+", name)).strip()


def derive_predicate(name: str, arity: int) -> str:
    """The default predicate template: simple and predictable rather than clever."""
    if arity == 0:
        return words(name)
    if arity == 1:
        return "{0} is " + words(name)
    if arity == 2:
        return "{0} is " + words(name) + " {1}"
    return words(name) + ": " + ", ".join(f"{{{i}}}" for i in range(arity))


def derive_action(name: str, arity: int) -> str:
    """The default action template: the words of the name, then the arguments."""
    return " ".join([words(name), *(f"{{{i}}}" for i in range(arity))])


def _normalize(text: str) -> str:
    return " ".join(text.lower().split())


def _placeholder_problem(template: str, arity: int) -> str | None:
    """What is wrong with ``template`` for ``arity`` arguments, or None when it fits."""
    allowed = f"{{0}}..{{{arity - 1}}}" if arity else "no placeholders"
    try:
        fields = [(name, spec, conv) for _, name, spec, conv in Formatter().parse(template) if name is not None]
    except ValueError as exc:
        return f"is not a valid template ({exc}; write a literal brace as '{{{{' or '}}}}')"
    used: set[int] = set()
    for name, spec, conv in fields:
        if not name.isdigit():
            return f"uses the placeholder {{{name}}}; expected {allowed}"
        if spec or conv:
            return f"puts a format spec or conversion in {{{name}}}; write plain {{{name}}}"
        used.add(int(name))
    expected = set(range(arity))
    if used == expected:
        return None
    wrong = [f"uses {_braces(used - expected)}"] if used - expected else []
    wrong += [f"never uses {_braces(expected - used)}"] if expected - used else []
    return f"{' and '.join(wrong)}, but it takes {arity} argument{'' if arity == 1 else 's'} ({allowed})"


def _braces(indices: set[int]) -> str:
    return ", ".join(f"{{{i}}}" for i in sorted(indices))


@dataclass(frozen=True)
class Templates:
    """Templates of one domain: ``predicates`` and ``actions`` map names to format patterns."""

    domain: ast.Domain
    predicates: Mapping[str, str]
    actions: Mapping[str, str]

    @classmethod
    def for_domain(cls, domain: ast.Domain, overrides: Path | str | None = None) -> Templates:
        """Derived templates, with the entries of the JSON file ``overrides`` (if given) replacing them."""
        predicates = {p.name: derive_predicate(p.name, len(p.parameters)) for p in domain.predicates}
        actions = {a.name: derive_action(a.name, len(a.parameters)) for a in domain.actions}
        if overrides is not None:
            _apply_overrides(Path(overrides), domain, predicates, actions)
        return cls(domain, predicates, actions)

    @classmethod
    def beside(cls, domain: ast.Domain, domain_path: Path | str) -> Templates:
        """Templates for a domain file, using ``templates.json`` in its folder when there is one."""
        path = Path(domain_path).parent / TEMPLATES_FILE
        return cls.for_domain(domain, path if path.is_file() else None)

    def fact(self, predicate: str, args: Iterable[str]) -> str:
        return self.predicates[predicate].format(*args)

    def action(self, name: str, args: Iterable[str]) -> str:
        return self.actions[name].format(*args)


def _apply_overrides(path: Path, domain: ast.Domain, predicates: dict[str, str], actions: dict[str, str]) -> None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise TemplateError(f"{path}: cannot read the templates: {exc}") from exc
    if not isinstance(data, dict):
        raise TemplateError(f'{path}: expected a JSON object {{"predicates": {{...}}, "actions": {{...}}}}')
    unknown = sorted(set(data) - {"predicates", "actions"})
    if unknown:
        raise TemplateError(f"{path}: unknown section {unknown[0]!r}; expected 'predicates' and/or 'actions'")
    arities = {
        "predicates": {p.name: len(p.parameters) for p in domain.predicates},
        "actions": {a.name: len(a.parameters) for a in domain.actions},
    }
    targets = {"predicates": predicates, "actions": actions}
    for section, entries in data.items():
        if not isinstance(entries, dict):
            raise TemplateError(f"{path}: {section}: expected an object mapping names to templates")
        noun = section[:-1]
        for key, template in entries.items():
            name = key.lower()
            where = f"{path}: {section}.{key}"
            if name not in arities[section]:
                guess = closest(name, arities[section])
                hint = f"; did you mean {guess!r}?" if guess else ""
                raise TemplateError(f"{where}: the domain has no {noun} {key!r}{hint}")
            if not isinstance(template, str):
                raise TemplateError(f"{where}: expected a string template, found {type(template).__name__}")
            problem = _placeholder_problem(template, arities[section][name])
            if problem:
                raise TemplateError(f"{where}: the template {template!r} {problem}")
            targets[section][name] = template


class ActionReader:
    """Reads an agent's action text back into ground actions of the domain.

    Accepted: the rendered template text, ``(stack a b)`` and ``stack a b``, all compared
    after lower-casing and collapsing whitespace. Only known objects fill placeholders and
    arities must match; whether the action is applicable is the caller's business.
    """

    def __init__(self, templates: Templates, objects: Iterable[str]) -> None:
        self.objects = frozenset(o.lower() for o in objects)
        self.arity = {a.name: len(a.parameters) for a in templates.domain.actions}
        alternatives = "|".join(re.escape(o) for o in sorted(self.objects, key=lambda o: (-len(o), o)))
        self.patterns = [(name, _pattern(_normalize(t), alternatives)) for name, t in templates.actions.items()]

    def read(self, text: str) -> list[GroundAction]:
        """Every reading of ``text`` (no duplicates, PDDL form first, then domain order); [] if none."""
        normalized = _normalize(text)
        found: dict[GroundAction, None] = {}
        try:
            name, args = GroundAction.parse(normalized)
        except ValueError:  # nothing but brackets or blanks
            name, args = "", ()
        if self.arity.get(name) == len(args) and all(a in self.objects for a in args):
            found[GroundAction(name, args)] = None
        for name, (pattern, order) in self.patterns:
            match = pattern.fullmatch(normalized)
            if match:
                found[GroundAction(name, tuple(match.group(f"a{i}") for i in order))] = None
        return list(found)


def _pattern(template: str, alternatives: str) -> tuple[re.Pattern[str], list[int]]:
    """A regex matching a validated template; a placeholder used twice must repeat its object."""
    parts: list[str] = []
    seen: set[int] = set()
    for literal, name, _, _ in Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is None:
            continue
        index = int(name)
        parts.append(f"(?P=a{index})" if index in seen else f"(?P<a{index}>{alternatives or '(?!)'})")
        seen.add(index)
    return re.compile("".join(parts)), sorted(seen)
