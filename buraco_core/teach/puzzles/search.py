"""Candidate answers for the solver: groups of hand cards that might be melds, and cards that
might join a meld. The engine judges every candidate (:func:`buraco_core.teach.check`); these
functions only propose them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from ...cards import SUITS, Card
from ...melds import Meld

__all__ = ["extend_candidates", "meld_candidates"]


def _sub_multiset(cards: Sequence[Card], hand: Counter[Card]) -> bool:
    return all(n <= hand[c] for c, n in Counter(cards).items())


def meld_candidates(hand: Sequence[Card]) -> Iterator[list[Card]]:
    """Groups of hand cards that might be melds: run windows and sets, with at most one extra
    card from the jokers and 2s."""
    have = Counter(hand)
    wilds = sorted({c for c in hand if c.rank in (0, 2)})
    seen: set[tuple[Card, ...]] = set()

    def emit(group: list[Card]) -> Iterator[list[Card]]:
        key = tuple(sorted(group))
        if len(group) >= 3 and key not in seen and _sub_multiset(group, have):
            seen.add(key)
            yield group

    for suit in SUITS:
        place = {p: Card(1 if p == 14 else p, suit) for p in range(1, 15)}  # the card at p (14: the ace high)
        held = {p: have[card] > 0 for p, card in place.items()}
        for lo in range(1, 15):
            for hi in range(lo + 1, 15):
                nat = [place[p] for p in range(lo, hi + 1) if held[p]]
                missing = hi - lo + 1 - len(nat)
                if missing > 1:
                    break  # a longer window misses as many cards or more
                if missing == 0:
                    yield from emit(nat)
                for w in wilds:
                    yield from emit([*nat, w])
    for rank in [1, *range(3, 14)]:
        copies = [c for c in sorted(have) if c.rank == rank for _ in range(have[c])]
        distinct = sorted(set(copies))
        for base in (copies, distinct):
            for k in range(2, len(base) + 1):
                yield from emit(base[:k])
                for w in wilds:
                    yield from emit([*base[:k], w])


def extend_candidates(hand: Sequence[Card], meld: Meld) -> Iterator[list[Card]]:
    """Groups of hand cards that might join ``meld``, fewest cards first."""
    pool = [c for c in hand if c.rank in (0, 2)
            or (meld.kind == "run" and c.suit == meld.suit)
            or (meld.kind == "set" and c.rank == meld.rank)][:12]
    seen: set[tuple[Card, ...]] = set()
    n = len(pool)
    for mask in sorted(range(1, 1 << n), key=lambda x: bin(x).count("1")):
        group = [pool[i] for i in range(n) if mask >> i & 1]
        key = tuple(sorted(group))
        if key not in seen:
            seen.add(key)
            yield group
