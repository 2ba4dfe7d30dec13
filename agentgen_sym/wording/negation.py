"""A fact denied inside its own clause: "{0} is not dry", "{0} does not prefer {1}", "there is no road from {0}".

A reader takes "it is not true that fern is dry" for a machine's English: the verb of the fact's template
carries the denial instead. A template (placeholders and all) is negated by its finite verb, the first of:

- a form of "be" or a modal, which takes "not" ("there is a road" becomes "there is no road", "can" "cannot");
- "has"/"have", an auxiliary before a participle ("has not been spun"), else a main verb ("does not have");
- a verb in the third person right after a placeholder ("{0} prefers {1}"), which becomes "does not" and
  its base form, looked up in lemminflect's English lexicon (never a suffix rule: "lies" is "lie", not "ly").

A denial is undone the other way round ("does not exist" becomes "exists"). A template with none of these
has no verb to carry the denial, and ``negate`` returns None.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentgen_sym.wording.words import verb_base, verb_form, with_article

BE = frozenset({"is", "are", "am", "was", "were"})
MODALS = frozenset({"can", "could", "must", "may", "might", "will", "would", "shall", "should"})
HAVE = {"has": "does", "have": "do"}
ARTICLES = frozenset({"a", "an", "some", "any"})
SUBJECTS = frozenset({"it", "he", "she", "one", "someone", "something", "nothing", "everything"})
_PLACEHOLDER = re.compile(r"\{\d+\}(?:'s)?")


def _after_subject(tokens: list[str], i: int) -> bool:
    """Whether token ``i`` follows a placeholder or a pronoun: where a clause's verb stands."""
    return i > 0 and (bool(_PLACEHOLDER.fullmatch(tokens[i - 1])) or tokens[i - 1].lower() in SUBJECTS)


@lru_cache(maxsize=4096)
def negate(template: str) -> str | None:
    """``template`` with its finite verb denied (or its denial undone); None when it has no finite verb."""
    tokens = template.split(" ")
    lower = [t.lower() for t in tokens]
    for i, word in enumerate(lower):
        following = lower[i + 1] if i + 1 < len(lower) else ""
        if word in ("does", "do") and following == "not" and i + 2 < len(tokens):  # does not exist -> exists
            verb = tokens[i + 2]
            if word == "does":
                verb = verb_form(verb.lower(), "VBZ") or verb
            return " ".join(tokens[:i] + [verb] + tokens[i + 3:])
        if word in BE | MODALS | HAVE.keys() and following == "not":  # is not dry -> is dry
            return " ".join(tokens[:i + 1] + tokens[i + 2:])
        if word in BE:
            if i > 0 and lower[i - 1] == "there" and following in ARTICLES:
                return " ".join(tokens[:i + 1] + ["no"] + tokens[i + 2:])
            if i > 0 and lower[i - 1] == "there" and following == "no" and i + 2 < len(tokens):
                return " ".join(tokens[:i + 1] + [with_article(" ".join(tokens[i + 2:]))])
            return " ".join(tokens[:i + 1] + ["not"] + tokens[i + 1:])
        if word in ("can", "cannot"):  # one word denied, as English writes it
            return " ".join(tokens[:i] + [tokens[i][:3] + ("" if word == "cannot" else "not")] + tokens[i + 1:])
        if word in MODALS:
            return " ".join(tokens[:i + 1] + ["not"] + tokens[i + 1:])
        if word in HAVE:
            if following == "been" or (following and verb_base(following, "VBN")):
                return " ".join(tokens[:i + 1] + ["not"] + tokens[i + 1:])
            return " ".join(tokens[:i] + [HAVE[word], "not", "have"] + tokens[i + 1:])
        if _after_subject(tokens, i) and word.endswith("s") and (base := verb_base(word, "VBZ")):
            return " ".join(tokens[:i] + ["does", "not", base] + tokens[i + 1:])
    return None
