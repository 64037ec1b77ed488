"""WildEndPuzzle: an extend puzzle whose task asks where the meld's wild card goes when it moves,
shown as :class:`~buraco_widgets.MeldPuzzle` is, with a choice of the two ends under the hand.

The ends come from the puzzle's kind (:meth:`buraco_core.teach.Kind.ends`); the
learner's choice goes to the engine with the meld and the cards (``(meld, cards, end)``), and the
engine says where the wild card went and why (a run closed by the ace, no end chosen, ...).

>>> from buraco_core.teach import Puzzle
>>> from buraco_widgets import Progress
>>> p = Puzzle(id="p", kind="extend", rules="burraco", table=("3h 4h JK 6h 7h",), hand=("5h", "Kc"),
...            goal={"meld": 0, "wild_end": "high"})
>>> w = WildEndPuzzle(p, progress=Progress())
>>> w.hand.select_cards(["5h"])
>>> w.check(), w.feedback.value.startswith("Not what the task asks")   # no end chosen: the low end
(False, True)
>>> w.end.value = "high"
>>> w.check()
True
"""

from __future__ import annotations

from typing import Any

from buraco_core.teach import KINDS, Puzzle

from .choice import Choice
from .puzzle import MeldPuzzle

__all__ = ["WildEndPuzzle"]


class WildEndPuzzle(MeldPuzzle):
    """A :class:`MeldPuzzle` for an extend puzzle with a goal ``wild_end``; ``end`` is the choice
    of the end (its ``value``: ``"low"``, ``"high"`` or None before a choice)."""

    def __init__(self, puzzle: Puzzle, **kwargs: Any) -> None:
        self.end = Choice((), lang=kwargs.get("lang"))
        self.end.add_class("bw-wild-end")
        super().__init__(puzzle, **kwargs)
        self.observe(self._place_end, "children")
        self._place_end()

    def _ends(self) -> list[tuple[Any, str]]:
        kind = KINDS.get(self.puzzle.kind)
        return [(o.value, o.label.text(self.lang)) for o in (kind.ends(self.puzzle) if kind is not None else ())]

    def _place_end(self, change: Any = None) -> None:
        """Show the choice of the ends just above the buttons, each time the puzzle is drawn."""
        ends = self._ends()
        if [v for v, _ in ends] != self.end.values or not ends:
            self.end.set_options(ends)
            self.end.label = self._t("widget.wild-end")
        children = [c for c in self.children if c is not self.end]
        if ends and self.buttons in children:
            children.insert(children.index(self.buttons), self.end)
        if list(self.children) != children:
            self.children = children

    def answer(self) -> object:
        """The meld and the cards, with the end chosen for the wild card (if any)."""
        answer = super().answer()
        if isinstance(answer, tuple) and self.end.value is not None:
            return (*answer, self.end.value)
        return answer
