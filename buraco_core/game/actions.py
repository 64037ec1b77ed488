"""Actions: the moves of a turn, in one text notation.

``str(action)`` gives the notation a player writes, and :func:`parse_action` reads it back
(the game parses, since a meld number needs the table):

- ``draw``: one card from the stock;
- ``take``: the whole discard pile; ``take 5h`` (``brazilian``): down to the topmost 5h,
  ``take 5h 2`` down to the second 5h from the top;
- ``meld 4h 5h 6h``: a new meld for your side;
- ``add 2 7h``: add to your side's meld number 2 (1-based, as the view lists them);
  ``add 1:3 7h`` (``brazilian``): add to team 1's meld 3; a trailing ``low`` or ``high`` says
  where a moving wild card goes when it could go to either end;
- ``discard Kc``: discard, ending the turn;
- ``next``: deal the next hand once a hand is over.

The verbs and ``low``/``high`` may also be written in any language of the catalog
(``notation.verb.<verb>``: German ``ziehen``, ``nehmen``, ``melden``, ``anlegen``, ``abwerfen``,
``weiter``, ``unten``, ``oben``; and the other words the lessons use for an end,
``notation.also.<end>``: ``niedrig``, ``tief``, ``hoch``), and the cards with that language's rank
letters, so a learner types a play as the lessons of their language write it; ``str(action)`` is
always the English.

>>> from buraco_core.cards import parse_cards
>>> str(NewMeld(tuple(parse_cards("4h 5h 6h"))))
'meld 4h 5h 6h'
>>> parse_action("add 2 7h")
AddToMeld(meld=2, cards=(Card.from_str('7♥'),), team=None, wild_end=None)
>>> str(parse_action("add 1:3 JK high"))
'add 1:3 JK high'
>>> str(parse_action("anlegen 2 Bh unten")), str(parse_action("anlegen 2 Bh niedrig"))
('add 2 Jh low', 'add 2 Jh low')
>>> str(parse_action("abwerfen Dc"))
'discard Qc'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..cards import Card, parse_card, parse_cards
from ..errors import NotationError, Refusal
from ..messages import LANGUAGES, Message, catalog

__all__ = [
    "Action",
    "AddToMeld",
    "Discard",
    "Draw",
    "IllegalAction",
    "NewMeld",
    "NextHand",
    "Take",
    "parse_action",
]


class IllegalAction(Refusal):
    """A play the rules refuse: ``rule`` names the clause of docs/RULES.md it applies, ``message``
    (``str(e)`` in English) says why. Text that is not a play is a
    :class:`~buraco_core.errors.NotationError` instead."""


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card from the stock."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Take:
    """Take the discard pile: whole (``card`` None) or, in ``brazilian``, down to ``card``
    (its ``copy``-th occurrence counted from the top)."""

    card: Card | None = None
    copy: int = 1

    def __str__(self) -> str:
        if self.card is None:
            return "take"
        return f"take {self.card.code}" + (f" {self.copy}" if self.copy != 1 else "")


@dataclass(frozen=True, slots=True)
class NewMeld:
    """Lay a new meld for your side from these cards of your hand."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "meld " + _codes(self.cards)


@dataclass(frozen=True, slots=True)
class AddToMeld:
    """Add cards to meld number ``meld`` (1-based) of your side, or of ``team``."""

    meld: int
    cards: tuple[Card, ...]
    team: int | None = None
    wild_end: Literal["low", "high"] | None = None

    def __str__(self) -> str:
        where = str(self.meld) if self.team is None else f"{self.team}:{self.meld}"
        end = f" {self.wild_end}" if self.wild_end else ""
        return f"add {where} {_codes(self.cards)}{end}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card, ending the turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card.code}"


@dataclass(frozen=True, slots=True)
class NextHand:
    """Deal the next hand of the match."""

    def __str__(self) -> str:
        return "next"


def _codes(cards: tuple[Card, ...]) -> str:
    """``format_cards(cards)`` (the engine logs every move's text: this is quicker)."""
    return cards[0].code if len(cards) == 1 else " ".join([c.code for c in cards])


Action = Draw | Take | NewMeld | AddToMeld | Discard | NextHand

_DRAW = Draw()
_NEXT = NextHand()

_HELP = Message("notation.help")


def _words() -> dict[str, str]:
    """Every language's word for each verb (and ``low``/``high``, with the other words the lessons
    use for an end, ``notation.also.<end>``), to the English one."""
    words = {"deal": "next"}
    for lang in LANGUAGES:
        sentences = catalog(lang)
        for verb in ("draw", "take", "meld", "add", "discard", "next", "low", "high"):
            also = sentences.get(f"notation.also.{verb}", "").split(",")
            for word in [sentences.get(f"notation.verb.{verb}", verb), *also]:
                word = word.strip().lower()
                if word and words.setdefault(word, verb) != verb:
                    raise ValueError(f"the word {word!r} of language {lang!r} is already another verb's")
    return words


_WORDS = _words()


def _cards(tokens: list[str], what: str) -> tuple[Card, ...]:
    try:
        return tuple(parse_cards(tokens))
    except NotationError as err:
        raise NotationError("notation.in-verb", verb=Message(f"notation.verb.{what}"), error=err.message) from None


def parse_action(text: str | Action) -> Action:
    """Read one action from its text; an :data:`Action` is returned as it is. Text that is not
    an action raises :class:`~buraco_core.errors.NotationError`.

    Table-dependent checks (is there a meld 2? is it your turn?) belong to the game:
    :func:`buraco_core.game.engine.apply` makes them.

    >>> parse_action("discard kc"), parse_action("take 5h 2")
    (Discard(card=Card.from_str('K♣')), Take(card=Card.from_str('5♥'), copy=2))
    >>> parse_action("fold")
    Traceback (most recent call last):
    ...
    buraco_core.errors.NotationError: 'fold' is not an action: write one of: draw, take, take 5h, meld 4h 5h 6h, add 2 7h, add 1:3 7h, discard Kc, next
    """
    if not isinstance(text, str):
        return text
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise NotationError("notation.no-action", help=_HELP)
    verb, args = _WORDS.get(tokens[0].lower(), tokens[0].lower()), tokens[1:]
    if verb == "draw" and not args:
        return _DRAW
    if verb == "next" and not args:
        return _NEXT
    if verb == "take":
        if not args:
            return Take()
        if len(args) > 2:
            raise NotationError("notation.take-args")
        try:
            card = parse_card(args[0])
        except NotationError as err:
            raise NotationError("notation.in-verb", verb=Message("notation.verb.take"), error=err.message) from None
        copy = 1
        if len(args) == 2:
            if not args[1].isdigit() or int(args[1]) < 1:
                raise NotationError("notation.take-copy", card=args[0], copy=args[1])
            copy = int(args[1])
        return Take(card, copy)
    if verb == "meld":
        if not args:
            raise NotationError("notation.meld-needs-cards")
        return NewMeld(_cards(args, "meld"))
    if verb == "add":
        if len(args) < 2:
            raise NotationError("notation.add-needs")
        where, rest = args[0], args[1:]
        team: int | None = None
        if ":" in where:
            t, _, where = where.partition(":")
            if not t.isdigit():
                raise NotationError("notation.add-team", where=args[0])
            team = int(t)
        if not where.isdigit() or int(where) < 1:
            raise NotationError("notation.add-number", where=args[0])
        end: Literal["low", "high"] | None = None
        if rest and _WORDS.get(rest[-1].lower()) in ("low", "high"):
            end = "low" if _WORDS[rest[-1].lower()] == "low" else "high"
            rest = rest[:-1]
        if not rest:
            raise NotationError("notation.add-needs-card")
        return AddToMeld(int(where), _cards(rest, "add"), team, end)
    if verb == "discard":
        if len(args) != 1:
            raise NotationError("notation.discard-one")
        try:
            return Discard(parse_card(args[0]))
        except NotationError as err:
            raise NotationError("notation.in-verb", verb=Message("notation.verb.discard"), error=err.message) from None
    raise NotationError("notation.not-an-action", text=text, help=_HELP)
