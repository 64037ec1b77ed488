"""FeedbackBox: the engine's answer as widget values (never printed): the verdict, the rule it
turns on (with a link to the lesson section that teaches it), what would be right, itemized
lines, the learner's answer beside the engine's total, a hint, and a drawing of the meld the
answer made. Every word comes from the message catalog.

>>> from buraco_widgets.feedback import FeedbackBox
>>> box = FeedbackBox()
>>> box.show("Right: 250 points.", status="right", lines=[("melded cards", 50)])
>>> box.value, box.status, box.lines
('Right: 250 points.', 'right', [['melded cards', 50, '']])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import anywidget
import traitlets

from buraco_core.messages import format_number, render

from ._common import PlainLayout
from .front_end import front_end
from .language import resolve
from .parts import Face, Part

__all__ = ["FeedbackBox", "FeedbackFace", "FeedbackPart"]


def _texts(lang: str) -> dict[str, str]:
    return {key: render(f"widget.feedback.{key}", lang) for key in ("count", "total", "your-answer", "rule",
                                                                   "read-more")}


class FeedbackFace(Face):
    """Where a widget shows the engine's verdict; ``value`` is the message a learner reads. As a
    widget of its own (:class:`FeedbackBox`) its stylesheet carries ``puzzle.css`` too, the look of
    the boxes around it; a puzzle (one model, its feedback a part) loads ``puzzle.css`` itself."""

    value = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Enum(["", "right", "wrong", "info"], default_value="").tag(sync=True)
    lines = traitlets.List(traitlets.List()).tag(sync=True)
    """Itemized (label, points, detail) rows from the engine (score lines, card points and bonus);
    the detail lists the cards one by one."""
    total = traitlets.Int(None, allow_none=True).tag(sync=True)
    shown = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """Each line's points, then the total, as the page's language writes them (``+2.155``, ``−100``
    in German: :func:`buraco_core.messages.format_number`, the one place that knows)."""
    answer = traitlets.Unicode("").tag(sync=True)
    """The learner's answer, shown next to the engine's lines."""
    rule = traitlets.Unicode("").tag(sync=True)
    """The clause id the verdict turns on ("" when nothing was judged)."""
    rule_title = traitlets.Unicode("").tag(sync=True)
    advice = traitlets.Unicode("").tag(sync=True)
    """What would be right: the rule in a learner's words."""
    link = traitlets.Unicode("").tag(sync=True)
    """Where the rule is taught (``05_pot.ipynb#clause-pot-guard``), and the words of the link."""
    link_text = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)
    hint_label = traitlets.Unicode("").tag(sync=True)
    """The words before the hint ("Hint 1 of 3")."""
    svg = traitlets.Unicode("").tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)
    """The box's own words (the caption of the lines, "total", "your answer", "Rule", ...)."""

    def __init__(self, lang: str | None = None, **kwargs: Any) -> None:
        self.lang = lang = resolve(lang)
        kwargs.setdefault("texts", _texts(lang))
        kwargs.setdefault("hint_label", render("widget.hint", lang))
        super().__init__(**kwargs)

    def show(self, message: str, *, status: str = "info", lines: Iterable[Sequence[Any]] = (),
             total: int | None = None, answer: str = "", svg: str = "", rule: str = "", rule_title: str = "",
             advice: str = "", link: str = "", link_text: str = "") -> None:
        """Replace what is shown (the hint stays until :meth:`clear`)."""
        with self.hold_sync():
            self.value = message
            self.status = status
            self.lines = [[str(line[0]), int(line[1]), str(line[2]) if len(line) > 2 and line[2] else ""]
                          for line in lines]
            self.total = total
            self.shown = [format_number(points, self.lang, signed=True) for _, points, _ in self.lines] + (
                [format_number(total, self.lang)] if total is not None else [])
            self.answer = answer
            self.svg = svg
            self.rule = rule
            self.rule_title = rule_title
            self.advice = advice
            self.link = link
            self.link_text = link_text

    def clear(self) -> None:
        with self.hold_sync():
            self.show("", status="")
            self.hint = ""



class FeedbackBox(FeedbackFace, PlainLayout, anywidget.AnyWidget):
    __doc__ = FeedbackFace.__doc__
    _esm = front_end("feedback.js", "feedback.css", "puzzle.css", dom=True)


class FeedbackPart(FeedbackFace, Part):
    """A :class:`FeedbackBox` drawn inside another widget's model (:mod:`buraco_widgets.parts`)."""

    kind = "feedback"
