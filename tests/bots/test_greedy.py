"""The greedy bot: its choices in set positions, and its shortcuts (the value of a take of the
pile, whether a take melds) against the long way round."""

from __future__ import annotations

import random

import pytest
from random_games import random_play

from buraco_core import RULESETS, Card
from buraco_core.bots import GreedyBot, draw_candidates, greedy_action
from buraco_core.bots.greedy import greedy_meld, take_melds, take_values, taken_cards
from buraco_core.bots.reading import makes_meld, near_meld
from buraco_core.game import IllegalAction, Phase, apply, new_game
from buraco_core.game.actions import Action, AddToMeld, Draw, NewMeld, Take
from buraco_core.game.scenarios import parse_scenario
from buraco_core.game.state import State
from buraco_core.meld_search import extends
from buraco_core.rules import DiscardTake, Rules

RULES = list(RULESETS.values())


def _take_melds_long_way(s: State, take: Take) -> bool:
    """Greedy's question the long way: after the take, does greedy's meld loop play a taken
    card within eight plays?"""
    try:
        t = apply(s, take)
    except IllegalAction:
        return False
    taken = set(taken_cards(s.discard, take))
    for _ in range(8):
        act = greedy_meld(t)
        if not isinstance(act, (NewMeld, AddToMeld)):
            return False
        if any(c in taken for c in act.cards):
            return True
        t = apply(t, act)
    return False


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_take_melds_agrees_with_the_long_way(rules: Rules) -> None:
    """take_melds answers a take that leaves a card to be melded without running greedy's meld
    loop (the engine allowed the take only if some play of that card is legal, and greedy plays
    the card first): the same answer as the loop, for every take of random games."""
    asked = 0
    for s in random_play(rules, range(5), random.Random(9)):
        if s.phase is Phase.DRAW:
            for take in draw_candidates(s)[1:]:
                assert isinstance(take, Take)
                assert take_melds(s, take) == _take_melds_long_way(s, take)
                asked += 1
    assert asked > 100


def _take_values_long_way(s: State) -> list[tuple[float, Take]]:
    """take_values as first written: every take of draw_candidates, its taken cards
    gone through one by one (with a memo of makes_meld, which only turns True with more cards)."""
    hand = s.hands[s.turn]
    own = s.melds[s.current_team]
    rules = s.rules
    pile = s.discard
    valued: list[tuple[float, Take]] = []
    on_melds: dict[Card, bool] = {}  # per natural card: whether it goes onto the side's melds
    # makes_meld(c, hand + pile[start:]) can only turn True as start falls (more cards): per
    # natural card, the highest start known True and the lowest start known False
    true_to: dict[Card, int] = {}
    false_from: dict[Card, int] = {}
    size = len(pile)
    for take in draw_candidates(s)[1:] if pile else ():
        if not isinstance(take, Take):
            continue
        taken = taken_cards(pile, take)
        start = size - len(taken)
        cards: tuple[Card, ...] | None = None
        usable = 0
        for c in taken:
            if c.rank == 0 or c.rank == 2:
                continue
            fits = on_melds.get(c)
            if fits is None:
                fits = on_melds[c] = any(near_meld(m, c) and extends(m, c) for m in own)
            if fits:
                usable += 1
                continue
            if start <= true_to.get(c, -1):
                usable += 1
                continue
            if start >= false_from.get(c, size + 1):
                continue
            if cards is None:
                cards = (*hand, *taken)
            if makes_meld(c, cards, rules):
                usable += 1  # _usable(c, cards, own, rules)
                true_to[c] = start
            else:
                false_from[c] = start
        wilds = sum(1 for c in taken if c.is_wild_card)
        if rules.discard_take is DiscardTake.WHOLE_IF_TOP_MELDS:
            usable += 1  # the top card melds, or the take would be refused
        if usable == 0 and wilds == 0:
            continue
        valued.append((3.0 * usable + 4.0 * wilds + 0.5 * len(taken), take))
    valued.sort(key=lambda x: -x[0])
    return valued


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_greedy_take_values_agree_with_the_long_way(rules: Rules) -> None:
    """Greedy's draw counts each pile card once (the deepest take at which it still melds, found
    by a binary search) instead of going through the taken cards of every take: the same
    values in every draw phase of random games, with piles made long."""
    rng = random.Random(11)

    def mostly_draw(s: State, options: list[Action]) -> None:
        if s.phase is Phase.DRAW and rng.random() < 0.8:
            options.sort(key=lambda a: not isinstance(a, Draw))  # long piles

    asked = 0
    for s in random_play(rules, range(6), rng, prefer=mostly_draw):
        if s.phase is Phase.DRAW:
            assert take_values(s) == _take_values_long_way(s)
            asked += 1
    assert asked > 100


def test_greedy_keeps_wild_cards_and_melds_naturals() -> None:

    game = parse_scenario(
        "description: t\nrules: buraco\nplayers: 2\nseed: 1\nturn: 0\nphase: play\n"
        "hand 0: 4h 5h 6h JK 9c Kd 3s 8d\nhand 1: 3s 3d 8c 8d Qs\n"
    )
    bot = GreedyBot(0)
    first = bot.choose(game.view(0))
    assert str(first) == "meld 4h 5h 6h"
    game.play(first)
    second = bot.choose(game.view(0))
    assert str(second).startswith("discard") and "JK" not in str(second)


def test_greedy_does_not_feed_the_next_players_melds() -> None:

    game = parse_scenario(
        "description: t\nrules: buraco\nplayers: 2\nseed: 1\nturn: 0\nphase: play\n"
        "hand 0: 10s Qd 4c\nhand 1: 3s 3d 8c 8d Qs\nmelds 1: 7s 8s 9s | 4h 4d 4s\n"
    )
    action = GreedyBot(0).choose(game.view(0))
    assert str(action) == "discard Qd"


def test_greedy_takes_a_pile_it_can_meld_with() -> None:

    game = parse_scenario(
        "description: t\nrules: buraco\nplayers: 2\nseed: 1\nturn: 0\nphase: draw\n"
        "hand 0: 9s 10s 4c Kd 7h\nhand 1: 3s 3d 8c 8d Qs\ndiscard: 5d Js\n"
    )
    assert str(GreedyBot(0).choose(game.view(0))) == "take"
    game2 = parse_scenario(
        "description: t\nrules: buraco\nplayers: 2\nseed: 1\nturn: 0\nphase: draw\n"
        "hand 0: 9s 10s 4c Kd 7h\nhand 1: 3s 3d 8c 8d Qs\ndiscard: 5d 3h\n"
    )
    assert str(GreedyBot(0).choose(game2.view(0))) == "draw"


def test_greedy_policy_reads_the_seat_to_move() -> None:
    s = new_game("burraco", players=2, seed=8)
    assert str(greedy_action(s, random.Random(0))) in ("draw", "take")
