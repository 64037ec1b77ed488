"""score: a hand is over; how many points does this side score?

``table``: the side's melds; ``hand``: the cards left in its players' hands; goal ``went_out``,
``took_pot``, ``pot_unused`` (``fechado``: taken by a discard and never played), ``pot_waiting``
(``buraco``: earned by a discard and still waiting: it counts as not taken). The answer is a
whole number; the engine's count is :func:`buraco_core.score_side`, line by line, each line with
its clause. A wrong total names the line that was missed, counted the wrong way round, or added.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ....cards import format_cards
from ....melds import Meld, make_meld
from ....messages import Message
from ....rules import RULESETS, Rules
from ....scoring import BONUS_CLAUSES, Score, score_side
from ....variants import rules_text
from ..answers import read_int
from ..deal import Deck, buraco_cards, meld_cards
from ..diagnose import Slip, diagnose, house_slip
from ..feedback import Feedback, Line
from ..puzzle import Goal, Puzzle, goal_of
from .base import Kind, Params, right, wrong

__all__ = ["SCORE", "ScoreGoal", "score_of"]

#: The fields a side's score depends on.
_SCORE_FIELDS = ("card_values", "min_buraco", "clean_bonus", "dirty_bonus", "semi_clean_bonus", "royal_bonus",
                 "ace_to_ace_bonus", "going_out_bonus", "pot_not_taken_penalty", "pot_unused_penalty")


@dataclass(frozen=True)
class ScoreGoal(Goal):
    went_out: bool | None = None
    took_pot: bool | None = None
    pot_unused: bool | None = None
    pot_waiting: bool | None = None


def score_of(puzzle: Puzzle, rules: Rules) -> Score:
    """The engine's score of the puzzle's side."""
    goal = goal_of(puzzle, ScoreGoal)
    waiting = bool(goal.pot_waiting)
    return score_side(list(puzzle.table), list(puzzle.hand), rules, went_out=bool(goal.went_out),
                      took_pot=bool(goal.took_pot) and not waiting,
                      pot_unused=bool(goal.pot_unused), pot_waiting=waiting)


def _slips(puzzle: Puzzle, rules: Rules, melds: Sequence[Meld]) -> list[Slip]:
    """The classic slips of a count, each a line a learner adds that is not there (or counts at
    another value): the going-out bonus of a side that did not go out, a pot penalty where the
    pot was taken (or counted twice), and each buraco counted as another kind."""
    goal = goal_of(puzzle, ScoreGoal)
    slips = []
    if not goal.went_out:
        slips.append(Slip(rules.going_out_bonus, "going-out", Message("feedback.slip.not-out")))
    penalty = max(r.pot_not_taken_penalty for r in RULESETS.values())
    if not rules.pots:
        slips.append(Slip(-penalty, "score-alone", Message("feedback.slip.no-pots", {"rules": rules})))
    elif goal.took_pot and goal.pot_unused and rules.pot_unused_penalty:
        # the 100 for a pot taken but not used comes off once; none for a pot never taken
        slips.append(Slip(-rules.pot_not_taken_penalty, "pot-unused", Message("feedback.slip.pot-unused-once", {
            "n": rules.pot_unused_penalty})))
    elif goal.took_pot and not goal.pot_waiting:
        slips.append(Slip(-rules.pot_not_taken_penalty, "hand-score", Message("feedback.slip.pot-taken")))
    semi = max((r.semi_clean_bonus or 0) for r in RULESETS.values())
    for m in melds:
        kind, natural = m.buraco_type, m.natural_kind
        if kind is None or natural is None:
            continue
        facts = {"label": m.label_message, "wild": m.wild or "", "stands": m.wild_stands_for or "", "rules": rules}
        if natural == "semi-clean" and kind == "dirty":  # a semi-clean buraco this ruleset counts as dirty
            slips.append(Slip(semi - rules.dirty_bonus, "buraco-semi-clean", Message(
                "feedback.counted-as", {"natural": Message("buraco-kind.semi-clean"), "rules": rules,
                                        "counted": Message("buraco-kind.dirty")})))
        if kind == "semi-clean":
            slips.append(Slip(rules.dirty_bonus - m.bonus, "buraco-semi-clean", Message(
                "feedback.slip.semi-as-dirty", {**facts, "bonus": m.bonus, "dirty": rules.dirty_bonus})))
        if kind in ("royal", "ace-to-ace"):
            slips.append(Slip(rules.clean_bonus - m.bonus, BONUS_CLAUSES[kind], Message(
                "feedback.kind-is", {"kind": Message(f"teach.a-kind.{kind}"),
                                     "want": Message("teach.a-kind.clean")})))
        elif m.wild is not None:  # a buraco with a wild card counted as clean
            slips.append(Slip(rules.clean_bonus - m.bonus, BONUS_CLAUSES[kind], Message(
                "feedback.slip.wild-as-clean", facts)))
        if kind == "dirty" and natural == "dirty" and rules.semi_clean_bonus is not None:
            # a dirty buraco counted as semi-clean: the wild card stands inside, or too few naturals
            why = (Message("feedback.too-few-naturals", {"wild": m.wild, "n": len(m.natural_cards),
                                                         "min": rules.min_buraco})
                   if (m.kind == "run" and m.wild_index in (0, len(m) - 1)) or m.kind == "set"
                   else Message("feedback.wild-inside", {"wild": m.wild, "stands": m.wild_stands_for or ""}))
            slips.append(Slip(rules.semi_clean_bonus - m.bonus, "buraco-dirty", why))
    return slips


def _missed(puzzle: Puzzle, rules: Rules) -> dict[str, Message]:
    """Why each line of a side's score is there, by its label's key: a learner who left out the
    line reads why it counts."""
    return {
        "score-line.going-out": Message("feedback.slip.out-missed", {"points": rules.going_out_bonus}),
        "score-line.pot-never-taken": Message("feedback.slip.never-missed", {"points": rules.pot_not_taken_penalty}),
        "score-line.pot-waiting": Message("feedback.slip.waiting-missed", {"points": rules.pot_not_taken_penalty,
                                                                           "rules": rules}),
        "score-line.pot-unused": Message("feedback.slip.unused-missed", {"points": rules.pot_unused_penalty,
                                                                         "rules": rules}),
    }


class ScoreKind(Kind):
    name = "score"
    goal_type = ScoreGoal
    form = "number"
    clause = "hand-score"
    reveal_table = False
    hand_label = "widget.hand-left"
    table_label = "widget.side-melds"
    params = frozenset({"went_out", "pot"})
    keeps = ("went_out",)
    look_on_miss = False  # a wrong total names its slip; where to look only when none explains it

    def prompt(self, puzzle: Puzzle) -> Message:
        return Message("prompt.score", {"rules": puzzle.ruleset})

    def facts(self, puzzle: Puzzle) -> tuple[Message, ...]:
        goal = goal_of(puzzle, ScoreGoal)
        rules = puzzle.ruleset
        facts = [Message("fact.went-out" if goal.went_out else "fact.not-out")]
        if rules.pots:
            if goal.pot_waiting:
                facts.append(Message("fact.pot-waiting"))
            elif not goal.took_pot:
                facts.append(Message("fact.pot-never-taken"))
            elif goal.pot_unused:
                facts.append(Message("fact.pot-unused"))
            else:
                facts.append(Message("fact.pot-taken"))
        else:
            facts.append(Message("fact.no-pots"))
        return tuple(facts)

    def check(self, puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
        n = read_int(answer)
        score = score_of(puzzle, rules)
        lines = tuple(Line(item.label, item.points, item.rule, item.detail) for item in score.items)
        clauses = [line.rule for line in lines if line.rule] + ["hand-score", "card-values"]
        if not rules.pots and "score-alone" in puzzle.clauses:
            clauses.insert(0, "score-alone")
        if n == score.total:
            scores = "feedback.side-scores" if rules.partnerships else "feedback.player-scores"  # Brazilian: alone
            return right(puzzle, clauses, Message(scores, {"total": score.total}), lines=lines)
        melds = [make_meld(m, rules) for m in puzzle.table]
        said = Message("feedback.not-number", {"n": n})
        house = house_slip(n, rules, lambda r: int(score_of(puzzle, r).total), _SCORE_FIELDS)
        if house is not None:
            return wrong(puzzle, [*house[0], "hand-score"], said, house[1], lines=lines)
        found = diagnose(n, score.total, lines, _slips(puzzle, rules, melds), _missed(puzzle, rules))
        if found is not None:
            return wrong(puzzle, [*found[0], "hand-score"], said, found[1], lines=lines)
        return wrong(puzzle, ["hand-score", "card-points"], said, self.look(puzzle), lines=lines)

    def solve(self, puzzle: Puzzle) -> object | None:
        return int(score_of(puzzle, puzzle.ruleset).total)

    def where(self, puzzle: Puzzle) -> Message:
        """This side's lines to count: its melds and buracos, going out, its pot, its cards left."""
        goal = goal_of(puzzle, ScoreGoal)
        rules = puzzle.ruleset
        melds = [make_meld(m, rules) for m in puzzle.table]
        buracos = tuple(m.label_message for m in melds if m.is_buraco) or Message("hint.here.buracos-none")
        if not rules.pots:
            pot = "hint.here.score-no-pots"
        elif goal.pot_waiting:
            pot = "hint.here.score-pot-waiting"
        elif not goal.took_pot:
            pot = "hint.here.score-pot-never"
        elif goal.pot_unused and rules.pot_unused_penalty:
            pot = "hint.here.score-pot-unused"
        else:
            pot = "hint.here.score-pot-taken"
        left = (Message("hint.here.score-left", {"n": len(puzzle.hand)}) if puzzle.hand
                else Message("hint.here.score-none-left"))
        return Message("hint.here.score", {
            "melds": len(melds), "buracos": buracos, "pot": Message(pot), "left": left,
            "out": Message("hint.here.score-out" if goal.went_out else "hint.here.score-not-out")})

    def show_answer(self, puzzle: Puzzle, answer: object) -> Message:
        return Message("hint.answer-points", {"points": answer})

    def tempting(self, puzzle: Puzzle) -> tuple[object, ...]:
        score = score_of(puzzle, puzzle.ruleset)
        return tuple(dict.fromkeys(score.total - item.points for item in score.items if item.points))

    def generate(self, rng: random.Random, rules: Rules, params: Params) -> Puzzle | None:
        deck = Deck(rules, rng)
        went_out = params.get("went_out")
        pot = params.get("pot")
        if went_out is None:
            went_out = rng.random() < 0.5 and pot not in ("waiting", "unused", "never")
        melds: list[Meld] = []
        if went_out or rng.random() < 0.6:
            want = "clean" if (went_out and rules.out_needs_clean) or rng.random() < 0.5 else "dirty"
            cards = buraco_cards(rng, deck, rules, want)
            if cards is None:
                return None
            melds.append(make_meld(cards, rules))
        for _ in range(rng.randint(1, 3)):
            cards = meld_cards(rng, deck, rules, length=rng.randint(3, 5), wild=rng.choice([None, None, "gap"]))
            if cards is not None:
                melds.append(make_meld(cards, rules))
        if not melds:
            return None
        left = deck.random(rng.randint(0, 4) if went_out else rng.randint(1, 8))
        goal: dict[str, object] = {"went_out": bool(went_out)}
        if rules.pots:
            if pot is None:
                pot = "taken" if went_out else rng.choice(["taken", "taken", "never"])
            if went_out and pot != "taken":
                return None
            goal["took_pot"] = pot in ("taken", "unused")
            if pot == "waiting":
                goal["pot_waiting"] = True
            if pot == "unused":
                goal["pot_unused"] = True
        else:
            goal["took_pot"] = False
        return Puzzle(id="", kind=self.name, rules=rules_text(rules), table=tuple(format_cards(m.cards) for m in melds),
                      hand=tuple(c.code for c in left), goal=goal)

    def deals(self, rules: Rules) -> Mapping[str, Sequence[Params]]:
        out: dict[str, list[Params]] = {
            "hand-score": [{}], "card-points": [{"went_out": False}], "going-out": [{"went_out": True}]}
        if rules.pots:
            out["hand-score"] = [{"pot": "never"}, {}]
        if rules.pots and rules.pot_unused_penalty:
            out["pot-unused"] = [{"pot": "unused", "went_out": False}]
        if rules.pots and rules.indirect_pot.value == "next-turn":
            out["pot-waiting"] = [{"pot": "waiting", "went_out": False}]
        if not rules.partnerships:
            out["score-alone"] = [{}]
        return out


SCORE = ScoreKind()
