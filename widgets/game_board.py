"""What the game table shows, drawn from the learner's view (:class:`Board`), and what it says,
as HTML in the table's language: the status line, the moves log, a play not made (the coach's
words are :mod:`~buraco_widgets.game_coach`'s). Every word comes from the catalog (the moves in
words from :func:`buraco_core.narrate.narrate`); the look is ``static/tabletop.css``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from buraco_core import Meld, board
from buraco_core.coach import Advice
from buraco_core.game import AddToMeld, Discard, NewMeld, Phase, View
from buraco_core.messages import Message, render
from buraco_core.sessions import Move

from ._common import esc, reason, rules_key
from .hand import HandPart
from .meld_views import TablePart
from .parts import Html
from .tabletop import TableTop

__all__ = ["HOW_BUTTONS", "Board", "log_html", "move_message", "status_html"]


class Board:
    """The parts of the table a learner looks at (each a direct part of the ``.bw-game`` box, with
    its class): ``status``, ``center`` (the :class:`TableTop`), ``table`` (the melds, numbered: a
    click chooses one), ``hand``, ``score_sheet``, ``log_view``; ``group_teams``
    the team of each group of melds shown (the learner's side first)."""

    def __init__(self, rules: str, lang: str) -> None:
        self.lang = lang
        self.status = Html().add_class("bw-game-status")
        self.center = TableTop(lang=lang).add_class("bw-game-center")
        self.table = TablePart([], rules=rules, label=render("widget.game.melds-label", lang),
                               empty_text=render("widget.game.no-melds", lang), lang=lang).add_class("bw-game-melds")
        self.table.numbered = True
        self.hand = HandPart([], label=render("widget.game.hand-label", lang), sort_by="suit",
                             lang=lang).add_class("bw-game-hand")
        self.score_sheet = Html().add_class("bw-score-sheet")
        self.log_view = Html().add_class("bw-game-log")
        self.group_teams: list[int] = []
        self._selecting = False  # the table's selection is being set from Python (a suggestion), not clicked
        self._meld_key: list[tuple[int, tuple[str, ...]]] | None = None

    def show(self, v: View, *, fresh: Mapping[str, Any], log: Sequence[str], stopped: str, playing: bool) -> None:
        """Draw ``v``: ``fresh`` the last computer play's marks, ``stopped`` why the hand stopped,
        ``playing`` the learner may play now."""
        self.status.value = status_html(v, self.lang, stopped)
        self.center.show(v, dict(fresh))
        codes = [c.code for c in v.hand]
        if sorted(codes) != sorted(self.hand.codes):
            self.hand.codes = codes
        melds: list[tuple[int, tuple[Meld, ...]]] = [(v.team, v.melds[v.team])]
        melds += [(t, v.melds[t]) for t in range(v.teams) if t != v.team]
        key = [(t, tuple(str(m) for m in ms)) for t, ms in melds]
        if key != self._meld_key:
            self._meld_key = key
            self.group_teams = [t for t, _ in melds]
            self.table.rules = rules_key(v.rules)
            self.table.set_melds({board.team_name(v, t).text(self.lang): list(ms) for t, ms in melds})
        where = fresh.get("meld")
        self.table.highlight = ([self.group_teams.index(where[0]), where[1]]
                                if where and where[0] in self.group_teams else [])
        self.hand.disabled = not playing
        self.score_sheet.value = board.score_sheet_html(v, lang=self.lang)
        self.log_view.value = log_html(log, self.lang)

    def redraw_melds(self) -> None:
        """Draw the melds afresh at the next :meth:`show` (another game)."""
        self._meld_key = None

    def on_meld_clicked(self, handler: Callable[[], None]) -> None:
        """Call ``handler()`` when the learner clicks a meld on the table (not when :meth:`select`
        selects the coach's)."""
        self.table.observe(lambda change: None if self._selecting or len(change["new"]) != 2 else handler(), "selected")

    def chosen_meld(self) -> tuple[int, int] | None:
        """The meld clicked on the table: (team, index), or None."""
        if len(self.table.selected) != 2:
            return None
        group, index = self.table.selected
        return self.group_teams[group], index

    def meld_play(self) -> str | Message:
        """The play "meld the selected cards", or what to do first."""
        cards = self.hand.selected_cards
        return str(NewMeld(tuple(cards))) if cards else Message("widget.game.select-meld-cards")

    def add_play(self, v: View) -> str | Message:
        """The play "add the selected cards to the meld clicked", or what to do first."""
        cards = self.hand.selected_cards
        chosen = self.chosen_meld()
        if chosen is None:
            return Message("widget.game.click-meld")
        if not cards:
            return Message("widget.game.select-add-cards")
        team, index = chosen
        return str(AddToMeld(index + 1, tuple(cards), None if team == v.team else team))

    def discard_play(self) -> str | Message:
        """The play "discard the selected card", or what to do first."""
        cards = self.hand.selected_cards
        if len(cards) != 1:
            return Message("widget.game.select-one-discard", {"n": len(cards)}) if cards else Message(
                "widget.game.select-discard")
        return str(Discard(cards[0]))

    def select(self, advice: Advice, v: View) -> None:
        """Select the cards of the coach's play in the hand and the meld it adds to."""
        if advice.cards:
            with contextlib.suppress(ValueError):
                self.hand.select_cards(list(advice.cards))
        if advice.meld is not None:
            team, number = advice.meld
            team = v.team if team < 0 else team
            if team in self.group_teams:
                self._selecting = True  # a selection, not a click: it must not play the addition
                try:
                    self.table.selected = [self.group_teams.index(team), number - 1]
                finally:
                    self._selecting = False


#: The refusals that say how to make the play they ask for (``widget.game.how.<key>-typed`` in the
#: notation, ``-button`` naming the buttons: these, by their catalog keys).
HOW_BUTTONS = {"draw-first": ("draw", "take"), "take-whole": ("take",), "add-own-side": ("add",),
                "hand-over": ("next-hand",)}


def move_message(move: Move, lang: str, *, coach: bool, stopped: Message | None,
                 typed: bool = False) -> tuple[str, str] | None:
    """What the table says of a learner's play the session did not make, and its status: why
    nothing was judged (``stopped``: the hand stopped by a failing bot), the text that is no play
    (the notation error's own sentence: what was not understood, what may be written), the rules'
    refusal (its reason only with the ``coach``, or where the play names what is not there) and
    how to make the play it asks for: in the notation where the learner ``typed`` the play, else
    by the buttons' names. None for a play made."""
    if move.blocked is not None:
        return move.blocked.text(lang), "wrong" if move.blocked == stopped else "info"
    if move.unreadable is not None:
        return render("widget.game.not-understood", lang, reason=reason(move.unreadable, lang)), "wrong"
    if move.refusal is not None:
        if not coach and not move.refusal.names_nothing:
            return render("widget.game.refused-hidden", lang), "wrong"
        text = render("widget.game.refused", lang, reason=f"{move.refusal.explain(lang)}.")
        how = move.refusal.key.removeprefix("illegal.")
        if how in HOW_BUTTONS:
            buttons = {"next" if b == "next-hand" else b: render(f"widget.game.{b}", lang) for b in HOW_BUTTONS[how]}
            text += " " + render(f"widget.game.how.{how}-{'typed' if typed else 'button'}", lang, **buttons)
        return text, "wrong"
    return None


def status_html(v: View, lang: str, stopped: str = "") -> str:
    """Whose turn it is and what to do, or why the hand stopped (``stopped``)."""
    return f"<div role='status' aria-live='polite'>{esc(stopped) if stopped else _status(v, lang)}</div>"


def _status(v: View, lang: str) -> str:
    head = esc(render("widget.game.status-head", lang, rules=v.rules, hand=v.hand_number))
    if v.phase is Phase.MATCH_OVER:
        if v.winner is None:
            who = render("widget.game.who-draw", lang)
        elif v.winner == v.team:
            who = render("widget.game.who-you", lang)
        else:
            who = render("widget.game.who-them", lang, team=board.team_name(v, v.winner))
        return render("widget.game.status-match-over", lang, head=head, who=esc(who))
    if v.phase is Phase.HAND_OVER:
        return render("widget.game.status-hand-over", lang, head=head)
    if v.my_turn:
        parts = [render("widget.game.status-draw" if v.phase is Phase.DRAW else "widget.game.status-play", lang)]
        if v.must_meld is not None:
            parts.append(render("widget.game.status-must-meld", lang, card=v.must_meld))
        if v.single_take is not None:
            parts.append(render("widget.game.status-single-take", lang, card=v.single_take))
        return f"{head} · <strong>{esc(' '.join(parts))}</strong>"
    return render("widget.game.status-playing", lang, head=head, player=board.seat_name(v, v.turn))  # catalog words, no markup


def log_html(lines: Sequence[str], lang: str) -> str:
    """The moves so far, one a line, in a scrollable log a keyboard can reach."""
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    return (f"<details open><summary>{esc(render('widget.play.log-title', lang, n=len(lines)))}</summary>"
            f"<div class='bw-log-scroll' role='log' tabindex='0' aria-label='{esc(render('widget.play.log-label', lang))}'>"
            f"<ol>{items}</ol></div></details>")
