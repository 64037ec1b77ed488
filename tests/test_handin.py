"""Handing progress in (buraco_core.teach.learners.handin): the file and the code hold the same record; a
damaged code is refused with a sentence, never read as something else; the class folder of a hub
gets one file per learner, replaced atomically, and a folder that cannot take it says so. Also the
named mistake a wrong answer makes (buraco_core.teach.puzzles.mistakes) and its place in the record."""

from __future__ import annotations

import json
import os
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from buraco_core.teach import check, load_puzzles
from buraco_core.teach.course.files import puzzle_files
from buraco_core.teach.learners.handin import (
    CODE_PREFIX,
    HandIn,
    HandInError,
    class_file,
    decode_code,
    find_codes,
    hand_in,
    read_handin,
    read_progress,
    write_to_class,
)
from buraco_core.teach.learners.mastery import Answer, Outcome
from buraco_core.teach.learners.record import FORMAT, Record, read_record
from buraco_core.teach.puzzles.mistakes import answer_key, mistake_entry, named_mistake

ROOT = Path(__file__).resolve().parent.parent
DAY = date(2026, 12, 1)
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def record() -> Record:
    answers = tuple(Answer("run", "buraco", Outcome.FIRST if i % 3 else Outcome.WRONG, f"p{i}", DAY, 1000 + i, f"id{i}",
                           "01", "quiz", "4h 5h 9c" if i % 3 == 0 else "") for i in range(12))
    return Record({"01": ["quiz", "run-of-hearts"]}, answers, {"ruleset": {"name": "italian", "at": 5}},
                  {"3d17cb4289": "rules:buraco/clauses:run,set/n:3/seed:7"})


def handin(**changes: object) -> HandIn:
    values: dict[str, object] = {"lang": "de", "ruleset": "italian", "at": 99, "day": DAY, "user": ""}
    values.update(changes)
    return hand_in(record(), str(values.pop("name", "Zoë")), **values)  # type: ignore[arg-type]


def why(error: pytest.ExceptionInfo[HandInError]) -> str:
    return error.value.message.key


# ---- the record handed in: the file and the code


def test_the_file_and_the_code_hold_the_same_record_with_name_language_and_ruleset() -> None:
    h = handin()
    data = json.loads(h.dumps())
    assert data["format"] == FORMAT and data["handed_in"] == {"name": "Zoë", "user": "", "lang": "de",
                                                              "ruleset": "italian", "at": 99, "day": "2026-12-01"}
    assert read_handin(h.dumps()) == read_handin(h.code()) == h
    assert h.code().startswith(CODE_PREFIX) and len(h.code()) < len(h.dumps()) / 2
    assert read_record(h.dumps()) == h.record  # the learner's own import reads a hand-in as a record
    assert read_progress(h.code()) == h.record


def test_the_file_name_has_the_name_in_plain_letters_and_the_day() -> None:
    assert handin(name="Zoë Müller").file_name() == "buraco-progress-zoe-muller-2026-12-01.json"
    assert handin(name="李").file_name() == "buraco-progress-learner-2026-12-01.json"


@pytest.mark.parametrize(("name", "key"), [("", "handin.name-missing"), ("   ", "handin.name-missing"),
                                           ("x" * 41, "handin.name-too-long"), ("a\x07b", "handin.name-too-long")])
def test_a_name_that_cannot_be_handed_in_says_why(name: str, key: str) -> None:
    with pytest.raises(HandInError) as error:
        handin(name=name)
    assert why(error) == key
    assert error.value.explain("de") != error.value.explain("en")


def test_a_code_broken_over_lines_by_a_chat_is_read_whole() -> None:
    code = handin().code()
    broken = "\n".join(code[i:i + 70] for i in range(0, len(code), 70))
    assert find_codes(f"  {broken}\n\n{handin(name='Ben').code()}  ") == [code, handin(name="Ben").code()]
    assert read_handin(broken) == handin()


@pytest.mark.parametrize(("damage", "key"), [
    (lambda c: c[:-3], "handin.code-incomplete"),                       # the end of the check cut off
    (lambda c: c.rsplit(".", 1)[0], "handin.code-incomplete"),          # no check at all
    (lambda c: c[:40] + c[41:], "handin.code-damaged"),                 # a character missing inside
    (lambda c: c[:30] + ("A" if c[30] != "A" else "B") + c[31:], "handin.code-damaged"),
    (lambda c: "buraco2." + c[len(CODE_PREFIX):], "handin.code-version"),
    (lambda c: "hello teacher", "handin.not-a-record"),
])
def test_a_damaged_code_is_refused_with_a_sentence(damage: object, key: str) -> None:
    with pytest.raises(HandInError) as error:
        read_handin(damage(handin().code()))  # type: ignore[operator]
    assert why(error) == key


@given(st.data())
def test_no_single_changed_character_gives_another_record(data: st.DataObject) -> None:
    code = handin().code()
    at = data.draw(st.integers(len(CODE_PREFIX), len(code) - 1))
    if code[at] == ".":
        return
    other = data.draw(st.sampled_from([c for c in ALPHABET if c != code[at]]))
    try:
        text = decode_code(code[:at] + other + code[at + 1:])
    except HandInError:
        return
    # read as the same record, never another: only the check's case changed (a teacher may type it
    # in capitals), or the data's last character only in the bits base64 leaves unused (the code
    # holds the day it was made, so which characters those are changes from day to day)
    assert text == decode_code(code)
    last = code.rindex(".") - 1
    assert (at > last + 1 and code[at].lower() == other.lower()) or at == last


@pytest.mark.parametrize(("text", "key"), [
    ("not json {", "handin.not-a-record"),
    ('{"name": "a spreadsheet"}', "handin.not-a-record"),
    ('{"format": "buraco-progress/9", "handed_in": {"name": "x"}}', "handin.unknown-format"),
    (Record({"01": ["quiz"]}).dumps(), "handin.no-name"),            # an export, not a hand-in
    (json.dumps({**json.loads(Record().dumps()), "answers": [{"clause": "nope"}],
                 "handed_in": {"name": "x", "day": "2026-12-01"}}), "handin.damaged-record"),
    (json.dumps({**json.loads(Record().dumps()), "handed_in": {"name": "x", "day": "yesterday"}}),
     "handin.damaged-record"),
])
def test_what_is_not_a_hand_in_says_why(text: str, key: str) -> None:
    with pytest.raises(HandInError) as error:
        read_handin(text)
    assert why(error) == key


def test_an_older_record_is_read_and_a_record_merges_its_assignments() -> None:
    older = json.dumps({"format": "buraco-progress/2", "solved": {}, "answers": [], "settings": {}})
    assert read_record(older).assignments == {}
    merged = Record(assignments={"a": "x"}).merge(Record(assignments={"b": "y"}))
    assert merged.assignments == {"a": "x", "b": "y"}
    with pytest.raises(ValueError, match="learner"):
        read_record(json.dumps({"format": FORMAT, "settings": {"learner": {"name": 7}}}))


# ---- the class folder of a hub


def test_the_class_folder_gets_one_file_per_learner_replaced_whole(tmp_path: Path) -> None:
    first = write_to_class(tmp_path, handin(user="zoe"))
    assert first == tmp_path / "zoe.json" and read_handin(first.read_text()) == handin(user="zoe")
    again = write_to_class(tmp_path, handin(user="zoe", at=200))
    assert again == first and read_handin(first.read_text()).at == 200
    assert sorted(p.name for p in tmp_path.iterdir()) == ["zoe.json"]   # no temporary file left behind
    assert oct(first.stat().st_mode & 0o777) == "0o640"


def test_a_learner_file_is_never_half_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = write_to_class(tmp_path, handin(user="zoe"))
    before = target.read_text()

    def fail(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(HandInError) as error:
        write_to_class(tmp_path, handin(user="zoe", at=300))
    assert why(error) == "handin.folder-not-writable"
    assert target.read_text() == before and sorted(p.name for p in tmp_path.iterdir()) == ["zoe.json"]


def test_a_missing_or_unwritable_folder_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(HandInError) as error:
        write_to_class(tmp_path / "nowhere", handin(user="zoe"))
    assert why(error) == "handin.folder-missing" and "nowhere" in error.value.explain("en")
    import tempfile

    def refuse(**_kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(HandInError) as error:
        write_to_class(tmp_path, handin(user="zoe"))
    assert why(error) == "handin.folder-not-writable"
    with pytest.raises(HandInError) as error:
        write_to_class(tmp_path, handin(user=""))
    assert why(error) == "handin.no-hub-user"


def test_a_hub_user_name_becomes_one_safe_file_name(tmp_path: Path) -> None:
    assert class_file(tmp_path, "ana").name == "ana.json"
    assert class_file(tmp_path, "ana.b@school.org").name == "ana.b@school.org.json"
    assert class_file(tmp_path, "../x").name == "%2E.%2Fx.json"
    assert class_file(tmp_path, "a b").name == "a%20b.json"


# ---- the named mistake of a wrong answer


def test_every_named_mistake_of_the_course_is_recognised_when_a_learner_makes_it() -> None:
    count = 0
    for file in puzzle_files(str(ROOT / "lessons" / "puzzles")):
        for puzzle in load_puzzles(file):
            for entry in puzzle.mistakes:
                fb = check(puzzle, entry)
                assert fb.mistake == answer_key(puzzle, entry), (puzzle.id, entry)
                assert mistake_entry(puzzle, fb.mistake) is not None
                count += 1
    assert count > 200


def test_the_same_mistake_in_another_form_is_the_same_and_a_right_answer_has_none() -> None:
    path = ROOT / "lessons" / "puzzles" / "00_welcome.yaml"
    run = next(p for p in load_puzzles(path) if p.id == "first-run")
    assert named_mistake(run, ["9c", "5h", "4h"]) == named_mistake(run, "4h 5h 9c") == "4h 5h 9c"
    assert check(run, "4h 6h 9c").mistake is None          # wrong, but not a mistake the file names
    assert check(run, "4h 5h 6h").mistake is None
    choice = next(p for p in load_puzzles(path) if p.id == "first-choice")
    assert check(choice, 0).mistake == "0" and check(choice, 2).mistake == "2"
