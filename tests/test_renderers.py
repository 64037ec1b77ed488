"""Renderers of events: narration (buraco_core.narrate), the clauses a play used
(teach.plays), the explanation of an allowed play (teach.explain) and the coach's reasons
(coach.play_reasons) read what the engine reports a move did; none compares two states."""

from __future__ import annotations

import ast
from pathlib import Path

from buraco_core import make_meld, parse_cards
from buraco_core.coach import play_reasons
from buraco_core.game import Game, Phase, apply_events, new_game, view_of
from buraco_core.game.actions import AddToMeld
from buraco_core.game.state import state_with
from buraco_core.narrate import narrate, narrate_events
from buraco_core.teach.puzzles.explain import explain_allowed
from buraco_core.teach.puzzles.plays import clauses_of, clauses_used

ROOT = Path(__file__).resolve().parents[1]


def texts(messages: list[object]) -> list[str]:
    return [m.text() for m in messages]  # type: ignore[attr-defined]


def test_a_draw_is_told_with_its_card_to_its_seat_only() -> None:
    game = Game("buraco", players=4, seed=7)
    card = game.stock[-1]
    game.play("draw")
    assert texts(narrate_events(game.last_events, game.view(0))) == [f"You draw the {card} from the stock."]
    assert texts(narrate_events(game.last_events, game.view(2))) == ["Partner (seat 0) draws a card from the stock."]


def test_a_waiting_pot_and_the_end_of_the_hand_in_words() -> None:
    game = Game.scenario("pot-indirect-next-turn")
    seat = game.turn
    game.play("discard Qd")
    told = texts(narrate_events(game.last_events, game.view(seat)))
    assert told[0] == "You discard the Q♦."
    assert told[1].startswith("Pot earned by a discard that emptied a hand (Your side)")

    game = Game.scenario("going-out-by-discard")
    game.play("meld Jh Qh Kh")
    before = game.state
    game.play("discard 3d")
    told = texts(narrate_events(game.last_events, game.view(1)))
    assert told[-2].endswith("went out, and that ends the hand.")
    assert told[-1].startswith("The hand is over. This hand: ")
    # the old entry point tells the same from the state before and the move's text
    assert texts(narrate(before, game.state, before.turn, "discard 3d", viewer=1)) == told


def test_an_addition_to_another_players_meld_names_its_owner() -> None:
    base = new_game("brazilian", players=3, seed=1)
    theirs = make_meld("4h 5h 6h", "brazilian")
    s = state_with(base, phase=Phase.PLAY, hands=(tuple(parse_cards("7h Kc Kd")), *base.hands[1:]),
                   melds=((), (theirs,), ()))
    after, events = apply_events(s, "add 1:1 7h")
    assert texts(narrate_events(events, view_of(after, 2))) == [
        "Left opponent (seat 0) adds 7♥ to the melds of Right opponent (seat 1): 4♥-6♥ (meld 1)."]
    assert clauses_of(events, 0) == ("meld-owner",)


def test_the_clauses_a_play_used_are_its_seats_own() -> None:
    game = Game.scenario("pot-indirect-next-turn")
    seat = game.turn
    before = game.view(seat)
    action = game.play("discard Qd")
    assert clauses_of(game.last_events, seat) == ("pot-indirect",)
    assert clauses_used(before, action, game.view(seat)) == ("pot-indirect",)
    assert clauses_used(before, action) == ("pot-indirect",)  # the view after is not needed
    assert clauses_of(game.last_events, (seat + 1) % 4) == ()
    game = Game.scenario("italian-single-take")
    game.play("take")
    assert clauses_of(game.last_events, 0) == ("draw", "single-take")


def test_explaining_a_take_down_to_a_second_copy_counts_the_cards_taken() -> None:
    """Found when explain_allowed became a renderer of events: ``take 3d 2`` (the second 3♦ from
    the top) was explained as taking only the top card, as if the first copy were meant."""
    base = new_game("brazilian", players=2, seed=1)
    pile = tuple(parse_cards("9c 3d 5s 8h 3d"))
    hand = tuple(parse_cards("4d 5d Kc Ks Qh"))
    s = state_with(base, hands=(hand, base.hands[1]), discard=pile)
    game = Game.from_state(s)
    why, clauses = explain_allowed(game, "take 3d 2")
    assert "(4 cards)" in why.text() and clauses == ["draw-dig"]
    assert game.state is s  # the game is not changed
    why, _ = explain_allowed(game, "take 3d")
    assert why.text().startswith("taking only the top card, the 3♦")


def test_the_coachs_reasons_for_an_addition_come_from_its_event() -> None:
    base = new_game("burraco", players=2, seed=1)
    run = make_meld("4h 5h 6h 7h 8h 9h", "burraco")
    s = state_with(base, phase=Phase.PLAY, hands=(tuple(parse_cards("10h Kc Kd")), base.hands[1]),
                   melds=((run,), ()))
    reasons = texts(play_reasons(view_of(s, 0), AddToMeld(1, tuple(parse_cards("10h")))))
    assert reasons[0] == "add 10♥ to your meld 1 (4♥-9♥): 210 more points on the table"
    assert any("buraco" in r for r in reasons[1:])


def test_no_module_compares_the_state_before_a_move_with_the_state_after() -> None:
    """The renderers take events: none builds the view or the state after a move to compare it
    with the one before (the pattern of the four modules that did)."""
    for path in ("buraco_core/narrate.py", "buraco_core/teach/puzzles/plays.py", "buraco_core/teach/puzzles/explain.py",
                 "buraco_core/coach.py", "buraco_core/teach/puzzles/kinds/outcome.py"):
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        attrs = {(n.value.id, n.attr) for n in ast.walk(tree)
                 if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)}
        assert not ({"was", "now"} <= names), path
        for a, b in (("before", "after"), ("state", "new"), ("was", "now")):
            fields = {f for owner, f in attrs if owner == a} & {f for owner, f in attrs if owner == b}
            assert not fields & {"pot_state", "hand", "hands", "melds", "went_out", "phase", "turn",
                                 "discard", "discard_count"}, (path, a, b, fields)
