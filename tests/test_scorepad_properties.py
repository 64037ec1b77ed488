"""The score pad scores as the game does (issue 39): for end-of-hand positions of seeded simulated matches in
every ruleset and two house variants, each side's melds and every player's cards entered through the score
pad's session, by taps (one meld at a time) and as typed text, give the engine's hand scores, line by line,
and its match totals, its end of the match and its winner."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buraco_core.bots import Seats, make_bot, play_hand
from buraco_core.game.actions import NextHand
from buraco_core.game.facade import Game
from buraco_core.game.state import Phase, PotState
from buraco_core.sessions.scorepad import ScorePad
from buraco_core.sessions.scorepad.notation import hand_text

#: (ruleset or house variant, players): every ruleset, and two house variants.
TABLES = [("buraco", 4), ("buraco", 2), ("brazilian", 3), ("italian", 4), ("burraco", 2), ("fechado", 4),
          ("buraco+target=1005+set_max_cards=4+semi_clean_bonus=150", 4),
          ("burraco+going_out_bonus=150+pot_not_taken_penalty=200+target=1505", 2)]
HANDS_PER_MATCH = 4
PER_TABLE = 130  # positions per table at least: 8 tables make more than 1,000


def compare_match(rules: str, players: int, seed: int, bot: str) -> int:
    """Play a seeded match (at most HANDS_PER_MATCH hands); after each hand, enter it in two pads and compare."""
    game = Game(rules, players=players, seed=seed)
    seats = Seats([make_bot(bot, seed * 10 + i) for i in range(players)])
    tapped, typed = ScorePad(rules, players), ScorePad(rules, players)
    checked = 0
    for _ in range(HANDS_PER_MATCH):
        play_hand(game, seats)
        s = game.state
        for team in range(s.teams):
            for m in s.melds[team]:
                tapped.meld(team, m.cards)
            taken = s.pot_state[team] is PotState.TAKEN
            tapped.pot(team, taken, unused=s.pot_unused[team], waiting=s.pot_state[team] is PotState.WAITING)
        for seat in range(players):
            tapped.left(seat, s.hands[seat])
        tapped.out(s.went_out)
        typed.enter(hand_text(typed, tapped.draft))
        assert typed.draft == tapped.draft, hand_text(typed, tapped.draft)
        for pad in (tapped, typed):
            result = pad.end_hand()
            assert [sc.lines for sc in result.scores] == [sc.lines for sc in s.hand_scores]
            assert [sc.total for sc in result.scores] == [sc.total for sc in s.hand_scores]
            assert result.totals == s.totals
            assert result.over == (s.phase is Phase.MATCH_OVER)
            assert result.winner == s.winner
        checked += 1
        if game.is_match_over:
            break
        game.play(NextHand())
    return checked


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_the_score_pad_scores_every_hand_as_the_game_does(rules: str, players: int) -> None:
    checked: list[int] = []

    @settings(max_examples=PER_TABLE, derandomize=True, deadline=None, database=None)
    @given(seed=st.integers(0, 2**31 - 1), bot=st.sampled_from(["greedy", "random"]))
    def check(seed: int, bot: str) -> None:
        checked.append(compare_match(rules, players, seed, bot))

    check()
    assert sum(checked) >= PER_TABLE
