"""The legal actions of a state, listed lazily (:func:`legal_actions`, :class:`LegalActions`).

The :class:`~buraco_core.game.state.Phase` picks one enumeration (``_ENUMERATE``); every action
listed is legal (each is checked with :func:`~buraco_core.game.engine.check`, after the quick
guards of :mod:`buraco_core.game.guards` and the pre-tests of :mod:`buraco_core.meld_search`).

>>> from buraco_core.game.state import new_game
>>> [str(a) for a in legal_actions(new_game("burraco", players=2, seed=3))]
['draw', 'take']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..cards import CARD_ORDER, Card
from ..errors import NotationError
from ..meld_search import may_extend, three_card_melds
from ..rules import DiscardTake
from .actions import Action, AddToMeld, Discard, Draw, NewMeld, NextHand, Take
from .engine import check
from .guards import discard_reason, reachable_teams, stock_end
from .state import Phase, State

__all__ = ["LegalActions", "legal_actions"]


def _enumerate_draw(s: State) -> Iterator[Action]:
    if s.stock or stock_end(s, "draw-empty"):
        yield Draw()
    if not s.discard:
        return
    if s.rules.discard_take is DiscardTake.ANY_DEPTH:
        pile = s.discard
        seen: dict[Card, int] = {}
        for i in range(len(pile) - 1, -1, -1):
            seen[pile[i]] = seen.get(pile[i], 0) + 1
            act: Take = Take() if i == 0 else Take(pile[i], seen[pile[i]])
            if check(s, act) is None:
                yield act
        return
    if check(s, Take()) is None:
        yield Take()


def _enumerate_play(s: State) -> Iterator[Action]:
    hand = s.hands[s.turn]
    distinct = sorted(set(hand), key=CARD_ORDER)
    for c in distinct:
        if discard_reason(s, c) is None and (len(hand) > 1 or check(s, Discard(c)) is None):
            yield Discard(c)
    own = s.current_team
    for team in reachable_teams(s.rules, s.teams, s.turn % s.teams):
        for i, m in enumerate(s.melds[team]):
            for c in distinct:
                if may_extend(m, c, s.rules):
                    act = AddToMeld(i + 1, (c,), None if team == own else team)
                    if check(s, act) is None:
                        yield act
    for trio in three_card_melds(hand, s.rules):
        act2 = NewMeld(trio)
        if check(s, act2) is None:
            yield act2


def _enumerate_hand_over(s: State) -> Iterator[Action]:
    yield NextHand()


def _enumerate_match_over(s: State) -> Iterator[Action]:
    return iter(())


_ENUMERATE: dict[Phase, Callable[[State], Iterator[Action]]] = {
    Phase.DRAW: _enumerate_draw,
    Phase.PLAY: _enumerate_play,
    Phase.HAND_OVER: _enumerate_hand_over,
    Phase.MATCH_OVER: _enumerate_match_over,
}


class LegalActions:
    """The legal actions of a state, lazily.

    ``x in legal`` checks that one action (or its text) directly. Iterating yields: DRAW:
    ``draw``, ``take`` and (``brazilian``) every legal depth; PLAY: every legal discard, every
    legal single-card addition, every legal three-card meld from the hand; HAND_OVER: ``next``.
    Longer melds and multi-card additions are legal but not listed.
    """

    __slots__ = ("_items", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self._items: list[Action] | None = None

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, (str, Draw, Take, NewMeld, AddToMeld, Discard, NextHand)):
            return False
        try:
            return check(self.state, action) is None
        except NotationError:  # text that is no action is no legal action
            return False

    def __iter__(self) -> Iterator[Action]:
        if self._items is not None:
            return iter(self._items)
        return _ENUMERATE[self.state.phase](self.state)

    def list(self) -> list[Action]:
        """The enumeration, computed once."""
        if self._items is None:
            self._items = list(_ENUMERATE[self.state.phase](self.state))
        return self._items

    def __len__(self) -> int:
        return len(self.list())

    def __bool__(self) -> bool:
        return self.state.phase is not Phase.MATCH_OVER

    def __repr__(self) -> str:
        return f"<LegalActions {', '.join(map(str, self.list()))}>"


def legal_actions(state: State) -> LegalActions:
    """The legal actions of ``state`` (lazy; see :class:`LegalActions`)."""
    return LegalActions(state)
