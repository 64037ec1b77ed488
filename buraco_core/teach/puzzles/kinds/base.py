"""What every puzzle kind provides (:class:`Kind`), and the helpers the kinds share to build a
verdict.

A kind never decides a rule: it asks the engine (``make_meld``, ``Meld.extend``, ``score_side``,
the game) and turns the engine's answer into a :class:`~buraco_core.teach.Feedback`: the clause
it turns on, why, and what would be right.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal, TypeAlias

from ....melds import Meld
from ....memo import Bounded
from ....messages import Message
from ....rules import Rules
from ..feedback import Feedback, Line, join, pick_rule, rule_text
from ..puzzle import Goal, Puzzle

__all__ = ["Form", "Kind", "Option", "Params", "int_param", "right", "text_param", "wrong"]

#: Where to look, per kind and puzzle (:meth:`Kind.look`).
_LOOKS: Bounded[tuple[str, Puzzle], tuple[Message | None]] = Bounded("kinds.look", 512)

Form = Literal["cards", "extend", "choice", "number"]

Params: TypeAlias = Mapping[str, object]
"""A generator's parameters (:meth:`Kind.generate`): a syllabus item's ``params``, keywords to
:func:`~buraco_core.teach.puzzles.generate`, a puzzle's task kept for "Another one"; each kind reads the
names of its :attr:`Kind.params`, and a value as the kind needs it (:func:`text_param`,
:func:`int_param`)."""


def text_param(params: Params, name: str) -> str | None:
    """The parameter ``name`` where it is a text (``shape: wild-moves``), None where it is not
    given; a ValueError names a value of another type."""
    value = params.get(name)
    if value is None or isinstance(value, str):
        return value
    raise ValueError(f"the parameter {name} is {value!r}: a text is expected")


def int_param(params: Params, name: str) -> int | None:
    """The parameter ``name`` where it is a whole number (``players: 4``), None where it is not
    given; a ValueError names a value of another type."""
    value = params.get(name)
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise ValueError(f"the parameter {name} is {value!r}: a whole number is expected")


@dataclass(frozen=True)
class Option:
    """One choice of a choice puzzle: the ``value`` :func:`check` takes, the ``label`` shown, and
    ``cards`` to draw (card codes; empty for a choice in words)."""

    value: str | int
    label: Message
    cards: tuple[str, ...] = ()


def right(puzzle: Puzzle, candidates: Sequence[str], reason: Message | None, *,
          lines: Sequence[Line] = (), meld: Meld | None = None, verdict: str = "feedback.right") -> Feedback:
    """A right answer's feedback: the clause exercised (see :func:`pick_rule`)."""
    return Feedback(True, Message(verdict), reason, None, pick_rule(candidates, puzzle.clauses),
                    tuple(lines), meld, clauses=tuple(candidates))


def wrong(puzzle: Puzzle, candidates: Sequence[str], verdict: Message | str, reason: Message | None, *,
          advice: Message | None = None, look: Message | None = None, lines: Sequence[Line] = (),
          meld: Meld | None = None) -> Feedback:
    """A wrong answer's feedback: the clause broken, why, and (by default) the clause in the
    learner's words as what would be right (as the puzzle's ruleset plays it), followed by
    ``look``: where to look in this puzzle (the second hint's pointer), never the answer."""
    rule = pick_rule(candidates, puzzle.clauses)
    if advice is None and rule is not None:
        advice = rule_text(rule, puzzle.ruleset)
    if look is not None:
        advice = join(advice, look)
    return Feedback(False, Message(verdict) if isinstance(verdict, str) else verdict, reason, advice,
                    rule, tuple(lines), meld, clauses=tuple(candidates))


class Kind:
    """One kind of puzzle. Subclasses set the class attributes and the methods they need."""

    name: ClassVar[str]
    goal_type: ClassVar[type[Goal]]
    form: ClassVar[Form]
    clause: ClassVar[str]
    """The clause the kind exercises when a puzzle names none."""
    shows_position: ClassVar[bool] = False
    """The puzzle is a game position (drawn as the table)."""
    reveal_table: ClassVar[bool] = True
    """The table's melds show their kind and points (False where the points are the question)."""
    draws_meld: ClassVar[bool] = False
    """The verdict draws the meld the answer made (``Feedback.meld``: the learner's own cards)."""
    hand_label: ClassVar[str] = "widget.your-hand"
    """The catalog key of the words above the puzzle's hand."""
    table_label: ClassVar[str] = "widget.table"
    """The catalog key of the words above the puzzle's melds."""
    number_label: ClassVar[str] = "widget.points"
    """The catalog key of the words beside a number answer's box (what the number counts)."""
    params: ClassVar[frozenset[str]] = frozenset()
    """The generator's parameters."""
    keeps: ClassVar[tuple[str, ...]] = ()
    """Goal keys that are also generator parameters ("Another one" keeps them)."""
    plays_out: ClassVar[bool] = False
    """The answer is found by playing the position out in sampled deals (the coach's
    :func:`~buraco_core.coach.compare`, about a tenth of a second a puzzle): reading a course's own
    puzzle files, which their tests check whole, leaves it to the first check
    (:func:`~buraco_core.teach.puzzles.core.validate`'s ``play_out``)."""
    look_on_miss: ClassVar[bool] = True
    """A wrong answer's advice ends with where to look (:meth:`look`); a kind whose wrong answers
    name the slip itself (a count) says where to look only when it finds none."""

    # ---- the puzzle
    def prepare(self, puzzle: Puzzle) -> Puzzle:
        """The puzzle with what its kind shows filled in (a position's hand and melds)."""
        return puzzle

    def prompt(self, puzzle: Puzzle) -> Message:
        """The task in words, when the puzzle gives none."""
        return Message("teach.solve-this")

    def problems(self, puzzle: Puzzle, rules: Rules) -> str | None:
        """Why the puzzle is malformed (for the teacher), before it is solved; None if sound."""
        return None

    def answer_problems(self, puzzle: Puzzle, rules: Rules) -> str | None:
        """Why the puzzle has no fair answer, which only finding it shows (a close call); None if
        it has one. For a kind that :attr:`plays_out`, as costly as solving it."""
        return None

    def options(self, puzzle: Puzzle) -> tuple[Option, ...]:
        """The choices of a choice puzzle."""
        return ()

    def ends(self, puzzle: Puzzle) -> tuple[Option, ...]:
        """The ends of a run a learner may send the wild card to, where the task asks for one
        (an answer's third part; empty for every task that does not ask)."""
        return ()

    def topic(self, puzzle: Puzzle) -> str | None:
        """The topic of play the puzzle is about where it is no rule (a strategy position's task):
        a wrong answer's link then opens the section about it
        (:meth:`~buraco_core.teach.course.Course.topic_link`); None: the section of its clause."""
        return None

    def facts(self, puzzle: Puzzle) -> tuple[Message, ...]:
        """Facts of the situation shown under the task (a score's "the side went out")."""
        return ()

    # ---- answers
    def check(self, puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
        raise NotImplementedError

    def solve(self, puzzle: Puzzle) -> object | None:
        """One right answer, found by asking :meth:`check`; None if there is none."""
        raise NotImplementedError

    def tempting(self, puzzle: Puzzle) -> tuple[object, ...]:
        """Wrong answers a learner might give (a generated puzzle's mistakes): for a choice
        puzzle every option but the right one."""
        if self.form != "choice":
            return ()
        right_answer = self.solve(puzzle)
        return tuple(o.value for o in self.options(puzzle) if o.value != right_answer)

    def where(self, puzzle: Puzzle) -> Message:
        """The second hint: where to look in this puzzle (never the answer)."""
        return Message("hint.where.any")

    def look(self, puzzle: Puzzle) -> Message | None:
        """:meth:`where`, for a wrong answer's feedback: None where the puzzle cannot say it
        (a broken position; :func:`~buraco_core.teach.validate` says what is wrong). Remembered
        per puzzle (a value): every wrong answer to it points at the same things."""
        try:
            known = _LOOKS.get((self.name, puzzle))
        except TypeError:  # a puzzle holding something unhashable: asked afresh
            known = None
        if known is not None:
            return known[0]
        try:
            found: Message | None = self.where(puzzle)
        except (ValueError, KeyError):
            found = None
        with contextlib.suppress(TypeError):
            _LOOKS.put((self.name, puzzle), (found,))
        return found

    def show_answer(self, puzzle: Puzzle, answer: object) -> Message:
        """The answer in words (the last hint, which reveals it)."""
        return Message("hint.answer-text", {"answer": str(answer)})

    def answer_and_why(self, puzzle: Puzzle, answer: object, choice: Message) -> Message:
        """The last hint of a choice puzzle: the answer (``choice``, its label) and the reason the
        engine gives a learner who chose it."""
        fb = self.check(puzzle, puzzle.ruleset, answer)
        if not fb.correct or fb.reason is None:
            return Message("hint.answer-choice", {"choice": choice})
        # a label in words ends its sentence ("A clean buraco."); a seat or a play ("seat 2",
        # "discard the K♣") gets its full stop here, before the reason
        closed = choice.text("en").rstrip().endswith((".", "!", "?"))
        return Message("hint.answer-why" if closed else "hint.answer-why-stop", {"choice": choice, "why": fb.reason})

    # ---- generating
    def generate(self, rng: random.Random, rules: Rules, params: Params) -> Puzzle | None:
        """A candidate puzzle (id and seed are set by the caller), or None to deal again."""
        raise ValueError(f"no generator for kind {self.name!r}")

    def deals(self, rules: Rules) -> Mapping[str, Sequence[Params]]:
        """The clauses this kind's generator can deal under ``rules``, each with the parameters
        that deal it."""
        return {}

    def goal_params(self, puzzle: Puzzle) -> dict[str, object]:
        """The generator parameters that keep this puzzle's task ("Another one")."""
        return {k: puzzle.goal[k] for k in self.keeps if k in puzzle.goal}

    def __repr__(self) -> str:
        return f"<puzzle kind {self.name}>"
