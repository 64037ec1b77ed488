"""PageLink: a part of the page's address (``#set=...``) sent to the kernel, as the house rules read
``#variant=...``.

A link's fragment never reaches a server, so the kernel cannot read it: the page reads
``window.location.hash`` (in Voila and on the static site alike), once every cell of the page has
run, and again when the address changes, and sends the raw value of its parameter; ``value`` holds
it ("" where the address has none). Where the fragment has none, the query's parameter counts,
decoded once: a hub's user-redirect link carries the set there (its login form would lose a
fragment; :mod:`buraco_core.teach.learners.links`). The widget shows nothing.

>>> link = PageLink("set")
>>> link._on_page(link, {"type": "link", "value": "rules:buraco/clauses:run/n:2"}, [])
>>> link.value
'rules:buraco/clauses:run/n:2'
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from ._common import PlainLayout
from .front_end import front_end

__all__ = ["PageLink"]


class PageLink(PlainLayout, anywidget.AnyWidget):
    """The parameter ``param`` of the page's fragment (``#set=<value>``), as the page sends it."""

    _esm = front_end("setlink.js", dom=True)

    param = traitlets.Unicode("set").tag(sync=True)
    value = traitlets.Unicode("")

    def __init__(self, param: str = "set", **kwargs: Any) -> None:
        super().__init__(param=param, **kwargs)
        self.on_msg(self._on_page)

    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "link":
            self.value = str(content.get("value") or "")
