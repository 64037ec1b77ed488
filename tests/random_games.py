"""Seeded games of random play for the tests that compare a shortcut with the long way."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator

from buraco_core.bots import draw_candidates, play_candidates
from buraco_core.game import Phase, State, apply, check, new_game
from buraco_core.game.actions import Action
from buraco_core.rules import Rules

__all__ = ["random_play"]


def random_play(rules: Rules | str, seeds: Iterable[int], rng: random.Random, *,
                 players: int | Callable[[], int] = 4, moves: int = 1500,
                 prefer: Callable[[State, list[Action]], None] | None = None) -> Iterator[State]:
    """The states of seeded games of random play, each before its move (draw and play phases,
    at most ``moves`` a game): the move played is the first legal one of the candidates shuffled
    with ``rng``, which ``prefer`` may reorder first."""
    for seed in seeds:
        s = new_game(rules, players if isinstance(players, int) else players(), seed)
        for _ in range(moves):
            if s.phase is not Phase.DRAW and s.phase is not Phase.PLAY:
                break
            yield s
            options = draw_candidates(s) if s.phase is Phase.DRAW else play_candidates(s)
            rng.shuffle(options)
            if prefer is not None:
                prefer(s, options)
            s = next(apply(s, a) for a in options if check(s, a) is None)
