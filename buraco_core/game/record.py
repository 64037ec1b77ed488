"""The per-hand record of the simulate command: one JSON-ready dict per finished hand, from which
the hand can be scored again (:func:`rescore`).

Cards and melds are :func:`~buraco_core.cards.format_cards` strings; team keys are strings
("0", "1"; in ``brazilian`` each seat is its own team). ``wilds`` says where each meld's wild
card stands (its index among the meld's cards, or null), and ``events`` (when the hand's events
are given) tells the hand move by move (:func:`~buraco_core.game.events.event_to_dict`): its
melds carry their arrangement, so the melds on the table at the end are known exactly
(:func:`hand_melds`), the wild card where it stood, even where the cards alone read otherwise
(3♠-Q♠ with the 2♠ for the K♠ and the A♠ high is a dirty buraco; the same cards read afresh are
a clean A-Q).

>>> import random
>>> from buraco_core.game.state import new_game, Phase
>>> from buraco_core.game.engine import apply
>>> from buraco_core.game.legal import legal_actions
>>> start, rng = new_game("italian", 4, seed=2), random.Random(2)
>>> s, actions = start, []
>>> while s.phase in (Phase.DRAW, Phase.PLAY):
...     actions.append(rng.choice(legal_actions(s).list()))
...     s = apply(s, actions[-1])
>>> rec = hand_record(s, hand_events(start, actions))
>>> sorted(rec)
['discard', 'events', 'hand', 'melds', 'players', 'pot_unused', 'pots', 'rules', 'scores', 'stock', 'took_pot', 'totals', 'went_out', 'wilds']
>>> rescore(rec) == rec["scores"]
True
>>> match_record(s)["winner"] in ("0", "1")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NotRequired, TypedDict

from ..cards import format_cards, parse_cards
from ..jsondata import JsonObject
from ..melds import Meld
from ..scoring import score_side
from ..variants import get_rules
from .actions import Action
from .engine import apply_events
from .events import Added, Event, Melded, event_from_dict, event_to_dict
from .state import Phase, PotState, State

__all__ = ["HandRecord", "MatchRecord", "SeatRecord", "hand_events", "hand_melds", "hand_record", "match_record",
           "rescore"]


class SeatRecord(TypedDict):
    """A seat in a hand's record: its team's key and the cards left in its hand."""

    seat: int
    team: str
    hand: str


class HandRecord(TypedDict):
    """The record of a finished hand (:func:`hand_record`); per team key where a value is per team."""

    rules: str
    hand: int
    players: list[SeatRecord]
    melds: dict[str, list[str]]
    wilds: dict[str, list[int | None]]
    stock: str
    discard: str
    pots: list[str]
    took_pot: dict[str, bool]
    pot_unused: dict[str, bool]
    went_out: str | None
    scores: dict[str, int]
    totals: dict[str, int]
    events: NotRequired[list[JsonObject]]


class MatchRecord(TypedDict):
    """The last line of a match (:func:`match_record`)."""

    winner: str | None
    totals: dict[str, int]
    hands: int


def hand_events(start: State, actions: Iterable[Action | str]) -> list[Event]:
    """The events of playing ``actions`` one after the other from ``start`` (the pure core
    replays them: the same moves give the same events)."""
    events: list[Event] = []
    s = start
    for act in actions:
        s, more = apply_events(s, act)
        events += more
    return events


def hand_record(state: State, events: Sequence[Event] | None = None) -> HandRecord:
    """The record of the hand that just ended (``state`` at HAND_OVER or MATCH_OVER), with the
    hand's ``events`` if given (every event of the hand, from the deal on: :func:`hand_events`)."""
    if state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        raise ValueError("the hand is not over yet: a record is made when it ends")
    teams = [str(t) for t in range(state.teams)]
    record: HandRecord = {
        "rules": state.rules.name,
        "hand": state.hand_number,
        "players": [{"seat": seat, "team": str(state.team_of(seat)),
                     "hand": format_cards(state.hands[seat])} for seat in range(state.players)],
        "melds": {t: [format_cards(m.cards) for m in state.melds[i]] for i, t in enumerate(teams)},
        "wilds": {t: [m.wild_index for m in state.melds[i]] for i, t in enumerate(teams)},
        "stock": format_cards(state.stock),
        "discard": format_cards(state.discard),
        "pots": [format_cards(p) for p in state.pots if p],
        "took_pot": {t: state.pot_state[i] is PotState.TAKEN for i, t in enumerate(teams)},
        "pot_unused": {t: state.pot_unused[i] for i, t in enumerate(teams)},
        "went_out": None if state.went_out is None else str(state.went_out),
        "scores": {t: state.hand_scores[i].total for i, t in enumerate(teams)},
        "totals": {t: state.totals[i] for i, t in enumerate(teams)},
    }
    if events is not None:
        record["events"] = [event_to_dict(e) for e in events]
    return record


def hand_melds(record: HandRecord) -> dict[str, list[Meld]]:
    """The melds on the table when the recorded hand ended, per team key, as its ``events``
    laid and grew them (each exactly, its wild card where it stood)."""
    if "events" not in record:
        raise ValueError("the record has no events: the hand's melds are known from its events")
    rules = get_rules(record["rules"])
    melds: dict[str, list[Meld]] = {t: [] for t in record["melds"]}
    for data in record["events"]:
        event = event_from_dict(data, rules)
        if isinstance(event, Melded):
            melds[str(event.team)].append(event.meld)
        elif isinstance(event, Added):
            melds[str(event.team)][event.number - 1] = event.meld
    return melds


def rescore(record: HandRecord) -> dict[str, int]:
    """The hand's points per team key, worked out again from the record alone: the melds from
    its events (:func:`hand_melds`), the cards left in each hand, who went out, and each pot."""
    rules = get_rules(record["rules"])
    melds = hand_melds(record)
    scores: dict[str, int] = {}
    for team, side in melds.items():
        left = tuple(c for p in record["players"] if p["team"] == team for c in parse_cards(p["hand"]))
        scores[team] = score_side(side, left, rules, went_out=record["went_out"] == team,
                                  took_pot=record["took_pot"][team],
                                  pot_unused=record["pot_unused"][team]).total
    return scores


def match_record(state: State) -> MatchRecord:
    """The last line of a match: ``{"winner": team or None (a draw), "totals", "hands"}``."""
    if state.phase is not Phase.MATCH_OVER:
        raise ValueError("the match is not over yet")
    return {"winner": None if state.winner is None else str(state.winner),
            "totals": {str(t): v for t, v in enumerate(state.totals)},
            "hands": state.hand_number}
