"""Mastery per clause and the spacing of reviews (buraco_core.teach.learners.mastery): answers in, states and
due dates out, the clock passed in; and the learner's record as the browser keeps it
(buraco_core.teach.learners.record): its format, the migration from the first format, merging."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from buraco_core import CLAUSES, RULESETS
from buraco_core.clauses import shares_answers
from buraco_core.teach.learners.mastery import (
    BOXES,
    INTERVALS,
    MASTERY_STREAK,
    Answer,
    Outcome,
    clause_states,
    fold,
    mixed_plan,
    next_due,
    outcome_of,
    review_plan,
)
from buraco_core.teach.learners.record import (
    DEFAULT_RULESET,
    FORMAT,
    LearnerClock,
    Record,
    read_record,
    solved_lines,
)

DAY = date(2026, 12, 1)
FIRST, HELPED, WRONG = Outcome.FIRST, Outcome.HELPED, Outcome.WRONG


def a(outcome: Outcome, variant: str = "v", day: date = DAY, clause: str = "run", rules: str = "buraco",
      at: int = 0) -> Answer:
    return Answer(clause, rules, outcome, variant, day, at)


def later(days: int) -> date:
    return DAY + timedelta(days=days)


# ---- the outcome of a check


@pytest.mark.parametrize(("correct", "tries", "hints", "revealed", "outcome"), [
    (True, 1, 0, False, FIRST),
    (True, 1, 1, False, HELPED),    # right after a hint
    (True, 2, 0, False, HELPED),    # right after a wrong try
    (False, 1, 0, False, WRONG),
    (False, 3, 2, False, WRONG),
    (True, 1, 3, True, WRONG),      # the answer shown before any try: no success
    (True, 2, 3, True, HELPED),     # the miss was recorded at the first try
])
def test_the_outcome_of_a_check(correct: bool, tries: int, hints: int, revealed: bool, outcome: Outcome) -> None:
    assert outcome_of(correct, tries, hints, revealed) is outcome


# ---- mastery


def test_three_first_try_answers_in_a_row_on_fresh_variants_master_a_clause() -> None:
    s = fold("run", [a(FIRST, "x"), a(FIRST, "y")])
    assert (s.level, s.streak, s.mastered) == ("learning", 2, False)
    s = fold("run", [a(FIRST, "x"), a(FIRST, "y"), a(FIRST, "z")])
    assert (s.level, s.streak, s.mastered) == ("mastered", MASTERY_STREAK, True)


def test_the_same_variant_again_is_no_fresh_answer() -> None:
    s = fold("run", [a(FIRST, "x"), a(FIRST, "x"), a(FIRST, "x")])
    assert s.streak == 1 and not s.mastered and s.first == 3


def test_a_miss_breaks_the_row_and_a_mastered_clause_falls_back() -> None:
    row = [a(FIRST, "x"), a(FIRST, "y"), a(FIRST, "z")]
    s = fold("run", [*row, a(WRONG, "w")])
    assert (s.level, s.mastered, s.streak, s.wrong) == ("weak", False, 0, 1)
    s = fold("run", [*row, a(WRONG, "w"), a(FIRST, "x")])  # x counts again in a new row
    assert (s.level, s.streak) == ("learning", 1)
    s = fold("run", [a(FIRST, "x"), a(WRONG, "w"), a(FIRST, "y"), a(FIRST, "z")])
    assert not s.mastered and s.streak == 2  # not three in a row


def test_an_answer_after_a_hint_breaks_the_row_but_keeps_mastery() -> None:
    s = fold("run", [a(FIRST, "x"), a(FIRST, "y"), a(HELPED, "z"), a(FIRST, "q")])
    assert s.streak == 1 and not s.mastered and s.helped == 1
    s = fold("run", [a(FIRST, "x"), a(FIRST, "y"), a(FIRST, "z"), a(HELPED, "q")])
    assert s.mastered and s.level == "mastered" and s.streak == 0


def test_a_new_clause_and_answers_of_other_clauses() -> None:
    s = fold("run", [a(FIRST, clause="set")])
    assert (s.level, s.answers, s.box, s.due) == ("new", 0, 0, None) and not s.is_due(later(99))


# ---- spacing: Leitner boxes


def test_first_try_answers_climb_the_boxes_only_when_due() -> None:
    s = fold("run", [a(FIRST, "x")])
    assert (s.box, s.due) == (1, later(INTERVALS[0]))
    s = fold("run", [a(FIRST, "x"), a(FIRST, "y"), a(FIRST, "z")])  # cramming on one day does not space
    assert (s.box, s.due) == (1, later(1))
    answers = [a(FIRST, "x")]
    day = DAY
    for box in range(2, BOXES + 1):
        day = day + timedelta(days=INTERVALS[box - 2])  # on the day it is due
        answers.append(a(FIRST, f"v{box}", day))
        s = fold("run", answers)
        assert (s.box, s.due) == (box, day + timedelta(days=INTERVALS[box - 1]))
    answers.append(a(FIRST, "again", s.due))  # the last box stays the last
    assert fold("run", answers).box == BOXES


def test_an_overdue_answer_climbs_from_its_own_day() -> None:
    s = fold("run", [a(FIRST, "x"), a(FIRST, "y", later(10))])
    assert (s.box, s.due) == (2, later(10 + INTERVALS[1]))


def test_a_miss_sends_the_clause_to_box_one_due_at_once() -> None:
    s = fold("run", [a(FIRST, "x"), a(FIRST, "y", later(1)), a(WRONG, "z", later(2))])
    assert (s.box, s.due) == (1, later(2)) and s.is_due(later(2))


def test_a_clause_relearned_the_day_it_was_missed_comes_back_the_next_day() -> None:
    missed = [a(FIRST, "x"), a(FIRST, "y", later(1)), a(WRONG, "z", later(2))]
    s = fold("run", [*missed, a(FIRST, "q", later(2))])
    assert (s.box, s.due, s.level) == (1, later(3), "learning")
    s = fold("run", [*missed, a(FIRST, "q", later(2)), a(FIRST, "r", later(3))])  # the next day it climbs
    assert (s.box, s.due) == (2, later(3 + INTERVALS[1]))


def session_answer(outcome: Outcome, variant: str, session: str, day: date = DAY) -> Answer:
    return Answer("run", "buraco", outcome, variant, day, session=session)


def test_a_miss_stays_due_until_relearned_on_a_fresh_variant_in_another_session() -> None:
    missed = [session_answer(FIRST, "x", "puzzle-1"), session_answer(WRONG, "y", "quiz-1")]
    retried = [*missed, session_answer(HELPED, "y", "quiz-1"),   # the same question, right after the miss
               session_answer(FIRST, "z", "quiz-1")]             # the quiz's own retry, a fresh variant
    s = fold("run", retried)
    assert (s.level, s.box, s.due) == ("weak", 1, DAY) and s.is_due(DAY)
    s = fold("run", [*retried, session_answer(FIRST, "y", "review-1")])   # the missed variant again, later
    assert s.level == "weak" and s.is_due(DAY)
    s = fold("run", [*retried, session_answer(FIRST, "q", "review-1")])   # relearned in the review
    assert (s.level, s.box, s.due) == ("learning", 1, later(1)) and not s.is_due(DAY)
    s = fold("run", [*retried, session_answer(FIRST, "q", "review-1", later(3))])   # days later: up a box
    assert (s.level, s.box, s.due) == ("learning", 2, later(3 + INTERVALS[1]))


def test_a_clause_missed_at_the_table_stays_due_through_the_rest_of_the_hand() -> None:
    hand = [session_answer(WRONG, "game-1", "table-1"), session_answer(FIRST, "game-2", "table-1"),
            session_answer(FIRST, "game-3", "table-1")]
    assert review_plan(clause_states(hand, "buraco"), DAY) == ["run"]
    assert next_due(clause_states(hand, "buraco"), DAY) is None


def test_a_second_miss_keeps_the_first_days_due() -> None:
    s = fold("run", [session_answer(WRONG, "x", "quiz-1"), session_answer(WRONG, "y", "quiz-2", later(2))])
    assert (s.due, s.missed) == (DAY, later(2)) and s.is_due(later(2))


def test_help_keeps_the_box_and_brings_the_clause_back_the_next_day() -> None:
    s = fold("run", [a(FIRST, "x"), a(FIRST, "y", later(1)), a(HELPED, "z", later(2))])
    assert (s.box, s.due) == (2, later(3))
    s = fold("run", [a(WRONG, "x"), a(HELPED, "y")])  # missed, then right with help: tomorrow again
    assert (s.box, s.due) == (1, later(1))
    s = fold("run", [a(HELPED, "x")])
    assert (s.box, s.due) == (1, later(1))


@given(st.lists(st.tuples(st.sampled_from(list(Outcome)), st.sampled_from("abcdef"), st.integers(0, 60)),
                max_size=30))
def test_any_answers_give_a_sound_state(raw: list[tuple[Outcome, str, int]]) -> None:
    answers = sorted((a(o, v, later(d)) for o, v, d in raw), key=lambda x: x.day)
    s = fold("run", answers)
    assert s.answers == len(answers) == s.first + s.helped + s.wrong
    assert 0 <= s.box <= BOXES and (s.box == 0) == (not answers)
    assert s.streak <= len({x.variant for x in answers if x.outcome is FIRST})
    if answers:
        last = answers[-1]
        # missed and not relearned since: a right answer on a variant no miss since the last relearning had
        missed: set[str] = set()
        for x in answers:
            if x.outcome is WRONG:
                missed.add(x.variant)
            elif missed and x.variant not in missed:
                missed = set()
        assert s.due is not None and s.last == last.day and s.pending == bool(missed)
        assert s.level == ("weak" if missed else "mastered" if s.mastered else "learning")
        assert s.is_due(last.day) == bool(missed)   # a clause still missed is due; one relearned is not
        assert (s.due <= last.day) if missed else (s.due > last.day)


# ---- rulesets: answers shared where a ruleset reads the clause alike


def test_answers_count_where_a_ruleset_reads_the_clause_alike() -> None:
    assert shares_answers("run", "buraco", "italian")
    assert not shares_answers("card-values", "buraco", "brazilian")
    assert shares_answers("card-values", "italian", "burraco")
    assert not shares_answers("run", "my-house-rules", "buraco")  # an unknown name counts for itself only
    answers = [a(FIRST, v, rules="buraco") for v in "xyz"] + [a(FIRST, v, clause="card-values") for v in "xyz"]
    italian, brazilian = clause_states(answers, "italian"), clause_states(answers, "brazilian")
    assert italian["run"].mastered and italian["card-values"].mastered
    assert brazilian["run"].mastered and brazilian["card-values"].level == "new"


def test_clause_states_hold_every_clause_of_the_ruleset_in_rulebook_order() -> None:
    for name, rules in RULESETS.items():
        states = clause_states([], name)
        assert list(states) == [c for c in CLAUSES if CLAUSES[c].applies(rules)]
        assert all(s.level == "new" for s in states.values())


def test_answers_are_folded_in_the_learners_order() -> None:
    answers = [a(WRONG, "w", at=2), a(FIRST, "x", at=1)]  # given out of order: the later miss wins
    assert clause_states(answers, "buraco")["run"].level == "weak"


# ---- the review's plan


def test_review_plan_deals_the_weak_then_the_due_and_says_when_the_next_falls() -> None:
    answers = [a(FIRST, "x", clause="run"), a(FIRST, "x", clause="set", day=later(-3)),
               a(WRONG, "w", clause="deal"), a(FIRST, "x", clause="deck", day=later(2))]
    states = clause_states(answers, "buraco")
    assert review_plan(states, DAY) == ["deal", "set"]           # set was due yesterday, run is due tomorrow
    assert review_plan(states, later(1)) == ["deal", "set", "run"]
    assert review_plan(states, later(1), n=1) == ["deal"]
    assert next_due(states, DAY) == (later(1), 1)
    assert next_due(clause_states([], "buraco"), DAY) is None


def test_mixed_practice_is_seeded_and_puts_the_mastered_last() -> None:
    answers = [a(FIRST, v, clause="run") for v in "xyz"] + [a(FIRST, "x", clause="set")]
    states = clause_states(answers, "buraco")
    plan = mixed_plan(states, seed=4, n=len(states))
    assert plan == mixed_plan(states, seed=4, n=len(states)) != mixed_plan(states, seed=5, n=len(states))
    assert plan[0] == "set" and plan[-1] == "run" and len(set(plan)) == len(plan)
    limited = mixed_plan(states, 1, n=3, can_deal=["deal", "deck", "run"])
    assert set(limited) == {"deal", "deck", "run"} and limited[-1] == "run"


# ---- an answer as JSON


def test_an_answer_round_trips_through_json() -> None:
    one = Answer("pot-guard", "buraco", HELPED, "pot-guard@buraco", DAY, 1764585600000, "ab-12", "05", "puzzle")
    assert Answer.from_json(json.loads(json.dumps(one.to_json()))) == one
    two = Answer("pot-guard", "buraco", WRONG, "x", DAY, 1, "ab-13", "05", "quiz", session="quiz-1a2b3c4d")
    assert two.to_json()["session"] == "quiz-1a2b3c4d" and "session" not in one.to_json()
    assert Answer.from_json(json.loads(json.dumps(two.to_json()))) == two


@pytest.mark.parametrize(("data", "says"), [
    ("run", "is a JSON object"),
    ({"clause": "run"}, "lacks rules, outcome, variant, day"),
    ({"clause": "nope", "rules": "buraco", "outcome": "first", "variant": "x", "day": "2026-12-01"}, "no clause"),
    ({"clause": "run", "rules": "buraco", "outcome": "great", "variant": "x", "day": "2026-12-01"}, "one of first"),
    ({"clause": "run", "rules": "buraco", "outcome": "first", "variant": "x", "day": "Monday"}, "a date like"),
    ({"clause": "run", "rules": "buraco", "outcome": "first", "variant": "x", "day": "2026-12-01", "at": "noon"},
     "whole number"),
])
def test_a_bad_answer_says_what_is_wrong(data: object, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        Answer.from_json(data)


# ---- the record: format, migration, merging


def test_the_first_format_and_the_bare_mapping_migrate() -> None:
    v1 = read_record(json.dumps({"format": "buraco-progress/1", "solved": {"03": ["worked-clean"]}}))
    bare = read_record(json.dumps({"03": ["worked-clean"]}))
    assert v1 == bare == Record({"03": ["worked-clean"]})
    assert json.loads(v1.dumps())["format"] == FORMAT == "buraco-progress/3"


def test_a_record_round_trips() -> None:
    record = Record({"01": ["x"]}, (Answer("run", "buraco", FIRST, "x", DAY, 5, "id1"),),
                    {"ruleset": {"name": "italian", "at": 7}})
    again = read_record(record.dumps())
    assert again == record and again.ruleset == "italian"


@pytest.mark.parametrize(("text", "says"), [
    ("nope", "not progress JSON"),
    ("[1]", "is an object"),
    ('{"format": "buraco-progress/7"}', "unknown progress format"),
    ('{"format": "buraco-progress/2", "solved": {"01": "x"}}', "maps each lesson"),
    ('{"format": "buraco-progress/2", "answers": [{"clause": "run"}]}', "answer 1: an answer lacks"),
    ('{"format": "buraco-progress/2", "settings": {"ruleset": {"name": "poker"}}}', "names no ruleset"),
])
def test_a_bad_record_says_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        read_record(text)


def test_merging_forgets_nothing_and_the_newer_setting_wins() -> None:
    x = Answer("run", "buraco", FIRST, "x", DAY, 1, "id-x")
    y = Answer("set", "buraco", WRONG, "y", DAY, 2, "id-y")
    mine = Record({"01": ["a"]}, (x,), {"ruleset": {"name": "italian", "at": 10}})
    theirs = Record({"01": ["b"], "02": ["c"]}, (x, y), {"ruleset": {"name": "fechado", "at": 5}})
    merged = mine.merge(theirs)
    assert merged.solved == {"01": ["a", "b"], "02": ["c"]}
    assert merged.answers == (x, y) and merged.ruleset == "italian"
    assert theirs.merge(mine).ruleset == "italian"


def test_a_merge_says_what_it_brought() -> None:
    x = Answer("run", "buraco", FIRST, "x", DAY, 1, "id-x")
    y = Answer("set", "buraco", WRONG, "y", DAY, 2, "id-y")
    mine = Record({"01": ["a"]}, (x,))
    merged = mine.merge(Record({"01": ["a", "b"], "02": ["c"]}, (y, x)))
    assert mine.gains(merged) == (2, (y,)) and merged.gains(merged) == (0, ())


def test_an_item_solved_and_a_setting_chosen_once() -> None:
    record = Record().solve("03", "clean").solve("03", "dirty")
    assert record.solved == {"03": ["clean", "dirty"]} and record.solve("03", "clean") is record
    assert record.course_ruleset == DEFAULT_RULESET == "buraco"
    chosen = record.choose("ruleset", "italian", at=7).choose("learner", "Ana", at=8)
    assert (chosen.ruleset, chosen.learner, chosen.course_ruleset) == ("italian", "Ana", "italian")
    assert chosen.choose("ruleset", "italian", at=99) is chosen
    assert chosen.choose("ruleset", "fechado", at=9).settings["ruleset"] == {"name": "fechado", "at": 9}


def test_what_is_solved_of_each_lesson_in_words() -> None:
    solved, expected = {"03": ["clean"]}, {"03": ["clean", "dirty"], "05": ["pot"]}
    assert [str(m) for m in solved_lines(solved, expected)] == ["Lesson 03: 1 of 2 solved",
                                                                "Lesson 05: 0 of 1 solved"]
    assert [str(m) for m in solved_lines(solved, expected, "03")] == ["Lesson 03: 1 of 2 solved"]
    assert solved_lines({}, {}) == [] and [str(m) for m in solved_lines({}, {}, "07")] == ["Lesson 07: nothing solved yet"]


def test_the_learners_clock_is_the_browsers_once_the_page_says_it() -> None:
    import time
    from datetime import UTC, datetime

    clock = LearnerClock()
    assert clock.today() == date.today()
    late = int(datetime(2026, 3, 4, 23, 30, tzinfo=UTC).timestamp() * 1000)
    clock.set(now_ms=late, offset_minutes=-120)        # 01:30 the next day in UTC+2
    assert clock.today() == date(2026, 3, 5) and abs(clock.now_ms() - late) < 60_000
    clock.set(offset_minutes=300)                      # the same moment in UTC-5: 18:30 on the 4th
    assert clock.today() == date(2026, 3, 4) and clock.skew_ms == pytest.approx(late - time.time() * 1000, abs=60_000)
    one, two = (clock.answer("run", "buraco", "first", "v", source="assignment", assignment="a1") for _ in range(2))
    assert one.day == date(2026, 3, 4) and one.assignment == "a1" and one.id != two.id
    assert clock.answer("run", "buraco", "wrong", "v", source="puzzle", assignment="a1").assignment == ""
