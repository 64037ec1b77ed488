"""A quiz, or a set of puzzles, worked through one question at a time: :class:`QuizSession`, each
question a :class:`~buraco_core.sessions.puzzle.PuzzleSession`, with no widget.

The session keeps the score (answered right, without the answer shown), the first tries, and in a
quiz the retry pool: a question missed at its first answer comes back at the end as a fresh
variant of its item (:func:`~buraco_core.teach.retry`, seeded by the missed puzzle), after a link
to the lesson section that teaches its rule, :data:`RETRIES` times at most. The questions asked
again are counted apart from those dealt at first (:attr:`QuizSession.asked`,
:attr:`QuizSession.asked_again`).

>>> from buraco_core.teach import generate, solve
>>> from buraco_core.teach.course.syllabus import Dealt, Item
>>> first = generate("meld-value", "buraco", 1)
>>> quiz = QuizSession([Dealt(first, Item(kind="meld-value"), "buraco")])
>>> quiz.questions[0].check(solve(first) + 5).correct, quiz.asked, quiz.asked_again
(False, 1, 1)
>>> back = quiz.questions[1]
>>> back.puzzle.kind, back.puzzle != first, quiz.retry_of(1).missed
('meld-value', True, 0)
>>> back.check(solve(back.puzzle)).correct, quiz.score, quiz.first_tries, quiz.complete
(True, 1, 0, False)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from ..clauses import CLAUSES
from ..messages import Message
from ..rules import Rules
from ..teach.course import Link
from ..teach.course.syllabus import Dealt, retry
from ..teach.puzzles.feedback import Feedback
from ..teach.puzzles.puzzle import Puzzle
from ..variants import get_rules, rules_text
from .base import SessionError, new_session_id
from .puzzle import CourseLike, PuzzleSession, lesson_link

__all__ = ["RETRIES", "QuizSession", "Retry"]


@dataclass(frozen=True)
class Retry:
    """A question asked again: ``missed`` (the index of the question it brings back), the rule
    of that question (``clause``) and where it is taught (``link``, in the quiz's language)."""

    missed: int
    clause: str | None
    link: Link | None

    @property
    def note(self) -> Message:
        """What the learner reads above it: which question comes back, and on which rule."""
        return Message("widget.retry", {"n": self.missed + 1,
                                        "rule": CLAUSES[self.clause].title_message if self.clause else ""})


#: How often one missed question of a quiz comes back.
RETRIES = 2


class QuizSession:
    """Questions one at a time, each a :class:`PuzzleSession`: a quiz (``retries`` comebacks of a
    question missed at its first answer, as a fresh variant at the end) or a set of puzzles
    (``retries=0``).

    ``questions`` (the sessions, in order), ``right`` (answered right, without the answer shown),
    ``first_try`` (each question's first answer was right without a hint; None before one),
    ``comeback`` (question index -> the index of the question it asks again). :meth:`new_quiz`
    and :meth:`in_ruleset` deal the questions again through ``deal(rules, seed)``. Callables given
    to :meth:`listen` are called after every judged answer. ``id`` is the session every question's
    answers are recorded with (a question asked again is the same session: answered right there, a
    missed clause is not relearned yet, :mod:`~buraco_core.teach.learners.mastery`); a dealt question's
    answers count on the clause it was dealt for (:attr:`Dealt.item`).
    """

    def __init__(self, questions: Sequence[Puzzle | Dealt] = (), *,
                 deal: Callable[[str, int], Sequence[Dealt]] | None = None, rules: Rules | str = "buraco",
                 seed: int = 1, retries: int = RETRIES, lesson: str = "", source: str = "quiz",
                 course: CourseLike = None, lang: str = "en") -> None:
        self.rules = rules_text(get_rules(rules))
        self.seed = seed
        self.retries = retries
        self.lesson = str(lesson)
        self.source = source
        self.course = course
        self.lang = lang
        self._deal = deal
        self.id = new_session_id(source or "quiz")
        self._listeners: list[Callable[[QuizSession], None]] = []
        self._set(list(questions) if questions else self._dealt(self.rules, self.seed))

    def _dealt(self, rules: str, seed: int) -> list[Dealt]:
        if self._deal is None:
            raise SessionError(Message("widget.no-questions"))
        return list(self._deal(rules, seed))

    def _set(self, questions: Sequence[Puzzle | Dealt]) -> None:
        self.dealt: list[Dealt | None] = [q if isinstance(q, Dealt) else None for q in questions]
        self.questions: list[PuzzleSession] = []
        self.right: list[bool] = []
        self.first_try: list[bool | None] = []
        self.comeback: dict[int, int] = {}
        for q in questions:
            self._add(q.puzzle if isinstance(q, Dealt) else q, q.item.clause if isinstance(q, Dealt) else None)

    def _add(self, puzzle: Puzzle, clause: str | None = None) -> PuzzleSession:
        i = len(self.questions)
        session = PuzzleSession(puzzle, lesson=self.lesson, source=self.source, course=self.course,
                                lang=self.lang, session=self.id, clause=clause)
        session.listen(lambda _s, fb: self._answered(i, fb))
        self.questions.append(session)
        self.right.append(False)
        self.first_try.append(None)
        return session

    def listen(self, callback: Callable[[QuizSession], None]) -> None:
        """Call ``callback(quiz)`` after every judged answer (and once more when a question is
        brought back)."""
        self._listeners.append(callback)

    @property
    def puzzles(self) -> list[Puzzle]:
        return [q.puzzle for q in self.questions]

    def recall(self, solved: Collection[str]) -> None:
        """Take the learner's record, the items it has ``solved``: a question solved on an earlier
        visit counts as answered right (a lesson's set of puzzles)."""
        for i, q in enumerate(self.questions):
            if q.item in solved:
                self.right[i] = True

    # -- dealing ------------------------------------------------------------------------------------
    def new_quiz(self) -> None:
        """The quiz dealt with the next seed."""
        self._set(self._dealt(self.rules, self.seed + 1))
        self.seed += 1

    def in_ruleset(self, rules: Rules | str) -> None:
        """The quiz dealt again (the same seed) in ``rules``."""
        wanted = rules_text(get_rules(rules))
        self._set(self._dealt(wanted, self.seed))
        self.rules = wanted

    # -- answers and the retry pool -------------------------------------------------------------------
    def _answered(self, i: int, fb: Feedback) -> None:
        q = self.questions[i]
        missed = not fb.correct and self.first_try[i] is None
        if self.first_try[i] is None:
            self.first_try[i] = fb.correct and not q.hints
        if fb.correct and not q.revealed:
            self.right[i] = True
        if missed:
            self._bring_back(i)
        for callback in self._listeners:
            callback(self)

    def origin(self, i: int) -> int:
        """The first question that question ``i`` asks again (``i`` itself for a first one)."""
        while i in self.comeback:
            i = self.comeback[i]
        return i

    def _bring_back(self, i: int) -> None:
        """A question missed at its first answer comes back at the end, a fresh variant of its item
        (:func:`~buraco_core.teach.retry`, seeded by the missed puzzle), ``retries`` times at most."""
        dealt = self.dealt[i]
        first = self.origin(i)
        back = sum(1 for j in self.comeback if self.origin(j) == first)
        if dealt is None or back >= self.retries:
            return
        try:
            again = retry(dealt, back + 1)
        except ValueError:
            return  # no other variant to deal: the feedback's link still says where to read
        self.dealt.append(again)
        self._add(again.puzzle, again.item.clause)
        self.comeback[len(self.questions) - 1] = i

    def retry_of(self, i: int) -> Retry | None:
        """What question ``i`` asks again (None for a first question)."""
        if i not in self.comeback:
            return None
        missed = self.comeback[i]
        clause = self.questions[missed].puzzle.main_clause
        return Retry(missed, clause, lesson_link(clause, self.course, self.lang))

    # -- counts ---------------------------------------------------------------------------------------
    @property
    def asked(self) -> int:
        """The questions dealt at first (not counting those asked again)."""
        return len(self.questions) - len(self.comeback)

    @property
    def asked_again(self) -> int:
        """The questions asked again after a miss."""
        return len(self.comeback)

    @property
    def score(self) -> int:
        """The questions answered right (without the answer shown)."""
        return sum(self.right)

    @property
    def first_tries(self) -> int:
        """The questions dealt at first whose first answer was right without a hint (a question
        asked again is a second chance, not a first try)."""
        return sum(1 for i, f in enumerate(self.first_try) if f and i not in self.comeback)

    @property
    def complete(self) -> bool:
        """Every question answered right."""
        return bool(self.questions) and all(self.right)

    def summary(self, tally: str = "widget.score-so-far") -> tuple[Message, ...]:
        """The score so far, in sentences: ``tally`` (right of all, and at the first try); once a
        question was asked again, the first tries of the questions dealt ("3 of 5 right at the first
        try ... 5 questions, 1 asked again") instead; and once every question is right, that it is
        complete."""
        if self.asked_again:
            score = Message("widget.score-asked-again", {"first": self.first_tries, "n": self.asked,
                                                         "again": self.asked_again})
        else:
            score = Message(tally, {"right": self.score, "n": len(self.questions), "first": self.first_tries})
        return (score, Message("widget.complete")) if self.complete else (score,)
