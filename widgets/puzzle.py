"""MeldPuzzle: a situation, a task, a Check button and the engine's verdict: a view of a
:class:`~buraco_core.teach.PuzzleSession` (tries, hints, "another one", the course's ruleset).

The widget draws the session's :class:`~buraco_core.teach.Situation` (:mod:`buraco_widgets.scene`),
takes the answer from the input of the kind's form of answer (:data:`buraco_widgets.answers.INPUTS`)
and shows the :class:`~buraco_core.teach.Feedback` the session gives back, as widget values
(``puzzle.feedback.value``): the verdict, the rule with a link to the lesson section that teaches
it, what would be right. Each check is in ``attempts`` (and the ``verdict`` trait) and is an
answer on the puzzle's clause in :class:`Progress` (its outcome the session's); a puzzle solved
after its answer was shown is not counted as solved.

>>> from buraco_widgets import MeldPuzzle, Progress
>>> w = MeldPuzzle.generate("make-buraco", rules="buraco", seed=3, lesson="03", buraco="clean",
...                         progress=Progress())
>>> w.check()                                  # nothing selected yet
False
>>> w.feedback.value
'Select some cards from your hand first.'
>>> from buraco_core.teach import solve
>>> w.hand.select_cards(solve(w.puzzle))
>>> w.check(), w.solved, w.progress.solved, w.verdict["rule"]
(True, True, {'03': ['practice-make-buraco']}, 'buraco-clean')
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import anywidget
import traitlets

from buraco_core import Rules
from buraco_core.sessions import PuzzleSession, SessionError
from buraco_core.teach import Kind, Puzzle, load_puzzle

from ._common import PlainLayout, guard, reason, rules_key
from .answers import AnswerInput, input_for
from .choice import ChoicePart
from .feedback import FeedbackPart
from .front_end import front_end
from .hand import HandPart
from .language import resolve
from .meld_views import TablePart
from .parts import Html, Number, Part, PartHost
from .progress import Progress
from .puzzle_buttons import PuzzleButtonsPart
from .scene import Scene, header
from .verdict import show_hints, show_verdict

__all__ = ["MeldPuzzle"]


#: The front ends of a puzzle's parts, by kind (:mod:`buraco_widgets.parts`).
VIEWS = {"hand": "hand.js", "table": "table.js", "choice": "choice.js", "buttons": "puzzle_buttons.js",
         "feedback": "feedback.js", "steps_nav": "steps_nav.js"}

#: A puzzle's slots, in the order drawn: what a view of several puzzles shows above it
#: (:meth:`MeldPuzzle.frame`), the task, the scene, the answer's controls (in one ``.bw-answer``),
#: the buttons, the verdict and the view's Previous / Next under it.
FRAME = ("heading", "retry")
SCENE = ("scene", "scene_note", "scene_table", "scene_hand")
ANSWER = ("note", "table", "hand", "end", "choice", "number")
SLOTS = (*FRAME, "header", *SCENE, *ANSWER, "buttons", "feedback", "nav")


class MeldPuzzle(PartHost, PlainLayout, anywidget.AnyWidget):
    """One puzzle of any kind, shown with the input of its kind's form of answer (cards from the
    hand, a meld and cards, a choice, a number): one model, its parts drawn by ``static/parts.js``.

    ``MeldPuzzle.generate("make-buraco", rules="buraco", seed=3, lesson="03")`` deals one;
    ``MeldPuzzle(puzzle)`` shows a :class:`~buraco_core.teach.Puzzle` (or a
    :class:`~buraco_core.teach.PuzzleSession` a quiz holds);
    ``MeldPuzzle.load("puzzles/03_buracos.yaml", "worked-clean", lesson="03")`` one from a file.

    Traits: ``rules`` (a ruleset name; changing it re-deals the puzzle in that ruleset), ``seed``,
    ``lesson``, ``item`` (the id recorded in :class:`Progress`), ``correct`` (the last verdict,
    None before a check), ``solved`` (this puzzle, solved without its answer shown),
    ``hints`` (hints shown so far), ``revealed`` (the answer was shown), ``verdict`` (the last
    check: clause, ruleset, right, hints, revealed, tries). Parts: ``header`` (the task, its
    ``value`` HTML), ``input`` (the answer's controls), ``hand``, ``table``, ``choice``, ``number``
    (None where the puzzle shows none), ``buttons`` and ``feedback`` (its ``value`` is the message).
    """

    _esm = front_end("parts.js", "puzzle.css", "hand.css", "table.css", "choice.css", "feedback.css",
                     "puzzle_buttons.css", "steps_nav.css", dom=True, views=VIEWS)

    # the slots (:class:`~buraco_widgets.parts.PartHost`): each part's state, as the page draws it
    _heading = traitlets.Dict().tag(sync=True)
    _retry = traitlets.Dict().tag(sync=True)
    _header = traitlets.Dict().tag(sync=True)
    _scene = traitlets.Dict().tag(sync=True)
    _scene_note = traitlets.Dict().tag(sync=True)
    _scene_table = traitlets.Dict().tag(sync=True)
    _scene_hand = traitlets.Dict().tag(sync=True)
    _note = traitlets.Dict().tag(sync=True)
    _table = traitlets.Dict().tag(sync=True)
    _hand = traitlets.Dict().tag(sync=True)
    _end = traitlets.Dict().tag(sync=True)
    _choice = traitlets.Dict().tag(sync=True)
    _number = traitlets.Dict().tag(sync=True)
    _buttons = traitlets.Dict().tag(sync=True)
    _feedback = traitlets.Dict().tag(sync=True)
    _nav = traitlets.Dict().tag(sync=True)

    rules = traitlets.Unicode("buraco")
    seed = traitlets.Int(None, allow_none=True)
    lesson = traitlets.Unicode("")
    item = traitlets.Unicode("")
    correct = traitlets.Bool(None, allow_none=True)
    solved = traitlets.Bool(False)
    hints = traitlets.Int(0)
    revealed = traitlets.Bool(False)
    verdict = traitlets.Dict()

    def __init__(self, puzzle: Puzzle | PuzzleSession, *, lesson: str = "", item: str | None = None,
                 params: Mapping[str, Any] | None = None, record: bool = True, another: bool = True,
                 progress: Progress | None = None, lang: str | None = None, label: str | None = None,
                 follow: bool = True, source: str = "puzzle", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        with self.hold_sync():  # what the constructor sets goes to the page in one message
            self.add_class("bw-puzzle")
            self.lang = lang = resolve(lang)
            self.session = puzzle if isinstance(puzzle, PuzzleSession) else PuzzleSession(
                puzzle, params=params, lesson=lesson, item=item, source=source, lang=lang)
            self._record = record
            self._progress = progress
            self._switching = False
            self.feedback = FeedbackPart(lang=lang)
            self.buttons = PuzzleButtonsPart(lang, another=another)
            self.place("_buttons", self.buttons)
            self.place("_feedback", self.feedback)
            self.check_button, self.hint_button = self.buttons.check_button, self.buttons.hint_button
            self.another_button, self.badge = self.buttons.another_button, self.buttons.badge
            self.check_button.on_click(guard(self._oops, lambda _b: self.check()))
            self.hint_button.on_click(guard(self._oops, lambda _b: self.show_hint()))
            self.another_button.on_click(guard(self._oops, lambda _b: self.another()))
            with self.hold_trait_notifications():
                self.rules = rules_key(self.puzzle.rules)
                self.seed = self.puzzle.seed
                self.lesson = str(lesson)
                self.item = self.session.item
            self.observe(guard(self._oops, self._on_rules), "rules")
            self._show_puzzle()
            if self._record and self.lesson:
                self.progress.expect(self.lesson, self.item, label if label is not None else self.session.label().text(lang))
                self.session.recall(self.progress.solved_in(self.lesson))
                # the browser's saved progress arrives after the page loads
                self.progress.observe(guard(self._oops, self._on_progress), "solved")
            self._sync()
            if follow:
                self.progress.follow(self)

    # -- constructors -----------------------------------------------------------------------
    @classmethod
    def generate(cls, kind: str | None = None, rules: Rules | str = "buraco", seed: int = 1, *, lesson: str = "",
                 item: str | None = None, progress: Progress | None = None, record: bool = True,
                 another: bool = True, clause: str | None = None, lang: str | None = None,
                 **params: Any) -> MeldPuzzle:
        """A fresh seeded puzzle of ``kind`` (generator parameters as keywords, e.g. ``buraco="clean"``),
        or one that exercises ``clause``; ``lang`` as for the constructor."""
        session = PuzzleSession.generate(kind, rules, seed, clause=clause, params=params, lesson=lesson, item=item,
                                         lang=resolve(lang))
        return cls(session, lesson=lesson, progress=progress, record=record, another=another, lang=lang)

    @classmethod
    def load(cls, path: str | os.PathLike[str], puzzle_id: str, **kwargs: Any) -> MeldPuzzle:
        """The puzzle ``puzzle_id`` of a teacher's YAML file (a KeyError lists the file's ids)."""
        return cls(load_puzzle(path, puzzle_id), **kwargs)

    # -- what it shows ------------------------------------------------------------------------
    @property
    def puzzle(self) -> Puzzle:
        return self.session.puzzle

    @property
    def progress(self) -> Progress:
        return self._progress if self._progress is not None else Progress.shared()

    @property
    def kind(self) -> Kind | None:
        return self.session.kind

    @property
    def attempts(self) -> list[dict[str, Any]]:
        """Every judged answer, as the ``verdict`` trait shows it."""
        return [a.to_dict() for a in self.session.attempts]

    @property
    def tries(self) -> int:
        return self.session.tries

    @property
    def hand(self) -> HandPart | None:
        return self.input.hand or self.scene.hand

    @property
    def table(self) -> TablePart | None:
        return self.input.table or self.scene.table

    @property
    def choice(self) -> ChoicePart | None:
        return self.input.choice

    @property
    def number(self) -> Number | None:
        return self.input.number

    @property
    def end(self) -> ChoicePart | None:
        """The choice of the end the wild card goes to, where the task asks for one."""
        return self.input.end

    # -- the learner's actions ----------------------------------------------------------------
    def answer(self) -> object:
        """The learner's answer, in the form :func:`~buraco_core.teach.check` takes for this kind."""
        return self.input.answer()

    def check(self) -> bool:
        """What the Check button does: ask the session, show its verdict, record the answer on its
        clause, and record a solved puzzle (unless its answer was shown)."""
        fb = self.session.check(self.answer())
        show_verdict(self.feedback, fb, self.lang)
        if not fb.answered:
            return False
        attempt = self.session.attempts[-1]
        if attempt.clause:
            self.progress.answer(attempt.clause, attempt.rules, attempt.outcome, variant=attempt.puzzle,
                                 lesson=attempt.lesson, source=self.session.source, mistake=attempt.mistake,
                                 session=attempt.session)
        with self.hold_trait_notifications():
            self.verdict = attempt.to_dict()
            self._sync()
        if attempt.solved and self._record and self.lesson:
            self.progress.record(self.lesson, self.item)
        return fb.correct

    def show_hint(self) -> str:
        """What the Hint button does: the next hint (the rule, where to look, the answer)."""
        text = self.session.hint()
        if text is None:
            return self.feedback.hint
        self._sync()
        show_hints(self.feedback, self.session.hint_lines, self.lang)
        return text.text(self.lang)

    def another(self) -> None:
        """What "Another one" does: the next seed's puzzle of the same kind (never one already
        solved here)."""
        try:
            self.session.another()
        except SessionError as exc:
            self.feedback.show(exc.explain(self.lang), status="info")
            return
        self._dealt()

    def _oops(self, message: str) -> None:
        self.feedback.show(message, status="wrong")

    def _on_progress(self, change: Any) -> None:
        self.session.recall(self.progress.solved_in(self.lesson))
        self._sync()

    def _on_rules(self, change: Any) -> None:
        if self._switching:
            return
        before = self.puzzle
        try:
            note = self.session.in_ruleset(change["new"])
        except ValueError as exc:
            self.feedback.show(reason(exc, self.lang), status="info")
            return
        if self.puzzle is not before:
            self._dealt()
        else:
            self._show_puzzle()
        if note is not None:
            self.feedback.show(note.text(self.lang), status="info")

    # -- drawing --------------------------------------------------------------------------------
    def _sync(self) -> None:
        """Show where the session stands: the traits, the Hint button's offer, the badge."""
        s = self.session
        with self.hold_trait_notifications():
            self.correct, self.hints, self.revealed, self.solved = s.correct, s.hints, s.revealed, s.solved
        self.buttons.show(s)

    def _dealt(self) -> None:
        """The session dealt another puzzle: show it, fresh."""
        self._switching = True
        try:
            self.rules = rules_key(self.puzzle.rules)
            self.seed = self.puzzle.seed
        finally:
            self._switching = False
        self._sync()
        self.feedback.clear()
        self._show_puzzle()

    def _show_puzzle(self) -> None:
        situation = self.session.situation()
        self.header: Html = header(situation, self.lang)
        self.scene = Scene(situation, self.lang)
        self.input: AnswerInput = input_for(situation, self.lang)
        parts = {"header": self.header, **self.scene.parts, **self.input.parts}
        with self.hold_sync():
            for slot in ("header", *SCENE, *ANSWER):
                self.place(f"_{slot}", parts.get(slot))
            self._lay_out()

    def frame(self, heading: Html | None = None, retry: Html | None = None, nav: Part | None = None) -> None:
        """Show ``heading`` (which question this is) and ``retry`` (the note above a question asked
        again) above the puzzle and ``nav`` (Previous / Next and the score) under it, or nothing:
        what a view of several puzzles (:class:`~buraco_widgets.steps.Steps`) shows with the one it
        shows, in this puzzle's model."""
        with self.hold_sync():
            self.place("_heading", heading)
            self.place("_retry", retry)
            self.place("_nav", nav)
            self._lay_out()

    def _lay_out(self) -> None:
        self.order = [{"slot": f"_{slot}", "box": "bw-answer" if slot in ANSWER else ""}
                      for slot in SLOTS if f"_{slot}" in self._parts]
