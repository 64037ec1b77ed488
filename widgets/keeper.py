"""GameKeeper: a game kept in the browser (localStorage), so that a reload resumes it.

The kernel sets ``saved`` after every move; the page stores it under ``key``. When the page is
drawn again (a reload starts a new kernel), the page sends what it kept as ``restored``, and the
owner (:class:`~buraco_widgets.GameTable`) rebuilds the game from it.
"""

from __future__ import annotations

import anywidget
import traitlets

from .front_end import front_end

__all__ = ["GameKeeper"]


class GameKeeper(anywidget.AnyWidget):
    """An invisible widget that keeps ``saved`` in the browser under ``key``."""

    _esm = front_end("keeper.js")

    key = traitlets.Unicode("game").tag(sync=True)
    saved = traitlets.Unicode("").tag(sync=True)
    """The text to keep (set by the kernel)."""
    restored = traitlets.Unicode("").tag(sync=True)
    """What the page had kept under ``key`` when it was drawn (set by the page)."""
