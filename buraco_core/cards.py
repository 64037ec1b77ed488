"""Cards and their notation.

A card is a small frozen value: a rank and a suit, or the joker. The two copies of a
card in a double deck are equal, as a player would say they are.

Notation (what a player writes, and what :func:`parse_cards` reads):

- ranks ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` is read as 10), and the rank letters of every
  language of the catalog (``card.letter.<rank>``: German ``B`` for Bube, ``D`` for Dame), so a
  learner may type the cards as the lessons of their language write them;
- suits ``s h d c`` or ``♠ ♥ ♦ ♣``; the joker is ``JK``;
- :func:`format_cards` writes the canonical ASCII form, ``str(card)`` the form with
  suit symbols, :func:`card_text` the form with suit symbols in a language's own rank letters.

>>> cards = parse_cards("4h 5♥ 10h Th JK 2s")
>>> format_cards(cards)
'4h 5h 10h 10h JK 2s'
>>> str(cards[0]), cards[2] == cards[3]
('4♥', True)
>>> Card.from_str("7♥")
Card.from_str('7♥')
>>> card_text(parse_card("Qd"), "de"), parse_card("Bh") == parse_card("Jh")
('D♦', True)
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING

from .errors import NotationError
from .messages import LANGUAGES, Message, Worded, catalog, render

if TYPE_CHECKING:
    from .rules import Rules

__all__ = [
    "CARD_ORDER",
    "JOKER",
    "RANK_NAMES",
    "SUITS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "Card",
    "a_rank",
    "build_deck",
    "card_text",
    "format_cards",
    "parse_card",
    "parse_cards",
    "rank_letter",
    "rank_message",
    "rank_words",
    "shuffled_deck",
    "sort_cards",
]

#: The suits in their canonical order, as letters.
SUITS: tuple[str, ...] = ("s", "h", "d", "c")
SUIT_SYMBOLS: dict[str, str] = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_NAMES: dict[str, str] = {s: render(f"suit.{s}") for s in SUITS}
"""The suits in English words (the catalog's ``suit.<letter>``)."""

#: Rank numbers: 1 is the ace, 11-13 are J Q K; 0 is the joker's.
RANK_NAMES: dict[int, str] = {
    1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7",
    8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K",
}
_TOKEN_RANKS = {name: rank for rank, name in RANK_NAMES.items()} | {"T": 10}


def _rank_letters(lang: str) -> dict[int, str]:
    """A language's rank letters (the catalog's ``card.letter.<rank>``; English: A 2-10 J Q K)."""
    return {rank: catalog(lang).get(f"card.letter.{rank}", name) for rank, name in RANK_NAMES.items()}


_LETTERS: dict[str, dict[int, str]] = {lang: _rank_letters(lang) for lang in LANGUAGES}
# what parse_card reads: every language's letters (a letter must not mean another rank elsewhere)
for _lang, _letters in _LETTERS.items():
    for _rank, _letter in _letters.items():
        if _TOKEN_RANKS.setdefault(_letter.upper(), _rank) != _rank:
            raise ValueError(f"rank letter {_letter!r} of language {_lang!r} is another rank's letter")
_SPLIT = re.compile(r"[\s,]+")
_INTERNED: dict[tuple[int, str], Card] = {}


@dataclass(frozen=True, slots=True)
class Card(Worded):
    """One card: ``rank`` 1 (ace) to 13 (king) with a suit letter, or the joker.

    The joker has rank 0 and suit ``""``. Comparison orders by rank, then suit; for display
    use :func:`sort_cards`.

    There is one object per card: ``Card(7, "h")`` gives back the same object every time, so
    comparing and hashing cards is quick (the engine does it all the time).

    >>> Card(7, "h"), Card.joker()
    (Card.from_str('7♥'), Card.from_str('JK'))
    >>> Card(2, "s").is_two, Card.joker().is_joker
    (True, True)
    >>> Card(7, "h") is Card.from_str("7♥"), Card(7, "h") < Card(7, "s") < Card(8, "c")
    (True, True)
    """

    rank: int
    suit: str
    code: str = field(init=False, repr=False, compare=False)
    """The canonical ASCII notation: ``'7h'``, ``'10d'``, ``'JK'``."""
    _order: int = field(init=False, repr=False, compare=False)
    """Where the card sorts: rank, then suit (as the tuple ``(rank, suit)`` would)."""

    def __new__(cls, rank: int, suit: str) -> Card:
        card = _INTERNED.get((rank, suit)) if isinstance(rank, int) and isinstance(suit, str) else None
        if card is not None:
            return card
        if rank == 0 and suit != "":
            raise ValueError("the joker has no suit")
        raise ValueError(f"no such card: rank {rank!r}, suit {suit!r}")

    @classmethod
    def _create(cls, rank: int, suit: str) -> Card:
        """Make the one object of a card (at import, for each card of the deck)."""
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "code", "JK" if rank == 0 else RANK_NAMES[rank] + suit)
        object.__setattr__(card, "_order", rank * 8 + ("", "c", "d", "h", "s").index(suit))
        return card

    # One object per card: equal cards are the same object, so identity is equality and the
    # hash is the object's own (computed in C: tuples and dicts of cards hash quickly).
    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self is other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self is not other
        return NotImplemented

    __hash__ = object.__hash__

    def __lt__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self._order < other._order
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self._order <= other._order
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self._order > other._order
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self._order >= other._order
        return NotImplemented

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def joker(cls) -> Card:
        return JOKER

    @classmethod
    def from_str(cls, token: str) -> Card:
        """Read one card, such as ``"7h"``, ``"7♥"``, ``"10d"``, ``"Td"`` or ``"JK"``."""
        return parse_card(token)

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def is_two(self) -> bool:
        return self.rank == 2

    @property
    def is_wild_card(self) -> bool:
        """Jokers and 2s: cards that can stand for another (a 2 may also be itself)."""
        return self.rank <= 2 and self.rank != 1

    @property
    def name(self) -> str:
        """The card in words, for screen readers and feedback: ``'seven of hearts'``."""
        return self.name_message.text("en")

    @property
    def name_message(self) -> Message:
        """The card in words, as a catalog message (``card.name``)."""
        if self.rank == 0:
            return Message("card.joker")
        return Message("card.name", {"rank": rank_message(self.rank), "suit": Message(f"suit.{self.suit}")})

    @property
    def rank_name(self) -> str:
        return "JK" if self.rank == 0 else RANK_NAMES[self.rank]

    def __str__(self) -> str:
        return "JK" if self.rank == 0 else RANK_NAMES[self.rank] + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card.from_str({str(self)!r})"

    def in_words(self, lang: str = "en") -> str:
        """The card in a sentence of ``lang``: :func:`card_text`."""
        return card_text(self, lang)

    def _repr_svg_(self) -> str:
        from .svg import card_svg  # the drawing is a floor above (render): handed off when asked

        return card_svg(self)

    def _repr_html_(self) -> str:
        # The same drawing inline: JupyterLab shows image/svg+xml as an <img> with no alt text, so
        # its role="img" and aria-label would not reach a screen reader (WCAG's image-alt).
        return self._repr_svg_()


_INTERNED.update({(r, su): Card._create(r, su) for r, su in [(0, "")] + [(r, su) for su in SUITS for r in RANK_NAMES]})
JOKER = Card(0, "")


def rank_words(rank: int, *, plural: bool = False) -> str:
    """A rank in words: ``rank_words(7) == 'seven'``, plural ``'sevens'``."""
    return render(f"rank.{'many' if plural else 'one'}.{rank}")


def rank_message(rank: int, *, plural: bool = False) -> Message:
    """A rank in words as a catalog message (``rank.one.7``: seven; ``rank.many.7``: sevens)."""
    return Message(f"rank.{'many' if plural else 'one'}.{rank}")


def a_rank(rank: int) -> Message:
    """A rank with its article as a catalog message (``svg.a-rank.12``: a queen, German eine Dame):
    what a wild card in a set stands for.

    >>> a_rank(12).text("en"), a_rank(7).text("de")
    ('a queen', 'eine Sieben')
    """
    return Message(f"svg.a-rank.{rank}")


def rank_letter(rank: int) -> Message:
    """A rank's letter as a catalog message (``card.letter.12``: ``Q``, German ``D``), so a
    sentence shows the rank in the learner's own notation.

    >>> rank_letter(11).text("en"), rank_letter(11).text("de")
    ('J', 'B')
    """
    return Message(f"card.letter.{rank}")


def card_text(card: Card, lang: str = "en") -> str:
    """The card as a learner of ``lang`` reads it: its rank letter in that language and the suit
    symbol (``Q♦`` in English, ``D♦`` in German); ``str(card)`` is the English form.

    >>> [card_text(c, "de") for c in parse_cards("Jh Qs Kc As JK 10d")]
    ['B♥', 'D♠', 'K♣', 'A♠', 'JK', '10♦']
    """
    if card.rank == 0:
        return "JK"
    return _LETTERS.get(lang, RANK_NAMES)[card.rank] + SUIT_SYMBOLS[card.suit]


def _build_card_table() -> dict[str, Card]:
    table: dict[str, Card] = {"JK": JOKER}
    for suit in SUITS:
        for rank_token, rank in _TOKEN_RANKS.items():
            card = Card(rank, suit)
            table[rank_token + suit] = card
            table[rank_token + SUIT_SYMBOLS[suit]] = card
    return table


_CARD_TABLE = _build_card_table()


def parse_card(token: str) -> Card:
    """Read one card token; raise :class:`~buraco_core.errors.NotationError` (a
    :class:`ValueError`) naming the token if it is not one.

    >>> parse_card("Qc"), parse_card("q♣")
    (Card.from_str('Q♣'), Card.from_str('Q♣'))
    >>> parse_card("1h")
    Traceback (most recent call last):
    ...
    buraco_core.errors.NotationError: '1h' is not a card: write a rank (A, 2-10 or T, J, Q, K) and a suit (s h d c or ♠ ♥ ♦ ♣), or JK for a joker
    """
    card = _CARD_TABLE.get(token) if isinstance(token, str) else None
    if card is None and isinstance(token, str):
        card = _CARD_TABLE.get(token[:-1].upper() + token[-1:].lower()) if token else None
        if card is None:
            card = _CARD_TABLE.get(token.upper()) if token.upper() == "JK" else None
    if card is None:
        raise NotationError("notation.not-a-card", token=token)
    return card


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Read cards separated by spaces or commas (or take a list of tokens or cards).

    >>> parse_cards("As, 2s 3s")
    [Card.from_str('A♠'), Card.from_str('2♠'), Card.from_str('3♠')]
    >>> parse_cards("4h 5x")
    Traceback (most recent call last):
    ...
    buraco_core.errors.NotationError: '5x' is not a card: write a rank (A, 2-10 or T, J, Q, K) and a suit (s h d c or ♠ ♥ ♦ ♣), or JK for a joker
    """
    if isinstance(text, str):
        tokens: Iterable[str | Card] = [t for t in _SPLIT.split(text.strip()) if t]
    else:
        tokens = text
    return [t if isinstance(t, Card) else parse_card(t) for t in tokens]


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """Write cards in the canonical notation: ASCII by default, suit symbols on request.

    >>> format_cards(parse_cards("10♥ JK"))
    '10h JK'
    >>> format_cards(parse_cards("10h JK"), symbols=True)
    '10♥ JK'
    """
    return " ".join(str(c) if symbols else c.code for c in cards)


CARD_ORDER: Callable[[Card], int] = attrgetter("_order")
"""The sort key of a card: rank, then suit, the order of its comparisons (a number, compared in
C: the engine sorts cards all the time). For display, :func:`sort_cards`."""


def build_deck(rules: Rules) -> list[Card]:
    """The ruleset's full deck in a fixed order: two 52-card decks, plus jokers if it has them."""
    deck = [Card(rank, suit) for _ in range(rules.decks) for suit in SUITS for rank in range(1, 14)]
    deck.extend([JOKER] * rules.jokers)
    return deck


def shuffled_deck(rules: Rules, seed: int | random.Random) -> list[Card]:
    """The ruleset's deck shuffled by a seed (or a seeded :class:`random.Random`), replayably."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    deck = build_deck(rules)
    rng.shuffle(deck)
    return deck


def sort_cards(cards: Sequence[Card], *, by: str = "suit") -> list[Card]:
    """Cards sorted ``by="suit"`` (suit, then rank) or ``by="rank"`` (rank, then suit); jokers last."""
    if by == "suit":
        return sorted(cards, key=lambda c: (c.rank == 0, SUITS.index(c.suit) if c.suit else 4, c.rank))
    if by == "rank":
        return sorted(cards, key=lambda c: (c.rank == 0, c.rank, SUITS.index(c.suit) if c.suit else 4))
    raise ValueError(f"cannot sort by {by!r}: choose 'suit' or 'rank'")
