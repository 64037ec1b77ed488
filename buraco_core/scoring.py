"""Scoring a side at the end of a hand, itemized the way a teacher writes it on the board.

Per side (RULES.md, "Scoring a hand"): melded card points + buraco bonuses + the going-out bonus
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
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Card, parse_cards
from .melds import Meld, make_meld
from .rules import Rules, get_rules

__all__ = ["Score", "score_side"]


@dataclass(frozen=True)
class Score:
    """A side's score for one hand: ``total`` and the itemized ``lines`` of (label, points)."""

    total: int
    lines: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        rows = [f"{label}: {points:+d}" for label, points in self.lines]
        return "\n".join([*rows, f"total: {self.total}"])

    def _repr_html_(self) -> str:
        from .board import score_html

        return score_html(self)


def score_side(
    melds: Iterable[Meld | str],
    hand: Iterable[Card | str] | str,
    rules: Rules | str,
    *,
    went_out: bool,
    took_pot: bool,
    pot_unused: bool = False,
) -> Score:
    """Score one side: its melds, the cards left in its players' hands (together), whether it
    went out, whether it took its pot, and (``fechado``) whether that pot was taken but not used.

    ``melds`` are melds or their cards as text; a meld counts as ``rules`` counts it. ``hand``
    is every card left in the side's players' hands. ``took_pot`` is ignored in rulesets without
    pots; a pot still waiting to be picked up counts as not taken (pass False). ``pot_unused``
    (the pot was taken by a discard and the hand ended before that player's next turn) counts
    only where the ruleset has that penalty (``fechado``), and only for a pot taken.

    Lines come in a fixed order: each buraco's bonus, the melded cards, going out, the pot
    penalties, the cards in hand. A line that would be zero is left out.
    """
    rules = get_rules(rules)
    meld_list = [m if isinstance(m, Meld) else make_meld(m, rules) for m in melds]
    # a meld counts as *these* rules count it, whatever ruleset it was made under
    meld_list = [m if m.rules == rules else dataclasses.replace(m, rules=rules) for m in meld_list]
    left = parse_cards(hand)
    lines: list[tuple[str, int]] = []
    for m in meld_list:
        if m.bonus:
            lines.append((f"{m.buraco_type} buraco {m.label}", m.bonus))
    values = rules.card_values
    melded = sum(values[c.rank] for m in meld_list for c in m.cards)
    if meld_list:
        lines.append(("melded cards", melded))
    if went_out:
        lines.append(("going out", rules.going_out_bonus))
    if rules.pots and not took_pot and rules.pot_not_taken_penalty:
        lines.append(("pot never taken", -rules.pot_not_taken_penalty))
    if rules.pots and took_pot and pot_unused and rules.pot_unused_penalty:
        lines.append(("pot taken but not used", -rules.pot_unused_penalty))
    if left:
        lines.append(("cards in hand", -sum(values[c.rank] for c in left)))
    return Score(sum(points for _, points in lines), tuple(lines))
