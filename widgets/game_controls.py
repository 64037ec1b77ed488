"""The game table's controls, two parts of its model (issue 38: not a widget per button): the
action buttons with the question New deal asks first (:class:`ControlPart` ``"actions"``:
``.bw-game-buttons``, each button ``.bw-action-*``, the question ``.bw-confirm``) and the box to
type a play in (``"command"``: ``.bw-game-command``, its input in ``.bw-command``), apart so that a
phone can show the typed play further down. Each control calls the table's method of the same name;
which may be pressed follows the learner's turn. The buttons look and behave as ipywidgets Buttons
(the same classes); a click or Enter goes to the kernel as a message.

>>> from buraco_widgets.game_controls import Controls
>>> done = []
>>> c = Controls("en", done.append, print)
>>> c.draw_button.description, c.row.buttons["draw"]["css"]
('Draw', 'bw-action-draw')
>>> c.draw_button.click(); c.row.handle({"event": "click", "button": "meld"}); done
['draw', 'meld']
>>> c.command_row.handle({"event": "submit", "text": "discard 7h"}); c.command.value, done[-1]
('discard 7h', 'play_command')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets

from buraco_core.messages import render

from ._common import guard
from .parts import Part, Seen
from .puzzle_buttons import RowButton

__all__ = ["ACTIONS", "ControlPart", "Controls"]

#: The action buttons: (its words, its tooltip, its CSS class, the table's method).
ACTIONS = (("widget.game.draw", "widget.game.draw-tip", "bw-action-draw", "draw"),
           ("widget.game.take", "widget.game.take-tip", "bw-action-take", "take"),
           ("widget.game.meld", "widget.game.meld-tip", "bw-action-meld", "meld"),
           ("widget.game.add", "widget.game.add-tip", "bw-action-add", "add"),
           ("widget.game.discard", "widget.game.discard-tip", "bw-action-discard", "discard"),
           ("widget.game.suggest", "widget.game.suggest-tip", "bw-action-suggest", "suggest"),
           ("widget.game.next-hand", "widget.game.next-hand-tip", "bw-action-next-hand", "next_hand"),
           ("widget.game.new-deal", "widget.game.new-deal-tip", "bw-action-new-deal", "ask_new_deal"))
#: The New deal question's answers: (its words, its tooltip, its CSS class, the table's method).
ANSWERS = (("widget.game.confirm-yes", "widget.game.confirm-yes-tip", "bw-action-confirm-new", "new_deal"),
           ("widget.game.confirm-no", "widget.game.confirm-no-tip", "bw-action-cancel-new", "keep_playing"))


def _button(lang: str, words: str, tip: str, css: str, *, shown: bool = True) -> dict[str, Any]:
    return {"label": render(words, lang), "tip": render(tip, lang), "css": css, "style": "",
            "disabled": False, "shown": shown}


class ControlPart(Part):
    """One part of the controls (:mod:`buraco_widgets.parts`), drawn by ``static/game_controls.js``: ``part`` ``"actions"`` (the buttons of :data:`ACTIONS`,
    then the New deal ``question``, shown when set, with the buttons of :data:`ANSWERS`) or
    ``"command"`` (``command``, the typed play, its label and placeholder in ``texts``, and the Play
    button). Traits: ``buttons`` (per button: ``label``, ``tip``, ``css``, ``disabled``, ``shown``).
    :meth:`handle` takes what the page sends: ``{"event": "click", "button": name}``, and
    ``{"event": "submit", "text": ...}`` (Enter in the box)."""

    kind = "controls"
    part = traitlets.Enum(["actions", "command"], default_value="actions").tag(sync=True)
    buttons = traitlets.Dict().tag(sync=True)
    question = traitlets.Unicode("").tag(sync=True)
    command = traitlets.Unicode("").tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.made: dict[str, RowButton] = {name: RowButton(self, name) for name in self.buttons}
        self._submit: Callable[[], Any] | None = None
        self.on_msg(lambda _w, content, _b: self.handle(content))

    def handle(self, content: Any) -> None:
        """What the page sends (a click of a button not disabled; Enter with the box's text)."""
        if not isinstance(content, dict):
            return
        if content.get("event") == "click":
            button = self.made.get(str(content.get("button")))
            if button is not None and not button.disabled:
                button.click()
        elif content.get("event") == "submit" and self._submit is not None:
            self.command = str(content.get("text", self.command))
            self._submit()


class Controls:
    """The buttons (``buttons``: by method name; ``draw_button``, ..., ``next_button``,
    ``new_deal_button``), the command box (``command``, ``command_button``; ``command_row`` its
    model) and the New deal question (``confirm``, ``confirm_yes``, ``confirm_no``), drawn by two
    models: ``row`` and ``command_row``. ``act(name)`` runs the table's method ``name``; ``show``
    says errors on the table."""

    def __init__(self, lang: str, act: Callable[[str], Any], show: Callable[[str], None]) -> None:
        self.lang = lang
        self.row = ControlPart(part="actions", buttons={
            method: _button(lang, words, tip, css, shown=method != "next_hand")
            for words, tip, css, method in (*ACTIONS, *ANSWERS)})
        self.row.add_class("bw-game-buttons")
        self.command_row = ControlPart(part="command", buttons={
            "play_command": _button(lang, "widget.game.play-it", "widget.game.play-it-tip", "bw-action-command")},
            texts={"label": render("widget.game.play-label", lang),
                   "placeholder": render("widget.play.placeholder", lang)})
        self.command_row.add_class("bw-game-command")
        self.buttons: dict[str, RowButton] = {}
        for part in (self.row, self.command_row):
            for method, b in part.made.items():
                b.on_click(guard(show, lambda _b, name=method: act(name), lang=lang))
                self.buttons[method] = b
        self.command_row._submit = guard(show, lambda: act("play_command"), lang=lang)
        self.draw_button, self.take_button = self.buttons["draw"], self.buttons["take"]
        self.meld_button, self.add_button = self.buttons["meld"], self.buttons["add"]
        self.discard_button, self.suggest_button = self.buttons["discard"], self.buttons["suggest"]
        self.next_button, self.new_deal_button = self.buttons["next_hand"], self.buttons["ask_new_deal"]
        self.confirm_yes, self.confirm_no = self.buttons["new_deal"], self.buttons["keep_playing"]
        self.command_button = self.buttons["play_command"]
        self.command = Seen(self.command_row, "command")  # the typed play
        self.confirm = Seen(self.row, "question", settable=False)  # the New deal question ("" when not asked)

    def enable(self, *, playing: bool, coach: bool, hand_over: bool) -> None:
        """On the learner's turn every play can be tried (the engine says why one is refused);
        Suggest shows with the coach, Next hand once the hand is over."""
        with self.row.hold_sync():
            for name in ("draw", "take", "meld", "add", "discard", "suggest"):
                self.buttons[name].disabled = not playing
            self.suggest_button.shown = coach
            self.next_button.shown = hand_over
        self.command_button.disabled = not playing

    def ask(self, question: str) -> None:
        """Show the New deal question."""
        self.row.question = question

    def hide_question(self) -> None:
        self.row.question = ""

    @property
    def asking(self) -> bool:
        """The New deal question is shown."""
        return bool(self.row.question)
