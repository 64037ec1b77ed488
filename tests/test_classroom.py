"""A class on the teacher's page (buraco_core.teach.learners.classroom), tested with the sample class: thirty
learners made by playing the course's quizzes with scripted answers (buraco_core.teach.learners.sample_class),
so every figure is known from the script itself. The expected figures below are worked out from the
groups' script (which quizzes each learner was dealt, how they answered), never from the view.

Also: bad input is listed with a sentence per file while the rest loads, the class folder is read,
the CSV has one row per learner and clause, and the results per question of an assignment."""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from datetime import date, timedelta
from pathlib import Path

import pytest

from buraco_core import CLAUSES, RULESETS
from buraco_core.clauses import shares_answers
from buraco_core.teach import load_puzzle
from buraco_core.teach.course.syllabus import deal_quiz
from buraco_core.teach.learners.assignment import parse_assignment
from buraco_core.teach.learners.classroom import (
    ClassView,
    assignment_results,
    pasted_codes,
    read_class,
    read_folder,
)
from buraco_core.teach.learners.handin import HandIn, hand_in, write_to_class
from buraco_core.teach.learners.record import Record
from buraco_core.teach.learners.sample_class import ASSIGNMENT, GROUPS, MISTAKES, NAMES, sample_class
from buraco_core.teach.puzzles.mistakes import answer_key

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
SYLLABUS = LESSONS / "syllabus.yaml"
DAY = date(2026, 12, 1)


@pytest.fixture(scope="module")
def handins() -> list[HandIn]:
    return sample_class(DAY)


@pytest.fixture(scope="module")
def view(handins: list[HandIn]) -> ClassView:
    return read_class([(h.file_name(), h.dumps()) for h in handins], DAY)


def scripted() -> list[tuple[str, str, str, Counter[str]]]:
    """Per learner, from the script: name, group, ruleset, and how often each clause was answered
    (in the learner's ruleset: an answer under another ruleset counts where it reads alike)."""
    assignment = [d.puzzle for d in parse_assignment(ASSIGNMENT, SYLLABUS).questions(SYLLABUS)]
    out = []
    number = 0
    for group in GROUPS:
        for i in range(group.size):
            ruleset = group.rulesets[i % len(group.rulesets)]
            met: Counter[str] = Counter()
            for lesson in group.lessons:
                for seed in group.seeds:
                    met.update(d.puzzle.main_clause for d in deal_quiz(lesson, ruleset, seed, 5, syllabus=SYLLABUS))
            if group.name == "slipping":
                for _lesson, file, puzzle_id, _entry, makers in MISTAKES:
                    if i < makers:
                        met[load_puzzle(LESSONS / "puzzles" / file, puzzle_id).main_clause or ""] += 1
            taken = {"strong": assignment, "slipping": assignment, "learning": assignment[:1]}.get(group.name, [])
            for puzzle in taken:
                clause = puzzle.main_clause or ""
                if shares_answers(clause, puzzle.rules, ruleset):
                    met[clause] += 1
            out.append((NAMES[number], group.name, ruleset, met))
            number += 1
    return out


def expected_level(group: str, ruleset: str, clause: str, met: Counter[str]) -> str:
    """The level the script leads to: never met: not met; the strong answer right at the first try
    (mastered once met three times), the learning ones after a hint, the slipping ones wrongly."""
    if not CLAUSES[clause].applies(RULESETS[ruleset]):
        return "elsewhere"
    if not met[clause]:
        return "new"
    return {"strong": "mastered" if met[clause] >= 3 else "learning", "learning": "learning",
            "slipping": "weak"}[group]


def test_thirty_learners_load_and_nothing_is_listed(view: ClassView) -> None:
    assert len(view.learners) == 30 and not view.problems
    assert sorted(x.name for x in view.learners) == sorted(NAMES)


def test_every_clause_of_the_map_counts_what_the_script_did(view: ClassView) -> None:
    script = scripted()
    for clause in CLAUSES:
        want = Counter(expected_level(g, r, clause, met) for _n, g, r, met in script)
        row = view.clause_row(clause)
        got = {level: row.count(level) for level in ("mastered", "learning", "weak", "new", "elsewhere")}
        assert got == {level: want[level] for level in got}, clause
    run = view.clause_row("run")   # met by every group that played: a figure to read at a glance
    assert [run.count(level) for level in ("mastered", "learning", "weak", "new")] == [10, 10, 5, 5]
    assert set(run.learners["weak"]) == set(NAMES[20:25]) and set(run.learners["new"]) == set(NAMES[25:])


def test_every_learner_row_counts_what_the_script_did(view: ClassView) -> None:
    lessons = {g.name: len(g.lessons) if g.answers in ("first", "helped") else 0 for g in GROUPS}
    rows = {x.name: x for x in view.learners}
    for name, group, ruleset, met in scripted():
        learner = rows[name]
        levels = Counter(expected_level(group, ruleset, c, met) for c in CLAUSES)
        assert learner.ruleset == ruleset and len(learner.lessons_done) == lessons[group], name
        assert (learner.count("mastered"), learner.count("learning"), learner.count("weak")) == \
            (levels["mastered"], levels["learning"], levels["weak"]), name
        # every answer was on DAY: a miss is due at once, the others from the next day
        assert learner.due == levels["weak"], name
        later = read_class([(learner.source, learner.handin.dumps())], DAY + timedelta(days=1)).learners[0]
        assert later.due == levels["mastered"] + levels["learning"] + levels["weak"], name
        assert (learner.last is None) == (group == "absent"), name


def test_the_median_and_who_is_behind(view: ClassView) -> None:
    assert view.median_lessons == 2
    behind = {x.name for x in view.learners if view.behind(x)}
    assert behind == set(NAMES[20:])   # the slipping and the absent: no lesson done, the median is 2


def test_early_in_a_course_the_learners_who_never_answered_are_behind() -> None:
    """The review's class: a median of 1 lesson flagged nobody by the median alone, not even the four
    who never answered; those are behind now, and one lesson fewer than the median is not."""
    from buraco_core.teach.learners.mastery import Answer, Outcome

    def learner(name: str, lessons: int, answers: int) -> HandIn:
        solved = {f"0{i}": ["quiz"] for i in range(lessons)}
        done = tuple(Answer("run", "buraco", Outcome.FIRST, f"{name}-{i}", DAY) for i in range(answers))
        return hand_in(Record(solved, done), name, lang="en", ruleset="buraco", at=1, day=DAY)

    class_ = [learner("Ann", 2, 4), learner("Bob", 1, 2), learner("Cy", 1, 2), learner("Dee", 1, 2),
              learner("Gus", 0, 1), learner("Eve", 0, 0), learner("Flo", 0, 0)]
    early = read_class([(h.file_name(), h.dumps()) for h in class_], DAY)
    assert early.median_lessons == 1
    assert {x.name for x in early.learners if early.behind(x)} == {"Eve", "Flo"}


def test_the_mistakes_made_most_are_the_scripted_ones(view: ClassView) -> None:
    want = []
    for lesson, file, puzzle_id, entry, makers in MISTAKES:
        puzzle = load_puzzle(LESSONS / "puzzles" / file, puzzle_id)
        want.append((puzzle_id, lesson, answer_key(puzzle, puzzle.mistakes[entry]), makers))
    got = [(m.puzzle, m.lesson, m.mistake, len(m.learners)) for m in view.mistakes()]
    assert got == sorted(want, key=lambda w: -w[3])
    assert [m.puzzle for m in view.mistakes("run")] == ["first-run"]


def test_the_results_per_question_of_the_assignment(view: ClassView) -> None:
    (assignment,) = view.assignments().values()
    assert assignment.text() == parse_assignment(ASSIGNMENT).text()
    results = assignment_results(view, assignment, SYLLABUS)
    got = [(len(r.first), len(r.helped), len(r.wrong), len(r.open)) for r in results]
    # the strong right, the slipping wrong, the learning ones the first question only, after a hint
    assert got == [(10, 10, 5, 0), (10, 0, 5, 10), (10, 0, 5, 10)]
    # who, by name: the slipping answered wrong; the absent, who never opened the link, are listed too
    assert all(set(r.wrong) == set(NAMES[20:25]) and set(r.unopened) == set(NAMES[25:]) for r in results)
    assert all(len(r.first + r.helped + r.wrong + r.open + r.unopened) == 30 for r in results)


def test_each_question_shows_its_cards_so_two_of_one_prompt_are_told_apart(view: ClassView) -> None:
    from buraco_core.teach.learners.classroom import question_words

    (assignment,) = view.assignments().values()
    results = assignment_results(view, assignment, SYLLABUS)
    assert str(results[0].puzzle.prompt) == str(results[2].puzzle.prompt)      # two questions, one prompt
    words = [question_words(r.puzzle, "en") for r in results]
    assert words[0] != words[2] and all(words)
    assert words[0] == "4♥ Q♥ 5♠ 9♣ 8♠ 7♥ 2♠ 3♥ 5♥" and question_words(results[0].puzzle, "de").startswith("4♥ D♥")
    assert words[1].startswith("1: 9♣ 9♣ 9♦ | 2: ")                          # a choice: its options


def test_the_csv_has_a_row_per_learner_and_clause(view: ClassView) -> None:
    text = view.csv("en", LESSONS)
    assert text.startswith("\ufefflearner,user,ruleset,") and "\r\n" in text    # a byte-order mark: Excel reads UTF-8
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    assert rows[0][:3] == ["learner", "user", "ruleset"] and len(rows) == 1 + 30 * len(CLAUSES)
    ada = {r[6]: r for r in rows[1:] if r[0] == "Ada"}
    assert ada["run"][5] == "01" and ada["run"][8] == "mastered" and ada["run"][7] == "runs"
    assert {r[8] for r in rows[1:] if r[0] == "Dora"} == {"not met", "not in their ruleset"}
    uli = {r[6]: r for r in rows[1:] if r[0] == "Uli"}
    assert uli["run"][8] == "missed last" and uli["run"][-1] == "1"          # one named mistake on runs
    text = view.csv("de", LESSONS / "de")
    assert text.startswith("\ufeffName;")                                   # German Excel's separator
    german = list(csv.reader(io.StringIO(text.removeprefix("\ufeff")), delimiter=";"))
    assert len(german) == len(rows) and all(len(r) == len(rows[0]) for r in german)
    assert german[0][0] == "Name" and "zuletzt falsch beantwortet" in {r[8] for r in german[1:]}


# ---- bad input


def test_bad_input_is_listed_with_a_sentence_each_and_the_rest_loads(handins: list[HandIn]) -> None:
    newer = hand_in(handins[0].record, handins[0].name, lang="en", ruleset="buraco", at=handins[0].at + 1, day=DAY)
    code = handins[1].code()
    entries = [(h.file_name(), h.dumps()) for h in handins]
    entries += [
        ("photo.jpg", "\x89PNG not text at all"),
        ("export.json", Record({"01": ["quiz"]}).dumps()),
        ("future.json", json.dumps({"format": "buraco-progress/9", "handed_in": {"name": "X"}})),
        ("empty.json", "  "),
        ("again.json", newer.dumps()),
        *pasted_codes(code[:50] + "Q" + code[51:], first=1),
    ]
    loaded = read_class(entries, DAY)
    assert len(loaded.learners) == 30
    said = {p.source: p.message.key for p in loaded.problems}
    assert said == {"photo.jpg": "handin.not-a-record", "export.json": "handin.no-name",
                    "future.json": "handin.unknown-format", "empty.json": "classroom.empty",
                    handins[0].file_name(): "classroom.twice", "code 1": "classroom.code-damaged"}
    assert next(x for x in loaded.learners if x.name == handins[0].name).source == "again.json"
    twice = next(p for p in loaded.problems if p.source == handins[0].file_name())
    assert twice.text("en") == f"{handins[0].file_name()}: Ada is in the class twice: the later hand-in (again.json) " \
                               "is kept, this one is left out."
    assert all(p.text("de") != p.text("en") for p in loaded.problems)


def test_two_learners_of_one_name_on_a_hub_are_two_learners(handins: list[HandIn]) -> None:
    a = hand_in(handins[0].record, "Sam", lang="en", ruleset="buraco", at=1, day=DAY, user="sam1")
    b = hand_in(handins[1].record, "Sam", lang="en", ruleset="buraco", at=2, day=DAY, user="sam2")
    assert len(read_class([("a", a.dumps()), ("b", b.dumps())], DAY).learners) == 2


def test_two_learners_who_type_one_name_are_both_kept_with_a_warning(handins: list[HandIn]) -> None:
    ben = hand_in(handins[0].record, "Ben", lang="en", ruleset="buraco", at=5, day=DAY)
    other = hand_in(handins[1].record, "ben", lang="de", ruleset="italian", at=7, day=DAY)
    later = hand_in(handins[0].record, "Ben", lang="en", ruleset="buraco", at=9, day=DAY)   # the first Ben again
    view = read_class([("ben.json", ben.dumps()), ("ben (1).json", other.dumps()), ("ben-2.json", later.dumps())], DAY)
    assert sorted(x.name for x in view.learners) == ["Ben", "ben (2)"]
    assert next(x for x in view.learners if x.name == "Ben").source == "ben-2.json"     # the later hand-in of the first
    (warning,) = view.warnings
    assert warning.text("en") == ("ben (1).json: Another learner handed in as ben too (ben.json), with no answer in "
                                  "common: both are in the class, this one as ben (2). Ask your learners to use names of "
                                  "their own.")
    assert "Sie" in warning.text("de")
    assert [p.message.key for p in view.problems] == ["classroom.twice"]
    assert {r[0] for r in csv.reader(io.StringIO(view.csv("en", LESSONS).removeprefix("\ufeff")))} >= {"Ben", "ben (2)"}


def test_the_class_folder_is_read_and_a_file_being_written_is_left_out(tmp_path: Path,
                                                                        handins: list[HandIn]) -> None:
    for h, user in zip(handins[:3], ("ada", "ben", "cleo"), strict=True):
        write_to_class(tmp_path, hand_in(h.record, h.name, lang="en", ruleset=h.ruleset, at=h.at, day=DAY, user=user))
    (tmp_path / ".handin-x.part").write_text("{half")
    entries, problems = read_folder(tmp_path)
    assert [name for name, _ in entries] == ["ada.json", "ben.json", "cleo.json"] and not problems
    assert [x.handin.user for x in read_class(entries, DAY).learners] == ["ada", "ben", "cleo"]
    missing = read_folder(tmp_path / "gone")[1]
    assert [p.message.key for p in missing] == ["classroom.folder-missing"]


def test_pasted_codes_are_named_in_order(handins: list[HandIn]) -> None:
    text = f"{handins[0].code()}\n\n{handins[1].code()}\n"
    assert [name for name, _ in pasted_codes(text, "de", first=3)] == ["Code 3", "Code 4"]
    assert pasted_codes("   ") == [] and pasted_codes("hello")[0][0] == "the pasted text"


def test_missed_last_means_the_last_answer_was_wrong() -> None:
    from buraco_core.teach.learners.mastery import Answer, Outcome

    def learner(name: str, outcomes: list[Outcome]) -> str:
        answers = tuple(Answer("run", "buraco", o, f"v{i}", DAY, at=i, session="s1") for i, o in enumerate(outcomes))
        return hand_in(Record({}, answers), name, lang="en", ruleset="buraco", at=1, day=DAY).dumps()

    # Maya of the walkthrough: wrong, right after help, wrong, right after help: her last answer was right
    view = read_class([("maya.json", learner("Maya", [Outcome.WRONG, Outcome.HELPED] * 2)),
                       ("noah.json", learner("Noah", [Outcome.HELPED, Outcome.WRONG]))], DAY)
    maya, noah = view.learners
    assert maya.states["run"].level == "weak"            # her own map: still to go over again
    assert maya.level("run") == "learning" and maya.count("weak") == 0
    assert noah.level("run") == "weak" and noah.count("weak") == 1
    assert view.clause_row("run").learners["weak"] == ("Noah",)


def test_the_teachers_page_speaks_to_the_teacher_about_a_damaged_code_a_cut_file_and_a_file_of_codes(
        handins: list[HandIn]) -> None:
    code = handins[1].code()
    damaged = code[:50] + ("Q" if code[50] != "Q" else "R") + code[51:]
    whole = handins[2].dumps()
    view = read_class([*pasted_codes(f"{handins[0].code()}\n{damaged}"), ("cut.json", whole[:len(whole) // 2]),
                       ("codes.txt", f"{handins[3].code()}\n\n{handins[4].code()}\n")], DAY)
    assert sorted(x.name for x in view.learners) == sorted(h.name for h in (handins[0], handins[3], handins[4]))
    said = {p.source: p for p in view.problems}
    assert said["code 2"].text("en") == (f"code 2: This code is damaged (it begins {damaged[:14]} and ends "
                                         f"{damaged[-6:]}): a character is missing or changed, so its check does not "
                                         "match what it holds. Ask its learner to send the whole code again.")
    assert "Bitten Sie" in said["code 2"].text("de") and "Kopiere" not in said["code 2"].text("de")   # Sie, not du
    assert said["cut.json"].message.key == "classroom.file-cut"
    assert "download it again" in said["cut.json"].text("en")
    assert set(said) == {"code 2", "cut.json"}           # the file of two codes loaded both, one at a time


def test_the_german_report_writes_days_and_counts_as_german_does(view: ClassView) -> None:
    """The review's T6 and T8: the German report writes its days 1.12.2026, not 2026-12-01, and the
    count of one learner takes no capital after the number ('1 lernende Person')."""
    from buraco_core.messages import render
    from buraco_core.teach.learners.class_report import report_html

    found = re.search(r"<header>.*?<p>(.*?)</p>", report_html(view, "de"))
    assert found, "the report has a summary"
    summary = found.group(1)
    assert "Abgegeben vom " in summary and "fällige Wiederholungen, Stand 1.12.2026." in summary, summary
    assert not re.search(r"\d{4}-\d\d-\d\d", summary), summary
    assert "Handed in from " in report_html(view, "en") and "2026-12-01" in report_html(view, "en")
    assert render("classroom.load.loaded", "de", n=1) == "1 lernende Person in der Klasse."
