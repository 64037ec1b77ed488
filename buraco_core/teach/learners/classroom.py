"""A class's progress: many learners' hand-ins read at once, and what a teacher's page shows of them.

:func:`read_class` takes what a teacher loaded (files, pasted codes, a class folder's files), each
with the name it came under, and gives a :class:`ClassView`. Whatever cannot be read is a
:class:`Problem` with a sentence (not a record of the trainer, a format it does not know, a
damaged code, a record without a name, the same learner twice); the rest loads. Two learners who
typed the same name (off a hub) are both kept, the second under the name and a number, with a
warning (:attr:`ClassView.warnings`): hand-ins of one name are the same learner only where their
answers overlap (a later hand-in holds the earlier one's answers) or one has none.

What the view holds, every figure computed by the engine from the learners' own answers
(:mod:`buraco_core.teach.learners.mastery`), each learner in the ruleset of their course:

- per clause of RULES.md (:meth:`ClassView.clause_row`): which learners have **mastered** it,
  are **learning** it, **missed it last**: their last answer on it was wrong (level ``weak``; a miss
  answered right after help since is still to go over again in the learner's own map, but counts as
  learning here), have **not met** it
  (``new``), or play a ruleset without it (``elsewhere``);
- per learner (:class:`Learner`): the lessons done (a lesson is done when its quiz is solved),
  clauses mastered, reviews due on the teacher's day, the last activity, and whether they are
  **behind**: no answer yet, or at least :data:`BEHIND_BY` lessons fewer done than the class's
  median (early in a course, when the median is below :data:`BEHIND_BY`, only those who have not
  started);
- the named mistakes made most (:meth:`ClassView.mistakes`: the puzzle, the ``mistakes:`` entry,
  how many learners made it);
- per question of an assignment (:func:`assignment_results`): who answered it right at the first
  try, after help, wrongly (and which named mistakes), or not yet;
- a CSV of one row per learner and clause (:meth:`ClassView.csv`).

>>> from datetime import date
>>> from buraco_core.teach.learners.handin import hand_in
>>> from buraco_core.teach.learners.mastery import Answer, Outcome
>>> from buraco_core.teach.learners.record import Record
>>> day = date(2026, 12, 1)
>>> ana = hand_in(Record({"00": ["quiz"]}, tuple(Answer("run", "buraco", Outcome.FIRST, f"r{i}", day)
...                                             for i in range(3))), "Ana", lang="en", ruleset="buraco", at=1, day=day)
>>> view = read_class([("ana.json", ana.dumps()), ("nonsense.txt", "hello")], day)
>>> [l.name for l in view.learners], view.clause_row("run").count("mastered")
(['Ana'], 1)
>>> view.problems[0].text()
'nonsense.txt: This is not a progress file of the Buraco trainer, nor its code.'
"""

from __future__ import annotations

import csv
import io
import json
import os
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from ...cards import parse_cards
from ...clauses import CLAUSES
from ...messages import Message, render
from ..course import Course, get_course
from ..course.syllabus import Syllabus
from ..puzzles.core import check
from ..puzzles.kinds import KINDS
from ..puzzles.mistakes import mistake_entry
from ..puzzles.puzzle import Puzzle, PuzzleError
from .assignment import Assignment, AssignmentError, parse_assignment
from .handin import HandIn, HandInError, find_codes, read_handin
from .mastery import Answer, ClauseState, Outcome, clause_states, review_plan

__all__ = ["BEHIND_BY", "CSV_BOM", "LEVELS", "ClassView", "ClauseRow", "Learner", "MistakeRow", "MistakeWords", "Problem",
           "QuestionResult", "answer_words", "assignment_results", "course_puzzles", "find_puzzle", "mistake_words",
           "pasted_codes", "question_words", "read_class", "read_folder"]

#: A learner with this many lessons fewer done than the class's median is behind (as is one with no
#: answer yet: early in a course the median alone would flag nobody, not even those).
BEHIND_BY = 2
#: The levels a class map counts, in the order it shows them; ``elsewhere``: not in the
#: learner's ruleset.
LEVELS = ("mastered", "learning", "weak", "new", "elsewhere")
#: What the CSV starts with: the byte-order mark, by which spreadsheets know the file is UTF-8.
CSV_BOM = "\ufeff"
#: The CSV's columns (their headings in the teacher's language).
_CSV_COLUMNS = ("classroom.csv.learner", "classroom.csv.user", "classroom.csv.ruleset", "classroom.csv.language",
                "classroom.csv.handed-in", "classroom.csv.lesson", "classroom.csv.clause", "classroom.csv.rule",
                "classroom.csv.level", "classroom.csv.answers", "classroom.csv.first", "classroom.csv.helped",
                "classroom.csv.wrong", "classroom.csv.box", "classroom.csv.due", "classroom.csv.last",
                "classroom.csv.mistakes")


@dataclass(frozen=True)
class Problem:
    """Something loaded that is not in the class: where it came from and why."""

    source: str
    message: Message

    def text(self, lang: str = "en") -> str:
        return render("classroom.problem", lang, source=self.source, why=self.message)


@dataclass(frozen=True)
class Learner:
    """One learner of the class: their hand-in (and what it was loaded as), their clauses'
    states in their course's ruleset, and their reviews due on the teacher's day."""

    handin: HandIn
    source: str
    states: Mapping[str, ClauseState]
    due: int
    alias: str = ""
    """The name shown where another learner typed the same one ("Ben (2)"); "" otherwise."""

    @property
    def name(self) -> str:
        return self.alias or self.handin.name

    @property
    def ruleset(self) -> str:
        return self.handin.ruleset

    @property
    def answers(self) -> tuple[Answer, ...]:
        return self.handin.record.answers

    @property
    def lessons_done(self) -> tuple[str, ...]:
        """The lessons whose quiz the learner solved, in order."""
        return tuple(sorted(lesson for lesson, items in self.handin.record.solved.items() if "quiz" in items))

    def level(self, clause: str) -> str:
        """One of :data:`LEVELS` for ``clause``: ``weak`` ("missed last") only when the last answer
        on it was wrong."""
        state = self.states.get(clause)
        if state is None:
            return "elsewhere"
        if state.level == "weak" and state.last_outcome is not Outcome.WRONG:
            return "learning"
        return state.level

    def count(self, level: str) -> int:
        return sum(1 for clause in self.states if self.level(clause) == level)

    @property
    def last(self) -> tuple[date, int] | None:
        """The day and time of the learner's last answer (None before any)."""
        return max(((a.day, a.at) for a in self.answers), default=None)


@dataclass(frozen=True)
class ClauseRow:
    """One clause across the class: the learners' names at each level of :data:`LEVELS`."""

    clause: str
    learners: Mapping[str, tuple[str, ...]]

    def count(self, level: str) -> int:
        return len(self.learners.get(level, ()))


@dataclass(frozen=True)
class MistakeRow:
    """A named mistake made in the class: the puzzle (id, and the lesson it was met in), the key
    of its ``mistakes:`` entry, the clause answered, how often, by whom."""

    puzzle: str
    lesson: str
    mistake: str
    clause: str
    answers: int
    learners: tuple[str, ...]


@dataclass(frozen=True)
class QuestionResult:
    """One question of an assignment: its number (from 1), its puzzle, and the learners by how
    their first answer went (``first``, ``helped``, ``wrong``, ``open``: opened the assignment but
    not answered it yet, ``unopened``: loaded but never opened the assignment), with the named
    mistakes of the wrong ones."""

    number: int
    puzzle: Puzzle
    first: tuple[str, ...] = ()
    helped: tuple[str, ...] = ()
    wrong: tuple[str, ...] = ()
    open: tuple[str, ...] = ()
    mistakes: Mapping[str, int] = field(default_factory=dict)
    unopened: tuple[str, ...] = ()


class ClassView:
    """The class as the teacher's page shows it (see the module docstring); ``today`` is the
    teacher's day (for the reviews due)."""

    def __init__(self, learners: Sequence[Learner], problems: Sequence[Problem], today: date,
                 warnings: Sequence[Problem] = ()) -> None:
        self.learners = tuple(sorted(learners, key=lambda x: (x.name.casefold(), x.handin.user)))
        self.problems = tuple(problems)
        self.warnings = tuple(warnings)
        """What loaded but needs the teacher's eye (two learners of one name)."""
        self.today = today

    @property
    def median_lessons(self) -> float:
        return statistics.median(len(x.lessons_done) for x in self.learners) if self.learners else 0.0

    def behind(self, learner: Learner) -> bool:
        """No answer yet, or at least :data:`BEHIND_BY` lessons fewer done than the class's median."""
        return not learner.answers or len(learner.lessons_done) <= self.median_lessons - BEHIND_BY

    def clause_row(self, clause: str) -> ClauseRow:
        names: dict[str, list[str]] = {level: [] for level in LEVELS}
        for learner in self.learners:
            names[learner.level(clause)].append(learner.name)
        return ClauseRow(clause, {level: tuple(v) for level, v in names.items()})

    def mistakes(self, clause: str | None = None) -> list[MistakeRow]:
        """The named mistakes made (of one clause, or all), the most learners first."""
        seen: dict[tuple[str, str, str], tuple[str, int, list[str]]] = {}
        for learner in self.learners:
            for a in learner.answers:
                if not a.mistake or (clause is not None and a.clause != clause):
                    continue
                key = (a.variant, a.lesson, a.mistake)
                first, n, who = seen.get(key, (a.clause, 0, []))
                seen[key] = (first, n + 1, who if learner.name in who else [*who, learner.name])
        rows = [MistakeRow(p, lesson, m, c, n, tuple(who)) for (p, lesson, m), (c, n, who) in seen.items()]
        return sorted(rows, key=lambda r: (-len(r.learners), -r.answers, r.lesson, r.puzzle, r.mistake))

    def assignments(self) -> dict[str, Assignment]:
        """The assignments the learners opened, by id (a text that no longer reads is left out)."""
        out: dict[str, Assignment] = {}
        for learner in self.learners:
            for key, text in learner.handin.record.assignments.items():
                if key in out:
                    continue
                try:
                    assignment = parse_assignment(text)
                except (AssignmentError, FileNotFoundError):
                    continue
                if assignment.id == key:
                    out[key] = assignment
        return out

    def csv(self, lang: str = "en", course: Course | str | os.PathLike[str] | None = None) -> str:
        """One row per learner and clause: who, the clause (its lesson, id and title, from the
        ``course``: default the installed one), its level and counts, its Leitner box and due day,
        the last answer, the named mistakes made on it.

        Made for spreadsheets as they open a file: UTF-8 with a byte-order mark (without it Excel
        reads "Ümit" as "Ãœmit"), the columns separated as the language's spreadsheets expect
        (``classroom.csv.separator``: "," in English, ";" in German, where Excel's list separator is
        ";" and a comma file lands in one column); quoted where a value holds one."""
        taught = get_course(course).taught(lang)
        buffer = io.StringIO()
        buffer.write(CSV_BOM)
        writer = csv.writer(buffer, delimiter=render("classroom.csv.separator", lang), lineterminator="\r\n")
        writer.writerow([render(key, lang) for key in _CSV_COLUMNS])
        for learner in self.learners:
            mistakes = Counter(a.clause for a in learner.answers if a.mistake)
            for clause_id in CLAUSES:
                state = learner.states.get(clause_id)
                section = taught.get(clause_id)
                level = learner.level(clause_id)
                writer.writerow([
                    learner.name, learner.handin.user, learner.ruleset, learner.handin.lang,
                    learner.handin.day.isoformat(), section.notebook[:2] if section else "", clause_id,
                    CLAUSES[clause_id].title_message.text(lang), render(f"classroom.level.{level}", lang),
                    *((state.answers, state.first, state.helped, state.wrong, state.box,
                       state.due.isoformat() if state.due else "", state.last.isoformat() if state.last else "")
                      if state is not None else ("",) * 7),
                    mistakes.get(clause_id, 0)])
        return buffer.getvalue()


def _learner(handin: HandIn, source: str, today: date) -> Learner:
    states = clause_states(handin.record.answers, handin.ruleset)
    return Learner(handin, source, states, len(review_plan(states, today, n=len(states))))


def pasted_codes(text: str, lang: str = "en", first: int = 1) -> list[tuple[str, str]]:
    """The codes of a pasted text as (name, code) pairs to load, named "code 1", "code 2", ...
    (from ``first``); a text with no code in it is one entry (it is then listed as not a code)."""
    codes = find_codes(text)
    if not codes:
        return [(render("classroom.pasted", lang), text)] if text.strip() else []
    return [(render("classroom.code", lang, n=n), code) for n, code in enumerate(codes, start=first)]


def read_class(entries: Iterable[tuple[str, str]], today: date) -> ClassView:
    """The class from (name, text) pairs: a file's name and text, or a code's name and the code.
    The same learner twice: the later hand-in stays, the other is listed."""
    by_key: dict[str, Learner] = {}
    problems: list[Problem] = []
    warnings: list[Problem] = []
    queue = list(entries)
    while queue:
        source, text = queue.pop(0)
        if not text.strip():
            problems.append(Problem(source, Message("classroom.empty")))
            continue
        try:
            handin = read_handin(text)
        except HandInError as e:
            codes = find_codes(text)
            if e.message.key == "handin.many-codes" and len(codes) > 1:   # a file of codes: each one loads
                queue[:0] = [(f"{source} ({n})", code) for n, code in enumerate(codes, start=1)]
                continue
            problems.append(Problem(source, _teachers_words(e.message, text)))
            continue
        key = handin.key
        number = 1
        while key in by_key and not _same_learner(by_key[key].handin, handin):
            number += 1
            key = f"{handin.key}#{number}"
        if number > 1 and key not in by_key:
            alias = f"{handin.name} ({number})"
            warnings.append(Problem(source, Message("classroom.same-name", {
                "name": handin.name, "alias": alias, "first": by_key[handin.key].source})))
            by_key[key] = replace(_learner(handin, source, today), alias=alias)
            continue
        earlier = by_key.get(key)
        if earlier is not None:
            kept, dropped = (earlier, source) if earlier.handin.at >= handin.at else (None, earlier.source)
            stays = kept.source if kept is not None else source
            problems.append(Problem(dropped, Message("classroom.twice", {"name": handin.name, "kept": stays})))
            if kept is not None:
                continue
        by_key[key] = replace(_learner(handin, source, today), alias=earlier.alias if earlier else "")
    return ClassView(list(by_key.values()), problems, today, warnings)


def _teachers_words(why: Message, text: str) -> Message:
    """A hand-in's refusal as the teacher's page says it: a damaged code by how it begins and ends
    (to find it in the chat) and whom to ask; a file cut off (a download that stopped) as such."""
    if why.key == "handin.code-damaged":
        code = (find_codes(text) or [text.strip()])[0]
        return Message("classroom.code-damaged", {"start": code[:14], "end": code[-6:]})
    if why.key == "handin.not-a-record" and text.lstrip().startswith("{") and '"answers"' in text:
        try:
            json.loads(text)
        except ValueError:
            return Message("classroom.file-cut")
    return why


def _same_learner(one: HandIn, other: HandIn) -> bool:
    """Whether two hand-ins of one key are one learner's: on a hub always (the hub user), else where
    their answers overlap or one has none (two learners of one name share no answer)."""
    if one.user or other.user or not one.record.answers or not other.record.answers:
        return True
    seen = {(a.at, a.clause, a.variant) for a in one.record.answers}
    return any((a.at, a.clause, a.variant) in seen for a in other.record.answers)


def read_folder(folder: str | os.PathLike[str]) -> tuple[list[tuple[str, str]], list[Problem]]:
    """The (name, text) of every hand-in file of a class folder (``*.json``; a file being written,
    hidden, is left out), and a problem for a folder or file that cannot be read."""
    where = Path(folder)
    if not where.is_dir():
        return [], [Problem(str(where), Message("classroom.folder-missing", {"folder": str(where)}))]
    try:
        names = sorted(p for p in where.iterdir() if p.suffix == ".json" and not p.name.startswith("."))
    except OSError:
        return [], [Problem(str(where), Message("classroom.folder-unreadable", {"folder": str(where)}))]
    entries: list[tuple[str, str]] = []
    problems: list[Problem] = []
    for path in names:
        try:
            entries.append((path.name, path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError):
            problems.append(Problem(path.name, Message("classroom.file-unreadable")))
    return entries, problems


def course_puzzles(course: Course | str | os.PathLike[str] | None = None) -> list[Puzzle]:
    """The puzzles of the course's files (default: the installed course), to show a named
    mistake's puzzle; a file that cannot be read is left out."""
    out: list[Puzzle] = []
    for file in get_course(course).puzzle_files():
        try:
            out += file.puzzles
        except PuzzleError:
            continue
    return out


def assignment_results(view: ClassView, assignment: Assignment,
                       syllabus: Syllabus | str | os.PathLike[str] | None = None) -> list[QuestionResult]:
    """Each question of the assignment and how the class answered it (each learner's first
    answer to it; the learners who opened the assignment, or answered any of it, count as open
    where they have not answered a question; every other learner loaded as never having opened it).

    A hand-in carries, per answer, the assignment and the puzzle it answered (a question's puzzle
    id), so two questions dealt as one puzzle could not be told apart: :meth:`Assignment.questions`
    deals each from its own seed."""
    questions = assignment.questions(syllabus)
    takers = [x for x in view.learners if assignment.id in x.handin.record.assignments
              or any(a.assignment == assignment.id for a in x.answers)]
    unopened = tuple(x.name for x in view.learners if x not in takers)
    out = []
    for number, dealt in enumerate(questions, start=1):
        groups: dict[str, list[str]] = {"first": [], "helped": [], "wrong": [], "open": []}
        mistakes: Counter[str] = Counter()
        for learner in takers:
            given = sorted((a for a in learner.answers if a.assignment == assignment.id
                            and a.variant == dealt.puzzle.id), key=lambda a: (a.day, a.at))
            if not given:
                groups["open"].append(learner.name)
                continue
            first = given[0]
            groups[first.outcome.value if first.outcome is not Outcome.WRONG else "wrong"].append(learner.name)
            if first.mistake:
                mistakes[first.mistake] += 1
        out.append(QuestionResult(number, dealt.puzzle, tuple(groups["first"]), tuple(groups["helped"]),
                                  tuple(groups["wrong"]), tuple(groups["open"]), dict(mistakes), unopened))
    return out


def question_words(puzzle: Puzzle, lang: str = "en") -> str:
    """What a question shows, to tell two questions of one prompt apart: the hand's cards in the
    language's notation, else the options' words ("" where it shows neither)."""
    if puzzle.hand:
        try:
            return render("classroom.answer-cards", lang, cards=tuple(parse_cards(" ".join(puzzle.hand))))
        except ValueError:
            return " ".join(puzzle.hand)
    kind = KINDS.get(puzzle.kind)
    if kind is not None and kind.form == "choice":
        try:
            return " | ".join(o.label.text(lang) for o in kind.options(kind.prepare(puzzle)))
        except (ValueError, KeyError):
            return ""
    return ""



@dataclass(frozen=True)
class MistakeWords:
    """A named mistake as a teacher reads it: the puzzle's task, the wrong answer, and the
    feedback the engine gave for it (all "" where the puzzle is not found)."""

    prompt: str
    answer: str
    feedback: str
    puzzle: Puzzle | None


def find_puzzle(puzzle_id: str, lesson: str, puzzles: Sequence[Puzzle]) -> Puzzle | None:
    """The puzzle an answer was given to: by id, from the file of the lesson it was met in
    where two files hold the id."""
    found = [p for p in puzzles if p.id == puzzle_id]
    if len(found) > 1 and lesson:
        mine = [p for p in found if p.source and Path(p.source[0]).name.startswith(lesson)]
        found = mine or found
    return found[0] if found else None


def answer_words(puzzle: Puzzle, key: str, lang: str = "en") -> str:
    """An answer's key (:func:`~buraco_core.teach.puzzles.mistakes.answer_key`) in a learner's words: the
    cards in the language's notation, the option's words, the meld and cards, the number."""
    kind = KINDS.get(puzzle.kind)
    form = kind.form if kind is not None else ""
    try:
        if form == "cards":
            return render("classroom.answer-cards", lang, cards=tuple(parse_cards(key)))
        if form == "extend":
            meld, _, cards = key.partition(": ")
            return render("classroom.answer-extend", lang, meld=int(meld) + 1, cards=tuple(parse_cards(cards)))
        if form == "choice" and kind is not None:
            for option in kind.options(kind.prepare(puzzle)):
                if str(option.value) == key:
                    return option.label.text(lang)
    except (ValueError, KeyError):
        pass
    return key


def mistake_words(row: MistakeRow, puzzles: Sequence[Puzzle], lang: str = "en") -> MistakeWords:
    """What a teacher reads of a named mistake (:class:`MistakeWords`)."""
    puzzle = find_puzzle(row.puzzle, row.lesson, puzzles)
    if puzzle is None:
        return MistakeWords("", row.mistake, "", None)
    entry = mistake_entry(puzzle, row.mistake)
    feedback = check(puzzle, entry).explain(lang) if entry is not None else ""
    prompt = puzzle.prompt.text(lang) if isinstance(puzzle.prompt, Message) else str(puzzle.prompt or "")
    return MistakeWords(prompt, answer_words(puzzle, row.mistake, lang), feedback, puzzle)
