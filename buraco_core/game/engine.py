"""The pure core: the turn rules. ``apply(state, action) -> state``, ``apply_events`` (the same,
with what the move did), ``check``/``judge`` (is a move legal, and why not), and the legal
actions of a state (:mod:`buraco_core.game.legal`).

Nothing here changes a state: every move builds a new :class:`~buraco_core.game.state.State`.
A refused move raises :class:`~buraco_core.game.actions.IllegalAction` whose message names the
rule in a learner's words. The :class:`~buraco_core.game.state.Phase` picks one apply function
(``_APPLY``). Each apply function takes a list to report its events to
(:mod:`buraco_core.game.events`), or None where nobody asks what the move did (:func:`apply`,
:func:`judge`, the bots' searches): the events are then never built.

Each ruleset field is read in one place: ``discard_take`` in :func:`_apply_take` (and in the
enumeration, which takes to list; :func:`~buraco_core.game.guards.take_clause` names each way's
clause), ``single_take_no_discard`` in :func:`_take_result`, ``indirect_pot`` in
:func:`_apply_discard`, ``target`` / ``tie`` in :func:`~buraco_core.game.end.end_hand`; the guards
(:mod:`buraco_core.game.guards`) read the others.

Where docs/RULES.md leaves the moment open: the last stock card (``LAST_CARD_DRAWN``) goes into the
drawer's hand and ends the hand at once; ``TWO_LEFT`` is checked when a turn ends; with
``EMPTY_NO_POT`` the untaken pot of the lowest-numbered team becomes the stock as a turn starts;
with ``EMPTY_AT_DRAW`` the player may still take the pile, and a draw from the empty stock ends
the hand. The general guard looks one play ahead (a discard, a last addition, or the card that
must be melded).

Finding melds (the three-card melds of a hand, the quick "could this card meld, or go onto that
meld?" tests) is :mod:`buraco_core.meld_search`; the meld rules themselves are
:mod:`buraco_core.melds`.

>>> from buraco_core.game.state import new_game
>>> s = new_game("burraco", players=2, seed=3)
>>> s2 = apply(s, "draw")
>>> s.phase.value, s2.phase.value, len(s2.hands[0])
('draw', 'play', 12)
>>> apply(s2, "draw")
Traceback (most recent call last):
...
buraco_core.game.actions.IllegalAction: you have already drawn this turn: meld, add to a meld, or discard to end your turn
>>> s3, events = apply_events(s2, "discard 3d")
>>> events
(Discarded(seat=0, card=Card.from_str('3♦'), clauses=()),)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

from ..cards import Card
from ..meld_search import may_extend, may_meld, melds_with, three_card_melds, trios_with
from ..melds import InvalidMeld, Meld, make_meld, wild_move
from ..rules import DiscardTake, IndirectPot
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
from .end import end_hand
from .events import (
    Added,
    Discarded,
    Drew,
    Event,
    EventSink,
    HandDealt,
    Melded,
    PotTaken,
    PotToStock,
    PotWaiting,
    TookPile,
    WentOut,
)
from .guards import (
    discard_reason,
    no_meld_out,
    no_way_to_meld,
    out_refusal,
    pot_guard,
    reachable_teams,
    sides,
    stock_end,
    take_clause,
    turn_guard_rule,
)
from .state import Phase, PotState, State, deal_hand, state_with

__all__ = [
    "apply",
    "apply_events",
    "check",
    "finish_refusal",
    "judge",
    "out_refusal",
    "reachable_teams",
    "take_clause",
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


def _log(s: State, action: Action) -> tuple[tuple[int, str], ...]:
    return s.history + ((s.turn, str(action)),)  # noqa: RUF005 (concatenation copies a long tuple quicker)


# --------------------------------------------------------------------------- the public core

def apply(state: State, action: Action | str) -> State:
    """The state after ``action`` by the player to move; raises :class:`IllegalAction`."""
    return _APPLY[state.phase](state, parse_action(action), None)


def apply_events(state: State, action: Action | str) -> tuple[State, tuple[Event, ...]]:
    """:func:`apply`, and what the move did: its events in the order they happened (the move
    itself, then a pot picked up or waiting, going out, the end of the hand and of the match, the
    pot that became the stock). Raises :class:`IllegalAction` as :func:`apply` does. The events
    name every card; :func:`~buraco_core.game.events.seen_by` gives one seat's share."""
    events: list[Event] = []
    new = _APPLY[state.phase](state, parse_action(action), events)
    return new, tuple(events)


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
        # a discard is refused only for a discard_reason, a draw only when the stock is empty
        # for good: both answered without building the next state
        if type(act) is Discard and state.phase is Phase.PLAY:
            return discard_reason(state, act.card)
        if type(act) is Draw and state.phase is Phase.DRAW:
            if state.stock or stock_end(state, "draw-empty"):
                return None
            return IllegalAction("stock-end", "illegal.stock-empty")
        return _APPLY[state.phase](state, act, None)
    except IllegalAction as err:
        # a refusal answered, not raised: it keeps no frames alive (its own traceback, or that of
        # an InvalidMeld it was raised from, whose frames would hold whoever keeps the refusal)
        err.__traceback__ = err.__context__ = None
        return err


# --------------------------------------------------------------------------- DRAW

def _apply_draw_phase(s: State, act: Action, ev: EventSink) -> State:
    if isinstance(act, Draw):
        return _apply_draw(s, act, ev)
    if isinstance(act, Take):
        return _apply_take(s, act, ev)
    if isinstance(act, NextHand):
        raise IllegalAction("turn", "illegal.hand-not-over")
    raise IllegalAction("turn", "illegal.draw-first")


def _apply_draw(s: State, act: Draw, ev: EventSink) -> State:
    if not s.stock:
        if stock_end(s, "draw-empty"):
            if ev is not None:
                ev.append(Drew(s.turn, None, empty=True))
            return end_hand(state_with(s, history=_log(s, act)), None, ev)
        raise IllegalAction("stock-end", "illegal.stock-empty")
    card = s.stock[-1]
    hand = s.hands[s.turn] + (card,)
    out = state_with(s, stock=s.stock[:-1], hands=_hands(s, s.turn, hand), phase=Phase.PLAY,
                  history=_log(s, act))
    if ev is not None:
        ev.append(Drew(s.turn, card))
    if stock_end(out, "drawn"):
        return end_hand(out, None, ev)
    return out


def _apply_take(s: State, act: Take, ev: EventSink) -> State:
    pile = s.discard
    how = s.rules.discard_take
    if not pile:
        raise IllegalAction(take_clause(s.rules), "illegal.pile-empty")
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
        if must is not None and not may_meld(must, hand + pile[index:], sides(s), s.rules):
            # what finish_refusal would say, found cheaply
            raise IllegalAction("draw-dig", "illegal.dig-must-meld", card=must,
                                reason=no_way_to_meld(s, must).message)
        out = _take_result(s, act, index, must, ev)
        if must is not None:
            reason = finish_refusal(out, card_may_meld=True)
            if reason is not None:
                raise IllegalAction("draw-dig", "illegal.dig-must-meld", card=must, reason=reason.message)
        return out
    if act.card is not None:
        raise IllegalAction(take_clause(s.rules), "illegal.take-whole", rules=s.rules)
    if how is DiscardTake.WHOLE_IF_TOP_MELDS:
        top = pile[-1]
        if not melds_with(top, hand, sides(s), s.rules):
            raise IllegalAction("draw-top-card", "illegal.top-card-no-meld", rules=s.rules, card=top)
        out = _take_result(s, act, 0, top, ev)
        reason = finish_refusal(out)
        if reason is not None:
            raise IllegalAction(turn_guard_rule(reason, "draw-top-card"), "illegal.top-card-no-finish",
                                card=top, reason=reason.message)
        return out
    return _take_result(s, act, 0, None, ev)


def _take_result(s: State, act: Take, index: int, must: Card | None, ev: EventSink) -> State:
    taken = s.discard[index:]
    rules = s.rules
    single = taken[0] if len(taken) == 1 and rules.single_take_no_discard else None
    hand = s.hands[s.turn] + taken
    if ev is not None:
        clauses = (take_clause(rules), "single-take") if single is not None else (take_clause(rules),)
        ev.append(TookPile(s.turn, len(taken), taken[-1], taken, must, single, rules.discard_open,
                           clauses=clauses))
    return state_with(s, discard=s.discard[:index], hands=_hands(s, s.turn, hand), phase=Phase.PLAY,
                   must_meld=must, single_take=single, history=_log(s, act))


# --------------------------------------------------------------------------- PLAY

def _apply_play_phase(s: State, act: Action, ev: EventSink) -> State:
    if isinstance(act, NewMeld):
        return _apply_meld(s, act, ev)
    if isinstance(act, AddToMeld):
        return _apply_add(s, act, ev)
    if isinstance(act, Discard):
        return _apply_discard(s, act, ev)
    if isinstance(act, NextHand):
        raise IllegalAction("turn", "illegal.hand-not-over")
    raise IllegalAction("turn", "illegal.already-drawn")


def _apply_meld(s: State, act: NewMeld, ev: EventSink) -> State:
    hand = s.hands[s.turn]
    rest = _remove(hand, act.cards)
    if rest is None:
        raise _missing(hand, act.cards)
    try:
        meld = make_meld(act.cards, s.rules)
    except InvalidMeld as err:
        raise IllegalAction(err.rule, err.message) from None
    team = s.current_team
    side = s.melds[team] + (meld,)
    if ev is not None:
        ev.append(Melded(s.turn, team, len(side), meld, clauses=_must_meld_clauses(s, act)))
    return _after_meld(s, act, rest, _set(s.melds, team, side), ev)


def _apply_add(s: State, act: AddToMeld, ev: EventSink) -> State:
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
    old = side[act.meld - 1]
    meld = old.extend_or_reason(act.cards, s.rules, wild_end=act.wild_end)
    if isinstance(meld, InvalidMeld):
        raise IllegalAction(meld.rule, meld.message)
    if ev is not None:
        ev.append(_added(s, act, team, old, meld))
    new_side = _set(side, act.meld - 1, meld)
    melds = _set(s.melds, team, new_side)
    return _after_meld(s, act, rest, melds, ev)


def _must_meld_clauses(s: State, act: NewMeld | AddToMeld) -> tuple[str, ...]:
    """The take rule's clause where the play melds the card the take obliged the player to meld."""
    return (take_clause(s.rules),) if s.must_meld is not None and s.must_meld in act.cards else ()


def _added(s: State, act: AddToMeld, team: int, old: Meld, new: Meld) -> Added:
    """The event of ``act`` growing ``old`` into ``new`` (a meld of ``team``): where the wild card
    went, and the clauses that decided it."""
    clauses = list(_must_meld_clauses(s, act))
    if team != s.current_team:
        clauses.append("meld-owner")
    move = wild_move(old, new)
    if move == "home":
        clauses.append("wild-two-home")  # a run's wild card gone: a 2 of its suit, back home
    elif move == "moved":
        clauses.append("wild-moves")
    elif move == "becomes" and not any(c.rank == 0 or c.rank == 2 for c in act.cards):
        clauses.append("fewest-wilds")  # a natural 2 of the meld turned wild
    return Added(s.turn, team, act.meld, act.cards, old, new, old.wild_place, new.wild_place,
                 clauses=tuple(clauses))


def _after_meld(s: State, act: NewMeld | AddToMeld, hand: tuple[Card, ...],
                melds: tuple[tuple[Meld, ...], ...], ev: EventSink) -> State:
    """Finish a meld or an addition: the obligation, the pot guard, an empty hand, the guard."""
    team = s.current_team
    must = s.must_meld
    if must is not None and must in act.cards:
        must = None
    guard = pot_guard(s, team, melds[team], len(hand), by_meld=True)
    if guard is not None:
        raise guard
    out = state_with(s, hands=_hands(s, s.turn, hand), melds=melds, must_meld=must,
                  history=_log(s, act))
    if hand:
        reason = finish_refusal(out)
        if reason is not None:
            raise IllegalAction(turn_guard_rule(reason), "illegal.turn-guard", reason=reason.message)
        return out
    # the hand is empty: the pot on the fly, or going out by meld
    reason = no_meld_out(s, team)
    if reason is not None:
        raise reason
    if s.pot_state[team] is PotState.ASIDE:
        return _pick_up_pot(out, team, s.turn, unused=False, ev=ev, direct=True)
    reason = out_refusal(out, team)
    if reason is not None:
        raise reason
    if ev is not None:
        ev.append(WentOut(s.turn, team, False, clauses=("going-out",)))
    return end_hand(out, team, ev)


def _pick_up_pot(s: State, team: int, seat: int, *, unused: bool, ev: EventSink, direct: bool = False,
                 waited: bool = False) -> State:
    pot = s.pots[team]
    if ev is not None:
        ev.append(PotTaken(team, seat, direct, waited, pot, clauses=("pot",) if direct else ("pot-indirect",)))
    hand = s.hands[seat] + pot
    return state_with(
        s, hands=_hands(s, seat, hand), pots=_set(s.pots, team, ()),
        pot_state=_set(s.pot_state, team, PotState.TAKEN),
        pot_seat=_set(s.pot_seat, team, seat),
        pot_unused=_set(s.pot_unused, team, unused),
    )


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
        if not card_may_meld and not may_meld(card, hand, sides(s), s.rules):
            return no_way_to_meld(s, card)
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
        return no_way_to_meld(s, card)
    if len(hand) >= 2:
        return None
    card = hand[0]
    reason = discard_reason(s, card)
    if reason is None:
        return None
    stuck = IllegalAction(turn_guard_rule(reason), "illegal.last-card-stuck", card=card,
                          reason=reason.message)
    if no_meld_out(s, s.current_team) is not None:
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


def _apply_discard(s: State, act: Discard, ev: EventSink) -> State:
    reason = discard_reason(s, act.card)
    if reason is not None:
        raise reason
    seat, team = s.turn, s.current_team
    hand = _remove(s.hands[seat], (act.card,))
    assert hand is not None
    if ev is not None:
        ev.append(_discarded(s, act.card, last=not hand))
    hands, discard, history = _hands(s, seat, hand), s.discard + (act.card,), _log(s, act)  # noqa: RUF005
    if hand:
        # the turn passes: the discard and the next turn make one new state
        return _next_turn(s, ev, hands=hands, discard=discard, history=history)
    # the hand is empty: the pot (indirect), or going out
    out = state_with(s, hands=hands, discard=discard, history=history)
    if s.pot_state[team] is not PotState.ASIDE:
        if ev is not None:
            ev.append(WentOut(seat, team, True, clauses=("going-out",)))
        return end_hand(out, team, ev)
    if s.rules.indirect_pot is IndirectPot.NEXT_TURN:
        if ev is not None:
            ev.append(PotWaiting(team, seat, clauses=("pot-indirect",)))
        out = state_with(out, pot_state=_set(out.pot_state, team, PotState.WAITING),
                    pot_seat=_set(out.pot_seat, team, seat))
    else:
        out = _pick_up_pot(out, team, seat, unused=True, ev=ev)
    return _next_turn(out, ev)


def _discarded(s: State, card: Card, *, last: bool) -> Discarded:
    """The event of discarding ``card``: the single take and (the last card) the wild card's
    guard were checked and let it pass."""
    clauses: tuple[str, ...] = ()
    if s.single_take is not None:
        clauses = ("single-take",)
    if last and card.is_wild_card and s.rules.wild_last_discard_guard:
        clauses = (*clauses, "wild-last-discard")
    return Discarded(s.turn, card, clauses=clauses)


def _next_turn(s: State, ev: EventSink, **pending: object) -> State:
    """Pass the turn to the left: a waiting pot is picked up, the stock may end the hand.

    ``pending``: changes of the discard that ends the turn, made in the same new state (they
    never touch the stock, so the end-of-turn stock rule reads ``s`` as it is)."""
    if stock_end(s, "turn-over"):
        return end_hand(state_with(s, **pending) if pending else s, None, ev)
    seat = (s.turn + 1) % s.players
    team = seat % s.teams
    out = state_with(s, turn=seat, phase=Phase.DRAW, must_meld=None, single_take=None, **pending)
    if stock_end(out, "turn-start"):
        return end_hand(out, None, ev)
    if out.pot_seat[team] == seat:
        if out.pot_state[team] is PotState.WAITING:
            out = _pick_up_pot(out, team, seat, unused=False, ev=ev, waited=True)
        elif out.pot_unused[team]:
            out = state_with(out, pot_unused=_set(out.pot_unused, team, False))
    if not out.stock and PotState.ASIDE in out.pot_state:
        # an untaken pot becomes the stock
        team_aside = out.pot_state.index(PotState.ASIDE)
        if ev is not None:
            ev.append(PotToStock(team_aside, len(out.pots[team_aside]), clauses=("pot-to-stock",)))
        out = state_with(out, stock=out.pots[team_aside], pots=_set(out.pots, team_aside, ()),
                      pot_state=_set(out.pot_state, team_aside, PotState.TO_STOCK))
    return out


def _apply_hand_over(s: State, act: Action, ev: EventSink) -> State:
    if not isinstance(act, NextHand):
        raise IllegalAction("match-end", "illegal.hand-over")
    dealer = (s.dealer + 1) % s.players
    if ev is not None:
        ev.append(HandDealt(s.hand_number + 1, dealer))
    return deal_hand(s.rules, s.players, s.seed, s.hand_number + 1, dealer, s.starter, s.totals)


def _apply_match_over(s: State, act: Action, ev: EventSink) -> State:
    raise IllegalAction("match-end", "illegal.match-over")


_APPLY: dict[Phase, Callable[[State, Action, EventSink], State]] = {
    Phase.DRAW: _apply_draw_phase,
    Phase.PLAY: _apply_play_phase,
    Phase.HAND_OVER: _apply_hand_over,
    Phase.MATCH_OVER: _apply_match_over,
}

