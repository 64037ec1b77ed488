"""What every session shares: the error a learner's request meets when it cannot be done now, and
a session's id (what an answer is recorded with)."""

import secrets

from ..errors import LearnerError
from ..messages import Message

__all__ = ["SessionError", "new_session_id"]


class SessionError(LearnerError):
    """What the learner asked for cannot be done now (no other puzzle to deal, not your turn):
    ``message`` says why; ``str(e)`` is English, ``e.explain(lang)`` another language."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)


def new_session_id(kind: str) -> str:
    """A new id for one session (``puzzle``, ``quiz``, ``table``) on one page: what an answer is
    recorded with (:attr:`~buraco_core.teach.learners.mastery.Answer.session`), so that a clause missed
    there is relearned only in another session. Unique across pages and reloads, so not seeded
    (it decides nothing a learner sees)."""
    return f"{kind}-{secrets.token_hex(4)}"
