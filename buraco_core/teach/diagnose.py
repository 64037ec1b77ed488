"""Wrong points, diagnosed line by line: the line a learner left out, counted the wrong way round,
or added where it does not belong.

>>> from buraco_core.messages import Message
>>> from buraco_core.teach.feedback import Line
>>> lines = (Line(Message("score-line.melded"), 50, "card-points"), Line(Message("score-line.going-out"), 100, "going-out"))
>>> rules, why = diagnose(50, 150, lines, ())
>>> rules, str(why)
(['going-out'], 'you left out a line: going out, +100.')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..messages import Message
from .feedback import Line

__all__ = ["Slip", "diagnose"]


@dataclass(frozen=True)
class Slip:
    """A line a learner might count that is not there: its ``points``, the ``rule`` it breaks,
    and ``why`` it is not there."""

    points: int
    rule: str
    why: Message


def diagnose(answer: int, total: int, lines: Sequence[Line], slips: Sequence[Slip]) -> tuple[list[str], Message] | None:
    """The clauses and the reason of a wrong count, where one line explains it; else None."""
    off = answer - total
    missing = [line for line in lines if line.points and off == -line.points]
    if len(missing) == 1:
        line = missing[0]
        return [r for r in (line.rule,) if r], Message("feedback.line-missing", {
            "label": line.label, "points": f"{line.points:+d}"})
    if missing:  # lines of the same points: any of them may be the one left out
        labels = missing[0].label
        for line in missing[1:]:
            labels = Message("feedback.or", {"first": labels, "then": line.label})
        return [line.rule for line in missing if line.rule], Message("feedback.lines-missing", {
            "labels": labels, "points": f"{missing[0].points:+d}"})
    for line in lines:
        if line.points and off == -2 * line.points:
            return [r for r in (line.rule,) if r], Message("feedback.line-sign", {
                "label": line.label, "points": f"{line.points:+d}"})
    for slip in slips:
        if slip.points and off == slip.points:
            return [slip.rule], slip.why
    return None
