"""HandIn: "Hand in my progress" for the learner, and their progress brought from another browser.

The learner types a name or a nickname (kept with the record in the browser) and presses the
button: the page then offers the hand-in (:mod:`buraco_core.teach.learners.handin`) as a file to download,
``buraco-progress-<name>-<date>.json``, and as a code to copy (the same content, compressed,
with a check). On a JupyterHub whose teacher set a class folder (``BURACO_CLASS_DIR``), the
hand-in is also written there, under the hub's user name, and only then: nothing is written
or sent before the learner presses the button. A folder that is missing or not writable is
said in a sentence; the record stays in the browser.

Import: a file handed in (or exported) before, or its code, is merged into the progress of this
browser (nothing kept here is lost), for a learner moving from one Binder host to another.

>>> from buraco_widgets import HandIn, Progress
>>> progress = Progress()
>>> w = HandIn(progress=progress, environ={})
>>> w.hand_in("")
False
>>> w.message
'Type your name or a nickname first: your teacher sees it with your progress.'
>>> w.hand_in("Ana"), w.file_name.startswith("buraco-progress-ana-"), w.code.startswith("buraco1.")
(True, True, True)
>>> progress.learner
'Ana'
>>> HandIn(progress=Progress(), environ={}).import_text(w.code)
'Imported: 0 new solved items and 0 new answers.'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import anywidget
import traitlets

from buraco_core.messages import render
from buraco_core.teach.learners import HandInError, class_folder, hand_in, hub_user, write_to_class

from ._common import as_rules, template
from .front_end import front_end
from .language import resolve
from .progress import Progress

__all__ = ["HandIn"]

#: The widget's own words (``handin.<key>`` in the catalog).
_TEXTS = ("handin.title", "handin.intro", "handin.name-label", "handin.button", "handin.button-tip",
          "handin.download", "handin.code-label", "handin.copy", "handin.copied", "handin.copy-failed",
          "handin.import-title", "handin.import-intro", "handin.import-file", "handin.import-code",
          "handin.import-button", "handin.file-unreadable")


class HandIn(anywidget.AnyWidget):
    """The learner's hand-in and import (``HandIn()`` on the landing and the review page).

    :meth:`hand_in` is what the button does, :meth:`import_text` what Import does; ``file_name``,
    ``file_text`` and ``code`` are the last hand-in, ``message`` what the page says, ``status``
    how (``done``, ``refused``, ``info``). ``environ``: where the class folder and the hub's user
    are read (the kernel's environment by default).
    """

    _esm = front_end("handin.js", "handin.css", dom=True)

    texts = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    name = traitlets.Unicode("").tag(sync=True)
    """The name the learner hands in under (from the record once the browser has sent it)."""
    file_name = traitlets.Unicode("").tag(sync=True)
    file_text = traitlets.Unicode("").tag(sync=True)
    code = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("info").tag(sync=True)
    hub = traitlets.Unicode("").tag(sync=True)
    """Said above the button on a hub with a class folder ("" elsewhere)."""

    def __init__(self, *, progress: Progress | None = None, lang: str | None = None,
                 environ: Mapping[str, str] | None = None, **kwargs: Any) -> None:
        self.lang = lang = resolve(lang)
        self.progress = progress if progress is not None else Progress.shared()
        self.folder, self.user = class_folder(environ), hub_user(environ)
        kwargs.setdefault("texts", {key.removeprefix("handin."): template(key, lang) for key in _TEXTS})
        super().__init__(**kwargs)
        if self.folder and self.user:
            self.hub = render("handin.intro-hub", lang, user=self.user)
        self.progress.observe(self._follow_name, ["settings", "loaded"])
        self._follow_name(None)
        self.on_msg(self._on_page)

    def _follow_name(self, _change: Any) -> None:
        if self.progress.learner and not self.name:
            self.name = self.progress.learner

    def _say(self, message: str, status: str) -> None:
        with self.hold_sync():
            self.message = message
            self.status = status

    def hand_in(self, name: str) -> bool:
        """What the button does: the hand-in as a file and a code (and into the class folder on
        a hub that has one); False, with the sentence why, when it cannot be made."""
        progress = self.progress
        try:
            handin = hand_in(progress.record_value(), name, lang=self.lang, ruleset=progress.ruleset,
                             at=progress.clock.now_ms(), day=progress.clock.today(), user=self.user)
        except HandInError as error:
            self._say(error.explain(self.lang), "refused")
            return False
        progress.set_learner(handin.name)  # kept with the record, so the hand-in carries it too
        handin = dataclasses.replace(handin, record=progress.record_value())
        done = render("handin.done", self.lang, answers=len(handin.record.answers),
                      lessons=sum(1 for items in handin.record.solved.values() if "quiz" in items),
                      rules=as_rules(progress.ruleset))
        message, status = done, "done"
        if self.folder and self.user:
            try:
                written = write_to_class(self.folder, handin)
            except HandInError as error:
                message, status = render("handin.folder-failed", self.lang, why=error.message), "refused"
            else:
                message = render("handin.done-folder", self.lang, file=written.name, done=done)
        with self.hold_sync():  # one update: the page never shows the new code beside the old sentence
            self.name = handin.name
            self.file_name = handin.file_name()
            self.file_text = handin.dumps()
            self.code = handin.code()
            self.message = message
            self.status = status
        return True

    def import_text(self, text: str) -> str:
        """What Import does: merge a handed-in file's text, an exported record or a code into
        this browser's progress; the sentence saying what happened."""
        words = self.progress.import_words(text)
        self._say(words, "info")
        return words

    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("type") == "hand-in":
            self.hand_in(str(content.get("name", "")))
        elif content.get("type") == "import":
            self.import_text(str(content.get("text", "")))
        elif content.get("type") == "unreadable":
            self._say(render("handin.file-unreadable", self.lang), "refused")
