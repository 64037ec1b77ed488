"""Helpers shared by the game tests."""

from __future__ import annotations

import difflib
import os
import random
from dataclasses import replace
from pathlib import Path

import pytest

from buraco_core.game import Game, IllegalAction, Phase, State, apply, legal_actions, new_game
from buraco_core.game.scenarios import load_scenario, parse_scenario


def refused(game: Game, action: str, *words: str, rule: str) -> str:
    """Assert that ``action`` is refused under the clause ``rule`` with a reason containing
    ``words``, changing nothing; ``why_illegal`` gives the same refusal."""
    before_state, before_json = game.state, game.to_json()
    with pytest.raises(IllegalAction) as info:
        game.play(action)
    message = str(info.value)
    for w in words:
        assert w in message, f"{w!r} not in {message!r}"
    assert info.value.rule == rule, f"refused under {info.value.rule!r}, not {rule!r}: {message}"
    assert game.state == before_state
    assert game.to_json() == before_json
    reason = game.why_illegal(action)
    assert reason is not None and str(reason) == message and reason.rule == rule
    assert action not in game.legal_actions()
    return message


def play(game: Game, *actions: str) -> Game:
    for a in actions:
        assert a in game.legal_actions(), game.why_illegal(a)
        game.play(a)
    return game


def scenario(name: str) -> Game:
    return load_scenario(name)


def text_scenario(text: str) -> Game:
    return parse_scenario(text, "test")


def random_hand(rules: str, players: int, seed: int, *, max_steps: int = 4000) -> tuple[State, int]:
    """Play one hand with uniformly random enumerated legal actions; (final state, steps)."""
    s = new_game(rules, players, seed)
    rng = random.Random(seed)
    steps = 0
    while s.phase in (Phase.DRAW, Phase.PLAY):
        acts = legal_actions(s).list()
        assert acts, f"no legal action in {s.phase} for seat {s.turn}"
        s = apply(s, rng.choice(acts))
        steps += 1
        assert steps < max_steps
    return s, steps


def with_totals(game: Game, totals: tuple[int, ...]) -> Game:
    """The same position with other match totals."""
    g = Game.from_state(replace(game.state, totals=totals))
    return g


__all__ = ["play", "random_hand", "refused", "scenario", "text_scenario", "with_totals"]


def check_golden(path: Path, text: str, what: str, test: str) -> None:
    """Compare ``text`` with the golden file ``path`` (``what`` changed shows as a diff), or
    write it there when ``BURACO_UPDATE_GOLDEN=1`` (``test``: the test file to run for that)."""
    if os.environ.get("BURACO_UPDATE_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"{path} is missing: run BURACO_UPDATE_GOLDEN=1 .venv/bin/python -m pytest {test}"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = list(difflib.unified_diff(expected.splitlines(), text.splitlines(),
                                         f"golden/{path.name}", "now", lineterm="", n=2))
        shown = "\n".join(diff[:80]) + ("\n..." if len(diff) > 80 else "")
        pytest.fail(f"{what} changed (if intended, regenerate with BURACO_UPDATE_GOLDEN=1):\n{shown}",
                    pytrace=False)
