"""Named scenarios: positions written in card notation (the file format:
:mod:`buraco_core.game.scenario_text`), loaded by name as a game for lessons and tests.

>>> game = load_scenario("pot-direct")
>>> game.description.split(":")[0]
'Pot on the fly'
>>> "pot-direct" in scenario_names()
True
"""

from __future__ import annotations

from .facade import Game
from .scenario_text import SCENARIO_DIR, ScenarioError, read_scenario_text, scenario_names

__all__ = ["SCENARIO_DIR", "ScenarioError", "load_scenario", "parse_scenario", "scenario_names"]


def load_scenario(name: str) -> Game:
    """The scenario ``name`` (a shipped name, or a path to a ``.txt`` file) as a :class:`Game`."""
    return Game.scenario(name)


def parse_scenario(text: str, filename: str = "<scenario>") -> Game:
    """Build the game a scenario text describes."""
    scenario = read_scenario_text(text, filename)
    return Game.from_state(scenario.state, scenario.description)
