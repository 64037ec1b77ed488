"""FeedbackBox: the engine's answer as widget values (never printed): a message, itemized lines,
the learner's answer beside the engine's total, a hint, and a drawing of the meld the answer made.

>>> from buraco_widgets.feedback import FeedbackBox
>>> box = FeedbackBox()
>>> box.show("Right: 250 points.", status="right", lines=[("melded cards", 50)])
>>> box.value, box.status, box.lines
('Right: 250 points.', 'right', [['melded cards', 50]])
"""

from __future__ import annotations

from collections.abc import Iterable

import anywidget
import traitlets

from ._common import STATIC

__all__ = ["FeedbackBox"]


class FeedbackBox(anywidget.AnyWidget):
    """Where a widget shows the engine's verdict; ``value`` is the message a learner reads."""

    _esm = STATIC / "feedback.js"
    _css = STATIC / "feedback.css"

    value = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Enum(["", "right", "wrong", "info"], default_value="").tag(sync=True)
    lines = traitlets.List(traitlets.List()).tag(sync=True)
    """Itemized (label, points) rows from the engine (score lines, card points and bonus)."""
    total = traitlets.Int(None, allow_none=True).tag(sync=True)
    answer = traitlets.Unicode("").tag(sync=True)
    """The learner's answer, shown next to the engine's lines."""
    hint = traitlets.Unicode("").tag(sync=True)
    hint_label = traitlets.Unicode("Hint").tag(sync=True)
    """The words before the hint ("Hint", or "The coach suggests")."""
    svg = traitlets.Unicode("").tag(sync=True)

    def show(self, message: str, *, status: str = "info", lines: Iterable[tuple[str, int]] = (),
             total: int | None = None, answer: str = "", svg: str = "") -> None:
        """Replace what is shown (the hint stays until :meth:`clear`)."""
        with self.hold_sync():
            self.value = message
            self.status = status
            self.lines = [[str(label), int(points)] for label, points in lines]
            self.total = total
            self.answer = answer
            self.svg = svg

    def clear(self) -> None:
        with self.hold_sync():
            self.show("", status="")
            self.hint = ""
