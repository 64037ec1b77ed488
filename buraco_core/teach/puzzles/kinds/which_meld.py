"""which-is-meld: choose the group of cards that is a meld (``want: meld``, the default), the one
that is NOT a meld (``want: not-meld``), or the one meld without a wild card (``want: clean``).

``options`` holds the card groups; the answer is the 0-based option index. Exactly one option is
right (checked by ``check-puzzles``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ....cards import SUITS, Card, format_cards, parse_cards
from ....melds import InvalidMeld, make_meld
from ....messages import Message
from ....rules import Rules
from ....variants import rules_text
from ..answers import read_index
from ..deal import Deck, meld_cards, wrong_groups
from ..explain import meld_clauses, refusal_clauses
from ..feedback import Feedback
from ..puzzle import Goal, Puzzle, goal_of
from .base import Kind, Option, Params, right, wrong

__all__ = ["WHICH_MELD", "WhichGoal"]


@dataclass(frozen=True)
class WhichGoal(Goal):
    want: str | None = None

    @property
    def wanted(self) -> str:
        """The option asked for: ``want``, ``"meld"`` where the goal does not say."""
        return self.want or "meld"

    def __post_init__(self) -> None:
        if self.want not in (None, "meld", "not-meld", "clean"):
            raise ValueError(f"want is meld, not-meld or clean, not {self.want!r}")


class WhichMeld(Kind):
    name = "which-is-meld"
    goal_type = WhichGoal
    form = "choice"
    draws_meld = True
    clause = "run"
    params = frozenset({"wild", "want", "mistake"})
    keeps = ("want",)

    def prompt(self, puzzle: Puzzle) -> Message:
        want = goal_of(puzzle, WhichGoal).wanted
        return Message({"meld": "prompt.which-meld", "not-meld": "prompt.which-not-meld",
                        "clean": "prompt.which-clean"}[str(want)])

    def problems(self, puzzle: Puzzle, rules: Rules) -> str | None:
        if len(puzzle.options) < 2:
            return "a which-is-meld puzzle needs at least two options"
        for i, text in enumerate(puzzle.options):
            try:
                parse_cards(text)
            except ValueError as e:
                return f"option {i + 1}: {e}"
        rights = [i for i in range(len(puzzle.options)) if self.check(puzzle, rules, i).correct]
        if not rights:
            return "no option is a right answer: the engine accepts none of them"
        if len(rights) > 1:
            return f"options {', '.join(str(i + 1) for i in rights)} are all right answers: make exactly one right"
        return None

    def options(self, puzzle: Puzzle) -> tuple[Option, ...]:
        return tuple(Option(i, Message("widget.option", {"n": i + 1, "cards": tuple(parse_cards(o))}),
                            tuple(c.code for c in parse_cards(o)))
                     for i, o in enumerate(puzzle.options))

    def check(self, puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
        i = read_index(answer, len(puzzle.options))
        want = goal_of(puzzle, WhichGoal).wanted
        number = i + 1
        try:
            meld = make_meld(puzzle.options[i], rules)
        except InvalidMeld as e:
            why = Message("feedback.option-not-meld", {"n": number, "why": e.message})
            if want == "not-meld":
                return right(puzzle, refusal_clauses(e), why)
            return wrong(puzzle, refusal_clauses(e), "feedback.not-so", why)
        if want == "not-meld":
            return wrong(puzzle, meld_clauses(meld), "feedback.not-so",
                         Message("feedback.option-is-meld", {"n": number, "meld": meld.description}), meld=meld)
        if want == "clean" and meld.wild is not None:
            rule = "natural-two" if meld.wild.rank == 2 else "wild-one"
            return wrong(puzzle, [rule, "wild-one"], "feedback.not-so",
                         Message("feedback.option-has-wild", {"n": number, "wild": meld.wild,
                                                              "stands": meld.wild_stands}), meld=meld)
        said = "feedback.option-no-wild" if want == "clean" else "feedback.option-is-meld"  # the question's own words
        return right(puzzle, meld_clauses(meld), Message(said, {"n": number, "meld": meld.description}), meld=meld)

    def solve(self, puzzle: Puzzle) -> object | None:
        rules = puzzle.ruleset
        rights = [i for i in range(len(puzzle.options)) if self.check(puzzle, rules, i).correct]
        return rights[0] if rights else None

    def where(self, puzzle: Puzzle) -> Message:
        """The jokers and 2s of each group (each may be wild or natural), and what the others
        must be."""
        wilds = []
        for i, text in enumerate(puzzle.options):
            cards = tuple(c for c in parse_cards(text) if c.rank in (0, 2))
            if cards:
                wilds.append(Message("hint.here.which-option", {"n": i + 1, "cards": cards}))
        shown: object = tuple(wilds) if wilds else Message("hint.here.which-none")
        if goal_of(puzzle, WhichGoal).want == "clean":
            return Message("hint.here.which-clean", {"wilds": shown})
        return Message("hint.here.which", {"wilds": shown})

    def show_answer(self, puzzle: Puzzle, answer: object) -> Message:
        fb = self.check(puzzle, puzzle.ruleset, answer)
        return Message("hint.answer-option-why", {"n": int(answer) + 1, "why": fb.reason or ""})  # type: ignore[call-overload]

    def generate(self, rng: random.Random, rules: Rules, params: Params) -> Puzzle | None:
        if params.get("want") == "clean":
            return _clean_choice(rng, rules)
        wild = bool(params.get("wild", rng.random() < 0.5))
        mistake = params.get("mistake")
        odd_one_out = params.get("want") == "not-meld"
        deck = Deck(rules, rng)
        rights = []
        for _ in range(rng.choice([2, 3]) if odd_one_out else 1):
            cards = meld_cards(rng, deck, rules, length=rng.randint(3, 4),
                               wild=rng.choice(["gap", "end", None]) if wild else None)
            if cards is None:
                return None
            rights.append(cards)
        # three copies of one card break [deck] (two decks hold two): a distractor only where the
        # puzzle asks about the deck, never beside a question about runs and sets
        groups = [(g, rule) for g, rule in wrong_groups(rng, rules, wild or mistake in ("wild-one", "two-naturals"))
                  if (len(g) >= 3 or not odd_one_out) and (rule != "deck" or mistake == "deck")]
        if mistake is not None:
            chosen = [g for g, rule in groups if rule == mistake]
            if not chosen:
                return None
            first = rng.choice(chosen)
            others = [g for g, _ in groups if g is not first]
            wrongs = [first] if odd_one_out else [first, *rng.sample(others, min(len(others), rng.choice([1, 2])))]
        else:
            if len(groups) < 2:
                return None
            wrongs = [g for g, _ in rng.sample(groups, 1 if odd_one_out else rng.choice([2, 3]))]
        options = [*rights, *wrongs]
        for o in options:
            rng.shuffle(o)
        rng.shuffle(options)
        goal = {"want": "not-meld"} if odd_one_out else {}
        return Puzzle(id="", kind=self.name, rules=rules_text(rules), goal=goal,
                      options=tuple(format_cards(o) for o in options))

    def deals(self, rules: Rules) -> Mapping[str, Sequence[Params]]:
        out: dict[str, list[Params]] = {}
        for clause in ("run", "deck", "wild-one", "two-naturals", "no-sets", "set-brazilian", "set", "run-places"):
            out[clause] = [{"mistake": clause}]
        out["natural-two"] = [{"want": "clean"}]
        return out


def _clean_choice(rng: random.Random, rules: Rules) -> Puzzle | None:
    """One meld without a wild card (often holding its natural 2) among melds that have one: a 2
    away from its place, a 2 in a set."""
    suit = rng.choice(SUITS)
    deck = Deck(rules, rng)
    lo = rng.choice([1, 2, 2, rng.randint(3, 9)])
    clean = [Card(1 if p == 14 else p, suit) for p in range(lo, lo + 3)]
    other = rng.choice([s for s in SUITS if s != suit])
    hi = rng.randint(5, 11)
    options = [clean,
               [Card(hi, other), Card(hi + 1, other), Card(2, other)],       # the suit's 2, away from its place
               [Card(hi, suit), Card(hi + 2, suit), Card(2, rng.choice(SUITS))]]  # a 2 filling a gap
    if rules.allow_sets:
        rank = rng.randint(3, 13)
        options.append([Card(rank, s) for s in rng.sample(SUITS, 2)] + [Card(2, rng.choice(SUITS))])
    if not all(deck.take(o) for o in options):
        return None
    for o in options:
        rng.shuffle(o)
    rng.shuffle(options)
    return Puzzle(id="", kind=WHICH_MELD.name, rules=rules_text(rules), goal={"want": "clean"},
                  options=tuple(format_cards(o) for o in options))


WHICH_MELD = WhichMeld()
