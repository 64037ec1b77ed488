"""Teaching: puzzles and quizzes, every answer judged by the engine, every verdict naming its clause.

A :class:`Puzzle` is a value: a ruleset, a hand, melds on the table or a game position, a task
(its kind's typed goal), the clauses of docs/RULES.md it exercises and the tempting wrong answers a
teacher expects. :func:`check` asks the engine whether an answer is right and returns a
:class:`Feedback` made of catalog messages: the clause it turns on (``rule``), why it applies to
these cards, and what would be right, without giving the answer away. :func:`hint` escalates
(the rule, where to look, the answer). Nothing here decides a rule or a point: it only selects
what to ask the engine.

The kinds are registered in one place, :data:`KINDS` (one module each under
:mod:`buraco_core.teach.kinds`); :func:`generate` deals a seeded puzzle of a kind, or one that
exercises a given clause; :func:`get_course` is the course (its lessons, puzzle files, syllabus and
the section that teaches each clause: :mod:`buraco_core.teach.course`), the installed one or a
folder's; :func:`make_quiz` deals a lesson's quiz from its syllabus; :func:`load_puzzles` reads a
teacher's YAML file; a :class:`PuzzleSession` is one puzzle being answered (tries, hints, "another
one", the course's ruleset) and a :class:`QuizSession` a quiz with its retry pool, both without a
widget; :func:`buraco_core.teach.coverage.coverage` proves the lessons cover the rulebook
(``python -m buraco_core check-puzzles lessons/puzzles``).

>>> p = Puzzle(id="demo", kind="make-buraco", rules="buraco",
...            hand=("4h", "5h", "6h", "7h", "8h", "9h", "10h", "Kc"), goal={"buraco": "clean"},
...            clauses=("buraco-clean",))
>>> fb = check(p, "4h 5h 6h 7h 8h 9h 10h")
>>> fb.correct, fb.rule, str(fb.message)
(True, 'buraco-clean', 'Right: run 4♥-10♥: clean buraco, 50 + 200 = 250 points.')
>>> wrong = check(p, "4h 5h 6h Kc")
>>> wrong.rule, str(wrong.message)
('run', 'Not a meld: a run is all one suit and a set all one rank: 4♥ 5♥ 6♥ K♣ are neither.')
>>> str(hint(p))
'The rule (the clean buraco): A buraco without a wild card is clean: a bonus of 200.'
>>> str(check(p, [0, 1, 99]).message)
'There is no card number 100: your hand has 8 cards (numbers 1 to 8).'
"""

from ..messages import Message
from .core import HINT_LEVELS, check, hint, solve, validate, version_in
from .course import Course, get_course
from .explain import explain_allowed, play_words
from .feedback import Feedback, Line
from .files import check_folder, load_puzzle, load_puzzles
from .generate import dealers, generate
from .kinds import KINDS, Kind, Option
from .positions import game_of
from .puzzle import Goal, Puzzle, PuzzleError
from .quizzes import QuizSession
from .session import ANSWER_FORMS, PuzzleSession, SessionError, Situation
from .syllabus import (
    Dealt,
    Item,
    deal_clauses,
    deal_item,
    deal_quiz,
    load_syllabus,
    make_quiz,
    retry,
)

__all__ = [
    "ANSWER_FORMS",
    "HINT_LEVELS",
    "KINDS",
    "Course",
    "Dealt",
    "Feedback",
    "Goal",
    "Item",
    "Kind",
    "Line",
    "Option",
    "Puzzle",
    "PuzzleError",
    "PuzzleSession",
    "QuizSession",
    "SessionError",
    "Situation",
    "check",
    "check_folder",
    "deal_clauses",
    "deal_item",
    "deal_quiz",
    "dealers",
    "explain_allowed",
    "explain_meld",
    "explain_play",
    "game_of",
    "generate",
    "get_course",
    "hint",
    "load_puzzle",
    "load_puzzles",
    "load_syllabus",
    "make_quiz",
    "play_words",
    "retry",
    "solve",
    "validate",
    "version_in",
]


def explain_meld(cards: object, rules: object = "buraco") -> Message:
    """What the engine says about these cards as a meld, as one message (never raises for bad
    cards).

    >>> str(explain_meld("Qs Ks As"))
    'a meld: run Q♠-A♠: 35 points'
    >>> str(explain_meld("Kc Ac 3c"))
    'not a meld: a run never turns the corner: the ace is low (A-2-3) or high (Q-K-A), never both (K-A-2)'
    """
    from ..errors import NotationError, Refusal
    from ..melds import make_meld

    try:
        return Message("explain.is-meld", {"meld": make_meld(cards, rules).description})  # type: ignore[arg-type]
    except (Refusal, NotationError) as e:
        return Message("explain.not-meld", {"why": e.message})


def explain_play(game: object, play: str) -> Message:
    """What the game says about a play now: allowed (and why, and what it leads to) or refused
    (and why), as one message. ``game`` is not changed.

    >>> from buraco_core import Game
    >>> game = Game("buraco", players=4, seed=7)
    >>> str(explain_play(game, "discard JK"))
    'Refused: first draw: take a card from the stock (draw) or take the discard pile (take).'
    """
    refusal = game.why_illegal(play)  # type: ignore[attr-defined]
    if refusal is not None:
        return Message("explain.refused", {"why": refusal.message})
    why, _ = explain_allowed(game, play)
    return Message("explain.allowed", {"why": why})

