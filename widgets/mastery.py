"""MasteryMap: the rulebook as a map, each clause marked by how well the learner knows it.

Every clause of docs/RULES.md (:data:`buraco_core.CLAUSES`) is a chip in the group of the lesson that
teaches it, linking that lesson's section (``03_buracos.ipynb#clause-buraco-clean``), marked by
its level in the course's ruleset (:meth:`buraco_core.teach.learners.mastery.ClauseState.level`): a
colour *and* a mark and words (not started ○, learning ◐, missed ✗, mastered ✓; – for a rule
the ruleset does not play by), and whether its review is due. The states come from the
learner's answers (:meth:`Progress.states`), computed when the browser has sent them; the map
only shows them.

>>> from buraco_widgets import MasteryMap, Progress
>>> progress = Progress()
>>> m = MasteryMap(progress=progress)          # the installed course's sections
>>> for i in range(3):
...     _ = progress.answer("run", "buraco", "first", variant=f"run-{i}")
>>> chip = m.chip("run")
>>> chip["level"], chip["href"], chip["mark"]
('mastered', '01_melds.ipynb#clause-run', '✓')
>>> m.chip("single-take")["level"]        # Classic Buraco has no single take
'elsewhere'
"""

from __future__ import annotations

import os
from datetime import date
from typing import Any

import anywidget
import traitlets

from buraco_core.clauses import CLAUSES
from buraco_core.messages import render
from buraco_core.teach.course import Course, clause_groups, get_course
from buraco_core.teach.learners import ClauseState, next_due, review_plan

from ._common import PlainLayout, as_rules, template
from .front_end import front_end
from .language import resolve
from .progress import Progress

__all__ = ["REVIEW_PAGE", "MasteryMap", "when_words"]

#: The review lesson the map links to.
REVIEW_PAGE = "10_review.ipynb"
_LEVELS = ("new", "learning", "weak", "mastered", "elsewhere")
#: The map's own words the page shows.
_TEXTS = ("mastery.title", "mastery.legend", "mastery.how", "mastery.go-review")


def when_words(day: date, today: date, lang: str = "en") -> str:
    """``today``, ``tomorrow`` or ``in 3 days`` (a day in the past is today: it is due)."""
    days = (day - today).days
    if days <= 0:
        return render("mastery.when.today", lang)
    if days == 1:
        return render("mastery.when.tomorrow", lang)
    return render("mastery.when.later", lang, n=days)


class MasteryMap(PlainLayout, anywidget.AnyWidget):
    """The map of the rulebook for the course's ruleset (``MasteryMap()`` on the landing page).

    ``data`` is what the page draws: the summary, the legend, and the groups of chips (one per
    lesson, in order). :meth:`chip` gives one clause's chip.
    """

    _esm = front_end("mastery.js", "mastery.css", dom=True)

    data = traitlets.Dict().tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)

    def __init__(self, *, progress: Progress | None = None, lang: str | None = None,
                 course: Course | str | os.PathLike[str] | None = None, review: str = REVIEW_PAGE,
                 **kwargs: Any) -> None:
        self.lang = lang = resolve(lang)
        self.progress = progress if progress is not None else Progress.shared()
        self.course = get_course(course)
        self._review = review
        kwargs.setdefault("texts", {key.removeprefix("mastery."): template(key, lang) for key in _TEXTS})
        super().__init__(**kwargs)
        self.progress.observe(self._refresh, ["answers", "settings", "loaded"])
        self.refresh()

    def _t(self, key: str, **params: Any) -> str:
        return render(key, self.lang, **params)

    def _refresh(self, _change: Any = None) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Draw the map again from the learner's answers, for the course's ruleset, as of the
        learner's day."""
        rules = as_rules(self.progress.ruleset)
        today = self.progress.clock.today()
        states = self.progress.states(rules)
        taught = self.course.taught(self.lang)
        groups = [{"key": g.key, "title": g.title, "href": g.href,
                   "chips": [self._chip(c, states.get(c), taught[c].link if c in taught else "", rules, today)
                             for c in g.clauses]} for g in clause_groups(self.course, self.lang)]
        counts = {level: 0 for level in _LEVELS}
        for state in states.values():
            counts[state.level] += 1
        due = review_plan(states, today, n=len(states))
        upcoming = next_due(states, today)
        if any(s.answers for s in states.values()):
            summary = self._t("mastery.summary", rules=rules, n=len(states), **counts)
        else:
            summary = self._t("mastery.nothing-yet", rules=rules)
        if due:
            review = self._t("mastery.due-today", n=len(due))
        elif upcoming is not None:
            review = self._t("mastery.due-next", when=when_words(upcoming[0], today, self.lang))
        else:
            review = ""
        legend = [{"level": level, "mark": self._t(f"mastery.mark.{level}"),
                   "words": self._t(f"mastery.level.{level}", rules=rules)} for level in _LEVELS]
        self.data = {"rules": rules.name, "summary": summary, "review": review, "review_href": self._review,
                     "due": len(due), "legend": legend, "groups": groups, "loaded": self.progress.loaded}

    def _chip(self, clause_id: str, state: ClauseState | None, href: str, rules: Any, today: date) -> dict[str, Any]:
        clause = CLAUSES[clause_id]
        title = clause.title_message.text(self.lang)
        level = state.level if state is not None else "elsewhere"
        words = self._t(f"mastery.level.{level}", rules=rules)
        due = ""
        if state is not None and state.due is not None:
            due = self._t("mastery.when.due") if state.is_due(today) else \
                self._t("mastery.when.due-on", when=when_words(state.due, today, self.lang))
        label = self._t("mastery.chip-due", rule=title, state=words, due=due) if due else \
            self._t("mastery.chip", rule=title, state=words)
        return {"id": clause_id, "title": title, "text": clause.text_message.text(self.lang), "href": href,
                "level": level, "mark": self._t(f"mastery.mark.{level}"), "state": words, "due": due,
                "is_due": bool(state is not None and state.is_due(today)), "label": label}

    def chip(self, clause_id: str) -> dict[str, Any]:
        """The chip of one clause, as the page draws it."""
        for group in self.data.get("groups", []):
            for chip in group["chips"]:
                if chip["id"] == clause_id:
                    return dict(chip)
        raise KeyError(f"no clause {clause_id!r} on the map")

