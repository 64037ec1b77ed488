"""Checking, solving, hinting and validating a puzzle: the kind does the work (see
:mod:`buraco_core.teach.puzzles.kinds`); these functions make every answer a Feedback, never an
exception."""

from __future__ import annotations

import dataclasses
import logging

from ...cards import parse_cards
from ...clauses import CLAUSES
from ...errors import NotationError, learner_message
from ...melds import InvalidMeld, make_meld
from ...messages import Message
from ...rules import Rules, RulesError
from ...variants import get_rules
from .answers import BadAnswer
from .feedback import Feedback, join, rule_text
from .kinds import KINDS
from .mistakes import named_mistake
from .positions import position_in
from .puzzle import Puzzle, PuzzleError

_LOG = logging.getLogger(__name__)

__all__ = ["HINT_LEVELS", "check", "hint", "solve", "validate", "version_in"]

#: How many hints a puzzle gives: the rule, where to look, the answer (which reveals it).
HINT_LEVELS = 3


def check(puzzle: Puzzle, answer: object) -> Feedback:
    """The engine's verdict on ``answer`` (its form depends on the kind: see
    :mod:`buraco_core.teach.puzzles.kinds`). A wrong answer names its clause, as the puzzle's ruleset
    plays it, and where to look in this puzzle (the kind's second hint); never the right answer,
    which only the last hint gives.

    Never raises for a bad answer: the Feedback says what was wrong and what is allowed, with
    ``answered`` False (nothing was judged). A wrong answer that makes one of the puzzle's named
    mistakes carries its key (``mistake``), to be recorded with the answer.
    """
    kind = KINDS.get(puzzle.kind)
    if kind is None:
        return Feedback(False, Message("teach.unknown-kind", {"kind": puzzle.kind, "kinds": ", ".join(KINDS)}),
                        answered=False)
    try:
        rules = get_rules(puzzle.rules)
        fb = kind.check(puzzle, rules, answer)
        if not fb.correct and fb.answered and kind.look_on_miss:
            look = kind.look(puzzle)  # what to look at in this position, never the answer
            if look is not None and look != fb.reason:
                fb = dataclasses.replace(fb, advice=join(fb.advice, look))
        if not fb.correct and fb.answered and puzzle.mistakes:
            fb = dataclasses.replace(fb, mistake=named_mistake(puzzle, answer))
        return fb
    except BadAnswer as e:
        return Feedback(False, e.message, answered=False)
    except (RulesError, InvalidMeld, PuzzleError, NotationError, KeyError, ValueError) as e:
        # the error's own sentence, in the learner's language; a teacher's file error (PuzzleError)
        # is the teacher's text; a bug goes to the log, the page says the trainer met one
        said: object = str(e) if isinstance(e, PuzzleError) else learner_message(e, _LOG, f"checking {puzzle.id}")
        return Feedback(False, Message("teach.broken", {"error": said}), answered=False)


def solve(puzzle: Puzzle) -> object | None:
    """One right answer, found by asking :func:`check`; None if there is none.

    Card answers come back as lists of card codes; extend as ``(meld_index, codes)``; choices as
    the option's value.
    """
    kind = KINDS.get(puzzle.kind)
    return None if kind is None else kind.solve(puzzle)


def hint(puzzle: Puzzle, level: int = 1) -> Message:
    """A hint, escalating with ``level``: 1 the rule (the puzzle's main clause in a learner's
    words, as the puzzle's ruleset plays it), 2 where to look (the puzzle's own hint, or its
    kind's pointer read from this puzzle's cards or position), 3 the answer itself, with its
    reason for a choice (a puzzle solved after that is not counted as solved)."""
    kind = KINDS.get(puzzle.kind)
    if level <= 1:
        clause = CLAUSES[puzzle.main_clause or (kind.clause if kind is not None else "turn")]
        return Message("hint.rule", {"title": clause.title_message, "text": rule_text(clause.id, puzzle.ruleset)})
    if level == 2:
        if isinstance(puzzle.hint, Message):
            return puzzle.hint
        return kind.where(puzzle) if kind is not None else Message("hint.where.any")
    answer = solve(puzzle)
    if kind is None or answer is None:
        return Message("hint.no-answer")
    return kind.show_answer(puzzle, answer)


def validate(puzzle: Puzzle, *, play_out: bool = True) -> str | None:
    """Why the puzzle is malformed or impossible (for the teacher), or None if it is sound:
    it has exactly one kind of right answer the engine accepts, its clauses apply in its
    ruleset, and every mistake it names is wrong with feedback naming one of its clauses.

    Without ``play_out``, a puzzle whose kind :attr:`~buraco_core.teach.puzzles.kinds.base.Kind.plays_out`
    (best-play) is checked up to its answer: what a kernel reads of a course's own files, which
    ``check-puzzles`` and their tests check whole (for best-play, about 0.1 s a puzzle)."""
    kind = KINDS.get(puzzle.kind)
    if kind is None:
        return f"unknown kind {puzzle.kind!r}: choose one of {', '.join(KINDS)}"
    try:
        rules = get_rules(puzzle.rules)
    except RulesError as e:
        return str(e)
    try:
        parse_cards(list(puzzle.hand))
    except ValueError as e:
        return f"hand: {e}"
    for i, text in enumerate(puzzle.table):
        try:
            make_meld(text, rules)
        except InvalidMeld as e:
            return f"table meld {i + 1} ({text}) is not a meld under {rules.name}: {e}"
        except ValueError as e:
            return f"table meld {i + 1}: {e}"
    for clause in puzzle.clauses:
        if not CLAUSES[clause].applies(rules):
            return f"clause {clause!r} does not apply in {rules.name} (it applies in {', '.join(CLAUSES[clause].rulesets)})"
    try:
        problem = kind.problems(puzzle, rules)
        if problem:
            return problem
        if kind.plays_out and not play_out:
            return None
        problem = kind.answer_problems(puzzle, rules)
        if problem:
            return problem
        answer = kind.solve(puzzle)
    except (ValueError, KeyError) as e:
        return f"cannot be solved: {e}"
    if answer is None:
        return f"impossible: no answer from this hand is right ({_goal_words(puzzle)})"
    fb = check(puzzle, answer)
    if not fb.correct:
        return f"the engine's own answer {answer!r} is judged wrong: {fb}"
    if puzzle.clauses and fb.rule not in puzzle.clauses:
        return (f"the right answer {answer!r} gets feedback naming {fb.rule!r}, not one of the puzzle's clauses "
                f"({', '.join(puzzle.clauses)}): {fb}")
    for mistake in puzzle.mistakes:
        fb = check(puzzle, mistake)
        if fb.correct:
            return f"mistake {mistake!r} is right by the engine: {fb}"
        if not fb.answered:
            return f"mistake {mistake!r} is not an answer of this kind: {fb}"
        if puzzle.clauses and fb.rule not in puzzle.clauses:
            return (f"mistake {mistake!r} gets feedback naming {fb.rule!r}, not one of the puzzle's clauses "
                    f"({', '.join(puzzle.clauses)}): {fb}")
    return None


def version_in(puzzle: Puzzle, rules: Rules | str) -> Puzzle | None:
    """The same puzzle under another ruleset, or None where it has none.

    The same puzzle: the same cards and task (a position played under ``rules``), every clause
    it exercises played by ``rules`` as well, sound there (:func:`validate`, the named mistakes
    still wrong for one of its clauses), and the right answer here still right there. A puzzle
    about its own ruleset (``own_rules``: its file names the ruleset) has no version in another.

    >>> from buraco_core.teach import Puzzle
    >>> p = Puzzle(id="p", kind="make-buraco", rules="buraco", goal={"buraco": "clean"},
    ...            hand=("4h", "5h", "6h", "7h", "8h", "9h", "10h", "Kc"), clauses=("buraco-clean",))
    >>> version_in(p, "italian").rules, version_in(p, "fechado").rules
    ('italian', 'fechado')
    >>> v = Puzzle(id="v", kind="meld-value", rules="buraco", table=("8h 9h 10h",))
    >>> version_in(v, "brazilian") is None   # face values: another answer, so another puzzle
    True
    """
    rules = get_rules(rules)
    if rules.name == puzzle.rules:
        return puzzle
    kind = KINDS.get(puzzle.kind)
    if puzzle.own_rules or kind is None or not all(CLAUSES[c].applies(rules) for c in puzzle.clauses):
        return None

    moved = position_in(puzzle, rules.name) if kind.shows_position else dataclasses.replace(puzzle, rules=rules.name)
    if moved is None:
        return None
    try:
        if isinstance(puzzle.prompt, Message) and puzzle.prompt == kind.prompt(puzzle):
            moved = dataclasses.replace(moved, prompt=kind.prompt(moved))  # the kind's words, for these rules
        answer = solve(puzzle)
        if answer is None or validate(moved) is not None or not check(moved, answer).correct:
            return None
    except (ValueError, KeyError, PuzzleError):
        return None
    return moved


def _goal_words(puzzle: Puzzle) -> str:
    goal = dict(puzzle.goal)
    if puzzle.kind == "make-buraco":
        return f"no {goal.get('buraco', 'any')} buraco under {puzzle.rules}"
    return ", ".join(f"{k}={v}" for k, v in goal.items()) or puzzle.kind
