"""ClassExport: the class as a CSV (one row per learner and clause) and a printable one-page report.

Both are the engine's (:meth:`buraco_core.teach.learners.classroom.ClassView.csv`,
:func:`buraco_core.teach.learners.class_report.report_document`), made again whenever the class changes;
the page offers them as downloads, and Print prints the report alone (its own page with the print
stylesheet, in a hidden frame, as the cheat sheet prints).

>>> from datetime import date
>>> from buraco_core.teach.learners import sample_class
>>> from buraco_widgets.classroom import ClassLoader
>>> loader = ClassLoader(today=date(2026, 12, 1), environ={})
>>> loader.load_files((h.file_name(), h.dumps()) for h in sample_class(date(2026, 12, 1)))
>>> export = ClassExport(loader)
>>> len(export.csv.splitlines()), export.csv_name
(1471, 'buraco-class-2026-12-01.csv')
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from buraco_core.teach.learners import report_document, report_html, report_stylesheet

from ._common import STATIC, template
from .class_map import assignment_puzzles
from .classroom import ClassLoader
from .front_end import front_end

__all__ = ["ClassExport"]

_TEXTS = ("classroom.export.title", "classroom.export.csv", "classroom.export.print",
          "classroom.export.print-tip", "classroom.export.download", "classroom.export.preview",
          "classroom.export.nothing")


class ClassExport(anywidget.AnyWidget):
    """The CSV and the report of the loaded class (``ClassExport(loader)``)."""

    _esm = front_end("classexport.js", dom=True)
    _css = (STATIC / "classroom.css").read_text(encoding="utf-8") + report_stylesheet()

    csv = traitlets.Unicode("").tag(sync=True)
    csv_name = traitlets.Unicode("").tag(sync=True)
    report = traitlets.Unicode("").tag(sync=True)
    """The report as an HTML fragment (the engine's, escaped), shown on the page."""
    document = traitlets.Unicode("").tag(sync=True)
    """The report as a page of its own: what Print prints and the link downloads."""
    report_name = traitlets.Unicode("").tag(sync=True)
    texts = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)

    def __init__(self, loader: ClassLoader, **kwargs: Any) -> None:
        self.loader = loader
        kwargs.setdefault("texts", {key.removeprefix("classroom.export."): template(key, loader.lang) for key in _TEXTS})
        super().__init__(**kwargs)
        loader.observe(self._draw, "version")
        self._draw()

    def _draw(self, _change: Any = None) -> None:
        view, lang = self.loader.view, self.loader.lang
        puzzles = [*self.loader.puzzles, *assignment_puzzles(self.loader)] if view.mistakes() else []
        day = view.today.isoformat()
        with self.hold_sync():
            self.csv = view.csv(lang, self.loader.course) if view.learners else ""
            self.csv_name = f"buraco-class-{day}.csv"
            self.report = report_html(view, lang, self.loader.course, puzzles) if view.learners else ""
            self.document = report_document(view, lang, self.loader.course, puzzles) if view.learners else ""
            self.report_name = f"buraco-class-report-{day}.html"
