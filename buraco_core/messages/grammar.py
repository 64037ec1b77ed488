"""Agreement by construction: a sentence's words chosen by what its argument is.

A catalog sentence that names a player, a team or a ruleset cannot be right by luck in German:
„{player} hat ausgemacht“ is wrong for the learner („Du hat“), „{team} hat“ for the opponents
(„Gegner hat“), „Nur in {rulesets}“ for every ruleset („in Klassisches Buraco“). So the words a
value stands for in a sentence are a property of the catalog, written where the value's name is:

- a **term** is a catalog entry written as a table whose ``"*"`` is the name as a label shows it,
  with its **forms** (``nom``, ``acc``, ``dat``, ``gen``; ``in``: after „in“, the article
  contracted, „im Klassischen Buraco“) and its **features** (``is``: ``you``, ``pl``, ``m``,
  ``f``, ``n``)::

      [table.opponents]
      "*" = "Gegner"
      is = "pl"
      nom = "die Gegner"
      dat = "den Gegnern"

  A form is a sentence of its own and may name the term's parameters (``der linke Gegner
  (Platz {seat})``) and ask forms of them (``{first:nom} und {second:nom}``);
- a sentence asks a **form** of an argument by its name: ``{team:dat}``; a capital first letter
  (``{player:Nom}``) asks for it at the start of a sentence. A value without that form (a number,
  a name the catalog does not know, a term of a language that does not decline it) is shown as
  it always is;
- a sentence **chooses** words by the argument's features: ``{player:you=hast|pl=haben|hat}``
  takes the first alternative whose feature the argument has, else the last one, which names
  none; ``#`` in the chosen words stands for the argument as shown. A number's features are its
  value, so ``{n:0=keine Meldung|1=eine Meldung|# Meldungen}`` has a form for none. The
  alternatives are plain words: no braces.

What a value is: a :class:`~buraco_core.messages.Message` is the term of its key (its features and
forms in the sentence's language); a :class:`~buraco_core.rules.Rules` is the term of its ruleset
(``ruleset.<name>``, a house variant ``house.column``); a list is its items' forms joined by the
catalog's ``list.separator`` and ``list.last``, and has the feature ``pl`` when it holds more than one.

Why the catalog grew this and did not move to Project Fluent: Fluent's terms, cases and selectors
are this very capability, but ``fluent.runtime`` brings Babel (an 11 MB wheel of locale data),
pytz, attrs and fluent.syntax into the static site, which ships every dependency as a wheel into
each visitor's browser and is already over its size target; and moving would rewrite every
sentence of both languages, the translation stamps and the typesetter for one feature. The
catalog keeps its TOML, its plurals and its stamps, and grows terms, forms and choices: one file
per language, one function (:func:`parse`) that reads them, and ``tests/test_message_agreement.py``,
which renders every sentence that names a player, a team or a ruleset with each kind of value.

>>> spec_kind("one|many"), spec_kind("dat"), spec_kind("you=hast|hat"), spec_kind("")
('plural', 'form', 'choice', None)
>>> choose("you=hast|pl=haben|hat", frozenset({"pl"}))
'haben'
>>> choose("0=keine Meldung|1=eine Meldung|# Meldungen", frozenset({"5"}))
'# Meldungen'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Term", "choose", "parse", "plural_choices", "read", "spec_kind"]

#: The key of a term's table that holds the name as a label shows it.
DEFAULT = "*"
#: The key of a term's table that holds its features, separated by spaces.
FEATURES = "is"

_FORM = re.compile(r"[A-Za-z][\w-]*\Z")
_CHOICE = re.compile(r"[\w-]+=")


@dataclass(frozen=True)
class Term:
    """A term's forms (name to template) and features, in one language."""

    forms: Mapping[str, str] = field(default_factory=dict)
    features: frozenset[str] = frozenset()


def spec_kind(spec: str) -> str | None:
    """What a field's format spec asks: ``"plural"`` (``one|many``), ``"form"`` (``dat``),
    ``"choice"`` (``you=hast|hat``), or None (the value as shown)."""
    if _CHOICE.match(spec):
        return "choice"
    if "|" in spec:
        return "plural"
    if _FORM.match(spec):
        return "form"
    return None


def choose(spec: str, features: frozenset[str]) -> str:
    """The alternative of a choice that fits ``features``: the first whose feature is among
    them, else the last (which names none)."""
    alternatives = spec.split("|")
    for alternative in alternatives[:-1]:
        feature, eq, words = alternative.partition("=")
        if not eq:
            raise ValueError(f"only the last alternative of a choice may name no feature: {spec!r}")
        if feature in features:
            return words
    last = alternatives[-1]
    if _CHOICE.match(last):
        feature, _, words = last.partition("=")
        return words if feature in features else ""
    return last


def plural_choices(template: str) -> list[str]:
    """The names of the parameters a sentence picks a plural for (``{n:card|cards}``), sorted:
    a translation has the same ones. Forms and choices are the language's own."""
    import string

    return sorted(name for _, name, spec, _ in string.Formatter().parse(template)
                  if name and spec and spec_kind(spec) == "plural")


def parse(text: str) -> tuple[dict[str, str], dict[str, Term]]:
    """A catalog file's sentences by dotted key, and its terms: a term's ``"*"`` is its sentence."""
    return read(tomllib.loads(text))


def read(table: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, Term]]:
    """The sentences and terms of a catalog file's table, as TOML reads it (:func:`parse`)."""
    sentences: dict[str, str] = {}
    terms: dict[str, Term] = {}
    _walk(table, "", sentences, terms)
    return sentences, terms


def _walk(table: Mapping[str, Any], prefix: str, sentences: dict[str, str], terms: dict[str, Term]) -> None:
    for key, value in table.items():
        path = prefix + key
        if isinstance(value, Mapping) and DEFAULT in value:
            forms = {k: v for k, v in value.items() if k not in (DEFAULT, FEATURES)}
            bad = [k for k, v in forms.items() if not isinstance(v, str) or not _FORM.match(k)]
            if bad or not isinstance(value[DEFAULT], str) or not isinstance(value.get(FEATURES, ""), str):
                raise TypeError(f"catalog term {path!r}: forms are names with sentences, {FEATURES!r} "
                                f"a string of features: {value!r}")
            sentences[path] = value[DEFAULT]
            terms[path] = Term(forms, frozenset(str(value.get(FEATURES, "")).split()))
        elif isinstance(value, Mapping):
            _walk(value, path + ".", sentences, terms)
        elif isinstance(value, str):
            sentences[path] = value
        else:
            raise TypeError(f"catalog entry {path!r} is not a sentence: {value!r}")
