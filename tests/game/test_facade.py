"""The notation, the Game façade (play, legal_actions, why_illegal, undo, view, JSON, HTML),
scenarios and the per-hand record."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from game_helpers import play, refused, scenario, text_scenario

from buraco_core import RULESETS, NotationError, parse_cards
from buraco_core.game import (
    AddToMeld,
    Discard,
    Draw,
    Game,
    IllegalAction,
    NewMeld,
    NextHand,
    Phase,
    Take,
    apply,
    hand_record,
    match_record,
    parse_action,
)
from buraco_core.game.scenarios import ScenarioError, load_scenario, scenario_names

# --------------------------------------------------------------------------- notation


@pytest.mark.parametrize("text", ["draw", "take", "take 5h", "take 5h 2", "meld 4h 5h 6h",
                                  "add 2 7h", "add 2 7h 8h", "add 1:3 JK high", "add 1 2c low",
                                  "discard Kc", "discard JK", "next"])
def test_str_gives_the_notation_back(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(str(action)) == action


def test_parsing_is_forgiving_about_case_and_symbols() -> None:
    assert parse_action("Meld 4♥ 5h 6H") == NewMeld(tuple(parse_cards("4h 5h 6h")))
    assert parse_action("DISCARD tc") == Discard(parse_cards("10c")[0])
    assert parse_action("deal") == NextHand() and parse_action("draw") == Draw()
    assert parse_action("take") == Take() and parse_action("add 3 Qs") == AddToMeld(3, tuple(parse_cards("Qs")))


@pytest.mark.parametrize("text, words", [
    ("", "no action"), ("fold", "not an action"), ("discard", "exactly one card"),
    ("discard 4h 5h", "exactly one card"), ("meld", "cards to lay"), ("meld 4x", "'4x' is not a card"),
    ("add 7h", "meld number"), ("add x 7h", "meld number comes first"), ("add 0 7h", "counted from 1"),
    ("add 2", "meld number and cards"), ("add 2 high", "at least one card"),
    ("take 5h 0", "copy is a number"), ("take 5h 1 2", "at most one card"), ("add a:1 7h", "team"),
])
def test_bad_notation_says_what_is_allowed(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words) as info:
        parse_action(text)
    assert not isinstance(info.value, IllegalAction)


@pytest.mark.parametrize("text", ["fold", "meld 4x 5h 6h", "discard", "add x 7h"])
def test_unreadable_plays_are_notation_errors_and_change_nothing(text: str) -> None:
    game = Game("buraco", players=4, seed=7)
    before = game.to_json()
    with pytest.raises(NotationError):
        game.play(text)
    with pytest.raises(NotationError):
        game.why_illegal(text)  # only a readable play is judged
    assert text not in game.legal_actions()
    assert game.to_json() == before


# --------------------------------------------------------------------------- the façade


def test_play_returns_the_action_and_undo_restores_exactly() -> None:
    game = Game("buraco", players=4, seed=7)
    start = game.state
    assert game.play("draw") == Draw()
    card = game.hands[0][0]
    game.play(f"discard {card.code}")
    assert game.turn == 1 and game.history == [(0, "draw"), (0, f"discard {card.code}")]
    assert game.undo() == Discard(card)
    assert game.undo() == Draw()
    assert game.state == start and game.history == []
    with pytest.raises(IndexError, match="nothing to undo"):
        game.undo()


def test_wrong_phase_and_missing_cards_are_refused_with_reasons() -> None:
    game = Game("buraco", players=4, seed=7)
    refused(game, "discard Kc", "first draw", rule="turn")
    refused(game, "take", "discard pile is empty", rule="draw")
    refused(game, "next", "not over", rule="turn")
    play(game, "draw")
    refused(game, "draw", "already drawn", rule="turn")
    missing = next(c for c in parse_cards("As Ah Ad Ac Ks Kh Kd Kc") if c not in game.hands[0])
    refused(game, f"discard {missing.code}", "you do not hold", rule="turn")
    refused(game, "add 1 7h", "no meld 1 on your side", "has no melds", rule="extend")
    refused(game, "add 1:1 7h", "only to your side's melds", rule="meld-owner")


def test_meld_errors_name_the_broken_rule() -> None:
    game = text_scenario("""
        description: melds
        rules: buraco
        phase: play
        hand 0: 4h 5h 7h 9c 9d JK 2c Qs
        melds 0: 7c 8c 9c
    """)
    refused(game, "meld 4h 5h 7h", "gap", rule="run")
    refused(game, "meld 9c 9d JK 2c", "only one wild card", rule="wild-one")
    refused(game, "meld 4h 4h 5h", "do not hold another 4♥", rule="turn")
    refused(game, "add 1 Qs", "this run is all clubs", rule="run")
    play(game, "add 1 JK")
    assert game.melds[0][0].wild is not None


def test_legal_actions_is_lazy_and_its_iteration_is_legal() -> None:
    game = scenario("pot-direct")
    legal = game.legal_actions()
    assert "meld 4h 5h 6h 9c 9d 9s" not in legal            # not a meld at all
    assert "meld 9c 9d 9s" in legal and NewMeld(tuple(parse_cards("9s 9c 9d"))) in legal
    assert 42 not in legal and "gibberish" not in legal
    listed = legal.list()
    assert all(game.why_illegal(a) is None for a in listed)
    texts = {str(a) for a in listed}
    assert {"meld 4h 5h 6h", "meld 9c 9d 9s", "discard 4h"} <= texts
    assert len(legal) == len(listed) and bool(legal)


def test_brazilian_adds_to_other_players_melds() -> None:
    game = text_scenario("""
        description: any meld
        rules: brazilian
        players: 3
        phase: play
        hand 0: 8h Kc 3d
        melds 2: 5h 6h 7h
    """)
    refused(game, "add 1 8h", "no meld 1 on your side", rule="extend")
    play(game, "add 2:1 8h")
    assert len(game.melds[2][0]) == 4 and game.melds[0] == ()
    other = text_scenario("""
        description: not in buraco
        rules: buraco
        phase: play
        hand 0: 8h Kc 3d
        melds 1: 5h 6h 7h
    """)
    refused(other, "add 1:1 8h", "only to your side's melds", rule="meld-owner")


def test_view_shows_only_what_the_seat_may_see() -> None:
    game = scenario("fechado-top-card")
    v = game.view(1)
    assert v.seat == 1 and v.hand == game.hands[1] and v.hand_counts == (11, 11)
    assert v.discard == tuple(parse_cards("5h")) and v.discard_count == 4
    assert v.stock_count == len(game.stock) and v.pots_left == (True, True)
    assert game.view().seat == game.turn


@pytest.mark.parametrize("name", ["pot-direct", "brazilian-dig", "pot-to-stock"])
def test_json_round_trip_mid_game_keeps_undo(name: str) -> None:
    game = scenario(name)
    rng = random.Random(1)
    for _ in range(12):
        if game.is_hand_over:
            break
        game.play(rng.choice(game.legal_actions().list()))
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.state == game.state and loaded.history == game.history
    assert loaded.description == game.description and loaded.to_json() == text
    if game.history:
        assert loaded.undo() == game.undo() and loaded.state == game.state
    data = json.loads(text)
    assert data["format"] == "buraco-game/1" and data["rules"]["name"] == game.rules.name


def test_a_copy_is_the_same_game_and_goes_on_by_itself() -> None:
    rng = random.Random(3)
    game = Game("buraco", players=4, seed=3)
    for _ in range(40):
        game.play(rng.choice(game.legal_actions().list()))
    game.description, game.perspective = "mid-hand", 2
    twin = game.copy()
    assert twin.to_json() == game.to_json() and twin.history == game.history
    before = game.to_json()
    twin.play(rng.choice(twin.legal_actions().list()))
    twin.undo()
    twin.undo()
    assert game.to_json() == before and len(twin.history) == len(game.history) - 1
    last, second = game.actions[-1], game.actions[-2]
    assert twin.undo() == second and game.undo() == last


def test_json_keeps_house_rules_and_detects_tampering() -> None:
    house = replace(RULESETS["buraco"], target=1505)
    game = Game(house, players=2, seed=4)
    game.play("draw")
    loaded = Game.from_json(game.to_json())
    assert loaded.rules.target == 1505 and loaded.state == game.state
    data = json.loads(game.to_json())
    data["state"]["turn"] = 1
    with pytest.raises(ValueError, match="does not match"):
        Game.from_json(json.dumps(data))
    with pytest.raises(ValueError, match="not a saved game"):
        Game.from_json("{}")


def test_future_hands_replay_from_the_seed() -> None:
    a, b = Game("burraco", 2, seed=9), Game("burraco", 2, seed=9)
    assert a.state == b.state
    assert Game("burraco", 2, seed=10).state != a.state


def test_html_and_text_show_the_table_from_one_seat() -> None:
    game = scenario("going-out")
    html = game._repr_html_()
    assert "Your side" in html and "<svg" in html and "Discard pile" in html
    text = str(game)
    assert "your hand (seat 0)" in text and "1: run" in text
    game.perspective = 1
    assert "your hand (seat 1)" in str(game)
    assert "Game buraco 4 players" in repr(game)


def test_unknown_ruleset_and_player_count() -> None:
    with pytest.raises(ValueError, match="no ruleset called 'canasta'"):
        Game("canasta")
    with pytest.raises(ValueError, match="played by 2 or 4 players, not 3"):
        Game("buraco", players=3)


# --------------------------------------------------------------------------- scenarios


def test_every_scenario_loads_and_describes_itself() -> None:
    names = scenario_names()
    assert len(names) >= 8
    for name in names:
        game = load_scenario(name)
        assert game.description
        game.state.deck_check()
        assert game.legal_actions().list(), name
    assert Game.scenario("pot-direct").state == load_scenario("pot-direct").state


@pytest.mark.parametrize("text, line, words", [
    ("rules: buraco\n", 1, "needs a description"),
    ("description: x\nrules: poker\n", 2, "no ruleset called 'poker'"),
    ("description: x\n\nhand 0: 4h 5x\n", 3, "'5x' is not a card"),
    ("description: x\nhands 0: 4h\n", 2, "unknown key 'hands 0'"),
    ("description: x\nhand: 4h\n", 2, "write hand and a number"),
    ("description: x\nmelds 0: 4h 5h 7h\n", 2, "is no meld"),
    ("description: x\nhand 0: JK JK JK\nhand 1: JK JK\n", 3, "no more JK"),
    ("description: x\nplayers: 3\n", 2, "not 3"),
    ("description: x\nphase: over\n", 2, "draw or play"),
    ("description: x\nturn 0\n", 2, "key: value"),
    ("description: x\npot 0: gone\n", 2, "aside, taken"),
    ("description: x\nhand 4: 4h\n", 2, "no seat 4"),
    ("description: x\nstock: 4h 5h\nstock_size: 1\n", 3, "smaller than"),
    ("description: x\ntotals: 1\n", 2, "totals needs 2"),
])
def test_malformed_scenarios_name_file_and_line(text: str, line: int, words: str) -> None:
    from buraco_core.game.scenarios import parse_scenario

    with pytest.raises(ScenarioError, match=words) as info:
        parse_scenario(text, "bad.txt")
    assert str(info.value).startswith(f"bad.txt:{line}:")


def test_unknown_scenario_lists_the_known_ones() -> None:
    with pytest.raises(ScenarioError, match="pot-direct"):
        load_scenario("no-such-scenario")


# --------------------------------------------------------------------------- the per-hand record


def test_hand_record_fields() -> None:
    game = scenario("going-out")
    with pytest.raises(ValueError, match="not over"):
        hand_record(game.state)
    play(game, "meld Jh Qh Kh", "discard 3d")
    rec = hand_record(game.state)
    assert rec["rules"] == "buraco" and rec["hand"] == 1 and rec["went_out"] == "0"
    assert rec["players"][0] == {"seat": 0, "team": "0", "hand": ""}
    assert rec["players"][3]["team"] == "1" and len(rec["players"][3]["hand"].split()) == 11
    assert rec["melds"]["0"] == ["4s 5s 6s 7s 8s 9s 10s", "Jh Qh Kh"]
    assert rec["took_pot"] == {"0": True, "1": False} and rec["pot_unused"] == {"0": False, "1": False}
    assert len(rec["pots"]) == 1 and len(rec["pots"][0].split()) == 11
    assert rec["scores"]["0"] == game.scores[0].total and rec["totals"] == {"0": game.totals[0],
                                                                           "1": game.totals[1]}
    assert rec["discard"].endswith("3d")
    json.dumps(rec)
    with pytest.raises(ValueError, match="not over"):
        match_record(game.state)
    assert game.phase is Phase.HAND_OVER


def test_undo_walks_back_through_every_state_of_a_long_hand() -> None:
    """The game keeps only every SNAPSHOT-th state and replays the moves since for undo: every
    undo still gives the exact state before the move, across the kept ones, and play goes on
    from there as before."""
    from buraco_core.bots import make_bot
    from buraco_core.game.facade import SNAPSHOT

    game = Game("brazilian", players=3, seed=21)
    bots = [make_bot("random", i) for i in range(3)]
    states = [game.state]
    while not game.is_hand_over:
        game.play(bots[game.turn].choose(game.view()))
        states.append(game.state)
    assert len(states) > 3 * SNAPSHOT
    for back in range(len(states) - 1, SNAPSHOT - 3, -1):
        game.undo()
        assert game.state == states[back - 1]
        assert len(game.actions) == back - 1
    replay = Game.from_json(game.to_json())
    assert replay.state == game.state and replay.history == game.history
    game.play(next(iter(game.legal_actions())))
    assert game.state == apply(states[SNAPSHOT - 3], game.actions[-1])
