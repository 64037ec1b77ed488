"""How the bots read a hand and the table (buraco_core.bots.reading): each reading compared with
the rules or with a slow count of the same thing, on seeded random hands and melds of every
ruleset: candidate trios hold every three-card meld, the natural three-card melds are the engine's
without a wild card, the addition window is the same card by card and side by side, and the
connections the greedy bot weighs are the connections."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from hypothesis import given
from hypothesis import strategies as st
from meld_shapes import run_shapes

from buraco_core import RULESETS, Card, InvalidMeld
from buraco_core.bots.reading import (
    candidate_trios,
    card_counts,
    counted_connections,
    goes_onto,
    makes_meld,
    natural_three_card_melds,
    near_meld,
    side_windows,
    suited_counts,
)
from buraco_core.cards import CARD_ORDER, SUITS, build_deck
from buraco_core.meld_search import extends, three_card_melds
from buraco_core.melds import make_meld
from buraco_core.rules import Rules

RULES = list(RULESETS.values())

hands = st.lists(st.sampled_from(build_deck(RULESETS["buraco"])), min_size=3, max_size=14)


def trio_candidates(hand: list[Card], rules: Rules) -> list[tuple[Card, ...]]:
    counts = card_counts(hand)
    return candidate_trios(counts, sorted(counts, key=CARD_ORDER), rules)


@given(hands, st.sampled_from(list(RULESETS)))
def test_candidate_trios_hold_every_three_card_meld(hand: list, rules: str) -> None:  # type: ignore[type-arg]
    r = RULESETS[rules]
    if not r.jokers:
        hand = [c for c in hand if c.rank != 0]
    found = set(trio_candidates(hand, r))
    assert set(three_card_melds(tuple(hand), r)) <= found


def _connections(card: Card, cards: Iterable[Card], rules: Rules) -> int:
    """counted_connections the slow way: how many of ``cards`` could stand in a natural meld
    with ``card``: the same rank (where sets are allowed; another suit where sets need distinct
    suits), or the same suit within two places (an ace at either end)."""
    r = card.rank
    if r == 0 or r == 2:
        return 0
    n = 0
    for other in cards:
        o = other.rank
        if o == 0 or o == 2:
            continue
        if o == r:
            if rules.allow_sets and not (rules.set_distinct_suits and other.suit == card.suit):
                n += 1
            continue
        if other.suit == card.suit:
            if r == 1:
                n += o <= 3 or o >= 12
            elif o == 1:
                n += r <= 3 or r >= 12
            else:
                n += -2 <= o - r <= 2
    return n


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_natural_three_card_melds_are_three_card_melds_without_wild_cards(rules: Rules) -> None:
    """Found on their own (before three_card_melds knows the hand) and filtered from the known
    list (after), the natural three-card melds are three_card_melds' without a joker or a 2."""
    rng = random.Random(5)
    deck = build_deck(rules)
    for _ in range(1500):
        hand = tuple(rng.sample(deck, rng.randint(0, 22)))
        first = natural_three_card_melds(hand, rules)
        every = three_card_melds(hand, rules)
        expected = [t for t in every if not any(c.rank in (0, 2) for c in t)]
        assert first == expected
        assert natural_three_card_melds(hand, rules) == expected


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_makes_meld_only_turns_true_with_more_cards(rules: Rules) -> None:
    """Greedy's draw remembers makes_meld per card over the depths of a take: with the cards of
    a deeper take (a superset) the answer is never False where a shallower take's was True."""
    rng = random.Random(6)
    deck = build_deck(rules)
    naturals = [c for c in set(deck) if c.rank not in (0, 2)]
    for _ in range(400):
        cards = rng.sample(deck, rng.randint(8, 30))
        hand, pile = tuple(cards[:11]), tuple(cards[11:])
        for card in rng.sample(naturals, 6):
            answers = [makes_meld(card, (*hand, *pile[i:]), rules) for i in range(len(pile) + 1)]
            assert answers == sorted(answers, reverse=True)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_counted_connections_are_the_connections(rules: Rules) -> None:
    """Greedy's discard ranking counts a card's connections from per-suit rank counts
    (counted_connections) instead of going through the cards: the same numbers."""
    rng = random.Random(10)
    deck = build_deck(rules)
    distinct = sorted(set(deck))
    for _ in range(300):
        cards = rng.sample(deck, rng.randint(0, 25))
        counts = suited_counts(cards)
        for card in distinct:
            assert counted_connections(card, counts, rules) == _connections(card, cards, rules)
            if card in cards:  # a hand that holds the card: its own copy does not count
                rest = list(cards)
                rest.remove(card)
                assert counted_connections(card, counts, rules, holding=True) == _connections(card, rest, rules)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_near_meld_is_the_side_window(rules: Rules) -> None:
    """near_meld (one card, one meld) and side_windows (every meld of a side, as numbers) give
    the same addition window: the bots' candidate additions are the same either way."""
    cards = [Card(0, "")] + [Card(r, su) for su in SUITS for r in range(1, 14)]
    melds = run_shapes(rules)
    for trio in ("7c 7d 7h", "7c 7d 2s", "Ac Ad As", "Kc Kd JK"):
        try:
            melds.append(make_meld(trio, rules))
        except InvalidMeld:
            continue
    side = tuple(melds)
    windows = side_windows(side)
    assert side_windows(side) is windows  # remembered for the same side
    for (number, rank, suit, lo, hi, takes_wild), m in zip(windows, side, strict=True):
        assert side[number - 1] is m
        for card in cards:
            if card.rank in (0, 2):
                inside = takes_wild
            elif rank:
                inside = card.rank == rank
            else:
                inside = card.suit == suit and (card.rank == 1 or lo <= card.rank <= hi)
            assert near_meld(m, card) == inside, (m, card)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_goes_onto_is_an_exact_addition_to_a_side(rules: Rules) -> None:
    cards = [Card(0, "")] + [Card(r, su) for su in SUITS for r in range(1, 14)]
    melds = run_shapes(rules)
    rng = random.Random(7)
    for _ in range(200):
        side = tuple(rng.sample(melds, 3))
        for card in rng.sample(cards, 12):
            assert goes_onto(side, card) == any(extends(m, card) for m in side) == \
                any(m.can_extend([card]) for m in side)
