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
from importlib import resources
from pathlib import Path
from string import Formatter
from typing import Iterable, Mapping

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.errors import AgentgenError
from agentgen_sym.compiler.analysis import static_predicates
from agentgen_sym.compiler.suggest import closest
from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.wording.negation import negate
from agentgen_sym.wording.phrasing import PARTICLES, compiled_flags, effect_atoms, phrase_action, unambiguous
from agentgen_sym.wording.words import parts_of_speech, split_name, verb_base, verb_form, with_article

NEGATED = "it is not true that {}"
"""A negated condition whose words have no verb to carry the denial (``Templates.negated_fact``), or a negated
formula that is no single fact."""
TEMPLATES_FILE = "templates.json"
"""The override file looked for beside a domain file."""

DERIVED = "derived"
"""``Templates.source`` when no file gave any entry."""
REVIEWED = "reviewed"
"""The source of a templates.json without a "source" marker: written (and so read) by a person."""
REVIEW_COMMAND = "agentgen-sym templates {domain} -o templates.json"
"""The command that writes a domain's templates for review, named whenever wording is derived."""
WORDING_SOURCES = {REVIEWED: "reviewed", "llm": "LLM-drafted", DERIVED: "derived"}
"""How the card names each ``Templates.source``."""


class TemplateError(AgentgenError, ValueError):
    """A template override that does not fit the domain; the message names the file and entry."""


_SENTENCE_START = frozenset({"The", "A", "An", "It", "There", "One"})
"""Sentence-initial words a template may start with ("The hand is empty")."""


JUDGED_FILE = "judged.json"
"""The derived wording's agreement with the gold readings (data/gold_readings), as bench/text_quality.py --record
measured it for this code: tests/test_readings.py measures it again, so the figure a card quotes stays true."""


def judged_figure() -> str | None:
    """How often derived wording says what a person would, on the gold set's held-out domains, as the clause after
    "Derived wording is unreviewed:"; None where it was not measured."""
    path = resources.files("agentgen_sym.wording").joinpath(JUDGED_FILE)
    if not path.is_file():
        return None
    agreed, total = json.loads(path.read_text(encoding="utf-8"))["held_out"]
    return (f"on domains held out from its rules, it matched a person's reading for {agreed} of "
            f"{total} predicates and actions ({100 * agreed / total:.0f}%)")


def in_sentence(text: str) -> str:
    """A fact's text as it reads inside a sentence or a list: "the hand is empty", never "... and The hand"."""
    return text[:1].lower() + text[1:] if text.split(" ", 1)[0] in _SENTENCE_START else text


def words(name: str) -> str:
    """``pick-up`` / ``pick_up`` / ``pickup`` -> ``pick up`` (glued names split into English words)."""
    return " ".join(split_name(name))


PREPOSITIONS = frozenset({"at", "in", "on", "inside", "under", "near", "behind", "above", "below", "beside", "into",
                          "onto", "off", "for", "of", "to", "from", "with"})
"""Words that, leading a name (``on-table``, ``in-stock``), make it a location or relation."""
RELATIONS = {"connected": "connected to", "adjacent": "adjacent to", "next": "next to", "linked": "linked to",
             "attached": "attached to", "joined": "joined to", "above": "above", "below": "below",
             "behind": "behind", "beside": "beside", "near": "near", "left": "left of", "right": "right of",
             "up": "above", "down": "below", "succ": "the successor of", "same": "the same as",
             "equal": "equal to", "smaller": "smaller than", "larger": "larger than", "bigger": "bigger than",
             "before": "before", "after": "after"}
"""Binary relations by their name's first word, rendered "{0} is <relation> {1}"."""
ADJECTIVES = frozenset({"clear", "empty", "full", "free", "open", "closed", "locked", "unlocked", "ready", "clean",
                        "dirty", "ok", "busy", "idle", "available", "hot", "cold", "dry", "wet", "on", "off",
                        "lit", "broken", "safe", "sealed", "done", "active", "visible", "calibrated", "fine",
                        "low", "high", "flat", "charged", "usable", "alive", "up", "down", "heavy",
                        "happy", "hungry", "thirsty", "tidy", "healthy", "sticky", "noisy", "dusty", "muddy", "shiny",
                        "new", "old", "wrong", "right", "same", "big", "small", "large", "tall", "short", "long"})
"""Adjectives that end a name (``arm-empty``, ``tyre-ok``, ``hand-busy``)."""
VERBS = frozenset({"has", "needs", "contains", "holds", "requires",
                   "wants", "carries", "owns", "likes", "sees", "supports", "serves", "fits",
                   "belongs", "leads", "goes", "reaches", "covers", "matches", "uses", "knows", "visits"})
"""Verbs that lead a name (``has-key``, ``needs-part``): "{0} has key {1}"."""
BARE_NOUNS = frozenset({"stock", "place", "order", "use", "service", "transit", "progress", "position", "range",
                        "sight", "view", "storage", "operation", "line", "focus", "motion", "orbit"})
"""Nouns that take no article after a preposition ("in stock", "in place")."""
_BE = {"i": "am", "you": "are", "we": "are", "they": "are"}
_PLACE_PREPOSITIONS = frozenset({"at", "in", "on", "under", "near", "behind", "above", "below", "inside"})
"""Prepositions that place a thing (``counter-at-zero``: "the counter is at zero")."""


def _noun(parts: list[str]) -> str:
    """A noun phrase from name words, with "the" unless it is a bare noun: ``board`` -> ``the board``."""
    text = " ".join(parts)
    return text if parts[-1] in BARE_NOUNS or parts[0] in ("a", "an", "the") else "the " + text


def _be(subject_parts: list[str]) -> str:
    return "are" if subject_parts[-1].endswith("s") and not subject_parts[-1].endswith("ss") else "is"


def derive_predicate(name: str, arity: int, types: tuple[str, ...] = (), names: tuple[str, ...] = (),
                     fluent: bool = False, places: frozenset[str] | None = None, moved: bool = False) -> str:
    """The default predicate template, grammatical for the usual naming patterns of PDDL domains.

    Patterns (the IPC benchmarks' and the corpus's): ``X-at``/``at-X`` locations ("{0} is at {1}",
    "the robot is at {0}"), a leading preposition (``on-table``: "{0} is on the table"; ``in-stock``:
    "{0} is in stock"), a leading verb (``has-key``, ``needs-part``: "{0} needs part {1}"), a
    trailing adjective (``arm-empty``: "the arm is empty"; ``tyre-ok``: "the tyre of {0} is ok"),
    binary relations (``connected``: "{0} is connected to {1}"), ``holding``-like -ing words
    ("{0} is being held" for one argument, "{0} is holding {1}" for two), and plain adjectives or
    participles ("{0} is clear"). ``types`` (the parameters' declared types, when known) tell
    ``showcase-open ?s - showcase`` ("{0} is open") from ``tyre-ok ?b - bike`` ("the tyre of {0}
    is ok"), and ``names`` (the parameters' variable names) ``worker-at ?w - worker ?s`` ("{0}
    is at {1}") from ``produce-in ?b - bed ?c`` ("the produce of {0} is in {1}"). A one-word
    predicate of one argument that the lexicon knows only as an adjective (``fragile``), or also as one
    while actions change it (``fluent``: ``whole`` until sliced), is a state ("{0} is whole"), not a
    kind ("{0} is a ball"). ``places`` (the domain's types of places, when known) and ``moved`` (some action moves
    the predicate's argument) tell ``at-goal ?s - stone`` ("{0} is at a goal") from ``at_soil_sample ?w -
    waypoint`` ("there is a soil sample at {0}") and ``at-robot ?l`` ("the robot is at {0}"). Anything else keeps
    the simple rule "{0} is <words> {1}".
    """
    parts = [_spelled_participle(w) for w in split_name(name)]
    if len(parts) == 1 and parts[0][:2] in ("on", "in", "at") and parts[0][2:] in GLUED_NOUNS:
        parts = [parts[0][:2], parts[0][2:]]  # ontable, ontray: on-table, on-tray
    own_type = (types[0].lower() if types else "")
    own_names = {n.lower() for n in (types[:1] + names[:1]) if n}
    if arity == 1 and len(parts) > 2 and parts[0] in own_names and parts[1] in ("is", "has", "have"):
        rest = " ".join(parts[2:])  # ovenisfull ?oven, panhasegg ?pan: the first word names {0}'s type
        return f"{{0}} is {rest}" if parts[1] == "is" else f"{{0}} has {with_article(rest)}"
    if parts[0] in ("is", "are") and len(parts) > 1:  # is-at ?l
        parts = parts[1:]
    if arity == 1 and parts in (["notexist"], ["not", "exist"], ["not", "exists"]):
        return "{0} does not exist"
    if parts[0] == "have":
        parts = ["has", *parts[1:]]
    if arity == 1 and len(parts) > 1 and parts[0] in own_names and parts[1] in PREPOSITIONS | ADJECTIVES:
        rest = parts[2:]  # paninoven ?pan, pan-clean ?pan: "{0} is in the oven", "{0} is clean"
        return f"{{0}} is {parts[1]} {_noun(rest)}" if rest else f"{{0}} is {parts[1]}"
    if arity == 1 and len(parts) > 1 and parts[0] in own_names and _participle(parts[-1]):
        return "{0} is " + " ".join(parts[1:])  # soapconsumed ?soap: "{0} is consumed"
    whole = " ".join(parts)
    if arity == 1 and len(parts) == 1 and _is_adjective(parts[0], fluent):  # fragile ?p, whole ?x (sliced later)
        return "{0} is " + whole
    if arity == 1 and _is_noun(parts):  # isegg ?e, ball ?b: "{0} is an egg", "{0} is a ball"
        return "{0} is " + with_article(whole)
    if arity == 2 and len(parts) == 1 and _is_noun(parts) and parts[0] not in RELATIONS and parts[0] not in PHRASES:
        if len(set(types)) == 1:  # road ?a ?b: "there is a road from {0} to {1}"
            return f"there is {with_article(whole)} from {{0}} to {{1}}"
        return f"the {whole} of {{0}} is {{1}}"  # owner ?x - item ?y - person
    if arity == 0:
        if parts[0] == "has" and len(parts) > 1:  # have-chips: what the player has
            return "you have " + " ".join(parts[1:])
        if len(parts) > 2 and parts[1] in _PLACE_PREPOSITIONS and _noun_word(parts[0]):  # counter-at-zero
            return f"the {parts[0]} is {' '.join(parts[1:])}"
        if len(parts) > 1 and parts[0] in ADJECTIVES and _is_noun(parts[1:]):  # empty-ferry: the ferry is empty
            return f"the {' '.join(parts[1:])} {_be(parts[1:])} {parts[0]}"
        if len(parts) > 1 and verb_base(parts[0], "VBN") and _is_noun(parts[1:]):  # suspected-infringement
            return f"{' '.join(parts[1:])} {_be(parts[1:])} {parts[0]}"
        if len(parts) > 1 and parts[-1] in ADJECTIVES and parts[0] != "not":
            return f"{_noun(parts[:-1]).capitalize()} {_be(parts[:-1])} {parts[-1]}"
        state = parts[1:-1] if parts[0] == "not" else parts[:-1]
        if state and re.fullmatch(r"[a-z]+\d+", parts[-1]) and (state[-1] in ADJECTIVES or _participle(state[-1])):
            # a grounded domain folds the object into the name: CLOSED-SD1, NOT-UPDATED-CB1 -> "sd1 is (not) closed"
            return f"{parts[-1]} is {'not ' if parts[0] == 'not' else ''}{' '.join(state)}"
        if len(parts) > 1 and parts[0] != "not" and verb_base(parts[-1], "VBN"):  # objscheduled: a participle
            return f"{_noun(parts[:-1]).capitalize()} {_be(parts[:-1])} {parts[-1]}"
        return words(name)
    first, rest = parts[0], parts[1:]
    if arity == 1:
        if rest[:1] and rest[0] in PREPOSITIONS | PARTICLES and _is_state_word(first):
            return "{0} is " + whole  # equipped_for_imaging ?r, going_up ?f
        if first in PREPOSITIONS and not rest:  # is-at ?l: the one agent of the domain
            return f"The agent is {first} {{0}}"
        type_words = set(split_name(own_type)) if own_type else set()
        if first in PREPOSITIONS and len(rest) > 1 and (rest[-1] in own_names or rest[-1] in type_words):
            return f"{{0}} is {first} {_noun(rest[:-1])}"  # at_kitchen_sandwich ?s - sandwich
        if first in PREPOSITIONS and rest:
            if first != "at":
                return f"{{0}} is {first} {_noun(rest)}"
            if places is not None and own_type and own_type not in places and not moved:  # at-goal ?s - stone
                return f"{{0}} is at {with_article(' '.join(rest))}"
            if not any(parts_of_speech(w) for w in rest):  # at-robby ?r: a name
                return f"{' '.join(rest)} is at {{0}}"
            if own_type in (places or ()) and not moved and _is_noun(rest):  # at_soil_sample ?w: one of several
                return f"there is {with_article(' '.join(rest))} at {{0}}"
            return f"{_noun(rest)} is at {{0}}".capitalize()  # at-robot ?l: the robot is at ?l
        if len(parts) > 1 and parts[-1] in PREPOSITIONS:  # charger-at ?p: the charger is at ?p
            return f"{_noun(parts[:-1])} is {parts[-1]} {{0}}".capitalize()
        if _is_verb(first) and rest:  # understands-theme: "{0} understands the theme", has-egg: "{0} has an egg"
            if _is_noun(rest):
                return f"{{0}} {first} " + (with_article(" ".join(rest)) if first == "has" else "the " + " ".join(rest))
            return f"{{0}} {first} {' '.join(rest)}"
        if len(parts) > 1 and parts[-1] in ADJECTIVES and " ".join(parts[:-1]) == own_type:
            return f"{{0}} is {parts[-1]}"  # showcase-open ?s - showcase
        if len(parts) > 1 and parts[-1] in ADJECTIVES:  # tyre-ok ?b: the tyre of ?b is ok
            return f"{_noun(parts[:-1])} of {{0}} {_be(parts[:-1])} {parts[-1]}".capitalize()
        if first in ADJECTIVES and rest and " ".join(rest) != own_type:  # flat-tyre ?b: the tyre of ?b is flat
            return f"{_noun(rest)} of {{0}} {_be(rest)} {first}".capitalize()
        if len(parts) == 1 and first in _ING_PASSIVE:  # holding ?x: held by the one hand
            return "{0} is being " + _ING_PASSIVE[first]
        if _participle(first) and rest and first not in ADJECTIVES:  # communicated-soil-data ?w
            return f"{_noun(rest)} of {{0}} {_be(rest)} {first}".capitalize()
        return "{0} is " + " ".join(parts)
    if arity == 2:
        unplaced = places is not None and len(set(types)) == 1 and types[0] and types[0].lower() not in places
        if whole == "next" and unplaced:  # next ?l1 ?l2 - level: an order of levels, not places side by side
            return "{1} comes after {0}"
        if whole in PHRASES:
            return PHRASES[whole]
        if first in RELATIONS and RELATIONS[first] == whole:  # nextto ?a ?b: "{0} is next to {1}"
            return f"{{0}} is {whole} {{1}}"
        if len(parts) > 1 and parts[-1] in ("of", "after", "before") and parts[-2] not in PARTICIPLE_LIKE:
            return f"{_noun(parts[:-1])} {parts[-1]} {{0}} is {{1}}".capitalize()  # office-of ?d ?p
        how = parts[-2] if len(parts) > 1 and parts[-1] in PREPOSITIONS else ""
        if how and (how in PARTICIPLE_LIKE or (_is_state_word(how) and how not in own_names)):
            return f"{{0}} is {whole} {{1}}"  # addressed-to, made-of, visible-from
        if len(parts) > 1 and parts[-1] in PREPOSITIONS and _is_verb(parts[-2]):
            return f"{{0}} {whole} {{1}}"  # belongs-in
        if len(parts) > 1 and parts[-1] == "for":  # bin-for ?b ?m: ?b is the bin for ?m
            return f"{{0}} is {_noun(parts[:-1])} for {{1}}"
        if parts[-1] in PREPOSITIONS and len(parts) > 1:
            noun = " ".join(parts[:-1])
            if not own_names or noun in own_names or any(noun.replace(" ", "-") in n for n in own_names):
                return f"{{0}} is {parts[-1]} {{1}}"  # worker-at ?w - worker ?s: the words name ?0's type
            return f"{_noun(parts[:-1])} of {{0}} is {parts[-1]} {{1}}".capitalize()  # produce-in ?b - bed ?c
        if first in PREPOSITIONS:  # on-plate ?d ?p, in-rotor ?s ?c: the words name ?1's type
            return f"{{0}} is {first} {{1}}"
        if first in RELATIONS:
            return f"{{0}} is {RELATIONS[first]} {{1}}"
        if _is_verb(first):
            return f"{{0}} {' '.join(parts)} {{1}}"
        if len(parts) > 1 and _is_noun(parts):  # calibration_target ?c ?o, shaker-level ?s - shaker ?l
            noun = parts[1:] if parts[0] in own_names else parts
            return f"the {' '.join(noun)} of {{0}} is {{1}}"
        if len(parts) == 1 and first.endswith("ing"):  # waiting ?c ?p - place: waiting at a place, not for it
            at_place = places is not None and len(types) > 1 and types[1].lower() in places
            preposition = ING_PREPOSITION.get(first) and ("at" if at_place else ING_PREPOSITION[first])
            return f"{{0}} is {first}{' ' + preposition if preposition else ''} {{1}}"
        if len(parts) > 1 and parts[-1] in ("of", "for", "to", "from", "with", "by"):
            return f"{{0}} is {' '.join(parts)} {{1}}"
        return "{0} is " + " ".join(parts) + " {1}"
    verb = " ".join(parts) if _is_verb(parts[0]) or parts[0] == "can" else "is " + " ".join(parts)
    return f"{{0}} {verb} {{1}} " + " ".join(f"and {{{i}}}" for i in range(2, arity))  # can_traverse ?r ?x ?y


_ADJECTIVE_ENDINGS = ("al", "ic", "ous", "ive", "able", "ible", "ful", "less", "ed", "ing", "ent", "ant", "ary",
                      "ish")
"""Word endings that mark an adjective or participle, which takes no article ("{0} is hypothetical")."""


def _done(words: tuple[str, ...]) -> str | None:
    """"{0} is <participle> <particles>" for a one-argument state named by an action's words (``put away``, ``turn
    off``), when the lexicon knows the first word as a verb; else None."""
    done = verb_form(words[0], "VBN")
    if done is None or any(w not in PARTICLES and w not in PREPOSITIONS for w in words[1:]):
        return None
    return "{0} is " + " ".join([done, *words[1:]])


def _is_adjective(word: str, fluent: bool) -> bool:
    """Whether a one-word name reads as an adjective: the lexicon knows it only as one, or as one among others
    when actions change the predicate (a kind never changes; a state does)."""
    readings = parts_of_speech(word)
    return "ADJ" in readings and (fluent or readings == {"ADJ"})


def _spelled_participle(word: str) -> str:
    """The lexicon's participle for an ``-ed`` word it does not know, as names misspell them (``shaked`` ->
    ``shaken``, ``unshaked`` -> ``unshaken``); any other word as it is."""
    if not word.endswith("ed") or parts_of_speech(word):
        return word
    prefix = "un" if word.startswith("un") else ""
    stem = word[len(prefix):]
    done = verb_form(stem[:-1], "VBN") or verb_form(stem[:-2], "VBN")
    return prefix + done if done else word


def _participle(word: str) -> bool:
    """Whether a name's word is a past participle: the lexicon's (``calibrated``, ``spun``), or an ``-ed`` word it
    does not know (``unshaked``); ``bed`` and ``red`` are none."""
    return bool(verb_base(word, "VBN")) or (word.endswith("ed") and not parts_of_speech(word))


def _is_state_word(word: str) -> bool:
    """Whether a name's word says how something is: a participle (``equipped``, ``going``) or a word the lexicon
    knows as an adjective (``visible``)."""
    return _participle(word) or bool(verb_base(word, "VBG")) or word in ADJECTIVES or "ADJ" in parts_of_speech(word)


def _is_verb(word: str) -> bool:
    """Whether a name's word is a verb in the third person (``has``, ``prefers``, ``suits``): ``VERBS`` or the
    lexicon's (``words.verb_base``)."""
    return word in VERBS or verb_base(word, "VBZ") is not None


def _is_noun(parts: list[str]) -> bool:
    """Whether a name's words read as a noun phrase (``egg``, ``ball``, ``fuel level``): a type-like predicate."""
    return (all(w.isalpha() and w not in ADJECTIVES and w not in PREPOSITIONS and not _is_verb(w)
                and w not in ("no", "not", "can") for w in parts)
            and _noun_word(parts[0]) and _noun_word(parts[-1]))


def _noun_word(word: str) -> bool:
    """Whether a word can be a noun: the lexicon knows it as one (``goal``, ``attendant``, ``instrument``); a word it
    does not know (a name, ``robby``) unless its ending marks an adjective."""
    if verb_base(word, "VBG") or _participle(word) or (word.startswith("un") and _participle(word[2:])):
        return False  # holding, unshaken: a state ("is holding"), not a kind
    known = parts_of_speech(word)
    return "NOUN" in known if known else not word.endswith(_ADJECTIVE_ENDINGS)


PHRASES = {"one less": "{0} is one less than {1}", "less": "{0} is less than {1}", "greater": "{0} is greater than {1}",
           "next": "{0} is next to {1}", "succ": "{1} comes after {0}", "in": "{0} is in {1}", "at": "{0} is at {1}",
           "on": "{0} is on {1}"}
"""Whole two-argument names with a fixed phrasing."""
ING_PREPOSITION = {"pointing": "at", "looking": "at", "waiting": "for", "heading": "to", "aiming": "at",
                   "facing": "toward", "travelling": "to", "traveling": "to"}
"""-ing words that take a preposition before their object: "{0} is pointing at {1}"."""
GLUED_NOUNS = frozenset({"table", "tray", "board", "top", "floor", "ground", "shelf", "stack", "deck", "hand"})
"""Nouns glued to a preposition in some benchmark names (``ontable``, ``ontray``)."""
PARTICIPLE_LIKE = frozenset({"made", "built", "born", "kept", "held", "put", "set", "sent", "left", "bound"})

_ING_PASSIVE = {"holding": "held", "carrying": "carried", "lifting": "lifted", "driving": "driven",
                "pushing": "pushed", "pulling": "pulled", "using": "used", "wearing": "worn"}


def derive_action(name: str, arity: int, schema: ast.ActionSchema | None = None) -> str:
    """The default action template: with the ``schema``, its verb and arguments with the prepositions the
    schema implies (phrasing.py); without, the words of the name, then the arguments."""
    if schema is not None:
        return phrase_action(schema)
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
    derived: tuple[str, ...] = ()
    """The entries no file gave, derived from names ("predicate NAME", "action NAME"), sorted."""
    source: str = DERIVED
    """Who wrote the override file: "reviewed" (the default of a templates.json), "llm", or DERIVED without one."""
    hidden: frozenset[str] = frozenset()
    """Predicates whose facts observations leave out: derived, never changed, and only restating an
    action's name (PDDLGym's action literals, ``(putpaninoven pan-0 oven-0)``); the rules still name them."""

    @classmethod
    def for_domain(cls, domain: ast.Domain, overrides: Path | str | None = None) -> Templates:
        """Derived templates, with the entries of the JSON file ``overrides`` (if given) replacing them.

        This is the derived wording every other source falls back on, entry by entry."""
        static = static_predicates(domain)
        places, moved = place_types(domain), moved_predicates(domain)
        predicates = {p.name: derive_predicate(p.name, len(p.parameters), _types(domain, p.parameters),
                                               tuple(q.name for q in p.parameters), p.name not in static,
                                               places if domain.types else None, p.name in moved)
                      for p in domain.predicates}
        actions = {a.name: derive_action(a.name, len(a.parameters), a) for a in domain.actions}
        source, given = DERIVED, set()
        if overrides is not None:
            source = _apply_overrides(Path(overrides), domain, predicates, actions, given)
        fixed = {n: t for n, t in actions.items() if f"action {n}" in given}
        actions.update(unambiguous(domain, {n: t for n, t in actions.items() if n not in fixed}, fixed))
        predicates.update({n: t for n, t in compiled_flags(domain, actions).items() if f"predicate {n}" not in given})
        by_words = {split_name(a.name): a for a in domain.actions}
        hidden = set()
        for p in domain.predicates:
            action = by_words.get(split_name(p.name))
            if action is None or f"predicate {p.name}" in given:
                continue
            done = _done(split_name(p.name)) if p.name not in static and len(p.parameters) == 1 else None
            if done is not None:  # putaway ?d, added by put-away: the action's result, "{0} is put away"
                predicates[p.name] = done
                continue
            predicates[p.name] = "it is possible to " + (
                actions[action.name] if len(action.parameters) == len(p.parameters) else
                " ".join([*split_name(action.name), *(f"{{{i}}}" for i in range(len(p.parameters)))]))
            if p.name in static:
                hidden.add(p.name)
        derived = sorted(({f"predicate {n}" for n in predicates} | {f"action {n}" for n in actions}) - given)
        return cls(domain, predicates, actions, tuple(derived), source, frozenset(hidden))

    @classmethod
    def beside(cls, domain: ast.Domain, domain_path: Path | str) -> Templates:
        """Templates for a domain file, using ``templates.json`` in its folder when there is one."""
        path = Path(domain_path).parent / TEMPLATES_FILE
        return cls.for_domain(domain, path if path.is_file() else None)

    @property
    def wording(self) -> str:
        """Where the text comes from, as the dataset card says it: "reviewed", "LLM-drafted" or "derived",
        with the derived entries counted when a file gave only some."""
        if not self.derived:
            return WORDING_SOURCES.get(self.source, self.source)
        if self.source == DERIVED:
            return "derived"
        total = len(self.predicates) + len(self.actions)
        return f"{WORDING_SOURCES.get(self.source, self.source)}, {len(self.derived)} of {total} entries derived"

    def derived_warning(self, domain_file: str = "DOMAIN") -> str | None:
        """The warning a command prints once for the domain when any wording is derived from names, else None."""
        if not self.derived:
            return None
        shown = ", ".join(self.derived[:3]) + (f" and {len(self.derived) - 3} more" if len(self.derived) > 3 else "")
        return (f"warning: the wording of domain {self.domain.name!r} is derived from its PDDL names "
                f"({len(self.derived)} entr{'y' if len(self.derived) == 1 else 'ies'}: {shown}); for reviewed text "
                f"run `{REVIEW_COMMAND.format(domain=domain_file)}`, check the file and put it beside the domain")

    def fact(self, predicate: str, args: Iterable[str]) -> str:
        return self.predicates[predicate].format(*args)

    def negated_fact(self, predicate: str, args: Iterable[str]) -> str:
        """The fact denied inside its own clause ("{0} is not dry", ``negation.negate``); only a template with no
        verb to carry the denial is read "it is not true that ..."."""
        template, args = self.predicates[predicate], tuple(args)
        denied = negate(template)
        return denied.format(*args) if denied is not None else NEGATED.format(in_sentence(template.format(*args)))

    def action(self, name: str, args: Iterable[str]) -> str:
        return self.actions[name].format(*args)


def place_types(domain: ast.Domain) -> frozenset[str]:
    """The types of the places of ``domain``: the last argument of a two-argument fact named by "at", "in" or "on"
    (``at ?x ?l - location``, ``robotat ?r ?l - room``), and their subtypes."""
    found = {p.parameters[-1].types[0].lower() for p in domain.predicates
             if len(p.parameters) == 2 and p.parameters[-1].types and split_name(p.name)[-1] in ("at", "in", "on")}
    while True:
        more = {t.name.lower() for t in domain.types if any(parent.lower() in found for parent in t.types)} - found
        if not more:
            return frozenset(found)
        found |= more


def moved_predicates(domain: ast.Domain) -> frozenset[str]:
    """Predicates some action moves: it deletes one of their facts and adds another that differs in an argument
    (``at-robot ?from`` for ``at-robot ?to``)."""
    found = set()
    for action in domain.actions:
        adds, dels = effect_atoms(action.effect)
        found |= {d.predicate for d in dels for a in adds if a.predicate == d.predicate and a.args != d.args}
    return frozenset(found)


def _types(domain: ast.Domain, parameters: tuple[ast.TypedName, ...]) -> tuple[str, ...]:
    """The first declared type of each parameter ("" when untyped)."""
    return tuple(p.types[0] if p.types else "" for p in parameters)


def _apply_overrides(path: Path, domain: ast.Domain, predicates: dict[str, str], actions: dict[str, str],
                     given: set[str]) -> str:
    """Replace the entries the file gives (each named in ``given`` as "predicate NAME"/"action NAME");
    returns the file's "source" marker ("reviewed" when it has none)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise TemplateError(f"{path}: cannot read the templates: {exc}") from exc
    if not isinstance(data, dict):
        raise TemplateError(f'{path}: expected a JSON object {{"predicates": {{...}}, "actions": {{...}}}}')
    unknown = sorted(set(data) - {"predicates", "actions", "source"})
    if unknown:
        raise TemplateError(f"{path}: unknown section {unknown[0]!r}; expected 'predicates' and/or 'actions'")
    source = data.pop("source", REVIEWED)  # who wrote the file ("llm": `agentgen-sym templates`)
    if not isinstance(source, str):
        raise TemplateError(f"{path}: source: expected a string")
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
            given.add(f"{noun} {name}")
    return source


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
