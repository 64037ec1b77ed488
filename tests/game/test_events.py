"""The engine says what a move did: apply_events and its typed events (buraco_core.game.events).

Scripted scenarios check each event and the clauses it names; seeded random hands of every
ruleset check that the events agree with the states (the same state as apply, every pot change,
every meld, the end of the hand), that they round-trip through JSON, that each clause they name
applies under the rules, that they name every clause the old comparison of the views before and
after found (kept here as the reference), and that a seat sees only its own share of the cards.
"""

from __future__ import annotations

import json
import random

import pytest

from buraco_core import RULESETS, make_meld, parse_card, parse_cards
from buraco_core.clauses import CLAUSES
from buraco_core.game import (
    Added,
    Discarded,
    Drew,
    Event,
    Game,
    HandDealt,
    HandEnded,
    MatchEnded,
    Melded,
    Phase,
    PotState,
    PotTaken,
    PotToStock,
    PotWaiting,
    State,
    TookPile,
    View,
    WentOut,
    apply,
    apply_events,
    event_from_dict,
    event_to_dict,
    legal_actions,
    new_game,
    seen_by,
    view_of,
)
from buraco_core.game.actions import Action, AddToMeld, Discard, NewMeld, Take
from buraco_core.game.engine import take_clause
from buraco_core.game.state import state_with
from buraco_core.rules import DiscardTake
from buraco_core.teach.puzzles.plays import clauses_of, clauses_used

PLAYERS = {"brazilian": 3}


def play(game: Game, *texts: str) -> tuple[Event, ...]:
    """Play the moves; the events of the last one."""
    for text in texts:
        game.play(text)
    return game.last_events


# --------------------------------------------------------------------------- scenarios

def test_a_draw_names_the_card_for_its_seat_only() -> None:
    game = Game("buraco", players=4, seed=7)
    top = game.stock[-1]
    (drew,) = play(game, "draw")
    assert drew == Drew(0, top)
    assert drew.seen_by(0) is drew
    assert drew.seen_by(1) == Drew(0, None)
    assert seen_by(game.last_events, 2) == (Drew(0, None),)


def test_the_pot_on_the_fly() -> None:
    game = Game.scenario("pot-direct")
    play(game, "meld 4h 5h 6h")
    team = game.state.current_team
    pot = game.state.pots[team]
    melded, taken = play(game, "meld 9c 9d 9s")
    assert isinstance(melded, Melded) and melded.meld == make_meld("9c 9d 9s", game.rules)
    assert melded.number == len(game.melds[team]) and melded.clauses == ()
    assert taken == PotTaken(team, melded.seat, direct=True, cards=pot, clauses=("pot",))
    assert taken.seen_by(melded.seat + 1).cards is None


def test_the_pot_by_the_discard_at_once_and_at_the_next_turn() -> None:
    game = Game.scenario("pot-indirect-at-once")
    seat, last = game.turn, game.hands[game.turn][0]
    discarded, taken = play(game, f"discard {last.code}")
    assert discarded == Discarded(seat, last)
    assert isinstance(taken, PotTaken) and not taken.direct and not taken.waited
    assert taken.clauses == ("pot-indirect",)

    game = Game.scenario("pot-indirect-next-turn")
    seat, team = game.turn, game.state.current_team
    _, waiting = play(game, "discard Qd")
    assert waiting == PotWaiting(team, seat, clauses=("pot-indirect",))
    while game.turn != seat:  # the others play on; the pot is picked up as the seat's turn starts
        events = play(game, "draw")
        events += play(game, f"discard {game.hands[game.turn][0].code}")
    assert events[-1] == PotTaken(team, seat, direct=False, waited=True, cards=events[-1].cards,
                                  clauses=("pot-indirect",))
    assert game.state.pot_state[team] is PotState.TAKEN


def test_going_out_and_the_end_of_the_hand() -> None:
    game = Game.scenario("going-out-by-discard")
    play(game, "meld Jh Qh Kh")
    seat, team = game.turn, game.state.current_team
    *_, out, ended = play(game, "discard 3d")[-3:]
    assert out == WentOut(seat, team, by_discard=True, clauses=("going-out",))
    s = game.state
    assert ended == HandEnded("out", team, tuple(sc.total for sc in s.hand_scores), s.totals)


def test_taking_the_pile_names_the_take_rule() -> None:
    game = Game.scenario("fechado-top-card")
    pile = game.discard
    (took,) = play(game, "take")
    assert took == TookPile(0, len(pile), pile[-1], pile, must_meld=pile[-1], open_pile=False,
                            clauses=("draw-top-card",))
    assert took.seen_by(1).cards is None and took.seen_by(1).shown == (pile[-1],)
    assert took.seen_by(0) is took and took.shown == (pile[-1],)

    game = Game.scenario("brazilian-dig")
    (took,) = play(game, "take 7h")
    assert (took.count, took.cards, took.must_meld) == (3, tuple(parse_cards("7h 3s 9d")), parse_card("7h"))
    assert took.clauses == ("draw-dig",) and took.seen_by(1) is took  # an open pile: all seen
    melded = play(game, "meld 7h 7d 7s")[0]
    assert isinstance(melded, Melded) and melded.clauses == ("draw-dig",)  # the obligation met

    game = Game.scenario("italian-single-take")
    (took,) = play(game, "take")
    assert took.single_take == parse_card("Qh") and took.clauses == ("draw", "single-take")
    discarded = play(game, "discard 3c")[0]
    assert discarded == Discarded(0, parse_card("3c"), clauses=("single-take",))


def test_the_stock_ends_the_hand_and_a_pot_becomes_the_stock() -> None:
    game = Game.scenario("stock-last-card")
    drew, ended, *_ = play(game, "draw")
    assert isinstance(drew, Drew) and drew.card is not None
    assert isinstance(ended, HandEnded) and ended.reason == "stock" and "stock-end" in ended.clauses

    game = Game.scenario("pot-to-stock")
    play(game, "draw")
    events = play(game, f"discard {game.hands[0][0].code}")
    assert events[-1] == PotToStock(0, game.rules.pot_size, clauses=("pot-to-stock",))
    assert len(game.stock) == game.rules.pot_size


def test_next_hand_and_the_end_of_the_match() -> None:
    game = Game.scenario("match-point")
    while not game.is_hand_over:
        game.play(legal_actions(game.state).list()[0])
    events = game.last_events
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.totals == game.totals
    if game.is_match_over:
        assert events[-1] == MatchEnded(game.winner, game.totals, clauses=events[-1].clauses)
        assert "match-end" in events[-1].clauses
    game = Game("burraco", players=2, seed=3)
    while not game.is_hand_over:
        game.play(legal_actions(game.state).list()[0])
    if not game.is_match_over:
        assert play(game, "next") == (HandDealt(2, 0),)


@pytest.mark.parametrize(("rules", "meld", "add", "moved", "clause"), [
    ("burraco", "3h 4h JK 6h 7h", "5h", (5, 2), "wild-moves"),       # JK 3-4-5-6-7: to the low end
    ("burraco", "2s 7s 8s 9s", "Js", (6, 10), "wild-moves"),         # into the gap the J leaves
    ("burraco", "2h 4h 5h 6h", "3h", (3, None), "wild-two-home"),    # the 2♥ back at its place
    ("burraco", "2c 3c 4c", "6c", (None, 5), "fewest-wilds"),        # the natural 2 turns wild
    ("burraco", "4h 5h 6h", "7h", (None, None), None),
])
def test_an_addition_says_where_the_wild_card_went(rules: str, meld: str, add: str,
                                                   moved: tuple[int | None, int | None],
                                                   clause: str | None) -> None:
    m = make_meld(meld, rules)
    cards = tuple(parse_cards(add))
    base = new_game(rules, players=2, seed=1)
    s = state_with(base, phase=Phase.PLAY, hands=(cards + tuple(parse_cards("Kc Kd")), base.hands[1]),
                   melds=((m,), ()))
    new, (added,) = apply_events(s, AddToMeld(1, cards))
    assert isinstance(added, Added)
    assert (added.before, added.meld) == (m, new.melds[0][0])
    assert (added.wild_moved_from, added.wild_moved_to) == moved
    assert added.clauses == (() if clause is None else (clause,))
    assert added.points == added.meld.points - m.points and not added.made_buraco


def test_adding_to_another_players_meld_in_brazilian() -> None:
    base = new_game("brazilian", players=3, seed=1)
    theirs = make_meld("4h 5h 6h", "brazilian")
    s = state_with(base, phase=Phase.PLAY, hands=(tuple(parse_cards("7h Kc Kd")), *base.hands[1:]),
                   melds=((), (theirs,), ()))
    _, (added,) = apply_events(s, "add 1:1 7h")
    assert isinstance(added, Added) and added.team == 1 and added.seat == 0
    assert added.clauses == ("meld-owner",)


# --------------------------------------------------------------------------- the game keeps them

def test_the_game_keeps_the_last_moves_events() -> None:
    game = Game("italian", players=2, seed=4)
    assert game.last_events == ()
    game.play("draw")
    drew = game.last_events
    assert len(drew) == 1 and isinstance(drew[0], Drew)
    game.undo()
    assert game.last_events == ()
    # a move judged first (why_illegal built it) reports the same events as one played at once
    take = Take()
    if game.why_illegal(take) is None:
        other = Game("italian", players=2, seed=4)
        other.play("take")
        game.play(take)
        assert game.last_events == other.last_events
    saved = Game.from_json(game.to_json())
    assert saved.last_events == game.last_events


# --------------------------------------------------------------------------- random hands

def _clauses_by_diff(before: View, action: Action, after: View) -> tuple[str, ...]:
    """The reference: what teach.plays.clauses_used found by comparing two views, before the
    engine reported events (kept only here, to prove the events say at least as much)."""
    rules = before.rules
    team = before.team
    used: list[str] = []
    if isinstance(action, Take) and before.discard_count > 1 and rules.discard_take is DiscardTake.ANY_DEPTH:
        used.append("draw-dig")
    if isinstance(action, Take) and rules.discard_take is DiscardTake.WHOLE_IF_TOP_MELDS:
        used.append("draw-top-card")
    earned = before.pot_state[team] is PotState.ASIDE and after.pot_state[team] in (PotState.TAKEN, PotState.WAITING)
    if earned and isinstance(action, NewMeld | AddToMeld):
        used.append("pot")
    if earned and isinstance(action, Discard):
        used.append("pot-indirect")
    if before.went_out is None and after.went_out == team:
        used.append("going-out")
    return tuple(c for c in used if CLAUSES[c].applies(rules))


def _check_move(before: State, action: Action, after: State, events: tuple[Event, ...]) -> None:
    rules = before.rules
    seat = before.turn
    assert events, f"{action} reported nothing"
    for e in events:
        assert event_from_dict(json.loads(json.dumps(event_to_dict(e))), rules) == e
        for c in e.clauses:
            assert CLAUSES[c].applies(rules), (c, e)
        shown = e.seen_by((seat + 1) % before.players)
        if isinstance(e, Drew):
            assert shown.card is None
        if isinstance(e, TookPile):
            assert shown.cards == (e.cards if rules.discard_open else None)
            assert take_clause(rules) in e.clauses
    mine = {c for e in events if getattr(e, "seat", None) == seat for c in e.clauses}
    assert set(_clauses_by_diff(view_of(before, seat), action, view_of(after, seat))) <= mine
    # what the seat's view alone gives (a state that shows the seat its view): the same clauses
    assert clauses_used(view_of(before, seat), action) == clauses_of(events, seat)
    # the pots as the events tell them
    for team in range(before.teams):
        was, now = before.pot_state[team], after.pot_state[team]
        took = [e for e in events if isinstance(e, PotTaken) and e.team == team]
        waits = [e for e in events if isinstance(e, PotWaiting) and e.team == team]
        stock = [e for e in events if isinstance(e, PotToStock) and e.team == team]
        assert bool(took) == (was is not PotState.TAKEN and now is PotState.TAKEN), (action, events)
        assert bool(waits) == (was is not PotState.WAITING and now is PotState.WAITING)
        assert bool(stock) == (was is not PotState.TO_STOCK and now is PotState.TO_STOCK)
        for e in took:
            assert e.cards == before.pots[team]
    # the melds as the events lay and grow them
    for e in events:
        if isinstance(e, Melded):
            assert after.melds[e.team][e.number - 1] == e.meld
            assert len(after.melds[e.team]) == len(before.melds[e.team]) + 1
        if isinstance(e, Added):
            assert before.melds[e.team][e.number - 1] == e.before
            assert after.melds[e.team][e.number - 1] == e.meld
    over = [e for e in events if isinstance(e, HandEnded)]
    assert bool(over) == (after.phase in (Phase.HAND_OVER, Phase.MATCH_OVER))
    for e in over:
        assert e.scores == tuple(sc.total for sc in after.hand_scores) and e.totals == after.totals
        assert e.went_out == after.went_out
        assert any(isinstance(x, WentOut) for x in events) == (after.went_out is not None)
    assert any(isinstance(e, MatchEnded) for e in events) == (after.phase is Phase.MATCH_OVER)


@pytest.mark.parametrize("rules", list(RULESETS))
def test_events_agree_with_the_states_in_random_hands(rules: str) -> None:
    players = PLAYERS.get(rules, 4)
    moves = 0
    for seed in range(6):
        s = new_game(rules, players, seed)
        rng = random.Random(seed)
        while s.phase in (Phase.DRAW, Phase.PLAY):
            action = rng.choice(legal_actions(s).list())
            after, events = apply_events(s, action)
            assert after == apply(s, action)
            _check_move(s, action, after, events)
            s = after
            moves += 1
        if s.phase is Phase.HAND_OVER:
            after, events = apply_events(s, "next")
            assert events == (HandDealt(s.hand_number + 1, after.dealer),)
    assert moves > 500


def test_an_illegal_move_reports_nothing_and_raises() -> None:
    s = new_game("buraco", players=4, seed=7)
    with pytest.raises(ValueError, match="draw"):
        apply_events(s, "discard JK")


def test_event_from_dict_names_the_kinds() -> None:
    with pytest.raises(ValueError, match="not an event: 'fold'"):
        event_from_dict({"event": "fold"}, RULESETS["buraco"])
