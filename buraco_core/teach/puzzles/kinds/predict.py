"""predict: say what a meld becomes before it is laid down or grown.

The table holds the meld (or nothing: the cards are laid down as a new meld); ``goal.add`` the
cards added (or laid down). ``goal.ask``:

- ``"wild"``: where the wild card goes: it stays, fills the gap, goes to the low or the high end,
  goes to an end the player chooses, goes home (a 2 of the run's suit at its own place: no wild
  card any more), or a natural 2 becomes the wild card; "back to your hand" is always wrong
  ([wild-stays]). For a new meld: where the wild card stands, or that a 2 is natural there.
- ``"kind"``: what the meld is now: a clean, semi-clean or dirty buraco (as the ruleset counts
  it), or a meld that is not a buraco yet, with or without a wild card.

The answer is one of the outcome names (:data:`WILD_OUTCOMES`, :data:`KIND_OUTCOMES`) or its
index among the puzzle's options. The engine decides: ``Meld.extend`` with each end, or
``make_meld``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ....cards import Card, format_cards, parse_cards
from ....melds import InvalidMeld, Meld, make_meld, wild_move
from ....messages import Message
from ....rules import Rules
from ....scoring import BONUS_CLAUSES
from ....variants import rules_text
from ..answers import read_choice
from ..deal import Deck, buraco_cards, buraco_kinds, growing_meld, make, meld_cards
from ..explain import is_worked_example, wild_end
from ..feedback import Feedback, join
from ..puzzle import Goal, Puzzle, goal_of
from .base import Kind, Option, Params, right, text_param, wrong

__all__ = ["KIND_OUTCOMES", "PREDICT", "WILD_OUTCOMES", "PredictGoal", "predict"]

#: Where a wild card can go, as the answers of an ``ask: wild`` puzzle.
WILD_OUTCOMES: tuple[str, ...] = ("stays", "gap", "low", "high", "choose", "home", "becomes", "natural",
                                  "hand")
#: What a meld can be, as the answers of an ``ask: kind`` puzzle.
KIND_OUTCOMES: tuple[str, ...] = ("clean-buraco", "semi-clean-buraco", "dirty-buraco", "clean-meld",
                                  "wild-meld")

#: The clause that decides each outcome.
_CLAUSE = {"stays": "extend", "gap": "wild-moves", "low": "wild-moves", "high": "wild-moves",
           "choose": "wild-moves", "home": "wild-two-home", "becomes": "fewest-wilds",
           "natural": "natural-two", "hand": "wild-stays", "clean-meld": "extend", "wild-meld": "wild-one"}


@dataclass(frozen=True)
class PredictGoal(Goal):
    """``add``: the cards added (or laid down); ``ask``: ``wild`` or ``kind``; ``offer``: the
    outcomes offered, where a lesson offers fewer than the kind's own (lesson 02 asks whether a
    meld is clean before lesson 03 has taught the kinds of buraco: ``offer: clean-meld
    wild-meld``)."""

    add: str | None = None
    ask: str | None = None
    offer: str | None = None

    def __post_init__(self) -> None:
        if self.ask not in (None, "wild", "kind"):
            raise ValueError(f"ask is wild or kind, not {self.ask!r}")
        if self.offer is not None:
            offer = self.offer if isinstance(self.offer, list | tuple) else str(self.offer).split()
            known = KIND_OUTCOMES if self.ask == "kind" else WILD_OUTCOMES
            unknown = [o for o in offer if o not in known]
            if unknown or len(offer) < 2:
                raise ValueError(f"offer lists two or more of {', '.join(known)}"
                                 + (f", not {', '.join(map(str, unknown))}" if unknown else ""))
            object.__setattr__(self, "offer", " ".join(map(str, offer)))
        if self.add is not None:
            object.__setattr__(self, "add", format_cards(parse_cards(str(self.add))))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards added (or laid down)."""
        return tuple(parse_cards(self.add or ""))

    @property
    def asks_kind(self) -> bool:
        """The question is the meld's kind after the play (else where its wild card goes)."""
        return self.ask == "kind"

    @property
    def offered(self) -> tuple[str, ...]:
        """The outcomes the lesson offers (none: the kind's own)."""
        return tuple((self.offer or "").split())


def _grown(puzzle: Puzzle, rules: Rules) -> tuple[Meld | None, Meld, Meld | None]:
    """(the meld on the table or None, the meld after with the low end for a moving wild card,
    the meld with the high end where that differs)."""
    cards = goal_of(puzzle, PredictGoal).cards
    if not puzzle.table:
        return None, make_meld(cards, rules), None
    old = make_meld(puzzle.table[0], rules)
    low: Meld | None = None
    high: Meld | None = None
    ends: tuple[Literal["low"], Literal["high"]] = ("low", "high")
    for end in ends:
        try:
            grown = old.extend(cards, rules, wild_end=end)
        except InvalidMeld:
            continue
        if end == "low":
            low = grown
        else:
            high = grown
    if low is None and high is None:
        old.extend(cards, rules)  # raises the engine's reason
    first = low or high
    assert first is not None
    other = high if low is not None and high is not None and high != low else None
    return old, first, other


def predict(puzzle: Puzzle) -> tuple[str, Meld | None, Meld]:
    """The right outcome of a predict puzzle, the meld before (or None) and after."""
    rules = puzzle.ruleset
    old, new, other = _grown(puzzle, rules)
    if goal_of(puzzle, PredictGoal).asks_kind:
        kind = new.buraco_type
        if kind is None:
            return ("clean-meld" if new.wild is None else "wild-meld"), old, new
        if new.is_clean:  # royal and ace-to-ace are clean buracos too
            return "clean-buraco", old, new
        return {"semi-clean": "semi-clean-buraco", "dirty": "dirty-buraco"}[kind], old, new
    if old is None:
        if new.wild is None:
            return "natural", old, new
        return _place(new), old, new
    if other is not None and other.wild_index != new.wild_index:
        return "choose", old, new
    move = wild_move(old, new)
    return (move or "natural") if move != "moved" else _place(new), old, new


def _place(meld: Meld) -> str:
    return wild_end(meld) or ("gap" if meld.kind == "run" and meld.wild_index is not None else "stays")


def _offered(puzzle: Puzzle, right_answer: str) -> tuple[str, ...]:
    if goal_of(puzzle, PredictGoal).offered:  # the lesson's own choices (problems() checks the answer is one)
        return goal_of(puzzle, PredictGoal).offered
    if goal_of(puzzle, PredictGoal).asks_kind:
        return KIND_OUTCOMES
    cards = goal_of(puzzle, PredictGoal).cards
    if not puzzle.table:  # "the 2 is a natural card" only where a 2 is laid down
        offered = ["low", "high", "gap", *(["natural"] if any(c.rank == 2 for c in cards) else [])]
        return tuple(offered) if right_answer in offered else (right_answer, *offered)
    old = make_meld(puzzle.table[0], puzzle.ruleset)
    twos = any(c.rank == 2 for c in (*old.cards, *cards))
    offered = ["stays", "gap", "low", "high", "choose"]
    if twos:
        offered += ["home", "becomes"]
    offered.append("hand")
    if right_answer not in offered:
        offered.insert(0, right_answer)
    return tuple(offered)


class Predict(Kind):
    name = "predict"
    goal_type = PredictGoal
    form = "choice"
    clause = "wild-moves"
    table_label = "widget.the-meld"
    params = frozenset({"ask", "shape", "buraco"})
    keeps = ("ask",)

    def prompt(self, puzzle: Puzzle) -> Message:
        cards = goal_of(puzzle, PredictGoal).cards
        if goal_of(puzzle, PredictGoal).asks_kind:
            return Message("prompt.predict-kind", {"cards": cards, "rules": puzzle.ruleset})
        if not puzzle.table:
            return Message("prompt.predict-new", {"cards": cards})
        old = make_meld(puzzle.table[0], puzzle.ruleset)
        if old.wild is None:  # no wild card to ask about: its natural 2, or whether it gets one
            two = next((c for c in old.cards if c.rank == 2), None)
            return (Message("prompt.predict-two", {"cards": cards, "two": two}) if two is not None
                    else Message("prompt.predict-no-wild", {"cards": cards}))
        return Message("prompt.predict-wild", {"cards": cards})

    def problems(self, puzzle: Puzzle, rules: Rules) -> str | None:
        if not goal_of(puzzle, PredictGoal).add:
            return "a predict puzzle needs goal 'add': the cards added (or laid down)"
        if len(puzzle.table) > 1:
            return "a predict puzzle shows one meld in 'table' (or none: the cards make a new meld)"
        try:
            _outcome, old, new = predict(puzzle)
        except InvalidMeld as e:
            return f"the cards cannot be added: {e}"
        if not goal_of(puzzle, PredictGoal).asks_kind and old is not None and old.wild is None and new.wild is None:
            return "no wild card before or after: ask 'kind' instead"
        offer = list(goal_of(puzzle, PredictGoal).offered)
        if offer and _outcome not in offer:
            return f"the right answer, {_outcome}, is not among the outcomes offered ({', '.join(offer)})"
        return None

    def options(self, puzzle: Puzzle) -> tuple[Option, ...]:
        outcome = predict(puzzle)[0]
        return tuple(Option(o, Message(f"outcome.predict.{o}")) for o in _offered(puzzle, outcome))

    def check(self, puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
        offered = _offered(puzzle, predict(puzzle)[0])
        chosen = read_choice(answer, offered)
        outcome, old, new = predict(puzzle)
        cards = goal_of(puzzle, PredictGoal).cards
        facts = {"cards": cards, "meld": new.description, "after": new.cards,
                 "wild": new.wild or (old.wild if old is not None else None) or "",
                 "stands": new.wild_stands or (old.wild_stands if old is not None else None) or "",
                 "was": (old.wild_stands if old is not None else None) or "", "rules": rules}
        if goal_of(puzzle, PredictGoal).asks_kind:
            clause = BONUS_CLAUSES[{"clean-buraco": "clean", "semi-clean-buraco": "semi-clean",
                                    "dirty-buraco": "dirty"}[outcome]] if outcome.endswith("buraco") \
                else ("wild-two-home" if old is not None and old.wild is not None and new.wild is None
                      else _CLAUSE[outcome])
            why = Message(f"feedback.predict.why-{outcome}", {
                **facts, "natural": Message(f"buraco-kind.{new.natural_kind}") if new.natural_kind else "",
                "n": len(new), "min": rules.min_buraco})
            counted_as_dirty = new.natural_kind != new.buraco_type and new.natural_kind == "semi-clean"
            candidates = [clause, "buraco"]
            if outcome == "clean-buraco" and new.buraco_type in ("royal", "ace-to-ace"):
                candidates.insert(1, BONUS_CLAUSES[new.buraco_type])  # clean, and a kind of its own
            if counted_as_dirty:
                candidates = ["buraco-semi-clean", BONUS_CLAUSES[new.buraco_type or "dirty"], "buraco"]
                if chosen == "semi-clean-buraco":  # its cards read semi-clean: the ruleset has no such kind
                    why = Message("feedback.predict.no-semi-clean", facts)
            if is_worked_example(new):
                candidates.insert(0, "worked-example")
            if chosen == outcome:
                return right(puzzle, candidates, join(why, Message("feedback.predict.now", facts)),
                             meld=new)
            # the one slip refuted in words (a ruleset without semi-clean buracos); the rest pointed at
            refuted: Message | None = why if counted_as_dirty and chosen == "semi-clean-buraco" else None
            return wrong(puzzle, candidates, "feedback.predict.not-so", refuted or self.look(puzzle))
        if old is None and outcome in ("low", "high", "gap"):
            clause = "wild-place" if outcome != "gap" else "wild-one"
        else:
            clause = _CLAUSE[outcome]
        key = f"{'new' if old is None else 'why'}-{outcome}"
        if key == "new-low" and new.cards[-1].rank == 1:  # the run ends at the ace: no choice of end
            two = new.wild is not None and new.wild.rank == 2 and new.wild.suit == new.suit
            key = "new-corner" if two else "new-low-ace"
        why = Message(f"feedback.predict.{key}", facts)
        candidates = [clause, "wild-moves"]
        suit_twos = new.kind == "run" and any(c.rank == 2 and c.suit == new.suit
                                              for c in (*cards, *(old.cards if old is not None else ())))
        if suit_twos:  # a 2 of the run's suit: natural at its place, else the wild card
            candidates += ["natural-two", "fewest-wilds"]
            if chosen == "natural" and outcome != "natural":  # the slip is the natural 2: its rule first
                candidates.insert(0, candidates.pop(candidates.index("natural-two")))
        if chosen == outcome:
            return right(puzzle, candidates, join(why, Message("feedback.predict.now", facts)), meld=new)
        if chosen == "hand":
            return wrong(puzzle, ["wild-stays"], "feedback.predict.not-so",
                         Message("feedback.predict.never-hand", facts))
        # a wrong choice is refuted where that leaves the right one open, else pointed at
        moves = old is not None and old.wild is not None and outcome in ("gap", "low", "high", "choose")
        if moves and chosen == "stays":
            assert old is not None
            refuted = Message("feedback.predict.not-stays", {
                "cards": cards, "n": len(cards), "wild": old.wild, "stands": old.wild_stands_for})
        elif moves and chosen == "gap" and outcome != "gap":
            refuted = Message("feedback.predict.not-gap", {"cards": cards, "n": len(cards)})
        elif moves and chosen == "low" and outcome == "choose":  # the default end, where the player may choose
            assert old is not None
            refuted = Message("feedback.predict.not-low", {"cards": cards, "n": len(cards), "wild": old.wild})
        else:
            refuted = None
        return wrong(puzzle, candidates, "feedback.predict.not-so", refuted or self.look(puzzle))

    def solve(self, puzzle: Puzzle) -> object | None:
        return predict(puzzle)[0]

    def where(self, puzzle: Puzzle) -> Message:
        """The cards added and the meld's wild card (or its natural 2): the place they take, the
        gaps and ends left; for ``ask: kind`` the count and where the wild card stands."""
        cards = goal_of(puzzle, PredictGoal).cards
        _outcome, old, new = predict(puzzle)
        if goal_of(puzzle, PredictGoal).asks_kind:
            wild = (Message("hint.here.predict-kind-wild" if new.kind == "run" else "hint.here.predict-kind-wild-set",
                            {"wild": new.wild}) if new.wild is not None else Message("teach.nothing"))
            return Message("hint.here.predict-kind", {"cards": cards, "n": len(new),
                                                      "min": puzzle.ruleset.min_buraco, "wild": wild})
        if old is None:
            return Message("hint.here.predict-new", {"cards": cards})
        if old.kind == "run" and old.wild is not None:
            return Message("hint.here.predict-wild", {"old": old.cards, "wild": old.wild, "n": len(cards),
                                                      "stands": old.wild_stands_for, "cards": cards})
        two = next((c for c in old.natural_cards if c.rank == 2 and c.suit == old.suit), None)
        if old.kind == "run" and two is not None:
            return Message("hint.here.predict-two", {"old": old.cards, "two": two, "cards": cards, "n": len(cards)})
        return Message("hint.where.predict-wild")

    def show_answer(self, puzzle: Puzzle, answer: object) -> Message:
        return self.answer_and_why(puzzle, answer, Message(f"outcome.predict.{answer}"))

    def generate(self, rng: random.Random, rules: Rules, params: Params) -> Puzzle | None:
        deck = Deck(rules, rng)
        ask = params.get("ask") or "wild"
        shape = text_param(params, "shape")
        if ask == "kind":
            want = text_param(params, "buraco") or rng.choice(buraco_kinds(rules)[:3])
            if want not in ("clean", "dirty", "semi-clean"):
                return None
            cards = buraco_cards(rng, deck, rules, want)
            if cards is None or len(cards) < 4:
                return None
            m = make(cards, rules)
            if m is None or m.kind != "run":
                return None
            # the last natural card at an end arrives last
            end = m.cards[-1] if m.wild_index != len(m.cards) - 1 else m.cards[0]
            rest = list(m.cards)
            rest.remove(end)
            base = make(rest, rules)
            if base is None or not base.can_extend([end]):
                return None
            return Puzzle(id="", kind=self.name, rules=rules_text(rules), table=(format_cards(base.cards),),
                          goal={"add": end.code, "ask": "kind"})
        if shape == "natural":
            suit = rng.choice(list("shdc"))
            lo = rng.choice([1, 2])
            cards = [Card(1 if q == 14 else q, suit) for q in range(lo, lo + rng.randint(3, 4))]
            if not deck.take(cards):
                return None
            rng.shuffle(cards)
            return Puzzle(id="", kind=self.name, rules=rules_text(rules), goal={"add": format_cards(cards), "ask": "wild"})
        if shape == "new":
            cards = meld_cards(rng, deck, rules, length=rng.randint(3, 4), wild=rng.choice(["gap", "end"]),
                               kind="run")
            if cards is None:
                return None
            rng.shuffle(cards)
            return Puzzle(id="", kind=self.name, rules=rules_text(rules), goal={"add": format_cards(cards), "ask": "wild"})
        grown = growing_meld(rng, deck, rules, shape or rng.choice(["wild-moves", "wild-stays", "natural-two",
                                                                    "wild-home"]))
        if grown is None:
            return None
        m, key = grown
        return Puzzle(id="", kind=self.name, rules=rules_text(rules), table=(format_cards(m.cards),),
                      goal={"add": format_cards(key), "ask": "wild"})

    def deals(self, rules: Rules) -> Mapping[str, Sequence[Params]]:
        out: dict[str, list[Params]] = {
            "wild-moves": [{"shape": "wild-moves"}],
            "extend": [{"shape": "wild-stays"}],
            "wild-stays": [{"shape": "wild-moves"}, {"shape": "wild-stays"}],
            "fewest-wilds": [{"shape": "natural-two"}],
            "wild-two-home": [{"shape": "wild-home"}],
            "wild-place": [{"shape": "new"}],
            "natural-two": [{"shape": "natural"}],
            "buraco-clean": [{"ask": "kind", "buraco": "clean"}],
            "buraco-dirty": [{"ask": "kind", "buraco": "dirty"}],
            "buraco-semi-clean": [{"ask": "kind", "buraco": "semi-clean"}],
        }
        return out


PREDICT = Predict()
