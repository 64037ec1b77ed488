"""What one seat may see: its own hand, the others' hands as counts, the table.

Bots and widgets get a :class:`View`, never the :class:`~buraco_core.game.state.State`.
The discard pile shows whole where the ruleset's pile is open (``discard_open``), else only its
top card.

>>> from buraco_core.game.state import new_game
>>> v = view_of(new_game("fechado", players=2, seed=1), 1)
>>> v.seat, v.hand_counts, len(v.hand), v.discard_count, len(v.discard)
(1, (11, 11), 11, 1, 1)
"""

from __future__ import annotations

from typing import NamedTuple, cast

from ..cards import Card
from ..melds import Meld
from ..rules import Rules
from ..scoring import Score
from .state import Phase, PotState, State

__all__ = ["View", "view_of"]


class View(NamedTuple):
    """One seat's view of the table. Meld numbers are 1-based per team, as in ``add 2 7h``.

    A frozen record (a named tuple: a bot asks for one at every move, and a tuple is built in
    one step).
    """

    seat: int
    team: int
    players: int
    teams: int
    rules: Rules
    phase: Phase
    turn: int
    dealer: int
    hand_number: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    discard: tuple[Card, ...]
    """The whole pile (bottom first) where it is open, else the top card alone."""
    discard_count: int
    stock_count: int
    pots_left: tuple[bool, ...]
    pot_state: tuple[PotState, ...]
    must_meld: Card | None
    single_take: Card | None
    went_out: int | None
    hand_scores: tuple[Score, ...]
    totals: tuple[int, ...]
    winner: int | None
    history: tuple[tuple[int, str], ...]
    starter: int
    """The seat that played first in the match (the ruleset's tie rule may favour it)."""
    pot_seat: tuple[int, ...]
    """Per team: the seat whose empty hand earned the pot (-1 while none has); public."""
    pot_unused: tuple[bool, ...]
    """Per team: a pot picked up by a discard whose player has not played since (``fechado``)."""

    def team_of(self, seat: int) -> int:
        return seat % self.teams

    @property
    def my_melds(self) -> tuple[Meld, ...]:
        return self.melds[self.team]

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and self.phase in (Phase.DRAW, Phase.PLAY)

    @property
    def top_discard(self) -> Card | None:
        return self.discard[-1] if self.discard else None


def view_of(state: State, seat: int) -> View:
    """The view of ``seat`` (0 to players - 1)."""
    if not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat}: seats are 0 to {state.players - 1}")
    teams = state.teams
    discard = state.discard
    # a bot asks for a view at every move: the tuple is built directly, in field order
    return _new_view(View, (
        seat, seat % teams, state.players, teams, state.rules, state.phase, state.turn,
        state.dealer, state.hand_number, state.hands[seat], tuple(map(len, state.hands)),
        state.melds, discard if state.rules.discard_open else discard[-1:], len(discard),
        len(state.stock), tuple(map(bool, state.pots)), state.pot_state, state.must_meld,
        state.single_take, state.went_out, state.hand_scores, state.totals, state.winner,
        state.history, state.starter, state.pot_seat, state.pot_unused,
    ))


_new_view = cast("type[tuple[object, ...]]", tuple).__new__
"""``tuple.__new__``: a View from its values in field order, without the keyword constructor."""
