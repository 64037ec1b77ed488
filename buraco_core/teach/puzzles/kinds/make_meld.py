"""make-meld: select cards from the hand that make a meld.

Goal: ``meld_kind`` ("run" / "set"), ``min_cards``, ``wild`` (True: the meld holds a wild card;
False: none), ``wild_at`` ("gap": the wild card fills a gap between two cards of a run; "end":
it stands at an end). Answer: cards from the hand (codes, Cards, ``"4h 5h 6h"`` or 0-based
indices).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from ....jsondata import whole
from ....melds import InvalidMeld, Meld, make_meld
from ....messages import Message
from ....rules import Rules
from ....variants import rules_text
from ..answers import pick_cards
from ..deal import Deck, hand_around, meld_cards, run_cards
from ..explain import meld_clauses, refusal_clauses
from ..feedback import Feedback
from ..look import meld_pointer
from ..puzzle import Goal, Puzzle, goal_of
from ..search import meld_candidates
from .base import Kind, Params, right, text_param, wrong

__all__ = ["MAKE_MELD", "MakeMeldGoal", "goal_problem", "solve_cards"]


@dataclass(frozen=True)
class MakeMeldGoal(Goal):
    meld_kind: str | None = None
    min_cards: int | None = None
    wild: bool | None = None
    wild_at: str | None = None

    def __post_init__(self) -> None:
        if self.meld_kind not in (None, "run", "set"):
            raise ValueError(f"meld_kind is run or set, not {self.meld_kind!r}")
        if self.wild_at not in (None, "gap", "end"):
            raise ValueError(f"wild_at is gap or end, not {self.wild_at!r}")


def goal_problem(kind_goal: MakeMeldGoal, meld: Meld) -> tuple[list[str], Message] | None:
    """Where a valid meld misses what a make-meld task asks (an extend task asks one of them, its
    length): the clauses and why."""
    want_kind = kind_goal.meld_kind
    if want_kind and meld.kind != want_kind:
        return [str(want_kind), meld.kind], Message("feedback.meld-kind", {
            "meld": meld.description, "want": Message(f"prompt.a-{want_kind}")})
    min_cards = kind_goal.min_cards
    if min_cards and len(meld) < whole(min_cards):
        return [meld.kind], Message("feedback.min-cards", {"n": len(meld), "min": whole(min_cards)})
    wild = kind_goal.wild
    if wild is True and meld.wild is None:
        return ["wild-one", "natural-two"], Message("feedback.wants-wild", {"meld": meld.description})
    if wild is False and meld.wild is not None:
        rule = "natural-two" if meld.wild.rank == 2 else "wild-one"
        return [rule, "wild-one"], Message("feedback.wants-no-wild", {"wild": meld.wild,
                                                                      "stands": meld.wild_stands})
    at = kind_goal.wild_at
    if at and meld.wild is not None and meld.kind == "run":
        at_end = meld.wild_index in (0, len(meld) - 1)
        if at == "gap" and at_end:
            return ["wild-place", "wild-one"], Message("feedback.wild-at-end", {
                "wild": meld.wild, "stands": meld.wild_stands})
        if at == "end" and not at_end:
            return ["wild-place", "wild-one"], Message("feedback.wild-in-gap", {
                "wild": meld.wild, "stands": meld.wild_stands})
    if at and meld.wild is None:
        return ["wild-one"], Message("feedback.wants-wild", {"meld": meld.description})
    return None


def solve_cards(kind: Kind, puzzle: Puzzle, rules: Rules, shortest: int = 3) -> list[str] | None:
    """A right answer of a cards puzzle: one without a wild card where there is one (the answer a
    hint shows should not spend a wild card a clean meld does without); ``shortest``: the fewest
    cards a right answer can have."""
    groups = [g for g in meld_candidates(puzzle.hand_cards) if len(g) >= shortest]
    natural = [g for g in groups if not any(c.rank in (0, 2) for c in g)]
    found: list[str] | None = None
    for group in [*natural, *(g for g in groups if any(c.rank in (0, 2) for c in g))]:
        codes = [c.code for c in group]
        fb = kind.check(puzzle, rules, codes)
        if fb.correct:
            if fb.meld is None or fb.meld.wild is None:
                return codes
            found = found or codes
    return found


class MakeMeld(Kind):
    name = "make-meld"
    goal_type: ClassVar[type[Goal]] = MakeMeldGoal
    form = "cards"
    draws_meld = True
    clause = "run"
    params = frozenset({"meld_kind", "wild", "wild_at", "ace"})
    keeps: ClassVar[tuple[str, ...]] = ("meld_kind", "wild", "wild_at")

    def prompt(self, puzzle: Puzzle) -> Message:
        goal = goal_of(puzzle, MakeMeldGoal)
        what = Message(f"prompt.a-{goal.get('meld_kind') or 'meld'}")
        more = Message("prompt.at-least", {"n": goal.min_cards}) if goal.min_cards else None
        wild = goal.wild
        at = goal.wild_at
        extra = (Message("prompt.wild-in-gap") if at == "gap" else Message("prompt.wild-at-end") if at == "end"
                 else Message("prompt.with-wild") if wild else Message("prompt.without-wild") if wild is False
                 else None)
        return Message("prompt.make-meld", {"what": what, "more": more or Message("teach.nothing"),
                                            "extra": extra or Message("teach.nothing")})

    def problems(self, puzzle: Puzzle, rules: Rules) -> str | None:
        if not puzzle.hand:
            return "this puzzle needs a hand"
        if goal_of(puzzle, MakeMeldGoal).meld_kind == "set" and not rules.allow_sets:
            return f"{rules.name} has no sets: a set cannot be the goal"
        return None

    def missed(self, puzzle: Puzzle, meld: Meld) -> tuple[list[str], Message] | None:
        """Where a valid meld misses the task: the clauses and why (None: it does not)."""
        return goal_problem(goal_of(puzzle, MakeMeldGoal), meld)

    def check(self, puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
        cards = pick_cards(puzzle.hand_cards, answer)
        try:
            meld = make_meld(cards, rules)
        except InvalidMeld as e:
            return wrong(puzzle, refusal_clauses(e), "feedback.not-a-meld", Message("feedback.sentence", {"why": e.message}))
        missed = self.missed(puzzle, meld)
        if missed is not None:
            return wrong(puzzle, missed[0], "feedback.not-the-task", missed[1], meld=meld)
        return right(puzzle, meld_clauses(meld), Message("feedback.sentence", {"why": meld.description}), meld=meld)

    def solve(self, puzzle: Puzzle) -> object | None:
        return solve_cards(self, puzzle, puzzle.ruleset, whole(goal_of(puzzle, MakeMeldGoal).min_cards or 3))

    def where(self, puzzle: Puzzle) -> Message:
        """The suit or rank of the hand that holds the engine's answer, and its wild card."""
        answer = self.solve(puzzle)
        if answer is None:
            return Message("hint.where.meld")
        meld = make_meld(pick_cards(puzzle.hand_cards, answer), puzzle.ruleset)
        return meld_pointer(meld, buraco=self.name == "make-buraco")

    def show_answer(self, puzzle: Puzzle, answer: object) -> Message:
        return Message("hint.answer-cards", {"cards": tuple(pick_cards(puzzle.hand_cards, answer))})

    def generate(self, rng: random.Random, rules: Rules, params: Params) -> Puzzle | None:
        deck = Deck(rules, rng)
        wild_param = params.get("wild")
        at = text_param(params, "wild_at")
        if at:
            wild: str | None = at
        elif wild_param is None:
            wild = rng.choice([None, None, "gap", "end"])
        else:
            wild = rng.choice(["gap", "end"]) if wild_param else None
        meld_kind = text_param(params, "meld_kind")
        if at and meld_kind is None:
            meld_kind = "run"
        if params.get("ace"):
            length = rng.randint(3, 4)
            cards, _, _ = run_cards(rng, rules, length, lo=rng.choice([1, 15 - length]))
            core = cards if deck.take(cards) and any(c.rank == 1 for c in cards) else None
            meld_kind = "run"
        else:
            core = meld_cards(rng, deck, rules, length=rng.randint(3, 5), wild=wild, kind=meld_kind)
        if core is None:
            return None
        goal: dict[str, object] = {}
        if meld_kind:
            goal["meld_kind"] = meld_kind
        if wild_param is not None:
            goal["wild"] = bool(wild_param)
        if at:
            goal["wild_at"] = at
        hand = hand_around(rng, deck, core, rng.randint(7, 10))
        if params.get("ace") is False and any(code.startswith("A") for code in hand):
            return None  # no ace at all: before lesson 01 teaches the ace high or low
        return Puzzle(id="", kind=self.name, rules=rules_text(rules), goal=goal, hand=hand)

    def deals(self, rules: Rules) -> Mapping[str, Sequence[Params]]:
        out: dict[str, list[Params]] = {
            "run": [{"meld_kind": "run", "wild": False}],
            "wild-one": [{"wild": True}],
            "wild-place": [{"wild_at": "gap"}, {"wild_at": "end"}],
            "run-places": [{"ace": True}],
        }
        if rules.allow_sets:
            out["set"] = [{"meld_kind": "set", "wild": False}]
            if rules.set_max_cards is not None or rules.set_distinct_suits:
                out["set-brazilian"] = [{"meld_kind": "set"}]
        else:
            out["no-sets"] = [{}]
        return out


MAKE_MELD = MakeMeld()
