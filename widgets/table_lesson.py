"""The game table in a lesson: a hand against the computer is one item of the lesson in the
learner's :class:`~buraco_widgets.Progress` (``hand``, its chip in the page's words), solved once
the hand is over; each play of the learner the rules judged counts on the clauses it used or broke
(:attr:`Move.answers <buraco_core.sessions.table.Move.answers>`, recorded from the ``game``, with the
table's session). A table outside a lesson records nothing.
"""

from __future__ import annotations

from buraco_core.messages import render
from buraco_core.sessions import Move, TableSession

from .progress import Progress

__all__ = ["ITEM", "TableLesson"]

#: The table's item in its lesson's progress.
ITEM = "hand"


class TableLesson:
    """What the table of ``session`` records in ``lesson`` ("" for none) of ``progress`` (None:
    the shared instance); the chip's words in ``lang``."""

    def __init__(self, session: TableSession, lesson: str, progress: Progress | None, lang: str) -> None:
        self.session, self.lesson, self._progress = session, str(lesson), progress
        if self.lesson:
            self.progress.expect(self.lesson, ITEM, render("widget.progress.hand", lang))

    @property
    def progress(self) -> Progress:
        return self._progress if self._progress is not None else Progress.shared()

    def played(self, move: Move) -> None:
        """The learner's play ``move``, judged: its answers on their clauses."""
        if self.lesson:
            for clause, outcome in move.answers:
                self.progress.answer(clause, self.session.game.rules, outcome, source="game", lesson=self.lesson,
                                     variant=move.variant, session=self.session.id)

    def hand_over(self) -> None:
        """The hand is over: the lesson's hand is solved."""
        if self.lesson:
            self.progress.record(self.lesson, ITEM)
