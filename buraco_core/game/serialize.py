"""States and rulesets as JSON-ready dicts, exactly (load gives back an equal value).

Cards are written in :func:`~buraco_core.cards.format_cards` notation, melds with their
arrangement (``kind``, ``cards``, ``wild_index``, ``low``, ``rank``, ``suit``) so that a wild
card's place survives the round trip, enums by value.

>>> from buraco_core.game.state import new_game
>>> s = new_game("italian", players=4, seed=5)
>>> state_from_dict(state_to_dict(s)) == s
True
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

from ..cards import Card, format_cards, parse_card, parse_cards
from ..jsondata import JsonObject, JsonValue
from ..rules import RULESETS, Rules
from ..scoring import Score
from .events import MeldDict, meld_from_dict, meld_to_dict
from .state import Phase, PotState, State

__all__ = ["ScoreDict", "StateDict", "rules_from_dict", "rules_to_dict", "state_from_dict", "state_to_dict"]


class ScoreDict(TypedDict):
    """A hand's score as :func:`state_to_dict` writes it: the total and the ``[label, points]`` lines."""

    total: int
    lines: list[list[str | int]]


class StateDict(TypedDict):
    """A state as :func:`state_to_dict` writes it: cards in notation, enums by value, and the
    ruleset (:func:`rules_to_dict`) unless it was left out."""

    rules: NotRequired[JsonObject]
    players: int
    seed: int
    hand_number: int
    dealer: int
    starter: int
    phase: str
    turn: int
    hands: list[str]
    melds: list[list[MeldDict]]
    stock: str
    discard: str
    pots: list[str]
    pot_state: list[str]
    pot_seat: list[int]
    pot_unused: list[bool]
    must_meld: str | None
    single_take: str | None
    went_out: int | None
    hand_scores: list[ScoreDict]
    totals: list[int]
    winner: int | None
    aside: str
    history: list[list[int | str]]


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text)) if text else ()


def _listed(value: JsonValue) -> list[JsonValue]:
    """A list the dict holds, where a tuple field of the ruleset is read."""
    if not isinstance(value, list):
        raise TypeError(f"a list is expected here, not {value!r}")
    return value


def rules_to_dict(rules: Rules) -> JsonObject:
    """Every field of the ruleset (enums by value, tuples as lists)."""
    out: JsonObject = {}
    for f in dataclasses.fields(rules):
        value: object = getattr(rules, f.name)
        if isinstance(value, enum.Enum):
            out[f.name] = value.value
        elif isinstance(value, tuple):
            out[f.name] = list(value)
        elif value is None or isinstance(value, str | int | float):
            out[f.name] = value
        else:
            raise TypeError(f"the ruleset's {f.name} is no JSON value: {value!r}")
    return out


def rules_from_dict(data: Mapping[str, JsonValue]) -> Rules:
    """A ruleset from :func:`rules_to_dict`; the named preset gives the field types."""
    base = RULESETS.get(str(data.get("name")), RULESETS["buraco"])
    kwargs: dict[str, Any] = {}  # each field's own type, as the preset's field gives it
    for f in dataclasses.fields(Rules):
        if f.name not in data:
            continue
        value = data[f.name]
        kind = getattr(base, f.name)
        if isinstance(kind, enum.Enum):
            kwargs[f.name] = type(kind)(value)
        elif isinstance(kind, tuple):
            kwargs[f.name] = tuple(_listed(value))
        else:
            kwargs[f.name] = value
    rules = dataclasses.replace(base, **kwargs)
    preset = RULESETS.get(rules.name)
    return preset if preset == rules else rules


def state_to_dict(s: State, *, with_rules: bool = True) -> StateDict:
    """A JSON-ready dict of the state."""
    out: StateDict = {
        "players": s.players, "seed": s.seed, "hand_number": s.hand_number, "dealer": s.dealer,
        "starter": s.starter, "phase": s.phase.value, "turn": s.turn,
        "hands": [format_cards(h) for h in s.hands],
        "melds": [[meld_to_dict(m) for m in side] for side in s.melds],
        "stock": format_cards(s.stock), "discard": format_cards(s.discard),
        "pots": [format_cards(p) for p in s.pots],
        "pot_state": [p.value for p in s.pot_state], "pot_seat": list(s.pot_seat),
        "pot_unused": list(s.pot_unused),
        "must_meld": s.must_meld.code if s.must_meld else None,
        "single_take": s.single_take.code if s.single_take else None,
        "went_out": s.went_out,
        "hand_scores": [{"total": sc.total, "lines": [list(line) for line in sc.lines]}
                        for sc in s.hand_scores],
        "totals": list(s.totals), "winner": s.winner, "aside": format_cards(s.aside),
        "history": [[seat, text] for seat, text in s.history],
    }
    if with_rules:
        out = {"rules": rules_to_dict(s.rules), **out}
    return out


def state_from_dict(d: StateDict, rules: Rules | None = None) -> State:
    """The state written by :func:`state_to_dict` (``rules`` if the dict has none)."""
    if "rules" in d:
        rules = rules_from_dict(d["rules"])
    if rules is None:
        raise ValueError("the state names no rules")
    return State(
        rules=rules, players=d["players"], seed=d["seed"], hand_number=d["hand_number"],
        dealer=d["dealer"], starter=d["starter"], phase=Phase(d["phase"]), turn=d["turn"],
        hands=tuple(_cards(h) for h in d["hands"]),
        melds=tuple(tuple(meld_from_dict(m, rules) for m in side) for side in d["melds"]),
        stock=_cards(d["stock"]), discard=_cards(d["discard"]),
        pots=tuple(_cards(p) for p in d["pots"]),
        pot_state=tuple(PotState(p) for p in d["pot_state"]), pot_seat=tuple(d["pot_seat"]),
        pot_unused=tuple(d["pot_unused"]),
        must_meld=parse_card(d["must_meld"]) if d["must_meld"] else None,
        single_take=parse_card(d["single_take"]) if d["single_take"] else None,
        went_out=d["went_out"],
        hand_scores=tuple(Score(sc["total"], tuple((str(a), int(b)) for a, b in sc["lines"]))
                          for sc in d["hand_scores"]),
        totals=tuple(d["totals"]), winner=d["winner"], aside=_cards(d["aside"]),
        history=tuple((int(seat), str(text)) for seat, text in d["history"]),
    )
