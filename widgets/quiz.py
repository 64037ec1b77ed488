"""PuzzleSet and Quiz: puzzles one at a time (Previous / Next), each a :class:`MeldPuzzle`, over
a :class:`~buraco_core.teach.QuizSession` that keeps the score and (in a quiz) the retry pool: two
kinds of :class:`~buraco_widgets.steps.Steps`, which say what they deal and record.

>>> from buraco_widgets import Progress, Quiz
>>> from buraco_core.teach import generate
>>> quiz = Quiz([generate("meld-value", "buraco", s) for s in (1, 2)], progress=Progress(), follow=False)
>>> quiz.summary()
'Score: 0 of 2 right (0 at the first try, without a hint).'
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import traitlets

from buraco_core import Rules, sessions
from buraco_core.sessions import QuizSession
from buraco_core.teach import Puzzle, load_puzzle
from buraco_core.teach.course import Dealt, PuzzleFile, deal_quiz

from ._common import esc, guard, reason, rules_key
from .language import resolve
from .progress import Progress
from .steps import Steps

__all__ = ["PuzzleSet", "Quiz"]


class PuzzleSet(Steps):
    """A lesson's guided puzzles from a file, one at a time: each is recorded in :class:`Progress`
    as a puzzle of its own.

    ``PuzzleSet.load("puzzles/06_scoring.yaml", "match-point", "italian-tie", lesson="06")``.
    """

    counter = "widget.puzzle-n"
    tally = "widget.solved-so-far"

    def __init__(self, puzzles: Sequence[Puzzle], *, lesson: str = "", progress: Progress | None = None,
                 lang: str | None = None, **kwargs: Any) -> None:
        self.lesson = str(lesson)
        lang = resolve(lang)
        super().__init__(QuizSession(puzzles, retries=0, lesson=self.lesson, source="puzzle", lang=lang),
                         progress=progress, lang=lang, **kwargs)
        with self.hold_sync():  # what the constructor sets goes to the page in one message
            self.add_class("bw-quiz")
            self.add_class("bw-puzzle-set")
            if self.lesson:
                self.progress.expect_all(self.lesson, [(q.item, q.label().text(self.lang)) for q in self.session.questions])
                self.session.recall(self.progress.solved_in(self.lesson))
            self.redraw()

    @classmethod
    def load(cls, path: str | os.PathLike[str], *ids: str, **kwargs: Any) -> PuzzleSet:
        """The puzzles ``ids`` of a teacher's YAML file, in that order (a KeyError lists the file's ids)."""
        file = path if isinstance(path, PuzzleFile) else PuzzleFile(Path(path))  # read once, for every id
        return cls([load_puzzle(file, i) for i in ids], **kwargs)

    def question_options(self, i: int) -> dict[str, Any]:
        """Each puzzle is recorded in the lesson as a puzzle of its own, and follows the course's ruleset."""
        label = self.session.questions[i].label().text(self.lang)
        return {"lesson": self.lesson, "record": bool(self.lesson), "label": label}


class Quiz(Steps):
    """Questions one at a time (Previous / Next), with the score so far, and a retry pool.

    ``Quiz.for_lesson("03", rules="buraco", seed=1)`` asks five questions dealt from the course's
    syllabus (:func:`buraco_core.teach.deal_quiz`). A question missed (its first answer wrong)
    comes back at the end of the quiz as a fresh variant of the same item, after a link to the
    lesson section that teaches its rule; a comeback missed again comes back once more
    (:data:`RETRIES` in all: :class:`~buraco_core.teach.QuizSession`). The quiz is recorded as
    solved in :class:`Progress` when every question has been answered right (without its answer
    shown). Changing ``rules`` deals a new quiz in that ruleset (the quiz follows the course's
    ruleset); "New quiz" deals one with the next seed. ``dealer(rules, seed)`` deals the
    questions of another kind of session (the review's).
    """

    asks_again = True
    rules = traitlets.Unicode("buraco")
    seed = traitlets.Int(1)
    lesson = traitlets.Unicode("")
    item = traitlets.Unicode("quiz")
    solved = traitlets.Bool(False)
    #: How often one question comes back after a miss (:data:`buraco_core.sessions.quiz.RETRIES`).
    RETRIES = sessions.RETRIES

    def __init__(self, puzzles: Sequence[Puzzle | Dealt] = (), *, topic: str | None = None, lesson: str = "",
                 item: str = "quiz", rules: Rules | str = "buraco", seed: int = 1, n: int = 5,
                 progress: Progress | None = None, syllabus: str | os.PathLike[str] | None = None,
                 lang: str | None = None, follow: bool = True,
                 dealer: Callable[[str, int], Sequence[Dealt]] | None = None, source: str = "quiz",
                 **kwargs: Any) -> None:
        chosen = topic or lesson

        def deal(rules: str, seed: int) -> Sequence[Dealt]:
            return deal_quiz(chosen, rules, seed, n, syllabus=syllabus)

        lang = resolve(lang)
        session = QuizSession(puzzles, deal=dealer or deal, rules=rules, seed=seed, retries=self.RETRIES,
                              lesson=str(lesson), source=source, lang=lang)
        super().__init__(session, progress=progress, lang=lang, **kwargs)
        with self.hold_sync(), self.nav.hold_sync():  # what the constructor sets: one message per model
            self.add_class("bw-quiz")
            self.new_button = self.nav.add("new", self._t("widget.new-quiz"), self._t("widget.new-quiz-tip"),
                                           "bw-new-quiz")
            self.new_button.on_click(guard(self._oops, lambda _b: self.new_quiz()))
            with self.hold_trait_notifications():
                self.lesson = str(lesson)
                self.item = item
                self.rules = rules_key(rules)
                self.seed = seed
            if self.lesson:
                self.progress.expect(self.lesson, self.item, self._t("widget.progress.quiz"))
                self.solved = self.progress.is_solved(self.lesson, self.item)
            self.observe(guard(self._oops, self._on_rules), "rules")
            self.redraw()
            if follow:
                self.progress.follow(self)

    @classmethod
    def for_lesson(cls, lesson: str, rules: Rules | str = "buraco", seed: int = 1, n: int = 5, **kwargs: Any) -> Quiz:
        return cls(topic=str(lesson), lesson=str(lesson), rules=rules, seed=seed, n=n, **kwargs)

    @property
    def dealt(self) -> list[Dealt | None]:
        return self.session.dealt

    @property
    def comeback(self) -> dict[int, int]:
        """Question index -> the index of the question it brings back."""
        return self.session.comeback

    def origin(self, i: int) -> int:
        """The first question that question ``i`` brings back (``i`` itself for a first one)."""
        return self.session.origin(i)

    def new_quiz(self) -> None:
        self.session.new_quiz()
        self.seed = self.session.seed
        self.restart()

    def _on_rules(self, change: Any) -> None:
        try:
            self.session.in_ruleset(change["new"])
        except ValueError as exc:
            self.score_label.value = esc(reason(exc, self.lang))
            return
        self.restart()

    def redraw(self) -> None:
        """Above a question asked again, which one it brings back, and where its rule is taught."""
        super().redraw()
        again = self.session.retry_of(self.index) if self.session.questions else None
        if again is None:
            self.retry_note.value = ""
            return
        read = (f" {esc(self._t('widget.retry-read'))} <a href='{esc(again.link.href)}'>"
                f"{esc(again.link.words)}</a>") if again.link else ""
        self.retry_note.value = f"<p class='bw-retry' role='note'>{esc(again.note.text(self.lang))}{read}</p>"

    def answered(self) -> None:
        """The quiz is solved once every question is answered right."""
        if self.session.complete and self.lesson:
            self.solved = True
            self.progress.record(self.lesson, self.item)
