"""outcome: what happens after this play?

Goal: ``play`` (one play, or several separated by ``;``: the last is the one asked about) and the
position, as for legal-play. The answer is one of :data:`OUTCOMES` (or its index among the
options): the play is refused; your turn goes on; play passes to the next player; you pick up
your pot on the fly and play on; you pick it up at once and play passes on; your pot waits for
your next turn; you go out; the hand ends with the stock; an untaken pot becomes the stock. The
game plays it and the state after says which.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ....game.actions import IllegalAction
from ....game.facade import Game
from ....game.guards import take_clause
from ....messages import Message
from ....rules import Rules, StockEnd
from ....variants import rules_text
from ..answers import read_choice
from ..explain import OUTCOME_CLAUSES, outcome_in, play_words, refusal_clauses
from ..feedback import Feedback
from ..look import play_pointer
from ..positions import PositionGoal, game_of, position_facts, show_position, split_plays
from ..puzzle import Puzzle, PuzzleError
from ..templates import RECIPES
from .base import Kind, Option, Params, right, wrong
from .legal_play import judge_play

__all__ = ["OUTCOME", "OUTCOMES", "outcome_of"]

#: What can happen after a play.
OUTCOMES: tuple[str, ...] = ("refused", "turn-goes-on", "next-player", "pot-fly", "pot-at-once", "pot-waits",
                             "go-out", "stock-ends", "pot-to-stock")

def outcome_of(puzzle: Puzzle) -> tuple[str, IllegalAction | None, Game]:
    """What the game says happens: the outcome, and the refusal (if refused) or the game after
    (read from the events the last play reports)."""
    game = game_of(puzzle)
    plays = split_plays(puzzle)
    for play in plays[:-1]:
        refusal = judge_play(game, play)
        if refusal is not None:
            raise PuzzleError(f"the play {play!r} before the last is refused: {refusal}")
        game.play(play)
    last = plays[-1]
    refusal = judge_play(game, last)
    if refusal is not None:
        return "refused", refusal, game
    team = game.state.current_team
    game.play(last)
    return outcome_in(game.last_events, team), None, game


def _before_last(puzzle: Puzzle) -> tuple[Game, str]:
    """The position before the last play (the plays before it played), and that play."""
    game = game_of(puzzle)
    plays = split_plays(puzzle)
    for play in plays[:-1]:
        game.play(play)
    return game, plays[-1]


def _also(puzzle: Puzzle, rules: Rules, outcome: str) -> list[str]:
    """The clauses an outcome turns on besides its own: the stock's end where a take goes on
    from an empty stock, the way of drawing for a take, an untaken pot becoming the stock where
    the stock ends a hand with none left."""
    last = split_plays(puzzle)[-1].split()[0]
    out = []
    if last == "take":
        out.append(take_clause(rules))
        if not game_of(puzzle).state.stock:
            out.append("stock-end")  # taking the pile instead of drawing from an empty stock
    if outcome == "stock-ends" and rules.pots and rules.stock_end is StockEnd.EMPTY_NO_POT:
        out.append("pot-to-stock")  # no untaken pot was left to become the stock
    return out


def _offered(puzzle: Puzzle) -> tuple[str, ...]:
    plays = split_plays(puzzle)
    last = plays[-1].split()[0] if plays else ""
    drew = any(p.split()[0] in ("draw", "take") for p in plays)
    if last in ("draw", "take"):
        offered = ["turn-goes-on", "stock-ends", "pot-to-stock", "refused"]
    elif last == "discard" and drew:  # a whole turn: the stock may run out
        offered = ["next-player", "stock-ends", "pot-to-stock", "go-out", "refused"]
    elif last == "discard":
        offered = ["next-player", "pot-at-once", "pot-waits", "go-out", "stock-ends", "refused"]
    else:
        offered = ["turn-goes-on", "pot-fly", "go-out", "refused"]
    try:
        right_answer = outcome_of(puzzle)[0]
    except (ValueError, PuzzleError):
        return tuple(offered)
    if right_answer not in offered:
        offered.insert(0, right_answer)
    return tuple(offered)


class OutcomeKind(Kind):
    name = "outcome"
    goal_type = PositionGoal
    form = "choice"
    clause = "pot"
    shows_position = True
    params = frozenset({"clause"})

    def prepare(self, puzzle: Puzzle) -> Puzzle:
        return show_position(puzzle)

    def prompt(self, puzzle: Puzzle) -> Message:
        plays = split_plays(puzzle)
        try:
            game = game_of(puzzle)
            words = tuple(play_words(p, game.state.current_team, alone=not game.rules.partnerships) for p in plays)
        except (ValueError, PuzzleError):
            return Message("teach.solve-this")
        return Message("prompt.outcome", {"plays": words})

    def problems(self, puzzle: Puzzle, rules: Rules) -> str | None:
        if not split_plays(puzzle):
            return "an outcome puzzle needs a goal 'play' (e.g. 'discard Qd', or 'draw; discard Qd')"
        game = game_of(puzzle)
        if game.rules.name != rules.name:
            return f"the position is played under {game.rules.name}, the puzzle under {rules.name}"
        outcome_of(puzzle)
        return None

    def options(self, puzzle: Puzzle) -> tuple[Option, ...]:
        return tuple(Option(o, Message(f"outcome.play.{o}")) for o in _offered(puzzle))

    def facts(self, puzzle: Puzzle) -> tuple[Message, ...]:
        return position_facts(game_of(puzzle))

    def check(self, puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
        chosen = read_choice(answer, _offered(puzzle))
        outcome, refusal, _game = outcome_of(puzzle)
        if refusal is not None:  # the outcome "refused"
            candidates = refusal_clauses(refusal)
            reason = Message("feedback.outcome.refused", {"why": refusal.message})
        else:
            candidates = [*OUTCOME_CLAUSES[outcome], *_also(puzzle, rules, outcome)]
            reason = Message(f"feedback.outcome.{outcome}", {
                "rules": rules, "how": Message(f"fact.stock-end-{rules.stock_end.value}")})
        if chosen == outcome:
            return right(puzzle, candidates, reason)
        # a wrong choice is refuted where that leaves the right one open, else pointed at
        if chosen in ("pot-fly", "pot-at-once", "pot-waits") and outcome not in ("pot-fly", "pot-at-once",
                                                                                 "pot-waits", "refused"):
            before = game_of(puzzle).state
            if before.pot_state[before.current_team].value == "taken":
                return wrong(puzzle, ["one-pot"], "feedback.not-so", Message("feedback.outcome.one-pot"))
        if chosen == "refused":
            game, last = _before_last(puzzle)
            return wrong(puzzle, candidates, "feedback.not-so", Message("feedback.outcome.not-refused", {
                "play": play_words(last, game.state.current_team)}))
        return wrong(puzzle, candidates, "feedback.not-so", self.look(puzzle))

    def solve(self, puzzle: Puzzle) -> object | None:
        return outcome_of(puzzle)[0]

    def where(self, puzzle: Puzzle) -> Message:
        """What the last play leaves in your hand, your side's pot and buracos (or the stock, or
        what the refusal's clause reads), in the position before it."""
        outcome = self.solve(puzzle)
        clause = self.check(puzzle, puzzle.ruleset, outcome).rule  # the clause the verdict names
        if outcome != "refused" and clause not in ("stock-end", "pot-to-stock"):
            clause = "pot"  # what happens after an allowed play: the cards it leaves, the pot
        game, last = _before_last(puzzle)
        return play_pointer(game, last, clause)

    def show_answer(self, puzzle: Puzzle, answer: object) -> Message:
        choice = Message(f"outcome.play.{answer}")
        refusal = outcome_of(puzzle)[1]
        if answer == "refused" and refusal is not None:
            # the reason is the refusal's own, not the verdict's lead, which says the answer again
            # ("The answer: The game refuses the play. The reason: the game refuses the play: ...")
            return Message("hint.answer-why", {"choice": choice,
                                               "why": Message("feedback.sentence", {"why": refusal.message})})
        return self.answer_and_why(puzzle, answer, choice)

    def generate(self, rng: random.Random, rules: Rules, params: Params) -> Puzzle | None:
        clause = str(params.get("clause") or rng.choice(["pot", "pot-indirect", "stock-end", "going-out"]))
        recipe = RECIPES.get(clause)
        dealt = recipe(rng, rules) if recipe is not None else None
        if dealt is None:
            return None
        text, play = dealt
        return Puzzle(id="", kind=self.name, rules=rules_text(rules), goal={"position": text, "play": play})

    def deals(self, rules: Rules) -> Mapping[str, Sequence[Params]]:
        return {clause: [{"clause": clause}] for clause in ("pot", "pot-indirect", "one-pot", "going-out",
                                                             "stock-end", "pot-to-stock", "no-direct-pot")}


OUTCOME = OutcomeKind()
