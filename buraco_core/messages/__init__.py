"""The message catalog: every sentence a learner reads, keyed by id, with named parameters.

A :class:`Message` is a value: a key into the catalog and the parameters its sentence needs.
``str(message)`` is the English sentence; ``message.text(lang)`` the sentence in another
language of :data:`LANGUAGES`. Refusals (:class:`~buraco_core.errors.Refusal`), puzzle feedback,
widget labels and the coach hold messages, never finished prose, so that tests, hints, progress
and translations never parse English.

The catalog of a language is one TOML file beside this module (``en.toml``); its tables nest,
and a key is the dotted path (``illegal.already-drawn``). A sentence names its parameters in
braces (``you do not hold {card}``); ``{n:card|cards}`` picks the singular when ``n`` is 1 and
the plural otherwise, and a ``#`` in the chosen form stands for the number (``{n:a gap|# gaps}``).
A sentence whose grammar depends on its argument asks the argument's form (``{team:dat}``,
``{player:Nom}``) or chooses its words by what the argument is (``{player:you=hast|hat}``): the
terms, forms and choices of :mod:`buraco_core.messages.grammar`. Parameter values are shown in the
message's language:

- a :class:`Message` is rendered in the same language (messages nest);
- a :class:`~buraco_core.cards.Card` as its notation with suit symbols (``7♥``), a sequence of
  cards as their notations separated by spaces (a card and a ruleset are :class:`Worded`: they say
  themselves, and the catalog imports neither);
- a sequence of messages as their sentences, separated by the catalog's ``list.separator``;
- a :class:`~buraco_core.rules.Rules` as the ruleset's display name (``ruleset.<name>``), a house
  variant as its preset's name with "house rules" (``house.column``);
- a number in the language's own way (:func:`~buraco_core.messages.typography.format_number`:
  German ``1.000`` and ``−100``);
- anything else (a notation token) with ``str``.

The finished sentence gets its language's typography (:mod:`buraco_core.messages.typography`:
in German ``…``, the en dash of a range, no-break spaces, the capital after a colon).

>>> from buraco_core.cards import parse_card
>>> m = message("illegal.not-holding", card=parse_card("7h"))
>>> m.key, str(m)
('illegal.not-holding', 'you do not hold 7♥')
>>> render("hand.cards", n=1), render("hand.cards", n=3)
('1 card', '3 cards')
>>> message("no.such.key")
Traceback (most recent call last):
...
KeyError: "no message 'no.such.key' in the catalog"
"""

from __future__ import annotations

import hashlib
import json
import os
import string
import sys
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..memo import remembered
from . import grammar
from .grammar import Term
from .typography import format_date, format_number, typeset

__all__ = ["LANGUAGES", "Message", "Term", "Worded", "catalog", "format_date", "format_number", "keep_tables", "message", "parameters", "render", "show",
           "source_stamp", "source_stamps", "terms", "translation_problems", "typeset"]

#: The languages the catalog has, the first the one ``str`` gives.
LANGUAGES: tuple[str, ...] = ("en", "de")


class Message:
    """A catalog sentence and its parameters; ``str()`` is English, ``text(lang)`` any language.

    A value: equal when key and parameters are equal, hashable when its parameters are, and
    never changed once made (refusals build one for every refused move the engine looks at, so
    it is a plain slotted object, not a frozen dataclass).
    """

    __slots__ = ("_params", "key")

    def __init__(self, key: str, params: Mapping[str, object] | None = None, /) -> None:
        self.key = key
        self._params = {} if params is None else params

    @property
    def params(self) -> Mapping[str, object]:
        """The values the sentence names (read-only)."""
        return MappingProxyType(self._params)

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (one of :data:`LANGUAGES`), with its typography."""
        return typeset(self._raw(lang), lang)

    def _raw(self, lang: str) -> str:
        # the sentence before typesetting: a nested message is typeset once, with its sentence
        return _FORMATTER.vformat(_template(self.key, lang), (), _Params(self._params, lang))

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self._params.items())
        return f"message({self.key!r}{args})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return self.key == other.key and dict(self._params) == dict(other._params)

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted(self._params.items()))))

    def __reduce__(self) -> tuple[type[Message], tuple[str, dict[str, object]]]:
        return (Message, (self.key, dict(self._params)))


def message(key: str, /, **params: object) -> Message:
    """The message ``key`` with these parameters; a key the catalog lacks raises KeyError."""
    _template(key, "en")
    return Message(key, params)


def render(key: str, lang: str = "en", /, **params: object) -> str:
    """The sentence of ``key`` in ``lang`` with these parameters (``message(key, ...).text(lang)``)."""
    return Message(key, params).text(lang)


@remembered("messages.catalog", 16)
def catalog(lang: str = "en") -> Mapping[str, str]:
    """Every sentence of a language by key (read once from its TOML file)."""
    if lang not in LANGUAGES:
        raise KeyError(f"no catalog for language {lang!r}: the catalog has {', '.join(LANGUAGES)}")
    return MappingProxyType(_loaded(lang)[0])


def terms(lang: str = "en") -> Mapping[str, Term]:
    """The terms of a language by key: the forms and features of the names a sentence declines
    (:mod:`buraco_core.messages.grammar`)."""
    catalog(lang)
    return MappingProxyType(_loaded(lang)[1])


@remembered("messages.loaded", 16)
def _loaded(lang: str) -> tuple[dict[str, str], dict[str, Term]]:
    return grammar.read(_table(lang))


#: Where a catalog's table is kept as JSON (:func:`_table`): beside the package's bytecode.
_KEPT = Path(__file__).parent / "__pycache__"


def _table(lang: str, write: bool | None = None) -> Mapping[str, Any]:
    """The table of ``<lang>.toml`` as TOML reads it. Reading TOML takes about 15 ms a catalog, and
    every kernel reads two before a lesson's first answer; so the table is also kept as JSON (read in
    under 1 ms) in ``__pycache__/<lang>.toml.<stamp>.json``, the stamp that of the TOML text (an edited
    catalog is read from its TOML again). It is written where bytecode is (``write``: unless
    ``sys.dont_write_bytecode``), and always by :func:`keep_tables`, which setup runs."""
    text = resources.files(__package__).joinpath(f"{lang}.toml").read_text(encoding="utf-8")
    kept = _KEPT / f"{lang}.toml.{hashlib.sha256(text.encode('utf-8')).hexdigest()[:16]}.json"
    try:
        table: Mapping[str, Any] = json.loads(kept.read_text(encoding="utf-8"))
        return table
    except (OSError, ValueError):
        pass
    table = tomllib.loads(text)
    if write if write is not None else not sys.dont_write_bytecode:
        try:
            _KEPT.mkdir(exist_ok=True)
            for old in _KEPT.glob(f"{lang}.toml.*.json"):
                old.unlink()
            partial = kept.with_suffix(f".{os.getpid()}")
            partial.write_text(json.dumps(table, ensure_ascii=False), encoding="utf-8")
            partial.replace(kept)
        except OSError:
            pass  # a package that cannot be written (installed read-only) reads its TOML each time
    return table


def keep_tables() -> None:
    """Keep every catalog's table as JSON (:func:`_table`), as compiling the bytecode keeps the
    modules: ``scripts/setup.sh`` runs it."""
    for lang in LANGUAGES:
        _table(lang, write=True)


def source_stamp(english: str) -> str:
    """The stamp of an English sentence that ``<lang>.sources.json`` records for its translation."""
    return hashlib.sha256(english.encode("utf-8")).hexdigest()[:12]


def source_stamps(lang: str) -> dict[str, str]:
    """What each sentence of ``lang`` was translated from: key to a stamp of its English then
    (``<lang>.sources.json`` beside the catalog; empty if there is none)."""
    path = resources.files(__package__).joinpath(f"{lang}.sources.json")
    return dict(json.loads(path.read_text(encoding="utf-8"))) if path.is_file() else {}


def translation_problems(lang: str) -> list[str]:
    """Why the catalog of ``lang`` is not a complete, current translation of the English one:
    a sentence missing, one the English has not (any more), parameters or plural choices that
    differ, or one translated from an English sentence that has changed since (its stamp in
    ``<lang>.sources.json`` differs). Empty when all is well.

    >>> translation_problems("de")
    []
    """
    english, other, stamps = catalog("en"), catalog(lang), source_stamps(lang)
    problems = [f"{key}: no {lang} sentence for {english[key]!r}" for key in english if key not in other]
    problems += [f"{key}: the English catalog has no such sentence (any more)" for key in other if key not in english]
    for key in english.keys() & other.keys():
        if parameters(english[key]) != parameters(other[key]):
            problems.append(f"{key}: parameters differ: en {sorted(parameters(english[key]))}, "
                            f"{lang} {sorted(parameters(other[key]))}")
        elif grammar.plural_choices(english[key]) != grammar.plural_choices(other[key]):
            problems.append(f"{key}: plural choices differ between en and {lang}")
        if stamps.get(key) != source_stamp(english[key]):
            problems.append(f"{key}: translated from another English sentence than today's {english[key]!r}: "
                            f"translate it again, then `python -m buraco_core.messages stamp {lang} {key}`")
    return sorted(problems)


def parameters(template: str) -> frozenset[str]:
    """The parameter names a catalog sentence uses.

    >>> sorted(parameters("you hold {n} {n:card|cards} of {suit}"))
    ['n', 'suit']
    """
    return frozenset(name for _, name, _, _ in _FORMATTER.parse(template) if name)


def _template(key: str, lang: str) -> str:
    sentences = catalog(lang)
    try:
        return sentences[key]
    except KeyError:
        pass
    # a sentence not yet translated is shown in English rather than not at all
    # (tests/core/test_translations.py fails while any is missing)
    try:
        return catalog("en")[key]
    except KeyError:
        raise KeyError(f"no message {key!r} in the catalog") from None


class _Params(Mapping[str, object]):
    """A message's parameters as the formatter sees them: shown in the message's language."""

    def __init__(self, params: Mapping[str, object], lang: str) -> None:
        self._params = params
        self._lang = lang

    def __getitem__(self, name: str) -> object:
        return _Shown(self._params[name], self._lang)

    def __iter__(self) -> Iterator[str]:
        return iter(self._params)

    def __len__(self) -> int:
        return len(self._params)


class _Shown:
    """A parameter value on its way into a sentence, with the language to show it in."""

    __slots__ = ("lang", "value")

    def __init__(self, value: object, lang: str) -> None:
        self.value = value
        self.lang = lang


class Worded:
    """A value of a module above the catalog that a sentence shows in its own words: a
    :class:`~buraco_core.cards.Card` (its notation in the sentence's language), a
    :class:`~buraco_core.rules.Rules` (the term that names the ruleset, which a sentence may decline).
    The catalog asks the value (:func:`show`), so it imports neither module: they read the catalog."""

    __slots__ = ()

    def term(self) -> Message | str | None:
        """The term that names this value, which a sentence may decline (a message), or None."""
        return None

    def in_words(self, lang: str = "en") -> str:
        """This value as a sentence of ``lang`` shows it: its term's words."""
        term = self.term()
        if term is None:
            raise NotImplementedError(f"{type(self).__name__} has neither a term nor words of its own")
        return term.text(lang) if isinstance(term, Message) else term


def show(value: object, lang: str = "en") -> str:
    """A parameter value as a sentence of ``lang`` shows it (see the module docstring).

    >>> from buraco_core import RULESETS, parse_cards
    >>> show(parse_cards("4h 5h JK")), show(RULESETS["italian"]), show(12)
    ('4♥ 5♥ JK', 'Italian Burraco', '12')
    """
    if isinstance(value, Message):
        return value.text(lang)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return format_number(value, lang)
    if isinstance(value, Worded):
        return value.in_words(lang)
    if isinstance(value, Sequence) and not isinstance(value, str) and value \
            and all(isinstance(v, Worded) for v in value):
        return " ".join(v.in_words(lang) for v in value)
    if isinstance(value, Sequence) and not isinstance(value, str) and value \
            and all(isinstance(v, Message) for v in value):
        return render("list.separator", lang).join(v.text(lang) for v in value)
    return str(value)


class _Formatter(string.Formatter):
    def get_value(self, key: int | str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, int):
            raise KeyError(f"catalog sentences name their parameters; positional {{{key}}} is not allowed")
        try:
            return kwargs[key]
        except KeyError:
            raise KeyError(f"the sentence needs a parameter {key!r}") from None

    def format_field(self, value: Any, format_spec: str) -> str:
        shown: _Shown = value
        kind = grammar.spec_kind(format_spec)
        if kind == "form":
            return _form(shown.value, format_spec, shown.lang)
        if kind == "choice":
            return grammar.choose(format_spec, _features(shown.value, shown.lang)).replace("#", show(shown.value, shown.lang))
        if kind == "plural":
            one, _, many = format_spec.partition("|")
            return (one if shown.value == 1 else many).replace("#", show(shown.value, shown.lang))
        if isinstance(shown.value, Message):
            return format(shown.value._raw(shown.lang), format_spec)
        return format(show(shown.value, shown.lang), format_spec)


_FORMATTER = _Formatter()


# ------------------------------------------------------------------ terms: forms and features (grammar.py)

def _as_term(value: object) -> object:
    """``value`` as a term if it is one: a message, a ruleset's message, a list; else itself."""
    if isinstance(value, Worded):
        term = value.term()
        return value if term is None else term
    return value


def _is_list(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str) and bool(value) \
        and all(isinstance(v, Message) for v in value)


def _features(value: object, lang: str) -> frozenset[str]:
    """What ``value`` is, for a choice: a term's features, a number's value, a list's ``pl``."""
    value = _as_term(value)
    if isinstance(value, Message):
        term = _loaded(lang)[1].get(value.key) or _loaded("en")[1].get(value.key)
        return term.features if term else frozenset()
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return frozenset({str(value)})
    if _is_list(value):
        items: Sequence[object] = value  # type: ignore[assignment]
        return frozenset({"pl"}) if len(items) > 1 else _features(items[0], lang)
    return frozenset()


def _form(value: object, name: str, lang: str) -> str:
    """The form ``name`` of ``value`` in ``lang`` (before typesetting); a capital first letter of
    ``name`` capitalizes it. A value without that form is shown as it is."""
    capital = name[0].isupper()
    name = name[0].lower() + name[1:]
    value = _as_term(value)
    text = None
    if isinstance(value, Message):
        term = _loaded(lang)[1].get(value.key)
        if term and name in term.forms:
            text = _FORMATTER.vformat(term.forms[name], (), _Params(value._params, lang))
        else:
            text = value._raw(lang)
    elif _is_list(value):
        forms = [_form(v, name, lang) for v in value]  # type: ignore[attr-defined]
        separator, last = render("list.separator", lang), render("list.last", lang)
        text = forms[0] if len(forms) == 1 else separator.join(forms[:-1]) + last + forms[-1]
    else:
        text = show(value, lang)
    return text[:1].upper() + text[1:] if capital else text
