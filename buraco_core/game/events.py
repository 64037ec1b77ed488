"""What a move did: typed events, as the engine reports them (:func:`~buraco_core.game.engine.apply_events`).

A move is one action; what it set off is a short sequence of events, in the order they
happened: the move itself (:class:`Drew`, :class:`TookPile`, :class:`Melded`, :class:`Added`,
:class:`Discarded`, :class:`HandDealt`), then what followed from it (:class:`PotTaken`,
:class:`PotWaiting`, :class:`PotToStock`, :class:`WentOut`, :class:`HandEnded`,
:class:`MatchEnded`). Nobody needs to compare the state before and after a move to learn what it
did: narration, the clauses a play used, the explanation of an allowed play and the coach's
reasons are renderers of these events.

Each event is a frozen, slotted value with no words in it (no catalog message, no English): seats,
teams, cards, melds, numbers, and ``clauses``, the ids of the clauses of docs/RULES.md with a
condition that the event met (the take rule used, the pot on the fly or by the discard, a wild
card moved or gone home, going out, the stock ending the hand, ...). A clause that holds for
every play of its kind (a run is a run) is not listed.

Some events name cards that not every seat may see. :meth:`Event.seen_by` is the one place that
knows which: another seat's drawn card, the pot's cards picked up by another seat, and the cards
of a closed pile (``fechado``) taken by another seat below the top card become ``None``.
:func:`seen_by` does it for a whole sequence.

Events round-trip through JSON-ready dicts (:func:`event_to_dict`, :func:`event_from_dict`):
cards in :func:`~buraco_core.cards.format_cards` notation, melds with their arrangement (where
the wild card stands), as the saved game writes them.

>>> from buraco_core.game import new_game
>>> from buraco_core.game.engine import apply_events
>>> s, events = apply_events(new_game("buraco", players=4, seed=7), "draw")
>>> events
(Drew(seat=0, card=Card.from_str('8♠'), empty=False, clauses=()),)
>>> [e.seen_by(1) for e in events]
[Drew(seat=0, card=None, empty=False, clauses=())]
>>> event_from_dict(event_to_dict(events[0]), s.rules) == events[0]
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypedDict, cast

from ..cards import Card, format_cards, parse_card, parse_cards
from ..jsondata import JsonObject, JsonValue
from ..melds import Meld, MeldKind
from ..rules import Rules

__all__ = [
    "EVENT_TYPES",
    "Added",
    "Discarded",
    "Drew",
    "Event",
    "EventSink",
    "HandDealt",
    "HandEnded",
    "MatchEnded",
    "Melded",
    "PotTaken",
    "PotToStock",
    "PotWaiting",
    "TookPile",
    "WentOut",
    "event_from_dict",
    "event_to_dict",
    "meld_from_dict",
    "meld_to_dict",
    "seen_by",
]


class Event:
    """The base of every event: ``kind`` names the type in JSON (``"drew"``, ``"took-pile"``,
    ...); ``clauses`` (on every event) the clause ids with a condition the event met."""

    __slots__ = ()
    kind: ClassVar[str] = ""
    clauses: tuple[str, ...]

    def seen_by(self, viewer: int) -> Event:
        """The event as seat ``viewer`` saw it: the same event, or a copy with the cards that
        seat may not see set to None."""
        return self


# --------------------------------------------------------------------------- the move itself

@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat`` drew ``card`` from the stock (None: a card another seat drew, or none at all:
    ``empty``, a draw from the empty stock that ends the hand, ``brazilian``)."""

    kind: ClassVar[str] = "drew"
    seat: int
    card: Card | None
    empty: bool = False
    clauses: tuple[str, ...] = ()

    def seen_by(self, viewer: int) -> Drew:
        if viewer == self.seat or self.card is None:
            return self
        return dataclasses.replace(self, card=None)


@dataclass(frozen=True, slots=True)
class TookPile(Event):
    """``seat`` took ``count`` cards of the discard pile: ``cards`` (bottom first, as they lay;
    None where the viewer did not see them: a closed pile taken by another seat), ``top`` the top
    card (always seen). ``must_meld``: the card the seat must meld this turn (the deepest card dug
    for, ``brazilian``; the top card, ``fechado``), ``single_take``: the one card taken that may
    not be discarded this turn (``italian``). ``open_pile``: the whole pile was face up."""

    kind: ClassVar[str] = "took-pile"
    seat: int
    count: int
    top: Card
    cards: tuple[Card, ...] | None
    must_meld: Card | None = None
    single_take: Card | None = None
    open_pile: bool = True
    clauses: tuple[str, ...] = ()

    @property
    def shown(self) -> tuple[Card, ...]:
        """The cards every seat saw before the take: the whole pile where it was open, else its
        top card."""
        if self.open_pile and self.cards is not None:
            return self.cards
        return (self.top,)

    def seen_by(self, viewer: int) -> TookPile:
        if viewer == self.seat or self.open_pile or self.cards is None:
            return self
        return dataclasses.replace(self, cards=None)


@dataclass(frozen=True, slots=True)
class Melded(Event):
    """``seat`` laid ``meld`` for team ``team``, its meld number ``number`` (from 1)."""

    kind: ClassVar[str] = "melded"
    seat: int
    team: int
    number: int
    meld: Meld
    clauses: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Added(Event):
    """``seat`` added ``cards`` to meld ``number`` of team ``team`` (the meld's owner), which was
    ``before`` and is now ``meld``. ``wild_moved_from`` / ``wild_moved_to``: the place in the run
    (1 the low ace, 2-13, 14 the high ace) of the meld's wild card before and after (None: no wild
    card then, or a set, where the wild card holds no place)."""

    kind: ClassVar[str] = "added"
    seat: int
    team: int
    number: int
    cards: tuple[Card, ...]
    before: Meld
    meld: Meld
    wild_moved_from: int | None = None
    wild_moved_to: int | None = None
    clauses: tuple[str, ...] = ()

    @property
    def points(self) -> int:
        """What the addition added to the meld's points (its cards and a bonus it made)."""
        return self.meld.points - self.before.points

    @property
    def made_buraco(self) -> bool:
        """The addition made the meld a buraco."""
        return self.meld.is_buraco and not self.before.is_buraco


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """``seat`` discarded ``card``, ending its turn."""

    kind: ClassVar[str] = "discarded"
    seat: int
    card: Card
    clauses: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """Hand ``hand_number`` was dealt by seat ``dealer``."""

    kind: ClassVar[str] = "hand-dealt"
    hand_number: int
    dealer: int
    clauses: tuple[str, ...] = ()


# --------------------------------------------------------------------------- what followed

@dataclass(frozen=True, slots=True)
class PotTaken(Event):
    """Team ``team`` picked up its pot, ``seat`` took it into hand: ``direct`` (a meld emptied the
    hand: the seat plays on) or by the discard, at once or (``waited``) at the start of the seat's
    next turn. ``cards``: the pot's cards (None for a viewer who is not ``seat``)."""

    kind: ClassVar[str] = "pot-taken"
    team: int
    seat: int
    direct: bool
    waited: bool = False
    cards: tuple[Card, ...] | None = None
    clauses: tuple[str, ...] = ()

    def seen_by(self, viewer: int) -> PotTaken:
        if viewer == self.seat or self.cards is None:
            return self
        return dataclasses.replace(self, cards=None)


@dataclass(frozen=True, slots=True)
class PotWaiting(Event):
    """``seat``'s discard emptied its hand: team ``team``'s pot waits for that seat's next turn
    (``buraco``)."""

    kind: ClassVar[str] = "pot-waiting"
    team: int
    seat: int
    clauses: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PotToStock(Event):
    """The stock ran out: team ``team``'s untaken pot of ``count`` cards became the stock."""

    kind: ClassVar[str] = "pot-to-stock"
    team: int
    count: int
    clauses: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    """``seat`` went out for team ``team``, by a meld or (``by_discard``) by the discard."""

    kind: ClassVar[str] = "went-out"
    seat: int
    team: int
    by_discard: bool
    clauses: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """The hand is over: ``reason`` ``"out"`` (team ``went_out`` went out) or ``"stock"`` (the
    stock ended it); ``scores`` this hand's points per team, ``totals`` the match's."""

    kind: ClassVar[str] = "hand-ended"
    reason: str
    went_out: int | None
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    clauses: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """The match is over: team ``winner`` won (None: a draw), with ``totals``."""

    kind: ClassVar[str] = "match-ended"
    winner: int | None
    totals: tuple[int, ...]
    clauses: tuple[str, ...] = ()


EVENT_TYPES: dict[str, type[Event]] = {cls.kind: cls for cls in (
    Drew, TookPile, Melded, Added, Discarded, HandDealt, PotTaken, PotWaiting, PotToStock, WentOut,
    HandEnded, MatchEnded)}
"""Every event type by its ``kind``."""


EventSink = list[Event] | None
"""Where the engine's apply functions report a move's events: a list, or None where nobody asks
(then no event is built)."""


def seen_by(events: Iterable[Event], viewer: int) -> tuple[Event, ...]:
    """The events as seat ``viewer`` saw them (:meth:`Event.seen_by`)."""
    return tuple(e.seen_by(viewer) for e in events)


# --------------------------------------------------------------------------- JSON

class MeldDict(TypedDict):
    """A meld as :func:`meld_to_dict` writes it: its kind, its cards in notation, and where its
    wild card stands."""

    kind: MeldKind
    cards: str
    wild_index: int | None
    low: int
    rank: int
    suit: str


def meld_to_dict(m: Meld) -> MeldDict:
    """A meld as a JSON-ready dict with its arrangement (where the wild card stands)."""
    return {"kind": m.kind, "cards": format_cards(m.cards), "wild_index": m.wild_index,
            "low": m.low, "rank": m.rank, "suit": m.suit}


def meld_from_dict(d: MeldDict, rules: Rules) -> Meld:
    """The meld :func:`meld_to_dict` wrote, exactly (the wild card where it stood)."""
    return Meld(d["kind"], tuple(parse_cards(d["cards"])) if d["cards"] else (), rules,
                wild_index=d["wild_index"], low=d["low"], rank=d["rank"], suit=d["suit"])


_CARD_FIELDS = frozenset({"card", "top", "must_meld", "single_take"})
"""The fields of events that hold a card (or None), written by its code."""
_MELD_FIELDS = frozenset({"meld", "before"})
"""The fields of events that hold a meld, written with its arrangement (:func:`meld_to_dict`)."""
_LIST_FIELDS = frozenset({"scores", "totals", "clauses"})
"""The fields of events that hold a tuple of numbers or clause ids, written as a list."""


def _field_to_json(name: str, value: object) -> JsonValue:
    """An event's field as JSON: a card by its code, ``cards`` in notation, a meld with its
    arrangement, a tuple as a list, a number, a truth value or a text as it is."""
    if value is None:
        return None
    if name in _CARD_FIELDS and isinstance(value, Card):
        return value.code
    if name == "cards" and isinstance(value, tuple):
        return format_cards(value)
    if name in _MELD_FIELDS and isinstance(value, Meld):
        return cast(JsonObject, meld_to_dict(value))  # a MeldDict is a JSON object
    if name in _LIST_FIELDS and isinstance(value, tuple):
        return list(value)
    if isinstance(value, str | int | float):
        return value
    raise TypeError(f"the event's {name} is no JSON value: {value!r}")


def event_to_dict(event: Event) -> JsonObject:
    """A JSON-ready dict: ``{"event": kind, field: value, ...}``.

    >>> event_to_dict(Discarded(2, Card(13, "c")))
    {'event': 'discarded', 'seat': 2, 'card': 'Kc', 'clauses': []}
    """
    out: JsonObject = {"event": event.kind}
    for f in dataclasses.fields(event):  # type: ignore[arg-type]
        out[f.name] = _field_to_json(f.name, getattr(event, f.name))
    return out


def _field_from_json(name: str, value: JsonValue, rules: Rules) -> object:
    """An event's field read back from :func:`_field_to_json`."""
    if value is None:
        return None
    if name in _CARD_FIELDS and isinstance(value, str):
        return parse_card(value)
    if name == "cards" and isinstance(value, str):
        return tuple(parse_cards(value)) if value else ()
    if name in _MELD_FIELDS and isinstance(value, dict):
        return meld_from_dict(cast(MeldDict, value), rules)  # as meld_to_dict wrote it
    if name in _LIST_FIELDS and isinstance(value, list):
        return tuple(value)
    return value


def event_from_dict(data: Mapping[str, JsonValue], rules: Rules) -> Event:
    """The event :func:`event_to_dict` wrote (``rules``: the melds' ruleset)."""
    cls = EVENT_TYPES.get(str(data.get("event")))
    if cls is None:
        raise ValueError(f"not an event: {data.get('event')!r}; the events are {', '.join(EVENT_TYPES)}")
    values: dict[str, Any] = {  # each field's own type, as the event's class gives it
        f.name: _field_from_json(f.name, data[f.name], rules)
        for f in dataclasses.fields(cls) if f.name in data}  # type: ignore[arg-type]
    return cls(**values)
