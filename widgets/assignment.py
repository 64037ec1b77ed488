"""AssignmentMaker and AssignmentResults: an assignment by link, and its results per question.

The teacher picks rules (clauses) or a lesson's quiz, a ruleset, how many questions and a seed,
and may add a puzzle file of their own (YAML; its problems are shown as ``file:line: message``);
the engine makes the assignment's text (:mod:`buraco_core.teach.learners.assignment`) and the page the
link to the review page, which deals the same questions to every learner who opens it. The link
is made in Python (:func:`buraco_core.teach.learners.links.assignment_link`) from the page's address, as the
browser reports it, and the kernel's environment: a hub's user-redirect link on a JupyterHub, a
Binder launch link on Binder, the site's own address on the static site; ``link_note`` says which
form and why, ``link_warning`` where a learner cannot open it (a page at localhost). The results show,
for each assignment the loaded class opened, each question (its prompt, and the cards or options it
shows, which tell two questions of one prompt apart) with who answered it right at the first try,
after help, wrong (and the named mistakes made), who opened the assignment but has not answered it,
and who of the loaded class never opened the link.

>>> from datetime import date
>>> from buraco_core.teach.learners import ASSIGNMENT, sample_class
>>> from buraco_widgets.classroom import ClassLoader
>>> maker = AssignmentMaker(environ={"JUPYTERHUB_SERVICE_PREFIX": "/user/mrs-smith/"})
>>> maker._on_page(maker, {"type": "page", "url": "https://hub.school.org/user/mrs-smith/voila/render/lessons/teacher.ipynb"}, [])
>>> maker.make({"rules": "buraco", "clauses": ["run", "set"], "n": 3, "seed": 5, "name": "Runs and sets"})
True
>>> maker.link
'https://hub.school.org/hub/user-redirect/voila/render/lessons/10_review.ipynb?set=name%3ARuns%2520and%2520sets%2Frules%3Aburaco%2Fclauses%3Arun%2Cset%2Fn%3A3%2Fseed%3A5'
>>> parse_assignment(maker.text).id == parse_assignment(ASSIGNMENT).id
True
>>> loader = ClassLoader(today=date(2026, 12, 1), environ={})
>>> loader.load_files((h.file_name(), h.dumps()) for h in sample_class(date(2026, 12, 1)))
>>> first = AssignmentResults(loader).data["sets"][0]["questions"][0]
>>> first["first"], first["helped"], first["wrong"], first["open"], first["unopened"]
(10, 10, 5, 0, 5)
>>> first["names"]["wrong"], first["names"]["unopened"], first["cards"]
(['Uli', 'Vera', 'Wim', 'Xenia', 'Yusuf'], ['Arne', 'Bea', 'Cem', 'Dora', 'Zoe'], '4♥ Q♥ 5♠ 9♣ 8♠ 7♥ 2♠ 3♥ 5♥')
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Any

import anywidget
import traitlets

from buraco_core.clauses import CLAUSES
from buraco_core.messages import Message, render, show
from buraco_core.rules import RULESETS
from buraco_core.teach.course import Course, clause_groups, get_course
from buraco_core.teach.learners import (
    REVIEW_PAGE,
    Assignment,
    AssignmentError,
    answer_words,
    assignment_link,
    assignment_results,
    parse_assignment,
    question_words,
)
from buraco_core.teach.puzzles import dealers
from buraco_core.variants import get_rules

from ._common import template
from .classroom import ClassLoader
from .front_end import front_end
from .language import resolve

__all__ = ["REVIEW_PAGE", "AssignmentMaker", "AssignmentResults"]

_MAKER_TEXTS = ("assign.maker.title", "assign.maker.name", "assign.maker.rules", "assign.maker.lesson",
                "assign.maker.lesson-none", "assign.maker.clauses", "assign.maker.n", "assign.maker.seed",
                "assign.maker.file", "assign.maker.make", "assign.maker.make-tip", "assign.maker.link",
                "assign.maker.text", "assign.maker.copy", "assign.maker.copied",
                "assign.maker.copy-failed")
_RESULT_TEXTS = ("assign.results.title", "assign.results.none", "assign.results.question",
                 "assign.results.first", "assign.results.helped", "assign.results.wrong",
                 "assign.results.open", "assign.results.unopened", "assign.results.mistakes",
                 "assign.results.choose", "assign.results.who")


def _whole(value: object, default: int) -> int:
    """A number from the form (``default`` where it is left empty); -1 for anything else (the
    engine refuses it, saying why)."""
    if value is None or str(value).strip() == "":
        return default
    try:
        return int(str(value))
    except ValueError:
        return -1


class AssignmentMaker(anywidget.AnyWidget):
    """Make an assignment's link (``AssignmentMaker()`` on the teacher's page): :meth:`make`
    takes what the page's form sends; ``text`` is the assignment, ``message`` what was made or
    why not."""

    _esm = front_end("assignment.js", "classroom.css", dom=True)

    mode = traitlets.Unicode("maker").tag(sync=True)
    texts = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    rulesets = traitlets.List(traitlets.Dict()).tag(sync=True)
    lessons = traitlets.List(traitlets.Dict()).tag(sync=True)
    groups = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The clauses to pick from, by lesson: ``{"title", "clauses": [{"id", "title", "rulesets"}]}``,
    ``rulesets`` those under which a question can be dealt for the clause."""
    review = traitlets.Unicode(REVIEW_PAGE).tag(sync=True)
    text = traitlets.Unicode("").tag(sync=True)
    page = traitlets.Unicode("")
    """The page's address, as the browser reports it ("" until it has)."""
    link = traitlets.Unicode("").tag(sync=True)
    link_note = traitlets.Unicode("").tag(sync=True)
    """Which form of link was made, and why (a catalog sentence)."""
    link_warning = traitlets.Unicode("").tag(sync=True)
    """Why a learner cannot open the link, and what to do ("" where they can)."""
    message = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("info").tag(sync=True)

    def __init__(self, *, lang: str | None = None, course: Course | str | os.PathLike[str] | None = None,
                 environ: Mapping[str, str] | None = None, **kwargs: Any) -> None:
        self.lang = lang = resolve(lang)
        self.course = get_course(course)
        self.environ = os.environ if environ is None else environ
        kwargs.setdefault("texts", {key.removeprefix("assign.maker."): template(key, lang) for key in _MAKER_TEXTS})
        super().__init__(**kwargs)
        self.rulesets = [{"value": name, "label": show(rules, lang)} for name, rules in RULESETS.items()]
        syllabus = self.course.syllabus
        titles = {name[:2]: re.sub(r"^\d\d\s*·\s*", "", title) for name, title in self.course.titles(lang).items()}
        self.lessons = [{"value": n, "label": render("assign.maker.lesson-option", lang, lesson=n, title=titles[n])}
                        for n, q in sorted(syllabus.lessons.items()) if not q.mixed and n in titles]
        self.groups = [{"title": g.title, "clauses": [
            {"id": c, "title": CLAUSES[c].title_message.text(lang),
             "rulesets": [r for r in RULESETS if dealers(c, r)]} for c in g.clauses]}
            for g in clause_groups(self.course, lang)]
        self.on_msg(self._on_page)

    def make(self, form: dict[str, Any]) -> bool:
        """An assignment from the form: ``rules``, ``clauses`` (ids) or ``lesson``, ``n``,
        ``seed``, ``name``, and ``file`` (``{"name", "text"}`` of the teacher's puzzle file)."""
        given = form.get("file")
        chosen: dict[str, Any] = given if isinstance(given, dict) else {}
        draft = Assignment(rules=str(form.get("rules") or "buraco"), n=_whole(form.get("n"), 5),
                           seed=_whole(form.get("seed"), 1), clauses=tuple(str(c) for c in form.get("clauses") or ()),
                           lesson=str(form.get("lesson") or ""), name=str(form.get("name") or "").strip(),
                           file=str(chosen.get("name") or ""), yaml=str(chosen.get("text") or ""))
        syllabus = self.course.syllabus
        try:
            made = parse_assignment(draft.text(), syllabus)
            count = len(made.questions(syllabus))
        except AssignmentError as error:
            with self.hold_sync():
                self.text, self.message, self.status = "", error.explain(self.lang), "refused"
                self._make_link()
            return False
        with self.hold_sync():
            self.text = made.text()
            self.message = render("assign.maker.made", self.lang, n=count, rules=get_rules(made.rules))
            self.status = "done"
            self._make_link()
        return True

    def _make_link(self) -> None:
        """The link for ``text`` from the page's address and the environment (nothing before both)."""
        made = None
        if self.text and self.page:
            try:
                made = assignment_link(self.text, self.page, self.environ, review=self.review)
            except ValueError:
                made = None
        with self.hold_sync():
            self.link = made.url if made else ""
            self.link_note = made.note.text(self.lang) if made else ""
            self.link_warning = made.warning.text(self.lang) if made and made.warning else ""

    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("type") == "make":
            self.make(content)
        elif content.get("type") == "page":
            self.page = str(content.get("url") or "")
            self._make_link()


class AssignmentResults(anywidget.AnyWidget):
    """The results per question of every assignment the loaded class opened
    (``AssignmentResults(loader)``)."""

    _esm = front_end("assignment.js", "classroom.css", dom=True)

    mode = traitlets.Unicode("results").tag(sync=True)
    texts = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    data = traitlets.Dict().tag(sync=True)

    def __init__(self, loader: ClassLoader, *, course: Course | str | os.PathLike[str] | None = None,
                 **kwargs: Any) -> None:
        self.loader, self.course = loader, get_course(course)
        kwargs.setdefault("texts", {key.removeprefix("assign.results."): template(key, loader.lang)
                                     for key in _RESULT_TEXTS})
        super().__init__(**kwargs)
        loader.observe(self._draw, "version")
        self._draw()

    def _draw(self, _change: Any = None) -> None:
        lang = self.loader.lang
        sets = []
        for key, assignment in self.loader.view.assignments().items():
            questions = []
            for result in assignment_results(self.loader.view, assignment, self.course.syllabus):
                puzzle = result.puzzle
                prompt = puzzle.prompt.text(lang) if isinstance(puzzle.prompt, Message) else str(puzzle.prompt or "")
                clause = CLAUSES.get(puzzle.main_clause or "")
                groups = {"first": result.first, "helped": result.helped, "wrong": result.wrong, "open": result.open,
                          "unopened": result.unopened}
                questions.append({
                    "number": result.number, "prompt": prompt, "puzzle": puzzle.id,
                    "cards": question_words(puzzle, lang),
                    "rule": clause.title_message.text(lang) if clause else "",
                    **{group: len(names) for group, names in groups.items()},
                    "names": {group: list(names) for group, names in groups.items()},
                    "mistakes": [render("assign.results.mistake", lang, answer=answer_words(puzzle, m, lang), n=n)
                                 for m, n in sorted(result.mistakes.items(), key=lambda kv: -kv[1])]})
            title = render("assign.results.set", lang, name=assignment.name or key, n=len(questions),
                           rules=get_rules(assignment.rules))
            sets.append({"id": key, "title": title, "text": assignment.text(), "questions": questions})
        self.data = {"sets": sets}
