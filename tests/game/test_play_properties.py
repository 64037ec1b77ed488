"""Seeded random play-outs of every ruleset: the invariants of RULES.md hold at every step."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from game_helpers import random_hand
from hypothesis import given, settings
from hypothesis import strategies as st

from buraco_core import RULESETS, build_deck, make_meld
from buraco_core.game import (
    Discard,
    Game,
    IllegalAction,
    NewMeld,
    Phase,
    apply,
    legal_actions,
    new_game,
    view_of,
)

CONFIGS = [(name, n) for name, rules in RULESETS.items() for n in rules.player_counts]
SEEDS = range(4)


def _check_invariants(game: Game) -> None:
    s = game.state
    assert s.all_cards() == Counter(build_deck(s.rules)), "every card once"
    for side in s.melds:
        for m in side:
            make_meld(m.cards, s.rules)  # valid by make_meld
            assert m.wild_index is None or m.cards[m.wild_index].rank in (0, 2)
    if s.phase is Phase.PLAY:
        assert s.hands[s.turn], "the player to move always holds a card"


@pytest.mark.parametrize("rules, players", CONFIGS)
def test_random_hands_keep_the_invariants(rules: str, players: int) -> None:
    for seed in SEEDS:
        rng = random.Random(seed)
        game = Game(rules, players=players, seed=seed)
        steps = 0
        saved_at = rng.randrange(20, 80)
        while not game.is_hand_over:
            legal = game.legal_actions().list()
            assert legal, f"no legal action: seed {seed}, seat {game.turn}, {game.phase}"
            action = rng.choice(legal)
            assert action in game.legal_actions()
            assert str(action) in game.legal_actions()          # the text round trip too
            game.play(action)
            steps += 1
            _check_invariants(game)
            if steps == saved_at:
                loaded = Game.from_json(game.to_json())
                assert loaded.state == game.state and loaded.history == game.history
            assert steps < 3000, "a hand ends"
        assert len(game.scores) == game.state.teams
        assert sum(sc.total for sc in game.scores) == sum(game.totals)


@pytest.mark.parametrize("rules, players", CONFIGS)
def test_refused_actions_change_nothing(rules: str, players: int) -> None:
    rng = random.Random(99)
    game = Game(rules, players=players, seed=5)
    deck = sorted(set(build_deck(game.rules)), key=lambda c: (c.rank, c.suit))
    tried = refused = 0
    while not game.is_hand_over and tried < 300:
        before, text = game.state, game.to_json()
        attempt = rng.choice([
            Discard(rng.choice(deck)),
            NewMeld(tuple(rng.sample(deck, 3))),
            rng.choice(["draw", "take", "next", "add 1 7h", "add 9 JK", "meld 4h 5h"]),
        ])
        tried += 1
        try:
            game.play(attempt)
        except IllegalAction as err:
            refused += 1
            assert str(err)
            assert game.state is before and game.to_json() == text
        else:
            pass
        if rng.random() < 0.3 and not game.is_hand_over:
            game.play(rng.choice(game.legal_actions().list()))
    assert refused > 50


def test_every_ruleset_plays_many_seeded_hands_to_the_end() -> None:
    """A longer sweep of the pure core (no façade), one hand per seed and configuration."""
    for rules, players in CONFIGS:
        for seed in range(10, 16):
            state, _steps = random_hand(rules, players, seed)
            assert state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
            state.deck_check()


def test_views_hide_the_other_hands() -> None:
    s = new_game("buraco", 4, seed=3)
    v = view_of(s, 2)
    assert v.hand == s.hands[2] and v.hand_counts == (11, 11, 11, 11)
    assert not hasattr(v, "hands") and not hasattr(v, "stock") and v.stock_count == len(s.stock)
    with pytest.raises(ValueError, match="no seat 4"):
        view_of(s, 4)


def test_matches_play_on_to_the_next_hand() -> None:
    s = new_game("burraco", 2, seed=1)
    rng = random.Random(1)
    for _ in range(3):
        while s.phase in (Phase.DRAW, Phase.PLAY):
            s = apply(s, rng.choice(legal_actions(s).list()))
        if s.phase is Phase.MATCH_OVER:
            break
        number, dealer, totals = s.hand_number, s.dealer, s.totals
        s = apply(s, "next")
        assert (s.hand_number, s.dealer, s.totals) == (number + 1, (dealer + 1) % 2, totals)
        s.deck_check()


@settings(max_examples=12)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**31 - 1),
       choices=st.integers(0, 2**31 - 1))
def test_hypothesis_play_outs(config: tuple[str, int], seed: int, choices: int) -> None:
    """Hypothesis picks the deal and the random choices: the invariants hold, the hand ends, and a
    refused random play changes nothing."""
    rules, players = config
    game = Game(rules, players=players, seed=seed)
    rng = random.Random(choices)
    deck = sorted(set(build_deck(game.rules)), key=lambda c: (c.rank, c.suit))
    steps = 0
    while not game.is_hand_over:
        wrong = Discard(rng.choice(deck))
        before = game.state
        if game.why_illegal(wrong) is not None:
            with pytest.raises(IllegalAction):
                game.play(wrong)
            assert game.state is before
        game.play(rng.choice(game.legal_actions().list()))
        steps += 1
        assert steps < 3000
    _check_invariants(game)
    assert Game.from_json(game.to_json()).state == game.state
