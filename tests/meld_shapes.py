"""Melds of every shape a run can take, for the tests that try every card on every meld."""

from __future__ import annotations

from buraco_core import Card, Meld, Rules, make_meld


def run_shapes(rules: Rules) -> list[Meld]:
    """Every run of 3 to 7 places in hearts: natural, with one wild card (a joker, a 2 of another
    suit, the 2 of hearts) on each place, and with a wild card added at either end."""
    wilds = [Card(2, "c"), Card(2, "h")] + ([Card(0, "")] if rules.jokers else [])
    melds: list[Meld] = []
    # every short run, and long runs reaching an end (where an ace may go either way)
    windows = [(low, n) for low in range(1, 13) for n in range(3, 8)]
    windows += [(low, n) for low in (1, 2, 3) for n in (11, 12, 13)]
    for low, length in windows:
        if low + length - 1 > 14:
            continue
        naturals = [Card(1 if p == 14 else p, "h") for p in range(low, low + length)]
        shapes = [naturals] + [[*naturals[:i], w, *naturals[i + 1:]] for i in range(length) for w in wilds]
        for cards in shapes:
            try:
                melds.append(make_meld(cards, rules))
            except ValueError:
                continue
            if cards is naturals:
                natural = melds[-1]
                for w in wilds:
                    for end in ("low", "high"):
                        grown = natural.extend_or_reason([w], wild_end=end)  # type: ignore[arg-type]
                        if isinstance(grown, Meld):
                            melds.append(grown)
    return melds
