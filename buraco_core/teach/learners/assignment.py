"""Assignments by link: the same seeded questions for every learner of a class.

A teacher picks rules (clauses of RULES.md) or a lesson, a ruleset and a number of questions, and
may add a puzzle file of their own (the YAML format of ``lessons/puzzles/``); the
:class:`Assignment` is one short text, readable in a link to the review page::

    10_review.ipynb#set=name:Week%203/rules:italian/clauses:run,single-take/n:4/seed:7

Fields are ``key:value`` separated by ``/``, each value percent-encoded where it holds ``/``, ``:``,
``%`` or a space (:meth:`Assignment.text` writes them in one order, so one assignment has one
text and one :attr:`~Assignment.id`). A teacher's file travels inside the text
(``file:<its name>/yaml:<its text, compressed>``): every learner's page reads the very same
puzzles, on a server or in the static site, with nothing to copy beside the lessons. A set that no
teacher made says where it comes from (``origin:table``: the referee's "Practise this rule", a
question from the learner's own table), so the review page does not call it a class's assignment.

:meth:`Assignment.questions` deals the questions from the text alone, seeded by it: the same
puzzles, in the same order, in every browser. Each answer a learner gives to them is recorded
with the assignment's id (:attr:`buraco_core.teach.learners.mastery.Answer.assignment`), and the record
keeps the text (:attr:`buraco_core.teach.learners.record.Record.assignments`), so a teacher's page deals
the questions again and shows the results per question
(:func:`buraco_core.teach.learners.classroom.assignment_results`).

>>> a = parse_assignment("rules:buraco/clauses:run,set/n:3/seed:7")
>>> a.text(), a.id
('rules:buraco/clauses:run,set/n:3/seed:7', '3d17cb4289')
>>> [d.puzzle.main_clause for d in a.questions()]
['run', 'set', 'run']
>>> parse_assignment("rules:buraco/clauses:nonsense/n:3")
Traceback (most recent call last):
...
buraco_core.teach.learners.assignment.AssignmentError: This assignment names a rule the rulebook does not have: nonsense.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import random
import zlib
from dataclasses import dataclass, replace
from urllib.parse import parse_qs, quote, unquote, urlsplit

from ...clauses import CLAUSES
from ...errors import LearnerError
from ...messages import Message
from ...rules import RulesError
from ...variants import VariantError, get_rules, rules_text
from ..course.files import load_text
from ..course.syllabus import Dealt, Item, Syllabus, deal_item, deal_quiz
from ..puzzles.generate import dealers
from ..puzzles.puzzle import Puzzle

__all__ = ["MAX_QUESTIONS", "ORIGINS", "Assignment", "AssignmentError", "link_text", "parse_assignment"]

#: The most questions an assignment deals (the teacher's own puzzles come on top).
MAX_QUESTIONS = 30
_KEYS = ("name", "rules", "lesson", "clauses", "n", "seed", "file", "yaml", "origin")
#: Where a set comes from: a teacher (no ``origin`` in the text) or the referee's practice link (``table``).
ORIGINS = ("", "table")
_SAFE = "+=;,-_.~()!*'@"
#: The fields a refusal names, in the teacher's form's words.
_FIELDS = {"n": "assign.field.n", "seed": "assign.field.seed"}


class AssignmentError(LearnerError):
    """An assignment's text that is not one (``message``: why, ``explain(lang)``)."""


@dataclass(frozen=True)
class Assignment:
    """The questions of an assignment: ``n`` dealt for ``clauses`` (in turn) or from ``lesson``'s
    quiz, under ``rules``, seeded by ``seed``; before them every puzzle of the teacher's file
    (``yaml``, its text, named ``file``). ``origin`` is where the set comes from (:data:`ORIGINS`:
    ``""`` a teacher, ``"table"`` the referee's practice link)."""

    rules: str = "buraco"
    n: int = 5
    seed: int = 1
    clauses: tuple[str, ...] = ()
    lesson: str = ""
    name: str = ""
    file: str = ""
    yaml: str = ""
    origin: str = ""

    def text(self) -> str:
        """The assignment as the text a link carries (``#set=<text>``)."""
        values = {"name": self.name, "rules": self.rules, "lesson": self.lesson, "clauses": ",".join(self.clauses),
                  "n": str(self.n), "seed": str(self.seed), "file": self.file, "yaml": _pack(self.yaml),
                  "origin": self.origin}
        return "/".join(f"{k}:{quote(values[k], safe=_SAFE)}" for k in _KEYS if values[k] and
                        not (k == "n" and not self.clauses and not self.lesson))

    @property
    def id(self) -> str:
        """Ten hex digits that name this assignment in the answers recorded for it."""
        return hashlib.sha256(self.text().encode("utf-8")).hexdigest()[:10]

    def teacher_puzzles(self) -> list[Puzzle]:
        """The puzzles of the teacher's file; AssignmentError lists its problems as
        ``file:line: message``."""
        if not self.yaml:
            return []
        puzzles, problems = load_text(self.yaml, self.file or "puzzles.yaml")
        if problems:
            raise AssignmentError("assign.file-problems", problems="; ".join(str(p) for p in problems))
        return puzzles

    def questions(self, syllabus: Syllabus | str | os.PathLike[str] | None = None) -> list[Dealt]:
        """The questions, the same every time: the teacher's puzzles, then the dealt ones."""
        out = [Dealt(p, Item(p.main_clause), p.rules) for p in self.teacher_puzzles()]
        if self.lesson:
            out += deal_quiz(self.lesson, self.rules, self.seed, self.n, syllabus=syllabus)
        elif self.clauses:
            rng = random.Random(f"assignment/{self.text()}")
            out += [deal_item(Item(self.clauses[i % len(self.clauses)]), self.rules, rng.randrange(1 << 30))
                    for i in range(self.n)]
        return out


def _pack(text: str) -> str:
    if not text:
        return ""
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).rstrip(b"=").decode("ascii")


def _unpack(data: str) -> str:
    try:
        return zlib.decompress(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))).decode("utf-8")
    except (binascii.Error, ValueError, zlib.error):
        raise AssignmentError("assign.file-damaged") from None


def _whole(key: str, value: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``; the refusal names the field as the
    teacher's form does (``assign.field.<key>``: "number of questions", not "n")."""
    field = Message(_FIELDS[key])
    try:
        number = int(value)
    except ValueError:
        raise AssignmentError("assign.bad-number", key=field, low=low, high=high) from None
    if not low <= number <= high:
        raise AssignmentError("assign.bad-number", key=field, low=low, high=high)
    return number


def link_text(link: str) -> str:
    """The assignment's text inside a link of any form :mod:`buraco_core.teach.learners.links` makes
    (``...#set=<text>``, a hub's ``...?set=<text, encoded once more>``, a Binder launch link's
    ``?urlpath=<the review page and its #set=...>``), or the text itself.

    >>> link_text("https://mybinder.org/v2/gh/o/r/abc?urlpath=voila/render/lessons/10_review.ipynb%23set%3Drules%3Aitalian")
    'rules:italian'
    """
    text = link.strip()
    if "#" not in text and "?" not in text:
        return text.removeprefix("set=")
    parts = urlsplit(text)
    query = parse_qs(parts.query)
    if "urlpath" in query:
        return link_text(query["urlpath"][0])
    if "set" in query:
        return query["set"][0].strip()
    fragment = parts.fragment if "#" in text else ""
    for part in fragment.split("&"):
        if part.startswith("set="):
            return part[4:]
    return fragment


def parse_assignment(text: str, syllabus: Syllabus | str | os.PathLike[str] | None = None) -> Assignment:
    """The assignment a text (or a whole link, ``...#set=<text>``) describes, checked: every rule
    named must be in the rulebook and dealt under the ruleset, the lesson must have a quiz, the
    teacher's file must read (``syllabus``: a syllabus or its file; default: the installed
    course's). AssignmentError says what is wrong and what is allowed."""
    text = link_text(text)
    fields: dict[str, str] = {}
    for part in filter(None, text.split("/")):
        key, colon, value = part.partition(":")
        if not colon or key not in _KEYS:
            raise AssignmentError("assign.unknown-part", part=unquote(part)[:40], keys=", ".join(_KEYS))
        fields[key] = unquote(value)
    try:
        rules = rules_text(get_rules(fields.get("rules", "buraco")))
    except (RulesError, VariantError, ValueError):
        raise AssignmentError("assign.bad-rules", rules=fields.get("rules", "")) from None
    if fields.get("origin", "") not in ORIGINS:
        raise AssignmentError("assign.unknown-part", part=f"origin:{fields['origin']}"[:40], keys=", ".join(_KEYS))
    clauses = tuple(c for c in fields.get("clauses", "").split(",") if c)
    for clause in clauses:
        if clause not in CLAUSES:
            raise AssignmentError("assign.unknown-clause", clause=clause)
        if not dealers(clause, rules):
            raise AssignmentError("assign.clause-not-dealt", rule=CLAUSES[clause].title_message, rules=get_rules(rules))
    yaml_text = _unpack(fields["yaml"]) if fields.get("yaml") else ""
    has_questions = bool(clauses or fields.get("lesson"))
    assignment = Assignment(
        rules=rules, n=_whole("n", fields.get("n", "5"), 1 if has_questions else 0, MAX_QUESTIONS),
        seed=_whole("seed", fields.get("seed", "1"), 0, 1 << 30), clauses=clauses, lesson=fields.get("lesson", ""),
        name=fields.get("name", "")[:60], file=os.path.basename(fields.get("file", ""))[:60], yaml=yaml_text,
        origin=fields.get("origin", ""))
    if assignment.lesson and clauses:
        raise AssignmentError("assign.lesson-or-rules")
    if not has_questions and not yaml_text:
        raise AssignmentError("assign.no-questions")
    if assignment.lesson:
        try:
            deal_quiz(assignment.lesson, rules, assignment.seed, 1, syllabus=syllabus)
        except (ValueError, FileNotFoundError):
            raise AssignmentError("assign.unknown-lesson", lesson=assignment.lesson) from None
    if not has_questions:
        assignment = replace(assignment, n=0)
    assignment.teacher_puzzles()  # its problems now, not when a learner opens it
    return assignment
