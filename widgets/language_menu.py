"""LanguageMenu: the course in another language, and the learner's choice remembered.

Every lesson exists in every language of the catalog, with the same file name: the English in
``lessons/``, the German in ``lessons/de/`` (built from one source, ``scripts/lessons.py``). The
menu links the page to its twin in each other language; following one remembers the choice in
the browser (localStorage, :data:`STORAGE_KEY`). The landing page follows that choice: a learner who
arrives from outside the course (a bookmark, the app's first page) and chose another language
before is taken to that language's landing page by the page template, before any widget starts
(``share/jupyter/voila/templates/lab/index.html.j2``; ``scripts/lessons.py`` gives it the key and
the folders); a move within the course never redirects.

>>> from buraco_widgets import LanguageMenu
>>> menu = LanguageMenu("de")
>>> menu.label, [(c["lang"], c["name"], c["href"]) for c in menu.choices]
('Sprache', [('en', 'English', '../')])
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from buraco_core.messages import LANGUAGES, render
from buraco_core.teach.course import lesson_folder

from ._common import PlainLayout
from .front_end import front_end

__all__ = ["STORAGE_KEY", "LanguageMenu", "lesson_folder"]

#: Where the browser keeps the learner's language.
STORAGE_KEY = "buraco.language"


class LanguageMenu(PlainLayout, anywidget.AnyWidget):
    """Links to this page in the other languages (each named in its own language) and the page's
    language (``lang``)."""

    _esm = front_end("language_menu.js", "language_menu.css", dom=True)

    lang = traitlets.Unicode("en").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    choices = traitlets.List(traitlets.Dict()).tag(sync=True)
    storage_key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)

    def __init__(self, lang: str, **kwargs: Any) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"no language {lang!r}: the course has {', '.join(LANGUAGES)}")
        up = "../" if lesson_folder(lang) else ""
        choices = [{"lang": other, "name": render(f"language.{other}", other),
                    "href": up + lesson_folder(other)} for other in LANGUAGES if other != lang]
        super().__init__(lang=lang, label=render("language.label", lang), choices=choices, **kwargs)
