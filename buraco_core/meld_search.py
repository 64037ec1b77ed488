"""Finding melds: the three-card melds of a hand, and the quick tests asked before the meld rules.

The engine (its legal moves, the guard that looks one play ahead, taking the pile) and the bots
(their candidates, hand reading and valuations) ask the same functions here, so that one copy
answers "can this card meld, or go onto that meld?" everywhere. The rules themselves are
:func:`~buraco_core.melds.make_meld` and :meth:`~buraco_core.melds.Meld.extend`: every answer
here agrees with them (tests/test_meld_search.py compares each shortcut with the long way).

Words used here:

- a *place* is a position in a run: 1 the low ace, 2 to 13 the ranks, 14 the high ace
  (:func:`places_of`; :data:`ACE_PLACES` as bits);
- a *pre-test* answers False only where the rules surely refuse, True meaning "ask them":
  :func:`may_extend` (one card onto one meld), :func:`may_meld` (one card played this turn);
- the *addition window* of a meld (:func:`side_windows`, :func:`near_meld`): the cards the bots list as candidate additions, a looser and quicker
  look than the pre-test;
- a *candidate trio*: three cards that may be a meld (:func:`trio_candidate_indices`); the
  checked ones are :func:`three_card_melds` (with a wild card or not), the natural ones
  :func:`natural_three_card_melds`, those with one given card :func:`trios_with`;
- a *connection*: another natural card that could stand in a natural meld with a card
  (:func:`counted_connections`, :func:`makes_meld`), what the bots weigh in a hand.

The ruleset fields these searches read are the set rules (``allow_sets``,
``set_distinct_suits``, ``set_max_cards``; what a set *is* is decided in
:mod:`buraco_core.melds`): nothing here reads ``meld_on_any``, the caller passes the melds the
player may reach (:func:`~buraco_core.game.engine.reachable_teams`).

>>> from buraco_core import RULESETS, parse_cards
>>> rules = RULESETS["buraco"]
>>> [" ".join(c.code for c in t) for t in three_card_melds(parse_cards("4h 5h 6h 6c 6d JK"), rules)]
['JK 4h 5h', 'JK 4h 6h', 'JK 5h 6h', 'JK 6c 6d', 'JK 6c 6h', 'JK 6d 6h', '4h 5h 6h', '6c 6d 6h']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from .cards import CARD_ORDER, Card
from .melds import InvalidMeld, Meld, make_meld
from .memo import Bounded, PerRules
from .rules import Rules

__all__ = [
    "ACE_PLACES",
    "CARD_ORDER",
    "candidate_trios",
    "card_counts",
    "counted_connections",
    "extends",
    "goes_onto",
    "group_cards",
    "makes_meld",
    "may_extend",
    "may_meld",
    "melds_with",
    "natural_three_card_melds",
    "near_meld",
    "places_of",
    "side_windows",
    "suited_counts",
    "three_card_melds",
    "trio_bound",
    "trio_candidate_indices",
    "trio_candidates",
    "trios_with",
]


# --------------------------------------------------------------------------- cards and places

ACE_PLACES = (1 << 1) | (1 << 14)
"""The two places of an ace in a run, as the bits of a number of places (a suit's places held)."""


def places_of(card: Card) -> tuple[int, ...]:
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

def may_extend(m: Meld, card: Card, rules: Rules) -> bool:
    """The pre-test of an addition: could this one card go onto this meld under ``rules``?
    False only where :meth:`Meld.extend` would surely refuse it; True means: ask extend.
    Exact past the ends of a run without a wild card; a card two places away passes only where
    the wild card could move into the gap; a set reads the ruleset's limits on sets.

    >>> from buraco_core import RULESETS, make_meld, parse_card
    >>> rules = RULESETS["buraco"]
    >>> run = make_meld("4h 5h 6h", rules)
    >>> may_extend(run, parse_card("7h"), rules), may_extend(run, parse_card("9h"), rules)
    (True, False)
    """
    rank = card.rank
    if rank == 0 or rank == 2:
        if m.wild_index is None:
            return True
        if m.kind == "set":
            return False  # a set already holding its one wild card (every 2 is wild in a set)
        # a run: two wild cards that can never be natural (jokers, 2s of another suit) never fit
        wild = m.cards[m.wild_index]
        return card.suit == m.suit or wild.suit == m.suit
    if m.kind == "set":
        if rank != m.rank:
            return False
        if m.rules is not rules:
            return True
        if rules.set_max_cards is not None and len(m.cards) >= rules.set_max_cards:
            return False
        if rules.set_distinct_suits:
            wild_index = m.wild_index
            for i, c in enumerate(m.cards):
                if c.suit == card.suit and i != wild_index:
                    return False
        return True
    if card.suit != m.suit:
        return False
    low = m.low
    hi = low + len(m.cards) - 1
    if m.wild_index is None and not low <= 2 <= hi:
        # no wild card, and no natural 2 that could turn wild: only the places next to the ends
        if rank == 1:
            return low == 2 or hi == 13
        return rank == low - 1 or rank == hi + 1
    wild_index = m.wild_index
    wild_place = None if wild_index is None else low + wild_index
    # a card two places past an end needs the wild card to move into the gap, which it does only
    # from the other end (a 2 of the suit might instead turn natural: left to extend)
    stuck = wild_index is not None and (m.cards[wild_index].rank == 0
                                        or m.cards[wild_index].suit != m.suit)
    for p in ((1, 14) if rank == 1 else (rank,)):  # places_of, inline (hot)
        if low - 1 <= p <= hi + 1:
            if not (low <= p <= hi and p != wild_place):
                return True
        elif (p == low - 2 and (not stuck or wild_place == hi)) or (
                p == hi + 2 and (not stuck or wild_place == low)):
            return True
    return False


def extends(m: Meld, card: Card) -> bool:
    """:meth:`Meld.can_extend` with one card, under the meld's own rules (exact), without
    raising and catching a refusal, nor asking at all where :func:`may_extend` rules it out."""
    return may_extend(m, card, m.rules) and type(m.extend_or_reason((card,))) is Meld


def goes_onto(melds: Iterable[Meld], card: Card) -> bool:
    """Whether ``card`` alone goes onto one of ``melds`` (:func:`extends`, after the quick
    :func:`near_meld`; exact). A plain loop: quicker than any() over a generator, and it is hot."""
    for m in melds:  # noqa: SIM110
        if near_meld(m, card) and extends(m, card):
            return True
    return False


def near_meld(m: Meld, card: Card) -> bool:
    """Whether ``card`` lies in the meld's addition window (:func:`side_windows`; looser than
    :func:`may_extend`, and quicker): the card of a set's rank or a wild card where the set has
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
    "meld_search.side_windows", 16)  # a few sides: each team's, for the moves of a turn


# --------------------------------------------------------------------------- the three-card melds of a hand

def three_card_melds(hand: tuple[Card, ...], rules: Rules, *,
                     with_card: Card | None = None) -> list[tuple[Card, ...]]:
    """Every distinct three-card meld in ``hand`` (sets and runs, at most one wild card),
    optionally only those using ``with_card``; each is checked with :func:`make_meld`. Sorted
    (a trio's cards by :data:`CARD_ORDER`, the trios by their cards); remembered per hand.

    >>> from buraco_core import RULESETS, parse_cards
    >>> [" ".join(c.code for c in t) for t in three_card_melds(tuple(parse_cards("4h 5h 6h 7c")),
    ...                                                      RULESETS["buraco"])]
    ['4h 5h 6h']
    """
    hand = tuple(hand)
    known = _TRIOS_CACHE.table(rules)
    trios = known.get(hand)
    if trios is None:
        if with_card is not None:
            # only the melds with the card: the others are never checked
            return list(_three_card_melds(hand, rules, with_card))
        trios = _three_card_melds(hand, rules)
        _TRIOS_CACHE.put(known, hand, trios)
    if with_card is None:
        return list(trios)
    return [t for t in trios if with_card in t]


_TRIOS_CACHE: PerRules[tuple[Card, ...], tuple[tuple[Card, ...], ...]] = PerRules("meld_search.three_card_melds", 4096)
"""three_card_melds' answers per hand, per ruleset object (by id; the entry holds the ruleset)."""


def natural_three_card_melds(hand: Iterable[Card], rules: Rules) -> list[tuple[Card, ...]]:
    """The three-card melds of :func:`three_card_melds` without a wild card (no joker, no 2), in
    the same order; found without the wild cards' search when that list is not known yet.

    >>> from buraco_core import RULESETS, parse_cards
    >>> [" ".join(c.code for c in t) for t in natural_three_card_melds(
    ...     tuple(parse_cards("4h 5h 6h 7h 2c")), RULESETS["buraco"])]
    ['4h 5h 6h', '5h 6h 7h']
    """
    hand = tuple(hand)
    all_known = _TRIOS_CACHE.existing(rules)
    if all_known is not None:
        trios = all_known.get(hand)
        if trios is not None:
            return [t for t in trios
                    if not any(c.rank == 0 or c.rank == 2 for c in t)]
    known = _NATURAL_TRIOS_CACHE.table(rules)
    trios = known.get(hand)
    if trios is None:
        trios = _natural_three_card_melds(hand, rules)
        _NATURAL_TRIOS_CACHE.put(known, hand, trios)
    return list(trios)


_NATURAL_TRIOS_CACHE: PerRules[tuple[Card, ...], tuple[tuple[Card, ...], ...]] = PerRules("meld_search.natural_three_card_melds", 4096)
"""natural_three_card_melds' answers per hand, per ruleset object (by id)."""


def _natural_three_card_melds(hand: tuple[Card, ...], rules: Rules) -> tuple[tuple[Card, ...], ...]:
    """:func:`_three_card_melds` restricted to natural cards: sets of two or three copies of a
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


def trio_candidate_indices(counts: dict[Card, int], cards: list[Card], rules: Rules
                           ) -> tuple[set[tuple[int, int, int]], set[tuple[int, int, int]]]:
    """The candidate three-card melds of a hand, not checked: (runs of three natural cards in a
    row, valid as they are; the rest). ``counts``: the hand's card counts; ``cards``: its
    distinct cards sorted by :data:`CARD_ORDER` (so the wild cards come before the 3s), whose
    indices make the trios (a trio of indices in order is a sorted trio of cards). Sets: three natural cards of a rank, or two and a wild card (at most
    three copies of a card each). Runs: every pair of same-suit cards at most two places apart
    (a 2 of the suit stands at its own place, an ace at 1 and 14) with each wild card, and every
    three places in a row. A trio may name a card more often than the hand holds it."""
    index = {c: i for i, c in enumerate(cards)}
    wilds: list[int] = []
    for i, c in enumerate(cards):  # in card order: the jokers, the aces, the 2s, then the rest
        r = c.rank
        if r > 2:
            break
        if r != 1:
            wilds.append(i)
    natural: set[tuple[int, int, int]] = set()
    found: set[tuple[int, int, int]] = set()
    add = found.add
    if rules.allow_sets:
        by_rank: dict[int, list[int]] = {}
        for c, n in counts.items():
            r = c.rank
            if r > 2 or r == 1:
                same = by_rank.get(r)
                if same is None:
                    same = by_rank[r] = []
                same.extend((index[c],) * (n if n < 3 else 3))
        for same in by_rank.values():
            k = len(same)
            if k < 2:
                continue
            same.sort()
            for i in range(k):
                x = same[i]
                for j in range(i + 1, k):
                    y = same[j]
                    for m in range(j + 1, k):
                        add((x, y, same[m]))
                    for w in wilds:
                        add((w, x, y) if w <= x else (x, w, y) if w <= y else (x, y, w))
    # runs: every pair of same-suit cards at most two places apart shares a window of three
    # places (with a wild card for the third), and three places in a row are a run as they are
    rows: dict[str, list[tuple[int, int]]] = {}
    for i, c in enumerate(cards):
        r = c.rank
        if r == 0:
            continue
        row = rows.get(c.suit)
        if row is None:
            row = rows[c.suit] = []
        if r == 1:
            row.append((1, i))
            row.append((14, i))
        else:
            row.append((r, i))
    for row in rows.values():
        row.sort()
        k = len(row)
        for a in range(k - 1):
            p, x = row[a]
            for b in range(a + 1, k):
                q, y = row[b]
                if q - p > 2:
                    break
                if q == p + 1 and b + 1 < k and row[b + 1][0] == p + 2:
                    t1, t2, t3 = sorted((x, y, row[b + 1][1]))
                    natural.add((t1, t2, t3))
                lo, hi = (x, y) if x <= y else (y, x)
                for w in wilds:
                    add((w, lo, hi) if w <= lo else (lo, w, hi) if w <= hi else (lo, hi, w))
    return natural, found - natural


def _three_card_melds(hand: tuple[Card, ...], rules: Rules,
                      with_card: Card | None = None) -> tuple[tuple[Card, ...], ...]:
    """The candidates of :func:`trio_candidate_indices` that are melds (runs of three natural
    cards as they are, the others checked with make_meld); only those with ``with_card``, if
    given."""
    counts: dict[Card, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    cards = sorted(counts, key=CARD_ORDER)
    natural, found = trio_candidate_indices(counts, cards, rules)
    if with_card is not None:
        if with_card not in counts:
            return ()
        at = cards.index(with_card)
        natural = {t for t in natural if at in t}
        found = {t for t in found if at in t}
    result = list(natural)  # three different places: three different cards, always in the hand
    for trio in found:
        i, j, k = trio
        if (i == j or j == k) and counts[cards[j]] < 1 + (i == j) + (j == k):
            continue
        try:
            make_meld((cards[i], cards[j], cards[k]), rules)
        except InvalidMeld:
            continue
        result.append(trio)
    result.sort()
    return tuple((cards[i], cards[j], cards[k]) for i, j, k in result)


def trio_candidates(hand: Sequence[Card], rules: Rules) -> list[tuple[Card, ...]]:
    """Three-card groups of ``hand`` that may be melds (each sorted, no duplicates): a quick
    superset of :func:`three_card_melds`, not checked by make_meld.

    >>> from buraco_core import RULESETS, parse_cards
    >>> [" ".join(c.code for c in t) for t in trio_candidates(parse_cards("4h 5h 7h 2c"), RULESETS["buraco"])]
    ['2c 4h 5h', '2c 5h 7h']
    """
    counts = card_counts(hand)
    return candidate_trios(counts, sorted(counts, key=CARD_ORDER), rules)


def candidate_trios(counts: dict[Card, int], cards: list[Card], rules: Rules) -> list[tuple[Card, ...]]:
    """:func:`trio_candidates` from the hand's :func:`card_counts` and its distinct cards
    sorted by :data:`CARD_ORDER`: the candidates of :func:`trio_candidate_indices`, without
    those that need more copies of a card than the hand has, as cards, in order."""
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


# --------------------------------------------------------------------------- melds with one card

def may_meld(card: Card, hand: Iterable[Card], sides: Iterable[Sequence[Meld]], rules: Rules) -> bool:
    """The pre-test of playing ``card`` this turn: False only when it surely goes onto none of
    the melds of ``sides`` (the melds the player may add to) and stands in no three-card meld
    with the cards of ``hand`` (which holds it). A wild card always passes; True means: look
    (:func:`trios_with`, :meth:`Meld.extend`).

    >>> from buraco_core import RULESETS, parse_card, parse_cards
    >>> rules = RULESETS["buraco"]
    >>> hand = parse_cards("7h 8h Kc Ks")
    >>> may_meld(parse_card("7h"), hand, [], rules), may_meld(parse_card("Kc"), hand, [], rules)
    (False, False)
    >>> may_meld(parse_card("7h"), [*hand, parse_card("9h")], [], rules)
    True
    """
    rank = card.rank
    if rank == 0 or rank == 2:
        return True
    suit = card.suit
    for side in sides:
        for m in side:
            if (m.rank == rank if m.kind == "set" else m.suit == suit) and may_extend(m, card, rules):
                return True
    # a three-card meld with the card: two more naturals (its rank, or its suit in a row), or
    # one and a wild card; count what the hand has besides one copy of the card
    copies = same_rank = wilds = 0
    near: set[int] = set()   # places of same-suit naturals within two of the card's
    places = (1, 14) if rank == 1 else (rank,)
    distinct = rules.set_distinct_suits
    for c in hand:
        r = c.rank
        if r == 0 or r == 2:
            wilds += 1
            if not (r == 2 and c.suit == suit):
                continue  # a 2 of the suit may also be a natural at its place
        if r == rank:
            if c.suit == suit:
                copies += 1  # the card itself, once; another copy counts where suits may repeat
                if copies > 1 and not distinct:
                    same_rank += 1
            else:
                same_rank += 1
            continue
        if c.suit == suit:
            for q in ((1, 14) if r == 1 else (r,)):  # places_of, inline (hot)
                for p in places:
                    if -2 <= p - q <= 2:
                        near.add(q)
    if rules.allow_sets and same_rank and (same_rank >= 2 or wilds):
        return True
    if near:
        if wilds:
            return True
        for p in places:
            if ((p - 2 in near and p - 1 in near) or (p - 1 in near and p + 1 in near)
                    or (p + 1 in near and p + 2 in near)):
                return True
    return False


def trios_with(hand: Iterable[Card], rules: Rules, card: Card) -> Iterator[tuple[Card, ...]]:
    """The three-card melds of ``hand`` that use the natural ``card`` (a copy of it in the
    hand), one at a time as they are found (each once, in no order: a caller that needs only one
    stops the search there): the same melds as ``three_card_melds(hand, rules, with_card=card)``,
    found from the few cards that can stand beside it (wild cards, its rank where sets are
    allowed, its suit within two places), each checked with :func:`make_meld`.

    >>> from buraco_core import RULESETS, parse_card, parse_cards
    >>> hand = parse_cards("5h 6h 7h 7c 7d")
    >>> sorted(" ".join(c.code for c in t) for t in trios_with(hand, RULESETS["buraco"], parse_card("7h")))
    ['5h 6h 7h', '7c 7d 7h']
    """
    rank, suit = card.rank, card.suit
    places = (1, 14) if rank == 1 else (rank,)
    sets = rules.allow_sets
    near: list[Card] = []
    skipped = False
    for c in hand:
        if c is card and not skipped:
            skipped = True
            continue
        r = c.rank
        if r == 0 or r == 2:
            near.append(c)
        elif r == rank:
            if sets:
                near.append(c)
        elif c.suit == suit:
            for q in ((1, 14) if r == 1 else (r,)):  # places_of, inline (hot)
                if any(-2 <= p - q <= 2 for p in places):
                    near.append(c)
                    break
    if not skipped:
        return
    tried: set[tuple[Card, ...]] = set()
    k = len(near)
    for i in range(k):
        a = near[i]
        for j in range(i + 1, k):
            trio = tuple(sorted((card, a, near[j]), key=CARD_ORDER))
            if trio in tried:
                continue
            tried.add(trio)
            try:
                make_meld(trio, rules)
            except InvalidMeld:
                continue
            yield trio


def melds_with(card: Card, hand: Iterable[Card], sides: Sequence[Sequence[Meld]], rules: Rules) -> bool:
    """Whether ``card`` (not in ``hand``) goes onto one of the melds of ``sides``, or makes a
    three-card meld with two cards of ``hand`` (``fechado`` takes the pile only then).

    >>> from buraco_core import RULESETS, parse_card, parse_cards
    >>> rules = RULESETS["fechado"]
    >>> melds_with(parse_card("9h"), parse_cards("7h 8h Kc"), [], rules)
    True
    >>> melds_with(parse_card("9s"), parse_cards("7h 8h Kc"), [], rules)
    False
    """
    for side in sides:
        for m in side:
            if extends(m, card):
                return True
    hand = (*hand, card)
    if card.rank == 0 or card.rank == 2:
        return any(card in trio for trio in three_card_melds(hand, rules, with_card=card))
    # a natural card: its few neighbours are enough (trios_with finds a meld exactly when
    # three_card_melds lists one with the card), and a hand with none of them has no meld at all
    return may_meld(card, hand, sides, rules) and next(trios_with(hand, rules, card), None) is not None


# --------------------------------------------------------------------------- connections of natural cards

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
               or (p + 1 in have and p + 2 in have) for p in places_of(card))


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
