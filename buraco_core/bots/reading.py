"""How the bots read a hand and the table: quick, looser readings than the rules, beside them.

The engine's own questions ("could this card meld, or go onto that meld?") are
:mod:`buraco_core.meld_search`; what a meld is, :mod:`buraco_core.melds`. Here are the bots'
heuristics built on them, each exact where it says so and checked against the rules in
tests/bots/test_reading.py:

- the *addition window* of a meld (:func:`side_windows`, :func:`near_meld`): the cards the bots
  list as candidate additions, a looser and quicker look than
  :func:`~buraco_core.meld_search.may_extend`; :func:`goes_onto` the exact answer for a side;
- *candidate trios* (:func:`candidate_trios`, counted from above by :func:`trio_bound`): three
  cards that may be a meld, a quick superset of the three-card melds, not checked;
  :func:`natural_three_card_melds` the checked ones without a wild card;
- a *connection*: another natural card that could stand in a natural meld with a card
  (:func:`counted_connections`, :func:`makes_meld`), what the bots weigh in a hand;
- a *place* is a position in a run: 1 the low ace, 2 to 13 the ranks, 14 the high ace
  (:data:`ACE_PLACES` as bits).

>>> from buraco_core import RULESETS, make_meld, parse_cards
>>> counts = card_counts(parse_cards("4h 5h 7h 2c"))
>>> [" ".join(c.code for c in t) for t in candidate_trios(counts, sorted(counts, key=CARD_ORDER), RULESETS["buraco"])]
['2c 4h 5h', '2c 5h 7h']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import CARD_ORDER, Card
from ..meld_search import extends, known_three_card_melds, trio_candidate_indices
from ..melds import InvalidMeld, Meld, make_meld
from ..memo import Bounded, PerRules
from ..rules import Rules

__all__ = [
    "ACE_PLACES",
    "candidate_trios",
    "card_counts",
    "counted_connections",
    "goes_onto",
    "group_cards",
    "makes_meld",
    "natural_three_card_melds",
    "near_meld",
    "side_windows",
    "suited_counts",
    "trio_bound",
]


# --------------------------------------------------------------------------- cards and places

ACE_PLACES = (1 << 1) | (1 << 14)
"""The two places of an ace in a run, as the bits of a number of places (a suit's places held)."""


def _places_of(card: Card) -> tuple[int, ...]:
    """The places a natural card may hold in a run: an ace 1 or 14, another card its rank (a 2
    of the run's suit: 2)."""
    return (1, 14) if card.rank == 1 else (card.rank,)


def card_counts(cards: Iterable[Card]) -> dict[Card, int]:
    """How many of each card, in the order the cards first come."""
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return counts


def group_cards(
    distinct: Iterable[Card],
) -> tuple[list[Card], dict[int, list[Card]], dict[str, list[Card]]]:
    """Distinct cards grouped, in their order: the wild cards, the others by rank and by suit."""
    wilds: list[Card] = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, list[Card]] = {}
    for c in distinct:
        r = c.rank
        if r == 0 or r == 2:
            wilds.append(c)
            continue
        same = by_rank.get(r)
        if same is None:
            by_rank[r] = [c]
        else:
            same.append(c)
        same = by_suit.get(c.suit)
        if same is None:
            by_suit[c.suit] = [c]
        else:
            same.append(c)
    return wilds, by_rank, by_suit


# --------------------------------------------------------------------------- onto a meld

def goes_onto(melds: Iterable[Meld], card: Card) -> bool:
    """Whether ``card`` alone goes onto one of ``melds`` (:func:`~buraco_core.meld_search.extends`,
    after the quick :func:`near_meld`; exact). A plain loop: quicker than any() over a generator, and it is hot."""
    for m in melds:  # noqa: SIM110
        if near_meld(m, card) and extends(m, card):
            return True
    return False


def near_meld(m: Meld, card: Card) -> bool:
    """Whether ``card`` lies in the meld's addition window (:func:`side_windows`; looser than
    :func:`~buraco_core.meld_search.may_extend`, and quicker): the card of a set's rank or a wild card where the set has
    none; a card of a run's suit at most two places past an end (an ace always), or a wild
    card. The bots list an addition as a candidate only then."""
    r = card.rank
    if r == 0 or r == 2:
        return m.wild is None or m.kind == "run"
    if m.kind == "set":
        return r == m.rank
    if card.suit != m.suit:
        return False
    if r == 1:
        return True
    return m.low - 2 <= r <= m.low + len(m.cards) + 1


def side_windows(side: tuple[Meld, ...]) -> list[tuple[int, int, str, int, int, bool]]:
    """The addition window of every meld of a side, the cards the bots list as candidate
    additions (:func:`near_meld` answers the same for one card and one meld), as numbers:
    (the meld's number, 1-based; a set's rank or 0; a run's suit or ""; the lowest and the
    highest rank of a natural card of the suit within two places of the run's ends; whether a
    wild card is a candidate). Remembered for the last few sides asked about (a side's tuple of
    melds is kept until one of them changes, and many moves see the same one): a table of many
    would keep every side's melds alive, and objects kept make the garbage collector run (with
    512 sides kept, greedy hands ran it ten times as often: benchmarks/README.md).

    >>> from buraco_core import RULESETS, make_meld
    >>> side_windows((make_meld("5h 6h 7h", RULESETS["buraco"]), make_meld("7c 7d JK", RULESETS["buraco"])))
    [(1, 0, 'h', 3, 9, True), (2, 7, '', 0, 0, False)]
    """
    known = _SIDE_WINDOWS.data.get(id(side))
    if known is not None and known[0] is side:
        return known[1]
    windows = [(i, m.rank, "", 0, 0, m.wild_index is None) if m.kind == "set"
               else (i, 0, m.suit, m.low - 2, m.low + len(m.cards) + 1, True)
               for i, m in enumerate(side, 1)]
    _SIDE_WINDOWS.put(id(side), (side, windows))  # the entry holds the tuple: its id stays its own
    return windows


_SIDE_WINDOWS: Bounded[int, tuple[tuple[Meld, ...], list[tuple[int, int, str, int, int, bool]]]] = Bounded(
    "bots.side_windows", 16)  # a few sides: each team's, for the moves of a turn


# --------------------------------------------------------------------------- three-card melds

def natural_three_card_melds(hand: Iterable[Card], rules: Rules) -> list[tuple[Card, ...]]:
    """The three-card melds of :func:`~buraco_core.meld_search.three_card_melds` without a wild card (no joker, no 2), in
    the same order; found without the wild cards' search when that list is not known yet.

    >>> from buraco_core import RULESETS, parse_cards
    >>> [" ".join(c.code for c in t) for t in natural_three_card_melds(
    ...     tuple(parse_cards("4h 5h 6h 7h 2c")), RULESETS["buraco"])]
    ['4h 5h 6h', '5h 6h 7h']
    """
    hand = tuple(hand)
    trios = known_three_card_melds(hand, rules)
    if trios is not None:
        return [t for t in trios if not any(c.rank == 0 or c.rank == 2 for c in t)]
    known = _NATURAL_TRIOS_CACHE.table(rules)
    trios = known.get(hand)
    if trios is None:
        trios = _natural_three_card_melds(hand, rules)
        _NATURAL_TRIOS_CACHE.put(known, hand, trios)
    return list(trios)


_NATURAL_TRIOS_CACHE: PerRules[tuple[Card, ...], tuple[tuple[Card, ...], ...]] = PerRules("bots.natural_three_card_melds", 4096)
"""natural_three_card_melds' answers per hand, per ruleset object (by id)."""


def _natural_three_card_melds(hand: tuple[Card, ...], rules: Rules) -> tuple[tuple[Card, ...], ...]:
    """The engine's three-card search restricted to natural cards: sets of two or three copies of a
    rank (checked with make_meld) and runs of three natural cards in a row."""
    counts: dict[Card, int] = {}
    for c in hand:
        r = c.rank
        if r != 0 and r != 2:
            counts[c] = counts.get(c, 0) + 1
    cards = sorted(counts, key=CARD_ORDER)
    result: list[tuple[int, int, int]] = []
    if rules.allow_sets:
        by_rank: dict[int, list[int]] = {}
        for i, c in enumerate(cards):
            n = counts[c]
            same = by_rank.get(c.rank)
            if same is None:
                same = by_rank[c.rank] = []
            same.extend((i,) * (n if n < 3 else 3))
        found: set[tuple[int, int, int]] = set()
        for same in by_rank.values():
            k = len(same)
            if k < 3:
                continue
            if k == 3:  # one trio (the indices are in order: the cards are)
                found.add((same[0], same[1], same[2]))
                continue
            for i in range(k):
                for j in range(i + 1, k):
                    for m in range(j + 1, k):
                        found.add((same[i], same[j], same[m]))
        for trio in found:
            try:
                make_meld((cards[trio[0]], cards[trio[1]], cards[trio[2]]), rules)
            except InvalidMeld:
                continue
            result.append(trio)
    # runs: per suit, the places held as the bits of one number (an ace at 1 and 14); three in
    # a row are the bits set in it and in it shifted by one and by two
    rows: dict[str, dict[int, int]] = {}
    masks: dict[str, int] = {}
    for i, c in enumerate(cards):
        row = rows.get(c.suit)
        if row is None:
            row = rows[c.suit] = {}
            masks[c.suit] = 0
        if c.rank == 1:
            row[1] = row[14] = i
            masks[c.suit] |= ACE_PLACES
        else:
            row[c.rank] = i
            masks[c.suit] |= 1 << c.rank
    for suit, m in masks.items():
        starts = m & (m >> 1) & (m >> 2)
        if starts:
            row = rows[suit]
            low = 0
            while starts:
                if starts & 1:
                    a, b, c3 = sorted((row[low], row[low + 1], row[low + 2]))
                    result.append((a, b, c3))
                starts >>= 1
                low += 1
    result.sort()
    return tuple((cards[i], cards[j], cards[k]) for i, j, k in result)


def candidate_trios(counts: dict[Card, int], cards: list[Card], rules: Rules) -> list[tuple[Card, ...]]:
    """Three-card groups of a hand that may be melds (each sorted, no duplicates): a quick
    superset of :func:`~buraco_core.meld_search.three_card_melds`, not checked by make_meld.
    ``counts``: the hand's :func:`card_counts`; ``cards``: its distinct cards sorted by
    :data:`~buraco_core.cards.CARD_ORDER`. The candidates of
    :func:`~buraco_core.meld_search.trio_candidate_indices`, without those that need more
    copies of a card than the hand has, as cards, in order."""
    natural, found = trio_candidate_indices(counts, cards, rules)
    found |= natural
    out: list[tuple[Card, ...]] = []
    for trio in sorted(found):
        i, j, k = trio
        if (i == j or j == k) and counts[cards[j]] < 1 + (i == j) + (j == k):
            continue
        out.append((cards[i], cards[j], cards[k]))
    return out


def trio_bound(counts: dict[Card, int], by_rank: dict[int, list[Card]], by_suit: dict[str, list[Card]],
               wilds: list[Card], rules: Rules) -> int:
    """At least as many as :func:`candidate_trios` lists for this hand (``by_rank``, ``by_suit``:
    its distinct natural cards by rank and by suit; ``wilds``: its distinct wild cards, as
    :func:`group_cards` gives them): per rank of k naturals (at most three copies each) C(k, 3)
    sets and C(k, 2) pairs, each with every wild card; per suit, every two cards at most two
    places apart (a 2 of the suit counts as a place) with every wild card, and every three
    places in a row."""
    w = len(wilds)
    bound = 0
    if rules.allow_sets:
        for cs in by_rank.values():
            k = 0
            for c in cs:
                n = counts[c]
                k += n if n < 3 else 3
            if k >= 2:
                bound += k * (k - 1) * (k - 2) // 6 + k * (k - 1) // 2 * w
    # the places of each suit as the bits of one number (an ace at 1 and 14): pairs one and two
    # places apart, and three in a row, are counted by shifting it (a suit with only a 2 has
    # none of them)
    for suit, cs in by_suit.items():
        m = 0
        for c in cs:
            m |= _PLACE_BITS[c.rank]
        for c in wilds:
            if c.suit == suit:  # a 2 of the suit (a joker has no suit)
                m |= 4
        next_to = m & (m >> 1)
        bound += (next_to.bit_count() + (m & (m >> 2)).bit_count()) * w + (next_to & (m >> 2)).bit_count()
    return bound


_PLACE_BITS = tuple(ACE_PLACES if r == 1 else 1 << r for r in range(14))
"""The places of a natural card of each rank as bits (:data:`ACE_PLACES` for an ace)."""


def makes_meld(card: Card, cards: Sequence[Card], rules: Rules) -> bool:
    """Whether the natural ``card`` makes a three-card meld of natural cards with two of
    ``cards`` (one copy of ``card`` itself, if there, does not count). Exact, and only ever
    turns True as cards are added (the greedy bot values a take of the pile by it).

    >>> from buraco_core import RULESETS, parse_card, parse_cards
    >>> makes_meld(parse_card("7h"), parse_cards("8h 9h"), RULESETS["buraco"])
    True
    >>> makes_meld(parse_card("7h"), parse_cards("8h JK"), RULESETS["buraco"])
    False
    """
    r = card.rank
    suit = card.suit
    if rules.allow_sets:
        suits = [c.suit for c in cards if c.rank == r]
        if rules.set_distinct_suits:
            if len(set(suits) - {suit}) >= 2:
                return True
        elif len(suits) - (suit in suits) >= 2:
            return True
    # the places next to the card's own (its own copy never counts there)
    have: set[int] = set()
    for c in cards:
        if c.suit == suit:
            cr = c.rank
            if cr == 1:
                have.add(1)
                have.add(14)
            elif cr != 0:
                have.add(cr)  # a 2 of the suit stands at its own place
    return any((p - 2 in have and p - 1 in have) or (p - 1 in have and p + 1 in have)
               or (p + 1 in have and p + 2 in have) for p in _places_of(card))


def suited_counts(cards: Iterable[Card]) -> dict[str, list[int]]:
    """Per suit, how many of ``cards`` hold each rank (index 0 to 13; wild cards not counted):
    what :func:`counted_connections` reads."""
    counts: dict[str, list[int]] = {}
    for c in cards:
        r = c.rank
        if r == 0 or r == 2:
            continue
        row = counts.get(c.suit)
        if row is None:
            row = counts[c.suit] = [0] * 14
        row[r] += 1
    return counts


def _near_ranks(r: int) -> tuple[int, ...]:
    """The other natural ranks of a suit that connect with rank ``r`` in :func:`counted_connections`."""
    if r == 1:
        return (3, 12, 13)
    near = tuple(o for o in (r - 2, r - 1, r + 1, r + 2) if 3 <= o <= 13)
    return (*near, 1) if r in (3, 12, 13) else near


_NEAR_RANKS = {r: _near_ranks(r) for r in (1, *range(3, 14))}


def counted_connections(card: Card, counts: dict[str, list[int]], rules: Rules, *,
                        holding: bool = False) -> int:
    """How many of the cards ``counts`` holds (:func:`suited_counts`) could stand in a natural
    meld with ``card``: the same rank (where sets are allowed, in another suit where sets need
    distinct suits), or the same suit within two places (an ace at either end). ``holding``:
    the cards include ``card`` itself once (a hand that holds it), and that copy does not count.
    Wild cards connect with nothing here.

    >>> from buraco_core import RULESETS, parse_card, parse_cards
    >>> hand = parse_cards("7h 7c 8h 9h Kh 2h")
    >>> counted_connections(parse_card("7h"), suited_counts(hand), RULESETS["buraco"], holding=True)
    3
    """
    r = card.rank
    if r == 0 or r == 2:
        return 0
    own = counts.get(card.suit)
    n = 0
    if rules.allow_sets:
        for row in counts.values():
            n += row[r]
        if rules.set_distinct_suits:
            if own is not None:
                n -= own[r]
        elif holding:
            n -= 1
    if own is not None:
        for o in _NEAR_RANKS[r]:
            n += own[o]
    return n
