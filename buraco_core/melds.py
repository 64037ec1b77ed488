"""Melds: runs and sets, the wild card's place, buracos and their points.

Everything here follows the meld and buraco sections of docs/RULES.md. The key ideas:

- A *place* is a position in a run: 1 is the low ace, 2 to 13 the ranks 2 to K, 14 the high ace.
- A *wild card* is a joker or a 2 that stands for another card. A 2 of the run's own suit at
  place 2 is a *natural* card, not the wild. A meld holds at most one wild card and at least two
  natural cards.
- Of all the ways to read the cards, the one with the fewest wild cards wins; where the ace could
  stand at either end, it stands high if the run holds the king.
- The wild card fills the one gap if there is one; otherwise it stands at the low end, or at the
  high end when the run starts at the ace.

This module holds the meld itself (:class:`Meld`: its facts, points and words, growing it with
:meth:`Meld.extend`), :func:`make_meld`, and at its end how cards read as a set or a run (the
search of every reading, and why cards are no meld: :func:`read_set`, :func:`read_run`).

Choices where docs/RULES.md is silent (each tested in tests/test_melds.py and tests/test_extend.py):

- A meld never holds more copies of a card than the ruleset's deck has (two of each card, four
  jokers; none in ``fechado`` unless its ``jokers`` option adds them).
- ``brazilian`` sets: the wild card stands for a missing suit, so a wild 2 may join a set that
  already holds a card of the 2's own suit (9♠ 9♥ 9♦ 2♠).
- Both copies of the 2 of a run's suit (2♥ 2♥ 3♥): one is natural, the other the wild card, at
  the low end (here the ace) like any wild card without a gap.
- ``wild_end`` in :meth:`Meld.extend` is the player's choice for a wild card that must move and
  could go to either end; a wild card that need not move stays where it is.
- An InvalidMeld names the first rule that fails, in this order: card notation, three cards, the
  deck's supply, two naturals, sets (rank, one wild card, the ruleset's limits), runs (one suit,
  same card twice, aces, one wild card, fourteen places, corner, gaps).

>>> from buraco_core import RULESETS, parse_cards
>>> m = make_meld(parse_cards("7h 4h 6h 5h"), RULESETS["buraco"])
>>> m.kind, str(m), m.wild, m.points
('run', '4♥ 5♥ 6♥ 7♥', None, 20)
>>> m = make_meld(parse_cards("9c 7c JK"), RULESETS["buraco"])
>>> str(m), m.wild_stands_for
('7♣ JK 9♣', Card.from_str('8♣'))
>>> make_meld(parse_cards("Kh Ah 2h"), RULESETS["buraco"]).wild_stands_for
Card.from_str('Q♥')
>>> make_meld(parse_cards("Kh Ah 3h"), RULESETS["buraco"])
Traceback (most recent call last):
...
buraco_core.melds.InvalidMeld: a run never turns the corner: the ace is low (A-2-3) or high (Q-K-A), never both (K-A-2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .cards import CARD_ORDER, SUITS, Card, a_rank, format_cards, parse_cards, rank_message
from .errors import NotationError, Refusal
from .memo import Bounded, PerRules
from .messages import Message
from .rules import BuracoKind, Rules
from .variants import get_rules

__all__ = ["InvalidMeld", "Meld", "make_meld", "wild_move"]

MeldKind = Literal["run", "set"]
WildEnd = Literal["low", "high"]
#: What growing a meld did to its wild card (:func:`wild_move`).
WildMove = Literal["becomes", "home", "moved", "stays"]



class InvalidMeld(Refusal):
    """Cards that are not a meld under the ruleset: ``rule`` is the clause of docs/RULES.md that
    fails (``"wild-one"``, ``"run"``, ...), ``message`` (``str(e)`` in English) says why. A
    token that is not a card is a :class:`~buraco_core.errors.NotationError` instead."""

    def fresh(self) -> InvalidMeld:
        """A new exception with the same rule and message (a remembered refusal is never raised
        itself, so it gathers no traceback)."""
        return InvalidMeld(self.rule, self.message)


def _place_rank(place: int) -> int:
    return 1 if place == HIGH_ACE else place


@dataclass(frozen=True, eq=False)
class Meld:
    """A valid meld on the table. Make one with :func:`make_meld`; it never changes.

    ``cards`` is the arrangement (runs low to high, the wild card where it stands; sets with the
    wild card last). ``wild`` is the card acting as the wild card, or None; ``wild_stands_for``
    the card it stands for in a run (in a set, see ``rank``).
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    rules: Rules = field(repr=False)
    wild_index: int | None = None
    low: int = 0
    """The place of the first card of a run (1 = low ace); 0 for a set."""
    rank: int = 0
    """The rank of a set's natural cards; 0 for a run."""
    suit: str = ""
    """The suit of a run; "" for a set."""

    @property
    def wild(self) -> Card | None:
        return None if self.wild_index is None else self.cards[self.wild_index]

    @property
    def wild_place(self) -> int | None:
        """The place the wild card holds in a run (1-14), or None."""
        if self.wild_index is None or self.kind != "run":
            return None
        return self.low + self.wild_index

    @property
    def wild_stands_for(self) -> Card | None:
        """The card the wild card stands for in a run; in a set, a card of its rank in the first
        suit the set lacks (spades if it has all four)."""
        if self.wild_index is None:
            return None
        if self.kind == "set":
            have = {c.suit for c in self.natural_cards}
            return Card(self.rank, next((s for s in SUITS if s not in have), "s"))
        return Card(_place_rank(self.low + self.wild_index), self.suit)

    @property
    def wild_label(self) -> str | None:
        """What the wild stands for, in English notation: ``'8♣'`` in a run, ``'7'`` in a set (a
        sentence takes :attr:`wild_stands`, which every language shows in its own letters)."""
        stands = self.wild_stands_for
        if stands is None:
            return None
        return stands.rank_name if self.kind == "set" else str(stands)

    @property
    def wild_stands(self) -> Message | Card | None:
        """What the wild card stands for, as a parameter of a sentence in any language: in a run
        the card (``8♣``; German ``B♥`` for the jack), in a set the rank with its article (``a
        queen``, German ``eine Dame``: "JK stands for a queen", not "for Q"). Sentences take this,
        never :attr:`wild_label`, which is English.

        >>> from buraco_core.messages import show
        >>> m = make_meld("Qc Qd JK", "buraco")
        >>> m.wild_label, show(m.wild_stands, "en"), show(m.wild_stands, "de")
        ('Q', 'a queen', 'eine Dame')
        """
        stands = self.wild_stands_for
        if stands is None:
            return None
        return a_rank(stands.rank) if self.kind == "set" else stands

    @property
    def natural_cards(self) -> tuple[Card, ...]:
        return tuple(c for i, c in enumerate(self.cards) if i != self.wild_index)

    @property
    def places(self) -> tuple[int, ...]:
        """Each card's place in a run (1 = low ace ... 14 = high ace); empty for a set."""
        if self.kind != "run":
            return ()
        return tuple(range(self.low, self.low + len(self.cards)))

    @property
    def card_points(self) -> int:
        values = self.rules.card_values
        return sum(values[c.rank] for c in self.cards)

    @property
    def is_buraco(self) -> bool:
        return len(self.cards) >= self.rules.min_buraco

    @property
    def natural_kind(self) -> BuracoKind | None:
        """The buraco's kind by its cards alone, before the ruleset decides how to count it."""
        n = len(self.cards)
        if n < self.rules.min_buraco:
            return None
        if self.wild_index is None:
            if self.kind == "run" and n == 14:
                return "ace-to-ace"
            if self.kind == "run" and n == 13:
                return "royal"
            return "clean"
        # semi-clean: the naturals alone are a clean buraco (a run's wild at an end, or a set)
        if (self.kind == "set" or self.wild_index in (0, n - 1)) and n - 1 >= self.rules.min_buraco:
            return "semi-clean"
        return "dirty"

    @property
    def buraco_type(self) -> BuracoKind | None:
        """The kind of buraco as this ruleset counts it, or None for a shorter meld."""
        kind = self.natural_kind
        rules = self.rules
        if kind == "royal" and rules.royal_bonus is None:
            return "clean"
        if kind == "ace-to-ace" and rules.ace_to_ace_bonus is None:
            return "clean"
        if kind == "semi-clean" and rules.semi_clean_bonus is None:
            return "dirty"
        return kind

    @property
    def is_clean(self) -> bool:
        """A buraco without a wild card (royal and ace-to-ace included)."""
        return self.buraco_type in ("clean", "royal", "ace-to-ace")

    @property
    def bonus(self) -> int:
        kind = self.buraco_type
        return 0 if kind is None else self.rules.bonus(kind)

    @property
    def points(self) -> int:
        return self.card_points + self.bonus

    @property
    def label(self) -> str:
        """A short name a teacher would write: ``'4♥-10♥'`` or ``'sevens (5 cards)'``."""
        return self.label_message.text("en")

    @property
    def label_message(self) -> Message:
        """:attr:`label` as a catalog message."""
        if self.kind == "run":
            first = Card(_place_rank(self.low), self.suit)
            last = Card(_place_rank(self.low + len(self.cards) - 1), self.suit)
            return Message("meld.label-run", {"first": first, "last": last})
        return Message("meld.label-set", {"rank": rank_message(self.rank, plural=True), "n": len(self.cards)})

    @property
    def description(self) -> Message:
        """One line for a learner, as a catalog message: kind, cards, wild, buraco and points."""
        wild = (Message("meld.describe-wild", {"wild": self.wild, "stands": self.wild_stands})
                if self.wild is not None else Message("meld.nothing"))
        kind = self.buraco_type
        if kind is not None:
            value = Message("meld.describe-buraco", {
                "kind": Message(f"buraco-kind.{kind}"), "cards": self.card_points,
                "bonus": self.bonus, "points": self.points})
        else:
            value = Message("meld.describe-points", {"points": self.points})
        return Message("meld.describe", {"kind": Message(f"meld.kind.{self.kind}"),
                                         "label": self.label_message, "wild": wild, "value": value})

    def describe(self, lang: str = "en") -> str:
        """One line for a learner: kind, cards, wild, buraco and points (:attr:`description`
        in ``lang``, English by default).

        >>> from buraco_core import RULESETS
        >>> make_meld("4h 5h 6h 2s 8h 9h 10h", RULESETS["buraco"]).describe()
        'run 4♥-10♥, 2♠ standing for 7♥: dirty buraco, 65 + 100 = 165 points'
        """
        return self.description.text(lang)

    def extend(
        self, cards: Iterable[Card | str] | str, rules: Rules | str | None = None,
        *, wild_end: WildEnd | None = None,
    ) -> Meld:
        """A new meld with ``cards`` added, all or nothing; this meld never changes.

        Cards on the table keep their places, but for the wild card and a 2 of the run's suit
        (natural or wild as the cards need it); an ace keeps its end (low stays low, high stays
        high). The wild card fills the one gap the new cards leave, if there is one; if a new card
        takes the wild card's place and no gap is left, the wild card goes to an end. ``wild_end``
        (``"low"`` or ``"high"``) is the player's choice of that end; it counts only when the wild
        card has to move and both ends are free (default: the low end, or the high end when the
        run starts at the ace). A wild 2 of the run's suit goes back to its natural place when
        that place is free, and the meld then has no wild card.

        >>> from buraco_core import RULESETS, parse_cards
        >>> rules = RULESETS["burraco"]
        >>> m = make_meld(parse_cards("3h 4h JK 6h 7h"), rules)
        >>> str(m.extend("5h", rules))
        'JK 3♥ 4♥ 5♥ 6♥ 7♥'
        >>> str(make_meld(parse_cards("2c 3c 4c"), rules).extend("6c", rules))
        '3♣ 4♣ 2♣ 6♣'
        """
        known = self.extend_or_reason(cards, rules, wild_end=wild_end)
        if isinstance(known, InvalidMeld):
            raise known.fresh()
        return known

    def extend_or_reason(
        self, cards: Iterable[Card | str] | str, rules: Rules | str | None = None,
        *, wild_end: WildEnd | None = None,
    ) -> Meld | InvalidMeld:
        """:meth:`extend`, answering with the refusal instead of raising it (quicker where
        refusals are common, as when the game looks for legal moves). Cards that cannot be read
        still raise :class:`~buraco_core.errors.NotationError`.

        >>> from buraco_core import RULESETS
        >>> reason = make_meld("4h 5h 6h", RULESETS["buraco"]).extend_or_reason("9h")
        >>> reason.rule, str(reason)
        ('run', 'a run needs consecutive cards of one suit: these leave 2 gaps, and there is no wild card to fill it')
        """
        if rules is not None and rules is not self.rules:
            try:
                return self._extend(cards, get_rules(rules), wild_end)
            except InvalidMeld as err:
                return err
        # the same meld, cards and end give the same answer: remember it
        key = (self, tuple(cards) if type(cards) is list else cards, wild_end)
        try:
            known = _EXTEND_CACHE.data.get(key)
        except TypeError:  # unhashable cards: let _extend say what is wrong
            try:
                return self._extend(cards, self.rules, wild_end)
            except InvalidMeld as err:
                return err
        if known is None:
            try:
                known = self._extend(cards, self.rules, wild_end)
            except InvalidMeld as err:
                err.__traceback__ = None  # remembered: keep no frames alive
                known = err
            _EXTEND_CACHE.put(key, known)
        return known

    def _extend(self, cards: Iterable[Card | str] | str, rules: Rules, wild_end: WildEnd | None) -> Meld:
        if wild_end not in (None, "low", "high"):
            raise NotationError("notation.wild-end", end=wild_end)
        new = _read_cards(cards)
        if not new:
            raise InvalidMeld("extend", "meld.add-nothing")
        if len(new) == 1 and self.kind == "run":
            quick = self._extend_at_an_end(new[0], rules, wild_end)
            if quick is not None:
                return quick
        return self._extend_by_search(new, rules, wild_end)

    def _extend_at_an_end(self, card: Card, rules: Rules, wild_end: WildEnd | None = None) -> Meld | None:
        """The commonest additions to a run, built without the search of :func:`_make_run` (and
        the same meld it builds), where no 2 of the run's suit could change its reading:

        - a natural 3 to K of the suit just past an end, where the run has no wild card or one
          that stays where it is (a joker or a 2 of another suit);
        - that natural card on the place such a wild card holds: the wild card moves to an end;
        - such a wild card onto a run without one: it goes to an end.

        None: ask the search."""
        low = self.low
        cards = self.cards
        wild_index = self.wild_index
        rank = card.rank
        if rank == 0 or (rank == 2 and card.suit != self.suit):  # a wild card that stays wild
            if wild_index is not None or rules is not self.rules or (rank == 0 and not rules.jokers):
                return None
            place = end_place(low, low + len(cards) - 1, None, wild_end)
            if place is None:
                return None
            if place < low:
                return Meld("run", (card, *cards), rules, wild_index=0, low=place, suit=self.suit)
            return Meld("run", (*cards, card), rules, wild_index=len(cards), low=low, suit=self.suit)
        if card.suit != self.suit or rank == 2:
            return None
        if wild_index is not None:
            if rules is not self.rules:
                return None
            wild = cards[wild_index]
            if wild.rank != 0 and wild.suit == self.suit:
                return None
        if rank == 1:
            # an ace onto a run without one, where only one end can take it and no wild card at
            # an end could move to make room at the other
            hi = low + len(cards) - 1
            if any(c.rank == 1 for c in cards) or (low == 2) == (hi == 13) or (
                    wild_index is not None and (wild_index == 0 or wild_index == len(cards) - 1)):
                return None
            if low == 2:
                return Meld("run", (card, *cards), rules,
                            wild_index=None if wild_index is None else wild_index + 1, low=1,
                            suit=self.suit)
            return Meld("run", (*cards, card), rules, wild_index=wild_index, low=low, suit=self.suit)
        if wild_index is not None:
            last = len(cards) - 1
            if rank == low + len(cards) + 1 and wild_index == 0:
                # two places past the high end: the wild card moves from the low end into the gap
                return Meld("run", (*cards[1:], cards[0], card), rules, wild_index=last, low=low + 1,
                            suit=self.suit)
            if rank == low - 2 and wild_index == last:
                # two places below the low end: the wild card moves from the high end into the gap
                return Meld("run", (card, cards[last], *cards[:last]), rules, wild_index=1, low=rank,
                            suit=self.suit)
            if rank == low + wild_index:
                # the natural card takes the wild card's place, which moves to an end
                hi = low + len(cards) - 1
                place = end_place(low, hi, None, wild_end)
                if place is None:
                    return None
                rest = (*cards[:wild_index], card, *cards[wild_index + 1:])
                if place < low:
                    return Meld("run", (wild, *rest), rules, wild_index=0, low=place, suit=self.suit)
                return Meld("run", (*rest, wild), rules, wild_index=len(rest), low=low, suit=self.suit)
        if rank == low + len(cards):
            return Meld("run", (*cards, card), rules, wild_index=wild_index, low=low, suit=self.suit)
        if rank == low - 1:
            return Meld("run", (card, *cards), rules,
                        wild_index=None if wild_index is None else wild_index + 1, low=rank,
                        suit=self.suit)
        return None

    def _extend_by_search(self, new: list[Card], rules: Rules, wild_end: WildEnd | None) -> Meld:
        combined = list(self.cards) + new
        check_supply(sorted(combined, key=CARD_ORDER), rules)
        if self.kind == "set":
            return read_set(combined, rules, self.rank)
        fixed_ace = None
        for place, card in zip(self.places, self.cards, strict=True):
            if card.rank == 1 and self.wild_index != place - self.low:
                fixed_ace = place
        return read_run(
            combined, rules, suit=self.suit, fixed_ace=fixed_ace,
            keep_wild=self.wild_place, wild_end=wild_end,
        )

    def can_extend(self, cards: Iterable[Card | str] | str, rules: Rules | str | None = None) -> bool:
        """Whether :meth:`extend` would take these cards (asked without raising)."""
        return not isinstance(self.extend_or_reason(cards, rules), InvalidMeld)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return (self.kind, self.cards, self.wild_index, self.low, self.rules) == (
            other.kind, other.cards, other.wild_index, other.low, other.rules)

    def __hash__(self) -> int:
        known: int | None = self.__dict__.get("_hash")
        if known is None:  # computed once: a meld never changes
            known = hash((self.kind, self.cards, self.wild_index, self.low))
            object.__setattr__(self, "_hash", known)
        return known

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        state.pop("_hash", None)  # card hashes differ between processes: never pickle it
        return state

    def __str__(self) -> str:
        return format_cards(self.cards, symbols=True)

    def __repr__(self) -> str:
        """``make_meld('...', RULESETS['...'])`` when that gives this meld back, else the full
        constructor (a meld grown with its wild card at a chosen end, or an ace kept low)."""
        text = format_cards(self.cards)
        try:
            canonical = make_meld(self.cards, self.rules) == self
        except InvalidMeld:
            canonical = False
        if canonical:
            return f"make_meld({text!r}, {self.rules!r})"
        return (f"Meld({self.kind!r}, tuple(parse_cards({text!r})), {self.rules!r}, "
                f"wild_index={self.wild_index!r}, low={self.low!r}, rank={self.rank!r}, suit={self.suit!r})")

    def __len__(self) -> int:
        return len(self.cards)

    def _repr_svg_(self) -> str:
        from .svg import meld_svg  # the drawing is a floor above (render): handed off when asked

        return meld_svg(self)

    def _repr_html_(self) -> str:
        # The same drawing inline: JupyterLab shows image/svg+xml as an <img> with no alt text, so
        # its role="img" and aria-label would not reach a screen reader (WCAG's image-alt).
        return self._repr_svg_()


def wild_move(before: Meld, after: Meld) -> WildMove | None:
    """What growing ``before`` into ``after`` did to its wild card: None (none before or after),
    ``"becomes"`` (a wild card where there was none: one added, or a natural 2 turned wild),
    ``"home"`` (a run's 2 back at its own place: no wild card left), ``"moved"`` (to another
    place in the run), ``"stays"``. The one reading of it: the engine's clauses of an addition,
    its explanation and the puzzles that grow a meld ask it.

    >>> run, two = make_meld("3h 4h JK 6h", "buraco"), make_meld("3h 4h 2h 6h", "buraco")
    >>> [wild_move(m, m.extend(c, "buraco")) for m, c in ((run, "7h"), (run, "5h"), (two, "5h"))]
    ['stays', 'moved', 'home']
    """
    if before.wild is None:
        return None if after.wild is None else "becomes"
    if after.wild is None:
        return "home"
    return "stays" if before.wild_place == after.wild_place else "moved"


def make_meld(cards: Iterable[Card | str] | str, rules: Rules | str) -> Meld:
    """The meld these cards make under ``rules``, or :class:`InvalidMeld` naming the broken rule.

    The order of ``cards`` does not matter: the meld is arranged as docs/RULES.md places it. A token
    that is not a card raises :class:`~buraco_core.errors.NotationError` naming the token; more
    copies of a card than the ruleset's deck holds (``fechado`` has no jokers) an
    :class:`InvalidMeld` under ``[deck]``.

    >>> from buraco_core import RULESETS
    >>> make_meld("5s 5h 5d JK", RULESETS["buraco"]).cards[-1]
    Card.from_str('JK')
    >>> make_meld("5s 5h JK 2d", RULESETS["buraco"])
    Traceback (most recent call last):
    ...
    buraco_core.melds.InvalidMeld: a meld may hold only one wild card (a joker or a 2); in a set every 2 is wild
    >>> make_meld("JK 7c 8c", RULESETS["fechado"])
    Traceback (most recent call last):
    ...
    buraco_core.melds.InvalidMeld: Buraco Fechado is played without jokers: its only wild cards are the 2s
    """
    rules = get_rules(rules)
    if type(cards) is tuple or type(cards) is str:
        # the same cards give the same answer: remember it (per ruleset object)
        known_melds = _MAKE_CACHE.table(rules)
        try:
            known = known_melds.get(cards)
        except TypeError:  # unhashable: let _make_meld say what is wrong
            return _make_meld(cards, rules)
        if known is None:
            try:
                known = _make_meld(cards, rules)
            except InvalidMeld as err:
                err.__traceback__ = None  # remembered: keep no frames alive
                known = err
            _MAKE_CACHE.put(known_melds, cards, known)
        if isinstance(known, InvalidMeld):
            raise known.fresh()
        return known
    return _make_meld(cards, rules)


def _make_meld(cards: Iterable[Card | str] | str, rules: Rules) -> Meld:
    hand = _read_cards(cards)
    if len(hand) < 3:
        naturals = {c.rank for c in hand if c.rank > 2 or c.rank == 1}
        rule = "set" if len(naturals) == 1 and len(hand) > 1 and rules.allow_sets else "run"
        raise InvalidMeld(rule, "meld.three-cards", n=len(hand))
    hand.sort(key=CARD_ORDER)  # the same cards in any order give the same meld, or the same reason
    check_supply(hand, rules)
    others = [c for c in hand if c.rank > 2 or c.rank == 1]
    if not others:
        raise InvalidMeld("two-naturals", "meld.all-wild")
    first = others[0]
    if len(others) >= 2 and all(c.rank == first.rank for c in others):
        if rules.allow_sets:
            return read_set(hand, rules, first.rank)
        if not (first.rank == 1 and rules.ace_to_ace):  # two aces may still be an ace-to-ace run
            if all(c.suit == first.suit for c in others):
                raise InvalidMeld("no-sets", "meld.no-sets-twice", rules=rules, card=first)
            raise InvalidMeld("no-sets", "meld.no-sets", rules=rules)
    return read_run(hand, rules)


def _read_cards(cards: Iterable[Card | str] | str) -> list[Card]:
    """Parse cards (a bad token raises :class:`~buraco_core.errors.NotationError`)."""
    return parse_cards(cards)


_CACHE_SIZE = 10_000
"""How many answers each cache below keeps before it starts afresh."""
_EXTEND_CACHE: Bounded[tuple[Meld, object, WildEnd | None], Meld | InvalidMeld] = Bounded(
    "melds.extend", _CACHE_SIZE)
"""Meld.extend's answers (a meld, or the refusal, never raised itself) for melds extended under
their own rules. Melds and cards never change, so an answer stays true."""
_MAKE_CACHE: PerRules[object, Meld | InvalidMeld] = PerRules("melds.make_meld", _CACHE_SIZE)
"""make_meld's answers for cards given as a tuple or a string, per ruleset object (by id; the
entry holds the ruleset, so the id is not reused while the entry lives)."""


# ---------------------------------------------------------------- reading cards as a set or a run
# make_meld and Meld.extend ask these (the rules of docs/RULES.md's meld section): every card at most
# as often as the deck holds it (check_supply), a set (read_set), a run (read_run: of all readings,
# the one with the fewest wild cards, the ace high where the run holds the king, the wild card in
# the one gap or at an end, end_place), and, where no reading is a run, the refusal of the first rule
# that fails.

HIGH_ACE = 14
"""The place of a high ace in a run (a low ace is at place 1)."""

def check_supply(cards: Sequence[Card], rules: Rules) -> None:
    """No card more often than the ruleset's deck holds it (jokers: ``rules.jokers``).

    ``cards`` must be sorted by :func:`CARD_ORDER`, so that copies of a card stand together.
    """
    copies = 0
    rank, suit = -1, ""
    for c in cards:
        if c.rank == rank and c.suit == suit:
            copies += 1
        else:
            copies, rank, suit = 1, c.rank, c.suit
        if rank == 0:
            if copies > rules.jokers:
                if rules.jokers == 0:
                    raise InvalidMeld("deck", "meld.no-jokers", rules=rules)
                raise InvalidMeld("deck", "meld.too-many-jokers", rules=rules, jokers=rules.jokers,
                                  n=sum(1 for card in cards if card.rank == 0))
        elif copies > rules.decks:
            n = sum(1 for card in cards if card == c)
            supply: Message | int = Message(f"number.{rules.decks}") if rules.decks <= 4 else rules.decks
            raise InvalidMeld("deck", "meld.too-many-copies", copies=supply, card=c, decks=rules.decks, n=n)


def read_set(cards: Sequence[Card], rules: Rules, rank: int) -> Meld:
    if not rules.allow_sets:
        raise InvalidMeld("no-sets", "meld.no-sets", rules=rules)
    naturals: list[Card] = []
    wilds: list[Card] = []
    for c in cards:
        if c.rank == rank:
            naturals.append(c)
        elif c.rank in (0, 2):
            wilds.append(c)
        else:
            raise InvalidMeld("set", "meld.set-rank", rank=rank_message(rank, plural=True), card=c)
    if len(wilds) > 1:
        raise InvalidMeld("wild-one", "meld.one-wild-set")
    if len(naturals) < 2:
        raise InvalidMeld("two-naturals", "meld.two-naturals")
    if rules.set_max_cards is not None and len(cards) > rules.set_max_cards:
        raise InvalidMeld("set-brazilian", "meld.set-max", rules=rules, max=rules.set_max_cards)
    if rules.set_distinct_suits and len({c.suit for c in naturals}) < len(naturals):
        raise InvalidMeld("set-brazilian", "meld.set-suits", rules=rules)
    naturals.sort(key=lambda c: SUITS.index(c.suit))
    return Meld("set", tuple(naturals + wilds), rules,
                wild_index=len(naturals) if wilds else None, rank=rank)


def read_run(
    cards: Sequence[Card], rules: Rules, *, suit: str | None = None, fixed_ace: int | None = None,
    keep_wild: int | None = None, wild_end: WildEnd | None = None,
) -> Meld:
    """The run the cards make, read the way the module docstring says (an :class:`InvalidMeld` naming
    the first rule that fails where they make none).

    >>> from buraco_core import RULESETS, parse_cards
    >>> str(read_run(parse_cards("9c 7c JK"), RULESETS["buraco"]))
    '7♣ JK 9♣'
    """
    jokers: list[Card] = []
    twos: list[Card] = []
    others: list[Card] = []
    for c in cards:
        (jokers if c.rank == 0 else twos if c.rank == 2 else others).append(c)
    extending = suit is not None
    if suit is None:
        suit = others[0].suit if others else ""
    for c in others:
        if c.suit != suit:
            if extending:
                raise InvalidMeld("run", "meld.run-suit-extend", suit=Message(f"suit.{suit}"), card=c)
            if not rules.allow_sets:
                raise InvalidMeld("run", "meld.run-suit-no-sets", first=others[0], card=c, rules=rules)
            raise InvalidMeld("run", "meld.neither", cards=tuple(cards))  # every card chosen, wild ones too
    # natural places of the cards that are never wild
    places: list[int] = []
    aces = 0
    seen: set[int] = set()
    for c in others:
        if c.rank == 1:
            aces += 1
            continue
        if c.rank in seen:
            raise InvalidMeld("run", "meld.run-twice", card=c)
        seen.add(c.rank)
        places.append(c.rank)
    if aces > 2:
        raise InvalidMeld("run-places", "meld.three-aces")
    if aces == 2 and not rules.ace_to_ace:
        raise InvalidMeld("run-places", "meld.two-aces")
    suited_twos = sum(1 for c in twos if c.suit == suit)
    forced_wilds = len(jokers) + len(twos) - suited_twos
    ace_options: list[tuple[int, ...]]
    if aces == 0:
        ace_options = [()]
    elif aces == 2:
        ace_options = [(1, HIGH_ACE)]
    elif fixed_ace is not None:
        ace_options = [(fixed_ace,)]
    else:
        # high first when the run holds the king: the tie-break of docs/RULES.md
        ace_options = [(HIGH_ACE,), (1,)] if 13 in seen else [(1,), (HIGH_ACE,)]
    best: tuple[int, list[int], int | None] | None = None  # (wilds, places, wild place)
    fewest_wilds = 99
    fewest_gaps = 99
    for natural_two in ((True, False) if suited_twos else (False,)):
        wild_count = forced_wilds + suited_twos - (1 if natural_two else 0)
        fewest_wilds = min(fewest_wilds, wild_count)
        if wild_count > 1:
            continue
        for ace_places in ace_options:
            nat = places + list(ace_places) + ([2] if natural_two else [])
            if len(set(nat)) < len(nat):
                continue
            if len(nat) < 2:
                continue
            lo, hi = min(nat), max(nat)
            gaps = hi - lo + 1 - len(nat)
            fewest_gaps = min(fewest_gaps, gaps)
            if gaps > wild_count:
                continue
            wild_place: int | None = None
            if wild_count == 1:
                if gaps == 1:
                    wild_place = next(p for p in range(lo, hi + 1) if p not in nat)
                else:
                    wild_place = end_place(lo, hi, keep_wild, wild_end)
                    if wild_place is None:
                        continue
            if best is None or wild_count < best[0]:
                best = (wild_count, nat, wild_place)
    if best is None:
        raise _run_failure(others, places, aces, suited_twos, forced_wilds, fewest_wilds,
                           fewest_gaps, rules)
    _, nat, wild_place = best
    lo = min(nat + ([wild_place] if wild_place is not None else []))
    hi = max(nat + ([wild_place] if wild_place is not None else []))
    if len(nat) < 2:
        raise InvalidMeld("two-naturals", "meld.two-naturals")
    by_place: dict[int, Card] = {}
    for c in others:
        if c.rank == 1:
            continue
        by_place[c.rank] = c
    ace_card = Card(1, suit)
    for p in nat:
        if p in (1, HIGH_ACE):
            by_place[p] = ace_card
    if 2 in nat:
        by_place[2] = Card(2, suit)
    wild_card: Card | None = None
    if wild_place is not None:
        if jokers:
            wild_card = jokers[0]
        else:
            # a suited 2 not at its place, or a 2 of another suit
            off = [c for c in twos if c.suit != suit]
            wild_card = off[0] if off else Card(2, suit)
        by_place[wild_place] = wild_card
    arrangement = tuple(by_place[p] for p in range(lo, hi + 1))
    return Meld("run", arrangement, rules,
                wild_index=None if wild_place is None else wild_place - lo, low=lo, suit=suit)


def end_place(lo: int, hi: int, keep: int | None, wild_end: WildEnd | None) -> int | None:
    low_free = lo > 1
    high_free = hi < HIGH_ACE
    if keep is not None and ((keep == lo - 1 and low_free) or (keep == hi + 1 and high_free)):
        return keep
    if wild_end == "high" and high_free:
        return hi + 1
    if wild_end == "low" and low_free:
        return lo - 1
    if low_free and lo != 1:
        return lo - 1
    if high_free:
        return hi + 1
    return None


def _run_failure(
    others: list[Card], places: list[int], aces: int, suited_twos: int, forced_wilds: int,
    fewest_wilds: int, fewest_gaps: int, rules: Rules,
) -> InvalidMeld:
    """Why no reading of these cards is a run, in the words of the rule that fails first."""
    if fewest_wilds > 1:
        return InvalidMeld("wild-one", "meld.one-wild-run")
    naturals = len(others) + (1 if suited_twos else 0)
    if naturals < 2:
        return InvalidMeld("two-naturals", "meld.two-naturals")
    if len(others) + suited_twos + forced_wilds > HIGH_ACE:
        return InvalidMeld("run-places", "meld.fourteen")
    if aces == 2 and rules.ace_to_ace:
        return InvalidMeld("ace-to-ace", "meld.ace-to-ace-gaps")
    if _turns_corner(places + [1] * aces, suited_twos, forced_wilds, fewest_gaps):
        return InvalidMeld("run", "meld.corner")
    if 1 <= fewest_gaps < 99:
        if forced_wilds + suited_twos == 0:
            return InvalidMeld("run", "meld.gaps-no-wild", gaps=fewest_gaps)
        if fewest_gaps == 1 and forced_wilds == 0 and suited_twos == 1:
            return InvalidMeld("natural-two", "meld.gap-natural-two")
        return InvalidMeld("wild-one", "meld.gaps-one-wild", gaps=fewest_gaps)
    return InvalidMeld("run-places", "meld.fourteen")


def _turns_corner(ranks: list[int], suited_twos: int, forced_wilds: int, fewest_gaps: int) -> bool:
    """Would these cards come (nearly) together if a run could wrap from K over A to 2?

    Used only to explain a refusal: K-A-3 and K-2-3 are refused as corner runs, not as gaps.
    """
    readings = [(ranks, forced_wilds + suited_twos)]
    if suited_twos:
        readings.append(([*ranks, 2], forced_wilds + suited_twos - 1))
    for natural, wilds in readings:
        if wilds > 1 or len(set(natural)) < len(natural):
            continue
        for turn in range(1, 13):  # ranks up to ``turn`` continue after the king
            if min(natural) > turn or max(natural) <= turn:
                continue
            wrapped = [r + 13 if r <= turn else r for r in natural]
            gaps = max(wrapped) - min(wrapped) + 1 - len(wrapped)
            if gaps <= wilds + 1 and gaps < fewest_gaps:
                return True
    return False

