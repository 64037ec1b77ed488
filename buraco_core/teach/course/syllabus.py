"""The course's syllabus (which lesson deals which quiz items) and the quizzes dealt from it.

The syllabus is course data beside the lessons (``lessons/syllabus.yaml``, a course's
:attr:`~buraco_core.teach.course.Course.syllabus`), not a constant of the engine: a teacher changes what a lesson's quiz asks there. Each lesson lists items; an item names
the ``clause`` it exercises (a generator that deals that clause is chosen), and may fix the
``kind``, the ``rules`` (a ruleset of its own) and generator parameters. A quiz under a ruleset
deals the items whose clause that ruleset plays by, its own rules first (the clauses that apply
in the fewest rulesets), so italian's quiz of the turn asks about its single take.

A missed question comes back as a fresh variant of the same item (:func:`retry`): the same
clause, kind and parameters, another seed, drawn from a stream named after the missed puzzle, so
a bug report replays it. :func:`deal_item` deals one item anywhere (the review page deals
``Item(clause=...)`` for each clause due).

>>> quiz = deal_quiz("04", "italian", 1)          # the installed course's syllabus
>>> [d.puzzle.clauses[0] for d in quiz][:2]
['single-take', 'draw']
>>> first = deal_quiz("03", "buraco", 1)[0]
>>> again = retry(first, 1)
>>> again.puzzle.main_clause == first.puzzle.main_clause and again.puzzle != first.puzzle
True
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import yaml

from ...clauses import CLAUSES, shares_answers
from ...memo import remembered
from ...rules import RULESETS, Rules
from ...variants import get_rules
from ..puzzles.generate import dealers, generate
from ..puzzles.kinds import KINDS
from ..puzzles.kinds.base import Params
from ..puzzles.puzzle import Puzzle, PuzzleError
from .files import yaml_root
from .installed import installed_root

__all__ = ["SYLLABUS_NAME", "Dealt", "Item", "LessonQuiz", "Syllabus", "deal_clauses", "deal_item", "deal_quiz",
           "installed_syllabus", "load_syllabus", "retry"]

#: The syllabus's file in a course's folder.
SYLLABUS_NAME = "syllabus.yaml"

@dataclass(frozen=True)
class Item:
    """One quiz item: the clause it exercises and/or the kind, a ruleset of its own, parameters."""

    clause: str | None = None
    kind: str | None = None
    rules: str | None = None
    params: Params = field(default_factory=dict, hash=False)

    def applies(self, rules: Rules) -> bool:
        """Whether a quiz under ``rules`` deals the item: its game plays by the item's clause and a
        generator deals a puzzle for it (of the item's kind, if it names one)."""
        if self.clause is None:
            return True
        own = get_rules(self.rules or rules)

        return CLAUSES[self.clause].applies(own) and any(
            self.kind in (None, kind.name) for kind, _ in dealers(self.clause, own))

    @property
    def reach(self) -> int:
        """In how many rulesets the item's clause applies (fewer: more a ruleset's own)."""
        return len(CLAUSES[self.clause].rulesets) if self.clause else len(RULESETS)


@dataclass(frozen=True)
class LessonQuiz:
    lesson: str
    topic: str
    items: tuple[Item, ...]
    mixed: bool = False
    """Each question under another ruleset (the rulesets lesson)."""


@dataclass(frozen=True)
class Syllabus:
    lessons: Mapping[str, LessonQuiz]
    source: str = ""

    def lesson(self, lesson_or_topic: str) -> LessonQuiz:
        key = str(lesson_or_topic).strip().lower()
        for number, quiz in self.lessons.items():
            if key in (number, quiz.topic, number.lstrip("0") or "0") or key.startswith(number + "_"):
                return quiz
        if key in KINDS:
            return LessonQuiz(key, key, (Item(kind=key),))
        topics = ", ".join(f"{n} ({q.topic})" for n, q in self.lessons.items())
        raise ValueError(f"no quiz for {lesson_or_topic!r}: choose a lesson or topic: {topics}, or a kind")


def load_syllabus(path: str | os.PathLike[str]) -> Syllabus:
    """The syllabus of a YAML file; a problem raises PuzzleError naming the file and line (a course
    reads its own once: :attr:`~buraco_core.teach.course.Course.syllabus`)."""
    name = os.fspath(path)
    with open(name, encoding="utf-8") as f:
        text = f.read()
    try:
        loader, root = yaml_root(text)
        data = (loader.construct_document(root) if root is not None else None) or {}
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark
        raise PuzzleError(f"not valid YAML: {e.problem}", name, mark.line + 1 if mark else 0) from None
    lessons = data.get("lessons") if isinstance(data, dict) else None
    if not isinstance(lessons, dict):
        raise PuzzleError("a syllabus has 'lessons:', a mapping of lesson numbers to their quiz items", name, 1)
    lines = _item_lines(root)
    out: dict[str, LessonQuiz] = {}
    for number, spec in lessons.items():
        number = str(number)
        if not isinstance(spec, dict) or not isinstance(spec.get("items"), list):
            raise PuzzleError(f"lesson {number}: give 'topic' and a list of 'items'", name, lines.get((number, -1), 1))
        items = []
        for i, raw in enumerate(spec["items"]):
            where = lines.get((number, i), 1)
            if not isinstance(raw, dict):
                raise PuzzleError(f"lesson {number}, item {i + 1}: an item is a mapping: {{clause: run}}", name, where)
            raw = dict(raw)
            clause = raw.pop("clause", None)
            kind = raw.pop("kind", None)
            rules = raw.pop("rules", None)
            if clause is not None and clause not in CLAUSES:
                raise PuzzleError(f"lesson {number}: no clause {clause!r} in docs/RULES.md", name, where)
            if kind is not None and kind not in KINDS:
                raise PuzzleError(f"lesson {number}: unknown kind {kind!r}: choose one of {', '.join(KINDS)}",
                                  name, where)
            if rules is not None and rules not in RULESETS:
                raise PuzzleError(f"lesson {number}: no ruleset called {rules!r}", name, where)
            if clause is None and kind is None:
                raise PuzzleError(f"lesson {number}: an item names its clause or its kind", name, where)
            items.append(Item(clause, kind, rules, raw))
        out[number] = LessonQuiz(number, str(spec.get("topic", number)), tuple(items), bool(spec.get("mixed")))
    return Syllabus(out, name)


@remembered("syllabus.installed", 1)
def installed_syllabus() -> Syllabus:
    """The installed course's syllabus, read once (what a quiz dealt without a syllabus deals from)."""
    return load_syllabus(installed_root() / SYLLABUS_NAME)


def _item_lines(root: yaml.Node | None) -> dict[tuple[str, int], int]:
    """(lesson, item index) -> line; (lesson, -1) -> the lesson's line."""
    found: dict[tuple[str, int], int] = {}
    if not isinstance(root, yaml.MappingNode):
        return found
    for key, value in root.value:
        if key.value != "lessons" or not isinstance(value, yaml.MappingNode):
            continue
        for lesson_key, spec in value.value:
            number = str(lesson_key.value)
            found[(number, -1)] = lesson_key.start_mark.line + 1
            if isinstance(spec, yaml.MappingNode):
                for k, v in spec.value:
                    if k.value == "items" and isinstance(v, yaml.SequenceNode):
                        for i, item in enumerate(v.value):
                            found[(number, i)] = item.start_mark.line + 1
    return found


@dataclass(frozen=True)
class Dealt:
    """A question dealt from an item: the puzzle, the item it came from and the ruleset it was
    dealt under (what :func:`retry` needs to deal a fresh variant)."""

    puzzle: Puzzle
    item: Item
    rules: str


def deal_quiz(lesson_or_topic: str, rules: Rules | str = "buraco", seed: int = 0, n: int = 5, *,
              syllabus: Syllabus | str | os.PathLike[str] | None = None) -> list[Dealt]:
    """``n`` seeded questions for a lesson (``"03"``, ``"03_buracos"``) or topic (``"buracos"``) of the
    syllabus (a file's path; default: the installed course's), or of one kind (``"score"``), each with its item.

    The items that apply under ``rules`` are dealt, the ruleset's own rules first; a lesson marked
    ``mixed`` deals each question under another ruleset.
    """
    if syllabus is None:
        syllabus = installed_syllabus()
    elif not isinstance(syllabus, Syllabus):
        syllabus = load_syllabus(syllabus)
    quiz = syllabus.lesson(lesson_or_topic)
    rules = get_rules(rules)
    rng = random.Random(f"quiz/{quiz.lesson}/{rules.name}/{seed}")
    out: list[Dealt] = []
    if quiz.mixed:
        names = list(RULESETS)
        for i in range(n):
            these = RULESETS[names[(i + seed) % len(names)]]
            usable = [item for item in quiz.items if item.applies(these)]
            item = usable[i % len(usable)]
            out.append(deal_item(item, these, rng.randrange(1 << 30)))
        return out
    usable = sorted((item for item in quiz.items if item.applies(rules)), key=lambda item: item.reach)
    if not usable:
        raise ValueError(f"the quiz of lesson {quiz.lesson} has no item for {rules.name}")
    for i in range(n):
        out.append(deal_item(usable[i % len(usable)], rules, rng.randrange(1 << 30)))
    return out


def deal_item(item: Item, rules: Rules | str, seed: int) -> Dealt:
    """One seeded puzzle for ``item`` under ``rules`` (or the item's own ruleset)."""
    rules = get_rules(item.rules or rules)
    return Dealt(generate(item.kind, rules, seed, clause=item.clause, **dict(item.params)), item, rules.name)


#: Seeds :func:`retry` tries before it gives up finding a variant unlike the missed one.
RETRY_TRIES = 20


def retry(missed: Dealt, attempt: int = 1) -> Dealt:
    """A fresh variant of a missed question: the same item (clause, kind, parameters) under the
    same ruleset, from a seed of the stream ``retry/<missed id>/<attempt>``, never the missed
    puzzle itself. An item that names no clause is tied to the missed puzzle's main clause."""
    items = [missed.item]
    if missed.item.clause is None and missed.puzzle.main_clause is not None:
        items.insert(0, Item(missed.puzzle.main_clause, missed.item.kind, missed.item.rules, missed.item.params))
    error: ValueError | None = None
    for item in items:
        rng = random.Random(f"retry/{missed.puzzle.id}/{attempt}")
        for _ in range(RETRY_TRIES):
            try:
                dealt = deal_item(item, missed.rules, rng.randrange(1 << 30))
            except ValueError as e:
                error = e
                break
            if dealt.puzzle != missed.puzzle and dealt.puzzle.id != missed.puzzle.id:
                return dealt
    raise ValueError(f"no fresh variant of {missed.puzzle.id} under {missed.rules}" + (f": {error}" if error else ""))


def deal_clauses(clauses: Sequence[str], rules: Rules | str, seed: int, *,
                 puzzles: Sequence[Puzzle] = ()) -> list[Dealt]:
    """One seeded question for each clause (a review session): a generated puzzle, or where no
    generator deals the clause under ``rules``, one of ``puzzles`` (a course's puzzle files) that
    exercises it there, or else under a ruleset that reads it alike (an answer there counts here:
    :func:`~buraco_core.clauses.shares_answers`); a clause with neither is left out."""
    rules = get_rules(rules)
    rng = random.Random(f"clauses/{rules.name}/{seed}/{','.join(clauses)}")
    out: list[Dealt] = []
    for clause in clauses:
        item = Item(clause)
        try:
            out.append(deal_item(item, rules, rng.randrange(1 << 30)))
            continue
        except ValueError:
            pass
        fitting = [p for p in puzzles if clause in p.clauses and p.rules == rules.name] or \
            [p for p in puzzles if clause in p.clauses and shares_answers(clause, p.rules, rules)]
        if fitting:
            out.append(Dealt(fitting[rng.randrange(len(fitting))], item, rules.name))
    return out
