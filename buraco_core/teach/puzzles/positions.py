"""Game positions for puzzles: the goal's position (scenario text, a named scenario, or a saved
game), the facts a learner is told about it, and dealt positions for the generators.

The learner is always the seat to play: the puzzle shows that seat's hand and its side's melds,
and names melds by owner and number as the table shows them.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ...cards import format_cards
from ...game.facade import Game
from ...game.scenarios import load_scenario, parse_scenario
from ...game.state import State
from ...memo import Bounded
from ...messages import Message
from .puzzle import Goal, Puzzle, PuzzleError, goal_of

__all__ = ["PositionGoal", "game_of", "position_facts", "position_in", "show_position", "split_plays"]


@dataclass(frozen=True)
class PositionGoal(Goal):
    """A play in a game position: ``play`` (action text; an outcome puzzle may give several,
    separated by ``;``), and the position: ``position`` (scenario text), ``scenario`` (a named
    scenario) or ``game`` (a saved game, JSON)."""

    play: str | None = None
    position: str | None = None
    scenario: str | None = None
    game: str | None = None


def split_plays(puzzle: Puzzle) -> list[str]:
    """The goal's plays, in order."""
    return [p.strip() for p in str(goal_of(puzzle, PositionGoal).play or "").split(";") if p.strip()]


#: Positions read once: (state, description) by the goal's position, scenario or saved game with no
#: moves (a state never changes, so each call builds a fresh game from it at once); a saved game with
#: moves as the game replayed (its moves are part of it: the coach's search is seeded by them), of
#: which each call gets a :meth:`~buraco_core.game.Game.copy`.
_READ: Bounded[tuple[str, str, str], tuple[State, str] | Game] = Bounded("positions.read", 512)


def game_of(puzzle: Puzzle) -> Game:
    """The position as a fresh :class:`~buraco_core.game.Game` each call, drawn from the seat to
    play."""
    goal = goal_of(puzzle, PositionGoal)
    key = (str(goal.game or ""), str(goal.scenario or ""), str(goal.position or ""))
    known = _READ.get(key)
    if known is None:
        if goal.game:
            read = Game.from_json(str(goal.game))
            if read.history:
                read.perspective = read.turn
                _READ.put(key, read)
                return read.copy()
        elif goal.scenario:
            read = load_scenario(str(goal.scenario))
        elif goal.position:
            read = parse_scenario(str(goal.position), "position")
        else:
            raise PuzzleError("a position puzzle needs a 'position' (scenario text) or a goal 'scenario' (a name)")
        known = (read.state, read.description)
        _READ.put(key, known)
    if isinstance(known, Game):
        return known.copy()
    game = Game.from_state(known[0])
    game.description = known[1]
    game.perspective = game.turn
    return game


def position_facts(game: Game) -> tuple[Message, ...]:
    """What the learner is told about the position: the ruleset and the stage of the turn, the
    discard pile, the side's pot and buracos."""
    state = game.state
    team = state.team_of(state.turn)
    facts = [Message("fact.turn-draw" if state.phase.value == "draw" else "fact.turn-play",
                     {"rules": state.rules})]
    if state.discard:
        facts.append(Message("fact.pile-top", {"card": state.discard[-1], "n": len(state.discard)}))
    else:
        facts.append(Message("fact.pile-empty"))
    pot = state.pot_state[team].value
    if pot != "none":
        facts.append(Message({"aside": "fact.pot-aside", "taken": "fact.pot-taken-now",
                              "waiting": "fact.pot-waits-now", "to-stock": "fact.pot-to-stock"}[pot]))
    melds = state.melds[team]
    buracos = sum(1 for m in melds if m.is_buraco)
    clean = sum(1 for m in melds if m.is_clean)
    if buracos:
        key = ("fact.buracos-clean" if clean == buracos else "fact.buracos-unclean" if not clean
               else "fact.buracos")
        facts.append(Message(key, {"n": buracos, "clean": clean}))
    elif melds:
        facts.append(Message("fact.buracos-none"))
    if state.single_take is not None:
        facts.append(Message("fact.single-take", {"card": state.single_take}))
    if state.must_meld is not None:
        facts.append(Message("fact.must-meld", {"card": state.must_meld}))
    facts.append(Message("fact.stock", {"n": len(state.stock)}))
    return tuple(facts)


def show_position(puzzle: Puzzle, options: tuple[str, ...] = ()) -> Puzzle:
    """The puzzle with its display filled from the position: the hand of the seat to play and its
    side's melds (where the file gives none), and its options."""
    game = game_of(puzzle)
    state = game.state
    seat = state.turn
    melds = state.melds[state.team_of(seat)]
    return dataclasses.replace(
        puzzle, hand=puzzle.hand or tuple(c.code for c in state.hands[seat]),
        table=puzzle.table or tuple(format_cards(m.cards) for m in melds),
        options=puzzle.options or options)


_RULES_LINE = re.compile(r"^(\s*)rules:\s*\S+\s*$", re.M)


def position_in(puzzle: Puzzle, rules: str) -> Puzzle | None:
    """The puzzle with its position (scenario text) played under ``rules``: the scenario's
    ``rules:`` line changed; None for a named scenario, a saved game, or a position without that
    line (they name their ruleset themselves)."""
    goal = goal_of(puzzle, PositionGoal)
    if not goal.position or goal.scenario or goal.game or not _RULES_LINE.search(goal.position):
        return None
    moved = _RULES_LINE.sub(lambda m: f"{m.group(1)}rules: {rules}", goal.position, count=1)
    return dataclasses.replace(puzzle, rules=rules, goal=dataclasses.replace(goal, position=moved))
