"""``python -m buraco_core check-puzzles [FOLDER_OR_FILE ...]``: every puzzle file checked against the
engine (``file:line: message`` for every problem), the syllabus beside the lessons, and the
coverage of the rulebook by the lessons (per clause: the section that teaches it, the puzzles
that exercise it, the mistakes whose feedback names it), read from the lessons' notebooks
(:meth:`Course.scan`), and whether the course's anchor index (``course.json``) is current with
them. Without a folder, the installed course. Exit 1 on any problem or gap."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from .course import INDEX_NAME, LESSON_GLOB, SYLLABUS_NAME, Course, get_course
from .coverage import coverage
from .files import check_folder, load_file, puzzle_files
from .puzzle import PuzzleError
from .syllabus import load_syllabus

__all__ = ["main"]

USAGE = """usage: python -m buraco_core check-puzzles [FOLDER_OR_FILE ...] [--summary] [--no-coverage]

Checks every puzzle file (default: the installed course's puzzles folder) and, where the folder
sits beside lesson notebooks, the syllabus, the anchor index and the coverage of every clause of
the rulebook (docs/RULES.md).
  --summary       print only the coverage totals and the gaps, not every clause
  --no-coverage   check the files only
"""


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if any(a in ("-h", "--help") for a in args):
        print(USAGE, end="")
        return 0
    summary = "--summary" in args
    with_coverage = "--no-coverage" not in args
    targets = [a for a in args if not a.startswith("--")] or [str(get_course().root / "puzzles")]
    problems: list[PuzzleError] = []
    count = files = 0
    gaps = False
    for target in targets:
        if not os.path.exists(target):
            problems.append(PuzzleError("no such file or folder", target, 0))
            continue
        found = puzzle_files(target)
        files += len(found)
        count += sum(len(load_file(f)[0]) for f in found)
        problems.extend(check_folder(target))
        lesson_dir = Path(target).parent if os.path.isdir(target) else Path(target).parent.parent
        syllabus = lesson_dir / SYLLABUS_NAME
        if syllabus.is_file():
            try:
                load_syllabus(syllabus)
            except PuzzleError as e:
                problems.append(e)
        if with_coverage and os.path.isdir(target) and any(lesson_dir.glob(LESSON_GLOB)):
            scanned = Course.scan(lesson_dir)
            problems.extend(stale_index(scanned))
            report = coverage(scanned)
            print(report.gaps() if summary else report.report())
            gaps = gaps or not report.ok
    for problem in problems:
        print(problem)
    if problems or gaps:
        print(f"{len(problems)} problem(s) found" + (", and clauses not covered" if gaps else ""), file=sys.stderr)
        return 1
    print(f"{count} puzzles in {files} file(s): all sound")
    return 0


def stale_index(scanned: Course) -> list[PuzzleError]:
    """A problem where the course's anchor index says other than its notebooks (a folder without
    one is read from its notebooks: nothing to be stale)."""
    index = scanned.root / INDEX_NAME
    if index.is_file() and Course.at(scanned.root).index() != scanned.index():
        return [PuzzleError("the anchor index is not current with the lessons' notebooks: build them again "
                            "(scripts/lessons.py)", str(index), 0)]
    return []
