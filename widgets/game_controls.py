"""The game table's controls: the action buttons (``.bw-action-*``), the box to type a play in
(``.bw-command``) and the question New deal asks first (``.bw-confirm``). Each control calls the
table's method of the same name; which may be pressed follows the learner's turn.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import ipywidgets

from buraco_core.messages import render

from ._common import button, classed, esc, guard, plain_layout

__all__ = ["Controls"]

#: The action buttons: (its words, its tooltip, its CSS class, the table's method).
ACTIONS = (("widget.game.draw", "widget.game.draw-tip", "bw-action-draw", "draw"),
           ("widget.game.take", "widget.game.take-tip", "bw-action-take", "take"),
           ("widget.game.meld", "widget.game.meld-tip", "bw-action-meld", "meld"),
           ("widget.game.add", "widget.game.add-tip", "bw-action-add", "add"),
           ("widget.game.discard", "widget.game.discard-tip", "bw-action-discard", "discard"),
           ("widget.game.suggest", "widget.game.suggest-tip", "bw-action-suggest", "suggest"),
           ("widget.game.next-hand", "widget.game.next-hand-tip", "bw-action-next-hand", "next_hand"),
           ("widget.game.new-deal", "widget.game.new-deal-tip", "bw-action-new-deal", "ask_new_deal"))


class Controls:
    """The buttons (``buttons``: by method name; ``draw_button``, ..., ``next_button``,
    ``new_deal_button``), the command box (``command``, ``command_button``, ``command_row``) and the
    New deal question (``confirm``, ``confirm_yes``, ``confirm_no``, ``confirm_row``).
    ``act(name)`` runs the table's method ``name``; ``show`` says errors on the table."""

    def __init__(self, lang: str, act: Callable[[str], Any], show: Callable[[str], None]) -> None:
        self.lang = lang

        def t(key: str) -> str:
            return render(key, lang)

        self.buttons: dict[str, ipywidgets.Button] = {}
        for words, tip, css, method in ACTIONS:
            b = button(t(words), css, t(tip), hides=True)
            b.on_click(guard(show, lambda _b, name=method: act(name), lang=lang))
            self.buttons[method] = b
        self.row = classed(ipywidgets.HBox(list(self.buttons.values()), layout=plain_layout(flex_flow="row wrap")),
                           "bw-game-buttons")
        self.draw_button, self.take_button = self.buttons["draw"], self.buttons["take"]
        self.meld_button, self.add_button = self.buttons["meld"], self.buttons["add"]
        self.discard_button, self.suggest_button = self.buttons["discard"], self.buttons["suggest"]
        self.next_button, self.new_deal_button = self.buttons["next_hand"], self.buttons["ask_new_deal"]
        self.command = classed(ipywidgets.Text(placeholder=t("widget.play.placeholder"), description=t("widget.game.play-label"),
                                               layout=ipywidgets.Layout(width="34em", max_width="100%")), "bw-command")
        with warnings.catch_warnings():  # Enter in the box plays (the one event ipywidgets has for it)
            warnings.simplefilter("ignore", DeprecationWarning)
            self.command.on_submit(guard(show, lambda _w: act("play_command"), lang=lang))
        self.command_button = button(t("widget.game.play-it"), "bw-action-command", t("widget.game.play-it-tip"))
        self.command_button.on_click(guard(show, lambda _b: act("play_command"), lang=lang))
        self.command_row = classed(ipywidgets.HBox([self.command, self.command_button],
                                                   layout=ipywidgets.Layout(flex_flow="row wrap")), "bw-game-command")
        self.confirm = ipywidgets.HTML()
        self.confirm_yes = button(t("widget.game.confirm-yes"), "bw-action-confirm-new", t("widget.game.confirm-yes-tip"))
        self.confirm_no = button(t("widget.game.confirm-no"), "bw-action-cancel-new", t("widget.game.confirm-no-tip"))
        self.confirm_yes.on_click(guard(show, lambda _b: act("new_deal"), lang=lang))
        self.confirm_no.on_click(guard(show, lambda _b: act("keep_playing"), lang=lang))
        self.confirm_row = classed(ipywidgets.HBox([self.confirm, self.confirm_yes, self.confirm_no],
                                                   layout=ipywidgets.Layout(flex_flow="row wrap", display="none")),
                                   "bw-confirm")

    def enable(self, *, playing: bool, coach: bool, hand_over: bool) -> None:
        """On the learner's turn every play can be tried (the engine says why one is refused);
        Suggest shows with the coach, Next hand once the hand is over."""
        for name in ("draw", "take", "meld", "add", "discard", "suggest"):
            self.buttons[name].disabled = not playing
        self.command_button.disabled = not playing
        self.suggest_button.layout.display = None if coach else "none"
        self.next_button.layout.display = None if hand_over else "none"

    def ask(self, question: str) -> None:
        """Show the New deal question."""
        self.confirm.value = f"<strong role='alert'>{esc(question)}</strong>"
        self.confirm_row.layout.display = None

    def hide_question(self) -> None:
        self.confirm_row.layout.display = "none"
