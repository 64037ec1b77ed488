"""Named mistakes: which of a puzzle's ``mistakes:`` entries a learner's wrong answer made.

A puzzle file names the tempting wrong answers a teacher expects (``mistakes: [4h 5h 9c]``);
:func:`~buraco_core.teach.check` proves nothing about them for a learner, it judges the answer.
Here a learner's answer is matched against those entries, so that what is recorded for a wrong
answer says which misconception it was, not only that it missed: two answers match when they
say the same thing in the kind's form of answer (:func:`answer_key`: the same cards in any
order, the same meld and cards, the same option by value or by number, the same number).

The key of a named mistake is that text (``"4h 5h 9c"``, ``"1: 7h"``, ``"allowed"``, ``"64"``),
recorded with the answer (:attr:`buraco_core.teach.learners.mastery.Answer.mistake`);
:func:`mistake_entry` finds the entry again, so a teacher's page can show its feedback.

>>> from buraco_core.teach import Puzzle
>>> p = Puzzle(id="p", kind="make-meld", rules="buraco", hand=("4h", "5h", "6h", "9c"),
...            goal={"meld_kind": "run"}, mistakes=("4h 5h 9c",))
>>> named_mistake(p, ["9c", "4h", "5h"]), named_mistake(p, "4h 6h 9c"), named_mistake(p, "Zz")
('4h 5h 9c', None, None)
"""

from __future__ import annotations

from .answers import BadAnswer, pick_cards, read_extend, read_int
from .kinds import KINDS
from .puzzle import Puzzle

__all__ = ["answer_key", "mistake_entry", "named_mistake"]


def answer_key(puzzle: Puzzle, answer: object) -> str | None:
    """The answer as one canonical text of the puzzle's kind of answer, or None where it cannot
    be read as one (two answers that say the same thing have the same key)."""
    kind = KINDS.get(puzzle.kind)
    if kind is None:
        return None
    try:
        if kind.form == "cards":
            return " ".join(sorted(c.code for c in pick_cards(puzzle.hand_cards, answer)))
        if kind.form == "extend":
            meld, cards = read_extend(answer, len(puzzle.table))
            return f"{meld}: " + " ".join(sorted(c.code for c in pick_cards(puzzle.hand_cards, cards)))
        if kind.form == "number":
            return str(read_int(answer))
        return _choice_key(kind.options(kind.prepare(puzzle)), answer)
    except (BadAnswer, ValueError, KeyError, IndexError, TypeError):
        return None


def _choice_key(options: tuple[object, ...], answer: object) -> str | None:
    values = [getattr(o, "value", None) for o in options]
    if answer in values:
        return str(answer)
    if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer < len(values) \
            and not any(isinstance(v, int) for v in values):
        return str(values[answer])  # an option by its number
    if isinstance(answer, str):
        words = answer.strip().lower()
        for value in values:
            if str(value).lower() == words:
                return str(value)
    return None


def named_mistake(puzzle: Puzzle, answer: object) -> str | None:
    """The key of the puzzle's named mistake that ``answer`` makes, or None (no entry matches,
    or the answer cannot be read)."""
    if not puzzle.mistakes:
        return None
    key = answer_key(puzzle, answer)
    if key is None:
        return None
    for entry in puzzle.mistakes:
        if answer_key(puzzle, entry) == key:
            return key
    return None


def mistake_entry(puzzle: Puzzle, key: str) -> object | None:
    """The ``mistakes:`` entry of the puzzle whose key is ``key``, or None."""
    for entry in puzzle.mistakes:
        if answer_key(puzzle, entry) == key:
            found: object = entry
            return found
    return None
