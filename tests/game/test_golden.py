"""Golden play-throughs: one seeded match per ruleset between greedy bots, logged as text.

Any change of behaviour (the engine's rules or the bots' choices) shows as a diff against
``tests/game/golden/<ruleset>.txt``. When a change is intended, regenerate the files and review
the diff in git:

    BURACO_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/game/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from game_helpers import check_golden

from buraco_core import RULESETS, format_cards, sort_cards
from buraco_core.bots import GreedyBot
from buraco_core.game import Game
from buraco_core.game.actions import Draw, NextHand

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("BURACO_UPDATE_GOLDEN") == "1"
SEED = 1
PLAYERS = {"brazilian": 3}


def _cards(cards: tuple[object, ...] | list[object]) -> str:
    return format_cards(sort_cards(cards)) or "-"  # type: ignore[arg-type]


def play_through(rules: str, seed: int = SEED) -> str:
    """The readable log of a whole seeded match between greedy bots."""
    players = PLAYERS.get(rules, 4)
    game = Game(rules, players=players, seed=seed)
    bots = [GreedyBot(seed * 10 + i) for i in range(players)]
    out = [
        f"# golden play-through: {rules}, {players} players, seed {seed}, greedy bots "
        f"(seat i seeded {seed * 10}+i)",
        "# regenerate: BURACO_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/game/test_golden.py",
    ]
    for _ in range(100):
        s = game.state
        out.append("")
        out.append(f"== hand {s.hand_number}: dealer seat {s.dealer}, seat {s.turn} plays first")
        for seat in range(players):
            out.append(f"seat {seat} ({len(s.hands[seat])}): {_cards(s.hands[seat])}")
        pots = " + ".join(str(len(p)) for p in s.pots if p) or "none"
        out.append(f"stock {len(s.stock)}, pots {pots}, discard: {_cards(s.discard)}")
        while not game.is_hand_over:
            before = game.state
            seat = before.turn
            action = bots[seat].choose(game.view(seat))
            game.play(action)
            after = game.state
            line = f"{seat} {action}"
            if isinstance(action, Draw):
                line += f" ({_cards(list(after.hands[seat][-1:]))})"
            for team in range(after.teams):
                if before.pot_state[team] is not after.pot_state[team]:
                    line += f"  [team {team} pot: {after.pot_state[team].value}]"
            out.append(line)
        s = game.state
        ended = (f"team {s.went_out} went out" if s.went_out is not None
                 else f"the stock ended it ({len(s.stock)} left)")
        out.append(f"-- hand {s.hand_number} over: {ended}")
        for team, score in enumerate(s.hand_scores):
            seats = ",".join(str(x) for x in s.seats_of(team))
            left = ", ".join(f"seat {x} {_cards(s.hands[x])}" for x in s.seats_of(team))
            pot = s.pot_state[team]
            out.append(f"team {team} (seats {seats}; pot {pot.value}; left in hand: {left})")
            for m in s.melds[team]:
                out.append(f"  meld {format_cards(m.cards)}: {m.points}")
            for label, points in score.lines:
                out.append(f"  {label}: {points:+d}")
            out.append(f"  total: {score.total}")
        out.append("totals: " + ", ".join(f"team {t} {v}" for t, v in enumerate(s.totals)))
        if game.is_match_over:
            who = "a draw" if s.winner is None else f"team {s.winner} wins"
            out.append(f"== match over after {s.hand_number} hand(s): {who}")
            break
        game.play(NextHand())
    else:
        raise AssertionError("the match did not end in 100 hands")
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("rules", list(RULESETS))
def test_golden_play_through(rules: str) -> None:
    check_golden(GOLDEN / f"{rules}.txt", play_through(rules), f"the {rules} play-through",
                 "tests/game/test_golden.py")


def test_play_through_is_replayable() -> None:
    assert play_through("italian", seed=4) == play_through("italian", seed=4)
    assert play_through("italian", seed=4) != play_through("italian", seed=5)
