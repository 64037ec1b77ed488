"""MeldPuzzle, ScoreQuiz, PuzzleSet and Quiz: a situation, a task, a Check button and the engine's verdict.

Every answer goes to :func:`buraco_core.teach.check`; the widget only gathers what the learner
selected, chose or typed and shows the :class:`~buraco_core.teach.Feedback` it gets back, as
widget values (``puzzle.feedback.value``): the verdict, the rule it turns on with a link to the
lesson section that teaches it, and what would be right. Hints escalate
(:func:`~buraco_core.teach.hint`: the rule, where to look, then the answer); a puzzle solved
after its answer was shown is not counted as solved. "Another one" deals the next seed's puzzle
(:func:`~buraco_core.teach.generate`). Every word comes from the message catalog.

Each check is recorded in ``attempts`` (and the ``verdict`` trait): the clause, the ruleset,
right or wrong, the hints used, whether the answer was shown; and it is an answer on the
puzzle's clause in :class:`Progress` (right at the first try, helped, wrong:
:func:`~buraco_core.teach.mastery.outcome_of`), from which mastery is kept per clause.

Every puzzle follows the course's ruleset (the learner's choice on the landing page) where it has
a version in it: a generated puzzle is dealt again, a teacher's puzzle is shown in that ruleset
when it is the same puzzle there (:func:`~buraco_core.teach.version_in`), else it stays and
says so.

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
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets
import traitlets

from buraco_core import Meld, Rules, board, format_cards
from buraco_core.clauses import CLAUSES
from buraco_core.messages import Message, render
from buraco_core.svg import meld_svg
from buraco_core.teach import (
    HINT_LEVELS,
    KINDS,
    Dealt,
    Feedback,
    Puzzle,
    check,
    deal_quiz,
    game_of,
    generate,
    hint,
    load_puzzles,
    retry,
    version_in,
)
from buraco_core.teach.coverage import teaching_link
from buraco_core.teach.mastery import outcome_of

from ._common import as_cards, as_rules, button, discard, esc, guard, reason, rules_key
from .choice import Choice
from .feedback import FeedbackBox
from .hand import Hand
from .language import resolve
from .progress import Progress
from .table import TableView

__all__ = ["MeldPuzzle", "PuzzleSet", "Quiz", "ScoreQuiz"]

#: What to do, per form of answer, in a line under the task.
_HOW = {"cards": "widget.how.cards", "extend": "widget.how.extend", "choice": "widget.how.choice",
        "number": "widget.how.number"}
_FACTS_STYLE = "margin:4px 0;padding-left:1.2em;line-height:1.4"
#: The Hint button's words before each level of hint.
_HINT_BUTTON = {1: "widget.hint", 2: "widget.hint-more", 3: "widget.hint-answer"}


def _meld_drawing(meld: Meld | None, lang: str) -> str:
    if meld is None:
        return ""
    return meld_svg(meld, width=44, lang=lang)


class MeldPuzzle(ipywidgets.VBox):  # type: ignore[misc]
    """One puzzle of any kind, shown with the right input for its kind's form of answer (cards
    from the hand, a meld and cards, a choice, a number).

    ``MeldPuzzle.generate("make-buraco", rules="buraco", seed=3, lesson="03")`` deals one;
    ``MeldPuzzle(puzzle)`` shows a :class:`~buraco_core.teach.Puzzle`;
    ``MeldPuzzle.load("puzzles/03_buracos.yaml", "worked-clean", lesson="03")`` one from a file.

    Traits: ``rules`` (a ruleset name; changing it re-deals the puzzle in that ruleset), ``seed``,
    ``lesson``, ``item`` (the id recorded in :class:`Progress`), ``correct`` (the last verdict,
    None before a check), ``solved`` (this puzzle, solved without its answer shown),
    ``hints`` (hints shown so far), ``revealed`` (the answer was shown), ``verdict`` (the last
    check: clause, ruleset, right, hints, revealed, tries). Parts: ``hand``, ``table``,
    ``choice``, ``number``, ``feedback`` (a :class:`FeedbackBox`; its ``value`` is the message).
    """

    rules = traitlets.Unicode("buraco")
    seed = traitlets.Int(None, allow_none=True)
    lesson = traitlets.Unicode("")
    item = traitlets.Unicode("")
    correct = traitlets.Bool(None, allow_none=True)
    solved = traitlets.Bool(False)
    hints = traitlets.Int(0)
    revealed = traitlets.Bool(False)
    verdict = traitlets.Dict()

    def __init__(self, puzzle: Puzzle, *, lesson: str = "", item: str | None = None,
                 params: Mapping[str, Any] | None = None, record: bool = True, another: bool = True,
                 progress: Progress | None = None, lang: str | None = None, label: str | None = None,
                 follow: bool = True, source: str = "puzzle", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("bw-puzzle")
        self.lang = lang = resolve(lang)
        self.puzzle = puzzle
        self._generated = puzzle.source is None and puzzle.seed is not None
        kind = KINDS.get(puzzle.kind)
        self._params: dict[str, Any] = dict(params) if params is not None else (
            kind.goal_params(puzzle) if kind is not None else {})
        self._record = record
        self._progress = progress
        self._source = source
        self._switching = False
        self._solved_ids: set[str] = set()
        self.attempts: list[dict[str, Any]] = []
        self.tries = 0
        self.feedback = FeedbackBox(lang=lang)
        self.check_button = button(self._t("widget.check"), "bw-check", self._t("widget.check-tip"), "primary")
        self.hint_button = button(self._t("widget.hint"), "bw-hint", self._t("widget.hint-tip"))
        self.another_button = button(self._t("widget.another"), "bw-another", self._t("widget.another-tip"))
        self.check_button.on_click(guard(self._oops, lambda _b: self.check()))
        self.hint_button.on_click(guard(self._oops, lambda _b: self.show_hint()))
        self.another_button.on_click(guard(self._oops, lambda _b: self.another()))
        self.another_button.layout.display = None if another else "none"
        self.badge = ipywidgets.HTML()
        self.badge.add_class("bw-solved")
        self.buttons = ipywidgets.HBox([self.check_button, self.hint_button, self.another_button, self.badge],
                                       layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center"))
        self.buttons.add_class("bw-puzzle-buttons")
        self.observe(self._on_badge, ["solved", "revealed", "correct"])
        with self.hold_trait_notifications():
            self.rules = rules_key(puzzle.rules)
            self.seed = puzzle.seed
            self.lesson = str(lesson)
            self.item = item if item is not None else self._default_item(puzzle)
        self.observe(guard(self._oops, self._on_rules), "rules")
        self._show_puzzle()
        if self._record and self.lesson:
            self.progress.expect(self.lesson, self.item, label if label is not None else self._label())
            if not self._generated:
                self.solved = self.progress.is_solved(self.lesson, self.item)
            # the browser's saved progress arrives after the page loads
            self.progress.observe(guard(self._oops, self._on_progress), "solved")
        if follow:
            self.progress.follow(self)

    def _t(self, key: str, **params: Any) -> str:
        return render(key, self.lang, **params)

    def _text(self, message: Message | None) -> str:
        return "" if message is None else message.text(self.lang)

    # -- constructors -----------------------------------------------------------------------
    @classmethod
    def generate(cls, kind: str | None = None, rules: Rules | str = "buraco", seed: int = 1, *, lesson: str = "",
                 item: str | None = None, progress: Progress | None = None, record: bool = True,
                 another: bool = True, clause: str | None = None, lang: str | None = None,
                 **params: Any) -> MeldPuzzle:
        """A fresh seeded puzzle of ``kind`` (generator parameters as keywords, e.g. ``buraco="clean"``),
        or one that exercises ``clause``; ``lang`` as for the constructor."""
        puzzle = generate(kind, rules, seed, clause=clause, **params)
        if clause is not None:
            params = {**params, "clause": clause}
        return cls(puzzle, lesson=lesson, item=item, params=params, progress=progress, record=record,
                   another=another, lang=lang)

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

    @property
    def kind(self) -> Any:
        return KINDS.get(self.puzzle.kind)

    def answer(self) -> object:
        """The learner's answer, in the form :func:`check` takes for this kind."""
        form = self.kind.form if self.kind is not None else ""
        if form == "cards":
            return [c.code for c in self.hand.selected_cards]
        if form == "extend":
            cards = [c.code for c in self.hand.selected_cards]
            if len(self.table.selected) == 2:
                return (self.table.selected[1], cards)
            want = self.puzzle.goal.get("meld")
            if want is None and len(self.puzzle.table) == 1:
                want = 0
            return None if want is None else (int(want), cards)
        if form == "choice":
            return None if self.choice is None else self.choice.value
        if form == "number":
            return self.number.value
        return None

    def check(self) -> bool:
        """What the Check button does: ask the engine, show its verdict, record the attempt, and
        record a solved puzzle (unless its answer was shown)."""
        answer = self.answer()
        if self.kind is not None and self.kind.form == "choice" and answer is None:
            fb = Feedback(False, Message("widget.choose-first"), answered=False)
        else:
            try:
                fb = check(self.puzzle, answer)
            except Exception as exc:  # the page shows the engine's message, never a traceback
                fb = Feedback(False, Message("widget.could-not-check", {"error": reason(exc, self.lang)}), answered=False)
        if not fb.answered:
            self.feedback.show(self._text(fb.message), status="info")
            return False
        self.tries += 1
        attempt = {"rule": fb.rule or "", "rules": self.puzzle.rules, "correct": fb.correct, "hints": self.hints,
                   "revealed": self.revealed, "tries": self.tries, "first_try": self.tries == 1 and not self.hints,
                   "puzzle": self.puzzle.id, "lesson": self.lesson}
        self.attempts.append(attempt)
        clause = self.puzzle.main_clause or fb.rule
        if clause:
            self.progress.answer(clause, self.puzzle.rules, outcome_of(fb.correct, self.tries, self.hints, self.revealed),
                                 variant=self.puzzle.id, lesson=self.lesson, source=self._source)
        self._show_feedback(fb, answer)
        self.correct = fb.correct
        self.verdict = attempt
        if fb.correct:
            self.feedback.hint = ""
            self.hint_button.disabled = True
            if not self.revealed:
                self.solved = True
                self._solved_ids.add(self.puzzle.id)
                if self._record and self.lesson:
                    self.progress.record(self.lesson, self.item)
        return fb.correct

    def show_hint(self) -> str:
        """What the Hint button does: the next hint (the rule, where to look, the answer)."""
        if self.hints >= HINT_LEVELS or self.correct:
            return self.feedback.hint
        level = self.hints + 1
        try:
            text = self._text(hint(self.puzzle, level))
        except Exception as exc:
            text = self._t("widget.no-hint", error=reason(exc, self.lang))
        with self.hold_trait_notifications():
            self.hints = level
            if level >= HINT_LEVELS:
                self.revealed = True
        # the hints so far, one a line: the rule stays in view beside where to look
        shown = self._t("widget.hint-line", label=self._t("widget.hint-label", n=level, of=HINT_LEVELS), hint=text)
        self.feedback.hint_label = ""
        self.feedback.hint = f"{self.feedback.hint}\n{shown}" if self.feedback.hint else shown
        self._hint_button()
        return text

    def _hint_button(self) -> None:
        level = self.hints + 1
        self.hint_button.disabled = level > HINT_LEVELS or bool(self.correct)
        self.hint_button.description = self._t(_HINT_BUTTON.get(level, "widget.hint-answer"))

    def another(self) -> None:
        """What "Another one" does: the next seed's puzzle of the same kind (never one already
        solved here)."""
        seed = (self.seed if self.seed is not None else 0) + 1
        error: Exception | None = None
        for params in (self._params, {}):
            for step in range(20):
                try:
                    puzzle = self._deal(self.puzzle.kind, self.rules, seed + step, params)
                except ValueError as exc:
                    error = exc
                    break
                if puzzle.id in self._solved_ids or puzzle == self.puzzle:
                    continue
                self._generated = True
                self._params = dict(params)
                self._set_puzzle(puzzle)
                return
        self.feedback.show(self._t("widget.no-other", error=reason(error, self.lang) if error else ""), status="info")

    @staticmethod
    def _deal(kind: str, rules: str, seed: int, params: Mapping[str, Any]) -> Puzzle:
        params = dict(params)
        clause = params.pop("clause", None)
        return generate(None if clause else kind, rules, seed, clause=clause, **params)

    def _oops(self, message: str) -> None:
        self.feedback.show(message, status="wrong")

    def _on_progress(self, change: Any) -> None:
        if not self._generated and self.progress.is_solved(self.lesson, self.item):
            self.solved = True

    def _on_badge(self, change: Any) -> None:
        if self.solved:
            self.badge.value = (f"<span style='color:#1b5e20;font-weight:600;padding:0 8px' role='status'>"
                                f"{esc(self._t('widget.solved'))}</span>")
        elif self.correct and self.revealed:
            self.badge.value = (f"<span style='color:#5d4037;padding:0 8px' role='status'>"
                                f"{esc(self._t('widget.solved-shown'))}</span>")
        else:
            self.badge.value = ""

    # -- ruleset switching --------------------------------------------------------------------
    def _on_rules(self, change: Any) -> None:
        if self._switching:
            return
        try:
            rules = rules_key(change["new"])
        except ValueError as exc:
            self.feedback.show(reason(exc, self.lang), status="info")
            return
        if rules == self.puzzle.rules:
            self._show_puzzle()  # no note that it stays elsewhere
            return
        puzzle = self._redeal(rules)
        if puzzle is None:
            self._show_puzzle()  # the note says it has no version in that ruleset
            return
        self._set_puzzle(puzzle)
        self.feedback.show(self._t("widget.now-in", rules=as_rules(rules)), status="info")

    def _redeal(self, rules: str) -> Puzzle | None:
        """The puzzle in ``rules``: a teacher's puzzle where it has a version there (else None:
        it stays as it is), a generated one dealt again."""
        if not self._generated:
            return version_in(self.puzzle, rules)
        seed = self.seed if self.seed is not None else 1
        error: Exception | None = None
        for params in (self._params, {}):
            try:
                puzzle = self._deal(self.puzzle.kind, rules, seed, params)
            except ValueError as exc:
                error = exc
                continue
            self._params = dict(params)
            return puzzle
        self.feedback.show(self._t("widget.no-version", rules=as_rules(rules), error=reason(error, self.lang) if error else ""),
                           status="info")
        return None

    # -- drawing --------------------------------------------------------------------------------
    def _default_item(self, puzzle: Puzzle) -> str:
        if not self._generated:
            return puzzle.id
        return "practice-" + puzzle.kind

    def _label(self) -> str:
        """The words of this puzzle's chip in Progress."""
        if self._generated:
            kind = self.puzzle.kind
            return self._t("widget.progress.practice", what=Message(f"widget.kind.{kind}"))
        clause = self.puzzle.main_clause or (self.kind.clause if self.kind is not None else None)
        if clause is None:
            return self.puzzle.id
        return str(CLAUSES[clause].title_message.text(self.lang))

    def _set_puzzle(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self._switching = True
        try:
            self.rules = rules_key(puzzle.rules)
            self.seed = puzzle.seed
        finally:
            self._switching = False
        with self.hold_trait_notifications():
            self.correct = None
            self.hints = 0
            self.revealed = False
            self.solved = False
        self.tries = 0
        self.feedback.clear()
        self._show_puzzle()

    def _show_feedback(self, fb: Feedback, answer: object) -> None:
        form = self.kind.form if self.kind is not None else ""
        shown = str(answer) if form == "number" and not isinstance(answer, bool) else ""
        drawing = _meld_drawing(fb.meld, self.lang) if form in ("cards", "extend") or self.puzzle.kind == "which-is-meld" else ""
        # the engine's count shows once it can no longer give the answer away
        open_count = fb.correct or self.revealed
        lines = [(self._text(line.label), line.points, self._text(line.detail)) for line in fb.lines] if open_count else []
        clause = fb.clause
        link, link_text = teaching_link(fb.rule, self.lang)
        self.feedback.show(
            self._text(fb.message), status="right" if fb.correct else "wrong", lines=lines,
            total=fb.total if open_count else None, answer=shown if open_count else "", svg=drawing,
            rule=fb.rule or "", rule_title=clause.title_message.text(self.lang) if clause else "",
            advice=self._text(fb.advice), link=link if not fb.correct else "", link_text=link_text)

    def _situation(self) -> list[ipywidgets.Widget]:
        p = self.puzzle
        kind = self.kind
        parts: list[ipywidgets.Widget] = []
        form = kind.form if kind is not None else ""
        self.hand = Hand(list(p.hand), label=self._t(kind.hand_label if kind else "widget.your-hand"), lang=self.lang)
        self.table = TableView([], rules=p.rules, selectable=form == "extend",
                               reveal=kind.reveal_table if kind is not None else True,
                               label=self._t(kind.table_label if kind else "widget.table"), deselectable=False,
                               empty_text=self._t("widget.no-melds"), lang=self.lang)
        self.choice: Choice | None = None
        self.number = ipywidgets.IntText(value=0, description=self._t("widget.points"),
                                         layout=ipywidgets.Layout(width="16em", max_width="100%"))
        self.number.add_class("bw-number")
        if kind is None:
            return [ipywidgets.HTML(f"<p>{esc(self._t('teach.unknown-kind', kind=p.kind, kinds=', '.join(KINDS)))}</p>")]
        facts = kind.facts(p) if not kind.shows_position else ()
        if facts:
            items = "".join(f"<li>{esc(self._text(f))}</li>" for f in facts)
            parts.append(ipywidgets.HTML(f"<ul class='bw-facts' style='{_FACTS_STYLE}'>{items}</ul>"))
        if kind.shows_position:
            parts.append(self._position())
        elif p.table:
            try:
                self.table.set_melds(list(p.table))
            except ValueError as exc:
                parts.append(ipywidgets.HTML(f"<p>{esc(reason(exc, self.lang))}</p>"))
            parts.append(self.table)
        if form == "extend":
            want = p.goal.get("meld")
            if want is not None:
                self.table.selected = [0, int(want)]
        if form in ("cards", "extend"):
            parts.append(self.hand)
        elif p.hand and not kind.shows_position:
            self.hand.disabled = True
            self.hand.sortable = False
            parts.append(self.hand)
        elif kind.name == "predict" and p.goal.get("add"):
            added = Hand(str(p.goal["add"]), label=self._t("widget.cards-added"), disabled=True, sortable=False,
                         lang=self.lang)
            parts.append(added)
        if form == "choice":
            options = kind.options(p)
            self.choice = Choice([(o.value, self._text(o.label), o.cards) for o in options],
                                 label=self._t("widget.choose"), lang=self.lang)
            self.choice.add_class("bw-choice")
            parts.append(self.choice)
        elif form == "number":
            parts.append(self.number)
        return parts

    def _position(self) -> ipywidgets.HTML:
        try:
            game = game_of(self.puzzle)
            table = board.table_html(game.view(game.perspective), lang=self.lang)
            facts = "".join(f"<li>{esc(self._text(f))}</li>" for f in self.kind.facts(self.puzzle))
        except Exception as exc:
            table, facts = f"<p>{esc(reason(exc, self.lang))}</p>", ""
        return ipywidgets.HTML(f"<ul class='bw-facts' style='{_FACTS_STYLE}'>{facts}</ul>"
                               f"<div class='bw-position' style='line-height:1.4'>{table}</div>")

    def _show_puzzle(self) -> None:
        p = self.puzzle
        for child in getattr(self, "_owned", []):
            child.close()
        kind = self.kind
        prompt = esc(self._text(p.prompt if isinstance(p.prompt, Message) else None))
        how = esc(self._t(_HOW[kind.form])) if kind is not None else ""
        stays = ""
        if self.rules != p.rules:  # the learner's ruleset, where this puzzle has no version
            stays = (f"<div class='bw-only' style='font-size:0.85em;color:#4e342e'>"
                     f"{esc(self._t('widget.only-in', rules=as_rules(p.rules), wanted=as_rules(self.rules)))}</div>")
        header = ipywidgets.HTML(
            f"<div class='bw-prompt' style='line-height:1.4'><strong>{prompt}</strong> "
            f"<span class='bw-ruleset' style='font-size:0.85em;color:#37474f;border:1px solid #90a4ae;"
            f"border-radius:10px;padding:0 8px;white-space:nowrap'>"
            f"{esc(self._t('widget.ruleset', rules=as_rules(p.rules)))}</span>{stays}"
            f"<div class='bw-how' style='font-size:0.85em;color:#455a64'>{how}</div></div>")
        situation = self._situation()
        discard(*(w for w in (self.hand, self.table, self.number) if w not in situation))  # this kind hides them
        self._owned = [header, *situation]
        self._hint_button()
        self.children = [header, *situation, self.buttons, self.feedback]


class ScoreQuiz(MeldPuzzle):
    """A finished hand: the side's melds, the cards left in its players' hands, whether it went out
    and took its pot. The learner enters the side's score; the feedback shows the engine's
    itemized lines (:func:`buraco_core.score_side`), once right or once the answer is shown.

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
    def generate(cls, kind: str | None = "score", rules: Rules | str = "buraco", seed: int = 1,  # type: ignore[override]
                 **kwargs: Any) -> ScoreQuiz:
        quiz = super().generate(kind, rules, seed, **kwargs)
        assert isinstance(quiz, ScoreQuiz)
        return quiz

    @classmethod
    def from_hand(cls, melds: Sequence[Meld | str], hand: str | Sequence[str] = "", rules: Rules | str = "buraco", *,
                  went_out: bool, took_pot: bool = True, pot_unused: bool = False, item: str = "score",
                  **kwargs: Any) -> ScoreQuiz:
        """A score puzzle from engine objects or notation (each meld checked by the engine)."""
        rules_name = rules_key(rules)
        from buraco_core import make_meld

        table = tuple(format_cards((m if isinstance(m, Meld) else make_meld(m, rules_name)).cards) for m in melds)
        goal = {"went_out": went_out, "took_pot": took_pot, "pot_unused": pot_unused}
        puzzle = Puzzle(id=item, kind="score", rules=rules_name, hand=tuple(c.code for c in as_cards(hand)),
                        table=table, goal=goal)
        return cls(puzzle, item=item, **kwargs)


class _Steps(ipywidgets.VBox):  # type: ignore[misc]
    """Puzzles one at a time, built when first shown: a header, the current puzzle, Previous /
    Next. Subclasses say what is recorded."""

    index = traitlets.Int(0)
    _tally = "widget.score-so-far"

    def _setup(self, lang: str | None) -> None:
        self.lang = lang = resolve(lang)
        self.header = ipywidgets.HTML()
        self.header.add_class("bw-quiz-header")
        self.score_label = ipywidgets.HTML()
        self.score_label.add_class("bw-quiz-score")
        self.previous_button = button(self._t("widget.previous"), "bw-previous", self._t("widget.previous-tip"))
        self.next_button = button(self._t("widget.next"), "bw-next", self._t("widget.next-tip"))
        self.previous_button.on_click(guard(self._oops, lambda _b: self.previous()))
        self.next_button.on_click(guard(self._oops, lambda _b: self.next()))
        self.holder = ipywidgets.Box()
        self.puzzles: list[Puzzle] = []
        self._built: dict[int, MeldPuzzle] = {}
        self.right: list[bool] = []
        self.first_try: list[bool | None] = []

    def _t(self, key: str, **params: Any) -> str:
        return render(key, self.lang, **params)

    def _oops(self, message: str) -> None:
        self.score_label.value = f"<span role='status'>{esc(message)}</span>"

    @property
    def questions(self) -> list[MeldPuzzle]:
        """Every puzzle's widget (built now where not shown yet)."""
        return [self._question(i) for i in range(len(self.puzzles))]

    @property
    def current(self) -> MeldPuzzle:
        return self._question(self.index)

    def _make(self, i: int, puzzle: Puzzle) -> MeldPuzzle:
        raise NotImplementedError

    def _question(self, i: int) -> MeldPuzzle:
        if i not in self._built:
            q = self._make(i, self.puzzles[i])
            q.observe(guard(self._oops, lambda change, i=i: self._answered(i, change["new"])), "correct")
            self._built[i] = q
        return self._built[i]

    def _set_puzzles(self, puzzles: Sequence[Puzzle]) -> None:
        for q in self._built.values():
            q.close()
        self._built = {}
        self.puzzles = list(puzzles)
        self.right = [False] * len(self.puzzles)
        self.first_try = [None] * len(self.puzzles)
        with self.hold_trait_notifications():
            self.index = 0

    def next(self) -> None:
        if self.index < len(self.puzzles) - 1:
            self.index += 1

    def previous(self) -> None:
        if self.index > 0:
            self.index -= 1

    def _answered(self, i: int, correct: bool | None) -> None:
        if correct is None:
            return
        q = self._built[i]
        if self.first_try[i] is None:
            self.first_try[i] = bool(correct) and not q.hints
        if correct and not q.revealed:
            self.right[i] = True
        self._done()
        self._show()

    def _done(self) -> None:
        pass

    def _show(self) -> None:
        n = len(self.puzzles)
        if not n:
            self.header.value = f"<b>{esc(self._t('widget.no-questions'))}</b>"
            self.holder.children = []
            return
        mark = " ✓" if self.right[self.index] else ""
        self.header.value = f"<b>{esc(self._t(self._counter, n=self.index + 1, of=n))}</b>{mark}"
        self.holder.children = [self.current]
        self.previous_button.disabled = self.index == 0
        self.next_button.disabled = self.index == n - 1
        self.score_label.value = f"<span role='status' aria-live='polite'>{esc(self.summary())}</span>"

    _counter = "widget.question"

    def summary(self) -> str:
        n = len(self.puzzles)
        first = sum(1 for f in self.first_try if f)
        text = self._t(self._tally, right=sum(self.right), n=n, first=first)
        if n and all(self.right):
            text += " " + self._t("widget.complete")
        return text

    @property
    def score(self) -> int:
        return sum(self.right)


class PuzzleSet(_Steps):
    """A lesson's guided puzzles from a file, one at a time: each is recorded in :class:`Progress`
    as a puzzle of its own.

    ``PuzzleSet.load("puzzles/06_scoring.yaml", "match-point", "italian-tie", lesson="06")``.
    """

    _counter = "widget.puzzle-n"
    _tally = "widget.solved-so-far"

    def __init__(self, puzzles: Sequence[Puzzle], *, lesson: str = "", progress: Progress | None = None,
                 lang: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("bw-quiz")
        self.add_class("bw-puzzle-set")
        self._setup(lang)
        self.lesson = str(lesson)
        self._progress = progress
        self.nav = ipywidgets.HBox([self.previous_button, self.next_button],
                                   layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.nav.add_class("bw-quiz-nav")
        self._set_puzzles(puzzles)
        if self.lesson:
            for i, p in enumerate(self.puzzles):
                self.progress.expect(self.lesson, p.id, self._label(p))
                self.right[i] = self.progress.is_solved(self.lesson, p.id)
        self.observe(guard(self._oops, lambda _c: self._show()), "index")
        self.children = [self.header, self.holder, self.nav, self.score_label]
        self._show()

    @classmethod
    def load(cls, path: str | os.PathLike[str], *ids: str, **kwargs: Any) -> PuzzleSet:
        """The puzzles ``ids`` of a teacher's YAML file, in that order."""
        by_id = {p.id: p for p in load_puzzles(path)}
        missing = [i for i in ids if i not in by_id]
        if missing:
            raise ValueError(f"no puzzle {missing[0]!r} in {os.fspath(path)} (its puzzles: {', '.join(by_id)})")
        return cls([by_id[i] for i in ids], **kwargs)

    @property
    def progress(self) -> Progress:
        return self._progress if self._progress is not None else Progress.shared()

    def _label(self, puzzle: Puzzle) -> str:
        clause = puzzle.main_clause or (KINDS[puzzle.kind].clause if puzzle.kind in KINDS else None)
        return CLAUSES[clause].title_message.text(self.lang) if clause else puzzle.id

    def _make(self, i: int, puzzle: Puzzle) -> MeldPuzzle:
        return MeldPuzzle(puzzle, lesson=self.lesson, record=bool(self.lesson), another=False,
                          progress=self._progress, lang=self.lang, label=self._label(puzzle))


class Quiz(_Steps):
    """Questions one at a time (Previous / Next), with the score so far, and a retry pool.

    ``Quiz.for_lesson("03", rules="buraco", seed=1)`` asks five questions dealt from the course's
    syllabus (:func:`buraco_core.teach.deal_quiz`). A question missed (its first answer wrong)
    comes back at the end of the quiz as a fresh variant of the same item
    (:func:`buraco_core.teach.retry`, seeded by the missed puzzle), after a link to the lesson
    section that teaches its rule; a comeback missed again comes back once more
    (:data:`RETRIES` in all). The quiz is recorded as solved in :class:`Progress` when every
    question has been answered right (without its answer shown). Changing ``rules`` deals a new
    quiz in that ruleset (the quiz follows the course's ruleset); "New quiz" deals one with the
    next seed.
    """

    rules = traitlets.Unicode("buraco")
    seed = traitlets.Int(1)
    lesson = traitlets.Unicode("")
    item = traitlets.Unicode("quiz")
    solved = traitlets.Bool(False)
    #: How often one question comes back after a miss.
    RETRIES = 2
    _source = "quiz"

    def __init__(self, puzzles: Sequence[Puzzle | Dealt] = (), *, topic: str | None = None, lesson: str = "",
                 item: str = "quiz", rules: Rules | str = "buraco", seed: int = 1, n: int = 5,
                 progress: Progress | None = None, syllabus: str | os.PathLike[str] | None = None,
                 lang: str | None = None, follow: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("bw-quiz")
        self._setup(lang)
        self._topic = topic or lesson
        self._n = n
        self._progress = progress
        self._syllabus = syllabus
        self.dealt: list[Dealt | None] = []
        self.comeback: dict[int, int] = {}
        """Question index -> the index of the question it brings back."""
        self.retry_note = ipywidgets.HTML()
        self.retry_note.add_class("bw-retry-note")
        self.new_button = button(self._t("widget.new-quiz"), "bw-new-quiz", self._t("widget.new-quiz-tip"))
        self.new_button.on_click(guard(self._oops, lambda _b: self.new_quiz()))
        self.nav = ipywidgets.HBox([self.previous_button, self.next_button, self.new_button],
                                   layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.nav.add_class("bw-quiz-nav")
        with self.hold_trait_notifications():
            self.lesson = str(lesson)
            self.item = item
            self.rules = rules_key(rules)
            self.seed = seed
        self._set_dealt(list(puzzles) if puzzles else self._deal(self.rules, self.seed))
        if self.lesson:
            self.progress.expect(self.lesson, self.item, self._t("widget.progress.quiz"))
            self.solved = self.progress.is_solved(self.lesson, self.item)
        self.observe(guard(self._oops, self._on_rules), "rules")
        self.observe(guard(self._oops, lambda _c: self._show()), "index")
        self.children = [self.header, self.retry_note, self.holder, self.nav, self.score_label]
        self._show()
        if follow:
            self.progress.follow(self)

    @classmethod
    def for_lesson(cls, lesson: str, rules: Rules | str = "buraco", seed: int = 1, n: int = 5, **kwargs: Any) -> Quiz:
        return cls(topic=str(lesson), lesson=str(lesson), rules=rules, seed=seed, n=n, **kwargs)

    @property
    def progress(self) -> Progress:
        return self._progress if self._progress is not None else Progress.shared()

    def _deal(self, rules: str, seed: int) -> list[Dealt]:
        return deal_quiz(self._topic, rules, seed, self._n, syllabus=self._syllabus)

    def _set_dealt(self, questions: Sequence[Puzzle | Dealt]) -> None:
        self.dealt = [q if isinstance(q, Dealt) else None for q in questions]
        self.comeback = {}
        self._set_puzzles([q.puzzle if isinstance(q, Dealt) else q for q in questions])

    def _make(self, i: int, puzzle: Puzzle) -> MeldPuzzle:
        return MeldPuzzle(puzzle, record=False, another=False, lang=self.lang, progress=self._progress, follow=False,
                          source=self._source)

    def new_quiz(self) -> None:
        self.seed += 1
        self._set_dealt(self._deal(self.rules, self.seed))
        self._show()

    def _on_rules(self, change: Any) -> None:
        try:
            rules = rules_key(change["new"])
        except ValueError as exc:
            self.score_label.value = esc(reason(exc, self.lang))
            return
        self._set_dealt(self._deal(rules, self.seed))
        self._show()

    # -- the retry pool -------------------------------------------------------------------------
    def origin(self, i: int) -> int:
        """The first question that question ``i`` brings back (``i`` itself for a first one)."""
        while i in self.comeback:
            i = self.comeback[i]
        return i

    def _answered(self, i: int, correct: bool | None) -> None:
        missed = correct is False and self.first_try[i] is None
        super()._answered(i, correct)
        if missed:
            self._bring_back(i)

    def _bring_back(self, i: int) -> None:
        """A missed question comes back at the end, as a fresh variant of its item."""
        dealt = self.dealt[i]
        first = self.origin(i)
        back = sum(1 for j in self.comeback if self.origin(j) == first)
        if dealt is None or back >= self.RETRIES:
            return
        try:
            again = retry(dealt, back + 1)
        except ValueError:
            return  # no other variant to deal: the feedback's link still says where to read
        self.dealt.append(again)
        self.puzzles.append(again.puzzle)
        self.right.append(False)
        self.first_try.append(None)
        self.comeback[len(self.puzzles) - 1] = i
        self._show()

    def _show(self) -> None:
        super()._show()
        i = self.index
        if i not in self.comeback or not self.puzzles:
            self.retry_note.value = ""
            return
        missed = self.comeback[i]
        clause = self.puzzles[missed].main_clause
        link, words = teaching_link(clause, self.lang)
        title = CLAUSES[clause].title_message.text(self.lang) if clause else ""
        read = (f" {esc(self._t('widget.retry-read'))} <a href='{esc(link)}'>"
                f"{esc(words)}</a>") if link else ""
        self.retry_note.value = (f"<p class='bw-retry' role='note' style='margin:4px 0;padding:4px 8px;"
                                 f"border-left:4px solid #ef6c00;background:#fff8e1;color:#3e2723'>"
                                 f"{esc(self._t('widget.retry', n=missed + 1, rule=title))}{read}</p>")

    def _done(self) -> None:
        if self.puzzles and all(self.right) and self.lesson:
            self.solved = True
            self.progress.record(self.lesson, self.item)
