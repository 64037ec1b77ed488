"""The actions a bot considers: quick supersets of what the engine lists, not checked.

:func:`draw_candidates` and :func:`play_candidates` list every action
:func:`~buraco_core.game.legal.legal_actions` would (and a few refused ones): the random bot
samples them, the tests and the benchmarks walk random games with them. Filter with
:func:`~buraco_core.game.engine.check`.

>>> from buraco_core.game import new_game
>>> [str(a) for a in draw_candidates(new_game("brazilian", players=3, seed=1))]
['draw', 'take']
"""

from __future__ import annotations

from ..cards import CARD_ORDER, SUITS, Card
from ..game.actions import Action, AddToMeld, Discard, Draw, NewMeld, Take
from ..game.engine import reachable_teams
from ..game.state import State
from ..rules import DiscardTake
from .reading import candidate_trios, card_counts, group_cards, side_windows

__all__ = ["DISCARDS", "draw_candidates", "play_candidates"]

DISCARDS: dict[Card, Discard] = {c: Discard(c) for c in [Card(0, ""), *(Card(r, su) for su in SUITS
                                                                           for r in range(1, 14))]}
"""One Discard action per card (actions are frozen values, so they can be shared)."""


def draw_candidates(s: State) -> list[Action]:
    """The draw-phase actions the engine lists, not checked: ``draw``, ``take`` and
    (``brazilian``) a ``take`` down to every card above the bottom one (``take`` is the whole)."""
    out: list[Action] = [Draw(), Take()]
    if s.rules.discard_take is DiscardTake.ANY_DEPTH:
        pile = s.discard
        seen: dict[Card, int] = {}
        for i in range(len(pile) - 1, 0, -1):
            seen[pile[i]] = seen.get(pile[i], 0) + 1
            out.append(Take(pile[i], seen[pile[i]]))
    return out


def play_candidates(s: State) -> list[Action]:
    """A quick superset of the play-phase actions the engine lists (every discard, every
    single-card addition, every three-card meld), not checked: filter with ``check``. An addition
    is listed where the card lies in the meld's window (:func:`~buraco_core.bots.reading.side_windows`)."""
    hand = s.hands[s.turn]
    counts = card_counts(hand)
    distinct = sorted(counts, key=CARD_ORDER)
    out: list[Action] = [DISCARDS[c] for c in distinct]
    own = s.current_team
    teams = reachable_teams(s.rules, s.teams, own)
    wilds, by_rank, by_suit = group_cards(distinct)
    for team in teams:
        which = None if team == own else team
        for i, rank, suit, lo, hi, takes_wild in side_windows(s.melds[team]):
            if rank:  # a set
                fits = by_rank.get(rank, [])
            else:  # a run: an ace, or a card within two places of an end
                fits = [c for c in by_suit.get(suit, ()) if c.rank == 1 or lo <= c.rank <= hi]
            if takes_wild:
                fits = fits + wilds
            out.extend([AddToMeld(i, (c,), which) for c in fits])
    out.extend(NewMeld(t) for t in candidate_trios(counts, distinct, s.rules))
    return out
