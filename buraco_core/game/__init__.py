"""The game: whole hands and matches of every ruleset, one seat's view of them, and the pure core
that plays them (the turn rules). See ``API.md`` beside this file; the bots are
:mod:`buraco_core.bots`.

>>> from buraco_core.game import Game
>>> g = Game("buraco", players=4, seed=7)
>>> g.play("draw")
Draw()
"""

from .actions import Action, AddToMeld, Discard, Draw, IllegalAction, NewMeld, NextHand, Take, parse_action
from .engine import apply, apply_events, check, judge
from .events import (
    Added,
    Discarded,
    Drew,
    Event,
    HandDealt,
    HandEnded,
    MatchEnded,
    Melded,
    PotTaken,
    PotToStock,
    PotWaiting,
    TookPile,
    WentOut,
    event_from_dict,
    event_to_dict,
    seen_by,
)
from .facade import Game
from .legal import LegalActions, legal_actions
from .record import hand_record, match_record
from .scenarios import ScenarioError, load_scenario, parse_scenario, scenario_names
from .serialize import state_from_dict, state_to_dict
from .state import Phase, PotState, State, new_game
from .view import View, view_of

__all__ = [
    "Action",
    "AddToMeld",
    "Added",
    "Discard",
    "Discarded",
    "Draw",
    "Drew",
    "Event",
    "Game",
    "HandDealt",
    "HandEnded",
    "IllegalAction",
    "LegalActions",
    "MatchEnded",
    "Melded",
    "NewMeld",
    "NextHand",
    "Phase",
    "PotState",
    "PotTaken",
    "PotToStock",
    "PotWaiting",
    "ScenarioError",
    "State",
    "Take",
    "TookPile",
    "View",
    "WentOut",
    "apply",
    "apply_events",
    "check",
    "event_from_dict",
    "event_to_dict",
    "hand_record",
    "judge",
    "legal_actions",
    "load_scenario",
    "match_record",
    "new_game",
    "parse_action",
    "parse_scenario",
    "scenario_names",
    "seen_by",
    "state_from_dict",
    "state_to_dict",
    "view_of",
]
