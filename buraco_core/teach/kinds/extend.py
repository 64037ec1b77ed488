"""extend: add cards from the hand to a meld on the table.

Goal: ``meld`` (0-based index into ``table``; None: any), ``buraco`` (the kind the meld must
become, or "any"), ``min_cards``. Answer: ``(meld_index, cards)`` or ``{"meld": i, "cards": ...}``.
The feedback says what happened to the wild card (it stayed, moved, went home, or a natural 2
became it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...cards import format_cards
from ...melds import InvalidMeld, Meld, make_meld
from ...messages import Message
from ...rules import Rules
from ...variants import rules_text
from ..answers import pick_cards, read_extend
from ..deal import Deck, growing_meld, hand_around, meld_cards, place_card
from ..explain import meld_clauses, refusal_clauses, wild_change
from ..feedback import Feedback, join
from ..puzzle import Goal, Puzzle
from ..search import extend_candidates
from .base import Kind, right, wrong
from .make_buraco import BURACO_KINDS, buraco_problem
from .make_meld import goal_problem

__all__ = ["EXTEND", "ExtendGoal"]

#: What each shape of growth exercises (see :func:`buraco_core.teach.deal.growing_meld`).
SHAPE_CLAUSES = {"plain": "extend", "wild-stays": "extend", "wild-moves": "wild-moves",
                 "natural-two": "fewest-wilds", "wild-home": "wild-two-home"}


@dataclass(frozen=True)
class ExtendGoal(Goal):
    meld: int | None = None
    buraco: str | None = None
    min_cards: int | None = None

    def __post_init__(self) -> None:
        if self.buraco is not None and self.buraco not in BURACO_KINDS:
            raise ValueError(f"goal buraco {self.buraco!r} is not a kind: choose one of {', '.join(BURACO_KINDS)}")
        if self.meld is not None and (isinstance(self.meld, bool) or not isinstance(self.meld, int)):
            raise ValueError(f"goal meld is a meld index (0 for the first), not {self.meld!r}")


class Extend(Kind):
    name = "extend"
    goal_type = ExtendGoal
    form = "extend"
    draws_meld = True
    clause = "extend"
    hand_label = "widget.your-hand"
    table_label = "widget.table-click"
    params = frozenset({"wild", "buraco", "shape"})
    keeps = ("buraco",)

    def prompt(self, puzzle: Puzzle) -> Message:
        meld = puzzle.goal.get("meld")
        target = (Message("prompt.meld-number", {"n": int(meld) + 1}) if meld is not None
                  else Message("prompt.a-meld-on-the-table"))
        buraco = puzzle.goal.get("buraco")
        end = (Message("prompt.becomes-buraco", {"kind": Message(f"teach.a-kind.{buraco}")})
               if buraco and buraco != "any" else Message("prompt.becomes-any-buraco") if buraco
               else Message("teach.nothing"))
        return Message("prompt.extend", {"target": target, "end": end})

    def problems(self, puzzle: Puzzle, rules: Rules) -> str | None:
        if not puzzle.table:
            return "an extend puzzle needs at least one meld on the table"
        want = puzzle.goal.get("meld")
        if want is not None and not 0 <= want < len(puzzle.table):
            return f"goal meld {want!r} is not a meld index (0 to {len(puzzle.table) - 1})"
        return None

    def check(self, puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
        index, raw = read_extend(answer, len(puzzle.table))
        want = puzzle.goal.get("meld")
        if want is not None and int(want) != index:
            return wrong(puzzle, ["extend"], "feedback.not-the-task",
                         Message("feedback.other-meld", {"want": int(want) + 1, "got": index + 1}))
        cards = pick_cards(puzzle.hand_cards, raw)
        old = make_meld(puzzle.table[index], rules)
        try:
            new = old.extend(cards, rules)
        except InvalidMeld as e:
            candidates = refusal_clauses(e)
            try:
                make_meld([*old.cards, *cards], rules)
                candidates.insert(0, "extend")  # a fresh meld of all the cards is fine: places stay
            except InvalidMeld:
                pass
            return wrong(puzzle, candidates, "feedback.cannot-add",
                         Message("feedback.cannot-add-why", {"cards": tuple(cards), "meld": old.cards,
                                                             "why": e.message}))
        missed = goal_problem(puzzle, new)
        buraco = puzzle.goal.get("buraco")
        if missed is None and buraco:
            missed = buraco_problem(puzzle, new, str(buraco))
        if missed is not None:
            return wrong(puzzle, missed[0], "feedback.not-the-task", missed[1], meld=new)
        story, clause = wild_change(old, new)
        reason = join(Message("feedback.grows", {"old": old.cards, "new": new.cards}), story,
                      Message("feedback.now", {"meld": new.description}))
        other = old.extend_or_reason(cards, rules, wild_end="high")
        if isinstance(other, Meld) and other.wild is not None and other.wild_index != new.wild_index:
            reason = join(reason, Message("feedback.other-end", {"wild": other.wild, "other": other.cards}))
        return right(puzzle, [clause, *meld_clauses(new), "extend"], reason, meld=new)

    def solve(self, puzzle: Puzzle) -> object | None:
        rules = puzzle.ruleset
        want = puzzle.goal.get("meld")
        found: tuple[int, list[str]] | None = None
        for i in range(len(puzzle.table)) if want is None else [int(want)]:
            meld = make_meld(puzzle.table[i], rules)
            for group in extend_candidates(puzzle.hand_cards, meld):
                codes = [c.code for c in group]
                fb = self.check(puzzle, rules, (i, codes))
                if fb.correct:  # fewest cards first; one that spends no wild card where one does
                    if fb.meld is None or fb.meld.wild is None or fb.meld.wild not in group:
                        return (i, codes)
                    found = found or (i, codes)
        return found

    def where(self, puzzle: Puzzle) -> Message:
        return Message("hint.where.extend")

    def show_answer(self, puzzle: Puzzle, answer: object) -> Message:
        index, cards = read_extend(answer, len(puzzle.table))
        return Message("hint.answer-extend", {"cards": tuple(pick_cards(puzzle.hand_cards, cards)),
                                              "meld": index + 1})

    def generate(self, rng: random.Random, rules: Rules, params: Mapping[str, Any]) -> Puzzle | None:
        deck = Deck(rules, rng)
        to_buraco = bool(params.get("buraco"))
        shape = params.get("shape")
        wild = params.get("wild")
        if shape is None:
            if wild is None:
                wild = rng.random() < 0.5
            shape = rng.choice(["wild-moves", "wild-moves", "natural-two"]) if wild and not to_buraco else (
                "wild-moves" if wild else "plain")
        n = rules.min_buraco
        grown = growing_meld(rng, deck, rules, shape,
                             length=rng.randint(n - 3, n - 1) if to_buraco else None)
        if grown is None:
            return None
        m, key = grown
        if to_buraco:
            # enough cards to reach a buraco: continue the run upward
            need = n - len(m) - len(key)
            if need > 0:
                if m.kind != "run":
                    return None
                places = set(range(m.low, m.low + len(m))) | {14 if k.rank == 1 else k.rank for k in key}
                hi = max(places)
                more = [place_card(p, m.suit) for p in range(hi + 1, hi + 1 + need) if p <= 14]
                if len(more) < need or not deck.take(more):
                    return None
                key = key + more
        others = []
        if rng.random() < 0.6:
            other = meld_cards(rng, deck, rules, length=3, wild=None)
            if other is not None:
                others.append(format_cards(make_meld(other, rules).cards))
        table = [format_cards(m.cards), *others]
        order = list(range(len(table)))
        rng.shuffle(order)
        table = [table[i] for i in order]
        goal: dict[str, Any] = {"meld": order.index(0)}
        if to_buraco:
            goal["buraco"] = "any"
        return Puzzle(id="", kind=self.name, rules=rules_text(rules), table=tuple(table), goal=goal,
                      hand=hand_around(rng, deck, key, len(key) + rng.randint(3, 5)))

    def deals(self, rules: Rules) -> Mapping[str, Sequence[Mapping[str, Any]]]:
        out: dict[str, list[Mapping[str, Any]]] = {}
        for shape, clause in SHAPE_CLAUSES.items():
            out.setdefault(clause, []).append({"shape": shape})
        out["buraco"] = [{"buraco": True}]
        return out


EXTEND = Extend()
