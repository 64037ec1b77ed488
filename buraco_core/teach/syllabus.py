"""The course's syllabus (which lesson deals which quiz items) and the quizzes dealt from it.

The syllabus is course data beside the lessons (``lessons/syllabus.yaml``), not a constant of the
engine: a teacher changes what a lesson's quiz asks there. Each lesson lists items; an item names
the ``clause`` it exercises (a generator that deals that clause is chosen), and may fix the
``kind``, the ``rules`` (a ruleset of its own) and generator parameters. A quiz under a ruleset
deals the items whose clause that ruleset plays by, its own rules first (the clauses that apply
in the fewest rulesets), so italian's quiz of the turn asks about its single take.

>>> quiz = make_quiz("04", "italian", 1, syllabus="lessons/syllabus.yaml")
>>> [p.clauses[0] for p in quiz][:2]
['single-take', 'draw']
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..clauses import CLAUSES
from ..rules import RULESETS, Rules, get_rules
from .generate import generate
from .kinds import KINDS
from .puzzle import Puzzle, PuzzleError

__all__ = ["Item", "LessonQuiz", "Syllabus", "find_syllabus", "load_syllabus", "make_quiz"]

SYLLABUS_NAME = "syllabus.yaml"


@dataclass(frozen=True)
class Item:
    """One quiz item: the clause it exercises and/or the kind, a ruleset of its own, parameters."""

    clause: str | None = None
    kind: str | None = None
    rules: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def applies(self, rules: Rules) -> bool:
        return self.clause is None or CLAUSES[self.clause].applies(get_rules(self.rules or rules))

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


def find_syllabus(start: str | os.PathLike[str] | None = None) -> Path:
    """The course's syllabus: ``syllabus.yaml`` in the folder (a lesson runs in ``lessons/``), or
    ``lessons/syllabus.yaml`` below it (the repository's root)."""
    here = Path(start or os.getcwd())
    for candidate in (here / SYLLABUS_NAME, here / "lessons" / SYLLABUS_NAME):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"no {SYLLABUS_NAME} in {here} or {here / 'lessons'}: pass syllabus= to make_quiz")


_CACHE: dict[tuple[str, float], Syllabus] = {}


def load_syllabus(path: str | os.PathLike[str]) -> Syllabus:
    """The syllabus of a YAML file; a problem raises PuzzleError naming the file and line."""
    import yaml

    name = os.fspath(path)
    key = (os.path.abspath(name), os.stat(name).st_mtime)
    if key in _CACHE:
        return _CACHE[key]
    with open(name, encoding="utf-8") as f:
        text = f.read()
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark
        raise PuzzleError(f"not valid YAML: {e.problem}", name, mark.line + 1 if mark else 0) from None
    data = yaml.safe_load(text) or {}
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
                raise PuzzleError(f"lesson {number}: no clause {clause!r} in RULES.md", name, where)
            if kind is not None and kind not in KINDS:
                raise PuzzleError(f"lesson {number}: unknown kind {kind!r}: choose one of {', '.join(KINDS)}",
                                  name, where)
            if rules is not None and rules not in RULESETS:
                raise PuzzleError(f"lesson {number}: no ruleset called {rules!r}", name, where)
            if clause is None and kind is None:
                raise PuzzleError(f"lesson {number}: an item names its clause or its kind", name, where)
            items.append(Item(clause, kind, rules, raw))
        out[number] = LessonQuiz(number, str(spec.get("topic", number)), tuple(items), bool(spec.get("mixed")))
    syllabus = Syllabus(out, name)
    _CACHE[key] = syllabus
    return syllabus


def _item_lines(root: Any) -> dict[tuple[str, int], int]:
    """(lesson, item index) -> line; (lesson, -1) -> the lesson's line."""
    import yaml

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


def make_quiz(lesson_or_topic: str, rules: Rules | str = "buraco", seed: int = 0, n: int = 5, *,
              syllabus: Syllabus | str | os.PathLike[str] | None = None) -> list[Puzzle]:
    """``n`` seeded puzzles for a lesson (``"03"``, ``"03_buracos"``) or topic (``"buracos"``) of the
    syllabus (default: :func:`find_syllabus`), or of one kind (``"score"``).

    The items that apply under ``rules`` are dealt, the ruleset's own rules first; a lesson marked
    ``mixed`` deals each question under another ruleset.
    """
    if not isinstance(syllabus, Syllabus):
        syllabus = load_syllabus(syllabus if syllabus is not None else find_syllabus())
    quiz = syllabus.lesson(lesson_or_topic)
    rules = get_rules(rules)
    rng = random.Random(f"quiz/{quiz.lesson}/{rules.name}/{seed}")
    out: list[Puzzle] = []
    if quiz.mixed:
        names = list(RULESETS)
        for i in range(n):
            these = RULESETS[names[(i + seed) % len(names)]]
            usable = [item for item in quiz.items if item.applies(these)]
            item = usable[i % len(usable)]
            out.append(_deal(item, these, rng.randrange(1 << 30)))
        return out
    usable = sorted((item for item in quiz.items if item.applies(rules)), key=lambda item: item.reach)
    if not usable:
        raise ValueError(f"the quiz of lesson {quiz.lesson} has no item for {rules.name}")
    for i in range(n):
        out.append(_deal(usable[i % len(usable)], rules, rng.randrange(1 << 30)))
    return out


def _deal(item: Item, rules: Rules, seed: int) -> Puzzle:
    return generate(item.kind, item.rules or rules, seed, clause=item.clause, **dict(item.params))
