"""The quick constructors of state.py and view.py build exactly what the dataclass and the named
tuple build, and determinize builds a real State that shows the seat its own view."""

from __future__ import annotations

import dataclasses
import random

import pytest
from random_games import random_play

from buraco_core import RULESETS
from buraco_core.bots import GreedyBot
from buraco_core.game import Game, Phase, State, View, view_of
from buraco_core.game.state import FIELDS, state_from_fields, state_with, team_count
from buraco_core.game.view import determinize, unknown_cards


def _states(rules: str, players: int, seed: int, moves: int = 80) -> list[State]:
    """The states of a greedy hand, every move."""
    game = Game(rules, players=players, seed=seed)
    bot = GreedyBot(seed)
    states = [game.state]
    while not game.is_hand_over and len(states) < moves:
        game.play(bot.choose(game.view()))
        states.append(game.state)
    return states


def _same_state(a: State, b: State) -> None:
    """Equal, of the same class, with the same fields (and teams counted alike)."""
    assert type(a) is type(b) is State
    assert a == b
    assert {f: getattr(a, f) for f in FIELDS} == {f: getattr(b, f) for f in FIELDS}
    assert a.teams == b.teams == team_count(a.rules, a.players)


def test_fields_are_the_dataclass_fields() -> None:
    assert {f.name for f in dataclasses.fields(State)} == FIELDS


@pytest.mark.parametrize("rules", list(RULESETS))
def test_state_with_is_dataclasses_replace(rules: str) -> None:
    rng = random.Random(1)
    names = sorted(FIELDS - {"rules", "players"})
    for s in _states(rules, 4 if 4 in RULESETS[rules].player_counts else 3, seed=2):
        other = rng.choice(_states(rules, 4 if 4 in RULESETS[rules].player_counts else 3, seed=3, moves=5))
        changes = {name: getattr(other, name) for name in rng.sample(names, rng.randint(0, 4))}
        _same_state(state_with(s, **changes), dataclasses.replace(s, **changes))


def test_state_with_counts_the_teams_of_a_new_table() -> None:
    s = Game("buraco", players=4, seed=1).state
    assert s.teams == 2
    brazilian = state_with(s, rules=RULESETS["brazilian"])
    assert brazilian.teams == 4 == dataclasses.replace(s, rules=RULESETS["brazilian"]).teams


@pytest.mark.parametrize("rules", list(RULESETS))
def test_state_from_fields_is_the_constructor(rules: str) -> None:
    for s in _states(rules, 2 if 2 in RULESETS[rules].player_counts else 3, seed=4)[::7]:
        values = {f: getattr(s, f) for f in FIELDS}
        _same_state(state_from_fields(dict(values)), State(**values))
        _same_state(state_from_fields({**values, "teams": s.teams}), State(**values))
    with pytest.raises(TypeError, match="every field"):
        state_from_fields({"rules": RULESETS[rules]})


@pytest.mark.parametrize("rules", ["buraco", "fechado", "brazilian"])
def test_view_of_fills_every_field_with_its_own_value(rules: str) -> None:
    """view_of fills the slots by position: the same view as View(...) by field name."""
    for s in _states(rules, 4, seed=3, moves=60):
        for seat in range(4):
            expected = View(
                seat=seat, team=seat % s.teams, players=s.players, teams=s.teams, rules=s.rules,
                phase=s.phase, turn=s.turn, dealer=s.dealer, hand_number=s.hand_number,
                hand=s.hands[seat], hand_counts=tuple(len(h) for h in s.hands), melds=s.melds,
                discard=s.discard if s.rules.discard_open else s.discard[-1:],
                discard_count=len(s.discard), stock_count=len(s.stock),
                pots_left=tuple(bool(p) for p in s.pots), pot_state=s.pot_state,
                must_meld=s.must_meld, single_take=s.single_take, went_out=s.went_out,
                hand_scores=s.hand_scores, totals=s.totals, winner=s.winner, history=s.history,
                starter=s.starter, pot_seat=s.pot_seat, pot_unused=s.pot_unused,
            )
            got = view_of(s, seat)
            assert type(got) is View and got == expected


@pytest.mark.parametrize("rules", list(RULESETS))
def test_determinize_builds_a_real_state_showing_the_same_view(rules: str) -> None:
    players = 3 if rules == "brazilian" else 4
    for s in _states(rules, players, seed=5)[::5]:
        view = view_of(s, s.turn)
        for world in (determinize(view, random.Random(2)), determinize(view)):
            _same_state(world, State(**{f: getattr(world, f) for f in FIELDS}))
            assert view_of(world, s.turn) == view
        if s.phase in (Phase.DRAW, Phase.PLAY):
            determinize(view, random.Random(3)).deck_check()


def test_the_closed_pile_is_dealt_as_the_deck_order_deal() -> None:
    """Without a random generator, determinize fills the closed part of a fechado pile (draw
    phase) with the cards a deal of the hidden cards in deck order gives it, from the end:
    first the other hands, then the pile (found without the deal, walking the deck)."""
    rng = random.Random(12)
    checked = 0
    for s in random_play("fechado", range(8), rng, players=lambda: rng.choice((2, 4)), moves=600):
        view = view_of(s, s.turn)
        hidden = view.discard_count - len(view.discard)
        if hidden and view.phase is Phase.DRAW:
            unknown = unknown_cards(view)
            for seat, count in enumerate(view.hand_counts):
                if seat != view.seat:
                    del unknown[max(0, len(unknown) - count):]
            expected = tuple(unknown[max(0, len(unknown) - hidden):])
            assert determinize(view).discard[:hidden] == expected
            checked += 1
    assert checked > 50
