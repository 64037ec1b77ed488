"""What a learner's plays in a real hand say about the rules they know.

A play the game refuses is a miss on the clause of its refusal (``refusal.rule``). A legal play
that used a rule with a condition is a success on that clause: taking the pot on the fly (a meld
empties the hand: ``pot``) or by the discard (``pot-indirect``), going out (``going-out``),
taking the discard pile down to a card (``draw-dig``) or by its top card (``draw-top-card``).
The game decides legality; this module only reads what changed between the seat's views before
and after the play.

>>> from buraco_core import Game
>>> game = Game.scenario("pot-direct")
>>> _ = game.play("meld 4h 5h 6h")
>>> before = game.view(game.turn)
>>> action = game.play("meld 9c 9d 9s")                     # the last cards: the pot on the fly
>>> clauses_used(before, action, game.view(before.seat))
('pot',)
"""

from __future__ import annotations

from ..clauses import CLAUSES
from ..game.actions import Action, AddToMeld, Discard, NewMeld, Take
from ..game.state import PotState
from ..game.view import View
from ..rules import DiscardTake

__all__ = ["clauses_used"]


def clauses_used(before: View, action: Action, after: View) -> tuple[str, ...]:
    """The clauses with a condition that a legal ``action`` of the seat used: ``before`` and
    ``after`` are that seat's views around it."""
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
