"""make-buraco: select cards from the hand that make a buraco of a kind.

Goal: ``buraco``: "clean", "dirty", "semi-clean", "royal", "ace-to-ace" or "any" (default). The
kind is counted as the puzzle's ruleset counts it (a semi-clean buraco counts as dirty in
``buraco``), and "clean" is any buraco without a wild card, as RULES.md's [buraco-clean] says: a
royal or an ace-to-ace run (Buraco Fechado) is clean too (the engine's :attr:`Meld.is_clean`).
Answer: cards from the hand, as for make-meld.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ....melds import Meld
from ....messages import Message
from ....rules import Rules
from ....scoring import BONUS_CLAUSES
from ....variants import rules_text
from ..deal import Deck, buraco_cards, buraco_kinds, hand_around
from ..puzzle import Goal, Puzzle, goal_of
from .base import Params
from .make_meld import MakeMeld, solve_cards

__all__ = ["BURACO_KINDS", "MAKE_BURACO", "MakeBuracoGoal", "buraco_problem"]

#: The buraco kinds a goal may ask for ("any": any buraco).
BURACO_KINDS: tuple[str, ...] = ("clean", "dirty", "semi-clean", "royal", "ace-to-ace", "any")


@dataclass(frozen=True)
class MakeBuracoGoal(Goal):
    buraco: str | None = None

    def __post_init__(self) -> None:
        if self.buraco is not None and self.buraco not in BURACO_KINDS:
            raise ValueError(f"goal buraco {self.buraco!r} is not a kind: choose one of {', '.join(BURACO_KINDS)}")


def buraco_problem(puzzle: Puzzle, meld: Meld, want: str) -> tuple[list[str], Message] | None:
    """Where a valid meld misses the buraco the task asks for: the clauses and why."""
    rules = meld.rules
    if not meld.is_buraco:
        return ["buraco"], Message("feedback.not-a-buraco", {"meld": meld.description, "n": len(meld),
                                                             "min": rules.min_buraco})
    counted = meld.buraco_type
    assert counted is not None
    if want in ("any", counted) or (want == "clean" and meld.is_clean):  # royal and ace-to-ace are clean
        return None
    natural = meld.natural_kind
    assert natural is not None
    clauses = [BONUS_CLAUSES[want], BONUS_CLAUSES[counted]]
    if natural != counted:
        why = Message("feedback.counted-as", {"natural": Message(f"buraco-kind.{natural}"), "rules": rules,
                                              "counted": Message(f"buraco-kind.{counted}")})
        clauses.insert(0, BONUS_CLAUSES[natural])
    elif meld.wild is not None and want in ("clean", "royal", "ace-to-ace"):
        why = Message("feedback.has-wild", {"wild": meld.wild, "stands": meld.wild_stands})
    elif want in ("royal", "ace-to-ace"):  # clean, and short of the ranks or the aces the kind needs
        why = Message("feedback.lacks-royal" if want == "royal" else "feedback.lacks-ace-to-ace",
                      {"n": len({c.rank for c in meld.cards}), "cards": len(meld)})
    elif meld.wild is None:
        why = Message("feedback.no-wild-so-clean", {"kind": Message(f"teach.a-kind.{counted}")})
    elif want == "semi-clean" and len(meld.natural_cards) < rules.min_buraco:
        why = Message("feedback.too-few-naturals", {"wild": meld.wild, "n": len(meld.natural_cards),
                                                    "min": rules.min_buraco})
    elif want == "semi-clean":
        why = Message("feedback.wild-inside", {"wild": meld.wild, "stands": meld.wild_stands})
    else:
        why = Message("feedback.kind-is", {"kind": Message(f"teach.a-kind.{counted}"),
                                           "want": Message(f"teach.a-kind.{want}")})
    return clauses, why


class MakeBuraco(MakeMeld):
    """Checked, solved and shown as make-meld is; the task is a buraco of a kind."""

    name = "make-buraco"
    goal_type = MakeBuracoGoal
    form = "cards"
    draws_meld = True
    clause = "buraco"
    params = frozenset({"buraco"})
    keeps = ("buraco",)

    def prompt(self, puzzle: Puzzle) -> Message:
        want = (goal_of(puzzle, MakeBuracoGoal).buraco or "any")
        if want == "any":
            return Message("prompt.make-any-buraco")
        return Message("prompt.make-buraco", {"kind": Message(f"teach.a-kind.{want}")})

    def problems(self, puzzle: Puzzle, rules: Rules) -> str | None:
        if not puzzle.hand:
            return "this puzzle needs a hand"
        return None

    def missed(self, puzzle: Puzzle, meld: Meld) -> tuple[list[str], Message] | None:
        return buraco_problem(puzzle, meld, str(goal_of(puzzle, MakeBuracoGoal).buraco or "any"))

    def solve(self, puzzle: Puzzle) -> object | None:
        rules = puzzle.ruleset
        return solve_cards(self, puzzle, rules, rules.min_buraco)

    def generate(self, rng: random.Random, rules: Rules, params: Params) -> Puzzle | None:
        kinds = buraco_kinds(rules)
        want = params.get("buraco") or rng.choice(kinds)
        if want not in kinds and want != "any":
            raise ValueError(f"{rules.name} has no {want} buraco of its own: choose one of {', '.join(kinds)}")
        deck = Deck(rules, rng)
        core = buraco_cards(rng, deck, rules, rng.choice(kinds) if want == "any" else want)
        if core is None:
            return None
        return Puzzle(id="", kind=self.name, rules=rules_text(rules), goal={"buraco": want},
                      hand=hand_around(rng, deck, core, len(core) + rng.randint(2, 4)))

    def deals(self, rules: Rules) -> Mapping[str, Sequence[Params]]:
        out: dict[str, list[Params]] = {"buraco": [{"buraco": "any"}]}
        for kind in buraco_kinds(rules):
            out[BONUS_CLAUSES[kind]] = [{"buraco": kind}]
        if rules.ace_to_ace:
            out["run-places"] = [{"buraco": "ace-to-ace"}]
        return out


MAKE_BURACO = MakeBuraco()
