"""``python -m buraco_core check-puzzles [FOLDER_OR_FILE ...]``: every puzzle file checked against the
engine (``file:line: message`` for every problem), the syllabus beside the lessons, and the
coverage of the rulebook by the lessons (per clause: the section that teaches it, the puzzles
that exercise it, the mistakes whose feedback names it), read from the lessons' notebooks
(:meth:`Course.scan`), and whether the course's anchor index (``course.json``) is current with
them. Without a folder, the installed course. With ``--exhaustive``, the verdict audit too
(:mod:`buraco_core.teach.audit`): every answer of every puzzle, and of generated puzzles and the
syllabus's quizzes. Exit 1 on any problem, gap or finding."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from .audit import Report, audit_files, audit_generated
from .course import INDEX_NAME, LESSON_GLOB, Course, get_course
from .course.coverage import coverage
from .course.files import check_folder, load_file, puzzle_files
from .course.syllabus import SYLLABUS_NAME, load_syllabus
from .puzzles.puzzle import PuzzleError

__all__ = ["QUIZZES", "SEEDS", "main"]

#: Generated puzzles the exhaustive audit deals per kind and ruleset, and quiz seeds per lesson and
#: ruleset (``--seeds``, ``--quizzes``).
SEEDS = 200
QUIZZES = 3

USAGE = f"""usage: python -m buraco_core check-puzzles [FOLDER_OR_FILE ...] [--summary] [--no-coverage]
                                        [--exhaustive [--seeds N] [--quizzes N]]

Checks every puzzle file (default: the installed course's puzzles folder) and, where the folder
sits beside lesson notebooks, the syllabus, the anchor index and the coverage of every clause of
the rulebook (docs/RULES.md).
  --summary       print only the coverage totals and the gaps, not every clause
  --no-coverage   check the files only
  --exhaustive    the verdict audit: every answer of every puzzle judged, by the puzzle and by the
                  engine; every question the page cannot answer; every sentence the position
                  contradicts; every clause tested before it is taught
  --seeds N       generated puzzles audited per kind and ruleset (default {SEEDS})
  --quizzes N     seeds of each lesson's quiz audited per ruleset (default {QUIZZES})
"""


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if any(a in ("-h", "--help") for a in args):
        print(USAGE, end="")
        return 0
    summary = "--summary" in args
    with_coverage = "--no-coverage" not in args
    exhaustive = "--exhaustive" in args
    try:
        seeds = _number(args, "--seeds", SEEDS)
        quizzes = _number(args, "--quizzes", QUIZZES)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
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
    findings = 0
    if exhaustive:
        findings = _audit(targets, seeds, quizzes)
    for problem in problems:
        print(problem)
    if problems or gaps or findings:
        print(f"{len(problems)} problem(s) found" + (", and clauses not covered" if gaps else "")
              + (f", {findings} audit finding(s)" if findings else ""), file=sys.stderr)
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


def _number(args: list[str], flag: str, default: int) -> int:
    """The whole number after ``flag`` (removed from ``args`` with it), or ``default``."""
    if flag not in args:
        return default
    i = args.index(flag)
    value = args[i + 1] if i + 1 < len(args) else ""
    if not value.isdigit():
        raise ValueError(f"{flag} needs a whole number, e.g. {flag} {default}")
    del args[i:i + 2]
    return int(value)


def _audit(targets: Sequence[str], seeds: int, quizzes: int) -> int:
    """Run the verdict audit over the targets and the generated puzzles; print every finding and
    the totals; the number of findings."""
    report = Report()
    syllabus: Path | None = None
    for target in targets:
        if os.path.exists(target):
            report.merge(audit_files(target))
            lesson_dir = Path(target).parent if os.path.isdir(target) else Path(target).parent.parent
            if (lesson_dir / SYLLABUS_NAME).is_file():
                syllabus = lesson_dir / SYLLABUS_NAME
    if seeds or quizzes:
        report.merge(audit_generated(seeds, syllabus=syllabus, quiz_seeds=quizzes if syllabus else 0))
    for finding in report.findings:
        print(finding)
    print(report.summary())
    return len(report.findings)
