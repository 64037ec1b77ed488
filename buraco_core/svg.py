"""Cards and melds as SVG: our own card design, drawn with the standard library only.

Every function returns one standalone ``<svg>`` element as a string, the same string for the
same input, ready for a notebook (``Card._repr_svg_`` and ``Meld._repr_svg_`` call in here), a
widget or a web page. Nothing is fetched: suits are drawn as paths (never as font glyphs, which
some systems turn into emoji) and text uses the fonts the reader already has.

The design, readable at 60 px wide:

- a big rank and suit in the top-left corner (the part that stays visible when cards overlap),
  a large suit in the middle, a small upside-down corner bottom right;
- J, Q and K as a large letter in a framed panel; the ace as one very large suit;
- the joker on a cream face with a purple border, "JOKER" down its left side and a gold star;
- a wild card standing for another carries a ribbon with what it stands for (``7♥``, or ``7``
  in a set), bottom left, where it stays visible in a meld;
- red and black by default, or a four-colour deck: ♠ black, ♥ red, ♦ blue, ♣ green.

Each drawing has ``role="img"``, an ``aria-label`` and a ``<title>`` with the card's name
("seven of hearts", "joker, standing for seven of hearts"), so screen readers say what it shows.
Every function takes ``lang`` (one of :data:`~buraco_core.messages.LANGUAGES`, default English):
the rank letters on the faces and every word of the labels and captions come from the message
catalog in that language (``card.letter.<rank>``, tables ``[svg]`` and ``[svg.a-rank]``), so a
German page shows "D" on the queen and says "Pik-Dame".

>>> from buraco_core import Card
>>> svg = card_svg(Card(7, "h"))
>>> svg.startswith("<svg") and 'aria-label="seven of hearts"' in svg
True
>>> 'aria-label="joker, standing for seven of hearts"' in card_svg(Card(0, ""), stands_for="7♥")
True
>>> ">D</text>" in card_svg(Card(12, "s"), lang="de"), ">Q</text>" in card_svg(Card(12, "s"))
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from .cards import SUIT_NAMES, Card, card_text, parse_card
from .messages import Message

if TYPE_CHECKING:
    from .melds import Meld

__all__ = ["card_back_svg", "card_name", "card_svg", "cards_svg", "meld_svg"]

# The card is drawn in a 100 x 140 box (the 5:7 shape of a playing card) and scaled to `width`.
CARD_W = 100
CARD_H = 140
_RAISE = 18  # how far a selected card rises in a row
_PAD = 4  # room around cards for outlines
_MAX_OVERLAP = 0.7  # beyond this the corner index would be hidden

_SANS = "'DejaVu Sans','Helvetica Neue',Arial,sans-serif"
_SERIF = "'DejaVu Serif',Georgia,'Times New Roman',serif"

_RED = "#c8102e"
_BLACK = "#1b1b1b"
_BLUE = "#0a58ca"
_GREEN = "#137333"
_TWO_COLOURS = {"s": _BLACK, "h": _RED, "d": _RED, "c": _BLACK}
_FOUR_COLOURS = {"s": _BLACK, "h": _RED, "d": _BLUE, "c": _GREEN}
# A pale tint of each ink, for the face cards' panel.
_TINTS = {_BLACK: "#eef0f2", _RED: "#fdecee", _BLUE: "#e7f0fd", _GREEN: "#e6f4ea"}

_FACE = "#ffffff"
_EDGE = "#8a9099"
_JOKER_FACE = "#fff6dc"
_JOKER_INK = "#6a1b9a"
_JOKER_STAR = "#f2b200"
_BACK = "#1f3f8f"
_BACK_LATTICE = "#4a6cc4"
_SELECTED = "#1565c0"
_RIBBON = "#ffb300"
_RIBBON_EDGE = "#8d5a00"
_CAPTION = "#37474f"
_BURACO_COLOURS = {  # caption pill: fill, text
    "clean": ("#2e7d32", "#ffffff"),
    "royal": ("#1b5e20", "#ffffff"),
    "ace-to-ace": ("#004d40", "#ffffff"),
    "semi-clean": ("#00838f", "#ffffff"),
    "dirty": ("#f9a825", "#1b1b1b"),
}

# Suit shapes in a 100 x 100 box.
_SUIT_PATHS = {
    "h": "M50 94C22 70 3 52 3 30C3 14 15 4 28 4C39 4 46 11 50 21C54 11 61 4 72 4C85 4 97 14 97 30"
         "C97 52 78 70 50 94Z",
    "d": "M50 2Q68 28 90 50Q68 72 50 98Q32 72 10 50Q32 28 50 2Z",
    "s": "M50 3C77 30 97 45 97 63C97 78 86 86 74 86C65 86 58 81 54 74C55 85 60 92 68 97H32"
         "C40 92 45 85 46 74C42 81 35 86 26 86C14 86 3 78 3 63C3 45 23 30 50 3Z",
    "c": "M50 4A21 21 0 0 1 67 37A21 21 0 1 1 55 72C56 84 60 91 68 97H32C40 91 44 84 45 72"
         "A21 21 0 1 1 33 37A21 21 0 0 1 50 4Z",
}

_SYMBOL_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def _words(key: str, lang: str, **params: object) -> str:
    """A catalog sentence of ``lang`` (its parameters shown in that language)."""
    return Message(key, params).text(lang)


def _letter(rank: int, lang: str) -> str:
    """A rank's letter in ``lang``'s notation (``"D"`` for the German queen)."""
    return card_text(Card(rank, "s"), lang)[:-1]


def _n(x: float) -> str:
    """A number for an attribute: at most two decimals, no trailing zeros."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _check_width(width: int) -> None:
    if isinstance(width, bool) or not isinstance(width, int) or width <= 0:
        raise ValueError(f"width must be a positive whole number of pixels, not {width!r}")


def _ink(suit: str, four_color: bool) -> str:
    return (_FOUR_COLOURS if four_color else _TWO_COLOURS)[suit]


def _suit(suit: str, x: float, y: float, size: float, fill: str) -> str:
    """The suit shape with its top-left corner at (x, y), ``size`` units wide and high."""
    return (f'<path transform="translate({_n(x)} {_n(y)}) scale({_n(size / 100)})" '
            f'd="{_SUIT_PATHS[suit]}" fill="{fill}"/>')


def _text(x: float, y: float, text: str, *, size: float, fill: str, family: str = _SANS,
          weight: str = "bold", anchor: str = "middle", fit: float | None = None,
          extra: str = "") -> str:
    """A line of text; ``fit`` squeezes it to at most that many units wide."""
    squeeze = ""
    if fit is not None and len(text) * size * 0.62 > fit:
        squeeze = f' textLength="{_n(fit)}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-family="{family}" font-size="{_n(size)}" '
            f'font-weight="{weight}" text-anchor="{anchor}" fill="{fill}"{squeeze}{extra}>'
            f"{escape(text)}</text>")


def _star(cx: float, cy: float, outer: float, inner: float) -> str:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / 5 - math.pi / 2
        points.append(f"{_n(cx + radius * math.cos(angle))},{_n(cy + radius * math.sin(angle))}")
    return " ".join(points)


def _parse_stands_for(stands_for: str, lang: str = "en") -> tuple[str, str, str]:
    """Read what a wild card stands for: (rank letter in ``lang``, suit letter or "", words for a
    reader in ``lang``). Rank letters of every language are read (``"D♥"``, ``"Q♥"``)."""
    text = stands_for.strip()
    suit = ""
    rank_token = text
    if text and (text[-1] in _SYMBOL_SUITS or (len(text) > 1 and text[-1].lower() in SUIT_NAMES)):
        suit = _SYMBOL_SUITS.get(text[-1], text[-1].lower())
        rank_token = text[:-1]
    try:
        rank = parse_card(rank_token + "s").rank if rank_token.upper() not in ("", "JK") else 0
    except ValueError:
        rank = 0
    if rank == 0:
        raise ValueError(
            f"stands_for must be a card such as '7♥' or '7h', or a rank such as '7' (A, 2-10, J, Q, K), "
            f"not {stands_for!r}"
        )
    words = (Card(rank, suit).name_message.text(lang) if suit else _words(f"svg.a-rank.{rank}", lang))
    return _letter(rank, lang), suit, words


def _card_name(card: Card, stands_for: str | None, lang: str = "en") -> str:
    if stands_for is None:
        return card.name_message.text(lang)
    return _words("svg.standing-for", lang, card=card.name_message, stands=_parse_stands_for(stands_for, lang)[2])


def _svg(view_w: float, view_h: float, px_w: float, label: str, body: Iterable[str],
         *, view_x: float = 0, view_y: float = 0) -> str:
    px_h = px_w * view_h / view_w
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(px_w)}" height="{_n(px_h)}" '
        f'viewBox="{_n(view_x)} {_n(view_y)} {_n(view_w)} {_n(view_h)}" role="img" '
        f"aria-label={quoteattr(label)}>",
        f"<title>{escape(label)}</title>",
        *body,
        "</svg>",
    ])


# --- one card, drawn in the 100 x 140 box ------------------------------------------------------

def _outline(fill: str, stroke: str, stroke_width: float) -> str:
    return (f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="8" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{_n(stroke_width)}"/>')


def _selection_ring() -> str:
    return (f'<rect x="2" y="2" width="{CARD_W - 4}" height="{CARD_H - 4}" rx="7" fill="none" '
            f'stroke="{_SELECTED}" stroke-width="4.5"/>')


def _back_body() -> list[str]:
    parts = [_outline(_BACK, "#132a63", 1.5),
             f'<rect x="7" y="7" width="{CARD_W - 14}" height="{CARD_H - 14}" rx="5" fill="none" '
             f'stroke="#ffffff" stroke-width="2"/>']
    diamonds = []
    for row in range(15):
        y = 14 + row * 8
        for col in range(7 - row % 2):
            x = 14 + col * 12 + (6 if row % 2 else 0)
            diamonds.append(f"M{x} {y - 4}L{x + 5} {y}L{x} {y + 4}L{x - 5} {y}Z")
    parts.append(f'<path d="{"".join(diamonds)}" fill="{_BACK_LATTICE}"/>')
    parts.append(f'<circle cx="50" cy="70" r="18" fill="{_BACK}" stroke="#ffffff" stroke-width="2.5"/>')
    # an emblem, not a letter: a „B“ (for Buraco) reads as a Bube in German notation (review, old #48)
    parts.append('<path d="M50 57L60 70L50 83L40 70Z" fill="#ffffff"/>')
    return parts


def _ribbon(stands_for: str, four_color: bool, lang: str) -> list[str]:
    """The mark of a wild card: what it stands for, bottom left (visible when cards overlap)."""
    rank, suit, _ = _parse_stands_for(stands_for, lang)
    ink = _ink(suit, four_color) if suit else _BLACK
    width = 46 if suit else 32
    parts = [f'<rect x="3" y="104" width="{width}" height="30" rx="6" fill="{_RIBBON}" '
             f'stroke="{_RIBBON_EDGE}" stroke-width="1.5"/>']
    if suit:
        parts.append(f'<rect x="6" y="107" width="{width - 6}" height="24" rx="4" fill="#ffffff"/>')
        parts.append(_text(19, 127, rank, size=21, fill=ink, fit=24))
        parts.append(_suit(suit, 32, 112, 14, ink))
    else:
        parts.append(f'<rect x="6" y="107" width="{width - 6}" height="24" rx="4" fill="#ffffff"/>')
        parts.append(_text(19, 127, rank, size=21, fill=ink, fit=24))
    return parts


def _joker_body(four_color: bool) -> list[str]:
    parts = [_outline(_JOKER_FACE, _JOKER_INK, 3)]
    for i, letter in enumerate("JOKER"):
        parts.append(_text(14, 25 + i * 17.5, letter, size=18, fill=_JOKER_INK))
    parts.append(f'<polygon points="{_star(60, 64, 30, 13)}" fill="{_JOKER_STAR}" '
                 f'stroke="{_JOKER_INK}" stroke-width="2.5" stroke-linejoin="round"/>')
    parts.append(f'<polygon points="{_star(86, 124, 9, 4)}" fill="{_JOKER_INK}"/>')
    return parts


def _corner(rank: str, suit: str, ink: str) -> list[str]:
    return [_text(15, 30, rank, size=29, fill=ink, fit=27), _suit(suit, 4, 35, 22, ink)]


def _small_corner(rank: str, suit: str, ink: str) -> str:
    """The upside-down corner, bottom right."""
    inner = _text(10, 20, rank, size=18, fill=ink, fit=17) + _suit(suit, 3.5, 24, 13, ink)
    return f'<g transform="rotate(180 50 70)">{inner}</g>'


def _face_body(card: Card, four_color: bool, lang: str) -> list[str]:
    ink = _ink(card.suit, four_color)
    rank = _letter(card.rank, lang)
    parts = [_outline(_FACE, _EDGE, 1.5), *_corner(rank, card.suit, ink)]
    if card.rank >= 11:  # J Q K: a big letter in a framed panel
        parts.append(f'<rect x="31" y="10" width="58" height="88" rx="5" fill="{_TINTS[ink]}" '
                     f'stroke="{ink}" stroke-width="1.5"/>')
        parts.append(_text(60, 80, rank, size=62, fill=ink, family=_SERIF))
        parts.append(_suit(card.suit, 35, 14, 12, ink))
        parts.append(f'<g transform="rotate(180 60 54)">{_suit(card.suit, 35, 14, 12, ink)}</g>')
    elif card.rank == 1:
        parts.append(_suit(card.suit, 27, 44, 56, ink))
    else:
        parts.append(_suit(card.suit, 31, 50, 44, ink))
    parts.append(_small_corner(rank, card.suit, ink))
    return parts


def _card_body(card: Card, *, four_color: bool, stands_for: str | None, selected: bool,
               face_down: bool, lang: str = "en") -> list[str]:
    if face_down:
        parts = _back_body()
    elif card.rank == 0:
        parts = _joker_body(four_color)
    else:
        parts = _face_body(card, four_color, lang)
    if stands_for is not None and not face_down:
        parts.append(f'<rect x="2.5" y="2.5" width="{CARD_W - 5}" height="{CARD_H - 5}" rx="7" fill="none" '
                     f'stroke="{_RIBBON}" stroke-width="4"/>')
        parts.extend(_ribbon(stands_for, four_color, lang))
    if selected:
        parts.append(_selection_ring())
    return parts


# --- public functions --------------------------------------------------------------------------

def card_name(card: Card, *, stands_for: str | None = None, lang: str = "en") -> str:
    """The card in words as its drawing's label says it, in ``lang``.

    >>> from buraco_core import Card
    >>> card_name(Card(0, ""), stands_for="7"), card_name(Card(2, "s"), stands_for="7♥")
    ('joker, standing for a seven', 'two of spades, standing for seven of hearts')
    """
    return _card_name(card, stands_for, lang)


def card_svg(card: Card, *, width: int = 60, four_color: bool = False, stands_for: str | None = None,
             selected: bool = False, face_down: bool = False, lang: str = "en") -> str:
    """One card as a standalone ``<svg>``, ``width`` pixels wide (and 1.4 times as high).

    ``stands_for`` (``"7♥"``, ``"7h"`` or, in a set, ``"7"``) marks a wild card with what it
    stands for; ``selected`` rings the card; ``face_down`` shows the back and hides the name;
    ``lang`` the language of the rank letters and the label.

    >>> from buraco_core import Card
    >>> svg = card_svg(Card(2, "s"), width=90, stands_for="7♥")
    >>> 'width="90"' in svg, "two of spades, standing for seven of hearts" in svg
    (True, True)
    >>> card_svg(Card(2, "s"), stands_for="7x")
    Traceback (most recent call last):
    ...
    ValueError: stands_for must be a card such as '7♥' or '7h', or a rank such as '7' (A, 2-10, J, Q, K), not '7x'
    """
    _check_width(width)
    label = _words("svg.face-down", lang) if face_down else _card_name(card, stands_for, lang)
    if selected:
        label = _words("svg.selected", lang, card=label)
    body = _card_body(card, four_color=four_color, stands_for=stands_for, selected=selected,
                      face_down=face_down, lang=lang)
    return _svg(CARD_W, CARD_H, width, label, body)


def card_back_svg(*, width: int = 60, lang: str = "en") -> str:
    """The back of a card (for the stock, the pots and the other players' hands).

    >>> 'aria-label="a face-down card"' in card_back_svg()
    True
    """
    _check_width(width)
    return _svg(CARD_W, CARD_H, width, _words("svg.face-down", lang), _back_body())


def _row(cards: Sequence[Card], *, step: float, four_color: bool, raised: set[int],
         stands_for: dict[int, str], lang: str) -> list[str]:
    parts = []
    for i, card in enumerate(cards):
        y = 0 if i in raised else _RAISE
        name = _card_name(card, stands_for.get(i), lang)
        body = _card_body(card, four_color=four_color, stands_for=stands_for.get(i),
                          selected=i in raised, face_down=False, lang=lang)
        css = "card selected" if i in raised else "card"
        parts.append(f'<g class="{css}" data-index="{i}" transform="translate({_n(i * step)} {_n(y)})">'
                     f"<title>{escape(name)}</title>" + "".join(body) + "</g>")
    return parts


def cards_svg(cards: Iterable[Card], *, width: int = 60, overlap: float = 0.0, four_color: bool = False,
              selected: Iterable[int] = (), lang: str = "en") -> str:
    """A row of cards (a hand) in one ``<svg>``; each card ``width`` pixels wide.

    ``overlap`` is the part of each card's slot (a card and a small gap) that the next card
    covers, from 0 (side by side) to 0.7 (the corners still show). Cards whose positions are in
    ``selected`` are raised and ringed; the row always leaves room for the raise, so selecting a
    card does not move the others. Each card is a ``<g class="card" data-index="i">`` (class
    ``"card selected"`` when raised) with its name as ``<title>``, for front ends to hook into.

    >>> from buraco_core import parse_cards
    >>> svg = cards_svg(parse_cards("4h 5h JK"), overlap=0.5, selected=[2])
    >>> 'aria-label="3 cards: four of hearts, five of hearts, joker (selected)"' in svg
    True
    """
    _check_width(width)
    cards = list(cards)
    if not 0 <= overlap <= _MAX_OVERLAP:
        raise ValueError(f"overlap must be between 0 and {_MAX_OVERLAP} (a fraction of a card), not {overlap!r}")
    raised = set()
    for index in selected:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(cards):
            raise ValueError(f"selected holds {index!r}, but the positions of these cards are 0 to "
                             f"{len(cards) - 1}")
        raised.add(index)
    step = (CARD_W + 6) * (1 - overlap)
    names = [_words("svg.in-row-selected", lang, card=c.name_message) if i in raised else c.name_message.text(lang)
             for i, c in enumerate(cards)]
    label = (_words("svg.row", lang, n=len(cards), cards=", ".join(names)) if cards
             else _words("svg.no-cards", lang))
    view_w = CARD_W + step * max(len(cards) - 1, 0) + 2 * _PAD
    view_h = CARD_H + _RAISE + 2 * _PAD
    if cards:
        body = _row(cards, step=step, four_color=four_color, raised=raised, stands_for={}, lang=lang)
    else:
        body = [f'<rect x="1" y="{1 + _RAISE}" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="8" '
                f'fill="none" stroke="{_EDGE}" stroke-width="1.5" stroke-dasharray="6 5"/>']
    return _svg(view_w, view_h, width * view_w / CARD_W, label, body, view_x=-_PAD, view_y=-_PAD)


def meld_svg(meld: Meld, *, width: int = 60, four_color: bool = False, lang: str = "en") -> str:
    """A meld as it lies on the table: its cards fanned so every corner shows, the wild card
    ribboned with what it stands for, and a caption (the buraco's kind, or the meld's, and its
    points).

    >>> from buraco_core import make_meld
    >>> svg = meld_svg(make_meld("4h 5h 6h 2s 8h 9h 10h", "buraco"))
    >>> "dirty buraco · 165 points" in svg, "two of spades, standing for seven of hearts" in svg
    (True, True)
    """
    _check_width(width)
    cards = list(meld.cards)
    step = (CARD_W + 6) * (1 - 0.55)
    stands_for = {}
    if meld.wild_index is not None and meld.wild_label is not None:
        stands_for[meld.wild_index] = meld.wild_label
    kind = meld.buraco_type
    points = Message("svg.points", {"n": meld.points})
    names = ", ".join(_card_name(c, stands_for.get(i), lang) for i, c in enumerate(cards))
    if kind is not None:
        what = Message(f"buraco-kind.{kind}")
        caption = _words("svg.buraco-caption", lang, kind=what, points=points)
        label = _words("svg.buraco-label", lang, kind=what, points=points, cards=names)
        fill, ink = _BURACO_COLOURS.get(kind, (_CAPTION, "#ffffff"))
    else:
        what = Message(f"meld.kind.{meld.kind}")
        caption = _words("svg.meld-caption", lang, kind=what, points=points)
        label = _words("svg.meld-label", lang, kind=what, points=points, cards=names)
        fill, ink = "#eceff1", _CAPTION

    caption_size = 19
    caption_w = len(caption) * caption_size * 0.6 + 16
    cards_w = CARD_W + step * (len(cards) - 1)
    view_w = max(cards_w, caption_w) + 2 * _PAD
    caption_top = CARD_H + 6
    view_h = caption_top + caption_size + 14 + 2 * _PAD
    body = _row(cards, step=step, four_color=four_color, raised=set(), stands_for=stands_for, lang=lang)
    body = [f'<g transform="translate(0 {-_RAISE})">{"".join(body)}</g>']
    body.append(f'<rect x="0" y="{caption_top}" width="{_n(caption_w)}" height="{caption_size + 10}" '
                f'rx="{(caption_size + 10) // 2}" fill="{fill}"/>')
    body.append(_text(8, caption_top + caption_size + 1, caption, size=caption_size, fill=ink,
                      anchor="start"))
    return _svg(view_w, view_h, width * view_w / CARD_W, label, body, view_x=-_PAD, view_y=-_PAD)
