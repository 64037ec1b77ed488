"""House rules: a variant is a preset, the fields a family plays differently, and a name.

Glossary: a *preset* is one of the five rulesets of :data:`~buraco_core.rules.RULESETS`; a
*house rule* is one field of :class:`~buraco_core.rules.Rules` changed from its preset; a
*variant* is a preset with its house rules, the number of players at the table, and the name the
learner gives it (:class:`Variant`).

One short text says a variant, readable and safe in a link, a lesson or a puzzle file (its
``rules:`` line): the preset, then ``+field=value`` for each house rule, then ``;players=N`` and
``;name=...`` (the name last, anything up to the end)::

    buraco+set_max_cards=4+target=1505;players=2;name=Our family

Values are written as the panel shows them: ``yes`` / ``no`` for a switch, a whole number,
``none`` for "not a thing of its own" (``semi_clean_bonus=none``), an enum's value
(``discard_take=any-depth``), numbers separated by commas (``player_counts=2,4``,
``target_range=505,3005``, the 14 ``card_values`` from the joker to the king). Every ruleset
name the engine accepts may be such a text (:func:`get_rules`, below).

>>> v = parse_variant("buraco+target=1505+set_max_cards=4;players=2;name=Our family")
>>> v.rules.target, v.rules.set_max_cards, v.players, v.name
(1505, 4, 2, 'Our family')
>>> v.text()
'buraco+set_max_cards=4+target=1505;players=2;name=Our family'
>>> str(v.meaning("set_max_cards"))
'A set holds at most 4 cards.'
>>> try:
...     parse_variant("buraco+pots=0")
... except RulesError as e:
...     e.fields
('pot_unused_penalty', 'pot_guard', 'pots', 'out_needs_pot')
>>> parse_variant("buraco+colour=red")
Traceback (most recent call last):
...
buraco_core.variants.VariantError: "colour" is not a rule of the game: write the rule's name as the panel shares it, e.g. target=1505.

The panel's knowledge of each field (:func:`field_infos`) comes from the record itself: the kind
of control from the field's type, the documentation from the ``Rules`` docstring, the words from
the catalog (``house.field.<name>``); only the ranges of numbers are kept here (``_LIMITS``), and a
field without them, or without its words, fails ``field_infos`` and the tests.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType, NoneType, UnionType
from typing import Any, Literal

from .memo import remembered
from .messages import Message, catalog, message
from .rules import RULESETS, Rules, RulesError

__all__ = ["NAMED_VARIANTS", "FieldInfo", "Variant", "VariantError", "field_infos", "get_rules", "named_variant",
           "parse_variant", "variant_rules"]

Kind = Literal["preset", "switch", "number", "optional-number", "choice", "numbers", "counts"]

#: The range (lowest, highest, step) of every number a field holds: the panel's limits.
_LIMITS: Mapping[str, tuple[int, int, int]] = MappingProxyType({
    "set_max_cards": (3, 16, 1),
    "min_buraco": (3, 16, 1),
    "card_values": (0, 200, 1),
    "clean_bonus": (0, 5000, 5),
    "dirty_bonus": (0, 5000, 5),
    "semi_clean_bonus": (0, 5000, 5),
    "royal_bonus": (0, 5000, 5),
    "ace_to_ace_bonus": (0, 5000, 5),
    "going_out_bonus": (0, 5000, 5),
    "pot_not_taken_penalty": (0, 5000, 5),
    "pot_unused_penalty": (0, 5000, 5),
    "jokers": (0, 8, 1),
    "decks": (1, 4, 1),
    "hand_size": (1, 22, 1),
    "pots": (0, 2, 2),
    "pot_size": (1, 22, 1),
    "player_counts": (2, 4, 1),
    "target": (100, 20000, 5),
    "target_range": (100, 20000, 5),
})

#: The first field of each group of the ``Rules`` docstring, in the record's order (the docstring
#: itself is gone where docstrings are stripped, as in the static site; a test checks the two agree).
_GROUP_STARTS: Mapping[str, str] = MappingProxyType({
    "name": "The preset",
    "allow_sets": "Meld fields",
    "card_values": "Points",
    "jokers": "The table",
    "discard_take": "The turn",
    "direct_pot": "The pot and going out",
    "target": "The match",
})

#: How many numbers a field of numbers holds.
_LENGTHS: Mapping[str, int] = MappingProxyType({"card_values": 14, "target_range": 2})

_NAME_MAX = 60
_TEXT_MAX = 2000


class VariantError(RulesError):
    """A text that is not a variant: its catalog ``key``, the ``field`` concerned (or ""), and the
    values the sentence names (``params``). ``str()`` is the English sentence."""

    def __init__(self, key: str, about: str = "", /, **params: object) -> None:
        super().__init__(Message(f"house.error.{key}", params))
        self.field = about

    @property
    def fields(self) -> tuple[str, ...]:
        return (self.field,) if self.field else ()


@dataclass(frozen=True)
class FieldInfo:
    """What a panel needs to offer one ``Rules`` field: the control (``kind``), its range or its
    options, the group it belongs to and its documentation (from the ``Rules`` docstring)."""

    name: str
    kind: Kind
    group: str
    doc: str
    low: int = 0
    high: int = 0
    step: int = 1
    length: int = 0
    options: tuple[str, ...] = ()

    @property
    def label(self) -> Message:
        return message(f"house.field.{self.name}.label")

    def show(self, value: object) -> str:
        """``value`` as the text of a variant (``yes``, ``1505``, ``none``, ``any-depth``, ``2,4``)."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if value is None:
            return "none"
        if isinstance(value, enum.Enum):
            return str(value.value)
        if isinstance(value, tuple):
            return ",".join(str(v) for v in value)
        return str(value)

    def read(self, text: str) -> object:
        """The value a text says, checked against the range; a :class:`VariantError` if not."""
        text = text.strip()
        if self.kind == "preset":
            if text not in RULESETS:
                raise VariantError("not-a-preset", self.name, preset=text, presets=", ".join(RULESETS))
            return text
        if self.kind == "switch":
            if text not in ("yes", "no"):
                raise VariantError("not-a-switch", self.name, field=self.name, value=text)
            return text == "yes"
        if self.kind == "choice":
            enum_type = _enum_of(self.name)
            for member in enum_type:
                if member.value == text:
                    return member
            raise VariantError("not-a-choice", self.name, field=self.name, value=text,
                               options=", ".join(self.options))
        if self.kind == "optional-number" and text == "none":
            return None
        if self.kind in ("number", "optional-number"):
            return self._number(text)
        parts = [p for p in (s.strip() for s in text.split(",")) if p] if text else []
        numbers = tuple(self._number(p) for p in parts)
        if self.kind == "numbers" and len(numbers) != self.length:
            raise VariantError("count", self.name, field=self.name, n=self.length, value=text)
        if self.kind == "counts":
            if not numbers or len(set(numbers)) != len(numbers):
                raise VariantError("counts", self.name, field=self.name, value=text)
            numbers = tuple(sorted(numbers))
        return numbers

    def _number(self, text: str) -> int:
        if not re.fullmatch(r"-?[0-9]{1,6}", text):
            raise VariantError("not-a-number", self.name, field=self.name, value=text)
        n = int(text)
        if not self.low <= n <= self.high or (n - self.low) % self.step:
            raise VariantError("out-of-range", self.name, field=self.name, value=n, low=self.low,
                               high=self.high, step=self.step)
        return n


@remembered("variants.field_infos", 1)
def field_infos() -> tuple[FieldInfo, ...]:
    """Every ``Rules`` field as the panel offers it, in the record's order.

    Raises TypeError for a field whose type has no control, whose numbers have no range, or
    which the ``Rules`` docstring or the catalog (``house.field.<name>``) does not describe.
    """
    hints = typing.get_type_hints(Rules)
    docs = _docs()
    words = catalog("en")
    out = []
    group = ""
    for f in dataclasses.fields(Rules):
        group = _GROUP_STARTS.get(f.name, group)
        kind, options = _kind(f.name, hints[f.name])
        if kind in ("number", "optional-number", "numbers", "counts") and f.name not in _LIMITS:
            raise TypeError(f"Rules.{f.name} holds numbers but has no range in variants._LIMITS")
        if kind == "numbers" and f.name not in _LENGTHS:
            raise TypeError(f"Rules.{f.name} holds numbers but has no length in variants._LENGTHS")
        if docs and f.name not in docs:  # (no docs at all: docstrings stripped, python -OO, the static site)
            raise TypeError(f"Rules.{f.name} is not described in the Rules docstring")
        needed = [f"house.field.{f.name}.label", *(_meaning_key(f.name, kind, o) for o in _meaning_tokens(kind, options))]
        missing = [k for k in needed if k not in words]
        if missing:
            raise TypeError(f"Rules.{f.name} has no words in the catalog: {', '.join(missing)}")
        low, high, step = _LIMITS.get(f.name, (0, 0, 1))
        documented, doc = docs.get(f.name, (group, ""))
        if documented != group:
            raise TypeError(f"Rules.{f.name} is under {documented!r} in the Rules docstring but follows "
                            f"{group!r} in the record: see variants._GROUP_STARTS")
        if kind == "choice" and doc:
            doc += " " + " ".join((_enum_of(f.name).__doc__ or "").split())
        out.append(FieldInfo(f.name, kind, group, doc, low, high, step, _LENGTHS.get(f.name, 0), options))
    return tuple(out)


def field_info(name: str) -> FieldInfo:
    for info in field_infos():
        if info.name == name:
            return info
    raise VariantError("unknown-field", name, field=name)


def _enum_of(name: str) -> type[enum.Enum]:
    hint = typing.get_type_hints(Rules)[name]
    assert isinstance(hint, type) and issubclass(hint, enum.Enum)
    return hint


def _kind(name: str, hint: Any) -> tuple[Kind, tuple[str, ...]]:
    if name == "name":
        return "preset", tuple(RULESETS)
    if name == "player_counts":
        return "counts", ()
    if hint is bool:
        return "switch", ()
    if hint is int:
        return "number", ()
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return "choice", tuple(str(m.value) for m in hint)
    args = typing.get_args(hint)
    if isinstance(hint, UnionType) and set(args) == {int, NoneType}:
        return "optional-number", ()
    if typing.get_origin(hint) is tuple and args and all(a in (int, Ellipsis) for a in args):
        return "numbers", ()
    raise TypeError(f"Rules.{name} has a type ({hint}) the house-rules panel has no control for")


def _meaning_tokens(kind: Kind, options: tuple[str, ...]) -> tuple[str, ...]:
    return {"switch": ("yes", "no"), "choice": options, "optional-number": ("means", "none"),
            "preset": ()}.get(kind, ("means",))


def _meaning_key(name: str, kind: Kind, token: str) -> str:
    return f"house.field.{name}.{token}"


def _docs() -> dict[str, tuple[str, str]]:
    """Each field's group and the sentences of the ``Rules`` docstring that name it."""
    out: dict[str, tuple[str, str]] = {}
    text = Rules.__doc__ or ""
    sections = re.split(r"\n    (?=\S)", text)[1:]
    for section in sections:
        heading, _, body = section.partition("\n")
        body = " ".join(body.split())
        for sentence in re.split(r"(?<=\.)\s+(?=[A-Z`])", body):
            for name in re.findall(r"``([a-z_]+)``", sentence):
                group, doc = out.get(name, (heading.strip(), ""))
                out[name] = (group, (doc + " " + _plain(sentence)).strip())
    return out


def _plain(text: str) -> str:
    """reStructuredText markup read aloud: ``x`` as x, :class:`X` as X."""
    return re.sub(r":\w+:`~?([^`]+)`", r"\1", text).replace("``", "")


@dataclass(frozen=True)
class Variant:
    """A preset with its house rules (``rules``), the players at the table and the learner's name.

    >>> v = Variant(RULESETS["brazilian"], players=3)
    >>> v.text(), v.preset is RULESETS["brazilian"]
    ('brazilian;players=3', True)
    """

    rules: Rules
    players: int | None = None
    name: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", self.name.strip())  # as the text gives it back
        if self.players is not None and self.players not in self.rules.player_counts:
            raise VariantError("players", "players", players=self.players,
                               counts=" or ".join(str(n) for n in self.rules.player_counts))
        if len(self.name) > _NAME_MAX or any(c in self.name for c in "\n\r\t"):
            raise VariantError("name", "name", n=_NAME_MAX)

    @property
    def preset(self) -> Rules:
        return RULESETS[self.rules.name]

    @property
    def changes(self) -> dict[str, object]:
        """The house rules: each field whose value differs from the preset's."""
        preset = self.preset
        return {f.name: getattr(self.rules, f.name) for f in dataclasses.fields(Rules)
                if getattr(self.rules, f.name) != getattr(preset, f.name)}

    def text(self) -> str:
        """The shareable text (house rules in the order of the ``Rules`` record)."""
        parts = [self.rules.name, *(f"{k}={field_info(k).show(v)}" for k, v in self.changes.items())]
        out = "+".join(parts)
        if self.players is not None:
            out += f";players={self.players}"
        if self.name:
            out += f";name={self.name}"
        return out

    __str__ = text

    def meaning(self, name: str) -> Message:
        """What the value of field ``name`` means, in words (a catalog sentence)."""
        return meaning(name, getattr(self.rules, name), vars(self.rules))

    def replace(self, **values: Any) -> Variant:
        """This variant with fields changed (a ``RulesError`` if they contradict each other)."""
        players: int | None = values.pop("players", self.players)
        name = str(values.pop("name", self.name))
        rules = dataclasses.replace(self.rules, **values) if values else self.rules
        if players is not None and players not in rules.player_counts:
            players = None
        return Variant(rules, players, name)


def meaning(name: str, value: object, others: Mapping[str, object] | None = None) -> Message:
    """The catalog's sentence for field ``name`` holding ``value``; ``others``, the values of the
    other fields where known (a ruleset's, or a draft's), for a sentence that depends on them: no
    ace-to-ace bonus means "counts as clean" only where runs may go from ace to ace.

    >>> meaning("ace_to_ace_bonus", None, {"ace_to_ace": False}).text("en")
    'No run goes from ace to ace, so there is no ace-to-ace buraco.'
    """
    if name == "ace_to_ace_bonus" and value is None and others is not None and others.get("ace_to_ace") is False:
        return message("house.field.ace_to_ace_bonus.no-runs")
    info = field_info(name)
    shown = info.show(value)
    if info.kind == "switch" or info.kind == "choice" or (info.kind == "optional-number" and value is None):
        return message(_meaning_key(name, info.kind, shown))
    if info.kind == "preset":
        return message("house.preset", rules=RULESETS[str(value)])
    if info.kind == "numbers" and info.length == 2 and isinstance(value, tuple):
        return message(_meaning_key(name, info.kind, "means"), low=value[0], high=value[1])
    if info.kind in ("number", "optional-number") and isinstance(value, int) and not isinstance(value, bool):
        # the number itself: its sentence shows it in the language's way (2.005) and may choose by it (none)
        return message(_meaning_key(name, info.kind, "means"), value=value)
    return message(_meaning_key(name, info.kind, "means"), value=shown.replace(",", ", "))


def parse_variant(text: str) -> Variant:
    """The variant a text says; :class:`VariantError` if the text is not one (naming the part that
    is wrong), :class:`~buraco_core.rules.RulesError` if its house rules contradict each other."""
    if not isinstance(text, str) or not text.strip():
        raise VariantError("empty")
    if len(text) > _TEXT_MAX:
        raise VariantError("too-long", n=_TEXT_MAX)
    head, _, tail = text.strip().partition(";")
    preset, *changes = head.split("+")
    base = field_info("name").read(preset)
    values: dict[str, Any] = {}
    for change in changes:
        key, eq, value = change.partition("=")
        key = key.strip()
        if not eq:
            raise VariantError("no-value", key, part=change)
        if key == "name":
            raise VariantError("name-field", "name")
        if key in values:
            raise VariantError("twice", key, field=key)
        values[key] = field_info(key).read(value)
    players: int | None = None
    name = ""
    while tail:
        part, _, rest = tail.partition(";")
        key, eq, value = part.partition("=")
        key = key.strip()
        if key == "name" and eq:
            name = tail.split("=", 1)[1].strip()  # the name is the rest of the text, ";" and all
            break
        if key == "players" and eq:
            if not re.fullmatch(r"\s*[0-9]\s*", value):
                raise VariantError("players-number", "players", value=value)
            players = int(value)
        else:
            raise VariantError("option", key, part=part)
        tail = rest
    start = RULESETS[str(base)]
    rules = dataclasses.replace(start, **values) if values else start
    return Variant(rules, players, name)


def variant_rules(variant: Variant | Rules | str) -> Rules:
    """The ``Rules`` of a variant, of its text, of a preset's name, or a ``Rules`` itself: what a
    view that takes a ruleset (the cheat sheet, a comparison) calls."""
    if isinstance(variant, Variant):
        return variant.rules
    if isinstance(variant, Rules):
        return variant
    return parse_variant(variant).rules


def rules_text(rules: Rules) -> str:
    """A ``Rules`` as the shortest text that gives it back: the preset's name when no field
    differs, else the variant text (``buraco+target=1505``)."""
    return Variant(rules).text()


#: Named house-rule presets: variants that whole communities play, by name, each as the variant
#: text every place taking a ruleset accepts (its title is the catalog's ``house.named.<name>``).
#:
#: ``tournament``: Italian Burraco as the Italian federation's tournaments (and two public engines)
#: read it, with no wild card as the discard that closes; the seed the ``italian`` preset follows
#: does not forbid it. The engine plays the nearest rule it has, Classic Buraco's
#: ``wild_last_discard_guard``: a wild card may not be the discard that empties the hand while it
#: could be added to one of the side's melds (the federation forbids it even where it fits none).
NAMED_VARIANTS: Mapping[str, str] = MappingProxyType({
    "tournament": "italian+wild_last_discard_guard=yes",
})
_NAMED_TITLES: Mapping[str, str] = MappingProxyType({"tournament": "house.named.tournament"})


def named_variant(name: str, lang: str = "en") -> Variant:
    """The named house-rule preset ``name`` (:data:`NAMED_VARIANTS`), titled in ``lang``.

    >>> v = named_variant("tournament")
    >>> v.preset.name, v.rules.wild_last_discard_guard, v.text()
    ('italian', True, 'italian+wild_last_discard_guard=yes;name=Tournament rules')
    """
    if name not in NAMED_VARIANTS:
        raise VariantError("not-named", name, name=name, names=", ".join(NAMED_VARIANTS))
    variant = parse_variant(NAMED_VARIANTS[name])
    return Variant(variant.rules, variant.players, message(_NAMED_TITLES[name]).text(lang))


def get_rules(rules: Rules | str) -> Rules:
    """A :class:`Rules` from itself, a ruleset name, or a house variant's text
    (``buraco+target=1505``, see :func:`parse_variant`); an unknown name lists the known ones."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str) and ("+" in rules or ";" in rules):
        return parse_variant(rules).rules
    try:
        return RULESETS[rules]
    except KeyError:
        raise RulesError("ruleset-error.unknown", name=str(rules), names=", ".join(RULESETS)) from None
