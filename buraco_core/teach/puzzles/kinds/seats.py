"""seats: who is your partner, who plays first, who deals the next hand?

You sit at seat 0; seats are numbered to the left. Goal: ``players``, ``ask`` ("partner", "first"
or "next-dealer") and ``dealer`` (the seat that deals this hand; default the last seat). The
engine answers: the teams of the state (:meth:`State.team_of`), the seat to play when a hand is
dealt, and the dealer of the next hand after ``next``. The answer is ``"seat N"`` or ``"nobody"``
(no partner: every player alone), or its index among the options.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ....game.actions import NextHand
from ....game.engine import apply
from ....game.state import Phase, deal_hand
from ....jsondata import whole
from ....messages import Message
from ....rules import Rules
from ....scoring import Score
from ....variants import rules_text
from ..answers import read_choice
from ..feedback import Feedback
from ..puzzle import Goal, Puzzle, goal_of
from .base import Kind, Option, Params, int_param, right, wrong

__all__ = ["SEATS", "SeatsGoal", "seat_answer"]


@dataclass(frozen=True)
class SeatsGoal(Goal):
    players: int | None = None
    ask: str | None = None
    dealer: int | None = None

    @property
    def asked(self) -> str:
        """The seat asked about: ``ask``, ``"partner"`` where the goal does not say."""
        return self.ask or "partner"

    def __post_init__(self) -> None:
        if self.ask not in (None, "partner", "first", "next-dealer"):
            raise ValueError(f"ask is partner, first or next-dealer, not {self.ask!r}")


def _players(puzzle: Puzzle, rules: Rules) -> int:
    return whole(goal_of(puzzle, SeatsGoal).players or rules.default_players)


def _dealer(puzzle: Puzzle, rules: Rules) -> int:
    dealer = goal_of(puzzle, SeatsGoal).dealer
    return _players(puzzle, rules) - 1 if dealer is None else whole(dealer)


def seat_answer(puzzle: Puzzle, rules: Rules) -> str:
    """The engine's answer: ``"seat N"`` or ``"nobody"``."""
    players = _players(puzzle, rules)
    state = deal_hand(rules, players, 0, 1, _dealer(puzzle, rules), 0, ())
    ask = goal_of(puzzle, SeatsGoal).asked
    if ask == "partner":
        partners = [s for s in range(1, players) if state.team_of(s) == state.team_of(0)]
        return f"seat {partners[0]}" if partners else "nobody"
    if ask == "first":
        return f"seat {state.turn}"
    over = dataclasses.replace(state, phase=Phase.HAND_OVER, hand_scores=tuple(
        _zero() for _ in range(state.teams)))
    return f"seat {apply(over, NextHand()).dealer}"


def _zero() -> Score:
    return Score(0, ())


class Seats(Kind):
    name = "seats"
    goal_type = SeatsGoal
    form = "choice"
    clause = "seats"
    params = frozenset({"ask", "players"})
    keeps = ("ask",)

    def prompt(self, puzzle: Puzzle) -> Message:
        rules = puzzle.ruleset
        ask = goal_of(puzzle, SeatsGoal).asked
        key = {"partner": "prompt.seats-partner", "first": "prompt.seats-first",
               "next-dealer": "prompt.seats-next-dealer"}[str(ask)]
        return Message(key, {"rules": rules, "players": _players(puzzle, rules),
                             "dealer": _dealer(puzzle, rules)})

    def problems(self, puzzle: Puzzle, rules: Rules) -> str | None:
        players = _players(puzzle, rules)
        if players not in rules.player_counts:
            return f"{rules.name} is played by {', '.join(map(str, rules.player_counts))} players, not {players}"
        if not 0 <= _dealer(puzzle, rules) < players:
            return f"dealer must be a seat from 0 to {players - 1}"
        return None

    def options(self, puzzle: Puzzle) -> tuple[Option, ...]:
        rules = puzzle.ruleset
        players = _players(puzzle, rules)
        seats = [Option(f"seat {s}", Message("widget.seat", {"seat": s})) for s in range(players)]
        if goal_of(puzzle, SeatsGoal).asked == "partner":
            return (*seats[1:], Option("nobody", Message("widget.nobody")))
        return tuple(seats)

    def check(self, puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
        values = [str(o.value) for o in self.options(puzzle)]
        chosen = read_choice(answer, values)
        truth = seat_answer(puzzle, rules)
        ask = goal_of(puzzle, SeatsGoal).asked
        facts = {"players": _players(puzzle, rules), "dealer": _dealer(puzzle, rules), "rules": rules,
                 "answer": Message("widget.seat", {"seat": int(truth.split()[1])}) if truth != "nobody"
                 else Message("widget.nobody")}
        key = {"partner": "feedback.seats.partner" if truth != "nobody" else "feedback.seats.alone",
               "first": "feedback.seats.first", "next-dealer": "feedback.seats.next-dealer"}[str(ask)]
        clauses = ["seats", "score-alone"] if truth == "nobody" and not rules.partnerships else ["seats"]
        if chosen == truth:
            return right(puzzle, clauses, Message(key, facts))
        hint = {"partner": "feedback.seats.partner-rule", "first": "feedback.seats.first-rule",
                "next-dealer": "feedback.seats.next-dealer-rule"}[str(ask)]
        if truth == "nobody":
            return wrong(puzzle, clauses, "feedback.not-so", self.look(puzzle))
        return wrong(puzzle, ["seats"], "feedback.not-so", Message(hint, facts))

    def solve(self, puzzle: Puzzle) -> object | None:
        return seat_answer(puzzle, puzzle.ruleset)

    def where(self, puzzle: Puzzle) -> Message:
        """This table: its seats numbered from yours, the dealer, the ruleset's partnerships."""
        rules = puzzle.ruleset
        players = _players(puzzle, rules)
        key = {"partner": "hint.here.seats-partner", "first": "hint.here.seats-first",
               "next-dealer": "hint.here.seats-next"}[goal_of(puzzle, SeatsGoal).asked]
        return Message(key, {"players": players, "last": players - 1, "dealer": _dealer(puzzle, rules),
                             "rules": rules})

    def show_answer(self, puzzle: Puzzle, answer: object) -> Message:
        label = Message("widget.nobody") if answer == "nobody" else Message("widget.seat", {
            "seat": int(str(answer).split()[1])})
        return self.answer_and_why(puzzle, answer, label)

    def generate(self, rng: random.Random, rules: Rules, params: Params) -> Puzzle | None:
        players = int_param(params, "players") or rng.choice(list(rules.player_counts))
        ask = params.get("ask") or rng.choice(["partner", "first", "next-dealer"])
        if ask == "partner" and players == 2 and rules.partnerships:
            players = 4
        return Puzzle(id="", kind=self.name, rules=rules_text(rules),
                      goal={"players": players, "ask": ask, "dealer": rng.randrange(players)})

    def deals(self, rules: Rules) -> Mapping[str, Sequence[Params]]:
        return {"seats": [{"ask": "partner"}, {"ask": "first"}, {"ask": "next-dealer"}]}


SEATS = Seats()
