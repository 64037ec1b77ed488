"""The row under a puzzle: Check, Hint (its words escalate: Hint, Another hint, Show the answer),
Another one, and the badge saying where the learner stands: a view of a
:class:`~buraco_core.teach.PuzzleSession` (:attr:`~buraco_core.teach.PuzzleSession.hint_offer`,
:attr:`~buraco_core.teach.PuzzleSession.standing`). The puzzle wires the clicks.

>>> from buraco_core.teach import PuzzleSession, generate, solve
>>> session = PuzzleSession(generate("meld-value", "buraco", 3))
>>> row = PuzzleButtons("en")
>>> _ = session.hint(); row.show(session); row.hint_button.description
'Another hint'
>>> _ = session.check(solve(session.puzzle)); row.show(session); row.hint_button.disabled, row.badge.value
(True, "<span class='bw-badge-solved' role='status'>✓ solved</span>")
"""

from __future__ import annotations

from typing import Any

import ipywidgets

from buraco_core.messages import render
from buraco_core.teach import PuzzleSession

from ._common import button, esc

__all__ = ["PuzzleButtons"]

#: The badge of each standing: its CSS class and its words.
_BADGES = {"solved": ("bw-badge-solved", "widget.solved"), "shown": ("bw-badge-shown", "widget.solved-shown")}


class PuzzleButtons(ipywidgets.HBox):  # type: ignore[misc]
    """``check_button``, ``hint_button``, ``another_button`` (hidden unless ``another``) and the
    ``badge`` (``.bw-solved``), in ``lang``."""

    def __init__(self, lang: str, *, another: bool = True, **kwargs: Any) -> None:
        self.lang = lang
        self.check_button = button(render("widget.check", lang), "bw-check", render("widget.check-tip", lang), "primary")
        self.hint_button = button(render("widget.hint", lang), "bw-hint", render("widget.hint-tip", lang))
        self.another_button = button(render("widget.another", lang), "bw-another", render("widget.another-tip", lang))
        self.another_button.layout.display = None if another else "none"
        self.badge = ipywidgets.HTML()
        self.badge.add_class("bw-solved")
        super().__init__([self.check_button, self.hint_button, self.another_button, self.badge],
                         layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center"), **kwargs)
        self.add_class("bw-puzzle-buttons")

    def show(self, session: PuzzleSession) -> None:
        """The Hint button's offer (none left: disabled) and the badge, as the session stands."""
        self.hint_button.disabled = session.next_hint is None
        self.hint_button.description = session.hint_offer.text(self.lang)
        badge = _BADGES.get(session.standing)
        self.badge.value = (f"<span class='{badge[0]}' role='status'>{esc(render(badge[1], self.lang))}</span>"
                            if badge is not None else "")
