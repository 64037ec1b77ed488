"""A hand as it ended, and a hand scored: the score pad's two values.

A :class:`HandEntry` is what one hand left on the table; a :class:`HandResult` the same hand
scored by the game's own end of hand. :func:`check_entry_supply` refuses a card named more
often than the ruleset's deck holds it, as the engine refuses it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ...cards import CARD_ORDER, Card, format_cards, parse_cards
from ...melds import HIGH_ACE, InvalidMeld, Meld, check_supply, make_meld, read_run
from ...rules import Rules
from ...scoring import Score
from ...variants import get_rules

__all__ = ["HandEntry", "HandResult", "arranged", "check_entry_supply", "meld_fixes"]


@dataclass(frozen=True)
class HandEntry:
    """What one hand left on the table: ``melds`` per side; ``left``, the cards left in each
    player's hand (by seat); ``pot_taken`` and ``pot_unused`` per side (``fechado``: taken by a
    discard and not used before the hand ended); ``went_out``, the side that went out, or None
    when the stock ended the hand. A value: every change makes a new one."""

    melds: tuple[tuple[Meld, ...], ...]
    left: tuple[tuple[Card, ...], ...]
    pot_taken: tuple[bool, ...]
    pot_unused: tuple[bool, ...]
    went_out: int | None = None
    pot_waiting: tuple[bool, ...] = ()
    """Per side: its pot, earned by a discard, still waiting to be picked up (``buraco``): not
    taken, and its line says so. Empty: none waits."""

    @classmethod
    def empty(cls, sides: int, players: int) -> HandEntry:
        return cls(((),) * sides, ((),) * players, (False,) * sides, (False,) * sides, None, (False,) * sides)

    def waiting(self, side: int) -> bool:
        return bool(self.pot_waiting) and self.pot_waiting[side]

    def cards(self) -> Counter[Card]:
        """Every card the entry names, melded or left in a hand."""
        count: Counter[Card] = Counter()
        for side in self.melds:
            for m in side:
                count.update(m.cards)
        for hand in self.left:
            count.update(hand)
        return count

    def to_json(self) -> dict[str, Any]:
        return {"melds": [[format_cards(m.cards) for m in side] for side in self.melds],
                "left": [format_cards(h) for h in self.left], "pot_taken": list(self.pot_taken),
                "pot_unused": list(self.pot_unused), "went_out": self.went_out,
                "pot_waiting": list(self.pot_waiting)}


@dataclass(frozen=True)
class HandResult:
    """A hand scored: its ``number`` (from 1), its ``entry``, each side's :class:`~buraco_core.scoring.Score`
    (``scores``: line by line as the game's own score sheet), the match ``totals`` after it, and
    whether the match is ``over`` with it (``winner``: the side that won, None for a draw)."""

    number: int
    entry: HandEntry
    scores: tuple[Score, ...]
    totals: tuple[int, ...]
    over: bool
    winner: int | None


def check_entry_supply(entry: HandEntry, rules: Rules) -> None:
    """The engine's refusal under ``[deck]`` (:func:`~buraco_core.melds.check_supply`, its one
    copy) if the entry names a card more often than the ruleset's deck holds it.

    >>> from buraco_core import RULESETS, make_meld, parse_cards
    >>> five = make_meld("5s 5h 5d", "buraco")
    >>> check_entry_supply(HandEntry(((five,), (five,)), (tuple(parse_cards("5s")), ()), (True, True), (False, False)),
    ...                    RULESETS["buraco"])
    Traceback (most recent call last):
    ...
    buraco_core.melds.InvalidMeld: the deck holds only two 5♠ (one in each 52-card deck), not 3
    """
    check_supply(sorted(entry.cards().elements(), key=CARD_ORDER), rules)


def arranged(cards: Iterable[Card | str] | str, rules: Rules | str) -> Meld:
    """The meld these cards make (:func:`~buraco_core.melds.make_meld`, its refusals), arranged as
    written where the engine allows that arrangement too: a run written with its wild card at the
    other end, or with the ace at the other end (``A♦ JK 3♦ ... K♦`` rather than ``JK 3♦ ... K♦
    A♦``), is read so, as a meld on the table keeps the places its cards took.

    >>> str(arranged("7c 8c 9c JK", "buraco")), str(arranged("JK 7c 8c 9c", "buraco"))
    ('7♣ 8♣ 9♣ JK', 'JK 7♣ 8♣ 9♣')
    """
    rules = get_rules(rules)
    written = tuple(parse_cards(cards))
    m = make_meld(written, rules)
    if m.kind != "run" or m.cards == written:
        return m
    ordered = sorted(written, key=CARD_ORDER)
    for ace in (None, 1, HIGH_ACE):
        for end in (None, "low", "high"):
            try:
                other = read_run(ordered, rules, fixed_ace=ace, wild_end=end)
            except InvalidMeld:
                continue
            if other.cards == written:
                return other
    return m


def meld_fixes(cards: Iterable[Card | str] | str, rules: Rules | str) -> tuple[Meld, ...]:
    """What would make an impossible meld right, as the engine reads it: every meld these cards
    make with one card left out (each different meld once, in the order of the cards).

    >>> [str(m) for m in meld_fixes("5s 5h JK 2d", "buraco")]
    ['5♠ 5♥ 2♦', '5♠ 5♥ JK']
    """
    rules = get_rules(rules)
    hand = parse_cards(cards)
    found: list[Meld] = []
    for i in range(len(hand)):
        rest = hand[:i] + hand[i + 1:]
        try:
            m = make_meld(tuple(rest), rules)
        except InvalidMeld:
            continue
        if m not in found:
            found.append(m)
    return tuple(found)
