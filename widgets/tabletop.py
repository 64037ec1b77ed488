"""TableTop: the card table around the learner's seat, drawn in the page from a JSON projection
of the learner's :class:`~buraco_core.game.View`.

The partner sits opposite (top), the opponents left and right, each shown with card backs and
the count of cards in hand; the stock, the discard pile and each side's pot (face down until
taken) lie in the middle. ``fresh`` marks the last computer play (who moved and what moved:
the pile, the stock, a pot) so the page can highlight it for a moment; a browser that asks for
reduced motion gets no animation. Everything shown comes from the view: nothing here decides a
rule.
"""

from __future__ import annotations

from typing import Any

import traitlets

from buraco_core import board
from buraco_core.game import PotState, View
from buraco_core.messages import Message, render
from buraco_core.svg import card_back_svg

from ._common import card_item
from .language import resolve
from .parts import Part

__all__ = ["TableTop", "projection"]

_POT_WORDS = {
    PotState.ASIDE: "table.pot-aside",
    PotState.WAITING: "table.pot-waiting",
    PotState.TAKEN: "table.pot-taken",
    PotState.TO_STOCK: "table.pot-to-stock",
}


def _where(v: View, seat: int) -> str:
    """Where ``seat`` sits, seen from the learner's seat: bottom, left, top or right."""
    offset = (seat - v.seat) % v.players
    if v.players == 2:
        return "bottom" if offset == 0 else "top"
    if v.players == 3:
        return ("bottom", "left", "right")[offset]
    return ("bottom", "left", "top", "right")[offset]


def projection(v: View, fresh: dict[str, Any] | None = None, *, card_width: int = 44,
               lang: str = "en") -> dict[str, Any]:
    """What the page draws: the seats (name, where, count, whose turn), the stock, the pile (every
    card the view shows; the rest face down), the pots, the match totals, and ``fresh``; every word
    in ``lang``."""
    back = card_back_svg(width=card_width, lang=lang)
    seats = []
    for s in range(v.players):
        if s == v.seat:
            continue
        name = board.seat_name(v, s).text(lang)
        seats.append({"seat": s, "where": _where(v, s), "name": name, "count": v.hand_counts[s],
                      "label": Message("table.player-cards", {"player": name, "n": v.hand_counts[s]}).text(lang),
                      "turn": v.turn == s and v.phase.value in ("draw", "play")})
    hidden = v.discard_count - len(v.discard)
    pile = [card_item(c, width=card_width, lang=lang) for c in v.discard]
    pots = [{"team": t, "name": board.team_name(v, t).text(lang),
             "words": Message(_POT_WORDS[v.pot_state[t]], {"team": board.team_name(v, t)}).text(lang),
             "down": v.pot_state[t] is PotState.ASIDE, "mine": t == v.team}
            for t in range(v.teams) if v.pot_state[t] in _POT_WORDS]
    totals = [Message("table.team-points", {"team": board.team_name(v, t), "n": v.totals[t]}).text(lang)
              for t in range(v.teams)]
    return {
        "seats": seats,
        "back": back,
        "stock": v.stock_count,
        "stock_label": Message("table.stock-label", {"n": v.stock_count}).text(lang),
        "pile": pile,
        "pile_hidden": hidden,
        "pile_label": Message("table.pile-label", {"pile": Message("table.pile-count", {"n": v.discard_count})}).text(lang),
        "pile_empty": Message("table.pile-empty").text(lang),
        "pots": pots,
        "totals": totals,
        "my_turn": v.my_turn,
        "fresh": fresh or {},
    }


class TableTop(Part):
    """The table around the learner: ``TableTop().show(view, fresh)``; a part of the game table's
    model (:mod:`buraco_widgets.parts`), drawn by ``static/tabletop.js``."""

    kind = "tabletop"

    data = traitlets.Dict().tag(sync=True)
    """:func:`projection` of the learner's view."""
    label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, *, lang: str | None = None, **kwargs: Any) -> None:
        self.lang = lang = resolve(lang)
        kwargs.setdefault("label", render("widget.game.table-label", lang))
        super().__init__(**kwargs)

    def show(self, v: View, fresh: dict[str, Any] | None = None) -> None:
        self.data = projection(v, fresh, lang=self.lang)
