"""The learner's record as the browser keeps it: what is solved, every answer, the settings.

One JSON document, :data:`FORMAT` ``buraco-progress/3``::

    {"format": "buraco-progress/3",
     "solved": {"03": ["worked-clean"]},
     "answers": [{"id": "...", "clause": "run", "rules": "buraco", "outcome": "first", ...}],
     "settings": {"ruleset": {"name": "italian", "at": 1764585600000},
                  "learner": {"name": "Ana", "at": 1764585600000}},
     "assignments": {"a1b2c3d4e5": "rules:buraco/clauses:run,set/n:4/seed:7"}}

``solved`` lists the puzzles and quizzes solved per lesson; ``answers`` every answer
(:class:`~buraco_core.teach.learners.mastery.Answer`, with the named mistake a wrong answer made and the
assignment it answered), from which mastery and due dates are computed; ``settings`` the
learner's choices: ``ruleset`` is the course's ruleset (a name now; a house rule's text may join
it later) and ``learner`` the name or nickname the learner hands their progress in under, each
with the time it was chosen, so that two pages of one browser agree on the newest;
``assignments`` the assignments the learner opened (their id and text,
:mod:`buraco_core.teach.learners.assignment`), so that a teacher's page can deal their questions again.

Older documents are read too (:func:`read_record`): ``buraco-progress/2`` (no assignments),
``buraco-progress/1`` (``{"format": "buraco-progress/1", "solved": {...}}``, what the trainer
kept before answers were recorded) and a bare mapping of lessons to solved ids. Merging
(:meth:`Record.merge`) never forgets: solved ids, answers (by id) and assignments are united, the
newer setting wins. A record handed in to a teacher is this document with a ``handed_in`` part
(:mod:`buraco_core.teach.learners.handin`), which this module leaves aside.

>>> r = read_record('{"format": "buraco-progress/1", "solved": {"03": ["worked-clean"]}}')
>>> r.solved, r.answers, r.ruleset, r.learner
({'03': ['worked-clean']}, (), '', '')
>>> read_record('{"format": "buraco-progress/9"}')
Traceback (most recent call last):
...
buraco_core.teach.learners.mastery.RecordError: unknown progress format 'buraco-progress/9': this trainer reads buraco-progress/3, buraco-progress/2, buraco-progress/1

A record that cannot be read raises :class:`RecordError` (a ValueError), whose ``message`` says
what is wrong in the learner's language.

A page keeps the record on the learner's clock (:class:`LearnerClock`: the browser's, once the
page has said it), which stamps every new answer (:meth:`LearnerClock.answer`). A setting is
chosen with :meth:`Record.choose`, an item solved with :meth:`Record.solve`; what a merge brought is :meth:`Record.gains`; what is solved
of each lesson, in words, :func:`solved_lines`.

>>> r = Record().solve("03", "worked-clean").choose("ruleset", "italian", at=5)
>>> r.solved, r.course_ruleset, r.choose("ruleset", "italian", at=9) is r, r.solve("03", "worked-clean") is r
({'03': ['worked-clean']}, 'italian', True, True)
>>> merged = r.merge(Record({"03": ["worked-dirty"], "04": ["pot"]}))
>>> r.gains(merged)
(2, ())
>>> [str(m) for m in solved_lines(merged.solved, {"03": ["worked-clean", "worked-dirty", "x"]})]
['Lesson 03: 2 of 3 solved', 'Lesson 04: 1 of 1 solved']
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta

from ...jsondata import JsonObject, JsonValue, whole
from ...messages import Message
from ...rules import RULESETS
from .mastery import Answer, Outcome, RecordError

__all__ = ["DEFAULT_RULESET", "FORMAT", "FORMATS", "NAME_MAX", "LearnerClock", "Record", "RecordError", "read_record", "solved_lines"]

FORMAT = "buraco-progress/3"
#: Every format this module reads, the newest first.
FORMATS = (FORMAT, "buraco-progress/2", "buraco-progress/1")
#: The longest name a learner hands in under (a name or a nickname, not an essay).
NAME_MAX = 40
#: The course's ruleset until the learner chooses one.
DEFAULT_RULESET = "buraco"


@dataclass(frozen=True)
class Record:
    """The learner's record: solved ids per lesson, answers, settings, assignments (see the
    module docstring)."""

    solved: Mapping[str, list[str]] = field(default_factory=dict)
    answers: tuple[Answer, ...] = ()
    settings: Mapping[str, JsonValue] = field(default_factory=dict)
    assignments: Mapping[str, str] = field(default_factory=dict)

    def _setting(self, key: str) -> str:
        chosen = self.settings.get(key)
        return str(chosen.get("name", "")) if isinstance(chosen, Mapping) else ""

    @property
    def ruleset(self) -> str:
        """The course's ruleset as chosen by the learner ("" where none was chosen)."""
        return self._setting("ruleset")

    @property
    def course_ruleset(self) -> str:
        """The course's ruleset: the learner's choice, else :data:`DEFAULT_RULESET`."""
        return self.ruleset or DEFAULT_RULESET

    @property
    def learner(self) -> str:
        """The name or nickname the learner hands in under ("" before they gave one)."""
        return self._setting("learner")

    def merge(self, other: Record) -> Record:
        """Both records in one: nothing forgotten, answers once each, the newer setting."""
        solved = {k: list(v) for k, v in self.solved.items()}
        for lesson, items in other.solved.items():
            have = solved.setdefault(lesson, [])
            have += [i for i in items if i not in have]
        seen = {a.id for a in self.answers if a.id}
        answers = [*self.answers, *(a for a in other.answers if not a.id or a.id not in seen)]
        settings = dict(self.settings)
        for key, value in other.settings.items():
            mine = settings.get(key)
            if not isinstance(mine, Mapping) or not isinstance(value, Mapping) or \
                    whole(value.get("at", 0)) >= whole(mine.get("at", 0)):
                settings[key] = value
        return Record(solved, tuple(answers), settings, {**self.assignments, **other.assignments})

    def solve(self, lesson: str, item: str) -> Record:
        """The record with ``item`` of ``lesson`` solved; itself where it is solved already."""
        if item in self.solved.get(lesson, []):
            return self
        return replace(self, solved={**self.solved, lesson: [*self.solved.get(lesson, []), item]})

    def gains(self, merged: Record) -> tuple[int, tuple[Answer, ...]]:
        """What ``merged`` (:meth:`merge` of this record and another) holds that this one lacks:
        how many solved items, and the answers (the newest last)."""
        solved = sum(len(v) for v in merged.solved.values()) - sum(len(v) for v in self.solved.values())
        return solved, merged.answers[len(self.answers):]  # merge keeps this record's answers first

    def choose(self, key: str, name: str, at: int) -> Record:
        """The record with the setting ``key`` (``ruleset``, ``learner``) chosen as ``name`` at
        ``at`` (ms since 1970: the newer choice wins a merge); itself where ``name`` is chosen already."""
        if self._setting(key) == name:
            return self
        return replace(self, settings={**self.settings, key: {"name": name, "at": at}})

    def to_json(self) -> JsonObject:
        return {"format": FORMAT, "solved": {k: list(v) for k, v in self.solved.items()},
                "answers": [a.to_json() for a in self.answers], "settings": dict(self.settings),
                "assignments": dict(self.assignments)}

    def dumps(self) -> str:
        """The record as JSON text, to save or to move to another browser."""
        return json.dumps(self.to_json(), indent=1, sort_keys=True, ensure_ascii=False)


def solved_lines(solved: Mapping[str, Sequence[str]], expected: Mapping[str, Sequence[str]],
                 lesson: str | None = None) -> list[Message]:
    """What is ``solved`` of ``lesson`` (or of every lesson with something solved or ``expected``),
    out of the items expected of it: a sentence each (``Lesson 03: 2 of 4 solved``); [] for none."""
    lessons = [str(lesson)] if lesson else sorted(set(solved) | set(expected))
    lines = []
    for name in lessons:
        done = len(solved.get(name, []))
        total = len(set(expected.get(name, [])) | set(solved.get(name, [])))
        lines.append(Message("widget.progress.count-line", {"lesson": name, "done": done, "total": total})
                     if total else Message("widget.progress.none-yet", {"lesson": name}))
    return lines


@dataclass
class LearnerClock:
    """The learner's clock: the browser's once its page has said it (:meth:`set`), the kernel's
    until then. The learner's day is the browser's local date, so an answer given after midnight
    east of UTC is on the new day, wherever the kernel runs (:mod:`~buraco_core.teach.learners.mastery`).

    >>> clock = LearnerClock()
    >>> clock.set(now_ms=1772622000000, offset_minutes=-60)   # 2026-03-04 11:00 UTC, in UTC+1
    >>> clock.today(), abs(clock.now_ms() - 1772622000000) < 60_000
    (datetime.date(2026, 3, 4), True)
    >>> answer = clock.answer("run", "buraco", "first", "run-1", source="game", assignment="a1")
    >>> answer.day, answer.outcome.value, answer.assignment
    (datetime.date(2026, 3, 4), 'first', '')
    """

    skew_ms: int = 0
    """The browser's clock ahead of the kernel's, in ms."""
    offset_minutes: int | None = None
    """The browser's time zone's offset (``Date.getTimezoneOffset``: minutes behind UTC); None
    until the page says it."""

    def set(self, now_ms: float | None = None, offset_minutes: float | None = None) -> None:
        """What the page says of its clock: the time (ms since 1970) and its time zone's offset."""
        if now_ms is not None:
            self.skew_ms = int(now_ms) - int(time.time() * 1000)
        if offset_minutes is not None:
            self.offset_minutes = int(offset_minutes)

    def now_ms(self) -> int:
        """The learner's time, in ms since 1970."""
        return int(time.time() * 1000) + self.skew_ms

    def today(self) -> date:
        """The learner's day: the browser's local date, or the kernel's before the page says its clock."""
        if self.offset_minutes is None:
            return date.today()
        moment = datetime.fromtimestamp(self.now_ms() / 1000, tz=UTC)
        return (moment - timedelta(minutes=self.offset_minutes)).date()

    def answer(self, clause: str, rules: str, outcome: Outcome | str, variant: str, *, lesson: str = "",
               source: str = "puzzle", mistake: str = "", assignment: str = "", session: str = "") -> Answer:
        """An :class:`Answer` given now on the learner's day, with an id that tells it apart from
        one another page of the browser records; ``assignment`` (the assignment open on the page)
        is recorded only with an answer given to it (``source`` ``assignment``)."""
        at = self.now_ms()
        return Answer(clause, rules, Outcome(outcome), variant, self.today(), at, f"{at:x}-{secrets.token_hex(3)}",
                      lesson, source, mistake, assignment if source == "assignment" else "", session)


def _solved(data: object) -> dict[str, list[str]]:
    if not isinstance(data, Mapping) or not all(
            isinstance(k, str) and isinstance(v, list) and all(isinstance(i, str) for i in v)
            for k, v in data.items()):
        raise RecordError("solved")
    return {k: list(v) for k, v in data.items()}


def _answers(data: object) -> tuple[Answer, ...]:
    if not isinstance(data, Sequence) or isinstance(data, str):
        raise RecordError("answers-list")
    out = []
    for i, item in enumerate(data):
        try:
            out.append(Answer.from_json(item))
        except RecordError as e:
            raise RecordError("answer-n", n=i + 1, error=e.message) from None
    return tuple(out)


def _settings(data: object) -> dict[str, JsonValue]:
    if not isinstance(data, Mapping):
        raise RecordError("settings")
    out = dict(data)
    chosen = out.get("ruleset")
    if chosen is not None:
        if not isinstance(chosen, Mapping) or not isinstance(chosen.get("name"), str):
            raise RecordError("ruleset-name")
        if chosen["name"] not in RULESETS:
            raise RecordError("ruleset-unknown", name=repr(chosen["name"]), rulesets=", ".join(RULESETS))
        _at("ruleset", chosen)
    learner = out.get("learner")
    if learner is not None:
        if not isinstance(learner, Mapping) or not isinstance(learner.get("name"), str) \
                or len(learner["name"]) > NAME_MAX:
            raise RecordError("learner-name", n=NAME_MAX)
        _at("learner", learner)
    return out


def _at(key: str, chosen: Mapping[str, object]) -> None:
    at = chosen.get("at", 0)
    if not isinstance(at, int) or isinstance(at, bool):
        raise RecordError("setting-at", key=repr(key), value=repr(at))


def _assignments(data: object) -> dict[str, str]:
    if not isinstance(data, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        raise RecordError("assignments")
    return dict(data)


def read_record(text: str) -> Record:
    """A record from JSON text of any format this trainer wrote (:data:`FORMATS`), migrated to
    the newest. Raises :class:`RecordError` saying what is wrong (and where)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError("not-json", line=e.lineno, column=e.colno) from e
    if not isinstance(data, Mapping):
        raise RecordError("not-an-object", format=FORMAT)
    if "format" not in data and "solved" not in data:  # the oldest form: lessons and their solved ids
        return Record(_solved(data))
    form = data.get("format", "buraco-progress/1")
    if form not in FORMATS:
        raise RecordError("unknown-format", form=repr(form), formats=", ".join(FORMATS))
    solved = _solved(data.get("solved", {}))
    if form == "buraco-progress/1":
        return Record(solved)
    assignments = _assignments(data.get("assignments", {})) if form == FORMAT else {}
    return Record(solved, _answers(data.get("answers", [])), _settings(data.get("settings", {})), assignments)
