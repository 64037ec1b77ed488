"""The meld search the engine asks (buraco_core.meld_search) gives the answers of the long way
round: every shortcut and pre-test compared with make_meld and Meld.extend on seeded random hands,
melds and games of every ruleset. The bots' own readings are tests/bots/test_reading.py."""

from __future__ import annotations

import random

import pytest
from meld_shapes import run_shapes
from random_games import random_play

from buraco_core import RULESETS, Card, InvalidMeld
from buraco_core.cards import SUITS, build_deck
from buraco_core.game.engine import reachable_teams
from buraco_core.game.state import State
from buraco_core.meld_search import (
    extends,
    known_three_card_melds,
    may_extend,
    may_meld,
    melds_with,
    three_card_melds,
    trios_with,
)
from buraco_core.melds import Meld, make_meld
from buraco_core.rules import Rules

RULES = list(RULESETS.values())


def _reachable(s: State) -> tuple[int, ...]:
    return reachable_teams(s.rules, s.teams, s.current_team)


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
                assert extends(meld, card) == meld.can_extend([card])  # the exact answer, quickly


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_may_extend_never_rules_out_a_legal_addition_to_any_run(rules: Rules) -> None:
    """_may_extend (exact past the ends of a run without a wild card; a card two places away
    only where the wild card could move into the gap) is False only where extend refuses: every
    run shape of run_shapes, every card."""
    cards = [Card(0, "")] + [Card(r, su) for su in SUITS for r in range(1, 14)]
    refused_with_a_wild = 0
    for meld in run_shapes(rules):
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


def test_known_three_card_melds_are_those_already_found() -> None:
    rules = RULESETS["buraco"]
    hand = tuple(build_deck(rules)[:9])
    if known_three_card_melds(hand, rules) is None:
        found = three_card_melds(hand, rules)
        assert list(known_three_card_melds(hand, rules) or ()) == found
    assert known_three_card_melds(hand[:3] + hand[:3], rules) in (None, tuple(three_card_melds(hand[:3] + hand[:3], rules)))
