"""Hand: the learner's cards, drawn by the engine, selectable by click or keyboard.

>>> from buraco_widgets import Hand
>>> hand = Hand("6h 4h JK 5h")
>>> hand.selected = [0, 3]
>>> [c.code for c in hand.selected_cards]
['6h', '5h']
>>> hand.sort_by = "rank"; hand.codes
['4h', '5h', '6h', 'JK']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import anywidget
import traitlets

from buraco_core import Card, parse_cards, sort_cards
from buraco_core.messages import render

from ._common import PlainLayout, as_cards, card_item, ordered_input, template
from .front_end import front_end
from .language import resolve
from .parts import Face, Part

__all__ = ["Hand", "HandFace", "HandPart"]


class HandFace(Face):
    """A row of cards; ``selected`` (indices into ``codes``) is synced with the page.

    Click a card, or Tab to it (arrow keys move along the row) and press Space or Enter, to
    select or deselect it; the selected cards are raised. The sort buttons set ``sort_by``
    (``"suit"`` or ``"rank"``, through :func:`buraco_core.sort_cards`), which keeps the same
    cards selected. ``lang`` (default: the course's, :func:`~buraco_widgets.use_language`) is
    the language of the cards' names and letters and of the hand's own words (``texts``).
    """

    codes = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The cards in the order shown, as card codes (``"7h"``, ``"JK"``)."""
    selected = traitlets.List(traitlets.Int()).tag(sync=True, echo_update=False)
    """Indices (into ``codes``) of the selected cards, in the order they were picked."""
    sort_by = traitlets.Unicode("").tag(sync=True, echo_update=False)
    """``""`` (as dealt), ``"suit"`` or ``"rank"``."""
    label = traitlets.Unicode("").tag(sync=True)
    """Read by screen readers before the cards."""
    disabled = traitlets.Bool(False).tag(sync=True)
    multiple = traitlets.Bool(True).tag(sync=True)
    """False: at most one card selected (picking another replaces it)."""
    sortable = traitlets.Bool(True).tag(sync=True)
    card_width = traitlets.Int(60).tag(sync=True)
    four_color = traitlets.Bool(False).tag(sync=True)
    _items = traitlets.List(traitlets.Dict()).tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)
    """The hand's own words in its language (the page fills in ``{n}``, ``{cards}``, ``{label}``)."""
    _resorting = False

    def __init__(self, cards: str | Iterable[Card | str] | None = None, *, lang: str | None = None,
                 **kwargs: Any) -> None:
        self.lang = lang = resolve(lang)
        codes = [c.code for c in as_cards(cards)] if cards is not None else kwargs.pop("codes", [])
        kwargs.setdefault("label", render("widget.your-hand", lang))
        super().__init__(codes=codes, **kwargs)
        ordered_input(self, "selected", "sort_by")  # clicks reach the kernel in order, before a Check
        self._redraw()

    # -- Python face ---------------------------------------------------------------------
    @property
    def cards(self) -> list[Card]:
        """The cards shown, in order."""
        return parse_cards(self.codes)

    @cards.setter
    def cards(self, cards: str | Iterable[Card | str]) -> None:
        self.codes = [c.code for c in as_cards(cards)]

    @property
    def selected_cards(self) -> list[Card]:
        """The selected cards, in the order they were picked."""
        cards = self.cards
        return [cards[i] for i in self.selected if 0 <= i < len(cards)]

    def toggle(self, index: int) -> None:
        """Select or deselect the card at ``index`` (what a click does)."""
        if self.disabled or not 0 <= index < len(self.codes):
            return
        if index in self.selected:
            self.selected = [i for i in self.selected if i != index]
        elif self.multiple:
            self.selected = [*self.selected, index]
        else:
            self.selected = [index]

    def select_cards(self, cards: str | Iterable[Card | str]) -> None:
        """Select these cards by notation (each copy once): ``hand.select_cards("4h 5h")``."""
        wanted = as_cards(cards)
        chosen: list[int] = []
        for card in wanted:
            for i, code in enumerate(self.codes):
                if code == card.code and i not in chosen:
                    chosen.append(i)
                    break
            else:
                raise ValueError(f"{card} is not in this hand ({' '.join(self.codes) or 'no cards'})")
        self.selected = chosen

    # -- keeping things consistent ---------------------------------------------------------
    @traitlets.validate("selected")
    def _valid_selection(self, proposal: Any) -> list[int]:
        seen: list[int] = []
        for i in proposal["value"]:
            if 0 <= i < len(self.codes) and i not in seen:
                seen.append(i)
        if not self.multiple and len(seen) > 1:
            seen = seen[-1:]
        return seen

    @traitlets.validate("sort_by")
    def _valid_sort(self, proposal: Any) -> str:
        value = proposal["value"]
        if value not in ("", "suit", "rank"):
            raise traitlets.TraitError(f"sort_by must be '', 'suit' or 'rank', not {value!r}")
        return str(value)

    @traitlets.observe("codes")
    def _on_codes(self, change: Any) -> None:
        if self._resorting:
            return
        if self.sort_by:
            ordered = [c.code for c in sort_cards(parse_cards(change["new"]), by=self.sort_by)]
            if ordered != list(change["new"]):
                self.codes = ordered
                return
        self.selected = []
        self._redraw()

    @traitlets.observe("sort_by")
    def _on_sort(self, change: Any) -> None:
        if not change["new"]:
            return
        cards = self.cards
        # each old index goes to its new place; copies of a card keep their relative order
        remaining = list(range(len(cards)))
        order: list[int] = []
        for card in sort_cards(cards, by=change["new"]):
            i = next(i for i in remaining if cards[i] == card)
            remaining.remove(i)
            order.append(i)
        new_index = {old: new for new, old in enumerate(order)}
        picked = [new_index[i] for i in self.selected if i in new_index]
        self._resorting = True
        try:
            self.codes = [cards[i].code for i in order]
            self.selected = picked
        finally:
            self._resorting = False
        self._redraw()

    @traitlets.observe("card_width", "four_color")
    def _on_look(self, change: Any) -> None:
        self._redraw()

    def _redraw(self) -> None:
        cards = self.cards
        lang = self.lang
        texts = {"sort-suit": template("widget.hand.sort-suit", lang), "sort-rank": template("widget.hand.sort-rank", lang),
                 "selected": template("widget.hand.selected", lang),
                 "none-selected": template("widget.hand.none-selected", lang),
                 "no-cards": template("widget.hand.no-cards", lang), "row": template("widget.hand.row", lang)}
        texts["cards"] = render("hand.cards", self.lang, n=len(cards))
        with self.hold_sync():
            self.texts = texts
            self._items = [card_item(c, width=self.card_width, four_color=self.four_color, lang=self.lang)
                           for c in cards]


class Hand(HandFace, PlainLayout, anywidget.AnyWidget):
    __doc__ = HandFace.__doc__
    _esm = front_end("hand.js", "hand.css", dom=True)


class HandPart(HandFace, Part):
    """A :class:`Hand` drawn inside another widget's model (:mod:`buraco_widgets.parts`)."""

    kind = "hand"
