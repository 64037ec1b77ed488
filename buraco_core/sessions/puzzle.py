"""A teaching session: one puzzle being answered (:class:`PuzzleSession`), with no widget (a quiz
of them is a :class:`~buraco_core.sessions.quiz.QuizSession`).

A session holds what happens while a learner works: the tries, the hints seen, whether the answer
was shown, what was solved, "another one" dealt from the next seed, the course's ruleset followed,
A widget only shows
a session: it hands over the learner's answer (in the form of the puzzle's kind, one of
:data:`ANSWER_FORMS`) and draws the :class:`Situation` and the :class:`~buraco_core.teach.Feedback`
it gets back, which already carries the lesson section to read again, the meld to draw and the
answer's outcome for mastery. Nothing here decides a rule: every verdict is
:func:`~buraco_core.teach.check`'s.

>>> from buraco_core.teach import generate, solve
>>> s = PuzzleSession(generate("make-buraco", "buraco", 3, buraco="clean"), lesson="03")
>>> s.item, s.situation().form, s.situation().hand[:3]
('practice-make-buraco', 'cards', ('4s', '6s', '9d'))
>>> fb = s.check(["6h", "6c", "6d"])                   # a set, not a buraco
>>> fb.correct, fb.rule, fb.outcome.value, fb.shows_count
(False, 'buraco', 'wrong', False)
>>> fb = s.check(solve(s.puzzle))
>>> fb.correct, fb.outcome.value, s.solved, s.attempts[-1].solved, str(fb.drawing)
(True, 'helped', True, True, '6♠ 6♠ 6♥ 6♦ 6♦ 6♣ 6♣')
>>> s.another().seed, s.tries
(4, 0)
"""

from __future__ import annotations

import dataclasses
import logging
import os
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import parse_cards
from ..clauses import CLAUSES
from ..errors import learner_message
from ..game.view import View
from ..jsondata import JsonObject, whole
from ..messages import Message
from ..rules import Rules
from ..teach.course import Course, Link, get_course
from ..teach.learners.mastery import Outcome, outcome_of
from ..teach.puzzles.core import HINT_LEVELS, check, hint, version_in
from ..teach.puzzles.feedback import Feedback
from ..teach.puzzles.generate import generate
from ..teach.puzzles.kinds import KINDS, Kind, Option
from ..teach.puzzles.kinds.base import Params, text_param
from ..teach.puzzles.positions import game_of
from ..teach.puzzles.puzzle import Puzzle, own_words
from ..variants import get_rules, rules_text
from .base import SessionError, new_session_id

__all__ = ["ANSWER_FORMS", "AnswerForm", "Attempt", "PuzzleSession", "Situation", "counted_clause", "lesson_link",
           "why"]

_LOG = logging.getLogger(__name__)

#: How many seeds "Another one" tries past the current one before it gives up.
ANOTHER_TRIES = 20

#: What the Hint button offers before each level of hint (:attr:`PuzzleSession.hint_offer`).
_HINT_OFFER = {1: "widget.hint", 2: "widget.hint-more", 3: "widget.hint-answer"}


def counted_clause(puzzle: Puzzle, rule: str | None, correct: bool, asked: str | None = None) -> str | None:
    """The clause an answer counts on for mastery: a wrong answer on the rule its verdict names
    (``rule``), where the puzzle exercises that rule (choosing "back to the hand" in a puzzle
    about where a joker moves misses *a wild card stays on the table*); else the clause the
    question was asked for (``asked``: the review's, the quiz item's), the puzzle's own (its
    first), or the verdict's."""
    if not correct and rule and (rule in puzzle.clauses or rule == asked):
        return rule
    return asked or puzzle.main_clause or rule


def why(error: BaseException, doing: str = "") -> Message:
    """An error as a message parameter: the engine's own message where it has one (shown in the
    page's language); a bug goes to the log with its traceback (``doing``: what failed), the page
    says it met an error of its own (:func:`~buraco_core.errors.learner_message`)."""
    return learner_message(error, _LOG, doing)


@dataclass(frozen=True)
class AnswerForm:
    """One form of answer a kind takes (:attr:`Kind.form`): ``how`` (the catalog key of what to
    do), ``picks`` (the parts of the situation the learner picks the answer from: ``hand``,
    ``table``), ``empty`` (the catalog key said when nothing is given yet; None: the kind says
    it), ``echoed`` (the learner's answer is shown beside the engine's count)."""

    name: str
    how: str
    picks: frozenset[str] = frozenset()
    empty: str | None = None
    echoed: bool = False


#: Every form of answer, by name: a widget finds its input for a puzzle here by the kind's form.
ANSWER_FORMS: Mapping[str, AnswerForm] = {f.name: f for f in (
    AnswerForm("cards", "widget.how.cards", frozenset({"hand"})),
    AnswerForm("extend", "widget.how.extend", frozenset({"table", "hand"})),
    AnswerForm("choice", "widget.how.choice", empty="widget.choose-first"),
    AnswerForm("number", "widget.how.number", echoed=True),
)}


#: A course given by itself, by its folder, or None: the installed course.
CourseLike = Course | str | os.PathLike[str] | None


def lesson_link(clause: str | None, course: CourseLike = None, lang: str = "en", *,
                topic: str | None = None) -> Link | None:
    """The link to the lesson section of ``course`` that teaches ``clause``, its words in ``lang``
    (:meth:`Course.link <buraco_core.teach.course.Course.link>`), or None where no lesson teaches it;
    with ``topic`` (a topic of play, :meth:`Kind.topic <buraco_core.teach.Kind.topic>`), the
    section about that topic where a lesson has one (:meth:`~buraco_core.teach.course.Course.topic_link`)."""
    found = get_course(course)
    link = found.topic_link(topic, lang) if topic else Link("", "")
    if not link.href:
        link = found.link(clause, lang)
    return link if link.href else None


_TABLE = Message("widget.table")
_HAND = Message("widget.your-hand")
_POINTS = Message("widget.points")


@dataclass(frozen=True)
class Situation:
    """What a learner sees of a puzzle, as data a view draws: the task (``prompt``, ``how``), the
    ruleset (``ruleset``; ``only_in`` where the learner's ruleset has no version of it), the
    ``facts``, a game ``position`` (the seat's view; ``broken`` says why it cannot be drawn) or the
    ``table``'s melds, the ``hand`` and the ``added`` cards shown, and what the answer is made of:
    ``form`` (a key of :data:`ANSWER_FORMS`; ``""`` for an unknown kind, whose ``problem`` says so),
    ``options`` (a choice's), ``number_label`` (what a number answer counts: points, cards), ``meld`` (the meld the task adds to, already chosen), ``ends`` (the
    ends of a run the learner may send the wild card to, where the task asks for one:
    :meth:`~buraco_core.teach.Kind.ends`; the answer then carries the end chosen)."""

    prompt: Message | None
    ruleset: Message
    form: str
    how: Message | None = None
    only_in: Message | None = None
    problem: Message | None = None
    facts: tuple[Message, ...] = ()
    position: View | None = None
    broken: Message | None = None
    rules: str = "buraco"
    table: tuple[str, ...] = ()
    table_label: Message = _TABLE
    reveal_table: bool = True
    hand: tuple[str, ...] = ()
    hand_label: Message = _HAND
    added: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    meld: int | None = None
    ends: tuple[Option, ...] = ()
    number_label: Message = _POINTS

    @property
    def picks(self) -> frozenset[str]:
        """The parts the learner picks the answer from (``hand``, ``table``)."""
        form = ANSWER_FORMS.get(self.form)
        return form.picks if form is not None else frozenset()

    @property
    def default_meld(self) -> int | None:
        """The meld an addition goes to when the learner picks none: the task's, or the only one."""
        if self.meld is not None:
            return self.meld
        return 0 if len(self.table) == 1 else None


@dataclass(frozen=True)
class Attempt:
    """One judged answer: the clause the verdict turned on (``rule``) and the one it counts on for
    mastery (``clause``: :func:`counted_clause`), the ruleset, right or wrong, the
    hints seen before it, whether the answer had been shown, the try (1 the first), its
    ``outcome``, whether it solved the puzzle (right without the answer shown), the puzzle's
    named mistake a wrong answer made (``mistake``: its key, "" where none matched) and the
    session it was given in (``session``: :attr:`PuzzleSession.id`)."""

    rule: str
    clause: str | None
    rules: str
    correct: bool
    hints: int
    revealed: bool
    tries: int
    puzzle: str
    lesson: str
    outcome: Outcome
    solved: bool
    mistake: str = ""
    session: str = ""

    @property
    def first_try(self) -> bool:
        return self.tries == 1 and not self.hints

    def to_dict(self) -> JsonObject:
        """The attempt as a widget's ``verdict`` shows it."""
        return {"rule": self.rule, "rules": self.rules, "correct": self.correct, "hints": self.hints,
                "revealed": self.revealed, "tries": self.tries, "first_try": self.first_try,
                "puzzle": self.puzzle, "lesson": self.lesson}


def _deal(kind: str, rules: str, seed: int, params: Params) -> Puzzle:
    """A generated puzzle of ``kind``, or of the clause ``params["clause"]`` names."""
    clause = text_param(params, "clause")
    params = {k: v for k, v in params.items() if k != "clause"}
    return generate(None if clause else kind, rules, seed, clause=clause, **params)


class PuzzleSession:
    """One puzzle being answered: ``PuzzleSession(puzzle, lesson="03")``.

    :meth:`check` judges an answer and counts the try; :meth:`hint` gives the next hint (the last
    shows the answer: a puzzle solved after it is not counted as solved); :meth:`another` deals a
    fresh seeded puzzle of the same kind; :meth:`in_ruleset` follows the learner's ruleset.
    ``puzzle`` is the puzzle now, ``rules`` the ruleset the learner wants (the puzzle's own where
    it has a version in it), ``item`` what :class:`Progress` records it as, ``attempts`` every
    judged answer. Callables given to :meth:`listen` are called after every judged answer.
    ``id`` is the session's (its answers are recorded with it: a quiz's questions share the quiz's,
    ``session``), ``clause`` the clause the question was asked for (a review's, a quiz item's:
    what a right answer counts on, :func:`counted_clause`).
    """

    def __init__(self, puzzle: Puzzle, *, params: Params | None = None, lesson: str = "",
                 item: str | None = None, source: str = "puzzle", course: CourseLike = None,
                 lang: str = "en", session: str | None = None, clause: str | None = None) -> None:
        self.puzzle = puzzle
        self.generated = puzzle.source is None and puzzle.seed is not None
        """A generated puzzle (dealt again in another ruleset), not a teacher's."""
        kind = self.kind
        self.params: dict[str, object] = dict(params) if params is not None else (
            kind.goal_params(puzzle) if kind is not None else {})
        self.lesson = str(lesson)
        self.source = source
        """Where its answers are given: ``puzzle``, ``quiz``, ``review``."""
        self.id = session if session is not None else new_session_id(source or "puzzle")
        self.clause = clause
        self.course = course
        """The course whose lessons the feedback links (default: the installed one)."""
        self.lang = lang
        """The language of the link's words."""
        self.rules = puzzle.rules
        self.item = item if item is not None else ("practice-" + puzzle.kind if self.generated else puzzle.id)
        self.attempts: list[Attempt] = []
        self.solved_ids: set[str] = set()
        self._listeners: list[Callable[[PuzzleSession, Feedback], None]] = []
        self._start(puzzle)

    @classmethod
    def generate(cls, kind: str | None, rules: Rules | str = "buraco", seed: int = 1, *, clause: str | None = None,
                 params: Params | None = None, **options: Any) -> PuzzleSession:
        """A session of a fresh seeded puzzle of ``kind`` (the generator's ``params``, e.g.
        ``{"buraco": "clean"}``), or of one that exercises ``clause``; "another one" deals the same
        again. ``options`` as for the constructor (``lesson``, ``item``, ``lang``, ...)."""
        params = dict(params or {})
        puzzle = generate(kind, rules, seed, clause=clause, **params)
        if clause is not None:
            params["clause"] = clause
        return cls(puzzle, params=params, **options)

    def _start(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.rules = puzzle.rules
        self.tries = 0
        self.hints = 0
        self.revealed = False
        self.correct: bool | None = None
        """The last verdict (None before any)."""
        self.solved = False
        self.hint_lines: list[Message] = []
        """The hints shown so far, each with its label ("Hint 1 of 3: ...")."""

    @property
    def kind(self) -> Kind | None:
        return KINDS.get(self.puzzle.kind)

    @property
    def form(self) -> AnswerForm | None:
        kind = self.kind
        return ANSWER_FORMS.get(kind.form) if kind is not None else None

    def listen(self, callback: Callable[[PuzzleSession, Feedback], None]) -> None:
        """Call ``callback(session, feedback)`` after every judged answer."""
        self._listeners.append(callback)

    def recall(self, solved: Collection[str]) -> bool:
        """Take the learner's record, the items it has ``solved``: a teacher's puzzle solved on an
        earlier visit is solved here too (a generated one is fresh practice each time). Returns
        whether the puzzle now counts as solved."""
        if not self.generated and self.item in solved:
            self.solved = True
        return self.solved

    @property
    def standing(self) -> str:
        """Where the learner stands with the puzzle now: ``solved`` (right without the answer
        shown, or on an earlier visit), ``shown`` (right, but with the answer shown), or ``""``."""
        if self.solved:
            return "solved"
        return "shown" if self.correct and self.revealed else ""

    def label(self) -> Message:
        """The words of this puzzle's entry in the learner's progress."""
        if self.generated:
            return Message("widget.progress.practice", {"what": Message(f"widget.kind.{self.puzzle.kind}")})
        kind = self.kind
        clause = self.puzzle.main_clause or (kind.clause if kind is not None else None)
        return CLAUSES[clause].title_message if clause is not None else own_words(self.puzzle.id)

    # -- what the learner sees --------------------------------------------------------------------
    def situation(self) -> Situation:
        """The puzzle as the learner sees it now (:class:`Situation`)."""
        p = self.puzzle
        kind = self.kind
        ruleset = Message("widget.ruleset", {"rules": get_rules(p.rules)})
        prompt = p.prompt if isinstance(p.prompt, Message) else None
        only_in = (Message("widget.only-in", {"rules": get_rules(p.rules), "wanted": get_rules(self.rules)})
                   if self.rules != p.rules else None)
        if kind is None:
            return Situation(prompt, ruleset, "", only_in=only_in, rules=p.rules,
                             problem=Message("teach.unknown-kind", {"kind": p.kind, "kinds": ", ".join(KINDS)}))
        form = ANSWER_FORMS[kind.form]
        position: View | None = None
        broken: Message | None = None
        facts: tuple[Message, ...] = ()
        try:
            if kind.shows_position:
                game = game_of(p)
                position = game.view(game.perspective)
            facts = kind.facts(p)
        except Exception as exc:  # a broken position: the page says why (validate() tells the teacher)
            broken = why(exc, f"showing puzzle {p.id}")
        shown_hand = "hand" in form.picks or (bool(p.hand) and not kind.shows_position)
        added = () if shown_hand or kind.shows_position else tuple(
            c.code for c in parse_cards(str(p.goal.get("add", ""))))
        meld = p.goal.get("meld") if "table" in form.picks else None
        return Situation(
            prompt, ruleset, kind.form, how=Message(form.how), only_in=only_in, facts=facts, position=position,
            broken=broken, rules=p.rules, table=() if kind.shows_position else p.table,
            table_label=Message(kind.table_label), reveal_table=kind.reveal_table,
            hand=p.hand if shown_hand else (), hand_label=Message(kind.hand_label), added=added,
            options=kind.options(p) if form.name == "choice" else (), meld=None if meld is None else whole(meld),
            ends=kind.ends(p), number_label=Message(kind.number_label))

    # -- the learner's actions --------------------------------------------------------------------
    def check(self, answer: object) -> Feedback:
        """The engine's verdict on ``answer`` (in the form of the kind), counted as a try when it
        could be judged: the Feedback carries the section to read again (a wrong answer's), the
        meld to draw, the outcome on its clause for mastery, and whether its count may show."""
        form = self.form
        if answer is None and form is not None and form.empty is not None:
            return Feedback(False, Message(form.empty), answered=False)
        try:
            fb = check(self.puzzle, answer)
        except Exception as exc:  # the page shows the engine's message, never a traceback; the log the bug
            return Feedback(False, Message("widget.could-not-check", {"error": why(exc, f"checking puzzle {self.puzzle.id}")}),
                            answered=False)
        if not fb.answered:
            return fb
        self.tries += 1
        outcome = outcome_of(fb.correct, self.tries, self.hints, self.revealed)
        solved = fb.correct and not self.revealed
        attempt = Attempt(fb.rule or "", counted_clause(self.puzzle, fb.rule, fb.correct, self.clause), self.puzzle.rules,
                          fb.correct, self.hints, self.revealed, self.tries, self.puzzle.id, self.lesson, outcome, solved,
                          fb.mistake or "", self.id)
        self.attempts.append(attempt)
        self.correct = fb.correct
        if solved:
            self.solved = True
            self.solved_ids.add(self.puzzle.id)
        kind = self.kind
        echoed = form is not None and form.echoed and not isinstance(answer, bool)
        fb = dataclasses.replace(
            fb, outcome=outcome, shows_count=fb.correct or self.revealed,
            link=None if fb.correct else lesson_link(fb.rule, self.course, self.lang,
                                                     topic=kind.topic(self.puzzle) if kind is not None else None),
            drawing=fb.meld if kind is not None and kind.draws_meld else None,
            your_answer=str(answer) if echoed else "")
        for callback in self._listeners:
            callback(self, fb)
        return fb

    @property
    def next_hint(self) -> int | None:
        """The level of the next hint (1 the rule, 2 where to look, 3 the answer), or None when
        there is none left (or the puzzle is answered right)."""
        return None if self.hints >= HINT_LEVELS or self.correct else self.hints + 1

    @property
    def hint_offer(self) -> Message:
        """What the Hint button offers next: a hint, another hint, the answer."""
        return Message(_HINT_OFFER.get(self.hints + 1, "widget.hint-answer"))

    def hint(self) -> Message | None:
        """The next hint (None when none is left); the last one shows the answer."""
        level = self.next_hint
        if level is None:
            return None
        try:
            text = hint(self.puzzle, level)
        except Exception as exc:  # the page says there is no hint; the log has the bug
            text = Message("widget.no-hint", {"error": why(exc, f"the hint for puzzle {self.puzzle.id}")})
        self.hints = level
        self.revealed = self.revealed or level >= HINT_LEVELS
        self.hint_lines.append(Message("widget.hint-line", {
            "label": Message("widget.hint-label", {"n": level, "of": HINT_LEVELS}), "hint": text}))
        return text

    def another(self) -> Puzzle:
        """Deal the next seed's puzzle of the same kind (or clause) in the learner's ruleset, never
        the one shown nor one solved here; :class:`SessionError` says why there is none."""
        seed = (self.puzzle.seed if self.puzzle.seed is not None else 0) + 1
        error: Exception | None = None
        for params in (self.params, {}):
            for step in range(ANOTHER_TRIES):
                try:
                    puzzle = _deal(self.puzzle.kind, self.rules, seed + step, params)
                except ValueError as exc:
                    error = exc
                    break
                if puzzle.id in self.solved_ids or puzzle == self.puzzle:
                    continue
                self.generated = True
                self.params = dict(params)
                self._start(puzzle)
                return puzzle
        raise SessionError(Message("widget.no-other", {"error": why(error) if error else ""}))

    def in_ruleset(self, rules: Rules | str) -> Message | None:
        """Follow the learner's ruleset ``rules``: a generated puzzle is dealt again there, a
        teacher's shown there when it is the same puzzle (:func:`version_in`), else it stays in its
        own (its :class:`Situation` says so). Returns what to tell the learner, or None."""
        wanted = rules_text(get_rules(rules))
        self.rules = wanted
        if wanted == self.puzzle.rules:
            return None
        if not self.generated:
            moved = version_in(self.puzzle, wanted)
            if moved is None:
                return None
        else:
            seed = self.puzzle.seed if self.puzzle.seed is not None else 1
            error: Exception | None = None
            for params in (self.params, {}):
                try:
                    moved = _deal(self.puzzle.kind, wanted, seed, params)
                except ValueError as exc:
                    error = exc
                    continue
                self.params = dict(params)
                break
            else:
                return Message("widget.no-version", {"rules": get_rules(wanted), "error": why(error) if error else ""})
        self._start(moved)
        return Message("widget.now-in", {"rules": get_rules(wanted)})
