"""A whole hand in one line, as a person types it at the table, and a match as a few lines.

A hand is parts separated by ``;`` or new lines, each part one of (the words in English or
German, any case; the catalog's ``scorepad.words.*`` lists them):

- ``SIDE: MELD | MELD ...``: a side's melds (``/`` separates melds too); SIDE is a side's name,
  one of its players' names, or its number (1, 2, ...);
- ``hand PLAYER: CARDS`` (``Hand``, ``Rest``, ``left``): the cards left in a player's hand;
- ``pot: SIDE, SIDE`` (``Topf``): the sides that took their pot; ``pot taken`` alone: every side
  did; ``no pot: SIDE`` (``kein Topf``): a side did not; ``pot unused: SIDE`` (``Topf
  ungenutzt``): taken by a discard and not used (``fechado``); ``pot waiting: SIDE`` (``Topf
  wartet``): earned by a discard and still waiting to be picked up (``buraco``: not taken);
- ``out: SIDE`` (``raus``, ``aus``): the side that went out; ``out: none`` (``keiner``,
  ``Stapel``): the stock ended the hand (also when no ``out`` part is given).

A pot not named is not taken. Cards are written in the project's notation (``7h``, ``7♥``,
``10♥``, ``JK``), German letters too (``B♥`` the jack, ``D♥`` the queen). A part that is not
one of these raises :class:`~buraco_core.errors.NotationError` naming its position and what is
allowed; an impossible meld raises the engine's :class:`~buraco_core.melds.InvalidMeld` (its own
clause, its sentence with the position).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...cards import RANK_NAMES, Card, parse_card
from ...errors import NotationError
from ...melds import InvalidMeld, Meld
from ...messages import LANGUAGES, Message, catalog
from .entry import HandEntry, arranged, check_entry_supply

if TYPE_CHECKING:
    from .pad import ScorePad

__all__ = ["WORDS", "hand_text", "read_hand", "words"]

#: The kinds of keyword a hand's parts use, each with its catalog key (``taken`` is a word that may
#: follow ``pot`` and changes nothing).
WORDS: dict[str, str] = {
    "hand": "scorepad.words.hand", "pot": "scorepad.words.pot", "taken": "scorepad.words.taken",
    "unused": "scorepad.words.unused", "not": "scorepad.words.not", "out": "scorepad.words.out",
    "none": "scorepad.words.none", "waiting": "scorepad.words.waiting",
}

_PART = re.compile(r"[^;\n]+")
_TOKEN = re.compile(r"[^\s,]+")


def words(kind: str) -> frozenset[str]:
    """The words of one kind in every language of the catalog, folded to lower case.

    >>> sorted(words("out"))
    ['aus', 'ausgemacht', 'out', 'raus', 'went out']
    """
    found: set[str] = set()
    for lang in LANGUAGES:
        found.update(w.strip().casefold() for w in catalog(lang)[WORDS[kind]].split(","))
    return frozenset(w for w in found if w)


def _letters() -> dict[str, str]:
    """Every language's rank letters as the English ones (German ``B`` is ``J``, ``D`` is ``Q``)."""
    out: dict[str, str] = {}
    for lang in LANGUAGES:
        for rank, name in RANK_NAMES.items():
            letter = catalog(lang).get(f"card.letter.{rank}", name)
            out.setdefault(letter.upper(), name)
    return out


_RANK_LETTERS = _letters()


def read_card(token: str) -> Card:
    """A card token in the project's notation, or with a rank letter of another language.

    >>> read_card("B♥"), read_card("d♠"), read_card("♥️10")
    (Card.from_str('J♥'), Card.from_str('Q♠'), Card.from_str('10♥'))
    """
    token = token.replace("\ufe0f", "")
    if len(token) >= 2 and token[0] in "♠♥♦♣shdc" and token[0] not in "shdc":
        token = token[1:] + token[0]  # the suit first, as some players write it
    try:
        return parse_card(token)
    except NotationError:
        rank = _RANK_LETTERS.get(token[:-1].upper())
        if rank is None:
            raise
        return parse_card(rank + token[-1])


def read_hand(pad: ScorePad, text: str) -> HandEntry:
    """The hand a text says, for ``pad``'s sides and players (see the module's docstring)."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError("scorepad.notation.empty", help=Message("scorepad.notation.help"))
    melds: list[list[Meld]] = [[] for _ in range(pad.sides)]
    left: list[list[Card]] = [[] for _ in range(pad.players)]
    taken = [False] * pad.sides
    unused = [False] * pad.sides
    waiting = [False] * pad.sides
    went_out: int | None = None
    for at, part in _parts(text):
        head, colon, body = part.partition(":")
        body_at = at + len(head) + 1
        first, _, rest = head.strip().partition(" ")
        key = head.strip().casefold()
        kind = _kind(first.casefold(), key)
        if kind == "hand":
            who = rest.strip() if rest.strip() else None
            if who is None or not colon:
                raise NotationError("scorepad.notation.hand", at=at, part=part.strip())
            player = _who(pad, who, at, player=True)
            left[player].extend(card for _, card in _cards(body, body_at))
        elif kind == "pot":
            words_of = {w.casefold() for w in _TOKEN.findall(key)}
            is_not = bool(words_of & words("not"))
            is_unused = bool(words_of & words("unused"))
            is_waiting = bool(words_of & words("waiting"))
            names = [n for n in re.split(r"[,\s]+", body.strip()) if n] if colon else []
            sides = [pad.side(_who(pad, n, body_at, player=False)) for n in _join_names(pad, names)] \
                if names else list(range(pad.sides))
            for s in sides:
                taken[s] = not is_not and not is_waiting
                unused[s] = is_unused and taken[s]
                waiting[s] = is_waiting
        elif kind == "out":
            name = body.strip() if colon else ""
            if not name:
                raise NotationError("scorepad.notation.out", at=at, part=part.strip())
            went_out = None if name.casefold() in words("none") else pad.side(_who(pad, name, body_at, player=False))
        elif colon and head.strip():
            side = pad.side(_who(pad, head.strip(), at, player=False))
            for meld_at, meld_text in _melds(body, body_at):
                cards = tuple(card for _, card in _cards(meld_text.lstrip(), meld_at))
                if not cards:
                    continue
                try:
                    melds[side].append(arranged(cards, pad.rules))
                except InvalidMeld as refusal:
                    raise InvalidMeld(refusal.rule, Message("scorepad.notation.refused", {
                        "at": meld_at, "cards": meld_text.strip(), "why": refusal.message})) from None
        else:
            raise NotationError("scorepad.notation.part", at=at, part=part.strip(),
                                help=Message("scorepad.notation.help"))
    entry = HandEntry(tuple(tuple(m) for m in melds), tuple(tuple(h) for h in left), tuple(taken),
                      tuple(unused), went_out, tuple(waiting))
    check_entry_supply(entry, pad.rules)
    return entry


def hand_text(pad: ScorePad, entry: HandEntry) -> str:
    """A hand in the notation, as :func:`read_hand` reads it back (English words, ASCII suits)."""
    parts: list[str] = []
    for s, side in enumerate(entry.melds):
        if side:
            parts.append(f"{pad.side_names[s]}: " + " | ".join(" ".join(c.code for c in m.cards) for m in side))
    for p, hand in enumerate(entry.left):
        if hand:
            parts.append(f"hand {pad.names[p]}: " + " ".join(c.code for c in hand))
    taken = [pad.side_names[s] for s, t in enumerate(entry.pot_taken) if t and not entry.pot_unused[s]]
    if taken and pad.rules.pots:
        parts.append("pot: " + ", ".join(taken))
    spent = [pad.side_names[s] for s, u in enumerate(entry.pot_unused) if u and entry.pot_taken[s]]
    if spent and pad.rules.pots:
        parts.append("pot unused: " + ", ".join(spent))
    waits = [pad.side_names[s] for s in range(pad.sides) if entry.waiting(s) and not entry.pot_taken[s]]
    if waits and pad.rules.pots:
        parts.append("pot waiting: " + ", ".join(waits))
    parts.append("out: " + ("none" if entry.went_out is None else pad.side_names[entry.went_out]))
    return "; ".join(parts)


def _kind(first: str, head: str) -> str | None:
    if first in words("hand"):
        return "hand"
    if first in words("pot") or (first in words("not") and set(head.split()[1:2]) & words("pot")):
        return "pot"
    if head in words("out"):
        return "out"
    return None


def _parts(text: str) -> Iterator[tuple[int, str]]:
    for match in _PART.finditer(text):
        if match.group().strip():
            yield match.start() + 1, match.group()


def _melds(body: str, at: int) -> Iterator[tuple[int, str]]:
    for match in re.finditer(r"[^|/]+", body):
        text = match.group()
        yield at + match.start() + len(text) - len(text.lstrip()), text


def _cards(text: str, at: int) -> Iterator[tuple[int, Card]]:
    for match in _TOKEN.finditer(text):
        try:
            yield at + match.start(), read_card(match.group())
        except NotationError as error:
            raise NotationError("scorepad.notation.card", at=at + match.start(), why=error.message) from None


def _join_names(pad: ScorePad, tokens: list[str]) -> list[str]:
    """Names of sides from words: a name with a space (``Ada & Cy``) is found by joining words."""
    out: list[str] = []
    i = 0
    known = {n.casefold() for n in (*pad.side_names, *pad.names)}
    while i < len(tokens):
        for j in range(len(tokens), i, -1):
            joined = " ".join(tokens[i:j])
            if joined.casefold() in known or j == i + 1:
                out.append(joined)
                i = j
                break
    return out


def _who(pad: ScorePad, name: str, at: int, *, player: bool) -> int:
    """A player (``player``) or a side by name or number, or a notation error naming the position."""
    name = name.strip()
    try:
        if name.isdigit():
            return pad.player(int(name) - 1) if player else pad.side(int(name) - 1)
        return pad.player(name) if player else pad.side(name)
    except ValueError:
        names = pad.names if player else (*pad.side_names, *(pad.names if pad.sides < pad.players else ()))
        raise NotationError("scorepad.notation.who", at=at, name=name, names=", ".join(names)) from None
