"""The engine's values drawn for a notebook in a learner's language.

A game, a score or a meld draws itself in English (``_repr_html_``); :func:`shown` wraps one so
that the notebook draws it in another language of the catalog, with the same drawing code
(:mod:`buraco_core.board`, :mod:`buraco_core.svg`).

>>> from buraco_core import score_side
>>> print(shown(score_side(["4h 5h 6h"], "", "buraco", went_out=False, took_pot=True), "de"))
ausgelegte Karten: +15
Summe: 15
"""

from __future__ import annotations

from typing import Any

__all__ = ["Shown", "shown"]


class Shown:
    """A value and the language to draw it in; a notebook shows its HTML, ``str`` its text."""

    def __init__(self, value: Any, lang: str = "en") -> None:
        self.value = value
        self.lang = lang

    def _repr_html_(self) -> str:
        from .board import score_html, table_html
        from .game import Game
        from .scoring import Score

        if isinstance(self.value, Game):
            return table_html(self.value.view(self.value.perspective), lang=self.lang)
        if isinstance(self.value, Score):
            return score_html(self.value, lang=self.lang)
        html = getattr(self.value, "_repr_html_", None)
        return html() if html is not None else f"<pre>{self}</pre>"

    def __str__(self) -> str:
        from .board import table_text
        from .game import Game
        from .scoring import Score

        if isinstance(self.value, Game):
            return table_text(self.value.view(self.value.perspective), lang=self.lang)
        if isinstance(self.value, Score):
            return self.value.text(self.lang)
        text = getattr(self.value, "text", None)
        return text(self.lang) if callable(text) else str(self.value)

    def __repr__(self) -> str:
        return f"shown({self.value!r}, {self.lang!r})"


def shown(value: Any, lang: str = "en") -> Shown:
    """``value`` (a Game, a Score, or anything with ``text(lang)``) drawn in ``lang``."""
    return Shown(value, lang)
