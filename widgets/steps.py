"""Steps: the questions of a :class:`~buraco_core.teach.QuizSession` one at a time, each a
:class:`~buraco_widgets.MeldPuzzle` built when first shown, with Previous / Next and the score so
far; the view a :class:`~buraco_widgets.PuzzleSet` and a :class:`~buraco_widgets.Quiz` share.
They say what their questions record (:meth:`Steps.question_options`, :meth:`Steps.answered`)
and which words count them (:attr:`Steps.counter`, :attr:`Steps.tally`).

>>> from buraco_core.teach import generate
>>> from buraco_core.sessions import QuizSession
>>> from buraco_widgets import Progress
>>> steps = Steps(QuizSession([generate("meld-value", "buraco", s) for s in (1, 2)]), progress=Progress(), lang="en")
>>> steps.next(); steps.header.value, steps.next_button.disabled
('<b>Question 2 of 2</b>', True)
"""

from __future__ import annotations

from typing import Any, ClassVar

import ipywidgets
import traitlets

from buraco_core.messages import render
from buraco_core.sessions import QuizSession
from buraco_core.teach import Puzzle

from ._common import PlainLayout, Retiring, esc, guard, plain_html
from .parts import Html, Part, Seen
from .progress import Progress
from .puzzle import MeldPuzzle
from .puzzle_buttons import RowButton

__all__ = ["Steps", "StepsNav"]


class StepsNav(Part):
    """Previous / Next (and a quiz's New quiz, added with :meth:`add`) and the score so far: a part
    (``static/steps_nav.js``) that the question shown draws in its own model
    (:meth:`MeldPuzzle.frame`), not a model of its own (issue 38: a lesson page of several puzzle
    sets made one more model, and one more front end started, per set). Traits: ``buttons`` (per
    button, in order: ``label``, ``tip``, ``css``, ``disabled``, ``shown``), ``score`` (HTML, escaped
    by the kernel) and ``owner`` (which questions the row moves through: the row drawn for the next
    question takes the focus the clicked one had). ``made``: the buttons as Python sees them
    (:class:`~buraco_widgets.puzzle_buttons.RowButton`)."""

    kind = "steps_nav"
    buttons = traitlets.Dict().tag(sync=True)
    score = traitlets.Unicode("").tag(sync=True)
    owner = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.made: dict[str, RowButton] = {}
        self.on_msg(self._on_page)

    def add(self, name: str, label: str, tip: str, css: str) -> RowButton:
        """A button at the end of the row."""
        self.buttons = {**self.buttons, name: {"label": label, "tip": tip, "css": css, "disabled": False,
                                               "shown": True}}
        self.made[name] = RowButton(self, name)
        return self.made[name]

    def _on_page(self, _part: Any, content: Any, _buffers: Any) -> None:
        """A click on the page: ``{"event": "click", "button": name}`` (not of a disabled button)."""
        if isinstance(content, dict) and content.get("event") == "click":
            button = self.made.get(str(content.get("button")))
            if button is not None and not button.disabled:
                button.click()


class Steps(PlainLayout, ipywidgets.VBox):  # type: ignore[misc]
    """Questions one at a time: the current question's :class:`MeldPuzzle`, with ``header`` (which
    one, ✓ once right), ``retry_note`` (where questions come back, :attr:`asks_again`: the note
    above a question asked again) and under it ``nav`` (a :class:`StepsNav`: ``previous_button``,
    ``next_button`` and ``score_label``, :meth:`summary`) shown in it (:meth:`MeldPuzzle.frame`:
    no models of their own); ``index`` the question shown. Without questions it shows only the
    header's words."""

    index = traitlets.Int(0)
    #: The catalog keys of the header ("Question 2 of 5") and of the score (:meth:`QuizSession.summary
    #: <buraco_core.teach.QuizSession.summary>`).
    counter: ClassVar[str] = "widget.question"
    #: Whether a question can come back after a miss, with ``retry_note`` above it (a quiz's).
    asks_again: ClassVar[bool] = False
    tally: ClassVar[str] = "widget.score-so-far"

    def __init__(self, session: QuizSession, *, progress: Progress | None, lang: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.session = session
        self._progress = progress
        self.header = Html().add_class("bw-quiz-header")
        self.retry_note = Html().add_class("bw-retry-note")
        self.nav = StepsNav(owner=self.model_id)
        self.score_label = Seen(self.nav, "score")  # the score line (HTML)
        with self.nav.hold_sync():
            self.previous_button = self.nav.add("previous", self._t("widget.previous"),
                                                self._t("widget.previous-tip"), "bw-previous")
            self.next_button = self.nav.add("next", self._t("widget.next"), self._t("widget.next-tip"), "bw-next")
        self.previous_button.on_click(guard(self._oops, lambda _b: self.previous()))
        self.next_button.on_click(guard(self._oops, lambda _b: self.next()))
        self._built: dict[int, MeldPuzzle] = {}
        self._retiring = Retiring()
        self._shown: MeldPuzzle | None = None
        session.listen(guard(self._oops, lambda _s: self._answered(), lang=self.lang))
        self.observe(guard(self._oops, lambda _c: self.redraw()), "index")

    def _t(self, key: str, **params: Any) -> str:
        return render(key, self.lang, **params)

    def _oops(self, message: str) -> None:
        self.score_label.value = f"<span role='status'>{esc(message)}</span>"
        shown: tuple[Any, ...] = tuple(getattr(self, "children", ()))
        if self._shown is None and shown:  # no question draws the row: the words go under the header
            self.children = [shown[0], plain_html(self.score_label.value, "bw-quiz-score")]

    @property
    def progress(self) -> Progress:
        return self._progress if self._progress is not None else Progress.shared()

    # -- the session's bookkeeping, as the widget showed it before ----------------------------
    @property
    def puzzles(self) -> list[Puzzle]:
        return self.session.puzzles

    @property
    def right(self) -> list[bool]:
        return self.session.right

    @property
    def first_try(self) -> list[bool | None]:
        return self.session.first_try

    @property
    def score(self) -> int:
        return self.session.score

    # -- the questions ------------------------------------------------------------------------
    @property
    def questions(self) -> list[MeldPuzzle]:
        """Every puzzle's widget (built now where not shown yet)."""
        return [self._question(i) for i in range(len(self.session.questions))]

    @property
    def current(self) -> MeldPuzzle:
        return self._question(self.index)

    def question_options(self, i: int) -> dict[str, Any]:
        """How question ``i``'s :class:`MeldPuzzle` records (its keywords): here, nothing."""
        return {"record": False, "follow": False}

    def answered(self) -> None:
        """What a judged answer leaves besides the score shown: here, nothing."""

    def _question(self, i: int) -> MeldPuzzle:
        if i not in self._built:
            self._built[i] = MeldPuzzle(self.session.questions[i], another=False, lang=self.lang,
                                        progress=self._progress, **self.question_options(i))
        return self._built[i]

    def restart(self) -> None:
        """The session dealt new questions: forget the old ones' widgets, start at the first. The old
        ones leave the page first and are closed at the next restart (:class:`Retiring`)."""
        old = list(self._built.values())
        self._built, self._shown = {}, None
        with self.hold_trait_notifications():
            self.index = 0
        self.redraw()
        self._retiring.retire(*old)

    def next(self) -> None:
        if self.index < len(self.session.questions) - 1:
            self.index += 1

    def previous(self) -> None:
        if self.index > 0:
            self.index -= 1

    def _answered(self) -> None:
        self.answered()
        self.redraw()

    def redraw(self) -> None:
        """Show the question at ``index``, the buttons that apply and the score."""
        n = len(self.session.questions)
        if not n:
            self.header.value = f"<b>{esc(self._t('widget.no-questions'))}</b>"
            if self._shown is not None:
                self._shown.frame()
                self._shown = None
            self.children = [plain_html(self.header.value, "bw-quiz-header")]
            return
        mark = " ✓" if self.session.right[self.index] else ""
        current = self.current
        if self._shown is not current and self._shown is not None:
            self._shown.frame()
        with current.hold_sync():  # the question, its frame and the row under it: one message
            if self._shown is not current:
                current.frame(self.header, self.retry_note if self.asks_again else None, self.nav)
            self.header.value = f"<b>{esc(self._t(self.counter, n=self.index + 1, of=n))}</b>{mark}"
            self.previous_button.disabled = self.index == 0
            self.next_button.disabled = self.index == n - 1
            self.score_label.value = f"<span role='status' aria-live='polite'>{esc(self.summary())}</span>"
        if self._shown is not current:
            self._shown = current
            self.children = [current]

    def summary(self) -> str:
        """The score so far, in the page's words (:meth:`QuizSession.summary
        <buraco_core.teach.QuizSession.summary>`)."""
        return " ".join(m.text(self.lang) for m in self.session.summary(self.tally))
