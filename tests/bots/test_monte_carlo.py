"""The Monte-Carlo bot's evaluation of a position (what a play earns is the change it makes)."""

from __future__ import annotations

import dataclasses

import pytest

from buraco_core.bots import FAR_HAND_WEIGHT, evaluate
from buraco_core.cards import parse_cards
from buraco_core.game import State, new_game
from buraco_core.game.state import PotState
from buraco_core.melds import make_meld
from buraco_core.scoring import score_side


def _fechado_position(*, pot_taken: bool, run: str) -> State:
    """A 2-player ``fechado`` position: seat 0's side has ``run`` on the table and holds five
    cards; its pot of eleven high cards (120 points) is still aside or picked up into the hand.
    The cards are not accounted for: ``evaluate`` reads only hands, melds and pots."""
    s = new_game("fechado", players=2, seed=3)
    rules = s.rules
    pot = tuple(parse_cards("As Ah Ks Kh Qs Qh Js Jh 10s 10h 9s"))
    hand = tuple(parse_cards("3c 5d 8s Jc Kd"))
    melds = ((make_meld(run, rules),), ())
    if pot_taken:
        return dataclasses.replace(s, hands=(hand + pot, s.hands[1]), pots=((), s.pots[1]), melds=melds,
                                   pot_state=(PotState.TAKEN, PotState.ASIDE), pot_seat=(0, -1))
    return dataclasses.replace(s, hands=(hand, s.hands[1]), pots=(pot, s.pots[1]), melds=melds)


def test_the_evaluation_ranks_a_picked_up_pot_above_an_untaken_one() -> None:
    # the pot's 120 points in hand would outweigh the 100 points of its penalty if the cards in
    # hand counted in full; with no side able to go out they count at FAR_HAND_WEIGHT
    run = "4h 5h 6h 7h 8h 9h"
    taken, aside = _fechado_position(pot_taken=True, run=run), _fechado_position(pot_taken=False, run=run)
    assert evaluate(taken, 0) > evaluate(aside, 0)
    assert evaluate(taken, 0) - evaluate(aside, 0) == pytest.approx(100 - FAR_HAND_WEIGHT * 120)
    # ... as the other side sees it too
    assert evaluate(taken, 1) < evaluate(aside, 1)


def test_the_evaluation_counts_cards_in_hand_in_full_once_a_side_may_go_out() -> None:
    # with its pot taken and a clean buraco, seat 0's side may go out: the hand may end on any
    # turn, and every card in hand counts (fechado needs a clean buraco: a dirty one does not do)
    clean = _fechado_position(pot_taken=True, run="4h 5h 6h 7h 8h 9h 10h")
    dirty = _fechado_position(pot_taken=True, run="4h 5h 6h 2c 8h 9h 10h")
    rules = clean.rules
    mine = sum(rules.card_values[c.rank] for c in clean.hands[0])
    theirs = sum(rules.card_values[c.rank] for c in clean.hands[1])
    penalty = rules.pot_not_taken_penalty  # the other side's pot is still aside
    melded_clean = score_side(clean.melds[0], (), rules, went_out=False, took_pot=True).total
    melded_dirty = score_side(dirty.melds[0], (), rules, went_out=False, took_pot=True).total
    assert evaluate(clean, 0) == pytest.approx((melded_clean - mine) - (-penalty - theirs))
    w = FAR_HAND_WEIGHT
    assert evaluate(dirty, 0) == pytest.approx((melded_dirty - w * mine) - (-penalty - w * theirs))


def test_the_evaluation_counts_cards_in_hand_in_full_where_any_buraco_closes() -> None:
    # buraco closes with any buraco: the cards in hand count in full even while no side may go out
    s = new_game("buraco", players=2, seed=3)
    rules = s.rules
    scores = [score_side(s.melds[t], s.hands[t], rules, went_out=False, took_pot=False).total for t in (0, 1)]
    assert evaluate(s, 0) == scores[0] - scores[1]
    assert evaluate(s, 0, far_weight=0.0) == evaluate(s, 0)
