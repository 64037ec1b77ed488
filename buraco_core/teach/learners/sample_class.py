"""A sample class: thirty learners' hand-ins, made by playing the course's quizzes with scripted answers.

Each learner plays the quizzes of some lessons as a lesson's page deals them (the lesson's
syllabus, the learner's ruleset, the quiz's seeds: "New quiz" deals the next), and answers every
question the same way, checked by the engine (:func:`~buraco_core.teach.check`) and recorded as a
lesson's page records it (:func:`~buraco_core.teach.learners.mastery.outcome_of`, the puzzle's main clause):

============ ======== ======================== ======= ===============================================
group        learners lessons (quiz seeds)     ruleset answers
============ ======== ======================== ======= ===============================================
``strong``   10       00 to 03 (1, 2, 3)       buraco  right at the first try; every quiz solved
                                               /italian
``learning`` 10       00, 01 (1)               buraco  right after a hint; every quiz solved
``slipping`` 5        00, 01 (1)               buraco  wrong (no quiz solved); also the lesson puzzles
                                                       of :data:`MISTAKES`, with a named mistake
``absent``   5        none                     buraco  nothing: a name handed in
============ ======== ======================== ======= ===============================================

So the figures a teacher's page shows are known: a clause a learner met is mastered (strong, met
three times or more), learning (strong met fewer times, and every learning learner), or missed
last (slipping); lessons done are 4, 2, 0 and 0, the class's median is 2, and the slipping and
absent learners are behind. The assignment :data:`ASSIGNMENT` was answered by the strong
learners (right), the slipping ones (wrong) and the learning ones (its first question only,
helped). Every answer falls on one day, ``day``; each learner's last a minute later than the one
before.

``python -m buraco_core.teach.learners.sample_class FOLDER`` writes the thirty files into a folder, to try
a teacher's page with (``lessons/teacher.ipynb``).

>>> from datetime import date
>>> learners = sample_class(date(2026, 12, 1))
>>> len(learners), learners[0].name, learners[0].file_name()
(30, 'Ada', 'buraco-progress-ada-2026-12-01.json')
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path

from ...jsondata import JsonValue
from ...memo import remembered
from ..course.files import load_puzzle
from ..course.syllabus import Dealt, deal_quiz
from ..puzzles.core import check, hint, solve
from ..puzzles.kinds import KINDS
from ..puzzles.puzzle import Puzzle
from .assignment import Assignment, parse_assignment
from .handin import HandIn, hand_in
from .mastery import Answer, Outcome, outcome_of
from .record import Record

__all__ = ["ASSIGNMENT", "GROUPS", "MISTAKES", "NAMES", "Group", "sample_class", "wrong_answer"]

FOLDER = Path(__file__).resolve().parents[3] / "lessons"


@dataclass(frozen=True)
class Group:
    """Learners who play the same way: how many, the lessons and quiz seeds, how they answer
    (``first``, ``helped``, ``wrong``), their rulesets (in turn)."""

    name: str
    size: int
    lessons: tuple[str, ...]
    seeds: tuple[int, ...]
    answers: str
    rulesets: tuple[str, ...] = ("buraco",)


GROUPS = (
    Group("strong", 10, ("00", "01", "02", "03"), (1, 2, 3), "first", ("buraco", "italian")),
    Group("learning", 10, ("00", "01"), (1,), "helped"),
    Group("slipping", 5, ("00", "01"), (1,), "wrong"),
    Group("absent", 5, (), (), "none"),
)
#: The thirty names, in the order of the groups.
NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gia", "Hugo", "Ines", "Jon",
         "Kai", "Lea", "Milo", "Nina", "Omar", "Pia", "Quinn", "Rosa", "Sam", "Tara",
         "Uli", "Vera", "Wim", "Xenia", "Yusuf", "Zoe", "Arne", "Bea", "Cem", "Dora")
#: The lesson puzzles the slipping learners answer with a named mistake: (lesson, file, puzzle
#: id, the index of its ``mistakes:`` entry, how many of the five make it).
MISTAKES = (
    ("00", "00_welcome.yaml", "first-run", 0, 5),
    ("00", "00_welcome.yaml", "first-set", 0, 3),
    ("01", "01_melds.yaml", "ace-high", 0, 2),
    ("01", "01_melds.yaml", "set-of-sevens", 1, 1),
)
#: The assignment of the sample class.
ASSIGNMENT = "name:Runs and sets/rules:buraco/clauses:run,set/n:3/seed:5"


def wrong_answer(puzzle: Puzzle) -> object:
    """A wrong answer the engine judges (not merely unreadable): a named mistake, a tempting
    option, a number off by ten, or cards that make no meld."""
    kind = KINDS[puzzle.kind]
    right = solve(puzzle)
    candidates: list[object] = [*puzzle.mistakes, *kind.tempting(puzzle)]
    if kind.form == "number" and isinstance(right, int):
        candidates.append(right + 10)
    hand = list(puzzle.hand)
    if kind.form == "cards":
        candidates += [hand, hand[:3], hand[-3:], hand[:2]]
    if kind.form == "extend" and isinstance(right, tuple):
        candidates += [(right[0], [c]) for c in hand if c not in right[1]]
    for answer in candidates:
        fb = check(puzzle, answer)
        if fb.answered and not fb.correct:
            return answer
    raise ValueError(f"no wrong answer found for {puzzle.id}")


class _Player:
    """One learner playing: answers recorded as a lesson's page records them."""

    def __init__(self, number: int, day: date) -> None:
        self.number, self.day = number, day
        self.clock = int(datetime(day.year, day.month, day.day, 9, tzinfo=UTC).timestamp() * 1000) + number * 60_000
        self.answers: list[Answer] = []
        self.solved: dict[str, list[str]] = {}

    def answer(self, puzzle: Puzzle, how: str, lesson: str, source: str, assignment: str = "",
               given: object = None) -> bool:
        """Answer ``puzzle`` as ``how`` says (``given``: this answer instead), at the first try."""
        hints = 0
        if how == "helped":
            hint(puzzle, 1)
            hints = 1
        if given is None:
            given = wrong_answer(puzzle) if how == "wrong" else solve(puzzle)
        fb = check(puzzle, given)
        outcome: Outcome = outcome_of(fb.correct, 1, hints, False)
        self.clock += 1_000
        clause = puzzle.main_clause or fb.rule or ""
        self.answers.append(Answer(clause, puzzle.rules, outcome, puzzle.id, self.day, self.clock,
                                   f"{self.clock:x}-{self.number}-{len(self.answers)}", lesson, source,
                                   fb.mistake or "", assignment))
        return fb.correct

    def quiz(self, questions: Sequence[Dealt], how: str, lesson: str) -> None:
        right = [self.answer(q.puzzle, how, lesson, "quiz") for q in questions]
        if all(right) and "quiz" not in self.solved.get(lesson, []):
            self.solved.setdefault(lesson, []).append("quiz")


def sample_class(day: date, folder: str | Path = FOLDER) -> list[HandIn]:
    """The thirty hand-ins of the sample class, every answer on ``day`` (see the module docstring),
    from the course in ``folder`` (its syllabus and puzzle files: the repository's lessons).
    Playing them takes a few seconds: a second call with the same day and folder gives the
    same hand-ins at once."""
    return list(_played(day, str(Path(folder).resolve())))


@remembered("sample_class.played", 4)
def _played(day: date, folder: str) -> tuple[HandIn, ...]:
    syllabus = Path(folder) / "syllabus.yaml"
    assignment: Assignment = parse_assignment(ASSIGNMENT, syllabus)
    questions = assignment.questions(syllabus)
    out: list[HandIn] = []
    number = 0
    for group in GROUPS:
        for i in range(group.size):
            ruleset = group.rulesets[i % len(group.rulesets)]
            player = _Player(number, day)
            for lesson in group.lessons:
                for seed in group.seeds:
                    player.quiz(deal_quiz(lesson, ruleset, seed, 5, syllabus=syllabus), group.answers, lesson)
            if group.name == "slipping":
                for lesson, file, puzzle_id, entry, makers in MISTAKES:
                    if i < makers:
                        puzzle = load_puzzle(Path(folder) / "puzzles" / file, puzzle_id)
                        player.answer(puzzle, "wrong", lesson, "puzzle", given=puzzle.mistakes[entry])
            taken = {"strong": questions, "slipping": questions, "learning": questions[:1]}.get(group.name, [])
            for q in taken:
                player.answer(q.puzzle, group.answers, "10", "assignment", assignment.id)
            settings: dict[str, JsonValue] = {"ruleset": {"name": ruleset, "at": player.clock},
                        "learner": {"name": NAMES[number], "at": player.clock}}
            record = Record(player.solved, tuple(player.answers), settings,
                            {assignment.id: assignment.text()} if taken else {})
            out.append(hand_in(record, NAMES[number], lang="en", ruleset=ruleset, at=player.clock + 60_000,
                               day=day))
            number += 1
    return tuple(out)


def main(argv: Sequence[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m buraco_core.teach.learners.sample_class FOLDER", file=sys.stderr)
        return 2
    target = Path(argv[0])
    target.mkdir(parents=True, exist_ok=True)
    for handin in sample_class(date.today()):
        (target / handin.file_name()).write_text(handin.dumps(), encoding="utf-8")
    print(f"wrote 30 hand-ins into {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
