"""GlossaryLookup: look a word up in the glossary as you type; GlossaryList: every word of it.

The words and their meanings are the engine's glossary (:mod:`buraco_core.teach.course.glossary`,
defined once in the message catalog); which terms match what the learner typed is
:meth:`~buraco_core.teach.course.glossary.Glossary.find` (the page sends the text, Python answers), so
``morto``, ``Tote`` or ``on the fly`` find the term players mean by them.

>>> from buraco_widgets import GlossaryLookup
>>> lookup = GlossaryLookup()               # the installed course's glossary links
>>> lookup.query = "morto"
>>> lookup.results, lookup.message
(['pot'], '1 word matches.')
>>> every = GlossaryList(lang="de")
>>> every.entries[0]["anchor"] == lookup.entries[0]["anchor"], every.texts["taught"]
(True, 'Erklärt in')
"""

from __future__ import annotations

import os
from typing import Any

import anywidget
import traitlets

from buraco_core.messages import render
from buraco_core.teach.course import Course, course_glossary, get_course

from ._common import PlainLayout, template
from .front_end import front_end
from .language import resolve

__all__ = ["GlossaryList", "GlossaryLookup"]


class GlossaryLookup(PlainLayout, anywidget.AnyWidget):
    """A search box over the glossary: ``query`` (what the learner typed), ``results`` (the ids
    of the matching terms, best first), ``entries`` (every term's words, for the page)."""

    _esm = front_end("glossary.js", "glossary.css", dom=True)

    query = traitlets.Unicode("").tag(sync=True)
    results = traitlets.List(traitlets.Unicode()).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    entries = traitlets.List(traitlets.Dict()).tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)

    def __init__(self, *, lang: str | None = None, course: Course | str | os.PathLike[str] | None = None,
                 **kwargs: Any) -> None:
        self.lang = lang = resolve(lang)
        self.glossary = course_glossary(lang, get_course(course))
        kwargs.setdefault("texts", {key.removeprefix("glossary."): template(key, lang)
                                    for key in ("glossary.lookup", "glossary.lookup-tip", "glossary.taught")}
                          | {"placeholder": template("widget.lookup.placeholder", lang)})
        super().__init__(entries=self.glossary.entries(), **kwargs)
        self.observe(self._find, "query")
        self._find()

    def _find(self, _change: Any = None) -> None:
        text = self.query.strip()
        found = [t.id for t in self.glossary.find(text)] if text else []
        with self.hold_sync():
            self.results = found
            if not text:
                self.message = ""
            elif found:
                self.message = render("glossary.found", self.lang, n=len(found))
            else:
                self.message = render("glossary.none-found", self.lang, text=text)


class GlossaryList(PlainLayout, anywidget.AnyWidget):
    """The glossary page's list of every word: each term (its anchor, which the lessons link to)
    beside its text, its other names and the lesson that teaches it; the page lays it out
    (``static/glossary.css``: two columns, on a phone the term above its text). ``entries`` are
    :meth:`~buraco_core.teach.course.glossary.Glossary.entries`."""

    _esm = front_end("glossary_list.js", "glossary.css", dom=True)

    entries = traitlets.List(traitlets.Dict()).tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)

    def __init__(self, *, lang: str | None = None, course: Course | str | os.PathLike[str] | None = None,
                 **kwargs: Any) -> None:
        self.lang = lang = resolve(lang)
        self.glossary = course_glossary(lang, get_course(course))
        kwargs.setdefault("texts", {"taught": template("glossary.taught", lang)})
        super().__init__(entries=self.glossary.entries(), **kwargs)
