"""The per-hand record of the simulate command: one JSON-ready dict per finished hand.

Cards and melds are :func:`~buraco_core.cards.format_cards` strings; team keys are strings
("0", "1"; in ``brazilian`` each seat is its own team).

>>> import random
>>> from buraco_core.game.state import new_game, Phase
>>> from buraco_core.game.engine import apply, legal_actions
>>> s, rng = new_game("italian", 4, seed=2), random.Random(2)
>>> while s.phase in (Phase.DRAW, Phase.PLAY):
...     s = apply(s, rng.choice(legal_actions(s).list()))
>>> rec = hand_record(s)
>>> sorted(rec)
['discard', 'hand', 'melds', 'players', 'pot_unused', 'pots', 'rules', 'scores', 'stock', 'took_pot', 'totals', 'went_out']
>>> match_record(s)["winner"] in ("0", "1")
True
"""

from __future__ import annotations

from typing import Any

from ..cards import format_cards
from .state import Phase, PotState, State

__all__ = ["hand_record", "match_record"]


def hand_record(state: State) -> dict[str, Any]:
    """The record of the hand that just ended (``state`` at HAND_OVER or MATCH_OVER)."""
    if state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        raise ValueError("the hand is not over yet: a record is made when it ends")
    teams = [str(t) for t in range(state.teams)]
    return {
        "rules": state.rules.name,
        "hand": state.hand_number,
        "players": [{"seat": seat, "team": str(state.team_of(seat)),
                     "hand": format_cards(state.hands[seat])} for seat in range(state.players)],
        "melds": {t: [format_cards(m.cards) for m in state.melds[i]] for i, t in enumerate(teams)},
        "stock": format_cards(state.stock),
        "discard": format_cards(state.discard),
        "pots": [format_cards(p) for p in state.pots if p],
        "took_pot": {t: state.pot_state[i] is PotState.TAKEN for i, t in enumerate(teams)},
        "pot_unused": {t: state.pot_unused[i] for i, t in enumerate(teams)},
        "went_out": None if state.went_out is None else str(state.went_out),
        "scores": {t: state.hand_scores[i].total for i, t in enumerate(teams)},
        "totals": {t: state.totals[i] for i, t in enumerate(teams)},
    }


def match_record(state: State) -> dict[str, Any]:
    """The last line of a match: ``{"winner": team or None (a draw), "totals", "hands"}``."""
    if state.phase is not Phase.MATCH_OVER:
        raise ValueError("the match is not over yet")
    return {"winner": None if state.winner is None else str(state.winner),
            "totals": {str(t): v for t, v in enumerate(state.totals)},
            "hands": state.hand_number}
