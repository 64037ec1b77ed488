"""How cards read as a meld: a set or a run, the wild card's place, and why cards are no meld.

:func:`~buraco_core.melds.make_meld` and :meth:`~buraco_core.melds.Meld.extend` ask these
(the rules of docs/RULES.md's meld section; :mod:`buraco_core.melds` has the glossary): every card
at most as often as the deck holds it (:func:`check_supply`), a set (:func:`read_set`), a run
(:func:`read_run`: of all readings, the one with the fewest wild cards, the ace high where the run
holds the king, the wild card in the one gap or at an end, :func:`end_place`), and, where no
reading is a run, the refusal of the first rule that fails.

>>> from buraco_core import RULESETS, parse_cards
>>> str(read_run(parse_cards("9c 7c JK"), RULESETS["buraco"]))
'7♣ JK 9♣'
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SUITS, Card, rank_message
from .messages import Message
from .rules import Rules

__all__ = ["HIGH_ACE", "check_supply", "end_place", "read_run", "read_set"]

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


from .melds import InvalidMeld, Meld, WildEnd  # noqa: E402  (melds imports this module last: both exist by then)
