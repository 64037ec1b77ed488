"""The printable one-page class report: the class's map, its learners, the mistakes it makes most.

Made from a :class:`~buraco_core.teach.learners.classroom.ClassView` as one HTML page with its print
stylesheet (``class_report.css`` beside this module: A4, small type, the map in three columns), so
the teacher's page prints it as it is (Chromium prints a class of thirty on one A4 page: tested).
Every text in it is escaped; every figure is the view's.

>>> from datetime import date
>>> from buraco_core.teach.learners.classroom import read_class
>>> from buraco_core.teach.learners.sample_class import sample_class
>>> day = date(2026, 12, 1)
>>> view = read_class(((h.file_name(), h.dumps()) for h in sample_class(day)), day)
>>> page = report_document(view)
>>> "<title>Class report: 30 learners</title>" in page, page.count("<tr class='bw-report-learner")
(True, 30)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from html import escape
from importlib import resources

from ...clauses import CLAUSES
from ...memo import remembered
from ...messages import format_date, format_number, render, show
from ...variants import get_rules
from ..course import Course
from ..course.coverage import clause_groups
from ..puzzles.puzzle import Puzzle
from .classroom import BEHIND_BY, LEVELS, ClassView, mistake_words

__all__ = ["report_document", "report_html", "report_stylesheet"]

#: The named mistakes the report lists.
MISTAKES_SHOWN = 5


def _t(key: str, lang: str, **params: object) -> str:
    return escape(render(key, lang, **params))


def report_html(view: ClassView, lang: str = "en", course: Course | str | os.PathLike[str] | None = None,
                puzzles: Sequence[Puzzle] = ()) -> str:
    """The report as an HTML fragment (``<article class="bw-report">``)."""
    marks = {level: escape(render(f"classroom.mark.{level}", lang)) for level in LEVELS}
    legend = " · ".join(f"{marks[level]} {_t(f'classroom.level.{level}', lang)}" for level in LEVELS[:4])
    groups = []
    for group in clause_groups(course, lang):
        rows = []
        for clause_id in group.clauses:
            row = view.clause_row(clause_id)
            numbers = "".join(f"<td class='bw-lvl-{level}'>{row.count(level)}</td>" for level in LEVELS[:4])
            rows.append(f"<tr data-clause='{clause_id}'><th scope='row'>"
                        f"{escape(CLAUSES[clause_id].title_message.text(lang))}</th>{numbers}</tr>")
        groups.append(f"<tbody><tr class='bw-report-group'><th colspan='5'>{escape(group.title)}</th></tr>"
                      f"{''.join(rows)}</tbody>")
    head = "".join(f"<th scope='col'>{marks[level]}</th>" for level in LEVELS[:4])
    class_map = (f"<section class='bw-report-map'><h3>{_t('classroom.report.map', lang)}</h3>"
                 f"<p class='bw-report-note'>{legend}</p><table><thead><tr><th></th>{head}</tr></thead>"
                 f"{''.join(groups)}</table></section>")

    columns = ("name", "ruleset", "lessons", "mastered", "learning", "weak", "due", "behind")
    learners = []
    for learner in view.learners:
        behind = view.behind(learner)
        cells = [escape(learner.name), escape(show(get_rules(learner.ruleset), lang)), str(len(learner.lessons_done)),
                 str(learner.count("mastered")), str(learner.count("learning")), str(learner.count("weak")),
                 str(learner.due), _t("classroom.report.behind-mark", lang) if behind else ""]
        learners.append(f"<tr class='bw-report-learner{' bw-behind' if behind else ''}'>"
                        + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    titles = "".join(f"<th scope='col'>{_t('classroom.learners.' + c, lang)}</th>" for c in columns)
    table = (f"<section class='bw-report-learners'><h3>{_t('classroom.report.learners', lang)}</h3>"
             f"<table><thead><tr>{titles}</tr></thead><tbody>{''.join(learners)}</tbody></table></section>")

    items = []
    for made in view.mistakes()[:MISTAKES_SHOWN]:
        words = mistake_words(made, puzzles, lang)
        who = _t("classroom.map.who", lang, n=len(made.learners), names=", ".join(made.learners))
        items.append(f"<li><b>{escape(words.prompt or made.puzzle)}</b> {_t('classroom.mistakes.answer', lang)} "
                     f"{escape(words.answer)}. {escape(words.feedback)} <i>{who}</i></li>")
    mistakes = (f"<section class='bw-report-mistakes'><h3>{_t('classroom.report.mistakes', lang)}</h3>"
                + (f"<ol>{''.join(items)}</ol>" if items else f"<p>{_t('classroom.mistakes.none', lang)}</p>")
                + "</section>")

    days = sorted(x.handin.day for x in view.learners)
    summary = _t("classroom.report.made", lang, n=len(view.learners), first=format_date(days[0], lang) if days else "",
              last=format_date(days[-1], lang) if days else "", today=format_date(view.today, lang),
              median=format_number(int(m) if (m := view.median_lessons).is_integer() else m, lang), behind=sum(1 for x in view.learners if view.behind(x)),
              by=BEHIND_BY)
    return (f"<article class='bw-report' lang='{lang}'><header><h2>{_t('classroom.report.title', lang, n=len(view.learners))}"
            f"</h2><p>{summary}</p></header><div class='bw-report-body'>{class_map}"
            f"<div class='bw-report-side'>{table}{mistakes}</div></div></article>")


def report_document(view: ClassView, lang: str = "en", course: Course | str | os.PathLike[str] | None = None,
                    puzzles: Sequence[Puzzle] = ()) -> str:
    """The report as a whole HTML page with its print stylesheet (one A4 page)."""
    return (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{_t('classroom.report.title', lang, n=len(view.learners))}</title><style>{report_stylesheet()}</style>"
            f"</head><body class='bw-report-page'><main>{report_html(view, lang, course, puzzles)}</main></body></html>")


@remembered("class_report.stylesheet", 1)
def report_stylesheet() -> str:
    """The report's stylesheet: on screen, and for print (one A4 page)."""
    return resources.files(__package__).joinpath("class_report.css").read_text(encoding="utf-8")
