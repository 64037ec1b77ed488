"""The score pad: a match played with real cards, each hand scored as the game scores its own
(:class:`ScorePad`, the session behind the score pad's page; :mod:`.notation`, a whole hand typed
in one line).

A session: it sits on the sessions' floor beside :mod:`buraco_core.sessions.table` (docs/architecture.md),
over the game's end of hand, which it reuses to score, and the teaching's session error.
"""

from .entry import HandEntry, arranged, meld_fixes
from .pad import ScorePad

__all__ = ["HandEntry", "ScorePad", "arranged", "meld_fixes"]
