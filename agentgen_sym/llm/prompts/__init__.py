"""Versioned prompt files (``*.md`` beside this module): loading, rendering, quoting untrusted text.

A package (not a bare folder) so that ``importlib.resources`` finds the files in regular and
editable installs alike; the loader lives with the files so that every LLM caller (drafting,
export's paraphrases) reaches it through the LLM layer. Each file starts with ``prompt:`` and
``version:`` lines; bump the version whenever the wording changes, since it is recorded with every
request. A prompt file is::

    prompt: NAME
    version: N
    === system ===
    ...
    === user ===
    ... $placeholders ...

Placeholders are ``string.Template`` names (``$name`` or ``${name}``), so the braces of JSON
and the parentheses of PDDL in a prompt need no escaping. Values are inserted once and never
re-scanned, and rendering demands exactly the placeholders the file uses: a missing or an
unexpected value is a programming error, raised at once.

Untrusted text (an inspiration text, an LLM-written description) goes in through
:func:`quote`, which bounds its size and neutralises its closing marker, so it stays data
inside its ``<tag> ... </tag>`` block whatever it says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from string import Template

from agentgen_sym.compiler.errors import AgentgenError

PROMPT_NAMES = ("describe", "domain", "repair_domain", "problems", "repair_problem", "evolve", "paraphrase",
                "wording", "repair_wording", "scenarios", "repair_behaviour")

_HEADER = re.compile(r"\Aprompt:[ \t]*(?P<name>[a-z_]+)[ \t]*\nversion:[ \t]*(?P<version>\d+)[ \t]*\n")
_SECTION = re.compile(r"^=== (system|user) ===[ \t]*$", re.M)


class PromptError(AgentgenError, ValueError):
    """A prompt file that does not follow the format, or a render call with the wrong values."""


@dataclass(frozen=True)
class Prompt:
    name: str
    version: int
    system: str
    user: str

    @property
    def id(self) -> str:
        """``name@vN``: recorded with every request so a record says which wording produced it."""
        return f"{self.name}@v{self.version}"

    @property
    def placeholders(self) -> frozenset[str]:
        return frozenset(_identifiers(self.system) | _identifiers(self.user))

    def render(self, **values: str) -> list[dict[str, str]]:
        """The chat messages, with every placeholder filled; raises PromptError on a missing or extra value."""
        missing, extra = self.placeholders - set(values), set(values) - self.placeholders
        if missing or extra:
            raise PromptError(f"prompt {self.id}: missing values {sorted(missing)}, unexpected {sorted(extra)}")
        values = {k: str(v) for k, v in values.items()}
        return [{"role": "system", "content": Template(self.system).substitute(values)},
                {"role": "user", "content": Template(self.user).substitute(values)}]


def _identifiers(text: str) -> set[str]:
    found = set()
    for match in Template.pattern.finditer(text):
        name = match.group("named") or match.group("braced")
        if name:
            found.add(name)
        elif match.group("invalid") is not None:
            raise PromptError(f"invalid placeholder at offset {match.start()}: write a literal $ as $$")
    return found


def parse_prompt(text: str) -> Prompt:
    """Read the prompt file format (see the module docstring)."""
    header = _HEADER.match(text)
    if header is None:
        raise PromptError("a prompt file starts with `prompt: NAME` and `version: N` lines")
    parts = _SECTION.split(text[header.end():])
    # parts: [before, "system", body, "user", body]
    if len(parts) != 5 or parts[0].strip() or (parts[1], parts[3]) != ("system", "user"):
        raise PromptError(f"prompt {header['name']}: expected one `=== system ===` then one `=== user ===` section")
    prompt = Prompt(header["name"], int(header["version"]), parts[2].strip("\n"), parts[4].strip("\n") + "\n")
    prompt.placeholders  # noqa: B018 - validates the placeholders now, not at the first render
    return prompt


@lru_cache(maxsize=None)
def load_prompt(name: str) -> Prompt:
    """The prompt ``name`` from the package's prompt folder (through importlib.resources)."""
    if name not in PROMPT_NAMES:
        raise PromptError(f"unknown prompt {name!r}; known: {', '.join(PROMPT_NAMES)}")
    text = resources.files(__name__).joinpath(f"{name}.md").read_text(encoding="utf-8")
    prompt = parse_prompt(text)
    if prompt.name != name:
        raise PromptError(f"{name}.md declares `prompt: {prompt.name}`")
    return prompt


def prompt_versions() -> dict[str, int]:
    """Every prompt's version, for records and reports."""
    return {name: load_prompt(name).version for name in PROMPT_NAMES}


def quote(text: str, tag: str, max_chars: int) -> str:
    """``text`` made safe to place between ``<tag>`` and ``</tag>``: bounded, with any marker of ``tag``
    inside it defused (``</tag>`` -> ``<\\/tag>``), so the quoted block cannot be closed early."""
    text = text.replace("\r\n", "\n").replace("\x00", "")
    if len(text) > max_chars:
        text = text[:max_chars] + "\n[... cut: the text was longer ...]"
    return re.sub(rf"<(/?)(\s*{re.escape(tag)})", lambda m: "<" + ("\\/" if m.group(1) else "\\") + m.group(2),
                  text, flags=re.I)
