"""QuizSession: a quiz's score, first tries and retry pool, and a set of puzzles, without a widget."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from buraco_core.sessions import QuizSession, SessionError
from buraco_core.sessions.puzzle import PuzzleSession
from buraco_core.sessions.quiz import RETRIES
from buraco_core.teach import check, generate, solve
from buraco_core.teach.course import deal_clauses, deal_quiz, get_course
from buraco_core.teach.course.syllabus import Dealt, Item
from buraco_core.teach.learners.mastery import Answer, Outcome, clause_states, review_plan

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
SYLLABUS = LESSONS / "syllabus.yaml"


def lesson_quiz(lesson: str = "03", **kwargs: object) -> QuizSession:
    return QuizSession(deal=lambda rules, seed: deal_quiz(lesson, rules, seed, 5, syllabus=SYLLABUS),
                       lesson=lesson, **kwargs)  # type: ignore[arg-type]


def miss(q: PuzzleSession) -> None:
    """Answer wrongly: a tempting answer of the kind, or the right number off by ten."""
    from buraco_core.teach import KINDS

    p = q.puzzle
    kind = KINDS[p.kind]
    tempting = [a for a in kind.tempting(p) if check(p, a).answered and not check(p, a).correct]
    if tempting:
        q.check(tempting[0])
    elif kind.form == "number":
        q.check(int(solve(p)) + 10)  # type: ignore[call-overload]
    else:
        right = solve(p)
        codes = right[1] if kind.form == "extend" else right  # type: ignore[index]
        wrong = [c for c in p.hand if c not in codes][:1] or list(codes)[:2]  # type: ignore[union-attr]
        q.check((right[0], wrong) if kind.form == "extend" else wrong)  # type: ignore[index]
    assert q.correct is False, p.id


def test_a_quiz_is_dealt_from_the_syllabus_and_scored() -> None:
    quiz = lesson_quiz()
    assert quiz.asked == len(quiz.questions) == 5 and quiz.asked_again == 0 and not quiz.complete
    assert [q.puzzle for q in quiz.questions] == [d.puzzle for d in deal_quiz("03", "buraco", 1, 5, syllabus=SYLLABUS)]
    for q in quiz.questions:
        q.check(solve(q.puzzle))
    assert quiz.score == quiz.first_tries == 5 and quiz.complete and quiz.first_try == [True] * 5


def test_a_question_missed_comes_back_as_a_fresh_one_retries_times_at_most() -> None:
    quiz = lesson_quiz(course=LESSONS)
    calls: list[int] = []
    quiz.listen(lambda s: calls.append(len(s.questions)))
    first = quiz.questions[0]
    miss(first)
    assert len(quiz.questions) == 6 and quiz.comeback == {5: 0} and quiz.asked == 5 and quiz.asked_again == 1
    back = quiz.questions[5]
    assert back.puzzle.main_clause == first.puzzle.main_clause and back.puzzle != first.puzzle
    again = quiz.retry_of(5)
    assert again is not None and again.missed == 0 and again.clause == first.puzzle.main_clause
    assert again.link is not None and again.link.href.endswith(f"#clause-{again.clause}")
    assert quiz.retry_of(0) is None
    miss(first)  # a second wrong answer to the same question brings nothing more back
    assert len(quiz.questions) == 6
    miss(back)  # the comeback missed: once more, then no more
    assert len(quiz.questions) == 7 and quiz.origin(6) == 0 and quiz.asked_again == RETRIES
    miss(quiz.questions[6])
    assert len(quiz.questions) == 7 and calls == [6, 6, 7, 7]
    assert quiz.first_try[:1] == [False] and quiz.right[0] is False
    first.check(solve(first.puzzle))  # right after a miss: right, not at the first try
    assert quiz.right[0] and quiz.first_tries == 0
    replay = lesson_quiz()
    miss(replay.questions[0])
    assert replay.questions[5].puzzle == back.puzzle  # seeded by the missed puzzle


def test_the_questions_answers_carry_the_quiz() -> None:
    quiz = lesson_quiz(source="review")
    q = quiz.questions[0]
    q.check(solve(q.puzzle))
    assert (q.attempts[-1].lesson, q.source) == ("03", "review")


def recorded(quiz: QuizSession, day: date) -> list[Answer]:
    """The quiz's answers as a page records them (:meth:`Progress.answer`)."""
    return [Answer(a.clause or "", a.rules, a.outcome, a.puzzle, day, i, session=a.session)
            for i, a in enumerate(a for q in quiz.questions for a in q.attempts)]


def test_a_miss_goes_from_a_lesson_quiz_to_the_review_and_is_relearned_there() -> None:
    day = date(2026, 5, 1)
    quiz = lesson_quiz(course=LESSONS)
    first = quiz.questions[0]
    miss(first)
    first.check(solve(first.puzzle))   # right at once, after the miss
    for q in quiz.questions[1:]:       # the others right, and the question asked again
        q.check(solve(q.puzzle))
    answers = recorded(quiz, day)
    missed = answers[0].clause
    assert {a.session for a in answers} == {quiz.id} and answers[0].outcome is Outcome.WRONG
    states = clause_states(answers, "buraco")
    assert states[missed].level == "weak" and review_plan(states, day)[0] == missed
    review = QuizSession(deal_clauses(review_plan(states, day), "buraco", 7, puzzles=get_course(LESSONS).puzzles()),
                         source="review", course=LESSONS)
    assert review.id != quiz.id and review.questions[0].clause == missed
    q = review.questions[0]
    q.check(solve(q.puzzle))
    states = clause_states([*answers, *recorded(review, day)], "buraco")
    assert states[missed].level == "learning" and missed not in review_plan(states, day)


def test_a_question_dealt_for_a_clause_counts_on_it() -> None:
    """A course puzzle dealt for one of its rules that is not its first (as :func:`deal_clauses` deals
    for a rule no generator deals): a right answer counts on that rule, a miss on the verdict's."""
    puzzle = {p.id: p for p in get_course(LESSONS).puzzles()}["choose-the-end"]
    assert puzzle.main_clause == "wild-moves"
    q = QuizSession([Dealt(puzzle, Item("wild-stays"), "buraco")], source="review").questions[0]
    q.check("low")
    assert (q.attempts[-1].rule, q.attempts[-1].clause) == ("wild-moves", "wild-moves")
    q.check(solve(q.puzzle))
    assert q.attempts[-1].clause == "wild-stays"


def test_new_quiz_and_another_ruleset_deal_again() -> None:
    quiz = lesson_quiz("01")
    first = quiz.puzzles
    quiz.new_quiz()
    assert quiz.seed == 2 and quiz.puzzles != first
    quiz.in_ruleset("fechado")
    assert quiz.rules == "fechado" and {p.rules for p in quiz.puzzles} == {"fechado"} and quiz.seed == 2
    with pytest.raises(ValueError, match="no ruleset"):
        quiz.in_ruleset("poker")
    assert quiz.rules == "fechado"


def test_a_set_of_puzzles_asks_nothing_again() -> None:
    puzzles = [generate("meld-value", "buraco", s) for s in (1, 2)]
    pset = QuizSession(puzzles, retries=0, lesson="01", source="puzzle")
    miss(pset.questions[0])
    assert len(pset.questions) == 2 and pset.comeback == {} and pset.first_try == [False, None]
    with pytest.raises(SessionError):
        pset.new_quiz()  # nothing to deal from


def test_the_summary_says_the_score_and_once_asked_again_the_first_tries() -> None:
    quiz = lesson_quiz(course=LESSONS)
    assert [m.text("en") for m in quiz.summary()] == ["Score: 0 of 5 right (0 at the first try, without a hint)."]
    assert quiz.summary("widget.solved-so-far")[0].text("en").startswith("Solved: 0 of 5")
    miss(quiz.questions[0])
    again = quiz.retry_of(5)
    assert again is not None and again.missed == 0
    assert again.note.text("en").startswith("Question 1 comes back, as a fresh one: ")
    assert [m.key for m in quiz.summary()] == ["widget.score-asked-again"]
    for q in quiz.questions:
        q.check(solve(q.puzzle))
    assert quiz.complete and [m.text("en") for m in quiz.summary()][1:] == ["Quiz complete!"]


def test_a_set_of_puzzles_takes_the_learners_record() -> None:
    by_id = {p.id: p for p in get_course(LESSONS).puzzles()}
    pset = QuizSession([by_id["wild-jumps"], by_id["choose-the-end"]], retries=0, lesson="02", source="puzzle")
    pset.recall(["choose-the-end", "something-else"])
    assert pset.right == [False, True] and pset.score == 1 and not pset.complete
