"""One German word per concept (issue 37, the German review's A6 and A7): „Aufgabe“ is a puzzle,
never the teacher's assignment („Übungsblatt“); „Trainer“ is the coach, never the app („Kurs“,
„Programm“). Checked on the learner's sentences of the catalog and on the German lessons."""

from __future__ import annotations

import json
import re
from pathlib import Path

from buraco_core.messages import catalog

ROOT = Path(__file__).resolve().parent.parent
#: the teacher's sections, which another page words (the teacher's „Sie“ pages)
TEACHERS = ("classroom.", "teacher.", "assign.", "handin.", "report.")
ASSIGNMENT = re.compile(r"(?i)assignment")
PUZZLE_WORD = re.compile(r"Aufgabe(?!ndatei)")


def _learners() -> list[tuple[str, str, str]]:
    en, de = catalog("en"), catalog("de")
    return [(k, en.get(k, ""), v) for k, v in de.items() if not k.startswith(TEACHERS)]


def test_an_assignment_is_an_uebungsblatt_not_an_aufgabe() -> None:
    wrong = [f"{k}: {de}" for k, en, de in _learners() if ASSIGNMENT.search(en) and PUZZLE_WORD.search(de)]
    assert wrong == []


def test_the_trainer_is_the_coach_not_the_app() -> None:
    """„Dieser Trainer liest …“ (the app) beside „Der Trainer schlägt vor“ (the coach)."""
    wrong = [f"{k}: {de}" for k, en, de in _learners() if "Trainer" in de and "coach" not in en.casefold()]
    assert wrong == []


def test_the_german_lessons_keep_the_two_words_apart() -> None:
    """In the lessons' prose an assignment is an „Übungsblatt“, and a refused play is refused by
    the program, not the coach (lesson 08 said „Wird ein Spielzug abgelehnt, sagt der Trainer“)."""
    wrong = []
    for notebook in sorted((ROOT / "lessons" / "de").glob("*.ipynb")):
        if notebook.stem == "teacher":
            continue
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            text = " ".join("".join(cell["source"]).split())
            if cell["cell_type"] != "markdown":
                continue
            for sentence in re.split(r"(?<=[.:;!?])\s", text):
                if "Lehrkraft" in sentence and PUZZLE_WORD.search(sentence) and "Link" in sentence:
                    wrong.append(f"{notebook.stem}: {sentence}")
                if "Trainer" in sentence and "abgelehnt" in sentence:
                    wrong.append(f"{notebook.stem}: {sentence}")
    assert wrong == []
