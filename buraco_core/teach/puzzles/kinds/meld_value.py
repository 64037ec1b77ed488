"""meld-value: how many points is the meld on the table worth (``table[0]``)?

The answer is a whole number. A wrong number is diagnosed: the buraco bonus left out or counted
as another kind, the card points of another ruleset, or the card values to count again, card by
card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ....cards import Card, format_cards
from ....melds import Meld, make_meld
from ....messages import Message
from ....rules import RULESETS, Rules
from ....scoring import BONUS_CLAUSES
from ....variants import rules_text
from ..answers import read_int
from ..deal import Deck, buraco_cards, buraco_kinds, meld_cards
from ..explain import WORKED_EXAMPLE, meld_clauses
from ..feedback import Feedback, Line, join
from ..puzzle import Goal, Puzzle
from .base import Kind, Params, right, text_param, wrong

__all__ = ["MELD_VALUE", "MeldValueGoal", "apart_message", "meld_lines"]


@dataclass(frozen=True)
class MeldValueGoal(Goal):
    pass


def meld_lines(meld: Meld) -> tuple[Line, ...]:
    """A meld's points as lines: its cards, card by card, and its buraco bonus."""
    values = meld.rules.card_values
    each = tuple(Message("score-line.card", {"card": c, "points": values[c.rank]}) for c in meld.cards)
    lines = [Line(Message("feedback.line.card-points"), meld.card_points, "card-values",
                  Message("score-line.cards", {"cards": each, "sum": meld.card_points}))]
    kind = meld.buraco_type
    if meld.bonus and kind is not None:
        lines.append(Line(Message("feedback.line.bonus", {"kind": Message(f"buraco-kind.{kind}")}),
                          meld.bonus, BONUS_CLAUSES[kind]))
    return tuple(lines)


def apart_message(meld: Meld) -> Message:
    """Where to look first in the meld: its jokers, 2s and aces, which the rule of card values
    names apart from the ranks 3 to K (nothing where the meld has none)."""
    apart = tuple(c for c in meld.cards if c.rank in (0, 1, 2))
    if not apart:
        return Message("teach.nothing")
    return Message("hint.here.value-apart", {"cards": apart, "n": len(apart)})


def _bonuses(rules: Rules) -> list[tuple[str, int]]:
    """Each buraco kind with the bonus a learner might give it: this ruleset's, or where this one
    has no such kind, the preset that has one."""
    out = [("clean", rules.clean_bonus), ("dirty", rules.dirty_bonus)]
    for kind, field in (("semi-clean", "semi_clean_bonus"), ("royal", "royal_bonus"),
                        ("ace-to-ace", "ace_to_ace_bonus")):
        own = getattr(rules, field)
        known = [own] if own is not None else sorted({getattr(r, field) for r in RULESETS.values()} - {None})
        out += [(kind, int(b)) for b in known]
    return out


def _house_bonus(meld: Meld) -> tuple[Rules, int] | None:
    """(the preset, its bonus) where a house rule changed the bonus of the meld's buraco kind."""
    preset = RULESETS[meld.rules.name]
    if meld.buraco_type is None or preset == meld.rules:
        return None
    own = make_meld(meld.cards, preset)
    return (preset, own.bonus) if own.buraco_type == meld.buraco_type and own.bonus != meld.bonus else None


def _wild_left_out(meld: Meld, n: int) -> Card | None:
    """The 2 or joker of the meld whose value ``n`` leaves out, if it is one."""
    values = meld.rules.card_values
    return next((c for c in meld.cards if c.rank in (0, 2) and values[c.rank] and n == meld.points - values[c.rank]),
                None)


def _other_values(meld: Meld, n: int) -> Rules | None:
    """The preset whose card values give ``n`` for the meld, where the ruleset's differ."""
    return next((p for p in RULESETS.values() if p.card_values != meld.rules.card_values
                 and n == sum(p.card_values[c.rank] for c in meld.cards) + meld.bonus), None)


class MeldValue(Kind):
    name = "meld-value"
    goal_type = MeldValueGoal
    form = "number"
    clause = "card-values"
    reveal_table = False
    params = frozenset({"buraco", "wild", "kind", "worked"})
    look_on_miss = False  # a wrong number names its slip, or says to count again card by card

    def prompt(self, puzzle: Puzzle) -> Message:
        return Message("prompt.meld-value", {"rules": puzzle.ruleset})

    def problems(self, puzzle: Puzzle, rules: Rules) -> str | None:
        if len(puzzle.table) != 1:
            return "a meld-value puzzle needs exactly one meld in 'table'"
        return None

    def check(self, puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
        n = read_int(answer)
        meld = make_meld(puzzle.table[0], rules)
        lines = meld_lines(meld)
        worked = ["worked-example"] if "worked-example" in meld_clauses(meld) else []
        kind = meld.buraco_type
        if n == meld.points:
            why = Message("feedback.sentence", {"why": meld.description})
            natural = meld.natural_kind
            if kind is not None and natural is not None and natural != kind:  # semi-clean counted as dirty
                why = Message("feedback.then-sentence", {"first": why, "then": Message("feedback.counted-as", {
                    "natural": Message(f"buraco-kind.{natural}"), "rules": rules,
                    "counted": Message(f"buraco-kind.{kind}")})})
            return right(puzzle, [*meld_clauses(meld), "card-values"], why, lines=lines, meld=meld)
        said = Message("feedback.not-number", {"n": n})
        if kind is not None and n == meld.card_points:
            return wrong(puzzle, [BONUS_CLAUSES[kind], *worked, "buraco"], said,
                         Message("feedback.bonus-left-out", {"kind": Message(f"buraco-kind.{kind}")}),
                         lines=lines, meld=meld)
        house = _house_bonus(meld)
        if house is not None and n == meld.card_points + house[1]:  # the preset's bonus, not the house's
            return wrong(puzzle, [BONUS_CLAUSES[kind or "clean"], *worked, "buraco"], said, Message(
                "feedback.house-bonus", {"preset": house[0], "preset_bonus": house[1], "rules": rules,
                                         "kind": Message(f"teach.a-kind.{kind}"), "bonus": meld.bonus}),
                lines=lines, meld=meld)
        if kind is not None:
            for other, bonus in _bonuses(rules):
                if other != kind and n == meld.card_points + bonus:
                    natural = meld.natural_kind or kind
                    why = (Message("feedback.counted-as", {"natural": Message(f"buraco-kind.{natural}"),
                                                           "rules": rules,
                                                           "counted": Message(f"buraco-kind.{kind}")})
                           if natural != kind else
                           Message("feedback.kind-is", {"kind": Message(f"teach.a-kind.{kind}"),
                                                        "want": Message(f"teach.a-kind.{other}")}))
                    return wrong(puzzle, [BONUS_CLAUSES[natural], BONUS_CLAUSES[kind], *worked, BONUS_CLAUSES[other]],
                                 said, why, lines=lines, meld=meld)
        if n == meld.bonus and kind is not None:
            return wrong(puzzle, ["card-values", *worked], said, Message("feedback.cards-left-out"),
                         lines=lines, meld=meld)
        left_out = _wild_left_out(meld, n)
        if left_out is not None:  # a 2 or a joker counted as nothing (a natural 2 too)
            why = Message("feedback.card-left-out", {"card": left_out})
            also = _other_values(meld, n)
            if also is not None:  # the same number by another ruleset's values: both are said
                why = join(why, Message("feedback.also-values", {"n": n, "other": also}))
            return wrong(puzzle, ["card-values", *worked], said, why, lines=lines, meld=meld)
        for preset in RULESETS.values():
            cards = sum(preset.card_values[c.rank] for c in meld.cards)
            if preset.card_values != rules.card_values and n == cards + meld.bonus:
                return wrong(puzzle, ["card-values", *worked], said,
                             Message("feedback.other-values", {"other": preset, "rules": rules}),
                             lines=lines, meld=meld)
        # the rule and where to look, never each card's value (that leaves only the sum to do)
        and_bonus = (Message("feedback.and-bonus", {"kind": Message(f"buraco-kind.{kind}")})
                     if kind is not None and meld.bonus else Message("teach.nothing"))
        return wrong(puzzle, ["card-values", *worked], said, Message("feedback.count-again", {"bonus": and_bonus}),
                     look=self.look(puzzle), lines=lines, meld=meld)

    def solve(self, puzzle: Puzzle) -> object | None:
        return make_meld(puzzle.table[0], puzzle.rules).points

    def where(self, puzzle: Puzzle) -> Message:
        """The meld's cards, to count each at its rank's value in the rule (the jokers, 2s and aces
        first); whether a bonus comes. Never a card's value: that would leave only the sum."""
        meld = make_meld(puzzle.table[0], puzzle.rules)
        bonus = (Message("hint.here.value-bonus", {"min": meld.rules.min_buraco}) if meld.is_buraco
                 else Message("teach.nothing"))
        return Message("hint.here.value", {"n": len(meld), "label": meld.label_message, "rules": meld.rules,
                                           "apart": apart_message(meld), "bonus": bonus})

    def show_answer(self, puzzle: Puzzle, answer: object) -> Message:
        return Message("hint.answer-points", {"points": answer})

    def tempting(self, puzzle: Puzzle) -> tuple[object, ...]:
        meld = make_meld(puzzle.table[0], puzzle.rules)
        return (meld.card_points,) if meld.bonus else (meld.points + 5,)

    def generate(self, rng: random.Random, rules: Rules, params: Params) -> Puzzle | None:
        if params.get("worked"):
            worked = rng.choice([sorted(m) for m in WORKED_EXAMPLE])
            return Puzzle(id="", kind=self.name, rules=rules_text(rules), table=(format_cards(make_meld(worked, rules).cards),))
        deck = Deck(rules, rng)
        buraco = params.get("buraco")
        kind = text_param(params, "kind")
        if kind is not None:
            buraco = True
        if buraco is None:
            buraco = rng.random() < 0.4
        wild = params.get("wild")
        if buraco:
            want = kind or rng.choice([k for k in buraco_kinds(rules) if k not in ("royal", "ace-to-ace")])
            cards = buraco_cards(rng, deck, rules, want)
        else:
            shape = None if wild is False else rng.choice([None, "gap", "end"]) if wild is None else \
                rng.choice(["gap", "end"])
            cards = meld_cards(rng, deck, rules, length=rng.randint(3, 6), wild=shape)
        if cards is None:
            return None
        m = make_meld(cards, rules)
        if m.is_buraco != bool(buraco):
            return None
        return Puzzle(id="", kind=self.name, rules=rules_text(rules), table=(format_cards(m.cards),))

    def deals(self, rules: Rules) -> Mapping[str, Sequence[Params]]:
        out: dict[str, list[Params]] = {"card-values": [{"buraco": False}],
                                                   "buraco": [{"buraco": True}]}
        for kind in buraco_kinds(rules):
            out[BONUS_CLAUSES[kind]] = [{"kind": kind}]
        out.setdefault("buraco-semi-clean", [{"kind": "semi-clean"}])
        out["worked-example"] = [{"worked": True}]
        return out


MELD_VALUE = MeldValue()
