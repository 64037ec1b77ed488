"""The game table's question of the end a moving wild card goes to.

Where the rules let the learner choose the end a moving wild card goes to (an addition made by
the buttons, or typed without ``low``/``high``: :meth:`TableSession.wild_ends
<buraco_core.sessions.table.TableSession.wild_ends>`), the table asks first: a choice (``choice``, a
part of the table's model, ``.bw-wild-end``, keyboard reachable, hidden while nothing is asked)
shows the meld each end makes, and choosing one makes the play with that end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from buraco_core.messages import Message, render
from buraco_core.sessions import TableSession

from ._common import guard
from .choice import ChoicePart

__all__ = ["WildEndQuestion"]


class WildEndQuestion:
    """Asks the end of an addition's wild card: :meth:`ask` shows the ends of a play of
    ``session`` (if it has two), :meth:`forget` hides them; choosing one calls ``play(text, typed)``
    with the end named. ``show`` says errors on the table."""

    def __init__(self, session: TableSession, lang: str, play: Callable[[str, bool], Any],
                 show: Callable[[str], None]) -> None:
        self.session, self.lang, self._play = session, lang, play
        self.choice = ChoicePart(label=render("widget.wild-end", lang), lang=lang).add_class("bw-wild-end")
        self.choice.add_class("bw-wild-end-row")
        self.choice.hidden = True
        self.asked: tuple[str, bool] | None = None
        """The addition waiting for its end, and whether it was typed."""
        self.choice.observe(guard(show, self._chosen, lang=lang), "index")

    def ask(self, text: str, typed: bool) -> bool:
        """Where the wild card of the addition ``text`` could go to either end, ask which (True:
        asked; the play waits for the answer)."""
        ends = self.session.wild_ends(text)
        if not ends:
            return False
        self.choice.set_options([(end, Message("widget.game.end-option", {
            "end": Message(f"feedback.end-{end}"), "meld": meld.description}).text(self.lang),
            [c.code for c in meld.cards]) for end, meld in ends.items()])
        self.asked = (text, typed)
        self.choice.hidden = False
        return True

    def forget(self) -> None:
        """Nothing is asked any more (another play was tried)."""
        self.asked = None
        self.choice.hidden = True

    def _chosen(self, change: Any) -> None:
        if self.asked is not None and self.choice.value is not None:
            text, typed = self.asked
            self._play(f"{text} {self.choice.value}", typed)
