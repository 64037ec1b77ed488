"""The end of a hand: every side scored, the totals added up, and the match decided.

The one reader of ``target`` and ``tie`` (:func:`end_hand`), asked by the engine
(:mod:`buraco_core.game.engine`) when a player goes out or the stock ends the hand.
"""

from __future__ import annotations

from ..rules import Tie
from ..scoring import score_side
from .events import EventSink, HandEnded, MatchEnded
from .state import Phase, PotState, State, state_with

__all__ = ["end_hand"]


def end_hand(s: State, went_out: int | None, ev: EventSink) -> State:
    """The state at the end of the hand: every side scored with score_side, the totals added up
    and the match decided (``went_out``: the team that went out, or None: the stock ended it);
    its events reported to ``ev`` (:class:`HandEnded`, and :class:`MatchEnded` if it is over)."""
    rules = s.rules
    scores = []
    for team in range(s.teams):
        left = tuple(c for seat in s.seats_of(team) for c in s.hands[seat])
        scores.append(score_side(s.melds[team], left, rules, went_out=went_out == team,
                                 took_pot=s.pot_state[team] is PotState.TAKEN,
                                 pot_unused=s.pot_unused[team],
                                 pot_waiting=s.pot_state[team] is PotState.WAITING))  # its line says so
    totals = tuple(t + sc.total for t, sc in zip(s.totals, scores, strict=True))
    phase, winner = Phase.HAND_OVER, None
    leaders: list[int] = []
    if rules.target is None or max(totals) >= rules.target:
        best = max(totals)
        leaders = [t for t, v in enumerate(totals) if v == best]
        starter_team = s.team_of(s.starter)
        if len(leaders) == 1:
            phase, winner = Phase.MATCH_OVER, leaders[0]
        elif rules.tie is Tie.STARTER_WINS and starter_team in leaders:
            phase, winner = Phase.MATCH_OVER, starter_team
        elif rules.tie is Tie.DRAW:
            phase = Phase.MATCH_OVER
    if ev is not None:
        ev.append(_hand_ended(s, went_out, tuple(sc.total for sc in scores), totals))
        if phase is Phase.MATCH_OVER:
            ev.append(MatchEnded(winner, totals,
                                 clauses=("match-end", "match-tie") if len(leaders) > 1 else ("match-end",)))
    return state_with(s, phase=phase, went_out=went_out, hand_scores=tuple(scores), totals=totals,
                   winner=winner, must_meld=None, single_take=None)


def _hand_ended(s: State, went_out: int | None, scores: tuple[int, ...], totals: tuple[int, ...]) -> HandEnded:
    """The event of the hand's end, with the scoring clauses whose condition held: a pot still
    waiting (counted as not taken), a pot taken by a discard and not used."""
    clauses: list[str] = [] if went_out is not None else ["stock-end"]
    if PotState.WAITING in s.pot_state:
        clauses.append("pot-waiting")
    if s.rules.pot_unused_penalty and any(s.pot_unused):
        clauses.append("pot-unused")
    return HandEnded("out" if went_out is not None else "stock", went_out, scores, totals,
                     clauses=tuple(clauses))
