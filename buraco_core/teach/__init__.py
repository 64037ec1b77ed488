"""Teaching: puzzles and quizzes, every answer judged by the engine, every verdict naming its clause.

A :class:`Puzzle` is a value: a ruleset, a hand, melds on the table or a game position, a task
(its kind's typed goal), the clauses of docs/RULES.md it exercises and the tempting wrong answers a
teacher expects. :func:`check` asks the engine whether an answer is right and returns a
:class:`Feedback` made of catalog messages: the clause it turns on (``rule``), why it applies to
these cards, and what would be right, without giving the answer away. :func:`hint` escalates
(the rule, where to look, the answer). Nothing here decides a rule or a point: it only selects
what to ask the engine.

This face names what a lesson, a teacher's script and a widget read first: the puzzle, its kinds
(:data:`KINDS`) and its judge (:func:`check`, :func:`hint`, :func:`solve`, :func:`generate`), the
course (:func:`get_course`) and its puzzle files (:func:`load_puzzles`, :func:`check_folder`), and
the lessons' questions (:func:`asked_meld`, :func:`asked_play`). The rest is named by the face of
its own floor: :mod:`buraco_core.teach.puzzles` (dealing, the named mistakes, explanations),
:mod:`buraco_core.teach.course` (lessons, syllabus and quizzes, coverage),
:mod:`buraco_core.teach.learners` and :mod:`buraco_core.teach.audit`; a puzzle or a quiz being
answered is a session, a floor up (:mod:`buraco_core.sessions`).

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

from collections.abc import Iterable

from ..cards import Card, parse_cards
from ..display import said
from ..errors import NotationError, Refusal
from ..game.facade import Game
from ..melds import make_meld
from ..messages import Message
from ..narrate import play_words
from ..rules import Rules
from ..variants import get_rules
from .course import get_course
from .course.files import check_folder, load_puzzle, load_puzzles
from .puzzles import KINDS, Feedback, Kind, Puzzle, PuzzleError, check, explain_allowed, generate, hint, solve

__all__ = ["KINDS", "Feedback", "Kind", "Puzzle", "PuzzleError", "asked_meld", "asked_play", "check", "check_folder",
           "explain_meld", "explain_play", "generate", "get_course", "hint", "load_puzzle", "load_puzzles", "said",
           "solve"]


def explain_meld(cards: str | Iterable[Card | str], rules: Rules | str = "buraco") -> Message:
    """What the engine says about these cards as a meld, as one message (never raises for bad
    cards).

    >>> str(explain_meld("Qs Ks As"))
    'a meld: run Q♠-A♠: 35 points'
    >>> str(explain_meld("Kc Ac 3c"))
    'not a meld: a run never turns the corner: the ace is low (A-2-3) or high (Q-K-A), never both (K-A-2)'
    """
    try:
        return Message("explain.is-meld", {"meld": make_meld(cards, rules).description})
    except (Refusal, NotationError) as e:
        return Message("explain.not-meld", {"why": e.message})


def explain_play(game: Game, play: str) -> Message:
    """What the game says about a play now: allowed (and why, and what it leads to) or refused
    (and why), as one message. ``game`` is not changed.

    >>> from buraco_core import Game
    >>> game = Game("buraco", players=4, seed=7)
    >>> str(explain_play(game, "discard JK"))
    'Refused: first draw: take a card from the stock or take the discard pile.'
    """
    refusal = game.why_illegal(play)
    if refusal is not None:
        return Message("explain.refused", {"why": refusal.message})
    why, _ = explain_allowed(game, play)
    return Message("explain.allowed", {"why": why})


def asked_meld(cards: str | Iterable[Card | str], rules: Rules | str = "buraco") -> tuple[Message, Message]:
    """The question "is this a meld?" (the cards, the ruleset) and the engine's verdict
    (:func:`explain_meld`), to show with :func:`buraco_core.display.said`."""
    shown: str | Iterable[Card | str]
    try:
        shown = tuple(parse_cards(cards))
    except NotationError:
        shown = cards  # as written: the verdict says what is not a card
    return (Message("explain.asked-meld", {"cards": shown, "rules": get_rules(rules)}),
            explain_meld(shown, rules))


def asked_play(game: Game, play: str) -> tuple[Message, Message]:
    """The question "may you make this play now?", the play in words, and the game's verdict
    (:func:`explain_play`), to show with :func:`buraco_core.display.said`."""
    view = game.view(game.perspective)
    return (Message("explain.asked-play", {"play": play_words(game.parse(play), view.team)}),
            explain_play(game, play))
