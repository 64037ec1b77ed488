"""The course object (buraco_core.teach.course): found from an explicit root, never from the working
folder; its anchors read from the index the lesson builder writes, not from the notebooks."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import buraco_trainer
import pytest

from buraco_core.teach import load_puzzles
from buraco_core.teach.cli import main
from buraco_core.teach.course import INDEX_NAME, Course, Link, deal_quiz, get_course

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"


def notebook(*cells: tuple[str, str]) -> str:
    return json.dumps({"cells": [{"cell_type": kind, "metadata": {}, "source": text} for kind, text in cells],
                       "metadata": {}, "nbformat": 4, "nbformat_minor": 4})


def small_course(folder: Path) -> Path:
    """A course of one lesson in two languages and one puzzle file."""
    (folder / "de").mkdir(parents=True)
    (folder / "puzzles").mkdir()
    shutil.copy(LESSONS / "puzzles" / "01_melds.yaml", folder / "puzzles" / "01_melds.yaml")
    code = 'from buraco_core.teach import get_course\nP = get_course().puzzle_file("01_melds")'
    (folder / "01_melds.ipynb").write_text(notebook(
        ("markdown", "# 01 · Runs\n"), ("code", code),
        ("markdown", '<a id="clause-run"></a>\n## A run\n'), ("code", 'MeldPuzzle.load(P, "count-buraco")')))
    (folder / "de" / "01_melds.ipynb").write_text(notebook(
        ("markdown", "# 01 · Folgen\n"), ("code", code),
        ("markdown", '<a id="clause-run"></a>\n## Eine Folge\n'), ("code", 'MeldPuzzle.load(P, "count-buraco")')))
    return folder


def test_the_installed_course_is_the_package_data_wherever_the_kernel_runs(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)   # a folder with no lesson in it or above it
    course = get_course()
    assert course is get_course() and course.root == buraco_trainer.LESSONS
    assert course.link("single-take") == Link("04_turn.ipynb#clause-single-take", "lesson 04, Two more plays the game refuses")
    assert course.link("single-take", "de").words.startswith("Lektion 04, ")
    assert course.link("no-such-clause") == Link("", "")
    assert deal_quiz("04", "italian", 1)[0].puzzle.clauses[0] == "single-take"   # its syllabus


def test_a_course_is_read_from_its_index_without_opening_a_notebook(tmp_path: Path) -> None:
    small_course(tmp_path)
    index = Course.scan(tmp_path).index()
    assert index["lessons"]["en"][0] == {"notebook": "01_melds.ipynb", "title": "01 · Runs",
                                         "sections": [{"clause": "run", "heading": "A run", "cell": 2}]}
    assert index["shown"] == {"01_melds.ipynb": [{"file": "puzzles/01_melds.yaml", "ids": ["count-buraco"],
                                                  "cell": 3}]}
    (tmp_path / INDEX_NAME).write_text(json.dumps(index))
    for nb in tmp_path.rglob("*.ipynb"):
        nb.unlink()
    course = Course.at(tmp_path)
    assert course.link("run", "de") == Link("01_melds.ipynb#clause-run", "Lektion 01, Eine Folge")
    assert course.titles("de") == {"01_melds.ipynb": "01 · Folgen"}
    assert [s.name for s in course.shown()[0]] == ["01_melds/count-buraco"]


def test_a_folder_without_an_index_is_read_from_its_notebooks(tmp_path: Path) -> None:
    course = get_course(small_course(tmp_path))
    assert course.link("run") == Link("01_melds.ipynb#clause-run", "lesson 01, A run")
    assert course.lessons("de") == [tmp_path / "de" / "01_melds.ipynb"]


def test_a_course_puzzle_file_is_read_once_and_taken_for_its_path() -> None:
    course = Course.at(LESSONS)
    file = course.puzzle_file("05_pot")
    assert course.puzzle_file("05_pot.yaml") is file
    first = load_puzzles(file)
    assert first and all(a is b for a, b in zip(first, load_puzzles(file), strict=True))
    assert Path(file) == LESSONS / "puzzles" / "05_pot.yaml"
    with pytest.raises(FileNotFoundError, match=r"no puzzle file 'nope\.yaml'.*the course has 00_welcome"):
        course.puzzle_file("nope")
    with pytest.raises(KeyError, match="no puzzle 'nope' in 05_pot"):
        course.puzzle("05_pot", "nope")


def test_wrong_anchors_and_missing_puzzles_are_problems_of_the_course(tmp_path: Path) -> None:
    small_course(tmp_path)
    nb = tmp_path / "01_melds.ipynb"
    nb.write_text(nb.read_text().replace('<a id=\\"clause-run\\"></a>',
                                         '<a id=\\"clause-runs\\"></a><a id=\\"clause-set\\"></a><a id=\\"clause-set\\"></a>')
                  .replace('\\"count-buraco\\"', '\\"no-such-puzzle\\"'))
    course = Course.scan(tmp_path)
    assert course.problems == ("01_melds.ipynb: anchor clause-runs names no clause of the rulebook",
                               "01_melds.ipynb: anchor clause-set is on the page twice")
    assert course.shown() == ([], ["01_melds.ipynb: no puzzle 'no-such-puzzle' in puzzles/01_melds.yaml"])


def test_check_puzzles_reports_an_index_that_is_not_current(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    course = tmp_path / "lessons"
    shutil.copytree(LESSONS, course, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "source"))
    index = json.loads((course / INDEX_NAME).read_text())
    index["lessons"]["en"][1]["sections"].pop()
    (course / INDEX_NAME).write_text(json.dumps(index))
    assert main([str(course / "puzzles"), "--summary"]) == 1
    assert f"{course / INDEX_NAME}:0: the anchor index is not current" in capsys.readouterr().out


def test_every_strategy_task_has_its_section_in_every_language() -> None:
    from buraco_core.teach.puzzles.kinds.best_play import ASKS

    course = get_course(LESSONS)
    for lang in course.languages:
        found = {t.topic for t in course.topics(lang)}
        assert found == set(ASKS), lang
    assert course.topic_link("out") == Link("09_strategy.ipynb#topic-out", "lesson 09, When to go out")
    assert course.topic_link("out", "de").words == "Lektion 09, Wann du ausmachst"
    assert course.topic_link("no-such-topic") == Link("", "")
