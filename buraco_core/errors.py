"""The errors a learner can meet, all in one shape, and the engine's two kinds apart as python-chess
keeps them apart.

Every error a page may show is a :class:`LearnerError`: it holds the catalog
:class:`~buraco_core.messages.Message` that says why (``e.message``), its catalog key
(``e.key``) and values (``e.params``); ``e.explain(lang)`` is the sentence in a language of the
catalog, ``str(e)`` the English one. A widget shows any of them the same way
(:func:`learner_message`), never by asking which error it is.

- :class:`NotationError`: text that is not a card or not a play (``"4x"``, ``"fold"``). Nothing
  was judged: the learner has to write it again.
- :class:`Refusal`: a readable meld or play that the rules refuse. It names the clause of
  docs/RULES.md it applies (``e.rule == "pot-guard"``, one of :data:`buraco_core.clauses.CLAUSES`).
  :class:`~buraco_core.melds.InvalidMeld` (cards that are no meld) and
  :class:`~buraco_core.game.actions.IllegalAction` (a refused play) are refusals.
- the others: a ruleset that cannot be played (:class:`~buraco_core.rules.RulesError`, a house
  variant's text :class:`~buraco_core.variants.VariantError`), a learner's record, hand-in or
  assignment that cannot be read, a session asked for what it cannot do now.

All are :class:`ValueError`.

>>> e = Refusal("wild-one", "meld.one-wild-set")
>>> e.rule, e.key, str(e)
('wild-one', 'meld.one-wild-set', 'a meld may hold only one wild card (a joker or a 2); in a set every 2 is wild')
>>> Refusal("no-such-clause", "meld.one-wild-set")
Traceback (most recent call last):
...
ValueError: no clause 'no-such-clause' in docs/RULES.md: see buraco_core.clauses.CLAUSES
"""

from __future__ import annotations

import logging
from typing import Any

from .messages import Message, catalog

_CLAUSE_IDS: set[str] = set()
"""The clause ids, filled on the first refusal from the catalog, which titles every clause of
docs/RULES.md (``clause.<id>.title``, the titles of :data:`buraco_core.clauses.CLAUSES`, the same ids:
tests/test_import_contract.py). Not from ``clauses``, which reads ``rules``, which reads this module."""

__all__ = ["LearnerError", "NotationError", "Refusal", "learner_message", "message_of"]


def _message(key: str | Message, params: dict[str, object]) -> Message:
    if isinstance(key, Message):
        if params:
            raise TypeError("give a Message or a key with parameters, not both")
        return key
    return Message(key, params)


def _known_clause(rule: str) -> bool:
    if not _CLAUSE_IDS:
        _CLAUSE_IDS.update(key.split(".")[1] for key in catalog("en")
                           if key.startswith("clause.") and key.endswith(".title"))
    return rule in _CLAUSE_IDS


def _restore(cls: type[LearnerError], state: dict[str, Any]) -> LearnerError:
    error = cls.__new__(cls)
    error.__dict__.update(state)
    return error


class LearnerError(ValueError):
    """An error a learner may see: ``message`` (the catalog message that says why), ``key`` and
    ``params`` (its key and values), ``explain(lang)`` (the sentence in ``lang``); ``str()`` is
    the English sentence. A subclass takes what its own ``__init__`` needs and sets ``message``."""

    message: Message

    def __init__(self, key: str | Message, /, **params: object) -> None:
        self.message = _message(key, params)

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

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (type(self), dict(self.__dict__)))


class NotationError(LearnerError):
    """Text that is not a card or not a play; ``message`` says what is allowed."""

    def __reduce__(self) -> tuple[type[NotationError], tuple[Message]]:
        return (type(self), (self.message,))


class Refusal(LearnerError):
    """A meld or play the rules refuse: ``rule`` (a clause id) and ``message`` (why)."""

    rule: str

    def __init__(self, rule: str, key: str | Message, /, **params: object) -> None:
        # the engine makes one for every refused move it looks at: kept quick (no base __init__;
        # args are the constructor's, and __reduce__ rebuilds the refusal)
        if rule not in _CLAUSE_IDS and not _known_clause(rule):
            raise ValueError(f"no clause {rule!r} in docs/RULES.md: see buraco_core.clauses.CLAUSES")
        self.rule = rule
        self.message = key if type(key) is Message and not params else _message(key, params)

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
    language rather than ``str(error)``, which is English: the ``message`` of a
    :class:`LearnerError` or of another error that carries one (a bad answer, a bot's failure).
    None for an error that carries no message (a bug: its text is for developers, not for a page).

    >>> message_of(NotationError("notation.no-action", help="")).key
    'notation.no-action'
    >>> message_of(KeyError("x")) is None
    True
    """
    found = getattr(error, "message", None)
    return found if isinstance(found, Message) else None


def learner_message(error: BaseException, log: logging.Logger, doing: str = "") -> Message:
    """What a page says about ``error``: its own message (:func:`message_of`). Any other error is
    a bug, never swallowed: ``log`` gets it with its traceback (``doing`` says what failed), and
    the page a sentence of its language saying it met an error of its own (``widget.unexpected``).

    >>> learner_message(NotationError("notation.no-action", help=""), logging.getLogger("x")).key
    'notation.no-action'
    """
    said = message_of(error)
    if said is not None:
        return said
    log.error("%s: an error without a message reached a page", doing or "a page's action",
              exc_info=(type(error), error, error.__traceback__))
    return Message("widget.unexpected")
