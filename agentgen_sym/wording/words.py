"""English words from PDDL names: segmentation of glued names and articles, the same on every machine.

Names such as ``putpaninoven`` or ``panhasegg`` are split with wordsegment's unigram model and
articles come from inflect; both are pinned to one version in pyproject.toml, and wordsegment's
word counts ship inside its wheel, so a derived sentence does not depend on what else is
installed. A piece is split only when it is not itself a common word, so ``gripper`` or
``calibrated`` stay whole.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

import lemminflect
import wordsegment

if TYPE_CHECKING:
    import inflect

_COMMON = 100_000
"""A piece seen this often in wordsegment's web corpus (of about 10**12 words) counts as a word."""


_PREFIXES = frozenset({"de", "re", "un", "dis", "pre", "mis", "sub", "co", "ex", "en", "em", "im", "il", "ir"})
"""Prefixes wordsegment may cut off as words of their own (``debark``, ``unload`` stay whole)."""


@cache
def _loaded() -> None:
    wordsegment.load()  # reads the shipped unigram and bigram counts once per process


@cache
def _engine() -> inflect.engine:
    """inflect's engine, imported on first use: the import alone takes over a second (typeguard instruments it),
    which every command would otherwise pay at start-up, `solve` on a 20-fact task included."""
    import inflect

    return inflect.engine()


def is_common(word: str) -> bool:
    """Whether ``word`` is a frequent English word by wordsegment's counts."""
    _loaded()
    return wordsegment.UNIGRAMS.get(word.lower(), 0.0) >= _COMMON


@cache
def split_name(name: str) -> tuple[str, ...]:
    """``put-pan_in-oven`` / ``putpaninoven`` -> ``("put", "pan", "in", "oven")``, lower case.

    Hyphens and underscores always separate; a letter run is split where wordsegment's model
    splits it, and the split is kept only when every piece is a common word of two letters or
    more and none is a bound prefix (``debark`` is no "de bark"); else the run stays whole, since
    an unknown name is better shown whole than cut wrongly."""
    out: list[str] = []
    for piece in re.split(r"[-_\s]+", name.lower()):
        if not piece:
            continue
        if not piece.isalpha() or len(piece) < 4:
            out.append(piece)
            continue
        out.extend(_split_run(piece))
    return tuple(out) or (name,)


def _split_run(piece: str) -> list[str]:
    """One letter run's words. A piece split off that is itself glued (``homefromfreecell`` -> ``home
    from freecell``; the model keeps a rare compound whole in context) is spelled apart but stays one
    word, ``free cell``, so no part of it is taken for an argument's name or a preposition."""
    parts = _segment(piece)
    return [" ".join(_segment(p)) for p in parts] if len(parts) > 1 else parts


def _segment(piece: str) -> list[str]:
    _loaded()
    parts = wordsegment.segment(piece)
    fine = len(parts) > 1 and all(len(p) > 1 and p not in _PREFIXES and is_common(p) for p in parts)
    return parts if fine else [piece]


def parts_of_speech(word: str) -> frozenset[str]:
    """The parts of speech lemminflect's English lexicon knows ``word`` as (``ADJ``, ``NOUN``, ``VERB``...)."""
    return frozenset(lemminflect.getAllLemmas(word))


def verb_form(verb: str, form: str) -> str | None:
    """``verb``'s ``form`` (``VBN``: ``put`` -> ``put``, ``pick`` -> ``picked``; ``VBZ``: ``exist`` -> ``exists``)
    when the lexicon knows it as a verb, else None."""
    if "VERB" not in parts_of_speech(verb):
        return None
    return next(iter(lemminflect.getInflection(verb, form)), None)


def verb_base(word: str, form: str) -> str | None:
    """``word``'s base form when lemminflect's English lexicon knows it as a verb's ``form`` (``VBZ``: the third
    person, ``prefers``; ``VBN``: the participle, ``spun``), else None; the lexicon, never a suffix rule, so
    ``lies`` is ``lie`` and ``glass`` is no verb."""
    for lemma in lemminflect.getAllLemmas(word).get("VERB", ()):
        if word in lemminflect.getInflection(lemma, form):
            return lemma
    return None


def with_article(noun: str) -> str:
    """``egg`` -> ``an egg``, ``unicorn`` -> ``a unicorn`` (by sound, inflect's rules); a plural (``crackers``) or a
    noun whose first plural in the lexicon is itself, a mass noun (``flour``, ``data``), takes none."""
    head = noun.split()[-1].lower()
    plurals = lemminflect.getAllInflections(head, upos="NOUN").get("NNS", ())
    singulars = lemminflect.getAllLemmas(head).get("NOUN", ())
    if (plurals and plurals[0] == head) or (singulars and head not in singulars):
        return noun
    return _engine().a(noun)


def ordinal(number: int) -> str:
    """``1`` -> ``first``, ``12`` -> ``twelfth``."""
    return _engine().number_to_words(_engine().ordinal(number))
