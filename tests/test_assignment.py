"""Assignments by link (buraco_core.teach.assignment): one text per assignment, the same seeded
questions every time and in every process, a teacher's own puzzle file inside the link, and a
sentence for every text that is not an assignment."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from buraco_core.teach.assignment import MAX_QUESTIONS, Assignment, AssignmentError, parse_assignment

ROOT = Path(__file__).resolve().parent.parent
SYLLABUS = ROOT / "lessons" / "syllabus.yaml"
OWN = """title: Week 3
rules: buraco
puzzles:
  - id: three-hearts
    kind: make-meld
    hand: 4h 5h 6h 9c Kd
    goal: {meld_kind: run}
    clauses: [run]
    mistakes: [4h 5h 9c]
    prompt: Our run of hearts.
"""
BROKEN = OWN.replace("hand: 4h 5h 6h 9c Kd", "hand: 4h 5h Zz")


def test_an_assignment_is_one_text_and_reads_back() -> None:
    a = Assignment(rules="italian", n=4, seed=7, clauses=("run", "single-take"), name="Week 3 / rules")
    text = a.text()
    assert text == "name:Week%203%20%2F%20rules/rules:italian/clauses:run,single-take/n:4/seed:7"
    assert parse_assignment(text) == a and parse_assignment(text).id == a.id and len(a.id) == 10
    assert parse_assignment(f"http://host/voila/render/lessons/10_review.ipynb#set={text}") == a
    assert parse_assignment(f"#other=1&set={text}") == a


def test_the_same_questions_every_time_and_in_another_process() -> None:
    text = "rules:burraco/clauses:run,set,wild-one/n:6/seed:11"
    ids = [d.puzzle.id for d in parse_assignment(text).questions()]
    assert ids == [d.puzzle.id for d in parse_assignment(text).questions()] and len(ids) == 6
    assert [d.puzzle.main_clause for d in parse_assignment(text).questions()] == ["run", "set", "wild-one"] * 2
    code = ("from buraco_core.teach.assignment import parse_assignment\n"
            f"print(' '.join(d.puzzle.id for d in parse_assignment({text!r}).questions()))")
    other = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": "12345"})
    assert other.stdout.split() == ids


def test_a_lesson_quiz_and_a_house_variant() -> None:
    quiz = parse_assignment("rules:italian/lesson:04/n:3/seed:2", SYLLABUS)
    assert len(quiz.questions(SYLLABUS)) == 3
    house = parse_assignment("rules:buraco+target=1505/clauses:run/n:2")
    assert house.rules == "buraco+target=1505" and {d.puzzle.rules for d in house.questions()} <= {"buraco+target=1505",
                                                                                                    "buraco"}


def test_a_teachers_own_puzzle_file_travels_inside_the_link() -> None:
    a = parse_assignment(Assignment(rules="buraco", n=2, seed=3, clauses=("set",), file="week3.yaml", yaml=OWN).text())
    questions = a.questions()
    assert questions[0].puzzle.id == "three-hearts" and len(questions) == 3
    assert str(questions[0].puzzle.prompt) == "Our run of hearts."
    only = parse_assignment(Assignment(file="week3.yaml", yaml=OWN).text())
    assert [d.puzzle.id for d in only.questions()] == ["three-hearts"] and "n:" not in only.text()


def test_a_broken_puzzle_file_is_reported_with_its_file_and_line() -> None:
    with pytest.raises(AssignmentError) as error:
        parse_assignment(Assignment(file="week3.yaml", yaml=BROKEN).text())
    assert error.value.message.key == "assign.file-problems" and "week3.yaml:6: " in str(error.value)


@pytest.mark.parametrize(("text", "key"), [
    ("rules:buraco/clauses:run/colour:red", "assign.unknown-part"),
    ("rules:poker/clauses:run", "assign.bad-rules"),
    ("rules:buraco/clauses:nonsense", "assign.unknown-clause"),
    ("rules:buraco/clauses:single-take", "assign.clause-not-dealt"),   # Classic Buraco has no single take
    ("rules:buraco/clauses:run/n:0", "assign.bad-number"),
    (f"rules:buraco/clauses:run/n:{MAX_QUESTIONS + 1}", "assign.bad-number"),
    ("rules:buraco/clauses:run/n:many", "assign.bad-number"),
    ("rules:buraco/clauses:run/lesson:03", "assign.lesson-or-rules"),
    ("rules:buraco", "assign.no-questions"),
    ("rules:buraco/lesson:42", "assign.unknown-lesson"),
    ("rules:buraco/file:x.yaml/yaml:!!notbase64", "assign.file-damaged"),
])
def test_a_text_that_is_no_assignment_says_why(text: str, key: str) -> None:
    with pytest.raises(AssignmentError) as error:
        parse_assignment(text, SYLLABUS)
    assert error.value.message.key == key
    assert error.value.explain("de") and error.value.explain("de") != error.value.explain("en")
