"""ScoreQuiz: a finished hand to score, a :class:`MeldPuzzle` of the ``score`` kind.

>>> from buraco_widgets import Progress, ScoreQuiz
>>> q = ScoreQuiz.from_hand(["4h 5h 6h 7h 8h 9h 10h"], "3c 8d", went_out=False, took_pot=True, progress=Progress())
>>> q.number.value = 235; q.check(), q.feedback.total
(True, 235)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from buraco_core import Meld, Rules, format_cards, make_meld
from buraco_core.sessions import PuzzleSession
from buraco_core.teach import Puzzle

from ._common import as_cards, rules_key
from .puzzle import MeldPuzzle

__all__ = ["ScoreQuiz"]


class ScoreQuiz(MeldPuzzle):
    """A finished hand: the side's melds, the cards left in its players' hands, whether it went out
    and took its pot. The learner enters the side's score; the feedback shows the engine's
    itemized lines (:func:`buraco_core.score_side`), once right or once the answer is shown.

    ``ScoreQuiz.generate(rules="buraco", seed=4)``, ``ScoreQuiz.from_puzzle(p)`` or
    ``ScoreQuiz.from_hand(["4h 5h 6h 7h 8h 9h 10h"], "3c 8d", went_out=False, took_pot=True)``.
    """

    def __init__(self, puzzle: Puzzle | PuzzleSession, **kwargs: Any) -> None:
        kind = (puzzle.puzzle if isinstance(puzzle, PuzzleSession) else puzzle).kind
        if kind != "score":
            raise ValueError(f"a ScoreQuiz shows a 'score' puzzle, not a {kind!r} one")
        super().__init__(puzzle, **kwargs)

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle, **kwargs: Any) -> ScoreQuiz:
        return cls(puzzle, **kwargs)

    @classmethod
    def generate(cls, kind: str | None = "score", rules: Rules | str = "buraco", seed: int = 1,
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
        table = tuple(format_cards((m if isinstance(m, Meld) else make_meld(m, rules_name)).cards) for m in melds)
        goal = {"went_out": went_out, "took_pot": took_pot, "pot_unused": pot_unused}
        puzzle = Puzzle(id=item, kind="score", rules=rules_name, hand=tuple(c.code for c in as_cards(hand)),
                        table=table, goal=goal)
        return cls(puzzle, item=item, **kwargs)
