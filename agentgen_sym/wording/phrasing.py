"""Derived action wording: a verb and its arguments, each with the preposition its schema implies.

``move ?from ?to`` whose effect swaps ``(at ?r ?from)`` for ``(at ?r ?to)`` reads "move from {0} to
{1}"; ``putpaninoven ?p ?o`` reads "put {0} in {1}" (the name's own words name its arguments);
``load-truck ?o ?t ?l`` with the effect ``(in ?o ?t)`` and the precondition ``(at ?t ?l)`` reads
"load {0} in {1} at {2}". The rules only read the schema, so the same domain gives the same text;
``unambiguous`` then makes sure no two actions of a domain share a text shape, so every text still
reads back as exactly one action.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Iterator, Mapping

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import conjuncts, effect_parts
from agentgen_sym.wording.words import ordinal, parts_of_speech, split_name, verb_form

LOCATIVE = ("at", "in", "on", "into", "onto", "inside", "from", "to", "with", "under", "near", "beside")
"""Prepositions that may introduce an argument, as found in predicate, action and variable names."""
_COMPILED_STEP = re.compile(
    r"^(?P<base>.+?)-(?:condeff(?P<effect>\d+)-(?:(?P<yes>yes)|no-(?P<fails>\d+))|endof-condeffs)$", re.IGNORECASE)
"""The sub-actions of a conditional effect compiled away (the IPC-2004 ADL-to-STRIPS names, as in PSR):
``A-condeffN-yes`` applies effect N of ``A``, ``A-condeffN-no-M`` skips it as its condition's conjunct M
fails, ``A-endof-condeffs`` finishes ``A``."""
_ARG_PREPOSITION = {"into": "into", "onto": "onto", "inside": "inside", "at": "at", "in": "in", "on": "on",
                    "under": "under", "near": "near", "beside": "beside"}


def _atoms(formula: ast.Formula | None) -> Iterator[ast.Atom]:
    for part in conjuncts(formula):
        if isinstance(part, ast.Atom):
            yield part


def effect_atoms(effect: ast.Effect | None) -> tuple[list[ast.Atom], list[ast.Atom]]:
    """The atoms an effect adds and those it deletes, at its top level (not inside a condition or a forall)."""
    adds, dels = [], []
    for part in effect_parts(effect):
        if isinstance(part, ast.Atom):
            adds.append(part)
        elif isinstance(part, ast.Not) and isinstance(part.arg, ast.Atom):
            dels.append(part.arg)
    return adds, dels


def _vars(atom: ast.Atom) -> list[str | None]:
    return [a.name.lower() if isinstance(a, ast.Variable) else None for a in atom.args]


def _locative(predicate: str) -> str | None:
    """The preposition a predicate's name carries (``at``, ``in-truck``, ``ontable``), if any."""
    found = [w for w in split_name(predicate) if w in _ARG_PREPOSITION]
    return _ARG_PREPOSITION[found[0]] if found else None


def prepositions(action: ast.ActionSchema) -> tuple[dict[str, str], dict[str, str]]:
    """Parameter name -> the preposition that introduces it, read off the schema: (strong, weak).

    Strong: the start and the end of a journey (``_journeys``: a deleted atom and the same atom added
    with another parameter in one place) read "from" and "to"; a variable named like a preposition
    (``?from``, ``?to``) takes its name. Weak: a parameter in a
    later place of a locative atom (``at``, ``in``, ``on``) that the effect adds or the
    precondition keeps takes that preposition, one the effect deletes takes "from". Only strong
    ones may precede the first argument (``move from {0} to {1}`` but ``pick up {0}``).
    """
    adds, dels = effect_atoms(action.effect)
    strong = _journeys(action)
    for p in action.parameters:
        first = split_name(p.name)[0]
        if first in LOCATIVE:
            strong.setdefault(p.name.lower(), first)
    weak: dict[str, str] = {}
    gone = {(a.predicate, tuple(_vars(a))) for a in dels}
    kept = [a for a in _atoms(action.precondition) if (a.predicate, tuple(_vars(a))) not in gone]
    for atoms, leaving in ((adds, False), (kept, False), (dels, True)):
        for atom in atoms:
            word = _locative(atom.predicate)
            names = _vars(atom)
            for name in (names[1:] if len(names) > 1 else names) if word else ():
                if name:
                    weak.setdefault(name, "from" if leaving else word)
    return strong, weak


def _journeys(action: ast.ActionSchema) -> dict[str, str]:
    """Parameter name -> "from" or "to": where something moves from and to. A deleted atom and an added one of
    the same predicate that differ in one argument, not the first (the first is what moves: ``(at ?s ?from)``
    against ``(at ?p ?from)`` is a stone leaving a cell to the player, no journey), in an atom of two or more
    arguments or a locative one. A parameter that is both an end and a start (sokoban's player stepping into the
    cell the stone leaves, scanalyzer's segments swapping cars) is on no single journey and left out."""
    adds, dels = effect_atoms(action.effect)
    starts: set[str] = set()
    ends: set[str] = set()
    order: list[str] = []
    for gone in dels:
        for came in adds:
            if came.predicate != gone.predicate or len(came.args) != len(gone.args):
                continue
            if len(came.args) < 2 and _locative(came.predicate) is None:
                continue
            old, new = _vars(gone), _vars(came)
            differ = [i for i in range(len(old)) if old[i] != new[i]]
            if len(differ) == 1 and old[differ[0]] and new[differ[0]] and (differ[0] > 0 or len(old) == 1):
                starts.add(old[differ[0]])
                ends.add(new[differ[0]])
                order += [old[differ[0]], new[differ[0]]]
    both = starts & ends
    return {name: "from" if name in starts else "to" for name in dict.fromkeys(order) if name not in both}


PARTICLES = frozenset({"up", "down", "off", "out", "away", "back", "over", "about"})
"""Words that stay with the verb (``pick up``, ``put down``)."""
GOING = frozenset({"walk", "go", "come", "run", "hike", "travel", "climb", "crawl", "swim", "step", "wander",
                   "stroll", "ride", "sail", "drift", "roll"})
"""Verbs of going that take no object: whoever goes is their subject ("have {0} walk from {1} to {2}", never
"walk {0} from ..."). The lexicon has no transitivity, so this short list stands in for it."""
INTO = frozenset({"load", "pour", "insert", "inject", "dump", "tip", "empty"})
"""Verbs whose goal is entered: their "in" reads "into" ("load {0} into {1}")."""


def _matches(word: str, parameter: ast.TypedName) -> bool:
    names = {parameter.name.lower(), *(t.lower() for t in parameter.types)}
    return word in names or word + "s" in names or any(word == split_name(n)[-1] for n in names)


def _switch(action: ast.ActionSchema, words: list[str], at: int) -> bool:
    """Whether the name's last word ``on``/``off`` (``switch_on ?i ?s``) is the verb's particle: it is
    unless the effect relates two things by it (``put-on ?x ?y`` adding ``(on ?x ?y)``: "put {0} on {1}").
    Another preposition is one when the effect is a state named by it (``check-in`` adding ``checked-in``)."""
    if at != len(words) - 1 or words[at] not in LOCATIVE:
        return False
    adds, dels = effect_atoms(action.effect)
    if words[at] not in ("on", "off"):  # check-in ?b ?a adding (checked-in ?b): "check in {0} at {1}"
        states = [split_name(a.predicate) for a in adds + dels if len(a.args) == 1]
        return any(len(state) > 1 and state[-1] == words[at] for state in states)
    return not any(len(a.args) > 1 and _locative(a.predicate) == words[at] for a in adds + dels)


def phrase_action(action: ast.ActionSchema, keep_words: bool = False) -> str:
    """The derived template of ``action``: its name's words, with the arguments each in its place.

    The first argument follows the verb (and its particles) as its object unless the name has
    words of its own for that (``bake cake in {0}``), it is where a move starts, or it is who acts
    ("have {0} load {1} on {2}", see ``_is_agent``); words of the name that name an argument's type
    become that argument where the name is itself a phrase with a preposition (``put pan in oven``)
    and are left out otherwise (``load-truck``: the object's name says it is a truck); every other
    argument follows with its preposition, "with" when the schema implies none, and "and" instead
    of a preposition just used. ``keep_words`` keeps a name's word before the argument it names
    (``put egg {0} in pan {1}``), which tells apart actions whose names differ only in those words.
    """
    compiled = _COMPILED_STEP.match(action.name)
    if compiled:
        return _compiled_step(action, compiled, keep_words)
    action = _with_kinds(action)
    words = split_name(action.name)
    goer = _goer(action) if words[0] in GOING else None
    if goer is not None:
        return _with_doer(action, goer, keep_words)
    doer = 0 if _is_agent(action) else _later_doer(action)
    if doer is not None:
        return _with_doer(action, doer, keep_words)
    if words[0] in PARTICLES and _journeys(action):  # miconic's up ?f1 ?f2: "go up from {0} to {1}"
        return "go " + _phrase(action, keep_words)
    return _phrase_in_order(action, list(range(len(action.parameters))), keep_words)


def _phrasal(word: str) -> list[str]:
    """A verb and its particle glued into a noun (``pickup``, ``setup``) as the verb they spell: ``pick up``."""
    if "VERB" in parts_of_speech(word):
        return [word]
    for particle in PARTICLES:
        if word.endswith(particle) and verb_form(word[:-len(particle)], "VB"):
            return [word[:-len(particle)], particle]
    return [word]


def _changes(action: ast.ActionSchema, parameter: ast.TypedName) -> bool:
    """Whether an effect names ``parameter`` (``visit ?r`` adding ``(visited ?r)``: the place is the object)."""
    adds, dels = effect_atoms(action.effect)
    return any(parameter.name.lower() in _vars(atom) for atom in adds + dels)


def _with_doer(action: ast.ActionSchema, doer: int, keep_words: bool) -> str:
    """"have {doer} ..." and the rest of the action phrased without it."""
    return f"have {{{doer}}} " + _phrase_in_order(action, [i for i in range(len(action.parameters)) if i != doer],
                                                   keep_words)


def _phrase_in_order(action: ast.ActionSchema, order: list[int], keep_words: bool) -> str:
    """The action phrased with the parameters ``order`` names, in that order, its placeholders still the
    action's own: a place named first (``pickup_spanner ?l ?s``) is no object ("pick up {1} at {0}")."""
    params = [action.parameters[i] for i in order]
    strong, weak = prepositions(action)
    if params and weak.get(params[0].name.lower()) in _ARG_PREPOSITION and params[0].name.lower() not in strong:
        thing = next((k for k, p in enumerate(params) if p.name.lower() not in weak | strong), None)
        if thing is not None:
            order = [order[thing], *order[:thing], *order[thing + 1:]]
            params = [action.parameters[i] for i in order]
        elif len(params) == 1 and not split_name(action.name)[1:] and not _changes(action, params[0]):
            return f"{split_name(action.name)[0]} {weak[params[0].name.lower()]} {{{order[0]}}}"  # stop at {0}
    text = _phrase(dataclasses.replace(action, parameters=tuple(params)), keep_words)
    return re.sub(r"\{(\d+)\}", lambda m: f"{{{order[int(m[1])]}}}", text)


def _goer(action: ast.ActionSchema) -> int | None:
    """The parameter that goes on a journey of ``action`` (the first argument of the fact whose place changes),
    if it is one."""
    _, dels = effect_atoms(action.effect)
    ends = _journeys(action)
    names = [p.name.lower() for p in action.parameters]
    for gone in dels:
        old = _vars(gone)
        if len(old) > 1 and old[-1] in ends and old[0] in names and old[0] not in ends:
            return names.index(old[0])
    return None


def _with_kinds(action: ast.ActionSchema) -> ast.ActionSchema:
    """``action`` with each untyped parameter's kinds as its types: the one-argument facts its precondition needs
    of it and its effect leaves alone (``get-chips ?x`` needing ``(chips ?x)``: ``?x`` is chips), as STRIPS
    domains without types name them."""
    adds, dels = effect_atoms(action.effect)
    changed = {a.predicate for a in adds + dels}
    kinds: dict[str, list[str]] = {}
    for atom in _atoms(action.precondition):
        names = _vars(atom)
        if len(names) == 1 and names[0] and atom.predicate not in changed:
            kinds.setdefault(names[0], []).append(atom.predicate.lower())
    parameters = tuple(p if p.types or p.name.lower() not in kinds else
                       dataclasses.replace(p, types=tuple(kinds[p.name.lower()])) for p in action.parameters)
    return dataclasses.replace(action, parameters=parameters)


def _phrase(action: ast.ActionSchema, keep_words: bool) -> str:
    params = action.parameters
    words = list(split_name(action.name))
    if len(words) > 1 and words[0] == "do" and verb_form(words[1], "VB"):  # do-polish ?x: "polish {0}"
        words.pop(0)
    words[:1] = _phrasal(words[0])
    if not params:  # reset-counter: "reset the counter"
        nouns = len(words) > 1 and verb_form(words[0], "VB") and all(
            "NOUN" in parts_of_speech(w) and w not in LOCATIVE and w not in PARTICLES for w in words[1:])
        return " ".join([words[0], "the", *words[1:]] if nouns else words)
    strong, weak = prepositions(action)
    if words[0] in INTO:
        weak = {name: "into" if word == "in" else word for name, word in weak.items()}
    while len(words) > 1 and _matches(words[0], params[0]):  # robot-move ?r: the object names the robot
        words.pop(0)
    cut = 1
    while cut < len(words) and (words[cut] in PARTICLES or _switch(action, words, cut)):
        cut += 1
    tokens, rest = words[:cut], words[cut:]
    rest = _without_journey_words(rest, params, strong)
    interleaved = any(w in LOCATIVE for w in rest)
    extra = [w for w in rest if w not in LOCATIVE and not any(_matches(w, p) for p in params)]
    extra = [] if rest and _matches(rest[0], params[0]) else extra  # make_sandwich_no_gluten: make {0} no gluten
    placed: set[int] = set()
    named_first = keep_words and any(_matches(w, params[0]) for w in rest if w not in LOCATIVE)
    names_other = interleaved and rest[0] not in LOCATIVE and not _matches(rest[0], params[0]) and any(
        _matches(rest[0], p) for p in params[1:])  # putpaninoven ?robot ?pan ?oven: the pan is the object
    if not extra and params[0].name.lower() not in strong and not named_first and not names_other:
        tokens.append("{0}")
        placed.add(0)
    label: dict[int, str] = {}  # with keep_words, a dropped name word goes before its argument
    for word in rest:
        named = [] if word in LOCATIVE else [i for i, p in enumerate(params) if _matches(word, p)]
        match = next((i for i in named if i not in label and i not in placed), named[0] if named else None)
        if match is None:
            tokens.append(word)
        elif keep_words and not interleaved and match not in placed:
            label[match] = word
        elif (interleaved or match == 0) and match not in placed:
            name = params[match].name.lower()
            if tokens[-1].startswith("{") or name in strong:  # never two bare arguments in a row (move-curb-
                tokens.append(strong.get(name) or weak.get(name) or "with")  # to-curb), nor a bare journey's end
            tokens += [word, f"{{{match}}}"] if keep_words else [f"{{{match}}}"]
            placed.add(match)
    last = None
    for i, p in enumerate(params):
        if i in placed:
            continue
        journey = strong.get(p.name.lower())
        if tokens[-1] in LOCATIVE and journey in (None, tokens[-1]):  # turn_to ?s ?d: "turn {0} to {1}"
            last = tokens[-1]
        elif i == 0 and i in label:  # move-car-to-car, its name's words kept: "move car {0} from car {1} to {2}"
            pass
        else:  # go-in ?h ?from ?to: "go {0} in from {1} to {2}"; each end of a journey says which it is
            prep = journey or weak.get(p.name.lower()) or "with"
            tokens.append("and" if prep == last else prep)
            last = prep
        tokens += [label[i], f"{{{i}}}"] if i in label else [f"{{{i}}}"]
    return " ".join(tokens)


def _without_journey_words(rest: list[str], params: tuple[ast.TypedName, ...], strong: dict[str, str]) -> list[str]:
    """The name's words less each "from"/"to" that ends it or comes before a word naming an end of a journey: the
    ends take their own prepositions (``move-curb-to-curb``: "move {0} from {1} to {2}", not "move {1} to {0} and
    {2}"), while a "to" before a word naming anything else stays (``pour-shot-to-clean-shaker``)."""
    ends = [p for p in params if strong.get(p.name.lower()) in ("from", "to")]
    kept = []
    for i, word in enumerate(rest):
        following = rest[i + 1] if i + 1 < len(rest) else None
        if ends and word in ("from", "to") and (following is None or any(_matches(following, p) for p in ends)):
            continue
        kept.append(word)
    return kept


def _is_agent(action: ast.ActionSchema) -> bool:
    """Whether the first parameter is who acts rather than what is acted on: it is no place of a locative fact,
    and either no effect mentions it while one mentions another parameter (``load-book ?clerk ?book ?cart
    ?area`` adds ``(on ?book ?cart)``), or the effects move another parameter (a locative fact of it changes)
    and not it: the text reads "have {0} load {1} on {2} at {3}", never "load {0} in {1}"."""
    if len(action.parameters) < 2:
        return False
    adds, dels = effect_atoms(action.effect)
    changed = {v for atom in adds + dels for v in _vars(atom)}
    places = {_vars(atom)[-1] for atom in [*_atoms(action.precondition), *adds, *dels]
              if atom.args and _locative(atom.predicate)}  # lift-at ?f, at-robot ?pos: a place acts on nothing
    names = [p.name.lower() for p in action.parameters]
    if names[0] in places:
        return False
    if names[0] not in changed:
        return any(n in changed for n in names[1:])
    # changed only in what it holds or how it is (its hand, holding ?r ?d), while it moves another parameter
    # (pick-up ?r ?d ?l deletes (dishat ?d ?l)): the robot picks the dish up, it is not picked up
    moved = {_vars(atom)[0] for atom in adds + dels if len(atom.args) > 1 and _locative(atom.predicate)}
    if names[0] not in moved | _journeys(action).keys():
        return any(n in moved for n in names[1:])
    trips = _trips(action)  # escort ?n ?p ?from ?to: both go the same way, and the first leads
    return names[0] in trips and any(trips.get(n) == trips[names[0]] for n in names[1:])


def _trips(action: ast.ActionSchema) -> dict[str, tuple[str, str]]:
    """Who goes where: each parameter whose place fact is deleted and added with another last argument, and
    that (start, end)."""
    adds, dels = effect_atoms(action.effect)
    found = {}
    for gone in dels:
        for came in adds:
            old, new = _vars(gone), _vars(came)
            if (came.predicate == gone.predicate and len(old) > 1 and old[:-1] == new[:-1] and old[-1] != new[-1]
                    and old[0]):
                found[old[0]] = (old[-1], new[-1])
    return found


def _later_doer(action: ast.ActionSchema) -> int | None:
    """The one parameter after the first that acts: it is no place, the action changes nothing of it but what it
    now holds of a parameter it moves (``carrying ?m ?s`` as ``?s`` leaves its place), and the precondition
    relates it to a parameter the action changes (``driving ?d ?t`` as the truck drives, ``carrying ?m ?s`` as
    the spanner is used): DRIVE-TRUCK ?t ?from ?to ?d reads "have {3} drive {0} from {1} to {2}"."""
    adds, dels = effect_atoms(action.effect)
    names = [p.name.lower() for p in action.parameters]
    places = {_vars(atom)[-1] for atom in [*_atoms(action.precondition), *adds, *dels]
              if atom.args and _locative(atom.predicate)}
    moved = {_vars(atom)[0] for atom in dels if len(atom.args) > 1 and _locative(atom.predicate)}
    changed = {v for atom in adds + dels for v in _vars(atom)}
    found = []
    for i, name in enumerate(names[1:], start=1):
        touched = [_vars(atom) for atom in adds + dels if name in _vars(atom)]
        if name in places or any(v[0] != name or len(v) != 2 or v[1] not in moved for v in touched):
            continue
        if any(len(v) == 2 and v[0] == name and v[1] in changed - {name} and not _locative(atom.predicate)
               for atom in _atoms(action.precondition) for v in [_vars(atom)]) or touched:
            found.append(i)
    return found[0] if len(found) == 1 else None


def _compiled_step(action: ast.ActionSchema, parts: re.Match[str], keep_words: bool) -> str:
    """A compiled conditional-effect step in words, around the text of the action it belongs to: its
    name's pieces (``condeff0``, ``endof``) are bookkeeping a reader cannot act on."""
    base = phrase_action(dataclasses.replace(action, name=parts["base"]), keep_words)
    if parts["effect"] is None:
        return f"finish the conditional effects of {base}"
    effect = f"the {ordinal(int(parts['effect']) + 1)} conditional effect of {base}"
    if parts["yes"]:
        return f"apply {effect}"
    return f"skip {effect} as its {ordinal(int(parts['fails']) + 1)} condition fails"


def compiled_flags(domain: ast.Domain, actions: Mapping[str, str]) -> dict[str, str]:
    """Templates for the bookkeeping facts of compiled conditional effects (``do-normal``,
    ``do-A-condeffs``, ``done-N``), only in a domain that has compiled steps; ``actions`` are the
    actions' templates."""
    bases = {m["base"].lower() for a in domain.actions if (m := _COMPILED_STEP.match(a.name))}
    if not bases:
        return {}
    schemas = {a.name.lower(): a for a in domain.actions}
    flags = {}
    for predicate in domain.predicates:
        if predicate.parameters:
            continue
        name = predicate.name.lower()
        pending = re.fullmatch(r"do-(.+)-condeffs", name)
        done = re.fullmatch(r"done-(\d+)", name)
        if name == "do-normal":
            flags[predicate.name] = "no conditional effects are pending"
        elif pending and pending[1] in bases & schemas.keys() and not schemas[pending[1]].parameters:
            flags[predicate.name] = f"the conditional effects of {actions[schemas[pending[1]].name]} are pending"
        elif done:
            flags[predicate.name] = f"the {ordinal(int(done[1]) + 1)} conditional effect is dealt with"
    return flags


def shape(template: str) -> str:
    """A template with its placeholders blanked: two templates of one shape could read alike."""
    return re.sub(r"\{\d+\}", "{}", " ".join(template.lower().split()))


def unambiguous(domain: ast.Domain, derived: dict[str, str], fixed: dict[str, str]) -> dict[str, str]:
    """``derived`` with any template whose shape another action's text (or PDDL call) shares replaced
    by its name's words followed by the arguments; ``fixed`` are the templates that are not derived."""
    arity = {a.name: len(a.parameters) for a in domain.actions}
    schemas = {a.name: a for a in domain.actions}

    def taken(name: str, chosen: dict[str, str]) -> set[str]:
        others = {shape(t) for n, t in chosen.items() if n != name}
        return others | {shape(" ".join([n, *(["{0}"] * arity[n])])) for n in arity if n != name}

    chosen = {**derived, **fixed}
    for name in sorted(derived):
        if shape(chosen[name]) in taken(name, chosen):
            worded = phrase_action(schemas[name], keep_words=True)
            plain = " ".join([*split_name(name), *(f"{{{i}}}" for i in range(arity[name]))])
            chosen[name] = next((t for t in (worded, plain) if shape(t) not in taken(name, chosen)),
                                " ".join([name, *(f"{{{i}}}" for i in range(arity[name]))]))
    return {name: chosen[name] for name in derived}
