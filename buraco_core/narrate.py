"""A move told in words, as one seat saw it: "Right opponent adds K♠ to their kings (meld 1)".

:func:`narrate_events` renders the events a move reported
(:func:`~buraco_core.game.engine.apply_events`, :attr:`Game.last_events
<buraco_core.game.facade.Game.last_events>`) for one seat, as it saw them (another player's drawn
card is not named, the viewer's own is: :meth:`~buraco_core.game.events.Event.seen_by`), and
returns catalog messages (``narrate.*``): the move itself, then what it set off: a pot picked up or
earned, going out, the end of the hand with this hand's scores. :func:`narrate` does the same from
the state before the move and the move's text.

>>> from buraco_core.game import Game
>>> game = Game("buraco", players=4, seed=7)
>>> game.play("draw")
Draw()
>>> [m.text() for m in narrate_events(game.last_events, game.view(1))]
['Right opponent (seat 0) draws a card from the stock.']
>>> [m.text() for m in narrate_events(game.last_events, game.view(0))]
['You draw the 8♠ from the stock.']
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import seat_name, team_name
from .game.actions import Action, AddToMeld, Discard, Draw, NewMeld, NextHand, Take, parse_action
from .game.engine import apply_events
from .game.events import (
    Added,
    Discarded,
    Drew,
    Event,
    HandDealt,
    HandEnded,
    Melded,
    PotTaken,
    PotWaiting,
    TookPile,
    WentOut,
)
from .game.state import State
from .game.view import View, view_of
from .messages import Message

__all__ = ["narrate", "narrate_events", "play_words"]


def narrate_events(events: Sequence[Event], view: View) -> list[Message]:
    """The move whose ``events`` these are, in words for the seat of ``view`` (any view of that
    seat in this hand: it names the seats and the teams), told as that seat saw it."""
    viewer = view.seat
    out: list[Message] = []
    pots: list[tuple[int, Message]] = []
    for event in events:
        e = event.seen_by(viewer)
        if isinstance(e, HandDealt):
            return [Message("narrate.next-hand", {"hand": e.hand_number})]
        if isinstance(e, Drew):
            if e.seat != viewer:
                out.append(Message("narrate.draw", {"player": seat_name(view, e.seat)}))
            elif e.card is None:
                out.append(Message("narrate.you.draw-none"))
            else:
                out.append(Message("narrate.you.draw", {"card": e.card}))
        elif isinstance(e, TookPile):
            out.append(Message("narrate.you.take" if e.seat == viewer else "narrate.take",
                               {"player": seat_name(view, e.seat), "n": e.count, "card": e.top}))
        elif isinstance(e, Melded):
            out.append(Message("narrate.you.meld" if e.seat == viewer else "narrate.meld",
                               {"player": seat_name(view, e.seat), "cards": e.meld.cards,
                                "label": e.meld.label_message, "meld": e.number}))
        elif isinstance(e, Added):
            if e.team == view.team:
                owner = Message("narrate.owner-yours")
            elif e.team == view.team_of(e.seat):
                owner = Message("narrate.owner-theirs")
            else:
                owner = Message("narrate.owner-team", {"team": team_name(view, e.team)})
            out.append(Message("narrate.you.add" if e.seat == viewer else "narrate.add",
                               {"player": seat_name(view, e.seat), "cards": e.cards, "owner": owner,
                                "label": e.before.label_message, "meld": e.number}))
        elif isinstance(e, Discarded):
            out.append(Message("narrate.you.discard" if e.seat == viewer else "narrate.discard",
                               {"player": seat_name(view, e.seat), "card": e.card}))
        elif isinstance(e, PotTaken | PotWaiting):
            key = "narrate.pot" if isinstance(e, PotTaken) else "narrate.pot-waiting"
            pots.append((e.team, Message(key, {"team": team_name(view, e.team)})))
        elif isinstance(e, WentOut):
            out += [m for _, m in sorted(pots, key=lambda p: p[0])]
            pots = []
            out.append(Message("narrate.out", {"team": team_name(view, e.team),
                                               "player": seat_name(view, e.seat)}))
        elif isinstance(e, HandEnded):
            out += [m for _, m in sorted(pots, key=lambda p: p[0])]
            pots = []
            if e.went_out is None:
                out.append(Message("narrate.hand-over-stock"))
            scores = [Message("narrate.score", {"team": team_name(view, t), "n": n})
                      for t, n in enumerate(e.scores)]
            out.append(Message("narrate.hand-over", {"scores": scores}))
    return out + [m for _, m in sorted(pots, key=lambda p: p[0])]


def narrate(before: State, after: State, seat: int, text: str, *, viewer: int) -> list[Message]:
    """The move ``text`` that ``seat`` played from ``before`` (to ``after``), in words for
    ``viewer``: :func:`narrate_events` of the events the move reports (the pure core plays it from
    ``before`` again; ``after`` names the seats)."""
    _, events = apply_events(before, parse_action(text))
    return narrate_events(events, view_of(after, viewer))


def play_words(play: str | Action, team: int | View = 0, *, alone: bool = False) -> Message:
    """A play in words a learner reads, melds named by owner and number as the table shows them
    (``team``: the learner's side, or the learner's view, whose table names another side's melds in
    its own words, "the Opponents"; ``alone``: every player is a side alone, as in ``brazilian``,
    so another side's meld is a player's, by seat, not a team's)."""
    act = parse_action(play) if isinstance(play, str) else play
    if isinstance(act, Draw):
        return Message("play-words.draw")
    if isinstance(act, Take):
        if act.card is None:
            return Message("play-words.take")
        return Message("play-words.take-down-to", {"card": act.card})
    if isinstance(act, NewMeld):
        return Message("play-words.meld", {"cards": act.cards})
    if isinstance(act, AddToMeld):
        if isinstance(team, View):
            if act.team is None or act.team == team.team:
                return Message("play-words.add", {"cards": act.cards, "meld": act.meld})
            return Message("play-words.add-side", {"cards": act.cards, "meld": act.meld,
                                                   "side": team_name(team, act.team)})
        if act.team is None or act.team == team:
            return Message("play-words.add", {"cards": act.cards, "meld": act.meld})
        return Message("play-words.add-player" if alone else "play-words.add-team",
                       {"cards": act.cards, "meld": act.meld, "team": act.team})
    if isinstance(act, Discard):
        return Message("play-words.discard", {"card": act.card})
    assert isinstance(act, NextHand)
    return Message("play-words.next")
