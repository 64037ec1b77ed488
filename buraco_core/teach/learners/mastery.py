"""Mastery per clause and spaced review: answers in, states and due dates out.

Every answer a learner gives is an :class:`Answer`: the clause it exercised, the ruleset, how it
went (:class:`Outcome`: right at the first try, right after help, wrong), the variant asked (a
puzzle's id, so that the same question twice is not two fresh ones) and the day it was given.
Nothing here reads a clock: the day of each answer, and ``today`` for a question about due
dates, are passed in, so a test moves the clock by passing another day.

**Mastery.** A clause is *mastered* after :data:`MASTERY_STREAK` (three) first-try answers in a
row on different variants; a wrong answer breaks the row and a mastered clause falls back to
*weak* (it must be earned again). An answer after a hint breaks the row too, but does not take
mastery away: the learner knew where to look. :meth:`ClauseState.level` is one of :data:`LEVELS`.

**Spacing: Leitner boxes.** Each clause sits in a box from 1 to :data:`BOXES`; box ``b`` comes
back after :data:`INTERVALS` ``[b - 1]`` days (1, 3, 7, 14, 30). A first-try answer on a clause
that is due (or new) moves it up a box; the same answer before its due day changes nothing in
the boxes (cramming does not space), although it counts toward mastery. A wrong answer sends it
back to box 1, due at once, and it stays due (and *weak*, "to go over again") until it is
**relearned**: answered right on a fresh variant (not one missed) in a later session (not the
quiz, puzzle or table where it was missed: :attr:`Answer.session`). The same puzzle answered right
after the miss, or the quiz's own retry of it, shows the learner the rule again but does not
prove it learned, so the review deals it that same day. Relearned on the day it was missed, it
stays in box 1 and comes back the next day, as after an answer helped by a hint. (Which clause an
answer counts on: :func:`buraco_core.sessions.puzzle.counted_clause`.)

Why Leitner boxes and not SM-2 or FSRS: a clause gets few answers (a handful
over a course, not hundreds), too few to fit a per-item ease or a memory model; boxes need no
parameters to estimate, behave the same for every learner (a teacher can predict them), fit in
two small numbers per clause, and a learner can be told where a rule stands ("box 3 of 5, again
in a week"). The intervals grow by about two each step, as Leitner's own schedule does, stopping
at a month: a card game's rules are learned over weeks, not years.

**The day.** An answer's day is the learner's own (the browser's local date, not the server's:
a learner east of UTC answers after midnight on the new day), and the review asks about the
same day, so a miss is due on the day the learner made it, wherever the kernel runs.

**Rulesets.** Answers are recorded per clause and ruleset. A ruleset that reads a clause like
another (:meth:`~buraco_core.clauses.Clause.reading`: a run is a run in every ruleset) shares
their answers, so mastering runs in Classic Buraco masters them in Italian Burraco too, while
card values are mastered once per way of counting them.

>>> from datetime import date
>>> day = date(2026, 12, 1)
>>> answers = [Answer("run", "buraco", Outcome.FIRST, f"run-{i}", day) for i in range(3)]
>>> s = fold("run", answers)
>>> s.level, s.streak, s.box, s.due
('mastered', 3, 1, datetime.date(2026, 12, 2))
>>> s = fold("run", [*answers, Answer("run", "italian", Outcome.WRONG, "run-9", day)])
>>> s.level, s.box, s.is_due(day)
('weak', 1, True)
>>> again = Answer("run", "buraco", Outcome.HELPED, "run-9", day, session="quiz-1")    # the same puzzle, right
>>> fold("run", [*answers, Answer("run", "italian", Outcome.WRONG, "run-9", day, session="quiz-1"), again]).is_due(day)
True
>>> review = Answer("run", "buraco", Outcome.FIRST, "run-10", day, session="review-1")   # relearned in the review
>>> s = fold("run", [*answers, Answer("run", "italian", Outcome.WRONG, "run-9", day, session="quiz-1"), again, review])
>>> s.level, s.is_due(day), s.due
('learning', False, datetime.date(2026, 12, 2))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta

from ...clauses import CLAUSES, shares_answers
from ...errors import LearnerError
from ...jsondata import JsonObject
from ...rules import Rules
from ...variants import get_rules
from ..puzzles.feedback import Outcome, outcome_of

__all__ = [
    "BOXES",
    "INTERVALS",
    "LEVELS",
    "MASTERY_STREAK",
    "Answer",
    "ClauseState",
    "Outcome",
    "RecordError",
    "clause_states",
    "fold",
    "mixed_plan",
    "next_due",
    "outcome_of",
    "review_plan",
]

class RecordError(LearnerError):
    """A learner's record (or an answer in it) that cannot be read: ``message`` says what is wrong
    in any language of the catalog (``record.<key>``); ``str()`` is the English sentence."""

    def __init__(self, key: str, /, **params: object) -> None:
        super().__init__(f"record.{key}", **params)


#: First-try answers in a row, on different variants, that master a clause.
MASTERY_STREAK = 3
#: Days until a clause in box 1, 2, ... comes back.
INTERVALS: tuple[int, ...] = (1, 3, 7, 14, 30)
BOXES = len(INTERVALS)
#: The levels a clause can be at, from nothing to mastered.
LEVELS = ("new", "weak", "learning", "mastered")


@dataclass(frozen=True)
class Answer:
    """One answer: the clause and ruleset, the outcome, the variant asked, the learner's day.

    ``at`` orders answers of one day (milliseconds since 1970, from the learner's clock), ``id``
    tells two answers apart when two pages of one browser merge what they recorded; ``lesson``
    and ``source`` (``puzzle``, ``quiz``, ``game``, ``review``, ``assignment``) say where it was
    given. ``mistake`` names the puzzle's named mistake a wrong answer made (the key of its
    ``mistakes:`` entry, :func:`buraco_core.teach.puzzles.mistakes.named_mistake`; "" where none
    matched), ``assignment`` the assignment it answered (:attr:`buraco_core.teach.learners.assignment.Assignment.id`),
    ``session`` the session it was given in (one puzzle, quiz or table on one page: a missed clause is
    relearned only in another one; "" in records older than sessions).
    """

    clause: str
    rules: str
    outcome: Outcome
    variant: str
    day: date
    at: int = 0
    id: str = ""
    lesson: str = ""
    source: str = ""
    mistake: str = ""
    assignment: str = ""
    session: str = ""

    def to_json(self) -> JsonObject:
        """The answer as a JSON object (what the browser keeps; ``mistake``, ``assignment`` and ``session``
        only where they are given)."""
        out: JsonObject = {"id": self.id, "clause": self.clause, "rules": self.rules, "outcome": self.outcome.value,
                               "variant": self.variant, "day": self.day.isoformat(), "at": self.at,
                               "lesson": self.lesson, "source": self.source}
        if self.mistake:
            out["mistake"] = self.mistake
        if self.assignment:
            out["assignment"] = self.assignment
        if self.session:
            out["session"] = self.session
        return out

    @classmethod
    def from_json(cls, data: object) -> Answer:
        """An answer from :meth:`to_json`; ValueError says what is wrong with it."""
        if not isinstance(data, Mapping):
            raise RecordError("answer-object", value=repr(data))
        missing = [k for k in ("clause", "rules", "outcome", "variant", "day") if k not in data]
        if missing:
            raise RecordError("answer-lacks", fields=", ".join(missing))
        clause = data["clause"]
        if clause not in CLAUSES:
            raise RecordError("answer-clause", value=repr(clause))
        try:
            outcome = Outcome(data["outcome"])
        except ValueError:
            raise RecordError("answer-outcome", outcomes=", ".join(o.value for o in Outcome),
                              value=repr(data["outcome"])) from None
        try:
            day = date.fromisoformat(str(data["day"]))
        except ValueError:
            raise RecordError("answer-day", value=repr(data["day"])) from None
        at = data.get("at", 0)
        if not isinstance(at, int) or isinstance(at, bool):
            raise RecordError("answer-at", value=repr(at))
        texts = {k: data.get(k, "") for k in ("rules", "variant", "id", "lesson", "source", "mistake", "assignment",
                                              "session")}
        for key, value in texts.items():
            if not isinstance(value, str):
                raise RecordError("answer-text", key=repr(key), value=repr(value))
        return cls(str(clause), texts["rules"], outcome, texts["variant"], day, at, texts["id"], texts["lesson"],
                   texts["source"], texts["mistake"], texts["assignment"], texts["session"])


@dataclass(frozen=True)
class ClauseState:
    """Where a clause stands for a learner: counts, the row of first-try answers, mastery, the
    Leitner box (0 before any answer) and the day it is due again (None before any answer)."""

    clause: str
    answers: int = 0
    first: int = 0
    helped: int = 0
    wrong: int = 0
    streak: int = 0
    mastered: bool = False
    box: int = 0
    due: date | None = None
    last: date | None = None
    last_outcome: Outcome | None = None
    missed: date | None = None
    """The day of the last wrong answer."""
    pending: bool = False
    """Missed and not relearned yet (answered right on a fresh variant in a later session): due."""
    fresh: frozenset[str] = field(default=frozenset(), repr=False)
    """The variants of the current row (a variant counts once in a row)."""
    missed_in: frozenset[str] = field(default=frozenset(), repr=False)
    """The variants and sessions of the misses not relearned yet (a right answer there relearns nothing)."""

    @property
    def level(self) -> str:
        """``new`` (never answered), ``weak`` (missed and not relearned yet), ``mastered``, or
        ``learning``."""
        if not self.answers:
            return "new"
        if self.pending:
            return "weak"
        return "mastered" if self.mastered else "learning"

    def is_due(self, today: date) -> bool:
        """Whether the clause is due for review on ``today`` (never before its first answer)."""
        return self.due is not None and self.due <= today

    def relearns(self, answer: Answer) -> bool:
        """Whether a right ``answer`` relearns the missed clause: a fresh variant, in another
        session than the misses (an answer of a record older than sessions: a fresh variant)."""
        return f"v:{answer.variant}" not in self.missed_in and (
            not answer.session or f"s:{answer.session}" not in self.missed_in)

    def after(self, answer: Answer) -> ClauseState:
        """The state after one more answer (see the module docstring for the rules)."""
        first, helped, wrong = self.first, self.helped, self.wrong
        day = answer.day
        pending, missed_in = self.pending, self.missed_in
        if answer.outcome is Outcome.WRONG:
            pending = True
            missed_in = missed_in | {f"v:{answer.variant}"} | ({f"s:{answer.session}"} if answer.session else set())
        elif pending and self.relearns(answer):
            pending, missed_in = False, frozenset()
        if answer.outcome is Outcome.FIRST:
            fresh = answer.variant not in self.fresh
            streak = self.streak + 1 if fresh else self.streak
            variants = self.fresh | {answer.variant}
            mastered = self.mastered or streak >= MASTERY_STREAK
            if pending:  # missed, not relearned: due as it was
                box, due = 1, self.due
            elif self.box == 0 or day == self.missed:  # new, or relearned the day it was missed
                box, due = 1, day + timedelta(days=INTERVALS[0])
            elif self.due is None or day >= self.due:
                box = min(self.box + 1, BOXES)
                due = day + timedelta(days=INTERVALS[box - 1])
            else:  # before its day: mastery counts it, the boxes do not
                box, due = self.box, self.due
        elif answer.outcome is Outcome.HELPED:
            streak, variants, mastered = 0, frozenset(), self.mastered
            box, due = max(self.box, 1), (self.due if pending else day + timedelta(days=1))
        else:
            streak, variants, mastered = 0, frozenset(), False
            box, due = 1, day if self.due is None or not self.pending else min(self.due, day)
        missed = day if answer.outcome is Outcome.WRONG else self.missed
        if answer.outcome is Outcome.FIRST:
            first += 1
        elif answer.outcome is Outcome.HELPED:
            helped += 1
        else:
            wrong += 1
        return replace(self, answers=self.answers + 1, streak=streak, fresh=variants, mastered=mastered, box=box,
                       due=due, last=day if self.last is None or day > self.last else self.last,
                       last_outcome=answer.outcome, missed=missed, first=first, helped=helped, wrong=wrong,
                       pending=pending, missed_in=missed_in)


def fold(clause: str, answers: Iterable[Answer]) -> ClauseState:
    """The state of ``clause`` after ``answers`` (in the order given; others' clauses skipped)."""
    state = ClauseState(clause)
    for answer in answers:
        if answer.clause == clause:
            state = state.after(answer)
    return state


def _in_order(answers: Iterable[Answer]) -> list[Answer]:
    """Answers by day, then time; the order given where both agree."""
    return sorted(answers, key=lambda a: (a.day, a.at))


def clause_states(answers: Iterable[Answer], rules: Rules | str) -> dict[str, ClauseState]:
    """Every clause that ``rules`` plays by (rulebook order) and where it stands, from the
    answers that count for that ruleset (:func:`~buraco_core.clauses.shares_answers`)."""
    rules = get_rules(rules)
    ordered = _in_order(answers)
    out: dict[str, ClauseState] = {}
    for clause, c in CLAUSES.items():
        if c.applies(rules):
            out[clause] = fold(clause, (a for a in ordered if a.clause == clause
                                        and shares_answers(clause, a.rules, rules)))
    return out


def review_plan(states: Mapping[str, ClauseState], today: date, n: int = 6) -> list[str]:
    """The clauses a review session deals on ``today``, at most ``n``: the weak ones first (the
    longest missed first), then those due, the longest overdue and the lowest box first."""
    due = [s for s in states.values() if s.is_due(today)]
    order = list(CLAUSES)
    due.sort(key=lambda s: (s.level != "weak", s.due or today, s.box, order.index(s.clause)))
    return [s.clause for s in due[:n]]


def next_due(states: Mapping[str, ClauseState], today: date) -> tuple[date, int] | None:
    """The next day after ``today`` on which clauses fall due, and how many; None when no clause
    has been answered."""
    later = sorted(s.due for s in states.values() if s.due is not None and s.due > today)
    if not later:
        return None
    return later[0], later.count(later[0])


def mixed_plan(states: Mapping[str, ClauseState], seed: int, n: int = 6,
               can_deal: Sequence[str] | None = None) -> list[str]:
    """Clauses for mixed practice when nothing is due: seeded, the ones being learned and the
    new ones before the mastered, never one twice; ``can_deal`` limits them to those a puzzle
    can be dealt for."""
    allowed = [c for c in states if can_deal is None or c in can_deal]
    rng = random.Random(f"mixed/{seed}/{','.join(allowed)}")
    groups: dict[int, list[str]] = {}
    rank = {"weak": 0, "learning": 0, "new": 1, "mastered": 2}
    for clause in allowed:
        groups.setdefault(rank[states[clause].level], []).append(clause)
    out: list[str] = []
    for key in sorted(groups):
        group = groups[key]
        rng.shuffle(group)
        out += group
    return out[:n]
