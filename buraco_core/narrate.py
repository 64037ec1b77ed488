"""A move told in words, as one seat saw it: "Right opponent adds K♠ to their kings (meld 1)".

:func:`narrate` compares what the ``viewer`` saw before and after one move (its views, never the
hidden cards: another player's drawn card is not named, the viewer's own is) and returns catalog
messages (``narrate.*``): the move itself, then what it set off: a pot picked up, going out, the
end of the hand with who went out.

>>> from buraco_core.game import Game
>>> game = Game("buraco", players=4, seed=7)
>>> before = game.state
>>> game.play("draw")
Draw()
>>> [m.text() for m in narrate(before, game.state, 0, "draw", viewer=1)]
['Right opponent (seat 0) draws a card from the stock.']
"""

from __future__ import annotations

from .board import seat_name, team_name
from .game.actions import AddToMeld, Discard, Draw, NewMeld, NextHand, Take, parse_action
from .game.state import Phase, PotState, State
from .game.view import view_of
from .messages import Message

__all__ = ["narrate"]


def narrate(before: State, after: State, seat: int, text: str, *, viewer: int) -> list[Message]:
    """The move ``text`` that ``seat`` played from ``before`` to ``after``, in words for ``viewer``."""
    was = view_of(before, viewer)
    now = view_of(after, viewer)
    you = seat == viewer
    player = seat_name(was, seat)
    act = parse_action(text)
    out: list[Message] = []
    if isinstance(act, Draw):
        if you:
            new = [c for c in now.hand if now.hand.count(c) > was.hand.count(c)]
            out.append(Message("narrate.you.draw", {"card": new[0]}) if new else Message("narrate.you.draw-none"))
        else:
            out.append(Message("narrate.draw", {"player": player}))
    elif isinstance(act, Take):
        taken = was.discard_count - now.discard_count
        out.append(Message("narrate.you.take" if you else "narrate.take", {"player": player, "n": taken, "card": was.top_discard}))
    elif isinstance(act, NewMeld):
        team = before.team_of(seat)
        meld = after.melds[team][-1]
        out.append(Message("narrate.you.meld" if you else "narrate.meld", {"player": player, "cards": meld.cards, "label": meld.label_message,
                                        "meld": len(after.melds[team])}))
    elif isinstance(act, AddToMeld):
        team = before.team_of(seat) if act.team is None else act.team
        old = before.melds[team][act.meld - 1]
        if team == was.team:
            owner = Message("narrate.owner-yours")
        elif team == before.team_of(seat):
            owner = Message("narrate.owner-theirs")
        else:
            owner = Message("narrate.owner-team", {"team": team_name(was, team)})
        out.append(Message("narrate.you.add" if you else "narrate.add", {"player": player, "cards": act.cards, "owner": owner,
                                       "label": old.label_message, "meld": act.meld}))
    elif isinstance(act, Discard):
        out.append(Message("narrate.you.discard" if you else "narrate.discard", {"player": player, "card": act.card}))
    elif isinstance(act, NextHand):
        return [Message("narrate.next-hand", {"hand": now.hand_number})]
    for t in range(now.teams):
        if was.pot_state[t] is PotState.ASIDE and now.pot_state[t] is PotState.TAKEN:
            out.append(Message("narrate.pot", {"team": team_name(now, t)}))
        elif was.pot_state[t] is not PotState.WAITING and now.pot_state[t] is PotState.WAITING:
            out.append(Message("narrate.pot-waiting", {"team": team_name(now, t)}))
        elif was.pot_state[t] is PotState.WAITING and now.pot_state[t] is PotState.TAKEN:
            out.append(Message("narrate.pot", {"team": team_name(now, t)}))
    over = now.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) and was.phase in (Phase.DRAW, Phase.PLAY)
    if over:
        if now.went_out is not None:
            out.append(Message("narrate.out", {"team": team_name(now, now.went_out), "player": player}))
        else:
            out.append(Message("narrate.hand-over-stock"))
        scores = [Message("narrate.score", {"team": team_name(now, t), "n": sc.total})
                  for t, sc in enumerate(now.hand_scores)]
        out.append(Message("narrate.hand-over", {"scores": scores}))
    return out
