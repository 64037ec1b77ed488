"""The table drawn from one seat: plain text, and HTML for a bare ``game`` in a notebook.

The HTML uses :mod:`buraco_core.svg` for the cards when it is there (imported lazily) and falls
back to text otherwise. Only the :class:`~buraco_core.game.view.View` is drawn, so nothing a
seat may not see ever reaches the page.

>>> from buraco_core.game.state import new_game
>>> from buraco_core.game.view import view_of
>>> print(table_text(view_of(new_game("burraco", 2, seed=1), 0)).splitlines()[0])
burraco, hand 1: seat 0 (team 0) to draw; stock 63, discard 1
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..cards import Card, format_cards, sort_cards
from ..svg import cards_svg, meld_svg
from .state import Phase
from .view import View

__all__ = ["table_html", "table_text"]


def _status(v: View) -> str:
    if v.phase is Phase.MATCH_OVER:
        who = "a draw" if v.winner is None else f"team {v.winner} wins"
        return f"the match is over: {who}"
    if v.phase is Phase.HAND_OVER:
        return "the hand is over (next deals the next hand)"
    return f"seat {v.turn} (team {v.team_of(v.turn)}) to {v.phase.value}"


def _discard_text(v: View) -> str:
    if not v.discard:
        return "empty"
    shown = format_cards(v.discard, symbols=True)
    hidden = v.discard_count - len(v.discard)
    return (f"{hidden} face down, top " if hidden else "") + shown


def table_text(v: View) -> str:
    """The view as a few lines of text."""
    lines = [f"{v.rules.name}, hand {v.hand_number}: {_status(v)}; stock {v.stock_count}, "
             f"discard {v.discard_count}"]
    lines.append(f"discard pile: {_discard_text(v)}")
    for team in range(v.teams):
        who = "your side" if team == v.team else f"team {team}"
        pot = "" if v.pot_state[team].value == "none" else f", pot {v.pot_state[team].value}"
        lines.append(f"{who} (team {team}{pot}, total {v.totals[team]}):")
        for i, m in enumerate(v.melds[team], 1):
            lines.append(f"  {i}: {m.describe()}")
    counts = ", ".join(f"seat {s}: {n}" for s, n in enumerate(v.hand_counts) if s != v.seat)
    lines.append(f"cards in hand: {counts}")
    lines.append(f"your hand (seat {v.seat}): {format_cards(sort_cards(v.hand), symbols=True)}")
    if v.must_meld is not None:
        lines.append(f"to meld this turn: {v.must_meld}")
    for team, score in enumerate(v.hand_scores):
        lines.append(f"team {team} this hand: {score.total}")
    return "\n".join(lines)


def table_html(v: View) -> str:
    """The view as HTML: melds per side, the pile, the hand; cards as SVG."""

    def cards(cs: Sequence[Card]) -> str:
        return cards_svg(cs, width=44, overlap=0.45)

    parts = ["<div class='buraco-table' style='font-family:sans-serif'>",
             f"<p><b>{escape(v.rules.name)}</b>, hand {v.hand_number}: {escape(_status(v))}. "
             f"Stock {v.stock_count}, discard pile {v.discard_count}.</p>"]
    for team in range(v.teams):
        who = "Your side" if team == v.team else f"Team {team}"
        pot = "" if v.pot_state[team].value == "none" else f", pot {v.pot_state[team].value}"
        parts.append(f"<div style='margin:6px 0'><b>{escape(who)}</b> (team {team}{escape(pot)}, "
                     f"total {v.totals[team]})<div style='display:flex;flex-wrap:wrap;"
                     "align-items:flex-end;gap:10px'>")
        if not v.melds[team]:
            parts.append("<i>no melds</i>")
        for i, m in enumerate(v.melds[team], 1):
            body = meld_svg(m, width=40)
            parts.append(f"<div><div>{i}</div>{body}</div>")
        parts.append("</div></div>")
    hidden = v.discard_count - len(v.discard)
    pile_note = f" ({hidden} face down below)" if hidden else ""
    parts.append(f"<div style='margin:6px 0'><b>Discard pile</b>{pile_note}:<br>{cards(list(v.discard))}</div>")
    counts = ", ".join(f"seat {s}: {n}" for s, n in enumerate(v.hand_counts) if s != v.seat)
    parts.append(f"<div>Cards in hand: {escape(counts)}</div>")
    parts.append(f"<div style='margin:6px 0'><b>Your hand</b> (seat {v.seat}):<br>"
                 f"{cards(sort_cards(v.hand))}</div>")
    if v.must_meld is not None:
        parts.append(f"<div>To meld this turn: {escape(str(v.must_meld))}</div>")
    for team, score in enumerate(v.hand_scores):
        parts.append(f"<div>Team {team} this hand: {score._repr_html_()}</div>")
    parts.append("</div>")
    return "".join(parts)
