"""The guards of a turn: why a play may not be made now, read from one state (no play is made).

The engine (:mod:`buraco_core.game.engine`) asks these before it builds the next state, and the
enumeration of legal actions (:mod:`buraco_core.game.legal`) asks them to skip refused plays
quickly. Each ruleset field is read in one place here: ``discard_take`` in :func:`take_clause`
(the clause each way of taking the pile plays by), ``wild_last_discard_guard`` and ``pot_guard``
in :func:`discard_reason` / :func:`pot_guard`, ``direct_pot`` and ``going_out`` in
:func:`no_meld_out`, ``out_needs_pot`` / ``out_needs_clean`` in :func:`out_refusal`,
``stock_end`` in :func:`stock_end`, ``meld_on_any`` in :func:`reachable_teams`.

>>> from buraco_core import RULESETS
>>> take_clause(RULESETS["buraco"]), take_clause(RULESETS["brazilian"]), take_clause(RULESETS["fechado"])
('draw', 'draw-dig', 'draw-top-card')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..melds import Meld
from ..rules import DiscardTake, GoingOut, Rules, StockEnd
from .actions import IllegalAction
from .state import PotState, State

__all__ = [
    "discard_reason",
    "no_meld_out",
    "no_way_to_meld",
    "out_refusal",
    "pot_guard",
    "reachable_teams",
    "sides",
    "stock_end",
    "take_clause",
    "turn_guard_rule",
]


_TAKE_CLAUSE = {DiscardTake.WHOLE: "draw", DiscardTake.ANY_DEPTH: "draw-dig",
                DiscardTake.WHOLE_IF_TOP_MELDS: "draw-top-card"}


def take_clause(rules: Rules) -> str:
    """The clause of docs/RULES.md that says how the ruleset's players take from the discard pile
    (the one reader of ``discard_take`` for it): ``draw``, ``draw-dig`` or ``draw-top-card``."""
    return _TAKE_CLAUSE[rules.discard_take]


def reachable_teams(rules: Rules, teams: int, team: int) -> tuple[int, ...]:
    """The teams whose melds a player of ``team`` may add to, in order: its own side's, or
    (``meld_on_any``, ``brazilian``) every team's. The one reader of ``meld_on_any``.

    >>> from buraco_core import RULESETS
    >>> reachable_teams(RULESETS["buraco"], 2, 1), reachable_teams(RULESETS["brazilian"], 3, 1)
    ((1,), (0, 1, 2))
    """
    if rules.meld_on_any:
        return tuple(range(teams))
    return (team,)


def sides(s: State) -> Sequence[tuple[Meld, ...]]:
    """The melds the player to move may add to, side by side (:func:`reachable_teams`)."""
    teams = reachable_teams(s.rules, s.teams, s.turn % s.teams)
    melds = s.melds
    if len(teams) == len(melds):
        return melds
    return (melds[teams[0]],) if len(teams) == 1 else [melds[t] for t in teams]


def turn_guard_rule(reason: IllegalAction, fallback: str = "turn-guard") -> str:
    """The clause a play breaks when it leaves the turn impossible to finish for ``reason``:
    the clause of that reason where it is a specific one, else ``fallback``."""
    return fallback if reason.rule in ("turn", "turn-guard") else reason.rule


def no_meld_out(s: State, team: int) -> IllegalAction | None:
    """Why no meld or addition may empty the hand of the side's player now, or None where one
    may (then the pot is picked up on the fly, or :func:`out_refusal` decides)."""
    rules = s.rules
    if s.pot_state[team] is PotState.ASIDE:
        if not rules.direct_pot:
            return IllegalAction("no-direct-pot", "illegal.no-direct-pot", rules=rules)
        return None
    if rules.going_out is not GoingOut.MELD_OR_DISCARD:
        return IllegalAction("going-out", "illegal.out-by-discard", rules=rules)
    return None


def out_refusal(s: State, team: int) -> IllegalAction | None:
    """Why the side may not go out now, or None if it may."""
    rules = s.rules
    if rules.out_needs_pot and s.pot_state[team] in (PotState.ASIDE, PotState.WAITING):
        return IllegalAction("going-out", "illegal.out-needs-pot")
    side = s.melds[team]
    if rules.out_needs_clean:
        if not any(m.is_clean for m in side):
            return IllegalAction("going-out", "illegal.out-needs-clean")
    elif not any(m.is_buraco for m in side):
        return IllegalAction("going-out", "illegal.out-needs-buraco", n=rules.min_buraco)
    return None


def pot_guard(s: State, team: int, side: tuple[Meld, ...], left: int, *,
              by_meld: bool) -> IllegalAction | None:
    """``pot_guard`` (``buraco``): with the pot taken but no buraco, a meld may not leave one card
    or none, and a discard may not leave none."""
    if not s.rules.pot_guard or s.pot_state[team] is not PotState.TAKEN:
        return None
    if any(m.is_buraco for m in side):
        return None
    if by_meld and left <= 1:
        return IllegalAction("pot-guard", "illegal.pot-guard-meld")
    if not by_meld and left == 0:
        return IllegalAction("pot-guard", "illegal.pot-guard-discard")
    return None


def discard_reason(s: State, card: Card) -> IllegalAction | None:
    """Why discarding ``card`` is refused, or None."""
    rules = s.rules
    hand = s.hands[s.turn]
    if card not in hand:
        return IllegalAction("turn", "illegal.not-holding", card=card)
    if s.must_meld is not None:
        return IllegalAction(take_clause(rules), "illegal.must-meld-first", card=s.must_meld)
    if s.single_take is not None and card == s.single_take and hand.count(card) == 1:
        return IllegalAction("single-take", "illegal.single-take", rules=rules)
    if len(hand) > 1:
        return None
    team = s.current_team
    if rules.wild_last_discard_guard and card.is_wild_card:
        for m in s.melds[team]:
            if m.can_extend([card]):
                return IllegalAction("wild-last-discard", "illegal.wild-last-discard")
    if s.pot_state[team] is PotState.ASIDE:
        return None
    guard = pot_guard(s, team, s.melds[team], 0, by_meld=False)
    if guard is not None:
        return guard
    return out_refusal(s, team)


def no_way_to_meld(s: State, card: Card) -> IllegalAction:
    """The refusal of a turn in which ``card``, which must be melded, could not be."""
    return IllegalAction(take_clause(s.rules), "illegal.no-way-to-meld", card=card)


def stock_end(s: State, moment: str) -> bool:
    """Whether the stock ends the hand at this ``moment`` (the one reader of ``stock_end``):
    ``"drawn"`` (a card was just drawn), ``"turn-over"`` (a discard ended the turn),
    ``"turn-start"`` (the next player is about to draw), ``"draw-empty"`` (a player asks to draw
    from an empty stock)."""
    rule = s.rules.stock_end
    if moment == "drawn":
        return rule is StockEnd.LAST_CARD_DRAWN and not s.stock
    if moment == "turn-over":
        return rule is StockEnd.TWO_LEFT and len(s.stock) <= 2
    if s.stock:
        return False
    if moment == "draw-empty":
        return rule is StockEnd.EMPTY_AT_DRAW
    if rule is StockEnd.EMPTY_NO_POT:
        return PotState.ASIDE not in s.pot_state
    if rule is StockEnd.EMPTY_AT_DRAW:
        # the player may still take the pile; with no pile there is nothing left to draw
        return not s.discard
    return True
