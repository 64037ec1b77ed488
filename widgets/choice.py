"""Choice: one of a few options, each a button (a radio group), with card pictures when the
options are groups of cards: clicking the picture chooses the option.

>>> from buraco_widgets.choice import Choice
>>> c = Choice([("allowed", "Allowed"), ("refused", "Refused")], label="This play is")
>>> c.value = "refused"; c.index
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import anywidget
import traitlets

from buraco_core import parse_cards
from buraco_core.svg import cards_svg

from ._common import PlainLayout
from .front_end import front_end
from .language import resolve
from .parts import Face, Part

__all__ = ["Choice", "ChoiceFace", "ChoicePart"]


class ChoiceFace(Face):
    """Options as buttons of one radio group: click (the words or the cards), or Tab to the group
    and move with the arrow keys. ``value`` is the chosen option's value (None before a choice),
    ``index`` its position (-1)."""

    items = traitlets.List(traitlets.Dict()).tag(sync=True)
    """[{"label": text, "svg": card pictures or ""}] in order."""
    index = traitlets.Int(-1).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    """The group's name, read by screen readers (and shown before the options)."""
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, options: Sequence[tuple[Any, str] | tuple[Any, str, Sequence[str]]] = (), *,
                 lang: str | None = None, **kwargs: Any) -> None:
        self.lang = resolve(lang)
        super().__init__(**kwargs)
        self.set_options(options)

    def set_options(self, options: Sequence[tuple[Any, str] | tuple[Any, str, Sequence[str]]]) -> None:
        """(value, label) or (value, label, card codes) per option; the choice is cleared."""
        self._values = [o[0] for o in options]
        items = []
        for o in options:
            cards = o[2] if len(o) > 2 else ()  # type: ignore[misc]
            svg = cards_svg(parse_cards(list(cards)), width=40, overlap=0.45, lang=self.lang) if cards else ""
            items.append({"label": str(o[1]), "svg": svg})
        with self.hold_trait_notifications():
            self.items = items
            self.index = -1

    @property
    def values(self) -> list[Any]:
        return list(self._values)

    @property
    def options(self) -> list[tuple[str, Any]]:
        """(label, value) pairs, as an ipywidgets selection lists them."""
        return [(item["label"], v) for item, v in zip(self.items, self._values, strict=True)]

    @property
    def value(self) -> Any:
        return self._values[self.index] if 0 <= self.index < len(self._values) else None

    @value.setter
    def value(self, value: Any) -> None:
        if value is None:
            self.index = -1
            return
        if value not in self._values:
            raise ValueError(f"{value!r} is not one of the options {self._values!r}")
        self.index = self._values.index(value)

    @traitlets.validate("index")
    def _valid_index(self, proposal: Any) -> int:
        i = int(proposal["value"])
        return i if 0 <= i < len(self.items) else -1



class Choice(ChoiceFace, PlainLayout, anywidget.AnyWidget):
    __doc__ = ChoiceFace.__doc__
    _esm = front_end("choice.js", "choice.css", dom=True)


class ChoicePart(ChoiceFace, Part):
    """A :class:`Choice` drawn inside another widget's model (:mod:`buraco_widgets.parts`)."""

    kind = "choice"
