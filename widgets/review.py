"""Review: a session of questions on the learner's weak and due rules (spaced repetition).

When the browser has sent the learner's record (:attr:`Progress.loaded`), the review asks the
engine which clauses are due today in the course's ruleset
(:func:`buraco_core.teach.learners.mastery.review_plan`: the missed ones first, then the overdue, Leitner
boxes) and deals one fresh question for each (:func:`buraco_core.teach.deal_clauses`, seeded by
the day, so a bug report replays it), as a quiz with its retry pool. With nothing due it says so,
and when the next review falls, and offers mixed practice
(:func:`~buraco_core.teach.learners.mastery.mixed_plan`), and looks again when answers arrive from another
page of the browser. Each answer counts as any other, so a rule answered right moves up a box and
is due later.

>>> from datetime import date, timedelta
>>> from buraco_widgets import Progress, Review
>>> progress = Progress()
>>> review = Review(progress=progress)            # the installed course
>>> review.state                                   # the kernel alone: the browser has not spoken
'waiting'
>>> progress.restore("")                           # the page loads: nothing kept yet
>>> review.state, review.mixed_button.layout.display is None
('nothing', True)
>>> _ = progress.answer("run", "buraco", "wrong", variant="run-1")
>>> review.start(); review.state, review.clauses
('due', ['run'])

**An assignment.** Opened with a teacher's link (``10_review.ipynb#set=<text>``, read from the
page's address by :class:`~buraco_widgets.setlink.PageLink`), the page deals the assignment's
questions instead (:meth:`Review.open_assignment`: the same seeded questions for every
learner), and every answer to them is recorded with the assignment's id; the record keeps the
assignment's text, so the teacher's page shows the results per question. A set from the
referee's "Practise this rule" (``origin:table``) opens the same way, and says it comes from the
learner's table, not a class.

>>> review.open_assignment("rules:buraco/clauses:run,set/n:3/seed:5")
>>> review.state, len(review.quiz.puzzles), progress.assignment in progress.assignments
('assignment', 3, True)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import ipywidgets
import traitlets

from buraco_core.clauses import CLAUSES
from buraco_core.messages import render
from buraco_core.teach.course import Course, Dealt, deal_clauses, get_course
from buraco_core.teach.learners import AssignmentError, mixed_plan, next_due, parse_assignment, review_plan
from buraco_core.teach.puzzles import dealers
from buraco_core.variants import get_rules

from ._common import PlainLayout, Retiring, as_rules, button, esc, guard, plain_html, plain_layout
from .language import resolve
from .mastery import when_words
from .progress import Progress
from .quiz import Quiz
from .setlink import PageLink

__all__ = ["Review"]


class Review(PlainLayout, ipywidgets.VBox):  # type: ignore[misc]
    """The review page's session: ``Review()`` (the shared :class:`Progress`), ``n`` questions
    at most, ``seed`` mixed with the learner's day.

    ``state`` is ``waiting`` (before the browser's record arrives), ``due`` (a session of due
    rules), ``nothing`` (nothing due: mixed practice is offered), ``mixed``, or ``assignment``
    (a teacher's assignment, opened by its link); ``clauses`` the rules of the session, ``quiz``
    its :class:`Quiz` (None while there is none).
    """

    state = traitlets.Unicode("waiting")

    def __init__(self, *, progress: Progress | None = None, n: int = 6, seed: int = 1, lang: str | None = None,
                 course: Course | str | os.PathLike[str] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("bw-review")
        self.lang = lang = resolve(lang)
        self.progress = progress if progress is not None else Progress.shared()
        self.n = n
        self.seed = seed
        self.course = get_course(course)
        self.clauses: list[str] = []
        self.quiz: Quiz | None = None
        self._retiring = Retiring()
        self.status = plain_html(css="bw-review-status")
        self.mixed_button = button(self._t("review.mixed"), "bw-review-mixed", self._t("review.mixed-tip"), "primary",
                                   hides=True)
        self.again_button = button(self._t("review.again"), "bw-review-again", self._t("review.again-tip"), hides=True)
        self.mixed_button.on_click(guard(self._oops, lambda _b: self.mixed()))
        self.again_button.on_click(guard(self._oops, lambda _b: self.start()))
        self.buttons = ipywidgets.HBox([self.mixed_button, self.again_button],
                                       layout=plain_layout(flex_flow="row wrap"))
        self.holder = ipywidgets.Box(layout=plain_layout(flex_flow="column", width="100%"))
        self.link = PageLink("set")
        self.link.observe(guard(self._oops, lambda change: self.open_assignment(change["new"])), "value")
        self.children = [self.status, self.buttons, self.holder, self.link]
        self._show_waiting()
        self.progress.observe(guard(self._oops, self._on_progress), ["loaded", "settings", "answers"])
        if self.progress.loaded:
            self.start()

    def _t(self, key: str, **params: Any) -> str:
        return render(key, self.lang, **params)

    def _oops(self, message: str) -> None:
        self.status.value = f"<p role='status'>{esc(message)}</p>"

    def _on_progress(self, change: Any) -> None:
        if self.state == "assignment":
            return  # the teacher's questions stay, whatever the browser says
        if change["name"] == "answers":
            if self.state == "nothing":  # answers from another page of this browser: something may be due now
                self.start()
            return
        if self.progress.loaded and (change["name"] == "loaded" or self.state != "waiting"):
            self.start()

    def _show_waiting(self) -> None:
        self.status.value = f"<p role='status' aria-live='polite'>{esc(self._t('review.waiting'))}</p>"
        self.mixed_button.layout.display = "none"
        self.again_button.layout.display = "none"

    # -- the session ----------------------------------------------------------------------------
    def _day_seed(self) -> int:
        return int(self.progress.clock.today().strftime("%Y%m%d")) * 1000 + self.seed

    def _deal(self, clauses: Sequence[str], seed: int) -> list[Dealt]:
        # the course's puzzles, for a rule no generator deals
        return deal_clauses(clauses, self.progress.ruleset, seed, puzzles=self.course.puzzles())

    def start(self) -> None:
        """Deal today's session of due rules, or say that nothing is due and offer mixed practice."""
        rules = as_rules(self.progress.ruleset)
        today = self.progress.clock.today()
        states = self.progress.states(rules)
        self.clauses = review_plan(states, today, self.n)
        self.again_button.layout.display = "none"
        if not self.clauses:
            upcoming = next_due(states, today)
            lines = [self._t("review.nothing", rules=rules)]
            if upcoming is not None:
                lines.append(self._t("review.next", when=when_words(upcoming[0], today, self.lang), n=upcoming[1]))
            else:
                lines.append(self._t("review.never"))
            self.status.value = "<div role='status' aria-live='polite'>" + "".join(
                f"<p>{esc(line)}</p>" for line in lines) + "</div>"
            self.mixed_button.layout.display = None
            self._set_quiz(None)
            self.state = "nothing"
            return
        items = []
        for clause in self.clauses:
            href = self.course.link(clause, self.lang).href
            words = self._t("review.due-rule", rule=CLAUSES[clause].title_message.text(self.lang),
                            state=self._t(f"mastery.level.{states[clause].level}", rules=rules))
            items.append(f"<li><a href='{esc(href)}'>{esc(words)}</a></li>" if href else f"<li>{esc(words)}</li>")
        self.status.value = (f"<div role='status' aria-live='polite'><p>{esc(self._t('review.due', n=len(self.clauses), rules=rules))}"
                             f"</p><ul class='bw-review-due'>{''.join(items)}</ul></div>")
        self.mixed_button.layout.display = "none"
        self._session(self.clauses)
        self.state = "due"

    def open_assignment(self, text: str) -> None:
        """Deal a teacher's assignment (its text, from the link): the same questions for every
        learner, recorded with the assignment's id; a text that is not one says why."""
        if not text:
            return
        try:
            syllabus = self.course.syllabus
            assignment = parse_assignment(text, syllabus)
            questions = assignment.questions(syllabus)
        except AssignmentError as error:
            self.status.value = (f"<p role='alert' class='bw-review-assignment-bad'>"
                                 f"{esc(self._t('review.assignment-bad', why=error.message))}</p>")
            return
        self.progress.open_assignment(assignment.id, assignment.text())
        rules = get_rules(assignment.rules)
        if assignment.origin == "table":  # the referee's practice link: no teacher, no class
            words = self._t("review.assignment-table", name=assignment.name or self._t("referee.page.practice-name"),
                            n=len(questions), rules=rules)
        else:
            words = self._t("review.assignment", name=assignment.name or self._t("review.assignment-unnamed"),
                            n=len(questions), rules=rules)
        self.status.value = f"<p role='status' aria-live='polite' class='bw-review-assignment'>{esc(words)}</p>"
        self.mixed_button.layout.display = "none"
        self.again_button.layout.display = "none"
        self.clauses = [q.puzzle.main_clause or "" for q in questions]
        quiz = Quiz(list(questions), dealer=lambda _rules, _seed: list(questions), rules=assignment.rules,
                    progress=self.progress, lang=self.lang, follow=False, source="assignment")
        quiz.new_button.shown = False
        self._set_quiz(quiz)
        self.state = "assignment"

    def mixed(self) -> None:
        """Mixed practice: rules of the course's ruleset, those being learned first."""
        rules = as_rules(self.progress.ruleset)
        states = self.progress.states(rules)
        can = [c for c in states if dealers(c, rules)]
        self.clauses = mixed_plan(states, self._day_seed(), self.n, can_deal=can)
        self.status.value = f"<p role='status' aria-live='polite'>{esc(self._t('review.mixed-on', rules=rules))}</p>"
        self.mixed_button.layout.display = "none"
        self._session(self.clauses)
        self.state = "mixed"

    def _session(self, clauses: Sequence[str]) -> None:
        questions = self._deal(clauses, self._day_seed())
        if not questions:
            self.status.value += f"<p>{esc(self._t('review.no-question', rules=as_rules(self.progress.ruleset)))}</p>"
            self._set_quiz(None)
            return
        quiz = Quiz(questions, dealer=lambda _rules, seed: self._deal(clauses, seed), rules=self.progress.ruleset,
                    progress=self.progress, lang=self.lang, follow=False, source="review")
        quiz.new_button.shown = False
        self._set_quiz(quiz)
        quiz.session.listen(guard(self._oops, self._on_answer))

    def _set_quiz(self, quiz: Quiz | None) -> None:
        old, self.quiz = self.quiz, quiz
        self.holder.children = [quiz] if quiz is not None else []
        self._retiring.retire(old)  # closed at the next quiz, not while a page may still be making it

    def _on_answer(self, _session: Any) -> None:
        """Once every question has an answer, the learner may review again (what is still due)."""
        quiz = self.quiz
        if quiz is not None and quiz.puzzles and all(f is not None for f in quiz.first_try):
            self.again_button.layout.display = None
