"""What a bot is: the :class:`Bot` protocol, and the :data:`Referee` a bot may ask.

A bot is an object with a ``name`` and ``choose(view, referee=None) -> Action``. It gets the
:class:`~buraco_core.game.view.View` of its seat (its own hand, the table, the other hands as
counts) and nothing else: never the :class:`~buraco_core.game.state.State`. Every bot is seeded
(``random.Random(seed)``), so a seed replays the same game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..game.actions import Action, IllegalAction
from ..game.view import View

__all__ = ["Bot", "Referee"]

Referee = Callable[[Action], "IllegalAction | None"]
"""The game's answer about a move of the seat to play: None if it is legal, else the reason
(:meth:`Game.why_illegal <buraco_core.game.facade.Game.why_illegal>`)."""


class Bot(Protocol):
    """A computer player: ``choose`` gets its seat's view and returns one legal action.

    ``referee`` (optional) answers whether a move of the seat is legal in the real game; a bot
    may ask it instead of the pure core on a determinized state (the same answers).
    """

    name: str

    def choose(self, view: View, referee: Referee | None = None) -> Action: ...
