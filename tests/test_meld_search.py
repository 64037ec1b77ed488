"""The meld search (buraco_core.meld_search) gives the answers of the long way round: every
shortcut and pre-test compared with make_meld and Meld.extend on seeded random hands, melds
and games of every ruleset."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from hypothesis import given
from hypothesis import strategies as st
from random_games import random_play

from buraco_core import RULESETS, Card, InvalidMeld
from buraco_core.cards import SUITS, build_deck
from buraco_core.game.engine import reachable_teams
from buraco_core.game.state import State
from buraco_core.meld_search import (
    counted_connections,
    makes_meld,
    may_extend,
    may_meld,
    melds_with,
    natural_three_card_melds,
    near_meld,
    side_windows,
    suited_counts,
    three_card_melds,
    trio_candidates,
    trios_with,
)
from buraco_core.melds import Meld, make_meld
from buraco_core.rules import Rules

RULES = list(RULESETS.values())


def _reachable(s: State) -> tuple[int, ...]:
    return reachable_teams(s.rules, s.teams, s.current_team)


hands = st.lists(st.sampled_from(build_deck(RULESETS["buraco"])), min_size=3, max_size=14)


@given(hands, st.sampled_from(list(RULESETS)))
def test_trio_candidates_hold_every_three_card_meld(hand: list, rules: str) -> None:  # type: ignore[type-arg]
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
def test_trios_with_a_card(rules: Rules) -> None:
    """trios_with finds every three-card meld three_card_melds lists with the card (and perhaps
    a few more valid ones), and none when it lists none; may_meld never rules out a card that
    has one."""
    rng = random.Random(2)
    deck = build_deck(rules)
    for _ in range(1500):
        hand = tuple(rng.sample(deck, rng.randint(1, 20)))
        for card in set(hand):
            listed = three_card_melds(hand, rules, with_card=card)
            if card.rank not in (0, 2):
                found = list(trios_with(hand, rules, card))
                assert len(found) == len(set(found))
                assert set(listed) <= set(found) and bool(listed) == bool(found)
                for trio in found:
                    make_meld(trio, rules)
            if listed:
                assert may_meld(card, hand, [], rules)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_may_extend_never_rules_out_a_legal_addition(rules: Rules) -> None:
    rng = random.Random(3)
    deck = build_deck(rules)
    distinct = sorted(set(deck))
    for _ in range(300):
        hand = tuple(rng.sample(deck, 14))
        for trio in three_card_melds(hand, rules)[:3]:
            meld: Meld = make_meld(trio, rules)
            for _ in range(rng.randint(0, 8)):
                grown = meld.extend_or_reason([rng.choice(deck)], rules)
                if isinstance(grown, Meld):
                    meld = grown
            for card in distinct:
                if not may_extend(meld, card, rules):
                    assert not meld.can_extend([card], rules)
                reason = meld.extend_or_reason([card])
                assert isinstance(reason, InvalidMeld) != meld.can_extend([card])


def _run_shapes(rules: Rules) -> list[Meld]:
    """Every run of 3 to 7 places in hearts: natural, with one wild card (a joker, a 2 of another
    suit, the 2 of hearts) on each place, and with a wild card added at either end."""
    wilds = [Card(2, "c"), Card(2, "h")] + ([Card(0, "")] if rules.jokers else [])
    melds: list[Meld] = []
    # every short run, and long runs reaching an end (where an ace may go either way)
    windows = [(low, n) for low in range(1, 13) for n in range(3, 8)]
    windows += [(low, n) for low in (1, 2, 3) for n in (11, 12, 13)]
    for low, length in windows:
        if low + length - 1 > 14:
            continue
        naturals = [Card(1 if p == 14 else p, "h") for p in range(low, low + length)]
        shapes = [naturals] + [[*naturals[:i], w, *naturals[i + 1:]] for i in range(length) for w in wilds]
        for cards in shapes:
            try:
                melds.append(make_meld(cards, rules))
            except ValueError:
                continue
            if cards is naturals:
                natural = melds[-1]
                for w in wilds:
                    for end in ("low", "high"):
                        grown = natural.extend_or_reason([w], wild_end=end)  # type: ignore[arg-type]
                        if isinstance(grown, Meld):
                            melds.append(grown)
    return melds


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_may_extend_never_rules_out_a_legal_addition_to_any_run(rules: Rules) -> None:
    """_may_extend (exact past the ends of a run without a wild card; a card two places away
    only where the wild card could move into the gap) is False only where extend refuses: every
    run shape of _run_shapes, every card."""
    cards = [Card(0, "")] + [Card(r, su) for su in SUITS for r in range(1, 14)]
    refused_with_a_wild = 0
    for meld in _run_shapes(rules):
        for card in cards:
            if not may_extend(meld, card, rules):
                assert not meld.can_extend([card], rules), (meld, card)
                refused_with_a_wild += meld.wild is not None and card.suit == "h"
    assert refused_with_a_wild > 50


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_top_melds_agrees_with_the_long_way(rules: Rules) -> None:
    """melds_with (pre-test and the card's neighbours for a natural card) says what the long way
    says: the card goes onto a reachable meld, or three_card_melds lists a meld with it."""
    rng = random.Random(4)
    deck = build_deck(rules)
    distinct = sorted(set(deck))
    seen = 0
    for s in random_play(rules, [1], rng, moves=100_000):
        hand = s.hands[s.turn]
        for top in rng.sample(distinct, 12):
            onto = any(m.can_extend([top]) for team in _reachable(s) for m in s.melds[team])
            trios = three_card_melds((*hand, top), rules, with_card=top)
            sides = [s.melds[team] for team in _reachable(s)]
            assert melds_with(top, hand, sides, rules) == (onto or any(top in t for t in trios))
            seen += 1
    assert seen > 100


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
def test_three_card_melds_with_a_card_check_only_those(rules: Rules) -> None:
    """three_card_melds(..., with_card=c) on a hand not seen yet checks only the candidate melds
    with c: the same list as all of them filtered."""
    rng = random.Random(13)
    deck = build_deck(rules)
    for _ in range(400):
        hand = tuple(rng.sample(deck, rng.randint(1, 30)))
        cards = set(hand) | {rng.choice(deck)}
        restricted = {card: three_card_melds(hand, rules, with_card=card) for card in cards}  # before the hand is known
        every = three_card_melds(hand, rules)
        for card in cards:
            assert restricted[card] == [t for t in every if card in t]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_three_card_melds_are_every_three_card_meld_of_the_hand(rules: Rules) -> None:
    """three_card_melds lists every distinct three cards of the hand that make_meld accepts (the
    long way: every combination tried), e.g. 4h JK 6h also when the hand holds the 5h."""
    from itertools import combinations

    rng = random.Random(14)
    deck = build_deck(rules)
    hands = [tuple(rng.sample(deck, rng.randint(3, 14))) for _ in range(300)]
    if rules.jokers:
        hands.append((Card(4, "h"), Card(5, "h"), Card(6, "h"), Card(0, "")))
    for hand in hands:
        expected = set()
        for trio in combinations(sorted(hand), 3):
            try:
                make_meld(trio, rules)
            except ValueError:
                continue
            expected.add(trio)
        assert set(three_card_melds(hand, rules)) == expected


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
    melds = _run_shapes(rules)
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
