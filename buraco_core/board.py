"""The table and the score sheet, drawn once: as HTML for a notebook or a widget, and as text.

Everything here draws a :class:`~buraco_core.game.view.View`, so nothing a seat may not see
ever reaches the page, and every word a learner reads comes from the message catalog (tables
``[table]`` and ``[score]``): seats and sides are named from the viewer's chair
(:func:`seat_name`, :func:`team_name`). The cards are :mod:`buraco_core.svg`'s drawings; the
styles are the classes of ``board.css`` beside this module (:func:`style_tag`), never inline.

- :func:`table_html`: the whole table (a bare ``game`` at the end of a notebook cell);
- :func:`center_html`: the stock, the discard pile, the players' cards, the pots, the match;
- :func:`score_sheet_html`: every side's itemized score of a finished hand, with the match;
- :func:`score_html`: one :class:`~buraco_core.scoring.Score` (``Score._repr_html_``);
- :func:`table_text`: the table in a few lines of text (``str(game)``).

Each takes ``lang`` (one of :data:`~buraco_core.messages.LANGUAGES`, default English): every word,
card and drawing in that language (``table_html(view, lang="de")``).

>>> from buraco_core.game.state import new_game
>>> from buraco_core.game.view import view_of
>>> print(table_text(view_of(new_game("burraco", 2, seed=1), 0)).splitlines()[0])
Burraco, hand 1: your turn to draw; stock 63, discard pile 1
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from importlib import resources

from .cards import Card, card_text, sort_cards
from .game.state import Phase, PotState
from .game.view import View
from .memo import remembered
from .messages import Message, format_number
from .scoring import Score
from .svg import card_back_svg, cards_svg, meld_svg

__all__ = [
    "center_html",
    "score_html",
    "score_sheet_html",
    "seat_name",
    "style_tag",
    "stylesheet",
    "table_html",
    "table_text",
    "team_name",
]

_POTS = {
    PotState.ASIDE: "table.pot-aside",
    PotState.WAITING: "table.pot-waiting",
    PotState.TAKEN: "table.pot-taken",
    PotState.TO_STOCK: "table.pot-to-stock",
}
"""The words of each pot state (a ruleset without pots shows none)."""


def _t(key: str, lang: str, **params: object) -> str:
    """A catalog sentence of ``lang``, escaped for HTML."""
    return escape(Message(key, params).text(lang))


def _words(key: str, lang: str, **params: object) -> str:
    return Message(key, params).text(lang)


@remembered("board.stylesheet", 1)
def stylesheet() -> str:
    """The rules of ``board.css``."""
    return resources.files("buraco_core").joinpath("board.css").read_text(encoding="utf-8")


def style_tag() -> str:
    """``board.css`` as a ``<style>`` element, for a page that does not load it otherwise."""
    return f"<style>{stylesheet()}</style>"


# --------------------------------------------------------------------------- who is who

def seat_name(v: View, seat: int) -> Message:
    """What the seat of ``v`` calls ``seat``: you, your partner, or the opponent to the left,
    right or across (with the seat number)."""
    if seat == v.seat:
        return Message("table.you")
    if v.rules.partnerships and v.players == 4 and v.team_of(seat) == v.team:
        return Message("table.partner", {"seat": seat})
    if v.players == 2:
        return Message("table.opponent", {"seat": seat})
    where = (seat - v.seat) % v.players
    if where == 1:
        return Message("table.left-opponent", {"seat": seat})
    if where == v.players - 1:
        return Message("table.right-opponent", {"seat": seat})
    return Message("table.across-opponent", {"seat": seat})


def team_name(v: View, team: int) -> Message:
    """What the seat of ``v`` calls ``team``: your side, the opponents, or the seats by name."""
    if team == v.team:
        return Message("table.your-side")
    if v.teams == 2 and v.rules.partnerships:
        return Message("table.opponents")
    seats = [s for s in range(v.players) if v.team_of(s) == team]
    name = seat_name(v, seats[0])
    for s in seats[1:]:
        name = Message("table.and", {"first": name, "second": seat_name(v, s)})
    return name


def _status(v: View) -> Message:
    if v.phase is Phase.MATCH_OVER:
        if v.winner is None:
            return Message("table.match-drawn")
        return Message("table.match-won", {"team": team_name(v, v.winner)})
    if v.phase is Phase.HAND_OVER:
        return Message("table.hand-over")
    if v.turn == v.seat:
        return Message("table.your-turn-draw" if v.phase is Phase.DRAW else "table.your-turn-play")
    key = "table.turn-draw" if v.phase is Phase.DRAW else "table.turn-play"
    return Message(key, {"player": seat_name(v, v.turn)})


# --------------------------------------------------------------------------- HTML

def _notation(cards: Sequence[Card], lang: str) -> str:
    """Cards in ``lang``'s notation, separated by spaces ("" for none)."""
    return " ".join(card_text(c, lang) for c in cards)


def _cards(cards: Sequence[Card], lang: str, width: int = 40, overlap: float = 0.45) -> str:
    return cards_svg(cards, width=width, overlap=overlap, lang=lang)


def center_html(v: View, *, lang: str = "en") -> str:
    """The middle of the table: the stock, the discard pile, how many cards each other player
    holds, the pots (where the ruleset has them), the match totals."""
    top = v.top_discard
    hidden = v.discard_count - len(v.discard)
    pile_words = _words("table.pile-count", lang, n=v.discard_count)
    if top is not None:
        pile_words = _words("table.pile-top", lang, count=pile_words, card=top.name_message)
    if hidden:
        pile_words = _words("table.pile-hidden", lang, pile=pile_words, n=hidden)
    pile = (f"<div class='buraco-pile-cards' aria-hidden='true'>{_cards(v.discard, lang, overlap=0.6)}</div>"
            if v.discard else f"<p class='buraco-empty'>{_t('table.pile-empty', lang)}</p>")
    stock = (f"<div aria-hidden='true'>{card_back_svg(width=40, lang=lang)}</div>" if v.stock_count else "")
    others = "".join(f"<li>{_t('table.player-cards', lang, player=seat_name(v, s), n=n)}</li>"
                     for s, n in enumerate(v.hand_counts) if s != v.seat)
    pots = "".join(f"<li>{_t(_POTS[v.pot_state[t]], lang, team=team_name(v, t))}</li>"
                   for t in range(v.teams) if v.pot_state[t] in _POTS)
    totals = "".join(f"<li>{_t('table.team-points', lang, team=team_name(v, t), n=v.totals[t])}</li>"
                     for t in range(v.teams))
    parts = [
        "<div class='buraco-center'>",
        f"<div class='buraco-stock' role='group' aria-label='{_t('table.stock-label', lang, n=v.stock_count)}'>"
        f"<h4>{_t('table.stock', lang, n=v.stock_count)}</h4>{stock}</div>",
        f"<div class='buraco-pile' role='group' aria-label='{_t('table.pile-label', lang, pile=pile_words)}'>"
        f"<h4>{_t('table.pile', lang, pile=pile_words)}</h4>{pile}</div>",
        f"<div class='buraco-players'><h4>{_t('table.players', lang)}</h4><ul>{others}</ul></div>",
    ]
    if pots:
        parts.append(f"<div class='buraco-pots'><h4>{_t('table.pots', lang)}</h4><ul>{pots}</ul></div>")
    parts.append(f"<div class='buraco-match'><h4>{_t('table.match', lang)}</h4><ul>{totals}</ul></div></div>")
    return "".join(parts)


def _score_rows(score: Score, lang: str) -> str:
    # the score's lines as messages (a score read back from JSON has only its English labels)
    lines = [(item.label.text(lang), item.points) for item in score.items] or list(score.lines)
    return "".join(f"<tr><td>{escape(text)}</td><td class='buraco-points'>{format_number(points, lang, signed=True)}</td></tr>"
                   for text, points in lines)


def score_html(score: Score, *, styled: bool = True, lang: str = "en") -> str:
    """One side's score as a table: its itemized lines and the total (``styled``: with the
    stylesheet, for a bare ``score`` in a notebook)."""
    return ((style_tag() if styled else "") + "<div class='buraco-board'><table class='buraco-score'>"
            + _score_rows(score, lang) + f"<tr class='buraco-score-total'><th>{_t('score.total', lang)}</th>"
            f"<th class='buraco-points'>{format_number(score.total, lang)}</th></tr></table></div>")


def score_sheet_html(v: View, *, lang: str = "en") -> str:
    """The score sheet of a finished hand: per side its lines, this hand's total and the match
    total; empty while the hand is on."""
    if not v.hand_scores:
        return ""
    columns = []
    for team, score in enumerate(v.hand_scores):
        columns.append(
            f"<table class='buraco-score'><caption>{escape(team_name(v, team).text(lang))}</caption>"
            f"{_score_rows(score, lang)}<tr class='buraco-score-total'><th>{_t('score.this-hand', lang)}</th>"
            f"<th class='buraco-points'>{score.total}</th></tr>"
            f"<tr><td>{_t('score.match-total', lang)}</td><td class='buraco-points'>{v.totals[team]}</td></tr></table>")
    return (f"<div class='buraco-score-sheet' role='region' aria-label='{_t('score.sheet', lang)}'>"
            f"<h4>{_t('score.sheet', lang)}</h4><div class='buraco-score-columns'>{''.join(columns)}</div></div>")


def table_html(v: View, *, styled: bool = True, lang: str = "en") -> str:
    """The whole table as the seat of ``v`` sees it: the status, every side's melds, the middle
    (:func:`center_html`), the seat's hand, and the score sheet once the hand is over
    (``styled``: with the stylesheet, for a bare ``game`` in a notebook)."""
    parts = [style_tag() if styled else "", "<div class='buraco-board'>",
             f"<p class='buraco-status'>{_t('table.status', lang, rules=v.rules, hand=v.hand_number, status=_status(v))}</p>"]
    for team in range(v.teams):
        melds = v.melds[team]
        body = "".join(f"<div class='buraco-meld'><div class='buraco-meld-number'>{i}</div>"
                       f"{meld_svg(m, width=40, lang=lang)}</div>" for i, m in enumerate(melds, 1))
        if not melds:
            body = f"<p class='buraco-empty'>{_t('table.no-melds', lang)}</p>"
        parts.append(f"<div class='buraco-side' role='group' aria-label='{_t('table.melds-of', lang, team=team_name(v, team))}'>"
                     f"<h4>{_t('table.melds-of', lang, team=team_name(v, team))}</h4>"
                     f"<div class='buraco-melds'>{body}</div></div>")
    parts.append(center_html(v, lang=lang))
    parts.append(f"<div class='buraco-hand' role='group' aria-label='{_t('table.your-hand', lang, seat=v.seat)}'>"
                 f"<h4>{_t('table.your-hand', lang, seat=v.seat)}</h4>{_cards(sort_cards(v.hand), lang, width=44)}</div>")
    if v.must_meld is not None:
        parts.append(f"<p class='buraco-note'>{_t('table.must-meld', lang, card=v.must_meld)}</p>")
    parts.append(score_sheet_html(v, lang=lang))
    parts.append("</div>")
    return "".join(parts)


# --------------------------------------------------------------------------- text

def table_text(v: View, *, lang: str = "en") -> str:
    """The table as the seat of ``v`` sees it, in a few lines of text."""
    pile = _notation(v.discard, lang) if v.discard else _words("table.pile-empty", lang)
    hidden = v.discard_count - len(v.discard)
    if hidden:
        pile = _words("table.text-pile-hidden", lang, n=hidden, pile=pile)
    lines = [_words("table.text-status", lang, rules=v.rules, hand=v.hand_number, status=_status(v),
                    stock=v.stock_count, pile=v.discard_count),
             _words("table.text-pile", lang, pile=pile)]
    for team in range(v.teams):
        pot = v.pot_state[team]
        side = (_words(_POTS[pot], lang, team=team_name(v, team)) if pot in _POTS
                else team_name(v, team).text(lang))
        lines.append(_words("table.text-side", lang, side=side, n=v.totals[team]))
        for i, m in enumerate(v.melds[team], 1):
            lines.append(f"  {i}: {m.description.text(lang)}")
    lines.append(_words("table.text-players", lang, players=", ".join(
        _words("table.player-cards", lang, player=seat_name(v, s), n=n)
        for s, n in enumerate(v.hand_counts) if s != v.seat)))
    lines.append(_words("table.text-hand", lang, seat=v.seat, cards=_notation(sort_cards(v.hand), lang)))
    if v.must_meld is not None:
        lines.append(_words("table.must-meld", lang, card=v.must_meld))
    for team, score in enumerate(v.hand_scores):
        lines.append(_words("score.text-side", lang, team=team_name(v, team), total=score.total))
    return "\n".join(lines)
