"""Feedback: the engine's verdict on an answer, made of catalog messages.

A :class:`Feedback` names the clause of docs/RULES.md its verdict turns on (``rule``: for a wrong
answer the clause broken, for a right one the clause exercised), says why it applies to these
cards (``reason``) and, for a wrong answer, what would be right (``advice``: the rule in a
learner's words, as the puzzle's ruleset plays it, and where to look in this puzzle), without
giving the answer away. Points come itemized as :class:`Line` values,
each with its clause and, for cards, card by card. Nothing in it is finished prose: every part
is a :class:`~buraco_core.messages.Message`, so ``fb.explain("de")`` works once a German
catalog exists.

A :class:`~buraco_core.sessions.puzzle.PuzzleSession` hands back the same Feedback with what the
page needs beside the verdict: the lesson section to read again (``link``), the meld to draw
(``drawing``), how the answer counts toward mastery (``outcome``), the learner's answer as shown
beside the engine's count (``your_answer``), and whether the count may be shown yet
(``shows_count``: once right, or once the answer was shown).

>>> from buraco_core.teach import Puzzle, check
>>> p = Puzzle(id="demo", kind="make-meld", rules="buraco", hand=("4h", "5h", "6h", "9c"))
>>> fb = check(p, "4h 5h 9c")
>>> fb.correct, fb.rule, str(fb.message)
(False, 'run', 'Not a meld: a run is all one suit and a set all one rank: 4♥ 5♥ 9♣ are neither.')
>>> str(fb.advice)
'A run is three or more cards of one suit in sequence. The ace is low (A-2-3) or high (Q-K-A); a run never turns the corner (K-A-2). Look at your hearts: which of them follow each other?'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from ...clauses import CLAUSES, Clause
from ...melds import Meld
from ...messages import Message
from ...rules import RULESETS, Rules
from ...variants import meaning
from .lesson_link import Link

__all__ = ["RULE_FIELDS", "Feedback", "Line", "Outcome", "join", "outcome_of", "pick_rule", "rule_text"]


class Outcome(str, enum.Enum):
    """How an answer went."""

    FIRST = "first"
    """Right at the first try, without a hint."""
    HELPED = "helped"
    """Right after a hint or after an earlier wrong try."""
    WRONG = "wrong"
    """Wrong (or right only once the answer was shown, at the first try)."""


def outcome_of(correct: bool, tries: int, hints: int, revealed: bool) -> Outcome:
    """The outcome of one check of a puzzle: ``tries`` counts this one (1 is the first),
    ``hints`` the hints seen before it, ``revealed`` whether one of them showed the answer.

    An answer entered after the answer was shown is no success: at the first try it is a miss,
    after a wrong try (already recorded as the miss) it counts as helped.

    >>> outcome_of(True, 1, 0, False), outcome_of(True, 1, 1, False), outcome_of(False, 1, 0, False)
    (<Outcome.FIRST: 'first'>, <Outcome.HELPED: 'helped'>, <Outcome.WRONG: 'wrong'>)
    >>> outcome_of(True, 1, 3, True), outcome_of(True, 2, 3, True)
    (<Outcome.WRONG: 'wrong'>, <Outcome.HELPED: 'helped'>)
    """
    if not correct:
        return Outcome.WRONG
    if revealed:
        return Outcome.WRONG if tries <= 1 else Outcome.HELPED
    return Outcome.FIRST if tries <= 1 and not hints else Outcome.HELPED


def join(*parts: Message | None) -> Message:
    """The messages one after the other, as one message (None parts left out)."""
    present = [p for p in parts if p is not None]
    if not present:
        return Message("teach.nothing")
    out = present[0]
    for part in present[1:]:
        out = Message("teach.join", {"first": out, "then": part})
    return out


@dataclass(frozen=True)
class Line:
    """One itemized line of a count: ``label``, ``points``, the ``rule`` (clause) it applies and,
    for a line of cards, ``detail`` (card by card)."""

    label: Message
    points: int
    rule: str | None = None
    detail: Message | None = None


@dataclass(frozen=True)
class Feedback:
    """The engine's verdict.

    ``correct``; ``rule``: the clause id the verdict turns on (None when the answer could not be
    read: ``answered`` is then False and nothing was judged); ``verdict`` (``"Right:"``,
    ``"Not a meld:"``), ``reason`` (why, for these cards), ``advice`` (what would be right, never
    the answer itself); ``lines``: the engine's itemized count, where points matter; ``meld``: the
    meld the answer made, if any; ``clauses``: every clause the engine's answer turns
    on, the most specific first (``rule`` is the one of them the puzzle exercises); ``sums``: the
    lines add up to one count (False where they are several sides' counts: no total).

    Set by a session (:class:`~buraco_core.sessions.puzzle.PuzzleSession`), empty from
    :func:`~buraco_core.teach.check` alone: ``link`` (the course's
    :class:`~buraco_core.teach.course.Link` to the lesson section that teaches ``rule``, in the
    session's language, for a wrong answer), ``drawing`` (the meld to draw beside the verdict, where the kind draws
    one), ``outcome`` (the answer's :class:`~buraco_core.teach.learners.mastery.Outcome` on its clause),
    ``your_answer`` (the learner's answer as shown beside the count), ``shows_count`` (the lines
    may be shown: they no longer give the answer away). ``mistake``: for a wrong answer that makes
    one of the puzzle's named mistakes, its key (:func:`buraco_core.teach.puzzles.mistakes.named_mistake`),
    to record with the answer (set by :func:`~buraco_core.teach.check`).
    """

    correct: bool
    verdict: Message
    reason: Message | None = None
    advice: Message | None = None
    rule: str | None = None
    lines: tuple[Line, ...] = ()
    meld: Meld | None = None
    answered: bool = True
    clauses: tuple[str, ...] = ()
    sums: bool = True
    link: Link | None = None
    drawing: Meld | None = None
    outcome: Outcome | None = None
    your_answer: str = ""
    shows_count: bool = False
    mistake: str | None = None

    @property
    def message(self) -> Message:
        """The verdict and its reason, as one message (``str()`` is English)."""
        return join(self.verdict, self.reason)

    @property
    def clause(self) -> Clause | None:
        return CLAUSES.get(self.rule) if self.rule else None

    @property
    def total(self) -> int | None:
        """The sum of the lines, or None without lines (or lines that do not add up to one count)."""
        return sum(line.points for line in self.lines) if self.lines and self.sums else None

    def explain(self, lang: str = "en") -> str:
        """The whole feedback in ``lang``: verdict, reason and advice."""
        return join(self.verdict, self.reason, self.advice).text(lang)

    def __str__(self) -> str:
        return self.message.text("en")

    def __bool__(self) -> bool:
        return self.correct


def pick_rule(candidates: Sequence[str], clauses: Sequence[str]) -> str | None:
    """The clause a verdict names: of the clauses the engine's answer turns on (``candidates``,
    the most specific first), the most specific one the puzzle exercises (``clauses``), else the
    most specific of all.

    >>> pick_rule(["wild-place", "wild-one", "run"], ["run", "wild-one"])
    'wild-one'
    >>> pick_rule(["run"], ["set"])
    'run'
    """
    for clause in candidates:
        if clause in clauses:
            return clause
    return candidates[0] if candidates else None


#: The fields of :class:`~buraco_core.rules.Rules` whose values a clause's sentence states (its
#: numbers, its limits, how it is played): a house variant that changes one of them plays the
#: clause its own way, so :func:`rule_text` says the variant's rule instead of the rulebook's.
RULE_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "deck": ("decks", "jokers"),
    "deal": ("hand_size", "pots", "pot_size"),
    "set-brazilian": ("set_max_cards", "set_distinct_suits"),
    "no-sets": ("allow_sets",),
    "run-places": ("ace_to_ace",),
    "meld-owner": ("meld_on_any",),
    "card-values": ("card_values",),
    "buraco": ("min_buraco",),
    "buraco-clean": ("clean_bonus",),
    "buraco-semi-clean": ("semi_clean_bonus",),
    "buraco-dirty": ("dirty_bonus",),
    "buraco-royal": ("royal_bonus",),
    "ace-to-ace": ("ace_to_ace", "ace_to_ace_bonus"),
    "worked-example": ("clean_bonus", "dirty_bonus", "card_values"),
    "draw": ("discard_take",),
    "draw-dig": ("discard_take",),
    "draw-top-card": ("discard_take",),
    "single-take": ("single_take_no_discard",),
    "wild-last-discard": ("wild_last_discard_guard",),
    "discard-pile": ("initial_discard", "discard_open"),
    "pot": ("pot_size", "direct_pot"),
    "pot-indirect": ("indirect_pot",),
    "no-direct-pot": ("direct_pot",),
    "pot-to-stock": ("stock_end",),
    "pot-guard": ("pot_guard",),
    "turn-guard": ("going_out",),
    "going-out": ("going_out", "out_needs_clean", "out_needs_pot"),
    "stock-end": ("stock_end",),
    "hand-score": ("going_out_bonus", "pot_not_taken_penalty"),
    "pot-unused": ("pot_unused_penalty",),
    "score-alone": ("partnerships",),
    "match-end": ("target",),
    "match-tie": ("tie",),
    "seats": ("partnerships",),
})

#: What a clause says besides the values a house variant changes (its numbers come after it,
#: as the variant plays them); a clause not named here is said by the values alone.
_HOUSE_CORE = {
    "buraco-clean": "feedback.house-core.buraco-clean",
    "buraco-semi-clean": "feedback.house-core.buraco-semi-clean",
    "buraco-dirty": "feedback.house-core.buraco-dirty",
    "buraco-royal": "feedback.house-core.buraco-royal",
    "ace-to-ace": "feedback.house-core.ace-to-ace",
    "worked-example": "feedback.house-core.worked-example",
    "hand-score": "feedback.house-core.hand-score",
    "match-end": "feedback.house-core.match-end",
}


def house_fields(clause: str, rules: Rules) -> tuple[str, ...]:
    """The fields of ``clause``'s sentence that ``rules`` (a house variant) plays differently from
    its preset; empty for a preset, or where the variant leaves the clause as the rulebook says."""
    preset = RULESETS.get(rules.name)
    fields = RULE_FIELDS.get(clause, ())
    if preset is None or rules == preset:
        return ()
    return tuple(f for f in fields if getattr(rules, f) != getattr(preset, f))


def rule_text(clause: str, rules: Rules) -> Message:
    """The clause in a learner's words as ``rules`` play it: the rulebook's sentence, or for a
    house variant that changes what the sentence states, the variant's own rule (every value the
    sentence states, as the variant has it); a clause the rulebook words for several rulesets at
    once as this one reads it (:meth:`~buraco_core.clauses.Clause.text_for`).

    >>> from buraco_core.variants import get_rules
    >>> str(rule_text("buraco-clean", get_rules("buraco")))
    'A buraco without a wild card is clean: a bonus of 200.'
    >>> str(rule_text("buraco-clean", get_rules("buraco+clean_bonus=300")))
    'A buraco without a wild card is clean. In Classic Buraco, house rules: A clean buraco scores 300 bonus points.'
    >>> str(rule_text("card-values", get_rules("fechado")))
    'Each card has a value. In Buraco Fechado: twos 10, aces 15, threes to sevens 5 each, eights to kings 10 each.'
    >>> str(rule_text("set-brazilian", get_rules("buraco+set_max_cards=4")))
    'In Classic Buraco, house rules: A set holds at most 4 cards. A set may hold cards of the same suit.'
    """
    if not house_fields(clause, rules):
        return CLAUSES[clause].text_for(rules)
    values = join(*(meaning(f, getattr(rules, f), vars(rules)) for f in RULE_FIELDS[clause]))
    house = Message("feedback.house-rule", {"rules": rules, "values": values})
    core = _HOUSE_CORE.get(clause)
    return join(Message(core), house) if core else house
