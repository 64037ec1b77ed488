"""The pure core: the turn rules. ``apply(state, action) -> state``, ``check``/``judge`` (is
a move legal, and why not), and the legal actions of a state.

Nothing here changes a state: every move builds a new :class:`~buraco_core.game.state.State`.
A refused move raises :class:`~buraco_core.game.actions.IllegalAction` whose message names the
rule in a learner's words. The :class:`~buraco_core.game.state.Phase` picks one apply function
(``_APPLY``) and one enumeration (``_ENUMERATE``).

Each ruleset field is read in one place: ``discard_take`` in :func:`_apply_take` (and in
:func:`_enumerate_draw`, which takes to list; ``_DRAW_CLAUSE`` names each way's clause),
``single_take_no_discard`` in :func:`_take_result`, ``wild_last_discard_guard`` and
``pot_guard`` in :func:`_pot_guard`, ``direct_pot`` and ``going_out`` in :func:`_no_meld_out`,
``indirect_pot`` in :func:`_apply_discard`, ``out_needs_pot`` / ``out_needs_clean`` in
:func:`out_refusal`, ``stock_end`` in :func:`_stock_end`, ``meld_on_any`` in
:func:`reachable_teams`, ``target`` / ``tie`` in :func:`_end_hand`.

Where docs/RULES.md leaves the moment open: the last stock card (``LAST_CARD_DRAWN``) goes into the
drawer's hand and ends the hand at once; ``TWO_LEFT`` is checked when a turn ends; with
``EMPTY_NO_POT`` the untaken pot of the lowest-numbered team becomes the stock as a turn starts;
with ``EMPTY_AT_DRAW`` the player may still take the pile, and a draw from the empty stock ends
the hand. The general guard looks one play ahead (a discard, a last addition, or the card that
must be melded).

Finding melds (the three-card melds of a hand, the quick "could this card meld, or go onto that
meld?" tests) is :mod:`buraco_core.meld_search`, which the bots ask too; the meld rules
themselves are :mod:`buraco_core.melds`.

>>> from buraco_core.game.state import new_game
>>> s = new_game("burraco", players=2, seed=3)
>>> s2 = apply(s, "draw")
>>> s.phase.value, s2.phase.value, len(s2.hands[0])
('draw', 'play', 12)
>>> apply(s2, "draw")
Traceback (most recent call last):
...
buraco_core.game.actions.IllegalAction: you have already drawn this turn: meld, add to a meld, or discard to end your turn
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from ..cards import CARD_ORDER, Card
from ..errors import NotationError
from ..meld_search import may_extend, may_meld, melds_with, three_card_melds, trios_with
from ..melds import InvalidMeld, Meld, make_meld
from ..rules import DiscardTake, GoingOut, IndirectPot, Rules, StockEnd, Tie
from ..scoring import score_side
from .actions import (
    Action,
    AddToMeld,
    Discard,
    Draw,
    IllegalAction,
    NewMeld,
    NextHand,
    Take,
    parse_action,
)
from .state import Phase, PotState, State, deal_hand, state_with

__all__ = [
    "LegalActions",
    "apply",
    "check",
    "finish_refusal",
    "judge",
    "legal_actions",
    "out_refusal",
    "reachable_teams",
]

T = TypeVar("T")


# --------------------------------------------------------------------------- helpers

def _remove(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """The hand without these cards (each copy once), or None if a card is missing."""
    rest = list(hand)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return tuple(rest)


def _missing(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> IllegalAction:
    rest = list(hand)
    for c in cards:
        if c in rest:
            rest.remove(c)
        else:
            return IllegalAction("turn", "illegal.not-holding-another" if c in hand else "illegal.not-holding",
                                 card=c)
    raise AssertionError("_missing is asked only about cards the hand lacks")


def _set(seq: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    items = list(seq)
    items[i] = value
    return tuple(items)


def _hands(s: State, seat: int, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    hands = list(s.hands)
    hands[seat] = hand
    return tuple(hands)


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


def _sides(s: State) -> Sequence[tuple[Meld, ...]]:
    """The melds the player to move may add to, side by side (:func:`reachable_teams`)."""
    teams = reachable_teams(s.rules, s.teams, s.turn % s.teams)
    melds = s.melds
    if len(teams) == len(melds):
        return melds
    return (melds[teams[0]],) if len(teams) == 1 else [melds[t] for t in teams]


def _log(s: State, action: Action) -> tuple[tuple[int, str], ...]:
    return s.history + ((s.turn, str(action)),)  # noqa: RUF005 (concatenation copies a long tuple quicker)


# --------------------------------------------------------------------------- the public core

def apply(state: State, action: Action | str) -> State:
    """The state after ``action`` by the player to move; raises :class:`IllegalAction`."""
    return _APPLY[state.phase](state, parse_action(action))


def check(state: State, action: Action | str) -> IllegalAction | None:
    """None if ``action`` is legal in ``state``, else the refusal (an :class:`IllegalAction`,
    not raised: ``.rule`` names the clause, ``str()`` says why). Text that is not an action
    raises :class:`~buraco_core.errors.NotationError`: only a readable play is judged.
    """
    verdict = judge(state, action)
    return None if verdict is None or type(verdict) is State else verdict  # type: ignore[return-value]


def judge(state: State, action: Action | str) -> IllegalAction | State | None:
    """:func:`check`'s answer, with the next state where finding it built one: the refusal, or
    the state after a legal move that had to be played out to be judged (a meld, an addition, a
    take), or None for a legal move answered without it (a discard, a draw: the two commonest
    questions). A caller that plays the move next uses the state instead of building it again
    (:meth:`Game.why_illegal <buraco_core.game.facade.Game.why_illegal>` keeps it for
    :meth:`~buraco_core.game.facade.Game.play`).
    """
    act = parse_action(action)
    try:
        # a discard is refused only for a _discard_reason, a draw only when the stock is empty
        # for good: both answered without building the next state
        if type(act) is Discard and state.phase is Phase.PLAY:
            return _discard_reason(state, act.card)
        if type(act) is Draw and state.phase is Phase.DRAW:
            if state.stock or _stock_end(state, "draw-empty"):
                return None
            return IllegalAction("stock-end", "illegal.stock-empty")
        return _APPLY[state.phase](state, act)
    except IllegalAction as err:
        # a refusal answered, not raised: it keeps no frames alive (its own traceback, or that of
        # an InvalidMeld it was raised from, whose frames would hold whoever keeps the refusal)
        err.__traceback__ = err.__context__ = None
        return err


# --------------------------------------------------------------------------- DRAW

def _apply_draw_phase(s: State, act: Action) -> State:
    if isinstance(act, Draw):
        return _apply_draw(s, act)
    if isinstance(act, Take):
        return _apply_take(s, act)
    if isinstance(act, NextHand):
        raise IllegalAction("turn", "illegal.hand-not-over")
    raise IllegalAction("turn", "illegal.draw-first")


def _apply_draw(s: State, act: Draw) -> State:
    if not s.stock:
        if _stock_end(s, "draw-empty"):
            return _end_hand(state_with(s, history=_log(s, act)), None)
        raise IllegalAction("stock-end", "illegal.stock-empty")
    card = s.stock[-1]
    hand = s.hands[s.turn] + (card,)
    out = state_with(s, stock=s.stock[:-1], hands=_hands(s, s.turn, hand), phase=Phase.PLAY,
                  history=_log(s, act))
    if _stock_end(out, "drawn"):
        return _end_hand(out, None)
    return out


def _apply_take(s: State, act: Take) -> State:
    pile = s.discard
    how = s.rules.discard_take
    if not pile:
        raise IllegalAction(_DRAW_CLAUSE[how], "illegal.pile-empty")
    hand = s.hands[s.turn]
    if how is DiscardTake.ANY_DEPTH:
        if act.card is None:
            index = 0
        else:
            card = act.card  # one object per card: identity is equality
            index, seen = -1, 0
            for i in range(len(pile) - 1, -1, -1):
                if pile[i] is card:
                    seen += 1
                    if seen == act.copy:
                        index = i
                        break
            if index < 0:
                if not seen:
                    raise IllegalAction("draw-dig", "illegal.dig-no-card", card=act.card)
                raise IllegalAction("draw-dig", "illegal.dig-copy", seen=seen, card=act.card,
                                    copy=act.copy)
        must = pile[index] if index < len(pile) - 1 else None
        if must is not None and not may_meld(must, hand + pile[index:], _sides(s), s.rules):
            # what finish_refusal would say, found cheaply
            raise IllegalAction("draw-dig", "illegal.dig-must-meld", card=must,
                                reason=_no_way_to_meld(s, must).message)
        out = _take_result(s, act, index, must)
        if must is not None:
            reason = finish_refusal(out, card_may_meld=True)
            if reason is not None:
                raise IllegalAction("draw-dig", "illegal.dig-must-meld", card=must, reason=reason.message)
        return out
    if act.card is not None:
        raise IllegalAction(_DRAW_CLAUSE[how], "illegal.take-whole", rules=s.rules)
    if how is DiscardTake.WHOLE_IF_TOP_MELDS:
        top = pile[-1]
        if not melds_with(top, hand, _sides(s), s.rules):
            raise IllegalAction("draw-top-card", "illegal.top-card-no-meld", rules=s.rules, card=top)
        out = _take_result(s, act, 0, top)
        reason = finish_refusal(out)
        if reason is not None:
            raise IllegalAction(_turn_guard_rule(reason, "draw-top-card"), "illegal.top-card-no-finish",
                                card=top, reason=reason.message)
        return out
    return _take_result(s, act, 0, None)


def _take_result(s: State, act: Take, index: int, must: Card | None) -> State:
    taken = s.discard[index:]
    single = taken[0] if len(taken) == 1 and s.rules.single_take_no_discard else None
    hand = s.hands[s.turn] + taken
    return state_with(s, discard=s.discard[:index], hands=_hands(s, s.turn, hand), phase=Phase.PLAY,
                   must_meld=must, single_take=single, history=_log(s, act))


# --------------------------------------------------------------------------- PLAY

def _apply_play_phase(s: State, act: Action) -> State:
    if isinstance(act, NewMeld):
        return _apply_meld(s, act)
    if isinstance(act, AddToMeld):
        return _apply_add(s, act)
    if isinstance(act, Discard):
        return _apply_discard(s, act)
    if isinstance(act, NextHand):
        raise IllegalAction("turn", "illegal.hand-not-over")
    raise IllegalAction("turn", "illegal.already-drawn")


def _apply_meld(s: State, act: NewMeld) -> State:
    hand = s.hands[s.turn]
    rest = _remove(hand, act.cards)
    if rest is None:
        raise _missing(hand, act.cards)
    try:
        meld = make_meld(act.cards, s.rules)
    except InvalidMeld as err:
        raise IllegalAction(err.rule, err.message) from None
    team = s.current_team
    melds = _set(s.melds, team, s.melds[team] + (meld,))
    return _after_meld(s, act, rest, melds)


def _apply_add(s: State, act: AddToMeld) -> State:
    own = s.current_team
    team = own if act.team is None else act.team
    if team not in reachable_teams(s.rules, s.teams, s.turn % s.teams):
        if not 0 <= team < s.teams:
            raise IllegalAction("meld-owner", "illegal.no-team", team=team, last=s.teams - 1)
        raise IllegalAction("meld-owner", "illegal.add-own-side", rules=s.rules, meld=act.meld)
    side = s.melds[team]
    if not 1 <= act.meld <= len(side):
        if team == own:
            raise IllegalAction("extend", "illegal.no-meld-own" if side else "illegal.no-melds-own",
                                meld=act.meld, count=len(side))
        raise IllegalAction("extend", "illegal.no-meld-team" if side else "illegal.no-melds-team",
                            meld=act.meld, team=team, count=len(side))
    hand = s.hands[s.turn]
    rest = _remove(hand, act.cards)
    if rest is None:
        raise _missing(hand, act.cards)
    meld = side[act.meld - 1].extend_or_reason(act.cards, s.rules, wild_end=act.wild_end)
    if isinstance(meld, InvalidMeld):
        raise IllegalAction(meld.rule, meld.message)
    new_side = _set(side, act.meld - 1, meld)
    melds = _set(s.melds, team, new_side)
    return _after_meld(s, act, rest, melds)


def _after_meld(s: State, act: NewMeld | AddToMeld, hand: tuple[Card, ...],
                melds: tuple[tuple[Meld, ...], ...]) -> State:
    """Finish a meld or an addition: the obligation, the pot guard, an empty hand, the guard."""
    team = s.current_team
    must = s.must_meld
    if must is not None and must in act.cards:
        must = None
    guard = _pot_guard(s, team, melds[team], len(hand), by_meld=True)
    if guard is not None:
        raise guard
    out = state_with(s, hands=_hands(s, s.turn, hand), melds=melds, must_meld=must,
                  history=_log(s, act))
    if hand:
        reason = finish_refusal(out)
        if reason is not None:
            raise IllegalAction(_turn_guard_rule(reason), "illegal.turn-guard", reason=reason.message)
        return out
    # the hand is empty: the pot on the fly, or going out by meld
    reason = _no_meld_out(s, team)
    if reason is not None:
        raise reason
    if s.pot_state[team] is PotState.ASIDE:
        return _pick_up_pot(out, team, s.turn, unused=False)
    reason = out_refusal(out, team)
    if reason is not None:
        raise reason
    return _end_hand(out, team)


def _turn_guard_rule(reason: IllegalAction, fallback: str = "turn-guard") -> str:
    """The clause a play breaks when it leaves the turn impossible to finish for ``reason``:
    the clause of that reason where it is a specific one, else ``fallback``."""
    return fallback if reason.rule in ("turn", "turn-guard") else reason.rule


def _no_meld_out(s: State, team: int) -> IllegalAction | None:
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


def _pick_up_pot(s: State, team: int, seat: int, *, unused: bool) -> State:
    hand = s.hands[seat] + s.pots[team]
    return state_with(
        s, hands=_hands(s, seat, hand), pots=_set(s.pots, team, ()),
        pot_state=_set(s.pot_state, team, PotState.TAKEN),
        pot_seat=_set(s.pot_seat, team, seat),
        pot_unused=_set(s.pot_unused, team, unused),
    )


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


def _pot_guard(s: State, team: int, side: tuple[Meld, ...], left: int, *,
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


def _discard_reason(s: State, card: Card) -> IllegalAction | None:
    """Why discarding ``card`` is refused, or None."""
    rules = s.rules
    hand = s.hands[s.turn]
    if card not in hand:
        return IllegalAction("turn", "illegal.not-holding", card=card)
    if s.must_meld is not None:
        return IllegalAction(_DRAW_CLAUSE[rules.discard_take], "illegal.must-meld-first", card=s.must_meld)
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
    guard = _pot_guard(s, team, s.melds[team], 0, by_meld=False)
    if guard is not None:
        return guard
    return out_refusal(s, team)


def finish_refusal(s: State, *, card_may_meld: bool = False) -> IllegalAction | None:
    """Why the player (hand not empty, PLAY phase) could not end the turn legally, or None.

    Looks one play ahead: the card that must be melded, then a discard or a last addition.
    ``card_may_meld``: the caller has just seen :func:`~buraco_core.meld_search.may_meld` pass
    for the card to be melded. The answer does not depend on the order in which the plays are
    tried.
    """
    hand = s.hands[s.turn]
    if s.must_meld is not None:
        card = s.must_meld
        if not card_may_meld and not may_meld(card, hand, _sides(s), s.rules):
            return _no_way_to_meld(s, card)
        for act in _plays_with(s, card):
            if len(hand) - len(act.cards) >= 2:
                # two cards or more stay in hand: the play is legal exactly when its meld is
                # (no guard refuses it, and the turn can still end with a discard); the
                # three-card melds of _plays_with are checked by make_meld already
                if type(act) is NewMeld or _meld_valid(s, act):
                    return None
                continue
            if type(judge(s, act)) is State:  # legal (judged, not raised: no frames kept)
                return None
        return _no_way_to_meld(s, card)
    if len(hand) >= 2:
        return None
    card = hand[0]
    reason = _discard_reason(s, card)
    if reason is None:
        return None
    stuck = IllegalAction(_turn_guard_rule(reason), "illegal.last-card-stuck", card=card,
                          reason=reason.message)
    if _no_meld_out(s, s.current_team) is not None:
        # an addition of the last card would empty the hand, which no meld may do now
        return stuck
    for team in reachable_teams(s.rules, s.teams, s.turn % s.teams):
        for i, m in enumerate(s.melds[team]):
            if may_extend(m, card, s.rules):
                add = AddToMeld(i + 1, (card,), None if team == s.current_team else team)
                if type(judge(s, add)) is State:
                    return None
    return stuck


def _meld_valid(s: State, act: NewMeld | AddToMeld) -> bool:
    """Whether the meld that ``act`` (one of :func:`_plays_with`'s) makes is a valid one."""
    if isinstance(act, AddToMeld):
        team = s.current_team if act.team is None else act.team
        meld = s.melds[team][act.meld - 1]
        return not isinstance(meld.extend_or_reason(act.cards, s.rules, wild_end=act.wild_end), InvalidMeld)
    try:
        make_meld(act.cards, s.rules)
    except InvalidMeld:
        return False
    return True


def _no_way_to_meld(s: State, card: Card) -> IllegalAction:
    return IllegalAction(_DRAW_CLAUSE[s.rules.discard_take], "illegal.no-way-to-meld", card=card)


_DRAW_CLAUSE = {DiscardTake.WHOLE: "draw", DiscardTake.ANY_DEPTH: "draw-dig",
                DiscardTake.WHOLE_IF_TOP_MELDS: "draw-top-card"}
"""The clause of docs/RULES.md that says how a ruleset's players take from the discard pile."""


def _plays_with(s: State, card: Card) -> Iterator[NewMeld | AddToMeld]:
    """Single additions of ``card`` and three-card melds that use it."""
    own = s.current_team
    rules = s.rules
    wild = card.rank == 0 or card.rank == 2
    for team in reachable_teams(s.rules, s.teams, s.turn % s.teams):
        for i, m in enumerate(s.melds[team]):
            if (wild or (m.rank == card.rank if m.kind == "set" else m.suit == card.suit)) \
                    and may_extend(m, card, rules):
                yield AddToMeld(i + 1, (card,), None if team == own else team)
    hand = s.hands[s.turn]
    if card.rank == 0 or card.rank == 2:
        for trio in three_card_melds(hand, s.rules, with_card=card):
            yield NewMeld(trio)
        return
    for trio in trios_with(hand, s.rules, card):
        yield NewMeld(trio)


def _apply_discard(s: State, act: Discard) -> State:
    reason = _discard_reason(s, act.card)
    if reason is not None:
        raise reason
    seat, team = s.turn, s.current_team
    hand = _remove(s.hands[seat], (act.card,))
    assert hand is not None
    hands, discard, history = _hands(s, seat, hand), s.discard + (act.card,), _log(s, act)  # noqa: RUF005
    if hand:
        # the turn passes: the discard and the next turn make one new state
        return _next_turn(s, hands=hands, discard=discard, history=history)
    # the hand is empty: the pot (indirect), or going out
    out = state_with(s, hands=hands, discard=discard, history=history)
    if s.pot_state[team] is not PotState.ASIDE:
        return _end_hand(out, team)
    if s.rules.indirect_pot is IndirectPot.NEXT_TURN:
        out = state_with(out, pot_state=_set(out.pot_state, team, PotState.WAITING),
                    pot_seat=_set(out.pot_seat, team, seat))
    else:
        out = _pick_up_pot(out, team, seat, unused=True)
    return _next_turn(out)


def _next_turn(s: State, **pending: Any) -> State:
    """Pass the turn to the left: a waiting pot is picked up, the stock may end the hand.

    ``pending``: changes of the discard that ends the turn, made in the same new state (they
    never touch the stock, so the end-of-turn stock rule reads ``s`` as it is)."""
    if _stock_end(s, "turn-over"):
        return _end_hand(state_with(s, **pending) if pending else s, None)
    seat = (s.turn + 1) % s.players
    team = seat % s.teams
    out = state_with(s, turn=seat, phase=Phase.DRAW, must_meld=None, single_take=None, **pending)
    if _stock_end(out, "turn-start"):
        return _end_hand(out, None)
    if out.pot_seat[team] == seat:
        if out.pot_state[team] is PotState.WAITING:
            out = _pick_up_pot(out, team, seat, unused=False)
        elif out.pot_unused[team]:
            out = state_with(out, pot_unused=_set(out.pot_unused, team, False))
    if not out.stock and PotState.ASIDE in out.pot_state:
        # an untaken pot becomes the stock
        team_aside = out.pot_state.index(PotState.ASIDE)
        out = state_with(out, stock=out.pots[team_aside], pots=_set(out.pots, team_aside, ()),
                      pot_state=_set(out.pot_state, team_aside, PotState.TO_STOCK))
    return out


def _stock_end(s: State, moment: str) -> bool:
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


# --------------------------------------------------------------------------- the end of a hand

def _end_hand(s: State, went_out: int | None) -> State:
    """Score every side with score_side, add to the totals, and decide the match."""
    rules = s.rules
    scores = []
    for team in range(s.teams):
        left = tuple(c for seat in s.seats_of(team) for c in s.hands[seat])
        scores.append(score_side(s.melds[team], left, rules, went_out=went_out == team,
                                 took_pot=s.pot_state[team] is PotState.TAKEN,
                                 pot_unused=s.pot_unused[team]))
    totals = tuple(t + sc.total for t, sc in zip(s.totals, scores, strict=True))
    phase, winner = Phase.HAND_OVER, None
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
    return state_with(s, phase=phase, went_out=went_out, hand_scores=tuple(scores), totals=totals,
                   winner=winner, must_meld=None, single_take=None)


def _apply_hand_over(s: State, act: Action) -> State:
    if not isinstance(act, NextHand):
        raise IllegalAction("match-end", "illegal.hand-over")
    return deal_hand(s.rules, s.players, s.seed, s.hand_number + 1, (s.dealer + 1) % s.players,
                     s.starter, s.totals)


def _apply_match_over(s: State, act: Action) -> State:
    raise IllegalAction("match-end", "illegal.match-over")


_APPLY: dict[Phase, Callable[[State, Action], State]] = {
    Phase.DRAW: _apply_draw_phase,
    Phase.PLAY: _apply_play_phase,
    Phase.HAND_OVER: _apply_hand_over,
    Phase.MATCH_OVER: _apply_match_over,
}


# --------------------------------------------------------------------------- legal actions

def _enumerate_draw(s: State) -> Iterator[Action]:
    if s.stock or _stock_end(s, "draw-empty"):
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
        if _discard_reason(s, c) is None and (len(hand) > 1 or check(s, Discard(c)) is None):
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
