"""What every session shares: the error a learner's request meets when it cannot be done now, and
a session's id (what an answer is recorded with)."""

import secrets

from ..errors import LearnerError
from ..messages import Message

__all__ = ["SessionError", "new_session_id", "variant_text"]


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


def variant_text(text: str) -> str:
    """A house-rules link's variant text (``...#variant=buraco+target=1505``), or the text itself:
    how a page's ruleset box reads what the house-rules panel shared (the score pad, the referee).

    >>> variant_text("https://example.org/11_house_rules.html#variant=buraco%2Btarget%3D1505")
    'buraco+target=1505'
    >>> variant_text("italian")
    'italian'
    """
    from urllib.parse import unquote

    if "variant=" in text and "#" in text:
        return unquote(text.split("#", 1)[1].split("variant=", 1)[1].split("&", 1)[0])
    return text
