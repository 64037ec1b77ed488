"""PuzzleSet and Quiz: puzzles one at a time (Previous / Next), each a :class:`MeldPuzzle`, over
a :class:`~buraco_core.teach.QuizSession` that keeps the score and (in a quiz) the retry pool.

>>> from buraco_widgets import Progress, Quiz
>>> from buraco_core.teach import generate
>>> quiz = Quiz([generate("meld-value", "buraco", s) for s in (1, 2)], progress=Progress(), follow=False)
>>> quiz.summary()
'Score: 0 of 2 right (0 at the first try, without a hint).'
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets
import traitlets

from buraco_core import Rules
from buraco_core.clauses import CLAUSES
from buraco_core.messages import render
from buraco_core.teach import Dealt, Puzzle, QuizSession, deal_quiz, load_puzzles

from ._common import button, esc, guard, reason, rules_key
from .language import resolve
from .progress import Progress
from .puzzle import MeldPuzzle

__all__ = ["PuzzleSet", "Quiz"]


class _Steps(ipywidgets.VBox):  # type: ignore[misc]
    """Puzzles one at a time, built when first shown: a header, the current puzzle, Previous /
    Next. Subclasses say what is recorded."""

    index = traitlets.Int(0)
    _tally = "widget.score-so-far"
    _counter = "widget.question"

    def _setup(self, session: QuizSession, progress: Progress | None) -> None:
        self.session = session
        self._progress = progress
        self.header = ipywidgets.HTML()
        self.header.add_class("bw-quiz-header")
        self.score_label = ipywidgets.HTML()
        self.score_label.add_class("bw-quiz-score")
        self.previous_button = button(self._t("widget.previous"), "bw-previous", self._t("widget.previous-tip"))
        self.next_button = button(self._t("widget.next"), "bw-next", self._t("widget.next-tip"))
        self.previous_button.on_click(guard(self._oops, lambda _b: self.previous()))
        self.next_button.on_click(guard(self._oops, lambda _b: self.next()))
        self.holder = ipywidgets.Box()
        self._built: dict[int, MeldPuzzle] = {}
        session.listen(guard(self._oops, lambda _s: self._answered(), lang=self.lang))
        self.observe(guard(self._oops, lambda _c: self._show()), "index")

    def _t(self, key: str, **params: Any) -> str:
        return render(key, self.lang, **params)

    def _oops(self, message: str) -> None:
        self.score_label.value = f"<span role='status'>{esc(message)}</span>"

    @property
    def progress(self) -> Progress:
        return self._progress if self._progress is not None else Progress.shared()

    # -- the session's bookkeeping, as the widget showed it before ----------------------------
    @property
    def puzzles(self) -> list[Puzzle]:
        return self.session.puzzles

    @property
    def right(self) -> list[bool]:
        return self.session.right

    @property
    def first_try(self) -> list[bool | None]:
        return self.session.first_try

    @property
    def score(self) -> int:
        return self.session.score

    # -- the questions ------------------------------------------------------------------------
    @property
    def questions(self) -> list[MeldPuzzle]:
        """Every puzzle's widget (built now where not shown yet)."""
        return [self._question(i) for i in range(len(self.session.questions))]

    @property
    def current(self) -> MeldPuzzle:
        return self._question(self.index)

    def _make(self, i: int) -> MeldPuzzle:
        raise NotImplementedError

    def _question(self, i: int) -> MeldPuzzle:
        if i not in self._built:
            self._built[i] = self._make(i)
        return self._built[i]

    def _dealt(self) -> None:
        """The session dealt new questions: forget the old ones' widgets, start at the first."""
        for q in self._built.values():
            q.close()
        self._built = {}
        with self.hold_trait_notifications():
            self.index = 0
        self._show()

    def next(self) -> None:
        if self.index < len(self.session.questions) - 1:
            self.index += 1

    def previous(self) -> None:
        if self.index > 0:
            self.index -= 1

    def _answered(self) -> None:
        self._done()
        self._show()

    def _done(self) -> None:
        pass

    def _show(self) -> None:
        n = len(self.session.questions)
        if not n:
            self.header.value = f"<b>{esc(self._t('widget.no-questions'))}</b>"
            self.holder.children = []
            return
        mark = " ✓" if self.session.right[self.index] else ""
        self.header.value = f"<b>{esc(self._t(self._counter, n=self.index + 1, of=n))}</b>{mark}"
        self.holder.children = [self.current]
        self.previous_button.disabled = self.index == 0
        self.next_button.disabled = self.index == n - 1
        self.score_label.value = f"<span role='status' aria-live='polite'>{esc(self.summary())}</span>"

    def summary(self) -> str:
        s = self.session
        text = self._t(self._tally, right=s.score, n=len(s.questions), first=s.first_tries)
        if s.complete:
            text += " " + self._t("widget.complete")
        return text


class PuzzleSet(_Steps):
    """A lesson's guided puzzles from a file, one at a time: each is recorded in :class:`Progress`
    as a puzzle of its own.

    ``PuzzleSet.load("puzzles/06_scoring.yaml", "match-point", "italian-tie", lesson="06")``.
    """

    _counter = "widget.puzzle-n"
    _tally = "widget.solved-so-far"

    def __init__(self, puzzles: Sequence[Puzzle], *, lesson: str = "", progress: Progress | None = None,
                 lang: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("bw-quiz")
        self.add_class("bw-puzzle-set")
        self.lesson = str(lesson)
        self.lang = resolve(lang)
        self._setup(QuizSession(puzzles, retries=0, lesson=self.lesson, source="puzzle", lang=self.lang), progress)
        self.nav = ipywidgets.HBox([self.previous_button, self.next_button],
                                   layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.nav.add_class("bw-quiz-nav")
        if self.lesson:
            for i, q in enumerate(self.session.questions):
                self.progress.expect(self.lesson, q.item, q.label().text(self.lang))
                self.session.right[i] = self.progress.is_solved(self.lesson, q.item)
        self.children = [self.header, self.holder, self.nav, self.score_label]
        self._show()

    @classmethod
    def load(cls, path: str | os.PathLike[str], *ids: str, **kwargs: Any) -> PuzzleSet:
        """The puzzles ``ids`` of a teacher's YAML file, in that order."""
        by_id = {p.id: p for p in load_puzzles(path)}
        missing = [i for i in ids if i not in by_id]
        if missing:
            raise ValueError(f"no puzzle {missing[0]!r} in {os.fspath(path)} (its puzzles: {', '.join(by_id)})")
        return cls([by_id[i] for i in ids], **kwargs)

    def _make(self, i: int) -> MeldPuzzle:
        q = self.session.questions[i]
        return MeldPuzzle(q, lesson=self.lesson, record=bool(self.lesson), another=False,
                          progress=self._progress, lang=self.lang, label=q.label().text(self.lang))


class Quiz(_Steps):
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

    rules = traitlets.Unicode("buraco")
    seed = traitlets.Int(1)
    lesson = traitlets.Unicode("")
    item = traitlets.Unicode("quiz")
    solved = traitlets.Bool(False)
    #: How often one question comes back after a miss.
    RETRIES = 2

    def __init__(self, puzzles: Sequence[Puzzle | Dealt] = (), *, topic: str | None = None, lesson: str = "",
                 item: str = "quiz", rules: Rules | str = "buraco", seed: int = 1, n: int = 5,
                 progress: Progress | None = None, syllabus: str | os.PathLike[str] | None = None,
                 lang: str | None = None, follow: bool = True,
                 dealer: Callable[[str, int], Sequence[Dealt]] | None = None, source: str = "quiz",
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("bw-quiz")
        chosen = topic or lesson

        def deal(rules: str, seed: int) -> Sequence[Dealt]:
            return deal_quiz(chosen, rules, seed, n, syllabus=syllabus)

        self.lang = resolve(lang)
        session = QuizSession(puzzles, deal=dealer or deal, rules=rules, seed=seed, retries=self.RETRIES,
                              lesson=str(lesson), source=source, lang=self.lang)
        self._setup(session, progress)
        self.retry_note = ipywidgets.HTML()
        self.retry_note.add_class("bw-retry-note")
        self.new_button = button(self._t("widget.new-quiz"), "bw-new-quiz", self._t("widget.new-quiz-tip"))
        self.new_button.on_click(guard(self._oops, lambda _b: self.new_quiz()))
        self.nav = ipywidgets.HBox([self.previous_button, self.next_button, self.new_button],
                                   layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.nav.add_class("bw-quiz-nav")
        with self.hold_trait_notifications():
            self.lesson = str(lesson)
            self.item = item
            self.rules = rules_key(rules)
            self.seed = seed
        if self.lesson:
            self.progress.expect(self.lesson, self.item, self._t("widget.progress.quiz"))
            self.solved = self.progress.is_solved(self.lesson, self.item)
        self.observe(guard(self._oops, self._on_rules), "rules")
        self.children = [self.header, self.retry_note, self.holder, self.nav, self.score_label]
        self._show()
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

    def _make(self, i: int) -> MeldPuzzle:
        return MeldPuzzle(self.session.questions[i], record=False, another=False, lang=self.lang,
                          progress=self._progress, follow=False)

    def new_quiz(self) -> None:
        self.session.new_quiz()
        self.seed = self.session.seed
        self._dealt()

    def _on_rules(self, change: Any) -> None:
        try:
            self.session.in_ruleset(change["new"])
        except ValueError as exc:
            self.score_label.value = esc(reason(exc, self.lang))
            return
        self._dealt()

    def _show(self) -> None:
        super()._show()
        again = self.session.retry_of(self.index) if self.session.questions else None
        if again is None:
            self.retry_note.value = ""
            return
        title = CLAUSES[again.clause].title_message.text(self.lang) if again.clause else ""
        read = (f" {esc(self._t('widget.retry-read'))} <a href='{esc(again.link.href)}'>"
                f"{esc(again.link.words)}</a>") if again.link else ""
        self.retry_note.value = (f"<p class='bw-retry' role='note'>"
                                 f"{esc(self._t('widget.retry', n=again.missed + 1, rule=title))}{read}</p>")

    def _done(self) -> None:
        if self.session.complete and self.lesson:
            self.solved = True
            self.progress.record(self.lesson, self.item)
