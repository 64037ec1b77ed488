"""PuzzleSession: one puzzle being answered, without a widget. Right answers come from the engine
(``solve``); the session's verdicts are ``check``'s, with what a page needs beside them."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from buraco_core.sessions import ANSWER_FORMS, PuzzleSession, SessionError
from buraco_core.teach import KINDS, Puzzle, check, generate, hint, load_puzzle, solve
from buraco_core.teach.learners.mastery import Outcome
from buraco_core.teach.puzzles import HINT_LEVELS

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
PUZZLES = LESSONS / "puzzles"


def wrong(session: PuzzleSession) -> object:
    """A wrong answer the kind itself offers (its tempting ones), or a plain wrong one."""
    p = session.puzzle
    kind = KINDS[p.kind]
    for answer in kind.tempting(p):
        if check(p, answer).answered:
            return answer
    right = solve(p)
    if kind.form == "number":
        return int(right) + 10  # type: ignore[call-overload]
    if kind.form == "extend":
        return (right[0], [c for c in p.hand if c not in right[1]][:1])  # type: ignore[index]
    return [c for c in p.hand if c not in right][:1] or list(right)[:2]  # type: ignore[union-attr]


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_right_answer_solves_it_at_the_first_try(kind: str) -> None:
    s = PuzzleSession(generate(kind, "buraco", 5), lesson="03")
    seen: list[bool] = []
    s.listen(lambda session, fb: seen.append(fb.correct))
    situation = s.situation()
    assert situation.form == KINDS[kind].form and situation.form in ANSWER_FORMS and situation.problem is None
    fb = s.check(solve(s.puzzle))
    assert fb.correct and fb.outcome is Outcome.FIRST and fb.shows_count and fb.link is None
    assert s.solved and s.tries == 1 and s.correct is True and seen == [True]
    attempt = s.attempts[-1]
    assert attempt.solved and attempt.first_try and attempt.clause == s.puzzle.main_clause and attempt.lesson == "03"
    assert attempt.to_dict()["rule"] == fb.rule == s.puzzle.clauses[0]
    assert (fb.drawing is not None) == (KINDS[kind].draws_meld and fb.meld is not None)
    assert fb.your_answer == (str(solve(s.puzzle)) if ANSWER_FORMS[KINDS[kind].form].echoed else "")


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_wrong_answer_counts_as_a_miss_and_keeps_the_count_hidden(kind: str) -> None:
    s = PuzzleSession(generate(kind, "buraco", 6), course=LESSONS)
    fb = s.check(wrong(s))
    assert fb.answered and not fb.correct and fb.outcome is Outcome.WRONG and not fb.shows_count
    assert not s.solved and s.attempts[-1].outcome is Outcome.WRONG
    topic = KINDS[kind].topic(s.puzzle)
    if fb.link is not None:  # where the rule is taught (or the topic of play), to read again
        anchor = f"topic-{topic}" if topic else f"clause-{fb.rule}"
        assert fb.link.href.endswith(f".ipynb#{anchor}") and fb.link.words.startswith("lesson ")
    right = s.check(solve(s.puzzle))
    assert right.correct and right.outcome is Outcome.HELPED and s.solved and s.tries == 2


def test_the_link_names_the_section_in_the_sessions_language() -> None:
    puzzle = load_puzzle(PUZZLES / "04_turn.yaml", "italian-single-take")
    for lang, words in (("en", "lesson 04"), ("de", "Lektion 04")):
        fb = PuzzleSession(puzzle, course=LESSONS, lang=lang).check("allowed")
        assert fb.rule == "single-take" and fb.link is not None
        assert fb.link.href == "04_turn.ipynb#clause-single-take" and fb.link.words.startswith(words)


def test_nothing_given_is_not_a_try() -> None:
    s = PuzzleSession(generate("seats", "buraco", 1))
    fb = s.check(None)  # no option chosen
    assert not fb.answered and fb.message.key == ANSWER_FORMS["choice"].empty and s.tries == 0 and s.attempts == []
    cards = PuzzleSession(generate("make-meld", "buraco", 1))
    assert not cards.check([]).answered and cards.tries == 0  # the kind says what to do


def test_a_check_that_fails_is_logged_and_said(monkeypatch: Any, caplog: Any) -> None:
    import buraco_core.sessions.puzzle as session_module

    def broken(puzzle: Puzzle, answer: object) -> Any:
        raise TypeError("a bug")

    monkeypatch.setattr(session_module, "check", broken)
    s = PuzzleSession(generate("make-meld", "buraco", 1))
    with caplog.at_level(logging.ERROR):
        fb = s.check(["4h"])
    assert not fb.answered and fb.message.key == "widget.could-not-check" and "a bug" not in fb.message.text("en")
    assert "met an error of its own" in fb.message.text("en")  # a bug's own words are for the log
    assert "checking puzzle" in caplog.text and "a bug" in caplog.text and s.tries == 0


def test_hints_escalate_and_the_answer_shown_is_no_success() -> None:
    s = PuzzleSession(generate("make-buraco", "buraco", 2))
    for level in range(1, HINT_LEVELS + 1):
        assert s.next_hint == level
        assert s.hint() == hint(s.puzzle, level)
    assert s.revealed and s.next_hint is None and s.hint() is None and len(s.hint_lines) == HINT_LEVELS
    assert s.hint_lines[0].text("en") == f"Hint 1 of 3: {hint(s.puzzle, 1)}"
    fb = s.check(solve(s.puzzle))
    assert fb.correct and fb.outcome is Outcome.WRONG and fb.shows_count and not s.solved
    assert not s.attempts[-1].solved and s.attempts[-1].hints == HINT_LEVELS


def test_no_hint_once_answered_right() -> None:
    s = PuzzleSession(generate("meld-value", "buraco", 2))
    s.check(solve(s.puzzle))
    assert s.next_hint is None and s.hint() is None and s.hints == 0


def test_another_deals_the_next_seed_never_a_solved_one() -> None:
    s = PuzzleSession(generate("make-buraco", "buraco", 3, buraco="clean"))
    first = s.puzzle
    s.hint()
    s.check(solve(first))
    dealt = s.another()
    assert dealt is s.puzzle and dealt == generate("make-buraco", "buraco", 4, buraco="clean")
    assert (s.tries, s.hints, s.revealed, s.correct, s.solved, s.hint_lines) == (0, 0, False, None, False, [])
    assert first.id in s.solved_ids and len(s.attempts) == 1  # the record of the first stays


def test_another_keeps_the_clause_asked() -> None:
    s = PuzzleSession(generate(None, "italian", 1, clause="single-take"), params={"clause": "single-take"})
    assert s.another().clauses[0] == "single-take" and s.puzzle.seed == 2


def test_a_teachers_puzzle_becomes_practice_of_its_kind() -> None:
    s = PuzzleSession(load_puzzle(PUZZLES / "03_buracos.yaml", "worked-clean"), lesson="03")
    assert not s.generated and s.item == "worked-clean" and s.label().text("en") == "the clean buraco"
    dealt = s.another()
    assert s.generated and dealt.kind == "make-buraco" and dealt.goal["buraco"] == "clean"
    assert s.item == "worked-clean"  # what the lesson records stays


def test_another_says_why_there_is_none() -> None:
    s = PuzzleSession(Puzzle(id="odd", kind="no-such-kind", rules="buraco"))
    with pytest.raises(SessionError) as raised:
        s.another()
    assert raised.value.key == "widget.no-other" and raised.value.explain("de").startswith("Es gibt keine")
    assert s.situation().problem is not None and s.situation().form == ""


def test_a_generated_puzzle_is_dealt_again_in_the_learners_ruleset() -> None:
    s = PuzzleSession(generate("meld-value", "buraco", 3))
    s.check(solve(s.puzzle))
    note = s.in_ruleset("italian")
    assert s.puzzle == generate("meld-value", "italian", 3) and s.rules == "italian"
    assert note is not None and note.text("en") == "Now in Italian Burraco." and s.tries == 0
    assert s.in_ruleset("italian") is None  # already there


def test_a_teachers_puzzle_moves_when_it_is_the_same_there_and_stays_otherwise() -> None:
    clean = PuzzleSession(load_puzzle(PUZZLES / "03_buracos.yaml", "worked-clean"))
    assert clean.in_ruleset("burraco") is not None and clean.puzzle.rules == "burraco"
    royal = PuzzleSession(load_puzzle(PUZZLES / "03_buracos.yaml", "royal"))
    assert royal.situation().only_in is None
    assert royal.in_ruleset("italian") is None and royal.puzzle.rules == "fechado" and royal.rules == "italian"
    assert royal.situation().only_in is not None and "no version in Italian Burraco" in royal.situation().only_in.text("en")
    with pytest.raises(ValueError, match="no ruleset"):
        royal.in_ruleset("poker")


def test_the_situation_says_what_to_draw() -> None:
    extend = PuzzleSession(generate("extend", "buraco", 5)).situation()
    assert extend.picks == {"table", "hand"} and extend.meld == extend.default_meld == 0 and extend.table
    two = PuzzleSession(Puzzle(id="x", kind="extend", rules="buraco", hand=("Kh",), table=("6s 7s 8s", "Qc Qd Qh"),
                               goal={})).situation()
    assert two.meld is None and two.default_meld is None  # the learner clicks one
    position = PuzzleSession(generate("legal-play", "buraco", 5)).situation()
    assert position.position is not None and position.table == () and position.hand == () and position.facts
    predict = PuzzleSession(generate("predict", "buraco", 5)).situation()
    assert predict.added == ("4d",) and predict.options and predict.hand == ()
    score = PuzzleSession(generate("score", "buraco", 5)).situation()
    assert score.hand and score.picks == frozenset() and not score.reveal_table and score.facts



def test_the_hint_button_offers_a_hint_another_then_the_answer() -> None:
    s = PuzzleSession(generate("make-buraco", "buraco", 2))
    offers = []
    while s.next_hint is not None:
        offers.append(s.hint_offer.text("en"))
        s.hint()
    assert offers == ["Hint", "Another hint", "Show the answer"] and s.hint_offer.key == "widget.hint-answer"


def test_where_the_learner_stands() -> None:
    s = PuzzleSession(generate("meld-value", "buraco", 2))
    assert s.standing == ""
    s.check(solve(s.puzzle))
    assert s.standing == "solved"
    shown = PuzzleSession(generate("meld-value", "buraco", 2))
    for _ in range(HINT_LEVELS):
        shown.hint()
    shown.check(solve(shown.puzzle))
    assert shown.standing == "shown" and not shown.solved


def test_the_learners_record_marks_a_teachers_puzzle_solved_not_a_generated_one() -> None:
    teachers = PuzzleSession(load_puzzle(PUZZLES / "03_buracos.yaml", "worked-clean"), lesson="03")
    assert not teachers.recall(["other"]) and teachers.recall(["worked-clean"]) and teachers.standing == "solved"
    practice = PuzzleSession(generate("make-buraco", "buraco", 3), lesson="03")
    assert not practice.recall([practice.item]) and not practice.solved  # fresh practice each time


def test_a_session_generated_for_a_clause_deals_that_clause_again() -> None:
    s = PuzzleSession.generate(None, "italian", 1, clause="single-take", lesson="05")
    assert s.generated and s.lesson == "05" and s.puzzle == generate(None, "italian", 1, clause="single-take")
    assert s.another().clauses[0] == "single-take" and s.puzzle.seed == 2
    clean = PuzzleSession.generate("make-buraco", "buraco", 3, params={"buraco": "clean"})
    assert clean.puzzle == generate("make-buraco", "buraco", 3, buraco="clean") and clean.item == "practice-make-buraco"
