"""Progress: which puzzles and quizzes of which lesson are solved, kept in the browser.

The page keeps ``solved`` in the browser's localStorage, so a reload or a new kernel keeps
it: when the widget appears, what the browser remembers is merged in, and every change is
written back. Puzzles record into one shared instance:

>>> from buraco_widgets import Progress
>>> progress = Progress(lesson="03")
>>> progress.record("03", "make-buraco")
True
>>> progress.record("03", "make-buraco")
False
>>> progress.solved
{'03': ['make-buraco']}
>>> Progress().import_json(progress.export_json())
1
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import anywidget
import traitlets

from buraco_core.messages import catalog, render

from ._common import STATIC

__all__ = ["Progress"]

FORMAT = "buraco-progress/1"

#: The widget's own words the page shows (``widget.progress.<key>`` in the catalog).
_TEXTS = ("title", "count", "solved", "open", "nothing", "export", "import", "clear", "clear-again", "download",
          "paste", "save")


class Progress(anywidget.AnyWidget):
    """Solved puzzles and quizzes per lesson (``solved``: lesson -> list of ids).

    ``Progress.for_lesson("03")`` gives the shared instance that the lesson's puzzles record
    into, showing lesson 03. Export gives JSON (a text box and a download link); import
    merges such JSON in (nothing is forgotten by an import).
    """

    _esm = STATIC / "progress.js"
    _css = STATIC / "progress.css"

    solved = traitlets.Dict(value_trait=traitlets.List(traitlets.Unicode())).tag(sync=True)
    lesson = traitlets.Unicode("").tag(sync=True)
    """The lesson shown first ("" shows all)."""
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

    _shared: ClassVar[Progress | None] = None

    def __init__(self, lang: str = "en", **kwargs: Any) -> None:
        self.lang = lang
        # the page fills in {lesson}, {done}, {total} and {item}: it gets the catalog's sentences as they are
        kwargs.setdefault("texts", {key: catalog(lang)[f"widget.progress.{key}"] for key in _TEXTS})
        super().__init__(**kwargs)
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
        lesson, item = str(lesson), str(item)
        done = list(self.solved.get(lesson, []))
        if item in done:
            return False
        self.solved = {**self.solved, lesson: [*done, item]}
        return True

    def expect(self, lesson: str, item: str, label: str = "") -> None:
        """Register a puzzle or quiz of ``lesson`` (so the page can say "1 of 4 solved"), with
        the words of its chip (``label``; the id where none is given)."""
        lesson, item = str(lesson), str(item)
        known = list(self.expected.get(lesson, []))
        if item not in known:
            self.expected = {**self.expected, lesson: [*known, item]}
        if label and self.labels.get(item) != label:
            self.labels = {**self.labels, item: label}

    def is_solved(self, lesson: str, item: str) -> bool:
        return str(item) in self.solved.get(str(lesson), [])

    def solved_in(self, lesson: str) -> list[str]:
        return list(self.solved.get(str(lesson), []))

    def summary(self, lesson: str | None = None) -> str:
        """One line a learner reads: ``'Lesson 03: 2 of 4 solved'``."""
        lessons = [str(lesson)] if lesson else sorted(set(self.solved) | set(self.expected))
        if not lessons:
            return render("widget.progress.nothing", self.lang)
        parts = []
        for name in lessons:
            done = len(self.solved.get(name, []))
            total = len(set(self.expected.get(name, [])) | set(self.solved.get(name, [])))
            parts.append(render("widget.progress.count-line", self.lang, lesson=name, done=done, total=total)
                         if total else render("widget.progress.none-yet", self.lang, lesson=name))
        return render("list.separator", self.lang).join(parts)

    # -- export and import --------------------------------------------------------------------
    def export_json(self) -> str:
        """The progress as JSON text, to save or to move to another browser."""
        return json.dumps({"format": FORMAT, "solved": self.solved}, indent=1, sort_keys=True)

    def import_json(self, text: str) -> int:
        """Merge progress exported by :meth:`export_json`; return how many items were new.

        Raises :class:`ValueError` saying what is wrong, and changes nothing, on bad input.
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"this is not progress JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from exc
        if isinstance(data, dict) and "solved" in data:
            if data.get("format", FORMAT) != FORMAT:
                raise ValueError(f"unknown progress format {data.get('format')!r}: expected {FORMAT!r}")
            data = data["solved"]
        if not isinstance(data, dict) or not all(
            isinstance(k, str) and isinstance(v, list) and all(isinstance(i, str) for i in v)
            for k, v in data.items()
        ):
            raise ValueError('progress JSON must map each lesson to a list of solved ids, e.g. {"03": ["make-buraco"]}')
        merged = {k: list(v) for k, v in self.solved.items()}
        added = 0
        for lesson, items in data.items():
            have = merged.setdefault(lesson, [])
            for item in items:
                if item not in have:
                    have.append(item)
                    added += 1
        self.solved = merged
        return added

    def export(self) -> str:
        """What the Export button does: fill the text box with the JSON and say so."""
        self.export_text = self.export_json()
        self.message = render("widget.progress.exported", self.lang)
        return self.export_text

    def import_text(self, text: str) -> None:
        """What the Import button does: merge the JSON and say what happened (never raises)."""
        try:
            added = self.import_json(text)
        except ValueError as exc:
            self.message = render("widget.progress.not-imported", self.lang, error=str(exc))
            return
        self.message = render("widget.progress.imported", self.lang, n=added)

    def reset(self) -> None:
        """Forget everything, here and in the browser's storage."""
        self.solved = {}
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
