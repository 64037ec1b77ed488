"""deal-count: how many cards are left after the deal?

Goal: ``players`` and ``count``: ``"left"`` (the stock and the discard pile together: every card
not in a hand or a pot) or ``"stock"`` (the stock alone, when the first player begins). The
engine deals (:func:`buraco_core.game.new_game`) and counts; the lines say where the cards went:
the deck ([deck]), the hands and the pots ([deal]), the first face-up card ([discard-pile]).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ....game.state import new_game
from ....jsondata import whole
from ....messages import Message
from ....rules import RULESETS, Rules
from ....variants import rules_text
from ..answers import read_int
from ..diagnose import Slip, diagnose
from ..feedback import Feedback, Line
from ..puzzle import Goal, Puzzle, goal_of
from .base import Kind, Params, right, wrong

__all__ = ["DEAL_COUNT", "DealCountGoal", "count_lines", "dealt_count"]


@dataclass(frozen=True)
class DealCountGoal(Goal):
    players: int | None = None
    count: str | None = None

    @property
    def counted(self) -> str:
        """What is counted: ``count``, ``"left"`` where the goal does not say."""
        return self.count or "left"

    def __post_init__(self) -> None:
        if self.count not in (None, "left", "stock"):
            raise ValueError(f"count is left or stock, not {self.count!r}")


def _players(puzzle: Puzzle, rules: Rules) -> int:
    return whole(goal_of(puzzle, DealCountGoal).players or rules.default_players)


def dealt_count(puzzle: Puzzle, rules: Rules) -> int:
    """The engine's count: a new game's stock (and discard pile, for "left")."""
    state = new_game(rules, _players(puzzle, rules), 0)
    return len(state.stock) + (len(state.discard) if goal_of(puzzle, DealCountGoal).counted == "left" else 0)


def count_lines(puzzle: Puzzle, rules: Rules) -> tuple[Line, ...]:
    """Where the cards went, line by line (their sum is the engine's count: checked)."""
    players = _players(puzzle, rules)
    lines = [Line(Message("feedback.line.deck", {"rules": rules, "jokers": rules.jokers}), rules.deck_size, "deck"),
             Line(Message("feedback.line.hands", {"players": players, "size": rules.hand_size}),
                  -players * rules.hand_size, "deal")]
    if rules.pots:
        lines.append(Line(Message("feedback.line.pots", {"pots": rules.pots, "size": rules.pot_size}),
                          -rules.pots * rules.pot_size, "deal"))
    if goal_of(puzzle, DealCountGoal).counted == "stock" and rules.initial_discard:
        lines.append(Line(Message("feedback.line.first-discard"), -1, "discard-pile"))
    return tuple(lines)


class DealCount(Kind):
    name = "deal-count"
    goal_type = DealCountGoal
    form = "number"
    number_label = "widget.cards-count"
    clause = "deal"
    params = frozenset({"count", "players"})
    keeps = ("count",)
    look_on_miss = False  # a wrong count names its slip; where to look only when none explains it

    def prompt(self, puzzle: Puzzle) -> Message:
        rules = puzzle.ruleset
        key = "prompt.count-stock" if goal_of(puzzle, DealCountGoal).counted == "stock" else "prompt.count-left"
        return Message(key, {"rules": rules, "players": _players(puzzle, rules)})

    def problems(self, puzzle: Puzzle, rules: Rules) -> str | None:
        players = _players(puzzle, rules)
        if players not in rules.player_counts:
            return f"{rules.name} is played by {', '.join(map(str, rules.player_counts))} players, not {players}"
        if sum(line.points for line in count_lines(puzzle, rules)) != dealt_count(puzzle, rules):
            return "the lines do not add up to the engine's count"
        return None

    def check(self, puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
        n = read_int(answer)
        total = dealt_count(puzzle, rules)
        lines = count_lines(puzzle, rules)
        clauses = ["discard-pile", "deal", "deck"] if goal_of(puzzle, DealCountGoal).counted == "stock" else ["deal", "deck"]
        if n == total:
            return right(puzzle, clauses, Message("feedback.count-right", {"n": total}), lines=lines)
        slips = []
        players = _players(puzzle, rules)
        if not rules.pots:
            pots = max(r.pots * r.pot_size for r in RULESETS.values())
            slips.append(Slip(-pots, "deal", Message("feedback.slip.no-pots-dealt", {"rules": rules})))
        if goal_of(puzzle, DealCountGoal).counted == "stock" and not rules.initial_discard:
            slips.append(Slip(-1, "discard-pile", Message("feedback.slip.pile-starts-empty", {"rules": rules})))
        if goal_of(puzzle, DealCountGoal).counted == "left" and rules.initial_discard:
            slips.append(Slip(-1, "discard-pile", Message("feedback.slip.pile-counts", {"rules": rules})))
        most = max(r.jokers for r in RULESETS.values())
        if rules.jokers < most:
            slips.append(Slip(most - rules.jokers, "deck", Message("feedback.slip.jokers", {"rules": rules})))
        if rules.jokers:
            slips.append(Slip(-rules.jokers, "deck", Message("feedback.slip.forgot-jokers", {"n": rules.jokers})))
        if players != 4 and 4 in rules.player_counts:
            slips.append(Slip((players - 4) * rules.hand_size, "deal",
                              Message("feedback.slip.players", {"players": players})))
        found = diagnose(n, total, lines, slips)
        said = Message("feedback.not-number", {"n": n})
        if found is not None:
            return wrong(puzzle, found[0], said, found[1], lines=lines)
        return wrong(puzzle, ["deal", "deck"], said, self.look(puzzle), lines=lines)

    def solve(self, puzzle: Puzzle) -> object | None:
        return dealt_count(puzzle, puzzle.ruleset)

    def where(self, puzzle: Puzzle) -> Message:
        """This table: its ruleset's deck, its players and their hands, then the pots and the pile."""
        rules = puzzle.ruleset
        key = "hint.here.count-stock" if goal_of(puzzle, DealCountGoal).counted == "stock" else "hint.here.count-left"
        return Message(key, {"rules": rules, "players": _players(puzzle, rules), "size": rules.hand_size})

    def show_answer(self, puzzle: Puzzle, answer: object) -> Message:
        return Message("hint.answer-number", {"n": answer})

    def tempting(self, puzzle: Puzzle) -> tuple[object, ...]:
        total = dealt_count(puzzle, puzzle.ruleset)
        return tuple(dict.fromkeys(total - line.points for line in count_lines(puzzle, puzzle.ruleset)))

    def generate(self, rng: random.Random, rules: Rules, params: Params) -> Puzzle | None:
        count = params.get("count") or rng.choice(["left", "stock"])
        players = params.get("players") or rng.choice(list(rules.player_counts))
        return Puzzle(id="", kind=self.name, rules=rules_text(rules), goal={"players": players, "count": count})

    def deals(self, rules: Rules) -> Mapping[str, Sequence[Params]]:
        return {"deck": [{"count": "left"}], "deal": [{"count": "left"}], "discard-pile": [{"count": "stock"}]}


DEAL_COUNT = DealCount()
