"""MeldView and TableView: melds on the table, drawn and described by the engine.

>>> from buraco_widgets import MeldView, TableView
>>> view = MeldView("4h 5h 6h 2s 8h 9h 10h", rules="buraco")
>>> view.meld.buraco_type, view.meld.points
('dirty', 165)
>>> table = TableView({"Your side": ["4h 5h 6h", "7c 7d 7s"], "Opponents": ["Qs Ks As"]})
>>> table.selected = [0, 1]
>>> table.selected_meld
make_meld('7s 7d 7c', RULESETS['buraco'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import anywidget
import traitlets

from buraco_core import InvalidMeld, Meld, Rules, make_meld
from buraco_core.messages import render

from ._common import PlainLayout, as_rules, meld_item, ordered_input, rules_key, template
from .front_end import front_end
from .language import resolve
from .parts import Face, Part

__all__ = ["MeldView", "TableFace", "TablePart", "TableView"]

MeldLike = Meld | str
Groups = Mapping[str, Sequence[MeldLike]] | Sequence[MeldLike]


class TableFace(Face):
    """Melds grouped by side. Each meld is drawn by :func:`buraco_core.svg.meld_svg`, with the
    engine's own description beside it (its kind, the wild card and what it stands for, the
    buraco kind and the points); the same text is the hover title and the screen-reader label.

    With ``selectable`` (the default) a meld is a button: a click, or Space/Enter, selects it
    (``selected`` = ``[group, meld]``, 0-based; ``[]`` for none), e.g. to add cards to it.
    """

    rules = traitlets.Unicode("buraco").tag(sync=True)
    selectable = traitlets.Bool(True).tag(sync=True)
    deselectable = traitlets.Bool(True).tag(sync=True)
    """False: clicking the selected meld keeps it selected (a choice, as in a puzzle)."""
    reveal = traitlets.Bool(True).tag(sync=True)
    """False: show the cards and the wild card's place, but not the points or the buraco kind
    (for a puzzle that asks for them)."""
    selected = traitlets.List(traitlets.Int()).tag(sync=True, echo_update=False)
    label = traitlets.Unicode("").tag(sync=True)
    empty_text = traitlets.Unicode("").tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)
    """The view's own words in its language (the page fills in ``{n}`` and ``{words}``)."""
    meld_width = traitlets.Int(52).tag(sync=True)
    four_color = traitlets.Bool(False).tag(sync=True)
    _groups = traitlets.List(traitlets.Dict()).tag(sync=True)
    numbered = traitlets.Bool(False).tag(sync=True)
    """Show each meld's number in its group (1, 2, ...), as the play notation numbers them."""
    highlight = traitlets.List(traitlets.Int()).tag(sync=True)
    """[group, meld] of a meld to mark as just made or grown (the game table's last computer
    play), or empty."""

    def __init__(self, melds: Groups | None = None, *, rules: Rules | str = "buraco", lang: str | None = None,
                 **kwargs: Any) -> None:
        self.lang = lang = resolve(lang)
        kwargs.setdefault("label", render("widget.table", lang))
        kwargs.setdefault("empty_text", render("widget.no-melds", lang))
        kwargs.setdefault("texts", {"meld-n": template("widget.melds.meld-n", lang)})
        super().__init__(rules=rules_key(rules), **kwargs)
        ordered_input(self, "selected")  # a click reaches the kernel in order, before a Check
        self._source: list[tuple[str, list[MeldLike]]] = []
        self.set_melds(melds or [])

    # -- Python face ---------------------------------------------------------------------
    def set_melds(self, melds: Groups) -> None:
        """Show these melds: a list (one group) or ``{side label: [meld, ...]}``.

        A meld is a :class:`Meld` or its cards in notation; a ruleset's
        :class:`InvalidMeld` message is shown in place of a meld it refuses.
        """
        if isinstance(melds, Mapping):
            source = [(str(name), list(group)) for name, group in melds.items()]
        else:
            source = [("", list(melds))]
        self._source = source
        self.selected = []
        self._redraw()

    @property
    def melds(self) -> list[list[Meld]]:
        """The valid melds shown, per group."""
        out = []
        for _, group in self._source:
            row = []
            for m in group:
                meld = self._make(m)
                if isinstance(meld, Meld):
                    row.append(meld)
            out.append(row)
        return out

    @property
    def selected_meld(self) -> Meld | None:
        if len(self.selected) != 2:
            return None
        g, i = self.selected
        group = self._source[g][1] if 0 <= g < len(self._source) else []
        if not 0 <= i < len(group):
            return None
        meld = self._make(group[i])
        return meld if isinstance(meld, Meld) else None

    def select(self, group: int, index: int) -> None:
        """Select (or, if selected, deselect) meld ``index`` of ``group``: what a click does."""
        if not self.selectable:
            return
        same = self.selected == [group, index]
        self.selected = [] if same and self.deselectable else [group, index]

    # -- drawing -------------------------------------------------------------------------
    def _make(self, meld: MeldLike) -> Meld | InvalidMeld:
        rules = as_rules(self.rules)
        cards = meld.cards if isinstance(meld, Meld) else meld
        if isinstance(meld, Meld) and meld.rules == rules:
            return meld
        try:
            return make_meld(cards, rules)
        except InvalidMeld as exc:
            return exc

    @traitlets.validate("rules")
    def _valid_rules(self, proposal: Any) -> str:
        try:
            return rules_key(proposal["value"])
        except ValueError as exc:
            raise traitlets.TraitError(str(exc)) from exc

    @traitlets.validate("selected")
    def _valid_selected(self, proposal: Any) -> list[int]:
        value = list(proposal["value"])
        if len(value) != 2:
            return []
        g, i = value
        if not (0 <= g < len(self._source) and 0 <= i < len(self._source[g][1])):
            return []
        return value

    @traitlets.observe("rules", "meld_width", "four_color")
    def _on_look(self, change: Any) -> None:
        if hasattr(self, "_source"):
            self._redraw()

    def _redraw(self) -> None:
        groups = []
        for name, group in self._source:
            items: list[dict[str, Any]] = []
            for m in group:
                meld = self._make(m)
                if isinstance(meld, Meld):
                    items.append(meld_item(meld, width=self.meld_width, four_color=self.four_color,
                                           lang=self.lang))
                else:
                    text = m if isinstance(m, str) else str(m)
                    why = meld.explain(self.lang)
                    items.append({"error": why, "text": text, "describe": f"{text}: {why}",
                                  "plain": f"{text}: {why}"})
            groups.append({"title": name, "melds": items})
        self._groups = groups


class TableView(TableFace, PlainLayout, anywidget.AnyWidget):
    __doc__ = TableFace.__doc__
    _esm = front_end("table.js", "table.css", dom=True)


class TablePart(TableFace, Part):
    """A :class:`TableView` drawn inside another widget's model (:mod:`buraco_widgets.parts`)."""

    kind = "table"


class MeldView(TableView):
    """One meld, drawn and described by the engine: ``MeldView("4h 5h 6h 2s", rules="buraco")``."""

    def __init__(self, meld: MeldLike, *, rules: Rules | str | None = None, lang: str | None = None,
                 **kwargs: Any) -> None:
        if rules is None:
            rules = meld.rules if isinstance(meld, Meld) else "buraco"
        lang = resolve(lang)
        kwargs.setdefault("selectable", False)
        kwargs.setdefault("label", render("widget.cards.meld-view", lang))
        kwargs.setdefault("meld_width", 60)
        super().__init__([meld], rules=rules, lang=lang, **kwargs)

    @property
    def meld(self) -> Meld | None:
        melds = self.melds
        return melds[0][0] if melds and melds[0] else None

    @meld.setter
    def meld(self, meld: MeldLike) -> None:
        self.set_melds([meld])
