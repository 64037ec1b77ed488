"""The row under a puzzle: Check, Hint (its words escalate: Hint, Another hint, Show the answer),
Another one, and the badge saying where the learner stands: a view of a
:class:`~buraco_core.teach.PuzzleSession` (:attr:`~buraco_core.teach.PuzzleSession.hint_offer`,
:attr:`~buraco_core.teach.PuzzleSession.standing`). The puzzle wires the clicks.

One anywidget model for the whole row (``static/puzzle_buttons.js``), not fourteen (an HBox, three
Buttons and an HTML, each with its Layout and Style): the page draws the buttons from the ``buttons``
trait and sends a click as a message (``{"event": "click", "button": "check"}``), which the row hands
to the handlers its Python stand-ins (``check_button``, ``hint_button``, ``another_button``) hold,
in the order the learner clicked. The stand-ins keep a Button's face from Python:
``description``, ``tooltip``, ``disabled``, ``click()``, ``on_click(handler)``.

>>> from buraco_core.teach import generate, solve
>>> from buraco_core.sessions import PuzzleSession
>>> session = PuzzleSession(generate("meld-value", "buraco", 3))
>>> row = PuzzleButtons("en")
>>> _ = session.hint(); row.show(session); row.hint_button.description
'Another hint'
>>> _ = session.check(solve(session.puzzle)); row.show(session); row.hint_button.disabled, row.badge.value
(True, '✓ solved')
>>> row.standing
'solved'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import anywidget
import traitlets

from buraco_core.messages import render
from buraco_core.sessions import PuzzleSession

from ._common import PlainLayout
from .front_end import front_end
from .parts import Face, Part, Seen

__all__ = ["ButtonRow", "PuzzleButtons", "PuzzleButtonsFace", "PuzzleButtonsPart", "RowButton"]

#: The buttons of the row, in order: name -> (CSS class, words, tooltip, button style).
_BUTTONS = {
    "check": ("bw-check", "widget.check", "widget.check-tip", "primary"),
    "hint": ("bw-hint", "widget.hint", "widget.hint-tip", ""),
    "another": ("bw-another", "widget.another", "widget.another-tip", ""),
}

#: The badge's words for each standing of the session.
_BADGES = {"solved": "widget.solved", "shown": "widget.solved-shown"}


class ButtonRow(Protocol):
    """A model whose ``buttons`` trait holds its buttons' state by name (the page draws them)."""

    buttons: dict[str, dict[str, Any]]


class RowButton:
    """A button of a row drawn by its model's front end (:class:`ButtonRow`: the puzzle's row, the
    game table's actions), seen from Python as an ipywidgets Button is: ``description``,
    ``tooltip``, ``disabled``, ``shown``, ``click()``, ``on_click(handler)``; the page shows what it
    holds."""

    def __init__(self, row: ButtonRow, name: str) -> None:
        self._row = row
        self.name = name
        self._handlers: list[Callable[[RowButton], Any]] = []

    def _get(self, key: str) -> Any:
        return self._row.buttons[self.name][key]

    def _set(self, key: str, value: Any) -> None:
        self._row.buttons = {**self._row.buttons, self.name: {**self._row.buttons[self.name], key: value}}

    description = property(lambda self: self._get("label"), lambda self, v: self._set("label", str(v)))
    tooltip = property(lambda self: self._get("tip"), lambda self, v: self._set("tip", str(v)))
    disabled = property(lambda self: self._get("disabled"), lambda self, v: self._set("disabled", bool(v)))
    shown = property(lambda self: self._get("shown"), lambda self, v: self._set("shown", bool(v)))

    def on_click(self, handler: Callable[[RowButton], Any]) -> None:
        """Call ``handler(button)`` on every click (the page's, or :meth:`click`)."""
        self._handlers.append(handler)

    def click(self) -> None:
        """What a click does: every handler, in the order they were added (as an ipywidgets Button's
        ``click()``, also when disabled; the page sends no click of a disabled button)."""
        for handler in self._handlers:
            handler(self)

    def __repr__(self) -> str:
        return f"<RowButton {self.name} {self.description!r}>"


class PuzzleButtonsFace(Face):
    """``check_button``, ``hint_button``, ``another_button`` (hidden unless ``another``) and the
    ``badge`` (``.bw-solved``), in ``lang``: one model.

    Traits: ``buttons`` (per button: ``label``, ``tip``, ``disabled``, ``shown``, ``css``,
    ``style``), ``standing`` (the session's: ``solved``, ``shown``, ``""``) and ``badge_text``
    (its words)."""

    buttons = traitlets.Dict().tag(sync=True)
    standing = traitlets.Enum(["", "solved", "shown"], default_value="").tag(sync=True)
    badge_text = traitlets.Unicode("").tag(sync=True)

    def __init__(self, lang: str, *, another: bool = True, **kwargs: Any) -> None:
        self.lang = lang
        kwargs.setdefault("buttons", {
            name: {"label": render(words, lang), "tip": render(tip, lang), "css": css, "style": style,
                   "disabled": False, "shown": name != "another" or another}
            for name, (css, words, tip, style) in _BUTTONS.items()})
        super().__init__(**kwargs)
        self.add_class("bw-puzzle-buttons")
        self.check_button = RowButton(self, "check")
        self.hint_button = RowButton(self, "hint")
        self.another_button = RowButton(self, "another")
        self.badge = Seen(self, "badge_text", settable=False)  # the badge (.bw-solved): its words ("" for none)
        self.on_msg(self._on_page)

    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A click on the page: ``{"event": "click", "button": name}``."""
        if isinstance(content, dict) and content.get("event") == "click":
            button = {"check": self.check_button, "hint": self.hint_button,
                      "another": self.another_button}.get(str(content.get("button")))
            if button is not None and not button.disabled:
                button.click()

    def show(self, session: PuzzleSession) -> None:
        """The Hint button's offer (none left: disabled) and the badge, as the session stands."""
        with self.hold_sync():
            self.hint_button.disabled = session.next_hint is None
            self.hint_button.description = session.hint_offer.text(self.lang)
            badge = _BADGES.get(session.standing)
            self.standing = session.standing if badge is not None else ""
            self.badge_text = render(badge, self.lang) if badge is not None else ""



class PuzzleButtons(PuzzleButtonsFace, PlainLayout, anywidget.AnyWidget):
    __doc__ = PuzzleButtonsFace.__doc__
    _esm = front_end("puzzle_buttons.js", "puzzle_buttons.css", dom=True)


class PuzzleButtonsPart(PuzzleButtonsFace, Part):
    """A :class:`PuzzleButtons` drawn inside another widget's model (:mod:`buraco_widgets.parts`)."""

    kind = "buttons"
