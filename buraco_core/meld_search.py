"""Finding melds, as the engine asks: the three-card melds of a hand, and the quick tests asked
before the meld rules.

The engine (its legal moves, the guard that looks one play ahead, taking the pile) asks these, and
the bots ask the same ones where they need the engine's answer, so that one copy answers "can
this card meld, or go onto that meld?". The rules themselves are
:func:`~buraco_core.melds.make_meld` and :meth:`~buraco_core.melds.Meld.extend`: every answer
here agrees with them (tests/test_meld_search.py compares each shortcut with the long way). The
bots' own quicker and looser readings of a hand (addition windows, connections, candidate trios)
are :mod:`buraco_core.bots.reading`.

Words used here:

- a *place* is a position in a run: 1 the low ace, 2 to 13 the ranks, 14 the high ace;
- a *pre-test* answers False only where the rules surely refuse, True meaning "ask them":
  :func:`may_extend` (one card onto one meld), :func:`may_meld` (one card played this turn);
  :func:`extends` is the exact answer for one card onto one meld, asked after the pre-test;
- a *candidate trio*: three cards that may be a meld (:func:`trio_candidate_indices`); the
  checked ones are :func:`three_card_melds` (with a wild card or not), those with one given card
  :func:`trios_with`; :func:`melds_with` says whether a card melds at all.

The ruleset fields these searches read are the set rules (``allow_sets``,
``set_distinct_suits``, ``set_max_cards``; what a set *is* is decided in
:mod:`buraco_core.melds`): nothing here reads ``meld_on_any``, the caller passes the melds the
player may reach (:func:`~buraco_core.game.guards.reachable_teams`).

>>> from buraco_core import RULESETS, parse_cards
>>> rules = RULESETS["buraco"]
>>> [" ".join(c.code for c in t) for t in three_card_melds(parse_cards("4h 5h 6h 6c 6d JK"), rules)]
['JK 4h 5h', 'JK 4h 6h', 'JK 5h 6h', 'JK 6c 6d', 'JK 6c 6h', 'JK 6d 6h', '4h 5h 6h', '6c 6d 6h']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from .cards import CARD_ORDER, Card
from .melds import InvalidMeld, Meld, make_meld
from .memo import PerRules
from .rules import Rules

__all__ = [
    "extends",
    "known_three_card_melds",
    "may_extend",
    "may_meld",
    "melds_with",
    "three_card_melds",
    "trio_candidate_indices",
    "trios_with",
]


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
    for p in ((1, 14) if rank == 1 else (rank,)):  # an ace at 1 and 14 (inline: hot)
        if low - 1 <= p <= hi + 1:
            if not (low <= p <= hi and p != wild_place):
                return True
        elif (p == low - 2 and (not stuck or wild_place == hi)) or (
                p == hi + 2 and (not stuck or wild_place == low)):
            return True
    return False


def extends(m: Meld, card: Card) -> bool:
    """:meth:`Meld.can_extend` with one card, under the meld's own rules (exact), without
    raising and catching a refusal, nor asking at all where :func:`may_extend` rules it out.

    >>> from buraco_core import make_meld, parse_card
    >>> run = make_meld("4h 5h 6h", "buraco")
    >>> extends(run, parse_card("7h")), extends(run, parse_card("8h"))
    (True, False)
    """
    return may_extend(m, card, m.rules) and type(m.extend_or_reason((card,))) is Meld


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


def known_three_card_melds(hand: tuple[Card, ...], rules: Rules) -> tuple[tuple[Card, ...], ...] | None:
    """:func:`three_card_melds` of ``hand`` where they have been found already (remembered),
    else None: a caller that needs only some of them may pick those instead of searching."""
    known = _TRIOS_CACHE.existing(rules)
    return None if known is None else known.get(hand)


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
            for q in ((1, 14) if r == 1 else (r,)):  # an ace at 1 and 14 (inline: hot)
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
            for q in ((1, 14) if r == 1 else (r,)):  # an ace at 1 and 14 (inline: hot)
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
