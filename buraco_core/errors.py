"""The engine's two kinds of error a learner meets, apart as python-chess keeps them apart.

- :class:`NotationError`: text that is not a card or not a play (``"4x"``, ``"fold"``). Nothing
  was judged: the learner has to write it again.
- :class:`Refusal`: a readable meld or play that the rules refuse. It names the clause of
  docs/RULES.md it applies (``e.rule == "pot-guard"``, one of :data:`buraco_core.clauses.CLAUSES`)
  and holds the catalog :class:`~buraco_core.messages.Message` that says why, with the values
  the sentence needs. :class:`~buraco_core.melds.InvalidMeld` (cards that are no meld) and
  :class:`~buraco_core.game.actions.IllegalAction` (a refused play) are refusals.

Both are :class:`ValueError` and hold a message: ``str(e)`` is the English sentence,
``e.explain(lang)`` the sentence in another language of the catalog.

>>> e = Refusal("wild-one", "meld.one-wild-set")
>>> e.rule, str(e)
('wild-one', 'a meld may hold only one wild card (a joker or a 2); in a set every 2 is wild')
>>> Refusal("no-such-clause", "meld.one-wild-set")
Traceback (most recent call last):
...
ValueError: no clause 'no-such-clause' in docs/RULES.md: see buraco_core.clauses.CLAUSES
"""

from __future__ import annotations

from .clauses import CLAUSES
from .messages import Message

_CLAUSE_IDS = frozenset(CLAUSES)

__all__ = ["NotationError", "Refusal", "message_of"]


def _message(key: str | Message, params: dict[str, object]) -> Message:
    if isinstance(key, Message):
        if params:
            raise TypeError("give a Message or a key with parameters, not both")
        return key
    return Message(key, params)


class NotationError(ValueError):
    """Text that is not a card or not a play; ``message`` says what is allowed."""

    message: Message

    def __init__(self, key: str | Message, /, **params: object) -> None:
        self.message = _message(key, params)

    def __str__(self) -> str:
        return self.message.text("en")

    def explain(self, lang: str = "en") -> str:
        """The sentence in ``lang``."""
        return self.message.text(lang)

    def __reduce__(self) -> tuple[type[NotationError], tuple[Message]]:
        return (type(self), (self.message,))


class Refusal(ValueError):
    """A meld or play the rules refuse: ``rule`` (a clause id) and ``message`` (why)."""

    rule: str
    message: Message

    def __init__(self, rule: str, key: str | Message, /, **params: object) -> None:
        # the engine makes one for every refused move it looks at: kept quick (no base __init__;
        # args are the constructor's, and __reduce__ rebuilds the refusal)
        if rule not in _CLAUSE_IDS:
            raise ValueError(f"no clause {rule!r} in docs/RULES.md: see buraco_core.clauses.CLAUSES")
        self.rule = rule
        self.message = key if type(key) is Message and not params else _message(key, params)

    def __str__(self) -> str:
        return self.message.text("en")

    @property
    def key(self) -> str:
        """The catalog key of the sentence."""
        return self.message.key

    @property
    def params(self) -> dict[str, object]:
        """The values the sentence names."""
        return dict(self.message.params)

    def explain(self, lang: str = "en") -> str:
        """The sentence in ``lang``."""
        return self.message.text(lang)

    def __reduce__(self) -> tuple[type[Refusal], tuple[str, Message]]:
        return (type(self), (self.rule, self.message))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Refusal):
            return NotImplemented
        return type(self) is type(other) and self.rule == other.rule and self.message == other.message

    def __hash__(self) -> int:
        return hash((type(self), self.rule, self.message))


def message_of(error: BaseException) -> Message | None:
    """The catalog message that says why ``error`` happened, so a page shows it in the learner's
    language rather than ``str(error)``, which is English: the ``message`` of a refusal, a
    notation error, a bad answer or a house variant; the problems of an inconsistent ruleset
    (``house.problem.<key>``), one after the other. None for an error that carries no message
    (a bug: its text is for developers, not for a page).

    >>> message_of(NotationError("notation.no-action", help="")).key
    'notation.no-action'
    >>> message_of(KeyError("x")) is None
    True
    """
    found = getattr(error, "message", None)
    if isinstance(found, Message):
        return found
    problems = [Message(f"house.problem.{p.key}", dict(p.params)) for p in getattr(error, "problems", ())]
    said: Message | None = None
    for problem in problems:
        said = problem if said is None else Message("teach.join", {"first": said, "then": problem})
    return said
