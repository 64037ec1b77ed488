"""Positions for the verdict audit: the answer the game gives after a puzzle's play, and the same
position with the cards the learner cannot see dealt otherwise.

A position puzzle (legal-play, outcome, match, best-play) is answered from what its page shows:
the seat's own hand, the table, the visible pile, the counts, the facts and the prompt. The audit
deals the hidden cards (the other hands, the stock, the pots, the closed pile) again, seeded
(:func:`~buraco_core.game.view.determinize`), keeping what the page shows, and asks the game
again (:func:`position_answer`): an answer that changes while the page stays the same cannot be
earned from the page (:func:`hidden_variants`).

A card the puzzle's own plays draw is named by them (``draw; discard Qd`` tells the learner the
Q♦ came in), so it stays where the plays find it.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

from ...cards import Card
from ...game.actions import Draw, parse_action
from ...game.facade import Game
from ...game.state import Phase, State
from ...game.view import determinize
from ...rules import RulesError, Tie
from ..puzzles.explain import outcome_in
from ..puzzles.kinds import KINDS
from ..puzzles.kinds.best_play import values
from ..puzzles.positions import PositionGoal, game_of, split_plays
from ..puzzles.puzzle import Puzzle, PuzzleError

__all__ = ["hidden_variants", "page_of", "position_answer", "tie_matters", "turn_outcome"]


def position_answer(puzzle: Puzzle) -> str:
    """The game's answer to a position puzzle, read off the state after its play."""
    kind = puzzle.kind
    game = game_of(puzzle)
    plays = split_plays(puzzle)
    if kind == "legal-play":
        return "allowed" if game.why_illegal(plays[0]) is None else "refused"
    if kind == "best-play":
        return values(puzzle)[0][0]
    for play in plays[:-1]:
        game.play(play)
    last = plays[-1]
    if game.why_illegal(last) is not None:
        return "refused"
    team = game.state.current_team
    game.play(last)
    after = game.state
    if kind == "match":
        if after.phase is Phase.MATCH_OVER:
            return "the match is a draw" if after.winner is None else f"side {after.winner} wins the match"
        return "another hand is dealt" if after.phase is Phase.HAND_OVER else "the hand goes on"
    return outcome_in(game.last_events, team)


def page_of(puzzle: Puzzle) -> tuple[object, ...]:
    """What the page shows besides the table: the prompt, the facts and the options, in words."""
    kind = KINDS[puzzle.kind]
    prompt = puzzle.prompt.text("en") if puzzle.prompt is not None and not isinstance(puzzle.prompt, str) \
        else str(puzzle.prompt)
    return (prompt, tuple(f.text("en") for f in kind.facts(puzzle)),
            tuple(o.label.text("en") for o in kind.options(puzzle)))


def _drawn(puzzle: Puzzle) -> list[Card]:
    """The cards the puzzle's plays before the last draw from the stock, in order."""
    game = game_of(puzzle)
    out: list[Card] = []
    for play in split_plays(puzzle)[:-1]:
        if isinstance(parse_action(play), Draw) and game.state.stock:
            out.append(game.state.stock[-1])
        if game.why_illegal(play) is not None:
            break
        game.play(play)
    return out


def _on_top(state: State, cards: list[Card], seat: int) -> State | None:
    """``state`` with ``cards`` on top of the stock (the first drawn first), each swapped with
    the card there from wherever the hidden cards hold it; None if one cannot be found."""
    stock = list(state.stock)
    hands = [list(h) for h in state.hands]
    pots = [list(p) for p in state.pots]
    for k, card in enumerate(cards):
        top = len(stock) - 1 - k
        if top < 0:
            return None
        if stock[top] == card:
            continue
        zones = [stock[:top], *(h for s, h in enumerate(hands) if s != seat), *pots]
        found = next((z for z in zones if card in z), None)
        if found is None:
            return None
        found[found.index(card)] = stock[top]
        if found is zones[0]:
            stock[:top] = found
        stock[top] = card
    return dataclasses.replace(state, stock=tuple(stock), hands=tuple(tuple(h) for h in hands),
                               pots=tuple(tuple(p) for p in pots))


def _at(puzzle: Puzzle, game: Game) -> Puzzle:
    """The position puzzle with ``game`` (saved in its goal) for its position."""
    goal = puzzle.goal
    if not isinstance(goal, PositionGoal):
        raise PuzzleError(f"a {puzzle.kind} puzzle has no position")
    return dataclasses.replace(puzzle, goal=dataclasses.replace(goal, position=None, scenario=None,
                                                                game=game.to_json()))


def hidden_variants(puzzle: Puzzle, n: int) -> Iterator[Puzzle]:
    """``n`` seeded copies of a position puzzle whose hidden cards are dealt otherwise, the page
    unchanged (each as a saved game in its goal)."""
    game = game_of(puzzle)
    seat = game.state.turn
    view = game.view(seat)
    drawn = _drawn(puzzle)
    for k in range(n):
        world: State | None = determinize(view, random.Random(f"audit/{puzzle.id}/{k}"))
        if world is not None and drawn:
            world = _on_top(world, drawn, seat)
        if world is None:
            continue
        other = Game.from_state(world)
        other.perspective = seat
        yield _at(puzzle, other)


def tie_matters(puzzle: Puzzle) -> bool:
    """Whether the answer of a match puzzle changes under another tie rule (each the ruleset
    allows with its target): a puzzle about the tie rule has to turn on it."""
    game = game_of(puzzle)
    state = game.state
    truth = position_answer(puzzle)
    for tie in Tie:
        if tie is state.rules.tie:
            continue
        try:
            rules = dataclasses.replace(state.rules, tie=tie)
        except RulesError:
            continue
        other = Game.from_state(dataclasses.replace(state, rules=rules))
        other.perspective = state.turn
        if position_answer(_at(puzzle, other)) != truth:
            return True
    return False


def turn_outcome(puzzle: Puzzle, play: str) -> str | None:
    """What ``play`` leads to in this turn where it goes out or takes the side's pot: by itself, or
    by the discard of the one card it leaves ("go-out", "pot-fly", "pot-at-once", "pot-waits");
    None otherwise."""
    game = game_of(puzzle)
    seat, team = game.state.turn, game.state.current_team
    game.play(play)
    found = outcome_in(game.last_events, team)
    if found in ("go-out", "pot-fly", "pot-at-once", "pot-waits"):
        return found
    hand = game.state.hands[seat]
    if game.state.phase is Phase.PLAY and game.state.turn == seat and len(hand) == 1:
        last = f"discard {hand[0].code}"
        if game.why_illegal(last) is None:
            game.play(last)
            found = outcome_in(game.last_events, team)
            return found if found in ("go-out", "pot-at-once", "pot-waits") else None
    return None
