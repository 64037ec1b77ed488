"""GameKeeper: a game kept in the browser (localStorage), so that a reload resumes it.

The kernel sets ``saved`` after every move; the page stores it under ``key``. When the page is
drawn again (a reload starts a new kernel), the page sends what it kept as ``restored``, and the
owner rebuilds the game from it: :class:`KeptTable` does so for a
:class:`~buraco_core.sessions.table.TableSession` (the one of :class:`~buraco_widgets.GameTable`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets

from buraco_core.sessions import TableSession

from ._common import guard
from .parts import Part

__all__ = ["GameKeeper", "KeptTable"]


class GameKeeper(Part):
    """Keeps ``saved`` in the browser under ``key``, unseen: a part of the game table's model
    (:mod:`buraco_widgets.parts`), drawn by ``static/keeper.js``."""

    kind = "keeper"

    key = traitlets.Unicode("game").tag(sync=True)
    saved = traitlets.Unicode("").tag(sync=True)
    """The text to keep (set by the kernel)."""
    restored = traitlets.Unicode("").tag(sync=True)
    """What the page had kept under ``key`` when it was drawn (set by the page)."""


class KeptTable:
    """``session`` kept in the browser by ``keeper`` (a :class:`GameKeeper` under ``key``, its log
    in ``lang``): :meth:`keep` after every move. What the page had kept resumes the session, then
    ``resumed()`` shows it; an old or damaged copy leaves the table as it is, kept afresh. ``show``
    says errors on the table."""

    def __init__(self, session: TableSession, key: str, lang: str, resumed: Callable[[], None],
                 show: Callable[[str], None]) -> None:
        self.session, self.lang, self._resumed = session, lang, resumed
        self.keeper = GameKeeper(key=key)
        self.keeper.observe(guard(show, self._restore, lang=lang), "restored")

    def keep(self) -> None:
        """Keep the table as it is now (:meth:`TableSession.saved <buraco_core.sessions.table.TableSession.saved>`)."""
        self.keeper.saved = self.session.saved(self.lang)

    def _restore(self, change: Any) -> None:
        kept = change["new"]
        if not kept:
            return
        if not self.session.restore(kept):  # an old or damaged copy: start afresh
            self.keep()
            return
        self.keeper.saved = kept
        self._resumed()
