"""Progress: what the learner solved and every answer they gave, kept in the browser.

The page keeps the learner's record (:mod:`buraco_core.teach.learners.record`: solved puzzles, answers,
settings) in the browser's localStorage, so a reload or a new kernel keeps it. The kernel runs a
lesson before the learner arrives (Voilà may preheat kernels), so nothing about the learner is
read when a cell runs: when the widget appears, the page sends what the browser remembers and
its clock (:meth:`Progress.restore`), and every change is written back. Observers of ``loaded``
(the mastery map, the review) start then. What another page of the same browser records (a lesson
open in another tab) arrives the same way, merged in, so the map and the review know it without a
reload.

Puzzles record into one shared instance: a solved id per lesson (:meth:`record`) and each answer
on its clause (:meth:`answer`, on the learner's clock: :class:`~buraco_core.teach.learners.record.LearnerClock`),
from which :meth:`states` computes mastery and due dates (:mod:`buraco_core.teach.learners.mastery`). The
course's ruleset is a setting (:meth:`choose_ruleset`) that every lesson follows (:meth:`follow`).

>>> from buraco_widgets import Progress
>>> progress = Progress(lesson="03")
>>> progress.record("03", "make-buraco")
True
>>> progress.record("03", "make-buraco")
False
>>> progress.solved
{'03': ['make-buraco']}
>>> _ = progress.answer("buraco-clean", "buraco", "first", variant="worked-clean", lesson="03")
>>> progress.states()["buraco-clean"].level
'learning'
>>> Progress().import_json(progress.export_json())
2
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import anywidget
import traitlets

from buraco_core import Rules
from buraco_core.messages import render, show
from buraco_core.teach.learners import (
    DEFAULT_RULESET,
    Answer,
    ClauseState,
    LearnerClock,
    Record,
    clause_states,
    read_progress,
    read_record,
    solved_lines,
)
from buraco_core.teach.puzzles import Outcome

from ._common import PlainLayout, as_rules, reason, template
from .course_settings import follow
from .front_end import front_end
from .language import resolve

__all__ = ["DEFAULT_RULESET", "Progress", "follow_course"]

#: The widget's own words the page shows (``widget.progress.<key>`` in the catalog).
_TEXTS = ("title", "count", "solved", "open", "nothing", "export", "import", "clear", "clear-again", "download",
          "paste", "save")


class Progress(PlainLayout, anywidget.AnyWidget):
    """Solved puzzles and quizzes per lesson (``solved``: lesson -> list of ids), every answer
    (``answers``) and the learner's settings (``settings``).

    ``Progress.for_lesson("03")`` gives the shared instance that the lesson's puzzles record
    into, showing lesson 03. Export gives JSON (a text box and a download link); import
    merges such JSON in (nothing is forgotten by an import).
    """

    _esm = front_end("progress.js", "progress.css", dom=True)

    solved = traitlets.Dict(value_trait=traitlets.List(traitlets.Unicode())).tag(sync=True)
    lesson = traitlets.Unicode("").tag(sync=True)
    """The lesson shown first and in full, its items listed; the others are folded under their
    counts, to open one by one ("" folds them all)."""
    expected = traitlets.Dict(value_trait=traitlets.List(traitlets.Unicode())).tag(sync=True)
    """The puzzles and quizzes each lesson has (registered by them), for "2 of 4 solved"."""
    labels = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    """The words of each item's chip (item id -> words), registered by the puzzles."""
    texts = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    """The widget's own words, from the message catalog (``{lesson}``, ``{done}``, ``{total}``,
    ``{item}`` are filled in by the page)."""
    message = traitlets.Unicode("").tag(sync=True)
    """The last export/import outcome, shown on the page."""
    export_text = traitlets.Unicode("").tag(sync=True)
    storage_key = traitlets.Unicode("buraco-trainer/progress").tag(sync=True)
    settings = traitlets.Dict().tag(sync=True)
    """The learner's settings: ``{"ruleset": {"name": "italian", "at": <ms>}}``."""
    answers: traitlets.List[Answer] = traitlets.List()
    """Every answer (:class:`~buraco_core.teach.learners.mastery.Answer`), oldest first (kept in the
    browser; the page sends each new one there)."""
    assignments = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    """The assignments the learner opened: id -> text (:mod:`buraco_core.teach.learners.assignment`)."""
    assignment = traitlets.Unicode("")
    """The id of the assignment open on this page: an answer given to it (``source``
    ``assignment``) is recorded with it."""
    loaded = traitlets.Bool(False)
    """The browser has sent what it remembers (False while a kernel runs the page alone)."""

    _shared: ClassVar[Progress | None] = None

    def __init__(self, lang: str | None = None, **kwargs: Any) -> None:
        self.lang = lang = resolve(lang)
        # the page fills in {lesson}, {done}, {total} and {item}: it gets the catalog's sentences as they are
        kwargs.setdefault("texts", {key: template(f"widget.progress.{key}", lang) for key in _TEXTS})
        super().__init__(**kwargs)
        self.clock = LearnerClock()
        """The learner's clock, ``now_ms()`` and ``today()``: the browser's once the page has said it
        (:meth:`restore`), the kernel's before."""
        self.on_msg(self._on_front_end_msg)

    # -- the shared instance ----------------------------------------------------------------
    @classmethod
    def shared(cls) -> Progress:
        """The one instance that the lesson's puzzles and quizzes record into."""
        if cls._shared is None:
            cls._shared = cls()
        return cls._shared

    @classmethod
    def for_lesson(cls, lesson: str) -> Progress:
        """The shared instance, showing ``lesson`` first: ``Progress.for_lesson("03")``."""
        progress = cls.shared()
        progress.lesson = str(lesson)
        return progress

    # -- recording ----------------------------------------------------------------------------
    def record(self, lesson: str, item: str) -> bool:
        """Mark ``item`` of ``lesson`` solved; True if it was not solved before."""
        mine = self.record_value()
        solved = mine.solve(str(lesson), str(item))
        self._show(solved)
        return solved is not mine

    def answer(self, clause: str, rules: Rules | str, outcome: Outcome | str, *, variant: str, lesson: str = "",
               source: str = "puzzle", mistake: str | None = None, session: str = "") -> Answer:
        """Record one answer on ``clause`` (right at the first try, helped, wrong) and send it to the
        browser's storage: :meth:`LearnerClock.answer <buraco_core.teach.learners.record.LearnerClock.answer>`
        (``mistake``, ``session``: :class:`~buraco_core.teach.learners.mastery.Answer`)."""
        entry = self.clock.answer(clause, as_rules(rules).name, outcome, variant, lesson=str(lesson), source=source,
                                  mistake=mistake or "", assignment=self.assignment, session=session)
        self.answers = [*self.answers, entry]
        self.send({"type": "answers", "answers": [entry.to_json()]})
        return entry

    def expect(self, lesson: str, item: str, label: str = "") -> None:
        """Register a puzzle or quiz of ``lesson`` (so the page can say "1 of 4 solved"), with
        the words of its chip (``label``; the id where none is given)."""
        self.expect_all(lesson, [(item, label)])

    def expect_all(self, lesson: str, items: Iterable[tuple[str, str]]) -> None:
        """Register several puzzles of ``lesson`` (each an item and its chip's words, as :meth:`expect`),
        sent to the page in one message: a lesson's page is built of many, and each message is
        serialised by its kernel and read by its server before the page is shown."""
        lesson = str(lesson)
        known, labels = list(self.expected.get(lesson, [])), dict(self.labels)
        for item, label in items:
            item = str(item)
            if item not in known:
                known.append(item)
            if label:
                labels[item] = label
        with self.hold_sync():
            if known != self.expected.get(lesson, []):
                self.expected = {**self.expected, lesson: known}
            if labels != self.labels:
                self.labels = labels

    def is_solved(self, lesson: str, item: str) -> bool:
        return str(item) in self.solved.get(str(lesson), [])

    def solved_in(self, lesson: str) -> list[str]:
        """The items of ``lesson`` the learner has solved."""
        return list(self.solved.get(str(lesson), []))

    def states(self, rules: Rules | str | None = None) -> dict[str, ClauseState]:
        """Where each clause of ``rules`` (default: the course's ruleset) stands for the learner."""
        return clause_states(self.answers, rules if rules is not None else self.ruleset)

    def summary(self, lesson: str | None = None) -> str:
        """One line a learner reads: ``'Lesson 03: 2 of 4 solved'``."""
        lines = solved_lines(self.solved, self.expected, lesson)  # joined as the catalog joins a list
        return show(lines, self.lang) if lines else render("widget.progress.nothing", self.lang)

    # -- the course's ruleset -------------------------------------------------------------------
    @property
    def ruleset(self) -> str:
        """The course's ruleset: the learner's choice, else :data:`DEFAULT_RULESET`."""
        return self.record_value().course_ruleset

    @property
    def chosen_ruleset(self) -> str:
        """The ruleset the learner chose for the course ("" until they choose one)."""
        return self.record_value().ruleset

    def choose_ruleset(self, rules: Rules | str) -> None:
        """Make ``rules`` the course's ruleset (kept in the browser; every lesson follows it)."""
        self._choose("ruleset", as_rules(rules).name)

    def _choose(self, key: str, name: str) -> None:
        self._show(self.record_value().choose(key, name, self.clock.now_ms()))

    def follow(self, *widgets: traitlets.HasTraits, trait: str = "rules") -> None:
        """Make each widget's ``rules`` (or ``trait``) follow the course's ruleset once the learner
        has chosen one (:func:`~buraco_widgets.course_settings.follow`)."""
        follow(self, *widgets, trait=trait)

    # -- the learner's name, assignments --------------------------------------------------------------
    @property
    def learner(self) -> str:
        """The name or nickname the learner hands in under ("" before they gave one)."""
        return self.record_value().learner

    def set_learner(self, name: str) -> None:
        """Keep the learner's name with the record (in the browser)."""
        self._choose("learner", name)

    def open_assignment(self, assignment_id: str, text: str) -> None:
        """The assignment ``assignment_id`` (its ``text``) is open on this page: kept with the
        record, and the answers given to it carry its id."""
        if self.assignments.get(assignment_id) != text:
            self.assignments = {**self.assignments, assignment_id: text}
        self.assignment = assignment_id

    # -- the record: export, import, the browser's storage ----------------------------------------
    def record_value(self) -> Record:
        """Everything as one :class:`~buraco_core.teach.learners.record.Record`."""
        return Record({k: list(v) for k, v in self.solved.items()}, tuple(self.answers), dict(self.settings),
                      dict(self.assignments))

    def export_json(self) -> str:
        """The progress as JSON text, to save or to move to another browser."""
        return self.record_value().dumps()

    def import_json(self, text: str) -> int:
        """Merge progress exported by :meth:`export_json` (or by an older trainer), a handed-in
        file or its code; return how many solved items and answers were new.

        Raises :class:`ValueError` saying what is wrong, and changes nothing, on bad input.
        """
        solved, answers = self._merge(read_progress(text))
        return solved + answers

    def _merge(self, other: Record, *, from_browser: bool = False) -> tuple[int, int]:
        """Merge a record in; (new solved items, new answers). New answers go to the browser
        (unless they came from it)."""
        mine = self.record_value()
        merged = mine.merge(other)
        new_solved, new_answers = mine.gains(merged)
        self._show(merged)
        if new_answers and not from_browser:
            self.send({"type": "answers", "answers": [a.to_json() for a in new_answers]})
        return new_solved, len(new_answers)

    def _show(self, record: Record) -> None:
        """Hold ``record``: the traits that differ change (the page is sent those it syncs)."""
        with self.hold_trait_notifications():
            self.solved = {k: list(v) for k, v in record.solved.items()}
            self.settings = dict(record.settings)
            self.assignments = dict(record.assignments)
            self.answers = list(record.answers)

    def restore(self, text: str, now_ms: float | None = None, offset_minutes: float | None = None) -> None:
        """What the page sends when it appears: the stored record (JSON text, any format) and
        the browser's clock (ms since 1970, and its time zone's offset in minutes, as
        ``Date.getTimezoneOffset`` gives it). Then ``loaded`` is True."""
        self.clock.set(now_ms, offset_minutes)
        if text:
            try:
                self._merge(read_record(text), from_browser=True)
            except ValueError as exc:
                self.message = render("widget.progress.unreadable", self.lang, error=reason(exc, self.lang))
        self.loaded = True

    def export(self) -> str:
        """What the Export button does: fill the text box with the JSON and say so."""
        self.export_text = self.export_json()
        self.message = render("widget.progress.exported", self.lang)
        return self.export_text

    def import_text(self, text: str) -> None:
        """What the Import button does: merge the JSON and say what happened (never raises)."""
        self.message = self.import_words(text)

    def import_words(self, text: str) -> str:
        """Merge a record, a handed-in file or a code in, and say what happened (never raises)."""
        try:
            solved, answers = self._merge(read_progress(text))
        except ValueError as exc:
            return render("widget.progress.not-imported", self.lang, error=reason(exc, self.lang))
        return render("widget.progress.imported", self.lang, n=solved, m=answers)

    def reset(self) -> None:
        """Forget everything, here and in the browser's storage."""
        self._show(Record())
        self.send({"type": "forget"})
        self.message = render("widget.progress.cleared", self.lang)

    def _on_front_end_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "export":
            self.export()
        elif kind == "import":
            self.import_text(str(content.get("text", "")))
        elif kind == "reset":
            self.reset()
        elif kind == "restore":
            now, offset = content.get("now"), content.get("offset")
            self.restore(str(content.get("text") or ""), now if isinstance(now, int | float) else None,
                         offset if isinstance(offset, int | float) else None)


def follow_course(widget: Any, *more: Any, progress: Progress | None = None) -> Any:
    """Make widgets follow the course's ruleset (:meth:`Progress.follow`); returns the first,
    so that a lesson's cell shows it: ``follow_course(GameTable(seed=8, lesson="08"))``."""
    (progress if progress is not None else Progress.shared()).follow(widget, *more)
    return widget

