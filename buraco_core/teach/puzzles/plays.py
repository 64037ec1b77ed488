"""What a learner's plays in a real hand say about the rules they know.

A play the game refuses is a miss on the clause of its refusal (``refusal.rule``). A legal play
that used a rule with a condition is a success on that clause: the clauses its events name
(:mod:`buraco_core.game.events`), such as taking the pot on the fly (a meld empties the hand:
``pot``) or by the discard (``pot-indirect``), going out (``going-out``), taking the discard pile
by the ruleset's take rule (``draw``, ``draw-dig``, ``draw-top-card``), a wild card moved
(``wild-moves``). The game decides legality and reports what the play did; this module only
collects the clauses of the events that are the player's own.

>>> from buraco_core import Game
>>> game = Game.scenario("pot-direct")
>>> _ = game.play("meld 4h 5h 6h")
>>> seat = game.turn
>>> action = game.play("meld 9c 9d 9s")                     # the last cards: the pot on the fly
>>> clauses_of(game.last_events, seat)
('pot',)
"""

from __future__ import annotations

from collections.abc import Iterable

from ...game.actions import Action
from ...game.engine import apply_events
from ...game.events import Event
from ...game.view import View, determinize

__all__ = ["clauses_of", "clauses_used"]


def clauses_of(events: Iterable[Event], seat: int) -> tuple[str, ...]:
    """The clauses with a condition that the play of ``seat`` whose ``events`` these are used:
    those its own events name (a pot another seat picks up as its turn starts is not this
    play's), each once, in the order the events name them."""
    used: dict[str, None] = {}
    for e in events:
        if getattr(e, "seat", None) == seat:
            used.update(dict.fromkeys(e.clauses))
    return tuple(used)


def clauses_used(before: View, action: Action, after: View | None = None) -> tuple[str, ...]:
    """:func:`clauses_of` the legal ``action`` of the seat of ``before`` (its view just before
    the play): the events the play reports, from a state that shows the seat that view (the
    seat's own moves depend only on what it sees). ``after`` is not needed (old callers pass it)."""
    _, events = apply_events(determinize(before), action)
    return clauses_of(events, before.seat)
