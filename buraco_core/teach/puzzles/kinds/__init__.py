"""The puzzle kinds, registered in one place: :data:`KINDS`.

Each kind is one module of this package and one :class:`Kind` object: its typed goal, the form
of its answer (cards from the hand, a meld and cards, a choice, a number), how the engine checks
an answer, solves the puzzle and deals a fresh one, and the clauses its generator can deal. The
widgets and the puzzle files ask a kind through this registry; nothing else handles a kind by
name.

============== ========= =========================================================================
kind           answer    task
============== ========= =========================================================================
make-meld      cards     make a meld (a run or a set, with or without a wild card, the wild card in
                         a gap or at an end)
make-buraco    cards     make a buraco of a kind (clean, dirty, semi-clean, royal, ace-to-ace)
extend         extend    add cards to a meld on the table
predict        choice    say what a meld becomes: where its wild card goes, or what kind it is now
which-is-meld  choice    which group is a meld (or is not one, or is clean)
meld-value     number    the points of a meld
score          number    a side's score for a hand
deal-count     number    how many cards are left after the deal
seats          choice    who is your partner, who plays first, who deals next
legal-play     choice    is this play allowed here?
outcome        choice    what happens after this play (the pot, the end of the hand)?
match          choice    what happens to the match after the last play of a hand
best-play      choice    which of these plays is best here (the coach's evaluation decides)
============== ========= =========================================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .base import Kind, Option
from .best_play import BEST_PLAY
from .deal_count import DEAL_COUNT
from .extend import EXTEND
from .legal_play import LEGAL_PLAY
from .make_buraco import MAKE_BURACO
from .make_meld import MAKE_MELD
from .match import MATCH
from .meld_value import MELD_VALUE
from .outcome import OUTCOME
from .predict import PREDICT
from .score import SCORE
from .seats import SEATS
from .which_meld import WHICH_MELD

__all__ = ["KINDS", "Kind", "Option"]

#: Every puzzle kind by name, in the order the lessons meet them.
KINDS: Mapping[str, Kind] = MappingProxyType({k.name: k for k in (
    MAKE_MELD, MAKE_BURACO, EXTEND, PREDICT, WHICH_MELD, MELD_VALUE, SCORE, DEAL_COUNT, SEATS,
    LEGAL_PLAY, OUTCOME, MATCH, BEST_PLAY)})
