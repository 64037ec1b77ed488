"""Why the engine's answer is what it is: the clauses a meld or a play turns on, the words for a
play, and the reasons for an allowed play. Nothing here decides a rule: every fact comes from the
engine (a :class:`~buraco_core.Meld`, a refusal, the events a play reports); this module only
names the clauses and picks the catalog sentence that says it.

>>> from buraco_core import make_meld
>>> meld_clauses(make_meld("Ah 2h 3h", "buraco"))
['natural-two', 'fewest-wilds', 'run-places', 'run', 'two-naturals']
>>> str(play_words("add 2 7h 8h"))
"add 7♥ 8♥ to your side's meld 2"
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Card, parse_cards
from ...errors import Refusal
from ...game import Event, PotToStock
from ...game.actions import AddToMeld, Discard, Draw, NewMeld, Take, parse_action
from ...game.engine import apply_events, take_clause
from ...game.events import Added, Discarded, HandEnded, Melded, PotTaken, PotWaiting, TookPile, WentOut
from ...game.facade import Game
from ...game.state import PotState, State
from ...meld_search import three_card_melds
from ...melds import Meld, make_meld, wild_move
from ...messages import Message
from ...narrate import play_words
from ...rules import DiscardTake, IndirectPot
from ...scoring import BONUS_CLAUSES

__all__ = [
    "WORKED_EXAMPLE",
    "explain_allowed",
    "is_worked_example",
    "meld_clauses",
    "out_has",
    "play_words",
    "refusal_clauses",
    "wild_change",
    "wild_end",
]

#: The melds of docs/RULES.md's worked example ([worked-example]): 4♥-10♥ clean, the 2♠ in place of
#: the 7♥, and the 7♥ added back to that dirty buraco.
WORKED_EXAMPLE: tuple[frozenset[Card], ...] = tuple(frozenset(parse_cards(text)) for text in (
    "4h 5h 6h 7h 8h 9h 10h", "4h 5h 6h 2s 8h 9h 10h", "4h 5h 6h 7h 8h 9h 10h 2s"))

#: Refusals that are the turn guard at work ([turn-guard]): the play would leave the turn
#: impossible to finish, or empty the hand where going out needs a discard.
_TURN_GUARD_KEYS = frozenset({"illegal.turn-guard", "illegal.out-by-discard", "illegal.last-card-stuck",
                              "illegal.top-card-no-finish"})


def is_worked_example(meld: Meld) -> bool:
    """Whether the meld is one of the worked example's (its cards, in any ruleset)."""
    return len(meld.cards) in (7, 8) and frozenset(meld.cards) in WORKED_EXAMPLE and \
        len(set(meld.cards)) == len(meld.cards)


def _natural_two(meld: Meld) -> bool:
    return meld.kind == "run" and any(c.rank == 2 and c.suit == meld.suit and i != meld.wild_index
                                      for i, c in enumerate(meld.cards))


def meld_clauses(meld: Meld) -> list[str]:
    """The clauses a valid meld exercises, the most specific first."""
    out: list[str] = []
    kind = meld.buraco_type
    if kind is not None:
        if is_worked_example(meld):
            out.append("worked-example")
        if meld.natural_kind != kind and meld.natural_kind == "semi-clean":
            out.append("buraco-semi-clean")
        out += [BONUS_CLAUSES[kind], "buraco"]
    if meld.wild is not None:
        if meld.wild.rank == 2 and (meld.kind == "set" or meld.wild.suit == meld.suit):
            out.append("natural-two")
        out.append("wild-one")
        if meld.kind == "run" and meld.wild_index in (0, len(meld.cards) - 1):
            out.append("wild-place")
    if _natural_two(meld):
        out += ["natural-two", "fewest-wilds"]
    if meld.kind == "run":
        if any(c.rank == 1 for c in meld.natural_cards) or len(meld.cards) >= 13:
            out.append("run-places")
        if not meld.rules.allow_sets:
            out.append("no-sets")
        out.append("run")
    else:
        if meld.rules.set_max_cards is not None or meld.rules.set_distinct_suits:
            out.append("set-brazilian")
        out.append("set")
    out.append("two-naturals")
    seen: set[str] = set()
    return [c for c in out if not (c in seen or seen.add(c))]  # type: ignore[func-returns-value]


def refusal_clauses(refusal: Refusal) -> list[str]:
    """The clauses a refusal turns on: the one it names, and first the turn guard where the guard
    refused the play (the turn could not end)."""
    out = [refusal.rule]
    if refusal.key in _TURN_GUARD_KEYS:  # the guard at work: it decides, for the reason it names
        out.insert(0, "turn-guard")
    if refusal.key == "meld.neither":  # neither a run (one suit) nor a set (one rank)
        out.append("set")
    return out


def wild_end(meld: Meld) -> str | None:
    """The end of a run its wild card stands at (``"low"`` or ``"high"``), or None: inside the
    run, no wild card, a set.

    >>> wild_end(make_meld("JK 4h 5h", "buraco")), wild_end(make_meld("4h JK 6h", "buraco"))
    ('low', None)
    """
    if meld.kind != "run" or meld.wild_index is None:
        return None
    if meld.wild_index == 0:
        return "low"
    return "high" if meld.wild_index == len(meld) - 1 else None


def wild_change(old: Meld, new: Meld) -> tuple[Message | None, str]:
    """What happened to the wild card when ``old`` grew into ``new``: a sentence (None: there is
    no wild card before or after) and its clause (:func:`~buraco_core.melds.wild_move`)."""
    move = wild_move(old, new)
    if move is None:
        return None, "extend"
    if move == "home":
        return Message("explain.wild-home", {"wild": old.wild}), "wild-two-home"
    if move == "becomes":
        return Message("explain.wild-becomes", {"wild": new.wild, "stands": new.wild_stands}), "fewest-wilds"
    if move == "moved":
        return Message("explain.wild-moved", {"wild": new.wild, "was": old.wild_stands,
                                              "stands": new.wild_stands}), "wild-moves"
    return Message("explain.wild-stays", {"wild": new.wild, "stands": new.wild_stands}), "extend"


# ------------------------------------------------------------------ plays in words

def _meld_with(state: State, card: Card) -> Message | None:
    """A meld the card makes with the hand, or a meld of the side it goes onto, in words."""
    rules = state.rules
    hand = tuple(state.hands[state.turn])
    trio = three_card_melds((*tuple(c for c in hand if c != card), card), rules, with_card=card)
    if trio:
        return Message("explain.makes-meld", {"meld": make_meld(trio[0], rules).description})
    side = state.melds[state.current_team]
    for i, m in enumerate(side, 1):
        if m.can_extend([card]):
            return Message("explain.goes-onto", {"meld": i, "cards": m.cards})
    return None


def out_has(state: State, team: int) -> Message:
    """What the side has that going out needs in its ruleset (the pot taken, where it needs one;
    its buraco, or its clean buraco), for a play that goes out or may end the turn by going out."""
    rules = state.rules
    side = state.melds[team]
    needs: list[Message] = []
    if rules.out_needs_pot and rules.pots:
        needs.append(Message("explain.out-pot"))
    meld = next((m for m in side if (m.is_clean if rules.out_needs_clean else m.is_buraco)), None)
    if meld is not None:
        needs.append(Message("explain.out-clean" if rules.out_needs_clean else "explain.out-buraco",
                             {"label": meld.label_message}))
    return Message("explain.out-has", {"needs": tuple(needs)})


#: The clauses each outcome of a play turns on, in the outcome kind's words (:func:`outcome_in`).
OUTCOME_CLAUSES: dict[str, tuple[str, ...]] = {
    "turn-goes-on": ("turn",), "next-player": ("turn",), "pot-fly": ("pot",),
    "pot-at-once": ("pot-indirect", "pot"), "pot-waits": ("pot-indirect", "pot"),
    "go-out": ("going-out", "one-pot"), "stock-ends": ("stock-end",), "pot-to-stock": ("pot-to-stock", "stock-end")}


def outcome_in(events: Sequence[Event], team: int) -> str:
    """What a legal play of ``team`` did, read from the events it reports, in the kind's words
    (one of the outcome kind's answers but ``"refused"``)."""
    if any(isinstance(e, HandEnded) for e in events):
        return "go-out" if any(isinstance(e, WentOut) for e in events) else "stock-ends"
    if any(isinstance(e, PotToStock) for e in events):
        return "pot-to-stock"
    if any(isinstance(e, PotWaiting) and e.team == team for e in events):
        return "pot-waits"
    pot = next((e for e in events if isinstance(e, PotTaken) and e.team == team), None)
    if pot is not None:
        return "pot-fly" if pot.direct else "pot-at-once"
    return "next-player" if any(isinstance(e, Discarded) for e in events) else "turn-goes-on"


def _outcome_words(said: str, state: State, team: int) -> Message:
    """What a play led to (:func:`outcome_in`: the hand's end or the side's pot), as an
    explanation says it."""
    if said == "go-out":
        return Message("teach.join", {"first": Message("explain.goes-out", {"rules": state.rules}),
                                      "then": out_has(state, team)})
    if said == "stock-ends":
        return Message("explain.stock-ends", {"rules": state.rules})
    return Message({"pot-waits": "explain.pot-waits", "pot-fly": "explain.pot-on-the-fly",
                    "pot-at-once": "explain.pot-at-once"}[said])


def explain_allowed(game: Game, play: str) -> tuple[Message, list[str]]:
    """Why an allowed play is allowed, and what it leads to: a sentence and the clauses it uses
    (the most specific first), rendered from the events the play reports
    (:func:`~buraco_core.game.engine.apply_events`). ``game`` is not changed."""
    state = game.state
    rules = state.rules
    act = parse_action(play)
    new, events = apply_events(state, act)
    team = state.current_team
    seat = state.turn
    draw_clause = take_clause(rules)
    said = outcome_in([e for e in events if not isinstance(e, PotToStock)], team)  # a pot to the stock: not told
    outcome = None if said in ("turn-goes-on", "next-player") else (_outcome_words(said, state, team),
                                                                    OUTCOME_CLAUSES[said])
    first = events[0]
    if isinstance(act, Draw):
        text, clauses = Message("explain.draw"), ["turn", draw_clause]
    elif isinstance(act, Take):
        assert isinstance(first, TookPile)
        if rules.discard_take is DiscardTake.WHOLE_IF_TOP_MELDS:
            how = _meld_with(state, first.top) or Message("teach.nothing")
            text, clauses = Message("explain.take-top-card", {"card": first.top, "how": how}), ["draw-top-card"]
        elif rules.discard_take is DiscardTake.ANY_DEPTH:
            card = first.must_meld if first.must_meld is not None else first.top  # the deepest taken
            if first.count == 1:
                text, clauses = Message("explain.take-top-only", {"card": card}), ["draw-dig"]
            else:
                how = _meld_with(new, card) or Message("teach.nothing")
                text, clauses = Message("explain.take-dig", {"card": card, "n": first.count, "how": how}), ["draw-dig"]
        else:
            text, clauses = Message("explain.take-whole", {"n": first.count}), ["draw", "turn"]
        if first.single_take is not None:
            text = Message("teach.join", {"first": text, "then": Message(
                "explain.single-take", {"card": first.single_take, "rules": rules})})
            clauses = ["single-take", *clauses]
    elif isinstance(act, NewMeld):
        assert isinstance(first, Melded)
        text, clauses = Message("explain.meld", {"meld": first.meld.description}), \
            [*first.clauses, "turn", *meld_clauses(first.meld)]
    elif isinstance(act, AddToMeld):
        assert isinstance(first, Added)
        story, clause = wild_change(first.before, first.meld)
        text = Message("explain.add", {"cards": first.cards, "n": len(first.cards), "old": first.before.cards,
                                       "new": first.meld.cards})
        if story is not None:
            text = Message("teach.join", {"first": text, "then": story})
        clauses = [clause, "extend", "turn"]
        if first.team != team:
            text = Message("teach.join", {"first": text, "then": Message("explain.anyones-meld", {"rules": rules})})
            clauses = ["meld-owner", "turn", *clauses]
        if draw_clause in first.clauses:  # it melds the card the take obliged
            clauses.insert(0, draw_clause)
    else:
        assert isinstance(act, Discard) and isinstance(first, Discarded)
        clauses = ["turn"]
        if len(state.hands[seat]) == 1:
            text = Message("explain.discard-last", {"card": first.card})
            if "wild-last-discard" in first.clauses:
                text = Message("explain.wild-fits-nothing", {"card": first.card})
                clauses = ["wild-last-discard", *clauses]
        else:
            text = Message("explain.discard", {"card": first.card})
            if "single-take" in first.clauses:
                clauses = ["single-take", *clauses]
    if outcome is not None:
        text = Message("teach.join", {"first": text, "then": outcome[0]})
        clauses = [*outcome[1], *clauses]
    if rules.indirect_pot is IndirectPot.NEXT_TURN and state.pot_state[team] is PotState.WAITING:
        clauses.append("pot-waiting")
    seen: set[str] = set()
    return text, [c for c in clauses if not (c in seen or seen.add(c))]  # type: ignore[func-returns-value]
