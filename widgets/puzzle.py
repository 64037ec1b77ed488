"""MeldPuzzle, ScoreQuiz and Quiz: a situation, a task, a Check button and the engine's verdict.

Every answer goes to :func:`buraco_core.puzzles.check`; the widget only gathers what the learner
selected or typed and shows the :class:`~buraco_core.puzzles.Feedback` it gets back, as widget
values (``puzzle.feedback.value``). A hint comes from :func:`~buraco_core.puzzles.hint`,
"Another one" from :func:`~buraco_core.puzzles.generate` with the next seed.

>>> from buraco_widgets import MeldPuzzle, Progress
>>> w = MeldPuzzle.generate("make-buraco", rules="buraco", seed=3, lesson="03", buraco="clean",
...                         progress=Progress())
>>> w.check()                                  # nothing selected yet
False
>>> w.feedback.value
'Select some cards from your hand first.'
>>> from buraco_core.puzzles import solve
>>> w.hand.select_cards(solve(w.puzzle))
>>> w.check(), w.solved, w.progress.solved
(True, True, {'03': ['make-buraco-buraco=clean']})
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets
import traitlets

from buraco_core import Meld, Rules, format_cards
from buraco_core.puzzles import (
    Feedback,
    Puzzle,
    check,
    default_prompt,
    generate,
    hint,
    load_puzzles,
    make_quiz,
)
from buraco_core.puzzles import validate as validate_puzzle
from buraco_core.svg import cards_svg, meld_svg

from ._common import as_cards, as_rules, discard, esc, guard
from .feedback import FeedbackBox
from .hand import Hand
from .progress import Progress
from .table import TableView

__all__ = ["MeldPuzzle", "Quiz", "ScoreQuiz"]

#: What to do, per kind, in a line under the task.
_HOW = {
    "make-meld": "Click cards in your hand to select them (or Tab to a card and press Space), then press Check.",
    "make-buraco": "Click cards in your hand to select them (or Tab to a card and press Space), then press Check.",
    "extend": "Click the meld to add to, select the cards in your hand, then press Check.",
    "which-is-meld": "Choose an option, then press Check.",
    "meld-value": "Type the points, then press Check.",
    "score": "Type the side's score for this hand, then press Check.",
    "legal-play": "Choose Allowed or Refused, then press Check.",
    "match": "Choose what happens next, then press Check.",
}

#: Goal keys that are also generator parameters, per kind ("another one" keeps the goal's kind).
_GOAL_PARAMS = {"make-meld": ("meld_kind", "wild"), "make-buraco": ("buraco",), "score": ("went_out",),
                "legal-play": ("allowed",)}


def _meld_drawing(meld: Meld | None) -> str:
    if meld is None:
        return ""
    return meld_svg(meld, width=44)


def _button(description: str, css: str, tooltip: str, style: str = "") -> ipywidgets.Button:
    b = ipywidgets.Button(description=description, tooltip=tooltip, button_style=style,
                          layout=ipywidgets.Layout(width="auto"))
    b.add_class(css)
    return b


class MeldPuzzle(ipywidgets.VBox):  # type: ignore[misc]
    """One puzzle of any kind (make a meld or a buraco, add to a meld, which is a meld, a meld's
    value, a hand's score, is this play allowed), shown with the right input for its kind.

    ``MeldPuzzle.generate("make-buraco", rules="buraco", seed=3, lesson="03")`` deals one;
    ``MeldPuzzle(puzzle)`` shows a :class:`~buraco_core.puzzles.Puzzle`;
    ``MeldPuzzle.load("lessons/puzzles/03.yaml", "clean-buraco", lesson="03")`` one from a file.

    Traits: ``rules`` (a ruleset name; changing it re-deals the puzzle in that ruleset), ``seed``,
    ``lesson``, ``item`` (the id recorded in :class:`Progress`), ``correct`` (the last verdict,
    None before a check), ``solved``. Parts: ``hand``, ``table``, ``choice``, ``number``,
    ``feedback`` (a :class:`FeedbackBox`; its ``value`` is the message).
    """

    rules = traitlets.Unicode("buraco")
    seed = traitlets.Int(None, allow_none=True)
    lesson = traitlets.Unicode("")
    item = traitlets.Unicode("")
    correct = traitlets.Bool(None, allow_none=True)
    solved = traitlets.Bool(False)

    def __init__(self, puzzle: Puzzle, *, lesson: str = "", item: str | None = None,
                 params: Mapping[str, Any] | None = None, record: bool = True, another: bool = True,
                 progress: Progress | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("bw-puzzle")
        self.puzzle = puzzle
        self._generated = puzzle.source is None and puzzle.seed is not None
        self._params: dict[str, Any] = dict(params) if params is not None else self._goal_params(puzzle)
        self._record = record
        self._progress = progress
        self._switching = False
        self.feedback = FeedbackBox()
        self.check_button = _button("Check", "bw-check", "Ask the engine whether your answer is right",
                                    "primary")
        self.hint_button = _button("Hint", "bw-hint", "A hint that points at the rule")
        self.another_button = _button("Another one", "bw-another", "A fresh puzzle of the same kind")
        self.check_button.on_click(guard(self._oops, lambda _b: self.check()))
        self.hint_button.on_click(guard(self._oops, lambda _b: self.show_hint()))
        self.another_button.on_click(guard(self._oops, lambda _b: self.another()))
        self.another_button.layout.display = None if another else "none"
        self.badge = ipywidgets.HTML()
        self.badge.add_class("bw-solved")
        self.buttons = ipywidgets.HBox([self.check_button, self.hint_button, self.another_button, self.badge],
                                       layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center"))
        self.buttons.add_class("bw-puzzle-buttons")
        self.observe(self._on_solved, "solved")
        with self.hold_trait_notifications():
            self.rules = as_rules(puzzle.rules).name
            self.seed = puzzle.seed
            self.lesson = str(lesson)
            self.item = item if item is not None else self._default_item(puzzle)
        self.observe(guard(self._oops, self._on_rules), "rules")
        self._show_puzzle()
        if self._record and self.lesson:
            self.progress.expect(self.lesson, self.item)
            self.solved = self.progress.is_solved(self.lesson, self.item)
            # the browser's saved progress arrives after the page loads
            self.progress.observe(guard(self._oops, self._on_progress), "solved")

    # -- constructors -----------------------------------------------------------------------
    @classmethod
    def generate(cls, kind: str, rules: Rules | str = "buraco", seed: int = 1, *, lesson: str = "",
                 item: str | None = None, progress: Progress | None = None, record: bool = True,
                 another: bool = True, **params: Any) -> MeldPuzzle:
        """A fresh seeded puzzle of ``kind`` (generator parameters as keywords, e.g. ``buraco="clean"``)."""
        puzzle = generate(kind, rules, seed, **params)
        return cls(puzzle, lesson=lesson, item=item, params=params, progress=progress, record=record,
                   another=another)

    @classmethod
    def load(cls, path: str | os.PathLike[str], puzzle_id: str, **kwargs: Any) -> MeldPuzzle:
        """The puzzle ``puzzle_id`` of a teacher's YAML file."""
        puzzles = load_puzzles(path)
        for p in puzzles:
            if p.id == puzzle_id:
                return cls(p, **kwargs)
        known = ", ".join(p.id for p in puzzles) or "none"
        raise ValueError(f"no puzzle {puzzle_id!r} in {os.fspath(path)} (its puzzles: {known})")

    # -- the learner's actions ----------------------------------------------------------------
    @property
    def progress(self) -> Progress:
        return self._progress if self._progress is not None else Progress.shared()

    def answer(self) -> object:
        """The learner's answer, in the form :func:`check` takes for this kind."""
        kind = self.puzzle.kind
        if kind in ("make-meld", "make-buraco"):
            return [c.code for c in self.hand.selected_cards]
        if kind == "extend":
            cards = [c.code for c in self.hand.selected_cards]
            if len(self.table.selected) == 2:
                return (self.table.selected[1], cards)
            want = self.puzzle.goal.get("meld")
            if want is None and len(self.puzzle.table) == 1:
                want = 0
            return None if want is None else (int(want), cards)
        if kind in ("which-is-meld", "legal-play", "match"):
            return None if self.choice is None else self.choice.value
        if kind in ("meld-value", "score"):
            return self.number.value
        return None

    def check(self) -> bool:
        """What the Check button does: ask the engine, show its verdict, record a solved puzzle."""
        answer = self.answer()
        try:
            fb = check(self.puzzle, answer)
        except Exception as exc:  # the page shows the engine's message, never a traceback
            fb = Feedback(False, f"The engine could not check this answer: {exc}")
        self._show_feedback(fb, answer)
        self.correct = fb.correct
        if fb.correct:
            self.solved = True
            if self._record and self.lesson:
                self.progress.record(self.lesson, self.item)
        return fb.correct

    def show_hint(self) -> str:
        """What the Hint button does."""
        try:
            text = hint(self.puzzle)
        except Exception as exc:
            text = f"no hint for this puzzle ({exc})"
        self.feedback.hint = text
        return text

    def another(self) -> None:
        """What "Another one" does: the next seed's puzzle of the same kind."""
        seed = (self.seed if self.seed is not None else 0) + 1
        for params in (self._params, {}):
            try:
                puzzle = generate(self.puzzle.kind, self.rules, seed, **params)
            except ValueError as exc:
                error = exc
                continue
            self._generated = True
            self._params = dict(params)
            self._set_puzzle(puzzle)
            return
        self.feedback.show(f"No other puzzle of this kind: {error}", status="info")

    def _oops(self, message: str) -> None:
        self.feedback.show(message, status="wrong")

    def _on_progress(self, change: Any) -> None:
        if self.progress.is_solved(self.lesson, self.item):
            self.solved = True

    def _on_solved(self, change: Any) -> None:
        self.badge.value = ("<span style='color:#1b5e20;font-weight:600;padding:0 8px' "
                            "aria-label='solved'>✓ solved</span>" if change["new"] else "")

    # -- ruleset switching --------------------------------------------------------------------
    def _on_rules(self, change: Any) -> None:
        if self._switching:
            return
        try:
            rules = as_rules(change["new"]).name
        except ValueError as exc:
            self.feedback.show(str(exc), status="info")
            return
        if rules == self.puzzle.rules:
            return
        puzzle = self._redeal(rules)
        if puzzle is None:
            return
        self._set_puzzle(puzzle)
        self.feedback.show(f"Now in the {rules} ruleset.", status="info")

    def _redeal(self, rules: str) -> Puzzle | None:
        if not self._generated:  # a teacher's puzzle: keep its situation if it still works
            same = dataclasses.replace(self.puzzle, rules=rules)
            try:
                sound = validate_puzzle(same) is None
            except Exception:
                sound = False
            if sound:
                return same
        seed = self.seed if self.seed is not None else 1
        error: Exception | None = None
        for params in (self._params, {}):
            try:
                puzzle = generate(self.puzzle.kind, rules, seed, **params)
            except ValueError as exc:
                error = exc
                continue
            self._generated = True
            self._params = dict(params)
            return puzzle
        self.feedback.show(f"This puzzle has no version in {rules}: {error}", status="info")
        return None

    # -- drawing --------------------------------------------------------------------------------
    @staticmethod
    def _goal_params(puzzle: Puzzle) -> dict[str, Any]:
        keys = _GOAL_PARAMS.get(puzzle.kind, ())
        return {k: puzzle.goal[k] for k in keys if k in puzzle.goal}

    def _default_item(self, puzzle: Puzzle) -> str:
        if not self._generated:
            return puzzle.id
        return puzzle.kind + "".join(f"-{k}={v}" for k, v in sorted(self._params.items()))

    def _set_puzzle(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self._switching = True
        try:
            self.rules = as_rules(puzzle.rules).name
            self.seed = puzzle.seed
        finally:
            self._switching = False
        self.correct = None
        self.feedback.clear()
        self._show_puzzle()

    def _show_feedback(self, fb: Feedback, answer: object) -> None:
        kind = self.puzzle.kind
        shown = ""
        if kind in ("meld-value", "score") and not isinstance(answer, bool):
            shown = str(answer)
        total = sum(p for _, p in fb.lines) if fb.lines else None
        drawing = _meld_drawing(fb.meld) if kind in ("make-meld", "make-buraco", "extend", "which-is-meld") else ""
        self.feedback.show(fb.message, status="right" if fb.correct else "wrong", lines=fb.lines,
                           total=total, answer=shown, svg=drawing)

    def _situation(self) -> list[ipywidgets.Widget]:
        p = self.puzzle
        kind = p.kind
        parts: list[ipywidgets.Widget] = []
        self.hand = Hand(list(p.hand), label="Your hand")
        self.table = TableView([], rules=p.rules, selectable=kind == "extend", reveal=kind != "meld-value",
                               label="Melds on the table", deselectable=False)
        self.choice: ipywidgets.ValueWidget | None = None
        self.number = ipywidgets.IntText(value=0, description="Points:", layout=ipywidgets.Layout(width="16em"))
        self.number.add_class("bw-number")
        if p.table:
            try:
                self.table.set_melds(list(p.table))
            except ValueError as exc:
                parts.append(ipywidgets.HTML(f"<p>{esc(exc)}</p>"))
        if kind in ("make-meld", "make-buraco"):
            parts.append(self.hand)
        elif kind == "extend":
            self.table.label = "Melds on the table: click the one to add to"
            want = p.goal.get("meld")
            if want is not None:
                self.table.selected = [0, int(want)]
            parts += [self.table, self.hand]
        elif kind == "which-is-meld":
            options = [(f"{i + 1}: {format_cards(as_cards(o), symbols=True)}", i) for i, o in enumerate(p.options)]
            self.choice = ipywidgets.RadioButtons(options=options, value=None, description="Options:",
                                                  layout=ipywidgets.Layout(width="max-content"))
            self.choice.add_class("bw-choice")
            parts.append(self._options_drawing())
            parts.append(self.choice)
        elif kind == "meld-value":
            self.table.reveal = False
            parts += [self.table, self.number]
        elif kind == "score":
            self.table.reveal = False
            self.table.selectable = False
            self.table.label = "The side's melds"
            self.hand.disabled = True
            self.hand.sortable = False
            self.hand.label = "Cards left in the side's hands"
            parts += [self._facts(), self.table, ipywidgets.HTML("<b>Cards left in the side's hands:</b>"),
                      self.hand, self.number]
        elif kind == "legal-play":
            self.choice = ipywidgets.ToggleButtons(options=[("Allowed", "allowed"), ("Refused", "refused")],
                                                   value=None, description="This play is:")
            self.choice.add_class("bw-choice")
            parts += [self._position(), self.choice]
        elif kind == "match":
            self.choice = ipywidgets.RadioButtons(options=[(str(o), str(o)) for o in p.options], value=None,
                                                  description="What happens:",
                                                  layout=ipywidgets.Layout(width="max-content"))
            self.choice.add_class("bw-choice")
            parts += [self._position(), self.choice]
        else:
            parts.append(ipywidgets.HTML(f"<p>Unknown puzzle kind {esc(kind)}.</p>"))
        return parts

    def _facts(self) -> ipywidgets.HTML:
        p = self.puzzle
        goal = p.goal
        rules = as_rules(p.rules)
        facts = [f"This side {'went out' if goal.get('went_out') else 'did not go out'}."]
        if rules.pots:
            if not goal.get("took_pot"):
                facts.append("It never took its pot.")
            elif goal.get("pot_unused"):
                facts.append("It took its pot by a discard but did not use it.")
            else:
                facts.append("It took its pot.")
        items = "".join(f"<li>{esc(f)}</li>" for f in facts)
        return ipywidgets.HTML(f"<ul class='bw-facts'>{items}</ul>")

    def _options_drawing(self) -> ipywidgets.HTML:
        cells = []
        for i, o in enumerate(self.puzzle.options):
            svg = cards_svg(as_cards(o), width=40, overlap=0.45)
            cells.append(f"<figure style='margin:0 12px 4px 0;display:inline-block'>{svg}"
                         f"<figcaption style='text-align:center'>Option {i + 1}</figcaption></figure>")
        return ipywidgets.HTML("<div class='bw-options' aria-hidden='true'>" + "".join(cells) + "</div>")

    def _position(self) -> ipywidgets.HTML:
        goal = self.puzzle.goal
        play = esc(goal.get("play", ""))
        try:
            from buraco_core.puzzles import game_of

            game = game_of(self.puzzle)
            table = game._repr_html_() if hasattr(game, "_repr_html_") else ""
        except Exception as exc:
            table = f"<p>{esc(exc)}</p>"
        return ipywidgets.HTML(f"<div class='bw-position'>{table}</div><p>The play: <code>{play}</code></p>")

    def _show_puzzle(self) -> None:
        p = self.puzzle
        for child in getattr(self, "_owned", []):
            child.close()
        prompt = esc(p.prompt or default_prompt(p.kind, p.goal, p.rules))
        header = ipywidgets.HTML(
            f"<div class='bw-prompt' style='line-height:1.4'><strong>{prompt}</strong> "
            f"<span class='bw-ruleset' style='font-size:0.85em;color:#37474f;border:1px solid #90a4ae;"
            f"border-radius:10px;padding:0 8px;white-space:nowrap'>ruleset: {esc(p.rules)}</span>"
            f"<div class='bw-how' style='font-size:0.85em;color:#455a64'>{esc(_HOW.get(p.kind, ''))}</div></div>")
        situation = self._situation()
        discard(*(w for w in (self.hand, self.table, self.number) if w not in situation))  # this kind hides them
        self._owned = [header, *situation]
        self.children = [header, *situation, self.buttons, self.feedback]


class ScoreQuiz(MeldPuzzle):
    """A finished hand: the side's melds, the cards left in its players' hands, whether it went out
    and took its pot. The learner enters the side's score; the feedback shows the engine's
    itemized lines (:func:`buraco_core.score_side`) next to the learner's answer.

    ``ScoreQuiz.generate(rules="buraco", seed=4)``, ``ScoreQuiz.from_puzzle(p)`` or
    ``ScoreQuiz.from_hand(["4h 5h 6h 7h 8h 9h 10h"], "3c 8d", went_out=False, took_pot=True)``.
    """

    def __init__(self, puzzle: Puzzle, **kwargs: Any) -> None:
        if puzzle.kind != "score":
            raise ValueError(f"a ScoreQuiz shows a 'score' puzzle, not a {puzzle.kind!r} one")
        super().__init__(puzzle, **kwargs)

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle, **kwargs: Any) -> ScoreQuiz:
        return cls(puzzle, **kwargs)

    @classmethod
    def generate(cls, kind: str = "score", rules: Rules | str = "buraco", seed: int = 1,  # type: ignore[override]
                 **kwargs: Any) -> ScoreQuiz:
        quiz = super().generate(kind, rules, seed, **kwargs)
        assert isinstance(quiz, ScoreQuiz)
        return quiz

    @classmethod
    def from_hand(cls, melds: Sequence[Meld | str], hand: str | Sequence[str] = "", rules: Rules | str = "buraco", *,
                  went_out: bool, took_pot: bool = True, pot_unused: bool = False, item: str = "score",
                  **kwargs: Any) -> ScoreQuiz:
        """A score puzzle from engine objects or notation (each meld checked by the engine)."""
        rules_name = as_rules(rules).name
        from buraco_core import make_meld

        table = tuple(format_cards((m if isinstance(m, Meld) else make_meld(m, rules_name)).cards) for m in melds)
        goal = {"went_out": went_out, "took_pot": took_pot, "pot_unused": pot_unused}
        puzzle = Puzzle(id=item, kind="score", rules=rules_name, prompt=default_prompt("score", goal, rules_name),
                        hand=tuple(c.code for c in as_cards(hand)), table=table, goal=goal)
        return cls(puzzle, item=item, **kwargs)


class Quiz(ipywidgets.VBox):  # type: ignore[misc]
    """Questions one at a time (Previous / Next), with the score so far.

    ``Quiz.for_lesson("03", rules="buraco", seed=1)`` asks five questions from
    :func:`buraco_core.puzzles.make_quiz`. The quiz is recorded as solved in :class:`Progress`
    when every question has been answered right. Changing ``rules`` deals a new quiz in that
    ruleset; "New quiz" deals one with the next seed.
    """

    rules = traitlets.Unicode("buraco")
    seed = traitlets.Int(1)
    index = traitlets.Int(0)
    lesson = traitlets.Unicode("")
    item = traitlets.Unicode("quiz")
    solved = traitlets.Bool(False)

    def __init__(self, puzzles: Sequence[Puzzle] = (), *, topic: str | None = None, lesson: str = "",
                 item: str = "quiz", rules: Rules | str = "buraco", seed: int = 1, n: int = 5,
                 progress: Progress | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("bw-quiz")
        self._topic = topic or lesson
        self._n = n
        self._progress = progress
        self.header = ipywidgets.HTML()
        self.header.add_class("bw-quiz-header")
        self.score_label = ipywidgets.HTML()
        self.score_label.add_class("bw-quiz-score")
        self.previous_button = _button("◀ Previous", "bw-previous", "The previous question")
        self.next_button = _button("Next ▶", "bw-next", "The next question")
        self.new_button = _button("New quiz", "bw-new-quiz", "Five fresh questions")
        self.previous_button.on_click(guard(self._oops, lambda _b: self.previous()))
        self.next_button.on_click(guard(self._oops, lambda _b: self.next()))
        self.new_button.on_click(guard(self._oops, lambda _b: self.new_quiz()))
        self.nav = ipywidgets.HBox([self.previous_button, self.next_button, self.new_button])
        self.nav.add_class("bw-quiz-nav")
        self.holder = ipywidgets.Box()
        with self.hold_trait_notifications():
            self.lesson = str(lesson)
            self.item = item
            self.rules = as_rules(rules).name
            self.seed = seed
        self._puzzles: list[Puzzle] = []
        self._built: dict[int, MeldPuzzle] = {}  # questions are built when first shown (fewer widgets to send)
        self.right: list[bool] = []
        self.first_try: list[bool | None] = []
        if puzzles:
            self._set_questions(list(puzzles))
        else:
            self._set_questions(make_quiz(self._topic, self.rules, self.seed, n))
        if self.lesson:
            self.progress.expect(self.lesson, self.item)
            self.solved = self.progress.is_solved(self.lesson, self.item)
        self.observe(guard(self._oops, self._on_rules), "rules")
        self.observe(guard(self._oops, lambda _c: self._show()), "index")
        self.children = [self.header, self.holder, self.nav, self.score_label]
        self._show()

    @classmethod
    def for_lesson(cls, lesson: str, rules: Rules | str = "buraco", seed: int = 1, n: int = 5, **kwargs: Any) -> Quiz:
        return cls(topic=str(lesson), lesson=str(lesson), rules=rules, seed=seed, n=n, **kwargs)

    @property
    def progress(self) -> Progress:
        return self._progress if self._progress is not None else Progress.shared()

    @property
    def current(self) -> MeldPuzzle:
        return self._question(self.index)

    @property
    def questions(self) -> list[MeldPuzzle]:
        """Every question's widget (built now if not shown yet)."""
        return [self._question(i) for i in range(len(self._puzzles))]

    @property
    def score(self) -> int:
        return sum(self.right)

    def _oops(self, message: str) -> None:
        self.score_label.value = f"<span role='status'>{esc(message)}</span>"

    def next(self) -> None:
        if self.index < len(self._puzzles) - 1:
            self.index += 1

    def previous(self) -> None:
        if self.index > 0:
            self.index -= 1

    def new_quiz(self) -> None:
        self.seed += 1
        self._set_questions(make_quiz(self._topic, self.rules, self.seed, self._n))
        self._show()

    def summary(self) -> str:
        n = len(self._puzzles)
        first = sum(1 for f in self.first_try if f)
        text = f"Score: {self.score} of {n} right ({first} at the first try)."
        if n and self.score == n:
            text += " Quiz complete!"
        return text

    def _on_rules(self, change: Any) -> None:
        try:
            rules = as_rules(change["new"]).name
        except ValueError as exc:
            self.score_label.value = esc(exc)
            return
        self._set_questions(make_quiz(self._topic, rules, self.seed, self._n))
        self._show()

    def _set_questions(self, puzzles: list[Puzzle]) -> None:
        for q in self._built.values():
            q.close()
        self._puzzles, self._built = list(puzzles), {}
        self.right = [False] * len(puzzles)
        self.first_try = [None] * len(puzzles)
        self.index = 0

    def _answered(self, i: int, correct: bool | None) -> None:
        if correct is None:
            return
        if self.first_try[i] is None:
            self.first_try[i] = correct
        if correct:
            self.right[i] = True
        if all(self.right) and self.lesson:
            self.solved = True
            self.progress.record(self.lesson, self.item)
        self._show()

    def _question(self, i: int) -> MeldPuzzle:
        """Question ``i``'s widget, built the first time it is needed: a page sends the browser only the
        questions the learner has reached (a class's server and the learners' browsers do less)."""
        if i not in self._built:
            q = MeldPuzzle(self._puzzles[i], record=False, another=False)
            q.observe(guard(self._oops, lambda change, i=i: self._answered(i, change["new"])), "correct")
            self._built[i] = q
        return self._built[i]

    def _show(self) -> None:
        n = len(self._puzzles)
        if not n:
            self.header.value = "<b>No questions.</b>"
            self.holder.children = []
            return
        mark = " ✓" if self.right[self.index] else ""
        self.header.value = f"<b>Question {self.index + 1} of {n}</b>{mark}"
        self.holder.children = [self.current]
        self.previous_button.disabled = self.index == 0
        self.next_button.disabled = self.index == n - 1
        self.score_label.value = f"<span role='status' aria-live='polite'>{esc(self.summary())}</span>"
