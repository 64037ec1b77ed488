"""Wrong points, diagnosed line by line: the line a learner left out, counted the wrong way round,
or added where it does not belong.

>>> from buraco_core.messages import Message
>>> from buraco_core.teach.puzzles.feedback import Line
>>> lines = (Line(Message("score-line.melded"), 50, "card-points"), Line(Message("score-line.going-out"), 100, "going-out"))
>>> rules, why = diagnose(50, 150, lines, ())
>>> rules, str(why)
(['going-out'], 'you left out a line: going out, +100.')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ...messages import Message
from ...rules import RULESETS, Rules
from .feedback import RULE_FIELDS, Line

__all__ = ["Slip", "diagnose", "house_slip"]


@dataclass(frozen=True)
class Slip:
    """A line a learner might count that is not there: its ``points``, the ``rule`` it breaks,
    and ``why`` it is not there."""

    points: int
    rule: str
    why: Message


def diagnose(answer: int, total: int, lines: Sequence[Line], slips: Sequence[Slip],
             missed: Mapping[str, Message] | None = None) -> tuple[list[str], Message] | None:
    """The clauses and the reason of a wrong count, where one line explains it; else None.

    ``missed`` says why a line is there, by the catalog key of its label (the waiting pot, going
    out): a learner who left that line out reads it instead of the line's name."""
    off = answer - total
    missing = [line for line in lines if line.points and off == -line.points]
    if len(missing) == 1:
        line = missing[0]
        why = (missed or {}).get(line.label.key)
        if why is not None:
            return [r for r in (line.rule,) if r], why
        return [r for r in (line.rule,) if r], Message("feedback.line-missing", {
            "label": line.label, "points": f"{line.points:+d}"})
    if missing:  # lines of the same points: any of them may be the one left out
        labels = missing[0].label
        for line in missing[1:]:
            labels = Message("feedback.or", {"first": labels, "then": line.label})
        return [line.rule for line in missing if line.rule], Message("feedback.lines-missing", {
            "labels": labels, "points": f"{missing[0].points:+d}"})
    for slip in slips:  # the classic slips first: a line counted that is not there
        if slip.points and off == slip.points:
            return [slip.rule], slip.why
    for line in lines:
        if line.points and off == -2 * line.points:
            return [r for r in (line.rule,) if r], Message("feedback.line-sign", {
                "label": line.label, "points": f"{line.points:+d}"})
    return None


def house_slip(answer: int, rules: Rules, count: Callable[[Rules], int],
               fields: Sequence[str]) -> tuple[list[str], Message] | None:
    """A count made by the preset's rules where a house variant changes them: ``count`` counts
    the same thing under a ruleset; ``fields`` are the fields it depends on. The clauses of the
    changed fields and why (the advice then says the variant's rule), or None when the answer is not the preset's
    count (or the variant changes nothing it depends on).

    >>> from buraco_core import make_meld
    >>> from buraco_core.variants import get_rules
    >>> house = get_rules("buraco+clean_bonus=300")
    >>> clauses, why = house_slip(250, house, lambda r: make_meld("4h 5h 6h 7h 8h 9h 10h", r).points, ["clean_bonus"])
    >>> clauses, str(why)
    (['buraco-clean', 'worked-example'], 'that is how Classic Buraco counts it, and these house rules count differently.')
    """
    preset = RULESETS.get(rules.name)
    if preset is None:
        return None
    changed = [f for f in fields if getattr(rules, f) != getattr(preset, f)]
    if not changed:
        return None
    try:
        theirs = count(preset)
        ours = count(rules)
    except ValueError:  # the cards are no meld of the preset: it counts nothing here
        return None
    if answer != theirs or theirs == ours:
        return None
    clauses = list(dict.fromkeys(c for f in changed for c, read in RULE_FIELDS.items() if f in read))
    return clauses, Message("feedback.house-slip", {"preset": preset})
