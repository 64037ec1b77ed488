"""The coach (issue 11): advice from the seat's view with reasons naming its cards, and the
review of a hand's plays."""

from __future__ import annotations

import random

import pytest
from positions import FED

from buraco_core.bots import Seats, make_bot
from buraco_core.coach import Advice, advise, review
from buraco_core.game import Game, parse_scenario
from buraco_core.game.state import state_with
from buraco_core.game.view import determinize
from buraco_core.messages import Message


def _scenario(text: str) -> Game:
    return parse_scenario(text, "fed.txt")


def test_advice_names_the_cards_of_a_meld_and_its_points() -> None:
    game = _scenario(FED.replace("hand 0: 7s Kc 4d 9h Jd", "hand 0: Qd Kd Ad 4c 9h 7s"))
    advice = advise(game)
    assert isinstance(advice, Advice)
    assert advice.action.startswith("meld") and set(advice.action.split()[1:]) == {"Qd", "Kd", "Ad"}
    assert {c.code for c in advice.cards} == {"Qd", "Kd", "Ad"}
    first = advice.explain()[0]
    assert "Q♦ K♦ A♦" in first and "35 points count for you" in first and "A♦ (15)" not in first  # D10: every card leaves the hand
    assert all(isinstance(r, Message) and r.key.startswith("coach.") for r in advice.reasons)


def test_advice_for_a_discard_names_the_card_and_weighs_the_others() -> None:
    game = _scenario(FED)
    advice = advise(game)
    assert advice.action.startswith("discard")
    card = advice.play.card  # type: ignore[union-attr]
    assert str(card) in advice.explain()[0]
    assert advice.action != "discard 7s", "the 7♠ goes onto the opponents' run"
    assert len(advice.options) >= 2 and all(v is not None for _, v in advice.options)
    last = advice.reasons[-1].key
    assert last in ("coach.close", "coach.better-than")
    assert advice.close == (last == "coach.close")


def test_same_position_same_advice_and_hidden_cards_do_not_matter() -> None:
    game = Game("buraco", players=4, seed=11)
    Seats({s: make_bot("greedy", s) for s in range(4)}).move(game)  # seat 0 draws
    assert advise(game) == advise(Game.from_json(game.to_json()))
    fresh = Game("italian", players=4, seed=5)
    for k in range(3):  # other deals of the cards seat 0 cannot see: the same advice
        dealt = determinize(fresh.view(0), random.Random(k))
        assert dealt.hands[1] != fresh.state.hands[1]
        world = Game.from_state(state_with(dealt, seed=fresh.seed))
        assert advise(world) == advise(fresh)


def test_advice_refuses_another_seat_and_says_next_after_the_hand() -> None:
    game = Game("buraco", players=4, seed=2)
    with pytest.raises(ValueError, match="seat 1 is not to play"):
        advise(game, seat=1)
    game = Game.scenario("going-out")
    game.play("meld Jh Qh Kh")
    game.play("discard 3d")
    assert game.is_hand_over
    assert advise(game).action == "next"


def test_review_flags_a_discard_the_next_player_melds() -> None:
    game = _scenario(FED)
    game.play("discard 7s")
    seats = Seats({s: make_bot("greedy", s) for s in (1, 2, 3)})
    seats.move(game)  # the left opponent takes the pile
    while game.turn == 1:
        seats.move(game)
    assert (str(game.state.history[1][0]), game.state.history[1][1]) == ("1", "take")
    remarks = review(game, 0)
    fed = [r for r in remarks if r.move == 0]
    assert fed, remarks
    remark = fed[0]
    assert remark.played == "discard 7s" and remark.better != "discard 7s"
    assert remark.points >= 0
    assert remark.reason.key == "coach.review-fed"
    assert "7♠" in remark.explain() and "Left opponent" in remark.explain()


def test_review_finds_no_cost_in_following_the_coach() -> None:
    game = Game("buraco", players=4, seed=4)
    seats = Seats({s: make_bot("greedy", s) for s in (1, 2, 3)})
    for _ in range(40):
        if game.turn == 0:
            game.play(advise(game).action)
        else:
            seats.move(game)
    remarks = review(game, 0)
    assert all(r.points == 0 for r in remarks), remarks
    assert all(r.reason.key.startswith("coach.review-fed") for r in remarks)


# ------------------------------------------------------------------ issue 37: every advice says why here

def test_a_discard_the_search_holds_against_a_wild_card_the_next_player_could_use() -> None:
    """The newcomer's table: the coach advised discarding a Joker the next player took, against
    lesson 09's 'keep your wild cards'. A wild card the next side can add to its melds is held (the
    best natural discard goes first, with the reason); one it cannot use may go, with the reason."""
    from buraco_core.coach import hold_wild
    from buraco_core.game.actions import Discard

    game = _scenario(FED.replace("hand 0: 7s Kc 4d 9h Jd", "hand 0: JK Kc 4d 9h Jd"))
    view = game.view(0)
    joker, king = (Discard(next(c for c in view.hand if c.code == code)) for code in ("JK", "Kc"))
    ranked, why = hold_wild(view, [(joker, 61.0), (king, 0.0)])  # the opponents' 4s 5s 6s takes a joker
    assert [a for a, _ in ranked] == [king, joker] and why is not None and why.key == "coach.wild-kept"
    assert "the next player's side could add it" in why.text("en")
    alone = _scenario(FED.replace("hand 0: 7s Kc 4d 9h Jd", "hand 0: JK Kc 4d 9h Jd").replace("melds 1: 4s 5s 6s\n", ""))
    view = alone.view(0)
    ranked, why = hold_wild(view, [(joker, 61.0), (king, 0.0)])
    assert ranked[0][0] == joker and why is not None and why.key == "coach.wild-let-go"
    assert "has no meld it goes onto" in why.text("en") and "discard the K♣" in why.text("en")
    assert hold_wild(view, [(king, 5.0), (joker, 1.0)]) == ([(king, 5.0), (joker, 1.0)], None)


def test_a_discard_with_nothing_else_to_say_still_says_why() -> None:
    """D10: a natural discard that fits the hand and the pile, feeds nobody and sheds few points
    got only 'discard the 4♦'; it now says why (the fewest ties to the hand, or the search's
    finding where another card has fewer)."""
    from buraco_core.coach import play_reasons
    from buraco_core.game.actions import Discard

    game = _scenario(FED.replace("hand 0: 7s Kc 4d 9h Jd", "hand 0: 4d 5d 9h 9c")
                     .replace("melds 1: 4s 5s 6s\n", "").replace("discard: 2c", "discard: 3c 6d"))
    view = game.view(0)
    for code in ("4d", "5d", "9h"):
        reasons = play_reasons(view, Discard(next(c for c in view.hand if c.code == code)))
        keys = [m.key for m in reasons]
        assert keys[0] == "coach.discard" and len(keys) >= 2, keys
        assert set(keys) & {"coach.discard-fewest", "coach.discard-searched", "coach.discard-loner",
                            "coach.discard-pile-safe", "coach.discard-not-theirs", "coach.discard-sheds"}, keys
    reasons = play_reasons(view, Discard(next(c for c in view.hand if c.code == "4d")))
    fewest = next(m for m in reasons if m.key == "coach.discard-fewest")
    assert fewest.text("en") == ("the 4♦ goes with one other card of your hand, and no other card you could "
                                 "let go goes with fewer")


def test_a_review_line_of_no_cost_shows_no_points() -> None:
    """The newcomer's review listed moves 'about 0 points' dear: a remark for feeding the next
    player costs nothing by the count, and says no points."""
    line = Message("coach.debrief-line", {"move": 4, "points": 0, "reason": "x"})
    assert line.text("en") == "Move 4: x" and line.text("de") == "Spielzug 4: x"
    assert Message("coach.debrief-line", {"move": 4, "points": 12, "reason": "x"}).text("de") == \
        "Spielzug 4 (etwa 12\u00a0Punkte): x"
