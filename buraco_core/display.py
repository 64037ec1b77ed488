"""The engine's values drawn for a notebook in a learner's language.

A game, a score or a meld draws itself in English (``_repr_html_``); :func:`shown` wraps one so
that the notebook draws it in another language of the catalog, with the same drawing code
(:mod:`buraco_core.board`, :mod:`buraco_core.svg`). :func:`said` shows what the engine says of
questions asked of it (:func:`~buraco_core.teach.asked_meld`,
:func:`~buraco_core.teach.asked_play`) as sentences of the page, each after the question
it answers, not as a program's printed output (whose monospace breaks words on a phone).

>>> from buraco_core import score_side
>>> print(shown(score_side(["4h 5h 6h"], "", "buraco", went_out=False, took_pot=True), "de"))
ausgelegte Karten: +15
Summe: 15
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from .board import score_html, table_html, table_text
from .game import Game
from .messages import Message
from .scoring import Score

__all__ = ["Said", "Shown", "said", "shown"]


class Shown:
    """A value and the language to draw it in; a notebook shows its HTML, ``str`` its text."""

    def __init__(self, value: Any, lang: str = "en") -> None:
        self.value = value
        self.lang = lang

    def _repr_html_(self) -> str:
        if isinstance(self.value, Game):
            return table_html(self.value.view(self.value.perspective), lang=self.lang)
        if isinstance(self.value, Score):
            return score_html(self.value, lang=self.lang)
        html = getattr(self.value, "_repr_html_", None)
        return html() if html is not None else f"<pre>{self}</pre>"

    def __str__(self) -> str:
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


class Said:
    """Questions asked of the engine and its answers (``lines``: (question, verdict) messages), in
    ``lang``: a notebook shows them as paragraphs in the page's own type, ``str`` as lines of text."""

    def __init__(self, lines: Sequence[tuple[Message, Message]], lang: str = "en") -> None:
        self.lines = list(lines)
        self.lang = lang

    def sentences(self) -> list[tuple[str, str]]:
        """Each question and its verdict, as the learner reads them (the verdict a sentence)."""
        out = []
        for asked, verdict in self.lines:
            text = verdict.text(self.lang)
            out.append((asked.text(self.lang), text[:1].upper() + text[1:]))
        return out

    def _repr_html_(self) -> str:
        return "<div class='bw-said' style='font: inherit; line-height: 1.5; overflow-wrap: break-word'>" + "".join(
            f"<p><strong>{html.escape(asked)}</strong> {html.escape(verdict)}</p>"
            for asked, verdict in self.sentences()) + "</div>"

    def __str__(self) -> str:
        return "\n".join(f"{asked} {verdict}" for asked, verdict in self.sentences())

    def _repr_pretty_(self, printer: Any, _cycle: bool) -> None:
        printer.text(str(self))  # a notebook's plain text: the sentences, not the messages' repr

    def __repr__(self) -> str:
        return f"said({self.lines!r}, {self.lang!r})"


def said(*lines: tuple[Message, Message], lang: str = "en") -> Said:
    """What the engine says of each question (``asked_meld(...)``, ``asked_play(...)``), in ``lang``.

    >>> from buraco_core.teach import asked_meld
    >>> print(said(asked_meld("5h 3h 4h"), asked_meld("Kc Ac 3c"), lang="en"))
    Is 5♥ 3♥ 4♥ a meld in Classic Buraco? A meld: run 3♥-5♥: 15 points
    Is K♣ A♣ 3♣ a meld in Classic Buraco? Not a meld: a run never turns the corner: the ace is low (A-2-3) or high (Q-K-A), never both (K-A-2)
    """
    return Said(lines, lang)
