"""ClassLearners: the class's learners in a table the teacher sorts, and who is behind.

One row per learner: the name (and the hub's user name), the ruleset and language of their
course, the lessons done (their quizzes solved), the rules mastered, being learned and missed at
the last answer, the reviews due on the teacher's day, the last activity, and whether they are
behind (no answer yet, or :data:`buraco_core.teach.learners.classroom.BEHIND_BY` lessons fewer done than
the class's median), which a sentence under the table explains (``behind_note``). The page sorts by
any column; the figures are the engine's.

>>> from datetime import date
>>> from buraco_core.teach.learners import sample_class
>>> from buraco_widgets.classroom import ClassLoader
>>> loader = ClassLoader(today=date(2026, 12, 1), environ={})
>>> loader.load_files((h.file_name(), h.dumps()) for h in sample_class(date(2026, 12, 1)))
>>> table = ClassLearners(loader)
>>> first = table.data["rows"][0]
>>> first["name"], first["lessons"], first["behind"]
('Ada', 4, False)
>>> table.data["summary"]
'30 learners; median lessons done: 2. 10 learners are behind.'
>>> table.data["behind_note"].startswith("Behind: no answer handed in yet, or 2 lessons or more fewer done")
True
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import anywidget
import traitlets

from buraco_core.messages import render, show
from buraco_core.teach.learners import BEHIND_BY, Learner
from buraco_core.variants import get_rules

from ._common import template
from .classroom import ClassLoader
from .front_end import front_end

__all__ = ["ClassLearners"]

#: The table's columns, in order (``classroom.learners.<column>`` in the catalog).
COLUMNS = ("name", "ruleset", "lessons", "mastered", "learning", "weak", "due", "last", "behind")
_TEXTS = ("classroom.learners.title", "classroom.learners.sort", "classroom.learners.behind-yes",
          "classroom.learners.behind-no", "classroom.learners.none", "classroom.learners.name", "classroom.learners.ruleset",
          "classroom.learners.lessons", "classroom.learners.mastered", "classroom.learners.learning",
          "classroom.learners.weak", "classroom.learners.due", "classroom.learners.last", "classroom.learners.behind")


def _last(learner: Learner, lang: str, offset_minutes: int) -> tuple[str, int]:
    """The last activity in the teacher's time zone, and a number to sort by."""
    last = learner.last
    if last is None:
        return render("classroom.learners.never", lang), 0
    day, at = last
    if at:
        moment = datetime.fromtimestamp(at / 1000, tz=UTC) - timedelta(minutes=offset_minutes)
        return moment.strftime("%Y-%m-%d %H:%M"), at
    return day.isoformat(), int(datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp() * 1000)


class ClassLearners(anywidget.AnyWidget):
    """The learners' table (``ClassLearners(loader)``)."""

    _esm = front_end("classlearners.js", "classroom.css", dom=True)

    data = traitlets.Dict().tag(sync=True)
    texts = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)

    def __init__(self, loader: ClassLoader, **kwargs: Any) -> None:
        self.loader = loader
        kwargs.setdefault("texts", {key.removeprefix("classroom.learners."): template(key, loader.lang)
                                     for key in _TEXTS})
        super().__init__(**kwargs)
        loader.observe(self._draw, "version")
        self._draw()

    def _draw(self, _change: Any = None) -> None:
        view, lang = self.loader.view, self.loader.lang
        rows = []
        for learner in view.learners:
            last, at = _last(learner, lang, self.loader.offset_minutes)
            rows.append({
                "name": learner.name, "user": learner.handin.user, "ruleset": show(get_rules(learner.ruleset), lang),
                "lang": learner.handin.lang, "lessons": len(learner.lessons_done),
                "lessons_list": " ".join(learner.lessons_done), "mastered": learner.count("mastered"),
                "learning": learner.count("learning"), "weak": learner.count("weak"), "due": learner.due,
                "last": last, "last_at": at, "behind": view.behind(learner)})
        behind = sum(1 for r in rows if r["behind"])
        summary = render("classroom.learners.summary", lang, n=len(rows), median=_number(view.median_lessons),
                         behind=behind) if rows else ""
        note = render("classroom.learners.behind-note", lang, by=BEHIND_BY)
        self.data = {"rows": rows, "columns": list(COLUMNS), "summary": summary, "behind_note": note}


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.1f}"
