"""ClassLoader: the teacher's page loads a class: hand-in files, pasted codes, a hub's class folder.

The teacher chooses many files at once and/or pastes codes (one per line, or broken over lines
by a chat), or, on a hub with a class folder (``BURACO_CLASS_DIR``), reads it. Everything loaded
is read by the engine (:func:`buraco_core.teach.learners.classroom.read_class`): whatever is not a
learner's hand-in is listed with a sentence, the rest loads, and loading more adds to the class
(the same learner again: the later hand-in stays). The other widgets of the teacher's page
(:mod:`buraco_widgets.class_map`, ...) observe ``version`` and draw :attr:`ClassLoader.view`.

The page keeps the loaded class in the browser's storage for the site (``localStorage``, under
:data:`KEPT_KEY`): ``kept`` is what to keep (the loaded files' and codes' text, as JSON; "" when
nothing is loaded, and the page forgets it), and a page opened again (a reload, Back after a lesson
link) sends it back (:meth:`ClassLoader.restore`). "Start again" forgets it.

>>> from datetime import date
>>> from buraco_core.teach.learners import sample_class
>>> loader = ClassLoader(today=date(2026, 12, 1), environ={})
>>> files = [(h.file_name(), h.dumps()) for h in sample_class(date(2026, 12, 1))[:3]]
>>> loader.load_files([*files, ("notes.txt", "hello")])
>>> loader.summary, len(loader.problems)
('3 learners in the class.', 1)
>>> again = ClassLoader(today=date(2026, 12, 1), environ={})
>>> again.restore(loader.kept)
True
>>> again.summary, again.note
('3 learners in the class.', 'The class kept in this browser is loaded again.')
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime, timedelta
from typing import Any

import anywidget
import traitlets

from buraco_core.messages import Message, render
from buraco_core.teach.course import Course, get_course
from buraco_core.teach.learners import (
    ClassView,
    Problem,
    class_folder,
    course_puzzles,
    pasted_codes,
    read_class,
    read_folder,
)
from buraco_core.teach.puzzles import Puzzle

from ._common import template
from .front_end import front_end
from .language import resolve

__all__ = ["KEPT_KEY", "ClassLoader"]

#: Where the page keeps the loaded class: the browser's ``localStorage`` key (one class per site).
KEPT_KEY = "buraco-teacher-class"
_KEPT_FORMAT = 1

#: Marks the entries read from the class folder (read again, they replace the last reading).
_FOLDER_MARK = "\0folder:"
_TEXTS = ("classroom.load.title", "classroom.load.files-label", "classroom.load.codes-label",
          "classroom.load.load", "classroom.load.load-tip", "classroom.load.folder", "classroom.load.clear",
          "classroom.load.clear-tip", "classroom.load.problems", "classroom.load.file-unreadable",
          "classroom.load.keep-failed")


class ClassLoader(anywidget.AnyWidget):
    """Load a class (``ClassLoader()`` on the teacher's page). ``view`` is the class as loaded
    (a :class:`~buraco_core.teach.learners.classroom.ClassView`), ``version`` counts its changes."""

    _esm = front_end("classload.js", "classroom.css", dom=True)

    texts = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    summary = traitlets.Unicode("").tag(sync=True)
    problems = traitlets.List(traitlets.Unicode()).tag(sync=True)
    warnings = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """What loaded but needs the teacher's eye (two learners who typed one name)."""
    folder = traitlets.Unicode("").tag(sync=True)
    """The class folder's button words ("" where no folder is set)."""
    version = traitlets.Int(0).tag(sync=True)
    kept = traitlets.Unicode("").tag(sync=True)
    """What the page keeps in the browser (JSON of the loaded files' and codes' text; "": forget it)."""
    kept_key = traitlets.Unicode(KEPT_KEY).tag(sync=True)
    note = traitlets.Unicode("").tag(sync=True)
    """Where the class is kept and how to forget it, or that a kept class was loaded again."""

    def __init__(self, *, lang: str | None = None, today: date | None = None,
                 course: Course | str | os.PathLike[str] | None = None,
                 environ: Mapping[str, str] | None = None, **kwargs: Any) -> None:
        self.lang = lang = resolve(lang)
        self.class_dir = class_folder(environ)
        self.course = get_course(course)
        kwargs.setdefault("texts", {key.removeprefix("classroom.load."): template(key, lang) for key in _TEXTS})
        super().__init__(**kwargs)
        if self.class_dir:
            self.folder = render("classroom.load.folder", lang, folder=self.class_dir)
        self.today = today or date.today()
        self.offset_minutes = 0
        """The teacher's time zone, as the browser says it (``Date.getTimezoneOffset``)."""
        self._entries: list[tuple[str, str]] = []
        self._unreadable: list[Problem] = []
        self._folder_problems: list[Problem] = []
        self._codes = 0
        self._puzzles: list[Puzzle] | None = None
        self.view = ClassView([], [], self.today)
        self._update()
        self.on_msg(self._on_page)

    @property
    def puzzles(self) -> list[Puzzle]:
        """The course's puzzles, to show a named mistake's puzzle: read the first time one is shown
        (reading every puzzle file takes seconds, a page with no mistake to show needs none)."""
        if self._puzzles is None:
            self._puzzles = course_puzzles(self.course)
        return self._puzzles

    # -- loading ---------------------------------------------------------------------------------------
    def load_files(self, files: Iterable[tuple[str, str]]) -> None:
        """Add (file name, text) pairs to the class."""
        self._entries += list(files)
        self._update()

    def load_codes(self, text: str) -> None:
        """Add every code of a pasted text to the class."""
        found = pasted_codes(text, self.lang, first=self._codes + 1)
        self._codes += len(found)
        self._entries += found
        self._update()

    def read_class_folder(self) -> None:
        """Add the class folder's hand-ins (on a hub whose teacher set one)."""
        if not self.class_dir:
            return
        entries, problems = read_folder(self.class_dir)
        self._entries = [e for e in self._entries if not e[0].startswith(_FOLDER_MARK)]
        self._entries += [(_FOLDER_MARK + name, text) for name, text in entries]
        self._folder_problems = problems
        self._update()

    def clear(self) -> None:
        """Start again with no learner (the page forgets the class it kept)."""
        self._entries, self._unreadable, self._folder_problems, self._codes = [], [], [], 0
        self._update()

    def restore(self, kept: object) -> bool:
        """Load the class the page kept (``kept``: the JSON text of :attr:`kept`), unless a class is
        loaded already; False (and nothing changes) for anything else."""
        if self._entries or not isinstance(kept, str) or not kept:
            return False
        try:
            data = json.loads(kept)
        except ValueError:
            return False
        if not isinstance(data, dict) or data.get("format") != _KEPT_FORMAT:
            return False
        entries = data.get("entries")
        codes = data.get("codes")
        if not isinstance(entries, list) or not isinstance(codes, int) or not all(
                isinstance(e, list) and len(e) == 2 and all(isinstance(x, str) for x in e) for e in entries):
            return False
        self._entries, self._codes = [(name, text) for name, text in entries], codes
        self._update(restored=True)
        return True

    def _update(self, restored: bool = False) -> None:
        entries = [(name.removeprefix(_FOLDER_MARK), text) for name, text in self._entries]
        view = read_class(entries, self.today)
        self.view = ClassView(view.learners, [*self._folder_problems, *self._unreadable, *view.problems], self.today,
                              view.warnings)
        n = len(self.view.learners)
        with self.hold_sync():
            self.summary = render("classroom.load.loaded", self.lang, n=n) if n else \
                render("classroom.load.nothing", self.lang)
            self.problems = [p.text(self.lang) for p in self.view.problems]
            self.warnings = [p.text(self.lang) for p in self.view.warnings]
            self.kept = json.dumps({"format": _KEPT_FORMAT, "codes": self._codes,
                                    "entries": [list(e) for e in self._entries]}) if self._entries else ""
            self.note = render("classroom.load.restored" if restored else "classroom.load.kept", self.lang) \
                if self._entries else ""
            self.version += 1

    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "clock":
            now, offset = content.get("now"), content.get("offset")
            if isinstance(now, int | float) and isinstance(offset, int | float):
                self.offset_minutes = int(offset)
                moment = datetime.fromtimestamp(now / 1000, tz=UTC) - timedelta(minutes=offset)
                if moment.date() != self.today:
                    self.today = moment.date()
                    self._update()
        elif kind == "load":
            files = content.get("files") or []
            chosen = [(str(f.get("name", "")), str(f.get("text", ""))) for f in files if isinstance(f, dict)]
            unreadable = [str(n) for n in content.get("unreadable") or []]
            self._unreadable += [Problem(n, Message("classroom.load.file-unreadable")) for n in unreadable]
            self._entries += chosen
            codes = str(content.get("codes") or "")
            if codes.strip():
                self.load_codes(codes)
            else:
                self._update()
        elif kind == "folder":
            self.read_class_folder()
        elif kind == "clear":
            self.clear()
        elif kind == "restore":
            self.restore(content.get("kept"))

