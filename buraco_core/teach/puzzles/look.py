"""Where to look: the second hint of a puzzle and what a wrong answer points at, read from the
puzzle's own cards or position by the engine, never the answer.

A pointer names this puzzle's things (the suit or rank of the hand that holds a meld, a meld's
ends and its wild card, the play, the cards it leaves in your hand, your side's pot and
buracos, the pile's top card, the stock) that the clause deciding the verdict reads, and asks
the question that clause answers; the learner applies the rule. Which clause decides is the
kind's business (the engine's verdict names it); this module only says what that clause looks at
here. Every pointer's key is ``hint.here.*`` (``scripts/hint_census.py`` counts them).

>>> from buraco_core.game.scenarios import parse_scenario
>>> game = parse_scenario("description: d\\nrules: buraco\\nplayers: 4\\nturn: 0\\nphase: play\\nhand 0: 3d\\n"
...                       "melds 0: Jh Qh Kh\\npot 0: taken\\ndiscard: 3c\\n", "position")
>>> str(play_pointer(game, "discard 3d", "pot-guard"))
"Look at what you would hold after you discard the 3♦ (no card), your side's pot (taken) and the buracos on your side (none)."
"""

from __future__ import annotations

from ...board import team_name
from ...cards import rank_message
from ...game.actions import Action, AddToMeld, Discard, Draw, NewMeld, Take, parse_action
from ...game.facade import Game
from ...game.state import State
from ...game.view import view_of
from ...melds import Meld
from ...messages import Message
from .explain import play_words

__all__ = ["CLAUSE_POINTERS", "left_after", "meld_pointer", "play_pointer", "pot_words",
           "stage_words"]


def meld_pointer(meld: Meld, *, buraco: bool = False) -> Message:
    """Where in the hand to look for ``meld`` (the engine's answer): its suit or rank and its wild
    card, never its cards; for a buraco, how many cards one needs.

    >>> from buraco_core import make_meld
    >>> str(meld_pointer(make_meld("5c 6c JK 8c", "buraco")))
    'Look at your clubs and your wild card, the JK: where is one place free between or beside two of them?'
    """
    wild = meld.wild
    if meld.kind == "run":
        ace = any(c.rank == 1 for c in meld.natural_cards)
        where: dict[str, object] = {"suit": Message(f"suit.{meld.suit}"),
                                    "ace": Message("hint.here.ace") if ace else Message("teach.nothing")}
    else:
        where = {"rank": rank_message(meld.rank, plural=True)}
    if buraco:
        if meld.kind == "set" and wild is not None:
            return Message("hint.here.set-buraco-wild", {**where, "n": meld.rules.min_buraco, "wild": wild})
        more = Message("hint.here.buraco-wild", {"wild": wild}) if wild is not None else Message("teach.nothing")
        return Message(_MELD_KEYS[meld.kind, "buraco"], {**where, "n": meld.rules.min_buraco, "wild": more})
    if wild is not None:
        return Message(_MELD_KEYS[meld.kind, "wild"], {**where, "wild": wild})
    return Message(_MELD_KEYS[meld.kind, "plain"], where)


_MELD_KEYS = {("run", "plain"): "hint.here.run", ("run", "wild"): "hint.here.run-wild",
              ("run", "buraco"): "hint.here.run-buraco", ("set", "plain"): "hint.here.set",
              ("set", "wild"): "hint.here.set-wild", ("set", "buraco"): "hint.here.set-buraco"}

#: What each clause of a play looks at: ``stage`` (drawn yet?), ``pot`` (the cards a play leaves,
#: the pot, the buracos), ``stock`` (the stock and the pots set aside), ``top`` (the pile's top card),
#: ``dig`` (the card taken down to), ``single`` (the one card taken), ``last-wild`` (a wild card as
#: the last discard), ``cards`` (the cards played, and the meld they go onto), ``owner`` (whose meld).
CLAUSE_POINTERS: dict[str, str] = {
    "turn": "stage", "draw": "stage", "discard-pile": "stage",
    "draw-top-card": "top", "draw-dig": "dig", "single-take": "single", "wild-last-discard": "last-wild",
    "pot": "pot", "pot-indirect": "pot", "no-direct-pot": "pot", "one-pot": "pot", "pot-guard": "pot",
    "turn-guard": "pot", "going-out": "pot", "pot-waiting": "pot",
    "stock-end": "stock", "pot-to-stock": "stock",
    "meld-owner": "owner",
}


def stage_words(state: State) -> Message:
    """Where the seat to play is in its turn, in words."""
    return Message("hint.here.stage-draw" if state.phase.value == "draw" else "hint.here.stage-play")


def pot_words(state: State, team: int) -> Message:
    """Where a side's pot is, in words."""
    return Message({"none": "hint.here.pot-none", "aside": "hint.here.pot-aside", "taken": "hint.here.pot-taken",
                    "waiting": "hint.here.pot-waiting", "to-stock": "hint.here.pot-to-stock"}[
        state.pot_state[team].value])


def _buracos(state: State, team: int) -> Message:
    melds = state.melds[team]
    buracos = sum(1 for m in melds if m.is_buraco)
    clean = sum(1 for m in melds if m.is_clean)
    if not buracos:
        return Message("hint.here.buracos-none")
    # "one, and it is clean", not "one, 1 clean": all, none or some of them clean
    key = ("hint.here.buracos-clean" if clean == buracos else "hint.here.buracos-unclean" if not clean
           else "hint.here.buracos")
    return Message(key, {"n": buracos, "clean": clean})


def left_after(state: State, act: Action) -> int:
    """How many cards the seat to play would hold after ``act`` (a parsed play), allowed or not."""
    held = len(state.hands[state.turn])
    if isinstance(act, (NewMeld, AddToMeld)):
        return held - len(act.cards)
    if isinstance(act, Discard):
        return held - 1
    if isinstance(act, Draw):
        return held + 1
    if isinstance(act, Take):
        pile = state.discard
        if act.card is None or act.card not in pile:
            return held + len(pile)
        return held + len(pile) - max(i for i, c in enumerate(pile) if c == act.card)
    return held


def _left_words(n: int) -> Message:
    return Message("hint.here.left-none") if n <= 0 else Message("hint.here.left", {"n": n})


def play_pointer(game: Game, play: str, clause: str | None) -> Message:
    """Where to look before ``play`` in ``game`` (not changed) for the verdict of ``clause``."""
    state = game.state
    team = state.current_team
    act = parse_action(play)
    shown = play_words(act, team)
    look = CLAUSE_POINTERS.get(clause or "", "")
    if not look:  # a meld's clause (runs, wild cards, adding): the cards played
        look = "cards" if isinstance(act, (NewMeld, AddToMeld)) else "pot" if isinstance(act, Discard) else "stage"
    if look == "top" and state.discard:
        return Message("hint.here.play-top", {"card": state.discard[-1]})
    if look == "dig" and isinstance(act, Take) and act.card is not None:
        return Message("hint.here.play-dig", {"card": act.card})
    if look == "single" and state.single_take is not None:
        return Message("hint.here.play-single", {"card": state.single_take, "play": shown})
    if look == "last-wild" and isinstance(act, Discard):
        return Message("hint.here.play-last-wild", {"card": act.card})
    if look == "owner" and isinstance(act, AddToMeld):
        owner = team if act.team is None else act.team
        alone = state.teams == state.players  # every player a side alone: a player's meld, not a team's
        # the row as the table and the play name it ("Opponents", "Left opponent (seat 1)"), not a number
        return Message("hint.here.play-owner-alone" if alone else "hint.here.play-owner",
                       {"meld": act.meld, "team": team_name(view_of(state, state.turn), owner)})
    if look == "cards" and isinstance(act, AddToMeld):
        owner = team if act.team is None else act.team
        melds = state.melds[owner]
        if 0 < act.meld <= len(melds):
            return Message("hint.here.play-add", {"cards": act.cards, "meld": act.meld,
                                                  "old": melds[act.meld - 1].cards})
    if look == "cards" and isinstance(act, NewMeld):
        return Message("hint.here.play-meld", {"cards": act.cards})
    if look == "stock":
        aside = sum(1 for p in state.pot_state if p.value == "aside")
        return Message("hint.here.play-stock", {"play": shown, "stock": len(state.stock), "aside": aside})
    if look == "pot" or (isinstance(act, Discard) and state.phase.value == "play"):
        return Message("hint.here.play-pot", {"play": shown, "left": _left_words(left_after(state, act)),
                                              "pot": pot_words(state, team), "buracos": _buracos(state, team)})
    return Message("hint.here.play-stage", {"stage": stage_words(state), "play": shown})
