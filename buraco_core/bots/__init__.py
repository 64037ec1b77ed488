"""Bots: computer players that see only their own seat's view, and the one loop that runs them.

A bot (:class:`Bot`) has a ``name`` and ``choose(view, referee=None) -> Action``: it gets the
:class:`~buraco_core.game.view.View` of its seat and nothing else, never the
:class:`~buraco_core.game.state.State`. Every bot is seeded, so a seed replays the same game.

A bot decides which of its moves are legal without seeing the hidden cards: legality depends
only on what its seat may see. :func:`~buraco_core.game.view.determinize` builds a state
consistent with the view, and the bot asks the pure core
(:func:`~buraco_core.game.engine.check`, :func:`~buraco_core.game.legal.legal_actions`) about
its own moves in that state; where the loop runs it (:func:`play_hand`, :class:`Seats`), it may
instead ask the game itself, as a player asks the referee (``game.why_illegal``). The answers are
the same either way, and so are the bot's choices. Bots ask the engine's own
:mod:`buraco_core.meld_search` where they need its answer, and read a hand with their own quicker
heuristics beside it (:mod:`.reading`: addition windows, candidate trios, connections).

Modules: :mod:`.protocol` (:class:`Bot`, :data:`Referee`), :mod:`.loop` (:class:`Seats`,
:func:`play_hand`, :func:`play_match`, :class:`BotError`), :mod:`.candidates` (the actions a
bot considers), :mod:`.reading` (how the bots read a hand and the table), one module a bot: :mod:`.random_bot` (:class:`RandomBot`, a uniform choice among
a sample of legal actions), :mod:`.greedy` (:class:`GreedyBot` and its policy and valuations),
:mod:`.monte_carlo` (:class:`MonteCarloBot`: determinized rollouts played out by greedy players),
and :mod:`.simulate` (the ``python -m buraco_core simulate`` command).

>>> from buraco_core.game import Game
>>> game = Game("buraco", players=4, seed=7)
>>> actions = play_hand(game, [make_bot("greedy", seed) for seed in range(4)])
>>> game.is_hand_over, len(actions) > 10
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .candidates import draw_candidates, play_candidates
from .greedy import GreedyBot, discard_scores, greedy_action, greedy_step, take_values
from .loop import BotError, Seats, play_hand, play_match
from .monte_carlo import FAR_HAND_WEIGHT, MonteCarloBot, evaluate
from .protocol import Bot, Referee
from .random_bot import RandomBot

__all__ = [
    "BOTS",
    "FAR_HAND_WEIGHT",
    "Bot",
    "BotError",
    "GreedyBot",
    "MonteCarloBot",
    "RandomBot",
    "Referee",
    "Seats",
    "discard_scores",
    "draw_candidates",
    "evaluate",
    "greedy_action",
    "greedy_step",
    "make_bot",
    "play_candidates",
    "play_hand",
    "play_match",
    "take_values",
]

BOTS: Mapping[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mc": MonteCarloBot,
}
"""The bots by name, each a constructor taking a seed."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by its name (``random``, ``greedy``, ``mc``) with its seed.

    >>> make_bot("greedy", 3).name
    'greedy'
    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    ValueError: no bot called 'clever': choose one of random, greedy, mc
    """
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"no bot called {name!r}: choose one of {', '.join(BOTS)}") from None
    return factory(seed)
