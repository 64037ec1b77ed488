"""A puzzle's verdict in its :class:`~buraco_widgets.feedback.FeedbackBox`: the
:class:`~buraco_core.teach.Feedback` a :class:`~buraco_core.teach.PuzzleSession` gives back, and
the hints seen so far, as the box's values in the page's language. What shows is the session's
call (the engine's count only once it can no longer give the answer away); this only draws it.

>>> from buraco_core.teach import generate, solve
>>> from buraco_core.sessions import PuzzleSession
>>> from buraco_widgets.feedback import FeedbackBox
>>> session, box = PuzzleSession(generate("meld-value", "buraco", 3)), FeedbackBox()
>>> show_verdict(box, session.check(solve(session.puzzle)), "en")
>>> box.status, box.total == solve(session.puzzle), box.answer == str(solve(session.puzzle))
('right', True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from buraco_core.messages import Message
from buraco_core.svg import meld_svg
from buraco_core.teach import Feedback

from .feedback import FeedbackFace

__all__ = ["show_hints", "show_verdict"]


def _text(message: Message | None, lang: str) -> str:
    return "" if message is None else message.text(lang)


def show_verdict(box: FeedbackFace, fb: Feedback, lang: str) -> None:
    """Show ``fb``: an answer not judged (nothing given yet, a check that failed) as a note; a
    verdict with the rule it turns on, its link, the meld drawn and, once it may show, the engine's
    count beside the learner's answer. A right answer takes the hints away."""
    if not fb.answered:
        box.show(_text(fb.message, lang), status="info")
        return
    shown = fb.shows_count
    lines = [(_text(line.label, lang), line.points, _text(line.detail, lang)) for line in fb.lines] if shown else []
    clause = fb.clause
    box.show(
        _text(fb.message, lang), status="right" if fb.correct else "wrong", lines=lines,
        total=fb.total if shown else None, answer=fb.your_answer if shown else "",
        svg=meld_svg(fb.drawing, width=44, lang=lang) if fb.drawing is not None else "",
        rule=fb.rule or "", rule_title=clause.title_message.text(lang) if clause else "",
        advice=_text(fb.advice, lang), link=fb.link.href if fb.link else "",
        link_text=fb.link.words if fb.link else "")
    if fb.correct:
        box.hint = ""


def show_hints(box: FeedbackFace, hints: Sequence[Message], lang: str) -> None:
    """The hints so far, one a line (each says its own label: the rule stays in view beside where
    to look)."""
    box.hint_label = ""
    box.hint = "\n".join(_text(line, lang) for line in hints)
