"""The puzzles: a :class:`Puzzle` (a ruleset, a hand or a position, a task of its kind), its kinds
(:data:`KINDS`, one module each under :mod:`.kinds`), judging (:func:`check`, :func:`hint`,
:func:`solve`), the :class:`Feedback` a verdict is made of, dealing and generating, the named
mistakes and the explanations of a play. Nothing here knows a course, a learner or an audit
(the floors above: docs/architecture.md).
"""

from .core import HINT_LEVELS, check, hint, solve, validate, version_in
from .explain import explain_allowed
from .feedback import Feedback, Outcome
from .generate import dealers, generate
from .kinds import KINDS, Kind, Option
from .positions import game_of
from .puzzle import Puzzle, PuzzleError, read_kinds

read_kinds(KINDS)  # a puzzle finds its kind by name here, below the kinds (each reads a Puzzle)

__all__ = [
    "HINT_LEVELS",
    "KINDS",
    "Feedback",
    "Kind",
    "Option",
    "Outcome",
    "Puzzle",
    "PuzzleError",
    "check",
    "dealers",
    "explain_allowed",
    "game_of",
    "generate",
    "hint",
    "solve",
    "validate",
    "version_in",
]
