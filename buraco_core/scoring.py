"""Scoring a side at the end of a hand, itemized the way a teacher writes it on the board.

Per side (docs/RULES.md, "Scoring a hand"): melded card points + buraco bonuses + the going-out bonus
- card points left in its players' hands - the penalty if the team never took its pot (and, in
``fechado``, the penalty for a pot taken by a discard but not used).

>>> from buraco_core import RULESETS, make_meld
>>> rules = RULESETS["buraco"]
>>> score = score_side([make_meld("4h 5h 6h 7h 8h 9h 10h", rules)], "3c 8d", rules,
...                    went_out=False, took_pot=True)
>>> score.total
235
>>> for label, points in score.lines:
...     print(f"{label}: {points:+d}")
clean buraco 4♥-10♥: +200
melded cards: +50
cards in hand: -15

Each line is also a :class:`ScoreLine` in ``score.items``: a catalog message, the clause of
docs/RULES.md it applies, and the cards it counts, card by card:

>>> line = score.items[2]
>>> line.rule, str(line.label), str(line.detail)
('card-points', 'cards in hand', '3♣ 5, 8♦ 10 = 15')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .cards import Card, parse_cards
from .melds import Meld, make_meld
from .messages import Message, format_number, render
from .rules import Rules
from .variants import get_rules

__all__ = ["BONUS_CLAUSES", "Score", "ScoreLine", "score_side"]

#: The clause of docs/RULES.md behind each kind of buraco bonus.
BONUS_CLAUSES: dict[str, str] = {
    "clean": "buraco-clean", "dirty": "buraco-dirty", "semi-clean": "buraco-semi-clean",
    "royal": "buraco-royal", "ace-to-ace": "ace-to-ace",
}


@dataclass(frozen=True)
class ScoreLine:
    """One line of a side's score: ``label`` (a catalog message), ``points``, ``rule`` (the clause
    of docs/RULES.md it applies) and, for card lines, ``cards`` with ``values`` (each card's points,
    in the same order: the line itemized card by card)."""

    label: Message
    points: int
    rule: str
    cards: tuple[Card, ...] = ()
    values: tuple[int, ...] = ()

    @property
    def detail(self) -> Message | None:
        """The line card by card (``4♥ 5, 5♥ 5, ... = 50``), or None for a line without cards."""
        if not self.cards:
            return None
        each = tuple(Message("score-line.card", {"card": c, "points": v})
                     for c, v in zip(self.cards, self.values, strict=True))
        return Message("score-line.cards", {"cards": each, "sum": sum(self.values)})


class Score:
    """A side's score for one hand: ``total`` and the itemized ``lines`` of (label, points), the
    labels in English, as before; ``items`` holds the same lines as :class:`ScoreLine` (catalog
    messages, clause ids, card by card) when the score was counted by :func:`score_side` (a
    score read back from a saved game has lines only). A value: equal when total and lines are.

    Lines and items are worked out when first asked for: the game and the bots count many scores
    and read only ``total``.
    """

    __slots__ = ("_items", "_lines", "_source", "total")

    total: int
    _lines: tuple[tuple[str, int], ...] | None
    _items: tuple[ScoreLine, ...] | None
    _source: tuple[Any, ...] | None

    def __init__(self, total: int, lines: Iterable[tuple[str, int]] | None = None,
                 items: Iterable[ScoreLine] | None = None, *,
                 _source: tuple[Any, ...] | None = None) -> None:
        object.__setattr__(self, "total", int(total))
        object.__setattr__(self, "_lines", None if lines is None else tuple(
            (str(label), int(points)) for label, points in lines))
        object.__setattr__(self, "_items", None if items is None else tuple(items))
        object.__setattr__(self, "_source", _source)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Score never changes")

    @property
    def items(self) -> tuple[ScoreLine, ...]:
        """The lines as :class:`ScoreLine` values (empty for a score read back from JSON)."""
        if self._items is None:
            object.__setattr__(self, "_items", _items(*self._source) if self._source else ())
        assert self._items is not None
        return self._items

    @property
    def lines(self) -> tuple[tuple[str, int], ...]:
        """(label, points) per line, the labels in English."""
        if self._lines is None:
            object.__setattr__(self, "_lines", tuple((item.label.text("en"), item.points)
                                                     for item in self.items))
        assert self._lines is not None
        return self._lines

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self.total == other.total and self.lines == other.lines

    def __hash__(self) -> int:
        return hash((self.total, self.lines))

    def __repr__(self) -> str:
        return f"Score(total={self.total!r}, lines={self.lines!r})"

    def __reduce__(self) -> tuple[type[Score], tuple[int, tuple[tuple[str, int], ...]]]:
        return (Score, (self.total, self.lines))

    def __str__(self) -> str:
        rows = [f"{label}: {points:+d}" for label, points in self.lines]
        return "\n".join([*rows, f"total: {self.total}"])

    def text(self, lang: str = "en") -> str:
        """The lines and the total in words of ``lang`` (``str()`` is the English)."""
        rows = [f"{item.label.text(lang)}: {format_number(item.points, lang, signed=True)}" for item in self.items] \
            if self.items else [f"{label}: {format_number(points, lang, signed=True)}" for label, points in self.lines]
        return "\n".join([*rows, f"{render('score.total', lang).capitalize()}: {format_number(self.total, lang)}"])

    def _repr_html_(self) -> str:
        from .board import score_html  # the drawing is a floor above (render): handed off when asked

        return score_html(self)


def score_side(
    melds: Iterable[Meld | str],
    hand: Iterable[Card | str] | str,
    rules: Rules | str,
    *,
    went_out: bool,
    took_pot: bool,
    pot_unused: bool = False,
    pot_waiting: bool = False,
) -> Score:
    """Score one side: its melds, the cards left in its players' hands (together), whether it
    went out, whether it took its pot, and (``fechado``) whether that pot was taken but not used.

    ``melds`` are melds or their cards as text; a meld counts as ``rules`` counts it. ``hand``
    is every card left in the side's players' hands. ``took_pot`` is ignored in rulesets without
    pots; a pot still waiting to be picked up counts as not taken (pass False, and
    ``pot_waiting=True`` to name it so on its line). ``pot_unused`` (the pot was taken by a
    discard and the hand ended before that player's next turn) counts only where the ruleset has
    that penalty (``fechado``), and only for a pot taken.

    Lines come in a fixed order: each buraco's bonus, the melded cards, going out, the pot
    penalties, the cards in hand. A line that would be zero is left out.
    """
    rules = get_rules(rules)
    meld_list = [m if isinstance(m, Meld) else make_meld(m, rules) for m in melds]
    # a meld counts as *these* rules count it, whatever ruleset it was made under
    meld_list = [m if m.rules == rules else dataclasses.replace(m, rules=rules) for m in meld_list]
    left = parse_cards(hand)
    values = rules.card_values
    total = sum(m.bonus + m.card_points for m in meld_list) - sum(values[c.rank] for c in left)
    if went_out:
        total += rules.going_out_bonus
    if rules.pots and not took_pot:
        total -= rules.pot_not_taken_penalty
    if rules.pots and took_pot and pot_unused:
        total -= rules.pot_unused_penalty
    return Score(total, _source=(tuple(meld_list), tuple(left), rules, went_out, took_pot, pot_unused,
                                 pot_waiting))


def _items(melds: tuple[Meld, ...], left: tuple[Card, ...], rules: Rules, went_out: bool, took_pot: bool,
           pot_unused: bool, pot_waiting: bool) -> tuple[ScoreLine, ...]:
    """The lines of :func:`score_side`, in its order."""
    values = rules.card_values
    items: list[ScoreLine] = []
    for m in melds:
        kind = m.buraco_type
        if m.bonus and kind is not None:
            items.append(ScoreLine(Message("score-line.bonus", {"kind": Message(f"buraco-kind.{kind}"),
                                                                 "label": m.label_message}),
                                   m.bonus, BONUS_CLAUSES[kind]))
    if melds:
        melded = tuple(c for m in melds for c in m.cards)
        points = tuple(values[c.rank] for c in melded)
        items.append(ScoreLine(Message("score-line.melded"), sum(points), "card-points", melded, points))
    if went_out and rules.going_out_bonus:
        items.append(ScoreLine(Message("score-line.going-out"), rules.going_out_bonus, "going-out"))
    if rules.pots and not took_pot and rules.pot_not_taken_penalty:
        label, rule = (("score-line.pot-waiting", "pot-waiting") if pot_waiting
                       else ("score-line.pot-never-taken", "hand-score"))
        items.append(ScoreLine(Message(label), -rules.pot_not_taken_penalty, rule))
    if rules.pots and took_pot and pot_unused and rules.pot_unused_penalty:
        items.append(ScoreLine(Message("score-line.pot-unused"), -rules.pot_unused_penalty, "pot-unused"))
    if left:
        points = tuple(values[c.rank] for c in left)
        items.append(ScoreLine(Message("score-line.in-hand"), -sum(points), "card-points", left, points))
    return tuple(items)
