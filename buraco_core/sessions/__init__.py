"""Sessions: what happens while a learner works on one page, with no widget: a puzzle being
answered (:class:`PuzzleSession`), a quiz with its retry pool (:class:`QuizSession`), a hand at the
table with the coach (:class:`TableSession`), a match scored with real cards (:class:`ScorePad`), a dispute at a real
table answered by the engine (:class:`RefereeSession`).

A session keeps the tries, hints, moves and what was recorded; every verdict, point and legal move
is the engine's or the teaching's below it (docs/architecture.md: the sessions' floor sits over
``teach``, the players, the render and the engine; the widgets over it only show a session).
"""

from .base import SessionError
from .puzzle import ANSWER_FORMS, PuzzleSession, Situation
from .quiz import RETRIES, QuizSession
from .referee import GALLERY, PLAY_NAMES, RefereeSession, Verdict
from .scorepad import ScorePad
from .scorepad.entry import arranged, meld_fixes
from .scorepad.notation import hand_text, read_card
from .table import Move, TableSession

__all__ = [
    "ANSWER_FORMS",
    "GALLERY",
    "PLAY_NAMES",
    "RETRIES",
    "Move",
    "PuzzleSession",
    "QuizSession",
    "RefereeSession",
    "ScorePad",
    "SessionError",
    "Situation",
    "TableSession",
    "Verdict",
    "arranged",
    "hand_text",
    "meld_fixes",
    "read_card",
]
