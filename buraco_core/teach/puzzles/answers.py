"""Reading a learner's answer: cards from the hand, a number, an option, allowed or refused.

An answer of the wrong form raises :class:`BadAnswer`, whose ``message`` says what was wrong and
what is allowed; :func:`buraco_core.teach.check` turns it into a Feedback that judged nothing
(``answered`` False), never an exception.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence

from ...cards import Card, parse_cards
from ...errors import NotationError
from ...messages import LANGUAGES, Message, catalog

__all__ = ["BadAnswer", "pick_cards", "read_bool", "read_choice", "read_end", "read_extend", "read_index", "read_int"]


class BadAnswer(Exception):
    """An answer of the wrong form; ``message`` says what is allowed."""

    def __init__(self, key: str, /, **params: object) -> None:
        super().__init__(key)
        self.message = Message(key, params)


def pick_cards(hand: Sequence[Card], answer: object) -> list[Card]:
    """The cards an answer names, checked against the hand (as a multiset): card codes, Cards,
    a string ``"4h 5h 6h"``, or 0-based indices into the hand."""
    if answer is None:
        raise BadAnswer("answer.select-cards")
    if isinstance(answer, (str, Card)):
        items: list[object] = [answer]
    elif isinstance(answer, (Sequence, set, frozenset)):
        items = list(answer)
    else:
        raise BadAnswer("answer.cards-form")
    if items and all(isinstance(i, int) and not isinstance(i, bool) for i in items):
        indices = [int(i) for i in items]  # type: ignore[call-overload]
        if len(set(indices)) < len(indices):
            raise BadAnswer("answer.selected-twice")
        for i in indices:
            if not 0 <= i < len(hand):
                raise BadAnswer("answer.no-card-number", number=i + 1, n=len(hand))
        return [hand[i] for i in indices]
    cards: list[Card] = []
    for i in items:
        if isinstance(i, Card):
            cards.append(i)
        elif isinstance(i, str):
            try:
                cards.extend(parse_cards(_plain_suits(i)))
            except NotationError as e:
                raise BadAnswer("answer.notation", error=e.message) from None
        else:
            raise BadAnswer("answer.cards-form")
    if not cards:
        raise BadAnswer("answer.select-cards")
    have = Counter(hand)
    for card, n in Counter(cards).items():
        if n > have[card]:
            if have[card] == 0:
                raise BadAnswer("answer.not-in-hand", card=card, hand=tuple(hand))
            raise BadAnswer("answer.too-few-copies", card=card, have=have[card], n=n)
    return cards


def _plain_suits(text: str) -> str:
    """Card text with a phone's emoji suits made plain: ``♥️`` is ♥ and the emoji selector
    U+FE0F (U+FE0E the text selector), which the notation does not know."""
    return text.replace("\ufe0f", "").replace("\ufe0e", "")


def _unpunctuated(text: str) -> str:
    """The answer without the full stop or exclamation mark a sentence ends with ("Allowed!")."""
    return text.strip().rstrip(".!?").strip()


#: The words a learner may write after a number of points, in the catalog's languages.
_POINTS = re.compile(r"\s*(?:points?|pts?|punkte?|pkt|p)\.?$", re.IGNORECASE)


def read_int(answer: object) -> int:
    """A whole number of points: an int, or text as a learner of any language writes it
    (``"165"``, ``"+20"``, ``"-20"`` or ``"−20"`` with the minus sign, thousands grouped as
    ``"1.000"``, ``"1,000"`` or ``"1 000"``, a unit after it, ``"250 points"``, ``"250 Punkte"``,
    and a full stop at the end).

    >>> read_int("−1.005"), read_int("+20"), read_int("2,005"), read_int("250 Punkte."), read_int("35.")
    (-1005, 20, 2005, 250, 35)
    """
    if isinstance(answer, int) and not isinstance(answer, bool):
        return answer
    if isinstance(answer, str):
        text = _POINTS.sub("", _unpunctuated(answer))
        text = "".join(text.split()).replace("\u2212", "-").replace("+", "", 1)
        if _GROUPED.fullmatch(text):
            text = re.sub(r"[.,\u00a0\u202f]", "", text)
        try:
            return int(text)
        except ValueError:
            pass
    raise BadAnswer("answer.number")


# thousands grouped by a point, a comma or a (no-break) space: 1.000, 1,000, 12 000
_GROUPED = re.compile(r"-?\d{1,3}(?:([.,\u00a0\u202f])\d{3})(?:\1\d{3})*")


def read_index(answer: object, count: int, what: str = "option") -> int:
    """A 0-based index among ``count`` choices (``what``: "option" or "meld")."""
    choose, missing = _INDEX_KEYS[what]
    if isinstance(answer, bool) or not isinstance(answer, int):
        raise BadAnswer(choose, n=count)
    if not 0 <= answer < count:
        raise BadAnswer(missing, number=answer + 1, n=count)
    return answer


_INDEX_KEYS = {"option": ("answer.choose-option", "answer.no-option"),
               "meld": ("answer.choose-meld", "answer.no-meld")}


def read_choice(answer: object, values: Sequence[str]) -> str:
    """One of ``values``, given as itself or as its 0-based index."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        return values[read_index(answer, len(values))]
    if isinstance(answer, str) and answer in values:
        return answer
    raise BadAnswer("answer.choose-option", n=len(values))


def read_bool(answer: object) -> bool:
    """Allowed (True) or refused (False): a bool, or the words of any language of the catalog
    (``answer.words.allowed``, ``answer.words.refused``: ``"allowed"``, ``"erlaubt"``,
    ``"nicht erlaubt"``, ...), so a learner answers in the words the question asked for.

    >>> read_bool("Nicht erlaubt"), read_bool(" allowed "), read_bool("Allowed!"), read_bool("erlaubt.")
    (False, True, True, True)
    """
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str):
        said = _BOOL_WORDS.get(" ".join(_unpunctuated(answer).split()).casefold())
        if said is not None:
            return said
    raise BadAnswer("answer.allowed-or-refused")


def _bool_words() -> dict[str, bool]:
    words: dict[str, bool] = {}
    for lang in LANGUAGES:
        for key, value in (("answer.words.allowed", True), ("answer.words.refused", False)):
            for word in catalog(lang)[key].split(","):
                if words.setdefault(" ".join(word.split()).casefold(), value) != value:
                    raise ValueError(f"{word.strip()!r} ({lang}) is a word for allowed and for refused")
    return words


_BOOL_WORDS = _bool_words()


def read_extend(answer: object, melds: int) -> tuple[int, object]:
    """``(meld_index, cards)`` from a pair (or a triple ending with the wild card's end, see
    :func:`read_end`) or a mapping ``{"meld": i, "cards": ...}``."""
    meld: object
    if isinstance(answer, Mapping):
        meld, cards = answer.get("meld"), answer.get("cards")
    elif isinstance(answer, Sequence) and not isinstance(answer, str) and len(answer) in (2, 3):
        meld, cards = answer[0], answer[1]
    else:
        raise BadAnswer("answer.meld-and-cards")
    return read_index(meld, melds, "meld"), cards


#: The words for the ends of a run a learner may give, in the catalog's languages.
_ENDS = {"low": "low", "high": "high", "tief": "low", "niedrig": "low", "unten": "low", "hoch": "high",
         "oben": "high"}


def read_end(answer: object) -> str | None:
    """The end a learner sends a moving wild card to (``"low"`` or ``"high"``, or None when the
    extend answer names none): the third item of a triple, or a mapping's ``"end"``."""
    if isinstance(answer, Mapping):
        end = answer.get("end")
    elif isinstance(answer, Sequence) and not isinstance(answer, str) and len(answer) == 3:
        end = answer[2]
    else:
        return None
    if end is None or end == "":
        return None
    if isinstance(end, str) and end.strip().lower() in _ENDS:
        return _ENDS[end.strip().lower()]
    raise BadAnswer("answer.end")
