"""ClassMap: the class's map of the rulebook, and ClassMistakes: the named mistakes it makes most.

Every clause of RULES.md stands in the group of the lesson that teaches it (as on the learner's
map, :class:`buraco_widgets.MasteryMap`), with how many learners have mastered it, are learning
it, missed it and not relearned it since, have not met it, or play a ruleset without it (each learner
in the ruleset of their course). Clicking a clause opens its learners by level and the named
mistakes made on it, each with the puzzle, the wrong answer and the feedback the learners got,
and the link to the lesson section that teaches the clause. Everything is the engine's
(:mod:`buraco_core.teach.learners.classroom`); the page only draws it.

>>> from datetime import date
>>> from buraco_core.teach.learners import sample_class
>>> from buraco_widgets.classroom import ClassLoader
>>> loader = ClassLoader(today=date(2026, 12, 1), environ={})
>>> loader.load_files((h.file_name(), h.dumps()) for h in sample_class(date(2026, 12, 1)))
>>> m = ClassMap(loader)
>>> row = m.row("run")
>>> row["counts"], row["href"]
({'mastered': 10, 'learning': 10, 'weak': 5, 'new': 5, 'elsewhere': 0}, '01_melds.ipynb#clause-run')
>>> ClassMistakes(loader).data["rows"][0]["learners"]
5
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from buraco_core.clauses import CLAUSES
from buraco_core.messages import render
from buraco_core.teach.course import clause_groups, teaching_link
from buraco_core.teach.learners import LEVELS, MistakeRow, mistake_words
from buraco_core.teach.puzzles import Puzzle

from ._common import template
from .classroom import ClassLoader
from .front_end import front_end

__all__ = ["ClassMap", "ClassMistakes", "assignment_puzzles", "mistake_item"]

_MAP_TEXTS = ("classroom.map.title", "classroom.map.learners", "classroom.map.mistakes",
              "classroom.map.no-mistakes", "classroom.map.taught", "classroom.map.nobody",
              "classroom.map.close", "classroom.map.answer", "classroom.map.feedback", "classroom.map.rule")
_MISTAKE_TEXTS = ("classroom.mistakes.title", "classroom.mistakes.answer", "classroom.mistakes.feedback",
                  "classroom.mistakes.none", "classroom.mistakes.rule")


def mistake_item(loader: ClassLoader, row: MistakeRow) -> dict[str, Any]:
    """One named mistake as the page shows it: the puzzle's task, the wrong answer, the feedback,
    how many learners made it (and who), the clause with the link to its lesson section."""
    words = mistake_words(row, [*loader.puzzles, *assignment_puzzles(loader)], loader.lang)
    href, link = teaching_link(row.clause, loader.lang, loader.course)
    clause = CLAUSES.get(row.clause)
    return {"puzzle": row.puzzle, "mistake": row.mistake, "prompt": words.prompt, "answer": words.answer,
            "feedback": words.feedback, "learners": len(row.learners), "answers": row.answers,
            "who": render("classroom.map.who", loader.lang, n=len(row.learners), names=", ".join(row.learners)),
            "rule": clause.title_message.text(loader.lang) if clause else "", "href": href, "link": link}


def assignment_puzzles(loader: ClassLoader) -> list[Puzzle]:
    """The teachers' own puzzles of the assignments the class opened."""
    out: list[Puzzle] = []
    for assignment in loader.view.assignments().values():
        out += assignment.teacher_puzzles()
    return out


class ClassMap(anywidget.AnyWidget):
    """The class's map (``ClassMap(loader)``); :meth:`row` gives one clause's row."""

    _esm = front_end("classmap.js", "classroom.css", dom=True)

    mode = traitlets.Unicode("map").tag(sync=True)
    data = traitlets.Dict().tag(sync=True)
    texts = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)

    def __init__(self, loader: ClassLoader, **kwargs: Any) -> None:
        self.loader = loader
        kwargs.setdefault("texts", {key.removeprefix("classroom.map."): template(key, loader.lang) for key in _MAP_TEXTS})
        super().__init__(**kwargs)
        loader.observe(self._draw, "version")
        self._draw()

    def _draw(self, _change: Any = None) -> None:
        view, lang = self.loader.view, self.loader.lang
        mistakes: dict[str, list[MistakeRow]] = {}
        for m in view.mistakes():
            mistakes.setdefault(m.clause, []).append(m)
        groups = []
        for group in clause_groups(self.loader.course, lang):
            rows = []
            for clause_id in group.clauses:
                row = view.clause_row(clause_id)
                href, link = teaching_link(clause_id, lang, self.loader.course)
                counts = {level: row.count(level) for level in LEVELS}
                title = CLAUSES[clause_id].title_message.text(lang)
                rows.append({
                    "id": clause_id, "title": title, "href": href, "link": link, "counts": counts,
                    "label": render("classroom.map.chip", lang, rule=title, **counts),
                    "learners": [{"level": level, "words": render(f"classroom.level.{level}", lang),
                                  "names": list(row.learners[level])} for level in LEVELS if row.learners[level]],
                    "mistakes": [mistake_item(self.loader, m) for m in mistakes.get(clause_id, [])[:3]]})
            groups.append({"key": group.key, "title": group.title, "href": group.href, "rows": rows})
        legend = [{"level": level, "mark": render(f"classroom.mark.{level}", lang),
                   "words": render(f"classroom.level.{level}", lang)} for level in LEVELS]
        self.data = {"groups": groups, "legend": legend, "learners": len(view.learners)}

    def row(self, clause_id: str) -> dict[str, Any]:
        for group in self.data["groups"]:
            for row in group["rows"]:
                if row["id"] == clause_id:
                    return dict(row)
        raise KeyError(f"no clause {clause_id!r} on the map")


class ClassMistakes(anywidget.AnyWidget):
    """The named mistakes the class makes most (``ClassMistakes(loader)``, the first ``limit``)."""

    _esm = front_end("classmap.js", "classroom.css", dom=True)

    mode = traitlets.Unicode("mistakes").tag(sync=True)
    data = traitlets.Dict().tag(sync=True)
    texts = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)

    def __init__(self, loader: ClassLoader, limit: int = 8, **kwargs: Any) -> None:
        self.loader, self.limit = loader, limit
        kwargs.setdefault("texts", {key.removeprefix("classroom.mistakes."): template(key, loader.lang)
                                     for key in _MISTAKE_TEXTS})
        super().__init__(**kwargs)
        loader.observe(self._draw, "version")
        self._draw()

    def _draw(self, _change: Any = None) -> None:
        rows = self.loader.view.mistakes()[:self.limit]
        self.data = {"rows": [mistake_item(self.loader, m) for m in rows]}
