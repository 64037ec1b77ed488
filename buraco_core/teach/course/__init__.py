"""The course: its lessons in every language, its puzzle files, its syllabus and its anchors, found
from one explicit root (:func:`get_course`), and whether its lessons cover the rulebook.

- :mod:`.course`: the :class:`Course` (lessons, sections, the puzzles each lesson shows, the anchor
  index ``course.json``) and :func:`get_course`;
- :mod:`.files`: the puzzle files (``puzzles/*.yaml``), read with their lines;
- :mod:`.syllabus`: which lesson's quiz deals which items, and the quizzes dealt from it;
- :mod:`.coverage`: every clause taught, and shown in a puzzle, before it is tested;
- :mod:`.installed`: where the installed course is (as the app's distribution declares it);
- :mod:`.glossary` and :mod:`.cheatsheet`: the course's reference pages.

The floors above (the learners, the sessions, the widgets, the app) read it here.
"""

from __future__ import annotations

from .cheatsheet import cheat_sheet, sheet_stylesheet
from .course import (
           INDEX_NAME,
           LESSON_GLOB,
           Course,
           Link,
           PuzzleFile,
           Section,
           ShownPuzzle,
           get_course,
           lesson_folder,
)
from .coverage import clause_groups, teaching_link
from .glossary import course_glossary
from .syllabus import Dealt, deal_clauses, deal_quiz

__all__ = [
           "INDEX_NAME",
           "LESSON_GLOB",
           "Course",
           "Dealt",
           "Link",
           "PuzzleFile",
           "Section",
           "ShownPuzzle",
           "cheat_sheet",
           "clause_groups",
           "course_glossary",
           "deal_clauses",
           "deal_quiz",
           "get_course",
           "lesson_folder",
           "sheet_stylesheet",
           "teaching_link",
]
