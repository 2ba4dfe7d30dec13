"""Mutation benchmark for the checker and automatic repair: inject LLM-style mistakes, see what is caught.

Run from the repository root:

    .venv/bin/python bench/repair.py                          # every mutator on every benchmark file
    .venv/bin/python bench/repair.py --limit 20 --misses 3    # quick run, show 3 undetected mutants each
    .venv/bin/python bench/repair.py --domains blocks,rovers --per-file 3 --json /tmp/repair.json

Every domain file and problem file named in MANIFEST.tsv is mutated, always in its ORIGINAL text (not
the printed AST), so the line numbers are the ones a user sees. A domain mutant is checked on its own
(``check(domain, None)``); a problem mutant against its unmodified domain. A mutator picks its site at
random among the applicable ones (deterministic for a given --seed), so each run is reproducible.

Mutators (what an LLM typically gets wrong):
    typo-predicate       one letter wrong in a predicate name at a use site (action body; init/goal)
    typo-keyword         one letter wrong in a `:keyword` such as :precondition or :init
    typo-type            one letter wrong in a type name of a `- type` marker at a use site
    typo-object          one letter wrong in an object or constant at a use site
    wrong-arity          one argument dropped from or added to an atom
    swapped-arguments    two different arguments of an atom swapped; invalid only when their declared
                         types do not fit the swapped positions (computed here from the original AST)
    undeclared-type      a type at one use site renamed to a name far from every declared one
    missing-requirement  one `:requirements` flag deleted; invalid only when the file uses the construct
                         and no remaining flag implies it (``(not (= ..))`` needs only :equality). A flag
                         the file needs is chosen when there is one; otherwise an unneeded flag is
                         deleted as a valid control
    unbound-variable     one variable occurrence in an action body renamed to a name nothing binds
    dropped-paren        the last `)` of the file deleted
    dropped-paren-inner  another `)` deleted. A missing `)` is only noticed where the structure stops
                         making sense, often at the end of the file, so here an error AT OR AFTER the
                         mutated line counts as detected
    duplicated-definition  an action or predicate declaration (domain) or an object (problem) repeated
                         right after the original; the mutated lines are those of the inserted copy

Type markers inside `(:types ...)` are not mutated: a misspelled parent type there is implicitly
declared by that very marker (as in Fast Downward), so the mutant would still be valid PDDL.

Table columns (percentages are over the invalid mutants):
    mutants    mutants generated (a mutator that does not apply to a file makes none for it)
    invalid    mutants that are really invalid PDDL
    detected   invalid mutants with an error diagnostic on a mutated line (parse errors included)
    detect %   detected / invalid
    any-err %  invalid mutants with at least one error anywhere, to compare with detect %
    repaired   invalid mutants check found errors in and that `repair` turned into a file that
               checks clean (a mutant check finds nothing wrong with is left unchanged: not repaired)
    restored   invalid mutants whose repaired AST equals the original AST: the exact meaning came back
    crashes    mutants where a mutator, the parser, check or repair raised: a bug. Crashed mutants are
               left out of the other columns; each distinct traceback is printed once at the end

The "false alarms" line counts original files for which parse or check reports an error; it must be 0.
psr-small is skipped unless --include-huge: its p09 domain is 3 MB, and checking plus repairing one
mutant of that domain or its problem takes 10-15 s (about 5 minutes more in all).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import re
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.check import check, effective_requirements
from agentgen_sym.compiler.diagnostics import Diagnostic
from agentgen_sym.compiler.parser import ParseResult, parse_source, parse_text
from agentgen_sym.compiler.repair import repair

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import Task, add_benchmarks_option, print_rows, read_manifest, select, write_json  # noqa: E402

HUGE_DOMAINS = ("psr-small",)
PROGRESS_EVERY = 50
SHOWN_DIAGNOSTICS = 6
SHOWN_CRASHES = 5
DOMAIN_FILE, PROBLEM_FILE = "<domain>", "<problem>"

LETTERS = "abcdefghijklmnopqrstuvwxyz"
NAME = re.compile(r"[a-z_][a-z0-9_\-]*\Z")
KEYWORD_BODY = re.compile(r"[a-z][a-z0-9_\-]*\Z")
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]*")
OPEN_PAREN = re.compile(r"\(\s*")
KEYWORD_TOKEN = re.compile(r"(?<![^\s(]):[A-Za-z][A-Za-z0-9_\-]*")
REQUIREMENTS_SECTION = re.compile(r"\(\s*:requirements\b", re.IGNORECASE)
FLAG = re.compile(r":[A-Za-z][A-Za-z0-9_\-]*")
COMMENT = re.compile(r";[^\n]*")

RESERVED = frozenset({"define", "domain", "problem", "either", "and", "or", "not", "imply", "exists", "forall",
                      "when", "preference", "increase", "decrease", "assign", "scale-up", "scale-down"})
"""Words the grammar reads as keywords: a typo landing on one would be a different mistake."""

KEYWORDS = frozenset({":domain", ":requirements", ":types", ":constants", ":predicates", ":functions", ":action",
                      ":parameters", ":precondition", ":effect", ":derived", ":objects", ":init", ":goal", ":metric"})
OTHER_COLON_WORDS = frozenset({
    ":durative-action", ":constraints", ":process", ":event", ":length", ":strips", ":typing",
    ":negative-preconditions", ":disjunctive-preconditions", ":equality", ":existential-preconditions",
    ":universal-preconditions", ":quantified-preconditions", ":conditional-effects", ":adl",
    ":derived-predicates", ":action-costs", ":fluents", ":numeric-fluents", ":durative-actions",
})
IMPLIES = {
    ":adl": {":strips", ":typing", ":negative-preconditions", ":disjunctive-preconditions", ":equality",
             ":quantified-preconditions", ":existential-preconditions", ":universal-preconditions",
             ":conditional-effects"},
    ":quantified-preconditions": {":existential-preconditions", ":universal-preconditions"},
}
"""PDDL's requirement implications, written out here so the oracle does not trust the checker's table."""

FAR_TYPE = "zzq-widget"

Scope = dict[str, tuple[str, ...]]


# --------------------------------------------------------------------------- data


@dataclass(frozen=True)
class Mutation:
    """A mutant text, the lines the change occupies in it, what was done, and whether it is invalid PDDL."""

    text: str
    line: int
    note: str
    end_line: int = 0  # last mutated line when the change spans several lines; 0 means `line`
    invalid: bool = True


@dataclass(frozen=True)
class Subject:
    """One original file to mutate; for a domain, ``domain`` is the file's own AST."""

    kind: str  # "domain" or "problem"
    rel: str
    text: str
    node: ast.Domain | ast.Problem
    domain: ast.Domain
    domain_path: Path


@dataclass
class Outcome:
    """What happened to one mutant; kept whole for --json and --misses."""

    mutator: str
    file: str
    line: int = 0
    end_line: int = 0
    note: str = ""
    invalid: bool = False
    detected: bool = False
    any_error: bool = False
    repaired: bool = False
    restored: bool = False
    diagnostics: list[str] = field(default_factory=list)
    crash: str | None = None


Mutator = Callable[[str, ast.Domain | ast.Problem, ast.Domain, random.Random], Mutation | None]
"""(original text, its AST, the domain AST, seeded random) -> a mutant, or None where it does not apply."""


# --------------------------------------------------------------------------- text helpers


class Lines:
    """Converts the parser's 1-based (line, column) positions to string offsets and back."""

    def __init__(self, text: str) -> None:
        """Index the line starts once per text."""
        self.starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]

    def offset(self, line: int, column: int) -> int:
        """The string offset of a 1-based (line, column), columns counted as the parser counts them."""
        return self.starts[line - 1] + column - 1

    def line_of(self, offset: int) -> int:
        """The 1-based line of a string offset (binary search over the line starts)."""
        low, high = 0, len(self.starts) - 1
        while low < high:
            mid = (low + high + 1) // 2
            if self.starts[mid] <= offset:
                low = mid
            else:
                high = mid - 1
        return low + 1


def _bounds(lines: Lines, span: ast.Span) -> tuple[int, int]:
    """The [start, stop) offsets of a span."""
    return lines.offset(span.line, span.column), lines.offset(span.end_line, span.end_column)


def _splice(text: str, start: int, stop: int, new: str) -> str:
    """Replace text[start:stop]; every mutation is one or two splices of the original text."""
    return text[:start] + new + text[stop:]


def _code_only(text: str) -> str:
    """The text with comments blanked out (same length), so scans never match inside a comment."""
    return COMMENT.sub(lambda m: " " * len(m.group()), text)


def _typo(word: str, rng: random.Random, taken: set[str], pattern: re.Pattern[str] = NAME) -> str | None:
    """One slip of the keyboard (delete, insert, swap or substitute a letter) giving a fresh valid name.

    The kind of slip is drawn first so that the plentiful insertions do not crowd out the others;
    the case of an all-capitals word is kept, as a real slip would keep it.
    """
    low = word.lower()
    edits = {
        "delete": [low[:i] + low[i + 1:] for i in range(len(low))],
        "insert": [low[:i] + c + low[i:] for i in range(len(low) + 1) for c in LETTERS],
        "swap": [low[:i] + low[i + 1] + low[i] + low[i + 2:] for i in range(len(low) - 1)],
        "substitute": [low[:i] + c + low[i + 1:] for i in range(len(low)) for c in LETTERS if c != low[i]],
    }
    kinds = sorted(edits)
    rng.shuffle(kinds)
    for kind in kinds:
        options = [w for w in dict.fromkeys(edits[kind])
                   if w != low and pattern.match(w) and w not in taken and w not in RESERVED]
        if options:
            new = rng.choice(options)
            return new.upper() if word.isupper() else new
    return None


# --------------------------------------------------------------------------- walking the AST


def _bind(scope: Scope, variables: tuple[ast.TypedName, ...]) -> Scope:
    """The scope inside a quantifier or action: its variables shadow the outer ones."""
    return {**scope, **{v.name: v.types for v in variables}}


def _walk(node: object, scope: Scope) -> Iterator[tuple[object, Scope]]:
    """Every formula, effect and numeric node below ``node``, with the variables bound there."""
    yield node, scope
    if isinstance(node, (ast.Exists, ast.Forall)):
        yield from _walk(node.body, _bind(scope, node.variables))
    elif isinstance(node, ast.ForallEffect):
        yield from _walk(node.effect, _bind(scope, node.variables))
    elif isinstance(node, (ast.And, ast.Or, ast.AndEffect)):
        for part in node.parts:
            yield from _walk(part, scope)
    elif isinstance(node, ast.Not):
        yield from _walk(node.arg, scope)
    elif isinstance(node, ast.Imply):
        yield from _walk(node.condition, scope)
        yield from _walk(node.consequence, scope)
    elif isinstance(node, ast.When):
        yield from _walk(node.condition, scope)
        yield from _walk(node.effect, scope)
    elif isinstance(node, ast.Increase):
        yield from _walk(node.fluent, scope)
        yield from _walk(node.amount, scope)
    elif isinstance(node, ast.ArithmeticExpr):
        for arg in node.args:
            yield from _walk(arg, scope)
    elif isinstance(node, ast.FunctionValue):
        yield from _walk(node.function, scope)


def _use_nodes(node: ast.Domain | ast.Problem) -> Iterator[tuple[object, Scope, str]]:
    """Nodes at the use sites the mutators target: action bodies in a domain, init and goal in a
    problem; each with its scope and the name of its owner (for notes and variable binding)."""
    if isinstance(node, ast.Domain):
        for action in node.actions:
            scope = _bind({}, action.parameters)
            for part in (action.precondition, action.effect):
                if part is not None:
                    for item, inner in _walk(part, scope):
                        yield item, inner, f"action {action.name}"
        return
    for fact in node.init:
        for item, inner in _walk(fact, {}):
            yield item, inner, ":init"
    if node.goal is not None:
        for item, inner in _walk(node.goal, {}):
            yield item, inner, ":goal"


def _atoms(node: ast.Domain | ast.Problem) -> list[tuple[ast.Atom, Scope, str]]:
    """Predicate atoms at use sites: where predicate typos, arity and argument-order slips happen."""
    return [(item, scope, owner) for item, scope, owner in _use_nodes(node) if isinstance(item, ast.Atom)]


def _terms(node: ast.Domain | ast.Problem) -> list[tuple[ast.Term, Scope, str]]:
    """Every argument occurrence at a use site (atoms, equalities, function terms)."""
    out = []
    for item, scope, owner in _use_nodes(node):
        if isinstance(item, (ast.Atom, ast.FunctionTerm)):
            out.extend((arg, scope, owner) for arg in item.args)
        elif isinstance(item, ast.Equals):
            out.extend((arg, scope, owner) for arg in (item.left, item.right))
    return out


def _marked_names(node: ast.Domain | ast.Problem) -> list[ast.TypedName]:
    """Typed names at use sites of types: constants, objects, parameters, quantified variables."""
    names: list[ast.TypedName] = []
    if isinstance(node, ast.Domain):
        names += node.constants
        for item in (*node.predicates, *node.functions, *node.actions, *node.derived):
            names += item.parameters
        bodies = [p for a in node.actions for p in (a.precondition, a.effect) if p is not None]
        bodies += [axiom.body for axiom in node.derived]
    else:
        names += node.objects
        bodies = [node.goal] if node.goal is not None else []
    for body in bodies:
        for item, _scope in _walk(body, {}):
            if isinstance(item, (ast.Exists, ast.Forall, ast.ForallEffect)):
                names += item.variables
    return [n for n in names if n.types and n.type_span is not None]


def _predicate_names(domain: ast.Domain) -> set[str]:
    """Names a predicate typo must avoid, or the mutant could be a valid atom of another predicate."""
    return {p.name for p in domain.predicates} | {d.name for d in domain.derived} | {f.name for f in domain.functions}


def _object_types(node: ast.Domain | ast.Problem, domain: ast.Domain) -> dict[str, tuple[str, ...]]:
    """Declared objects and constants with their types: the names an object typo must avoid."""
    objects = {c.name: c.types for c in domain.constants}
    if isinstance(node, ast.Problem):
        objects.update({o.name: o.types for o in node.objects})
    return objects


def _declared_types(domain: ast.Domain) -> set[str]:
    """Every type name that resolves (parents are declared implicitly), so a mutated type avoids them."""
    return {"object"} | {t.name for t in domain.types} | {p for t in domain.types for p in t.types}


def _shuffled(items: list, rng: random.Random) -> list:
    """A seeded random order of the sites, so the first site that admits the mutation is a random one."""
    order = list(items)
    rng.shuffle(order)
    return order


# --------------------------------------------------------------------------- the type oracle


def _ancestors(domain: ast.Domain) -> dict[str, set[str]]:
    """Each declared type with itself and all its supertypes (``object`` tops every chain)."""
    parents: dict[str, set[str]] = {}
    for decl in domain.types:
        parents.setdefault(decl.name, set()).update(decl.types)
    closure: dict[str, set[str]] = {}
    for name in set(parents) | {p for ps in parents.values() for p in ps}:
        seen, frontier = {name}, [name]
        while frontier:
            for parent in parents.get(frontier.pop(), ()):
                if parent not in seen:
                    seen.add(parent)
                    frontier.append(parent)
        closure[name] = seen | {"object"}
    return closure


def _fits(have: tuple[str, ...], want: tuple[str, ...], ancestors: dict[str, set[str]]) -> bool:
    """Compatible unless provably disjoint: some alternative of one is a subtype of one of the other;
    untyped (``()``) is ``object``, compatible with everything."""
    if not have or not want:
        return True
    return any(w in ancestors.get(h, {h, "object"}) or h in ancestors.get(w, {w, "object"})
               for h in have for w in want)


# --------------------------------------------------------------------------- the requirements oracle


def _effective(flags: set[str]) -> set[str]:
    """The flags a requirement list grants, implications included (:strips always)."""
    out = set(flags) | {":strips"}
    for flag in list(out):
        out |= IMPLIES.get(flag, set())
    return out


def _condition_flags(formula: ast.Formula) -> set[str]:
    """Fine-grained flags a condition (precondition, goal, derived body, `when` test) relies on."""
    flags: set[str] = set()
    for item, _scope in _walk(formula, {}):
        if isinstance(item, (ast.Or, ast.Imply)):
            flags.add(":disjunctive-preconditions")
        elif isinstance(item, ast.Exists):
            flags.add(":existential-preconditions")
        elif isinstance(item, ast.Forall):
            flags.add(":universal-preconditions")
        elif isinstance(item, ast.Equals):
            flags.add(":equality")
        elif isinstance(item, ast.Not) and not isinstance(item.arg, ast.Equals):
            flags.add(":negative-preconditions")
    return flags


def _effect_flags(effect: ast.Effect) -> set[str]:
    """Flags an effect relies on; `not` in an effect is a plain delete and needs none."""
    if isinstance(effect, ast.AndEffect):
        return set().union(*(_effect_flags(part) for part in effect.parts))
    if isinstance(effect, ast.ForallEffect):
        return {":conditional-effects"} | _effect_flags(effect.effect)
    if isinstance(effect, ast.When):
        return {":conditional-effects"} | _condition_flags(effect.condition) | _effect_flags(effect.effect)
    if isinstance(effect, ast.Increase):
        return {":action-costs"}
    return set()


def _required_flags(node: ast.Domain | ast.Problem) -> set[str]:
    """Fine-grained flags the constructs of one file need."""
    flags: set[str] = set()
    if isinstance(node, ast.Domain):
        if node.types or _marked_names(node):
            flags.add(":typing")
        if node.functions:
            flags.add(":action-costs")
        if node.derived:
            flags.add(":derived-predicates")
        for axiom in node.derived:
            flags |= _condition_flags(axiom.body)
        for action in node.actions:
            if action.precondition is not None:
                flags |= _condition_flags(action.precondition)
            if action.effect is not None:
                flags |= _effect_flags(action.effect)
        return flags
    if any(o.types for o in node.objects):
        flags.add(":typing")
    if node.metric is not None or any(isinstance(f, ast.FunctionValue) for f in node.init):
        flags.add(":action-costs")
    if node.goal is not None:
        flags |= _condition_flags(node.goal)
    return flags


# --------------------------------------------------------------------------- mutators


def typo_predicate(text: str, node: ast.Domain | ast.Problem, domain: ast.Domain, rng: random.Random
                   ) -> Mutation | None:
    """A misspelled predicate at one use site; never a declared name, so always invalid."""
    lines, taken = Lines(text), _predicate_names(domain)
    for atom, _scope, owner in _shuffled(_atoms(node), rng):
        start = OPEN_PAREN.match(text, lines.offset(atom.span.line, atom.span.column)).end()
        old = text[start:start + len(atom.predicate)]
        new = _typo(old, rng, taken)
        if old.lower() == atom.predicate and new:
            return Mutation(_splice(text, start, start + len(old), new), lines.line_of(start),
                            f"predicate `{old}` -> `{new}` in {owner}")
    return None


def typo_keyword(text: str, node: ast.Domain | ast.Problem, domain: ast.Domain, rng: random.Random
                 ) -> Mutation | None:
    """A misspelled section or action keyword (`:precondtion`): a syntax error."""
    sites = [m for m in KEYWORD_TOKEN.finditer(_code_only(text)) if m.group().lower() in KEYWORDS]
    taken = {w[1:] for w in KEYWORDS | OTHER_COLON_WORDS}
    for match in _shuffled(sites, rng):
        new = _typo(match.group()[1:], rng, taken, KEYWORD_BODY)
        if new:
            return Mutation(_splice(text, match.start() + 1, match.end(), new), Lines(text).line_of(match.start()),
                            f"keyword `{match.group()}` -> `:{new}`")
    return None


def _type_sites(text: str, node: ast.Domain | ast.Problem, lines: Lines) -> list[tuple[int, int, str]]:
    """(start, stop, name) of each type name inside a `- type` marker at a use site, one per marker."""
    markers = {(n.type_span.line, n.type_span.column): n.type_span for n in _marked_names(node)}
    sites = []
    for span in markers.values():
        start, stop = _bounds(lines, span)
        for word in WORD.finditer(text, start, stop):
            if word.group().lower() != "either":
                sites.append((word.start(), word.end(), word.group()))
    return sorted(sites)


def typo_type(text: str, node: ast.Domain | ast.Problem, domain: ast.Domain, rng: random.Random
              ) -> Mutation | None:
    """A misspelled type in a `- type` marker; the new name is undeclared, so always invalid."""
    lines, taken = Lines(text), _declared_types(domain)
    for start, stop, old in _shuffled(_type_sites(text, node, lines), rng):
        new = _typo(old, rng, taken)
        if new:
            return Mutation(_splice(text, start, stop, new), lines.line_of(start), f"type `{old}` -> `{new}`")
    return None


def undeclared_type(text: str, node: ast.Domain | ast.Problem, domain: ast.Domain, rng: random.Random
                    ) -> Mutation | None:
    """A type at one use site replaced by a name no suggestion could reach: always invalid."""
    lines = Lines(text)
    sites = _type_sites(text, node, lines)
    if not sites or FAR_TYPE in _declared_types(domain):
        return None
    start, stop, old = rng.choice(sites)
    return Mutation(_splice(text, start, stop, FAR_TYPE), lines.line_of(start), f"type `{old}` -> `{FAR_TYPE}`")


def typo_object(text: str, node: ast.Domain | ast.Problem, domain: ast.Domain, rng: random.Random
                ) -> Mutation | None:
    """A misspelled object or constant at a use site; never a declared name, so always invalid."""
    lines, taken = Lines(text), set(_object_types(node, domain))
    constants = [(t, owner) for t, _scope, owner in _terms(node) if isinstance(t, ast.Constant)]
    for term, owner in _shuffled(constants, rng):
        start, stop = _bounds(lines, term.span)
        old = text[start:stop]
        new = _typo(old, rng, taken)
        if new:
            return Mutation(_splice(text, start, stop, new), term.span.line, f"object `{old}` -> `{new}` in {owner}")
    return None


def wrong_arity(text: str, node: ast.Domain | ast.Problem, domain: ast.Domain, rng: random.Random
                ) -> Mutation | None:
    """An atom with one argument dropped, or one in-scope argument added: always invalid."""
    lines = Lines(text)
    objects = sorted(_object_types(node, domain))
    for atom, scope, owner in _shuffled(_atoms(node), rng):
        start, stop = _bounds(lines, atom.span)
        shown = " ".join(text[start:stop].split())
        extras = ["?" + v for v in sorted(scope)] or objects
        if atom.args and (not extras or rng.random() < 0.5):
            arg = rng.choice(atom.args)
            a_start, a_stop = _bounds(lines, arg.span)
            while a_start > start and text[a_start - 1].isspace():
                a_start -= 1
            mutant = _splice(text, a_start, a_stop, "")
            note = f"dropped `{text[a_start:a_stop].strip()}` from {shown} in {owner}"
        elif extras:
            extra = rng.choice(extras)
            mutant = _splice(text, stop - 1, stop - 1, " " + extra)
            note = f"added `{extra}` to {shown} in {owner}"
        else:
            continue
        return Mutation(mutant, atom.span.line, note, atom.span.end_line)
    return None


def swapped_arguments(text: str, node: ast.Domain | ast.Problem, domain: ast.Domain, rng: random.Random
                      ) -> Mutation | None:
    """Two different arguments of an atom swapped; invalid only when a type no longer fits its slot."""
    lines = Lines(text)
    signatures = {p.name: p.parameters for p in domain.predicates} | {d.name: d.parameters for d in domain.derived}
    objects, ancestors = _object_types(node, domain), _ancestors(domain)
    candidates = [(atom, scope, owner) for atom, scope, owner in _atoms(node)
                  if len({a.name for a in atom.args}) >= 2 and atom.predicate in signatures]
    for atom, scope, owner in _shuffled(candidates, rng):
        pairs = [(i, j) for i in range(len(atom.args)) for j in range(i + 1, len(atom.args))
                 if atom.args[i].name != atom.args[j].name]
        i, j = rng.choice(pairs)
        first, second = atom.args[i], atom.args[j]
        (s1, e1), (s2, e2) = _bounds(lines, first.span), _bounds(lines, second.span)
        mutant = _splice(_splice(text, s2, e2, text[s1:e1]), s1, e1, text[s2:e2])
        params = signatures[atom.predicate]
        types = [scope.get(t.name, ()) if isinstance(t, ast.Variable) else objects.get(t.name, ())
                 for t in (first, second)]
        fits = _fits(types[0], params[j].types, ancestors) and _fits(types[1], params[i].types, ancestors)
        shown = " ".join(text[lines.offset(atom.span.line, atom.span.column):
                              lines.offset(atom.span.end_line, atom.span.end_column)].split())
        note = (f"swapped `{text[s1:e1]}` and `{text[s2:e2]}` in {shown} in {owner}"
                f" ({'types still fit' if fits else 'types no longer fit'})")
        return Mutation(mutant, atom.span.line, note, atom.span.end_line, invalid=not fits)
    return None


def _requirement_flags(code: str) -> list[re.Match[str]]:
    """Each flag token inside the `(:requirements ...)` sections of a comment-blanked text."""
    flags: list[re.Match[str]] = []
    for section in REQUIREMENTS_SECTION.finditer(code):
        flags += FLAG.finditer(code, section.end(), code.find(")", section.end()))
    return flags


def missing_requirement(text: str, node: ast.Domain | ast.Problem, domain: ast.Domain, rng: random.Random
                        ) -> Mutation | None:
    """One requirement flag deleted, preferring one the file needs; invalid when a needed flag is gone."""
    flags = _requirement_flags(_code_only(text))
    if not flags:
        return None
    declared = [m.group().lower() for m in flags]
    other = set(domain.requirements) if isinstance(node, ast.Problem) else set()
    required = _required_flags(node) & _effective(set(declared) | other)  # what the original file relies on

    def lost(index: int) -> set[str]:
        """Required flags no longer granted once flag `index` is deleted."""
        remaining = set(declared[:index] + declared[index + 1:]) | other
        return required - _effective(remaining)

    needed = [i for i in range(len(flags)) if lost(i)]
    index = rng.choice(needed or list(range(len(flags))))
    match = flags[index]
    start = match.start()
    while start > 0 and text[start - 1] in " \t":
        start -= 1
    missing = sorted(lost(index))
    note = f"deleted `{match.group()}`" + (f" (now missing {', '.join(missing)})" if missing else " (not needed)")
    return Mutation(_splice(text, start, match.end(), ""), Lines(text).line_of(match.start()), note,
                    invalid=bool(missing))


def unbound_variable(text: str, node: ast.Domain | ast.Problem, domain: ast.Domain, rng: random.Random
                     ) -> Mutation | None:
    """A variable occurrence in an action body renamed to a name no parameter or quantifier binds."""
    if not isinstance(node, ast.Domain):
        return None
    lines = Lines(text)
    bound: dict[str, set[str]] = {}
    for _item, scope, owner in _use_nodes(node):
        bound.setdefault(owner, set()).update(scope)
    variables = [(t, owner) for t, _scope, owner in _terms(node) if isinstance(t, ast.Variable)]
    for term, owner in _shuffled(variables, rng):
        start, stop = _bounds(lines, term.span)
        old = text[start + 1:stop]
        new = _typo(old, rng, bound[owner])
        if new:
            return Mutation(_splice(text, start + 1, stop, new), term.span.line,
                            f"variable `?{old}` -> `?{new}` in {owner}")
    return None


def _closing_parens(text: str) -> list[int]:
    """Offsets of the `)` outside comments: the ones whose loss breaks the structure."""
    code = _code_only(text)
    return [i for i, ch in enumerate(code) if ch == ")"]


def dropped_paren(text: str, node: ast.Domain | ast.Problem, domain: ast.Domain, rng: random.Random
                  ) -> Mutation | None:
    """The last `)` deleted: the file's `(define` is never closed."""
    parens = _closing_parens(text)
    if not parens:
        return None
    at = parens[-1]
    line = Lines(text).line_of(at)
    return Mutation(_splice(text, at, at + 1, ""), line, f"deleted the last `)` (line {line})")


def dropped_paren_inner(text: str, node: ast.Domain | ast.Problem, domain: ast.Domain, rng: random.Random
                        ) -> Mutation | None:
    """Some `)` other than the last deleted; detected by an error at or after its line (see docstring)."""
    parens = _closing_parens(text)[:-1]
    if not parens:
        return None
    at = rng.choice(parens)
    lines = Lines(text)
    line = lines.line_of(at)
    column = at - lines.starts[line - 1] + 1
    return Mutation(_splice(text, at, at + 1, ""), line, f"deleted `)` at {line}:{column}")


def duplicated_definition(text: str, node: ast.Domain | ast.Problem, domain: ast.Domain, rng: random.Random
                          ) -> Mutation | None:
    """An action, predicate declaration or object repeated on a new line right after the original."""
    lines = Lines(text)
    if isinstance(node, ast.Domain):
        sites = [("action", a.name, a.span) for a in node.actions]
        sites += [("predicate", p.name, p.span) for p in node.predicates]
    else:
        sites = [("object", o.name, o.span) for o in node.objects]
    sites = [site for site in sites if site[2] is not None]
    if not sites:
        return None
    kind, name, span = rng.choice(sites)
    start, stop = _bounds(lines, span)
    copy = text[start:stop]
    line_start = lines.starts[span.line - 1]
    indent = text[line_start:start] if not text[line_start:start].strip() else "  "
    first = span.end_line + 1
    return Mutation(_splice(text, stop, stop, "\n" + indent + copy), first,
                    f"{kind} `{name}` of line {span.line} repeated at line {first}", first + copy.count("\n"))


MUTATORS: dict[str, Mutator] = {
    "typo-predicate": typo_predicate,
    "typo-keyword": typo_keyword,
    "typo-type": typo_type,
    "typo-object": typo_object,
    "wrong-arity": wrong_arity,
    "swapped-arguments": swapped_arguments,
    "undeclared-type": undeclared_type,
    "missing-requirement": missing_requirement,
    "unbound-variable": unbound_variable,
    "dropped-paren": dropped_paren,
    "dropped-paren-inner": dropped_paren_inner,
    "duplicated-definition": duplicated_definition,
}
AT_OR_AFTER = {"dropped-paren-inner"}
"""Mutators detected by an error at or after the mutated line: a missing `)` is noticed later."""


# --------------------------------------------------------------------------- the corpus


def load_rows(benchmarks: Path, limit: int | None, domains: set[str] | None, include_huge: bool
              ) -> tuple[list[Task], dict[str, int]]:
    """The manifest rows to mutate (a problem and the domain file it is checked against), and how many
    rows of each huge domain were skipped (to say so)."""
    rows = select(read_manifest(benchmarks), None if domains is None else sorted(domains))
    skipped: dict[str, int] = {}
    if not include_huge:
        for row in rows:
            if row.domain in HUGE_DOMAINS:
                skipped[row.domain] = skipped.get(row.domain, 0) + 1
        rows = [row for row in rows if row.domain not in HUGE_DOMAINS]
    return (rows if limit is None else rows[:limit]), skipped


def _describe(diagnostic: Diagnostic) -> str:
    """One line per diagnostic, for --misses, the false-alarm list and the JSON."""
    span = diagnostic.span
    where = f"{span.file}:{span.line}:{span.column}" if span else "<no location>"
    return f"{diagnostic.severity.value} {diagnostic.code} {where} {diagnostic.message}"


def _first_error(parsed: ParseResult, expected: type, domain: ast.Domain | None) -> str | None:
    """Why an original file is not clean (None when it is): a parse error, the wrong kind, a check error."""
    errors = [d for d in parsed.diagnostics if d.is_error]
    if not errors and not isinstance(parsed.node, expected):
        return f"not a {expected.__name__.lower()}"
    if not errors:
        found = check(parsed.node) if domain is None else check(domain, parsed.node)
        errors = [d for d in found if d.is_error]
    return _describe(errors[0]) if errors else None


def load_subjects(benchmarks: Path, rows: list[Task]) -> tuple[list[Subject], int, list[str]]:
    """Parse and check every original once: the subjects to mutate, the number of files, and the
    false alarms (a file with an error is not mutated: its mutants would prove nothing)."""
    subjects: list[Subject] = []
    alarms: list[str] = []
    domains: dict[str, ast.Domain | None] = {}
    files = 0
    for row in rows:
        domain_path = benchmarks / row.domain_file
        if row.domain_file not in domains:
            files += 1
            parsed = parse_source(domain_path)
            error = _first_error(parsed, ast.Domain, None)
            domains[row.domain_file] = None if error else parsed.node
            if error:
                alarms.append(f"{row.domain_file}: {error}")
            else:
                subjects.append(Subject("domain", row.domain_file, parsed.text, parsed.node, parsed.node,
                                        domain_path))
        domain = domains[row.domain_file]
        files += 1
        if domain is None:
            alarms.append(f"{row.problem_file}: not checked, its domain has errors")
            continue
        parsed = parse_source(benchmarks / row.problem_file)
        error = _first_error(parsed, ast.Problem, domain)
        if error:
            alarms.append(f"{row.problem_file}: {error}")
        else:
            subjects.append(Subject("problem", row.problem_file, parsed.text, parsed.node, domain, domain_path))
    return subjects, files, alarms


# --------------------------------------------------------------------------- judging one mutant


def _file_name(subject: Subject) -> str:
    """The file name spans of a mutant carry: repair names text input `<domain>` or `<problem>`."""
    return DOMAIN_FILE if subject.kind == "domain" else PROBLEM_FILE


def diagnose(subject: Subject, text: str) -> list[Diagnostic]:
    """What a user is shown for the mutant: parse diagnostics, plus check's when it parses."""
    parsed = parse_text(text, _file_name(subject))
    found = list(parsed.diagnostics)
    if subject.kind == "domain" and parsed.ok and isinstance(parsed.node, ast.Domain):
        found += check(parsed.node, None)
    elif subject.kind == "problem" and parsed.ok and isinstance(parsed.node, ast.Problem):
        found += check(subject.domain, parsed.node)
    return found


def located(diagnostics: list[Diagnostic], file: str, mutation: Mutation, at_or_after: bool) -> bool:
    """An error in the mutated file whose span covers a mutated line (or, for at_or_after, a later line)."""
    last = mutation.end_line or mutation.line
    for d in diagnostics:
        if d.is_error and d.span is not None and d.span.file == file:
            if d.span.line <= last and d.span.end_line >= mutation.line:
                return True
            if at_or_after and d.span.end_line >= mutation.line:
                return True
    return False


def _meaning(node):
    """The AST with requirements as the set they imply: their order and spelling (`:adl` or its
    parts) carry no meaning, so a repair that declares `:typing` last still restores the file."""
    if node is None or not hasattr(node, "requirements"):
        return node
    return dataclasses.replace(node, requirements=tuple(sorted(effective_requirements(node.requirements))))


def repair_mutant(subject: Subject, text: str) -> tuple[bool, bool]:
    """(checks clean after repair, repaired AST means the original); problems repair against the domain file."""
    if subject.kind == "domain":
        result = repair(text)
        same = _meaning(result.domain) == _meaning(subject.node)
    else:
        result = repair(subject.domain_path, text)
        same = _meaning(result.domain) == _meaning(subject.domain) and result.problem == subject.node
    return result.ok, result.ok and same


def assess(outcome: Outcome, subject: Subject, mutation: Mutation) -> None:
    """Fill in an outcome; only invalid mutants that check flagged are handed to repair."""
    outcome.line, outcome.end_line, outcome.note = mutation.line, mutation.end_line or mutation.line, mutation.note
    outcome.invalid = mutation.invalid
    diagnostics = diagnose(subject, mutation.text)
    outcome.diagnostics = [_describe(d) for d in diagnostics]
    outcome.any_error = any(d.is_error for d in diagnostics)
    outcome.detected = located(diagnostics, _file_name(subject), mutation, outcome.mutator in AT_OR_AFTER)
    if outcome.invalid and outcome.any_error:
        outcome.repaired, outcome.restored = repair_mutant(subject, mutation.text)


def run(subjects: list[Subject], seed: int, per_file: int) -> list[Outcome]:
    """Every mutator on every subject, up to per_file distinct mutants each; exceptions become crashes."""
    outcomes: list[Outcome] = []
    start = time.perf_counter()
    for done, subject in enumerate(subjects, 1):
        for name, mutator in MUTATORS.items():
            seen = {subject.text}
            for k in range(per_file):
                rng = random.Random(f"{seed}/{subject.rel}/{name}/{k}")
                outcome = Outcome(name, subject.rel)
                try:
                    mutation = mutator(subject.text, subject.node, subject.domain, rng)
                    if mutation is None or mutation.text in seen:
                        continue
                    seen.add(mutation.text)
                    assess(outcome, subject, mutation)
                except Exception:  # a crash of the compiler (or of a mutator) is a finding, not the end
                    outcome.crash = traceback.format_exc()
                outcomes.append(outcome)
                if len(outcomes) % PROGRESS_EVERY == 0:
                    print(f"[repair] {len(outcomes)} mutants, file {done}/{len(subjects)}, "
                          f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    return outcomes


# --------------------------------------------------------------------------- reporting


@dataclass
class Tally:
    """The counts of one table row."""

    mutants: int = 0
    invalid: int = 0
    detected: int = 0
    any_error: int = 0
    repaired: int = 0
    restored: int = 0
    crashes: int = 0

    def add(self, o: Outcome) -> None:
        """Count one mutant; a crashed one counts only as a crash (its other results are unknown)."""
        self.mutants += 1
        self.crashes += o.crash is not None
        if o.invalid and o.crash is None:
            self.invalid += 1
            self.detected += o.detected
            self.any_error += o.any_error
            self.repaired += o.repaired
            self.restored += o.restored


def _pct(part: int, whole: int) -> str:
    """A percentage, or `-` where nothing was invalid (no rate to speak of)."""
    return f"{100 * part / whole:.1f}" if whole else "-"


def print_table(outcomes: list[Outcome]) -> None:
    """One row per mutator and a total row; percentages are over invalid mutants."""
    tallies = {name: Tally() for name in MUTATORS}
    total = Tally()
    for outcome in outcomes:
        tallies[outcome.mutator].add(outcome)
        total.add(outcome)
    header = ["mutator", "mutants", "invalid", "detected", "detect %", "any-err %", "repaired", "repair %",
              "restored", "restore %", "crashes"]
    rows = []
    for name, t in [*tallies.items(), ("total", total)]:
        rows.append([name, str(t.mutants), str(t.invalid), str(t.detected), _pct(t.detected, t.invalid),
                     _pct(t.any_error, t.invalid), str(t.repaired), _pct(t.repaired, t.invalid), str(t.restored),
                     _pct(t.restored, t.invalid), str(t.crashes)])
    print_rows(header, rows)


def print_misses(outcomes: list[Outcome], per_mutator: int) -> None:
    """Up to per_mutator undetected invalid mutants of each mutator, with what the checker did say."""
    print()
    print(f"undetected invalid mutants (up to {per_mutator} per mutator):")
    for name in MUTATORS:
        misses = [o for o in outcomes if o.mutator == name and o.invalid and not o.detected and o.crash is None]
        for o in misses[:per_mutator]:
            lines = f"{o.line}" if o.end_line == o.line else f"{o.line}-{o.end_line}"
            print(f"  [{name}] {o.file} line {lines}: {o.note}")
            for text in o.diagnostics[:SHOWN_DIAGNOSTICS] or ["(no diagnostics)"]:
                print(f"      {text}")
            if len(o.diagnostics) > SHOWN_DIAGNOSTICS:
                print(f"      ... {len(o.diagnostics) - SHOWN_DIAGNOSTICS} more")


def print_crashes(outcomes: list[Outcome]) -> None:
    """Each distinct traceback once, with the mutants that hit it: one bug usually crashes many."""
    groups: dict[str, list[Outcome]] = {}
    for o in outcomes:
        if o.crash is not None:
            groups.setdefault(o.crash, []).append(o)
    if not groups:
        return
    print()
    print(f"crashes: {sum(len(hit) for hit in groups.values())} mutants, {len(groups)} distinct tracebacks")
    for crash, hit in groups.items():
        print(f"--- {len(hit)} mutant(s) with this traceback, for example:")
        for o in hit[:SHOWN_CRASHES]:
            print(f"  [{o.mutator}] {o.file} line {o.line}: {o.note or '(raised in the mutator)'}")
        if len(hit) > SHOWN_CRASHES:
            print(f"  ... {len(hit) - SHOWN_CRASHES} more")
        print(crash.rstrip())


# --------------------------------------------------------------------------- command line


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Command-line options, validated so a typo fails fast instead of after a full run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_benchmarks_option(parser)
    parser.add_argument("--seed", type=int, default=0, help="random seed of the mutation sites (default 0)")
    parser.add_argument("--per-file", type=int, default=1, metavar="K",
                        help="mutants per mutator per file (default 1)")
    parser.add_argument("--limit", type=int, metavar="N", help="only the first N manifest rows")
    parser.add_argument("--domains", metavar="A,B", help="only these domains (MANIFEST.tsv `domain` column)")
    parser.add_argument("--misses", type=int, default=0, metavar="N",
                        help="print up to N undetected invalid mutants per mutator")
    parser.add_argument("--include-huge", action="store_true",
                        help="also mutate " + ", ".join(HUGE_DOMAINS) + " (a 3 MB domain; very slow)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write every mutant's outcome here")
    args = parser.parse_args(argv)
    if args.per_file < 1:
        parser.error("--per-file must be at least 1")
    if args.limit is not None and args.limit < 1:
        parser.error("--limit must be at least 1")
    if args.misses < 0:
        parser.error("--misses must not be negative")
    args.domains = None if args.domains is None else {d.strip() for d in args.domains.split(",") if d.strip()}
    return args


def main(argv: list[str] | None = None) -> int:
    """Load the corpus, mutate and judge every file, then print the table and the details asked for."""
    args = parse_args(argv)
    start = time.perf_counter()
    benchmarks = args.benchmarks.resolve()
    rows, skipped = load_rows(benchmarks, args.limit, args.domains, args.include_huge)
    subjects, files, alarms = load_subjects(benchmarks, rows)
    outcomes = run(subjects, args.seed, args.per_file)
    wall = time.perf_counter() - start

    kinds = [s.kind for s in subjects]
    print(f"{len(subjects)} files mutated ({kinds.count('domain')} domains, {kinds.count('problem')} problems) "
          f"from {len(rows)} manifest rows; seed {args.seed}, up to {args.per_file} mutant(s) per mutator per file")
    for domain, count in skipped.items():
        print(f"skipped {domain} ({count} manifest rows): its largest domain is 3 MB and one of its mutants takes "
              f"10-15 s to check and repair; pass --include-huge to include it")
    print()
    print_table(outcomes)
    print()
    print(f"false alarms on originals: {len(alarms)} of {files} files")
    for alarm in alarms:
        print(f"  {alarm}")
    print(f"wall time: {wall:.1f} s")
    if args.misses:
        print_misses(outcomes, args.misses)
    print_crashes(outcomes)
    if args.json is not None:
        write_json(args.json, {"benchmarks": str(benchmarks), "seed": args.seed, "per_file": args.per_file,
                               "skipped": skipped, "files": files, "false_alarms": alarms, "wall_s": wall,
                               "outcomes": [asdict(o) for o in outcomes]})
    return 0


if __name__ == "__main__":
    sys.exit(main())
