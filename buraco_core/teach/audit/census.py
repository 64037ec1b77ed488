"""A census of what puzzles tell a learner: where each second hint comes from, and which wrong
answers are told the right one.

A second hint ("where to look") comes from the puzzle (its file's or catalog's own sentence), from
the position (a pointer its kind reads from the puzzle's cards or game, key ``hint.here.*``), or
from the kind (one sentence every puzzle of the kind shares). A wrong answer's feedback gives the
answer away when it shows the right choice's words, repeats the reason the right answer gets, or
states the right number or the right meld's cards. ``scripts/hint_census.py`` prints the counts
for the lessons' puzzles; the tests hold them (every second hint from the position, no wrong
answer told the right one).

>>> from buraco_core.teach import Puzzle
>>> p = Puzzle(id="p", kind="predict", rules="buraco", table=("4c JK 6c 7c",), goal={"add": "5c", "ask": "wild"})
>>> hint_source(p), gives_away(p, "low")
('position', None)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from ...messages import LANGUAGES, Message
from ..puzzles.core import check, hint, solve
from ..puzzles.kinds import KINDS
from ..puzzles.puzzle import Puzzle

__all__ = ["Census", "census", "gives_away", "hint_source", "wrong_answers"]

Source = Literal["puzzle", "position", "kind"]


def hint_source(puzzle: Puzzle) -> Source:
    """Where the puzzle's second hint comes from."""
    if isinstance(puzzle.hint, Message):
        return "puzzle"
    return "position" if hint(puzzle, 2).key.startswith("hint.here.") else "kind"


def wrong_answers(puzzle: Puzzle) -> list[object]:
    """The wrong answers to judge: every wrong option of a choice puzzle; the named mistakes and
    the kind's tempting answers of the others."""
    kind = KINDS[puzzle.kind]
    right = solve(puzzle)
    if kind.form == "choice":
        answers: list[object] = [o.value for o in kind.options(puzzle) if o.value != right]
    else:
        answers = [*puzzle.mistakes, *kind.tempting(puzzle)]
    out: list[object] = []
    for answer in answers:
        if answer not in out:
            out.append(answer)
    return out


def _parts(message: Message | None) -> list[Message]:
    """A message's sentences, the joins taken apart."""
    if message is None:
        return []
    if message.key == "teach.join":
        first, then = message.params["first"], message.params["then"]
        return [*_parts(first if isinstance(first, Message) else None),
                *_parts(then if isinstance(then, Message) else None)]
    return [message]


def gives_away(puzzle: Puzzle, answer: object) -> str | None:
    """Why the feedback on a wrong ``answer`` tells the right one (the right choice's words, the
    right answer's own reason, the right number, the right meld), or None."""
    kind = KINDS[puzzle.kind]
    right = solve(puzzle)
    fb = check(puzzle, answer)
    if fb.correct or not fb.answered or right is None:
        return None
    told = check(puzzle, right)
    mine = {repr(p) for p in _parts(told.reason) if p.key != "teach.nothing"}
    for lang in LANGUAGES:
        text = fb.explain(lang)
        if kind.form == "choice":
            label = next((o.label for o in kind.options(puzzle) if o.value == right), None)
            words = label.text(lang).rstrip(".") if label is not None else ""
            asked = puzzle.prompt.text(lang) if isinstance(puzzle.prompt, Message) else ""
            if label is not None and words in text and words not in asked:  # the task's own words tell nothing
                return f"shows the right choice ({label.text(lang)})"
        if kind.form == "number":
            shown = str(fb.reason.text(lang)) if fb.reason is not None else ""
            points = {abs(line.points) for line in fb.lines}
            if abs(int(str(right))) not in points and re.search(rf"(?<![\d.,]){right}(?![\d.,])", shown):
                return f"states the right number ({right})"
    if any(repr(p) in mine for p in _parts(fb.reason)):
        return "repeats the right answer's reason"
    if kind.form in ("cards", "extend") and told.meld is not None and len(told.meld) >= 3 and \
            " ".join(str(c) for c in told.meld.cards) in fb.explain("en"):
        return "shows the right meld"
    return None


@dataclass
class Census:
    """The counts of :func:`census`: second hints by source (and by kind), wrong answers judged,
    and those that give the answer away (with the first few, for a reader)."""

    hints: Counter[str] = field(default_factory=Counter)
    hints_by_kind: dict[str, Counter[str]] = field(default_factory=dict)
    wrong: Counter[str] = field(default_factory=Counter)
    given_away: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The census in words, one line per figure."""
        total = sum(self.hints.values())
        out = [f"second hints: {total}: from the position {self.hints['position']}, the puzzle's own "
               f"{self.hints['puzzle']}, the kind's fixed sentence {self.hints['kind']}"]
        for kind, counts in self.hints_by_kind.items():
            out.append(f"  {kind}: {sum(counts.values())}: position {counts['position']}, puzzle "
                       f"{counts['puzzle']}, kind {counts['kind']}")
        out.append(f"wrong answers judged: {sum(self.wrong.values())}; told the right answer: "
                   f"{sum(self.given_away.values())}")
        for kind in self.wrong:
            out.append(f"  {kind}: {self.wrong[kind]} judged, {self.given_away[kind]} told the answer")
        out += [f"  e.g. {e}" for e in self.examples[:12]]
        return out


def census(puzzles: Iterable[Puzzle]) -> Census:
    """Count the second hints' sources and the wrong answers told the right one."""
    out = Census()
    for puzzle in puzzles:
        kind = KINDS[puzzle.kind]
        shown = kind.prepare(puzzle)
        source = hint_source(shown)
        out.hints[source] += 1
        out.hints_by_kind.setdefault(puzzle.kind, Counter())[source] += 1
        for answer in wrong_answers(shown):
            out.wrong[puzzle.kind] += 1
            why = gives_away(shown, answer)
            if why is not None:
                out.given_away[puzzle.kind] += 1
                out.examples.append(f"{puzzle.id} [{answer!r}]: {why}")
    return out
